//! Acts cited by their number in the year of enactment: `Act 51 of 1977`, `Act No. 108 of
//! 1996`, `Rajasthan Act 34 of 1958`, `Central Act 16 of 1926`, and so the ordinances and
//! regulations numbered with them (`Ordinance 5 of 1944`, `Regulation 1 of 1974`, the
//! President's regulations for India's Union territories); and the instruments the
//! Commonwealth designates by a number in a year or a volume (`SI 2019/419`, `R.S.C. 1985,
//! c. C-46`; see [`instrument_at`]). The legislatures of India,
//! South Africa and other Commonwealth countries number their acts so (India's Legislative
//! Department cites `the Companies Act, 2013 (18 of 2013)` and its amendments `Inserted by
//! Act 10 of 1963, s. 47`; a State's act carries the State's name, and is another act than
//! the central act of the same number).
//!
//! Such an act is an instrument of its own, never the citing document: the citation is a
//! [`super::CitationKind::NamedAct`] whose code is the designation as written without
//! `No.` (`Rajasthan Act 34 of 1958`); a section right after it (`, section 47`, `, sec.
//! 3`) or before it (`section 5 of Act 51 of 1977`) is a section of that act (see
//! [`super::short_form`]).

use std::sync::LazyLock;

use regex::Regex;

/// The legislatures whose name comes before a numbered act: the Union (`Central`) and the
/// States and Union territories of India with legislatures.
const LEGISLATURES: &str = r"Central|Andhra[ \t]+Pradesh|Arunachal[ \t]+Pradesh|Assam|Bihar|Bombay|Chhattisgarh|Delhi|Goa|Gujarat|Haryana|Himachal[ \t]+Pradesh|Jammu[ \t]+and[ \t]+Kashmir|Jharkhand|Karnataka|Kerala|Madhya[ \t]+Pradesh|Madras|Maharashtra|Manipur|Meghalaya|Mizoram|Mysore|Nagaland|Odisha|Orissa|Puducherry|Punjab|Rajasthan|Sikkim|Tamil[ \t]+Nadu|Telangana|Tripura|Uttar[ \t]+Pradesh|Uttarakhand|West[ \t]+Bengal";

static NUMBERED: LazyLock<Regex> = LazyLock::new(|| {
    #[allow(clippy::expect_used)]
    Regex::new(&super::typographic_spaces(&format!(
        r"^(?:the[ \t]+)?(?:(?P<by>{LEGISLATURES})[ \t]+)?(?P<what>Act|Ordinance|Regulation)[ \t]+(?:No\.?[ \t]*)?(?P<n>\d{{1,4}})[ \t]+of[ \t]+(?P<y>(?:1[6-9]|20)\d\d)(?-u:\b)"
    )))
    .expect("static regex compiles")
});

/// The numbered act at byte `pos` of `text`: the end of its designation and the act's name
/// (`Act 51 of 1977`, `Rajasthan Act 34 of 1958`). `None` when none starts there.
pub(crate) fn act_at(text: &str, pos: usize) -> Option<(usize, String)> {
    let caps = NUMBERED.captures(text.get(pos..)?)?;
    let end = pos + caps.get(0)?.end();
    let by = caps
        .name("by")
        .map(|b| {
            format!(
                "{} ",
                b.as_str().split_whitespace().collect::<Vec<_>>().join(" ")
            )
        })
        .unwrap_or_default();
    Some((
        end,
        format!("{by}{} {} of {}", &caps["what"], &caps["n"], &caps["y"]),
    ))
}

