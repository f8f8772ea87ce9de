//! Names of codes: canonical namespaces for the ways statutes name a code.
//!
//! A namespace is the canonical name of a body of law: `NYC Admin. Code`, `6 RCNY`,
//! `42 U.S.C.`, `29 C.F.R.`, `Regulation (EU) 2016/679`. Citation forms follow The Bluebook
//! (21st ed.) for U.S. codes and the EUR-Lex style guide for EU acts.

use std::sync::LazyLock;

use regex::Regex;
use serde::{Deserialize, Serialize};

/// The family of a code, which decides the kind of citations into it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CodeFamily {
    /// `N U.S.C.`
    Usc,
    /// `N C.F.R.`
    Cfr,
    /// A state or local code of laws.
    StateStatute,
    /// A state or local body of rules.
    StateRegulation,
    /// An EU regulation, directive or decision.
    Eu,
    /// Anything else a text names (`New York City Charter`, a policy's title).
    Named,
}

/// A code name in canonical form with its family.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CanonicalCode {
    /// The namespace string (`42 U.S.C.`).
    pub name: String,
    /// Its family.
    pub family: CodeFamily,
}

fn re(pattern: &str) -> Regex {
    #[allow(clippy::expect_used)]
    Regex::new(pattern).expect("static regex compiles")
}

static NYC_ADMIN: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)^(?:(?:the\s+)?(?:N\.?\s?Y\.?\s?C\.?|New\s+York\s+City)\s+Admin(?:istrative|\.)?\s+Code|(?:the\s+)?Administrative\s+Code\s+of\s+the\s+City\s+of\s+New\s+York)$",
    )
});
static RCNY: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)^(?:(\d+)\s*R\.?\s?C\.?\s?N\.?\s?Y\.?|(?:the\s+)?Rules\s+of\s+the\s+City\s+of\s+New\s+York,?\s+Title\s+(\d+)|Title\s+(\d+)\s+of\s+the\s+Rules\s+of\s+the\s+City\s+of\s+New\s+York)$",
    )
});
/// The District of Columbia Municipal Regulations by title (table T1: `D.C. Mun. Regs. tit.
/// 20`), as the District writes them (`20 DCMR`, `Title 25-C of the District of Columbia
/// Municipal Regulations`).
static DCMR: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)^(?:(\d+(?:-?[A-Z])?)\s*DCMR|(?:the\s+)?District\s+of\s+Columbia\s+Municipal\s+Regulations,?\s+title\s+(\d+(?:-?[A-Z])?)|D\.C\.\s+Mun\.\s+Regs\.\s+tit\.\s+(\d+(?:-?[A-Z])?))$",
    )
});
static NYC_CHARTER: LazyLock<Regex> =
    LazyLock::new(|| re(r"(?i)^(?:the\s+)?(?:N\.?\s?Y\.?\s?C\.?|New\s+York\s+City)\s+Charter$"));
/// The D.C. Code as its publisher and the Bluebook (table T1, District of Columbia) name it:
/// `D.C. Official Code`, `D.C. Code`, `D.C. Code Ann.`, `District of Columbia Official Code`,
/// `Code of the District of Columbia`.
static DC_CODE: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)^(?:the\s+)?(?:(?:D\.?\s?C\.?|District\s+of\s+Columbia)\s+(?:Official\s+)?Code(?:\s+Ann(?:otated|\.))?(?:\s+\(\d{4}\s+(?:Repl\.|Supp\.)\))?|Code\s+of\s+the\s+District\s+of\s+Columbia)$",
    )
});
static USC: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)^(?:(\d+[A-Z]?)\s*(?:U\.?\s?S\.?\s?C\.?(?:\s?[AS]\.?)?|U\.\s?S\.\s+Code)|(?:title\s+)?(\d+[A-Z]?)(?:,|\s+of)?\s+(?:the\s+)?United\s+States\s+Code)(\s*,?\s*App(?:\.|endix))?$",
    )
});
static CFR: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)^(?:(\d+)\s*C\.?\s?F\.?\s?R\.?|(?:title\s+)?(\d+)(?:,|\s+of)?\s+(?:the\s+)?Code\s+of\s+Federal\s+Regulations)$",
    )
});
/// The Treasury's regulations by the names the tax bar and the regulations themselves give
/// them (`Section 1.1502-6 of the Treasury Regulations`, `§ 1.61-1 of the Income Tax
/// Regulations`, `§ 301.6501(c)-1 of the Procedure and Administration Regulations`): title
/// 26 of the C.F.R., whose section numbers carry their part (The Bluebook, rule 14.5.1).
static TREASURY_REGULATIONS: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)^(?:the\s+)?(?:Treas(?:ury|\.)\s+Reg(?:ulation)?s\.?|Treasury\s+Regulations|(?:Income|Estate|Gift|Employment|Excise)\s+Tax\s+Regulations|Procedure\s+and\s+Administration\s+Regulations)$",
    )
});

