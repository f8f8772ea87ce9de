//! Citation forms with a fixed shape, recognised by one pattern each: public and private
//! laws, the Statutes at Large, the Federal Register, constitutions, federal court rules,
//! reported cases, `Id.` and `supra`; and the code names of the states (The Bluebook, 21st
//! ed., table T1) and of acts cited by popular name (`INA §`, `I.R.C. §`), which open a
//! section phrase parsed by [`super::scan`].

use std::sync::LazyLock;

use regex::{Captures, Regex};

use super::{Citation, CitationKind, CodeRef, RangeEnd, ShortForm};
use crate::CompactString;
use crate::model::Unit;

fn re(pattern: &str) -> Regex {
    #[allow(clippy::expect_used)]
    Regex::new(&super::typographic_spaces(pattern)).expect("static regex compiles")
}

/// State and territory abbreviations of Bluebook table T1, plus the spellings that
/// upstream test suites use (`DC`, `VA`, full names before `Constitution`).
pub(crate) const STATE: &str = r"(?:Ala\.|Alaska|Ariz\.|Ark\.|Cal\.|Colo\.|Conn\.|Del\.|D\.[ \t]?C\.|DC|Fla\.|Ga\.|Haw\.|Idaho|Ill\.|Ind\.|Iowa|Kan\.|Ky\.|La\.|Me\.|Md\.|Mass\.|Mich\.|Minn\.|Miss\.|Mo\.|Mont\.|Neb\.|Nev\.|N\.[ \t]?H\.|N\.[ \t]?J\.|N\.[ \t]?M\.|N\.[ \t]?Y\.|N\.[ \t]?C\.|N\.[ \t]?D\.|Ohio|Okla\.|Or\.|Pa\.|R\.[ \t]?I\.|S\.[ \t]?C\.|S\.[ \t]?D\.|Tenn\.|Tex\.|Utah|Vt\.|W\.[ \t]?Va\.|Va\.|VA|Wash\.|Wis\.|Wyo\.|Guam|P\.[ \t]?R\.|Am\.[ \t]?Samoa|V\.[ \t]?I\.|N\.[ \t]?Mar\.[ \t]?I\.)";

pub(crate) const STATE_NAMES: &[(&str, &str)] = &[
    ("alabama", "Ala."),
    ("alaska", "Alaska"),
    ("arizona", "Ariz."),
    ("arkansas", "Ark."),
    ("california", "Cal."),
    ("colorado", "Colo."),
    ("connecticut", "Conn."),
    ("delaware", "Del."),
    ("florida", "Fla."),
    ("georgia", "Ga."),
    ("hawaii", "Haw."),
    ("idaho", "Idaho"),
    ("illinois", "Ill."),
    ("indiana", "Ind."),
    ("iowa", "Iowa"),
    ("kansas", "Kan."),
    ("kentucky", "Ky."),
    ("louisiana", "La."),
    ("maine", "Me."),
    ("maryland", "Md."),
    ("massachusetts", "Mass."),
    ("michigan", "Mich."),
    ("minnesota", "Minn."),
    ("mississippi", "Miss."),
    ("missouri", "Mo."),
    ("montana", "Mont."),
    ("nebraska", "Neb."),
    ("nevada", "Nev."),
    ("new hampshire", "N.H."),
    ("new jersey", "N.J."),
    ("new mexico", "N.M."),
    ("new york", "N.Y."),
    ("north carolina", "N.C."),
    ("north dakota", "N.D."),
    ("ohio", "Ohio"),
    ("oklahoma", "Okla."),
    ("oregon", "Or."),
    ("pennsylvania", "Pa."),
    ("rhode island", "R.I."),
    ("south carolina", "S.C."),
    ("south dakota", "S.D."),
    ("tennessee", "Tenn."),
    ("texas", "Tex."),
    ("utah", "Utah"),
    ("vermont", "Vt."),
    ("virginia", "Va."),
    ("washington", "Wash."),
    ("west virginia", "W. Va."),
    ("wisconsin", "Wis."),
    ("wyoming", "Wyo."),
];

/// The articles of the Annotated Code of Maryland, divided by subject, by name and by the
/// abbreviation table T1 gives each (`Md. Code Ann., Crim. Law`): the courts of Maryland cite
/// them by name, with or without the word (`Criminal Law Article, § 2-201`, `Md. Code, Courts
/// and Judicial Proceedings § 5-101`).
pub(crate) const MARYLAND_ARTICLES: &[(&str, &str)] = &[
    ("Agriculture", "Agric."),
    ("Alcoholic Beverages and Cannabis", "Alc. Bev. & Cannabis"),
    ("Alcoholic Beverages", "Alc. Bev."),
    ("Business Occupations and Professions", "Bus. Occ. & Prof."),
    ("Business Regulation", "Bus. Reg."),
    ("Commercial Law", "Com. Law"),
    ("Corporations and Associations", "Corps. & Ass'ns"),
    ("Correctional Services", "Corr. Servs."),
    ("Courts and Judicial Proceedings", "Cts. & Jud. Proc."),
    ("Criminal Law", "Crim. Law"),
    ("Criminal Procedure", "Crim. Proc."),
    ("Economic Development", "Econ. Dev."),
    ("Education", "Educ."),
    ("Election Law", "Elec. Law"),
    ("Environment", "Env't"),
    ("Estates and Trusts", "Est. & Trusts"),
    ("Family Law", "Fam. Law"),
    ("Financial Institutions", "Fin. Inst."),
    ("General Provisions", "Gen. Provis."),
    ("Health Occupations", "Health Occ."),
    ("Health-General", "Health-Gen."),
    ("Housing and Community Development", "Hous. & Cmty. Dev."),
    ("Human Services", "Hum. Servs."),
    ("Insurance", "Ins."),
    ("Labor and Employment", "Lab. & Empl."),
    ("Land Use", "Land Use"),
    ("Local Government", "Local Gov't"),
    ("Natural Resources", "Nat. Res."),
    ("Public Safety", "Pub. Safety"),
    ("Public Utilities", "Pub. Util."),
    ("Real Property", "Real Prop."),
    ("State Finance and Procurement", "State Fin. & Proc."),
    ("State Government", "State Gov't"),
    ("State Personnel and Pensions", "State Pers. & Pens."),
    ("Tax-General", "Tax-Gen."),
    ("Tax-Property", "Tax-Prop."),
    ("Transportation", "Transp."),
];

/// The T1 abbreviation of the Maryland article named `name` in full or abbreviated (`Courts
/// and Judicial Proceedings`, `Health—General`, `Cts. & Jud. Proc.`), with or without the
/// word `Article` after it.
pub(crate) fn maryland_article(name: &str) -> Option<&'static str> {
    let name = name.trim().trim_end_matches(',');
    let name = name.strip_suffix(" Article").unwrap_or(name).trim();
    let name = name.replace(['—', '–'], "-").replace(" - ", "-");
    MARYLAND_ARTICLES
        .iter()
        .find(|(full, abbr)| *full == name || *abbr == name)
        .map(|(_, abbr)| *abbr)
}

pub(crate) const STATE_FULL: &str = r"(?:Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|Florida|Georgia|Hawaii|Idaho|Illinois|Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|Massachusetts|Michigan|Minnesota|Mississippi|Missouri|Montana|Nebraska|Nevada|New[ \t]Hampshire|New[ \t]Jersey|New[ \t]Mexico|New[ \t]York|North[ \t]Carolina|North[ \t]Dakota|Ohio|Oklahoma|Oregon|Pennsylvania|Rhode[ \t]Island|South[ \t]Carolina|South[ \t]Dakota|Tennessee|Texas|Utah|Vermont|Virginia|Washington|West[ \t]Virginia|Wisconsin|Wyoming)";

/// The name of a state code, its title and its chapter or title division: the part of
/// [`STATE_CODE`] before the designator. A code cited by article divides some articles into
/// sections, the article numbered with a decimal in Texas's codes (`Tex. Code Crim. Proc.
/// art. 38.22, § 3`). The title may be an agency's number, as Maine's and
/// Vermont's rules are cited by the agency and its unit (`06-096 Code Me. R. § 1`,
/// `12-031-001 Vt. Code R. § 1`; table T1).
const STATE_CODE_NAME: &str = r"^(?:(?P<title>\d{1,3}[A-Z]?|\d{2}-\d{3}(?:-\d{3})?)[ \t]+)?(?P<pre>Code[ \t]+)?(?P<state>{STATE})(?P<words>(?:[ \t]+(?:(?:[A-Z][a-z]?\.){2,6},?|[A-Z][A-Za-z]*(?:['’][a-z]*)?(?:[-–][A-Za-z]+)*\.?,?|&|and)){1,7}?)(?:,?[ \t]+(?P<div>tit|ch|c|art)\.[ \t]*(?P<divnum>\d+(?:\.\d+)?(?:-?[A-Z]|[a-z])?)(?:,[ \t]*pt\.[ \t]*(?P<part>[IVXLC]{1,8}|\d{1,3})(?-u:\b))?)?";

/// The division word of [`STATE_CODE_NAME`] as table T1 abbreviates it: Massachusetts's
/// courts' `c.` (`G. L. c. 93A`, also after the code's name in The Bluebook's form, `Mass.
/// Gen. Laws c. 93A`) is `ch.`.
fn canonical_division(div: &str) -> &str {
    if div == "c" { "ch" } else { div }
}

/// The year of a code's edition after its name (`Ala. Code 1975, § 6-2-38`, `Miss. Code
/// 1972`), or the revision a court cites in parentheses (Connecticut's reports: `Conn. Gen.
/// Stat. (Rev. to 2017) § 53a-54a`), read past, not kept.
const EDITION_YEAR: &str = r"(?:[ \t]+(?:18|19|20)\d\d(?-u:\b)|[ \t]*\((?:Rev\.|Revision)[ \t]+(?:to|of)[ \t]+(?:18|19|20)\d\d\))?";

fn state_code_regex(designators: &str) -> Regex {
    re(&format!(
        "{}{EDITION_YEAR}{designators}",
        STATE_CODE_NAME.replace("{STATE}", STATE)
    ))
}

/// A state code name up to the designator of its section (`Ala. Code §`, `Mass. Gen. Laws
/// ch. 1, §`, `Del. Code Ann. tit. 9, §`, `La. Civ. Code Ann. art`, `9 Del. C. §`, `Fla.
/// Admin. Code R.`, `Cal. Civ. Code section`).
pub(crate) static STATE_CODE: LazyLock<Regex> = LazyLock::new(|| {
    state_code_regex(
        r",?[ \t]*(?P<des>§§?|(?:art|r)\.?(?:[ \t]|$)|R\.[ \t]|(?i:sections?|secs?\.)[ \t])[ \t]*",
    )
});

/// [`STATE_CODE`] where `R.` can only be a word of the name (`N.Y. Comp. Codes R. & Regs.
/// §`), tried when `R.` is not followed by a number.
static STATE_CODE_RULES_WORD: LazyLock<Regex> = LazyLock::new(|| {
    state_code_regex(
        r",?[ \t]*(?P<des>§§?|(?:art|r)\.?(?:[ \t]|$)|(?i:sections?|secs?\.)[ \t])[ \t]*",
    )
});

/// A state code whose sections are cited without a designator (`Ohio Admin. Code 3745-1-01`,
/// `La. R.S. 9:2800.6`, `N.Y. C.P.L.R. 3211(a)`; table T1 and the states' own forms): only
/// before a number in a code's style (with a hyphen, period or colon), or any number after a
/// code named by its initials ([`is_initialism`]). Utah's and Arizona's rules carry their
/// `R` (`Utah Admin. Code R307-101-2`).
static STATE_CODE_BARE: LazyLock<Regex> =
    LazyLock::new(|| state_code_regex(r"[ \t]+(?P<num>R?\d+[A-Za-z]?(?:[-.:]\d+)?)(?-u:\b)"));

/// A title or chapter of a state code cited as a whole (`Fla. Stat. ch. 119`, `Mass. Gen.
/// Laws ch. 151B`, `Del. Code Ann. tit. 11`; The Bluebook, rule 12.9): [`STATE_CODE_NAME`]
/// with its division required, and no section after it.
static STATE_CODE_DIVISION: LazyLock<Regex> = LazyLock::new(|| {
    let name = STATE_CODE_NAME.replace("{STATE}", STATE);
    let required = name
        .strip_suffix(")?")
        .map_or(name.clone(), |n| format!("{n})"));
    re(&format!("{required}(?-u:\\b)"))
});

/// A code's name written as its initials (`C.P.L.R.`, Civil Practice Law and Rules; `R.S.`,
/// Revised Statutes; `C.C.P.`, Code of Civil Procedure): a word of two to six capitals,
/// each with its period, one of which may take a small letter (Louisiana's `C.Cr.P.`, Code
/// of Criminal Procedure; `Ch.C.`, Children's Code).
fn is_initialism(word: &str) -> bool {
    let word = word.trim_end_matches(',');
    let Some(initials) = word.strip_suffix('.') else {
        return false;
    };
    let initials: Vec<&str> = initials.split('.').collect();
    (2..=6).contains(&initials.len())
        && initials.iter().all(|i| {
            let b = i.as_bytes();
            matches!(b, [c] | [c, b'a'..=b'z'] if c.is_ascii_uppercase())
        })
        // Mostly single capitals: Louisiana's `C.Cr.P.` and `Ch.C.`, not `Co.Ct.`.
        && initials.iter().filter(|i| i.len() == 2).count() <= 1
}

/// State codes cited without a section sign: `410 ILCS 54/10` (`410 Ill. Comp. Stat. 54/10`),
/// `5 AAC 93.324`.
static STATE_NUMBERED: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?P<chapter>\d{1,4})[ \t]+(?P<code>ILCS|AAC|Ill\.[ \t]?Comp\.[ \t]?Stat\.(?:[ \t]?Ann\.)?)[ \t]+(?P<num>\d+(?:[./:-]\d+)*(?:/\d+(?:[.-]\d+)*)?)(?P<subs>(?:\([0-9A-Za-z]{1,4}\))*)",
    )
});

/// The Illinois Compiled Statutes with the chapter after the code's name (`Ill. Comp. Stat.
/// ch. 740, § 14/15`, as courts outside Illinois write `740 ILCS 14/15`): the act's number
/// and the section after a slash, which no chapter-and-paragraph citation of the former
/// Revised Statutes has (`Ill. Rev. Stat. ch. 110, par. 2-1001`).
static ILCS_BY_CHAPTER: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^Ill\.[ \t]?Comp\.[ \t]?Stat\.(?:[ \t]?Ann\.)?,?[ \t]+ch\.[ \t]*(?P<chapter>\d{1,4}),?[ \t]*(?:§|¶|paras?\.|pars?\.)?[ \t]*(?P<num>\d+(?:[.-]\d+)*/\d+(?:[.-]\d+)*)(?P<subs>(?:\([0-9A-Za-z]{1,4}\))*)",
    )
});

/// Acts cited by popular name before a section sign or word (`INA § 101(11)`, `I.R.C. §
/// 671`, `ERISA section 502(a)`), and by the title of theirs that the bar names them by
/// (`Title VII § 703(a)`, the Civil Rights Act of 1964's; `Title IX § 901`), as the
/// of-form names it (`§ 703(a) of Title VII`).
pub(crate) static NAMED_ACT: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?P<act>I\.R\.C\.|[A-Z]{2,6}|Title[ \t]+(?P<roman>[IVX]{1,6}))(?:[ \t]*(?P<des>§§?)|[ \t]+(?P<word>(?:[Ss]ections?|[Ss]ecs?\.)))[ \t]*",
    )
});

/// An act by its initials before a section number with its subdivisions and no section
/// sign (`INA 212(a)(6)(C)(i)`, `ERISA 502(a)(1)(B)`): the immigration, tax and benefits
/// bars' usage, which names the same section as `INA § 212(a)(6)(C)(i)`. The subdivisions
/// are required: initials before a bare number are as often a model, a form or a year
/// (`FY 2020`, `COVID 19`).
static NAMED_ACT_BARE: LazyLock<Regex> = LazyLock::new(|| {
    re(r"^(?P<act>[A-Z]{2,6})[ \t]+(?P<num>[1-9][0-9]{0,3}[A-Za-z]{0,2})\([0-9A-Za-z]{1,4}\)")
});

/// Words that headings, forms and pleadings set in capitals before a number, which
/// [`NAMED_ACT_BARE`] must not take for an act's initials (`SECTION 4(a)`, `RULE 12(b)`,
/// `LINE 5(a)`, `COUNT 2(b)`), and the years' abbreviations (`FY 2020`, fiscal; `CY`,
/// calendar; `PY`, plan or program).
const CAPITAL_UNIT_WORDS: &[&str] = &[
    "SECTION",
    "SECTIONS",
    "SEC",
    "SECS",
    "ARTICLE",
    "ART",
    "PART",
    "PARTS",
    "CHAPTER",
    "CH",
    "SUBCHAPTER",
    "SUBPART",
    "SUBTITLE",
    "DIVISION",
    "ITEM",
    "CLAUSE",
    "PARA",
    "PARAGRAPH",
    "RULE",
    "RULES",
    "REG",
    "REGS",
    "ORDER",
    "FORM",
    "TABLE",
    "NOTE",
    "STEP",
    "ANNEX",
    "EXHIBIT",
    "APPENDIX",
    "SCHEDULE",
    "TITLE",
    "PT",
    "NO",
    "NOS",
    "FY",
    "CY",
    "PY",
    "PAGE",
    "LINE",
    "BOX",
    "FIGURE",
    "FIG",
    "COUNT",
    "CLAIM",
    "UNIT",
    "PHASE",
    "TIER",
    "LEVEL",
    "CLASS",
    "GROUP",
    "TYPE",
];

/// The Internal Revenue Code named in full before its section (`Internal Revenue Code
/// section 162(m)`, `Internal Revenue Code of 1986, § 61`), and by its initials before the
/// section word or the number (`IRC section 501(c)(3)`, `IRC 162(m)`, the tax bar's usage):
/// cited as `I.R.C.` (The Bluebook, rule 12.9.1), codified as title 26 of the U.S. Code.
static INTERNAL_REVENUE_CODE: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?:Internal[ \t]+Revenue[ \t]+Code(?:[ \t]+of[ \t]+19(?:54|86))?,?[ \t]+(?P<des>§§?|(?i:sections?|secs?\.))|(?:I\.R\.C\.|IRC)[ \t]*(?P<word>(?i:sections?|secs?\.))|(?:I\.R\.C\.|IRC)(?P<bare>[ \t]+[1-9]))[ \t]*",
    )
});

/// A state code cited in the state's own form (the forms its courts' rules and style manuals
/// prescribe, which The Bluebook's Bluepages table BT2 lists by jurisdiction): `RCW
/// 4.16.080(2)`, `ORS 30.020`, `K.S.A. 60-513`, `O.C.G.A. § 9-11-9.1`, `N.J.S.A.
/// 2A:53A-27`, `R.C. 2305.10`, `A.R.S. § 12-341`, `CPLR 3211(a)`, `12 V.S.A. § 512`, `43
/// P.S. § 951`, `12 O.S. § 95`; and the Uniform Commercial Code (`U.C.C. § 2-207`). The
/// number must follow, in the code's style (see [`LOCAL_CODES`]).
static LOCAL_CODE: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(
        r"^(?:(?P<title>\d{{1,3}}(?:-?[A-Z])?)[ \t]+)?(?P<abbr>{})(?:[ \t]+(?:19|20)\d\d(?:[ \t]+Supp\.)?)?,?[ \t]*(?P<des>§§?|(?i:secs?\.)|arts?\.|[Aa]rticles?)?[ \t]*(?P<num>\d+[A-Za-z]?(?P<style>[-.:]\d|-[A-Z]{{1,2}}:\d)?)",
        local_code_alternation()
    ))
});
/// A section number of the Alaska Statutes: title, chapter and section, two, two and three
/// digits (`11.41.100`).
static ALASKA_NUMBER: LazyLock<Regex> = LazyLock::new(|| re(r"^\d{2}\.\d{2}\.\d{3}(?-u:\b)"));