/// The numbered act whose word `Act` is at byte `anchor` of `text`, with the legislature
/// named before it (`Rajasthan Act 34 of 1958`): the start and end of its designation and
/// the act's name.
pub(crate) fn act_around(text: &str, anchor: usize) -> Option<(usize, usize, String)> {
    static BEFORE: LazyLock<Regex> = LazyLock::new(|| {
        #[allow(clippy::expect_used)]
        Regex::new(&super::typographic_spaces(&format!(
            r"(?-u:\b)(?:{LEGISLATURES})[ \t]+$"
        )))
        .expect("static regex compiles")
    });
    let head = text.get(..anchor)?;
    let from = head.char_indices().rev().nth(40).map_or(0, |(i, _)| i);
    let start = BEFORE
        .find(&head[from..])
        .map_or(anchor, |m| from + m.start());
    let (start, (end, name)) = match act_at(text, start) {
        Some(found) => (start, found),
        None => (anchor, act_at(text, anchor)?),
    };
    Some((start, end, name))
}

/// Whether `name` (a citation's code) is a numbered act's name, as [`act_at`] writes it,
/// or an instrument's, as [`instrument_at`] writes it.
pub fn is_numbered_act(name: &str) -> bool {
    NUMBERED.find(name).is_some_and(|m| m.end() == name.len())
        || INSTRUMENT.find(name).is_some_and(|m| m.end() == name.len())
}

/// The Commonwealth's instruments designated by their number in a year or a volume:
///
/// - statutory instruments of the United Kingdom by year and number (`SI 2011/2260`, `S.I.
///   2019/419`, the instrument's own `S.I. 2019 No. 419`; Scotland's `SSI 2011/123` and
///   Northern Ireland's statutory rules `SR 2011/123`: OSCOLA rule 2.4), and Ireland's by
///   number in their year (`S.I. No. 336 of 2011`, as the Irish Statute Book numbers them);
/// - Canada's statutes by their volume's year and chapter (`R.S.C. 1985, c. C-46`, `S.C.
///   2000, c. 5`, `RSO 1990, c H.19`, `S.B.C. 2003, c. 20`: the McGill Guide, rule 2.1: the
///   volume is the revised (`R.S.`) or annual (`S.`) statutes of a jurisdiction), with the
///   supplement of the Revised Statutes that holds the chapter (`R.S.C. 1985, c. 1 (5th
///   Supp.)`, the Income Tax Act; rule 2.1.4);
/// - Canada's regulations (the McGill Guide, rule 3.4): the federal Statutory Orders and
///   Regulations and Statutory Instruments by year and number (`SOR/2018-144`,
///   `SI/2000-12`), the Consolidated Regulations of 1978 by chapter (`CRC, c 870`, `C.R.C.,
///   c. 870`), the provinces' by number and year (`O Reg 191/11`, `B.C. Reg. 10/2016`,
///   `Alta Reg 1/2016`) and Ontario's revised regulations by volume (`RRO 1990, Reg 194`).
pub(crate) const INSTRUMENT_PATTERN: &str = concat!(
    r"(?-u:\b)(?:(?P<sor>SOR|SI)/(?P<sory>(?:19|20)?\d\d)-(?P<sorn>\d{1,4})(?-u:\b)",
    r"|C\.?[ \t]?R\.?[ \t]?C\.?,?[ \t]+c\.?[ \t]*(?P<crc>\d{1,4})(?-u:\b)",
    r"|(?P<prov>O|B\.?[ \t]?C|Alta|Man|N\.?[ \t]?S|N\.?[ \t]?B|Sask|Nfld|Y\.?[ \t]?O\.?[ \t]?I\.?[ \t]?C)\.?[ \t]+Reg\.?[ \t]+(?P<pregn>\d{1,4})/(?P<pregy>(?:19|20)?\d\d)(?-u:\b)",
    r"|R\.?[ \t]?R\.?[ \t]?O\.?[ \t]+(?P<rroy>(?:19|20)\d\d),[ \t]*Reg\.?[ \t]+(?P<rron>\d{1,4})(?-u:\b)",
    r"|(?P<si>S\.?[ \t]?I\.?|S\.?S\.?I\.?|S\.?R\.?)[ \t]+(?P<siy>(?:19|20)\d\d)(?:/|[ \t]+No\.?[ \t]*)(?P<sin>\d{1,5})(?-u:\b)",
    r"|S\.?[ \t]?I\.?[ \t]+No\.?[ \t]*(?P<irsin>\d{1,4})[ \t]+of[ \t]+(?P<irsiy>(?:19|20)\d\d)(?-u:\b)",
    r"|(?P<vol>(?:R\.?[ \t]?)?S\.?[ \t]?(?:C|O|A|M|Q|S|Y|B\.?[ \t]?C|N\.?[ \t]?[SBL]|P\.?[ \t]?E\.?[ \t]?I|N\.?[ \t]?W\.?[ \t]?T|Nu))\.?,?[ \t]+(?P<voly>(?:1[89]|20)\d\d),[ \t]*c\.?[ \t]*(?P<ch>(?:[A-Z]{1,2}[-.][ \t]?)?\d{1,4}(?:\.\d{1,3})?)(?-u:\b)(?:[ \t]*\((?P<supp>\d(?:st|nd|rd|th|d))[ \t]+Supp\.?\))?)",
);

