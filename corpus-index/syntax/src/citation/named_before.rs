//! A code or an act named in words right before the section it cites:
//!
//! - an act by its name, as The Bluebook cites a section of a named act beside its
//!   codification (rule 12.2.1: `National Environmental Policy Act of 1969 § 102, 42 U.S.C.
//!   § 4332`), and as secondary writing cites it alone (`Securities Exchange Act of 1934
//!   § 10(b)`, `Dodd-Frank Act § 1502`); the Commonwealth's form with the act's year and a
//!   comma (`Data Protection Act 2018, s. 170`, OSCOLA's `Human Rights Act 1998, s 15`,
//!   India's `Companies Act, 2013, Section 135` with the year after a comma), or
//!   its jurisdiction (`Privacy Act 1988 (Cth) s 6`, the AGLC); a parenthesis of the name's
//!   words is part of it (`European Union (Withdrawal) Act 2018`);
//! - a state's subject code or consolidated law by its name, as the states' own style manuals
//!   cite them (the New York Law Reports Style Manual: `Executive Law § 296`, `General
//!   Business Law § 349`; the California Style Manual: `Penal Code section 187`, `Civil Code
//!   section 1798.100`; Texas: `Government Code, Section 552.101`), with or without the
//!   state's name before it (`Texas Penal Code § 19.02`, `New York General Business Law §
//!   349`).
//!
//! Without this reading the section would be a bare `§ 296` of the citing document's own
//! code. The name is the run of capitalised words before the head noun (`Act`, `Code`,
//! `Law`, `Laws`, `Statutes`, `Charter`, `Ordinance`), joined by the connectors names use
//! (`and`, `&`, `of`, `for`, `on`, `the`, `to`, `in`); it starts after any closed-class word
//! (`Under`, `See`, `The`, `This`) or division (`Title VII of the`), so `Under the Fair
//! Housing Act § 804` names the Fair Housing Act.

use super::CitationKind;
use super::forms::STATE_NAMES;

/// The head nouns of the names of codes and acts.
const HEAD_NOUNS: &[&str] = &[
    "Act",
    "Code",
    "Law",
    "Laws",
    "Statutes",
    "Charter",
    "Ordinance",
];

/// Whether `connector` (`and`, `or`) after `word` joins two names rather than two words of
/// one: `word` is a name's head noun ([`HEAD_NOUNS`]), which ends a name (`the Clean Air
/// Act and Clean Water Act`; `the Immigration and Nationality Act` joins two words).
pub(crate) fn joins_two_names(word: &str, connector: &str) -> bool {
    matches!(connector, "and" | "or") && HEAD_NOUNS.contains(&word.trim_end_matches(','))
}

/// The head nouns of the titles of statutory instruments (`Working Time Regulations 1998`,
/// `Civil Procedure Rules 1998`, `Town and Country Planning (Use Classes) Order 1987`).
const INSTRUMENT_NOUNS: &[&str] = &["Regulations", "Rules", "Order"];

/// Whether `word` is the head noun of a code's, an act's or an instrument's name
/// ([`HEAD_NOUNS`], [`INSTRUMENT_NOUNS`]).
pub(crate) fn is_head_noun(word: &str) -> bool {
    HEAD_NOUNS.contains(&word) || INSTRUMENT_NOUNS.contains(&word)
}

/// Lower-case words inside a name (`Business and Professions Code`, `Code of Ordinances`).
const CONNECTORS: &[&str] = &["and", "&", "of", "for", "on", "the", "to", "in"];

/// Capitalised words that begin no name: English closed-class words (determiners,
/// prepositions, conjunctions, pronouns, a sentence's adverbs) and the designators of
/// divisions (`Title VII of the Civil Rights Act`).
const NOT_NAME_WORDS: &[&str] = &[
    "A",
    "About",
    "Above",
    "According",
    "Accordingly",
    "After",
    "Against",
    "Also",
    "Although",
    "Among",
    "An",
    "And",
    "Any",
    "Are",
    "As",
    "At",
    "Because",
    "Before",
    "Below",
    "Both",
    "But",
    "By",
    "Cf",
    "Compare",
    "Despite",
    "During",
    "Each",
    "Either",
    "Every",
    "Except",
    "For",
    "Former",
    "From",
    "Further",
    "Furthermore",
    "He",
    "Her",
    "Here",
    "His",
    "However",
    "If",
    "In",
    "Including",
    "Into",
    "Is",
    "It",
    "Its",
    "Like",
    "Moreover",
    "My",
    "Neither",
    "No",
    "Nor",
    "Not",
    "Notwithstanding",
    "Of",
    "On",
    "Or",
    "Our",
    "Per",
    "Pursuant",
    "Regarding",
    "Said",
    "See",
    "She",
    "Since",
    "So",
    "Such",
    "Than",
    "That",
    "The",
    "Their",
    "Then",
    "There",
    "These",
    "They",
    "This",
    "Those",
    "Thus",
    "To",
    "Under",
    "Unless",
    "Unlike",
    "Until",
    "Upon",
    "Was",
    "We",
    "Were",
    "What",
    "When",
    "Whereas",
    "Where",
    "Whether",
    "Which",
    "While",
    "Who",
    "With",
    "Within",
    "Without",
    "You",
    "Your",
    "Title",
    "Subtitle",
    "Chapter",
    "Subchapter",
    "Part",
    "Subpart",
    "Article",
    "Section",
    "Sections",
    "Division",
    "Rule",
    "Note",
    "Amended",
    "Amending",
    "Amends",
    "Amend",
    "Violation",
    "Violations",
    "Violated",
    "Violates",
    "Violating",
];