/// The type of an EU act as its title names it (Interinstitutional Style Guide, 1.2.1):
/// `Regulation`, `Directive`, `Decision`, `Recommendation`, and the former third pillar's
/// and the common foreign and security policy's `Framework Decision`, `Common Position` and
/// `Joint Action`. A regex fragment without captures, for `concat!`.
macro_rules! eu_act_type {
    () => {
        r"(?:Regulation|Directive|(?:Framework[ \t]+)?Decision|Recommendation|Common[ \t]+Position|Joint[ \t]+Action)"
    };
}
pub(crate) use eu_act_type;

/// The number of an EU act after its type (Interinstitutional Style Guide, 1.2.2): the
/// domain in brackets before it, since 2015 (`(EU) 2016/679`, `(EU, Euratom) 2018/1046`,
/// `(CFSP) 2019/797`) and for regulations before it (`(EC) No 1907/2006`), or after it
/// for directives and decisions before 2015 (`95/46/EC`, `2002/584/JHA`, `2010/413/CFSP`,
/// `2007/162/EC, Euratom`); one line break may stand between the domain and the number, as
/// in wrapped text. A regex fragment without captures, for `concat!`.
macro_rules! eu_act_number {
    () => {
        r"(?:\((?:EU|EC|EEC|Euratom|ECSC|CFSP|JHA)(?:,[ \t]*(?:Euratom|ECSC))?\)[ \t]*(?:\r?\n[ \t]*)?)?(?:No\.?[ \t]*)?\d{1,4}/\d{1,4}(?:/(?:EU|EC|EEC|Euratom|ECSC|CFSP|JHA)(?:,[ \t]*(?:Euratom|ECSC)(?-u:\b))?)?"
    };
}
pub(crate) use eu_act_number;

/// The EU acts cited by the short names or acronyms their titles give them or the EU's
/// institutions use in their texts (`Digital Services Act`, `DSA`; `MiFID II`): a regex
/// fragment without captures, for `concat!`; [`POPULAR_NAMES`] gives each its act.
macro_rules! eu_short_name {
    () => {
        r"DSA|DMA|DGA|MiFID[ \t]+II|MiFIR|EMIR|PSD2|SFDR|DORA|MiCA|eIDAS|NIS[ \t]?2(?:[ \t]+Directive)?|Digital[ \t]+Services[ \t]+Act|Digital[ \t]+Markets[ \t]+Act|Data[ \t]+Governance[ \t]+Act|Cyber[ \t]+Resilience[ \t]+Act"
    };
}
pub(crate) use eu_short_name;