/// The local forms of [`LOCAL_CODE`] (and of a code named after its section, see
/// [`local_code_at`]): abbreviation, the code's name in The Bluebook (table
/// T1), whether a title number comes first (`12 V.S.A.`), whether the section number
/// must carry the code's separators (`R.C. 2305.10`: two initials alone are as often
/// something else), and the designator the code's sections take in the name's form (`§`,
/// `r.` for a rule, none).
/// One entry of [`LOCAL_CODES`].
type LocalCode = (&'static str, &'static str, bool, bool, &'static str);

const LOCAL_CODES: &[LocalCode] = &[
    ("RCW", "Wash. Rev. Code", false, true, "§"),
    ("ORS", "Or. Rev. Stat.", false, true, "§"),
    ("NRS", "Nev. Rev. Stat.", false, true, "§"),
    ("KRS", "Ky. Rev. Stat. Ann.", false, true, "§"),
    ("HRS", "Haw. Rev. Stat.", false, true, "§"),
    // West's spacing of the same initials in the Uniform Laws Annotated's tables.
    ("H R S", "Haw. Rev. Stat.", false, true, "§"),
    // Indiana's own form (`IC 24-5-0.5-3`), which its code's text uses throughout.
    ("IC", "Ind. Code", false, true, "§"),
    ("SDCL", "S.D. Codified Laws", false, true, "§"),
    ("RSA", "N.H. Rev. Stat. Ann.", false, true, "§"),
    ("MCL", "Mich. Comp. Laws", false, true, "§"),
    ("MCLA", "Mich. Comp. Laws", false, true, "§"),
    ("M.C.L.", "Mich. Comp. Laws", false, true, "§"),
    ("M.C.L.A.", "Mich. Comp. Laws", false, true, "§"),
    ("CPLR", "N.Y. C.P.L.R.", false, false, ""),
    ("N.Y. CPLR", "N.Y. C.P.L.R.", false, false, ""),
    // The other laws the New York Law Reports Style Manual (table of abbreviations) cites
    // by initials: the Criminal Procedure Law, the Estates, Powers and Trusts Law, the
    // Surrogate's Court Procedure Act and the Real Property Actions and Proceedings Law.
    ("CPL", "N.Y. Crim. Proc. Law", false, true, "§"),
    ("EPTL", "N.Y. Est. Powers & Trusts Law", false, true, "§"),
    ("SCPA", "N.Y. Surr. Ct. Proc. Act", false, false, "§"),
    ("RPAPL", "N.Y. Real Prop. Acts. Law", false, false, "§"),
    ("K.S.A.", "Kan. Stat. Ann.", false, true, "§"),
    ("O.C.G.A.", "Ga. Code Ann.", false, true, "§"),
    ("N.J.S.A.", "N.J. Stat. Ann.", false, true, "§"),
    ("N.J.S.", "N.J. Stat. Ann.", false, true, "§"),
    ("R.C.", "Ohio Rev. Code Ann.", false, true, "§"),
    ("A.R.S.", "Ariz. Rev. Stat. Ann.", false, true, "§"),
    ("C.R.S.", "Colo. Rev. Stat.", false, true, "§"),
    ("N.C.G.S.", "N.C. Gen. Stat.", false, true, "§"),
    // North Carolina's own form, which its General Statutes use throughout (`G.S. 14-17`).
    ("G.S.", "N.C. Gen. Stat.", false, true, "§"),
    ("T.C.A.", "Tenn. Code Ann.", false, true, "§"),
    ("N.D.C.C.", "N.D. Cent. Code", false, true, "§"),
    ("NDCC", "N.D. Cent. Code", false, true, "§"),
    // Alaska's and Wyoming's statutes cite themselves `AS 11.41.100` and `W.S. 6-2-101`
    // (`W.S. 1977 § 6-2-101`). `AS` is also an English word in capitals, so only before
    // Alaska's own number, title, chapter and section (see [`ALASKA_NUMBER`]).
    ("AS", "Alaska Stat.", false, true, "§"),
    ("W.S.", "Wyo. Stat. Ann.", false, true, "§"),
    ("A.C.A.", "Ark. Code Ann.", false, true, "§"),
    ("C.G.S.", "Conn. Gen. Stat.", false, true, "§"),
    // Louisiana's own forms (its Supreme Court's rules for citing its statutes and codes):
    // `La. R.S. 14:30`, `La. C.C. art. 2315`, `La. C.C.P. art. 966`, `La. C.Cr.P. art.
    // 701`, `La. C.E. art. 404`, `La. Ch.C. art. 603`, and the `LSA-` forms of West's
    // edition (`LSA-R.S. 9:2800.6`, `LSA-C.C. art. 2315`). The codes are cited by
    // article, the Revised Statutes by title and section; table T1 names them.
    ("La.R.S.", "La. Stat. Ann.", false, true, "§"),
    ("LSA-R.S.", "La. Stat. Ann.", false, true, "§"),
    ("La.C.C.", "La. Civ. Code Ann.", false, false, "art."),
    ("LSA-C.C.", "La. Civ. Code Ann.", false, false, "art."),
    (
        "La.C.C.P.",
        "La. Code Civ. Proc. Ann.",
        false,
        false,
        "art.",
    ),
    (
        "LSA-C.C.P.",
        "La. Code Civ. Proc. Ann.",
        false,
        false,
        "art.",
    ),
    (
        "La.C.Cr.P.",
        "La. Code Crim. Proc. Ann.",
        false,
        false,
        "art.",
    ),
    (
        "LSA-C.Cr.P.",
        "La. Code Crim. Proc. Ann.",
        false,
        false,
        "art.",
    ),
    ("La.C.E.", "La. Code Evid. Ann.", false, false, "art."),
    ("LSA-C.E.", "La. Code Evid. Ann.", false, false, "art."),
    ("La.Ch.C.", "La. Child. Code Ann.", false, false, "art."),
    ("LSA-Ch.C.", "La. Child. Code Ann.", false, false, "art."),
    ("U.C.C.", "U.C.C.", false, true, "§"),
    ("UCC", "U.C.C.", false, true, "§"),
    // The Code's articles, as a whole (`U.C.C. art. 9`, `UCC Article 2`).
    ("U.C.C.", "U.C.C.", false, false, "art."),
    ("UCC", "U.C.C.", false, false, "art."),
    ("V.S.A.", "Vt. Stat. Ann.", true, false, "§"),
    ("M.R.S.", "Me. Stat.", true, false, "§"),
    ("M.R.S.A.", "Me. Stat.", true, false, "§"),
    ("V.I.C.", "V.I. Code Ann.", true, false, "§"),
    // The territories' own forms, title first: Puerto Rico's Laws Annotated (`10 L.P.R.A. §
    // 259`, its Supreme Court's form) and the Guam Code Annotated (`5 GCA § 32201`, its
    // compiler's form).
    ("L.P.R.A.", "P.R. Laws Ann.", true, false, "§"),
    ("LPRA", "P.R. Laws Ann.", true, false, "§"),
    ("GCA", "Guam Code Ann.", true, false, "§"),
    ("G.C.A.", "Guam Code Ann.", true, false, "§"),
    // The District's own form of its municipal regulations (`20 DCMR § 100`).
    ("DCMR", "D.C. Mun. Regs.", true, false, "§"),
    ("P.S.", "Pa. Stat. Ann.", true, false, "§"),
    ("Pa.C.S.", "Pa. Cons. Stat.", true, false, "§"),
    // Purdon's annotated edition (`18 Pa.C.S.A. § 2502`).
    ("Pa.C.S.A.", "Pa. Cons. Stat.", true, false, "§"),
    ("O.S.", "Okla. Stat.", true, false, "§"),
    // Missouri's, Montana's and New Mexico's own abbreviations, before the section or
    // after it (`RSMo § 565.020`, `section 45-5-102, MCA`, `NMSA 1978, § 30-2-1`).
    ("RSMo", "Mo. Rev. Stat.", false, true, "§"),
    ("MCA", "Mont. Code Ann.", false, true, "§"),
    ("NMSA", "N.M. Stat. Ann.", false, true, "§"),
    // Florida's own abbreviation, which follows the section (`s. 120.54, F.S.`).
    ("F.S.", "Fla. Stat.", false, true, "§"),
    // The states' own forms of their administrative codes (Bluepages table BT2): `12 NYCRR
    // 23-1.7` (and with periods, as New York's courts write it, `12 N.Y.C.R.R. 23-1.7`),
    // `30 TAC § 101.1`, `N.J.A.C. 7:26-1.1`, `WAC 173-303-040`, `OAR 340-200-0010`, `COMAR
    // 26.11.01.01`, `IDAPA 58.01.02`, `310 CMR 7.00`.
    ("NYCRR", "N.Y. Comp. Codes R. & Regs.", true, false, "§"),
    (
        "N.Y.C.R.R.",
        "N.Y. Comp. Codes R. & Regs.",
        true,
        false,
        "§",
    ),
    ("TAC", "Tex. Admin. Code", true, false, "§"),
    ("N.J.A.C.", "N.J. Admin. Code", false, true, "§"),
    ("WAC", "Wash. Admin. Code", false, true, "§"),
    ("OAR", "Or. Admin.", false, true, "R."),
    ("COMAR", "Md. Code Regs.", false, true, ""),
    ("IDAPA", "Idaho Admin. Code", false, true, "r."),
    ("CMR", "Mass. Regs. Code", true, false, "§"),
    // West's abbreviations of the annotated codes it publishes, as its reporters and the
    // Uniform Laws Annotated's tables of enactments cite them (`C.G.S.A. § 17a-175`,
    // `West's F.S.A. § 409.401`, `U.C.A. 1953, 62A-4a-701`).
    ("C.G.S.A.", "Conn. Gen. Stat. Ann.", false, true, "§"),
    ("F.S.A.", "Fla. Stat. Ann.", false, true, "§"),
    ("I.C.A.", "Iowa Code Ann.", false, true, "§"),
    // Idaho's own form (`I.C. § 5-219`, as its courts cite the Idaho Code; Indiana writes
    // `IC`, without periods).
    ("I.C.", "Idaho Code", false, true, "§"),
    ("C.R.S.A.", "Colo. Rev. Stat. Ann.", false, true, "§"),
    ("W.S.A.", "Wis. Stat. Ann.", false, true, "§"),
    ("V.A.M.S.", "Mo. Ann. Stat.", false, true, "§"),
    ("RCWA", "Wash. Rev. Code Ann.", false, true, "§"),
    ("U.C.A.", "Utah Code Ann.", false, true, "§"),
    ("A.I.C.", "Ind. Code Ann.", false, true, "§"),
    ("M.S.A.", "Minn. Stat. Ann.", false, true, "§"),
    ("N.M.S.A.", "N.M. Stat. Ann.", false, true, "§"),
    // LexisNexis's forms of the codes it publishes, as its citations print them (`MCLS §
    // 600.5805`, `R.R.S. Neb. § 25-207`, `ORC Ann. 2305.10`, `Code of Ala. § 6-2-38`).
    ("MCLS", "Mich. Comp. Laws", false, true, "§"),
    ("R.R.S. Neb.", "Neb. Rev. Stat.", false, true, "§"),
    ("ORC Ann.", "Ohio Rev. Code Ann.", false, true, "§"),
    ("O.R.C.", "Ohio Rev. Code Ann.", false, true, "§"),
    ("Code of Ala.", "Ala. Code", false, true, "§"),
    ("Code of Va.", "Va. Code", false, true, "§"),
    // The states' own forms without periods, as their courts and agencies write them
    // (Bluepages table BT2): Ohio's `ORC 2903.01`, Utah's `UCA 76-5-202`, Rhode Island's
    // `R.I.G.L. § 11-23-1`; and the administrative codes of Nevada (`NAC 444.842`, beside
    // its statutes' `NRS`) and South Dakota (`ARSD 74:36:01:01`).
    ("ORC", "Ohio Rev. Code Ann.", false, true, "§"),
    ("UCA", "Utah Code Ann.", false, true, "§"),
    ("R.I.G.L.", "R.I. Gen. Laws", false, true, "§"),
    ("NAC", "Nev. Admin. Code", false, true, "§"),
    ("ARSD", "S.D. Admin. R.", false, true, ""),
    // Connecticut's regulations as its agencies and courts cite them (`Regs., Conn. State
    // Agencies § 22a-174-3a`, the official form; `R.C.S.A. § 17b-262-822`).
    (
        "Regs., Conn. State Agencies",
        "Conn. Agencies Regs.",
        false,
        true,
        "§",
    ),
    ("R.C.S.A.", "Conn. Agencies Regs.", false, true, "§"),
    ("RCSA", "Conn. Agencies Regs.", false, true, "§"),
    // Hawaii's and Kansas's own forms of their rules (`HAR § 11-60.1-1`, `K.A.R. 28-19-300`).
    ("HAR", "Haw. Code R.", false, true, "§"),
    ("K.A.R.", "Kan. Admin. Regs.", false, true, "§"),
];

/// The abbreviations of [`LOCAL_CODES`] as a regular expression's alternation, longest
/// first (an alternation takes the first that matches: `C.G.S.A.` before `C.G.S.`).
fn local_code_alternation() -> String {
    let mut abbrs: Vec<&str> = LOCAL_CODES.iter().map(|(abbr, ..)| *abbr).collect();
    abbrs.sort_by_key(|a| (std::cmp::Reverse(a.len()), *a));
    abbrs.dedup();
    abbrs
        .iter()
        .map(|abbr| abbreviation_pattern(abbr))
        .collect::<Vec<_>>()
        .join("|")
}

/// The pattern of one abbreviation of [`LOCAL_CODES`]: its characters escaped, its spaces
/// any run of them, and a space allowed after the period of an abbreviated word (`Pa. C.S.`
/// for `Pa.C.S.`), which [`local_code_key`] takes out again for the table's look-up.
fn abbreviation_pattern(abbr: &str) -> String {
    let mut out = String::new();
    let mut prev = ' ';
    for c in abbr.chars() {
        if c == ' ' {
            out.push_str(r"[ \t]+");
        } else {
            out.push_str(&regex::escape(&c.to_string()));
        }
        if c == '.' && prev.is_lowercase() {
            out.push_str(r"[ \t]?");
        }
        prev = c;
    }
    out
}

/// The abbreviations of [`LOCAL_CODES`] that open a citation without a title before them,
/// as the scanner's anchor finds them (see `scan::ANCHORS`' `fixed`): each ends at a word's
/// end or at its last period. Those that follow a title (`12 V.S.A.`) are found by the
/// title's number.
pub(crate) fn local_code_anchor() -> String {
    LOCAL_CODES
        .iter()
        .filter(|(_, _, titled, ..)| !titled)
        .map(|(abbr, ..)| {
            let one = abbreviation_pattern(abbr);
            if abbr.ends_with('.') {
                one
            } else {
                format!(r"{one}(?-u:\b)")
            }
        })
        .collect::<Vec<_>>()
        .join("|")
}

/// An abbreviation of [`LOCAL_CODES`] without its spaces, as the table's look-up compares
/// them.
fn local_code_key(abbr: &str) -> String {
    abbr.split_whitespace().collect()
}

/// Whether the table's abbreviation `entry` is `key` ([`local_code_key`]) once its spaces
/// are out, compared without building a string.
fn is_local_code(entry: &str, key: &str) -> bool {
    entry.chars().filter(|c| !c.is_whitespace()).eq(key.chars())
}

/// The states' own forms of administrative codes numbered by title with the title first and
/// no space or a compound number after the initials (Bluepages table BT2; each state's
/// register): California's and Colorado's `CCR` (`22 CCR § 12000`, `8 CCR 3203`; `5 CCR
/// 1001-14`), Virginia's `VAC` (`9VAC5-40-10`) and North Carolina's `NCAC` (`15A NCAC 02D
/// .0101`, chapter and rule), Kentucky's `KAR` (`401 KAR 51:017`), Indiana's and Iowa's
/// `IAC` (`326 IAC 2-2-1`, `329 IAC 3.1-1-1`: article, rule, section, the article numbered
/// with a decimal where one was inserted; `567 IAC 22.1`), Missouri's `CSR` (`10 CSR 10-6.060`); and the
/// forms that name the code before a number of its own shape: Arizona's `A.A.C.
/// R18-2-101`, Ohio's `Ohio Adm.Code 3745-31-01`, Montana's `ARM 17.8.101`; Louisiana's
/// `LAC 33:V.109` (title, part and section, as its register cites its code: `La. Admin.
/// Code tit. 33, pt. V, § 109` in table T1); New Mexico's number before its code's initials
/// (`20.2.72.200 NMAC`, as its register cites its code: `N.M. Code R. § 20.2.72.200`); Rhode
/// Island's title, code and chapter, subchapter and part (`250-RICR-120-05-1`, the form its
/// Secretary of State prescribes for the Rhode Island Code of Regulations: `250 R.I. Code R.
/// 120-05-1`); Maine's agency and unit before `CMR` (`06-096 CMR 115`).
static TITLED_ADMIN_CODE: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?:(?P<ccr>\d{1,2})[ \t]+(?:CCR|C\.C\.R\.),?[ \t]*(?P<des>§§?)?[ \t]*(?P<ccrnum>\d+(?:\.\d+)?(?P<hyphen>-\d+)?)(?-u:\b)|(?P<vac>\d{1,2})[ \t]?VAC[ \t]?(?P<vacnum>\d{1,3}-\d)|(?P<ncac>\d{1,2}[A-Z]?)[ \t]+NCAC[ \t]+0?(?P<ch>\d{1,2}[A-Z]{0,2})[ \t]*\.(?P<rule>\d{4})(?-u:\b)|(?P<kar>\d{1,3})[ \t]+KAR[ \t]+(?P<karnum>\d{1,3}:\d{3})|(?P<iac>\d{1,3})[ \t]+IAC[ \t]+(?P<iacnum>\d{1,3}(?:(?P<indiana>(?:\.\d+)?-\d{1,3}(?:\.\d+)?-\d{1,3}(?:\.\d+)?)|\.\d{1,3})?)(?-u:\b)|(?P<csr>\d{1,2})[ \t]+CSR[ \t]+(?P<csrnum>\d{1,2}-\d{1,2}\.\d{3})|(?P<mecmr>\d{2}-\d{3})[ \t]+C\.?[ \t]?M\.?[ \t]?R\.?,?[ \t]+(?:ch\.[ \t]*)?(?P<mecmrch>\d{1,3})(?-u:\b)|(?P<ricr>\d{3})-RICR-(?P<ricrnum>\d{2,3}-\d{2}-\d{1,3}(?:\.\d{1,3})*)(?-u:\b)|(?P<nmac>\d{1,2}\.\d{1,3}\.\d{1,3}(?:\.\d{1,4})?)[ \t]+NMAC(?-u:\b)|LAC[ \t]+(?P<lac>\d{1,2}):(?P<lacpart>[IVXLC]{1,8}|\d{1,3})\.(?P<lacnum>\d{1,5})(?-u:\b)|(?:A\.A\.C\.|(?P<ohio>Ohio[ \t]?Adm\.[ \t]?Code)|(?P<mont>ARM|Admin\.[ \t]?R\.[ \t]?M\.))[ \t]+(?P<ownnum>R\d{1,2}-\d{1,2}-\d{2,4}[A-Z]?|\d{1,4}(?::\d+)?-\d{1,3}-\d{1,3}(?:\.\d+)?|\d{1,2}\.\d{1,3}\.\d{3,4}))",
    )
});

/// A state's rule read whole at `span` (bytes): `section` of the compilation `code`, with
/// the designator table T1 gives its rules (`r.`), `§` when `None`.
fn whole_rule(
    span: std::ops::Range<usize>,
    code: &str,
    section: String,
    designator: Option<&str>,
) -> Found {
    let end = span.end;
    let mut cite = whole_cite(span.start, end, CitationKind::StateRegulation, code.into());
    cite.section = Some(section.into());
    cite.set_designator(designator);
    Found::Whole { end, cite }
}