/// Words that name no code in particular before a head noun (`Official Code`, `Revised
/// Statutes`, `General Laws`).
const GENERIC_WORDS: &[&str] = &[
    "Official",
    "Revised",
    "General",
    "Consolidated",
    "Compiled",
    "Annotated",
    "Codified",
    "Municipal",
    "State",
    "Federal",
    "Public",
    "Private",
    "Local",
];

/// Whether `word` is one of [`GENERIC_WORDS`], which name no code in particular before a
/// head noun (`Official Code`, `Revised Statutes`).
pub(crate) fn is_generic_word(word: &str) -> bool {
    GENERIC_WORDS.contains(&word)
}

/// `before` without a jurisdiction in parentheses after an act's year (`Privacy Act 1988
/// (Cth)`, `Crimes Act 1900 (NSW)`: AGLC rule 3.1; one capitalised word of at most four
/// letters, or capitals). Any other ending is returned as it is.
fn without_jurisdiction(before: &str) -> &str {
    let Some(inner_end) = before.strip_suffix(')') else {
        return before;
    };
    let Some(open) = inner_end.rfind('(') else {
        return before;
    };
    let inner = &inner_end[open + 1..];
    let jurisdiction = inner.len() <= 4
        && inner.chars().next().is_some_and(|c| c.is_ascii_uppercase())
        && inner.chars().all(|c| c.is_ascii_alphabetic());
    let head = inner_end[..open].trim_end_matches(is_space);
    let after_year = head.rsplit(is_space).next().is_some_and(is_year);
    if jurisdiction && after_year {
        head
    } else {
        before
    }
}

/// `before` without the chapter number of an act after its year (`Human Rights Act 1998
/// (c. 42)`, `Criminal Justice Act 2003 c. 44`, `Data Protection Act 2018, c. 12`): the
/// number of the Parliament's acts in their calendar year (Acts of Parliament Numbering
/// and Citation Act 1962; OSCOLA rule 2.1), and the Scottish Parliament's (`asp 5`), the
/// Senedd's (`anaw 1`, `asc 1`) and the Northern Ireland Assembly's (`c. 2 (N.I.)`). Any
/// other ending is returned as it is.
fn without_chapter_number(before: &str) -> &str {
    static CHAPTER: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        #[allow(clippy::expect_used)]
        regex::Regex::new(&super::typographic_spaces(
            r"(?:,[ \t]*|[ \t]+)(?:\([ \t]*(?:c\.?|asp|anaw|asc)[ \t]*\d{1,3}(?:[ \t]*\(N\.?I\.?\))?[ \t]*\)|(?:c\.?|asp|anaw|asc)[ \t]*\d{1,3}(?:[ \t]*\(N\.?I\.?\))?)$",
        ))
        .expect("static regex compiles")
    });
    let Some(number) = CHAPTER.find(before) else {
        return before;
    };
    let head = &before[..number.start()];
    let after_year = head.rsplit(is_space).next().is_some_and(is_year);
    if after_year { head } else { before }
}

/// The American Law Institute's Restatement that `before` ends with, as The Bluebook cites
/// one (rule 12.9.4: `Restatement (Second) of Torts § 402A`, `Restatement of Restitution §
/// 1`) and the California Style Manual (`Rest.2d Torts, § 402A`): the byte offset where it
/// starts and its name in The Bluebook's form (`Restatement (Second) of Torts`). A
/// restatement is no law, but its sections are its own: without this reading `§ 402A` was a
/// bare section of the citing document's code.
fn restatement_before(before: &str) -> Option<(usize, String)> {
    static RESTATEMENT: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        #[allow(clippy::expect_used)]
        regex::Regex::new(&super::typographic_spaces(
            r"(?:^|[^\w.])(?P<r>Restatement(?:[ \t]*\((?P<ed>First|Second|Third|Fourth)\))?|Rest\.[ \t]?(?P<ord>2d|3d|4th))[ \t]+(?:of[ \t]+)?(?P<the>the[ \t]+)?(?P<subject>[A-Z][A-Za-z'’]*:?(?:[ \t]+(?:of|the|and|for|on|in|&|[A-Z][A-Za-z'’]*:?))*)$",
        ))
        .expect("static regex compiles")
    });
    // Most designators follow no Restatement: the regex's search only where its word is.
    if !before.contains("Rest") {
        return None;
    }
    let caps = RESTATEMENT.captures(before)?;
    let edition = match (caps.name("ed"), caps.name("ord")) {
        (Some(ed), _) => format!(" ({})", ed.as_str()),
        (None, Some(ord)) => match ord.as_str() {
            "2d" => " (Second)".into(),
            "3d" => " (Third)".into(),
            _ => " (Fourth)".into(),
        },
        (None, None) => String::new(),
    };
    let subject = super::scan::collapse(caps.name("subject")?.as_str());
    let the = if caps.name("the").is_some() {
        "the "
    } else {
        ""
    };
    Some((
        caps.name("r")?.start(),
        format!("Restatement{edition} of {the}{subject}"),
    ))
}

