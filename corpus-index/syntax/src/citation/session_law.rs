//! Session laws of the District of Columbia cited by their designation: `D.C. Law 22-250`
//! (an act of the Council that took effect as law) and `D.C. Act 24-159` (an act as the
//! Council passed it, before congressional review), numbered `council period-number`
//! (D.C. Council, *Legislative Drafting Manual*; the Council's codified XML marks them
//! `<cite doc="D.C. Law 22-250">`).
//!
//! A session law is an instrument of its own, never a part of the D.C. Code: `§ 5 of D.C.
//! Law 22-250` and `section 10(a) of D.C. Law 22-250` cite sections of the law, and the
//! history notes' `D.C. Law 1-79, title I, § 102(2)` a section of that law (see
//! [`super::short_form`]). The citations are [`super::CitationKind::DcLaw`]s whose code is
//! the law's designation, normalized as `D.C. Law 22-250` / `D.C. Act 24-159`.

use std::sync::LazyLock;

use regex::Regex;

/// `D.C. Law 22-250`, `D.C.Law 9-99`, `D.C. Act 24-159`, `D.C. Law 12-87A`, `DC Law 20-17`:
/// the kind and the number.
static DESIGNATION: LazyLock<Regex> = LazyLock::new(|| {
    #[allow(clippy::expect_used)]
    Regex::new(&super::typographic_spaces(
        r"^(?:D\.[ \t]?C\.[ \t]?|DC[ \t]+)(?P<k>Law|Act)[ \t]+(?P<n>\d{1,3}[-–]\d{1,4}[A-Z]?)(?-u:\b)",
    ))
    .expect("static regex compiles")
});

/// The session law designated at byte `pos` of `text`: the end of the designation and its
/// normalized name (`D.C. Law 22-250`). `None` when none starts there.
pub(crate) fn designation_at(text: &str, pos: usize) -> Option<(usize, String)> {
    let caps = DESIGNATION.captures(text.get(pos..)?)?;
    let end = pos + caps.get(0)?.end();
    let kind = caps.name("k")?.as_str();
    let number = caps.name("n")?.as_str().replace('–', "-");
    Some((end, format!("D.C. {kind} {number}")))
}

/// `Law 25-217` without `D.C.`, as the Council's notes write it after `of` (`Section 7291 of
/// Law 25-217 repealed …`): a council period of at most two digits (the Council sat its
/// 26th period in 2025), a hyphen, the number. A four-digit year (`Law 2016-1691`, a French
/// *loi*) or `Law No.` is another legislature's.
static COUNCIL_PERIOD_LAW: LazyLock<Regex> = LazyLock::new(|| {
    #[allow(clippy::expect_used)]
    Regex::new(&super::typographic_spaces(
        r"^Law[ \t]+(?P<p>\d{1,2})[-–](?P<n>\d{1,4}[A-Z]?)(?-u:\b)",
    ))
    .expect("static regex compiles")
});

/// The session law an `of` clause names at byte `pos` of `text`: a full designation
/// ([`designation_at`]) or the Council's short `Law 25-217` ([`COUNCIL_PERIOD_LAW`], periods
/// 1 to 30), as the end and the normalized name (`D.C. Law 25-217`).
pub(crate) fn of_clause_law_at(text: &str, pos: usize) -> Option<(usize, String)> {
    if let Some(found) = designation_at(text, pos) {
        return Some(found);
    }
    let caps = COUNCIL_PERIOD_LAW.captures(text.get(pos..)?)?;
    let period: u32 = caps.name("p")?.as_str().parse().ok()?;
    if !(1..=30).contains(&period) {
        return None;
    }
    let end = pos + caps.get(0)?.end();
    Some((
        end,
        format!("D.C. Law {period}-{}", caps.name("n")?.as_str()),
    ))
}

/// Whether `name` (a citation's code) is a D.C. session law's designation.
pub fn is_session_law(name: &str) -> bool {
    name.starts_with("D.C. Law ") || name.starts_with("D.C. Act ")
}

#[cfg(test)]
mod tests {
    use crate::citation::{CitationKind, ShortForm, extract};