/// A code of [`TITLED_ADMIN_CODE`] at the start of `rest`: the prefix of its section phrase
/// (`Cal. Code Regs. tit. 22`, `5 Colo. Code Regs.`, `9 Va. Admin. Code`), or North
/// Carolina's rule whole (`15A N.C. Admin. Code 2D.0101`, table T1's form, without `§`).
/// California's sections take `§` or are plain (`§ 12000`, `3203`); Colorado's rules are a
/// number, a hyphen and a number without it (`1001-14`).
fn titled_admin_code(rest: &str, start: usize) -> Option<Found> {
    let c = TITLED_ADMIN_CODE.captures(rest)?;
    let prefix = |code: String, num: regex::Match<'_>| Found::CodePrefix {
        after: start + num.start(),
        code,
        kind: CitationKind::StateRegulation,
        designator: None,
        plural: c.name("des").is_some_and(|d| d.as_str() == "§§"),
    };
    if let Some(title) = c.name("ccr") {
        let num = c.name("ccrnum")?;
        let code = if c.name("des").is_none() && c.name("hyphen").is_some() {
            format!("{} Colo. Code Regs.", title.as_str())
        } else {
            format!("Cal. Code Regs. tit. {}", title.as_str())
        };
        return Some(prefix(code, num));
    }
    if let Some(title) = c.name("vac") {
        let num = c.name("vacnum")?;
        return Some(prefix(format!("{} Va. Admin. Code", title.as_str()), num));
    }
    // Codes whose sections table T1 writes without `§`.
    let plain = |code: String, num: regex::Match<'_>| Found::CodePrefix {
        after: start + num.start(),
        code,
        kind: CitationKind::StateRegulation,
        designator: Some(String::new()),
        plural: false,
    };
    if let Some(title) = c.name("kar") {
        let code = format!("{} Ky. Admin. Regs.", title.as_str());
        return Some(plain(code, c.name("karnum")?));
    }
    if let Some(title) = c.name("iac") {
        let num = c.name("iacnum")?;
        if c.name("indiana").is_some() {
            return Some(plain(format!("{} Ind. Admin. Code", title.as_str()), num));
        }
        // Iowa numbers a rule `<agency>-<chapter>.<rule>`: `567 IAC 22.1` is r. 567-22.1.
        let section = format!("{}-{}", title.as_str(), num.as_str());
        let end = start + c.get(0)?.end();
        return Some(whole_rule(
            start..end,
            "Iowa Admin. Code",
            section,
            Some("r."),
        ));
    }
    // Maine's own form of its rules, the agency and unit before `CMR` and the chapter after
    // (`06-096 CMR 115`, `06-096 C.M.R. ch. 115`): table T1's `Code Me. R. § 06-096-115`,
    // never Massachusetts's `CMR`, whose titles have no agency prefix.
    if let Some(agency) = c.name("mecmr") {
        let section = format!("{}-{}", agency.as_str(), c.name("mecmrch")?.as_str());
        let end = start + c.get(0)?.end();
        return Some(whole_rule(start..end, "Code Me. R.", section, None));
    }
    if let Some(title) = c.name("ricr") {
        let code = format!("{} R.I. Code R.", title.as_str());
        return Some(plain(code, c.name("ricrnum")?));
    }
    if let Some(num) = c.name("nmac") {
        let end = start + c.get(0)?.end();
        return Some(whole_rule(
            start..end,
            "N.M. Code R.",
            num.as_str().into(),
            None,
        ));
    }
    if let Some(title) = c.name("lac") {
        let code = format!(
            "La. Admin. Code tit. {}, pt. {}",
            title.as_str(),
            c.name("lacpart")?.as_str()
        );
        return Some(prefix(code, c.name("lacnum")?));
    }
    if let Some(title) = c.name("csr") {
        let code = format!("Mo. Code Regs. Ann. tit. {}", title.as_str());
        return Some(prefix(code, c.name("csrnum")?));
    }
    if let Some(num) = c.name("ownnum") {
        return Some(if c.name("ohio").is_some() {
            plain("Ohio Admin. Code".into(), num)
        } else if c.name("mont").is_some() {
            Found::CodePrefix {
                after: start + num.start(),
                code: "Mont. Admin.".into(),
                kind: CitationKind::StateRegulation,
                designator: Some("R.".into()),
                plural: false,
            }
        } else {
            prefix("Ariz. Admin. Code".into(), num)
        });
    }
    let end = start + c.get(0)?.end();
    let mut cite = whole_cite(
        start,
        end,
        CitationKind::StateRegulation,
        format!("{} N.C. Admin. Code", c.name("ncac")?.as_str()),
    );
    cite.section = Some(format!("{}.{}", &c["ch"], &c["rule"]).into());
    cite.set_designator(Some(""));
    Some(Found::Whole { end, cite })
}

/// The code named by a local abbreviation of [`LOCAL_CODES`] opening `rest` (`F.S.` → `Fla.
/// Stat.`, `RCW` → `Wash. Rev. Code`), with the abbreviation's length: the longest one that
/// ends a word, among the statutes' cited without a title number before them.
pub(crate) fn local_code_at(rest: &str) -> Option<(usize, &'static str)> {
    longest_local_code_at(
        rest,
        |(abbr, ..)| abbr,
        |(_, name, titled, _, designator)| {
            !titled && *designator != "art." && !name.contains("Admin.") && !name.contains("Regs.")
        },
    )
}

/// The code a state's code in table T1's abbreviation opening `rest` names (`Fla. Stat.`,
/// `Wash. Rev. Code`), as a state's courts cite it after the section (the Florida Rules of
/// Appellate Procedure, rule 9.800: `§ 782.04(1)(a), Fla. Stat. (2019)`), with the name's
/// length: the longest of the names [`LOCAL_CODES`] gives the statutes cited without a title
/// number, where a word ends.
pub(crate) fn state_code_abbreviation_at(rest: &str) -> Option<(usize, &'static str)> {
    longest_local_code_at(
        rest,
        |(_, name, ..)| name,
        |(_, _, titled, _, designator)| !titled && *designator == "§",
    )
}

/// The entry of [`LOCAL_CODES`] that `admits` whose `key` (its abbreviation or its name) is
/// the longest to open `rest` and end a word there: the key's length and the code's name.
fn longest_local_code_at(
    rest: &str,
    key: fn(&LocalCode) -> &'static str,
    admits: fn(&LocalCode) -> bool,
) -> Option<(usize, &'static str)> {
    LOCAL_CODES
        .iter()
        .filter(|code| {
            let key = key(code);
            admits(code)
                && rest.starts_with(key)
                && rest[key.len()..]
                    .chars()
                    .next()
                    .is_none_or(|c| !c.is_alphanumeric())
        })
        .map(|code| (key(code).len(), code.1))
        .max_by_key(|(len, _)| *len)
}

/// A code of [`LOCAL_CODES`] named by its abbreviation alone, as an `of` clause names it
/// (`section 200.030 of NRS`, `section 2903.01 of the ORC`): its name in table T1 and
/// whether it is a body of rules (an administrative code). Abbreviations of two letters
/// (`AS`, `IC`) are as often something else, and those cited with a title first (`V.S.A.`)
/// or by article (`La.C.C.`) need what they lack here.
/// [`canonical_code`](super::codes::canonical_code) asks for every name it does not know
/// otherwise, so the table is looked up by key, built once.
pub(crate) fn local_code_named(phrase: &str) -> Option<(&'static str, bool)> {
    static BY_KEY: LazyLock<std::collections::HashMap<String, (&'static str, bool)>> =
        LazyLock::new(|| {
            let mut by_key = std::collections::HashMap::new();
            for (abbr, name, titled, _, designator) in LOCAL_CODES {
                if !titled && *designator != "art." && abbr.len() > 2 {
                    by_key
                        .entry(local_code_key(abbr))
                        .or_insert((*name, names_rules(name)));
                }
            }
            by_key
        });
    BY_KEY.get(&local_code_key(phrase)).copied()
}

/// Title `title` of a state's code numbered by title, `code` in table T1's name: `18 Pa.
/// Cons. Stat.` (Pennsylvania's title before the name), `Del. Code tit. 11` (the others').
pub(crate) fn code_of_title(code: &str, title: &str) -> String {
    if code == "Pa. Cons. Stat." {
        format!("{title} {code}")
    } else {
        format!("{code} tit. {title}")
    }
}

/// Whether a code's name in table T1 names a body of rules, an administrative code (`Wash.
/// Admin. Code`, `Conn. Agencies Regs.`, `Haw. Code R.`), not a code of statutes.
fn names_rules(name: &str) -> bool {
    name.contains("Admin.") || name.contains("Regs.") || name.ends_with(" R.")
}

/// Massachusetts' own form, `G.L. c. 93A, § 9` (`M.G.L. c.`, `M.G.L.A. c.`; `s.` and `ss.`
/// or `section` for the section sign, as the General Court's acts write it): Mass. Gen. Laws
/// ch. 93A, § 9.
static MASS_GENERAL_LAWS: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(
        r"{MASS_GENERAL_LAWS_CH},?[ \t]*(?P<des>§§?|ss?\.|(?i:sections?)(?-u:\b))[ \t]*"
    ))
});

/// `G.L. c. 93A`, `M.G.L. c.`, `M.G.L.A. c.`: Massachusetts' code and chapter, the start of
/// [`MASS_GENERAL_LAWS`] and [`MASS_GENERAL_LAWS_CHAPTER`].
const MASS_GENERAL_LAWS_CH: &str = r"^(?:(?:M\.[ \t]?)?G\.[ \t]?L\.(?:[ \t]?A\.)?|ALM[ \t]+GL)[ \t]+ch?\.[ \t]*(?P<ch>\d+[A-Z]{0,2})";

/// [`MASS_GENERAL_LAWS`]' chapter cited as a whole, no section after it (`M.G.L. c. 93A`):
/// Mass. Gen. Laws ch. 93A.
static MASS_GENERAL_LAWS_CHAPTER: LazyLock<Regex> =
    LazyLock::new(|| re(&format!(r"{MASS_GENERAL_LAWS_CH}(?-u:\b)")));

/// The California Style Manual's code names, cited without the state and with a comma
/// before the section (`Code Civ. Proc., § 340`, `Pen. Code, § 187`, `Welf. & Inst. Code,
/// § 300`): Cal. Civ. Proc. Code § 340 and so on.
static CALIFORNIA_CODE: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?P<name>Bus\.[ \t]&[ \t]Prof\.[ \t]Code|Civ\.[ \t]Code|Code[ \t]Civ\.[ \t]Proc\.|Corp\.[ \t]Code|Educ\.[ \t]Code|Elec\.[ \t]Code|Evid\.[ \t]Code|Fam\.[ \t]Code|Fin\.[ \t]Code|Fish[ \t]&[ \t]G\.[ \t]Code|Gov\.[ \t]Code|Health[ \t]&[ \t]Saf\.[ \t]Code|Ins\.[ \t]Code|Lab\.[ \t]Code|Pen\.[ \t]Code|Prob\.[ \t]Code|Pub\.[ \t]Resources[ \t]Code|Pub\.[ \t]Util\.[ \t]Code|Rev\.[ \t]&[ \t]Tax\.[ \t]Code|Veh\.[ \t]Code|Wat\.[ \t]Code|Welf\.[ \t]&[ \t]Inst\.[ \t]Code),?[ \t]*(?P<des>§§?)[ \t]*",
    )
});

/// A uniform act or code as the uniform law commissioners publish it, by The Bluebook's
/// abbreviation of its name (rule 12.9.5: `Unif. Trade Secrets Act § 1`, `Unif. Prob. Code
/// § 2-502`, `Unif. Child Custody Jurisdiction & Enf't Act § 201`), no state's enactment of
/// it (nor California's `Prob. Code`).
static UNIFORM_ACT: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?P<name>Unif\.(?:[ \t]+(?:[A-Z][A-Za-z'’.]*|&|of|and|for|on|the|in)){0,9}?[ \t]+(?:Act|Code))(?:[ \t]+(?:19|20)\d\d)?,?[ \t]*(?P<des>§§?)[ \t]*",
    )
});

/// LexisNexis's form of New York's consolidated laws (the Consolidated Laws Service): `NY
/// CLS Penal § 125.25`, `NY CLS Gen Bus § 349`, `NY CLS CPLR § 3211`; the law's name in
/// the Bluebook's words (table T1: N.Y. Penal Law, N.Y. Gen. Bus. Law).
static NY_CONSOLIDATED_LAWS_SERVICE: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^NY[ \t]+CLS[ \t]+(?P<law>(?:[A-Z][A-Za-z]*|&)(?:[ \t]+(?:[A-Z][A-Za-z]*|&)){0,3}),?[ \t]*(?P<des>§§?)[ \t]*",
    )
});

/// LexisNexis's form of a California code: the style manual's name without its periods
/// after `Cal` (`Cal Pen Code § 187`, `Cal Code Civ Proc § 340`, `Cal Bus & Prof Code §
/// 17200`; see [`CALIFORNIA_CODES`]).
static CALIFORNIA_CODE_WITHOUT_PERIODS: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^Cal[ \t]+(?P<name>(?:[A-Z][a-z]*|&)(?:[ \t]+(?:[A-Z][a-z]*|&)){1,4}),?[ \t]*(?P<des>§§?)[ \t]*",
    )
});

/// The Bluebook's name (table T1) of the California code the style manual abbreviates
/// `manual` (`Code Civ. Proc.` → `Cal. Civ. Proc. Code`), if it is one.
pub(crate) fn california_code(manual: &str) -> Option<&'static str> {
    CALIFORNIA_CODES
        .iter()
        .find(|(name, _)| *name == manual)
        .map(|(_, code)| *code)
}

/// The Bluebook's (table T1) names of the California codes the style manual abbreviates.
const CALIFORNIA_CODES: &[(&str, &str)] = &[
    ("Bus. & Prof. Code", "Cal. Bus. & Prof. Code"),
    ("Civ. Code", "Cal. Civ. Code"),
    ("Code Civ. Proc.", "Cal. Civ. Proc. Code"),
    ("Corp. Code", "Cal. Corp. Code"),
    ("Educ. Code", "Cal. Educ. Code"),
    ("Elec. Code", "Cal. Elec. Code"),
    ("Evid. Code", "Cal. Evid. Code"),
    ("Fam. Code", "Cal. Fam. Code"),
    ("Fin. Code", "Cal. Fin. Code"),
    ("Fish & G. Code", "Cal. Fish & Game Code"),
    ("Gov. Code", "Cal. Gov't Code"),
    ("Health & Saf. Code", "Cal. Health & Safety Code"),
    ("Ins. Code", "Cal. Ins. Code"),
    ("Lab. Code", "Cal. Lab. Code"),
    ("Pen. Code", "Cal. Penal Code"),
    ("Prob. Code", "Cal. Prob. Code"),
    ("Pub. Resources Code", "Cal. Pub. Res. Code"),
    ("Pub. Util. Code", "Cal. Pub. Util. Code"),
    ("Rev. & Tax. Code", "Cal. Rev. & Tax. Code"),
    ("Veh. Code", "Cal. Veh. Code"),
    ("Wat. Code", "Cal. Water Code"),
    ("Welf. & Inst. Code", "Cal. Welf. & Inst. Code"),
];

/// A state's code by its title in words (table T1 lists each code's title): `Code of
/// Virginia`, `Revised Code of Washington`, `General Laws of Rhode Island`, `Official Code of
/// Georgia Annotated`, `Florida Statutes`, `Oregon Revised Statutes`, `Tennessee Code
/// Annotated`, `North Dakota Century Code`.
static STATE_CODE_TITLE: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(
        r"^(?:the[ \t]+)?(?:(?:Official[ \t]+)?(?P<pre>(?:(?:Revised|General|Compiled|Consolidated)[ \t]+)?(?:Code|Statutes|Laws)(?:[ \t]+of[ \t]+Laws)?)[ \t]+of[ \t]+(?:the[ \t]+State[ \t]+of[ \t]+)?(?P<s1>{STATE_FULL})|(?P<s2>{STATE_FULL})[ \t]+(?P<post>(?:(?:Revised|General|Compiled|Consolidated|Codified|Century)[ \t]+)?(?:Code|Statutes|Laws)))(?P<ann>[ \t]+Annotated)?(?:,?[ \t]+(?:19|20)\d\d(?-u:\b))?"
    ))
});

/// The rest of a subject code's name after `Code` (`of Criminal Procedure`, `of Civil
/// Procedure`, `of Military Justice`): the name does not end at `Code`.
static SUBJECT_OF: LazyLock<Regex> =
    LazyLock::new(|| re(r"^[ \t]+of[ \t]+(?:Criminal|Civil|Military)(?-u:\b)"));

/// [`STATE_CODE_TITLE`] before the section: `Code of Virginia § 2.2-3711`, `Florida
/// Statutes section 768.28`, `Massachusetts General Laws chapter 93A, section 2`,
/// `Delaware Code title 6, § 2513`; or before a number in a code's style, without a
/// designator (`Revised Code of Washington 19.86.020`, `New Jersey Statutes Annotated
/// 56:8-2`).
static STATE_CODE_TITLE_SECTION: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?:,?[ \t]+(?P<div>(?i:title|tit\.|chapter|ch\.|c\.))[ \t]*(?P<divnum>\d+[A-Z]?))?(?:,?[ \t]*(?P<des>§§?|(?i:sections?|secs?\.))[ \t]*|[ \t]+(?P<num>\d+[A-Za-z]?[-.:]\d))",
    )
});

/// The name table T1 gives a code whose title [`STATE_CODE_TITLE`] matched at the start of
/// `rest`, and where the match ends: `Code of Virginia` → `Va. Code` (the Bluebook's
/// abbreviations of the title's words, the state's first).
pub(crate) fn state_code_title(rest: &str) -> Option<(usize, String)> {
    let c = STATE_CODE_TITLE.captures(rest)?;
    // `Texas Code of Criminal Procedure`: a subject code's name, of which `Texas Code` is
    // only the start.
    if SUBJECT_OF.is_match(&rest[c.get(0)?.end()..]) {
        return None;
    }
    let state_words = c.name("s1").or(c.name("s2"))?.as_str();
    let state_key = state_words
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_ascii_lowercase();
    let (_, abbr) = STATE_NAMES.iter().find(|(name, _)| *name == state_key)?;
    let words = c.name("pre").or(c.name("post"))?.as_str();
    let mut name = (*abbr).to_string();
    for w in words.split_whitespace() {
        let a = match w {
            "Revised" => "Rev.",
            "General" => "Gen.",
            "Compiled" => "Comp.",
            "Consolidated" => "Cons.",
            "Century" => "Cent.",
            "Statutes" => "Stat.",
            "of" => continue,
            // `Code of Laws of South Carolina`: the Code.
            "Laws" if name.ends_with("Code") => continue,
            other => other,
        };
        name.push(' ');
        name.push_str(a);
    }
    if c.name("ann").is_some() {
        name.push_str(" Ann.");
    }
    // Virginia's code is cited `Va. Code` whatever the publisher (as [`state_code`]).
    if name == "Va. Code Ann." {
        name = "Va. Code".into();
    }
    Some((c.get(0)?.end(), name))
}

/// A state's code by its title in words before its section (`Code of Virginia § 2.2-3711`,
/// `Florida Statutes section 768.28`), as the prefix of its section phrase.
fn state_code_by_title(rest: &str, start: usize) -> Option<Found> {
    let (end, mut code) = state_code_title(rest)?;
    let des = STATE_CODE_TITLE_SECTION.captures(&rest[end..])?;
    if let (Some(div), Some(num)) = (des.name("div"), des.name("divnum")) {
        // A division needs its section's designator (`chapter 93A, section 2`).
        des.name("des")?;
        let div = div.as_str().to_ascii_lowercase();
        let div = if div.starts_with('t') { "tit." } else { "ch." };
        code = format!("{code} {div} {}", num.as_str());
    }
    let word = des
        .name("des")
        .map_or("", |d| d.as_str())
        .to_ascii_lowercase();
    let after = des.name("num").map_or(des.get(0)?.end(), |n| n.start());
    Some(Found::CodePrefix {
        after: start + end + after,
        code,
        kind: CitationKind::StateStatute,
        designator: None,
        plural: word == "§§" || word.starts_with("sections") || word == "secs.",
    })
}

