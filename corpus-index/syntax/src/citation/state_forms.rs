//! The states' forms of The Bluebook's table T1 other than their codes: session laws
//! (`1999 Cal. Stat. 1234`, `2010 N.Y. Laws ch. 56`, `2010 Mass. Acts 45`; rule 12.4), a
//! code cited by chapter and paragraph (Illinois' former `Ill. Rev. Stat. ch. 110, par.
//! 2-619`), and court rules (`Fla. R. Civ. P. 1.140(b)`, `Tex. R. Evid. 803(6)`, `Ill. S. Ct.
//! R. 213(f)`, the California Style Manual's `Cal. Rules of Court, rule 8.204`; rule
//! 12.9.3).
//!
//! A session law is an instrument of its own, like the Statutes at Large: its citation is
//! kind [`CitationKind::StateStatute`] (a statute of the state) whose code is the volume,
//! `<year> <state> <series>`, and whose number is the page or, with `ch.`, the chapter; it
//! resolves to no code of a workspace. A court rule is kind [`CitationKind::CourtRule`],
//! never a section of the state's administrative code (`Fla. R.` is no `Fla. Admin. Code
//! R.`).

use std::sync::LazyLock;

use regex::{Captures, Regex};

use super::CitationKind;
use super::forms::{Found, STATE, whole_cite};
use crate::CompactString;

fn re(pattern: &str) -> Regex {
    #[allow(clippy::expect_used)]
    Regex::new(&super::typographic_spaces(pattern)).expect("static regex compiles")
}

/// `<year> <state> <series> <page>` or `… ch. <chapter>`: the session-law series of table T1
/// (`Stat.`, `Laws`, `Acts`, `Sess. Laws`, `Gen. Laws`, `Pub. Acts`, `Pub. Laws`, `Acts &
/// Resolves`). The year comes first, which a code's citation never does (`Fla. Stat. §
/// 768.28 (2019)`). A section of the chapter may follow (`1995 N.Y. Laws ch. 83, § 2`): the
/// chapter is then the section's, as in the Statutes at Large's `ch. 531, § 5`.
static SESSION_LAW: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(
        r"^(?P<year>(?:1[789]|20)\d\d)[ \t]+(?P<state>{STATE})[ \t]+(?P<series>Sess\.[ \t]+Laws|Pub\.[ \t]+(?:Acts|Laws)|Gen\.[ \t]+Laws|Acts[ \t]+&[ \t]+Resolves|Laws|Acts|Stat\.)[ \t]+(?:(?P<ch>ch\.|No\.)[ \t]*(?P<chn>\d{{1,4}}(?:-\d{{1,4}})?)(?-u:\b)(?P<sec>,[ \t]*(?P<des>§§?|secs?\.|[Ss]ections?)[ \t]*)?|(?P<page>\d{{1,3}}(?:,\d{{3}})+|\d{{1,5}})(?-u:\b))"
    ))
});

/// A state's public act by its number (`Ill. Pub. Act 96-1234`, `Conn. Pub. Act No. 09-1`;
/// table T1's Illinois and Connecticut session laws cite the act's number, the General
/// Assembly's before the act's own), and a section of it after a comma (`Ill. Pub. Act
/// 96-1234, § 5`): the act is the section's, as a Public Law is (`Pub. L. 104-4, § 5`).
static STATE_PUBLIC_ACT: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(
        r"^(?P<state>{STATE})[ \t]+Pub\.[ \t]+Acts?(?P<no>[ \t]+No\.)?[ \t]*(?P<num>\d{{1,4}}-\d{{1,5}})(?-u:\b)(?P<sec>,[ \t]*(?P<des>§§?|secs?\.|[Ss]ections?)[ \t]*\d)?"
    ))
});

/// Illinois' Revised Statutes (before the Compiled Statutes of 1993) and their annotated
/// edition (`Ill. Ann. Stat.`), cited by chapter and paragraph, in The Bluebook's form (`Ill.
/// Rev. Stat. ch. 110, para. 2-619 (1991)`) and the Illinois courts' (`Ill. Rev. Stat. 1991,
/// ch. 110, par. 2-619`, `¶ 2-619`).
static ILL_REV_STAT: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^Ill\.[ \t]*(?P<ed>Rev\.|Ann\.)[ \t]*Stat\.(?:[ \t]+(?:19|20)\d\d)?,?[ \t]+ch\.[ \t]*(?P<ch>\d{1,3}(?:[ \t]1/2|½)?),?[ \t]+(?P<des>pars?\.|paras?\.|¶¶?)[ \t]*",
    )
});