/// A state's abbreviation in The Bluebook's table T1 (`D.C.`, `N.Y.`, `Cal.`), its last
/// period may be missing (`D.C`).
fn is_state_abbreviation(word: &str) -> bool {
    static STATE_ABBR: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        #[allow(clippy::expect_used)]
        regex::Regex::new(&format!("^{}$", super::forms::STATE)).expect("static regex compiles")
    });
    let with_period = format!("{}.", word.trim_end_matches('.'));
    word.contains('.') && (STATE_ABBR.is_match(word) || STATE_ABBR.is_match(&with_period))
}

/// The Bluebook's abbreviations (tables T1 and T6) of the words of the states' subject codes
/// and consolidated laws: `Texas Government Code` → `Tex. Gov't Code`, `New York General
/// Business Law` → `N.Y. Gen. Bus. Law`. Words not listed stay as written (`Penal`,
/// `Water`, `Tax`).
const SUBJECT_WORDS: &[(&str, &str)] = &[
    ("Administrative", "Admin."),
    ("Agricultural", "Agric."),
    ("Agriculture", "Agric."),
    ("Alcoholic", "Alco."),
    ("Beverage", "Bev."),
    ("Business", "Bus."),
    ("Civil", "Civ."),
    ("Commerce", "Com."),
    ("Commercial", "Com."),
    ("Conservation", "Conserv."),
    ("Contract", "Cont."),
    ("Corporation", "Corp."),
    ("Corporations", "Corp."),
    ("Court", "Ct."),
    ("Criminal", "Crim."),
    ("Domestic", "Dom."),
    ("Education", "Educ."),
    ("Election", "Elec."),
    ("Elections", "Elec."),
    ("Environmental", "Envtl."),
    ("Estates", "Est."),
    ("Evidence", "Evid."),
    ("Family", "Fam."),
    ("Finance", "Fin."),
    ("Financial", "Fin."),
    ("General", "Gen."),
    ("Government", "Gov't"),
    ("Harbors", "Harb."),
    ("Highways", "High."),
    ("Human", "Hum."),
    ("Institutions", "Inst."),
    ("Insurance", "Ins."),
    ("Judicial", "Jud."),
    ("Judiciary", "Jud."),
    ("Labor", "Lab."),
    ("Local", "Loc."),
    ("Military", "Mil."),
    ("Municipal", "Mun."),
    ("Natural", "Nat."),
    ("Navigation", "Nav."),
    ("Occupations", "Occ."),
    ("Organizations", "Orgs."),
    ("Practice", "Prac."),
    ("Probate", "Prob."),
    ("Procedure", "Proc."),
    ("Professions", "Prof."),
    ("Property", "Prop."),
    ("Public", "Pub."),
    ("Relations", "Rel."),
    ("Remedies", "Rem."),
    ("Resources", "Res."),
    ("Revenue", "Rev."),
    ("Rights", "Rts."),
    ("Services", "Serv."),
    ("Social", "Soc."),
    ("Streets", "Sts."),
    ("Taxation", "Tax."),
    ("Traffic", "Traf."),
    ("Transportation", "Transp."),
    ("Unemployment", "Unemp."),
    ("Utilities", "Util."),
    ("Vehicle", "Veh."),
    ("Vehicles", "Veh."),
    ("Veterans", "Vet."),
    ("Welfare", "Welf."),
    ("Wildlife", "Wild."),
    ("and", "&"),
];

/// A code or act named right before a section designator.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct NamedBefore {
    /// Byte offset in the text where the name starts.
    pub start: usize,
    /// The code's name: the state's code in The Bluebook's abbreviations (`Tex. Penal
    /// Code`), the Uniform Commercial Code as `U.C.C.`, any other name as written (`Fair
    /// Housing Act`, `Executive Law`).
    pub code: String,
    /// [`CitationKind::StateStatute`] for a state's code, [`CitationKind::UniformLaw`] for
    /// the U.C.C. and the Restatements, [`CitationKind::NamedAct`] otherwise.
    pub kind: CitationKind,
    /// Whether the name is an act's (its head noun is `Act`): an act numbers its sections
    /// plainly (`§ 102`, `§ 10(b)`), so a code's `title-section` number after it (`Merit
    /// Personnel Act of 1978, §§ 1-611.1`, the D.C. Council's codification note) is the
    /// code's, not the act's.
    pub act: bool,
    /// Whether the name ends with the act's year (`Human Rights Act 1998`, `Civil Rights
    /// Act of 1964`): the Commonwealth's citations then take the section as `s 3` (OSCOLA
    /// rule 2.1, AGLC rule 3.1), a form lexls reads only after such a name.
    pub dated: bool,
}