/// Whether a section (its sign or number, after a comma) follows a division cited whole
/// (`ch. 151B, § 4`, `c. 93A, 2`): then the division is the section's, not cited alone.
fn section_follows(rest: &str) -> bool {
    rest.trim_start_matches([',', ' ', '\t'])
        .starts_with(|ch: char| ch == '§' || ch.is_ascii_digit())
}

/// Texas's codes as West's annotated edition, Vernon's, cites them (the forms of Texas's
/// courts before The Bluebook's table T1 names them `Tex. … Code Ann.`): `V.T.C.A., Penal
/// Code § 19.02` (Vernon's Texas Codes Annotated, a code by its subject), `Vernon's Ann.
/// C.C.P. art. 38.22` (the Code of Criminal Procedure), `Vernon's Ann. Civ. St. art. 4495b`
/// (the Revised Civil Statutes, also `V.T.C.S. art. 6252-17a`), `Vernon's Ann. P.C. art.
/// 1257` (the former Penal Code); an
/// article's section after it (`Vernon's Ann. C.C.P. art. 38.22, § 3`).
static VERNONS: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?:V\.[ \t]?T\.[ \t]?C\.[ \t]?A\.,?[ \t]+(?P<subject>(?:(?:[A-Z][A-Za-z.'’]*|&|and)[ \t]+){0,5}Code),?[ \t]*(?P<des>§§?)|(?:Vernon['’]s[ \t]+Ann\.[ \t]?(?:Texas[ \t]+|Tex\.[ \t]?)?(?P<code>C\.[ \t]?C\.[ \t]?P\.|Civ\.[ \t]?St(?:at)?\.|P\.[ \t]?C\.)|(?P<vtcs>V\.[ \t]?T\.[ \t]?C\.[ \t]?S\.)),?[ \t]*(?P<art>arts?\.)(?:[ \t]*(?P<artnum>\d+(?:\.\d+)?[a-z]?),[ \t]*(?P<sec>§))?)[ \t]*",
    )
});

/// A [`VERNONS`] code at the start of `rest`, as the prefix of its section or article phrase,
/// named as table T1 names it (`Tex. Penal Code Ann.`, `Tex. Code Crim. Proc. Ann.`, `Tex.
/// Rev. Civ. Stat. Ann.`).
fn vernons_texas_code(rest: &str, start: usize) -> Option<Found> {
    let c = VERNONS.captures(rest)?;
    let (code, designator) = match (c.name("subject"), c.name("code")) {
        (Some(subject), _) => {
            let name = super::named_before::state_subject_code(&format!(
                "Texas {}",
                collapse_spaces(subject.as_str())
            ))?;
            (format!("{name} Ann."), None)
        }
        (None, code) => {
            // `V.T.C.S. art. 6252-17a`: Vernon's Texas Civil Statutes, the Revised Civil
            // Statutes.
            let code = code.or(c.name("vtcs"))?;
            let squeezed: String = code.as_str().split_whitespace().collect();
            let name = match squeezed.as_str() {
                "C.C.P." => "Tex. Code Crim. Proc. Ann.",
                "P.C." => "Tex. Penal Code Ann.",
                _ => "Tex. Rev. Civ. Stat. Ann.",
            };
            match c.name("artnum") {
                // `art. 38.22, § 3`: the article is the code's division, the section cited.
                Some(article) if c.name("sec").is_some() => {
                    (format!("{name} art. {}", article.as_str()), None)
                }
                _ => (name.to_string(), Some("art.".to_string())),
            }
        }
    };
    Some(Found::CodePrefix {
        after: start + c.get(0)?.end(),
        code,
        kind: CitationKind::StateStatute,
        designator,
        plural: c
            .name("des")
            .or(c.name("art"))
            .is_some_and(|d| d.as_str() == "§§" || d.as_str() == "arts."),
    })
}

/// A code in its state's own form ([`LOCAL_CODE`], [`MASS_GENERAL_LAWS`],
/// [`CALIFORNIA_CODE`]) at the start of `rest`, as the prefix of its section phrase.
fn local_code(rest: &str, start: usize) -> Option<Found> {
    if let Some(c) = MASS_GENERAL_LAWS.captures(rest) {
        return Some(Found::CodePrefix {
            after: start + c.get(0)?.end(),
            code: format!("Mass. Gen. Laws ch. {}", &c["ch"]),
            kind: CitationKind::StateStatute,
            designator: None,
            plural: matches!(&c["des"], "§§" | "ss.") || c["des"].eq_ignore_ascii_case("sections"),
        });
    }
    if let Some(c) = MASS_GENERAL_LAWS_CHAPTER.captures(rest) {
        let end = c.get(0)?.end();
        if !section_follows(&rest[end..]) {
            let mut found = whole(
                start,
                start + end,
                CitationKind::StateStatute,
                "Mass. Gen. Laws".into(),
            );
            if let Found::Whole { cite, .. } = &mut found {
                cite.set_division(Some(&format!("ch. {}", &c["ch"])));
            }
            return Some(found);
        }
    }
    if let Some(c) = UNIFORM_ACT.captures(rest) {
        let name = collapse_spaces(&c["name"]);
        return Some(Found::CodePrefix {
            after: start + c.get(0)?.end(),
            // `Unif. Commercial Code § 2-207`: the U.C.C. by its initials, as table T1 cites it.
            code: uniform_law(&name).map_or(name, str::to_string),
            kind: CitationKind::UniformLaw,
            designator: None,
            plural: &c["des"] == "§§",
        });
    }
    // The style manual's names, and LexisNexis's without their periods.
    for (form, periods) in [
        (&*CALIFORNIA_CODE, true),
        (&*CALIFORNIA_CODE_WITHOUT_PERIODS, false),
    ] {
        if let Some(c) = form.captures(rest) {
            let name = collapse_spaces(&c["name"]);
            let (_, code) = CALIFORNIA_CODES.iter().find(|(manual, _)| {
                if periods {
                    *manual == name
                } else {
                    manual.replace('.', "") == name
                }
            })?;
            return Some(Found::CodePrefix {
                after: start + c.get(0)?.end(),
                code: (*code).to_string(),
                kind: CitationKind::StateStatute,
                designator: None,
                plural: &c["des"] == "§§",
            });
        }
    }
    if let Some(c) = NY_CONSOLIDATED_LAWS_SERVICE.captures(rest) {
        let law = collapse_spaces(&c["law"]);
        // The Civil Practice Law and Rules number their rules without `§` (table T1).
        let (code, designator) = if law == "CPLR" {
            ("N.Y. C.P.L.R.".to_string(), Some(String::new()))
        } else {
            let name = format!("N.Y. {} Law", super::named_before::bluebook_words(&law));
            let code = super::codes::canonical_code(&name).map_or(name, |known| known.name);
            (code, None)
        };
        return Some(Found::CodePrefix {
            after: start + c.get(0)?.end(),
            code,
            kind: CitationKind::StateStatute,
            designator,
            plural: &c["des"] == "§§",
        });
    }
    let c = LOCAL_CODE.captures(rest)?;
    let abbr = local_code_key(&c["abbr"]);
    // A code's articles are cited by article, and only a code of articles is.
    let articles = c
        .name("des")
        .is_some_and(|d| d.as_str().to_ascii_lowercase().starts_with("art"));
    let (_, name, titled, styled, designator) = LOCAL_CODES
        .iter()
        .find(|(a, .., d)| is_local_code(a, &abbr) && articles == (*d == "art."))?;
    let title = c.name("title").map(|t| t.as_str());
    if *titled != title.is_some() || (*styled && c.name("style").is_none()) {
        return None;
    }
    if abbr == "AS" && !ALASKA_NUMBER.is_match(&rest[c.name("num")?.start()..]) {
        return None;
    }
    let code = match title {
        Some(t) => code_of_title(name, t),
        None => (*name).to_string(),
    };
    let kind = match *name {
        "U.C.C." => CitationKind::UniformLaw,
        n if names_rules(n) => CitationKind::StateRegulation,
        _ => CitationKind::StateStatute,
    };
    Some(Found::CodePrefix {
        after: start + c.name("num")?.start(),
        code,
        kind,
        // New York's rules are cited without a section sign (`N.Y. C.P.L.R. 3211`).
        designator: (*designator != "§").then(|| (*designator).to_string()),
        plural: c.name("des").is_some_and(|d| {
            let d = d.as_str();
            d == "§§"
                || d == "arts."
                || d.eq_ignore_ascii_case("articles")
                || d.eq_ignore_ascii_case("secs.")
        }),
    })
}

fn collapse_spaces(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The Uniform Commercial Code by its name or initials (`Uniform Commercial Code`, `UCC`,
/// `U.C.C.`), as The Bluebook cites it (rule 12.9.5: `U.C.C.`): a uniform act, no state's
/// code.
pub(crate) fn uniform_law(name: &str) -> Option<&'static str> {
    let name = name.strip_prefix("the ").unwrap_or(name);
    matches!(
        name,
        "Uniform Commercial Code" | "Unif. Commercial Code" | "Unif. Com. Code" | "UCC" | "U.C.C."
    )
    .then_some("U.C.C.")
}

/// Acronyms that are codes or reporters, not popular names of acts.
/// A generic word in capitals (`DC CODE § 1-1161.01`, a heading's case) is no act's name
/// either.
const NOT_ACTS: &[&str] = &[
    "USC", "USCA", "USCS", "CFR", "RCNY", "AAC", "ILCS", "FR", "GDPR", "CCR", "NCAC", "VAC", "KAR",
    "IAC", "CSR", "ARM", "CODE", "STAT", "LAW", "LAWS", "ACT", "RULE", "REGS", "SEE", "AND", "OR",
    "THE", "OF", "TO", "IN", "NOTE", "PART", "TITLE", "ALSO", "UNDER",
];

/// The code an act cited by its initials is named by: the Internal Revenue Code as The
/// Bluebook writes it (`IRC` → `I.R.C.`, rule 12.9.1), India's principal codes by their
/// short titles (`IPC` → `Indian Penal Code, 1860`, [`super::codes::indian_code`]), any
/// other act as written (`ERISA`).
pub(crate) fn act_by_initials(initials: &str) -> &str {
    if initials == "IRC" {
        "I.R.C."
    } else {
        super::codes::indian_code(initials).unwrap_or(initials)
    }
}

/// Whether `initials`, cited at byte `at` of `text`, are a code's or a generic word's
/// ([`NOT_ACTS`]), or the text before defines them as the initials of something other than
/// an instrument: not an act's.
pub(crate) fn is_not_act_initials(text: &str, at: usize, initials: &str) -> bool {
    NOT_ACTS.contains(&initials) || defined_as_no_instrument(text, at, initials)
}

/// How far before a citation [`defined_as_no_instrument`] looks for the definition, in
/// bytes: a document defines initials at their first use, and the bound keeps a 50 MB file
/// with many such citations linear.
const DEFINITION_WINDOW: usize = 100_000;

/// The last words of the names of instruments: a name whose initials a document defines
/// (`Clean Air Act (CAA)`) ends with one of them, a year (`… Act of 1990`) or a number.
const INSTRUMENT_HEADS: &[&str] = &[
    "Act",
    "Acts",
    "Code",
    "Law",
    "Laws",
    "Statute",
    "Statutes",
    "Charter",
    "Ordinance",
    "Amendment",
    "Amendments",
    "Regulation",
    "Regulations",
    "Rule",
    "Rules",
    "Directive",
    "Order",
    "Treaty",
    "Convention",
    "Agreement",
    "Protocol",
    "Constitution",
    "Bill",
    "Resolution",
    "Decree",
    "Reauthorization",
];

/// Whether `word` is one of the [`INSTRUMENT_HEADS`], the last words of instruments' names
/// (`Act`, `Code`, `Rules`).
pub(crate) fn is_instrument_head(word: &str) -> bool {
    INSTRUMENT_HEADS.contains(&word)
}

/// Whether `name` ends as an instrument's name does: with one of [`INSTRUMENT_HEADS`] or a
/// year (`Clean Air Act`, `Standard of Care for Animals Emergency Amendment Act of 2017`).
pub(crate) fn ends_as_an_instrument(name: &str) -> bool {
    name.split_whitespace()
        .last()
        .is_some_and(|last| super::named_before::is_year(last) || is_instrument_head(last))
}

/// Whether the document `text` defines `initials` in the drafters' way, the name and then the
/// initials in parentheses (`Federal Highway Administration (FHWA)`, `U.S. Army Corps of
/// Engineers (USACE)`), as something other than an instrument: the name's last word,
/// after `of <year>` and `, as amended`, is a capitalised word no instrument's name ends
/// with. An agency, office or program cited with a section word (`FHWA Section 4(f)`, `USACE
/// Section 404`) names the act's section it administers, not an act of that name. Initials
/// the document does not define in the [`DEFINITION_WINDOW`] before `at` are not judged.
fn defined_as_no_instrument(text: &str, at: usize, initials: &str) -> bool {
    let definition = format!("({initials})");
    let from = crate::line_index::floor_char_boundary(text, at.saturating_sub(DEFINITION_WINDOW));
    let Some(at) = text
        .get(from..at)
        .and_then(|window| window.find(&definition))
        .map(|i| from + i)
    else {
        return false;
    };
    let mut name = text[..at].trim_end();
    for tail in [",", "as amended", ","] {
        name = name.strip_suffix(tail).unwrap_or(name).trim_end();
    }
    let mut words = name.rsplit(char::is_whitespace);
    let mut last = words.next().unwrap_or("");
    if last.len() == 4 && last.bytes().all(|b| b.is_ascii_digit()) {
        if words.next() != Some("of") {
            return false;
        }
        last = words.next().unwrap_or("");
    }
    let last = last.trim_end_matches([',', '’', '\'', '"', '”']);
    last.starts_with(|c: char| c.is_ascii_uppercase())
        && !last.bytes().any(|b| b.is_ascii_digit())
        && !INSTRUMENT_HEADS.contains(&last)
}

/// The Federal Acquisition Regulation and the Defense Federal Acquisition Regulation
/// Supplement by their own names before a section (`FAR 52.212-4`, `DFARS 252.204-7012`,
/// as the FAR cites itself, 48 C.F.R. 1.105-2(c)): chapters 1 and 2 of title 48 of the
/// C.F.R., whose sections they number; a part or a subpart numbered with its part (`FAR
/// part 15`, `FAR subpart 9.4`, FAR 1.105-2).
static ACQUISITION_REGULATION: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?:FAR|DFARS)[ \t]*(?:(?:§[ \t]*)?(?P<num>\d{1,3}\.\d{3,4}(?:-\d{1,4})?)|(?P<unit>(?i:part|subpart)[ \t]+\d{1,3}(?:\.\d{1,2})?))(?-u:\b)",
    )
});

/// The SEC's rules under the acts it administers, by the act's short name (the SEC's own
/// usage; The Bluebook cites them as sections of title 17 of the C.F.R., rule 14.2): an
/// Exchange Act rule is a section of 17 C.F.R. part 240 numbered by it (`Exchange Act Rule
/// 10b-5` → `17 C.F.R. 240.10b-5`), a Securities Act rule of part 230 (`Rule 144`), an
/// Investment Company Act rule of part 270, an Advisers Act rule of part 275 (`Rule
/// 206(4)-7`). Regulation S-K's items are sections of part 229 (`Item 303 of Regulation
/// S-K` → `17 C.F.R. 229.303`), Regulation S-X's rules of part 210 (`Rule 3-01 of Regulation
/// S-X`). The act may follow the rule (`Rule 14a-8 under the Exchange Act`, `Rule 10b-5
/// promulgated under the Securities Exchange Act of 1934`). A rule without its act is not
/// read: `Rule 12b-1` is the Investment Company Act's, `Rule 12b-2` the Exchange Act's.
static SEC_RULE: LazyLock<Regex> = LazyLock::new(|| {
    // The act by its short name (group `act`), and an Exchange Act style rule number.
    let act = |group: &str| {
        format!(
            r"(?:(?:Securities|Investment)[ \t]+)?(?P<{group}>Exchange|Securities|Company|Advisers)[ \t]+Act(?:[ \t]+of[ \t]+19\d\d)?"
        )
    };
    let rule = r"\d{1,3}(?:[a-z]{1,2}\d{0,2}|\(\d\))?(?:[-–]\d{1,3})?";
    let subs = r"(?:\([0-9A-Za-z]{1,4}\))*";
    re(&format!(
        r"^(?:{act_before}[ \t]+[Rr]ule[ \t]+(?P<num>{rule})(?-u:\b)(?P<subs>{subs})|(?:(?P<item>Item)|Rule)[ \t]+(?P<num2>\d{{1,3}}(?:[.\-–]\d{{1,3}})?)(?-u:\b)(?P<subs2>{subs})[ \t]+of[ \t]+Regulation[ \t]+S-(?P<reg>[KX])(?-u:\b)|Regulation[ \t]+S-(?P<reg2>[KX]),?[ \t]+(?:(?P<item2>Item)|Rule)[ \t]+(?P<num3>\d{{1,3}}(?:[.\-–]\d{{1,3}})?)(?-u:\b)(?P<subs3>{subs})|[Rr]ule[ \t]+(?P<num4>{rule})(?-u:\b)(?P<subs4>{subs})[ \t]+(?:(?:promulgated|adopted|issued)[ \t]+)?(?:under|of)[ \t]+the[ \t]+{act_after})",
        act_before = act("act"),
        act_after = act("act2"),
    ))
});

/// The C.F.R. title of section `number` of the regulation lettered `letters` (`Z`, `CC`,
/// `S-K`, `NMS`), read from the part its number carries (`1026.18` is of part 1026): the
/// Federal Reserve Board letters its regulations by their parts in 12 C.F.R. chapter II,
/// `A` part 201 through `Z` part 226 and doubled letters on (`AA` 227, `CC` 229, `DD` 230),
/// and the Consumer Financial Protection Bureau its regulations in chapter X by the same
/// letters (`B` part 1002, `X` 1024, `Z` 1026, `DD` 1030); the SEC's regulations (`S-K`,
/// `NMS`, and its `A`, `D` and `M` in parts 230 and 242) are in 17 C.F.R. chapter II, parts
/// 200 to 299. `None` for a number without its part, or a part no such rule gives.
pub(crate) fn lettered_regulation_title(letters: &str, number: &str) -> Option<&'static str> {
    let part: u32 = number.split_once('.')?.0.parse().ok()?;
    let first = letters.bytes().next()?;
    let doubled =
        letters.len() <= 2 && first.is_ascii_uppercase() && letters.bytes().all(|b| b == first);
    if doubled {
        let letter = u32::from(first - b'A' + 1);
        let n = letter + 26 * (letters.len() as u32 - 1);
        if part == 200 + n || part == 1000 + n {
            return Some("12 C.F.R.");
        }
    }
    (200..300).contains(&part).then_some("17 C.F.R.")
}

/// A lettered regulation before its section (`Regulation Z § 1026.18`, `Reg. CC §
/// 229.2(a)`): the section of title 12 or 17 of the C.F.R. that
/// [`lettered_regulation_title`] gives, where the section number carries its part.
static LETTERED_REGULATION: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?:Regulation|Reg\.)[ \t]+(?P<l>[A-Z]{1,3}|[A-Z]-[A-Z]{1,2})(?-u:\b),?[ \t]*§[ \t]*(?P<num>\d{3,4}\.\d)",
    )
});