/// [`INSTRUMENT_PATTERN`] at the start of a text.
static INSTRUMENT: LazyLock<Regex> = LazyLock::new(|| {
    #[allow(clippy::expect_used)]
    Regex::new(&super::typographic_spaces(&format!(
        "^{INSTRUMENT_PATTERN}"
    )))
    .expect("static regex compiles")
});

/// The name of the instrument ([`INSTRUMENT_PATTERN`]) that a comma ends `before` with
/// (`SI 1998/1833, `, `RRO 1990, Reg 194, `), in [`instrument_at`]'s form: the provision
/// after it is the instrument's (`SI 1998/1833, reg 4`, `RRO 1990, Reg 194, r 21.01`;
/// OSCOLA rule 2.4, the McGill Guide rule 3.4). `None` when no instrument ends there.
pub(crate) fn instrument_ending(before: &str) -> Option<String> {
    static BEFORE: LazyLock<Regex> = LazyLock::new(|| {
        #[allow(clippy::expect_used)]
        Regex::new(&super::typographic_spaces(&format!(
            r"(?:{INSTRUMENT_PATTERN})[ \t]*,[ \t]*$"
        )))
        .expect("static regex compiles")
    });
    let at = BEFORE.find(before)?.start();
    instrument_at(before, at).map(|(_, name)| name)
}

/// The instrument ([`INSTRUMENT`]) at byte `pos` of `text`: the end of its designation and
/// its name in OSCOLA's and the McGill Guide's form (`SI 2019/419`, `RSC 1985, c C-46`).
/// `None` when none starts there.
pub(crate) fn instrument_at(text: &str, pos: usize) -> Option<(usize, String)> {
    let caps = INSTRUMENT.captures(text.get(pos..)?)?;
    let end = pos + caps.get(0)?.end();
    let bare = |s: &str| {
        s.chars()
            .filter(|c| c.is_ascii_alphabetic())
            .collect::<String>()
    };
    let name = if let Some(sor) = caps.name("sor") {
        format!("{}/{}-{}", sor.as_str(), &caps["sory"], &caps["sorn"])
    } else if let Some(chapter) = caps.name("crc") {
        format!("CRC, c {}", chapter.as_str())
    } else if let Some(province) = caps.name("prov") {
        format!(
            "{} Reg {}/{}",
            bare(province.as_str()),
            &caps["pregn"],
            &caps["pregy"]
        )
    } else if let Some(year) = caps.name("rroy") {
        format!("RRO {}, Reg {}", year.as_str(), &caps["rron"])
    } else if let Some(number) = caps.name("irsin") {
        format!("SI No {} of {}", number.as_str(), &caps["irsiy"])
    } else if let Some(si) = caps.name("si") {
        format!("{} {}/{}", bare(si.as_str()), &caps["siy"], &caps["sin"])
    } else {
        let chapter: String = caps["ch"].chars().filter(|c| !c.is_whitespace()).collect();
        let supplement = caps
            .name("supp")
            .map(|n| format!(" ({} Supp)", n.as_str()))
            .unwrap_or_default();
        format!(
            "{} {}, c {chapter}{supplement}",
            bare(&caps["vol"]),
            &caps["voly"]
        )
    };
    Some((end, name))
}