/// The code or act named in words that ends right before byte `start` of `text`, where a
/// section designator (`§`, `section`, `sec.`, `s.`) starts; `None` when the words before
/// it are no such name. Only spaces, and a comma after a code's name or after an act's
/// year, may stand between the name and the designator; the name stays on the
/// designator's line.
pub(crate) fn code_named_before(text: &str, start: usize) -> Option<NamedBefore> {
    named_before(text, start, false)
}

/// The statutory instrument named by its title and year that ends right before byte `start`
/// of `text`, where the designator of its provisions (`reg`, `r`, `regulation`, `rule`)
/// starts, with its number after a comma or in parentheses read over: `Working Time
/// Regulations 1998, SI 1998/1833, reg 4`, `Civil Procedure Rules 1998, r 3.9` (OSCOLA
/// rule 2.4). `None` when no such title ends there.
///
/// With the name, whether its number stood between it and the designator: the number is
/// then a citation of its own (`SI 1998/1833`), and the provision's starts at its
/// designator, as a section's after a Canadian instrument does.
pub(crate) fn instrument_named_before(text: &str, start: usize) -> Option<(NamedBefore, bool)> {
    let named = named_before(text, start, true).filter(|named| named.dated)?;
    let between = text[named.start..start].trim_end_matches(|c: char| c == ',' || is_space(c));
    Some((named, SI_NUMBER.is_match(between)))
}

/// The number of a United Kingdom statutory instrument ending a text, after a comma or in
/// parentheses (`, SI 1998/1833`, ` (SI 1998/1833)`; OSCOLA rule 2.4).
static SI_NUMBER: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    #[allow(clippy::expect_used)]
    regex::Regex::new(r"(?:,[ \t]*|[ \t]*\()S\.?[ \t]?I\.?[ \t]*(?:1[89]|20)\d\d/\d{1,5}\)?$")
        .expect("static regex compiles")
});

