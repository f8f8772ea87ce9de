//! Acts of Congress cited by date and chapter: `Aug. 14, 1935, ch. 531`, `act June 25, 1948,
//! ch. 646`, `Act of July 3, 1930, ch. 851` (laws before 1957 were numbered by chapter of the
//! session's Statutes at Large; the OLRC cites them so in source credits and notes, and
//! marks them `<ref href="/us/act/1935-08-14/ch531/s5">`, USLM User Guide, "Referencing
//! model"); and the states' acts, which The Bluebook cites the same way before their session
//! laws (rule 12.4: `Act of June 5, 2003, ch. 204, § 4.01, 2003 Tex. Gen. Laws 847`, with
//! Texas' `78th Leg., R.S.` before the chapter, table T1), left out of the name.
//!
//! A state's session law in the state's own form (`L 2010, ch 56`, `Laws of 1909, chapter
//! 14`, New York's; `Stats. 2019, ch. 296`, California's; `Acts 2019, 86th Leg., R.S., ch.
//! 1234`, Texas'; `s. 1, ch. 2019-167`, Florida's; `P.A. 96-1234`, Illinois') is read the
//! same way ([`session_law_at`]).
//!
//! Such an act is an instrument of its own, never a part of a code: the citation is a
//! [`super::CitationKind::NamedAct`] whose code is `Act of Aug. 14, 1935, ch. 531`; a
//! section right after it (`, § 5`, `, title I, § 5`) is a section of the act (see
//! [`super::short_form`]).

use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;

static DATED: LazyLock<Regex> = LazyLock::new(|| {
    #[allow(clippy::expect_used)]
    Regex::new(&super::typographic_spaces(
        r"^(?:the[ \t]+)?(?P<act>(?i:act)[ \t]+(?:of[ \t]+)?)?(?P<m>Jan|Feb|Mar|Apr|May|June?|July?|Aug|Sept?|Oct|Nov|Dec)[a-z]*\.?[ \t]+(?P<d>\d{1,2}),[ \t]+(?P<y>(?:1[789]|20)\d\d)(?-u:\b)(?:(?:,[ \t]+\d{1,3}(?:st|nd|rd|th|d)[ \t]+Leg\.,[ \t]+(?:R\.S\.|\d(?:st|nd|rd|th|d)?[ \t]+C\.S\.))?,[ \t]+ch\.[ \t]*(?P<ch>\d{1,4}[A-Z]?)(?-u:\b))?",
    ))
    .expect("static regex compiles")
});

/// A state's session law by year and chapter, as the states' own laws and courts cite
/// them ([`YEAR_AND_CHAPTER_PATTERN`]): New York's `L 2010, ch 56` (its Law Reports Style
/// Manual) and `Laws of 2010, chapter 56` (its Consolidated Laws), which The Bluebook
/// writes `2010 N.Y. Laws ch. 56` (rule 12.4). The state is the citing text's, which the
/// form does not name.
static YEAR_AND_CHAPTER: LazyLock<Regex> = LazyLock::new(|| {
    #[allow(clippy::expect_used)]
    Regex::new(&super::typographic_spaces(&super::anchored(
        YEAR_AND_CHAPTER_PATTERN,
    )))
    .expect("static regex compiles")
});