/// A rule or item of [`SEC_RULE`] at the start of `rest`, whole.
fn sec_rule(rest: &str, start: usize) -> Option<Found> {
    let c = SEC_RULE.captures(rest)?;
    let part = match (
        c.name("act").or(c.name("act2")),
        c.name("reg").or(c.name("reg2")),
    ) {
        (Some(act), _) => match act.as_str() {
            "Exchange" => "240",
            "Securities" => "230",
            "Company" => "270",
            _ => "275",
        },
        (None, Some(reg)) if reg.as_str() == "K" => {
            // Regulation S-K numbers items, Regulation S-X rules.
            c.name("item").or(c.name("item2"))?;
            "229"
        }
        (None, Some(_)) => {
            if c.name("item").or(c.name("item2")).is_some() {
                return None;
            }
            "210"
        }
        (None, None) => return None,
    };
    let num = c
        .name("num")
        .or(c.name("num2"))
        .or(c.name("num3"))
        .or(c.name("num4"))?
        .as_str()
        .replace('–', "-");
    let subs = c
        .name("subs")
        .or(c.name("subs2"))
        .or(c.name("subs3"))
        .or(c.name("subs4"))
        .map_or("", |m| m.as_str());
    let end = start + c.get(0)?.end();
    let mut cite = whole_cite(start, end, CitationKind::Cfr, "17 C.F.R.".to_string());
    cite.section = Some(format!("{part}.{num}").into());
    cite.subsections = labels_of(subs);
    Some(Found::Whole { end, cite })
}

/// The Treasury's regulations, title 26 of the C.F.R., as The Bluebook cites them (rule
/// 14.5.1: `Treas. Reg. § 1.61-1`) and as the tax bar and the IRS write them (`Treasury
/// Regulation section 1.1502-6`, `Treas. Regs. §§ 1.61-1`), or as `Regulations section` and
/// `Reg. §` before a number of the Treasury's shape, part, period, section and a hyphen
/// (`Regulations section 1.6011-4(b)`, `Reg. § 1.1031(k)-1`).
static TREAS_REG: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?:(?:(?:Temp|Prop)\.[ \t]*)?(?:Treas\.|Treasury)[ \t]*(?:Regs?\.|Regulations?),?[ \t]*(?P<des>§§?|(?i:sections?|secs?\.))[ \t]*|(?:Regulations?|Regs?\.),?[ \t]*(?P<des2>§§?|sections?)[ \t]*(?P<num>(?:1|20|25|26|31|301|601)\.\d+[A-Za-z]?(?:\([0-9A-Za-z]{1,4}\))*-\d))",
    )
});

/// A public or private law, with a section of it before (`section 3 of Pub. L. 94-546`,
/// `section 1001 of title I of Pub. L. 111-148`, and the authority citations' `Sec. 202,
/// Pub. L. 85-859`) or after (`Pub. L. No. 116-136, div. A, tit. I, § 1102`, `Pub. L.
/// 111-148, title I, subtitle A, § 1001`: the divisions an omnibus act is cut into — division,
/// title, subtitle, part, subpart, chapter, subchapter (House Legislative Counsel's Manual on
/// Drafting Style, § 321) — are read past, not kept, since the act numbers its sections
/// through them, also with the Law Revision Counsel's correction of a designation in
/// brackets after it (`div. G, title LVXXXII [LXXXII], § 8201(a)`); `Pub. L. 94-171 § 2`
/// and `Public Law 111-148 section 1001` without the comma; `Public Law 111-80, section
/// 3(b)`, the section word spelled out as prose writes it, unless an `of` clause makes it
/// another document's: `Public Law 101-336, section 2 of this Act`).
static PUBLIC_LAW: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?:(?P<secword>[Ss]ection|[Ss]ec\.|§)[ \t]*(?P<sec>\d+[A-Za-z]?)(?P<subs>(?:\([0-9A-Za-z]{1,4}\))*)(?:[ \t]+of[ \t]+(?:(?i:title|division)[ \t]+[A-Z0-9]{1,6}[ \t]+of[ \t]+)*|(?P<comma>,)[ \t]*))?(?P<kind>Pub(?:lic)?\.?[ \t]*L(?:aw)?\.?|P\.[ \t]?L\.|PL|Priv(?:ate)?\.?[ \t]*L(?:aw)?\.?|Pvt\.?[ \t]*L\.?)(?:[ \t]*\r?\n)?[ \t]*(?:No\.?[ \t]*|Number[ \t]+)?(?P<congress>\d{1,3})[ \t]*[-–‑—][ \t]*(?P<number>\d{1,4})(?-u:\b)(?P<tail>(?:,[ \t]*(?:div\.|tit\.|title|subtit\.|subtitle|pt\.|part|subpt\.|subpart|ch\.|chapter|subch\.|subchapter)[ \t]*[A-Z0-9]{1,8}(?:-[A-Z0-9]{1,3})?(?-u:\b)(?:[ \t]+\[[A-Z0-9]{1,8}\])?)*(?:,[ \t]*(?:§|[Ss]ection|[Ss]ec\.)|[ \t]*§|[ \t]+(?:[Ss]ection|[Ss]ec\.))[ \t]*(?P<sec2>\d+[A-Za-z]?)(?P<subs2>(?:\([0-9A-Za-z]{1,4}\))*))?",
    )
});

/// A rule of an administrative code cited by its number alone (`Rule 12A-1.032`), or with
/// the Florida Administrative Code's initials after it in the code's own style (`Rule
/// 62-296.320, F.A.C.`; table T1's `Fla. Admin. Code Ann. r. 62-296.320`), in `fac`; `rule`
/// in lower case only so, or with a compilation named in words after it (`rule 62-4.050,
/// Florida Administrative Code`, `rule 391-3-1-.02 of the Rules and Regulations of the State
/// of Georgia`; see [`super::named_regulations::named_after`]). The rules of Alabama, Georgia
/// and Tennessee number their last level after a hyphen and a period (`391-3-1-.02`).
static RULE_NUMBER: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?:Rule|(?P<lower>rule))[ \t]+(?P<num>\d+[A-Z]{0,2}-\d+(?:[.-]\d+)*(?:-\.\d+)?[a-z]?)(?P<subs>(?:\([0-9A-Za-z]{1,4}\))*)(?P<fac>,[ \t]*(?:F\.[ \t]?A\.[ \t]?C\.|Fla\.[ \t]+Admin\.[ \t]+Code(?-u:\b)))?",
    )
});

/// A page of a reporter or register: digits, grouped by commas in threes as The Bluebook
/// writes numbers of five or more digits (rule 6.2(a): `60 Fed. Reg. 50,379`).
const PAGE: &str = r"(?P<page>\d{1,3}(?:,\d{3})+|\d{1,6})(?-u:\b)";

/// Spaces, or one line break with the spaces around it: text taken from PDF pages and
/// from line-wrapped files breaks a citation's volume from its series (`124\nStat. 119`)
/// or a series from its number (`Pub. L.\n111-148`); a blank line ends any citation.
pub(crate) const SPACE_OR_BREAK: &str = r"(?:[ \t]*\r?\n[ \t]*|[ \t]+)";

static STAT: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(
        r"^(?P<vol>\d{{1,3}}){SPACE_OR_BREAK}(?:(?:Stat|stat|STAT)\.|Stat){SPACE_OR_BREAK}{PAGE}"
    ))
});

/// The Federal Register by volume and page: `76 Fed. Reg. 3821` (The Bluebook), `76 FR 3821`
/// (the Register's own form, Document Drafting Handbook ch. 2), and `68 F.R. 10632`, the
/// form of the Office of the Law Revision Counsel's notes in the U.S. Code (`Ex. Ord. No.
/// 13286, Feb. 28, 2003, 68 F.R. 10619`). The page must follow: `123 F.R.D. 456` is a
/// reporter.
static FED_REG: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(
        r"^(?P<vol>\d{{1,3}}){SPACE_OR_BREAK}(?:Fed\.[ \t]?Reg\.|FR|F\.[ \t]?R\.){SPACE_OR_BREAK}{PAGE}"
    ))
});

/// The District of Columbia Statutes at Large by volume and page (`20 DCSTAT 3147`, as the
/// D.C. Code's history notes write them; `20 D.C. Stat. 3147`).
static DC_STAT: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(
        r"^(?P<vol>\d{{1,3}})[ \t]+(?:DCSTAT|D\.[ \t]?C\.[ \t]+Stat\.)[ \t]+{PAGE}"
    ))
});

/// A register of a state's or the District's rules by volume and page, as The Bluebook's
/// table T1 abbreviates the administrative registers (`39 Tex. Reg. 1234`, `36 N.Y. Reg.
/// 12`, `41 Fla. Admin. Reg. 100`, `30 Va. Reg. Regs. 1234`, `44 Pa. Bull. 5678`), and the
/// D.C. Register as the District cites it (`63 DCR 3654`). `Reg.` with its period and a page
/// after it: `Regs.` alone names a code of regulations (`Ky. Admin. Regs.`), not a register.
static REGISTER: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(
        r"^(?P<vol>\d{{1,3}})[ \t]+(?:(?P<dcr>DCR)|(?P<bull>Pa\.[ \t]?Bull\.)|(?P<state>{STATE})[ \t]+(?P<what>(?:Admin\.[ \t]+|Regulatory[ \t]+Notice[ \t]+)?Reg\.(?:[ \t]+Regs\.)?))[ \t]+{PAGE}"
    ))
});

/// A constitution's article or amendment (`U.S. Const. art. I`, `Cal. Const. art. I`,
/// `Colorado Constitution, Article XVIII`); `Const. Art. I` without its polity is the
/// United States' as the Law Revision Counsel writes it in the U.S. Code (`the Constitution
/// [Const. Art. I, §8, cl. 8]`). The year of a state's constitution after its name, as
/// Illinois' courts cite theirs (`Ill. Const. 1970, art. I, § 2`; The Bluebook, rule 11,
/// for a constitution not in force), is read over; Massachusetts' parts before the article
/// (`Mass. Const. pt. 1, art. 12`; table T1) are kept in `pt`, Vermont's chapters (`Vt.
/// Const. ch. I, art. 11`) in `ch`. An article added between two
/// others takes a capital letter after its numeral (California's `art. XIII A`, written
/// `XIIIA` too), kept in `al` (see [`article_letter`]).
static CONSTITUTION: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(
        r"^(?:(?P<who>U\.[ \t]?S\.|{STATE}|{STATE_FULL})[ \t]+(?i:const(?:itution)?\.?)(?:[ \t]+(?:1[789]|20)\d\d)?|Const\.),?[ \t]+(?:(?i:pt\.|part)[ \t]*(?P<pt>[1-9]|[IV]{{1,3}}),[ \t]*|(?i:ch\.|chapter)[ \t]*(?P<ch>I{{1,2}}),[ \t]*)?(?P<rest>(?i:art(?:icle|\.)?|amend(?:ment|\.)?)[ \t]+[IVXLC0-9]+)(?P<al>[ \t]?[A-D](?-u:\b))?"
    ))
});

/// The pinpoint after a constitution's article: `, § 8, cl. 18`, ` Sec. 2`, `, ¶ 8`, and a
/// section's paragraph where a constitution numbers them (`N.J. Const. art. VIII, § 4, ¶
/// 1`, `Ga. Const. art. I, § I, para. XIII`, Georgia numbering its sections in Roman
/// numerals; table T1), and a section inserted after another
/// with a hyphen and a letter, as Texas numbers them (`Tex. Const. art. VIII, § 1-b`,
/// `art. III, § 49-d-8`); a section's subdivision after California's `subd.` (`Cal. Const.,
/// art. XIII D, § 6, subd. (a)`; California Style Manual § 2:1).
static CONST_PIN: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^,?[ \t]*(?P<des>§|¶|(?i:sec(?:tion|\.)?))[ \t]*(?P<num>\d+[A-Za-z]?(?:-[a-z]{1,2}(?:-\d{1,2})?)?|[IVXL]{1,6}(?-u:\b))(?:,[ \t]*cl\.[ \t]*(?P<cl>\d+)|,[ \t]*(?:¶|(?i:para\.|paragraph))[ \t]*(?P<para>\d{1,3}[a-z]?|[IVXL]{1,6})(?-u:\b)|(?:,[ \t]*subds?\.[ \t]*)?(?P<subs>(?:\([0-9A-Za-z]{1,4}\))+))?",
    )
});

/// A short-form constitution article (`Art. IX § 3`, `Art. 4, § 2`, `Art. VII`, The Bluebook's
/// `art. II`, an inserted article `Art. XIII A`) or amendment (`Amend. V`, `amend. XIV, §
/// 1`), valid only after a constitution citation.
static CONST_ARTICLE: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?:(?:[Aa]rt\.|Article)[ \t]+(?P<art>[IVXLC]+|\d+)(?-u:\b)(?P<al>[ \t]?[A-D](?-u:\b))?|(?:[Aa]mend\.|Amendment)[ \t]+(?P<amend>[IVXLC]+|\d+)(?-u:\b))",
    )
});

static COURT_RULE: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?:Fed\.[ \t]*R\.[ \t]*(?P<which>App\.[ \t]*(?:P|Proc)\.|Civ\.[ \t]*(?:P|Proc)\.|Crim\.[ \t]*(?:P|Proc)\.|Evid\.|Bankr\.[ \t]*P\.)|(?P<abbr>FRAP|FRCP|FRCrP|FRE|FRBP)|(?P<sup>Sup\.[ \t]*Ct\.[ \t]*R\.))(?:[ \t]*Rule)?[ \t]*(?P<num>\d+(?:\.\d+)?)(?P<subs>(?:\([0-9A-Za-z]{1,4}\))*)",
    )
});

/// A rule of the Civil Procedure Rules of England and Wales by its abbreviation (OSCOLA
/// rule 2.4: `CPR r 3.9`, `CPR rule 31.6(b)`; judgments write `CPR 3.9(1)`). The rules are
/// numbered by their Part (`3.9` is rule 9 of Part 3): without `r` or `rule` only such a
/// number follows (`CPR 30` is no rule).
static CIVIL_PROCEDURE_RULE: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^CPR[ \t]+(?:(?:r\.?|[Rr]ule)[ \t]*(?P<num>\d{1,2}(?:\.\d{1,3}[A-Z]?)?)|(?P<dotted>\d{1,2}\.\d{1,3}[A-Z]?))(?-u:\b)(?P<subs>(?:\([0-9A-Za-z]{1,4}\))*)",
    )
});

/// The federal rules named in words (The Bluebook rule 12.9.3 gives their abbreviations;
/// courts and agencies write them out): `Federal Rule of Civil Procedure 12(b)(6)`, `Federal
/// Rules of Evidence, Rule 702`, and `Rule 23(b)(3) of the Federal Rules of Civil
/// Procedure` (the U.S. Code's `rule 65 of the Federal Rules of Civil Procedure`).
static COURT_RULE_IN_WORDS: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?:Federal[ \t]+Rules?[ \t]+of[ \t]+(?:(?P<body>Civil|Criminal|Appellate|Bankruptcy)[ \t]+Procedure|(?P<evid>Evidence)),?[ \t]*(?:Rule[ \t]*)?(?P<num>\d+(?:\.\d+)?)(?-u:\b)(?P<subs>(?:\([0-9A-Za-z]{1,4}\))*)|[Rr]ule[ \t]+(?P<num2>\d+(?:\.\d+)?)(?P<subs2>(?:\([0-9A-Za-z]{1,4}\))*)[ \t]+of[ \t]+the[ \t]+Federal[ \t]+Rules[ \t]+of[ \t]+(?:(?P<body2>Civil|Criminal|Appellate|Bankruptcy)[ \t]+Procedure|(?P<evid2>Evidence))(?-u:\b))",
    )
});

/// The Bluebook's name of a federal body of rules named in words by [`COURT_RULE_IN_WORDS`]:
/// `Civil` → `Fed. R. Civ. P.`, `Evidence` → `Fed. R. Evid.`.
fn court_rules_named(body: Option<&str>) -> &'static str {
    match body {
        Some("Civil") => "Fed. R. Civ. P.",
        Some("Criminal") => "Fed. R. Crim. P.",
        Some("Appellate") => "Fed. R. App. P.",
        Some(_) => "Fed. R. Bankr. P.",
        None => "Fed. R. Evid.",
    }
}

/// Reporters of cases (a selection of The Bluebook's table T1 and the regional reporters).
const REPORTER: &str = r"(?:U\.[ \t]?S\.|S\.[ \t]?Ct\.|L\.[ \t]?Ed\.(?:[ \t]?2d)?|F\.(?:[ \t]?(?:2d|3d|4th))?|F\.[ \t]?Supp\.(?:[ \t]?(?:2d|3d))?|F\.[ \t]?App'x|B\.[ \t]?R\.|A\.(?:[ \t]?(?:2d|3d))?|N\.[ \t]?E\.(?:[ \t]?(?:2d|3d))?|N\.[ \t]?W\.(?:[ \t]?2d)?|S\.[ \t]?E\.(?:[ \t]?2d)?|So\.(?:[ \t]?(?:2d|3d))?|S\.[ \t]?W\.(?:[ \t]?(?:2d|3d))?|P\.(?:[ \t]?(?:2d|3d))?|Cal\.[ \t]?Rptr\.(?:[ \t]?(?:2d|3d))?|N\.[ \t]?Y\.[ \t]?S\.(?:[ \t]?(?:2d|3d))?|Wn\.[ \t]?(?:2d|App\.)|Wash\.[ \t]?(?:2d|App\.)|NLRB(?:[ \t]No\.)?)";

static CASE: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(
        r"^(?P<vol>\d{{1,4}})[ \t]+(?P<rep>{REPORTER})(?P<short>,?[ \t]+at)?[ \t]+(?P<page>\d{{1,5}})(?-u:\b)"
    ))
});

/// Neutral citations of Illinois appellate courts and the like (`2017 IL App (4th) 160407`).
static NEUTRAL_CASE: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?P<year>(?:19|20)\d\d)[ \t]+(?P<court>IL(?:[ \t]App[ \t]\(\d(?:st|nd|rd|th)\))?)[ \t]+(?P<num>\d{5,7}(?:-U)?)(?-u:\b)",
    )
});

static ID: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?P<id>[Ii]d\.)(?:,?[ \t]+at[ \t]+(?:(?P<atsec>(?i:section|sec\.|§))[ \t]*(?P<atnum>\d+[A-Za-z]?(?:[-.]\d+)*)(?P<atsecsubs>(?:\([0-9A-Za-z]{1,4}\))*)|(?P<atsubs>(?:\([0-9A-Za-z]{1,4}\))+)|(?P<page>\d+))|[ \t]+§[ \t]*(?P<secnum>\d+[A-Za-z]?(?:[-.]\d+)*)(?P<secsubs>(?:\([0-9A-Za-z]{1,4}\))*))?",
    )
});

static SUPRA: LazyLock<Regex> = LazyLock::new(|| re(r"^supra(?-u:\b)"));

/// One citation of a fixed-shape form, or the code that opens a section phrase.
pub(crate) enum Found {
    /// A complete citation ending at `end`.
    Whole { end: usize, cite: Box<Citation> },
    /// A code name (`Ala. Code`, `INA`) whose section items start at `after`.
    CodePrefix {
        after: usize,
        code: String,
        kind: CitationKind,
        designator: Option<String>,
        plural: bool,
    },
}

fn whole(start: usize, end: usize, kind: CitationKind, code: String) -> Found {
    Found::Whole {
        end,
        cite: whole_cite(start, end, kind, code),
    }
}

/// The citation of [`whole`], spanning `start..end`, of the code `code`, to be given its
/// section: a fixed form's citation before its section, labels and qualifiers are set.
pub(crate) fn whole_cite(
    start: usize,
    end: usize,
    kind: CitationKind,
    code: String,
) -> Box<Citation> {
    Box::new(Citation {
        span: start..end,
        group: start..end,
        kind,
        code: Some(CodeRef::Named(code.into())),
        unit: Unit::Section,
        section: None,
        subsections: Vec::new(),
        range_end: None,
        relative: None,
        et_seq: false,
        short_form: None,
        antecedent: None,
        qualifiers: None,
    })
}