/// An EU act by its type and number ([`eu_act_type`], [`eu_act_number`]); in lower case only
/// with its domain, which keeps the number an act's (`regulation (eu) no 1093/2010`,
/// `directive 2013/36/eu`, as texts set in lower case and titles' running heads write them;
/// `regulation 1/2003` in lower case is prose). A regex fragment without captures, for
/// `concat!`.
macro_rules! eu_act {
    () => {
        concat!(
            "(?:",
            $crate::citation::codes::eu_act_type!(),
            r"[ \t]*(?:\r?\n[ \t]*)?",
            $crate::citation::codes::eu_act_number!(),
            r"|(?:[Rr]egulation|[Dd]irective|(?:[Ff]ramework[ \t]+)?[Dd]ecision|[Rr]ecommendation)[ \t]*(?:\r?\n[ \t]*)?(?i:\((?:EU|EC|EEC|Euratom|ECSC|CFSP|JHA)(?:,[ \t]*(?:Euratom|ECSC))?\)[ \t]*(?:\r?\n[ \t]*)?(?:No\.?[ \t]*)?\d{1,4}/\d{1,4}|\d{1,4}/\d{1,4}/(?:EU|EC|EEC|Euratom|ECSC|CFSP|JHA)(?:,[ \t]*(?:Euratom|ECSC))?(?-u:\b)))"
        )
    };
}
pub(crate) use eu_act;

static EU_ACT: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)^(?:(?:council|commission)\s+)?(?:(?:implementing|delegated)\s+)?(?P<type>regulation|directive|(?:framework\s+)?decision|recommendation|common\s+position|joint\s+action)\s*(?:\((?P<inst>(?:EU|EC|EEC|Euratom|ECSC|CFSP|JHA)(?:,\s*(?:Euratom|ECSC))?)\)\s*)?(?P<no>No\.?\s*)?(?P<a>\d{1,4})/(?P<b>\d{1,4})(?:/(?P<suffix>(?:EU|EC|EEC|Euratom|ECSC|CFSP|JHA)(?:,\s*(?:Euratom|ECSC))?))?$",
    )
});

/// The treaties of the European Union and its Charter, by name or by the initials the
/// Interinstitutional Style Guide gives them (`TFEU`, `TEU`, `the EC Treaty`): an article of
/// one is an article of EU law (`Article 101 TFEU`, `Article 8 of the Charter of Fundamental
/// Rights of the European Union`, the Court of Justice's `Article 81 EC`), named as written,
/// the Treaty on European Union and the Treaty on the Functioning of the European Union by
/// their initials (`TEU`, `TFEU`) however they are written.
static EU_TREATY: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?:TFEU|TEU|TEC|EC|(?:EC|EEC|EU|Euratom|EAEC)\s+Treaty|Treaty\s+(?:on|of|establishing)\s+(?:\S+\s+){0,6}?(?:European|Euratom)\b.*|Charter\s+of\s+Fundamental\s+Rights\s+of\s+the\s+European\s+Union)$",
    )
});

/// The codes and acts other than the Internal Revenue Code enacted as a title of the U.S.
/// Code with their own section numbers (the title's positive law keeps them), each with its
/// title: the Bankruptcy Code (11 U.S.C., the Bankruptcy Reform Act of 1978), the Copyright
/// Act of 1976 (17 U.S.C.) and the Patent Act of 1952 (35 U.S.C.). Only the names that are
/// the United States' alone: a `Copyright Act` or a `Patent Act` without its year may be
/// another country's.
static CODIFIED_ACTS: LazyLock<Vec<(Regex, &'static str)>> = LazyLock::new(|| {
    [
        (
            r"^(?:the\s+)?(?:(?:U\.\s?S\.|United\s+States|Federal)\s+)?Bankruptcy\s+Code$",
            "11 U.S.C.",
        ),
        (r"^(?:the\s+)?Copyright\s+Act\s+of\s+1976$", "17 U.S.C."),
        (r"^(?:the\s+)?Patent\s+Act\s+of\s+1952$", "35 U.S.C."),
    ]
    .into_iter()
    .map(|(pattern, title)| (re(pattern), title))
    .collect()
});

static INTERNAL_REVENUE_CODE: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)^(?:the\s+)?(?:I\.\s?R\.\s?C\.|IRC|Internal\s+Revenue\s+Code(?:\s+of\s+19(?:54|86))?)$",
    )
});