/// A state's rules of court: `<state> R. <body…> [P.] <number>` with at least one word of
/// the body (`Civ.`, `Crim.`, `App.`, `Evid.`, `Ct.`; a bare `Minn. R. 7011.0010` is
/// Minnesota's administrative rules), `<state> S. Ct. R. <number>`, or the California
/// Style Manual's `Cal. Rules of Court, rule <number>`.
static COURT_RULE: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(
        r"^(?P<state>{STATE})[ \t]+(?:(?P<court>(?:(?:S\.|Sup\.)[ \t]?)?Ct\.)[ \t]+R\.|R\.[ \t]+(?P<body>(?:(?:Civ|Crim|App|Evid|Juv|Fam|Prob|Ct|Bankr|Prof(?:'l|’l)?|Jud|Admin|Super|Dist|Cir|Gen|Prac|Traf)\.[ \t]+){{1,3}}(?:P\.|Proc\.|Conduct)?)|(?P<rulesof>Rules[ \t]+of[ \t]+Court,?[ \t]+rule))[ \t]*(?P<num>\d+(?:[.:-]\d+)*[a-z]?)(?-u:\b)(?P<subs>(?:\([0-9A-Za-z]{{1,4}}\))*)"
    ))
});

/// `N. Y.` → `N.Y.`, `W.Va.` → `W. Va.`: a state's abbreviation as table T1 writes it.
fn state_name(raw: &str) -> String {
    let squeezed: String = raw.chars().filter(|c| !c.is_whitespace()).collect();
    match squeezed.as_str() {
        "W.Va." => "W. Va.".into(),
        "Am.Samoa" => "Am. Samoa".into(),
        "N.Mar.I." => "N. Mar. I.".into(),
        "DC" => "D.C.".into(),
        "VA" => "Va.".into(),
        other => other.into(),
    }
}