#[cfg(test)]
mod tests {
    use crate::citation::{CitationKind, extract};

    // Class: sections of numbered acts, after the act (India's amendment notes) and before
    // it (South African cross-references); a State's act keeps its State.
    #[test]
    fn sections_of_numbered_acts_are_the_acts() {
        let text = "words and figures inserted by Act 10 of 1963, section 47 and Schedule I.";
        let cites = extract(text);
        let sections: Vec<_> = cites.iter().filter(|c| c.section.is_some()).collect();
        assert_eq!(sections.len(), 1, "{cites:#?}");
        assert_eq!(sections[0].kind, CitationKind::NamedAct);
        assert_eq!(sections[0].named_code(), Some("Act 10 of 1963"));
        assert_eq!(sections[0].section.as_deref(), Some("47"));

        let text = "[Vide Rajasthan Act 34 of 1958, sec. 3 (w.e.f. 1-7-1958)]";
        let cites = extract(text);
        let section = cites.iter().find(|c| c.section.is_some());
        assert_eq!(
            section.and_then(|c| c.named_code()),
            Some("Rajasthan Act 34 of 1958"),
            "{cites:#?}"
        );

        // An ordinance or a regulation numbered in its year as the acts are (AILA 2019's
        // Code of Criminal Procedure, 1973: `[Vide Regulation 1 of 1974, sec, 5 …]`).
        let text = "[Vide Regulation 1 of 1974, sec. 5 (w.e.f. 30-3-1974)].";
        let cites = extract(text);
        let section = cites.iter().find(|c| c.section.is_some());
        assert_eq!(
            section.map(|c| (c.named_code(), c.section.as_deref())),
            Some((Some("Regulation 1 of 1974"), Some("5"))),
            "{cites:#?}"
        );
        let cites = extract("as amended by section 3 of Ordinance No. 5 of 1944");
        assert_eq!(
            cites[0].named_code(),
            Some("Ordinance 5 of 1944"),
            "{cites:#?}"
        );
        // The European Union numbers no regulation so: `Regulation No 1 of 15 April 1958`.
        assert!(
            extract("Regulation No 1 of 15 April 1958 determining the languages")
                .iter()
                .all(|c| !c
                    .named_code()
                    .is_some_and(|n| n.starts_with("Regulation 1"))),
        );
        let text = "The accused may be detained under section 5 of Act No. 51 of 1977.";
        let cites = extract(text);
        assert_eq!(cites.len(), 1, "{cites:#?}");
        assert_eq!(cites[0].named_code(), Some("Act 51 of 1977"));
        assert_eq!(cites[0].section.as_deref(), Some("5"));
        // India's texts as distributed set a space before the comma; the Council's markup
        // does so around a citation of the Code, which stays the Code's.
        let text = "Substituted by Act 104 of 1976 , section 27, for the words";
        let cites = extract(text);
        let section = cites.iter().find(|c| c.section.is_some());
        assert_eq!(
            section.and_then(|c| c.named_code()),
            Some("Act 104 of 1976"),
            "{cites:#?}"
        );
        let text = "as added by D.C. Law 20-110 , §§ 21-211 as Subpart 5 of this part.";
        let cites = extract(text);
        let section = cites.iter().find(|c| c.section.is_some());
        assert_eq!(
            section.map(|c| c.kind),
            Some(CitationKind::Section),
            "{cites:#?}"
        );
        assert!(super::is_numbered_act("West Bengal Act 37 of 1974"));
        assert!(super::is_numbered_act("SI 2019/419"));
        assert!(super::is_numbered_act("RSC 1985, c C-46"));
        assert!(!super::is_numbered_act("Act of Aug. 14, 1935, ch. 531"));
    }

    /// (raw, normalized) of each citation of `text`.
    fn read(text: &str) -> Vec<(String, String)> {
        let cites = extract(text);
        crate::citation::record::records(text, &cites)
            .into_iter()
            .map(|c| (c.raw, c.normalized.unwrap_or_default()))
            .collect()
    }