/// The title of the U.S. Code an act cited by its own name is codified in, section for
/// section: the Internal Revenue Code (`I.R.C. § 61` is `26 U.S.C. 61`; 26 U.S.C. is the
/// Internal Revenue Code of 1986, and its sections keep the Code's numbers), and the acts of
/// [`CODIFIED_ACTS`] (`section 362 of the Bankruptcy Code` is `11 U.S.C. 362`).
///
/// ```
/// use lexls_syntax::citation::codes::codified_as;
/// assert_eq!(codified_as("I.R.C."), Some("26 U.S.C."));
/// assert_eq!(codified_as("the Internal Revenue Code of 1986"), Some("26 U.S.C."));
/// assert_eq!(codified_as("Bankruptcy Code"), Some("11 U.S.C."));
/// assert_eq!(codified_as("Copyright Act"), None);
/// assert_eq!(codified_as("INA"), None);
/// ```
pub fn codified_as(name: &str) -> Option<&'static str> {
    let name = collapse_ws(name.trim());
    if INTERNAL_REVENUE_CODE.is_match(&name) {
        return Some("26 U.S.C.");
    }
    CODIFIED_ACTS
        .iter()
        .find(|(pattern, _)| pattern.is_match(&name))
        .map(|(_, title)| *title)
}

/// Popular names of acts mapped to their canonical namespace.
const POPULAR_NAMES: &[(&str, &str)] = &[
    ("gdpr", "Regulation (EU) 2016/679"),
    (
        "general data protection regulation",
        "Regulation (EU) 2016/679",
    ),
    ("ai act", "Regulation (EU) 2024/1689"),
    ("eu ai act", "Regulation (EU) 2024/1689"),
    ("artificial intelligence act", "Regulation (EU) 2024/1689"),
    ("dsa", "Regulation (EU) 2022/2065"),
    ("digital services act", "Regulation (EU) 2022/2065"),
    ("dma", "Regulation (EU) 2022/1925"),
    ("digital markets act", "Regulation (EU) 2022/1925"),
    ("dga", "Regulation (EU) 2022/868"),
    ("data governance act", "Regulation (EU) 2022/868"),
    ("cyber resilience act", "Regulation (EU) 2024/2847"),
    ("mifid ii", "Directive 2014/65/EU"),
    ("mifir", "Regulation (EU) No 600/2014"),
    ("emir", "Regulation (EU) No 648/2012"),
    ("psd2", "Directive (EU) 2015/2366"),
    ("sfdr", "Regulation (EU) 2019/2088"),
    ("dora", "Regulation (EU) 2022/2554"),
    ("mica", "Regulation (EU) 2023/1114"),
    ("eidas", "Regulation (EU) No 910/2014"),
    ("nis2", "Directive (EU) 2022/2555"),
    ("nis 2", "Directive (EU) 2022/2555"),
    ("nis2 directive", "Directive (EU) 2022/2555"),
    ("nis 2 directive", "Directive (EU) 2022/2555"),
];

/// India's principal codes by the abbreviations its courts and Acts use (`IPC`, `I.P.C.`,
/// `Cr.P.C.`, `CrPC`, `C.P.C.`; the 2023 codes `BNS` and `BNSS`) and by their short titles,
/// with or without the year: each names one namespace, its short title with its year as
/// the Act gives it (`Indian Penal Code, 1860`, `Code of Criminal Procedure, 1973`). A name
/// without its year that other jurisdictions share (`the Code of Criminal Procedure`) is
/// not India's.
const INDIAN_CODES: &[(&[&str], &str)] = &[
    (
        &["ipc", "indian penal code", "indian penal code, 1860"],
        "Indian Penal Code, 1860",
    ),
    (
        &["crpc", "code of criminal procedure, 1973"],
        "Code of Criminal Procedure, 1973",
    ),
    (
        &["cpc", "code of civil procedure, 1908"],
        "Code of Civil Procedure, 1908",
    ),
    (
        &[
            "bns",
            "bharatiya nyaya sanhita",
            "bharatiya nyaya sanhita, 2023",
        ],
        "Bharatiya Nyaya Sanhita, 2023",
    ),
    (
        &[
            "bnss",
            "bharatiya nagarik suraksha sanhita",
            "bharatiya nagarik suraksha sanhita, 2023",
        ],
        "Bharatiya Nagarik Suraksha Sanhita, 2023",
    ),
];