/// The anchor of [`session_law_at`] in the scan: the session laws of the states' own forms
/// by year and chapter, New York's (`L 2010, ch 56`, `Laws of 2010, chapter 56`),
/// California's (`Stats. 2019, ch. 296`, its codes' history notes; `Cal. Stats.`),
/// Virginia's (`Acts 2019, c. 12`) and Texas' with the Legislature and its session (`Acts
/// 2019, 86th Leg., R.S., ch. 1234`, the Texas codes' history notes; `1st C.S.` a called
/// session); Florida's chapter laws, numbered in their year (`ch. 2019-167, Laws of Fla.`,
/// `chapter 2019-167, Laws of Florida`; `s. 1, ch. 2019-167`, a section of one, as the
/// Florida Statutes' history notes cite it, and so those of the last century by two digits,
/// `s. 3, ch. 97-102`: no other code numbers chapters so); and Illinois'
/// public acts by General Assembly and number (`P.A. 96-1234`, `Public Act 96-1234`, the
/// Illinois Compiled Statutes' source notes).
pub(crate) const YEAR_AND_CHAPTER_PATTERN: &str = r"(?P<yearch>(?-u:\b)(?:(?:Laws|L\.?|(?:Cal\.[ \t]+)?Stats\.|Acts)[ \t]+(?:of[ \t]+)?(?P<y>(?:1[789]|20)\d\d),?(?:[ \t]+\d{1,3}(?:st|nd|rd|th|d)[ \t]+Leg\.,[ \t]+(?:R\.S\.|\d(?:st|nd|rd|th|d)?[ \t]*C\.S\.),)?[ \t]+(?:ch(?:apter|\.)?|c\.)[ \t]*(?P<ch>\d{1,4}[A-Z]?)(?-u:\b)|(?:(?:s\.|ss\.|§)[ \t]*(?P<fs>\d{1,4}[a-z]?(?:(?:,[ \t]*|,?[ \t]+and[ \t]+)\d{1,4}[a-z]?)*),[ \t]*(?:[Cc]h\.|[Cc]hapter)[ \t]*(?P<fy>(?:19|20)?\d\d)|(?:[Cc]h\.|[Cc]hapter)[ \t]*(?P<fy2>(?:19|20)\d\d))-(?P<fch>\d{1,4})(?-u:\b)(?:,[ \t]+Laws[ \t]+of[ \t]+(?:Fla\.|Florida(?-u:\b)))?|(?:P\.[ \t]?A\.|Public[ \t]+Act)[ \t]+(?P<ga>\d{2,3})-(?P<pa>\d{1,4})(?-u:\b)))";

/// A session law read at a position of a text ([`session_law_at`]).
pub(crate) struct SessionLaw {
    /// The end of the phrase, in bytes.
    pub end: usize,
    /// The act's name (`Laws of 2010, ch. 56`, `Laws of Fla., ch. 2019-167`, `Pub. Act
    /// 96-1234`), whose sections follow it as a dated act's do.
    pub name: String,
    /// The sections of a Florida chapter law cited before it (`s. 1, ch. 2019-167`, `ss. 3,
    /// 4, ch. 2021-1`): each number's byte range in the text and the number.
    pub sections: Vec<(Range<usize>, String)>,
}

/// The session law cited by year and chapter at byte `pos` of `text` ([`YEAR_AND_CHAPTER`]).
/// `None` when none starts there.
pub(crate) fn session_law_at(text: &str, pos: usize) -> Option<SessionLaw> {
    static NUMBER: LazyLock<Regex> = LazyLock::new(|| {
        #[allow(clippy::expect_used)]
        Regex::new(r"\d{1,4}[a-z]?").expect("static regex compiles")
    });
    let caps = YEAR_AND_CHAPTER.captures(text.get(pos..)?)?;
    let end = pos + caps.get(0)?.end();
    let name = if let Some(year) = caps.name("fy").or(caps.name("fy2")) {
        format!("Laws of Fla., ch. {}-{}", year.as_str(), &caps["fch"])
    } else if let Some(assembly) = caps.name("ga") {
        format!("Pub. Act {}-{}", assembly.as_str(), &caps["pa"])
    } else {
        format!("Laws of {}, ch. {}", &caps["y"], &caps["ch"])
    };
    let sections = caps.name("fs").map_or_else(Vec::new, |list| {
        let at = pos + list.start();
        NUMBER
            .find_iter(list.as_str())
            .map(|n| (at + n.start()..at + n.end(), n.as_str().to_string()))
            .collect()
    });
    Some(SessionLaw {
        end,
        name,
        sections,
    })
}

const MONTHS: [(&str, &str, &str); 12] = [
    ("Jan", "Jan.", "01"),
    ("Feb", "Feb.", "02"),
    ("Mar", "Mar.", "03"),
    ("Apr", "Apr.", "04"),
    ("May", "May", "05"),
    ("Jun", "June", "06"),
    ("Jul", "July", "07"),
    ("Aug", "Aug.", "08"),
    ("Sep", "Sept.", "09"),
    ("Oct", "Oct.", "10"),
    ("Nov", "Nov.", "11"),
    ("Dec", "Dec.", "12"),
];

