//! The citation scanner: finds citation phrases in a text and parses each into
//! [`Citation`]s.
//!
//! One regular expression finds *anchors* (`§`, `section`, `paragraph`, `Article`, `42
//! U.S.C.`, `this subdivision`, `Regulation (EU) 2016/679`, …); a small recursive-descent
//! parser reads the phrase that starts there:
//!
//! ```text
//! phrase  := [code-prefix] head item (list-sep item | range-sep item)* (of-clause)* [suffix]
//! head    := "§" | "§§" | section | article | annex | recital | subsection | paragraph | …
//! item    := number [labels] | labels
//! of      := "of" ( "this" level | level labels | section number [labels] | title N | code )
//! ```
//!
//! The scanner is a pure function of the text; relative references are anchored to the
//! document tree afterwards by [`super::relative::anchor`].

use std::ops::Range;
use std::sync::LazyLock;

use regex::{Captures, Regex};
use regex_automata::Input;
use regex_automata::meta;
use regex_automata::nfa::thompson::WhichCaptures;

use super::codes::{self, CodeFamily, eu_act, eu_act_number, eu_short_name};
use super::forms::{self, Found};
use super::{
    Citation, CitationKind, CodeRef, LevelWord, Qualifiers, RangeEnd, Relative, ShortForm,
};
use crate::CompactString;
use crate::model::Unit;

fn re(pattern: &str) -> Regex {
    #[allow(clippy::expect_used)]
    Regex::new(&super::typographic_spaces(pattern)).expect("static regex compiles")
}

/// The anchors of citation phrases as `(name, pattern)`, tried at each position in this order:
/// the first that matches at the leftmost position wins (leftmost-first, as one alternation
/// would); the name says which reader parses the phrase ([`scan`]).
/// A list of an EU chapter's sections (`2`, `2 and 3`, `1, 2 or 4`), numbered in Arabic
/// figures (Joint Practical Guide, 15.4). A regex fragment without captures, for `concat!`.
macro_rules! EU_SECTION_LIST {
    () => {
        r"\d{1,2}(?:(?:[ \t]*,[ \t]*(?:(?:and|or)[ \t]+)?|[ \t]+(?:and|or)[ \t]+)\d{1,2})*"
    };
}

const ANCHORS: &[(&str, &str)] = &[
    (
        "titled",
        r"(?P<titled>(?-u:\b)(?:(?:United[ \t]+States[ \t]+Code|Code[ \t]+of[ \t]+Federal[ \t]+Regulations(?:[ \t]+\(CFR\))?|C\.[ \t]?F\.[ \t]?R\.|CFR),?[ \t]+(?i:title)[ \t]+\d|(?i:title)[ \t]+\d{1,3}[A-Z]?(?:,[ \t]*|[ \t]+of[ \t]+(?:the[ \t]+)?|[ \t]+)(?:United[ \t]+States[ \t]+Code|U\.[ \t]?S\.[ \t]+Code(?-u:\b)|U\.[ \t]?S\.[ \t]?C\.|(?:USC|CFR)(?-u:\b)|Code[ \t]+of[ \t]+Federal[ \t]+Regulations|C\.[ \t]?F\.[ \t]?R\.)|\d{1,3}[A-Z]?,?[ \t]+(?:United[ \t]+States[ \t]+Code|Code[ \t]+of[ \t]+Federal[ \t]+Regulations),[ \t]*(?i:sections?|secs?\.|§)))",
    ),
    // `California Code of Regulations, title 22, section 66261.3`, `Title 10 of the District
    // of Columbia Municipal Regulations`: a state's or city's compilation of regulations
    // named in words with its title ([`parse_titled_regulations`]).
    ("titledregs", super::titled_regulations::ANCHOR_PATTERN),
    // `Washington Administrative Code 173-400-030`, `Minnesota Rules, part 7007.0100`: a
    // state's compilation of regulations numbered without a title, named in words
    // ([`parse_named_regulations`]).
    ("namedregs", super::named_regulations::ANCHOR_PATTERN),
    (
        "chapter",
        r"(?P<chapter>(?-u:\b)(?:(?i:chapter|subchapter|subtitle)[ \t]+[0-9IVXL]{1,5}[A-Z]?(?:(?:,[ \t]*|[ \t]+of[ \t]+)(?i:title)[ \t]+\d|,[ \t]*(?:F\.S\.|[A-Z][a-z]+[ \t]+(?:[A-Z][a-z]+[ \t]+)?Statutes))|(?:(?i:title|subtitle|chapter|subchapter|part|subpart|division)[ \t]+(?:\d{1,4}[A-Z]{0,2}|[IVXLC]{1,7}|[A-Z]{1,2})(?:-[0-9A-Z]{1,3})?[ \t]*,[ \t]*)+(?:(?:[A-Z][a-z]+[ \t]+(?:(?:and|&)[ \t]+)?){1,5}Code|Code[ \t]+of[ \t]+(?:Criminal|Civil)[ \t]+Procedure)(?-u:\b)|[Cc]hapter[ \t]+(?:\d{1,3}[A-Z]{0,2}|\d{1,2}-\d{1,3}(?:\.\d{1,2})?)[ \t]+of[ \t]+the[ \t]+(?i:general[ \t]+laws)|[Cc]hapter[ \t]+\d{1,3}[A-Z]{0,2}(?:[-.]\d{1,4}[A-Z]?)+(?:,?[ \t]*(?:F\.[ \t]?A\.[ \t]?C\.|(?:RCW|WAC)(?-u:\b))|,?[ \t]+(?:of[ \t]+the[ \t]+)?[A-Z])|[Cc]hapter[ \t]+\d{1,4}[A-Z]{0,2}(?:[-.]\d{1,4}[A-Z]?)*[ \t]+of[ \t]+the[ \t]+(?:(?:Official[ \t]+)?Code[ \t]+of[ \t]+[A-Z]|{STATE_FULL}[ \t])))",
    ),
    (
        "eudiv",
        r"(?P<eudiv>(?-u:\b)(?:Part|Title|Chapter|Section)[ \t]+(?:[IVXLC]{1,6}|\d{1,2}|[A-Z])(?-u:\b)(?:[ \t]*,[ \t]*(?:Title|Chapter|Section)[ \t]+(?:[IVXLC]{1,6}|\d{1,2}|[A-Z])(?-u:\b))*(?:[ \t]+of[ \t]+(?:Title|Chapter)[ \t]+[IVXLC]{1,6}(?-u:\b))*,?[ \t]+of[ \t]+(?:(?i:this|that)[ \t]+)?(?:Regulation|Directive|Decision)(?-u:\b))",
    ),
    // `Chapter III, Section 2`, `Sections 2 and 3 of Chapter V`, `Section 2 of this Chapter`:
    // the sections of an EU act's chapter, of the citing act unless one is named
    // ([`parse_eu_chapter_sections`]).
    (
        "euchsec",
        concat!(
            r"(?P<euchsec>(?-u:\b)(?:Chapter[ \t]+[IVXLC]{1,6},?[ \t]+Sections?[ \t]+\d|Sections?[ \t]+",
            EU_SECTION_LIST!(),
            r"[ \t]+of[ \t]+(?:Chapter[ \t]+[IVXLC]{1,6}|this[ \t]+Chapter)(?-u:\b)))"
        ),
    ),
    (
        "datedact",
        r"(?P<datedact>(?-u:\b)(?:(?i:act)[ \t]+(?:of[ \t]+)?)?(?:Jan|Feb|Mar|Apr|May|June?|July?|Aug|Sept?|Oct|Nov|Dec)[a-z]*\.?[ \t]+\d{1,2},[ \t]+(?:1[789]|20)\d\d,[ \t]+(?:\d{1,3}(?:st|nd|rd|th|d)[ \t]+Leg\.,[ \t]+(?:R\.S\.|\d(?:st|nd|rd|th|d)?[ \t]+C\.S\.),[ \t]+)?ch\.)",
    ),
    // `L 2010, ch 56`, `Laws of 2010, chapter 56`: a state's session law by year and
    // chapter ([`super::dated_act::session_law_at`]).
    ("yearch", super::dated_act::YEAR_AND_CHAPTER_PATTERN),
    (
        "sessionlaw",
        r"(?P<sessionlaw>(?-u:\b)(?:D\.[ \t]?C\.[ \t]?|DC[ \t]+)(?:Law|Act)[ \t]+\d{1,3}[-–]\d)",
    ),
    (
        "numact",
        r"(?P<numact>(?-u:\b)(?:Act|Ordinance|Regulation)[ \t]+(?:No\.?[ \t]*)?\d{1,4}[ \t]+of[ \t]+(?:1[6-9]|20)\d\d(?-u:\b))",
    ),
    // `SI 2019/419`, `R.S.C. 1985, c. C-46`: the Commonwealth's instruments by number, the
    // pattern [`super::numbered_act::instrument_at`] reads; before `fixed`, whose state
    // initials (`S.C.`) would take a Canadian volume.
    ("instrument", super::numbered_act::INSTRUMENT_PATTERN),
    (
        "cfrunit",
        r"(?P<cfrunit>(?-u:\b)(?i:subpart|appendix|supplement)[ \t]+(?:(?i:No\.)[ \t]*)?[A-Z0-9]{1,7}[a-z]?(?:-?\d{1,2})?[ \t]+(?:of|to)[ \t]+(?:(?i:subpart)[ \t]+[A-Z]{1,7}[a-z]?[ \t]+of[ \t]+)?(?i:this[ \t]+part|part[ \t]+\d)|(?i:subparts|appendices|appendixes)[ \t]+[A-Z]{1,7}[a-z]?(?:(?:,[ \t]*(?:(?i:and|or)[ \t]+)?|[ \t]+(?i:and|or)[ \t]+)[A-Z]{1,7}[a-z]?)+[ \t]+(?:of|to)[ \t]+(?i:this[ \t]+part|part[ \t]+\d)|(?i:subpart|appendix|supplement)[ \t]+(?:(?i:No\.)[ \t]*)?[A-Z0-9]{1,7}[a-z]?(?:-?\d{1,2})?[ \t]+(?:of|to)[ \t]+(?:(?i:subpart)[ \t]+[A-Z]{1,7}[a-z]?[ \t]+of[ \t]+)?\d{1,3}[ \t]*(?:CFR|C\.[ \t]?F\.[ \t]?R\.)[ \t]+(?i:part)[ \t]+\d|(?i:part)[ \t]+\d{1,4},[ \t]*(?i:subpart|appendix)[ \t]+[A-Z])",
    ),
    (
        "container",
        r"(?P<container>(?-u:\b)(?i:subtitle|chapter|subchapter|part|subpart|unit|article|division)[ \t]+[0-9A-Z]{1,7}(?:-[0-9A-Z]{1,3})?[ \t]+of[ \t]+(?:(?i:subtitle|chapter|subchapter|part|subpart|unit|article|division)[ \t]+[0-9A-Z]{1,7}(?:-[0-9A-Z]{1,3})?[ \t]+of[ \t]+)*(?:(?i:title)[ \t]+\d|(?i:this)[ \t]+(?i:title|subtitle|chapter|subchapter|part|subpart|unit|article|division)(?-u:\b)))",
    ),
    // `chapters 5 and 7 of this title`, `chapter 21 or 37 of this title`, `Parts A through E
    // of this subchapter`: a list of containers of one level sharing a chain ([`super::container::list_at`]); before
    // `word`, which reads `parts` as the C.F.R.'s (and does, when the list is not one).
    (
        "containers",
        r"(?P<containers>(?-u:\b)(?:(?i:subtitle|chapter|subchapter|subpart|part|unit|division)s[ \t]+[0-9A-Z]{1,7}(?:-[0-9A-Z]{1,3})?(?:[ \t]*,|[ \t]+(?i:and|or|through|to)[ \t]|[ \t]*[–—])|(?i:subtitle|chapter|subchapter|subpart|part|unit|division)[ \t]+[0-9A-Z]{1,7}(?:-[0-9A-Z]{1,3})?[ \t]*,[ \t]*(?:(?i:and|or)[ \t]+)?(?i:subtitle|chapter|subchapter|subpart|part|unit|division)[ \t]|(?i:subtitle|chapter|subchapter|subpart|part|unit|division)[ \t]+[0-9A-Z]{1,7}(?:-[0-9A-Z]{1,3})?(?:[ \t]*,[ \t]*[0-9A-Z]{1,7}(?:-[0-9A-Z]{1,3})?)*,?[ \t]+(?:and|or|through)[ \t]+(?:(?i:subtitle|chapter|subchapter|subpart|part|unit|division)[ \t]+)?[0-9A-Z]))",
    ),
    (
        "eo",
        r"(?P<eo>(?-u:\b)(?:(?:Executive[ \t]+Orders?|Exec\.[ \t]*Orders?|Ex\.[ \t]*Ords?\.|E\.[ \t]?O\.|EOs?)(?:s|[’']s)?(?:[ \t]*\((?:E\.[ \t]?O\.|EO)\))?|(?:Presidential[ \t]+)?Proclamations?|Proc\.)[ \t]*(?:(?i:nos?)\.?[ \t]*|Numbers?[ \t]+)?\d)",
    ),
    (
        "prefix",
        r"(?P<prefix>(?-u:\b)\d{1,3}[A-Z]?[ \t]*(?:\r?\n[ \t]*)?(?:U\.[ \t]?S\.[ \t]?C(?:\.(?:[ \t]?[AS]\.)?|(?-u:\b))|U\.[ \t]?S\.[ \t]+Code(?-u:\b)|(?i:usc[as]?)(?-u:\b)|(?i:u\.s\.c\.a?)|C\.[ \t]?F\.[ \t]?R(?:\.|(?-u:\b))|(?i:cfr)(?-u:\b)|R\.?C\.?N\.?Y\.?(?-u:\b)|United[ \t]+States[ \t]+Code[ \t]+(?:§|(?i:sec)|\d)|Code[ \t]+of[ \t]+Federal[ \t]+Regulations[ \t]+(?:§|(?i:sec|part)|\d)))",
    ),
    (
        "fixed",
        r"(?P<fixed>(?-u:\b)(?:\d{2}-\d{3}(?:-\d{3})?[ \t]+(?:Code[ \t]+)?(?:Me|Vt)\.|\d{2}-\d{3}[ \t]+C\.?[ \t]?M\.?[ \t]?R(?-u:\b)|\d{1,2}\.\d{1,3}\.\d{1,3}(?:\.\d{1,4})?[ \t]+NMAC(?-u:\b)|\d{3}-RICR-\d|\d{1,4}(?:-?[A-Z])?[ \t]+(?:Stat\.|stat\.|STAT\.|Fed\.|FR(?-u:\b)|ILCS(?-u:\b)|AAC(?-u:\b)|[A-Z][A-Za-z]{0,5}\.?)|\d{1,3}[ \t]*\r?\n[ \t]*(?:Stat\.|Fed\.|FR(?-u:\b))|(?:19|20)\d\d[ \t]+IL(?-u:\b)|Pub|Public[ \t]+Law|P\.[ \t]?L\.|PL(?-u:\b)|Priv|Pvt|Rev\.[ \t]?(?:Rul|Proc)\.|T\.[ \t]?D\.[ \t]+\d|I\.[ \t]?R\.[ \t]?S\.[ \t]|U\.[ \t]?S\.[ \t]*(?i:const)|Const\.[ \t]+(?i:art|amend)|Amend\.[ \t]+[IVXLC]{1,6}(?-u:\b)|Fed\.[ \t]*R\.|Sup\.[ \t]*Ct\.[ \t]*R\.|FR(?:AP|CP|CrP|E|BP)(?-u:\b)|CPR[ \t]+(?:r\.?[ \t]*|[Rr]ule[ \t]+)?\d|[Ii]d\.|supra(?-u:\b)|(?:(?:Securities|Investment)[ \t]+)?(?:Exchange|Securities|Company|Advisers)[ \t]+Act[ \t]+(?:of[ \t]+19\d\d[ \t]+)?[Rr]ule[ \t]+\d|(?:Item|Rule)[ \t]+\d{1,3}(?:[.-]\d{1,3})?(?:\([0-9A-Za-z]{1,4}\))*[ \t]+of[ \t]+Regulation[ \t]+S-|Regulation[ \t]+S-[KX],?[ \t]+(?:Item|Rule)[ \t]+\d|(?:(?:Temp|Prop)\.[ \t]*)?Treas\.|Treasury[ \t]+Reg|Regulations?[ \t]+(?:section|§)|(?:Regulation|Reg\.)[ \t]+[A-Z]{1,3}(?:-[A-Z]{1,2})?,?[ \t]*§|Regs?\.[ \t]*§|[Rr]ule[ \t]+\d|Federal[ \t]+Rules?[ \t]+of[ \t]+[CAEB]|Art[ \t]+\d|(?:[Ss]ection|[Ss]ec\.)[ \t]*\d+[A-Za-z]?(?:\([0-9A-Za-z]{1,4}\))*(?:[ \t]+of[ \t]+(?:(?i:title|division)[ \t]+[A-Z0-9]{1,6}[ \t]+of[ \t]+)*|,[ \t]*)(?:Pub|Public|P\.|PL|Priv|Pvt)|I\.R\.C\.|IRC(?-u:\b)|Internal[ \t]+Revenue[ \t]+Code|[A-Z]{2,6}[ \t]*§|Title[ \t]+[IVX]{1,6}[ \t]*§|[A-Z]{2,6}[ \t]+[1-9][0-9]{0,3}[A-Za-z]{0,2}\(|[A-Z]{2,6}[ \t]+(?:[Ss]ections?|[Ss]ecs?\.)[ \t]*\d|{LOCAL_CODES}|NY[ \t]+CLS[ \t]|Cal[ \t]+[A-Z]|ALM[ \t]+GL(?-u:\b)|A\.A\.C\.|ARM[ \t]+\d|LAC[ \t]+\d|Admin\.[ \t]?R\.[ \t]?M\.|\d{1,2}[ \t]?VAC[ \t]?\d|(?:FAR|DFARS)[ \t]*(?:§[ \t]*)?\d|(?:FAR|DFARS)[ \t]+(?i:part|subpart)[ \t]+\d|(?:M\.[ \t]?)?G\.[ \t]?L\.|Unif\.[ \t]+[A-Z]|(?:Bus\.|Civ\.|Code[ \t]Civ\.|Corp\.|Educ\.|Elec\.|Evid\.|Fam\.|Fin\.|Fish[ \t]&|Gov\.|Health[ \t]&|Ins\.|Lab\.|Pen\.|Prob\.|Rev\.[ \t]&|Veh\.|Wat\.|Welf\.)[ \t]|(?:Ala|Ariz|Ark|Cal|Colo|Conn|Del|Fla|Ga|Haw|Ill|Ind|Kan|Ky|La|Me|Md|Mass|Mich|Minn|Miss|Mo|Mont|Neb|Nev|Okla|Or|Pa|Tenn|Tex|Vt|Va|Wash|Wis|Wyo)\.|D\.[ \t]?C\.|DC(?-u:\b)|VA(?-u:\b)|N\.[ \t]?[HJMYCD]\.|R\.[ \t]?I\.|S\.[ \t]?[CD]\.|W\.[ \t]?Va\.|P\.[ \t]?R\.|V\.[ \t]?I\.|V\.[ \t]?T\.[ \t]?C\.[ \t]?[AS]\.|Vernon['’]s[ \t]+Ann\.|N\.[ \t]?Mar\.|Am\.[ \t]?Samoa|Code[ \t]+(?:[A-Z][a-z]{1,4}\.|[A-Z]\.[ \t]?[A-Z]\.)[ \t]+R(?:egs)?\.|Alaska|Idaho|Iowa|Ohio|Utah|Guam|(?:Alabama|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|Florida|Georgia|Hawaii|Illinois|Indiana|Kansas|Kentucky|Louisiana|Maine|Maryland|Massachusetts|Michigan|Minnesota|Mississippi|Missouri|Montana|Nebraska|Nevada|Oklahoma|Oregon|Pennsylvania|Tennessee|Texas|Vermont|Virginia|Washington|Wisconsin|Wyoming|New[ \t]+(?:Hampshire|Jersey|Mexico|York)|North[ \t]+(?:Carolina|Dakota)|South[ \t]+(?:Carolina|Dakota)|Rhode[ \t]+Island|West[ \t]+Virginia)[ \t]+(?:Const|Code|Statutes|Laws|Revised|General|Compiled|Consolidated|Codified|Century)|(?:Official[ \t]+|Revised[ \t]+|General[ \t]+)?(?:Code|Statutes|Laws)[ \t]+of[ \t]+(?:Laws[ \t]+of[ \t]+|the[ \t]+State[ \t]+of[ \t]+)?[A-Z][a-z]+[ \t]))",
    ),
    (
        "nyc",
        r"(?P<nyc>(?-u:\b)(?:NYC|N\.Y\.C\.|New[ \t]+York[ \t]+City)[ \t]+Admin(?:istrative|\.)[ \t]+Code\s*§)",
    ),
    ("sym", r"(?P<sym>§)"),
    // `s. 768.28`, `ss. 120.54 and 120.57`, `s.18`: the section abbreviation of the Florida
    // Statutes and of Commonwealth statutes, lower case and before a number only; English
    // and Indian reports close it up to the number.
    // `s 6`, `ss 7-9` without the period: OSCOLA's and the AGLC's form, read only after
    // an act's name and year (`Privacy Act 1988 (Cth) s 6`; see `headed`).
    // `art 6(1)(a) GDPR`, `arts 6 and 7`: OSCOLA's article abbreviation, without its period
    // (rule 2.6.1), read only with the act named (see `headed`).
    // `S. 138 of the N.I. Act`, `Ss. 3 and 4 of the …`, `S. 302 IPC`: India's courts'
    // capital abbreviation, read only before an act it names or India's codes' initials (a
    // Senate bill is `S. 1790`).
    (
        "sabbr",
        r"(?P<sabbr>(?-u:\b)(?:ss?(?:\.[ \t]*|[ \t]+)|[Aa]rts?[ \t]+)\d|(?-u:\b)Ss?\.[ \t]*\d{1,4}[A-Z]?(?:\([0-9A-Za-z]{1,4}\))*(?:(?:[ \t]*,[ \t]*|[ \t]+(?:and|to)[ \t]+|/)\d{1,4}[A-Z]?(?:\([0-9A-Za-z]{1,4}\))*)*[ \t]+(?:of[ \t]+the[ \t]+[A-Z]|(?:IPC|CrPC|CPC|BNSS|BNS)(?-u:\b)|I\.[ \t]?P\.[ \t]?C\.|Cr\.[ \t]?P\.[ \t]?C\.|C\.[ \t]?P\.[ \t]?C\.))",
    ),
    // `Order VII Rule 11 CPC`: a rule of an order of the First Schedule to India's Code of
    // Civil Procedure ([`parse_cpc_rules`]).
    (
        "cpcorder",
        r"(?P<cpcorder>(?-u:\b)(?:Order|O\.)[ \t]+(?:[IVXL]{1,7}|\d{1,2})(?-u:\b)[ \t]*,?[ \t]*(?:Rules?|R\.|r\.)[ \t]*\d)",
    ),
    // `Schedule 1 to the Data Protection Act 2018`, `paragraph 3 of Schedule 1 to …`, `Part
    // 2 of Schedule 3 to …`: a schedule of a Commonwealth act ([`parse_schedule`]); before
    // `container` and `word`, which read the leading unit otherwise.
    (
        "schedule",
        r"(?P<schedule>(?-u:\b)(?:(?:(?:[Pp]aragraphs?|[Pp]aras?\.|[Pp]art|[Aa]rticle|[Ss]ection|[Cc]lause)[ \t]+(?:\d{1,3}[A-Z]?(?:\([0-9A-Za-z]{1,4}\))*|[IVXLC]{1,7})[ \t]+of[ \t]+)?[Ss]chedule[ \t]+(?:\d{1,3}[A-Z]{0,2}|[IVXLC]{1,7}|[A-Z]{1,2})[ \t]+to[ \t]+the[ \t]+[A-Z]|(?:[Ss]ch\.?|Schedule)[ \t]+(?:\d{1,3}[A-Z]{0,2}|[IVXLC]{1,7})(?-u:\b)))",
    ),
    // `title XIX of the Social Security Act`, `part A of title XVIII of the Social Security
    // Act`: an act's divisions cited as a whole ([`parse_act_division`] reads the act's
    // name); after the code containers and EU divisions, which win where they start at the
    // same place. Only the first division is in the trigger: the chain and the name in it
    // cost the scan a sixth of its speed (the `citations` bench), the parse only a try where
    // it fires.
    (
        "actdiv",
        r"(?P<actdiv>(?-u:\b)(?:(?:[Tt]itle|[Ss]ubtitle|[Pp]art|[Ss]ubpart|[Cc]hapter|[Ss]ubchapter|[Dd]ivision)[ \t]+(?:[IVXLC]{1,7}|[A-Z]{1,2}|\d{1,4}[A-Z]?)(?:-[A-Z0-9]{1,3})?,[ \t]*)*(?:[Tt]itle|[Ss]ubtitle|[Pp]art|[Ss]ubpart|[Cc]hapter|[Ss]ubchapter|[Dd]ivision)[ \t]+(?:[IVXLC]{1,7}|[A-Z]{1,2}|\d{1,4}[A-Z]?)(?:-[A-Z0-9]{1,3})?[ \t]+of[ \t])",
    ),
    // `regulation 4(2) of the Working Time Regulations 1998`, `rules 3.4 and 3.5 of the
    // Civil Procedure Rules 1998`: the provisions of a United Kingdom statutory instrument
    // ([`parse_instrument_provision`]); the name of a dated instrument must follow. `rule`
    // alone is `fixed`'s, which falls back to the same reader.
    (
        "siprov",
        r"(?P<siprov>(?-u:\b)(?:[Rr]egulations?|[Rr]egs?\.?|rr?\.|[Rr]ules?)[ \t]+\d{1,3}[A-Z]?(?:\.\d{1,3})?(?:\([0-9A-Za-z]{1,4}\))*(?:(?:[ \t]*,[ \t]*|[ \t]+(?:and|or|to)[ \t]+)\d{1,3}[A-Z]?(?:\.\d{1,3})?(?:\([0-9A-Za-z]{1,4}\))*)*[ \t]+of[ \t]+(?:the[ \t]+[A-Z]|these[ \t]+(?:Regulations|Rules)(?-u:\b)|S\.?[ \t]?I\.?[ \t]+(?:(?:19|20)\d\d|No)))",
    ),
    // `Section C of Annex VIII`: a lettered section of an annex ([`parse_annex_section`]);
    // before `word`, which reads `Section C` as a section numbered in Roman figures.
    ("annexsec", ANNEX_SECTION_PATTERN),
    (
        "word",
        r"(?P<word>(?-u:\b)(?i:sections?|secs?\.|u/s\.?|artikel|sub-?sections?|sub-?divisions?|paragraphs?|sub-?paragraphs?|clauses?|sub-?clauses?|items?|points?|articles?|arts?\.|annex(?:es)?|recitals?|parts?)(?:[ \t\r\n]))",
    ),
    // `the Fourteenth Amendment to the United States Constitution`, `Amendment XIV to the
    // Constitution` ([`forms::constitution_in_words`] reads the rest).
    (
        "amend",
        r"(?P<amend>(?-u:\b)(?:(?:(?i:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|twenty-(?:first|second|third|fourth|fifth|sixth|seventh))|\d{1,2}(?:st|nd|rd|th))[ \t]+[Aa]mendment|Amendment[ \t]+(?:[IVX]{1,6}|\d{1,2}))(?-u:\b))",
    ),
    (
        "adjacent",
        r"(?P<adjacent>(?-u:\b)(?i:the)[ \t]+(?i:preceding|previous|following|next)[ \t]+(?i:sub-?section|sub-?division|paragraph|sub-?paragraph|clause|sub-?clause|item|point)(?-u:\b))",
    ),
    // `such section`, `said Article`; not `such article` in lower case, which is goods (`the
    // value of such article`, the Customs Act; `such article of food`, the FD&C Act).
    (
        "such",
        r"(?P<such>(?-u:\b)(?i:such|said)[ \t]+(?:(?i:section)|Article)(?-u:\b))",
    ),
    (
        "this",
        r"(?P<this>(?-u:\b)(?i:this)[ \t]+(?i:section|sub-?section|sub-?division|paragraph|sub-?paragraph|clause|sub-?clause|item|point|article|annex|chapter|subchapter|title|subtitle|part|subpart|unit|division)(?-u:\b))",
    ),
    ("euact", concat!(r"(?P<euact>(?-u:\b)", eu_act!(), ")")),
    (
        "euacts",
        concat!(
            r"(?P<euacts>(?-u:\b)(?:Regulations|Directives|Decisions)[ \t]+(?i:",
            eu_act_number!(),
            "))"
        ),
    ),
    (
        "treaty",
        r"(?P<treaty>(?-u:\b)Treaty[ \t]+(?:establishing|on)[ \t]+the[ \t]+(?:European|Functioning)(?:[ \t]+(?:Economic|Community|Union|of|the|European|Atomic|Energy))*)",
    ),
    // `Working Time Regulations 1998, SI 1998/1833, reg 4`, `Civil Procedure Rules 1998, r
    // 3.9`: a provision of a statutory instrument named before it (OSCOLA rule 2.4; see
    // [`parse_instrument_provision`]). Lower case only, and last, so that no `Regulation
    // 2016/679` is taken from the EU acts' anchors.
    (
        "siafter",
        r"(?P<siafter>(?-u:\b)(?:regs?\.?|rr?\.?|regulations?)[ \t]+\d)",
    ),
    // `Corporations Act 2001 (Cth) pt 5.3A`, `Crimes Act 1900 (NSW) pt 3 div 6`: an act's
    // divisions pinpointed after its name and year as the AGLC abbreviates them (rule
    // 3.1.4, without a period; [`parse_divisions_after_an_act`]). Last, so that every other
    // anchor wins where one starts at the same place.
    (
        "aglcdiv",
        r"(?P<aglcdiv>(?-u:\b)(?:pt|div|ch|sub-div)[ \t]+(?:\d{1,3}(?:\.\d{1,2})?[A-Z]{0,2}|[IVXL]{1,6}[A-Z]?)(?-u:\b))",
    ),
];

/// [`ANCHORS`] as one multi-pattern regex: the lazy DFA that finds an anchor also reports
/// which pattern it is, so no capture engine runs over the alternation.
static ANCHOR: LazyLock<meta::Regex> = LazyLock::new(|| {
    let patterns: Vec<String> = ANCHORS
        .iter()
        .map(|(_, p)| {
            super::typographic_spaces(
                &p.replace("{LOCAL_CODES}", &forms::local_code_anchor())
                    .replace("{STATE_FULL}", forms::STATE_FULL),
            )
        })
        .collect();
    // The lazy DFA of all the anchors at once outgrows the default 2 MiB cache, which it
    // then clears and rebuilds over and over (callgrind, one round of the `citations`
    // bench: the search cost 32% more once the anchor of lists of containers came in, at 2
    // MiB; 5% more at 8 MiB, and 32 MiB gains nothing more). The cache grows only as states
    // are built.
    #[allow(clippy::expect_used)]
    meta::Builder::new()
        .configure(
            meta::Config::new()
                .which_captures(WhichCaptures::Implicit)
                .hybrid_cache_capacity(8 << 20),
        )
        .build_many(&patterns)
        .expect("static regex compiles")
});

/// A section number: `20-871`, `5-301`, `40.25a`, `2000e-8`, `12A-1.032`, `III`, and a
/// rule numbered after a letter with two hyphenated parts or more (`R18-2-101`: Arizona's
/// administrative code, table T1), and a section numbered after a period by a capital letter
/// and digits, as the temporary C.F.R. sections are (`165.T14-0172`, `165.T05.0808`: the
/// Federal Register's Document Drafting Handbook, temporary rules). A line break right after
/// a hyphen (`5-\n249`, from PDF text) continues the number.
static SEC_NUM: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?:[A-Z]{1,2}[0-9]{1,3}(?:-[0-9]{1,4}[A-Za-z]?){2,}(?-u:\b)|[0-9]+[A-Za-z]{0,4}(?:[0-9]+[A-Za-z]{0,2})?(?:(?:[-–.:]|-[ \t]*\r?\n[ \t]*)(?:[0-9]+[A-Za-z]{0,4}(?:[0-9]+[A-Za-z]{0,2})?|[A-Z]{1,2}(?-u:\b)|\.[0-9]+)|-[a-z](?-u:\b)|\.[A-Z][0-9]{1,4}[A-Za-z]?)*|[IVXLCDM]{1,7}(?-u:\b))",
    )
});
/// One or more parenthesised subsection labels: `(b)`, `(b)(1)`, `(a)(2)(iii)`, `(a-1)`.
static PAREN_LABELS: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^\((?:[0-9]{1,3}[A-Za-z]?|[a-z]{1,2}-[0-9]{1,2}|[A-Za-z]{1,2}|[ivxlcdm]{2,7}|[IVXLCDM]{2,7})\)(?:[ ]?\((?:[0-9]{1,3}[A-Za-z]?|[a-z]{1,2}-[0-9]{1,2}|[A-Za-z]{1,2}|[ivxlcdm]{2,7}|[IVXLCDM]{2,7})\))*",
    )
});
/// One label; a subdivision the D.C. Council inserts between two others is lettered with
/// a number (`(a-1)`, `(b-1)`).
static ONE_PAREN_LABEL: LazyLock<Regex> =
    LazyLock::new(|| re(r"\(([0-9A-Za-z]+(?:-[0-9]{1,2})?)\)"));
/// A label written without parentheses (`subdivision a`, `paragraph 1`).
static BARE_LABEL: LazyLock<Regex> =
    LazyLock::new(|| re(r"^(?:[0-9]{1,3}[a-z]?|[a-z]{1,2}|[ivx]{1,5}|[A-Z])(?-u:\b)"));
/// The join between two items of a list; after an item's `introductory text` (`paragraphs
/// (a) introductory text and (b) of this section`, Document Drafting Handbook).
static LIST_SEP: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?:[ \t]+introductory[ \t]+text(?-u:\b))?(?:[ \t]*,[ \t]*(?:\r?\n[ \t]*)?(?:(?:and|or|and/or)[ \t]+(?:\r?\n[ \t]*)?)?|[ \t]*(?:\r?\n[ \t]*)?[ \t]+(?:and|or|and/or|&)[ \t]+(?:\r?\n[ \t]*)?|[ \t]+(?:and|or|and/or)\r?\n[ \t]*)",
    )
});
/// The joins of Indian drafting and court usage between sections of one act: `302/34`
/// (sections charged together) and `302 read with 34`, `302 r/w 34` (a provision read with
/// another that completes it). The act named after the last (`Sections 302/34 IPC`,
/// `Section 302 read with Section 34 of the Indian Penal Code`) is every item's.
static JOINED_SEP: LazyLock<Regex> =
    LazyLock::new(|| re(r"^(?:(?P<slash>/)|[ \t]+(?:read[ \t]+with|r/w)[ \t]+(?:\r?\n[ \t]*)?)"));
/// The end of a range that leaves out its start's leading parts (`-2`, `-581.20`, `.100`;
/// [`elided_range_end`]).
static ELIDED_END: LazyLock<Regex> =
    LazyLock::new(|| re(r"^[-.:][0-9]+[A-Za-z]?(?:[-.:][0-9]+[A-Za-z]?)*(?-u:\b)"));

static RANGE_SEP: LazyLock<Regex> = LazyLock::new(|| {
    // Spaces of any length (markup blanked around the items of the D.C. Council's `<cite>`s:
    // `§§ 1-204.101</cite> to <cite path="§1-204.115">1-204.115`), at most one line break.
    re(
        r"^(?:[ \t]*(?:\r?\n)?[ \t]*(?-u:\b)(?:through|thru|to)(?-u:\b)[ \t]*(?:\r?\n)?[ \t]*|[ \t]*[–—][ \t]*)",
    )
});
/// Whether the separator ending at `after` is an em dash with space after it before a
/// label: the dash that leads into an enumeration (`subsection (b)—\n (1) …`, `paragraph
/// (1)— (A)`), not a range's. Between sections it is a range (`§§ 1-204.24a — 1-204.24f`,
/// the D.C. Council's markup read as text).
fn leads_into_an_enumeration(text: &str, after: usize) -> bool {
    let dash = text[..after].trim_end_matches([' ', '\t']);
    dash.ends_with('—') && (dash.len() < after || text[after..].starts_with(char::is_whitespace))
}

/// The dash of a range of labels (`(a)–(c)`, `(a)-(c)`). An em dash with space after it
/// leads into an enumeration (`subsection (b)—\n (1)`), no range.
static LABEL_RANGE_SEP: LazyLock<Regex> = LazyLock::new(|| re(r"^(?:-|[ \t]*–[ \t]*|—)"));
/// A hyphen with spaces around it, as typewritten text writes the en dash of a range (`40
/// CFR 52.1 - 52.2`): a range only between two numbers of one numbering in ascending order
/// (see [`follows_in_numbering`]), since prose also sets off a clause with it (`§ 552 - 5 days`).
static SPACED_HYPHEN: LazyLock<Regex> = LazyLock::new(|| re(r"^[ \t]+-[ \t]+"));

/// ` of ` between a citation and what it is of. A paragraph cannot end with `of`, so a blank
/// line after it is layout (text extracted from a double-spaced PDF: `paragraphs 1, 2 or 3
/// of` / `subdivision b of section 20-871`), not a paragraph break.
/// `to` between an annex and its act.
static TO: LazyLock<Regex> = LazyLock::new(|| re(r"^[ \t]+to[ \t]+"));
static OF: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^[ \t]*(?:\r?\n[ \t]*)?,?[ \t]*(?:\r?\n[ \t]*)?of(?:[ \t]+|[ \t]*\r?\n(?:[ \t]*\r?\n)?[ \t]*)",
    )
});
/// `introductory text` after a paragraph's designation (Document Drafting Handbook).
static INTRODUCTORY_TEXT: LazyLock<Regex> =
    LazyLock::new(|| re(r"^[ \t]+introductory[ \t]+text(?-u:\b)"));
static ORDINAL_SUBPARAGRAPH: LazyLock<Regex> = LazyLock::new(|| {
    re(r"^the[ \t]+(?:first|second|third|fourth|fifth|sixth|last)[ \t]+subparagraph(?-u:\b)")
});
/// An unnumbered part of an article after it (`, first subparagraph`; the Treaties'
/// `, third paragraph`; `, second sentence`: the Joint Practical Guide's and the Court of
/// Justice's forms); the comma after it before a treaty's name (`Article 288, third
/// paragraph, TFEU`) is read past ([`TREATY_AFTER_COMMA`]).
static EU_SUBPARAGRAPH: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^,[ \t]*(?:first|second|third|fourth|fifth|sixth|last)[ \t]+(?:subparagraph|paragraph|sentence)(?-u:\b)",
    )
});
/// `, TFEU` after an [`EU_SUBPARAGRAPH`]: the treaty the article is of.
static TREATY_AFTER_COMMA: LazyLock<Regex> =
    LazyLock::new(|| re(r"^,[ \t]+(?:TFEU|TEU|TEC|EC)(?-u:\b)"));
static THIS_WHAT: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?i:this)[ \t]+(?P<w>(?i:section|sub-?section|sub-?division|paragraph|sub-?paragraph|clause|sub-?clause|item|point|article|annex|chapter|subchapter|title|subtitle|part|subpart|unit|division|regulation|directive|decision|code|act|rules?|local[ \t]+law|policy|agreement))(?-u:\b)",
    )
});
static NUMBERED_INSTRUMENT: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?:Protocol|(?:Reorganization|Reorg\.)[ \t]+Plan)[ \t]+(?:No\.?|Number)[ \t]*\d{1,3}(?-u:\b)(?:[ \t]+of[ \t]+\d{4}(?-u:\b))?",
    )
});
/// After a number, the reporter or code it is the volume or title of (`§§ 2, 201, 55 Stat.
/// 9`, `§§ 4, 5, 42 U.S.C. 1983`): the number starts the next citation, not an item.
static VOLUME_OF_NEXT: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?:[ \t]+|[ \t]*\r?\n[ \t]*)(?:Stat\.|U\.[ \t]?S\.[ \t]?C|C\.[ \t]?F\.[ \t]?R|CFR(?-u:\b)|FR(?-u:\b)|F\.[ \t]?R\.[ \t]+\d|Fed\.[ \t]*Reg|DCR(?-u:\b)|DCSTAT(?-u:\b))",
    )
});
static SUCH_LEVEL: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?:such|said)[ \t]+(?P<w>(?i:sub-?section|sub-?division|paragraph|sub-?paragraph|clause|sub-?clause|item))(?-u:\b)",
    )
});
static THIS_DEFINITION: LazyLock<Regex> =
    LazyLock::new(|| re(r"^(?i:this)[ \t]+(?i:definition)(?-u:\b)"));
static TRAILING_PARAGRAPH: LazyLock<Regex> =
    LazyLock::new(|| re(r"^,[ \t]*paragraph[ \t]+(?P<n>\d{1,3})(?-u:\b)"));
/// `Minn. Stat. § 609.02, subd. 7`, `Evidence Code section 1101, subdivision (b)`: a
/// subdivision written after its section, as Minnesota numbers them (`subd.`, The
/// Bluebook's abbreviation of `subdivision`, table T16) and as the California Style Manual
/// cites them.
static TRAILING_SUBDIVISION: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^,?[ \t]+(?:subd\.|subdivision)[ \t]*(?:(?P<n>\d{1,3}[a-z]?)(?-u:\b)|\((?P<p>[0-9A-Za-z]{1,4})\))(?P<labels>(?:\([0-9A-Za-z]{1,4}\))*)",
    )
});
static STANDARD: LazyLock<Regex> =
    LazyLock::new(|| re(r"^(?:ANSI|ISO|IEC|IEEE|ASTM|NFPA|ASME|APSP|ICC|UL|NIST|ASHRAE)(?-u:\b)"));
static THAT_WHAT: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?:that|such|the[ \t]+(?:said|same|latter|former|aforementioned|above-?mentioned|aforesaid))[ \t]+(?P<w>(?i:regulation|directive|decision|act|treaty|code|title|article|section))(?-u:\b)",
    )
});
/// [`THAT_WHAT`] at `pos`, unless its word is a title with its number (`the aforementioned
/// Title 17 of the United States Code` names the code, which the citation's own reading
/// takes; `such section 230` repeats the section cited before).
fn that_what(text: &str, pos: usize) -> Option<(usize, Captures<'_>)> {
    let (end, caps) = eat(text, pos, &THAT_WHAT)?;
    let title = caps
        .name("w")
        .is_some_and(|w| w.as_str().eq_ignore_ascii_case("title"));
    let numbered = title
        && text[end..]
            .trim_start_matches([' ', '\t'])
            .starts_with(|c: char| c.is_ascii_digit())
        && text[end..].starts_with([' ', '\t']);
    (!numbered).then_some((end, caps))
}
static LEVEL_WORD: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?P<w>(?i:sub-?sections?|sub-?divisions?|paragraphs?|sub-?paragraphs?|clauses?|sub-?clauses?|items?|points?))[ \t]+",
    )
});
static SECTION_WORD: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?P<w>§§?|ss?(?:\.[ \t]*|[ \t]+)|Ss?\.[ \t]*|(?i:sections?|secs?\.|u/s\.?|articles?|arts?\.|annex(?:es)?|recitals?|parts?))[ \t]*",
    )
});
/// OSCOLA's article abbreviation without its period (`art 6`, `arts 6 and 7`; rule 2.6.1),
/// which only heads a phrase: in a list or an `of` clause the word is a name's (`of Arts and
/// Humanities …`).
static UNPERIODIC_ARTICLE: LazyLock<Regex> = LazyLock::new(|| re(r"^(?P<w>[Aa]rts?)[ \t]+"));
static TITLE_OF: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?i:title)[ \t]+(?P<t>\d+(?:-[A-Z]|[A-Z])?)(?-u:\b)(?:,?[ \t]+(?:of[ \t]+)?(?:the[ \t]+)?(?P<c>(?i:United[ \t]+States[ \t]+Code|U\.S\.C\.|Code[ \t]+of[ \t]+Federal[ \t]+Regulations|C\.F\.R\.)|(?:CFR|USC)(?-u:\b)))?",
    )
});
static TITLE_AFTER: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^,[ \t]*(?i:title)[ \t]+(?P<t>\d{1,3}[A-Z]?),?[ \t]+(?:of[ \t]+)?(?:the[ \t]+)?(?P<c>United[ \t]+States[ \t]+Code|U\.[ \t]?S\.[ \t]?C\.|Code[ \t]+of[ \t]+Federal[ \t]+Regulations|C\.[ \t]?F\.[ \t]?R\.)",
    )
});
static CODE_ALONE: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^\d{1,3}[A-Z]?[ \t]*(?:U\.[ \t]?S\.[ \t]?C\.|USC(?-u:\b)|C\.[ \t]?F\.[ \t]?R\.|CFR(?-u:\b))",
    )
});
static CODE_OF: LazyLock<Regex> = LazyLock::new(|| {
    re(concat!(
        r"^(?:(?P<eu>(?:(?:Council|Commission)\s+)?(?:(?:Implementing|Delegated)\s+)?",
        eu_act!(),
        ")",
        r"|(?P<nyc>(?i:the(?:[ \t]*\r?\n[ \t]*|[ \t]+))?(?:New(?:[ \t]*\r?\n[ \t]*|[ \t]+)York(?:[ \t]*\r?\n[ \t]*|[ \t]+)City|NYC|N\.Y\.C\.)(?:[ \t]*\r?\n[ \t]*|[ \t]+)(?:Administrative(?:[ \t]*\r?\n[ \t]*|[ \t]+)Code|Admin\.(?:[ \t]*\r?\n[ \t]*|[ \t]+)Code|Charter))",
        r"|(?P<admin>(?i:the(?:[ \t]*\r?\n[ \t]*|[ \t]+)administrative(?:[ \t]*\r?\n[ \t]*|[ \t]+)code)(?:(?:[ \t]*\r?\n[ \t]*|[ \t]+)of(?:[ \t]*\r?\n[ \t]*|[ \t]+)the(?:[ \t]*\r?\n[ \t]*|[ \t]+)City(?:[ \t]*\r?\n[ \t]*|[ \t]+)of(?:[ \t]*\r?\n[ \t]*|[ \t]+)New(?:[ \t]*\r?\n[ \t]*|[ \t]+)York)?)",
        r"|(?P<popular>(?:the(?:[ \t]*\r?\n[ \t]*|[ \t]+))?(?:GDPR|AI(?:[ \t]*\r?\n[ \t]*|[ \t]+)Act|General(?:[ \t]*\r?\n[ \t]*|[ \t]+)Data(?:[ \t]*\r?\n[ \t]*|[ \t]+)Protection(?:[ \t]*\r?\n[ \t]*|[ \t]+)Regulation|",
        eu_short_name!(),
        r"))(?-u:\b)",
        r"|(?P<dc>(?:the[ \t]+)?(?:D\.[ \t]?C\.|District[ \t]+of[ \t]+Columbia)[ \t]+(?:Official[ \t]+)?Code(?-u:\b))",
        r"|(?P<code>(?i:the)(?:[ \t]*\r?\n[ \t]*|[ \t]+)(?:U\.S\.[ \t]+)?(?i:code)(?-u:\b))",
        // A parenthesis inside a name (`the European Union (Withdrawal) Act 2018`, `the
        // Local Government (Miscellaneous Provisions) Act 1976`, the number of an act of the
        // same name and year in `the Finance (No. 2) Act 2017`) is followed by its next word.
        // A preposition that joins two capitalised words is the name's (`the Individuals
        // with Disabilities Education Act`, `the Americans with Disabilities Act`), and so
        // are initials with their last period (`the Saving D.C. Homes From Foreclosure Act`),
        // as the name's first word too before its head noun (India's `the N.I. Act`).
        r"|(?P<named>the(?:[ \t]*\r?\n[ \t]*|[ \t]+)(?:(?:[A-Z]\.){2,4}[ \t]+(?:Act|Code|Rules|Regulations)(?-u:\b)|[A-Z][\w'’&/-]*(?:\.[A-Za-z]+)*)(?:(?:[ \t]*\r?\n[ \t]*|[ \t]+)(?:(?:[A-Z]\.){2,4}(?:[ \t]+[A-Z][\w'’&/-]*)|[A-Z][\w'’&/-]*(?:\.[A-Za-z]+)*|\d{4}(?-u:\b)|of|and|for|on|the|to|in|(?:with|from|by|under|upon|against)[ \t]+[A-Z][\w'’&/-]*|\((?:No\.?[ \t]*\d{1,3}|[A-Z][\w'’&/-]*(?:[ \t]+(?:[A-Z][\w'’&/-]*|of|and|for|on|the|to|in))*)\)[ \t]+[A-Z][\w'’&/-]*))*)",
        // `§ 2 of Fiscal Year 2021 Budget Support Emergency Act of 2020` (the D.C. Council's
        // notes): an act named without the article, its name ending in `Act` and its year.
        r"|(?P<bare_act>[A-Z][\w'’&/-]*(?:[ \t]+(?:(?:[A-Z]\.){2,4}(?:[ \t]+[A-Z][\w'’&/-]*)|[A-Z][\w'’&/-]*|\d{4}(?-u:\b)|of|and|for|on|the|to|in|(?:with|from|by|under|upon|against)[ \t]+[A-Z][\w'’&/-]*))*[ \t]+Act(?:[ \t]+of[ \t]+\d{4})?(?-u:\b))",
        // `section 502(a) of ERISA`: an act by its initials, without the article.
        r"|(?P<initials>[A-Z]{2,6}(?-u:\b)))",
    ))
});
/// A code named in full after `the Code of` (`the Code of Criminal Procedure`, `the Code of
/// Civil Procedure`, `the Code of Conduct`), and an act amending one, whose name holds a
/// parenthesis (`the Code of Criminal Procedure (Amendment) Act`): the `named` phrase of
/// [`CODE_OF`].
static CODE_OF_NAMED: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?P<named>the[ \t]+Code[ \t]+of(?:[ \t]+(?:of|and|for|on|the|to|in))*[ \t]+[A-Z][\w'’&/-]*(?:\.[A-Za-z]+)*(?:[ \t]+(?:[A-Z][\w'’&/-]*(?:\.[A-Za-z]+)*|\d{4}|of|and|for|on|the|to|in|\([A-Z][\w'’&/-]*(?:[ \t]+(?:[A-Z][\w'’&/-]*|of|and|for|on|the|to|in))*\)[ \t]+[A-Z][\w'’&/-]*))*)",
    )
});
/// `the executive law`: one of New York's consolidated laws named in lower case, as its
/// statutes name them (the laws whose names end in `Law`).
static NY_CONSOLIDATED_LAW: LazyLock<Regex> = LazyLock::new(|| {
    re(concat!(
        r"^the[ \t]+(?P<n>executive|labor|penal|general[ \t]+business|general[ \t]+obligations",
        r"|general[ \t]+municipal|general[ \t]+construction|civil[ \t]+rights|civil[ \t]+service",
        r"|education|public[ \t]+health|social[ \t]+services|tax|vehicle[ \t]+and[ \t]+traffic",
        r"|real[ \t]+property(?:[ \t]+tax|[ \t]+actions[ \t]+and[ \t]+proceedings)?|insurance",
        r"|banking|judiciary|criminal[ \t]+procedure|domestic[ \t]+relations|business[ \t]+corporation",
        r"|not-for-profit[ \t]+corporation|limited[ \t]+liability[ \t]+company",
        r"|environmental[ \t]+conservation|public[ \t]+officers|retirement[ \t]+and[ \t]+social[ \t]+security",
        r"|workers'[ \t]+compensation|workers’[ \t]+compensation|election|alcoholic[ \t]+beverage[ \t]+control",
        r"|agriculture[ \t]+and[ \t]+markets|correction|highway|mental[ \t]+hygiene|municipal[ \t]+home[ \t]+rule",
        r"|town|village|county|state[ \t]+finance|public[ \t]+authorities|economic[ \t]+development",
        r"|arts[ \t]+and[ \t]+cultural[ \t]+affairs|navigation|private[ \t]+housing[ \t]+finance",
        r"|public[ \t]+housing|multiple[ \t]+dwelling|multiple[ \t]+residence|cooperative[ \t]+corporations",
        r"|transportation|transportation[ \t]+corporations|public[ \t]+service|energy|military|lien|debtor[ \t]+and[ \t]+creditor)",
        r"[ \t]+law(?-u:\b)",
    ))
});
/// `et seq.` right after a list item (see [`Item::et_seq`]).
static ITEM_ET_SEQ: LazyLock<Regex> = LazyLock::new(|| re(r"^[ \t]+et\.?[ \t]+seq\.?"));
static SUFFIX: LazyLock<Regex> = LazyLock::new(|| {
    re(concat!(
        r"^[ \t]+(?P<c>(?:GDPR|TFEU|TEU|TEC|ECHR|AI[ \t]+Act|(?:EC|EEC|EU|Euratom)[ \t]+Treaty|EC|IPC|CrPC|CPC|BNSS|BNS|CCQ|",
        eu_short_name!(),
        r")(?-u:\b)|I\.[ \t]?P\.[ \t]?C\.|Cr\.[ \t]?P\.[ \t]?C\.|C\.[ \t]?P\.[ \t]?C\.|C\.[ \t]?[Cc]\.[ \t]?Q\.)|^,?[ \t]*(?P<etseq>et\.?[ \t]+seq\.?)|^[ \t]+(?P<thereof>thereof)(?-u:\b)|^[ \t]+(?P<note>note)(?-u:\b)"
    ))
});
/// Publisher, year and status parentheticals of statute citations (The Bluebook, rules 3.1(c)
/// and 12.3.1(d)–(e), table T1's publishers): `(West 2010)`, `(2005-06)`, `(Supp. V 2017)`,
/// `(2012 & Supp. V 2017)`, `(West Supp. 2018)`, `(repealed)`.
static PARENTHETICAL: LazyLock<Regex> = LazyLock::new(|| {
    const PUBLISHER: &str = r"(?:West|Lexis|LexisNexis|McKinney|Vernon|Deering|Thomson[ \t]Reuters|Michie|Purdon|Smith-Hurd|(?:Matthew[ \t]+)?Bender|Burns|Baldwin)[ \t]+";
    const SUPPLEMENT: &str = r"Supp\.(?:[ \t]+[IVX]{1,5})?[ \t]+";
    const YEAR: &str = r"(?:1[89]|20)\d\d(?:-\d\d)?";
    re(&format!(
        r"^[ \t]+\((?:{PUBLISHER})?(?:{SUPPLEMENT})?{YEAR}(?:[ \t]*&[ \t]*(?:{PUBLISHER})?{SUPPLEMENT}{YEAR})?\)|^[ \t]+\((?i:repealed|amended|expired|renumbered)\)",
    ))
});
static PREFIX_CODE: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?P<code>\d{1,3}[A-Z]?[ \t]*(?:\r?\n[ \t]*)?(?:U\.[ \t]?S\.[ \t]?C(?:\.(?:[ \t]?[AS]\.)?|(?-u:\b))|U\.[ \t]?S\.[ \t]+Code|(?i:usc[as]?)(?-u:\b)|(?i:u\.s\.c\.a?)|C\.[ \t]?F\.[ \t]?R(?:\.|(?-u:\b))|(?i:cfr)(?-u:\b)|R\.?C\.?N\.?Y\.?|United[ \t]+States[ \t]+Code|Code[ \t]+of[ \t]+Federal[ \t]+Regulations))(?:[ \t]*\r?\n)?[ \t]*(?:(?P<sym>§§?)|(?P<ssym>SS?|ss?)[ \t]+(?P<sdigit>\d))?[ \t]*",
    )
});
static NYC_PREFIX: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?P<code>(?:NYC|N\.Y\.C\.|New[ \t]+York[ \t]+City)[ \t]+Admin(?:istrative|\.)[ \t]+Code)(?:[ \t]*\r?\n)?[ \t]*(?P<sym>§§?)[ \t]*",
    )
});

/// Extracts every citation of `text`, in order of position. Never fails; returns an empty
/// list for text without citations. Offsets are byte offsets into `text`.
///
/// ```
/// let cites = lexls_syntax::citation::extract("notice under § 20-871(b)(1) and (2) of the Code");
/// assert_eq!(cites.len(), 2);
/// assert_eq!(cites[0].section.as_deref(), Some("20-871"));
/// assert_eq!(cites[1].subsections, vec!["b", "2"]);
/// ```
pub fn extract(text: &str) -> Vec<Citation> {
    // `TEX. PENAL CODE ANN. § 19.02`: read in table T1's case, at the same offsets.
    let folded = super::small_caps::fold(text);
    let dashed = super::fold_hyphens(&folded);
    let text: &str = &dashed;
    let mut out = scan(text, false);
    super::designation::drop_own_designations(text, &mut out);
    super::defined_terms::apply(text, &mut out);
    super::defined_terms::apply_defined_citations(text, &mut out);
    super::short_form::link(text, &mut out);
    drop_overlapping(super::short_form::drop_bare_parts(out))
}

/// Drops a citation that starts inside the one before it (`§ 20-871(b)(3) of D.C. Official
/// Code § 2-1401.01`: the first took the code's name as its `of` clause, the second starts at
/// that name): a text's citations follow one another without overlapping, which the editor's
/// ranges and the index's invariants ([`crate::parse::invariants`]) rely on. The earlier
/// citation stays; items of one phrase are left as the phrase gives them.
fn drop_overlapping(out: Vec<Citation>) -> Vec<Citation> {
    let mut last: Option<(usize, &std::ops::Range<usize>)> = None;
    let keep: Vec<bool> = out
        .iter()
        .map(|c| {
            // The items of one phrase keep their own spans (a list of containers gives its
            // first item the phrase's words).
            let keep = last.is_none_or(|(end, group)| c.span.start >= end || c.group == *group);
            if keep {
                last = Some((c.span.end.max(last.map_or(0, |(end, _)| end)), &c.group));
            }
            keep
        })
        .collect();
    if keep.iter().all(|&k| k) {
        return out;
    }
    // The kept citations' new indices, for the short forms' antecedents.
    let mut index = Vec::with_capacity(out.len());
    let mut next = 0usize;
    for &k in &keep {
        index.push(k.then_some(next));
        next += usize::from(k);
    }
    out.into_iter()
        .zip(keep)
        .filter(|(_, k)| *k)
        .map(|(mut c, _)| {
            c.antecedent = c.antecedent.and_then(|a| index.get(a).copied().flatten());
            c
        })
        .collect()
}

/// The citations of `text` as the phrases give them, before short forms are linked. In a
/// `nested` scan (the text of a note inside a list, see [`Phrase::notes`]) the notes of its
/// own lists are not scanned again.
fn scan(text: &str, nested: bool) -> Vec<Citation> {
    let mut out = Vec::new();
    // The level words of the subdivisions cited so far, for `of such subsection`.
    let mut levels: Vec<LevelMark> = Vec::new();
    let mut pos = 0usize;
    // The code of the last constitution and court-rule citation, for their short forms.
    let mut constitution: Option<String> = None;
    let mut court_rule: Option<String> = None;
    let mut last_fixed_end = 0usize;
    while let Some(m) = ANCHOR.find(Input::new(text).range(pos..)) {
        let anchor = ANCHORS
            .get(m.pattern().as_usize())
            .map_or("", |(name, _)| *name);
        let start = m.start();
        let next = |p: usize| p + text[p..].chars().next().map_or(1, char::len_utf8);
        // Their short forms only follow within the paragraph (a blank line ends it). Each
        // stretch of text is looked at once: `last_fixed_end` moves up to the anchor.
        if constitution.is_some() || court_rule.is_some() {
            if text[last_fixed_end.min(start)..start].contains("\n\n") {
                constitution = None;
                court_rule = None;
            }
            last_fixed_end = start;
        }
        if let Some(end) = short_form_at(text, start, &constitution, &court_rule, &mut out) {
            last_fixed_end = end;
            pos = end.max(next(start));
            continue;
        }
        if let Some((end, found)) =
            forms::german(text, start).or_else(|| forms::public_laws(text, start))
        {
            out.extend(found);
            pos = end.max(next(start));
            continue;
        }
        // `s. 1, ch. 2019-167`: sections of a session law, cited before it.
        let mut sections_before = Vec::new();
        let whole_act = if anchor == "sessionlaw" {
            super::session_law::designation_at(text, start)
                .map(|(e, n)| (start, e, n, CitationKind::DcLaw))
        } else if anchor == "datedact" {
            super::dated_act::act_at(text, start)
                .map(|(e, n)| (start, e, n, CitationKind::NamedAct))
        } else if anchor == "yearch" {
            super::dated_act::session_law_at(text, start).map(|law| {
                sections_before = law.sections;
                (start, law.end, law.name, CitationKind::NamedAct)
            })
        } else if anchor == "numact" {
            super::numbered_act::act_around(text, start)
                .map(|(s, e, n)| (s, e, n, CitationKind::NamedAct))
        } else if anchor == "instrument" {
            super::numbered_act::instrument_at(text, start)
                .map(|(e, n)| (start, e, n, CitationKind::NamedAct))
        } else {
            None
        };
        if let Some((start, end, name, kind)) = whole_act {
            // `D.C. Law 22-250`, `Aug. 14, 1935, ch. 531`: an act as a whole.
            let mut phrase = Phrase::sections_of(start, &name, false);
            phrase.kind = Some(kind);
            phrase.end = end;
            for (span, number) in sections_before {
                phrase.items.push(Item::numbered(span, &number));
            }
            emit_phrase(text, phrase, &mut out, nested, &mut levels);
            pos = end.max(next(start));
            continue;
        }
        // Anchors whose own reader gives the phrases there. Where it reads none, the text is
        // read as the anchors below read it (`part 52 of this chapter` of the C.F.R., not a
        // container, is a section), or, for the anchors that `stop` there, is no citation:
        // a title or chapter of no code, the rules of an order of India's Code of Civil
        // Procedure, a schedule of an act (not `paragraph 2 of Schedule A to the Plan`, nor a
        // `Schedule I` controlled substance), executive orders.
        type Reader = fn(&str, usize) -> Option<(usize, Vec<Phrase>)>;
        let (reader, stops): (Option<Reader>, bool) = match anchor {
            "cfrunit" => (Some(|t, s| one_phrase(parse_cfr_unit(t, s))), false),
            "container" => (Some(|t, s| one_phrase(parse_container(t, s))), false),
            // `Part 3, Chapter 2 of the Companies Act 2006`: no list, an act's divisions
            // outermost first.
            "containers" => (
                Some(|t, s| {
                    parse_container_list(t, s).or_else(|| one_phrase(parse_act_division(t, s)))
                }),
                false,
            ),
            "titledregs" => (
                Some(|t, s| one_phrase(parse_titled_regulations(t, s))),
                false,
            ),
            "namedregs" => (
                Some(|t, s| one_phrase(parse_named_regulations(t, s))),
                false,
            ),
            "annexsec" => (Some(|t, s| one_phrase(parse_annex_section(t, s))), false),
            "eudiv" => (Some(|t, s| one_phrase(parse_eu_division(t, s))), false),
            "euchsec" => (Some(parse_eu_chapter_sections), false),
            "titled" => (Some(|t, s| one_phrase(parse_titled(t, s))), true),
            "chapter" => (
                Some(|t, s| {
                    one_phrase(
                        parse_chapter_of_title(t, s)
                            .or_else(|| parse_chapter_of_state_code(t, s))
                            .or_else(|| parse_chapter_of_compilation(t, s))
                            .or_else(|| parse_chapter_of_a_state_code_in_words(t, s))
                            .or_else(|| parse_chapter_of_general_laws(t, s))
                            .or_else(|| parse_container(t, s)),
                    )
                }),
                true,
            ),
            "cpcorder" => (Some(parse_cpc_rules), true),
            "schedule" => (Some(|t, s| one_phrase(parse_schedule(t, s))), true),
            "aglcdiv" => (
                Some(|t, s| one_phrase(parse_divisions_after_an_act(t, s))),
                true,
            ),
            "eo" => (Some(|t, s| one_phrase(parse_executive_orders(t, s))), true),
            _ => (None, false),
        };
        if let Some(read) = reader {
            if let Some((end, phrases)) = read(text, start) {
                for phrase in phrases {
                    emit_phrase(text, phrase, &mut out, nested, &mut levels);
                }
                pos = end.max(next(start));
                continue;
            }
            if stops {
                pos = next(start);
                continue;
            }
        }
        if anchor == "actdiv" {
            if let Some(phrase) = parse_act_division(text, start) {
                pos = phrase.end.max(next(start));
                emit_phrase(text, phrase, &mut out, nested, &mut levels);
                continue;
            }
            // Not an act's: `part` is also a section word (`part B of the plan`).
            if !text[start..]
                .get(..4)
                .is_some_and(|w| w.eq_ignore_ascii_case("part"))
            {
                pos = next(start);
                continue;
            }
        }
        // A compilation's name the reader above took for none (`Title 10 of the Plan`) is
        // read as the codes named in words are.
        let anchor = if anchor == "titledregs" {
            "fixed"
        } else {
            anchor
        };
        let fixed = match anchor {
            "fixed" => forms::at(text, start),
            "word" | "amend" => forms::constitution_in_words(text, start),
            _ => None,
        };
        let parsed = match fixed {
            Some(Found::Whole { cite, .. })
                if matches!(cite.kind, CitationKind::Id | CitationKind::Supra)
                    && !super::short_form::stands_as_short_form(
                        text,
                        start,
                        start + id_word_len(&text[start..]),
                        !out.is_empty(),
                    ) =>
            {
                pos = next(start);
                continue;
            }
            Some(Found::Whole { mut end, mut cite }) => {
                match cite.kind {
                    CitationKind::StateConstitution | CitationKind::UsConst => {
                        constitution = cite.named_code().map(str::to_string);
                    }
                    CitationKind::CourtRule => {
                        court_rule = cite.named_code().map(str::to_string);
                    }
                    _ => {}
                }
                // `735 Ill. Comp. Stat. 5/13-202 (2016)`: a code's date parenthetical is the
                // citation's (The Bluebook, rule 12.3.2), as after a section sign.
                if matches!(
                    cite.kind,
                    CitationKind::StateStatute
                        | CitationKind::StateRegulation
                        | CitationKind::UniformLaw
                        | CitationKind::Usc
                        | CitationKind::Cfr
                ) && cite.span.end == end
                    && cite.group.end == end
                {
                    while let Some((after, _)) = eat(text, end, &PARENTHETICAL) {
                        end = after;
                    }
                    cite.span.end = end;
                    cite.group.end = end;
                }
                out.push(*cite);
                last_fixed_end = end;
                pos = end.max(next(start));
                continue;
            }
            Some(Found::CodePrefix {
                after,
                code,
                kind,
                designator,
                plural,
            }) => parse_code_prefixed(text, start, after, code, kind, designator, plural),
            // `A prior section 116, Pub. L. 94-553`: a section phrase, the law read apart.
            None if anchor == "fixed"
                && (eat(text, start, &SECTION_WORD).is_some()
                    || eat(text, start, &UNPERIODIC_ARTICLE).is_some()) =>
            {
                headed(text, start)
            }
            None if anchor == "fixed" => parse_instrument_provision(text, start),
            None if anchor == "siprov" || anchor == "siafter" => {
                parse_instrument_provision(text, start)
            }
            None if anchor == "prefix" || anchor == "nyc" => parse_prefixed(text, start),
            None if anchor == "this" => parse_this(text, start),
            None if anchor == "adjacent" => parse_adjacent(text, start, m.end()),
            None if anchor == "such" => {
                let mut phrase = Phrase::new(
                    start,
                    Head::Section {
                        unit: Unit::Section,
                        plural: false,
                    },
                );
                phrase.short_form = Some(ShortForm::That);
                phrase.that_section = true;
                phrase.end = m.end();
                Some(phrase)
            }
            None if anchor == "euact" => parse_eu_act(text, start, m.end()),
            None if anchor == "euacts" => parse_eu_acts(text, start),
            None if anchor == "treaty" => parse_treaty(text, start, m.end()),
            None => headed(text, start),
        };
        match parsed {
            Some(phrase) => {
                pos = phrase.end.max(next(start));
                emit_phrase(text, phrase, &mut out, nested, &mut levels);
            }
            None => pos = next(start),
        }
    }
    out
}

/// Emits `phrase`'s citations, and those of the notes inside its list (`22-1834 (sex
/// trafficking of children); 22-2704`, `406 (other than subsection (a)) and 407`), in
/// order of position.
fn emit_phrase(
    text: &str,
    mut phrase: Phrase,
    out: &mut Vec<Citation>,
    nested: bool,
    levels: &mut Vec<LevelMark>,
) {
    let notes = std::mem::take(&mut phrase.notes);
    let such = phrase.such_level.take().map(|w| (w, phrase.start));
    let from = out.len();
    // `subparagraph (A) of subsection (a)(1)`: `subsection` names (a)(1), `subparagraph`
    // the whole path.
    let mut marks = Vec::new();
    if let Head::Level(head) = phrase.head {
        if let (Some(outer), Some(group)) = (phrase.outer_word, phrase.chain_labels.last()) {
            marks.push((outer, group.len()));
        }
        marks.push((head, usize::MAX));
    }
    phrase.emit(out);
    if let Some((word, start)) = such {
        of_such_level(text, out, from, word, start, levels);
    }
    if from < out.len() {
        levels.extend(marks.into_iter().map(|(word, keep)| LevelMark {
            word,
            keep,
            citation: from,
        }));
    }
    if notes.is_empty() || nested {
        return;
    }
    let items = out[from..].to_vec();
    for note in notes {
        let Some(inner) = text.get(note.clone()) else {
            continue;
        };
        let item = items.iter().rfind(|c| c.span.end <= note.start);
        out.extend(scan(inner, true).into_iter().map(|mut c| {
            c.span = c.span.start + note.start..c.span.end + note.start;
            c.group = c.group.start + note.start..c.group.end + note.start;
            match item {
                Some(item) => of_item(c, item),
                None => c,
            }
        }));
    }
    out[from..].sort_by_key(|c| c.span.start);
}

/// A level word a phrase cited subdivisions with: the labels it names (`keep` of the
/// first citation's path, outermost first) and that citation's index.
#[derive(Debug, Clone, Copy)]
struct LevelMark {
    word: LevelWord,
    keep: usize,
    citation: usize,
}

/// How far back, in bytes, `of such subparagraph` looks for the subparagraph it repeats.
const SUCH_REACH: usize = 600;

/// `clause (i) of such subparagraph` after `subparagraph (A)`, `paragraph (2) of such
/// subsection` after `subsection (c)`, `subparagraph (B) of such paragraph` after
/// `subparagraph (A) of paragraph (1)` (the House Legislative Counsel's style: `such`
/// repeats the subdivision last named with that level word): the citations `out[from..]`
/// of the phrase at `start` hang below the labels that word named ([`LevelMark`]), when
/// that citation is a bare subdivision in the same paragraph, within [`SUCH_REACH`] bytes.
fn of_such_level(
    text: &str,
    out: &mut [Citation],
    from: usize,
    word: LevelWord,
    start: usize,
    levels: &[LevelMark],
) {
    let Some(mark) = levels.iter().rev().find(|m| m.word == word) else {
        return;
    };
    let Some(ante) = out.get(mark.citation).cloned() else {
        return;
    };
    let near = ante.span.end <= start
        && start - ante.span.end <= SUCH_REACH
        && !text
            .get(ante.span.end..start)
            .is_some_and(|between| between.contains("\n\n"));
    if !near || !matches!(ante.relative, Some(Relative::Bare(_))) || ante.section.is_some() {
        return;
    }
    let keep = mark.keep.min(ante.subsections.len());
    for c in &mut out[from..] {
        if !matches!(c.relative, Some(Relative::Bare(_))) || c.section.is_some() {
            continue;
        }
        let mut labels = ante.subsections[..keep].to_vec();
        labels.append(&mut c.subsections);
        c.subsections = labels;
        c.relative = ante.relative;
        c.section.clone_from(&ante.section);
        c.code.clone_from(&ante.code);
        c.kind = ante.kind;
    }
}

/// A bare subdivision in a note on a list item (`901(b)(1) (other than subparagraphs (G)
/// and (H)) … of title 31`) is a subdivision of that item (31 U.S.C. 901(b)(1)(G)), not of
/// the citing provision, when its level word is at most one level below the item's labels
/// (drafting conventions of [`super::relative::depth_of`]).
fn of_item(mut cite: Citation, item: &Citation) -> Citation {
    use super::relative::{Convention, depth_of};
    let Some(Relative::Bare(word)) = cite.relative else {
        return cite;
    };
    if cite.section.is_some() || item.section.is_none() || item.relative.is_some() {
        return cite;
    }
    let convention = match item.kind {
        CitationKind::Cfr => Convention::Cfr,
        CitationKind::EuArticle => Convention::Eu,
        _ => Convention::UnitedStates,
    };
    let mut labels = item.subsections.clone();
    if convention == Convention::Cfr {
        labels.clear();
    } else {
        let depth = usize::from(depth_of(word, convention));
        if depth == 0 || depth > labels.len() + 1 {
            return cite;
        }
        labels.truncate(depth - 1);
    }
    labels.append(&mut cite.subsections);
    cite.subsections = labels;
    cite.section.clone_from(&item.section);
    cite.code.clone_from(&item.code);
    cite.kind = item.kind;
    cite.unit = item.unit;
    cite.relative = None;
    // `(other than subsection (a)(7) and (8) thereof)`: `thereof` is the item.
    if cite.short_form == Some(ShortForm::That) {
        cite.short_form = None;
    }
    cite
}

/// The length of the short-form word (`Id.`, `supra`) at the start of `rest`.
fn id_word_len(rest: &str) -> usize {
    if rest.starts_with("supra") { 5 } else { 3 }
}

/// Short forms that only exist after a citation of their kind: `Art. IX § 3` after a
/// constitution, `Rule 7(c)` after a court rule. Returns the end of the one found.
fn short_form_at(
    text: &str,
    start: usize,
    constitution: &Option<String>,
    court_rule: &Option<String>,
    out: &mut Vec<Citation>,
) -> Option<usize> {
    if let Some(code) = constitution {
        // The constitution an article or an amendment was cited of (`U.S. Const.` of `U.S.
        // Const. amend. I`): a short form names an article of it.
        let base = [" art.", " amend."]
            .iter()
            .fold(code.as_str(), |c, unit| c.split(unit).next().unwrap_or(c));
        if let Some((end, cite)) = forms::constitution_short_form(text, start, base) {
            out.push(cite);
            return Some(end);
        }
    }
    if let Some(code) = court_rule {
        let (end, caps) = eat(text, start, &RULE_SHORT)?;
        let after_num = text.get(start + caps.name("num")?.end()..).unwrap_or("");
        if after_num.starts_with(['-', '–']) {
            // An administrative code's `Rule 12-3`, not the court rule's `Rule 12`.
            return None;
        }
        let subs = PAREN_LABELS
            .find(caps.name("subs").map_or("", |m| m.as_str()))
            .map(|m| {
                ONE_PAREN_LABEL
                    .captures_iter(m.as_str())
                    .filter_map(|c| c.get(1).map(|l| CompactString::from(l.as_str())))
                    .collect()
            })
            .unwrap_or_default();
        out.push(Citation {
            span: start..end,
            group: start..end,
            kind: CitationKind::CourtRule,
            code: Some(CodeRef::Named(code.clone().into())),
            unit: Unit::Section,
            section: Some(caps.name("num")?.as_str().into()),
            subsections: subs,
            range_end: None,
            relative: None,
            et_seq: false,
            short_form: Some(ShortForm::Inherited),
            antecedent: None,
            qualifiers: None,
        });
        return Some(end);
    }
    None
}

/// `Rule 7(c)` after a court rule: a number that ends there, so that another body's rule
/// (`Rule 10b-5`, the SEC's) is not read as the court rule's `Rule 10`.
static RULE_SHORT: LazyLock<Regex> = LazyLock::new(|| {
    re(r"^Rule[ \t]+(?P<num>\d+(?:\.\d+)?)(?-u:\b)(?P<subs>(?:\([0-9A-Za-z]{1,4}\))*)")
});

/// A parsed item of a list (`20-871(b)`, `(2)`).
#[derive(Debug, Clone)]
struct Item {
    span: Range<usize>,
    section: Option<CompactString>,
    labels: Vec<CompactString>,
    range_end: Option<(Option<CompactString>, Vec<CompactString>)>,
    /// `et seq.` after this item, before the list goes on (`§§ 16-1501 et seq., 22-3302`).
    et_seq: bool,
}

impl Item {
    /// An item at `span` of the section numbered `section` (`None`: of labels only) with
    /// its `labels`, no range and no `et seq.`
    fn new(span: Range<usize>, section: Option<CompactString>, labels: Vec<CompactString>) -> Self {
        Self {
            span,
            section,
            labels,
            range_end: None,
            et_seq: false,
        }
    }

    /// An item of a section (or part, annex) numbered `section` at `span`, without labels.
    fn numbered(span: Range<usize>, section: &str) -> Self {
        Self::new(span, Some(section.into()), Vec::new())
    }
}

/// What a phrase starts with.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Head {
    /// `§`, `section`, `Article`, … (items are section numbers).
    Section { unit: Unit, plural: bool },
    /// `subsection`, `paragraph`, … (items are labels).
    Level(LevelWord),
}

#[derive(Debug, Clone)]
struct Phrase {
    start: usize,
    end: usize,
    head: Head,
    items: Vec<Item>,
    /// `of section 20-871(b)`: unit, number, labels.
    chain_section: Option<(Unit, CompactString, Vec<CompactString>)>,
    /// `of subdivision b`, `of paragraph (2)`: label groups in text order (innermost first),
    /// with the outermost level word.
    chain_labels: Vec<Vec<CompactString>>,
    outer_word: Option<LevelWord>,
    relative: Option<Relative>,
    code: Option<CodeRef>,
    et_seq: bool,
    /// The kind, when the code prefix decided it (`Ala. Code`, `INA`).
    kind: Option<CitationKind>,
    designator: Option<String>,
    short_form: Option<ShortForm>,
    /// The acts of a list of EU acts (`Directives 2006/48/EC and 2006/49/EC`).
    acts: Vec<(Range<usize>, String)>,
    /// `of that Article`: the section is the one last cited.
    that_section: bool,
    /// A division cited as a whole (`ch. 35`), for a phrase without items.
    division: Option<String>,
    /// The further units of a list after a C.F.R. part (`40 CFR part 60, subparts OOOO and
    /// OOOOa`: `subpart OOOOa` at its span), each a citation like the first item's.
    more_divisions: Vec<(Range<usize>, String)>,
    /// Where the first of a list of C.F.R. units ends (see `more_divisions`), when its
    /// citation ends there (the units after a part); a list before its part (`subparts L and
    /// M to part 747`) is the first one's citation whole.
    division_end: Option<usize>,
    /// The phrase counts within a unit lexls does not number (`paragraph (1) of this
    /// definition`) or within a document that is no law (`Section 3.2 of the Agreement`):
    /// it is read, but yields no citation to check.
    unnumbered_scope: bool,
    /// Notes between items of its list (a parenthetical `(incest)`, `(other than subsection
    /// (a))`, an editor's `[repealed]`), whose own citations are read apart.
    notes: Vec<Range<usize>>,
    /// `of such subparagraph`: the subdivision of that level cited last (see
    /// [`of_such_level`]).
    such_level: Option<LevelWord>,
}

impl Phrase {
    /// A phrase headed by a singular section at `start`, as the parsers of whole forms
    /// (schedules, the CPC's rules) build it.
    fn of_section(start: usize) -> Self {
        Self::new(
            start,
            Head::Section {
                unit: Unit::Section,
                plural: false,
            },
        )
    }

    /// A phrase of sections (`plural` after `§§` or `sections`) of the code named `code`,
    /// starting at `start`.
    fn sections_of(start: usize, code: &str, plural: bool) -> Self {
        let mut phrase = Self::new(
            start,
            Head::Section {
                unit: Unit::Section,
                plural,
            },
        );
        phrase.code = Some(CodeRef::Named(code.into()));
        phrase
    }

    /// A division of the code named `code` cited as a whole (`Fla. Stat.`, `ch. 119`), a
    /// citation of `kind` over `span`.
    fn division_of(span: Range<usize>, kind: CitationKind, code: &str, division: String) -> Self {
        let mut phrase = Self::new(span.start, Head::Level(LevelWord::Subsection));
        phrase.kind = Some(kind);
        phrase.code = Some(CodeRef::Named(code.into()));
        phrase.division = Some(division);
        phrase.end = span.end;
        phrase
    }

    fn new(start: usize, head: Head) -> Self {
        Self {
            start,
            end: start,
            head,
            items: Vec::new(),
            chain_section: None,
            chain_labels: Vec::new(),
            outer_word: None,
            relative: None,
            code: None,
            et_seq: false,
            kind: None,
            designator: None,
            short_form: None,
            acts: Vec::new(),
            that_section: false,
            division: None,
            more_divisions: Vec::new(),
            division_end: None,
            unnumbered_scope: false,
            notes: Vec::new(),
            such_level: None,
        }
    }

    fn emit(mut self, out: &mut Vec<Citation>) {
        if self.unnumbered_scope {
            return;
        }
        let group = self.start..self.end;
        let single = self.items.len() <= 1;
        let code_name = match &self.code {
            Some(CodeRef::Named(n)) => Some(n.as_str()),
            _ => None,
        };
        let unit = match (self.head, &self.chain_section) {
            (_, Some((unit, _, _))) => *unit,
            (Head::Section { unit, .. }, None) => unit,
            (Head::Level(_), None) => Unit::Section,
        };
        let mut kind = self.kind.unwrap_or_else(|| kind_for(code_name, unit));
        // `Article III courts`, `Article I, Section 8`: the EU numbers its articles in Arabic
        // numerals only (Joint Practical Guide, 15.2), so an article numbered in Roman ones
        // of no named act is the citing document's own (a constitution's, a compact's),
        // not an EU act's.
        if kind == CitationKind::EuArticle
            && unit == Unit::Article
            && code_name.is_none()
            && !self.items.is_empty()
            && self.items.iter().all(|it| {
                it.section
                    .as_deref()
                    .is_some_and(super::named_before::is_roman)
            })
        {
            kind = CitationKind::Section;
        }
        if matches!(self.head, Head::Section { .. }) {
            for item in &mut self.items {
                split_range_by_numbering(item, kind, self.designator.as_deref());
            }
        }
        for (span, name) in &self.acts {
            out.push(Citation {
                span: span.clone(),
                group: group.clone(),
                kind,
                code: Some(CodeRef::Named(name.clone().into())),
                unit,
                section: None,
                subsections: Vec::new(),
                range_end: None,
                relative: None,
                et_seq: false,
                short_form: None,
                antecedent: None,
                qualifiers: None,
            });
        }
        if !self.acts.is_empty() {
            return;
        }
        if self.items.is_empty() {
            // `this section`, `this chapter`: a relative reference without labels.
            out.push(Citation {
                span: group.clone(),
                group,
                kind,
                code: self.code,
                unit,
                section: None,
                subsections: Vec::new(),
                range_end: None,
                relative: self.relative,
                et_seq: false,
                short_form: self.short_form,
                antecedent: None,
                qualifiers: Qualifiers::boxed(
                    self.designator.as_deref(),
                    None,
                    self.division.as_deref(),
                ),
            });
            emit_more_divisions(
                self.more_divisions,
                self.division_end,
                self.designator.as_deref(),
                out,
            );
            return;
        }
        let outer_labels: Vec<CompactString> = self
            .chain_labels
            .iter()
            .rev()
            .flat_map(|g| g.iter().cloned())
            .collect();
        let mut prev_section: Option<CompactString> = None;
        let mut prev_labels: Vec<CompactString> = Vec::new();
        for (i, item) in self.items.iter().enumerate() {
            // The first item carries the head word (`§§ 5-301`), the last the clause that
            // names the code of all of them (`4686 of title 10, United States Code`).
            let last = i + 1 == self.items.len();
            let span = if single {
                group.clone()
            } else if i == 0 {
                self.start..item.span.end
            } else if last && (self.code.is_some() || self.chain_section.is_some()) {
                item.span.start..group.end
            } else {
                item.span.clone()
            };
            // The labels an item of a list of subdivisions continues from (`(a)(4), (5), (6)`:
            // `(6)` continues `(a)(5)`), without the section and outer levels of the phrase.
            let mut own_path: Option<Vec<CompactString>> = None;
            let (section, mut labels, relative) = match self.head {
                Head::Section { .. } => {
                    let (section, labels) = inherit(&prev_section, &prev_labels, item);
                    (section, labels, None)
                }
                Head::Level(word) => {
                    let labels = inherit_labels(&prev_labels, &item.labels, i == 0);
                    own_path = Some(labels.clone());
                    match &self.chain_section {
                        Some((_, number, base)) => {
                            let mut full = base.clone();
                            full.extend(outer_labels.iter().cloned());
                            full.extend(labels);
                            (Some(number.clone()), full, None)
                        }
                        None if self.that_section => {
                            let mut full = outer_labels.clone();
                            full.extend(labels);
                            (None, full, None)
                        }
                        None => {
                            let mut full = outer_labels.clone();
                            full.extend(labels);
                            let rel = self
                                .relative
                                .unwrap_or(Relative::Bare(self.outer_word.unwrap_or(word)));
                            (None, full, Some(rel))
                        }
                    }
                }
            };
            prev_section.clone_from(&section);
            prev_labels = match (self.head, own_path) {
                (Head::Level(_), Some(path)) => path,
                _ => labels.clone(),
            };
            let range_end = item.range_end.as_ref().map(|(sec, end_labels)| {
                let end_section = sec.clone().or_else(|| section.clone()).unwrap_or_default();
                let mut end_subs = if sec.is_some() {
                    Vec::new()
                } else {
                    let keep = labels.len().saturating_sub(end_labels.len());
                    labels[..keep].to_vec()
                };
                end_subs.extend(end_labels.iter().cloned());
                RangeEnd {
                    section: end_section,
                    subsections: end_subs,
                }
            });
            labels.retain(|l| !l.is_empty());
            out.push(Citation {
                span,
                group: group.clone(),
                kind,
                code: self.code.clone(),
                unit,
                section,
                subsections: labels,
                range_end: range_end.map(Box::new),
                relative,
                et_seq: self.et_seq || item.et_seq,
                short_form: self.short_form,
                antecedent: None,
                qualifiers: Qualifiers::boxed(
                    self.designator.as_deref(),
                    None,
                    self.division.as_deref(),
                ),
            });
        }
        emit_more_divisions(
            self.more_divisions,
            self.division_end,
            self.designator.as_deref(),
            out,
        );
    }
}

/// `subparts OOOO and OOOOa`: the first unit's citation (the last of `out`) ends at its
/// designation (`first_end`, when the units follow their part), and each further unit of
/// `more` is that citation with its own unit.
fn emit_more_divisions(
    more: Vec<(Range<usize>, String)>,
    first_end: Option<usize>,
    designator: Option<&str>,
    out: &mut Vec<Citation>,
) {
    if more.is_empty() {
        return;
    }
    let Some(first) = out.last().cloned() else {
        return;
    };
    if let (Some(last), Some(end), Some((next, _))) = (out.last_mut(), first_end, more.first()) {
        last.span.end = end.min(next.start).max(last.span.start);
    }
    for (span, division) in more {
        let mut cite = first.clone();
        cite.span = span;
        cite.qualifiers = Qualifiers::boxed(designator, None, Some(division.as_str()));
        out.push(cite);
    }
}

/// A section-level item without its own number (`and (2)`) inherits the previous section and
/// all but as many trailing labels as it gives.
fn inherit(
    prev_section: &Option<CompactString>,
    prev_labels: &[CompactString],
    item: &Item,
) -> (Option<CompactString>, Vec<CompactString>) {
    match &item.section {
        Some(s) => (Some(s.clone()), item.labels.clone()),
        None => (
            prev_section.clone(),
            inherit_labels(prev_labels, &item.labels, false),
        ),
    }
}

fn inherit_labels(
    prev: &[CompactString],
    own: &[CompactString],
    first: bool,
) -> Vec<CompactString> {
    if first || prev.is_empty() {
        return own.to_vec();
    }
    // `(a)(2) and (d)`: `(d)` replaces the label of its own style (`a`), not the last one.
    // `(b)(1)(i) and (c)`: a letter that is no roman numeral (`c`) is not of the level of a
    // roman numeral (`i`), though both are lower-case.
    let roman = |l: &str| {
        l.chars()
            .all(|c| matches!(c, 'i' | 'v' | 'x' | 'I' | 'V' | 'X'))
    };
    if let Some(first) = own.first()
        && let style = label_style(first)
        && let Some(at) = prev
            .iter()
            .rposition(|l| label_style(l) == style && (roman(l) == roman(first) || roman(first)))
    {
        let mut out = prev[..at].to_vec();
        out.extend(own.iter().cloned());
        return out;
    }
    let keep = prev.len().saturating_sub(own.len());
    let mut out = prev[..keep].to_vec();
    out.extend(own.iter().cloned());
    out
}

/// The numbering style of a subsection label: digits, lower-case letters, upper-case
/// letters (roman numerals count as letters: `i` and `v` are ambiguous in isolation).
fn label_style(label: &str) -> u8 {
    match label.chars().next() {
        Some(c) if c.is_ascii_digit() => 0,
        Some(c) if c.is_ascii_lowercase() => 1,
        Some(c) if c.is_ascii_uppercase() => 2,
        _ => 3,
    }
}

pub(crate) fn kind_for(code: Option<&str>, unit: Unit) -> CitationKind {
    match code.map(codes::family_of) {
        Some(CodeFamily::Usc) => CitationKind::Usc,
        Some(CodeFamily::Cfr) => CitationKind::Cfr,
        Some(CodeFamily::StateStatute) => CitationKind::StateStatute,
        Some(CodeFamily::StateRegulation) => CitationKind::StateRegulation,
        Some(CodeFamily::Eu) => CitationKind::EuArticle,
        Some(CodeFamily::Named) if code.is_some_and(is_generic_code_phrase) => section_kind(unit),
        Some(CodeFamily::Named) => CitationKind::NamedAct,
        None => section_kind(unit),
    }
}

fn section_kind(unit: Unit) -> CitationKind {
    match unit {
        Unit::Section => CitationKind::Section,
        Unit::Article | Unit::Annex | Unit::Recital => CitationKind::EuArticle,
    }
}

/// `the Code`, `administrative code`: names that only the citing document's context
/// resolves.
pub(crate) fn is_generic_code_phrase(phrase: &str) -> bool {
    let lower = phrase.to_ascii_lowercase();
    let lower = lower.trim_start_matches("the ").trim();
    matches!(lower, "code" | "administrative code" | "charter" | "act")
}

/// `re` matched at `pos` (its patterns start with `^`): where the match ends, and its
/// groups. Most tries fail: the lazy DFA says so before any groups are allocated.
fn eat<'t>(text: &'t str, pos: usize, re: &Regex) -> Option<(usize, Captures<'t>)> {
    let hay = text.get(pos..)?;
    if !re.is_match(hay) {
        return None;
    }
    let caps = re.captures(hay)?;
    let end = pos + caps.get(0)?.end();
    Some((end, caps))
}

fn unit_of_word(word: &str) -> Option<(Unit, bool)> {
    let w = word.trim_end().to_ascii_lowercase();
    Some(match w.as_str() {
        "§" => (Unit::Section, false),
        "§§" => (Unit::Section, true),
        // `u/s 302` (under section), as Indian courts and police write it.
        "section" | "sec." | "part" | "s." | "s" | "u/s" | "u/s." => (Unit::Section, false),
        "sections" | "secs." | "parts" | "ss." | "ss" => (Unit::Section, true),
        "article" | "art." | "art" => (Unit::Article, false),
        "articles" | "arts." | "arts" => (Unit::Article, true),
        "annex" => (Unit::Annex, false),
        "annexes" => (Unit::Annex, true),
        "recital" => (Unit::Recital, false),
        "recitals" => (Unit::Recital, true),
        _ => return None,
    })
}

/// A phrase headed by a section word or `§` at `start`, with the code named before it.
fn headed(text: &str, start: usize) -> Option<Phrase> {
    // `the Office of Planning's 2021 Comprehensive Plan`: the letter of a possessive.
    if text[start..].starts_with('s') && text[..start].ends_with(['\'', '’']) {
        return None;
    }
    // `section 2 CFR 200.413 of the Uniform Requirements`: a redundant section word before
    // a code's own citation.
    if let Some((after, caps)) = eat(text, start, &SECTION_WORD)
        && caps
            .name("w")
            .is_some_and(|w| w.as_str().to_ascii_lowercase().starts_with("sec"))
        && PREFIX_CODE.is_match(&text[after..])
        && let Some(mut phrase) = parse_prefixed(text, after)
    {
        phrase.start = start;
        return Some(phrase);
    }
    let mut phrase = parse_headed(text, start, None)?;
    outline_of_a_document(text, &mut phrase);
    prior_edition(text, start, &mut phrase);
    code_named_before(text, start, &mut phrase);
    let dated_act = code_named_in_words_before(text, start, &mut phrase);
    eu_act_named_before(text, start, &mut phrase);
    // `art 6 GDPR`, `arts 6 and 7 of Directive 93/13/EEC`, `Directive 93/13/EEC, art 3`:
    // OSCOLA's article without its period (rule 2.6.1) is an article only of an act named
    // with it; anywhere else the word is prose's (`the state of the art 3`).
    if UNPERIODIC_ARTICLE.is_match(&text[start..])
        && !matches!(&phrase.code, Some(CodeRef::Named(name)) if !is_generic_code_phrase(name))
    {
        return None;
    }
    // `s 6` without its period is a section only of an act named with its year, before it
    // (OSCOLA rule 2.1: `Human Rights Act 1998, s 15`; AGLC rule 3.1: `Privacy Act 1988
    // (Cth) s 6`) or after it (`s 6 of the Privacy Act 1988`); anywhere else the letter is
    // a word's (`the company's 3 subsidiaries`).
    // A constitution's section is cited so too (`s 51(xxxi) of the Constitution`, AGLC rule
    // 3.6), though it has no year.
    let of_dated_act = matches!(&phrase.code, Some(CodeRef::Named(name))
        if ends_with_year(name) || name.ends_with("Constitution"));
    // `S. 138 of the N.I. Act`: the capital abbreviation only of an act it names (the
    // anchor reads no other).
    if (text[start..].starts_with("S.") || text[start..].starts_with("Ss."))
        && !matches!(&phrase.code, Some(CodeRef::Named(name)) if names_a_law(name))
    {
        return None;
    }
    if unperiodic_section_abbreviation(&text[start..])
        && !dated_act
        && !of_dated_act
        && instrument_before(text, start).is_none()
    {
        return None;
    }
    Some(phrase)
}

/// `section III.B.2 of this preamble`, `Section IV.C.`, `section V.A. above`, `section III
/// below`: a part of a document's own outline, numbered in Roman numerals and letters, as a
/// rulemaking's preamble is (Document Drafting Handbook, ch. 1: `I.`, `A.`, `1.`) and a
/// report or a brief; or a Roman-numbered part pointed to by `above` or `below`, words the
/// Handbook keeps out of regulatory text and no code's cross-reference uses of a section.
/// No code numbers its sections so: the phrase is read, and yields no citation.
fn outline_of_a_document(text: &str, phrase: &mut Phrase) {
    static OUTLINE: LazyLock<Regex> = LazyLock::new(|| {
        re(
            r"^(?:\.(?:[A-Z](?-u:\b)|\d{1,2}(?-u:\b)|\([A-Za-z0-9]{1,4}\))|\.?[ \t]+(?:above|below)(?-u:\b))",
        )
    });
    if phrase.code.is_some()
        || !matches!(phrase.relative, None | Some(Relative::Bare(_)))
        || !matches!(phrase.head, Head::Section { .. })
    {
        return;
    }
    // The first item: a list's later item may be anything the list ran into.
    let outline = phrase.items.first().is_some_and(|item| {
        item.labels.is_empty()
            && item
                .section
                .as_deref()
                .is_some_and(super::named_before::is_roman)
            && OUTLINE.is_match(&text[item.span.end..])
    });
    if outline {
        phrase.unnumbered_scope = true;
    }
}

/// The name of the instrument numbered in its year or volume that a comma ends the text
/// before `start` with (`Criminal Code, RSC 1985, c C-46, s 718`, `SI 1998/1833, reg 4`;
/// [`super::numbered_act::instrument_ending`]).
fn instrument_before(text: &str, start: usize) -> Option<String> {
    let from = crate::line_index::floor_char_boundary(text, start.saturating_sub(48));
    super::numbered_act::instrument_ending(&text[from..start])
}

/// Whether `name` is a law's by its head noun or its year (`N.I. Act`, `Code of Civil
/// Procedure`, `Limitation Act, 1963`), not a body's (`the Senate`).
fn names_a_law(name: &str) -> bool {
    let head = name
        .trim_end_matches(|c: char| c.is_ascii_digit() || c == ',' || c == ' ')
        .trim_end_matches(" of");
    ends_with_year(name)
        || name.starts_with("Code of")
        || [
            "Act",
            "Code",
            "Rules",
            "Regulations",
            "Ordinance",
            "Constitution",
        ]
        .iter()
        .any(|noun| head.ends_with(noun))
}

/// Whether `name` ends with a year (`Privacy Act 1988`, `Civil Rights Act of 1964`).
fn ends_with_year(name: &str) -> bool {
    name.rsplit(' ')
        .next()
        .is_some_and(super::named_before::is_year)
}

/// `Council Directive 93/13/EEC, art 3`, `Regulation (EU) 2016/679, Article 6(1)(a)`, `ECHR,
/// art 10`: an article pinpointed after its act's name and a comma is that act's (OSCOLA rule
/// 2.6.1 for EU legislation and rule 2.7 for treaties; The Bluebook, rule 21.4.5: `Council
/// Regulation 2016/679, art. 6`), not the citing act's. Sets the phrase's code; the act's
/// name stays a citation of its own, which the scan has read before.
fn eu_act_named_before(text: &str, start: usize, phrase: &mut Phrase) {
    static ACT_BEFORE: LazyLock<Regex> = LazyLock::new(|| {
        re(concat!(
            r"(?P<act>",
            eu_act!(),
            r"|(?-u:\b)(?:GDPR|TFEU|TEU|ECHR|",
            eu_short_name!(),
            r"))[ \t]*,[ \t]*$"
        ))
    });
    if phrase.code.is_some()
        || phrase.relative.is_some()
        || !matches!(
            phrase.head,
            Head::Section {
                unit: Unit::Article,
                ..
            }
        )
    {
        return;
    }
    // `GDPR Article 6(1)(a)`, `AI Act Art. 50`: an act's short name or acronym heads the
    // pinpoint without a comma too, as commentaries and compliance texts write it.
    static SHORT_NAME_BEFORE: LazyLock<Regex> = LazyLock::new(|| {
        re(concat!(
            r"(?-u:\b)(?P<act>(?:GDPR|TFEU|TEU|ECHR|AI[ \t]+Act|",
            eu_short_name!(),
            r"))[ \t]+$"
        ))
    });
    let Some((_, act)) = group_before(text, start, 64, &ACT_BEFORE, "act")
        .or_else(|| group_before(text, start, 64, &SHORT_NAME_BEFORE, "act"))
    else {
        return;
    };
    let Some(code) = codes::canonical_code(act) else {
        return;
    };
    phrase.code = Some(CodeRef::Named(code.name.into()));
}

/// Whether `head` opens with `s` or `ss` and a space, the section abbreviation without its
/// period.
fn unperiodic_section_abbreviation(head: &str) -> bool {
    let rest = head.strip_prefix("ss").or_else(|| head.strip_prefix('s'));
    rest.is_some_and(|r| r.starts_with(char::is_whitespace))
}

/// `1981 Ed., § 1-1303` (the D.C. Council's prior codifications): a section of a former
/// edition of the code, cited by the edition's year; not a section of the code in force.
fn prior_edition(text: &str, start: usize, phrase: &mut Phrase) {
    static EDITION: LazyLock<Regex> =
        LazyLock::new(|| re(r"(?P<y>(?:1[89]|20)\d\d)[ \t]+Ed\.,?[ \t]*$"));
    if phrase.code.is_some() || phrase.relative.is_some() {
        return;
    }
    let from = crate::line_index::floor_char_boundary(text, start.saturating_sub(16));
    if let Some(caps) = EDITION.captures(&text[from..start])
        && let Some(year) = caps.name("y")
    {
        phrase.code = Some(CodeRef::Named(compact_str::format_compact!(
            "{} Ed.",
            year.as_str()
        )));
        phrase.kind = Some(CitationKind::NamedAct);
    }
}

/// `West's F.S.A. §§ 1012.99`, `I.C. § 33-4104`, `H R S § 315-1`, `R.R.S. 1943, § 66-1401`
/// (the jurisdiction tables of the uniform laws): a section sign right after the
/// abbreviation of a code lexls does not know (two or more abbreviated capitalised words,
/// or three or more spaced capitals, and an edition's year) cites that code, not the code of
/// the citing document and not the code of the citation before it. Named as written, it
/// resolves to no code of the workspace. A jurisdiction's abbreviation alone (`D.C. §`,
/// `N.Y. §`, `U.S. §`) names no code and is left alone.
fn code_named_before(text: &str, start: usize, phrase: &mut Phrase) {
    static NAME: LazyLock<Regex> = LazyLock::new(|| {
        re(
            r"(?:^|[^\w.'’])(?P<name>(?:[A-Z][A-Za-z]{0,4}\.[ \t]*){2,}|[A-Z](?:[ \t][A-Z]){2,}[ \t]*)(?:(?:1[89]|20)\d\d,?[ \t]*)?$",
        )
    });
    static JURISDICTION: LazyLock<Regex> =
        LazyLock::new(|| re(&format!(r"^(?:{}|U\.[ \t]?S\.)$", super::forms::STATE)));
    if phrase.code.is_some() || phrase.relative.is_some() || !text[start..].starts_with('§') {
        return;
    }
    let Some((name_start, name)) = group_before(text, start, 40, &NAME, "name") else {
        return;
    };
    let name = name.trim();
    if JURISDICTION.is_match(name) {
        return;
    }
    phrase.start = name_start;
    phrase.code = Some(CodeRef::Named(name.into()));
    phrase.kind = Some(CitationKind::NamedAct);
}

/// The group `group` of `re` matched in the `window` bytes of `text` before byte `start` (a
/// pattern anchored at the window's end with `$`): where it starts in `text`, and its text.
fn group_before<'t>(
    text: &'t str,
    start: usize,
    window: usize,
    re: &Regex,
    group: &str,
) -> Option<(usize, &'t str)> {
    let from = crate::line_index::floor_char_boundary(text, start.saturating_sub(window));
    let found = re.captures(text.get(from..start)?)?.name(group)?;
    Some((from + found.start(), found.as_str()))
}

/// `Executive Law § 296`, `Texas Penal Code § 19.02`, `National Environmental Policy Act
/// of 1969 § 102`: a section whose code or act is named in words right before it (see
/// [`super::named_before`]); the phrase then starts at the name. Returns whether the name
/// was an act's with its year.
fn code_named_in_words_before(text: &str, start: usize, phrase: &mut Phrase) -> bool {
    let head = &text.as_bytes()[start..];
    let designator = text[start..].starts_with('§')
        || head
            .get(..3)
            .is_some_and(|b| b.eq_ignore_ascii_case(b"sec"))
        || head.starts_with(b"s.")
        || head.starts_with(b"ss.")
        || unperiodic_section_abbreviation(&text[start..]);
    // `Texas Code of Criminal Procedure article 38.22`, `Louisiana Civil Code article 2315`:
    // the codes a state divides into articles (table T1: `Tex. Code Crim. Proc. Ann. art.`,
    // `La. Civ. Code Ann. art.`), cited by article after their name, and the civil law's
    // codes named in words, which are divided into articles (the McGill Guide rule 2.2:
    // `Civil Code of Québec, art. 1457`, `Code of Civil Procedure, art. 20`); an article
    // after any other name is the name's own affair.
    let article = matches!(
        phrase.head,
        Head::Section {
            unit: Unit::Article,
            ..
        }
    );
    if phrase.code.is_some() || phrase.relative.is_some() || !(designator || article) {
        return false;
    }
    if let Some(named) = super::named_before::code_named_before(text, start)
        && (!article
            || named.kind == CitationKind::StateStatute
            || named.kind == CitationKind::UniformLaw
            || (!named.act && is_a_code_in_words(&named.code)))
    {
        static TITLE_SECTION: LazyLock<Regex> = LazyLock::new(|| re(r"^\d+[A-Za-z]?-\d"));
        let codified = phrase
            .items
            .first()
            .and_then(|it| it.section.as_deref())
            .is_some_and(|n| TITLE_SECTION.is_match(n));
        if named.act && codified {
            return false;
        }
        phrase.start = named.start;
        phrase.code = Some(CodeRef::Named(named.code.into()));
        phrase.kind = Some(named.kind);
        if article {
            phrase.designator = Some("art.".into());
        }
        return named.act && named.dated;
    }
    false
}

/// Whether `name` is a code named in words ([`is_a_code_in_words`]) that names a code in
/// particular: not only generic words before its head noun (`Official Code`, `Municipal
/// Code`), nor a national code, which is cited by its title (`United States Code`).
fn names_a_code_in_particular(name: &str) -> bool {
    let name = name.strip_prefix("the ").unwrap_or(name);
    let head = name.split(" of ").next().unwrap_or(name);
    let words: Vec<&str> = head.split_whitespace().collect();
    let names_more = name.contains(" of ")
        || words.len() < 2
        || !words[..words.len() - 1]
            .iter()
            .all(|w| super::named_before::is_generic_word(w));
    is_a_code_in_words(name)
        && !name.starts_with("United States")
        && !name.starts_with("U.S.")
        && names_more
}

/// Whether `name` is a code's named in words (`Civil Code of Québec`, `Code of Civil
/// Procedure`, `French Civil Code`): its head noun `Code`, last or before its `of` phrase.
fn is_a_code_in_words(name: &str) -> bool {
    let head = name.split(" of ").next().unwrap_or(name);
    head.split_whitespace().last() == Some("Code") && name.split_whitespace().count() >= 2
}

/// The body nouns after `Article N` (and up to three words of its name) that make it the
/// name of a committee or working party (`Article 29 Data Protection Working Party`).
static BODY_NAMED_BY_ARTICLE: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^[ \t]+(?:[A-Z][a-z]+[ \t]+){0,3}(?:Working[ \t]+Party|Working[ \t]+Group|Committee|Panel)(?-u:\b)",
    )
});

/// Parses a phrase that starts with a head word or `§` at `start`.
fn parse_headed(text: &str, start: usize, code: Option<CodeRef>) -> Option<Phrase> {
    if let Some((pos, caps)) =
        eat(text, start, &SECTION_WORD).or_else(|| eat(text, start, &UNPERIODIC_ARTICLE))
    {
        let word = caps.name("w")?.as_str();
        let (unit, plural) = unit_of_word(word)?;
        let is_part = word.to_ascii_lowercase().starts_with("part");
        let mut phrase = Phrase::new(start, Head::Section { unit, plural });
        phrase.code = code;
        let pos = parse_section_items(text, pos, &mut phrase)?;
        let pos = parse_tail(text, pos, &mut phrase);
        phrase.end = trim_end(text, phrase.start, pos);
        // `Section 3.2.4 of ANSI/APSP/ICC-16 2017`: a section of a standard or another
        // document named by an acronym, not a provision of law.
        if phrase.code.is_none()
            && let Some((after, _)) = eat(text, pos, &OF)
            && STANDARD.is_match(&text[after..])
        {
            return None;
        }
        // `the Article 29 Working Party`, `the Article 133 Committee`: a body the EU named
        // after the article that set it up, not a citation of an article.
        if matches!(unit, Unit::Article)
            && phrase.code.is_none()
            && phrase.items.len() == 1
            && phrase.items.iter().all(|it| it.labels.is_empty())
            && BODY_NAMED_BY_ARTICLE.is_match(&text[phrase.end..])
        {
            return None;
        }
        if is_part {
            // `part 1602.7 of title 29 of the code of federal regulations` names a C.F.R.
            // section, `part 60 of title 40, Code of Federal Regulations` a C.F.R. part, and
            // `part 63 of this chapter` a part of the citing code (Document Drafting
            // Handbook, ch. 2: a rule cites the parts of its own chapter so). Other parts are
            // containers lexls does not model.
            let numbered = phrase.items.iter().all(|it| {
                it.labels.is_empty()
                    && it
                        .section
                        .as_deref()
                        .is_some_and(|n| n.chars().all(|c| c.is_ascii_digit()))
            });
            let cfr = matches!(&phrase.code, Some(CodeRef::Named(c)) if codes::family_of(c) == CodeFamily::Cfr);
            let own_code = phrase.code == Some(CodeRef::This);
            if !cfr {
                // `The authority citation for part 4279 continues to read`: a bare numbered
                // part may be the C.F.R. part a rule amends; it is kept only when an earlier
                // citation of the text names that part's title (see [`super::short_form`]).
                if (phrase.code.is_some() && !own_code) || phrase.relative.is_some() || !numbered {
                    return None;
                }
            }
            if numbered {
                phrase.designator = Some("Part".into());
            }
        }
        return Some(phrase);
    }
    let (pos, caps) = eat(text, start, &LEVEL_WORD)?;
    let word = LevelWord::parse(caps.name("w")?.as_str())?;
    // `Form 10-K, Item 7`, `Form 1040, line 7`: the unit of a form, no provision of law.
    if after_a_form(text, start) {
        return None;
    }
    let mut phrase = Phrase::new(start, Head::Level(word));
    phrase.code = code;
    let pos = parse_label_items(text, pos, &mut phrase)?;
    let pos = parse_tail(text, pos, &mut phrase);
    phrase.end = trim_end(text, phrase.start, pos);
    Some(phrase)
}

/// Whether a form's name and number end the text before `start`, with a comma or without
/// (`Form 10-K, `, `Form ADV `): an item or line after it is the form's. (A schedule's
/// paragraph after `Schedule 2, ` is an act's.)
fn after_a_form(text: &str, start: usize) -> bool {
    static FORM: LazyLock<Regex> =
        LazyLock::new(|| re(r"(?-u:\b)Form[ \t]+[A-Z0-9][A-Z0-9-]{0,8}(?-u:\b),?[ \t]+$"));
    let from = crate::line_index::floor_char_boundary(text, start.saturating_sub(24));
    FORM.is_match(&text[from..start])
}

/// `regulation 4(2) of the Working Time Regulations 1998`, `rule 3.4 of the Civil Procedure
/// Rules 1998`, `regs. 4 and 5 of the … Regulations 2010`: a provision of a United Kingdom
/// statutory instrument, which the Office of the Parliamentary Counsel's drafting guidance
/// divides by its kind (Regulations into regulations, Rules into rules; an Order's articles
/// are read as articles are). The instrument must be named after it, with its kind and year
/// (`Regulations 1998`), or be the citing one (`of these Regulations`); `regulation 4`
/// alone, or of an instrument of another kind, is no citation. The phrase's items are
/// sections of the named instrument.
fn parse_instrument_provision(text: &str, start: usize) -> Option<Phrase> {
    static PROVISION_WORD: LazyLock<Regex> = LazyLock::new(|| {
        re(
            r"^(?:(?P<reg>[Rr]egulation|[Rr]eg\.?)|(?P<regs>[Rr]egulations|[Rr]egs\.?)|(?P<rr>rr\.?)|(?P<rule>[Rr]ule|r\.?)|(?P<rules>[Rr]ules))[ \t]+",
        )
    });
    let (pos, caps) = eat(text, start, &PROVISION_WORD)?;
    let plural = ["regs", "rr", "rules"]
        .iter()
        .any(|g| caps.name(g).is_some());
    let kinds: &[&str] = if caps.name("rule").is_some() || caps.name("rules").is_some() {
        &["Rules"]
    } else if caps.name("rr").is_some() {
        // `rr.` are rules or regulations alike.
        &["Regulations", "Rules"]
    } else {
        &["Regulations"]
    };
    let mut phrase = Phrase::new(
        start,
        Head::Section {
            unit: Unit::Section,
            plural,
        },
    );
    let pos = parse_section_items(text, pos, &mut phrase)?;
    // `regulation 12 of these Regulations`, `rules 3 and 4 of these Rules`: the instrument's
    // own provisions, as it names itself (the Office of the Parliamentary Counsel's drafting
    // guidance), of the citing document.
    static OF_THESE: LazyLock<Regex> =
        LazyLock::new(|| re(r"^[ \t]+of[ \t]+these[ \t]+(?P<kind>Regulations|Rules)(?-u:\b)"));
    if let Some((end, these)) = eat(text, pos, &OF_THESE) {
        if !kinds.contains(&these.name("kind")?.as_str()) {
            return None;
        }
        phrase.code = Some(CodeRef::This);
        phrase.end = end;
        return Some(phrase);
    }
    // `regulation 4 of SI 1998/1833`: an instrument by its number after the provision.
    static OF_NUMBER: LazyLock<Regex> = LazyLock::new(|| re(r"^[ \t]+of[ \t]+"));
    if let Some((at, _)) = eat(text, pos, &OF_NUMBER)
        && let Some((end, name)) = super::numbered_act::instrument_at(text, at)
    {
        phrase.code = Some(CodeRef::Named(name.into()));
        phrase.kind = Some(CitationKind::NamedAct);
        phrase.end = end;
        return Some(phrase);
    }
    let pos = parse_tail(text, pos, &mut phrase);
    phrase.end = trim_end(text, phrase.start, pos);
    if phrase.code.is_none()
        && let Some((named, numbered)) = super::named_before::instrument_named_before(text, start)
    {
        if !numbered {
            phrase.start = named.start;
        }
        phrase.code = Some(CodeRef::Named(named.code.into()));
        phrase.kind = Some(CitationKind::NamedAct);
    }
    // `SI 1998/1833, reg 4`, `RRO 1990, Reg 194, r 21.01`: the provision of the instrument
    // numbered before it, where no title precedes the number; any designator serves (an
    // instrument's number says nothing of its kind).
    if phrase.code.is_none()
        && let Some(name) = instrument_before(text, start)
    {
        phrase.code = Some(CodeRef::Named(name.into()));
        phrase.kind = Some(CitationKind::NamedAct);
        return Some(phrase);
    }
    let Some(CodeRef::Named(name)) = &phrase.code else {
        return None;
    };
    let mut words = name.split_whitespace().rev();
    // `the Income Tax Rules, 1962`: India's short titles put a comma before the year.
    let (year, kind) = (words.next()?, words.next()?.trim_end_matches(','));
    (super::named_before::is_year(year) && kinds.contains(&kind)).then_some(phrase)
}

/// `42 U.S.C. § 1983`, `6 RCNY § 5-301(b)`, `NYC Admin. Code § 20-871`, `15 U.S.C. 1051 et
/// seq.`
fn parse_prefixed(text: &str, start: usize) -> Option<Phrase> {
    let (pos, caps) = eat(text, start, &PREFIX_CODE).or_else(|| eat(text, start, &NYC_PREFIX))?;
    let code = codes::canonical_code(caps.name("code")?.as_str())?;
    // `42 U.S.C. S 1983`, `15 U.S.C.A. s 78j(b)`: the section sign as commercial plain text
    // (Westlaw) prints it, before a number only.
    let (pos, sign) = match (caps.name("sym"), caps.name("ssym"), caps.name("sdigit")) {
        (Some(sym), ..) => (pos, Some(sym.as_str().len() > "§".len())),
        (None, Some(s), Some(digit)) => (start + digit.start(), Some(s.as_str().len() == 2)),
        _ => (pos, None),
    };
    let has_sym = sign.is_some();
    let plural = sign.unwrap_or(false);
    let mut phrase = Phrase::new(
        start,
        Head::Section {
            unit: Unit::Section,
            plural,
        },
    );
    let is_cfr = code.family == CodeFamily::Cfr;
    let mut pos = pos;
    let mut name = code.name;
    // `50 U.S.C. App. 2401`, `5 U.S.C. App.`: the appendix of a title (OLRC).
    if code.family == CodeFamily::Usc
        && !has_sym
        && let Some((after, _)) = eat(text, trim_end(text, start, pos), &APPENDIX)
    {
        name.push_str(" App.");
        pos = after;
        let items_at = eat(text, pos, &SECTION_WORD).map_or(pos, |(p, _)| p);
        let mut phrase = Phrase::sections_of(start, &name, plural);
        if let Some(end) = parse_section_items(text, items_at, &mut phrase) {
            // `5 U.S.C. App. 3 § 8G`, `5 U.S.C. App. 2, § 10(b)` (The Bluebook, rule 12.9.2:
            // an act in the appendix, then its own section): the act's number is part of the
            // code; its sections follow the section sign.
            let act = match phrase.items.as_slice() {
                [only] if only.labels.is_empty() && only.range_end.is_none() => {
                    only.section.clone()
                }
                _ => None,
            };
            if let Some(act) = act
                && let Some((sign_end, _)) = eat(text, end, &APPENDIX_ACT_SECTION)
            {
                let mut of_act = Phrase::sections_of(
                    start,
                    &format!("{name} {act}"),
                    text[end..sign_end].contains("§§"),
                );
                of_act.designator = Some("§".into());
                of_act.kind = Some(CitationKind::Usc);
                if let Some(end) = parse_section_items(text, sign_end, &mut of_act) {
                    let end = parse_tail(text, end, &mut of_act);
                    of_act.end = trim_end(text, start, end);
                    return Some(of_act);
                }
            }
            let end = parse_tail(text, end, &mut phrase);
            phrase.end = trim_end(text, start, end);
            return Some(phrase);
        }
        let mut phrase = Phrase::new(start, Head::Level(LevelWord::Subsection));
        phrase.kind = Some(CitationKind::Usc);
        phrase.code = Some(CodeRef::Named(name.into()));
        phrase.end = trim_end(text, start, pos);
        return Some(phrase);
    }
    // `44 U.S.C. chapter 35`, `2 U.S.C. Ch. 25`: a division cited as a whole. A C.F.R.
    // part after the chain (`40 CFR chapter I, subchapter C, part 60`) is the citation: a
    // part's number is unique in its title, the chapters above it only locate it.
    let chain = (!has_sym)
        .then(|| divisions_after(text, trim_end(text, start, pos), is_cfr))
        .flatten();
    let chain = match chain {
        Some((after, _))
            if is_cfr
                && eat(text, after, &PART_WORD).is_some_and(|(at, _)| {
                    text[after..].starts_with(',')
                        && text[at..].starts_with(|c: char| c.is_ascii_digit())
                }) =>
        {
            pos = after;
            None
        }
        chain => chain,
    };
    if let Some((after, division)) = chain {
        let mut phrase = Phrase::new(start, Head::Level(LevelWord::Subsection));
        // `6 RCNY Chapter 5`: the kind of the code named, federal or not.
        phrase.kind = Some(kind_for(Some(&name), Unit::Section));
        phrase.code = Some(CodeRef::Named(name.into()));
        phrase.division = Some(division);
        phrase.end = after;
        return Some(phrase);
    }
    phrase.code = Some(CodeRef::Named(name.into()));
    let code_end = pos;
    // `48 CFR subpart 9.4`: the Federal Acquisition Regulations System numbers a subpart
    // with its part (FAR 1.105-2: part 9, subpart 9.4, section 9.406, subsection 9.406-2).
    if is_cfr && !has_sym && dotted_subpart(text, pos, &mut phrase).is_some() {
        return Some(phrase);
    }
    if !has_sym {
        if let Some(after) = part_word(text, pos, &mut phrase, is_cfr) {
            pos = after;
        } else if let Some((after, w)) = eat(text, pos, &SECTION_WORD) {
            if let Some((_, plural)) = w.name("w").and_then(|w| unit_of_word(w.as_str())) {
                phrase.head = Head::Section {
                    unit: Unit::Section,
                    plural,
                };
            }
            pos = after;
        }
    }
    // `50 CFR 222`: a C.F.R. number without a `.` is a part (Document Drafting Handbook);
    // in title 3 it is a page of the annual compilation of the President's documents
    // (`Exec. Order No. 13,526, 3 C.F.R. 298 (2010)`; The Bluebook, rule 14.7).
    let compilation = matches!(&phrase.code, Some(CodeRef::Named(n)) if n == "3 C.F.R.");
    if is_cfr
        && !has_sym
        && !compilation
        && phrase.designator.is_none()
        && !is_cfr_section_number(&text[ws(text, pos)..])
    {
        let digits = text[ws(text, pos)..].starts_with(|c: char| c.is_ascii_digit());
        if digits {
            phrase.designator = Some("Part".into());
        }
    }
    let Some(pos) = parse_section_items(text, pos, &mut phrase) else {
        // `any other provision of 26 U.S.C. with intent …`: the title cited as a whole.
        let rest = text[code_end..].trim_start_matches([' ', '\t']);
        let whole_title = matches!(code.family, CodeFamily::Usc | CodeFamily::Cfr)
            && !has_sym
            && pos == code_end
            && !rest.starts_with(|c: char| c.is_ascii_digit() || c == '§');
        if !whole_title {
            return None;
        }
        let mut title = Phrase::new(start, Head::Level(LevelWord::Subsection));
        title.kind = Some(if is_cfr {
            CitationKind::Cfr
        } else {
            CitationKind::Usc
        });
        title.code = phrase.code.take();
        title.end = trim_end(text, start, code_end);
        return Some(title);
    };
    let pos = parse_tail(text, pos, &mut phrase);
    phrase.end = trim_end(text, phrase.start, pos);
    Some(phrase)
}

/// Reads a [`PART_WORD`] at `pos` into `phrase`: `14 CFR part 25` cites a part (of the
/// C.F.R., `is_cfr`), `38 CFR Part 74.2` a section; `parts` makes the head plural. Where
/// the word ends; `None` where none is.
fn part_word(text: &str, pos: usize, phrase: &mut Phrase, is_cfr: bool) -> Option<usize> {
    let (after, part) = eat(text, pos, &PART_WORD)?;
    if !is_cfr_section_number(&text[after..]) && is_cfr {
        phrase.designator = Some("Part".into());
    }
    if part.name("s").is_some() || part.name("pts").is_some() {
        phrase.head = Head::Section {
            unit: Unit::Section,
            plural: true,
        };
    }
    Some(after)
}

/// Reads a [`DOTTED_SUBPART`] at `pos` into `phrase` (its part the item, the subpart its
/// division) and ends the phrase after it; `None` where none is.
fn dotted_subpart(text: &str, pos: usize, phrase: &mut Phrase) -> Option<()> {
    let (after, caps) = eat(text, pos, &DOTTED_SUBPART)?;
    if text[after..].starts_with(['-', '.']) && !text[after..].starts_with(". ") {
        return None;
    }
    let (part, subpart) = (caps.name("part")?, caps.name("sub")?);
    phrase.designator = Some("Part".into());
    phrase.items.push(Item::new(
        ws(text, pos)..after,
        Some(part.as_str().into()),
        Vec::new(),
    ));
    phrase.division = Some(format!("subpart {}.{}", part.as_str(), subpart.as_str()));
    phrase.division_end = Some(after);
    phrase.end = after;
    Some(())
}

/// A subpart numbered with its part (`subpart 9.4`, `subpt. 209.4`), as the Federal
/// Acquisition Regulations System of 48 C.F.R. numbers them (FAR 1.105-2).
static DOTTED_SUBPART: LazyLock<Regex> = LazyLock::new(|| {
    re(r"^[ \t]*(?i:subpart|subpt\.)[ \t]*(?P<part>\d{1,3})\.(?P<sub>\d{1,2})(?-u:\b)")
});

/// `part`, `parts`, or The Bluebook's `pt.`, `pts.` (rule 14.2, table T16).
static PART_WORD: LazyLock<Regex> =
    LazyLock::new(|| re(r"^,?[ \t]*(?:(?i:part)(?P<s>s)?|pt(?P<pts>s)?\.)[ \t]+"));

/// Whether the number at the start of `rest` is a C.F.R. section (`74.2`), not a part
/// (`25`, `1302.` at the end of a sentence): C.F.R. sections are numbered `part.section`.
fn is_cfr_section_number(rest: &str) -> bool {
    rest.split(|c: char| !c.is_alphanumeric() && c != '.')
        .next()
        .is_some_and(|n| n.trim_end_matches('.').contains('.'))
}
static APPENDIX: LazyLock<Regex> =
    LazyLock::new(|| re(r"^[ \t]+(?i:app\.|app(?-u:\b)|appendix(?-u:\b))[ \t]*"));
/// The section sign after an appendix act's number (`App. 3 § 8G`, `App. 2, §§ 10-11`).
static APPENDIX_ACT_SECTION: LazyLock<Regex> = LazyLock::new(|| re(r"^,?[ \t]*§§?[ \t]*"));

/// A section phrase after a code that [`forms`] recognised (`Ala. Code § 38-2-6`, `Mass.
/// Gen. Laws ch. 1, §§ 2-3`, `INA § 101(11)`, `Treas. Reg. § 1.41-2`).
fn parse_code_prefixed(
    text: &str,
    start: usize,
    after: usize,
    code: String,
    kind: CitationKind,
    designator: Option<String>,
    plural: bool,
) -> Option<Phrase> {
    let mut phrase = Phrase::sections_of(start, &code, plural);
    phrase.kind = Some(kind);
    phrase.designator = designator;
    let mut after = after;
    if kind == CitationKind::Cfr {
        // `FAR subpart 9.4`, `FAR part 15`.
        if dotted_subpart(text, after, &mut phrase).is_some() {
            return Some(phrase);
        }
        if let Some(past) = part_word(text, after, &mut phrase, true) {
            after = past;
        }
    }
    let pos = parse_section_items(text, after, &mut phrase)?;
    let pos = parse_tail(text, pos, &mut phrase);
    phrase.end = trim_end(text, phrase.start, pos);
    Some(phrase)
}

/// `Regulations (EEC) No 2700/93 and (EC) No 2342/1999`, `Directives 2006/48/EC and
/// 2006/49/EC`: one citation of each act.
fn parse_eu_acts(text: &str, start: usize) -> Option<Phrase> {
    let (mut pos, caps) = eat(text, start, &EU_ACTS_HEAD)?;
    let kind = caps.name("k")?.as_str();
    let mut phrase = Phrase::new(
        start,
        Head::Section {
            unit: Unit::Article,
            plural: true,
        },
    );
    phrase.kind = Some(CitationKind::EuAct);
    let mut names = Vec::new();
    loop {
        let item_start = ws(text, pos);
        let Some((end, item)) = eat(text, item_start, &EU_ACT_ITEM) else {
            break;
        };
        let Some(code) = codes::canonical_code(&format!("{kind} {}", item.get(0)?.as_str())) else {
            break;
        };
        names.push((item_start..end, code.name));
        pos = end;
        match eat(text, pos, &LIST_SEP) {
            Some((after, _)) => pos = after,
            None => break,
        }
    }
    let first = names.first()?.0.end;
    phrase.end = names.last()?.0.end;
    phrase.acts = names
        .into_iter()
        .enumerate()
        .map(|(i, (span, name))| (if i == 0 { start..first } else { span }, name))
        .collect();
    Some(phrase)
}

/// A code named by its title before any section (OLRC and Federal Register style): `title
/// 10, United States Code, section 12`, `Title 28, United States Code, Section 1331`, `28,
/// United States Code, Section 1331`, `Title 14, Code of Federal Regulations, part 71`; or
/// the title cited as a whole (`Title 49 of the United States Code`, `title 44, United
/// States Code, chapter 35`).
fn parse_titled(text: &str, start: usize) -> Option<Phrase> {
    let (pos, caps) = eat(text, start, &TITLED_CODE)?;
    // `CFR Title 40, Part 60`, `the Code of Federal Regulations (CFR) Title 21`: the code
    // named before its title (LexNLP's and agencies' usage).
    let code_first = caps.name("c2").is_some();
    let t = caps.name("t").or(caps.name("t2"))?;
    let c = caps.name("c").or(caps.name("c2"))?;
    // `Title 26 U.S.C. 5731(a)`, `Title 49 U.S.C. App.`, `Title 40 CFR Part 52`: a redundant
    // `Title` before a code cited by its abbreviation; the rest reads as that code's prefix
    // form.
    let abbreviated = !c.as_str().contains("Code");
    if !code_first
        && abbreviated
        && t.start() > 0
        && text[start + t.end()..].starts_with([' ', '\t'])
        && let Some(mut phrase) = parse_prefixed(text, start + t.start())
    {
        phrase.start = start;
        return Some(phrase);
    }
    let title = t.as_str();
    let is_cfr = c.as_str().to_ascii_lowercase().contains('f');
    let code = if is_cfr {
        format!("{title} C.F.R.")
    } else {
        format!("{title} U.S.C.")
    };
    if let Some((after, w)) = eat(text, pos, &TITLED_SECTION) {
        let word = w.name("w")?.as_str();
        let (_, plural) = unit_of_word(word).unwrap_or((Unit::Section, false));
        let is_part = word.to_ascii_lowercase().starts_with("part");
        let mut phrase = Phrase::sections_of(start, &code, plural);
        if is_part && is_cfr && !is_cfr_section_number(&text[ws(text, after)..]) {
            phrase.designator = Some("Part".into());
        }
        if let Some(end) = parse_section_items(text, after, &mut phrase) {
            let end = parse_tail(text, end, &mut phrase);
            phrase.end = trim_end(text, start, end);
            return Some(phrase);
        }
    }
    let mut phrase = Phrase::new(start, Head::Level(LevelWord::Subsection));
    phrase.kind = Some(if is_cfr {
        CitationKind::Cfr
    } else {
        CitationKind::Usc
    });
    phrase.code = Some(CodeRef::Named(code.into()));
    let mut end = pos;
    if let Some((after, division)) = divisions_after(text, pos, is_cfr) {
        phrase.division = Some(division);
        end = after;
    }
    // `28, United States Code,` without a section is not a citation of the title.
    if !code_first
        && !caps.get(0)?.as_str()[..1].eq_ignore_ascii_case("t")
        && phrase.division.is_none()
    {
        return None;
    }
    phrase.end = trim_end(text, start, end);
    Some(phrase)
}

/// A reader's one phrase as the phrases read up to where it ends.
fn one_phrase(phrase: Option<Phrase>) -> Option<(usize, Vec<Phrase>)> {
    phrase.map(|p| (p.end, vec![p]))
}

/// `California Code of Regulations, title 22, section 66261.3`, `Title 8, California Code of
/// Regulations, Section 3203`, `30 Texas Administrative Code § 335.1`, `Title 10 of the
/// District of Columbia Municipal Regulations`: sections, or a title as a whole, of a
/// compilation of regulations named in words with its title ([`super::titled_regulations`]).
/// The title's number before the name cites a section only.
fn parse_titled_regulations(text: &str, start: usize) -> Option<Phrase> {
    let (pos, code, number_first) = super::titled_regulations::at(text, start)?;
    if let Some((after, w)) = eat(text, pos, &TITLED_SECTION) {
        let word = w.name("w")?.as_str();
        if !word.to_ascii_lowercase().starts_with("part") {
            let (_, plural) = unit_of_word(word).unwrap_or((Unit::Section, false));
            let mut phrase = Phrase::sections_of(start, &code, plural);
            phrase.kind = Some(CitationKind::StateRegulation);
            if let Some(end) = parse_section_items(text, after, &mut phrase) {
                let end = parse_tail(text, end, &mut phrase);
                phrase.end = trim_end(text, start, end);
                return Some(phrase);
            }
        }
    }
    if number_first {
        return None;
    }
    let mut phrase = Phrase::new(start, Head::Level(LevelWord::Subsection));
    phrase.kind = Some(CitationKind::StateRegulation);
    phrase.code = Some(CodeRef::Named(code.into()));
    phrase.end = trim_end(text, start, pos);
    Some(phrase)
}

/// `Washington Administrative Code 173-400-030`, `Code of Maryland Regulations 26.11.02.01`:
/// the provisions of a compilation of regulations named in words
/// ([`super::named_regulations`]), read as after the code's abbreviation.
fn parse_named_regulations(text: &str, start: usize) -> Option<Phrase> {
    let (after, code, designator, plural) = super::named_regulations::at(text, start)?;
    parse_code_prefixed(
        text,
        start,
        after,
        code.to_string(),
        CitationKind::StateRegulation,
        designator.map(str::to_string),
        plural,
    )
}

/// `chapter 119, Florida Statutes`, `chapter 120, F.S.`: a chapter of a state's code cited as
/// a whole, the code named after it (the Florida Statutes' own style); and a chain of
/// divisions, innermost first and each after a comma, of a code named in words after them,
/// as Texas's statutes cite their codes' divisions (the Texas Legislative Council's
/// drafting manual: `Chapter 552, Government Code`, `Subchapter C, Chapter 411, Government
/// Code`, `Title 2, Human Resources Code`), cited as the named code's divisions outermost
/// first (`Government Code ch. 411, subch. C`).
fn parse_chapter_of_state_code(text: &str, start: usize) -> Option<Phrase> {
    static LEVEL: LazyLock<Regex> = LazyLock::new(|| {
        re(
            r"^(?P<w>(?i:title|subtitle|chapter|subchapter|part|subpart|division))[ \t]+(?P<n>(?:\d{1,4}[A-Z]{0,2}|[IVXLC]{1,7}|[A-Z]{1,2})(?:-[0-9A-Z]{1,3})?)(?-u:\b)",
        )
    });
    if let Some((pos, d)) = eat(text, start, &DIVISION_WORD)
        && let Some((end, name, true)) = code_after_comma(text, pos)
    {
        return Some(Phrase::division_of(
            start..end,
            CitationKind::StateStatute,
            &name,
            division_name(&d, false)?,
        ));
    }
    let mut levels: Vec<String> = Vec::new();
    let mut pos = start;
    let (end, name, kind) = loop {
        let (after, caps) = eat(text, pos, &LEVEL)?;
        let word = super::container::abbreviation(caps.name("w")?.as_str())?;
        levels.push(format!("{word} {}", caps.name("n")?.as_str()));
        match code_after_comma(text, after) {
            Some((end, name, true)) => break (end, name, CitationKind::StateStatute),
            // `Title 26, Internal Revenue Code`: the title of the U.S. Code the act is
            // codified as, not a title of the act.
            Some((end, name, false))
                if names_a_code_in_particular(&name)
                    && !(codes::codified_as(&name).is_some()
                        && levels.iter().any(|l| l.starts_with("tit."))) =>
            {
                if let Some(code) = forms::uniform_law(&name) {
                    break (end, code.to_string(), CitationKind::UniformLaw);
                }
                // `Chapter 1, Internal Revenue Code`: a code lexls knows by another name
                // (`I.R.C.`), as the `of` form names it.
                let name = codes::canonical_code(&name)
                    .filter(|known| known.family == CodeFamily::Named)
                    .map_or(name, |known| known.name);
                break (end, name, CitationKind::NamedAct);
            }
            _ => {}
        }
        let next = text
            .get(after..)?
            .trim_start_matches([' ', '\t'])
            .strip_prefix(',')?;
        pos = ws(text, text.len() - next.len());
    };
    levels.reverse();
    Some(Phrase::division_of(
        start..end,
        kind,
        &name,
        levels.join(", "),
    ))
}

/// A chapter of a code or compilation numbered with its title or agency (`62-296`, `9A.32`,
/// `173-400`) cited whole in the state's own form, the code named after it: Florida's
/// `Chapter 62-296, F.A.C.`, Washington's `chapter 9A.32 RCW` and `chapter 173-400 WAC`, or a
/// compilation named in words (`chapter 173-400 of the Washington Administrative Code`;
/// [`super::named_regulations`]). Cited as table T1 cites a chapter (`Wash. Rev. Code ch.
/// 9A.32`).
fn parse_chapter_of_compilation(text: &str, start: usize) -> Option<Phrase> {
    static CHAPTER: LazyLock<Regex> = LazyLock::new(|| {
        re(
            r"^[Cc]hapter[ \t]+(?P<n>\d{1,3}[A-Z]{0,2}(?:[-.]\d{1,4}[A-Z]?)+)(?:,?[ \t]*(?P<abbr>F\.[ \t]?A\.[ \t]?C\.|(?:RCW|WAC)(?-u:\b)))?",
        )
    });
    let (after, caps) = eat(text, start, &CHAPTER)?;
    let (end, code, kind) = match caps
        .name("abbr")
        .map(|a| a.as_str().replace([' ', '\t'], ""))
    {
        Some(abbr) => {
            let (code, kind) = match abbr.as_str() {
                "RCW" => ("Wash. Rev. Code", CitationKind::StateStatute),
                "WAC" => ("Wash. Admin. Code", CitationKind::StateRegulation),
                _ => ("Fla. Admin. Code", CitationKind::StateRegulation),
            };
            (after, code, kind)
        }
        None => {
            let (len, code, _) = super::named_regulations::named_after(&text[after..])?;
            (after + len, code, CitationKind::StateRegulation)
        }
    };
    Some(Phrase::division_of(
        start..end,
        kind,
        code,
        format!("ch. {}", caps.name("n")?.as_str()),
    ))
}

/// A chapter of a state's code named in words after it, by its title (`chapter 119 of the
/// Florida Statutes`, `chapter 2.2-37 of the Code of Virginia`; table T1 lists each code's
/// title) or as a subject code (`chapter 552 of the Texas Government Code`): the code's
/// chapter as table T1 cites it (`Fla. Stat. ch. 119`, `Tex. Gov't Code ch. 552`).
fn parse_chapter_of_a_state_code_in_words(text: &str, start: usize) -> Option<Phrase> {
    static CHAPTER_OF: LazyLock<Regex> = LazyLock::new(|| {
        re(r"^[Cc]hapter[ \t]+(?P<n>\d{1,4}[A-Z]{0,2}(?:[-.]\d{1,4}[A-Z]?)*)[ \t]+of[ \t]+")
    });
    let (after, caps) = eat(text, start, &CHAPTER_OF)?;
    let rest = text.get(after..)?;
    let (len, code) = forms::state_code_title(rest).or_else(|| state_subject_code_at(rest))?;
    Some(Phrase::division_of(
        start..after + len,
        CitationKind::StateStatute,
        &code,
        format!("ch. {}", caps.name("n")?.as_str()),
    ))
}

/// `chapter 151B of the General Laws` (Massachusetts), `chapter 42-35 of the general laws`
/// (Rhode Island): the states' own statutes name their code `the General Laws` without the
/// state. Massachusetts numbers a chapter plainly (`151B`) and cites its sections by chapter
/// (`section 4 of chapter 151B of the General Laws`); Rhode Island numbers chapters
/// `title-chapter` and sections `title-chapter-section` (`section 11-23-1 of the general
/// laws`).
static GENERAL_LAWS: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?:[Cc]hapter[ \t]+(?P<ch>\d{1,3}[A-Z]{0,2}|\d{1,2}-\d{1,3}(?:\.\d{1,2})?)[ \t]+of[ \t]+)?the[ \t]+(?i:General[ \t]+Laws)(?-u:\b)",
    )
});

/// The state and the division of [`GENERAL_LAWS`] at the start of `rest`, when no `of` names
/// another state's (`General Laws of Rhode Island`, which [`forms::state_code_title`] reads):
/// where it ends, the code (`Mass. Gen. Laws` or `R.I. Gen. Laws`) and the chapter.
fn general_laws(rest: &str) -> Option<(usize, &'static str, Option<&str>)> {
    let caps = GENERAL_LAWS.captures(rest)?;
    let end = caps.get(0)?.end();
    if rest[end..]
        .trim_start_matches([' ', '\t'])
        .starts_with("of ")
    {
        return None;
    }
    let chapter = caps.name("ch").map(|c| c.as_str());
    let code = if chapter.is_some_and(|c| c.contains('-')) {
        "R.I. Gen. Laws"
    } else {
        "Mass. Gen. Laws"
    };
    Some((end, code, chapter))
}

/// `chapter 151B of the General Laws`: a chapter of the General Laws cited as a whole
/// ([`GENERAL_LAWS`]).
fn parse_chapter_of_general_laws(text: &str, start: usize) -> Option<Phrase> {
    let (len, code, Some(chapter)) = general_laws(&text[start..])? else {
        return None;
    };
    Some(Phrase::division_of(
        start..start + len,
        CitationKind::StateStatute,
        code,
        format!("ch. {chapter}"),
    ))
}

/// `chapter 55 of title 10, United States Code`, `subchapter II of chapter 5 of title 5`:
/// a division of a code cited as a whole.
fn parse_chapter_of_title(text: &str, start: usize) -> Option<Phrase> {
    let (pos, d) = eat(text, start, &DIVISION_WORD)?;
    let (after_of, _) = eat(text, pos, &OF)?;
    let (end, caps) = eat(text, after_of, &TITLE_OF)?;
    // `chapter 3 of title 5` alone may be a state code's title: the code must be named.
    let is_cfr = caps.name("c")?.as_str().to_ascii_lowercase().contains('f');
    let division = division_name(&d, is_cfr)?;
    division_of_a_federal_title(text, start, end, &caps, division)
}

/// A division of the U.S. Code or the C.F.R. cited as a whole from `start` to `end`: the
/// title and the code as [`TITLE_OF`] read them (`caps`; `None` without the code's name),
/// `division` the chain outermost first (`ch. 5, subch. II`).
fn division_of_a_federal_title(
    text: &str,
    start: usize,
    end: usize,
    caps: &Captures<'_>,
    division: String,
) -> Option<Phrase> {
    let title = caps.name("t")?.as_str();
    let is_cfr = caps.name("c")?.as_str().to_ascii_lowercase().contains('f');
    let mut phrase = Phrase::new(start, Head::Level(LevelWord::Subsection));
    phrase.kind = Some(if is_cfr {
        CitationKind::Cfr
    } else {
        CitationKind::Usc
    });
    let code = if is_cfr { "C.F.R." } else { "U.S.C." };
    phrase.code = Some(CodeRef::Named(compact_str::format_compact!(
        "{title} {code}"
    )));
    phrase.division = Some(division);
    phrase.end = trim_end(text, start, end);
    Some(phrase)
}

/// `subchapter II of Chapter 5 of Title 2`, `Chapter 10 of this title`, `part B of this
/// subchapter`: a container of the citing document's own code cited as a whole (see
/// [`super::container`]); it resolves, like `this chapter`, to the code.
fn parse_container(text: &str, start: usize) -> Option<Phrase> {
    // `subchapter II of chapter 5 of title 5, United States Code`: the code's citation,
    // with every level.
    let (end, chain) = match super::container::chain_at(text, start)? {
        super::container::ChainRead::OfNamedTitle { title_at, levels } => {
            let (end, caps) = eat(text, title_at, &TITLE_OF)?;
            return division_of_a_federal_title(text, start, end, &caps, levels);
        }
        super::container::ChainRead::Own { end, chain } => (end, chain),
    };
    // `Chapter 4 of Title 18 of the Government Code`: the title is of the code named after
    // it, not of the citing document's.
    if eat(text, end, &OF).is_some()
        && let Some(phrase) = parse_act_division(text, start)
    {
        return Some(phrase);
    }
    if let Some(phrase) = container_of_named_regulations(text, start, end, &chain) {
        return Some(phrase);
    }
    let mut phrase = Phrase::new(start, Head::Level(LevelWord::Subsection));
    phrase.relative = Some(Relative::ThisCode);
    phrase.code = Some(CodeRef::This);
    phrase.division = Some(chain);
    phrase.end = end;
    Some(phrase)
}

/// A list of containers of one level sharing a chain (`chapters 5 and 7 of this title`,
/// `chapters 83 and 84 of title 5, United States Code`; [`super::container::list_at`]): one
/// phrase per item, its division the whole chain as [`parse_container`] reads each alone, and
/// where the last item ends. A range's ends are two phrases. The chain after the list is
/// left to the scan, which reads it as a citation of its own (`Chapter 6 of Title 1`, `this
/// title`), as the D.C. Council's markup cites it.
fn parse_container_list(text: &str, start: usize) -> Option<(usize, Vec<Phrase>)> {
    use super::container::ListChain;
    let list = super::container::list_at(text, start)?;
    let phrases = match &list.chain {
        ListChain::OfNamedTitle { title_at, outer } => {
            let (end, caps) = eat(text, *title_at, &TITLE_OF)?;
            let is_cfr = caps.name("c")?.as_str().to_ascii_lowercase().contains('f');
            list.items
                .iter()
                .map(|(span, level)| {
                    let mut levels = outer.clone();
                    levels.push(level.clone());
                    // The C.F.R. spells a single level out (`1 C.F.R. chapter II`).
                    let division = match (is_cfr, levels.as_slice()) {
                        (true, [one]) => super::container::spelled(one),
                        _ => levels.join(", "),
                    };
                    let mut phrase =
                        division_of_a_federal_title(text, span.start, end, &caps, division)?;
                    phrase.end = span.end;
                    Some(phrase)
                })
                .collect::<Option<Vec<_>>>()?
        }
        ListChain::Own { outer } => list
            .items
            .iter()
            .map(|(span, level)| {
                let mut chain = outer.clone();
                chain.push(level.clone());
                let mut phrase = Phrase::new(span.start, Head::Level(LevelWord::Subsection));
                phrase.relative = Some(Relative::ThisCode);
                phrase.code = Some(CodeRef::This);
                phrase.division = Some(chain.join(", "));
                phrase.end = span.end;
                phrase
            })
            .collect(),
    };
    let last = list.items.last()?.0.end;
    Some((last, phrases))
}

/// `Chapter 4 of Title 14 of the District of Columbia Municipal Regulations`: a chain of
/// divisions whose title is of the body of regulations named after it, not of the citing
/// code. `end` is where the chain read at `start` ends.
fn container_of_named_regulations(
    text: &str,
    start: usize,
    end: usize,
    chain: &str,
) -> Option<Phrase> {
    let (title, rest) = chain.strip_prefix("tit. ")?.split_once(", ")?;
    let (after_of, _) = eat(text, end, &OF)?;
    let (_, named) = eat(text, after_of, &CODE_OF)?;
    let name = trim_named(named.name("named")?.as_str());
    let known = codes::canonical_code(&format!("{} title {title}", collapse(name)))?;
    if known.family != CodeFamily::StateRegulation {
        return None;
    }
    let mut phrase = Phrase::new(start, Head::Level(LevelWord::Subsection));
    phrase.code = Some(CodeRef::Named(known.name.into()));
    phrase.kind = Some(CitationKind::StateRegulation);
    phrase.division = Some(rest.to_string());
    phrase.end = after_of + name.len();
    Some(phrase)
}

/// A subpart or appendix of a C.F.R. part named by its part (Document Drafting Handbook, ch.
/// 2): `subpart B of part 51 of this chapter`, `appendix A to part 314 of this chapter`,
/// `appendix A to part 60 of title 40, Code of Federal Regulations`, `appendix A to this
/// part`. Subparts past `Z` double their letter (`subpart AAAAA of part 97`, 40 C.F.R. part
/// 63 runs to `subpart HHHHHHH`): up to seven letters, and a lower-case letter for a subpart
/// inserted after one (`subpart Da`, `subpart OOOOa` of 40 C.F.R. part 60).
static CFR_UNIT: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(
        r"^(?P<w>(?i:subpart|appendix|supplement))[ \t]+(?P<no>(?i:No\.)[ \t]*)?(?P<n>[A-Z]{{1,7}}[a-z]?(?:-?\d{{1,2}})?|\d{{1,3}})[ \t]+(?:of|to)[ \t]+(?:(?i:subpart)[ \t]+(?P<within>[A-Z]{{1,7}}[a-z]?)[ \t]+of[ \t]+)?{CFR_UNIT_PART}"
    ))
});

/// [`CFR_UNIT`] with a list of units (`subparts L and M to part 747 of this chapter`,
/// `appendices A and B to part 60`): the list is `n`.
static CFR_UNITS: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(
        r"^(?P<w>(?i:subparts|appendices|appendixes))[ \t]+(?P<n>[A-Z]{{1,7}}[a-z]?(?:(?:,[ \t]*(?:(?i:and|or)[ \t]+)?|[ \t]+(?i:and|or)[ \t]+)[A-Z]{{1,7}}[a-z]?)+)[ \t]+(?:of|to)[ \t]+{CFR_UNIT_PART}"
    ))
});

/// A part and its subpart or appendix after a comma, as the Federal Register's preambles cite
/// them without the title (`part 746, subpart B`, `part 60, subpart A of this chapter`):
/// [`CFR_UNIT`]'s groups, the part first.
static CFR_PART_THEN_UNIT: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?i:part)[ \t]+(?P<part>\d{1,4}),[ \t]*(?P<w>(?i:subpart|appendix))[ \t]+(?P<n>[A-Z]{1,7}[a-z]?)(?-u:\b)(?:[ \t]+of[ \t]+(?:(?P<own>(?i:this)[ \t]+(?i:chapter|title|subchapter))|(?i:title)[ \t]+(?P<title>\d{1,3})(?:,?[ \t]+(?:of[ \t]+)?(?:the[ \t]+)?(?:Code[ \t]+of[ \t]+Federal[ \t]+Regulations|C\.[ \t]?F\.[ \t]?R\.|CFR))?)(?-u:\b))?",
    )
});

/// The designations of a list of [`CFR_UNITS`].
static CFR_UNIT_DESIGNATION: LazyLock<Regex> =
    LazyLock::new(|| re(r"(?-u:\b)[A-Z]{1,7}[a-z]?(?-u:\b)"));

/// The part a [`CFR_UNIT`] is of: `this part`, `40 CFR part 60`, `part 51 of this chapter`,
/// `part 60 of title 40, Code of Federal Regulations`; the chapters between part and title
/// (`part 52 of chapter I of title 40 of the Code of Federal Regulations`) do not change the
/// citation, part numbers being unique within a title.
const CFR_UNIT_PART: &str = r"(?:(?P<this>(?i:this)[ \t]+(?i:part))(?-u:\b)|(?P<title2>\d{1,3})[ \t]*(?:CFR|C\.[ \t]?F\.[ \t]?R\.)[ \t]+(?i:part)[ \t]+(?P<part2>\d{1,4})(?-u:\b)|(?i:part)[ \t]+(?P<part>\d{1,4})(?-u:\b)(?:(?:[ \t]+of[ \t]+(?i:subchapter|chapter)[ \t]+(?:[IVXLC]{1,7}|[A-Z]|\d{1,3})(?-u:\b))*[ \t]+of[ \t]+(?:(?P<own>(?i:this)[ \t]+(?i:chapter|title|subchapter))|(?i:title)[ \t]+(?P<title>\d{1,3})(?:,?[ \t]+(?:of[ \t]+)?(?:the[ \t]+)?(?:Code[ \t]+of[ \t]+Federal[ \t]+Regulations|C\.[ \t]?F\.[ \t]?R\.|CFR))?)(?-u:\b))?)";

/// Parses a [`CFR_UNIT`] phrase at `start`: of `this part`, a chain anchored at the citing
/// part (`this pt., subpt. A`, as [`super::container`] writes `subpart A of this part`); of
/// a numbered part, a citation of that part (`Part 51`) whose division is the unit, in the
/// citing code (`of this chapter`), the title named, or, bare, the part's title a rule named
/// before (see [`super::short_form`]).
fn parse_cfr_unit(text: &str, start: usize) -> Option<Phrase> {
    let (end, caps, list) =
        match eat(text, start, &CFR_UNIT).or_else(|| eat(text, start, &CFR_PART_THEN_UNIT)) {
            Some((end, caps)) => (end, caps, None),
            None => {
                let (end, caps) = eat(text, start, &CFR_UNITS)?;
                let list = caps.name("n")?;
                let designations: Vec<Range<usize>> = CFR_UNIT_DESIGNATION
                    .find_iter(list.as_str())
                    .take_while(|m| is_unit_designation(m.as_str()))
                    .map(|m| start + list.start() + m.start()..start + list.start() + m.end())
                    .collect();
                (end, caps, Some(designations))
            }
        };
    let word = caps.name("w")?.as_str();
    // `subparts L and M`: the first unit is the phrase's own, the others follow it. Each
    // unit's citation spans its designation, the first's from the phrase's word on, the
    // last's up to the part it is of (`Subparts C, D, and E of this part`), as a list of
    // sections spans its items; the units never overlap.
    let (list_first, list_rest) = match &list {
        Some(d) => {
            let (first, rest) = d.split_first()?;
            (Some(&text[first.clone()]), rest)
        }
        None => (None, &[][..]),
    };
    let first_end = list.as_ref().and_then(|d| d.first()).map(|d| d.end);
    let rest_spans = |rest: &[Range<usize>]| -> Vec<Range<usize>> {
        let mut spans = rest.to_vec();
        if let Some(last) = spans.last_mut() {
            last.end = end;
        }
        spans
    };
    // `Supplement No. 2 to part 744` (the Export Administration Regulations number their
    // supplements so, and the eCFR names them with the `No.`).
    let numbered = caps.name("no").map(|_| format!("No. {}", &caps["n"]));
    let designation = match list_first {
        Some(first) => first,
        None => numbered.as_deref().unwrap_or(caps.name("n")?.as_str()),
    };
    // `appendix A to subpart B of part 73`: the appendix of a subpart, named from the part
    // down as the eCFR's hierarchy has it (`Part 73, subpart B, appendix A`).
    let within = caps.name("within").map(|w| w.as_str());
    if caps.name("this").is_some() {
        let lower = word.to_ascii_lowercase();
        let abbr = if lower.starts_with("subpart") {
            "subpt."
        } else if lower == "supplement" {
            "supp."
        } else {
            "app."
        };
        let mut phrase = Phrase::new(start, Head::Level(LevelWord::Subsection));
        phrase.relative = Some(Relative::ThisCode);
        phrase.code = Some(CodeRef::This);
        let within = within.map_or(String::new(), |w| format!("subpt. {w}, "));
        phrase.division = Some(format!("this pt., {within}{abbr} {designation}"));
        phrase.more_divisions = rest_spans(list_rest)
            .into_iter()
            .zip(list_rest)
            .map(|(span, d)| (span, format!("this pt., {abbr} {}", &text[d.clone()])))
            .collect();
        phrase.division_end = first_end;
        phrase.end = end;
        return Some(phrase);
    }
    // `Subpart Z of 29 CFR Part 1910`: the part cited in the C.F.R.'s prefix form.
    let part = caps.name("part").or(caps.name("part2"))?;
    let mut phrase = Phrase::new(
        start,
        Head::Section {
            unit: Unit::Section,
            plural: false,
        },
    );
    phrase
        .items
        .push(Item::numbered(start..start + part.end(), part.as_str()));
    phrase.designator = Some("Part".into());
    let within = within.map_or(String::new(), |w| format!("subpart {w}, "));
    phrase.division = Some(format!("{within}{}", cfr_unit_name(word, designation)));
    phrase.more_divisions = rest_spans(list_rest)
        .into_iter()
        .zip(list_rest)
        .map(|(span, d)| (span, cfr_unit_name(word, &text[d.clone()])))
        .collect();
    phrase.division_end = first_end;
    phrase.code = match (caps.name("own"), caps.name("title").or(caps.name("title2"))) {
        (Some(_), _) => Some(CodeRef::This),
        (None, Some(t)) => Some(CodeRef::Named(compact_str::format_compact!(
            "{} C.F.R.",
            t.as_str()
        ))),
        (None, None) => None,
    };
    phrase.end = end;
    Some(phrase)
}

/// `ch. 35` for `chapter 35`, `Chapter 35`, `ch. 35`; `subch. II`, `subtit. A`. The
/// C.F.R.'s divisions are spelled out (`1 C.F.R. chapter II`, as the Document Drafting
/// Handbook writes them and the canonical form of `shared/eval/citations` has them).
/// The divisions after a federal title's code (`chapter I, subchapter C`, `chapter 35,
/// subchapter II`; [`DIVISION_AFTER`] then the lower levels after commas, a subchapter of the
/// C.F.R. lettered): where they end and the chain as [`division_name`] writes each level.
fn divisions_after(text: &str, pos: usize, cfr: bool) -> Option<(usize, String)> {
    static LOWER: LazyLock<Regex> = LazyLock::new(|| {
        re(
            r"^,[ \t]*(?P<w>(?i:subchapter|subch\.|subtitle|subtit\.))[ \t]*(?P<n>[0-9IVXLC]{1,5}[A-Z]?|[A-Z])(?-u:\b)",
        )
    });
    let (mut end, d) = eat(text, pos, &DIVISION_AFTER)?;
    let mut chain = division_name(&d, cfr)?;
    while let Some((after, d)) = eat(text, end, &LOWER) {
        chain.push_str(", ");
        chain.push_str(&division_name(&d, cfr)?);
        end = after;
    }
    Some((end, chain))
}

fn division_name(caps: &Captures<'_>, cfr: bool) -> Option<String> {
    let word = caps.name("w")?.as_str().to_ascii_lowercase();
    let (abbr, full) = if word.starts_with("subch") {
        ("subch.", "subchapter")
    } else if word.starts_with("subt") {
        ("subtit.", "subtitle")
    } else if word.starts_with("subp") {
        ("subpt.", "subpart")
    } else {
        ("ch.", "chapter")
    };
    let abbr = if cfr { full } else { abbr };
    Some(format!("{abbr} {}", caps.name("n")?.as_str()))
}

static TITLED_CODE: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?:(?:(?i:title)[ \t]+)?(?P<t>\d{1,3}[A-Z]?)(?:,[ \t]*|[ \t]+of[ \t]+(?:the[ \t]+)?|[ \t]+)(?P<c>United[ \t]+States[ \t]+Code|U\.[ \t]?S\.[ \t]+Code(?-u:\b)|U\.[ \t]?S\.[ \t]?C\.|Code[ \t]+of[ \t]+Federal[ \t]+Regulations|C\.[ \t]?F\.[ \t]?R\.|USC(?-u:\b)|CFR(?-u:\b))|(?P<c2>United[ \t]+States[ \t]+Code|Code[ \t]+of[ \t]+Federal[ \t]+Regulations(?:[ \t]+\(CFR\))?|C\.[ \t]?F\.[ \t]?R\.|CFR),?[ \t]+(?i:title)[ \t]+(?P<t2>\d{1,3}[A-Z]?)(?-u:\b))",
    )
});
static TITLED_SECTION: LazyLock<Regex> =
    LazyLock::new(|| re(r"^,?[ \t]*(?P<w>§§?|(?i:sections?|secs?\.|parts?))[ \t]*"));
static DIVISION_AFTER: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^,?[ \t]*(?P<w>(?i:chapters?|ch\.|subchapters?|subch\.|subtitles?))[ \t]*(?P<n>[0-9IVXL]{1,5}[A-Z]?)(?-u:\b)",
    )
});
static DIVISION_WORD: LazyLock<Regex> = LazyLock::new(|| {
    re(r"^(?P<w>(?i:chapter|subchapter|subtitle))[ \t]+(?P<n>[0-9IVXL]{1,5}[A-Z]?)(?-u:\b)")
});

/// `Chapter III, Section 2 of Regulation (EU) 2024/1689`, `Section 1 of Chapter II of this
/// Regulation`, `Title VIII of Directive 2013/36/EU`: a division of an EU act above the
/// article (EUR-Lex drafting: Part › Title › Chapter › Section › Article), cited as a whole,
/// outermost division first.
fn parse_eu_division(text: &str, start: usize) -> Option<Phrase> {
    let mut pos = start;
    let mut divisions: Vec<String> = Vec::new();
    let mut inner_first = false;
    loop {
        let (end, caps) = eat(text, pos, &EU_DIVISION)?;
        divisions.push(format!(
            "{} {}",
            caps.name("w")?.as_str(),
            caps.name("n")?.as_str()
        ));
        pos = end;
        match eat(text, end, &EU_DIVISION_SEP) {
            Some((after, sep)) if EU_DIVISION.is_match(&text[after..]) => {
                inner_first |= sep.get(0).is_some_and(|m| m.as_str().contains("of"));
                pos = after;
            }
            _ => break,
        }
    }
    let mut phrase = Phrase::new(start, Head::Level(LevelWord::Subsection));
    phrase.kind = Some(CitationKind::EuDivision);
    let end = eu_act_of_division(text, pos, &mut phrase)?;
    // `Section 2 of Chapter III`: the outermost division is written last.
    if inner_first {
        divisions.reverse();
    }
    phrase.division = Some(divisions.join(", "));
    phrase.end = end;
    Some(phrase)
}

/// The EU act a division read up to `pos` is of (`[,] of this Regulation`, `of that
/// Directive`, `of Regulation (EU) 2024/1689`), set on `phrase`; where the act's name ends.
/// `None` where no act follows.
fn eu_act_of_division(text: &str, pos: usize, phrase: &mut Phrase) -> Option<usize> {
    let pos = if text[pos..].starts_with(',') {
        pos + 1
    } else {
        pos
    };
    let (after_of, _) = eat(text, pos, &OF)?;
    if let Some((end, caps)) = eat(text, after_of, &THIS_WHAT) {
        let w = caps.name("w")?.as_str().to_ascii_lowercase();
        if !matches!(w.as_str(), "regulation" | "directive" | "decision") {
            return None;
        }
        phrase.code = Some(CodeRef::This);
        Some(end)
    } else if let Some((end, _)) = that_what(text, after_of) {
        phrase.short_form = Some(ShortForm::That);
        Some(end)
    } else {
        let (end, caps) = eat(text, after_of, &CODE_OF)?;
        caps.name("eu")?;
        phrase.code = Some(CodeRef::Named(
            codes::canonical_code(caps.get(0)?.as_str())?.name.into(),
        ));
        Some(end)
    }
}

/// `Chapter III, Section 2`, `Section 4 of Chapter III`, `Sections 2 and 3 of Chapter V`:
/// sections of a chapter of an EU act (EUR-Lex drafting: a chapter is divided into sections
/// numbered in Arabic figures, chapters are numbered in Roman ones), one phrase per section,
/// its division `Chapter V, Section 2`. Of the act named after them ([`eu_act_of_division`])
/// or, without one, of the citing act. Where the phrases end and the phrases.
fn parse_eu_chapter_sections(text: &str, start: usize) -> Option<(usize, Vec<Phrase>)> {
    static CHAPTER_FIRST: LazyLock<Regex> = LazyLock::new(|| {
        re(concat!(
            r"^Chapter[ \t]+(?P<c>[IVXLC]{1,6}),?[ \t]+Sections?[ \t]+(?P<list>",
            EU_SECTION_LIST!(),
            r")(?-u:\b)"
        ))
    });
    static SECTIONS_FIRST: LazyLock<Regex> = LazyLock::new(|| {
        re(concat!(
            r"^Sections?[ \t]+(?P<list>",
            EU_SECTION_LIST!(),
            r")[ \t]+of[ \t]+(?:Chapter[ \t]+(?P<c>[IVXLC]{1,6})|(?P<this>this[ \t]+Chapter))(?-u:\b)"
        ))
    });
    static NUMBER: LazyLock<Regex> = LazyLock::new(|| re(r"\d{1,2}"));
    let (end, caps) =
        eat(text, start, &CHAPTER_FIRST).or_else(|| eat(text, start, &SECTIONS_FIRST))?;
    // `Section 2 of this Chapter`: a section of the citing chapter.
    let chapter = match caps.name("c") {
        Some(c) => format!("Chapter {}", c.as_str()),
        None => "this Chapter".to_string(),
    };
    let list = caps.name("list")?;
    let sections: Vec<Range<usize>> = NUMBER
        .find_iter(list.as_str())
        .enumerate()
        .map(|(i, m)| {
            let from = if i == 0 {
                start
            } else {
                start + list.start() + m.start()
            };
            from..start + list.start() + m.end()
        })
        .collect();
    let mut template = Phrase::new(start, Head::Level(LevelWord::Subsection));
    template.kind = Some(CitationKind::EuDivision);
    let end = match eu_act_of_division(text, end, &mut template) {
        Some(act_end) => act_end,
        None => {
            template.code = Some(CodeRef::This);
            end
        }
    };
    let count = sections.len();
    let phrases = sections
        .into_iter()
        .enumerate()
        .map(|(i, span)| {
            let number = text[span.clone()]
                .rsplit(|c: char| !c.is_ascii_digit())
                .next();
            let mut phrase = template.clone();
            phrase.start = span.start;
            phrase.end = if i + 1 == count { end } else { span.end };
            phrase.division = Some(format!("{chapter}, Section {}", number?));
            Some(phrase)
        })
        .collect::<Option<Vec<_>>>()?;
    Some((end, phrases))
}

static EU_DIVISION: LazyLock<Regex> = LazyLock::new(|| {
    re(r"^(?P<w>Part|Title|Chapter|Section)[ \t]+(?P<n>[IVXLC]{1,6}|\d{1,2}|[A-Z])(?-u:\b)")
});
static EU_DIVISION_SEP: LazyLock<Regex> =
    LazyLock::new(|| re(r"^(?:[ \t]*,[ \t]*|[ \t]+of[ \t]+)"));

/// `Executive Order 12866`, `Executive Order No. 12866`, `E.O. 12291`, `Exec. Order No.
/// 12,866` (The Bluebook, rule 14.7), `Executive Orders 12866 and 13563`: one citation of
/// each order. An order number has at least three digits (orders have been numbered since
/// 1862; the numbers cited today have four or five), written with or without a thousands
/// comma.
fn parse_executive_orders(text: &str, start: usize) -> Option<Phrase> {
    let (pos, head) = eat(text, start, &EO_HEAD)?;
    // `Proc.` after another abbreviated word is `Procedure` (The Bluebook, table T6: `Code
    // Civ. Proc. 1005`, `Rev. Proc. 2015-13`), not a proclamation.
    if head.get(0)?.as_str().starts_with("Proc.") && follows_abbreviation(text, start) {
        return None;
    }
    let mut phrase = Phrase::new(
        start,
        Head::Section {
            unit: Unit::Section,
            plural: true,
        },
    );
    phrase.kind = Some(CitationKind::ExecutiveOrder);
    let mut pos = pos;
    let mut orders = Vec::new();
    while let Some((item_start, end, number)) = eo_number(text, pos, !orders.is_empty()) {
        orders.push((item_start..end, presidential_document(&head, &number)));
        pos = end;
        match eat(text, pos, &LIST_SEP) {
            Some((after, _)) => pos = after,
            None => break,
        }
    }
    // `Exec. Order No. 13,563, § 1(b)`, `Executive Order 14028, Sec. 4(e)`, `Executive
    // Order 13132 (Federalism), section 6(b)`: the pinpoint of one order (The Bluebook, rule
    // 14.7) is a section of that order, as `section 6(b) of Executive Order 13132` is.
    if let [(span, name)] = orders.as_slice()
        && let Some(pin_at) = eo_pinpoint_at(text, span.end)
        && let Some(mut pin) =
            parse_headed(text, pin_at, Some(CodeRef::Named(name.as_str().into())))
        && matches!(
            pin.head,
            Head::Section {
                unit: Unit::Section,
                ..
            }
        )
    {
        pin.start = start;
        pin.kind = Some(CitationKind::ExecutiveOrder);
        return Some(pin);
    }
    let first = orders.first()?.0.end;
    phrase.end = orders.last()?.0.end;
    phrase.acts = orders
        .into_iter()
        .enumerate()
        .map(|(i, (span, name))| (if i == 0 { start..first } else { span }, name))
        .collect();
    Some(phrase)
}

/// Where the section sign or word of an order's pinpoint starts after the order's number
/// ending at `end`: after a comma or a space, and after the order's title in parentheses
/// (`Executive Order 13132 (Federalism), section 6(b)`, as the Federal Register writes it).
fn eo_pinpoint_at(text: &str, end: usize) -> Option<usize> {
    static PIN: LazyLock<Regex> = LazyLock::new(|| {
        re(r"^(?:[ \t]*\([A-Z][^()\n]{0,80}\))?,?[ \t]*(?P<w>§|(?i:sec(?:tions?|s?\.))[ \t]*\d)")
    });
    Some(end + PIN.captures(text.get(end..)?)?.name("w")?.start())
}

/// The number of an executive order at `pos` (after spaces): its span and digits. In a list
/// (`more`), a number followed by a code or reporter (`E.O. 13563, 76 FR 3821`) is not an
/// order; nor is a decimal anywhere (`E.O. 123.4`).
fn eo_number(text: &str, pos: usize, more: bool) -> Option<(usize, usize, String)> {
    let item_start = ws(text, pos);
    let (end, caps) = eat(text, item_start, &EO_NUMBER)?;
    let rest = text[end..].trim_start_matches([' ', '\t']);
    let decimal = text[end..].starts_with(['.', ','])
        && text[end + 1..].starts_with(|c: char| c.is_ascii_digit());
    if decimal || (more && rest.starts_with(|c: char| c.is_ascii_uppercase())) {
        return None;
    }
    let number = caps
        .get(0)?
        .as_str()
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    Some((item_start, end, number))
}

/// Whether the word right before `start` is an abbreviation (`Civ.`, `Rev.`, `Crim.`): a
/// capital, then letters, then a period; `Pres.` (`Pres. Proc. 4707`, the President's) is
/// not one of a procedure's names.
fn follows_abbreviation(text: &str, start: usize) -> bool {
    let before = text[..start].trim_end_matches([' ', '\t']);
    let Some(word) = before.strip_suffix('.') else {
        return false;
    };
    let word = word
        .rsplit(|c: char| !c.is_alphabetic())
        .next()
        .unwrap_or_default();
    word.starts_with(char::is_uppercase) && word.chars().count() >= 2 && word != "Pres"
}

/// The head of executive orders and of proclamations (The Bluebook, rule 14.7:
/// `Exec. Order No. 13,526`, `Proclamation No. 8435`; the Federal Register's `E.O. 12866`,
/// `Proclamation 9645`; the U.S. Code's notes, by the Law Revision Counsel's style, `Ex. Ord.
/// No. 12866` and `Proc. No. 7463`).
static EO_HEAD: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?:(?:Executive[ \t]+Orders?|Exec\.[ \t]*Orders?|Ex\.[ \t]*Ords?\.|E\.[ \t]?O\.|EOs?)(?:s|[’']s)?(?:[ \t]*\((?:E\.[ \t]?O\.|EO)\))?|(?P<proc>(?:Presidential[ \t]+)?Proclamations?|Proc\.))[ \t]*(?:(?i:nos?)\.?[ \t]*|Numbers?[ \t]+)?",
    )
});

/// The name of presidential document `number` under head `caps` ([`EO_HEAD`]).
fn presidential_document(caps: &Captures<'_>, number: &str) -> String {
    if caps.name("proc").is_some() {
        format!("Proclamation No. {number}")
    } else {
        format!("Exec. Order No. {number}")
    }
}
static EO_NUMBER: LazyLock<Regex> = LazyLock::new(|| re(r"^(?:\d{1,2},\d{3}|\d{3,5})(?-u:\b)"));

/// `the Treaty establishing the European Economic Community`.
fn parse_treaty(text: &str, start: usize, end: usize) -> Option<Phrase> {
    let name = collapse(text.get(start..end)?);
    let name = trim_named(&name).to_string();
    let mut phrase = Phrase::new(
        start,
        Head::Section {
            unit: Unit::Article,
            plural: false,
        },
    );
    phrase.kind = Some(CitationKind::EuAct);
    phrase.end = start + name.len().min(end - start);
    phrase.code = Some(CodeRef::Named(name.into()));
    Some(phrase)
}

static EU_ACTS_HEAD: LazyLock<Regex> =
    LazyLock::new(|| re(r"^(?P<k>Regulation|Directive|Decision)s[ \t]+"));
static EU_ACT_ITEM: LazyLock<Regex> = LazyLock::new(|| re(concat!("^(?i:", eu_act_number!(), ")")));

/// `the preceding paragraph`, `the following subsection`.
fn parse_adjacent(text: &str, start: usize, end: usize) -> Option<Phrase> {
    let words: Vec<&str> = text.get(start..end)?.split_whitespace().collect();
    let next = matches!(
        words.get(1).map(|w| w.to_ascii_lowercase()).as_deref(),
        Some("following" | "next")
    );
    let word = LevelWord::parse(words.get(2)?)?;
    let mut phrase = Phrase::new(start, Head::Level(word));
    phrase.relative = Some(Relative::Adjacent { word, next });
    phrase.end = end;
    Some(phrase)
}

/// `this section`, `this subdivision`, `this chapter`.
fn parse_this(text: &str, start: usize) -> Option<Phrase> {
    let (pos, caps) = eat(text, start, &THIS_WHAT)?;
    let word = caps.name("w")?.as_str();
    let mut phrase;
    if let Some((unit, _)) = unit_of_word(word).filter(|(_, plural)| !plural) {
        if word.eq_ignore_ascii_case("part") {
            phrase = Phrase::new(start, Head::Level(LevelWord::Subsection));
            phrase.relative = Some(Relative::ThisCode);
            phrase.code = Some(CodeRef::This);
        } else {
            phrase = Phrase::new(
                start,
                Head::Section {
                    unit,
                    plural: false,
                },
            );
            phrase.relative = Some(Relative::ThisSection);
        }
    } else if let Some(level) = LevelWord::parse(word) {
        phrase = Phrase::new(start, Head::Level(level));
        phrase.relative = Some(Relative::ThisLevel(level));
    } else {
        phrase = Phrase::new(start, Head::Level(LevelWord::Subsection));
        phrase.relative = Some(Relative::ThisCode);
        phrase.code = Some(CodeRef::This);
    }
    if phrase.relative == Some(Relative::ThisCode) {
        // `this chapter`: the container of the citing position at that level.
        phrase.division = super::container::this_chain(word);
    }
    phrase.end = pos;
    Some(phrase)
}

/// `Regulation (EU) 2016/679` standing alone.
fn parse_eu_act(text: &str, start: usize, end: usize) -> Option<Phrase> {
    let code = codes::canonical_code(text.get(start..end)?)?;
    let mut phrase = Phrase::new(
        start,
        Head::Section {
            unit: Unit::Article,
            plural: false,
        },
    );
    phrase.code = Some(CodeRef::Named(code.name.into()));
    phrase.kind = Some(CitationKind::EuAct);
    phrase.end = end;
    Some(phrase)
}

/// Skips spaces and at most one line break.
fn ws(text: &str, mut pos: usize) -> usize {
    let bytes = text.as_bytes();
    let mut newlines = 0;
    while pos < bytes.len() {
        match bytes[pos] {
            b' ' | b'\t' => pos += 1,
            b'\r' => pos += 1,
            b'\n' if newlines == 0 => {
                newlines += 1;
                pos += 1;
            }
            0xC2 if bytes.get(pos + 1) == Some(&0xA0) => pos += 2,
            // U+2009 thin space, U+202F narrow no-break space, U+2002 en space, U+2003 em
            // space.
            0xE2 if bytes.get(pos + 1) == Some(&0x80)
                && matches!(bytes.get(pos + 2), Some(&0x89 | &0xAF | &0x82 | &0x83)) =>
            {
                pos += 3;
            }
            _ => break,
        }
    }
    pos
}

/// The text after a section sign or the word `section` (`sec.`) that starts `rest`, a
/// range's end written with its designation again (`through § 1.5`, `to section 29`); not
/// after `§§` or `sections`, which start a citation of their own.
fn repeated_section_designation(rest: &str) -> Option<&str> {
    static DESIGNATION: LazyLock<Regex> = LazyLock::new(|| re(r"^(?:§|(?i:section|sec\.)[ \t])"));
    let m = DESIGNATION.find(rest)?;
    let after = &rest[m.end()..];
    (!after.starts_with('§')).then_some(after)
}

fn clean_number(raw: &str) -> CompactString {
    raw.chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| if c == '–' { '-' } else { c })
        .collect()
}

/// Reads a section number and its labels at `pos`.
fn section_item(text: &str, pos: usize) -> Option<(usize, CompactString, Vec<CompactString>)> {
    let pos = ws(text, pos);
    let (end, caps) = eat(text, pos, &SEC_NUM)?;
    let number = clean_number(caps.get(0)?.as_str());
    if number.is_empty() || text[end..].trim_start_matches([' ', '\t']).starts_with('%') {
        return None;
    }
    // `secs. 47-369.01 and 47-369.02, D.C. Official Code`: a capital that opens initials
    // (`D.C.`, `V.I.`) is no Roman numeral of a section; nor is the letter of a French
    // code's article (`article L. 121-1 du code de la consommation`, `article D. 311-5`: the
    // legislative part's `L.` and the decrees' `D.`, as Légifrance numbers them), which
    // lexls does not read.
    if number.len() == 1 && {
        let b = text.as_bytes();
        b.get(end) == Some(&b'.')
            && (b.get(end + 1).is_some_and(u8::is_ascii_uppercase) && b.get(end + 2) == Some(&b'.')
                || matches!(number.as_str(), "L" | "D")
                    && text[end + 1..]
                        .trim_start_matches([' ', '\t'])
                        .starts_with(|c: char| c.is_ascii_digit()))
    } {
        return None;
    }
    let (end, labels) = paren_labels(text, end).unwrap_or((end, Vec::new()));
    // Treasury-style C.F.R. numbers carry the Internal Revenue Code section they implement,
    // labels included: `1.1402(e)-1A`, `1.501(c)(3)-1`; so do Connecticut's regulations,
    // numbered after the section of the General Statutes that authorises them, subdivision
    // included (`22a-449(c)-100`). A number and a hyphen after the labels are no range's end
    // there; a section number whole after them is (`20-871(b)-20-873`).
    let carries_statute = (number.contains('.') && (1..=3).contains(&labels.len()))
        || (number.contains('-') && labels.len() == 1);
    if carries_statute
        && let Some((after, suffix)) = eat(text, end, &CFR_SUFFIX)
        && !text[after..]
            .strip_prefix(['-', '.'])
            .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))
    {
        let inside: String = labels.iter().map(|l| format!("({l})")).collect();
        let number = format!("{number}{inside}{}", suffix.get(0)?.as_str());
        let (after, labels) = paren_labels(text, after).unwrap_or((after, Vec::new()));
        return Some((after, number.into(), labels));
    }
    Some((end, number, labels))
}

/// A list item that writes only the section of a part after the period (`45 CFR 164.501,
/// .508 and .512`, `§§ 60.4, .5`): the part is the previous item's, `prev` (`164.501`), whose
/// number is a part, a period and a section. The item as [`section_item`] gives it
/// (`164.508`); `None` when `pos` holds no `.` and digits or `prev` has no part.
fn same_part_item(
    text: &str,
    pos: usize,
    prev: Option<&str>,
) -> Option<(usize, CompactString, Vec<CompactString>)> {
    let (part, _) = prev?.split_once('.')?;
    if part.is_empty() || !part.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return None;
    }
    item_after_elision(text, pos, part, '.')
}

/// The item at `pos` that starts with `mark` and a digit, the characters before the mark
/// elided: [`section_item`]'s item with `kept` and `mark` before its number.
fn item_after_elision(
    text: &str,
    pos: usize,
    kept: &str,
    mark: char,
) -> Option<(usize, CompactString, Vec<CompactString>)> {
    let pos = ws(text, pos);
    let rest = text.get(pos..)?.strip_prefix(mark)?;
    if !rest.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let (end, number, labels) = section_item(text, pos + mark.len_utf8())?;
    Some((end, format!("{kept}{mark}{number}").into(), labels))
}

/// A list item that writes only what follows the last hyphen of the previous item's number
/// (`42 U.S.C. §§ 2000e-2(a)(1), -3(a)`, `§§ 1-101, -102`; The Bluebook, rule 3.3(b), which
/// lets identical characters before a punctuation mark be omitted): the rest is the
/// previous item's, `prev` (`2000e-2`). The item as [`section_item`] gives it (`2000e-3`);
/// `None` when `pos` holds no hyphen and a digit or `prev` has no hyphen.
fn same_prefix_item(
    text: &str,
    pos: usize,
    prev: Option<&str>,
) -> Option<(usize, CompactString, Vec<CompactString>)> {
    let (prefix, _) = prev?.rsplit_once('-')?;
    if prefix.is_empty()
        || !prefix
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-')
    {
        return None;
    }
    item_after_elision(text, pos, prefix, '-')
}

/// The subdivisions of an article as the continental style names them after its number,
/// without commas: `Art. 6 para. 1 lit. a`, `Article 6 para. 1 sentence 1 lit. (f)`,
/// `Art. 4 no. 11`, `Art. 12 para. 1 subpara. 2`, `Article 9 para 2` without the period,
/// `Article 6 paragraph 1 point (a)` (the
/// German `Art. 6 Abs. 1 S. 1 lit. a` rendered in English, as commentaries and the German
/// Federal Ministry of Justice's translations write it). A paragraph (`para.`), number
/// (`no.`), letter (`lit.`) or point is a label of the article, as `Article 6(1)(a)` writes
/// it; a sentence or subparagraph is no numbered provision in the EU's own structure (which
/// names it `the first subparagraph`) and is passed over. Returns where the subdivisions end
/// (`pos` when there are none); `labels` gets theirs.
fn continental_labels(text: &str, mut pos: usize, labels: &mut Vec<CompactString>) -> usize {
    static SUBDIVISION: LazyLock<Regex> = LazyLock::new(|| {
        re(concat!(
            r"^[ \t]+(?:(?P<para>(?i:paras?\.|paragraphs?|para(?-u:\b)))|(?P<skip>(?i:sub-?paras?\.|sub-?paragraph|sentences?|sent\.))",
            r"|(?P<no>(?i:nos?\.|numbers?))|(?P<lit>(?i:lit\.|letters?))|(?P<point>(?i:points?)))[ \t]*",
            r"(?:(?:(?P<n>[1-9][0-9]{0,2})|(?P<l>[a-z]{1,2}))(?-u:\b)|\((?P<pl>[a-z]{1,2}|[1-9][0-9]{0,2})\))",
        ))
    });
    while let Some((after, caps)) = eat(text, pos, &SUBDIVISION) {
        let label = caps.name("n").or(caps.name("pl")).or(caps.name("l"));
        let Some(label) = label else { break };
        let numeric = label.as_str().bytes().all(|b| b.is_ascii_digit());
        // A paragraph, number or sentence is numbered; a letter is lettered; a point is
        // either (`point (a)`, `point 3`).
        if caps.name("point").is_none() && numeric == caps.name("lit").is_some() {
            break;
        }
        if caps.name("skip").is_none() {
            labels.push(label.as_str().into());
        }
        pos = after;
        // `Art. 6 para. 1 (f)`: labels in parentheses may follow.
        if let Some((end, more)) = paren_labels(text, pos) {
            labels.extend(more);
            pos = end;
        }
    }
    pos
}

static CFR_SUFFIX: LazyLock<Regex> = LazyLock::new(|| re(r"^-[0-9]{1,3}[A-Z]{0,2}(?-u:\b)"));

/// Reads `(b)(1)` at `pos`, allowing one space before the first parenthesis.
fn paren_labels(text: &str, pos: usize) -> Option<(usize, Vec<CompactString>)> {
    let try_at = |p: usize| -> Option<(usize, Vec<CompactString>)> {
        let (end, caps) = eat(text, p, &PAREN_LABELS)?;
        let mut labels: Vec<CompactString> = ONE_PAREN_LABEL
            .captures_iter(caps.get(0)?.as_str())
            .filter_map(|c| c.get(1).map(|m| CompactString::from(m.as_str())))
            .collect();
        ocr_digits(&mut labels);
        let end = florida_tail(text, end, &mut labels);
        Some((end, labels))
    };
    try_at(pos).or_else(|| {
        (text.as_bytes().get(pos) == Some(&b' '))
            .then(|| try_at(pos + 1))
            .flatten()
    })
}

/// The Florida Statutes number the levels below a paragraph without parentheses: subparagraph
/// `1.` and sub-subparagraph `a.`, written right after the paragraph (`s. 775.082(3)(a)1.`,
/// `s. 893.13(1)(a)1.a.`; Florida Senate, Manual for Drafting Legislation, numbering of
/// sections). Reads them after a chain that ends in a lettered paragraph, and returns where
/// the chain ends.
fn florida_tail(text: &str, end: usize, labels: &mut Vec<CompactString>) -> usize {
    static TAIL: LazyLock<Regex> = LazyLock::new(|| re(r"^(?P<n>\d{1,2})\.(?:(?P<l>[a-z])\.)?"));
    let after_letter = labels
        .last()
        .is_some_and(|l| l.bytes().all(|b| b.is_ascii_lowercase()));
    let Some((after, caps)) = after_letter.then(|| eat(text, end, &TAIL)).flatten() else {
        return end;
    };
    // The tail ends the citation: a number or a word glued to it is something else.
    if text[after..].starts_with(|c: char| c.is_alphanumeric()) {
        return end;
    }
    labels.push(caps["n"].into());
    if let Some(l) = caps.name("l") {
        labels.push(l.as_str().into());
    }
    after
}

/// OCR reads the digit `1` as the letter `l`. Where a label must be a number it is read
/// as one: a label of digits and `l` (`(l0)`), and `(l)` right below a lettered level in a
/// chain (`(a)(l)`: in U.S. and C.F.R. numbering, (a) › (1) › (i) or (A)). A sibling
/// `(l)` after `(k)` in a list, or `(l)` as a subsection of its own, stays the letter.
fn ocr_digits(labels: &mut [CompactString]) {
    for i in 0..labels.len() {
        let label = &labels[i];
        let mixed = label.contains('l')
            && label.bytes().any(|b| b.is_ascii_digit())
            && label.bytes().all(|b| b.is_ascii_digit() || b == b'l');
        let below_letter = label == "l"
            && i > 0
            && labels[i - 1].bytes().all(|b| b.is_ascii_lowercase())
            && !labels[i - 1]
                .bytes()
                .all(|b| matches!(b, b'i' | b'v' | b'x'));
        if mixed || below_letter {
            labels[i] = label.replace('l', "1").into();
        }
    }
}

/// Reads subsection labels for a level word: `(b)(1)`, `a`, `1`.
fn label_item(text: &str, pos: usize) -> Option<(usize, Vec<CompactString>)> {
    label_item_checked(text, pos, true)
}

/// [`label_item`]; with `strict`, a bare label (`paragraph 1`) must be followed by what ends
/// a citation item. In an `of` clause (`of paragraph 2 when`) the clause itself is the cue.
fn label_item_checked(text: &str, pos: usize, strict: bool) -> Option<(usize, Vec<CompactString>)> {
    let pos = ws(text, pos);
    if let Some(found) = paren_labels(text, pos) {
        return Some(found);
    }
    let (end, caps) = eat(text, pos, &BARE_LABEL)?;
    let label = caps.get(0)?.as_str();
    // `point 4(a) of Annex III` (EU annexes number their points `1.`, `4.` and letter the
    // points below them): a number followed by labels in parentheses.
    if label.bytes().all(|b| b.is_ascii_digit())
        && text[end..].starts_with('(')
        && let Some((after, more)) = paren_labels(text, end)
    {
        let mut labels = vec![CompactString::from(label)];
        labels.extend(more);
        return Some((after, labels));
    }
    let letters_ok = label.len() == 1
        || label.chars().all(|c| c.is_ascii_digit())
        || label.chars().next().is_some_and(|c| c.is_ascii_digit())
        || label.chars().all(|c| matches!(c, 'i' | 'v' | 'x'))
        || (label.len() == 2 && label.as_bytes()[0] == label.as_bytes()[1]);
    if !letters_ok {
        return None;
    }
    // A bare label must be followed by something that ends a citation item; a period or
    // colon before a digit continues a number (`clause 7.5` of a standard, `9001:2015`).
    let rest = text[end..].trim_start_matches([' ', '\t']);
    let decimal = text[end..].starts_with(['.', ':'])
        && text[end + 1..].starts_with(|c: char| c.is_ascii_digit());
    if decimal {
        return None;
    }
    let follows_ok = rest.is_empty()
        || rest.starts_with(['\n', '\r', ',', ';', '.', ':', ')'])
        || ["of", "and", "or", "through", "to", "shall", "is", "are"]
            .iter()
            .any(|w| {
                rest.strip_prefix(w)
                    .is_some_and(|after| after.starts_with(char::is_whitespace))
            });
    (follows_ok || !strict).then(|| (end, vec![CompactString::from(label)]))
}

/// Whether the clause before `start` (back to a sentence's end, at most 80 bytes) has a
/// verb that moves a provision to a new number (`renumbered`, `redesignated`, `recodified`,
/// `transferred`): a `from § 803 to § 233` after it names the old and the new number, not a
/// range.
fn renumbers(text: &str, start: usize) -> bool {
    let from = crate::line_index::floor_char_boundary(text, start.saturating_sub(80));
    let clause = text[from..start].rsplit(['.', ';']).next().unwrap_or("");
    ["renumber", "redesignat", "recodif", "transferr"]
        .iter()
        .any(|verb| clause.contains(verb))
}

fn parse_section_items(text: &str, pos: usize, phrase: &mut Phrase) -> Option<usize> {
    let plural = matches!(phrase.head, Head::Section { plural: true, .. });
    let first_start = ws(text, pos);
    let article = matches!(
        phrase.head,
        Head::Section {
            unit: Unit::Article,
            ..
        }
    );
    let (mut pos, number, mut labels) = section_item(text, pos)?;
    if article {
        pos = continental_labels(text, pos, &mut labels);
    }
    let mut item = Item::new(first_start..pos, Some(number), labels);
    let within_chapter = is_within_a_chapter(phrase);
    split_hyphen_range(&mut item, plural, within_chapter, text);
    phrase.items.push(item);
    loop {
        // `see §§ 16-1501 et seq., 22-3302` (D.C. Code notes), `15 U.S.C. 77a et seq., 78a
        // et seq.`: an item's own `et seq.` before the list goes on; a last item's is the
        // phrase's ([`parse_tail`]).
        if let Some((after, _)) = eat(text, pos, &ITEM_ET_SEQ)
            && let Some((sep_end, _)) = eat(text, after, &LIST_SEP)
            && section_item(text, ws(text, sep_end)).is_some()
            && let Some(last) = phrase.items.last_mut()
            && !last.et_seq
        {
            last.et_seq = true;
            last.span.end = after;
            pos = after;
        }
        if let Some((after, _)) = eat(text, pos, &RANGE_SEP)
            && !(leads_into_an_enumeration(text, after) && text[ws(text, after)..].starts_with('('))
        {
            // `49 CFR 40 to 49 CFR 41`: the number after `to` is the title of a citation of
            // its own, which the scan reads next.
            if PREFIX_CODE.is_match(&text[ws(text, after)..]) {
                break;
            }
            // `§ 1.1 through § 1.5`, `section 26 to section 29`: the sign or the word
            // repeated before the range's end, as prose writes a range The Bluebook writes
            // `§§ 1.1–1.5` (rule 3.3(b)). After `to` only in ascending order:
            // `redesignated § 803 to § 233` renumbers a section.
            let (after, repeated) = match repeated_section_designation(&text[ws(text, after)..]) {
                Some(rest) => (ws(text, text.len() - rest.len()), true),
                None => (after, false),
            };
            // Nor after a verb that moves a section (`renumbered this section from §
            // 16-2301.01 to § 16-2301.02`).
            let by_to = text[pos..after]
                .split_whitespace()
                .next()
                .is_some_and(|w| w == "to");
            if let Some((end, number, labels)) = section_item(text, after)
                && (!repeated
                    || !by_to
                    || (!renumbers(text, phrase.start)
                        && phrase.items.last().is_some_and(|last| {
                            last.labels.is_empty()
                                && last
                                    .section
                                    .as_deref()
                                    .is_some_and(|start| follows_in_numbering(start, &number))
                        })))
            {
                if let Some(last) = phrase.items.last_mut() {
                    last.range_end = Some((Some(number), labels));
                    last.span.end = end;
                }
                pos = end;
                continue;
            }
            if let Some((end, labels)) = paren_labels(text, ws(text, after)) {
                if let Some(last) = phrase.items.last_mut() {
                    last.range_end = Some((None, labels));
                    last.span.end = end;
                }
                pos = end;
                continue;
            }
            // `§§ 2A:14-1 to -2`, `§§ 29-26-101 to -122`: the end without the start's
            // leading parts (The Bluebook rule 3.3(b)).
            if let Some((end, caps)) = eat(text, ws(text, after), &ELIDED_END)
                && let Some(last) = phrase.items.last_mut()
                && last.range_end.is_none()
                && let Some(number) = last
                    .section
                    .as_deref()
                    .and_then(|start| elided_range_end(start, caps.get(0)?.as_str()))
            {
                let (end, labels) = paren_labels(text, end).unwrap_or((end, Vec::new()));
                last.range_end = Some((Some(number.into()), labels));
                last.span.end = end;
                pos = end;
                continue;
            }
        }
        if let Some((after, _)) = eat(text, pos, &SPACED_HYPHEN)
            && let Some((end, number, labels)) = section_item(text, after)
            && let Some(last) = phrase.items.last_mut()
            && last.range_end.is_none()
            && last.labels.is_empty()
            && last
                .section
                .as_deref()
                .is_some_and(|start| follows_in_numbering(start, &number))
        {
            last.range_end = Some((Some(number), labels));
            last.span.end = end;
            pos = end;
            continue;
        }
        if let Some((after, _)) = eat(text, pos, &LABEL_RANGE_SEP)
            && !leads_into_an_enumeration(text, after)
        {
            if let Some((end, labels)) = paren_labels(text, after) {
                if let Some(last) = phrase.items.last_mut() {
                    last.range_end = Some((None, labels));
                    last.span.end = end;
                }
                pos = end;
                continue;
            }
            // `10a(1)-10c(2)`: a hyphen after labels cannot continue the number.
            let after_labels = phrase
                .items
                .last()
                .is_some_and(|l| !l.labels.is_empty() && l.range_end.is_none());
            if after_labels && let Some((end, number, labels)) = section_item(text, after) {
                if let Some(last) = phrase.items.last_mut() {
                    last.range_end = Some((Some(number), labels));
                    last.span.end = end;
                }
                pos = end;
                continue;
            }
        }
        // `5 U.S.C. 8331, 8332, 8334 or 8336`, `42 U.S.C. 1395, 1396; 1397`: after a code
        // named before the numbers, a list continues that code without `§§` (Federal
        // Register and OLRC style), item by item while each number stands alone.
        let continues = matches!(phrase.code, Some(CodeRef::Named(_)));
        // A note after an item (`22-1834 (sex trafficking of children); 22-2704`, `406
        // (other than subsection (a)) and 407 of title 5`, `3-2124 [repealed], 3-2127`): the
        // list goes on after it, also after a semicolon (The Bluebook, rule 1.5: a
        // parenthetical follows the citation it explains).
        let note = item_note(text, pos);
        let sep_at = note.as_ref().map_or(pos, |n| n.end);
        let joined_sep = if note.is_none() {
            eat(text, sep_at, &JOINED_SEP)
        } else {
            None
        };
        let slash = joined_sep
            .as_ref()
            .is_some_and(|(_, caps)| caps.name("slash").is_some());
        let joined = joined_sep.is_some();
        let sep = eat(text, sep_at, &LIST_SEP)
            .or_else(|| {
                (continues || note.is_some())
                    .then(|| eat(text, sep_at, &SEMICOLON_SEP))
                    .flatten()
            })
            .or(joined_sep);
        if let Some((after, _)) = sep {
            let sep_text = &text[sep_at..after];
            let semicolon = sep_text.contains(';');
            let item_start = ws(text, after);
            // A further section (`§§ 5-301 and 5-302`, `Articles 13 and 14`) or only labels
            // (`§ 20-871(b)(1) and (2)`).
            let next_word = eat(text, item_start, &SECTION_WORD)
                .filter(|(_, caps)| caps.get(0).is_some_and(|m| m.as_str().trim() != ""));
            let next_is_word = next_word.is_some();
            // `26 U.S.C. 6323(f) and § 70.148 of this part`: a new head word after a named
            // code starts a new citation, which may name its own code.
            if next_is_word && matches!(phrase.code, Some(CodeRef::Named(_))) {
                break;
            }
            // `Article III, Section 2`: a head word of another unit starts a citation of its
            // own (a section inside the article, not an article numbered 2).
            if let Head::Section { unit, .. } = phrase.head
                && let Some((_, caps)) = &next_word
                && caps
                    .name("w")
                    .and_then(|w| unit_of_word(w.as_str()))
                    .is_some_and(|(next_unit, _)| next_unit != unit)
            {
                break;
            }
            // `[§ 7-231.24]`, `[§] 25-124`: an item the D.C. Council substituted in brackets.
            let (bracketed_at, bracketed) = bracketed_item(text, item_start);
            // `sections 106 and section 106A`: repeated head words are allowed in lists.
            let item_pos = next_word.as_ref().map_or(bracketed_at, |(p, _)| *p);
            if !semicolon && let Some((end, labels)) = paren_labels(text, item_pos) {
                // `except (1) to the extent provided in § 42-3505.04, or (2) with respect
                // to …`: the next step of the sentence's own enumeration, not a label.
                if enumerates_sentence(text, phrase.start, &labels) {
                    break;
                }
                phrase.items.push(Item::new(item_start..end, None, labels));
                phrase.notes.extend(note);
                pos = end;
                continue;
            }
            let continued = |end: usize| continues && !next_is_word && ends_list_item(text, end);
            // `section 1165 or 1166 of title 10`, `section 580, 1263, 1293, or 1305 of title
            // 10` (OLRC style): a singular head word whose list is closed by the act or code
            // of all its items.
            let closed_by_of = |end: usize| list_closed_by_of(text, end);
            // `section 1, 2 and 3 apply`, `in section 12 or 13,`: a singular head word whose
            // items run on in one numbering to the end of a clause.
            let prev_number = phrase.items.last().and_then(|i| i.section.clone());
            let runs_on = |end: usize, number: &str| {
                !article
                    && prev_number
                        .as_deref()
                        .is_some_and(|prev| list_runs_on(text, prev, number, sep_text, end))
            };
            if let Some((end, number, labels)) = section_item(text, item_pos)
                .or_else(|| same_part_item(text, item_pos, prev_number.as_deref()))
                .or_else(|| same_prefix_item(text, item_pos, prev_number.as_deref()))
                .map(|(end, n, mut l)| {
                    let end = if article {
                        continental_labels(text, end, &mut l)
                    } else {
                        end
                    };
                    (end, n, l)
                })
                .and_then(|(end, n, l)| close_bracket(text, end, bracketed).map(|e| (e, n, l)))
                && !VOLUME_OF_NEXT.is_match(&text[end..])
                // `RSA 358-A:2, I`: a Roman numeral after a section numbered in digits is a
                // paragraph of it (New Hampshire numbers its sections' paragraphs so), never
                // the next section of one list.
                && !(prev_number
                    .as_deref()
                    .is_some_and(|prev| prev.bytes().any(|b| b.is_ascii_digit()))
                    && super::named_before::is_roman(&number))
                // `§ 26-1152.11 or section 129(a) and (b) of the Truth in Lending Act`: a head
                // word repeated before a number of another numbering starts a citation of
                // its own (the act's section, after the code's), whose `of` clause is its
                // alone.
                && !(next_is_word
                    && prev_number
                        .as_deref()
                        .is_some_and(|prev| Numbering::of(prev) != Numbering::of(&number)))
                && (plural
                    || next_is_word
                    || joined
                    || bracketed == Bracketed::Sign
                    || article
                    || continued(end)
                    || closed_by_of(end)
                    || (!semicolon && note.is_none() && runs_on(end, &number)))
                && (!semicolon || continued(end) || (note.is_some() && plural))
                && (!joined
                    || (joinable(prev_number.as_deref(), &number, slash)
                        && !(slash && text[phrase.start..].starts_with('§'))))
            {
                let mut item = Item::new(item_start..end, Some(number), labels);
                split_hyphen_range(&mut item, plural, within_chapter, text);
                phrase.items.push(item);
                phrase.notes.extend(note);
                pos = end;
                continue;
            }
        }
        // `Alaska Stat. § 01.05.011. 01.05.016`: a sentence that opens with a number of the
        // code's own styled shape, as the item before it, is a short form of that code.
        if continues
            && let Some(prev) = phrase.items.last().and_then(|i| i.section.clone())
            && let Some((end, item)) = number_of_the_same_shape(text, pos, &prev)
        {
            phrase.items.push(item);
            pos = end;
            continue;
        }
        break;
    }
    Some(pos)
}

/// The numbering a section number is of, by its shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Numbering {
    /// A code's `title-section` number (`26-1152.11`, `28:9-403`, `53a-54a`): a title of at
    /// most three digits (and two letters), then a hyphen or a colon.
    TitleSection,
    /// A `part.section` number (`414.1`, `60.5`).
    PartSection,
    /// A plain number (`129`, `2000e-2`, `78j`).
    Plain,
}

impl Numbering {
    fn of(number: &str) -> Self {
        let bytes = number.as_bytes();
        let digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
        let letters = bytes[digits..]
            .iter()
            .take_while(|b| b.is_ascii_alphabetic())
            .count();
        let sep = digits + letters;
        let title_section = (1..=3).contains(&digits)
            && letters <= 2
            && matches!(bytes.get(sep), Some(b'-' | b':'))
            && bytes.get(sep + 1).is_some_and(u8::is_ascii_digit);
        let dotted = bytes
            .windows(3)
            .any(|w| w[0].is_ascii_digit() && w[1] == b'.' && w[2].is_ascii_digit());
        if title_section {
            Self::TitleSection
        } else if dotted {
            Self::PartSection
        } else {
            Self::Plain
        }
    }
}

/// Whether `number` may join `prev` by [`JOINED_SEP`]: after a slash, both are an act's
/// whole section numbers (`302/34`, `498A/306`), never a code's compound number (Illinois'
/// `5/2-101`). The caller also asks for a section word before a slash (`Sections 302/34`,
/// never `§§ 9-421.01 to 9-421.04, 31/2 cents`).
fn joinable(prev: Option<&str>, number: &str, slash: bool) -> bool {
    let whole = |n: &str| {
        let digits = n.trim_end_matches(|c: char| c.is_ascii_uppercase());
        (1..=4).contains(&digits.len())
            && n.len() - digits.len() <= 2
            && digits.bytes().all(|b| b.is_ascii_digit())
    };
    !slash || (prev.is_some_and(whole) && whole(number))
}

/// A number right after the period that ends a sentence at `pos` (`. 01.05.016`) whose
/// shape, its digit runs and separators, is `prev`'s, with two separators or more
/// (`01.05.011`, `38-2-6`, `9-22-3-2.5`): a code's own numbering, which a sentence opens
/// with only as a short form of that code. The item and where it ends.
fn number_of_the_same_shape(text: &str, pos: usize, prev: &str) -> Option<(usize, Item)> {
    // Zero-padded numbers (`01.05.011`) keep the width of each run.
    let padded = prev
        .split(['.', '-', ':'])
        .any(|run| run.len() > 1 && run.starts_with('0'));
    let shape = |n: &str| -> String {
        let mut out = String::new();
        for c in n.chars() {
            if c.is_ascii_digit() {
                if padded || !out.ends_with('9') {
                    out.push('9');
                }
            } else {
                out.push(c);
            }
        }
        out
    };
    let rest = text.get(pos..)?.strip_prefix('.')?;
    let item_start = pos + 1 + rest.len() - rest.trim_start_matches([' ', '\t']).len();
    if item_start == pos + 1 {
        return None;
    }
    let (end, number, labels) = section_item(text, item_start)?;
    let form = shape(&number);
    let separators = form
        .chars()
        .filter(|c| matches!(c, '.' | '-' | ':'))
        .count();
    let of_clause = text[end..]
        .trim_start_matches([' ', '\t'])
        .strip_prefix("of")
        .is_some_and(|after| after.starts_with([' ', '\t']));
    if separators < 2
        || form != shape(prev)
        || !form.bytes().all(|b| b == b'9' || b"-.:".contains(&b))
        || of_clause
    {
        return None;
    }
    Some((end, Item::new(item_start..end, Some(number), labels)))
}

/// Whether `labels` (one label, as `(2)` after `§ 42-3505.04, or`) is the next step of an
/// enumeration the sentence runs in its own text before `start`: the label before it
/// (`(1)`, `(i)`, `(a)`) stands there on its own, after a word that is no designation
/// (`except (1) to the extent`, `which is (i) not authorized`, `thereupon (1) shall`), not
/// as a subdivision cited (`paragraph (1)`, `§ 5(1)`, `(1) and (2)`). Drafting style of
/// U.S. and D.C. statutes: inline enumerations in running text.
fn enumerates_sentence(text: &str, start: usize, labels: &[CompactString]) -> bool {
    let [label] = labels else {
        return false;
    };
    let Some(before) = previous_label(label) else {
        return false;
    };
    // The sentence so far: back to the last full stop, semicolon or colon, at most 600 bytes.
    let mut from = start.saturating_sub(600);
    while !text.is_char_boundary(from) {
        from += 1;
    }
    let sentence = &text[from..start];
    let sentence = sentence
        .rfind(['.', ';', ':'])
        .map_or(sentence, |i| &sentence[i + 1..]);
    let mark = format!("({before})");
    sentence.match_indices(&mark).any(|(at, _)| {
        let head = sentence[..at].trim_end();
        let word: String = head
            .chars()
            .rev()
            .take_while(|c| c.is_alphabetic() || *c == '-')
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        let after = &sentence[at + mark.len()..];
        head.len() < sentence[..at].len()
            && !word.is_empty()
            && !is_designation_or_list_word(&word.to_lowercase())
            && after.starts_with(' ')
            && after.trim_start().starts_with(|c: char| c.is_lowercase())
    })
}

/// The label before `label` in its numbering: `2` → `1`, `b` → `a`, `ii` → `i`, `B` → `A`.
fn previous_label(label: &str) -> Option<String> {
    if let Ok(n) = label.parse::<u32>() {
        return (n > 1).then(|| (n - 1).to_string());
    }
    const ROMAN: [&str; 10] = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x"];
    let lower = label.to_lowercase();
    if let Some(i) = ROMAN
        .iter()
        .position(|r| *r == lower)
        .filter(|&i| i > 0 && lower != "v" && lower != "x")
    {
        let previous = ROMAN[i - 1];
        return Some(if label == lower {
            previous.to_string()
        } else {
            previous.to_uppercase()
        });
    }
    let mut chars = label.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() && !matches!(c, 'a' | 'A') => {
            Some(((c as u8) - 1).into())
        }
        _ => None,
    }
    .map(|c: char| c.to_string())
}

/// Words after which a parenthesised label is a subdivision cited or listed.
fn is_designation_or_list_word(word: &str) -> bool {
    // `sub-section`: the hyphenated spelling of India's and older British drafting (a
    // `sub-subparagraph` keeps its own hyphen).
    let word = if word.starts_with("sub-sub") {
        word.to_string()
    } else {
        word.replacen("sub-", "sub", 1)
    };
    let singular = word.strip_suffix('s').unwrap_or(&word);
    matches!(
        singular,
        "section"
            | "subsection"
            | "paragraph"
            | "subparagraph"
            | "sub-subparagraph"
            | "clause"
            | "subclause"
            | "item"
            | "subitem"
            | "division"
            | "subdivision"
            | "point"
            | "article"
            | "part"
            | "subpart"
            | "chapter"
            | "subchapter"
            | "title"
            | "rule"
            | "and"
            | "or"
            | "through"
            | "thru"
            | "to"
            | "nor"
    )
}

/// A code named after a comma at `pos` (`, Florida Statutes`, `, F.S.` and the other local
/// abbreviations of [`forms::local_code_at`], table T1's `, Fla. Stat.`, `, Government
/// Code`):
/// the end of its name, the name lexls knows it by, and whether it is a state's code. A
/// state's code in words goes by its table T1 abbreviation (`Fla. Stat.`); a subject code of
/// a state (`Government Code`, `Business and Commerce Code`) by its name, as `of the
/// Government Code` does.
fn code_after_comma(text: &str, pos: usize) -> Option<(usize, String, bool)> {
    let rest = text.get(pos..)?.strip_prefix(',')?;
    let start = pos + 1 + (rest.len() - rest.trim_start_matches([' ', '\t']).len());
    let rest = &text[start..];
    if let Some((len, name)) = forms::state_code_title(rest) {
        return Some((start + len, name, true));
    }
    if let Some((len, name)) = forms::local_code_at(rest) {
        // The Uniform Commercial Code is a uniform act, not a state's code.
        return Some((start + len, name.into(), name != "U.C.C."));
    }
    if let Some((len, name)) = forms::state_code_abbreviation_at(rest) {
        return Some((start + len, name.into(), name != "U.C.C."));
    }
    // `Section 552.101, Texas Government Code`: a state's subject code in table T1's form.
    if let Some((len, name)) = state_subject_code_at(rest) {
        return Some((start + len, name, true));
    }
    // `Article 6252-17a, Vernon's Texas Civil Statutes`, `Art. 4413(37), V.T.C.S.`: Texas's
    // Revised Civil Statutes as Vernon's edition names them (table T1: `Tex. Rev. Civ.
    // Stat. Ann.`).
    static VERNONS_CIVIL_STATUTES: LazyLock<Regex> = LazyLock::new(|| {
        re(
            r"^(?:Vernon['’]s[ \t]+(?:Texas[ \t]+)?(?:Revised[ \t]+)?Civil[ \t]+Statutes(?:[ \t]+Annotated)?|V\.[ \t]?T\.[ \t]?C\.[ \t]?S\.|Vernon['’]s[ \t]+Ann\.[ \t]?Civ\.[ \t]?St(?:at)?\.)",
        )
    });
    if let Some(found) = VERNONS_CIVIL_STATUTES.find(rest) {
        return Some((
            start + found.end(),
            "Tex. Rev. Civ. Stat. Ann.".into(),
            true,
        ));
    }
    let found = SUBJECT_CODE.find(rest)?;
    let name = collapse(found.as_str());
    (!name.starts_with("United States")).then(|| (start + found.end(), name, false))
}

/// A state's subject code named in words (`the Texas Code of Criminal Procedure`,
/// `California Penal Code`, `Texas Family Code`): the state, then a code's name, not an
/// act's (`Washington Metropolitan Area Transit Authority Compact`, `Tennessee Valley
/// Authority Act of 1933` are named after a place). The name without `the` in `name`.
static STATE_SUBJECT_CODE: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(
        r"^(?:the[ \t]+)?(?P<name>{}[ \t]+(?:(?:[A-Z][a-z]+|and|&)[ \t]+){{0,5}}Code(?:[ \t]+of[ \t]+(?:Criminal|Civil)[ \t]+Procedure)?)(?-u:\b)",
        forms::STATE_FULL
    ))
});

/// A [`STATE_SUBJECT_CODE`] at the start of `rest`: its length and the code's name in table
/// T1 (`Tex. Code Crim. Proc.`).
fn state_subject_code_at(rest: &str) -> Option<(usize, String)> {
    let caps = STATE_SUBJECT_CODE.captures(rest)?;
    let name = super::named_before::state_subject_code(&collapse(caps.name("name")?.as_str()))?;
    Some((caps.get(0)?.end(), name))
}

/// A subject code named in words, each capitalised (`Government Code`, `Civil Practice and
/// Remedies Code`, `Health and Safety Code`), ending at `Code`, or a code of procedure
/// (`Code of Criminal Procedure`, as Texas's statutes name it after an article).
static SUBJECT_CODE: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?:(?:[A-Z][a-z]+(?:[ \t]+(?:and|&)[ \t]+|[ \t]+)){1,5}Code|Code[ \t]+of[ \t]+(?:Criminal|Civil)[ \t]+Procedure)(?-u:\b)",
    )
});

/// How a list item in brackets is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Bracketed {
    /// Not in brackets.
    No,
    /// `[§ 7-231.24]`: the number in brackets; a closing bracket follows it.
    Number,
    /// `[§] 25-124`: the section sign alone, a repeated head word.
    Sign,
}

/// Where a list item in brackets starts its number, and how it is bracketed (the D.C.
/// Council's substitutions: `[§ 7-231.24]`, `[§] 25-124`).
fn bracketed_item(text: &str, at: usize) -> (usize, Bracketed) {
    let rest = &text[at..];
    if let Some(after) = rest
        .strip_prefix("[§]")
        .or_else(|| rest.strip_prefix("[§§]"))
    {
        return (ws(text, text.len() - after.len()), Bracketed::Sign);
    }
    if let Some(after) = rest.strip_prefix('[') {
        let after = after.trim_start_matches([' ', '\t']);
        let after = after
            .trim_start_matches('§')
            .trim_start_matches([' ', '\t']);
        return (text.len() - after.len(), Bracketed::Number);
    }
    (at, Bracketed::No)
}

/// The end of a bracketed item whose number ends at `end`: after its `]` (`None` when it
/// has none); `end` itself when the item is not bracketed.
fn close_bracket(text: &str, end: usize, bracketed: Bracketed) -> Option<usize> {
    if bracketed != Bracketed::Number {
        return Some(end);
    }
    let rest = &text[end..];
    let inner = rest.len() - rest.trim_start_matches([' ', '\t']).len();
    rest[inner..].starts_with(']').then_some(end + inner + 1)
}

/// Whether the items from `end` on (`, 1293, or 1305`) run into an `of` clause (`of title
/// 10`) that closes the list, within 32 items.
fn list_closed_by_of(text: &str, mut end: usize) -> bool {
    for _ in 0..32 {
        if eat(text, end, &OF).is_some() {
            return true;
        }
        let Some((after, _)) = eat(text, end, &LIST_SEP) else {
            return false;
        };
        let Some((next, _, _)) = section_item(text, after) else {
            return false;
        };
        end = next;
    }
    false
}

/// Whether the items of a list under a singular head word, from `number` (ending at `end`)
/// on, each follow the item before in one numbering (`1, 2 and 3`; `12 or 13`; `26, 26A`;
/// `1-1001.03, 1-1001.04`), the last joined by a conjunction and ending a clause (see
/// [`ends_list_item`]); `sep` is the separator before `number`. The U.S. Code writes a
/// singular head before alternatives (`a violation of section 1201 or 1202 may`, `under
/// section 3901, 3905, 4503, or 4706(d)(2)(B) of this title`), and other drafters slip
/// (`section 1, 2 and 3 apply`); a count after a citation is followed by its noun
/// (`section 5, 30 days`), a year stands after a date (`Section 5, 2019`), and a
/// footnote's number has no conjunction (`Section 6(b)(5), 9 in particular`). Within 32
/// items.
fn list_runs_on(text: &str, prev: &str, number: &str, sep: &str, mut end: usize) -> bool {
    let conjunction = |sep: &str| {
        sep.contains('&')
            || sep
                .split_whitespace()
                .any(|w| matches!(w, "and" | "or" | "and/or"))
    };
    let mut prev: CompactString = prev.into();
    let mut number: CompactString = number.into();
    let mut conjoined = conjunction(sep);
    for _ in 0..32 {
        if !follows_in_list(&prev, &number) {
            return false;
        }
        // `28-3852, [28-3852.01], [28-3852.02], or 28-3904` (D.C. Code § 28-3909(a)): an
        // item the Council substituted in brackets runs on as the others do.
        let next = eat(text, end, &LIST_SEP).and_then(|(after, _)| {
            let (at, bracketed) = bracketed_item(text, ws(text, after));
            let (next_end, next, _) = section_item(text, at)?;
            let next_end = close_bracket(text, next_end, bracketed)?;
            Some((conjunction(&text[end..after]), next_end, next))
        });
        match next {
            Some((and, next_end, next)) => {
                prev = std::mem::replace(&mut number, next);
                conjoined = and;
                end = next_end;
            }
            // The last item joined by a conjunction (not a footnote's number: `Section
            // 6(b)(5), 9 in particular`).
            None => return conjoined && ends_list_item(text, end),
        }
    }
    false
}

/// Whether `next` comes after `prev` in a list of one numbering ([`follows_in_numbering`]),
/// counting the sections inserted between two others (`28-3852`, `28-3852.01`: a section
/// inserted after its base number) and the numbering going on after them (`28-3852.02`,
/// `28-3904`), as codes number sections enacted later (D.C. Code, the C.F.R., state codes).
fn follows_in_list(prev: &str, next: &str) -> bool {
    let inserted_after = next.strip_prefix(prev).is_some_and(|rest| {
        rest.len() > 1
            && rest.starts_with(['.', '-', ':'])
            && rest[1..].starts_with(|c: char| c.is_ascii_alphanumeric())
    });
    let base = prev
        .rfind(['.', '-', ':'])
        .map(|at| &prev[..at])
        .filter(|base| base.contains(['.', '-', ':']));
    follows_in_numbering(prev, next)
        || inserted_after
        || base.is_some_and(|base| follows_in_numbering(base, next))
}

/// Whether section number `next` comes after `prev` in one numbering: the same prefix up to
/// the last `.`, `-` or `:`, and a larger number after it, or the same number with a later
/// letter (`26`, `26A`; `20-871`, `20-873`; `1.5`, `1.7`). A year after a smaller number
/// (`5`, `2019`) is none.
fn follows_in_numbering(prev: &str, next: &str) -> bool {
    fn split(n: &str) -> (&str, &str) {
        match n.rfind(['.', '-', ':']) {
            Some(i) => (&n[..i], &n[i + 1..]),
            None => ("", n),
        }
    }
    let (prev_prefix, prev_tail) = split(prev);
    let (next_prefix, next_tail) = split(next);
    let numbered = |tail: &str| -> Option<(u64, String)> {
        let digits = tail.len() - tail.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let letters = &tail[digits..];
        (digits > 0 && letters.len() <= 2 && letters.chars().all(|c| c.is_ascii_alphabetic()))
            .then(|| Some((tail[..digits].parse().ok()?, letters.to_ascii_lowercase())))
            .flatten()
    };
    let (Some(a), Some(b)) = (numbered(prev_tail), numbered(next_tail)) else {
        return false;
    };
    let year_after_date =
        prev_prefix.is_empty() && super::named_before::is_year(next) && a.0 < 1000;
    prev_prefix == next_prefix && a < b && !year_after_date
}

/// The span of a note right after a list item at `pos` (spaces between): a parenthetical
/// of words (`(incest)`, `(other than subsection (a))`; not labels, which belong to the
/// item) of at most 250 bytes, or an editor's bracket (`[repealed]`) of at most 60, each
/// closed on its own level. `None` when no note follows.
fn item_note(text: &str, pos: usize) -> Option<Range<usize>> {
    let start = pos + (text.len() - pos - text[pos..].trim_start_matches([' ', '\t']).len());
    let rest = &text[start..];
    let (open, close, max) = match rest.as_bytes().first()? {
        b'(' => (b'(', b')', 250),
        b'[' => (b'[', b']', 60),
        _ => return None,
    };
    if open == b'(' && PAREN_LABELS.is_match(rest) {
        return None;
    }
    let mut depth = 0usize;
    for (i, b) in rest.bytes().enumerate().take(max) {
        if b == open {
            depth += 1;
        } else if b == close {
            depth -= 1;
            if depth == 0 {
                let inner = &rest[1..i];
                let words = inner.bytes().any(|c| c.is_ascii_alphabetic());
                return words.then_some(start..start + i + 1);
            }
        } else if b == b'\n' && rest[..i].ends_with('\n') {
            return None;
        }
    }
    None
}

/// A hyphen or dash inside a number of a code whose numbering style is known: `16 U.S.C.
/// 1531–1544`, `460a-460z`, `5541-49` are ranges, `2000e-8`, `78k–1`, `1.41-2` are section
/// numbers.
///
/// - United States Code (OLRC numbering): a hyphen inside a section number only follows a
///   letter suffix (`2000e-8`, `1320a-7b`, `300aa-25`: sections inserted after a lettered
///   one). After digits, a hyphen therefore starts the end of a range, written in full or
///   with its leading digits left out (`2511–18` → `2518`); after a letter it does when
///   the end has as many leading digits (`460a-460z`, `791a–825r`).
/// - Code of Federal Regulations (`part.section`, Treasury suffixes `1.41-2`): a range when
///   both ends share the part (`40.21–40.25a`), or are part numbers (`parts 1-199`).
fn split_range_by_numbering(item: &mut Item, kind: CitationKind, designator: Option<&str>) {
    if item.range_end.is_some() {
        return;
    }
    let Some(number) = item.section.clone() else {
        return;
    };
    if !number.contains('-') {
        return;
    }
    let split = match kind {
        CitationKind::Usc => usc_range(&number),
        CitationKind::Cfr => cfr_range(&number, designator == Some("Part")),
        _ => None,
    };
    if let Some((start, end)) = split {
        item.section = Some(start);
        item.range_end = Some((Some(end), std::mem::take(&mut item.labels)));
    }
}

/// Leading digits of a number and the rest.
fn digits_of(s: &str) -> (&str, &str) {
    let n = s.bytes().take_while(u8::is_ascii_digit).count();
    s.split_at(n)
}

/// `(start, end)` when a U.S. Code number with hyphens is a range (see
/// [`split_range_by_numbering`]).
fn usc_range(number: &str) -> Option<(CompactString, CompactString)> {
    let parts: Vec<&str> = number.split('-').collect();
    let valid = |p: &str| {
        let (d, rest) = digits_of(p);
        !d.is_empty() && rest.bytes().all(|b| b.is_ascii_alphabetic())
    };
    if !parts.iter().all(|p| valid(p)) {
        return None;
    }
    let ends_letter = |p: &str| p.bytes().last().is_some_and(|b| b.is_ascii_alphabetic());
    // The start: its first part, with a hyphenated tail when it ends with a letter and the
    // next part cannot begin the range's end.
    let (d0, _) = digits_of(parts[0]);
    let mut i = 1;
    if ends_letter(parts[0]) && parts.len() > 1 && digits_of(parts[1]).0.len() != d0.len() {
        i = 2;
    }
    if i >= parts.len() {
        return None;
    }
    let start = parts[..i].join("-");
    let end_parts = &parts[i..];
    let mut end = end_parts[0].to_string();
    if end_parts.len() == 2 && ends_letter(end_parts[0]) {
        end = end_parts.join("-");
    } else if end_parts.len() != 1 {
        return None;
    }
    let (de, _) = digits_of(&end);
    // `2511–18`: the end's leading digits abbreviated.
    if de.len() < d0.len() && i == 1 {
        end = format!("{}{end}", &d0[..d0.len() - de.len()]);
    }
    let value = |s: &str| digits_of(s).0.parse::<u64>().ok();
    match (value(&start), value(&end)) {
        (Some(a), Some(b)) if b > a || (b == a && end > start) => Some((start.into(), end.into())),
        _ => None,
    }
}

/// `(start, end)` when a C.F.R. number with one hyphen is a range.
fn cfr_range(number: &str, parts: bool) -> Option<(CompactString, CompactString)> {
    let (left, right) = number.split_once('-')?;
    if right.contains('-') || left.is_empty() || right.is_empty() {
        return None;
    }
    let same_part = match (left.split_once('.'), right.split_once('.')) {
        (Some((lp, _)), Some((rp, _))) => lp == rp,
        (None, None) => parts,
        _ => false,
    };
    same_part.then(|| (left.into(), right.into()))
}

static SEMICOLON_SEP: LazyLock<Regex> =
    LazyLock::new(|| re(r"^[ \t]*;[ \t]*(?:\r?\n[ \t]*)?(?:(?:and|or)[ \t]+)?"));

/// Words that a count is never followed by: determiners, pronouns, prepositions,
/// conjunctions, auxiliary verbs and the verbs a provision is the subject of (`apply`,
/// `provides`). A number followed by one of them ends a clause (`42
/// U.S.C. 1395, 1396; 1397, 1398 the Secretary may`), where a count is followed by its noun
/// (`5 U.S.C. 552, 30 days after`).
const CLAUSE_WORDS: &[&str] = &[
    "the", "a", "an", "this", "that", "these", "those", "such", "each", "any", "which", "who",
    "it", "they", "he", "she", "we", "shall", "may", "must", "will", "would", "should", "can",
    "could", "is", "are", "was", "were", "has", "have", "had", "do", "does", "in", "for", "by",
    "with", "as", "if", "unless", "except", "where", "when", "from", "on", "at", "but", "apply",
    "applies", "provide", "provides", "require", "requires", "govern", "governs",
];

/// Whether the word at the start of `rest` is one of [`CLAUSE_WORDS`].
fn clause_word_follows(rest: &str) -> bool {
    let word: String = rest
        .chars()
        .take_while(char::is_ascii_alphabetic)
        .collect::<String>()
        .to_ascii_lowercase();
    !word.is_empty()
        && !rest[word.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '-')
        && CLAUSE_WORDS.contains(&word.as_str())
}

/// Whether what follows a number at `end` lets it be an item of a code's list: punctuation,
/// a conjunction, a range word, `et seq.`, `note`, or a word no count is followed by
/// ([`CLAUSE_WORDS`]); not a noun or a code (`5 U.S.C. 552, 30 days`, `42 U.S.C. 1983; 29
/// CFR 1607.4`).
fn ends_list_item(text: &str, end: usize) -> bool {
    let rest = text[end..].trim_start_matches([' ', '\t']);
    // `26 U.S.C. 501; I.R.C. § 61`: a period with a letter right after it is inside an
    // abbreviation, which starts a citation of its own.
    let abbreviation = rest
        .strip_prefix('.')
        .is_some_and(|r| r.starts_with(char::is_alphabetic));
    rest.is_empty()
        || (rest.starts_with([',', ';', '.', ')', ']', ':', '\n', '\r', '–', '—', '&'])
            && !abbreviation)
        || [
            "and ", "or ", "and/or ", "through ", "thru ", "to ", "et seq", "note",
        ]
        .iter()
        .any(|w| rest.starts_with(w))
        || clause_word_follows(rest)
}

/// Whether `phrase` cites sections numbered within a chapter its code names (`Mass. Gen.
/// Laws ch. 93A, §§ 1-11`, `G.L. c. 93A`): such a code numbers its sections from 1 in each
/// chapter, with no hyphen, so a hyphen between two of them is a range.
fn is_within_a_chapter(phrase: &Phrase) -> bool {
    matches!(&phrase.code, Some(CodeRef::Named(code)) if code.contains(" ch. ") || code.contains(" c. "))
}

/// `§§ 4001-4010` and `§§ 40.21–40.25a` are ranges; `§ 20-871` and `§§ 20-871 and 20-872`
/// are hyphenated section numbers. With the plural cue, a number whose two halves have the
/// same shape (equal digit counts, or the same dotted prefix) is read as a range, and so is
/// any ascending pair of sections numbered within a chapter (`within_chapter`,
/// [`is_within_a_chapter`]: `ch. 93A, §§ 1-11`).
fn split_hyphen_range(item: &mut Item, plural: bool, within_chapter: bool, text: &str) {
    if item.range_end.is_some() {
        return;
    }
    let Some(number) = item.section.clone() else {
        return;
    };
    // `§§ 4.16.080-.100`, `§§ 1798.100–.199`: a range whose end leaves out what it shares
    // with its start (The Bluebook rule 3.3(b)); no section number has a hyphen before a
    // period, so a single `§` cites such a range too.
    if let Some(at) = number.find("-.")
        && let Some(end) = elided_range_end(&number[..at], &number[at + 1..])
    {
        item.section = Some(number[..at].into());
        item.range_end = Some((Some(end.into()), std::mem::take(&mut item.labels)));
        return;
    }
    if !plural {
        return;
    }
    let Some((left, right)) = number.split_once('-') else {
        return;
    };
    if right.contains('-') || left.is_empty() || right.is_empty() {
        return;
    }
    let digits = |s: &str| s.chars().take_while(char::is_ascii_digit).count();
    let same_shape =
        if let (Some((lp, _)), Some((rp, _))) = (left.rsplit_once('.'), right.rsplit_once('.')) {
            lp == rp
        } else {
            let plain = |s: &str| s.chars().all(|c| c.is_ascii_digit());
            // `460a-460z` is a range, `122C-361` (North Carolina's chapter 122C) one number:
            // with a hyphen, both ends are lettered or neither is. An en dash is the range's
            // own sign (`672a–673`, the OLRC's).
            let dashed = text.get(item.span.clone()).is_some_and(|s| s.contains('–'));
            !left.contains('.')
                && !right.contains('.')
                && digits(left) == digits(right)
                && (dashed || plain(left) == plain(right))
                && (digits(left) >= 2 || (plain(left) && plain(right)))
                && left < right
        };
    let ascending = || {
        let number = |s: &str| {
            s.chars()
                .take_while(char::is_ascii_digit)
                .collect::<String>()
        };
        let (l, r) = (number(left), number(right));
        !l.is_empty()
            && !r.is_empty()
            && l.parse::<u32>().ok() < r.parse::<u32>().ok()
            && !left.contains('.')
            && !right.contains('.')
    };
    let same_shape = same_shape || (within_chapter && ascending());
    if same_shape {
        item.section = Some(left.into());
        item.range_end = Some((Some(right.into()), std::mem::take(&mut item.labels)));
    }
}

/// The end of a range written with the characters it shares with its start left out
/// before a punctuation mark (The Bluebook rule 3.3(b): `§§ 4.16.080-.100` ends at
/// `4.16.100`, `§§ 2A:14-1 to -2` at `2A:14-2`, `§§ 8.01-581.1 to -581.20` at
/// `8.01-581.20`): `elided` (`.100`, `-2`) replaces as many of `start`'s last
/// punctuated parts as it has, the first of them opened by the same mark. `None` when
/// `start` has no such parts.
fn elided_range_end(start: &str, elided: &str) -> Option<String> {
    let mark = elided
        .chars()
        .next()
        .filter(|c| matches!(c, '.' | '-' | ':'))?;
    let is_mark = |c: char| matches!(c, '.' | '-' | ':');
    let parts = elided.chars().filter(|&c| is_mark(c)).count();
    let (at, _) = start
        .char_indices()
        .filter(|&(_, c)| is_mark(c))
        .nth_back(parts - 1)?;
    (start[at..].starts_with(mark) && at > 0).then(|| format!("{}{elided}", &start[..at]))
}

fn parse_label_items(text: &str, pos: usize, phrase: &mut Phrase) -> Option<usize> {
    let first_start = ws(text, pos);
    // `referred to in paragraph 1 may`: the EU's acts number their paragraphs without
    // brackets (the Joint Practical Guide's `paragraph 1`), and a number after the word
    // `paragraph` is nothing but a paragraph, whatever follows it.
    let numbered_paragraph = || {
        let (end, labels) = label_item_checked(text, pos, false)?;
        let numbered = matches!(phrase.head, Head::Level(LevelWord::Paragraph))
            && matches!(labels.as_slice(), [l] if l.bytes().all(|b| b.is_ascii_digit()));
        numbered.then_some((end, labels))
    };
    let (mut pos, labels) = label_item(text, pos).or_else(numbered_paragraph)?;
    phrase.items.push(Item::new(first_start..pos, None, labels));
    loop {
        if let Some((after, _)) =
            eat(text, pos, &LABEL_RANGE_SEP).or_else(|| eat(text, pos, &RANGE_SEP))
            && !leads_into_an_enumeration(text, after)
            && let Some((end, labels)) = label_item(text, after)
        {
            if let Some(last) = phrase.items.last_mut() {
                last.range_end = Some((None, labels));
                last.span.end = end;
            }
            pos = end;
            continue;
        }
        if let Some((after, _)) = eat(text, pos, &LIST_SEP) {
            let item_start = ws(text, after);
            if let Some((end, labels)) = label_item(text, after) {
                phrase.items.push(Item::new(item_start..end, None, labels));
                pos = end;
                continue;
            }
        }
        break;
    }
    Some(pos)
}

/// `Article 4, point (1), of …`, `paragraph 1, first subparagraph, point (h)`, `paragraph
/// (2), points (f) and (g) of this Article` (EU drafting): the points hang below the last
/// item.
fn trailing_points(text: &str, pos: usize, phrase: &mut Phrase) -> usize {
    let Some((after, caps)) = eat(text, pos, &POINTS_WORD) else {
        return pos;
    };
    // A paragraph numbered without brackets after an article (`Article 2, paragraph 3`), a
    // subdivision after a section of a code named (`Penal Code section 187, subdivision
    // (a)`; `subd.` after any section): otherwise the comma starts a list of the citing
    // provision's own paragraphs (`paragraph (3), paragraph (1)`).
    let word = caps
        .name("w")
        .map_or("", |w| w.as_str())
        .to_ascii_lowercase();
    let allowed = if word.starts_with("paragraph") {
        matches!(
            phrase.head,
            Head::Section {
                unit: Unit::Article,
                ..
            }
        ) && text[after..].starts_with(|c: char| c.is_ascii_digit())
    } else if word.starts_with("subdivision") {
        // `Labor Code section 1102.5, subdivisions (a) and (b)`: the plural after a section
        // alone, whose code may be named before it (read after this), lists its
        // subdivisions as the singular names one ([`TRAILING_SUBDIVISION`]).
        let listed = word.starts_with("subdivisions")
            && matches!(phrase.items.as_slice(), [item] if item.section.is_some() && item.labels.is_empty());
        (phrase.code.is_some() || listed)
            && matches!(
                phrase.head,
                Head::Section {
                    unit: Unit::Section,
                    ..
                }
            )
    } else if word.starts_with("sub-s") || word.starts_with("clause") {
        // `section 4, sub-section (1)`, `section 12, sub-section (3), clause (b)`: India's
        // and the older Commonwealth drafting name a section's subdivisions after it, each
        // with its level word (`sub-section` hyphenated, as they spell it: in U.S. prose
        // `Like former section 9-207, subsection (a) imposes` is the citing section's), after
        // the bare number; not `section 4, subsection (b) of
        // section 5`, a list, nor `section 7(a)(ii), clause (iii)`, whose clause is another
        // provision's (an amendment note's `for clause (iii)` without its `for`).
        matches!(
            phrase.head,
            Head::Section {
                unit: Unit::Section,
                ..
            }
        ) && phrase.items.last().is_some_and(|i| {
            // The labels a level word before added (`section 12, sub-section (3), clause
            // (b)`) are the chain this one goes on.
            i.section.is_some() && (i.labels.is_empty() || text[i.span.clone()].contains(','))
        }) && text[after..].starts_with('(')
    } else {
        true
    };
    if !allowed {
        return pos;
    }
    let mut points = Phrase::new(after, Head::Level(LevelWord::Point));
    let Some(end) = parse_label_items(text, after, &mut points) else {
        return pos;
    };
    if (word.starts_with("sub-s") || word.starts_with("clause"))
        && (OF_SECTION.is_match(&text[end..])
            || !points
                .items
                .iter()
                .all(|p| text[p.span.clone()].starts_with('(')))
    {
        return pos;
    }
    // `the second subparagraph of Article 3(1), points (a) and (b) of Article 5(1)`: points
    // that name the article they hang below are that article's, not the numbered item's
    // before the comma (a list of two citations).
    if matches!(
        phrase.head,
        Head::Section {
            unit: Unit::Article,
            ..
        }
    ) && phrase.items.last().is_some_and(|i| i.section.is_some())
        && OF_NUMBERED_ARTICLE.is_match(&text[end..])
    {
        return pos;
    }
    let Some(last) = phrase.items.pop() else {
        return pos;
    };
    let style = |labels: &[CompactString]| labels.first().map(|l| label_style(l));
    let point_style = points.items.first().and_then(|p| style(&p.labels));
    for (k, point) in points.items.into_iter().enumerate() {
        let mut item = last.clone();
        if k > 0 && style(&point.labels) != point_style {
            // `Article 5(1), first subparagraph, point (h), (2) to (6)`: an item numbered in
            // another style than the points is no point but a paragraph of the article.
            item.labels.pop();
            item.labels.extend(point.labels);
        } else {
            item.labels.extend(point.labels);
        }
        // `Article 6(1), points (a) to (f)`, `Article 5, paragraphs 1 to 3`: the range's
        // end replaces the point's label at the end of the chain.
        item.range_end = point.range_end.map(|(_, end)| (None, end));
        item.span = if k == 0 {
            last.span.start..point.span.end
        } else {
            point.span
        };
        phrase.items.push(item);
    }
    // `point (1), of Regulation …`: the comma before the `of` clause.
    end
}

/// `of section 5`, `of sub-section (2)`: an `of` clause naming another section or
/// subdivision, after a subdivision it holds.
static OF_SECTION: LazyLock<Regex> = LazyLock::new(|| {
    re(r"^,?[ \t]+of[ \t]+(?:§|(?i:sections?|secs?\.|sub-?sections?|clauses?)[ \t]+[(0-9])")
});

/// `of Article 5(1)`: an `of` clause naming a numbered article, after the points it holds.
/// An article holds no article (an annex holds sections: `Section C, points 1 to 3, of Annex
/// VIII` is one citation).
static OF_NUMBERED_ARTICLE: LazyLock<Regex> =
    LazyLock::new(|| re(r"^,?[ \t]+of[ \t]+(?i:articles?|art\.)[ \t]+\d"));

/// `, point (a)`; `, paragraph 3` (`Article 2, paragraph 3`: the older EU acts' and the
/// Council of Europe's form of `Article 2(3)`); `, subd. (b)` and `, subdivision (b)` (the
/// California Style Manual's `Evid. Code, § 1101, subd. (b)`); `, sub-section (1)` and `,
/// clause (b)` after a section (India's drafting: `section 4, sub-section (1)`).
static POINTS_WORD: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^,[ \t]*(?P<w>(?i:points?|paragraphs?|subdivisions?|sub-sections?|clauses?)[ \t]+|subds?\.[ \t]*)",
    )
});

/// A subpart or appendix after a C.F.R. part or section: `40 C.F.R. pt. 60, subpt. A`, `40
/// CFR part 63, subpart ZZZZ`, `40 C.F.R. pt. 50, app. B`, `29 C.F.R. § 1910.1200 app. A`
/// (The Bluebook, rules 3.4 and 14.2, table T16; Document Drafting Handbook, ch. 2).
static CFR_UNIT_AFTER: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?:,[ \t]*|[ \t]+)(?P<w>(?i:subpts?\.|subparts?|apps?\.|appendix|appendices|appendixes|supp\.|supplements?))[ \t]+(?P<no>(?i:No\.)[ \t]*)?(?P<n>[A-Z]{1,7}[a-z]?(?:-?\d{1,2})?|\d{1,3})(?-u:\b)",
    )
});

/// The next designation of a list of C.F.R. units after a plural unit word (`subparts
/// OOOO and OOOOa`, `appendices A, B, and C`).
static CFR_UNIT_NEXT: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?:,[ \t]*(?:(?i:and|or)[ \t]+)?|[ \t]+(?i:and|or)[ \t]+)(?P<n>[A-Z]{1,7}[a-z]?(?:-?\d{1,2})?)(?-u:\b)",
    )
});

/// Whether `n` is shaped as a C.F.R. subpart's or appendix's designation in a list: one
/// capital, doubled past `Z` (`OOOO`, `HHHHHHH`), perhaps with a small letter for a unit
/// inserted after it (`OOOOa`, `Da`) and a number (`A-1`), or a Roman numeral (`IV`); not an
/// agency's initials after the list (`subparts A and B, and EPA …`).
fn is_unit_designation(n: &str) -> bool {
    let letters = n.trim_end_matches(|c: char| c.is_ascii_digit() || c == '-');
    let capitals = letters.trim_end_matches(|c: char| c.is_ascii_lowercase());
    let mut chars = capitals.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    capitals.chars().all(|c| c == first) || capitals.chars().all(|c| "IVXL".contains(c))
}

/// Whether a C.F.R. unit word is plural (`subparts`, `apps.`, `appendices`).
fn plural_unit_word(word: &str) -> bool {
    let w = word.to_ascii_lowercase();
    w.ends_with("s") || w.ends_with("s.") || w.ends_with("ices")
}

/// The name of a C.F.R. unit below a part or section (`subpart A`, `appendix B`) as the
/// canonical form writes it, from the word as written (`subpt.`, `App.`).
fn cfr_unit_name(word: &str, designation: &str) -> String {
    let lower = word.to_ascii_lowercase();
    let word = if lower.starts_with("subp") {
        "subpart"
    } else if lower.starts_with("sup") {
        // The official interpretations a part carries (`Supplement I to Part 1026`).
        "supplement"
    } else {
        "appendix"
    };
    format!("{word} {designation}")
}

/// Reads `of …` clauses, a code suffix and `et seq.` after the items.
fn parse_tail(text: &str, mut pos: usize, phrase: &mut Phrase) -> usize {
    if let Some((after, _)) = eat(text, pos, &EU_SUBPARAGRAPH) {
        pos = after;
        if TREATY_AFTER_COMMA.is_match(&text[pos..]) {
            pos += 1;
        }
    }
    // `Article 5, paragraph 1, point (a)`: a paragraph, then its point.
    for _ in 0..2 {
        let next = trailing_points(text, pos, phrase);
        if next == pos {
            break;
        }
        pos = next;
    }
    let cfr =
        matches!(&phrase.code, Some(CodeRef::Named(c)) if codes::family_of(c) == CodeFamily::Cfr);
    if (cfr || phrase.designator.as_deref() == Some("Part"))
        && phrase.items.len() == 1
        && let Some((after, caps)) = eat(text, pos, &CFR_UNIT_AFTER)
        && let (Some(w), Some(n)) = (caps.name("w"), caps.name("n"))
    {
        let designation = match caps.name("no") {
            Some(_) => format!("No. {}", n.as_str()),
            None => n.as_str().to_string(),
        };
        phrase.division = Some(cfr_unit_name(w.as_str(), &designation));
        phrase.division_end = Some(after);
        pos = after;
        if plural_unit_word(w.as_str()) && caps.name("no").is_none() {
            while let Some((next_end, next)) = eat(text, pos, &CFR_UNIT_NEXT) {
                let Some(n) = next.name("n").filter(|n| is_unit_designation(n.as_str())) else {
                    break;
                };
                phrase.more_divisions.push((
                    pos + n.start()..next_end,
                    cfr_unit_name(w.as_str(), n.as_str()),
                ));
                pos = next_end;
            }
        } else if cfr_unit_name(w.as_str(), "").starts_with("subpart")
            && let Some((after, caps)) = eat(text, pos, &CFR_UNIT_AFTER)
            && let (Some(w), Some(n)) = (caps.name("w"), caps.name("n"))
            && !plural_unit_word(w.as_str())
            && !cfr_unit_name(w.as_str(), "").starts_with("subpart")
        {
            // `10 CFR part 430, subpart B, appendix X1`: the appendix of the subpart.
            if let Some(division) = &mut phrase.division {
                division.push_str(", ");
                division.push_str(&cfr_unit_name(w.as_str(), n.as_str()));
            }
            phrase.division_end = Some(after);
            pos = after;
        }
    }
    // `section 12, title 10, United States Code`, `Section 706, Title 5 U.S.C.`.
    if phrase.code.is_none()
        && let Some((after, caps)) = eat(text, pos, &TITLE_AFTER)
        && let (Some(t), Some(c)) = (caps.name("t"), caps.name("c"))
    {
        let is_cfr = c.as_str().to_ascii_lowercase().contains('f');
        let name = if is_cfr { "C.F.R." } else { "U.S.C." };
        phrase.code = Some(CodeRef::Named(compact_str::format_compact!(
            "{} {name}",
            t.as_str()
        )));
        pos = after;
    }
    // `section 768.28, Florida Statutes`, `s. 120.54, F.S.`, `Section 552.101, Government
    // Code`: the code after the section and a comma (the Florida Statutes' and the Texas
    // codes' own styles).
    if phrase.code.is_none()
        && let Some((after, name, state)) = code_after_comma(text, pos)
    {
        phrase.code = Some(CodeRef::Named(name.into()));
        if state {
            phrase.kind = Some(CitationKind::StateStatute);
        }
        pos = after;
    }
    if let Some(end) = annex_to_its_act(text, pos, phrase) {
        pos = end;
    }
    let before_of = pos;
    pos = parse_of_clauses(text, pos, phrase);
    // `subsection (b) of section 21.051, Labor Code`: the code after the of-clauses' section.
    if pos > before_of
        && phrase.code.is_none()
        && phrase.relative.is_none()
        && phrase.chain_section.is_some()
        && let Some((after, name, state)) = code_after_comma(text, pos)
    {
        phrase.code = Some(CodeRef::Named(name.into()));
        if state {
            phrase.kind = Some(CitationKind::StateStatute);
        }
        pos = after;
    }
    // `point 3 of Annex II to Regulation (EU) 2017/745`: the annex a point is of, joined to
    // its act.
    if let Some(end) = annex_to_its_act(text, pos, phrase) {
        pos = end;
    }
    if let Some((after, caps)) = eat(text, pos, &SUFFIX) {
        if let Some(c) = caps.name("c") {
            // `Articles 101 and 102 TFEU`: the treaty, whether or not lexls knows it as a code.
            // `EC` alone only after an article and before no other name (the Court of
            // Justice's `Article 81 EC`, not `Article 4 EC Regulation`).
            let article = matches!(
                phrase.head,
                Head::Section {
                    unit: Unit::Article,
                    ..
                }
            );
            let named_on = text[after..]
                .trim_start_matches([' ', '\t'])
                .starts_with(|ch: char| ch.is_uppercase());
            if c.as_str() != "EC" || (article && !named_on) {
                if phrase.code.is_none() {
                    phrase.code = Some(CodeRef::Named(
                        codes::canonical_code(c.as_str())
                            .map_or_else(|| c.as_str().into(), |k| k.name.into()),
                    ));
                }
                pos = after;
            }
        } else if caps.name("etseq").is_some() {
            phrase.et_seq = true;
            // `section 801 et seq. of title 10`: the of-clauses after the `et seq.`.
            pos = parse_of_clauses(text, after, phrase);
        } else if caps.name("thereof").is_some() && phrase.code.is_none() {
            phrase.short_form = Some(ShortForm::That);
            pos = after;
        } else if caps.name("note").is_some()
            && matches!(&phrase.code, Some(CodeRef::Named(c)) if codes::family_of(c) == CodeFamily::Usc)
        {
            // `7 U.S.C. 612c note`: the statutory note under the section (OLRC).
            phrase.division = Some("note".into());
            pos = after;
        }
    }
    // `s 1(1) Theft Act 1968`, `s.18 Offences Against the Person Act 1861`, `Section 138
    // Negotiable Instruments Act, 1881`: the act named right after the section, without
    // `of the`, as English and Indian courts write it; only a name that ends in an
    // instrument's noun and its year, which no other phrase does. Sections only: an act
    // numbers its sections, and `Article 9 Amendments Act of 2012` is a name's middle.
    if phrase.code.is_none()
        && matches!(phrase.relative, None | Some(Relative::Bare(_)))
        && matches!(
            phrase.head,
            Head::Section {
                unit: Unit::Section,
                ..
            }
        )
        && let Some((end, name)) = dated_act_after(text, pos)
    {
        phrase.code = Some(CodeRef::Named(
            codes::canonical_code(&name)
                .map_or(name, |c| c.name.to_string())
                .into(),
        ));
        phrase.kind = Some(CitationKind::NamedAct);
        pos = end;
    }
    // `Article 5 of Directive 85/611/EEC, paragraph 4`.
    if matches!(
        phrase.head,
        Head::Section {
            unit: Unit::Article,
            ..
        }
    ) && phrase.items.len() == 1
        && phrase.code.is_some()
        && let Some((after, caps)) = eat(text, pos, &TRAILING_PARAGRAPH)
        && let (Some(item), Some(n)) = (phrase.items.first_mut(), caps.name("n"))
    {
        item.labels.push(n.as_str().into());
        pos = after;
    }
    if phrase.items.len() == 1
        && matches!(
            phrase.head,
            Head::Section {
                unit: Unit::Section,
                ..
            }
        )
        && let Some((after, caps)) = eat(text, pos, &TRAILING_SUBDIVISION)
        && let (Some(item), Some(n)) = (phrase.items.first_mut(), caps.name("n").or(caps.name("p")))
        && item.range_end.is_none()
        && item.section.is_some()
    {
        item.labels.push(n.as_str().into());
        for label in caps
            .name("labels")
            .map_or("", |l| l.as_str())
            .split_terminator(')')
        {
            item.labels.push(label.trim_start_matches('(').into());
        }
        pos = after;
    }
    while let Some((after, _)) = eat(text, pos, &PARENTHETICAL) {
        if phrase.code.is_none() {
            break;
        }
        pos = after;
    }
    pos
}

/// An act named by its short title and year right after a section (`s 1(1) Theft Act
/// 1968`, `section 138 Negotiable Instruments Act, 1881`, `s 6 Privacy Act 1988 (Cth)`):
/// the end of the name (past a jurisdiction's parenthesis) and the name as written, its
/// spaces collapsed. The title is capitalised words and the joiners of a title; it ends in
/// an instrument's noun (`Act`, `Regulations`, `Rules`, `Order`, `Code`, `Ordinance`) and
/// its year (the Interpretation Act 1978's short titles; India's `Act, 1881`). A name that
/// opens with an article or a demonstrative is a sentence's, not a title.
fn dated_act_after(text: &str, pos: usize) -> Option<(usize, String)> {
    static DATED: LazyLock<Regex> = LazyLock::new(|| {
        re(concat!(
            r"^[ \t]+(?P<name>[A-Z][\w'’&/-]*(?:[ \t]+(?:[A-Z][\w'’&/-]*|of|and|for|on|the|to|in",
            r"|\((?:No\.?[ \t]*\d{1,3}|[A-Z][\w'’&/-]*(?:[ \t]+(?:[A-Z][\w'’&/-]*|of|and|for|on|the|to|in))*)\)",
            r"|(?:with|from|by|under|upon|against)[ \t]+[A-Z][\w'’&/-]*))*?",
            r"[ \t]+(?:Act|Regulations|Rules|Order|Code|Ordinance)(?:,?[ \t]+|[ \t]+of[ \t]+)(?:1[6-9]|20)\d\d)(?-u:\b)",
            r"(?:[ \t]*\((?:Cth|NSW|Vic|Qld|WA|SA|Tas|ACT|NT|NZ|UK|NI|Scot|Can)\))?",
        ))
    });
    // `s 6 HRA 1998`: the act by the initials of its short title and its year, as after a
    // name ([`super::named_before`]).
    static INITIALS: LazyLock<Regex> =
        LazyLock::new(|| re(r"^[ \t]+(?P<name>(?P<i>[A-Z]{2,6})[ \t]+(?:1[6-9]|20)\d\d)(?-u:\b)"));
    if let Some(caps) = INITIALS.captures(text.get(pos..)?)
        && super::named_before::is_acts_initials(caps.name("i")?.as_str())
    {
        return Some((
            pos + caps.get(0)?.end(),
            collapse(caps.name("name")?.as_str()),
        ));
    }
    let caps = DATED.captures(text.get(pos..)?)?;
    let name = caps.name("name")?.as_str();
    let first = name.split_whitespace().next()?;
    if matches!(
        first,
        "A" | "An" | "The" | "This" | "That" | "These" | "Such" | "Each" | "Any" | "Said"
    ) {
        return None;
    }
    Some((pos + caps.get(0)?.end(), collapse(name)))
}

/// The `of` clauses from `pos` on (`of subsection (b) of section 5 of title 10`): where
/// they end.
/// `pos` past the chapters and subchapters between a C.F.R. part or a section and its
/// federal title (`part 52 of ⟦chapter I of⟧ title 40 of the Code of Federal Regulations`,
/// the amendatory instruction's long form, Document Drafting Handbook, ch. 2; `section 12
/// of ⟦chapter 5 of⟧ title 10, United States Code`): parts and sections are numbered
/// through their title, so they are the title's. `pos` as it is unless a title named with
/// its code follows the levels.
fn past_chapters_of_a_federal_title(text: &str, pos: usize) -> usize {
    static CHAPTERS: LazyLock<Regex> = LazyLock::new(|| {
        re(
            r"^(?:(?i:subchapter|chapter)[ \t]+(?:[IVXLC]{1,7}|[A-Z]|\d{1,3})(?-u:\b)(?:[ \t]+of|,)[ \t]+)+",
        )
    });
    let Some((after, _)) = eat(text, pos, &CHAPTERS) else {
        return pos;
    };
    let named_title = eat(text, after, &TITLE_OF).is_some_and(|(_, caps)| caps.name("c").is_some());
    if named_title { after } else { pos }
}

fn parse_of_clauses(text: &str, mut pos: usize, phrase: &mut Phrase) -> usize {
    // `paragraph (a) introductory text of this section` (Document Drafting Handbook, ch. 2
    // and 3: the text of a paragraph before its first subordinate paragraph): the words
    // name a part of the paragraph, and the of-clauses after them are the paragraph's.
    if let Some((after, _)) = eat(text, pos, &INTRODUCTORY_TEXT)
        && eat(text, after, &OF).is_some()
    {
        pos = after;
    }
    while let Some((after_of, _)) = eat(text, pos, &OF) {
        let Some(next) = parse_of_clause(text, after_of, phrase) else {
            break;
        };
        pos = next;
        if let Some((after, _)) = eat(text, pos, &EU_SUBPARAGRAPH) {
            pos = after;
        }
    }
    higher_levels_after_commas(text, pos, phrase)
}

/// `Subsection (b), Section 21.051, Labor Code`, `Subdivision (1), Subsection (a), Section
/// 21.051, Government Code`: the higher levels after a subdivision, each after a comma, as
/// the Texas Legislative Council's drafting manual cites a provision below a section of a
/// code named after it. Read as `of` clauses are, and only where the code's name ends the
/// chain (`paragraph (1), subsection (b), section 5` alone is a list). Where the chain
/// ends, or `pos` where none is read.
fn higher_levels_after_commas(text: &str, pos: usize, phrase: &mut Phrase) -> usize {
    static COMMA_LEVEL: LazyLock<Regex> =
        LazyLock::new(|| re(r"^[ \t]*,[ \t]*(?:(?i:subdivision|subsection|section)[ \t]+[(0-9])"));
    if !matches!(phrase.head, Head::Level(_))
        || phrase.code.is_some()
        || phrase.relative.is_some()
        || eat(text, pos, &COMMA_LEVEL).is_none()
    {
        return pos;
    }
    // Only a phrase a higher level follows is copied, to be kept if a code's name ends the
    // chain.
    let mut read = phrase.clone();
    let mut end = pos;
    while let Some((after, _)) = eat(text, end, &COMMA_LEVEL) {
        // The level word's start: the match ran one byte into its designation.
        let comma = &text[end..after];
        let word_at = end + comma.len() - comma.trim_start_matches([' ', '\t', ',']).len();
        let Some(next) = parse_of_clause(text, word_at, &mut read) else {
            break;
        };
        end = next;
    }
    if end > pos && read.chain_section.is_some() && code_after_comma(text, end).is_some() {
        *phrase = read;
        end
    } else {
        pos
    }
}

fn parse_of_clause(text: &str, pos: usize, phrase: &mut Phrase) -> Option<usize> {
    let pos = if matches!(phrase.head, Head::Section { .. }) || phrase.chain_section.is_some() {
        past_divisions_of_an_act(text, pos, false)
    } else {
        pos
    };
    let pos = past_chapters_of_a_federal_title(text, pos);
    // `section 743 of Division C of the Consolidated Appropriations Act of 2010`: the act's
    // division, whose sections it numbers anew.
    if phrase.code.is_none()
        && let Some((after_division, caps)) = eat(text, pos, &DIVISION_OF_AN_ACT)
        && let Some((end, name)) = act_named_at(text, after_division)
    {
        let name = name.strip_prefix("the ").unwrap_or(&name);
        phrase.code = Some(CodeRef::Named(
            format!("Division {} of the {name}", caps.name("d")?.as_str()).into(),
        ));
        phrase.kind = Some(CitationKind::NamedAct);
        return Some(end);
    }
    // `section 3 of title 9 of the New York Codes, Rules and Regulations`: a title of a
    // compilation of regulations with its name, read whole (a comma may be in the name).
    if phrase.code.is_none()
        && let Some((end, code, false)) = super::titled_regulations::at(text, pos)
    {
        phrase.code = Some(CodeRef::Named(code.into()));
        phrase.kind = Some(CitationKind::StateRegulation);
        return Some(end);
    }
    // `Section 703(a) of Title VII`: a title numbered in Roman figures, with no code or act
    // named after it, is a title of an act known by it (Title VII of the Civil Rights Act of
    // 1964); the codes number their titles in Arabic figures. Its sections are the act's.
    if phrase.code.is_none()
        && matches!(
            phrase.head,
            Head::Section {
                unit: Unit::Section,
                ..
            }
        )
        && let Some((end, caps)) = eat(text, pos, &ROMAN_TITLE_OF_AN_ACT)
        && eat(text, end, &OF).is_none()
        && !text[end..].starts_with(|c: char| c.is_alphanumeric() || c == '§')
    {
        phrase.code = Some(CodeRef::Named(
            format!("Title {}", caps.name("n")?.as_str()).into(),
        ));
        phrase.kind = Some(CitationKind::NamedAct);
        return Some(end);
    }
    // `§ 1026.18 of Regulation Z`: a lettered regulation's section, in the title of the
    // C.F.R. the part its number carries gives; without its part, the regulation's by name.
    if phrase.code.is_none()
        && let Some((end, caps)) = eat(text, pos, &LETTERED_REGULATION_OF)
        && !text[end..].starts_with(|c: char| c.is_alphanumeric())
    {
        let letters = caps.name("l")?.as_str();
        let titles: Vec<Option<&str>> = numbers_of(phrase)
            .map(|n| forms::lettered_regulation_title(letters, n))
            .collect();
        if let Some(Some(title)) = titles.first().copied()
            && titles.iter().all(|t| *t == Some(title))
        {
            phrase.code = Some(CodeRef::Named(title.into()));
            phrase.kind = Some(CitationKind::Cfr);
            return Some(end);
        }
        // `section 5 of Regulation Z`: the regulation's, cited by its name.
        phrase.code = Some(CodeRef::Named(format!("Regulation {letters}").into()));
        phrase.kind = Some(CitationKind::NamedAct);
        return Some(end);
    }
    // `section 4 of chapter 151B of the General Laws` (Massachusetts: the chapter is part of
    // the code's name, `Mass. Gen. Laws ch. 151B, § 4`), `section 11-23-1 of the general
    // laws` (Rhode Island, whose section numbers carry title and chapter).
    if phrase.code.is_none()
        && let Some((len, code, chapter)) = general_laws(&text[pos..])
    {
        let rhode_island_numbers = numbers_of(phrase).count() > 0
            && numbers_of(phrase).all(|n| n.matches('-').count() >= 2);
        let code = match chapter {
            Some(ch) if code.starts_with("Mass.") => format!("{code} ch. {ch}"),
            None if rhode_island_numbers => "R.I. Gen. Laws".to_string(),
            _ => return None,
        };
        phrase.code = Some(CodeRef::Named(code.into()));
        phrase.kind = Some(CitationKind::StateStatute);
        return Some(pos + len);
    }
    // `point (a) of the first subparagraph of Article 6(1)`: EU subparagraphs are not
    // numbered; the point hangs below the paragraph.
    if let Some((end, _)) = eat(text, pos, &ORDINAL_SUBPARAGRAPH) {
        return Some(end);
    }
    // `paragraph (1) of this definition` (27 CFR 40.11): the items of a definition, which
    // the publisher's markup does not number as subdivisions.
    if let Some((end, _)) = eat(text, pos, &THIS_DEFINITION) {
        phrase.unnumbered_scope = true;
        return Some(end);
    }
    if let Some((end, caps)) = eat(text, pos, &SUCH_LEVEL) {
        phrase.such_level = LevelWord::parse(caps.name("w")?.as_str());
        return Some(end);
    }
    if let Some((end, caps)) = that_what(text, pos) {
        let word = caps.name("w")?.as_str();
        phrase.short_form = Some(ShortForm::That);
        if word.eq_ignore_ascii_case("article") || word.eq_ignore_ascii_case("section") {
            // `paragraph (8) of that Article`: the section comes from the last citation.
            if phrase.chain_section.is_some() || matches!(phrase.head, Head::Section { .. }) {
                return None;
            }
            phrase.relative = None;
            phrase.that_section = true;
        }
        return Some(end);
    }
    if let Some((end, caps)) = eat(text, pos, &THIS_WHAT) {
        let word = caps.name("w")?.as_str();
        if let Some(level) = LevelWord::parse(word) {
            if phrase.relative.is_none() && phrase.chain_section.is_none() {
                phrase.relative = Some(Relative::ThisLevel(level));
            }
        } else if unit_of_word(word)
            .is_some_and(|(u, _)| u != Unit::Section || !word.eq_ignore_ascii_case("part"))
        {
            if phrase.relative.is_none() && phrase.chain_section.is_none() {
                phrase.relative = Some(Relative::ThisSection);
            }
        } else if phrase.code.is_none() && word.eq_ignore_ascii_case("act") {
            // `section 4 of this act`: the act the words were enacted in, which is the
            // citing document only when that document is the act itself, not a code that
            // codifies it (see [`THIS_ACT`]).
            phrase.code = Some(CodeRef::Named(THIS_ACT.into()));
        } else if phrase.code.is_none() {
            phrase.code = Some(CodeRef::This);
        }
        return Some(end);
    }
    if matches!(phrase.head, Head::Level(_))
        && phrase.chain_section.is_none()
        && let Some((after, caps)) = eat(text, pos, &LEVEL_WORD)
    {
        let word = LevelWord::parse(caps.name("w")?.as_str())?;
        if let Some((end, labels)) = label_item_checked(text, after, false) {
            phrase.chain_labels.push(labels);
            phrase.outer_word = Some(word);
            return Some(end);
        }
        return None;
    }
    if let Some((after, caps)) = eat(text, pos, &SECTION_WORD) {
        let (unit, _) = unit_of_word(caps.name("w")?.as_str())?;
        if phrase.chain_section.is_some() || matches!(phrase.head, Head::Section { .. }) {
            return None;
        }
        let (end, number, labels) = section_item(text, after)?;
        phrase.chain_section = Some((unit, number, labels));
        return Some(end);
    }
    if let Some((end, caps)) = eat(text, pos, &TITLE_OF) {
        let title = caps.name("t")?.as_str();
        // `§§ 47-101, 47-117 … of Title 47` (D.C. Code): numbers that carry their title
        // (`title-section`, as the D.C. Code, the NYC and many state codes number) name the
        // title again, of the citing code; the U.S. Code never numbers a section after its
        // title (`section 1165 of title 10`).
        if caps.name("c").is_none() && carries_title(phrase, title) {
            return Some(end);
        }
        // `Title 18 of the District of Columbia Municipal Regulations`: a title of the code
        // named after it, not of the U.S. Code.
        if caps.name("c").is_none()
            && let Some((after_of, _)) = eat(text, end, &OF)
            && let Some((named_end, named)) = eat(text, after_of, &CODE_OF)
            && named.name("named").is_some()
        {
            let name = trim_named(named.get(0)?.as_str());
            if name.split_whitespace().count() >= 3 {
                let written = format!("{} title {title}", collapse(name));
                let (code, kind) = match codes::canonical_code(&written) {
                    Some(known) if known.family == codes::CodeFamily::StateRegulation => {
                        (known.name, CitationKind::StateRegulation)
                    }
                    // `section 2502 of Title 18 of the Pennsylvania Consolidated Statutes`: a
                    // state's code numbered by title, by its title in words (table T1).
                    _ => match forms::state_code_title(name) {
                        Some((len, code)) if len == name.len() => (
                            forms::code_of_title(&code, title),
                            CitationKind::StateStatute,
                        ),
                        _ => (written, CitationKind::NamedAct),
                    },
                };
                phrase.code = Some(CodeRef::Named(code.into()));
                phrase.kind = Some(kind);
                return Some(named_end.min(after_of + name.len()));
            }
        }
        // `section 1.2 of title 40`: the U.S. Code numbers no section with a period, the
        // C.F.R. every one (part, period, section; Document Drafting Handbook, ch. 2).
        let is_cfr = match caps.name("c") {
            Some(c) => c.as_str().to_ascii_lowercase().contains('f'),
            None => numbers_of(phrase).all(|n| n.contains('.')) && numbers_of(phrase).count() > 0,
        };
        let name = if is_cfr {
            format!("{title} C.F.R.")
        } else {
            format!("{title} U.S.C.")
        };
        phrase.code = Some(CodeRef::Named(name.into()));
        return Some(end);
    }
    // `§ 5 of D.C. Law 22-250`, `§ 3 of the D.C. Law 1-104`, `section 5 of act June 25,
    // 1948, ch. 646`: a section of an act, not of a code.
    let law_at = if text.get(pos..).is_some_and(|t| t.starts_with("the ")) {
        pos + 4
    } else {
        pos
    };
    if phrase.code.is_none()
        && let Some((end, name, kind)) = super::session_law::of_clause_law_at(text, law_at)
            .map(|(e, n)| (e, n, CitationKind::DcLaw))
            .or_else(|| {
                super::dated_act::act_at(text, pos).map(|(e, n)| (e, n, CitationKind::NamedAct))
            })
    {
        phrase.code = Some(CodeRef::Named(name.into()));
        phrase.kind = Some(kind);
        return Some(end);
    }
    // `Article 6a of Protocol No 21`, `Section 402(240) of Reorganization Plan No. 3 of
    // 1967`: an instrument designated by number, named without an article.
    if phrase.code.is_none()
        && let Some((end, caps)) = eat(text, pos, &NUMBERED_INSTRUMENT)
    {
        phrase.code = Some(CodeRef::Named(collapse(caps.get(0)?.as_str()).into()));
        phrase.kind = Some(CitationKind::NamedAct);
        return Some(end);
    }
    // `section 3.4(e) of Executive Order No. 12333`, `section 3(f)(1) of the Executive
    // Order 12866`: a section of an order, not of a code.
    let eo_at = eat(text, pos, &THE).map_or(pos, |(after, _)| after);
    if phrase.code.is_none()
        && let Some((after, head)) = eat(text, eo_at, &EO_HEAD)
        && let Some((_, end, number)) = eo_number(text, after, false)
    {
        phrase.code = Some(CodeRef::Named(presidential_document(&head, &number).into()));
        phrase.kind = Some(CitationKind::ExecutiveOrder);
        return Some(end);
    }
    // `Section 30101(b) of 49 U.S.C.`: the code alone, without a section of its own.
    if phrase.code.is_none()
        && let Some((end, caps)) = eat(text, pos, &CODE_ALONE)
    {
        let rest = text[end..].trim_start_matches([' ', '\t']);
        if !rest.starts_with(|c: char| c.is_ascii_digit() || c == '§') {
            let code = codes::canonical_code(caps.get(0)?.as_str())?;
            phrase.code = Some(CodeRef::Named(code.name.into()));
            return Some(end);
        }
    }
    if phrase.code.is_some() {
        return None;
    }
    // `§ 2.2-3700 of the Code of Virginia`, `section 768.28 of the Florida Statutes`: a
    // state's code by its title.
    if let Some((len, name)) = forms::state_code_title(&text[pos..]) {
        phrase.code = Some(CodeRef::Named(name.into()));
        phrase.kind = Some(CitationKind::StateStatute);
        return Some(pos + len);
    }
    // `section 296 of the executive law`, `section 201-d of the labor law`: New York's
    // consolidated laws, which its statutes name in lower case; named as when capitalised.
    if let Some((end, caps)) = eat(text, pos, &NY_CONSOLIDATED_LAW) {
        let words = collapse(caps.name("n")?.as_str());
        let name: Vec<String> = words
            .split(' ')
            .map(|w| match w {
                "and" => w.to_string(),
                _ => {
                    let mut chars = w.chars();
                    chars.next().map_or_else(String::new, |first| {
                        first.to_uppercase().chain(chars).collect()
                    })
                }
            })
            .collect();
        phrase.code = Some(CodeRef::Named(format!("{} Law", name.join(" ")).into()));
        return Some(end);
    }
    // `sections 1501 and 1502 of Public Law 111-148`: sections of a public law.
    if let Some((len, name)) = forms::public_law_designation(&text[pos..]) {
        phrase.code = Some(CodeRef::Named(name.into()));
        phrase.kind = Some(CitationKind::PublicLaw);
        return Some(pos + len);
    }
    // `section 5 of Act 51 of 1977`, `section 2 of Act No. 108 of 1996`: an act numbered in
    // the year of its enactment, as Commonwealth legislatures number them.
    if let Some((end, name)) = super::numbered_act::act_at(text, pos) {
        phrase.code = Some(CodeRef::Named(name.into()));
        phrase.kind = Some(CitationKind::NamedAct);
        return Some(end);
    }
    // `section 7 of the agreement`, `section 5 of the draft guidance`, `Section II.B of the
    // preamble`: a provision of a document that is no law, named by its common noun.
    // Not across a comma (`notice, as provided for in § 16-4409, of the award`).
    let after_comma = text[..pos]
        .trim_end()
        .strip_suffix("of")
        .is_some_and(|before| before.trim_end().ends_with(','));
    if !after_comma && let Some(end) = document_by_noun(&text[pos..]) {
        phrase.unnumbered_scope = true;
        return Some(pos + end);
    }
    // `item 3 of Schedule 2`, `Item 7 of Form 10-K`, `paragraph (b) of Table 1`, `section
    // 8.1 of Method 5`: a part of a schedule, form, table, exhibit or test method, which is
    // no provision of the citing text ([`DESIGNATED_DOCUMENT`]).
    if let Some((end, _)) = eat(text, pos, &DESIGNATED_DOCUMENT) {
        phrase.unnumbered_scope = true;
        return Some(end);
    }
    let (end, caps) = eat(text, pos, &CODE_OF)?;
    // `section 438 of the Code of Criminal Procedure, 1973`: a code named in full, not the
    // citing document's `the Code`.
    let (end, caps) = match caps.name("code").and(eat(text, pos, &CODE_OF_NAMED)) {
        Some(named) => named,
        None => (end, caps),
    };
    let matched = caps.get(0)?.as_str();
    // `Title 5, Section 552 of the United States Code`: the title written before the
    // section.
    let window = crate::line_index::floor_char_boundary(text, phrase.start.saturating_sub(24));
    if let Some(family) = national_code(trim_named(matched))
        && let Some(caps) = TITLE_BEFORE.captures(&text[window..phrase.start])
        && let Some(title) = caps.name("t")
    {
        phrase.code = Some(CodeRef::Named(
            format!("{} {family}", title.as_str()).into(),
        ));
        phrase.kind = Some(if family == "U.S.C." {
            CitationKind::Usc
        } else {
            CitationKind::Cfr
        });
        phrase.start = window + caps.get(0)?.start();
        return Some(pos + trim_named(matched).len());
    }
    // `section 804 of An Act To prescribe penalties …`: an act's long title, not its name.
    if let Some(bare) = caps.name("bare_act")
        && bare.as_str().split_whitespace().next().is_some_and(|w| {
            matches!(
                w,
                "A" | "An" | "The" | "This" | "That" | "Such" | "Each" | "Any" | "Said"
            )
        })
    {
        return None;
    }
    let code = if caps.name("named").or(caps.name("bare_act")).is_some() {
        let trimmed = with_year_after_comma(text, pos, with_series(text, pos, trim_named(matched)));
        let trimmed = before_a_name_cited_next(text, pos, trimmed);
        if trimmed.split_whitespace().count() < 2 {
            return None;
        }
        let end = pos + trimmed.len();
        // `Section 3.2 of the Agreement`, `Paragraph 3 of the Complaint`, `section 5.4(d)(2)
        // of the Order`: a provision of a contract, a pleading or another document that is
        // no law. The phrase is read, and yields no citation.
        // The head noun is the name's last word, or the word before its `of` (`the
        // Memorandum of Understanding`, `the Notice of Proposed Rulemaking`) unless the
        // name ends as an instrument's does (`Standard of Care for Animals Emergency
        // Amendment Act of 2017`, `Certificate of Title Excise Tax Exemption … Act of 2004`).
        let head_before_of = trimmed
            .split_once(" of ")
            .filter(|_| !forms::ends_as_an_instrument(trimmed))
            .and_then(|(head, _)| head.split_whitespace().last());
        if trimmed
            .split_whitespace()
            .last()
            .into_iter()
            .chain(head_before_of)
            .any(|head| PRIVATE_DOCUMENTS.contains(&head))
        {
            phrase.unnumbered_scope = true;
            return Some(end);
        }
        // `the Civil Rights Act of 1964`: the act's name, without the article.
        let name = trimmed
            .strip_prefix("the")
            .filter(|rest| rest.starts_with(char::is_whitespace))
            .map_or(trimmed, str::trim_start);
        if let Some(code) = forms::uniform_law(&collapse(name)) {
            phrase.code = Some(CodeRef::Named(code.into()));
            phrase.kind = Some(CitationKind::UniformLaw);
            return Some(end);
        }
        let mut known = codes::canonical_code(trimmed);
        // `Article 38.22 of the Texas Code of Criminal Procedure`: a state's subject code
        // named in words, in table T1's abbreviation.
        let collapsed = collapse(name);
        if known.is_none()
            && let Some((len, name)) = state_subject_code_at(&collapsed)
            && len == collapsed.len()
        {
            known = Some(codes::CanonicalCode {
                name,
                family: CodeFamily::StateStatute,
            });
        }
        // `rule 62-296.320 of the Florida Administrative Code`: the compilation's rules, in
        // table T1's designator.
        if known
            .as_ref()
            .is_some_and(|c| c.family == CodeFamily::StateRegulation)
            && let Some((_, Some(designator))) = super::named_regulations::named(trimmed)
        {
            phrase.designator = Some(designator.to_string());
        }
        // `section 2903.01 of the ORC`: a state's code by its own abbreviation.
        match known.as_ref().map(|c| c.family) {
            Some(CodeFamily::StateStatute) => phrase.kind = Some(CitationKind::StateStatute),
            Some(CodeFamily::StateRegulation) => {
                phrase.kind = Some(CitationKind::StateRegulation);
            }
            _ => {}
        }
        phrase.code = Some(CodeRef::Named(
            known
                .map_or_else(|| without_defined_initials(&collapsed), |c| c.name)
                .into(),
        ));
        return Some(end);
    } else if let Some(initials) = caps.name("initials") {
        let initials = initials.as_str();
        // Not a code's, a generic word's or a division's initials (`of CFR`, `of THE`, `of
        // XIV`), nor a numbered instrument's or a standard's (`of EO 12866`, `of HB 1234`, `of
        // PPD-8`, `of ANSI/APSP/ICC-16`).
        // Nor an agency's (`§ 701.14 of NCUA's regulations`).
        let after = text[end..].trim_start_matches([' ', '\t']);
        // Nor initials before a document that is no law (`section 3 of OMB Circular A-4`).
        let before_document = after
            .split(|c: char| !c.is_alphanumeric())
            .next()
            .is_some_and(|w| PRIVATE_DOCUMENTS.contains(&w));
        if before_document {
            phrase.unnumbered_scope = true;
            return Some(end);
        }
        let numbered = after.starts_with(|c: char| c.is_ascii_digit())
            || text[end..].starts_with(['-', '–', '/'])
            || text[end..].starts_with("'s")
            || text[end..].starts_with("’s");
        if forms::is_not_act_initials(text, pos, initials)
            || super::named_before::is_roman(initials)
            || numbered
        {
            return None;
        }
        if let Some(code) = forms::uniform_law(initials) {
            phrase.kind = Some(CitationKind::UniformLaw);
            code.to_string()
        } else if let Some((name, rules)) = forms::local_code_named(initials) {
            // `section 200.030 of NRS`: a state's code by its own abbreviation.
            phrase.kind = Some(if rules {
                CitationKind::StateRegulation
            } else {
                CitationKind::StateStatute
            });
            name.to_string()
        } else {
            forms::act_by_initials(initials).to_string()
        }
    } else if caps.name("code").is_some() {
        "the Code".to_string()
    } else if caps.name("admin").is_some() {
        codes::canonical_code(matched).map_or_else(|| "administrative code".to_string(), |c| c.name)
    } else {
        codes::canonical_code(matched).map_or_else(|| collapse(matched), |c| c.name)
    };
    phrase.code = Some(CodeRef::Named(code.into()));
    Some(end)
}

/// `Section C of Annex VIII`, `Section C, points 1 to 3, of Annex VIII`, `Section A of
/// Annex I to Regulation (EU) 2024/1689` (EU acts divide annexes into sections, the AI
/// Act's lettered `A`, `B`, `C`, others numbered, their points numbered afresh in each; a
/// lettered section would otherwise read as one numbered in Roman figures, `Section C`
/// as section 100, or not at all, `Section A`): a citation of the annex
/// with the section as its division (`[this act] Annex VIII, Section C`). The points are
/// dropped: numbered within the section, they are no points of the annex.
fn parse_annex_section(text: &str, start: usize) -> Option<Phrase> {
    static ANNEX_SECTION: LazyLock<Regex> =
        LazyLock::new(|| re(&super::anchored(ANNEX_SECTION_PATTERN)));
    let (end, caps) = eat(text, start, &ANNEX_SECTION)?;
    let mut phrase = Phrase::new(
        start,
        Head::Section {
            unit: Unit::Annex,
            plural: false,
        },
    );
    phrase
        .items
        .push(Item::numbered(start..end, caps.name("annex")?.as_str()));
    phrase.division = Some(format!("Section {}", caps.name("letter")?.as_str()));
    phrase.end = annex_to_its_act(text, end, &mut phrase).unwrap_or(end);
    Some(phrase)
}

/// The anchor of [`parse_annex_section`]; its groups `letter` and `annex`.
const ANNEX_SECTION_PATTERN: &str = r"(?P<annexsec>(?-u:\b)Section[ \t]+(?P<letter>[A-Z]|[0-9]{1,2})(?-u:\b)(?:,[ \t]*points?[ \t]+[0-9][0-9a-z()]{0,6}(?:(?:[ \t]+(?:to|and|or)[ \t]+|,[ \t]*)[0-9][0-9a-z()]{0,6})*,)?[ \t]+of[ \t]+Annex[ \t]+(?P<annex>[IVXLC]{1,7})(?-u:\b))";

/// `Annex I to Regulation (EU) 2017/745`: an annex, the phrase's head or the unit its
/// subdivisions are of (`point 3 of Annex II to …`), is joined to its act by `to` (Joint
/// Practical Guide of the EU institutions, 16.12). Sets the phrase's code to the act and
/// returns where the act's name ends; `None` where no act follows or a code is named.
fn annex_to_its_act(text: &str, pos: usize, phrase: &mut Phrase) -> Option<usize> {
    let annex = matches!(
        phrase.head,
        Head::Section {
            unit: Unit::Annex,
            ..
        }
    ) || matches!(phrase.chain_section, Some((Unit::Annex, ..)));
    if phrase.code.is_some() || !annex {
        return None;
    }
    let (after_to, _) = eat(text, pos, &TO)?;
    let (end, caps) = eat(text, after_to, &CODE_OF)?;
    let act = caps.name("eu")?;
    let name =
        codes::canonical_code(act.as_str()).map_or_else(|| collapse(act.as_str()), |c| c.name);
    phrase.code = Some(CodeRef::Named(name.into()));
    Some(end)
}

/// `title XIX of `, `part A of title XVIII of `, `Part 3 of `: divisions of an act,
/// designated by a Roman numeral or capital letters as acts of Congress designate them, or
/// by an Arabic number as Commonwealth acts do (`Part 3 of the Data Protection Act 2018`);
/// only before an act's name ([`past_divisions_of_an_act`]), so a U.S. Code title's number
/// is still [`TITLE_OF`]'s. Not a division: an omnibus act numbers the sections
/// of each division anew (`Section 743 of Division C of the Consolidated Appropriations Act`
/// is Division C's).
static ACT_DIVISION_OF: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?:(?i:title|subtitle|part|subpart|chapter|subchapter|division)[ \t]+(?:[IVXLC]{1,7}|[A-Z]{1,2}|\d{1,4}[A-Z]?)(?:-[A-Z0-9]{1,3})?(?:[ \t]+of|,)[ \t]+)+",
    )
});

/// `Regulation Z` after a section's `of` (see [`parse_of_clause`] and
/// [`forms::lettered_regulation_title`]).
static LETTERED_REGULATION_OF: LazyLock<Regex> =
    LazyLock::new(|| re(r"^Regulation[ \t]+(?P<l>[A-Z]{1,3}|[A-Z]-[A-Z]{1,2})(?-u:\b)"));

/// `Title VII` after a section's `of` (see [`parse_of_clause`]).
static ROMAN_TITLE_OF_AN_ACT: LazyLock<Regex> =
    LazyLock::new(|| re(r"^[Tt]itle[ \t]+(?P<n>[IVXL]{1,6})(?-u:\b)"));

/// `pos` past the divisions of an act between a section and the act's name (`section
/// 1902(a)(10) of title XIX of the Social Security Act`): an act numbers its sections through
/// its titles, so the section is the act's. Where no act's name follows the divisions,
/// `pos` as it is.
/// With `whole`, the phrase cites the divisions themselves ([`parse_act_division`]), and
/// the position past all of them is returned.
fn past_divisions_of_an_act(text: &str, pos: usize, whole: bool) -> usize {
    let Some((after, _)) = eat(text, pos, &ACT_DIVISION_OF) else {
        return pos;
    };
    // `of Title 20 of the California Code of Regulations`: a compilation's title, which the
    // `of` clauses read with its name; `of Title 11 of the Delaware Code`: a title of a
    // state's code numbered by title, which its title names ([`forms::state_code_title`]).
    if super::titled_regulations::at(text, pos).is_some() {
        return pos;
    }
    let chain = &text[pos..after];
    if chain.to_ascii_lowercase().contains("title")
        && forms::state_code_title(&text[eat(text, after, &THE).map_or(after, |(e, _)| e)..])
            .is_some()
    {
        return pos;
    }
    // `section 5 of title II of this Act`: the act the words are in.
    if eat(text, after, &THIS_WHAT).is_some_and(|(_, c)| c["w"].eq_ignore_ascii_case("act")) {
        return after;
    }
    let names_an_act = act_named_at(text, after).is_some_and(|(_, name)| {
        let words: Vec<&str> = name.split_whitespace().collect();
        match words.as_slice() {
            [.., "Act"] | [.., "Act", "of", _] => true,
            [.., "Act" | "Act,", year] => super::named_before::is_year(year),
            // `chapter 53 of the Internal Revenue Code`: a code an act is codified as;
            // `Chapter 552 of the Government Code`, `Part 2 of Division 3 of the Civil
            // Code`: a code named in words (the states' subject codes).
            _ => codes::codified_as(&name).is_some() || names_a_code_in_particular(&name),
        }
    });
    if !names_an_act {
        return pos;
    }
    // `section 743 of Division C of the Consolidated Appropriations Act of 2010`: an omnibus
    // act numbers each division's sections anew, so a section's division stays with the act
    // ([`DIVISION_OF_AN_ACT`]); the levels inside the division are passed.
    if !whole
        && let Some(at) = ACT_DIVISION_WORD
            .captures_iter(chain)
            .filter_map(|c| c.name("w"))
            .map(|m| m.start())
            .next()
    {
        return pos + at;
    }
    after
}

/// The name of an act or a code at byte `at` of `text` as an `of` clause names it (`the
/// Social Security Act`, `Fiscal Year 2021 Budget Support Act of 2020`, `the Government
/// Code`; [`CODE_OF`]'s `named` and `bare_act` names, with their series and a year after a
/// comma, `the Consolidated Appropriations Act, 2021`): where it ends and the name as
/// written.
fn act_named_at(text: &str, at: usize) -> Option<(usize, String)> {
    let (_, caps) = eat(text, at, &CODE_OF)?;
    let name = caps.name("named").or(caps.name("bare_act"))?;
    let start = at + name.start();
    let name = with_year_after_comma(
        text,
        start,
        with_series(text, start, trim_named(name.as_str())),
    );
    Some((start + name.len(), name.to_string()))
}

/// A division of an act (`Division C`, `division B`), the outermost level of an omnibus
/// act, which numbers each division's sections anew.
static ACT_DIVISION_WORD: LazyLock<Regex> =
    LazyLock::new(|| re(r"(?:^|[ \t])(?P<w>[Dd]ivision)[ \t]"));

/// A section's division of an act and the act, named after its `of` (`Division N of the
/// Consolidated Appropriations Act, 2021`, `division A of the Coronavirus Aid, Relief, and
/// Economic Security Act`; see [`past_divisions_of_an_act`]): the act's name as the phrase's
/// code is `Division N of the …`.
static DIVISION_OF_AN_ACT: LazyLock<Regex> =
    LazyLock::new(|| re(r"^[Dd]ivision[ \t]+(?P<d>[A-Z]{1,2}|\d{1,3})[ \t]+of[ \t]+"));

/// An act's divisions cited as a whole, without a section (`title II of the Social Security
/// Act`, `part A of title XVIII of the Social Security Act`, `subtitle B of title I of the
/// Energy Policy Act of 2005`): the act, whose [`Phrase::division`] holds the chain outermost
/// first as [`super::container`] abbreviates it (`tit. XVIII, pt. A`). `None` where no act's
/// name follows the chain ([`past_divisions_of_an_act`]).
fn parse_act_division(text: &str, start: usize) -> Option<Phrase> {
    let after = past_divisions_of_an_act(text, start, true);
    if after == start {
        return None;
    }
    let chain = text.get(start..after)?;
    // `part A of title XVIII of` names the innermost first; `title IV, part D of` the
    // outermost first.
    let mut segments: Vec<Vec<String>> = vec![Vec::new()];
    let mut words = chain.split_whitespace();
    while let Some(word) = words.next() {
        if word == "of" {
            segments.push(Vec::new());
            continue;
        }
        let designation = words.next()?.trim_end_matches(',');
        segments.last_mut()?.push(format!(
            "{} {designation}",
            super::container::abbreviation(word)?
        ));
    }
    let levels: Vec<String> = segments.into_iter().rev().flatten().collect();
    let mut phrase = Phrase::new(
        start,
        Head::Section {
            unit: Unit::Section,
            plural: false,
        },
    );
    phrase.end = parse_of_clause(text, after, &mut phrase)?;
    // Named, not `the Act` (a defined short name, read with the citing document's code);
    // or a code an act is codified as (`chapter 53 of the Internal Revenue Code`).
    match &phrase.code {
        Some(CodeRef::Named(name))
            if name.split_whitespace().count() >= 2 || codes::codified_as(name).is_some() => {}
        _ => return None,
    }
    // `Title VII of the Civil Rights Act of 1964 § 703`: a section of the act named before
    // it, which the title holds ([`super::named_before`]).
    let after = text.get(phrase.end..).unwrap_or("");
    let after = after.trim_start_matches([' ', '\t', ',']);
    // (A part or an article after a comma is another division: `Chapter 552 of the
    // Government Code, Part 2 of …` is a list.)
    let section_follows = eat(after, 0, &SECTION_WORD).is_some_and(|(e, caps)| {
        after[e..].starts_with(|c: char| c.is_ascii_digit())
            && caps.name("w").is_none_or(|w| {
                let w = w.as_str().to_ascii_lowercase();
                !w.starts_with("part") && !w.starts_with("art")
            })
    });
    // `Title VII of the Civil Rights Act of 1964, 42 U.S.C. §§ 2000e to 2000e-17` (The
    // Bluebook, rule 12.2.1), `title XVIII of the Social Security Act (42 U.S.C. 1395 et
    // seq.)`: the act's name labels the code's citation after it, which is the citation.
    let code_follows = PREFIX_CODE.is_match(after.trim_start_matches(['(', ' ', '\t']));
    if phrase.unnumbered_scope || section_follows || code_follows {
        return None;
    }
    // A state's code by its title (`Chapter 36 of the Revised Code of Washington`) stays
    // the state's; any other name is an act's or a code's in words.
    if phrase.kind != Some(CitationKind::StateStatute) {
        phrase.kind = Some(CitationKind::NamedAct);
    }
    phrase.division = Some(levels.join(", "));
    Some(phrase)
}

/// The rules of an order of the First Schedule to India's Code of Civil Procedure, 1908,
/// which numbers its rules within each order (`Order VII Rule 11 CPC`, `Order XXXIX Rules 1
/// and 2 of the Code of Civil Procedure`, `O. 21 r. 97 C.P.C.`): one citation of the code per
/// rule, its [`Phrase::division`] `ord. VII, r. 11`. The code must be named after the rules
/// (`CPC`, `C.P.C.`, `the Code of Civil Procedure`); an order and rule of anything else
/// (`Order 2 Rule 5` of a tribunal's rules) are none. Where the phrases end and the phrases.
fn parse_cpc_rules(text: &str, start: usize) -> Option<(usize, Vec<Phrase>)> {
    static ORDER: LazyLock<Regex> = LazyLock::new(|| {
        re(r"^(?:Order|O\.)[ \t]+(?P<o>[IVXL]{1,7}|\d{1,2})[ \t]*,?[ \t]*(?:Rules?|R\.|r\.)[ \t]*")
    });
    static RULE: LazyLock<Regex> = LazyLock::new(|| re(r"^\d{1,3}[A-Z]?(?:\([0-9A-Za-z]{1,4}\))*"));
    static RULE_SEP: LazyLock<Regex> =
        LazyLock::new(|| re(r"^(?:[ \t]*,[ \t]*(?:and[ \t]+)?|[ \t]+(?:and|&)[ \t]+)"));
    static CPC_AFTER: LazyLock<Regex> = LazyLock::new(|| {
        re(
            r"^,?[ \t]+(?:of[ \t]+)?(?:the[ \t]+)?(?:CPC(?-u:\b)|C\.[ \t]?P\.[ \t]?C\.|Code[ \t]+of[ \t]+Civil[ \t]+Procedure(?:,[ \t]+1908(?-u:\b))?)",
        )
    });
    let (mut pos, caps) = eat(text, start, &ORDER)?;
    let order = caps.name("o")?.as_str();
    let mut rules: Vec<(usize, usize)> = Vec::new();
    loop {
        let (end, _) = eat(text, pos, &RULE)?;
        rules.push((pos, end));
        pos = end;
        match eat(text, pos, &RULE_SEP) {
            Some((after, _)) if eat(text, after, &RULE).is_some() => pos = after,
            _ => break,
        }
    }
    let (end, _) = eat(text, pos, &CPC_AFTER)?;
    let code = codes::indian_code("CPC")?;
    let last = rules.len() - 1;
    let phrases = rules
        .iter()
        .enumerate()
        .map(|(i, &(from, to))| {
            let mut phrase = Phrase::of_section(if i == 0 { start } else { from });
            phrase.end = if i == last { end } else { to };
            phrase.code = Some(CodeRef::Named(code.into()));
            phrase.kind = Some(CitationKind::NamedAct);
            phrase.division = Some(format!("ord. {order}, r. {}", &text[from..to]));
            phrase
        })
        .collect();
    Some((end, phrases))
}

/// A schedule of an act joined to it by `to`, as the United Kingdom's and India's statutes
/// cite it (Office of the Parliamentary Counsel, Drafting Guidance, 11.3: `Schedule 1 to the
/// Data Protection Act 2018`), whole or by a paragraph, part or article of it (`paragraph
/// 3 of Schedule 1 to …`, `Article 5 of Schedule I to the Indian Stamp Act, 1899`): the
/// act, whose [`Phrase::division`] holds `sch. 1` and the unit inside it (`sch. 1, para.
/// 3`). A schedule numbers its paragraphs apart from the act's sections, so they are never
/// the act's sections. The act's name must end with its year (a schedule `to the
/// Agreement` is no law's); `None` otherwise.
fn parse_schedule(text: &str, start: usize) -> Option<Phrase> {
    static SCHEDULE: LazyLock<Regex> = LazyLock::new(|| {
        re(
            r"^(?:(?P<unit>[Pp]aragraphs?|[Pp]aras?\.|[Pp]art|[Aa]rticle|[Ss]ection|[Cc]lause)[ \t]+(?P<n>\d{1,3}[A-Z]?(?:\([0-9A-Za-z]{1,4}\))*|[IVXLC]{1,7})[ \t]+of[ \t]+)?[Ss]chedule[ \t]+(?P<s>\d{1,3}[A-Z]{0,2}|[IVXLC]{1,7}|[A-Z]{1,2})[ \t]+to[ \t]+",
        )
    });
    let Some((after, caps)) = eat(text, start, &SCHEDULE) else {
        return schedule_after_its_act(text, start);
    };
    let mut phrase = Phrase::of_section(start);
    phrase.end = parse_of_clause(text, after, &mut phrase)?;
    let Some(CodeRef::Named(name)) = &phrase.code else {
        return None;
    };
    let year = name.rsplit(char::is_whitespace).next()?;
    if !super::named_before::is_year(year) || !phrase.items.is_empty() {
        return None;
    }
    phrase.kind = Some(CitationKind::NamedAct);
    phrase.division = Some(schedule_division(&caps));
    Some(phrase)
}

/// The [`Phrase::division`] of a schedule read by [`parse_schedule`] or
/// [`schedule_after_its_act`] (their `s`, `unit` and `n` groups): `sch. 1`, `sch. 1, para.
/// 3`, `sch. 3, pt. 2`, `sch. I, art. 5`, and a schedule's own sections and clauses as the
/// AGLC pinpoints them (rule 3.1.4: `Competition and Consumer Act 2010 (Cth) sch 2 s 18` →
/// `sch. 2, s. 18`; `sch. 1, cl. 4`).
fn schedule_division(caps: &Captures<'_>) -> String {
    let mut division = format!("sch. {}", caps.name("s").map_or("", |s| s.as_str()));
    if let (Some(unit), Some(n)) = (caps.name("unit"), caps.name("n")) {
        let unit = unit.as_str().to_ascii_lowercase();
        let abbreviation = if unit.starts_with('a') {
            "art."
        } else if unit == "part" || unit.starts_with("pt") {
            "pt."
        } else if unit.starts_with('s') {
            "s."
        } else if unit.starts_with("cl") {
            "cl."
        } else {
            "para."
        };
        division.push_str(&format!(", {abbreviation} {}", n.as_str()));
    }
    division
}

/// A schedule cited after its act's name and year, as OSCOLA (rule 2.4.1) and the AGLC
/// cite it: `Equality Act 2010, sch 9, para 1`, `Companies Act 2006, Sch. 4`, `Data
/// Protection Act 2018, Schedule 1, paragraph 3`. The act, whose [`Phrase::division`] holds
/// the schedule and the unit inside it (`sch. 9, para. 1`); `None` where no dated act's
/// name ends right before `start` (a `Schedule I` controlled substance).
fn schedule_after_its_act(text: &str, start: usize) -> Option<Phrase> {
    static AFTER_ACT: LazyLock<Regex> = LazyLock::new(|| {
        re(
            r"^(?:[Ss]ch\.?|Schedule)[ \t]+(?P<s>\d{1,3}[A-Z]{0,2}|[IVXLC]{1,7})(?-u:\b)(?:,?[ \t]+(?P<unit>[Pp]aras?\.?|[Pp]aragraphs?|[Pp]ts?\.?|Part|s\.?|[Ss]ection|cl\.?|[Cc]lause)[ \t]+(?P<n>\d{1,3}[A-Z]?(?:\([0-9A-Za-z]{1,4}\))*))?",
        )
    });
    let (end, caps) = eat(text, start, &AFTER_ACT)?;
    division_of_the_act_before(text, start, end, schedule_division(&caps))
}

/// The division `division` (`sch. 9, para. 1`, `pt. 3, div. 6`), read from `start` to `end`,
/// of the act named with its year right before `start`: the act's phrase from its name to
/// `end`. `None` where no dated act's name ends there.
fn division_of_the_act_before(
    text: &str,
    start: usize,
    end: usize,
    division: String,
) -> Option<Phrase> {
    let named = super::named_before::code_named_before(text, start)?;
    if !named.act || !named.dated {
        return None;
    }
    let mut phrase = Phrase::of_section(named.start);
    phrase.end = end;
    phrase.code = Some(CodeRef::Named(named.code.into()));
    phrase.kind = Some(CitationKind::NamedAct);
    phrase.division = Some(division);
    Some(phrase)
}

/// An act's chapters, parts, divisions and subdivisions pinpointed after its name and year,
/// as the AGLC abbreviates them (rule 3.1.4: `Corporations Act 2001 (Cth) pt 5.3A`, `Crimes
/// Act 1900 (NSW) pt 3 div 6`, `ch 2 pt 2.2`): the act, whose [`Phrase::division`] holds them
/// (`pt. 3, div. 6`). `None` where no dated act's name ends right before `start`.
fn parse_divisions_after_an_act(text: &str, start: usize) -> Option<Phrase> {
    static DIVISIONS: LazyLock<Regex> = LazyLock::new(|| {
        re(
            r"^(?:(?:pt|div|ch|sub-div)[ \t]+(?:\d{1,3}(?:\.\d{1,2})?[A-Z]{0,2}|[IVXL]{1,6}[A-Z]?)(?-u:\b)[ \t]*)+",
        )
    });
    static DIVISION: LazyLock<Regex> = LazyLock::new(|| {
        re(
            r"(?P<u>pt|div|ch|sub-div)[ \t]+(?P<n>\d{1,3}(?:\.\d{1,2})?[A-Z]{0,2}|[IVXL]{1,6}[A-Z]?)",
        )
    });
    let (end, _) = eat(text, start, &DIVISIONS)?;
    let division = DIVISION
        .captures_iter(&text[start..end])
        .map(|c| format!("{}. {}", &c["u"], &c["n"]))
        .collect::<Vec<_>>()
        .join(", ");
    division_of_the_act_before(text, start, trim_end(text, start, end), division)
}

/// The name `trimmed` that starts at `at` in `text`, with the series of words after it that
/// its name goes on with (`the Federal Food, Drug, and Cosmetic Act`; see
/// [`SERIES_IN_NAME`] and [`one_act_named`]).
fn with_series<'t>(text: &'t str, at: usize, trimmed: &'t str) -> &'t str {
    let Some(series) = text
        .get(at + trimmed.len()..)
        .and_then(|rest| SERIES_IN_NAME.find(rest))
    else {
        return trimmed;
    };
    let whole = &text[at..at + trimmed.len() + series.end()];
    if one_act_named(whole) { whole } else { trimmed }
}

/// `trimmed` (a name read at `at`) with the year its short title gives after a comma (`the
/// Companies Act, 2013`, `the Code of Criminal Procedure, 1973`, `the Constitution Act,
/// 1867`: India's, Canada's and the older British short titles, Short Titles Act 1896).
/// Not a year that begins another name (`the Clean Air Act, 1990 Amendments`), a date or a
/// number (`, 1990-91`, `, 2013/14`), nor one after a name of one word (`the Act, 2019`).
fn with_year_after_comma<'t>(text: &'t str, at: usize, trimmed: &'t str) -> &'t str {
    static YEAR: LazyLock<Regex> = LazyLock::new(|| re(r"^,[ \t]+(?:1[6-9]|20)\d\d(?-u:\b)"));
    let end = at + trimmed.len();
    let words = trimmed
        .split_whitespace()
        .filter(|w| !w.eq_ignore_ascii_case("the"))
        .count();
    let Some(year) = text.get(end..).and_then(|rest| YEAR.find(rest)) else {
        return trimmed;
    };
    let after = &text[end + year.end()..];
    let next = after.trim_start_matches([' ', '\t']);
    let mut chars = after.chars();
    let runs_on = chars
        .next()
        .is_some_and(|c| matches!(c, '-' | '–' | '/' | '.'))
        && chars.next().is_some_and(|c| c.is_ascii_digit())
        || (next.len() < after.len()
            && ["Amendment", "Act", "Edition", "Revision"]
                .iter()
                .any(|w| next.starts_with(w)));
    if words < 2 || trimmed.ends_with(" of") || runs_on {
        return trimmed;
    }
    &text[at..end + year.end()]
}

/// Whether `name` (`the Federal Food, Drug, and Cosmetic Act of 1938`) names one act: no
/// item of its series but the last is an act (`the Securities Act, Exchange Act and
/// Investment Company Act` are three).
fn one_act_named(name: &str) -> bool {
    let head = name
        .trim_end_matches(|c: char| c.is_whitespace() || c.is_ascii_digit())
        .trim_end_matches(" of")
        .trim_end_matches("Act");
    !head
        .split(|c: char| !c.is_alphanumeric())
        .any(|word| word == "Act")
}

/// A schedule, form, table, exhibit, attachment, figure, chart or test method named by its
/// designation (`Schedule 2`, `Schedule I`, `Form 10-K`, `Table 1`, `Exhibit A`, `Method 5`,
/// `Performance Specification 2`, `Procedure 1`): parts of a law or a filing that lexls does
/// not read as provisions (a schedule's items, a form's items and a test method's sections
/// are numbered apart from the sections of the law). An annex and an appendix are units of
/// the law itself (`point 3 of Annex II`, `appendix A to part 50`) and are not among them.
static DESIGNATED_DOCUMENT: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?:Schedule|Form|Table|Exhibit|Attachment|Figure|Chart|(?:Test[ \t]+)?Method|Performance[ \t]+Specification|Procedure)[ \t]+(?:No\.[ \t]*)?[A-Z0-9][A-Za-z0-9]*(?:[-.][A-Za-z0-9]+)*(?-u:\b)",
    )
});

/// `the` and up to three words in lower case (`the settlement agreement`, `the draft
/// guidance`), or `this preamble`. `this` and another document's noun is the citing
/// document itself (`section 2 of this order` in an executive order), and stays a citation.
static DOCUMENT_BY_NOUN: LazyLock<Regex> = LazyLock::new(|| {
    re(r"^(?:the[ \t]+[a-z][a-z-]*(?:[ \t]+[a-z][a-z-]*){0,2}|this[ \t]+preamble)(?-u:\b)")
});

/// The end of `the <noun>` at the start of `rest` when its noun, after up to two of
/// [`DOCUMENT_MODIFIERS`], names a document that is no law ([`DOCUMENT_NOUNS`]): `section
/// 7 of the agreement`, `section 5 of the draft guidance`, `Section II.B of this preamble`.
fn document_by_noun(rest: &str) -> Option<usize> {
    let phrase = DOCUMENT_BY_NOUN.find(rest)?.as_str();
    let mut end = 0;
    for (i, word) in phrase.split([' ', '\t']).enumerate() {
        end += word.len() + usize::from(i > 0);
        if i == 0 || word.is_empty() {
            continue; // the article, or a second space
        }
        if DOCUMENT_NOUNS.contains(&word) {
            return Some(end);
        }
        // Only a document's modifiers come before its noun (`the regulations requires
        // notice` is no notice's).
        if !DOCUMENT_MODIFIERS.contains(&word) {
            return None;
        }
    }
    None
}

/// The nouns in lower case of documents that are no law (those of [`PRIVATE_DOCUMENTS`],
/// less the nouns a regulation's text uses for itself: `the order` of a marketing
/// order, `the standard` of an OSHA standard, `the note` of the U.S. Code, `the final
/// rule`), and a rulemaking's preamble.
const DOCUMENT_NOUNS: &[&str] = &[
    "agreement",
    "contract",
    "lease",
    "sublease",
    "complaint",
    "counterclaim",
    "petition",
    "motion",
    "report",
    "plan",
    "policy",
    "bylaws",
    "indenture",
    "deed",
    "mortgage",
    "guaranty",
    "certificate",
    "license",
    "permit",
    "memorandum",
    "letter",
    "settlement",
    "stipulation",
    "proposal",
    "application",
    "brief",
    "opinion",
    "judgment",
    "award",
    "manual",
    "handbook",
    "guidance",
    "guide",
    "bulletin",
    "circular",
    "framework",
    "instructions",
    "prospectus",
    "bill",
    "preamble",
];

/// Words that qualify a document before its noun (`the draft guidance`, `the settlement
/// agreement`, `the proposed plan`).
const DOCUMENT_MODIFIERS: &[&str] = &[
    "draft",
    "proposed",
    "final",
    "interim",
    "revised",
    "amended",
    "settlement",
    "consent",
    "purchase",
    "loan",
    "lease",
    "license",
    "operating",
    "grant",
    "cooperative",
    "collective",
    "bargaining",
    "technical",
    "management",
    "implementation",
    "interagency",
    "programmatic",
    "supplemental",
];

/// The rest of an act's name whose words are a series, after its first item (`, Drug, and
/// Cosmetic Act` of `the Federal Food, Drug, and Cosmetic Act`; `, Compensation, and
/// Liability Act of 1980`): capitalised items between commas, the last after `and`, then the
/// head noun `Act`. Without the head noun the commas end the name (`the Secretary, the
/// Administrator, and the Board`).
static SERIES_IN_NAME: LazyLock<Regex> = LazyLock::new(|| {
    re(concat!(
        r"^(?:,[ \t]+[A-Z][\w'’&/-]*(?:[ \t]+[A-Z][\w'’&/-]*)*)*,?[ \t]+and[ \t]+",
        r"[A-Z][\w'’&/-]*(?:[ \t]+(?:[A-Z][\w'’&/-]*|of|and|for|the|to|in|on))*?[ \t]+Act",
        r"(?:[ \t]+of[ \t]+\d{4})?(?-u:\b)",
    ))
});

/// `Title 5, ` right before a section phrase (`Title 5, Section 552 of the United States
/// Code`).
static TITLE_BEFORE: LazyLock<Regex> =
    LazyLock::new(|| re(r"(?i:title)[ \t]+(?P<t>\d{1,3}[A-Z]?),[ \t]*$"));

/// The U.S. Code's or the C.F.R.'s abbreviation for a name of it (`the United States Code`,
/// `the U.S. Code`, `the Code of Federal Regulations`).
fn national_code(name: &str) -> Option<&'static str> {
    let name = collapse(name.strip_prefix("the ").unwrap_or(name));
    match name.as_str() {
        "United States Code" | "U.S. Code" => Some("U.S.C."),
        "Code of Federal Regulations" => Some("C.F.R."),
        _ => None,
    }
}

/// `the ` before a name.
static THE: LazyLock<Regex> = LazyLock::new(|| re(r"^the[ \t]+"));

/// The section numbers `phrase` has read so far, its list items' and its chain's.
fn numbers_of(phrase: &Phrase) -> impl Iterator<Item = &str> {
    phrase
        .items
        .iter()
        .filter_map(|i| i.section.as_deref())
        .chain(phrase.chain_section.as_ref().map(|(_, n, _)| n.as_str()))
}

/// Whether every section number of `phrase` starts with `title` and a hyphen or colon
/// (`47-117`, `28:2-706` of title 47 or 28).
fn carries_title(phrase: &Phrase, title: &str) -> bool {
    let mut numbers = numbers_of(phrase).peekable();
    numbers.peek().is_some()
        && numbers.all(|n| {
            n.strip_prefix(title)
                .is_some_and(|rest| rest.starts_with(['-', ':']))
        })
}

/// The code of `section 4 of this act`: the act whose text it is. A code carries the words
/// of the acts it codifies (the D.C. Code's and the U.S. Code's sections, quoted session
/// laws in their notes), where `this act` is that act, not the code (the OLRC's notes:
/// "This Act, referred to in text, is Pub. L. …"); in an act read as a document of its own
/// (an Indian Act, a local law) it is that document. The resolver tells them apart.
pub const THIS_ACT: &str = "this Act";

/// The head nouns of documents that are no law: contracts and other private instruments,
/// pleadings and court papers, orders, reports, plans and policies, standards, manuals,
/// guidance, notices and circulars. A provision of one (`Section 3.2 of the Agreement`,
/// `Section 2.1 of the Guidance`) is not a citation of law.
const PRIVATE_DOCUMENTS: &[&str] = &[
    "Agreement",
    "Contract",
    "Lease",
    "Sublease",
    "Complaint",
    "Answer",
    "Counterclaim",
    "Petition",
    "Motion",
    "Order",
    "Report",
    "Plan",
    "Policy",
    "Bylaws",
    "By-laws",
    "By-Laws",
    "Indenture",
    "Deed",
    "Will",
    "Mortgage",
    "Note",
    "Guaranty",
    "Certificate",
    "License",
    "Permit",
    "Memorandum",
    "Letter",
    "Settlement",
    "Stipulation",
    "Proposal",
    "Application",
    "Brief",
    "Opinion",
    "Judgment",
    "Decree",
    "Award",
    "Manual",
    "Handbook",
    "Guidance",
    "Guide",
    "Notice",
    "Bulletin",
    "Circular",
    "Framework",
    "Instructions",
    "Standard",
    "Standards",
    "Specification",
    "Specifications",
    "Prospectus",
    "Bill",
    // A rulemaking's supporting documents (`Section 2.3 of the Technical Support Document`,
    // `the Regulatory Impact Analysis`, `the Environmental Assessment`, `the Final
    // Environmental Impact Statement`, `the Response to Comments`).
    "Document",
    "Analysis",
    "Assessment",
    "Statement",
    "Study",
    "Comments",
    "Preamble",
];

/// Drops trailing connector words (`the Order of the`) from a named-document phrase.
fn trim_named(phrase: &str) -> &str {
    let mut out = phrase.trim_end();
    // An act's name ends with its year (`the Private Security Camera Incentive Program
    // Temporary Act of 2016`): the words after it (`D.C. Law 21-97`, the D.C. Code's notes
    // without their parentheses) are another citation. The last year ends it: an amending
    // act is named after the act it amends (`Mortgage Lender and Broker Act of 1996
    // Emergency Amendment Act of 1997`).
    if let Some(m) = ACT_OF_YEAR.find_iter(out).last()
        && m.end() < out.len()
    {
        out = &out[..m.end()];
    }
    // `the Competition and Consumer Act 2010 and Privacy Act 1988`: an act's year and a
    // connector end one name, and another act's begins.
    if let Some(m) = YEAR_THEN_ANOTHER_NAME.captures(out).and_then(|c| c.get(1)) {
        out = &out[..m.end()];
    }
    // `the` joins a name's words after a connector or a verb (`the Convention on the Rights of
    // the Child`, `the Treaty establishing the European Economic Community`) or inside a name
    // ending in its own head noun (`the Keep the Promise Act`); after a name's last word it
    // begins the sentence's next noun phrase, which no name of a law takes
    // (`section 9 of the Constitution the Minister may`, `section 3 of the Companies Act the
    // Registrar shall`).
    out = before_a_clause_subject(out);
    // A preposition joins the words of an act's name (`the Individuals with Disabilities
    // Education Act`); in a name that is no act's, the name ends before it (`the Act and
    // with NPS's`).
    let is_act = |name: &str| {
        name.split_whitespace()
            .last()
            .is_some_and(|w| w == "Act" || super::named_before::is_year(w))
    };
    if !is_act(trim_connectors(out))
        && let Some(word) = out
            .split_whitespace()
            .find(|w| matches!(*w, "with" | "from" | "by" | "under" | "upon" | "against"))
    {
        // The word's offset in `out`, of which it is a slice.
        let at = word.as_ptr() as usize - out.as_ptr() as usize;
        out = out.get(..at).unwrap_or(out);
    }
    // `Section 438 of the CrPC and Section 302 IPC`, `section 34 of the Indian Penal Code
    // and Article 21`, `… Act 2018 and Schedule 2 to …`, `… Act 2018 and Chapter 5 of …`,
    // `Section 10(b) of the Exchange Act and Rule 10b-5 thereunder`: a
    // head word (a designator or a division) after a connector starts the next citation,
    // whose number the name did not take.
    if let Some((rest, head)) = out.rsplit_once(char::is_whitespace)
        && matches!(
            head,
            "Section"
                | "Sections"
                | "Sec."
                | "Secs."
                | "Article"
                | "Articles"
                | "Art."
                | "Arts."
                | "Schedule"
                | "Schedules"
                | "Annex"
                | "Annexes"
                | "Part"
                | "Parts"
                | "Chapter"
                | "Chapters"
                | "Title"
                | "Titles"
                | "Subtitle"
                | "Subpart"
                | "Rule"
        )
        && let Some((name, connector)) = rest.trim_end().rsplit_once(char::is_whitespace)
        && matches!(connector, "and" | "or")
    {
        out = name;
    }
    trim_connectors(out)
}

/// `name` up to a `the` that follows a law's head noun or year or the head noun's `of`
/// phrase (`the Treaty establishing the …`, `the Uniform Act to Secure the …` go on), where
/// the words after it do not end in a law's head noun or year (`the Constitution of India the State` →
/// `the Constitution of India`; `the Stop the Bleed Act` stays whole).
fn before_a_clause_subject(name: &str) -> &str {
    let words: Vec<&str> = name.split([' ', '\t']).filter(|w| !w.is_empty()).collect();
    let ends_a_law = |w: &str| {
        super::named_before::is_year(w)
            || super::named_before::is_head_noun(w)
            || matches!(
                w,
                "Regulation" | "Constitution" | "Convention" | "Treaty" | "Directive"
            )
    };
    let last_ends_a_law = words.last().is_some_and(|w| ends_a_law(w));
    // The words before `k` end a law's name: its head noun or year, or the head noun's `of`
    // phrase of capitalised words (`Constitution of India`); `Act to Secure` goes on.
    let name_ends_before = |k: usize| {
        let mut j = k;
        while j > 0 && words[j - 1].starts_with(char::is_uppercase) && !ends_a_law(words[j - 1]) {
            j -= 1;
        }
        ends_a_law(words[k - 1])
            || (j >= 2 && j < k && words[j - 1] == "of" && ends_a_law(words[j - 2]))
    };
    if last_ends_a_law {
        return name;
    }
    let Some(word) = (1..words.len())
        .find(|&k| words[k] == "the" && name_ends_before(k))
        .map(|k| words[k])
    else {
        return name;
    };
    // The word's offset in `name`, of which it is a slice.
    let at = word.as_ptr() as usize - name.as_ptr() as usize;
    name.get(..at).map_or(name, str::trim_end)
}

/// `name` (a name of an act or code matched at byte `at` of `text`) up to its last `and`
/// or `or` that joins two names ([`super::named_before::joins_two_names`]) where a section
/// sign follows the second: that name is the next citation's (`section 2-207 of the
/// Uniform Commercial Code and Uniform Commercial Code § 2-207`).
fn before_a_name_cited_next<'t>(text: &'t str, at: usize, name: &'t str) -> &'t str {
    let after = text[at + name.len()..].trim_start_matches([' ', '\t']);
    let sign_next = after.starts_with('§')
        || after
            .get(..8)
            .is_some_and(|w| w.eq_ignore_ascii_case("section "));
    if !sign_next {
        return name;
    }
    let words: Vec<(usize, &str)> = name
        .split(' ')
        .scan(0, |offset, w| {
            let at = *offset;
            *offset += w.len() + 1;
            Some((at, w))
        })
        .collect();
    let second = (1..words.len().saturating_sub(1)).rev().find(|&k| {
        super::named_before::joins_two_names(words[k - 1].1, words[k].1)
            && words[k + 1].1.starts_with(char::is_uppercase)
    });
    match second {
        Some(k) => name[..words[k].0].trim_end(),
        None => name,
    }
}

/// `phrase` without the connecting words it ends with (`of`, `and`, `the`, …).
fn trim_connectors(phrase: &str) -> &str {
    let mut out = phrase.trim_end();
    loop {
        let Some((head, last)) = out.rsplit_once([' ', '\t']) else {
            return out;
        };
        if matches!(last, "of" | "and" | "for" | "on" | "the" | "to" | "in") {
            out = head.trim_end();
        } else {
            return out;
        }
    }
}

/// `Act of 2016` in an act's name, with the word before its year.
/// An act's year followed by `and` or `or` and a capitalised word (`Act 2010 and Privacy`):
/// group 1 ends the first name.
static YEAR_THEN_ANOTHER_NAME: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?-u:\b)(Act(?:[ \t]+of)?[ \t]+(?:1[6-9]|20)\d\d)[ \t]+(?:and|or)[ \t]+(?:the[ \t]+)?[A-Z]",
    )
});

static ACT_OF_YEAR: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?-u:\b)Act[ \t]*\r?\n?[ \t]*of[ \t]*\r?\n?[ \t]*(?:1[789]|20)\d\d(?-u:\b)")
});

/// `name` without the initials a document defines inside it (`Public Health Service (PHS)
/// Act` → `Public Health Service Act`): capitals in parentheses are the drafter's short
/// form, not words of the act's title (`European Union (Withdrawal) Act 2018` keeps its).
pub(crate) fn without_defined_initials(name: &str) -> String {
    let kept: Vec<&str> = name
        .split(' ')
        .filter(|w| {
            let inner = w.strip_prefix('(').and_then(|w| w.strip_suffix(')'));
            !inner.is_some_and(|i| i.len() >= 2 && i.chars().all(|c| c.is_ascii_uppercase()))
        })
        .collect();
    kept.join(" ")
}

/// `s` with each run of whitespace (typographic spaces included) as one space.
pub(crate) fn collapse(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The phrase ends at `pos`, minus trailing spaces and a trailing comma.
fn trim_end(text: &str, start: usize, pos: usize) -> usize {
    let slice = &text[start..pos];
    start + slice.trim_end_matches([' ', '\t', '\n', '\r', ',']).len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::raws;

    fn one(text: &str) -> Citation {
        let cites = extract(text);
        assert_eq!(cites.len(), 1, "{text}: {cites:#?}");
        cites.into_iter().next().expect("one")
    }

    fn raw<'t>(text: &'t str, c: &Citation) -> &'t str {
        &text[c.span.clone()]
    }

    #[test]
    fn section_symbol_with_subsections() {
        let text = "as required by § 20-871(a)(1), the employer";
        let c = one(text);
        assert_eq!(raw(text, &c), "§ 20-871(a)(1)");
        assert_eq!(c.section.as_deref(), Some("20-871"));
        assert_eq!(c.subsections, vec!["a", "1"]);
        assert_eq!(c.kind, CitationKind::Section);
        assert_eq!(c.normalized(), "§ 20-871(a)(1)");
    }

    #[test]
    fn ranges_and_lists_of_sections() {
        let text = "See §§ 20-871 through 20-873.";
        let c = one(text);
        assert_eq!(raw(text, &c), "§§ 20-871 through 20-873");
        assert_eq!(
            c.range_end.as_ref().map(|e| e.section.as_str()),
            Some("20-873")
        );

        // Class: the section sign repeated before a range's end (`§ 1.1 through § 1.5`), as
        // prose writes The Bluebook's `§§ 1.1–1.5`: one range, not two sections.
        let text = "as set forth in § 1.1 through § 1.5 of this chapter, and";
        let c = one(text);
        assert_eq!(raw(text, &c), "§ 1.1 through § 1.5 of this chapter");
        assert_eq!(c.normalized(), "§ 1.1 to 1.5");
        // After `to` a descending number, or a verb that moves a section before (the D.C.
        // Code's notes), names a new number: two citations.
        for text in [
            "D.C. Law 17-353 redesignated § 803 to § 233.",
            "D.C. Law 15-354 renumbered this section from § 16-2301.01 to § 16-2301.02.",
        ] {
            let cites = extract(text);
            assert!(cites.iter().all(|c| c.range_end.is_none()), "{cites:#?}");
            assert!(
                cites
                    .iter()
                    .any(|c| raw(text, c).starts_with("§ 2") || raw(text, c) == "§ 16-2301.02"),
                "{cites:#?}"
            );
        }

        let text = "the requirements of §§ 5-301 and 5-302 apply";
        let cites = extract(text);
        assert_eq!(cites.len(), 2);
        assert_eq!(raw(text, &cites[0]), "§§ 5-301");
        assert_eq!(raw(text, &cites[1]), "5-302");
        assert_eq!(cites[1].section.as_deref(), Some("5-302"));
        assert_eq!(cites[0].group, cites[1].group);

        let text = "§§ 4001-4010 and § 248-1";
        let cites = extract(text);
        assert_eq!(cites[0].section.as_deref(), Some("4001"));
        assert_eq!(
            cites[0].range_end.as_ref().map(|e| e.section.as_str()),
            Some("4010")
        );
        assert_eq!(cites[1].section.as_deref(), Some("248-1"));
        assert!(cites[1].range_end.is_none());
    }

    #[test]
    fn word_forms_with_codes() {
        let text = "pursuant to section 20-871 of the administrative code,";
        let c = one(text);
        assert_eq!(raw(text, &c), "section 20-871 of the administrative code");
        assert_eq!(c.code, Some(CodeRef::Named("administrative code".into())));

        let text = "“Bias audit” as defined by § 20-870 of the Code.";
        let c = one(text);
        assert_eq!(c.code, Some(CodeRef::Named("the Code".into())));
        assert_eq!(raw(text, &c), "§ 20-870 of the Code");
    }

    #[test]
    fn subdivision_of_section() {
        let text = "a separate violation of subdivision a\nof section 20-871.";
        let c = one(text);
        assert_eq!(c.section.as_deref(), Some("20-871"));
        assert_eq!(c.subsections, vec!["a"]);
        assert_eq!(raw(text, &c), "subdivision a\nof section 20-871");

        let text = "in violation of paragraphs 1, 2 or 3 of subdivision b of section  20-871 shall";
        let cites = extract(text);
        assert_eq!(cites.len(), 3, "{cites:#?}");
        for (c, label) in cites.iter().zip(["1", "2", "3"]) {
            assert_eq!(c.section.as_deref(), Some("20-871"));
            assert_eq!(c.subsections, vec!["b", label]);
        }
    }

    #[test]
    fn relative_references_keep_their_base() {
        let text =
            "the calculations required in paragraphs (1) and (2) of this subdivision separately";
        let cites = extract(text);
        assert_eq!(cites.len(), 2);
        assert_eq!(
            cites[0].relative,
            Some(Relative::ThisLevel(LevelWord::Subdivision))
        );
        assert_eq!(cites[1].subsections, vec!["2"]);

        let text = "Notwithstanding the requirements of subdivision (a) of this section, an";
        let c = one(text);
        assert_eq!(c.relative, Some(Relative::ThisSection));
        assert_eq!(c.subsections, vec!["a"]);

        let c = one("violates any provision of this subchapter");
        assert_eq!(c.relative, Some(Relative::ThisCode));
    }

    #[test]
    fn prefixed_codes() {
        let text = "See 29 C.F.R. § 1607.4. Also 6 RCNY § 5-301(b) and 42 U.S.C. 1983.";
        let cites = extract(text);
        assert_eq!(cites.len(), 3, "{cites:#?}");
        assert_eq!(cites[0].normalized(), "29 C.F.R. 1607.4");
        assert_eq!(cites[0].kind, CitationKind::Cfr);
        assert_eq!(cites[1].normalized(), "6 RCNY § 5-301(b)");
        assert_eq!(cites[1].kind, CitationKind::StateRegulation);
        assert_eq!(cites[2].normalized(), "42 U.S.C. 1983");
        let c = one("(15 U.S.C. 1051 et seq.)");
        assert_eq!(c.normalized(), "15 U.S.C. 1051 et seq.");
    }

    #[test]
    fn federal_word_forms() {
        let text = "pursuant to subsection (c) of section 2000e-8 of title 42 of the United States code as";
        let c = one(text);
        assert_eq!(c.normalized(), "42 U.S.C. 2000e-8(c)");
        let text = "as specified in part 1602.7 of title 29 of the code of federal regulations.";
        let c = one(text);
        assert_eq!(c.normalized(), "29 C.F.R. 1602.7");
    }

    #[test]
    fn eu_articles() {
        let c = one("the registration obligation set out in Article 49(2).");
        assert_eq!(c.unit, Unit::Article);
        assert_eq!(c.normalized(), "[this act] Art. 49(2)");
        let c = one("processing under Article 6(1)(a) GDPR is");
        assert_eq!(c.normalized(), "Regulation (EU) 2016/679 Art. 6(1)(a)");
        let c = one("point (a) of Article 9(2)");
        assert_eq!(c.subsections, vec!["2", "a"]);
        let c = one("Article 5 of Regulation (EU) 2024/1689");
        assert_eq!(c.normalized(), "Regulation (EU) 2024/1689 Art. 5");
        let c = one("listed in Annex III");
        assert_eq!((c.unit, c.section.as_deref()), (Unit::Annex, Some("III")));
        let cites = extract("Articles 356 to 358 apply");
        assert_eq!(
            cites[0].range_end.as_ref().map(|e| e.section.as_str()),
            Some("358")
        );
    }

    #[test]
    fn line_broken_section_numbers_from_pdf_text() {
        let c = one("as defined by 6 RCNY § 5-\n249.");
        assert_eq!(c.section.as_deref(), Some("5-249"));
    }

    #[test]
    fn not_citations() {
        assert!(extract("a civil penalty of not more than $500 for a first violation").is_empty());
        assert!(extract("this section heading is short").len() == 1);
        assert!(extract("in the section below").is_empty());
        assert!(extract("the paragraph as a whole").is_empty());
    }

    fn norms(text: &str) -> Vec<String> {
        extract(text).iter().map(Citation::normalized).collect()
    }

    /// Class: a sentence's own inline enumeration after a citation is not a list of its
    /// labels (D.C. Code §§ 42-3505.03, 23-1323, 28:4A-204 as published), while a list of
    /// labels after a cited subdivision still is.
    #[test]
    fn an_inline_enumeration_after_a_citation_is_no_label() {
        let text = "The results of any proceeding shall not be binding upon any party, except \
                    (1) to the extent provided in § 42-3505.04, or (2) with respect to a \
                    conciliation agreement.";
        assert_eq!(raws(text), vec!["§ 42-3505.04"]);
        let text = "The judicial officer thereupon (1) shall treat the person in accordance with \
                    section 23-1321, or (2) upon motion of the United States attorney, may hold a \
                    hearing.";
        assert_eq!(raws(text), vec!["section 23-1321"]);
        let text = "a payment order which is (i) not authorized and not effective as the order \
                    of the customer under § 28:4A-202, or (ii) not enforceable, in whole or in part";
        assert_eq!(raws(text), vec!["§ 28:4A-202"]);
        // Labels of a cited subdivision: `paragraph (1)` is a citation, not an enumeration.
        let text = "under paragraph (1) of this subsection or § 5-116.33(c)(1), (2), or (3)";
        assert_eq!(
            raws(text),
            vec![
                "paragraph (1) of this subsection",
                "§ 5-116.33(c)(1)",
                "(2)",
                "(3)"
            ]
        );
        let text = "The partner’s duty of loyalty under § 29-604.04(b)(1) and (2) continues.";
        assert_eq!(raws(text), vec!["§ 29-604.04(b)(1)", "(2)"]);
    }

    /// Class: lists continuing a code citation without `§§` (issue 11, extraction).
    #[test]
    fn lists_continue_a_code_without_double_section_sign() {
        // cfr-title27/sections/part-070/27-cfr-70.306.md
        let text = "cco products, and cigarette papers and tubes, see 26 U.S.C. 5061, 5703, and 6302 and the regulations covering the specif";
        assert_eq!(
            norms(text),
            ["26 U.S.C. 5061", "26 U.S.C. 5703", "26 U.S.C. 6302"]
        );
        assert_eq!(raws(text), ["26 U.S.C. 5061", "5703", "6302"]);
        // cfr-title27/sections/part-479/27-cfr-479.11.md
        let text = "given by the Secretary of the Army under 10 U.S.C. 4684(2), 4685, or 4686, or any device";
        assert_eq!(
            norms(text),
            ["10 U.S.C. 4684(2)", "10 U.S.C. 4685", "10 U.S.C. 4686"]
        );
        // The forms of the issue: semicolons, and labels continuing an item.
        assert_eq!(
            norms("42 U.S.C. 1395, 1396; 1397, 1398"),
            [
                "42 U.S.C. 1395",
                "42 U.S.C. 1396",
                "42 U.S.C. 1397",
                "42 U.S.C. 1398"
            ]
        );
        assert_eq!(
            norms("26 U.S.C. 61, 62(a) and (c)"),
            ["26 U.S.C. 61", "26 U.S.C. 62(a)", "26 U.S.C. 62(c)"]
        );
        // A number that is not an item: a quantity, or the title of the next citation.
        assert_eq!(norms("under 5 U.S.C. 552, 30 days after"), ["5 U.S.C. 552"]);
        assert_eq!(
            norms("(42 U.S.C. 1983; 29 CFR 1607.4)"),
            ["42 U.S.C. 1983", "29 C.F.R. 1607.4"]
        );
    }

    /// Class: ranges with a dash, letter suffixes and abbreviated ends, read by the code's
    /// numbering style.
    #[test]
    fn ranges_follow_the_numbering_of_the_code() {
        // us-code-titles/sections/title-35/35-usc-156.md
        let c = one("is a reference to the Act of March 4, 1913 (21 U.S.C. 151–158).");
        assert_eq!(c.normalized(), "21 U.S.C. 151 to 158");
        // federal-register/FR-2017-06-07-uslm.xml
        let text = "as described in the UMRA, 2 U.S.C. 1531–1538, and does not";
        assert_eq!(norms(text), ["2 U.S.C. 1531 to 1538"]);
        assert_eq!(norms("(19 U.S.C. 2511–18)"), ["19 U.S.C. 2511 to 2518"]);
        assert_eq!(norms("16 U.S.C. 460a-460z"), ["16 U.S.C. 460a to 460z"]);
        assert_eq!(norms("5 U.S.C. 5541-49"), ["5 U.S.C. 5541 to 5549"]);
        // Hyphenated U.S.C. section numbers follow a letter suffix: not ranges.
        assert_eq!(norms("6\u{2009}15 U.S.C. 78k–1."), ["15 U.S.C. 78k-1"]);
        // us-code-titles/sections/title-44/44-usc-3504.md
        assert_eq!(
            norms("Technology Act (15 U.S.C. 278g–3 and 278g–4), section"),
            ["15 U.S.C. 278g-3", "15 U.S.C. 278g-4"]
        );
        // Hyphens of other codes are part of the number.
        assert_eq!(norms("§ 20-871(b)"), ["§ 20-871(b)"]);
        assert_eq!(norms("27 CFR 1.41-2"), ["27 C.F.R. 1.41-2"]);
        assert_eq!(norms("27 CFR 40.21-40.25a"), ["27 C.F.R. 40.21 to 40.25a"]);
    }

    /// Class: the title written after the section, and titles or chapters cited whole.
    #[test]
    fn titles_after_the_section_and_titles_cited_whole() {
        // cfr-title27/sections/part-479/27-cfr-479.105.md
        let text = "in violation of law. Section 922(o), Title 18, U.S.C., makes it unlawful";
        assert_eq!(norms(text), ["18 U.S.C. 922(o)"]);
        assert_eq!(
            norms("section 12, title 10, United States Code"),
            ["10 U.S.C. 12"]
        );
        assert_eq!(
            norms("Section 30101(b) of 49 U.S.C."),
            ["49 U.S.C. 30101(b)"]
        );
        assert_eq!(
            norms("28, United States Code, Section 1331"),
            ["28 U.S.C. 1331"]
        );
        assert_eq!(norms("Section 706, Title 5 U.S.C."), ["5 U.S.C. 706"]);
        // federal-register/FR-2017-06-07-uslm.xml, FR-2017-09-29-uslm.xml
        assert_eq!(
            norms("Title 49 of the United States Code specifies the FAA's authority"),
            ["49 U.S.C."]
        );
        assert_eq!(
            norms(
                "The legal authority for this rule also includes chapter 55 of title 10, United States Code."
            ),
            ["10 U.S.C. ch. 55"]
        );
        assert_eq!(
            norms(
                "on the public under Public Law 96–511, “Paperwork Reduction Act” (44 U.S.C. Chapter 35)."
            ),
            ["Pub. L. 96-511", "44 U.S.C. ch. 35"]
        );
        // A state code's `chapter 3 of title 5` does not name the U.S. Code.
        assert!(
            norms("chapter 3 of title 5")
                .iter()
                .all(|n| !n.contains("U.S.C."))
        );
    }

    /// Class: code aliases and variants.
    #[test]
    fn code_aliases_and_variants() {
        assert_eq!(norms("I.R.C. § 1001"), ["I.R.C. § 1001"]);
        let c = one("Internal Revenue Code section 162(m)");
        assert_eq!(c.normalized(), "I.R.C. § 162(m)");
        assert_eq!(c.kind, CitationKind::NamedAct);
        let c = one("section 61 of the Internal Revenue Code of 1986");
        assert_eq!(c.normalized(), "I.R.C. § 61");
        assert_eq!(norms("42 U.S.C.A. § 1983"), ["42 U.S.C. 1983"]);
        // federal-register/FR-2017-06-07-uslm.xml
        assert_eq!(
            norms("under the Federal Advisory Committee Act (5 U.S.C. app. 2)."),
            ["5 U.S.C. App. 2"]
        );
        assert_eq!(
            norms("Advancement Act of 1995 (15 U.S.C. 272 note) because"),
            ["15 U.S.C. 272 note"]
        );
        assert_eq!(norms("see 42 usc 1983"), ["42 U.S.C. 1983"]);
        assert_eq!(norms("29 U.S.C § 201"), ["29 U.S.C. 201"]);
        // federal-register/FR-2017-10-03-uslm.xml
        assert_eq!(norms("(33 U.S.C 1231)"), ["33 U.S.C. 1231"]);
        assert_eq!(norms("under 42\nU.S.C. 1983"), ["42 U.S.C. 1983"]);
    }

    /// Class: items of a list of subdivisions continue the path of the item before
    /// (27 CFR 40.521(b)(4), 17 U.S.C. 304(d)(1), 27 CFR 70.149(b)(3)).
    #[test]
    fn list_items_continue_their_subdivision_path() {
        assert_eq!(
            norms("not referred to in paragraphs (a)(4), (5), (6), and (7) of this section"),
            [
                " [this provision](a)(4)",
                " [this provision](a)(5)",
                " [this provision](a)(6)",
                " [this provision](a)(7)"
            ]
        );
        let n = norms("complies with paragraph (1)(A), (B), (C)(i), (iii), and (iv), and (D)");
        assert_eq!(n[3], " [this provision](1)(C)(iii)");
        assert_eq!(n[4], " [this provision](1)(C)(iv)");
        assert_eq!(n[5], " [this provision](1)(D)");
        assert_eq!(
            norms("the provision of paragraphs (b)(1) (i) and (c) of this section"),
            [" [this provision](b)(1)(i)", " [this provision](c)"]
        );
        // The em dash that leads into an enumeration is no range (17 U.S.C. 122(f)(2) as
        // published: `paragraph (1)—` and its subparagraphs on the next lines, which the
        // USLM's markup, read as text, leaves one line break or spaces apart).
        assert_eq!(
            norms("then in addition to the remedies under paragraph (1)—\n (A) if the pattern"),
            [" [this provision](1)"]
        );
        // Between sections the spaced em dash is a range (the D.C. Council's `<cite>`s
        // around it, read as text: D.C. Code § 1-204.24b).
        assert_eq!(
            norms(
                "the individual serving as Chief Financial Officer under §§ 1-204.24a — 1-204.24f, the"
            ),
            ["§ 1-204.24a to 1-204.24f"]
        );
        assert_eq!(norms("under section 602—   (1) the"), ["§ 602"]);
        assert_eq!(
            norms("under subsections (a)—(c) and (e)–(h)"),
            [" [this provision](a) to (c)", " [this provision](e) to (h)"]
        );
        // A range of the citing provision's subdivisions keeps its end.
        assert_eq!(
            norms("the requirements of paragraphs (a) through (c) of this section"),
            [" [this provision](a) to (c)"]
        );
    }

    /// Class: a paragraph's `introductory text` (Document Drafting Handbook: the text
    /// before its first subordinate paragraph) names part of the paragraph; the list and
    /// the of-clause go on after it. 7 CFR 4279.116 as amended, 82 FR 26369.
    #[test]
    fn introductory_text_of_a_paragraph() {
        let text = "In § 4279.116, revise paragraphs (b) introductory text, (b)(1)(i) through (iii), (b)(2) through (4), and (b)(6) to read as follows:";
        assert_eq!(
            raws(text),
            [
                "§ 4279.116",
                "paragraphs (b)",
                "(b)(1)(i) through (iii)",
                "(b)(2) through (4)",
                "(b)(6)"
            ]
        );
        let text = "Except as provided in paragraph (a) introductory text of this section, the";
        let c = extract(text);
        assert_eq!(c.len(), 1, "no citation of this section of its own");
        assert_eq!(
            &text[c[0].span.clone()],
            "paragraph (a) introductory text of this section"
        );
    }

    /// Class: a singular head word whose list the code closes (14 U.S.C. 2152(b)), and
    /// `of such title` (14 U.S.C. 2511(b)).
    #[test]
    fn lists_closed_by_the_code_and_such_title() {
        assert_eq!(
            norms("who is discharged under section 1165 or 1166 of title 10, and has"),
            ["10 U.S.C. 1165", "10 U.S.C. 1166"]
        );
        let n = norms(
            "determined under section 1409 of title 10 for the number of years of service that may be credited to the member under section 1405 of such title.",
        );
        assert_eq!(n, ["10 U.S.C. 1409", "10 U.S.C. 1405"]);
    }

    /// Class: articles of another instrument named after them (GDPR recital 150, `TFEU`;
    /// Regulation (EU) 2024/1689 recital 40, a protocol designated by number).
    #[test]
    fn articles_of_treaties_and_protocols() {
        let cites = extract(
            "an undertaking in accordance with Articles 101 and 102 TFEU for those purposes.",
        );
        assert_eq!(cites.len(), 2);
        assert!(
            cites.iter().all(|c| c.named_code() == Some("TFEU")),
            "{cites:#?}"
        );
        let cites = extract(
            "In accordance with Article 6a of Protocol No 21 on the position of the United Kingdom",
        );
        assert_eq!(cites[0].named_code(), Some("Protocol No 21"));
        assert_eq!(cites[0].section.as_deref(), Some("6a"));
    }

    /// Class: an unnumbered part of an article written after it (the Treaties' paragraphs
    /// and the sentences of a paragraph: `Article 288, third paragraph, TFEU`, `Article
    /// 7(2), second sentence, of Regulation (EU) 2016/679`): the article is still of the
    /// treaty or act named after the part.
    #[test]
    fn unnumbered_parts_of_an_article_after_it() {
        assert_eq!(
            norms("A directive under Article 288, third paragraph, TFEU, shall be binding"),
            ["TFEU Art. 288"]
        );
        assert_eq!(
            norms("consent under Article 7(2), second sentence, of Regulation (EU) 2016/679, the"),
            ["Regulation (EU) 2016/679 Art. 7(2)"]
        );
    }

    /// Class: an article of an EU treaty or of the Charter is an article of EU law, named by
    /// the treaty as written (GDPR recital 1; the Court of Justice's `Article 81 EC`), the two
    /// treaties in force by their initials (`TFEU`, as `Article 16 TFEU` names it).
    #[test]
    fn an_article_of_an_eu_treaty_is_eu_law() {
        let cites = extract(
            "Article 8(1) of the Charter of Fundamental Rights of the European Union (the \
             'Charter') and Article 16(1) of the Treaty on the Functioning of the European Union \
             (TFEU) provide that everyone has the right to the protection of personal data",
        );
        let read: Vec<_> = cites
            .iter()
            .map(|c| (c.kind, c.named_code().unwrap_or_default()))
            .collect();
        assert_eq!(
            read,
            [
                (
                    CitationKind::EuArticle,
                    "Charter of Fundamental Rights of the European Union"
                ),
                (CitationKind::EuArticle, "TFEU"),
            ]
        );
        let cites = extract("an agreement caught by Article 81 EC and by Article 4 EC Regulation");
        assert_eq!(cites[0].kind, CitationKind::EuArticle);
        assert_eq!(cites[0].named_code(), Some("EC"));
        assert_eq!(cites[1].named_code(), None, "{cites:#?}");
    }

    /// Class: a volume of the Statutes at Large after a list of an act's sections
    /// (14 U.S.C., source credits: `Feb. 19, 1941, ch. 8, §§ 2, 201, 55 Stat. 9`).
    #[test]
    fn a_volume_after_a_list_starts_the_next_citation() {
        let n = norms("Pub. L. 85–738, §§ 4, 5, 72 Stat. 833, provided for settlement of claims");
        assert_eq!(n.last().map(String::as_str), Some("72 Stat. 833"), "{n:?}");
        assert_eq!(n.len(), 4, "{n:?}");
    }

    /// Class: prior codifications cite a former edition (D.C. Code § 1-1001.03, "Prior
    /// Codifications").
    #[test]
    fn a_prior_edition_is_not_the_code_in_force() {
        let cites = extract("1973 Ed., § 1-1103. 1981 Ed., § 1-1303.");
        assert_eq!(cites.len(), 2, "{cites:#?}");
        assert_eq!(cites[0].named_code(), Some("1973 Ed."));
        assert_eq!(cites[1].named_code(), Some("1981 Ed."));
    }

    /// Class: a section sign after the abbreviation of a code lexls does not know cites
    /// that code, not the code of the citation before it (the uniform laws' jurisdiction
    /// tables, D.C. Code § 38-2101, "Uniform Law").
    #[test]
    fn a_section_after_an_unknown_codes_abbreviation_cites_that_code() {
        let text = "D.C.—D.C. Official Code, 2001 Ed. §§ 38-2101 to 38-2104. Fla.—West’s F.S.A. §§ 1012.99 to 1012.992. Hawaii—H R S §§ 315-1 to 315-3. Idaho—I.C. §§ 33-4104 to 33-4106. Neb.—R.R.S. 1943, §§ 66-1401 to 66-1415.";
        let cites = extract(text);
        let named: Vec<Option<&str>> = cites.iter().map(|c| c.named_code()).collect();
        assert_eq!(
            named,
            [
                Some("2001 Ed."),
                // West's abbreviation of Florida's annotated statutes, its spaced initials of
                // Hawaii's and Idaho's own `I.C.` are codes lexls reads.
                Some("Fla. Stat. Ann."),
                Some("Haw. Rev. Stat."),
                Some("Idaho Code"),
                Some("R.R.S."),
            ],
            "{cites:#?}"
        );
        // A jurisdiction alone names no code: the bare section keeps its reading.
        let dc = extract("as provided in D.C. § 2-531.");
        assert!(dc.iter().all(|c| c.named_code().is_none()), "{dc:#?}");
    }

    /// Class: the numbered items of a definition are no subdivisions of the section
    /// (27 CFR 40.11, "Cigarette").
    #[test]
    fn items_of_a_definition_are_not_checked_as_subdivisions() {
        assert!(
            extract("purchased by, consumers as a cigarette described in paragraph (1) of this definition.")
                .is_empty()
        );
    }

    /// Class: typography of official texts.
    #[test]
    fn typographic_spaces_and_ocr_digits() {
        // federal-register/FR-2017-06-07-uslm.xml (GPO sets a thin space after `§`)
        let text = "has incorrectly stated in §\u{2009}4279.116(b) that a";
        assert_eq!(norms(text), ["§ 4279.116(b)"]);
        assert_eq!(norms("42 U.S.C.\u{a0}§\u{202f}1983"), ["42 U.S.C. 1983"]);
        // D.C. Code § 6-229 (the Council sets an en space after `§§`).
        assert_eq!(
            norms("promulgated by the Authority pursuant to §§\u{2002}6-226, 6-227, and 6-228."),
            ["§ 6-226", "§ 6-227", "§ 6-228"]
        );
        assert_eq!(norms("26 U.S.C. 501(c)(3)"), ["26 U.S.C. 501(c)(3)"]);
        assert_eq!(norms("26 U.S.C. 501(c)(l)"), ["26 U.S.C. 501(c)(1)"]);
        assert_eq!(norms("26 U.S.C. 501(a)(1l)"), ["26 U.S.C. 501(a)(11)"]);
        // `(l)` as a sibling of `(k)`, or a subsection of its own, is the letter.
        assert_eq!(
            norms("26 U.S.C. 501(k) and (l)"),
            ["26 U.S.C. 501(k)", "26 U.S.C. 501(l)"]
        );
        assert_eq!(norms("26 U.S.C. 501(l)"), ["26 U.S.C. 501(l)"]);
    }

    /// Class: typography of official texts: the hyphens word processors and typesetters set
    /// inside a number (U+2011 non-breaking, U+2010, U+2012 figure dash) are the number's.
    /// The sentences are the D.C. Code's and the Federal Register's, typed as a word
    /// processor keeps a number from breaking at its hyphen.
    #[test]
    fn typographic_hyphens_inside_numbers() {
        // D.C. Code § 1-204.46 as published, its hyphens non-breaking.
        let text = "shall be submitted to the Council in accordance with \
                    § 1\u{2011}204.46(a) and section 47\u{2011}392.01";
        assert_eq!(norms(text), ["§ 1-204.46(a)", "§ 47-392.01"]);
        assert_eq!(
            raws(text),
            ["§ 1\u{2011}204.46(a)", "section 47\u{2011}392.01"]
        );
        // federal-register/FR-2017-09-29-uslm.xml's `Public Law 104–4`, with the hyphen
        // (U+2010) for its en dash.
        assert_eq!(
            norms("the Unfunded Mandates Reform Act of 1995 (Public Law 104\u{2010}4)"),
            ["Pub. L. 104-4"]
        );
        assert_eq!(norms("15 U.S.C. 78k\u{2012}1"), ["15 U.S.C. 78k-1"]);
    }

    /// Class: acts the bar names by their initials or by a title of theirs before the
    /// section, as the of-form names them (`section 212(a) of the INA`, `§ 703(a) of Title
    /// VII`): the section without its sign after initials when its subdivisions follow.
    #[test]
    fn acts_by_initials_or_title_before_the_section() {
        assert_eq!(
            norms("inadmissible under INA 212(a)(6)(C)(i) for fraud"),
            ["INA § 212(a)(6)(C)(i)"]
        );
        assert_eq!(
            norms("a claim for benefits under ERISA 502(a)(1)(B)"),
            ["ERISA § 502(a)(1)(B)"]
        );
        assert_eq!(
            norms("an unlawful employment practice under Title VII § 703(a)"),
            norms("an unlawful employment practice under § 703(a) of Title VII")
        );
        assert_eq!(
            norms("under Title IX §§ 901 and 902"),
            ["Title IX § 901", "Title IX § 902"]
        );
        // Headings and years in capitals are no act's initials.
        assert_eq!(norms("SECTION 4(a) shall apply"), ["§ 4(a)"]);
        assert!(extract("funds appropriated for FY 2020(a) projects").is_empty());
        // A bare number after initials is no section (a model, a form, a year).
        assert!(extract("the INA 212 form").is_empty());
    }

    /// Class: a range's end written with its designation again (`section 26 to section 29`,
    /// as `§ 1.1 through § 1.5`), in ascending order only.
    #[test]
    fn a_range_end_may_repeat_the_section_word() {
        assert_eq!(
            norms("subject to section 26 to section 29,"),
            ["§ 26 to 29"]
        );
        assert_eq!(
            norms("The Council renumbered section 803 to section 233."),
            ["§ 803", "§ 233"]
        );
    }

    /// Class: executive orders.
    #[test]
    fn executive_orders_are_their_own_kind() {
        // federal-register/FR-2017-06-07-uslm.xml
        let text = "This action is not a “significant regulatory action” under the terms of Executive Order 12866 (58 FR 51735, October 4, 1993) and is therefore not subject to review under Executive Orders 12866 and 13563. (76 FR 3821, January 21, 2011).";
        let cites = extract(text);
        let eo: Vec<String> = cites
            .iter()
            .filter(|c| c.kind == CitationKind::ExecutiveOrder)
            .map(Citation::normalized)
            .collect();
        assert_eq!(
            eo,
            [
                "Exec. Order No. 12866",
                "Exec. Order No. 12866",
                "Exec. Order No. 13563"
            ]
        );
        assert_eq!(norms("E.O. 12291"), ["Exec. Order No. 12291"]);
        assert_eq!(norms("Exec. Order No. 12,866"), ["Exec. Order No. 12866"]);
        assert_eq!(
            norms("Executive Order No. 12866"),
            ["Exec. Order No. 12866"]
        );
        // us-code-titles (title 50 notes): a section of an order is the order's.
        let c = one("as defined in section 3.4(e) of Executive Order No. 12333, issued");
        assert_eq!(c.kind, CitationKind::ExecutiveOrder);
        assert_eq!(c.normalized(), "Exec. Order No. 12333, § 3.4(e)");
        assert!(extract("EO 12 of the plan").is_empty());
    }

    /// Class: the forms of the U.S. Code's notes, in the Law Revision Counsel's style:
    /// `Ex. Ord. No. 14005` for an executive order and `86 F.R. 7478` for the Federal
    /// Register. Before, neither was read (172 orders and 163 Register pages in the five
    /// titles of `us-code-titles`), and the section of such an order was the citing code's.
    #[test]
    fn the_law_revision_counsels_forms_of_orders_and_the_register() {
        // us-code-titles/usc41.xml, a note under 41 U.S.C. § 8301.
        let text = "[Ex. Ord. No. 13881, set out above, superseded to the extent it is inconsistent with Ex. Ord. No. 14005, see section 14(b) of Ex. Ord. No. 14005, Jan. 25, 2021, 86 F.R. 7478, set out below.]";
        assert_eq!(
            norms(text),
            [
                "Exec. Order No. 13881",
                "Exec. Order No. 14005",
                "Exec. Order No. 14005, § 14(b)",
                "86 Fed. Reg. 7478"
            ]
        );
        assert_eq!(
            norms("Ex. Ords. Nos. 10530 and 11030 were revoked."),
            ["Exec. Order No. 10530", "Exec. Order No. 11030"]
        );
        // `F.R.D.` is a reporter (Federal Rules Decisions), no volume of the Register.
        assert!(
            extract("123 F.R.D. 456 (S.D.N.Y. 1989)")
                .iter()
                .all(|c| c.kind != CitationKind::FedReg)
        );
    }

    /// Class: the pinpoint after an executive order or a proclamation (The Bluebook, rule
    /// 14.7: `Exec. Order No. 13,563, § 1(b), 76 Fed. Reg. 3821`) is a section of that
    /// order, as `section 3(f) of Executive Order 12866` is; before, a bare section of the
    /// citing code.
    #[test]
    fn a_section_after_an_executive_order_is_the_orders() {
        let eo = |text: &str| -> Vec<(String, String)> {
            extract(text)
                .iter()
                .map(|c| (c.kind.as_str().to_string(), c.normalized()))
                .collect()
        };
        let pair = |k: &str, n: &str| (k.to_string(), n.to_string());
        // us-code-titles/usc35.xml (a note of 35 U.S.C. § 181), with its narrow no-break space.
        assert_eq!(
            eo("by Executive Order No. 13286, §\u{202f}85, Feb. 28, 2003, 68 F.R. 10632."),
            [
                pair("executive_order", "Exec. Order No. 13286, § 85"),
                pair("fed_reg", "68 Fed. Reg. 10632")
            ]
        );
        // dc-code 6-404 (its source credits).
        assert_eq!(
            eo("Exec. Order No. 6166, § 2, June 10, 1933"),
            [pair("executive_order", "Exec. Order No. 6166, § 2")]
        );
        // FR-2017-06-07: the order's title in parentheses stands between.
        let c = one("under Executive Order 12866 (Regulatory Planning and Review), section 3(f).");
        assert_eq!(c.normalized(), "Exec. Order No. 12866, § 3(f)");
        assert_eq!(
            eo("E.O. 12866, sections 3(f) and 6(a)(3)(B), apply."),
            [
                pair("executive_order", "Exec. Order No. 12866, § 3(f)"),
                pair("executive_order", "Exec. Order No. 12866, § 6(a)(3)(B)")
            ]
        );
        assert_eq!(
            eo("Proclamation 9645, section 2(a), suspends entry."),
            [pair("executive_order", "Proclamation No. 9645, § 2(a)")]
        );
        // Not after a semicolon, nor after a list of orders (whose section is not one
        // order's), nor a parenthetical holding a citation of its own.
        assert_eq!(
            eo("Executive Order 12866; section 5 of the Regulatory Flexibility Act."),
            [
                pair("executive_order", "Exec. Order No. 12866"),
                pair("named_act", "Regulatory Flexibility Act § 5")
            ]
        );
        assert_eq!(
            eo("Executive Orders 12866 and 13563, section 1")[2].0,
            "section"
        );
        assert_eq!(
            eo("Executive Order 12866 (58 FR 51735, October 4, 1993), section 3(f)")[1],
            pair("fed_reg", "58 Fed. Reg. 51735")
        );
    }

    /// Class: divisions, points and subparagraphs of EU acts.
    #[test]
    fn eu_divisions_points_and_subparagraphs() {
        // eu-ai-act/articles/article-002.md
        let c = one("intermediary services as set out in Chapter II of Regulation (EU) 2022/2065.");
        assert_eq!(c.kind, CitationKind::EuDivision);
        assert_eq!(c.normalized(), "Regulation (EU) 2022/2065 Chapter II");
        let c = one("Chapter III, Section 2 of Regulation (EU) 2024/1689");
        assert_eq!(
            c.normalized(),
            "Regulation (EU) 2024/1689 Chapter III, Section 2"
        );
        let c = one("the requirements of Section 2 of Chapter III of this Regulation");
        assert_eq!(c.normalized(), "[this act] Chapter III, Section 2");
        // eu-ai-act/annexes/annex-04-IV.md
        let c = one("by the deployers, in accordance with Article 13(3), point (d);");
        assert_eq!(c.normalized(), "[this act] Art. 13(3)(d)");
        let c = one("point (a) of the first subparagraph of Article 6(1)");
        assert_eq!(c.normalized(), "[this act] Art. 6(1)(a)");
    }

    /// Class: `Id.` and `supra` only where they are short forms.
    #[test]
    fn id_and_supra_only_as_short_forms() {
        // The kind as reported: a linked `Id.` takes its antecedent's kind, so short forms
        // are told by their short form.
        let kinds = |t: &str| -> Vec<CitationKind> {
            extract(t)
                .iter()
                .map(|c| match c.short_form {
                    Some(ShortForm::Id) => CitationKind::Id,
                    Some(ShortForm::Supra) => CitationKind::Supra,
                    _ => c.kind,
                })
                .collect()
        };
        // No citation before them: nothing to refer to.
        assert!(kinds("Enter the employee id. number and the supervisor id. below.").is_empty());
        assert!(kinds("The Board's supra-national role is described above; see supra.").is_empty());
        assert!(kinds("Users sign in with their Id. The form asks for it.").is_empty());
        // After a citation, in citation position.
        assert_eq!(
            kinds("Foo v. Bar, 1 U.S. 1. Id. at 2."),
            [CitationKind::Case, CitationKind::Id]
        );
        assert_eq!(
            kinds("fees, 42 USC § 1988(b), and expert fees, id. at (c)."),
            [CitationKind::Usc, CitationKind::Id]
        );
        // After a citation, but not a short form: a word of the sentence.
        assert_eq!(
            kinds("See 42 U.S.C. 1983. Each user id. is unique."),
            [CitationKind::Usc]
        );
        // At the start of an excerpt the antecedent may precede it.
        assert_eq!(kinds("Id. at 2 (overruling ...)"), [CitationKind::Id]);
    }

    /// Class: a division of the code an act is codified as (Internal Revenue Code chapters
    /// and subtitles, cited as the Act in the U.S. Code's notes) reads as that code's division.
    #[test]
    fn divisions_of_a_codified_act() {
        assert_eq!(
            norms("The tax imposed by chapter 1 of the Internal Revenue Code of 1986 applies."),
            ["I.R.C. ch. 1"]
        );
        assert_eq!(
            norms("as defined in subtitle A of the Internal Revenue Code of 1986"),
            ["I.R.C. subtit. A"]
        );
    }

    /// Class: a title of an act numbered in Roman figures: of `this Act` (41 U.S.C. notes:
    /// `the Brooks Architect-Engineers Act (title IX of this Act)`), and with no act named
    /// after it, the act known by its title (`Section 703(a) of Title VII`, the Civil Rights
    /// Act of 1964's): the sections are the act's, never the citing code's. A title in
    /// Arabic figures stays a code's.
    #[test]
    fn roman_titles_of_an_act() {
        assert_eq!(
            norms("the Brooks Architect-Engineers Act (title IX of this Act)"),
            ["this Act tit. IX"]
        );
        assert_eq!(
            norms("under section 5 of title II of this Act, the Secretary"),
            ["this Act § 5"]
        );
        let c = one("An employer violates Section 703(a) of Title VII when it");
        assert_eq!(c.kind, CitationKind::NamedAct);
        assert_eq!(c.code, Some(CodeRef::Named("Title VII".into())));
        assert_eq!(
            norms("under section 1983 of title 42, a person"),
            ["42 U.S.C. 1983"]
        );
        // The divisions outermost first after a comma (D.C. Code § 46-201(3)).
        assert_eq!(
            norms(
                "as required under section 454B of title IV, part D of the Social Security Act, approved"
            ),
            ["Social Security Act § 454B"]
        );
        assert_eq!(
            norms("Section 11702(b) of title XI of Pub. L. 105-33, 111 Stat. 781"),
            ["Pub. L. 105-33, § 11702(b)", "111 Stat. 781"]
        );
    }

    /// Class: a list of divisions naming the level word once (`chapter 309 or 311 of title
    /// 46`, 46 U.S.C. as published): each item is a division of the same container.
    #[test]
    fn singular_division_lists() {
        let text = "are governed by chapter 309 or 311 of title 46, as applicable";
        let n = norms(text);
        assert!(
            n.contains(&"[this code] tit. 46, ch. 309".to_string()),
            "{n:?}"
        );
        assert!(
            n.contains(&"[this code] tit. 46, ch. 311".to_string()),
            "{n:?}"
        );
        let text =
            "Notwithstanding any provision of chapter 83 or 84 of title 5, United States Code";
        assert_eq!(raws(text)[..2], ["chapter 83", "84"]);
        // A different level word inside the list is not this list.
        let n = norms("under subchapter I and chapter 33 of title 5");
        assert!(
            !n.contains(&"[this code] tit. 5, subch. 33".to_string()),
            "{n:?}"
        );
    }

    /// Class: the undotted `CFR` and `USC` after a title (`Part 25 of title 27 CFR`, 27 C.F.R.
    /// part 70 as published).
    #[test]
    fn title_of_an_undotted_code() {
        assert_eq!(
            norms("breweries. Part 25 of title 27 CFR contains the regulations relating to"),
            ["27 C.F.R. Part 25"]
        );
    }

    /// Class: a division inside a federal title before the code's name (`part 52 of chapter I
    /// of title 40 of the Code of Federal Regulations`): the chapter does not change the
    /// citation; without the code's name it stays a division of this code.
    #[test]
    fn chapters_of_a_federal_title() {
        assert_eq!(
            norms(
                "approved under part 52 of chapter I of title 40 of the Code of Federal Regulations"
            ),
            ["40 C.F.R. Part 52"]
        );
        assert_eq!(
            norms("pursuant to section 12 of chapter 5 of title 10, United States Code"),
            ["10 U.S.C. 12"]
        );
        assert_eq!(
            norms(
                "as set out in subpart B of part 52 of chapter I of title 40 of the Code of Federal Regulations"
            ),
            ["40 C.F.R. Part 52, subpart B"]
        );
        let n = norms("pursuant to section 12 of chapter 5 of title 10");
        assert!(!n.iter().any(|c| c.contains("U.S.C.")), "{n:?}");
    }

    /// Class: a bare numbered paragraph of the citing provision (`the limits referred to in
    /// paragraph 1 may`, EU acts' style).
    #[test]
    fn bare_numbered_paragraph() {
        assert_eq!(
            raws("the limits referred to in paragraph 1 may be exceeded"),
            ["paragraph 1"]
        );
        assert!(extract("a paragraph may be short").is_empty());
    }

    /// Class: sections of an EU act's chapter (`Chapter III, Section 2`, AI Act as published),
    /// in either order and as a list.
    #[test]
    fn eu_chapter_sections() {
        assert_eq!(
            norms("the requirements set out in Chapter III, Section 2, as well as"),
            ["[this act] Chapter III, Section 2"]
        );
        assert_eq!(
            norms("the requirements set out in Sections 2 and 3 of Chapter V"),
            [
                "[this act] Chapter V, Section 2",
                "[this act] Chapter V, Section 3"
            ]
        );
        assert_eq!(
            norms("compliance with Section 2 of Chapter III of this Regulation"),
            ["[this act] Chapter III, Section 2"]
        );
        // The AI Act's Articles 40 to 43: the sections of the citing chapter, and a list of
        // a chapter's sections after it; not a section `§ 2` of the act, which numbers
        // articles. In lower case, `section 2 of this chapter` is a U.S. code's section.
        assert_eq!(
            norms("the requirements set out in Section 2 of this Chapter or, as applicable"),
            ["[this act] this Chapter, Section 2"]
        );
        assert_eq!(
            norms(
                "the obligations set out in Chapter V, Sections 2 and 3, of this Regulation, to the extent"
            ),
            [
                "[this act] Chapter V, Section 2",
                "[this act] Chapter V, Section 3"
            ]
        );
        assert_eq!(norms("under section 2 of this chapter"), ["§ 2"]);
    }
}