/// The namespace of one of India's principal codes ([`INDIAN_CODES`]) named by `phrase`
/// (`I.P.C.`, `the Indian Penal Code`), if it names one.
///
/// ```
/// use lexls_syntax::citation::codes::indian_code;
/// assert_eq!(indian_code("I.P.C."), Some("Indian Penal Code, 1860"));
/// assert_eq!(indian_code("Cr. P.C."), Some("Code of Criminal Procedure, 1973"));
/// assert_eq!(indian_code("the Code of Criminal Procedure"), None);
/// ```
pub fn indian_code(phrase: &str) -> Option<&'static str> {
    let lower = collapse_ws(phrase.trim()).to_lowercase();
    let lower = lower.strip_prefix("the ").unwrap_or(&lower);
    // Abbreviations are compared without their periods and spaces (`Cr. P.C.` is `crpc`).
    let squeezed: String = lower.chars().filter(|c| !matches!(c, '.' | ' ')).collect();
    INDIAN_CODES
        .iter()
        .find(|(names, _)| {
            names
                .iter()
                .any(|n| *n == lower || (!n.contains(' ') && *n == squeezed))
        })
        .map(|(_, name)| *name)
}

/// An act's short title as [`ShortTitle::matches`] compares it: its name without a leading
/// `the`, in lower case with single spaces, and the year written after it (`Companies Act,
/// 2013`, `The Companies Act 2013` and `The Companies Act` are one name).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShortTitle {
    name: String,
    year: Option<String>,
}

impl ShortTitle {
    /// The short title of `name` (a cited act's name or a document's title).
    pub fn of(name: &str) -> Self {
        let name = name.trim();
        let (head, year) = match name.rsplit_once(char::is_whitespace) {
            Some((head, year)) if super::named_before::is_year(year) => (
                head.trim_end().trim_end_matches(','),
                Some(year.to_string()),
            ),
            _ => (name, None),
        };
        let head = collapse_ws(head).to_lowercase();
        let name = head
            .strip_prefix("the ")
            .map(str::to_string)
            .unwrap_or(head);
        Self { name, year }
    }

    /// Whether `self` and `other` name one act: the same name, and the same year where both
    /// give one (`Finance Act 2017` and `Finance Act 2018` are two acts).
    pub fn matches(&self, other: &Self) -> bool {
        !self.name.is_empty()
            && self.name == other.name
            && (self.year.is_none() || other.year.is_none() || self.year == other.year)
    }
}

/// Whether `a` and `b` (a cited act's name and a document's title) name one act by its
/// short title ([`ShortTitle`]): equal but for a leading `the`, case, spacing and the year,
/// which may be written after a comma or not at all.
///
/// ```
/// use lexls_syntax::citation::codes::same_short_title;
/// assert!(same_short_title("Companies Act, 2013", "The Companies Act"));
/// assert!(same_short_title("Human Rights Act 1998", "The Human Rights Act, 1998"));
/// assert!(!same_short_title("Finance Act 2017", "Finance Act 2018"));
/// assert!(!same_short_title("Companies Act", "Companies (Amendment) Act"));
/// ```
pub fn same_short_title(a: &str, b: &str) -> bool {
    ShortTitle::of(a).matches(&ShortTitle::of(b))
}