fn labels_of(s: &str) -> Vec<CompactString> {
    s.split(['(', ')'])
        .filter(|l| !l.trim().is_empty())
        .map(CompactString::from)
        .collect()
}

/// Tries every fixed form at `start` (where the anchor pattern matched).
pub(crate) fn at(text: &str, start: usize) -> Option<Found> {
    let rest = text.get(start..)?;
    if let Some(mut c) = PUBLIC_LAW.captures(rest) {
        // `Public Law 101-336, section 2 of this Act`: that section is not the law's.
        if let Some(tail) = c.name("tail")
            && rest[tail.end()..]
                .trim_start_matches([' ', '\t'])
                .starts_with("of ")
            && let Some(short) = PUBLIC_LAW.captures(&rest[..tail.start()])
        {
            c = short;
        }
        // `A prior section 116, Pub. L. 94-553, title I, § 101` (the OLRC's notes on prior
        // provisions): a former section of the citing title, then the source credit of the
        // law that enacted it; the law's own section, when it follows, is the law's.
        let former = text[..start]
            .trim_end()
            .rsplit(|ch: char| !ch.is_alphabetic())
            .next()
            .is_some_and(|w| w.eq_ignore_ascii_case("prior") || w.eq_ignore_ascii_case("former"));
        // The comma joins the abbreviation only, as authority citations write it (`Sec.
        // 201, Pub. L. 85-859, 72 Stat. 1313`); the OLRC's notes spell out `section N,`
        // before the credit of the law that enacted that section of the title.
        let abbreviated = c.name("secword").is_some_and(|w| w.as_str().ends_with('.'));
        if c.name("comma").is_some() && (c.name("sec2").is_some() || former || !abbreviated) {
            return None;
        }
        return Some(public_law(start, &c));
    }
    if let Some(found) = super::irs::at(rest, start) {
        return Some(found);
    }
    if let Some(found) = super::state_forms::at(rest, start) {
        return Some(found);
    }
    if let Some(c) = CONSTITUTION.captures(rest) {
        return constitution(text, start, &c);
    }
    if let Some(c) = COURT_RULE.captures(rest) {
        let name = match (c.name("which"), c.name("abbr")) {
            (Some(w), _) => {
                let w = w.as_str().replace([' ', '\t'], "");
                let part = w.split('.').next().unwrap_or("");
                match part {
                    "Evid" => "Fed. R. Evid.".to_string(),
                    "Bankr" => "Fed. R. Bankr. P.".to_string(),
                    p => format!("Fed. R. {p}. P."),
                }
            }
            (None, Some(a)) => match a.as_str() {
                "FRAP" => "Fed. R. App. P.",
                "FRCP" => "Fed. R. Civ. P.",
                "FRCrP" => "Fed. R. Crim. P.",
                "FRE" => "Fed. R. Evid.",
                _ => "Fed. R. Bankr. P.",
            }
            .to_string(),
            _ if c.name("sup").is_some() => "Sup. Ct. R.".to_string(),
            _ => return None,
        };
        let end = start + c.get(0)?.end();
        let mut found = whole(start, end, CitationKind::CourtRule, name);
        if let Found::Whole { cite, .. } = &mut found {
            cite.section = Some(c.name("num")?.as_str().into());
            cite.subsections = labels_of(c.name("subs").map_or("", |m| m.as_str()));
        }
        return Some(found);
    }
    if let Some(c) = CIVIL_PROCEDURE_RULE.captures(rest) {
        let end = start + c.get(0)?.end();
        let mut found = whole(start, end, CitationKind::CourtRule, "CPR".to_string());
        if let Found::Whole { cite, .. } = &mut found {
            cite.section = Some(c.name("num").or(c.name("dotted"))?.as_str().into());
            cite.subsections = labels_of(c.name("subs").map_or("", |m| m.as_str()));
        }
        return Some(found);
    }
    if let Some(found) = sec_rule(rest, start) {
        return Some(found);
    }
    if let Some(c) = LETTERED_REGULATION.captures(rest)
        && let Some(title) = lettered_regulation_title(&c["l"], &c["num"])
    {
        return Some(Found::CodePrefix {
            after: start + c.name("num")?.start(),
            code: title.to_string(),
            kind: CitationKind::Cfr,
            designator: None,
            plural: false,
        });
    }
    if let Some(c) = COURT_RULE_IN_WORDS.captures(rest) {
        let body = c.name("body").or(c.name("body2")).map(|b| b.as_str());
        let end = start + c.get(0)?.end();
        let mut found = whole(
            start,
            end,
            CitationKind::CourtRule,
            court_rules_named(body).to_string(),
        );
        if let Found::Whole { cite, .. } = &mut found {
            cite.section = Some(c.name("num").or(c.name("num2"))?.as_str().into());
            let subs = c
                .name("subs")
                .or(c.name("subs2"))
                .map_or("", |m| m.as_str());
            cite.subsections = labels_of(subs);
        }
        return Some(found);
    }
    if let Some(c) = RULE_NUMBER.captures(rest)
        && c.name("fac").is_none()
        && let Some((len, code, designator)) =
            super::named_regulations::named_after(&rest[c.get(0)?.end()..])
    {
        let end = start + c.get(0)?.end() + len;
        let mut found = whole(start, end, CitationKind::StateRegulation, code.into());
        if let Found::Whole { cite, .. } = &mut found {
            cite.section = Some(c["num"].into());
            cite.subsections = labels_of(c.name("subs").map_or("", |m| m.as_str()));
            cite.set_designator(designator);
        }
        return Some(found);
    }
    if let Some(c) = RULE_NUMBER.captures(rest)
        && (c.name("lower").is_none() || c.name("fac").is_some())
    {
        let end = start + c.get(0)?.end();
        let florida = c.name("fac").is_some();
        let mut found = if florida {
            whole(
                start,
                end,
                CitationKind::StateRegulation,
                "Fla. Admin. Code".into(),
            )
        } else {
            whole(start, end, CitationKind::Section, String::new())
        };
        if let Found::Whole { cite, .. } = &mut found {
            if !florida {
                cite.code = None;
            }
            cite.section = Some(c["num"].into());
            cite.subsections = labels_of(c.name("subs").map_or("", |m| m.as_str()));
            cite.set_designator(Some(if florida { "r." } else { "Rule" }));
        }
        return Some(found);
    }
    if let Some(c) = REGISTER.captures(rest) {
        let series = if c.name("dcr").is_some() {
            "D.C. Reg.".to_string()
        } else if c.name("bull").is_some() {
            "Pa. Bull.".to_string()
        } else {
            let what = super::scan::collapse(c.name("what").map_or("", |m| m.as_str()));
            format!("{} {what}", squeeze_initials(c.name("state")?.as_str()))
        };
        let end = start + c.get(0)?.end();
        let mut found = whole(
            start,
            end,
            CitationKind::Register,
            format!("{} {series}", &c["vol"]),
        );
        if let Found::Whole { cite, .. } = &mut found {
            cite.section = Some(c["page"].replace(',', "").into());
        }
        return Some(found);
    }
    for (pattern, kind, series) in [
        (&*STAT, CitationKind::Stat, "Stat."),
        (&*FED_REG, CitationKind::FedReg, "Fed. Reg."),
        (&*DC_STAT, CitationKind::DcStat, "DC Stat."),
    ] {
        if let Some(c) = pattern.captures(rest) {
            // `<volume> Stat. <page>`, `<volume> Fed. Reg. <page>`.
            let end = start + c.get(0)?.end();
            let mut found = whole(start, end, kind, format!("{} {series}", &c["vol"]));
            if let Found::Whole { cite, .. } = &mut found {
                cite.section = Some(c["page"].replace(',', "").into());
            }
            return Some(found);
        }
    }
    if let Some(c) = CASE.captures(rest) {
        return case(start, &c);
    }
    if let Some(c) = NEUTRAL_CASE.captures(rest) {
        let end = start + c.get(0)?.end();
        let court = c["court"].split_whitespace().collect::<Vec<_>>().join(" ");
        let mut found = whole(
            start,
            end,
            CitationKind::Case,
            format!("{} {court}", &c["year"]),
        );
        if let Found::Whole { cite, .. } = &mut found {
            cite.section = Some(c["num"].into());
        }
        return Some(found);
    }
    if let Some(c) = ID.captures(rest) {
        // `Id. §§ 1985, 1986`: the sections after it are read as a list of the code cited
        // last, which they inherit; `Id.` alone would cite the last section itself.
        let after = &rest[c.get(0)?.end()..];
        if c.get(0)?.len() == 3 && after.trim_start_matches([' ', '\t']).starts_with("§§") {
            return None;
        }
        return id(start, &c);
    }
    if let Some(m) = SUPRA.find(rest) {
        let end = start + m.end();
        let mut found = whole(start, end, CitationKind::Supra, String::new());
        if let Found::Whole { cite, .. } = &mut found {
            cite.code = None;
            cite.short_form = Some(ShortForm::Supra);
        }
        return Some(found);
    }
    if let Some(c) = STATE_NUMBERED
        .captures(rest)
        .or_else(|| ILCS_BY_CHAPTER.captures(rest))
    {
        let end = start + c.get(0)?.end();
        // `735 Ill. Comp. Stat. 5/2-1001` (The Bluebook, table T1) is `735 ILCS 5/2-1001`,
        // as Illinois cites its compiled statutes.
        let series = if c
            .name("code")
            .is_none_or(|code| code.as_str().starts_with("Ill"))
        {
            "ILCS"
        } else {
            &c["code"]
        };
        let code = format!("{} {series}", &c["chapter"]);
        let kind = if c.name("code").is_some_and(|code| code.as_str() == "AAC") {
            CitationKind::StateRegulation
        } else {
            CitationKind::StateStatute
        };
        let mut found = whole(start, end, kind, code);
        if let Found::Whole { cite, .. } = &mut found {
            cite.section = Some(c["num"].into());
            cite.subsections = labels_of(c.name("subs").map_or("", |m| m.as_str()));
            cite.set_designator(Some(""));
        }
        return Some(found);
    }
    if let Some(c) = ACQUISITION_REGULATION.captures(rest) {
        return Some(Found::CodePrefix {
            after: start + c.name("num").or(c.name("unit"))?.start(),
            code: "48 C.F.R.".into(),
            kind: CitationKind::Cfr,
            designator: None,
            plural: false,
        });
    }
    if let Some(c) = TREAS_REG.captures(rest) {
        let des = c.name("des").or(c.name("des2"))?.as_str();
        return Some(Found::CodePrefix {
            after: start + c.name("num").map_or(c.get(0)?.end(), |n| n.start()),
            code: "26 C.F.R.".into(),
            kind: CitationKind::Cfr,
            designator: None,
            plural: des == "§§" || des.to_ascii_lowercase().starts_with("sections"),
        });
    }
    if let Some(found) = state_code_by_title(rest, start) {
        return Some(found);
    }
    if let Some(c) = STATE_CODE.captures(rest) {
        let end = c.get(0).map_or(0, |m| m.end());
        let rule_word =
            c["des"].starts_with('R') && !rest[end..].starts_with(|ch: char| ch.is_ascii_digit());
        // `N.Y. C.P.L.R. 5501`: an `R.` glued to the initials before it ends them, it is no
        // rules designator.
        let glued = c["des"].starts_with('R')
            && c.name("des").map(|d| d.start()) == c.name("words").map(|w| w.end());
        if !rule_word && !glued {
            return state_code(start, &c).map(|f| with_agency(rest, start, f));
        }
        if !glued && let Some(c) = STATE_CODE_RULES_WORD.captures(rest) {
            return state_code(start, &c).map(|f| with_agency(rest, start, f));
        }
    }
    if let Some(c) = STATE_CODE_DIVISION.captures(rest) {
        let end = c.get(0)?.end();
        // A section after the division belongs to the forms above (`ch. 151B, § 4`).
        if !section_follows(&rest[end..])
            && let Some(Found::CodePrefix { code, kind, .. }) = state_code(start, &c)
        {
            let mut division = format!(
                "{}. {}",
                canonical_division(c.name("div")?.as_str()),
                c.name("divnum")?.as_str()
            );
            if let Some(part) = c.name("part") {
                division.push_str(", pt. ");
                division.push_str(part.as_str());
            }
            let name = code
                .strip_suffix(&division)
                .map_or(code.as_str(), str::trim_end)
                .to_string();
            let mut found = whole(start, start + end, kind, name);
            if let Found::Whole { cite, .. } = &mut found {
                cite.set_division(Some(&division));
            }
            return Some(found);
        }
    }
    if let Some(c) = STATE_CODE_BARE.captures(rest) {
        let styled = c["num"].contains(['-', '.', ':']);
        // A plain number only after three initials or more (`C.P.L.R.`): two
        // (`A.D.`, `P.D.`) are as often a reporter or an office as a code.
        let initials = c
            .name("words")
            .and_then(|w| w.as_str().split_whitespace().last())
            .is_some_and(|w| is_initialism(w) && w.trim_end_matches(',').len() >= 6);
        if styled || initials {
            return state_code(start, &c);
        }
    }
    if let Some(found) = local_code(rest, start) {
        return Some(found);
    }
    if let Some(found) = vernons_texas_code(rest, start) {
        return Some(found);
    }
    if let Some(found) = titled_admin_code(rest, start) {
        return Some(found);
    }
    if let Some(c) = INTERNAL_REVENUE_CODE.captures(rest) {
        let des = c.name("des").or(c.name("word")).map_or("", |d| d.as_str());
        // `IRC 162(m)`: the number right after the initials.
        let after = c.name("bare").map_or(c.get(0)?.end(), |b| b.end() - 1);
        return Some(Found::CodePrefix {
            after: start + after,
            code: "I.R.C.".into(),
            kind: CitationKind::NamedAct,
            designator: None,
            plural: des.ends_with("§§") || des.to_ascii_lowercase().ends_with('s'),
        });
    }
    if let Some(c) = NAMED_ACT.captures(rest) {
        let code = if let Some(roman) = c.name("roman") {
            format!("Title {}", roman.as_str())
        } else {
            let act = &c["act"];
            // `VII § 703` after `Title`: a division's Roman numeral, no act's initials.
            if is_not_act_initials(text, start, act) || super::named_before::is_roman(act) {
                return None;
            }
            act_by_initials(act).to_string()
        };
        let plural = match (c.name("des"), c.name("word")) {
            (Some(d), _) => d.as_str() == "§§",
            (None, Some(w)) => matches!(w.as_str(), "sections" | "Sections" | "secs." | "Secs."),
            (None, None) => false,
        };
        return Some(Found::CodePrefix {
            after: start + c.get(0)?.end(),
            code,
            kind: CitationKind::NamedAct,
            designator: None,
            plural,
        });
    }
    if let Some(c) = NAMED_ACT_BARE.captures(rest) {
        let act = &c["act"];
        if CAPITAL_UNIT_WORDS.contains(&act)
            || is_not_act_initials(text, start, act)
            || super::named_before::is_roman(act)
        {
            return None;
        }
        return Some(Found::CodePrefix {
            after: start + c.name("num")?.start(),
            code: act_by_initials(act).to_string(),
            kind: CitationKind::NamedAct,
            designator: None,
            plural: false,
        });
    }
    None
}

/// A public or private law's designation alone at the start of `rest` (`Public Law
/// 111-148`, `Pub. L. No. 94-142`): its length and its name (`Pub. L. 111-148`). `None`
/// when a section of the law is written with it.
pub(crate) fn public_law_designation(rest: &str) -> Option<(usize, String)> {
    let c = PUBLIC_LAW.captures(rest)?;
    if c.name("sec").is_some() || c.name("sec2").is_some() {
        return None;
    }
    let Found::Whole { cite, .. } = public_law(0, &c) else {
        return None;
    };
    Some((c.get(0)?.end(), cite.named_code()?.to_string()))
}

/// Public or private laws designated together, in the plural (`Public Laws 111-148 and
/// 111-152`, The Bluebook's `Pub. L. Nos. 111-148, 111-152`): the designation and the
/// numbers after it.
static PUBLIC_LAWS: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?:(?P<pub>Public[ \t]+Laws|(?:Pub\.|Public)[ \t]*L(?:aws?|\.)?[ \t]*Nos\.?|P\.[ \t]?L\.[ \t]*Nos\.?)|(?:Private[ \t]+Laws|(?:Priv\.|Pvt\.|Private)[ \t]*L(?:aws?|\.)?[ \t]*Nos\.?))[ \t]*",
    )
});

/// One number of a list of laws (`111-148`), after the designation or a separator.
static LAW_NUMBER: LazyLock<Regex> =
    LazyLock::new(|| re(r"^(?P<congress>\d{1,3})[ \t]*[-–‑—][ \t]*(?P<number>\d{1,4})(?-u:\b)"));

/// The separator of two numbers of a list of laws (`, `, ` and `, `, and `, `; `).
static LAW_LIST_SEP: LazyLock<Regex> =
    LazyLock::new(|| re(r"^(?:[ \t]*[,;][ \t]*(?:(?:and|or)[ \t]+)?|[ \t]+(?:and|or)[ \t]+)"));

/// The laws a plural designation at `start` lists ([`PUBLIC_LAWS`]), one citation a
/// number, as [`public_law`] gives each (`Pub. L. 111-148`); the first citation's text is
/// the designation and its number. The end of the list and the citations; `None` unless a
/// plural designation with a number starts at `start`.
pub(crate) fn public_laws(text: &str, start: usize) -> Option<(usize, Vec<Citation>)> {
    let c = PUBLIC_LAWS.captures(text.get(start..)?)?;
    let prefix = if c.name("pub").is_some() {
        "Pub. L."
    } else {
        "Pvt. L."
    };
    let mut pos = start + c.get(0)?.end();
    let mut item_start = start;
    let mut out = Vec::new();
    while let Some(n) = LAW_NUMBER.captures(&text[pos..]) {
        let end = pos + n.get(0)?.end();
        let code = format!("{prefix} {}-{}", &n["congress"], &n["number"]);
        out.push(*whole_cite(item_start, end, CitationKind::PublicLaw, code));
        pos = end;
        let Some(sep) = LAW_LIST_SEP.find(&text[pos..]) else {
            break;
        };
        if !LAW_NUMBER.is_match(&text[pos + sep.end()..]) {
            break;
        }
        pos += sep.end();
        item_start = pos;
    }
    let end = out.last()?.span.end;
    for cite in &mut out {
        cite.group = start..end;
    }
    Some((end, out))
}

fn public_law(start: usize, c: &Captures<'_>) -> Found {
    let end = start + c.get(0).map_or(0, |m| m.end());
    let private = c
        .name("kind")
        .is_some_and(|k| k.as_str().starts_with("Pr") || k.as_str().starts_with("Pv"));
    let prefix = if private { "Pvt. L." } else { "Pub. L." };
    let code = format!("{prefix} {}-{}", &c["congress"], &c["number"]);
    let mut found = whole(start, end, CitationKind::PublicLaw, code);
    if let Found::Whole { cite, .. } = &mut found {
        let sec = c.name("sec").or(c.name("sec2"));
        let subs = c.name("subs").or(c.name("subs2"));
        cite.section = sec.map(|m| m.as_str().into());
        cite.subsections = labels_of(subs.map_or("", |m| m.as_str()));
    }
    found
}

fn case(start: usize, c: &Captures<'_>) -> Option<Found> {
    let end = start + c.get(0)?.end();
    let rep = &c["rep"];
    let (kind, reporter) = if rep.starts_with("NLRB") {
        let no = if rep.contains("No") { " No." } else { "" };
        (CitationKind::AgencyDecision, format!("NLRB{no}"))
    } else {
        (CitationKind::Case, canonical_reporter(rep))
    };
    let mut found = whole(start, end, kind, format!("{} {reporter}", &c["vol"]));
    if let Found::Whole { cite, .. } = &mut found {
        if c.name("short").is_some() {
            cite.short_form = Some(ShortForm::Reporter);
            cite.set_pin(Some(&c["page"]));
        } else {
            cite.section = Some(c["page"].into());
        }
    }
    Some(found)
}