    // Class: a session law cited as a whole (D.C. Code, 1-1001.03, Effect of Amendments).
    #[test]
    fn a_session_law_as_a_whole() {
        let text = "D.C. Law 19-124, in the section heading and subsec. (a), substituted “Board of Elections” for “Board of Elections and Ethics”.";
        let cites = extract(text);
        assert!(!cites.is_empty(), "{cites:#?}");
        assert_eq!(cites[0].kind, CitationKind::DcLaw);
        assert_eq!(cites[0].named_code(), Some("D.C. Law 19-124"));
        assert_eq!(cites[0].section, None);
        assert_eq!(&text[cites[0].span.clone()], "D.C. Law 19-124");
    }

    // Class: a section of a session law, never a section of the D.C. Code (1-1001.03,
    // Applicability).
    #[test]
    fn a_section_of_a_session_law() {
        let text = "Section 7183 of D.C. Act 24-159 repealed section 10(a) of D.C. Law 22-250 removing the applicability provision impacting this section.";
        let cites = extract(text);
        let of_laws: Vec<_> = cites
            .iter()
            .filter(|c| c.named_code().is_some_and(super::is_session_law))
            .collect();
        assert_eq!(of_laws.len(), 2, "{cites:#?}");
        assert_eq!(of_laws[0].named_code(), Some("D.C. Act 24-159"));
        assert_eq!(of_laws[0].section.as_deref(), Some("7183"));
        assert_eq!(of_laws[1].named_code(), Some("D.C. Law 22-250"));
        assert_eq!(of_laws[1].section.as_deref(), Some("10"));
        assert_eq!(of_laws[1].subsections, vec!["a"]);
        let text = "§ 10 of D.C. Law 22-250 provided that the change made to this section by § 5(a) of D.C. Law 22-250 is subject to the inclusion of the law’s fiscal effect";
        let cites = extract(text);
        assert_eq!(cites[0].named_code(), Some("D.C. Law 22-250"));
        assert_eq!(cites[0].section.as_deref(), Some("10"));
        assert_eq!(&text[cites[0].span.clone()], "§ 10 of D.C. Law 22-250");
        // With an article before the law (D.C. Code § 1-1509.01).
        let text = "The Education Institution Licensure Commission, established by § 3 of the \
                    D.C. Law 1-104, the Education Licensure Commission Act of 1976, is renamed";
        let cites = extract(text);
        assert_eq!(cites[0].named_code(), Some("D.C. Law 1-104"), "{cites:#?}");
        assert_eq!(cites[0].section.as_deref(), Some("3"));
    }

    // Class: the Council's short designation after `of` (D.C. Code § 1-611.08, notes), and
    // what is no D.C. law.
    #[test]
    fn a_section_of_a_law_designated_without_dc() {
        let text = "Section 7291 of Law 25-217 repealed section 5 of D.C. Law 25-176.";
        let cites = extract(text);
        assert_eq!(cites[0].named_code(), Some("D.C. Law 25-217"), "{cites:#?}");
        assert_eq!(cites[0].section.as_deref(), Some("7291"));
        assert_eq!(&text[cites[0].span.clone()], "Section 7291 of Law 25-217");
        // Without the periods (unitedstates/citation's `dc_law` form).
        let cites = extract("as amended by DC Law 20-17.");
        assert_eq!(cites[0].kind, CitationKind::DcLaw, "{cites:#?}");
        assert_eq!(cites[0].named_code(), Some("D.C. Law 20-17"));
        for text in [
            "Article 3 of Law 2016-1691 of 9 December 2016",
            "Article 2 of Law No. 78-17 of 6 January 1978",
            "section 4 of Law 94-142",
        ] {
            let cites = extract(text);
            assert!(
                cites
                    .iter()
                    .all(|c| !c.named_code().is_some_and(super::is_session_law)),
                "{text}: {cites:#?}"
            );
        }
    }

    // Class: the section after a session law in a history note is the law's (1-1001.03,
    // History).
    #[test]
    fn a_history_note_cites_sections_of_the_law() {
        let text = "Sept. 2, 1976, D.C. Law 1-79, title I, § 102(2), 23 DCR 2050";
        let cites = extract(text);
        let section = cites
            .iter()
            .find(|c| c.section.as_deref() == Some("102"))
            .expect("§ 102 read");
        assert_eq!(section.named_code(), Some("D.C. Law 1-79"));
        assert_eq!(section.short_form, Some(ShortForm::ActSection));
    }
}