/// [`code_named_before`], or with `instrument` [`instrument_named_before`].
fn named_before(text: &str, start: usize, instrument: bool) -> Option<NamedBefore> {
    let from = crate::line_index::floor_char_boundary(text, start.saturating_sub(160));
    let window = &text[from..start];
    let line = window.rfind(['\n', '\r']).map_or(0, |i| i + 1);
    let before = window[line..].trim_end_matches(is_space);
    let comma = before.ends_with(',');
    let before = before.trim_end_matches(',').trim_end_matches(is_space);
    // `Working Time Regulations 1998, SI 1998/1833, reg 4`: the instrument's number.
    let before = if instrument {
        SI_NUMBER
            .find(before)
            .map_or(before, |number| &before[..number.start()])
    } else {
        before
    };
    // `Privacy Act 1988 (Cth) s 6`, `Crimes Act 1900 (NSW), s 4`: the jurisdiction after an
    // act's year (the Australian Guide to Legal Citation, rule 3.1) is read over.
    let before = without_jurisdiction(without_chapter_number(before));
    if instrument
        && !INSTRUMENT_NOUNS.iter().any(|noun| {
            before
                .rsplit_once(' ')
                .is_some_and(|(head, year)| is_year(year) && head.ends_with(noun))
        })
    {
        return None;
    }
    // `Criminal Law Article, § 2-201`, `Maryland Code, Courts and Judicial Proceedings §
    // 5-101`: an article of Maryland's code by its name.
    if !instrument && let Some((at, abbr)) = maryland_article_before(before) {
        return Some(NamedBefore {
            start: from + line + at,
            code: format!("Md. Code Ann., {abbr}"),
            kind: CitationKind::StateStatute,
            act: false,
            dated: false,
        });
    }
    if let Some((at, code)) = restatement_before(before) {
        return Some(NamedBefore {
            start: from + line + at,
            code,
            kind: CitationKind::UniformLaw,
            act: false,
            dated: false,
        });
    }
    // Most designators follow no name (`under § 5`, `(§ 5`): only a head noun or an act's
    // year can end one.
    let ends_with_year = before
        .as_bytes()
        .iter()
        .rev()
        .take(4)
        .filter(|b| b.is_ascii_digit())
        .count()
        == 4;
    let head_noun_last = HEAD_NOUNS.iter().any(|noun| before.ends_with(noun));
    // A name ending in an `of` phrase ends in a capitalised word.
    let of_phrase = || {
        before
            .rsplit(is_space)
            .next()
            .is_some_and(|w| w.starts_with(|c: char| c.is_uppercase()))
            && before.contains(" of ")
    };
    if !ends_with_year && !head_noun_last && !of_phrase() {
        return None;
    }
    let words = words_of(before);
    let mut i = words.len().checked_sub(1)?;
    // `Code of Civil Procedure section 425.16`, `Canadian Charter of Rights and Freedoms, s.
    // 7`: the head noun before the name's `of` phrase.
    let mut head_of = if ends_with_year || head_noun_last {
        None
    } else {
        Some(head_before_of(&words)?)
    };
    if let Some(head) = head_of {
        i = head;
    }
    // The act's year: `Act of 1934`, `Human Rights Act 1998`.
    let mut year = false;
    // `Companies Act, 2013, Section 135`: a short title with its year after a comma (India's
    // and the older British style).
    let mut comma_year = false;
    if is_year(words[i].1) {
        year = true;
        i = i.checked_sub(1)?;
        if words[i].1 == "of" {
            i = i.checked_sub(1)?;
        }
        // India's codes too: `Indian Penal Code, 1860, s. 302`, `Code of Criminal
        // Procedure, 1973, s. 482` (the codes' own short titles).
        comma_year = matches!(words[i].1, "Act," | "Code,");
        // `Code of Criminal Procedure, 1973, s. 482`: a code named by its `of` phrase, the
        // year after a comma.
        if !comma_year && words[i].1.ends_with(',') {
            let mut named: Vec<(usize, &str)> = words[..=i].to_vec();
            if let Some(last) = named.last_mut() {
                last.1 = last.1.trim_end_matches(',');
            }
            if let Some(head) = head_before_of(&named)
                && words[head].1 == "Code"
            {
                i = head;
                head_of = Some(head);
                comma_year = true;
            }
        }
    }
    // `HRA 1998, s. 6`, `DPA 2018, s 170`: an act by the initials of its short title and its
    // year, as OSCOLA lets a text abbreviate an act it has named (rule 2.4.1) and British
    // commentaries write it; a fiscal or calendar year is no act (`FY 2020, section 5`).
    if year && !instrument && i + 2 == words.len() && is_acts_initials(words[i].1) {
        let (at, initials) = words[i];
        return Some(NamedBefore {
            start: from + line + at,
            code: format!("{initials} {}", words[words.len() - 1].1),
            kind: CitationKind::NamedAct,
            act: true,
            dated: true,
        });
    }
    let noun = if comma_year {
        words[i].1.trim_end_matches(',')
    } else {
        words[i].1
    };
    let act = noun == "Act";
    let noun_fits = if instrument {
        INSTRUMENT_NOUNS.contains(&noun) && year
    } else {
        HEAD_NOUNS.contains(&noun) && (!year || noun == "Act" || comma_year)
    };
    if !noun_fits || (comma && noun == "Act" && !year) {
        return None;
    }
    let mut first = i;
    let mut k = i;
    // Words inside a parenthesis of the name (`European Union (Withdrawal) Act 2018`,
    // `Children (Scotland) Act 1995`, `Finance (No. 2) Act 2017`), read from its closing word
    // back to its opening one.
    let mut open = false;
    while k > 0 {
        let w = words[k - 1].1;
        let closes = w.ends_with(')');
        let opens = w.starts_with('(');
        if (closes && open) || (opens && !open && !closes) {
            break;
        }
        let inner = w.trim_start_matches('(').trim_end_matches(')');
        // `the Uniform Commercial Code and Uniform Commercial Code § 2-207`: a name ends
        // with its head noun, so a connector after one joins two names.
        if !open && k >= 2 && joins_two_names(words[k - 2].1, inner) {
            break;
        }
        // `Finance (No. 2) Act 2017`: the number of an act of the same name and year.
        let numbered = (closes && !inner.is_empty() && inner.bytes().all(|b| b.is_ascii_digit()))
            || (opens && matches!(inner, "No." | "No"));
        if CONNECTORS.contains(&inner) || is_name_word(inner) || numbered {
            k -= 1;
            open = (open || closes) && !opens;
            if is_name_word(inner) && !open && !opens {
                first = k;
            }
        } else {
            break;
        }
    }
    if first == i && head_of.is_none() {
        return None;
    }
    let name_start = words[first].0;
    let name = super::scan::without_defined_initials(&super::scan::collapse(&before[name_start..]));
    // `D.C. Official Code §§ 47-105`, `N.Y. Labor Law § 240`: a state's abbreviation before
    // the name is part of it (`D.C` without its last period too).
    if let Some(&(at, prev)) = first.checked_sub(1).and_then(|p| words.get(p))
        && is_state_abbreviation(prev)
    {
        let state = if prev.ends_with('.') {
            prev.to_string()
        } else {
            format!("{prev}.")
        };
        let code = super::codes::canonical_code(&format!("{state} {name}")).map_or_else(
            || format!("{state} {}", abbreviate(&name)),
            |known| known.name,
        );
        return Some(NamedBefore {
            start: from + line + at,
            code,
            kind: CitationKind::StateStatute,
            act,
            dated: year,
        });
    } else if words[first..i]
        .iter()
        .chain(head_of.map_or(&[][..], |_| &words[i + 1..]))
        .all(|(_, w)| GENERIC_WORDS.contains(w) || CONNECTORS.contains(w))
    {
        // `Official Code § 22-3010`, `Revised Statutes §`: no code in particular.
        return None;
    }
    let start = from + line + name_start;
    // The national codes are cited by title (`42 U.S.C. 1983`, `40 C.F.R. 60.1`), never by
    // the name alone.
    if name.starts_with("United States")
        || name.starts_with("U.S.")
        || name.starts_with("Code of Federal Regulations")
    {
        return None;
    }
    if let Some(code) = super::forms::uniform_law(&name) {
        return Some(NamedBefore {
            start,
            code: code.into(),
            kind: CitationKind::UniformLaw,
            act,
            dated: year,
        });
    }
    if let Some(known) = super::codes::canonical_code(&name) {
        let kind = match known.family {
            super::CodeFamily::StateRegulation => CitationKind::StateRegulation,
            // `Indian Penal Code § 302`: a national code lexls knows by its name, no state's.
            super::CodeFamily::Named => CitationKind::NamedAct,
            _ => CitationKind::StateStatute,
        };
        return Some(NamedBefore {
            start,
            code: known.name,
            kind,
            act,
            dated: year,
        });
    }
    // `Maryland Code, Commercial Law § 13-301`: a state's code divided into articles by
    // subject, cited `Md. Code Ann., Com. Law` (table T1).
    if let Some(state) = state_code_before(&before[..name_start]) {
        return Some(NamedBefore {
            start: from + line + state.0,
            code: format!("{} Code Ann., {}", state.1, abbreviate(&name)),
            kind: CitationKind::StateStatute,
            act,
            dated: year,
        });
    }
    if let Some(code) = state_subject_code(&name) {
        return Some(NamedBefore {
            start,
            code,
            kind: CitationKind::StateStatute,
            act,
            dated: year,
        });
    }
    Some(NamedBefore {
        start,
        code: name,
        kind: CitationKind::NamedAct,
        act,
        dated: year,
    })
}