/// `U. S.` → `U.S.`, `Wn.2d` → `Wash. 2d`, `S.Ct.` → `S. Ct.`.
fn canonical_reporter(raw: &str) -> String {
    let squeezed: String = raw.chars().filter(|c| !c.is_whitespace()).collect();
    let mut out = String::new();
    for (i, part) in squeezed.split_inclusive('.').enumerate() {
        // Single capital initials stay together (`U.S.`, `N.W.`, `F.`); words and series
        // markers get a space before them (`S. Ct.`, `A.2d`→`A.2d`).
        let is_initial = part.len() == 2 && part.as_bytes()[0].is_ascii_uppercase();
        if i > 0 && !is_initial && !part.starts_with(|c: char| c.is_ascii_digit()) {
            out.push(' ');
        }
        out.push_str(part);
    }
    let out = out
        .replace("Wn.2d", "Wash. 2d")
        .replace("Wn. App.", "Wash. App.");
    // `F.2d`, `A.2d`, `N.W.2d` are written without a space before the series; `F. Supp.
    // 2d`, `L. Ed. 2d`, `Cal. Rptr. 3d` with one.
    if ["Supp.", "Ed.", "Rptr.", "Wash."]
        .iter()
        .any(|w| out.contains(w))
    {
        return out.replace(".2d", ". 2d").replace(".3d", ". 3d");
    }
    out.replace(". 2d", ".2d")
        .replace(". 3d", ".3d")
        .replace(". 4th", ".4th")
}

fn id(start: usize, c: &Captures<'_>) -> Option<Found> {
    let end = start + c.get(0)?.end();
    let mut found = whole(start, end, CitationKind::Id, String::new());
    if let Found::Whole { cite, .. } = &mut found {
        cite.code = None;
        cite.short_form = Some(ShortForm::Id);
        if let Some(n) = c.name("atnum").or(c.name("secnum")) {
            cite.section = Some(n.as_str().into());
            let labels = c.name("secsubs").or(c.name("atsecsubs"));
            cite.subsections = labels_of(labels.map_or("", |m| m.as_str()));
            cite.set_designator(Some("§"));
        } else if let Some(s) = c.name("atsubs") {
            cite.subsections = labels_of(s.as_str());
        } else if let Some(p) = c.name("page") {
            cite.set_pin(Some(p.as_str()));
        }
    }
    Some(found)
}

fn constitution(text: &str, start: usize, c: &Captures<'_>) -> Option<Found> {
    let who = c.name("who").map_or("U.S.", |w| w.as_str());
    let who_squeezed: String = who.split_whitespace().collect::<Vec<_>>().join(" ");
    let state = if who_squeezed.replace(' ', "") == "U.S." {
        None
    } else if let Some((_, abbr)) = STATE_NAMES
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(&who_squeezed))
    {
        Some((*abbr).to_string())
    } else {
        Some(squeeze_initials(&who_squeezed))
    };
    let rest = c.name("rest")?.as_str();
    let (word, number) = rest.split_once([' ', '\t'])?;
    let word = if word.to_ascii_lowercase().starts_with("amend") {
        "amend."
    } else {
        "art."
    };
    let number = number.trim();
    let mut number = if number.chars().all(|c| c.is_ascii_digit()) && word == "art." {
        roman(number).unwrap_or_else(|| number.to_string())
    } else {
        number.to_string()
    };
    let mut end = start + c.name("rest")?.end();
    if word == "art."
        && let Some(al) = c.name("al")
        && let Some(letter) = article_letter(al.as_str(), text.get(start + al.end()..)?)
    {
        number.push(' ');
        number.push(letter);
        end = start + c.name("al")?.end();
    }
    let base = match &state {
        Some(s) => format!("{s} Const."),
        None => "U.S. Const.".to_string(),
    };
    let code = match (c.name("pt"), c.name("ch")) {
        (Some(part), _) => format!("{base} pt. {}, {word} {number}", part.as_str()),
        (None, Some(chapter)) => format!("{base} ch. {}, {word} {number}", chapter.as_str()),
        (None, None) => format!("{base} {word} {number}"),
    };
    let kind = if state.is_some() {
        CitationKind::StateConstitution
    } else {
        CitationKind::UsConst
    };
    let mut found = whole(start, end, kind, code);
    if let Some(pin) = CONST_PIN.captures(text.get(end..)?) {
        end += pin.get(0)?.end();
        if let Found::Whole { cite, end: e } = &mut found {
            *e = end;
            cite.span = start..end;
            cite.group = start..end;
            set_constitution_pin(cite, &pin);
        }
    }
    Some(found)
}

/// The capital letter after an article's numeral (`XIII A`, `XIIIA`: an article inserted
/// after article XIII, as California's constitution numbers them), as matched (`written`,
/// an optional space and the letter) with the text `after` it: the letter when it ends the
/// article, that is, when a comma, a semicolon, a period, a parenthesis, a section sign, the
/// word `of` or the line's end follows (`art. I A court` is no article `I A`).
fn article_letter(written: &str, after: &str) -> Option<char> {
    let letter = written.trim_start().chars().next()?;
    let next = after.trim_start_matches([' ', '\t']);
    let ends = next.is_empty()
        || next.starts_with([',', ';', '.', ')', '§', '\n', '\r'])
        || next.starts_with("of ");
    ends.then_some(letter)
}

/// `Article I, Section 8 of the Constitution`, `Article III of the United States
/// Constitution`, `Article I, § 8, Clause 3 of the U.S. Constitution`, `Article I, Section 1
/// of the California Constitution`, `section 2 of article VI of the Constitution of the
/// State of New York`, `Section 19, Article I of the Texas Constitution`, `Article XIII A,
/// Section 1 of the California Constitution`: an article of the United States Constitution (or a state's, named
/// before or after the word, the section before or after the article) in words, as briefs,
/// opinions and the states' own laws write it (The Bluebook, rule 11: `U.S. Const. art. I,
/// § 8, cl. 3`). The article's Roman numeral marks the United States' (and the states')
/// constitutions; a constitution numbered in Arabic (`Article 21 of the Constitution` of
/// India) is another's.
static CONSTITUTION_IN_WORDS: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?:(?:[Aa]rticle|[Aa]rt\.)[ \t]+(?P<art>[IVX]{1,5})(?P<al>[ \t]?[A-D](?-u:\b))?(?:,?[ \t]+(?:[Ss]ection|[Ss]ec\.|§)[ \t]*(?P<num>\d{1,2}[a-z]?(?:-[a-z]{1,2}(?:-\d{1,2})?)?)(?:,?[ \t]+(?:[Cc]lause|cl\.)[ \t]*(?P<cl>\d{1,2})|(?P<subs>(?:\([0-9A-Za-z]{1,4}\))+))?)?|(?:[Ss]ection|[Ss]ec\.|§)[ \t]*(?P<num2>\d{1,2}[a-z]?(?:-[a-z]{1,2}(?:-\d{1,2})?)?)(?P<subs2>(?:\([0-9A-Za-z]{1,4}\))+)?(?:[ \t]+of|,)[ \t]+(?:[Aa]rticle|[Aa]rt\.)[ \t]+(?P<art2>[IVX]{1,5})(?P<al2>[ \t]?[A-D](?-u:\b))?)[ \t]+of[ \t]+the[ \t]+(?:(?:U\.[ \t]?S\.|United[ \t]+States)[ \t]+|(?P<state>[A-Z][a-z]+(?:[ \t]+[A-Z][a-z]+)?)[ \t]+)?Constitution(?:[ \t]+of[ \t]+the[ \t]+United[ \t]+States|[ \t]+of[ \t]+(?:the[ \t]+(?:State|Commonwealth)[ \t]+of[ \t]+)?(?P<state2>[A-Z][a-z]+(?:[ \t]+[A-Z][a-z]+)?))?(?-u:\b)",
    )
});

/// `of this State`, `of the Commonwealth` after `Constitution`: the citing state's own, which
/// the text does not name (see [`constitution_in_words`]).
static OF_THIS_STATE: LazyLock<Regex> =
    LazyLock::new(|| re(r"^[ \t]+of[ \t]+(?:this|the|said)[ \t]+(?:State|Commonwealth)(?-u:\b)"));

/// The ordinal numbers of the amendments of the United States Constitution, in words as
/// their names write them (`the Fourteenth Amendment`).
const AMENDMENT_ORDINALS: [&str; 27] = [
    "First",
    "Second",
    "Third",
    "Fourth",
    "Fifth",
    "Sixth",
    "Seventh",
    "Eighth",
    "Ninth",
    "Tenth",
    "Eleventh",
    "Twelfth",
    "Thirteenth",
    "Fourteenth",
    "Fifteenth",
    "Sixteenth",
    "Seventeenth",
    "Eighteenth",
    "Nineteenth",
    "Twentieth",
    "Twenty-first",
    "Twenty-second",
    "Twenty-third",
    "Twenty-fourth",
    "Twenty-fifth",
    "Twenty-sixth",
    "Twenty-seventh",
];

/// `the Fourteenth Amendment to the United States Constitution`, `Amendment XIV to the
/// Constitution of the United States`, `section 1 of the Fourteenth Amendment to the U.S.
/// Constitution`: an amendment of the United States Constitution named in words with the
/// Constitution it amends (The Bluebook, rule 11: `U.S. Const. amend. XIV, § 1`). Without
/// the Constitution named (`the First Amendment`) the phrase is a name in prose, but a
/// section of an amendment named by its ordinal (`Section 1 of the Fourteenth Amendment`)
/// is the United States Constitution's, whose amendments alone have such names; the
/// ordinal in figures or the word in lower case (`the eleventh amendment of the
/// Constitution of the United States`, as the U.S. Code writes it) names the same
/// amendment; and a state's constitution is named by its state (`Amendment 64 to the Colorado
/// Constitution`), which this form does not read.
static AMENDMENT_IN_WORDS: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?:(?:[Ss]ection|[Ss]ec\.|§)[ \t]*(?P<sec>\d{1,2})[ \t]+of[ \t]+the[ \t]+)?(?:(?P<ord>(?i:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|twenty-(?:first|second|third|fourth|fifth|sixth|seventh))|(?P<digits>\d{1,2})(?:st|nd|rd|th))[ \t]+[Aa]mendment|Amendment[ \t]+(?P<num>[IVX]{1,6}|\d{1,2}))(?:,?[ \t]+(?:[Ss]ection|§)[ \t]*(?P<sec2>\d{1,2}))?(?P<cons>[ \t]+(?:to|of)[ \t]+the[ \t]+(?:(?:U\.[ \t]?S\.|United[ \t]+States|Federal)[ \t]+)?Constitution(?:[ \t]+of[ \t]+the[ \t]+United[ \t]+States)?)?(?-u:\b)",
    )
});

/// An [`AMENDMENT_IN_WORDS`] citation at `start`.
fn amendment_in_words(text: &str, start: usize) -> Option<Found> {
    let c = AMENDMENT_IN_WORDS.captures(text.get(start..)?)?;
    let end = start + c.get(0)?.end();
    // Without the Constitution named: a section of an amendment capitalised as the
    // Constitution's are (`the first amendment to the agreement` is a contract's, as is
    // any amendment `to` or `of` something named after it).
    if c.name("cons").is_none() {
        let after = text[end..].trim_start_matches([' ', '\t']);
        let capitalised = c
            .name("ord")
            .is_some_and(|o| o.as_str().starts_with(|ch: char| ch.is_ascii_uppercase()))
            || c.name("digits").is_some();
        if c.name("sec").is_none()
            || c.name("num").is_some()
            || !capitalised
            || !c.get(0)?.as_str().contains("Amendment")
            || after.starts_with("to ")
            || after.starts_with("of ")
        {
            return None;
        }
    }
    let number = match (c.name("digits").or(c.name("ord")), c.name("num")) {
        (Some(ord), _) if ord.as_str().bytes().all(|b| b.is_ascii_digit()) => roman(ord.as_str())?,
        (Some(ord), _) => {
            let at = AMENDMENT_ORDINALS
                .iter()
                .position(|o| o.eq_ignore_ascii_case(ord.as_str()))?;
            roman(&(at + 1).to_string())?
        }
        (None, Some(num)) if num.as_str().bytes().all(|b| b.is_ascii_digit()) => {
            roman(num.as_str())?
        }
        (None, Some(num)) => num.as_str().to_string(),
        (None, None) => return None,
    };
    let mut found = whole(
        start,
        end,
        CitationKind::UsConst,
        format!("U.S. Const. amend. {number}"),
    );
    if let (Found::Whole { cite, .. }, Some(sec)) = (&mut found, c.name("sec").or(c.name("sec2"))) {
        cite.set_designator(Some("§"));
        cite.section = Some(sec.as_str().into());
    }
    Some(found)
}

/// A [`CONSTITUTION_IN_WORDS`] or [`AMENDMENT_IN_WORDS`] citation at `start`.
pub(crate) fn constitution_in_words(text: &str, start: usize) -> Option<Found> {
    let Some(c) = CONSTITUTION_IN_WORDS.captures(text.get(start..)?) else {
        return amendment_in_words(text, start);
    };
    let end = start + c.get(0)?.end();
    if OF_THIS_STATE.is_match(&text[end..]) {
        return None;
    }
    let art = c.name("art").or(c.name("art2"))?.as_str();
    // `Article XIII A of the California Constitution`: an inserted article's letter.
    let art = match c.name("al").or(c.name("al2")) {
        Some(letter) => format!("{art} {}", letter.as_str().trim_start()),
        None => art.to_string(),
    };
    // `Article I, Section 1 of the California Constitution`, `… of the Constitution of the
    // State of New York`: a state's, in table T1's abbreviation; a constitution of no state
    // (`of Ireland`) is none of these.
    let (base, kind) = match c.name("state").or(c.name("state2")) {
        Some(name) => {
            let name = collapse_spaces(name.as_str());
            let (_, abbr) = STATE_NAMES
                .iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(&name))?;
            (format!("{abbr} Const."), CitationKind::StateConstitution)
        }
        None => ("U.S. Const.".to_string(), CitationKind::UsConst),
    };
    let mut found = whole(start, end, kind, format!("{base} art. {art}"));
    if let (Found::Whole { cite, .. }, Some(num)) = (&mut found, c.name("num").or(c.name("num2"))) {
        let mut sec = num.as_str().to_string();
        if let Some(cl) = c.name("cl") {
            sec.push_str(", cl. ");
            sec.push_str(cl.as_str());
        }
        cite.set_designator(Some("§"));
        cite.section = Some(sec.into());
        cite.subsections = labels_of(
            c.name("subs")
                .or(c.name("subs2"))
                .map_or("", |m| m.as_str()),
        );
    }
    Some(found)
}

/// A constitution's article in short form after a citation of that constitution: `Art. IX
/// § 3` → `Colo. Const. art. IX, § 3`.
pub(crate) fn constitution_short_form(
    text: &str,
    start: usize,
    base: &str,
) -> Option<(usize, Citation)> {
    // `Article I, Section 1 of the California Constitution`: a constitution named in words.
    if CONSTITUTION_IN_WORDS.is_match(text.get(start..)?) {
        return None;
    }
    let c = CONST_ARTICLE.captures(text.get(start..)?)?;
    let (word, number) = match (c.name("art"), c.name("amend")) {
        (Some(art), _) => ("art.", art),
        (None, Some(amend)) => ("amend.", amend),
        (None, None) => return None,
    };
    let mut number = if number.as_str().chars().all(|c| c.is_ascii_digit()) {
        roman(number.as_str())?
    } else {
        number.as_str().to_string()
    };
    let mut end = start + number_end(&c)?;
    if let Some(al) = c.name("al")
        && let Some(letter) = article_letter(al.as_str(), text.get(start + al.end()..)?)
    {
        number.push(' ');
        number.push(letter);
        end = start + al.end();
    }
    // `Article 5 of Regulation …`, `Article 6(1)`, `Amendment 3 to the lease`: another
    // instrument's article or amendment, not the constitution's.
    let after = text.get(end..)?.trim_start_matches([' ', '\t']);
    if after.starts_with("of ") || after.starts_with("to ") || text[end..].starts_with('(') {
        return None;
    }
    let kind = if base.starts_with("U.S.") {
        CitationKind::UsConst
    } else {
        CitationKind::StateConstitution
    };
    let mut cite = Citation {
        span: start..end,
        group: start..end,
        kind,
        code: Some(CodeRef::Named(compact_str::format_compact!(
            "{base} {word} {number}"
        ))),
        unit: Unit::Section,
        section: None,
        subsections: Vec::new(),
        range_end: None,
        relative: None,
        et_seq: false,
        short_form: Some(ShortForm::Inherited),
        antecedent: None,
        qualifiers: None,
    };
    if let Some(pin) = CONST_PIN.captures(text.get(end..)?) {
        end += pin.get(0)?.end();
        set_constitution_pin(&mut cite, &pin);
        cite.span = start..end;
        cite.group = start..end;
    }
    Some((end, cite))
}

/// Where [`CONST_ARTICLE`]'s article or amendment number ends, before any letter.
fn number_end(c: &Captures<'_>) -> Option<usize> {
    Some(c.name("art").or(c.name("amend"))?.end())
}

/// The section of a constitution's article a [`CONST_PIN`] names, with its clause or
/// paragraph (`§ 8, cl. 3`, `§ 1, ¶ I`), designator and subdivisions (`§ 7(a)`).
fn set_constitution_pin(cite: &mut Citation, pin: &Captures<'_>) {
    let designator = if pin["des"].starts_with('¶') {
        "¶"
    } else {
        "§"
    };
    cite.set_designator(Some(designator));
    let mut sec = pin["num"].to_string();
    if let Some(cl) = pin.name("cl") {
        sec.push_str(", cl. ");
        sec.push_str(cl.as_str());
    }
    if let Some(para) = pin.name("para") {
        sec.push_str(", ¶ ");
        sec.push_str(para.as_str());
    }
    cite.section = Some(sec.into());
    // `Cal. Const. art. I, § 7(a)`: a section's subdivisions.
    cite.subsections = labels_of(pin.name("subs").map_or("", |m| m.as_str()));
}

fn roman(arabic: &str) -> Option<String> {
    let mut n: u32 = arabic.parse().ok()?;
    if n == 0 || n > 100 {
        return None;
    }
    let table = [
        (100, "C"),
        (90, "XC"),
        (50, "L"),
        (40, "XL"),
        (10, "X"),
        (9, "IX"),
        (5, "V"),
        (4, "IV"),
        (1, "I"),
    ];
    let mut out = String::new();
    for (value, letters) in table {
        while n >= value {
            out.push_str(letters);
            n -= value;
        }
    }
    Some(out)
}

/// `N. Y.` → `N.Y.`, `W.Va.` → `W. Va.`.
fn squeeze_initials(s: &str) -> String {
    let squeezed: String = s.chars().filter(|c| !c.is_whitespace()).collect();
    match squeezed.as_str() {
        "W.Va." => "W. Va.".into(),
        "Am.Samoa" => "Am. Samoa".into(),
        "N.Mar.I." => "N. Mar. I.".into(),
        "DC" => "D.C.".into(),
        "VA" => "Va.".into(),
        other => other.into(),
    }
}

/// The kind of citations into a code named as a state code (`D.C. Code`, `Ala. Admin.
/// Code`), if it is one.
pub fn state_code_kind(name: &str) -> Option<CitationKind> {
    let probe = format!("{name} § 1");
    let c = STATE_CODE.captures(&probe)?;
    match state_code(0, &c)? {
        Found::CodePrefix { kind, .. } => Some(kind),
        Found::Whole { .. } => None,
    }
}