    /// `(raw, normalized)` pairs as owned strings, to compare with [`read`]'s.
    fn pairs(v: &[(&str, &str)]) -> Vec<(String, String)> {
        v.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    // Class: the Commonwealth's instruments by number (OSCOLA rule 2.4's and the McGill
    // Guide's rule 2.1's own examples), their sections after them, and what they are not.
    #[test]
    fn instruments_numbered_in_their_year_or_volume() {
        assert_eq!(
            read("the Equality Act 2010 (Specific Duties) Regulations 2011, SI 2011/2260, reg 2"),
            // The regulation is the instrument's the number names (a title with an act's
            // name inside is not read as the instrument's).
            pairs(&[
                ("SI 2011/2260", "SI 2011/2260"),
                ("reg 2", "SI 2011/2260 § 2")
            ])
        );
        assert_eq!(
            read("S.I. 2019 No. 419 and SSI 2011/123"),
            pairs(&[
                ("S.I. 2019 No. 419", "SI 2019/419"),
                ("SSI 2011/123", "SSI 2011/123")
            ])
        );
        assert_eq!(
            read("Criminal Code, RSC 1985, c C-46, s 718"),
            pairs(&[
                ("RSC 1985, c C-46", "RSC 1985, c C-46"),
                ("s 718", "RSC 1985, c C-46 § 718")
            ])
        );
        assert_eq!(
            read("Human Rights Code, R.S.O. 1990, c. H.19, s. 5(1)"),
            pairs(&[
                ("R.S.O. 1990, c. H.19", "RSO 1990, c H.19"),
                ("s. 5(1)", "RSO 1990, c H.19 § 5(1)")
            ])
        );
        // A chapter in a supplement of the Revised Statutes (the McGill Guide, rule 2.1.4).
        assert_eq!(
            read("Income Tax Act, R.S.C. 1985, c. 1 (5th Supp.), s. 245(2)"),
            pairs(&[
                ("R.S.C. 1985, c. 1 (5th Supp.)", "RSC 1985, c 1 (5th Supp)"),
                ("s. 245(2)", "RSC 1985, c 1 (5th Supp) § 245(2)")
            ])
        );
        // South Carolina's code stays a state's; a year and a chapter alone are no volume.
        assert_eq!(
            extract("S.C. Code Ann. § 16-3-20")[0].kind,
            CitationKind::StateStatute
        );
        assert!(extract("In 1985, c. 5 was the year").is_empty());
    }

    // Class: Canada's regulations by the McGill Guide's rule 3.4 (its own examples' forms):
    // the federal SOR and SI by year and number, the Consolidated Regulations by chapter,
    // the provinces' by number and year, Ontario's revised regulations by volume; a section
    // after one is the regulation's.
    #[test]
    fn canadian_regulations_by_number() {
        assert_eq!(
            read(
                "Canadian Aviation Regulations, SOR/96-433, s 602.01; Food and Drug Regulations, C.R.C., c. 870"
            ),
            pairs(&[
                ("SOR/96-433", "SOR/96-433"),
                ("s 602.01", "SOR/96-433 § 602.01"),
                ("C.R.C., c. 870", "CRC, c 870")
            ])
        );
        assert_eq!(
            read("General, O Reg 191/11, s 2; RRO 1990, Reg 194; B.C. Reg. 10/2016; SI/2000-12"),
            pairs(&[
                ("O Reg 191/11", "O Reg 191/11"),
                ("s 2", "O Reg 191/11 § 2"),
                ("RRO 1990, Reg 194", "RRO 1990, Reg 194"),
                ("B.C. Reg. 10/2016", "BC Reg 10/2016"),
                ("SI/2000-12", "SI/2000-12")
            ])
        );
        // A year and a slash alone are no regulation's number.
        assert!(extract("the SOR/2018 budget and O 12/11").is_empty());
    }
}