/// The canonical namespace for a code name as written in a text or a heading, if lexls knows
/// the code. Returns `None` for phrases it does not recognise (`the Code`, `the Order`).
///
/// ```
/// use lexls_syntax::citation::codes::canonical_code;
/// assert_eq!(canonical_code("NYC Administrative Code").unwrap().name, "NYC Admin. Code");
/// assert_eq!(canonical_code("title 42 of the United States code").unwrap().name, "42 U.S.C.");
/// assert_eq!(canonical_code("D.C. Official Code").unwrap().name, "D.C. Code");
/// assert_eq!(canonical_code("Regulation (EU) No 575/2013").unwrap().name, "Regulation (EU) No 575/2013");
/// assert_eq!(canonical_code("the TFEU").unwrap().name, "TFEU");
/// ```
pub fn canonical_code(phrase: &str) -> Option<CanonicalCode> {
    let phrase = collapse_ws(phrase.trim().trim_end_matches([',', ';', ':']));
    let phrase = phrase.as_str();
    let code = |name: String, family| Some(CanonicalCode { name, family });
    if NYC_ADMIN.is_match(phrase) {
        return code("NYC Admin. Code".into(), CodeFamily::StateStatute);
    }
    if let Some(c) = RCNY.captures(phrase) {
        let title = c.get(1).or(c.get(2)).or(c.get(3))?.as_str();
        return code(format!("{title} RCNY"), CodeFamily::StateRegulation);
    }
    // `the California Code of Regulations title 8`: a compilation's title, as an `of` clause
    // joins it.
    if let Some(name) = super::titled_regulations::titled_code(phrase) {
        return code(name, CodeFamily::StateRegulation);
    }
    // `the Washington Administrative Code`: a compilation numbered without a title.
    if let Some((name, _)) = super::named_regulations::named(phrase) {
        return code(name.to_string(), CodeFamily::StateRegulation);
    }
    if DC_CODE.is_match(phrase) {
        return code("D.C. Code".into(), CodeFamily::StateStatute);
    }
    if let Some(c) = DCMR.captures(phrase) {
        let title = c
            .get(1)
            .or(c.get(2))
            .or(c.get(3))?
            .as_str()
            .to_ascii_uppercase();
        return code(
            format!("D.C. Mun. Regs. tit. {title}"),
            CodeFamily::StateRegulation,
        );
    }
    if NYC_CHARTER.is_match(phrase) {
        return code("NYC Charter".into(), CodeFamily::StateStatute);
    }
    if let Some(c) = USC.captures(phrase) {
        let title = c.get(1).or(c.get(2))?.as_str();
        let app = if c.get(3).is_some() { " App." } else { "" };
        return code(format!("{title} U.S.C.{app}"), CodeFamily::Usc);
    }
    if let Some(c) = CFR.captures(phrase) {
        let title = c.get(1).or(c.get(2))?.as_str();
        return code(format!("{title} C.F.R."), CodeFamily::Cfr);
    }
    if TREASURY_REGULATIONS.is_match(phrase) {
        return code("26 C.F.R.".into(), CodeFamily::Cfr);
    }
    if let Some(c) = EU_ACT.captures(phrase) {
        return code(eu_act_name(&c)?, CodeFamily::Eu);
    }
    if INTERNAL_REVENUE_CODE.is_match(phrase) {
        return code("I.R.C.".into(), CodeFamily::Named);
    }
    if let Some(name) = indian_code(phrase) {
        return code(name.to_string(), CodeFamily::Named);
    }
    let unprefixed = phrase.strip_prefix("the ").unwrap_or(phrase);
    // The Council of Europe's convention, by the abbreviation the European Court of Human
    // Rights and OSCOLA use (`Article 8 ECHR`) and by its two names: no EU law.
    if matches!(
        unprefixed,
        "ECHR"
            | "European Convention on Human Rights"
            | "Convention for the Protection of Human Rights and Fundamental Freedoms"
    ) {
        return code(
            "European Convention on Human Rights".into(),
            CodeFamily::Named,
        );
    }
    // The Civil Code of Québec by the initials the McGill Guide cites its articles with
    // (rule 2.2.2: `art. 1457 C.C.Q.`; the French `C.c.Q.`).
    if matches!(
        unprefixed.split_whitespace().collect::<String>().as_str(),
        "C.C.Q." | "C.c.Q." | "CCQ"
    ) {
        return code("Civil Code of Québec".into(), CodeFamily::Named);
    }
    if EU_TREATY.is_match(unprefixed) {
        // The two treaties in force by the initials the Interinstitutional Style Guide gives
        // them, as `Article 101 TFEU` names them: one name however the text writes it.
        let name = match unprefixed
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .as_str()
        {
            "Treaty on European Union" => "TEU".to_string(),
            "Treaty on the Functioning of the European Union" => "TFEU".to_string(),
            _ => unprefixed.to_string(),
        };
        return code(name, CodeFamily::Eu);
    }
    // `§ 2-201 of the Criminal Law Article`: an article of Maryland's code by its name.
    if unprefixed.ends_with(" Article")
        && let Some(abbr) = super::forms::maryland_article(unprefixed)
    {
        return code(format!("Md. Code Ann., {abbr}"), CodeFamily::StateStatute);
    }
    if let Some((name, rules)) = super::forms::local_code_named(unprefixed) {
        let family = if rules {
            CodeFamily::StateRegulation
        } else {
            CodeFamily::StateStatute
        };
        return code(name.to_string(), family);
    }
    let lower = collapse_ws(&phrase.to_ascii_lowercase());
    let lower = lower.strip_prefix("the ").unwrap_or(&lower);
    POPULAR_NAMES
        .iter()
        .find(|(name, _)| *name == lower)
        .and_then(|(_, ns)| code((*ns).to_string(), CodeFamily::Eu))
}