/// The act cited by date and chapter at byte `pos` of `text`: the end of the phrase and the
/// act's name (`Act of Aug. 14, 1935, ch. 531`). `None` when none starts there.
pub(crate) fn act_at(text: &str, pos: usize) -> Option<(usize, String)> {
    let caps = DATED.captures(text.get(pos..)?)?;
    // A date alone is no act: the chapter or the word `Act` makes it one (`the Act of June
    // 29, 1935`). The Texas Legislature's number and session (`78th Leg., R.S.`, table T1)
    // are read only before a chapter, and left out of the name.
    if caps.name("ch").is_none() && caps.name("act").is_none() {
        return None;
    }
    let end = pos + caps.get(0)?.end();
    let month = caps.name("m")?.as_str();
    let (_, written, _) = MONTHS.iter().find(|(k, _, _)| month.starts_with(k))?;
    let mut name = format!(
        "Act of {written} {}, {}",
        caps.name("d")?.as_str(),
        caps.name("y")?.as_str(),
    );
    if let Some(ch) = caps.name("ch") {
        name.push_str(", ch. ");
        name.push_str(ch.as_str());
    }
    Some((end, name))
}

/// The USLM identifier of an act named as [`act_at`] names it: `Act of Aug. 14, 1935, ch.
/// 531` → `/us/act/1935-08-14/ch531`. `None` for another name.
pub fn uslm_identifier(name: &str) -> Option<String> {
    let rest = name.strip_prefix("Act of ")?;
    let (date, chapter) = match rest.split_once(", ch. ") {
        Some((date, chapter)) => (date, Some(chapter)),
        None => (rest, None),
    };
    let (month_day, year) = date.rsplit_once(", ")?;
    let (month, day) = month_day.rsplit_once(' ')?;
    let (_, _, mm) = MONTHS.iter().find(|(_, w, _)| *w == month)?;
    let day: u32 = day.parse().ok()?;
    Some(match chapter {
        Some(ch) => format!("/us/act/{year}-{mm}-{day:02}/ch{ch}"),
        None => format!("/us/act/{year}-{mm}-{day:02}"),
    })
}