fn collapse(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn labels_of(s: &str) -> Vec<CompactString> {
    s.split(['(', ')'])
        .filter(|l| !l.trim().is_empty())
        .map(CompactString::from)
        .collect()
}

/// The state form at the start of `rest` (`start` bytes into the text), if one is there.
pub(crate) fn at(rest: &str, start: usize) -> Option<Found> {
    if let Some(c) = SESSION_LAW.captures(rest) {
        return session_law(rest, start, &c);
    }
    if let Some(c) = STATE_PUBLIC_ACT.captures(rest) {
        return public_act(start, &c);
    }
    if let Some(c) = ILL_REV_STAT.captures(rest) {
        let chapter = c["ch"].replace('½', " 1/2");
        let des = &c["des"];
        return Some(Found::CodePrefix {
            after: start + c.get(0)?.end(),
            code: format!("Ill. {} Stat. ch. {}", &c["ed"], collapse(&chapter)),
            kind: CitationKind::StateStatute,
            designator: Some("para.".into()),
            plural: des.ends_with("s.") || des == "¶¶",
        });
    }
    if let Some(c) = COURT_RULE.captures(rest) {
        return court_rule(start, &c);
    }
    None
}

fn session_law(rest: &str, start: usize, c: &Captures<'_>) -> Option<Found> {
    let mut end = start + c.get(0)?.end();
    let code = format!(
        "{} {} {}",
        &c["year"],
        state_name(&c["state"]),
        collapse(&c["series"])
    );
    if let (Some(chapter), Some(des)) = (c.name("chn"), c.name("des")) {
        // `2004 Cal. Stat. ch. 227, §§ 3-5`: sections of the chapter, read as a code's.
        let des = des.as_str();
        if !rest[c.get(0)?.end()..].starts_with(|ch: char| ch.is_ascii_digit()) {
            end = start + chapter.end();
        } else {
            return Some(Found::CodePrefix {
                after: end,
                code: format!("{code} ch. {}", chapter.as_str()),
                kind: CitationKind::StateStatute,
                designator: None,
                plural: des == "§§" || des == "secs." || des.ends_with("ions"),
            });
        }
    }
    let mut cite = *whole_cite(start, end, CitationKind::StateStatute, code);
    if let Some(chapter) = c.name("chn") {
        cite.section = Some(chapter.as_str().into());
        cite.set_designator(Some(if &c["ch"] == "No." { "No." } else { "ch." }));
    } else {
        cite.section = Some(c.name("page")?.as_str().replace(',', "").into());
        cite.set_designator(Some(""));
    }
    Some(Found::Whole {
        end,
        cite: Box::new(cite),
    })
}

fn public_act(start: usize, c: &Captures<'_>) -> Option<Found> {
    let number = c.name("num")?;
    let series = format!(
        "{} Pub. Act{}",
        state_name(&c["state"]),
        if c.name("no").is_some() { " No." } else { "" },
    );
    if let Some(des) = c.name("des") {
        // A section of the act: the act, number and all, is the section's code. Its number
        // starts at the match's last character, its first digit.
        let des = des.as_str();
        return Some(Found::CodePrefix {
            after: start + c.get(0)?.end() - 1,
            code: format!("{series} {}", number.as_str()),
            kind: CitationKind::StateStatute,
            designator: None,
            plural: des == "§§" || des == "secs." || des.ends_with("ions"),
        });
    }
    // The act cited whole: the series is the code, the act's number its number.
    let end = start + number.end();
    let mut cite = *whole_cite(start, end, CitationKind::StateStatute, series);
    cite.section = Some(number.as_str().into());
    cite.set_designator(Some(""));
    Some(Found::Whole {
        end,
        cite: Box::new(cite),
    })
}

fn court_rule(start: usize, c: &Captures<'_>) -> Option<Found> {
    let end = start + c.get(0)?.end();
    let state = state_name(&c["state"]);
    let name = if let Some(court) = c.name("court") {
        format!(
            "{state} {} R.",
            collapse(court.as_str()).replace("S.Ct.", "S. Ct.")
        )
    } else if c.name("rulesof").is_some() {
        format!("{state} R. Ct.")
    } else {
        format!("{state} R. {}", collapse(c.name("body")?.as_str()))
    };
    let mut cite = *whole_cite(start, end, CitationKind::CourtRule, name);
    cite.section = Some(c["num"].into());
    cite.subsections = labels_of(c.name("subs").map_or("", |m| m.as_str()));
    Some(Found::Whole {
        end,
        cite: Box::new(cite),
    })
}

#[cfg(test)]
mod tests {
    use crate::citation::record::cite;

    fn norms(text: &str) -> Vec<(String, String)> {
        cite(text, None)
            .into_iter()
            .map(|r| (r.kind.to_string(), r.normalized.unwrap_or_default()))
            .collect()
    }

    // Class: state session laws by year, series and page or chapter (The Bluebook, rule
    // 12.4 and table T1).
    #[test]
    fn session_laws_of_the_states() {
        assert_eq!(
            norms("The amendment was enacted as 1999 Cal. Stat. 1234 and took effect."),
            [("state_statute".into(), "1999 Cal. Stat. 1234".into())]
        );
        assert_eq!(
            norms("The budget bill, 2010 N.Y. Laws ch. 56, amended the tax law."),
            [("state_statute".into(), "2010 N.Y. Laws ch. 56".into())]
        );
        assert_eq!(
            norms("The initiative, 1999 Wash. Sess. Laws 1,234, was repealed."),
            [("state_statute".into(), "1999 Wash. Sess. Laws 1234".into())]
        );
        // A year and a state before other words are no session law.
        assert!(norms("In 2019 Mass. General Hospital treated 4,500 patients.").is_empty());
    }

    // Class: a state's public act by its number, whole or by a section of it (table T1's
    // Illinois and Connecticut session laws): the section is the act's, no code's.
    #[test]
    fn public_acts_of_a_state_by_number() {
        assert_eq!(
            norms("The provision was added by Ill. Pub. Act 96-1234, § 5, and amended later."),
            [("state_statute".into(), "Ill. Pub. Act 96-1234, § 5".into())]
        );
        assert_eq!(
            norms("See Ill. Pub. Act 96-1234 and Conn. Pub. Act No. 09-1, §§ 3 and 4."),
            [
                ("state_statute".into(), "Ill. Pub. Act 96-1234".into()),
                (
                    "state_statute".into(),
                    "Conn. Pub. Act No. 09-1, § 3".into()
                ),
                (
                    "state_statute".into(),
                    "Conn. Pub. Act No. 09-1, § 4".into()
                )
            ]
        );
    }

    // Class: Illinois' Revised Statutes by chapter and paragraph (table T1, Illinois).
    #[test]
    fn illinois_revised_statutes_by_chapter_and_paragraph() {
        assert_eq!(
            norms("The motion was brought under Ill. Rev. Stat. 1991, ch. 110, par. 2-619."),
            [(
                "state_statute".into(),
                "Ill. Rev. Stat. ch. 110, para. 2-619".into()
            )]
        );
        assert_eq!(
            norms("See Ill. Rev. Stat. ch. 110, ¶ 2-1401 (1987)."),
            [(
                "state_statute".into(),
                "Ill. Rev. Stat. ch. 110, para. 2-1401".into()
            )]
        );
    }

    // Class: state rules of court are court rules, not administrative rules (rule 12.9.3).
    #[test]
    fn state_court_rules() {
        assert_eq!(
            norms("The complaint was dismissed under Fla. R. Civ. P. 1.140(b)(6)."),
            [("court_rule".into(), "Fla. R. Civ. P. 1.140(b)(6)".into())]
        );
        assert_eq!(
            norms("Expert disclosures are governed by Ill. S. Ct. R. 213(f)."),
            [("court_rule".into(), "Ill. S. Ct. R. 213(f)".into())]
        );
        assert_eq!(
            norms("as required by Cal. Rules of Court, rule 8.204(a)(1)(B)"),
            [("court_rule".into(), "Cal. R. Ct. 8.204(a)(1)(B)".into())]
        );
        // Minnesota's administrative rules are cited `Minn. R.` with the number alone.
        assert_eq!(
            norms("Permits are required by Minn. R. 7011.0010 (2019)."),
            [("state_regulation".into(), "Minn. R. 7011.0010".into())]
        );
    }
}