fn eu_act_name(c: &regex::Captures<'_>) -> Option<String> {
    // `framework decision` → `Framework Decision`.
    let kind = c
        .name("type")?
        .as_str()
        .split_whitespace()
        .map(|w| {
            let mut w = w.to_ascii_lowercase();
            w[..1].make_ascii_uppercase();
            w
        })
        .collect::<Vec<_>>()
        .join(" ");
    // `EU, EURATOM` → `EU, Euratom`, as the Official Journal writes the domains.
    let domain = |m: regex::Match<'_>| {
        collapse_ws(m.as_str())
            .to_ascii_uppercase()
            .replace("EURATOM", "Euratom")
            .replace(" ,", ",")
    };
    let (a, b) = (c.name("a")?.as_str(), c.name("b")?.as_str());
    Some(match (c.name("inst"), c.name("suffix")) {
        // New numbering (2015 onwards): Regulation (EU) 2016/679, Directive (EU) 2016/680.
        (Some(inst), None) => {
            let no = if c.name("no").is_some() { "No " } else { "" };
            format!("{kind} ({}) {no}{a}/{b}", domain(inst))
        }
        // Old directive numbering: Directive 95/46/EC, Framework Decision 2002/584/JHA.
        (_, Some(suffix)) => format!("{kind} {a}/{b}/{}", domain(suffix)),
        // `Regulation 2016/679` (OSCOLA and commentaries leave the domain out): since 2015
        // every regulation and directive is numbered year first in the domain `(EU)`
        // (Interinstitutional Style Guide, 1.2.2), which names the act as the Official
        // Journal does; a decision's domain may be the CFSP's, and older acts' vary.
        (None, None)
            if matches!(kind.as_str(), "Regulation" | "Directive")
                && a.len() == 4
                && a.parse::<u32>()
                    .is_ok_and(|year| (2015..2100).contains(&year)) =>
        {
            format!("{kind} (EU) {a}/{b}")
        }
        (None, None) => format!("{kind} {a}/{b}"),
    })
}

/// Recognises a code named inside a longer text (a heading such as `NYC Administrative Code §
/// 20-870 Definitions`, or a breadcrumb comment such as `Regulation (EU) 2024/1689 (Artificial
/// Intelligence Act); CHAPTER III`). Returns the first code found.
pub fn find_code_in(text: &str) -> Option<CanonicalCode> {
    static FINDER: LazyLock<Regex> = LazyLock::new(|| {
        re(concat!(
            r"(?i)(?:N\.?Y\.?C\.?|New\s+York\s+City)\s+Admin(?:istrative|\.)?\s+Code|Administrative\s+Code\s+of\s+the\s+City\s+of\s+New\s+York|\b\d+\s*R\.?C\.?N\.?Y\.?\b|Rules\s+of\s+the\s+City\s+of\s+New\s+York,?\s+Title\s+\d+|\b\d+[A-Z]?\s*U\.\s?S\.\s?C\.|\b\d+\s*U\.?S\.?C\b|\b\d+\s*C\.?\s?F\.?\s?R\b\.?|\b",
            eu_act!()
        ))
    });
    FINDER
        .find_iter(text)
        .find_map(|m| canonical_code(m.as_str()))
}