/// The index in `words` of the head noun of a name that ends in an `of` phrase (`Code of
/// Civil Procedure`, `Charter of Rights and Freedoms`, `Code of Criminal Procedure, 1973`
/// is read by the year): every word after the head noun's `of` is a name's word or a
/// connector, the last one capitalised, and at most eight of them.
fn head_before_of(words: &[(usize, &str)]) -> Option<usize> {
    let last = words.len().checked_sub(1)?;
    if !is_name_word(words[last].1) {
        return None;
    }
    let mut k = last;
    while k > 0 && last - k <= 8 {
        let w = words[k].1;
        if w == "of" && HEAD_NOUNS.contains(&words[k - 1].1) {
            return Some(k - 1);
        }
        if !CONNECTORS.contains(&w) && !is_name_word(w) {
            return None;
        }
        k -= 1;
    }
    None
}

/// `Texas Government Code` → `Tex. Gov't Code`: a state's name, then its subject code or
/// consolidated law (at least one word before the head noun), in the Bluebook's
/// abbreviations. `New York City …` is the city's, no state's.
pub(crate) fn state_subject_code(name: &str) -> Option<String> {
    let (abbr, rest) = STATE_NAMES.iter().find_map(|(state, abbr)| {
        let n = state.len();
        let head = name.get(..n)?;
        let rest = name.get(n..)?.strip_prefix(' ')?;
        head.eq_ignore_ascii_case(state).then_some((*abbr, rest))
    })?;
    let rest = rest.strip_prefix("State ").unwrap_or(rest);
    if rest.starts_with("City ") || rest.split(' ').count() < 2 {
        return None;
    }
    // The Bluebook's abbreviations leave out the name's `of` (`Code of Criminal Procedure` →
    // `Code Crim. Proc.`); California's code of it is named in another order (`Cal. Civ.
    // Proc. Code`).
    let words = abbreviate(rest).replace(" of ", " ");
    if abbr == "Cal."
        && let Some(code) = super::forms::california_code(&words)
    {
        return Some(code.to_string());
    }
    Some(format!("{abbr} {words}"))
}