/// Whether `name` (a citation's code) is an act cited by date and chapter, or a session law
/// by year and chapter ([`session_law_at`]).
pub fn is_dated_act(name: &str) -> bool {
    uslm_identifier(name).is_some()
        || name
            .strip_prefix("Laws of ")
            .is_some_and(|rest| rest.contains(", ch. "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::citation::{CitationKind, ShortForm, extract};

    // Class: acts by date and chapter in the OLRC's source credits and notes (44 U.S.C.,
    // 35 U.S.C.).
    #[test]
    fn acts_by_date_and_chapter() {
        let text = "(Aug. 4, 1949, ch. 393, 63 Stat. 496; Pub. L. 89–444, § 1(1), June 30, 1966)";
        let cites = extract(text);
        let act = cites
            .iter()
            .find(|c| c.kind == CitationKind::NamedAct)
            .expect("the act read");
        assert_eq!(act.named_code(), Some("Act of Aug. 4, 1949, ch. 393"));
        assert_eq!(&text[act.span.clone()], "Aug. 4, 1949, ch. 393");
        assert_eq!(
            uslm_identifier("Act of Aug. 4, 1949, ch. 393").as_deref(),
            Some("/us/act/1949-08-04/ch393")
        );
        let text =
            "Section 10 of the Act of June 29, 1935, referred to in subsec. (a)(1), is section 10";
        let cites = extract(text);
        assert_eq!(cites[0].named_code(), Some("Act of June 29, 1935"));
        assert_eq!(cites[0].section.as_deref(), Some("10"));
        let text = "Section 5 of act June 25, 1948, ch. 646, 62 Stat. 869, provided that";
        let cites = extract(text);
        assert!(
            cites
                .iter()
                .any(|c| c.named_code() == Some("Act of June 25, 1948, ch. 646")),
            "{cites:#?}"
        );
    }

    // Class: the section after an act by date is the act's.
    #[test]
    fn the_section_after_a_dated_act_is_the_acts() {
        let text = "Act Aug. 4, 1949, ch. 393, § 19, 63 Stat. 500";
        let cites = extract(text);
        let section = cites
            .iter()
            .find(|c| c.section.as_deref() == Some("19"))
            .expect("§ 19 read");
        assert_eq!(section.named_code(), Some("Act of Aug. 4, 1949, ch. 393"));
        assert_eq!(section.short_form, Some(ShortForm::ActSection));
    }

    // Class: a state's session law by year and chapter (the New York Law Reports Style
    // Manual's `L 2010, ch 56, § 2`; the Consolidated Laws' `Laws of 1909, chapter 14`):
    // the act, and the section after it the act's, not a bare section of the citing code.
    #[test]
    fn session_laws_by_year_and_chapter() {
        let cites = extract("as added by L 2010, ch 56, § 2, and Laws of 1909, chapter 14");
        let read: Vec<(Option<&str>, Option<&str>)> = cites
            .iter()
            .map(|c| (c.named_code(), c.section.as_deref()))
            .collect();
        assert_eq!(
            read,
            [
                (Some("Laws of 2010, ch. 56"), None),
                (Some("Laws of 2010, ch. 56"), Some("2")),
                (Some("Laws of 1909, ch. 14"), None)
            ]
        );
        assert!(cites.iter().all(|c| c.kind == CitationKind::NamedAct));
        // A year and a chapter of a book are none (`Lewis 2010, ch. 5`).
        assert!(extract("See Lewis 2010, ch. 5, for the history.").is_empty());
    }

    // Class: the states' own forms of their session laws in their codes' history notes:
    // California's `Stats. 2019, ch. 296, § 2`, Texas' `Acts 2019, 86th Leg., R.S., ch.
    // 1234, § 5` (the Legislature and session read over), Florida's chapter laws numbered in
    // their year with the sections before them (`s. 1, ch. 2019-167`; `ss. 2 and 3, ch.
    // 97-102` of the last century), Illinois' public acts (`P.A. 96-1234`): the act and its
    // sections, not bare sections of the citing code.
    #[test]
    fn session_laws_in_the_states_own_forms() {
        let read = |text: &str| -> Vec<(String, Option<String>)> {
            extract(text)
                .iter()
                .map(|c| {
                    assert_eq!(c.kind, CitationKind::NamedAct, "{c:?}");
                    (
                        c.named_code().unwrap_or_default().to_string(),
                        c.section.as_deref().map(str::to_string),
                    )
                })
                .collect()
        };
        let act =
            |name: &str, section: Option<&str>| (name.to_string(), section.map(str::to_string));
        assert_eq!(
            read(
                "Added by Stats. 2019, ch. 296, § 2. Amended by Acts 2019, 86th Leg., R.S., ch. 1234, § 5."
            ),
            [
                act("Laws of 2019, ch. 296", None),
                act("Laws of 2019, ch. 296", Some("2")),
                act("Laws of 2019, ch. 1234", None),
                act("Laws of 2019, ch. 1234", Some("5"))
            ]
        );
        assert_eq!(
            read(
                "History.\u{2014}s. 1, ch. 2019-167; ss. 2 and 3, ch. 97-102; ch. 2020-2, Laws of Fla."
            ),
            [
                act("Laws of Fla., ch. 2019-167", Some("1")),
                act("Laws of Fla., ch. 97-102", Some("2")),
                act("Laws of Fla., ch. 97-102", Some("3")),
                act("Laws of Fla., ch. 2020-2", None)
            ]
        );
        assert_eq!(
            read("(Source: P.A. 96-1234, eff. 7-23-10; Public Act 101-652.)"),
            [act("Pub. Act 96-1234", None), act("Pub. Act 101-652", None)]
        );
        // A code's chapter numbered title-chapter is no chapter law without the sections.
        assert!(extract("chapter 42-35").is_empty());
    }
}
