//! The Internal Revenue Service's published guidance and the Treasury's decisions, cited by
//! series and number (The Bluebook, rule 14.5.2 and table T1, United States, Internal
//! Revenue Service): revenue rulings `Rev. Rul. 2004-3`, revenue procedures `Rev. Proc.
//! 87-56`, Treasury decisions `T.D. 9000`, private letter rulings `Priv. Ltr. Rul.
//! 200401001`, `I.R.S. Notice 2014-21`, technical advice and general counsel memoranda, and
//! announcements. The Cumulative or Internal Revenue Bulletin page that follows (`2004-1 C.B.
//! 486`, `2015-5 I.R.B. 419`) is where the ruling is printed, not a citation of its own.
//!
//! Each is kind [`CitationKind::AgencyDecision`] with the series as its code and the number
//! as its section; none is part of a code.

use std::sync::LazyLock;

use regex::Regex;

use super::CitationKind;
use super::forms::Found;

static SERIES: LazyLock<Regex> = LazyLock::new(|| {
    #[allow(clippy::expect_used)]
    Regex::new(&super::typographic_spaces(
        r"^(?:(?P<rul>Rev\.[ \t]?Rul\.)|(?P<proc>Rev\.[ \t]?Proc\.)|(?P<td>T\.[ \t]?D\.)|(?P<plr>Priv\.[ \t]?Ltr\.[ \t]?Rul\.)|I\.[ \t]?R\.[ \t]?S\.[ \t]+(?:(?P<notice>Notice)|(?P<tam>Tech\.[ \t]?Adv\.[ \t]?Mem\.)|(?P<gcm>Gen\.[ \t]?Couns\.[ \t]?Mem\.)|(?P<ann>Announcement|Ann\.)))[ \t]+(?P<num>(?:19|20)?\d\d-\d{1,4}|\d{4,9})(?-u:\b)",
    ))
    .expect("static regex compiles")
});

/// The guidance cited at the start of `rest` (`start` bytes into the text), if any.
pub(crate) fn at(rest: &str, start: usize) -> Option<Found> {
    let c = SERIES.captures(rest)?;
    let series = [
        ("rul", "Rev. Rul."),
        ("proc", "Rev. Proc."),
        ("td", "T.D."),
        ("plr", "Priv. Ltr. Rul."),
        ("notice", "I.R.S. Notice"),
        ("tam", "I.R.S. Tech. Adv. Mem."),
        ("gcm", "I.R.S. Gen. Couns. Mem."),
        ("ann", "I.R.S. Announcement"),
    ]
    .into_iter()
    .find(|(group, _)| c.name(group).is_some())?
    .1;
    let number = c.name("num")?.as_str();
    // Rulings, procedures, notices and announcements are numbered `year-number`; Treasury
    // decisions, letter rulings and memoranda plainly.
    let plain = matches!(
        series,
        "T.D." | "Priv. Ltr. Rul." | "I.R.S. Tech. Adv. Mem." | "I.R.S. Gen. Couns. Mem."
    );
    if number.contains('-') == plain {
        return None;
    }
    let end = start + c.get(0)?.end();
    let mut cite =
        super::forms::whole_cite(start, end, CitationKind::AgencyDecision, series.to_string());
    cite.section = Some(number.into());
    Some(Found::Whole { end, cite })
}

#[cfg(test)]
mod tests {
    use crate::citation::record::cite;

    // Class: IRS guidance and Treasury decisions by series and number (The Bluebook, rule
    // 14.5.2), the bulletin page after them no citation of its own.
    #[test]
    fn irs_guidance_by_series_and_number() {
        let found = cite(
            "The valuation factors of Rev. Rul. 59-60, 1959-1 C.B. 237, still guide appraisers; see also Rev. Proc. 2015-13, 2015-5 I.R.B. 419, and T.D. 9000.",
            None,
        );
        let got: Vec<_> = found
            .iter()
            .map(|r| (r.kind, r.normalized.clone().unwrap_or_default()))
            .collect();
        assert_eq!(
            got,
            [
                ("agency_decision", "Rev. Rul. 59-60".to_string()),
                ("agency_decision", "Rev. Proc. 2015-13".to_string()),
                ("agency_decision", "T.D. 9000".to_string()),
            ]
        );
    }
}