/// The words of a law's name as a publisher writes them without periods (`Gen Bus`,
/// `Labor`, `Penal`), in the Bluebook's abbreviations ([`SUBJECT_WORDS`]): `Gen. Bus.`,
/// `Lab.`, `Penal`. A word is taken as the abbreviation it is without its period.
pub(crate) fn bluebook_words(words: &str) -> String {
    words
        .split(' ')
        .map(|word| {
            SUBJECT_WORDS
                .iter()
                .find(|(full, abbr)| *full == word || abbr.strip_suffix('.') == Some(word))
                .map_or(word, |(_, abbr)| abbr)
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The words of a subject code's name in the Bluebook's abbreviations ([`SUBJECT_WORDS`]).
fn abbreviate(name: &str) -> String {
    name.split(' ')
        .map(|word| {
            SUBJECT_WORDS
                .iter()
                .find(|(w, _)| *w == word)
                .map_or(word, |(_, a)| a)
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A Maryland article's name ending `before`, with the word `Article` after it or the
/// state's code before it (`Criminal Law Article`, `Maryland Code, Courts and Judicial
/// Proceedings`, `Maryland Code, Criminal Law Article`; the table is
/// [`super::forms::MARYLAND_ARTICLES`], and `Md. Code, …` is the state code reader's): where
/// the citation starts and the article's T1 abbreviation. A subject's name alone (`Criminal Law`) names no state's code.
fn maryland_article_before(before: &str) -> Option<(usize, &'static str)> {
    let head = before.trim_end_matches(|c: char| c == ',' || is_space(c));
    let (name_part, article_word) = match head.strip_suffix("Article") {
        Some(h) => (h.trim_end_matches(is_space), true),
        None => (head, false),
    };
    let (at, abbr) = super::forms::MARYLAND_ARTICLES
        .iter()
        .filter_map(|(full, abbr)| {
            let at = name_part.len().checked_sub(full.len())?;
            let starts_word = name_part
                .get(..at)?
                .chars()
                .next_back()
                .is_none_or(is_space);
            (starts_word && name_part.get(at..)? == *full).then_some((at, *abbr))
        })
        .min_by_key(|(at, _)| *at)?;
    let code_before = state_code_before(name_part.get(..at)?)
        .filter(|(_, state)| *state == "Md.")
        .map(|(s, _)| s);
    match code_before {
        Some(code_at) => Some((code_at, abbr)),
        None if article_word => Some((at, abbr)),
        None => None,
    }
}

/// `Maryland Code,` (or `Maryland Code Annotated,`) ending `before`: where the state's name
/// starts, and its abbreviation.
fn state_code_before(before: &str) -> Option<(usize, &'static str)> {
    let head = before.trim_end_matches(is_space);
    let head = head.strip_suffix(',')?;
    let head = head
        .strip_suffix("Code Annotated")
        .or_else(|| head.strip_suffix("Code"))?
        .trim_end_matches(is_space);
    STATE_NAMES.iter().find_map(|(state, abbr)| {
        let at = head.len().checked_sub(state.len())?;
        let tail = head.get(at..)?;
        let starts_word = head[..at].chars().next_back().is_none_or(is_space);
        (starts_word && tail.eq_ignore_ascii_case(state)).then_some((at, *abbr))
    })
}

/// A word that can be part of a name: capitalised (`Fair`, `Dodd-Frank`, `Workers'`,
/// `CARES`), not a closed-class word, a designator or a division's Roman numeral (`Title
/// VII of the`), and not ending a sentence or an abbreviation.
fn is_name_word(word: &str) -> bool {
    word.chars().next().is_some_and(char::is_uppercase)
        && word
            .chars()
            .all(|c| c.is_alphabetic() || "-–'’&".contains(c))
        && !NOT_NAME_WORDS.contains(&word)
        && !is_roman(word)
}

/// A Roman numeral in capitals (`VII`, `XIV`), written by the subtractive rule.
pub(crate) fn is_roman(word: &str) -> bool {
    static ROMAN: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        #[allow(clippy::expect_used)]
        regex::Regex::new(r"^M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})$")
            .expect("static regex compiles")
    });
    !word.is_empty() && ROMAN.is_match(word)
}

/// Whether `word` is an act's initials before its year (`HRA`, `DPA`, `CPA`): two to six
/// capitals, no Roman numeral (`Reorg. Plan No. III of 1940`) and none a period of time's
/// (`FY`, `CY`, `SFY`, `FFY`, `PY`, `MY`), an era's or a month's in capitals (`MAY 2019`).
pub(crate) fn is_acts_initials(word: &str) -> bool {
    (2..=6).contains(&word.len())
        && word.bytes().all(|b| b.is_ascii_uppercase())
        && !is_roman(word)
        && !matches!(
            word,
            "FY" | "CY"
                | "PY"
                | "SFY"
                | "FFY"
                | "MY"
                | "AD"
                | "BC"
                | "CE"
                | "BCE"
                | "AY"
                | "SY"
                | "JAN"
                | "FEB"
                | "MAR"
                | "APR"
                | "MAY"
                | "JUN"
                | "JUNE"
                | "JUL"
                | "JULY"
                | "AUG"
                | "SEP"
                | "SEPT"
                | "OCT"
                | "NOV"
                | "DEC"
        )
}

/// Whether `word` is a year of enactment (four digits, 1600–2099).
pub(crate) fn is_year(word: &str) -> bool {
    word.len() == 4
        && word.bytes().all(|b| b.is_ascii_digit())
        && matches!(&word[..2], "16" | "17" | "18" | "19" | "20")
}

fn is_space(c: char) -> bool {
    c == ' ' || c == '\t' || super::TYPOGRAPHIC_SPACES.contains(&c)
}

/// The words of `s` with their byte offsets.
fn words_of(s: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in s.char_indices() {
        match (is_space(c), start) {
            (true, Some(b)) => {
                out.push((b, &s[b..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(b) = start {
        out.push((b, &s[b..]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The name before the section designator of `text` (the first `§`, else the last
    /// `section` or `s.`): the name as written, the code, the kind.
    fn named(text: &str) -> Option<(String, String, CitationKind)> {
        let at = text.find('§').or_else(|| {
            ["section", "Section", "s."]
                .iter()
                .find_map(|d| text.rfind(d))
        })?;
        code_named_before(text, at)
            .map(|n| (text[n.start..at].trim_end().to_string(), n.code, n.kind))
    }

    #[test]
    fn a_name_before_a_section_is_its_code_or_act() {
        use CitationKind::{NamedAct, StateStatute, UniformLaw};
        // (text, the name as written, the code, the kind)
        let cases = [
            (
                "see National Environmental Policy Act of 1969 § 102",
                "National Environmental Policy Act of 1969",
                "National Environmental Policy Act of 1969",
                NamedAct,
            ),
            (
                "Under the Fair Housing Act § 804",
                "Fair Housing Act",
                "Fair Housing Act",
                NamedAct,
            ),
            (
                "Title VII of the Civil Rights Act of 1964 § 703",
                "Civil Rights Act of 1964",
                "Civil Rights Act of 1964",
                NamedAct,
            ),
            (
                "the Data Protection Act 2018, s. 170",
                "Data Protection Act 2018,",
                "Data Protection Act 2018",
                NamedAct,
            ),
            (
                "Executive Law § 296",
                "Executive Law",
                "Executive Law",
                NamedAct,
            ),
            // A state's subject code, in the Bluebook's abbreviations.
            (
                "under the Texas Government Code § 552.101",
                "Texas Government Code",
                "Tex. Gov't Code",
                StateStatute,
            ),
            (
                "New York General Business Law § 349",
                "New York General Business Law",
                "N.Y. Gen. Bus. Law",
                StateStatute,
            ),
            (
                "California Civil Code section 1798.100",
                "California Civil Code",
                "Cal. Civ. Code",
                StateStatute,
            ),
            (
                "under Maryland Code, Commercial Law § 13-301",
                "Maryland Code, Commercial Law",
                "Md. Code Ann., Com. Law",
                StateStatute,
            ),
            (
                "and D.C Official Code §§ 47-105",
                "D.C Official Code",
                "D.C. Code",
                StateStatute,
            ),
            (
                "the Uniform Commercial Code § 2-207",
                "Uniform Commercial Code",
                "U.C.C.",
                UniformLaw,
            ),
        ];
        for (text, written, code, kind) in cases {
            assert_eq!(
                named(text),
                Some((written.to_string(), code.to_string(), kind)),
                "{text}"
            );
        }
    }

    // Class: the Restatements (The Bluebook, rule 12.9.4; the California Style Manual's
    // `Rest.2d`): their sections are theirs, never the citing code's.
    #[test]
    fn restatements_by_their_names() {
        for (text, code) in [
            (
                "Restatement (Second) of Torts § 402A",
                "Restatement (Second) of Torts",
            ),
            (
                "See Restatement (Third) of the Law Governing Lawyers § 5",
                "Restatement (Third) of the Law Governing Lawyers",
            ),
            ("Rest.2d Torts, § 402A", "Restatement (Second) of Torts"),
            (
                "Restatement of Restitution § 1",
                "Restatement of Restitution",
            ),
            (
                "Restatement (Third) of Torts: Liability for Physical and Emotional Harm § 7",
                "Restatement (Third) of Torts: Liability for Physical and Emotional Harm",
            ),
        ] {
            let at = text.find('§').unwrap_or(text.len());
            let named = code_named_before(text, at);
            assert_eq!(
                named.as_ref().map(|n| (n.code.as_str(), n.kind)),
                Some((code, CitationKind::UniformLaw)),
                "{text}"
            );
        }
    }

    #[test]
    fn generic_or_divided_words_name_nothing() {
        // The citing document's own act, a bare head noun, an act followed by a comma and
        // no year, a name on the line before, the U.S. Code without its title, a generic
        // code, a treatise.
        for text in [
            "This Act § 5",
            "the Code § 5",
            "amended by the Privacy Act, § 552a",
            "the Labor Law\n§ 5",
            "United States Code § 1983",
            "under the Official Code § 22-3010",
        ] {
            assert_eq!(named(text), None, "{text}");
        }
    }
}