/// The family of a canonical namespace (as produced by [`canonical_code`]).
pub fn family_of(namespace: &str) -> CodeFamily {
    canonical_code(namespace).map_or(CodeFamily::Named, |c| c.family)
}

/// Whether a loosely written code name (`administrative code`, `the Administrative Code`)
/// can only mean `namespace`: every significant word of the phrase appears, expanded, among
/// the namespace's words.
pub fn phrase_matches_namespace(phrase: &str, namespace: &str) -> bool {
    let words = |s: &str| -> Vec<String> {
        s.split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(|w| match w.to_ascii_lowercase().as_str() {
                "admin" => "administrative".to_string(),
                "nyc" => "new york city".to_string(),
                other => other.to_string(),
            })
            .flat_map(|w| {
                w.split(' ')
                    .map(str::to_string)
                    .collect::<Vec<_>>()
                    .into_iter()
            })
            .filter(|w| !matches!(w.as_str(), "the" | "of" | "this" | "a"))
            .collect()
    };
    let ns_words = words(namespace);
    let phrase_words = words(phrase);
    !phrase_words.is_empty()
        && phrase_words.len() >= 2
        && phrase_words.iter().all(|w| ns_words.contains(w))
}

fn collapse_ws(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(phrase: &str) -> Option<String> {
        canonical_code(phrase).map(|c| c.name)
    }

    #[test]
    fn canonicalises_the_codes_of_the_nyc_corpus() {
        assert_eq!(
            name("NYC Administrative Code").as_deref(),
            Some("NYC Admin. Code")
        );
        assert_eq!(
            name("the Administrative Code of the City of New York").as_deref(),
            Some("NYC Admin. Code")
        );
        assert_eq!(name("6 RCNY").as_deref(), Some("6 RCNY"));
        assert_eq!(
            name("Rules of the City of New York, Title 6").as_deref(),
            Some("6 RCNY")
        );
        assert_eq!(
            name("New York City Charter").as_deref(),
            Some("NYC Charter")
        );
        assert_eq!(name("the Code"), None);
    }

    #[test]
    fn canonicalises_federal_and_eu_codes() {
        assert_eq!(name("29 C.F.R.").as_deref(), Some("29 C.F.R."));
        assert_eq!(name("27 CFR").as_deref(), Some("27 C.F.R."));
        assert_eq!(name("42 USC").as_deref(), Some("42 U.S.C."));
        assert_eq!(
            name("title 29 of the code of federal regulations").as_deref(),
            Some("29 C.F.R.")
        );
        assert_eq!(
            name("Regulation (EU) 2024/1689").as_deref(),
            Some("Regulation (EU) 2024/1689")
        );
        assert_eq!(
            name("Directive 95/46/EC").as_deref(),
            Some("Directive 95/46/EC")
        );
        assert_eq!(name("GDPR").as_deref(), Some("Regulation (EU) 2016/679"));
    }

    #[test]
    fn finds_codes_in_headings_and_breadcrumbs() {
        let found = |t: &str| find_code_in(t).map(|c| c.name);
        assert_eq!(
            found("NYC Administrative Code § 20-870 Definitions").as_deref(),
            Some("NYC Admin. Code")
        );
        assert_eq!(
            found("Regulation (EU) 2024/1689 (Artificial Intelligence Act); CHAPTER III")
                .as_deref(),
            Some("Regulation (EU) 2024/1689")
        );
        assert_eq!(
            found("Rules of the City of New York, Title 6, Chapter 5, Subchapter T").as_deref(),
            Some("6 RCNY")
        );
        assert_eq!(
            found("27 CFR § 40.22 — Determination").as_deref(),
            Some("27 C.F.R.")
        );
        assert_eq!(found("Definitions"), None);
    }

    #[test]
    fn loose_code_phrases_match_the_only_fitting_namespace() {
        assert!(phrase_matches_namespace(
            "administrative code",
            "NYC Admin. Code"
        ));
        assert!(!phrase_matches_namespace("the Code", "NYC Admin. Code"));
        assert!(!phrase_matches_namespace(
            "federal regulations",
            "NYC Admin. Code"
        ));
    }
}