/// A state's administrative code numbered by agency, the agency's initials after the
/// section sign (`Wis. Admin. Code § DHS 10.01`, `Wis. Admin. Code § NR 102.01`): the
/// agency is the code's, as The Bluebook writes it before the sign (table T1, Wisconsin:
/// `Wis. Admin. Code DHS § 10.01`). `found` (read at `start` of `rest`) as it is otherwise.
fn with_agency(rest: &str, start: usize, found: Found) -> Found {
    static AGENCY: LazyLock<Regex> = LazyLock::new(|| re(r"^(?P<a>[A-Z]{2,5})[ \t]+\d"));
    match found {
        Found::CodePrefix {
            after,
            code,
            kind: CitationKind::StateRegulation,
            designator: None,
            plural,
        } if let Some(c) = after
            .checked_sub(start)
            .and_then(|at| rest.get(at..))
            .and_then(|r| AGENCY.captures(r))
            && let Some(agency) = c.name("a") =>
        {
            Found::CodePrefix {
                after: after + agency.end(),
                code: format!("{code} {}", agency.as_str()),
                kind: CitationKind::StateRegulation,
                designator: None,
                plural,
            }
        }
        other => other,
    }
}

fn state_code(start: usize, c: &Captures<'_>) -> Option<Found> {
    let mut words: Vec<&str> = c.name("words")?.as_str().split_whitespace().collect();
    // `D.C. Code, § 1-213`: a comma before the section sign ends the name; one inside it
    // stays (`Md. Code Ann., Crim. Law`).
    if let Some(last) = words.last_mut() {
        *last = last.trim_end_matches(',');
    }
    // In any case: a heading or an all-capitals text writes `DC CODE`.
    let is_code_word = |w: &&str| {
        matches!(
            w.trim_end_matches([',', '.']).to_ascii_lowercase().as_str(),
            "code" | "c" | "stat" | "laws" | "law" | "act" | "regs" | "r" | "rev" | "cent" | "gen"
        ) || is_initialism(w)
    };
    // Initials that are a state's (`D.C. Law D.C. Law 21-36`, a repeated name) start another
    // name, not a word of this one.
    static STATE_INITIALS: LazyLock<Regex> = LazyLock::new(|| re(&format!("^{STATE}$")));
    if words
        .iter()
        .any(|w| is_initialism(w) && STATE_INITIALS.is_match(w.trim_end_matches(',')))
    {
        return None;
    }
    // `Or. Admin. R. 340-200-0010`: the rules designator names a code of rules.
    let rules = c.name("des").is_some_and(|d| d.as_str().starts_with('R'));
    // `N.Y. Const.` is a constitution (`Gen. Constr. Law` is New York's General Construction
    // Law).
    let constitution =
        |w: &&str| matches!(w.trim_end_matches(','), "Const." | "Const" | "Constitution");
    if !(rules || words.iter().any(is_code_word)) || words.iter().any(constitution) {
        return None;
    }
    let state = squeeze_initials(c.name("state")?.as_str());
    // `Tex. Gov’t Code`: table T1 writes the abbreviation's apostrophe straight (`Gov't`).
    let mut words: Vec<String> = words.iter().map(|w| w.replace('’', "'")).collect();
    let title = c.name("title").map(|m| m.as_str().to_string());
    let mut division = c
        .name("div")
        .zip(c.name("divnum"))
        .map(|(d, n)| format!("{}. {}", canonical_division(d.as_str()), n.as_str()));
    // Louisiana's administrative code is cut into titles and parts (`La. Admin. Code tit.
    // 33, pt. III, § 509`, table T1).
    if let (Some(d), Some(part)) = (division.as_mut(), c.name("part")) {
        d.push_str(", pt. ");
        d.push_str(part.as_str());
    }
    let mut prefix_title = title;
    // `9 Del. C.` is Delaware's own form of `Del. Code tit. 9`.
    if state == "Del." && words == ["C."] {
        words = vec!["Code".into()];
        if let Some(t) = prefix_title.take() {
            division = Some(format!("tit. {t}"));
        }
    }
    // `18 Pa. C.S. § 2502`, `La. C.C. art. 2315`: a state's own abbreviation of its code
    // written with a space after the state ([`LOCAL_CODES`]' `Pa.C.S.`, `La.C.C.`), cited by
    // its name in table T1.
    let mut own_form = None;
    if let [w] = words.as_slice()
        && is_initialism(w)
        && let Some((_, name, _, _, designator)) = LOCAL_CODES
            .iter()
            .find(|(abbr, ..)| abbr.strip_prefix(state.as_str()) == Some(w.trim_end_matches(',')))
        && let Some(words_of_name) = name.strip_prefix(state.as_str())
    {
        words = words_of_name.split_whitespace().map(String::from).collect();
        own_form = Some(*designator);
    }
    // Virginia's code is cited `Va. Code` whatever the publisher (unitedstates/citation).
    if state == "Va." && words.first().is_some_and(|w| w == "Code") {
        words.truncate(1);
    }
    // `Md. Code, Courts and Judicial Proceedings`, `Md. Code Ann., Criminal Law Article`: an
    // article of Maryland's code by its name, cited as table T1 abbreviates it.
    if state == "Md."
        && let Some(comma) = words.iter().position(|w| w.ends_with(','))
        && matches!(words[..=comma].join(" ").as_str(), "Code," | "Code Ann.,")
        && let Some(abbr) = maryland_article(&words[comma + 1..].join(" "))
    {
        words = ["Code", "Ann.,"]
            .into_iter()
            .chain(abbr.split(' '))
            .map(String::from)
            .collect();
    }
    let regulation = words.iter().any(|w| {
        w.starts_with("Admin") || w.starts_with("Adm.") || w.starts_with("Regs") || w == "R."
    }) || rules
        || (state == "Pa." && words == ["Code"]);
    let mut code = String::new();
    if let Some(t) = &prefix_title {
        code.push_str(t);
        code.push(' ');
    }
    // `Code Me. R.`: a few states' rules are titled `Code` before the state (table T1).
    if c.name("pre").is_some() {
        if !regulation {
            return None;
        }
        code.push_str("Code ");
    }
    code.push_str(&state);
    for w in &words {
        code.push(' ');
        code.push_str(w);
    }
    if let Some(d) = &division {
        code.push(' ');
        code.push_str(d);
    }
    // `D.C. Official Code`, `D.C. Code Ann.`: the code lexls knows by one name.
    let mut known_code = own_form == Some("§");
    if let Some(known) = super::codes::canonical_code(&code)
        && known.family == super::codes::CodeFamily::StateStatute
    {
        code = known.name;
        known_code = true;
    }
    let des = c.name("des").map_or("", |d| d.as_str().trim());
    let (designator, plural) = match des {
        // `DC Official Code 2-1831.01`: a code lexls knows is cited with its section sign.
        "" if known_code => (None, false),
        // No designator: the number follows the name.
        "" => (Some(String::new()), false),
        "§" => (None, false),
        "§§" => (None, true),
        d if d.starts_with("art") => (Some("art.".to_string()), false),
        // `Cal. Civ. Code section 1798.100`: the section word for the sign.
        d if d.to_ascii_lowercase().starts_with("sec") => {
            let d = d.to_ascii_lowercase();
            (None, d == "sections" || d == "secs.")
        }
        // `Mont. Admin. R. 17.8.101`, `R.I. Code R. 25-4-10:1`: the rules a name ends with
        // (table T1's `Admin. R.`, administrative rules, and the state's `Code R.`, code of
        // rules), not a rule's designator (`Fla. Admin. Code Ann. r.`, `Utah Admin. Code
        // r.`, and so `Fla. Admin. Code R.`).
        "R." if words.last().is_some_and(|w| w == "Admin.") || words == ["Code"] => {
            (Some("R.".to_string()), false)
        }
        _ => (Some("r.".to_string()), false),
    };
    Some(Found::CodePrefix {
        after: start + c.name("num").map_or(c.get(0)?.end(), |n| n.start()),
        code,
        kind: if regulation {
            CitationKind::StateRegulation
        } else {
            CitationKind::StateStatute
        },
        designator,
        plural,
    })
}

/// A German statute reference: `§§ 556d, 556e BGB`, `§ 124 Abs. 2 Nr. 3 VwGO`, `Art. 3 Abs.
/// 1 Satz 2 GG`, `§ 40 des Verwaltungsverfahrensgesetzes`, `Artikel 5 Absatz 1 GG` (the
/// statutes' own spelling), `§ 823 II BGB` and `§ 280 I, III, 281 BGB` (the paragraph in
/// Roman numerals, as courts write it), `§§ 249 ff. BGB`. Returns its end and one citation
/// per section, with the law book (lower case) as the code. Without a book, a reference in
/// German words (`§§ 664 bis 670`, `§ 5 Abs. 2`, `§§ 1 und 2`) is one into the citing law
/// book itself: its citations have no code, and the document's namespace gives them one
/// ([`german_law_book`]).
pub(crate) fn german(text: &str, start: usize) -> Option<(usize, Vec<Citation>)> {
    let rest = text.get(start..)?;
    if !(rest.starts_with('§') || rest.starts_with("Art")) {
        return None;
    }
    let c = match GERMAN.captures(rest) {
        Some(c) => c,
        // Without a book, only a reference in German words, which a short window shows
        // (the common case, a section in English, pays for no capture).
        None => {
            let window = &rest[..crate::line_index::floor_char_boundary(rest, 96)];
            if !GERMAN_WORD.is_match(window) {
                return None;
            }
            GERMAN_BARE.captures(rest)?
        }
    };
    let end = start + c.get(0)?.end();
    let book = match named_book(&c) {
        Some(book) => Some(book),
        // `§ 280 Abs. 1 i.V.m. § 241 Abs. 2 BGB`: the book after a chain of references is
        // every one's.
        None => match book_of_the_chain(text, end) {
            Some(book) => Some(book),
            None if GERMAN_WORD.is_match(c.name("body")?.as_str()) => None,
            None => return None,
        },
    };
    let body = c.name("body")?;
    // `§ 3 Abs. 1 Satz 1 und 2`: one `§` cites one section, so after its first subdivision a
    // listed number is the subdivision's; after `§§` a number after a comma is a section
    // (`§§ 708 Nr. 11, 711 ZPO`), and under either head a number a subdivision follows is
    // one (`Art. 12 Abs. 1, 14 Abs. 1 GG`).
    let plural = rest.starts_with("§§");
    let mut cites: Vec<Citation> = Vec::new();
    let mut section_end = 0;
    for m in GERMAN_SECTION.captures_iter(body.as_str()) {
        let Some(num) = m.name("n") else { continue };
        if m.name("hs").is_some() {
            continue;
        }
        let whole = m.get(0)?;
        let after_a_subdivision = !cites.is_empty()
            && GERMAN_SUBDIVISION.is_match(&body.as_str()[section_end..whole.start()]);
        let subdivided = GERMAN_SUBDIVISION_NEXT.is_match(&body.as_str()[num.end()..]);
        let listed_section = plural && whole.as_str().starts_with(',');
        if after_a_subdivision && !subdivided && !listed_section {
            continue;
        }
        section_end = num.end();
        let s = start + body.start() + num.start();
        // `§ 8 f. BGB`: `f.` (and the following section) is no letter of the number.
        let following = body.as_str()[num.end()..].starts_with('.');
        let number: String = num
            .as_str()
            .chars()
            .filter(|c| !c.is_whitespace() && (!following || c.is_ascii_digit()))
            .collect();
        // `§§ 664 bis 670 BGB`, `§§ 823–826 BGB`: the number ends the range the one before
        // opens.
        if m.name("range").is_some()
            && let Some(first) = cites.last_mut()
            && first.range_end.is_none()
        {
            first.span.end = s + num.len();
            first.range_end = Some(Box::new(RangeEnd {
                section: number.into(),
                subsections: Vec::new(),
            }));
            continue;
        }
        // One citation a number, spanning the number, grouped by the whole reference.
        let mut cite = match &book {
            Some(book) => *whole_cite(start, end, CitationKind::DeStatute, book.to_lowercase()),
            None => Citation {
                code: None,
                ..*whole_cite(start, end, CitationKind::Section, String::new())
            },
        };
        let digits = num.as_str().bytes().take_while(u8::is_ascii_digit).count();
        cite.span = s..s + if following { digits } else { num.len() };
        cite.section = Some(number.into());
        cites.push(cite);
    }
    (!cites.is_empty()).then_some((end, cites))
}

/// The abbreviation of a German law book (`GG`, `BGB`, `VwGO`, `SGB V`, `AO`, `EGBGB`,
/// `WpÜG`): a capital, letters, and the last letter of the kind of law it is: `G`
/// (*Gesetz*), `O` (*Ordnung*), `V` (*Verordnung*) or `B` (*Buch*, *Gesetzbuch*). Of two
/// letters only those whose first is no Roman numeral (`§ 280 IV` is a paragraph). The
/// Social Code's books keep their number (`§ 24 SGB X` is book X's, not book I's), so its
/// alternative comes before the generic one, which would take `SGB` alone.
macro_rules! GERMAN_BOOK {
    () => {
        r"GG|BGB|ZPO|StPO|StGB|HGB|SGB(?:[ \t]+[IVX]{1,4})?|[A-Z][A-Za-zÄÖÜäöü]{1,10}(?:-[A-Z][A-Za-zÄÖÜäöü]{0,8})?(?:G|O|V|B)|[A-HJ-UWYZ][GOV]"
    };
}

/// The head and body of a German reference (`§§ 280 I, III, 281`, `Art. 3 Abs. 1 Satz 2`), a
/// subdivision in parentheses too, as English writing on German law numbers it (`§ 823(1)
/// BGB`, `Art. 6(1)(f) DSGVO`).
macro_rules! GERMAN_HEAD_BODY {
    () => {
        r"^(?:§§?|Artikel|Art\.?)[ \t]*(?P<body>\d+(?:[ \t]+ff?\.|(?:[ \t]?[a-z])?(?-u:\b))(?:(?:[ \t]+(?:U?Abs\.?|Absatz|Unterabs\.|Nr\.?|Nummer|Satz|S\.|Hs\.|Halbs\.|Alt\.|Alternative|Var\.|Variante)[ \t]*\d+[a-z]?)|(?:[ \t]+(?:lit\.|Buchst\.|Buchstabe)[ \t]*[a-z]{1,2}(?-u:\b))|,[ \t]*\d+\.[ \t]*Halbsatz|(?:,[ \t]*|[ \t]+)[IVX]{1,4}(?-u:\b)(?:[ \t]+\d{1,2}(?-u:\b))?|(?:,|[ \t]+und|[ \t]+bis|[ \t]*[-–])[ \t]*\d+(?:[ \t]?[a-z])?(?-u:\b)|[ \t]?\((?:\d{1,3}[a-z]?|[a-z]{1,2})\))*)"
    };
}

/// A German reference with its law book after it.
static GERMAN: LazyLock<Regex> = LazyLock::new(|| {
    re(concat!(
        GERMAN_HEAD_BODY!(),
        r"[ \t]+(?:(?P<book>",
        GERMAN_BOOK!(),
        r")(?-u:\b)|(?:des|der)[ \t]+(?P<long>[A-Z][a-zäöüß]+(?:gesetz(?:es|s)?|ordnung)))",
    ))
});

/// A German reference without its book (`§§ 664 bis 670`).
static GERMAN_BARE: LazyLock<Regex> = LazyLock::new(|| re(GERMAN_HEAD_BODY!()));

/// The law book of the German reference a chain continues with after `end` (`§ 280 Abs. 1
/// ⟦i.V.m. § 241 Abs. 2 BGB⟧`, `§ 9 in Verbindung mit § 10 BauGB`, `Art. 2 Abs. 1, Art. 1
/// Abs. 1 GG`): German legal writing names the book once, after the last reference.
fn book_of_the_chain(text: &str, end: usize) -> Option<String> {
    static LINK: LazyLock<Regex> = LazyLock::new(|| {
        re(
            r"^[ \t]*(?:i\.[ \t]?V\.[ \t]?m\.|iVm|in[ \t]+Verbindung[ \t]+mit|,|und|sowie|oder)[ \t]+(?P<next>§|Art)",
        )
    });
    // At most this many references after the first, so a long list without a book (a
    // table of `§ 1, § 2, …`) costs a bounded look ahead from each of its references.
    const MOST_LINKS: usize = 8;
    let mut end = end;
    for _ in 0..MOST_LINKS {
        let next = end + LINK.captures(text.get(end..)?)?.name("next")?.start();
        let rest = text.get(next..)?;
        if let Some(c) = GERMAN.captures(rest) {
            return named_book(&c);
        }
        end = next + GERMAN_BARE.captures(rest)?.get(0)?.end();
    }
    None
}

/// The law book a [`GERMAN`] reference names after its body: the abbreviation with its
/// spaces collapsed (`SGB X`), or the long name in the nominative (`des
/// Verwaltungsverfahrensgesetzes` → `Verwaltungsverfahrensgesetz`); `None` for a reference
/// without one ([`GERMAN_BARE`]).
fn named_book(c: &Captures<'_>) -> Option<String> {
    match (c.name("book"), c.name("long")) {
        (Some(b), _) => Some(b.as_str().split_whitespace().collect::<Vec<_>>().join(" ")),
        (None, Some(l)) => {
            let l = l.as_str();
            let l = l
                .strip_suffix("es")
                .filter(|s| s.ends_with("gesetz"))
                .or_else(|| l.strip_suffix('s').filter(|s| s.ends_with("gesetz")))
                .unwrap_or(l);
            Some(l.to_string())
        }
        _ => None,
    }
}

/// A subdivision word of a German reference (`Abs.`, `Satz`, `Nr.`, `lit.`), before the
/// numbers that are the subdivision's.
static GERMAN_SUBDIVISION: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?-u:\b)(?:U?Abs\.?|Absatz|Unterabs\.|Nr\.?|Nummer|Satz|S\.|Hs\.|Halbs\.|Alt\.|Alternative|Var\.|Variante|lit\.|Buchst\.|Buchstabe)",
    )
});

/// A subdivision word right after a number (`12 Abs. 1`): the number is a section.
static GERMAN_SUBDIVISION_NEXT: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?:[ \t]?[a-z](?-u:\b))?[ \t]+(?:U?Abs\.?|Absatz|Unterabs\.|Nr\.?|Nummer|Satz|S\.|lit\.|Buchst\.|Buchstabe)",
    )
});

/// A German word of a reference's body (`bis`, `und`, `Abs.`, `Satz`, `Nr.`): the reference
/// is German without its law book.
static GERMAN_WORD: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?-u:\b)(?:und|bis|U?Abs\.?|Absatz|Nr\.|Nummer|Satz|Halbsatz|Hs\.|Buchst\.|i\.[ \t]?V\.[ \t]?m\.|iVm|Verbindung)",
    )
});

/// The law book a namespace names, as the German references write it (lower case: `bgb`,
/// `sgb x`), when the namespace is a German book's abbreviation (`BGB`, `VwGO`, `SGB X`).
pub fn german_law_book(namespace: &str) -> Option<String> {
    static BOOK: LazyLock<Regex> = LazyLock::new(|| re(concat!(r"^(?:", GERMAN_BOOK!(), r")$")));
    BOOK.is_match(namespace).then(|| namespace.to_lowercase())
}

/// The section numbers of a German reference body: numbers at its start or after `,`,
/// `und`, or `bis` and a dash (which end a range), but not after `Abs.`, `Nr.`, `Satz`.
static GERMAN_SECTION: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?:^|,[ \t]*|[ \t]und[ \t]+|(?P<range>[ \t]bis[ \t]+|[ \t]*[-–][ \t]*))(?P<n>\d+(?:[ \t]?[a-z](?-u:\b))?)(?P<hs>\.[ \t]*Halbsatz)?",
    )
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reporters_are_canonical() {
        assert_eq!(canonical_reporter("U. S."), "U.S.");
        assert_eq!(canonical_reporter("S. Ct."), "S. Ct.");
        assert_eq!(canonical_reporter("A.2d"), "A.2d");
        assert_eq!(canonical_reporter("Wn.2d"), "Wash. 2d");
        assert_eq!(canonical_reporter("F. Supp. 2d"), "F. Supp. 2d");
    }

    #[test]
    fn roman_numerals() {
        assert_eq!(roman("4").as_deref(), Some("IV"));
        assert_eq!(roman("19").as_deref(), Some("XIX"));
    }
}
