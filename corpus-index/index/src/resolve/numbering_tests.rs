//! What a bare number can cite, by the numbering of the citing code: real sentences of the
//! D.C. Code (Open Law Library XML, as the Council publishes it) and of an act read as a
//! document of its own.

use std::path::Path;
use std::sync::Arc;

use crate::config::Config;
use crate::resolve::Resolution;
use crate::workspace::{DocEntry, Snapshot};
use lexls_syntax::model::Format;
use lexls_syntax::parse::{Hints, parse_document};

/// A D.C. Code section file: `number`, its text and one note of `note_type`.
fn dc_section(number: &str, text: &str, note_type: &str, note: &str) -> String {
    format!(
        "<?xml version='1.0' encoding='utf-8'?>\n<section xmlns=\"https://code.dccouncil.us/schemas/dc-library\" containing-doc=\"D.C. Code\">\n  <num>{number}</num>\n  <heading>Heading.</heading>\n  <text>{text}</text>\n  <annotations>\n    <annotation type=\"{note_type}\">{note}</annotation>\n  </annotations>\n</section>\n"
    )
}

/// Every citation of document `name` with its resolution, the files `files` being the
/// workspace.
fn resolutions(files: &[(&str, String, Format)], name: &str) -> Vec<(String, Resolution)> {
    let entries = files
        .iter()
        .map(|(rel, src, format)| {
            DocEntry::new(parse_document(
                Path::new(rel),
                rel,
                src.clone(),
                *format,
                &Hints::default(),
                Vec::new(),
            ))
        })
        .collect();
    let snap = Snapshot::build(Path::new(""), Arc::new(Config::default()), entries, None);
    let (d, doc) = snap
        .docs
        .iter()
        .enumerate()
        .find(|(_, d)| d.rel_path == name)
        .expect("document");
    doc.citations
        .iter()
        .zip(snap.resolutions[d].iter())
        .map(|(c, r)| (doc.text[c.span.clone()].to_string(), r.clone()))
        .collect()
}

fn of(r: &[(String, Resolution)], raw: &str) -> Resolution {
    r.iter()
        .find(|(t, _)| t == raw)
        .map(|(_, r)| r.clone())
        .unwrap_or_else(|| panic!("{raw} not read: {r:?}"))
}

fn section_of(files: &[(&str, String, Format)], r: &Resolution) -> String {
    let Resolution::Resolved { target, .. } = r else {
        panic!("not resolved: {r:?}");
    };
    let entries: Vec<&str> = files.iter().map(|(rel, _, _)| *rel).collect();
    let mut sorted = entries.clone();
    sorted.sort();
    sorted[target.doc].to_string()
}

/// Class: every section of the D.C. Code carries its title (`§ 47-2834`), so a bare plain
/// number in it (`section 5` of the act a note quotes, `§ 3002` of an act named after it,
/// even when a short form would give it the code of the citation before) is not a section
/// of the code: outside the workspace, not a missing section. A number shaped like the
/// code's stays the code's, and a missing one is reported.
#[test]
fn a_number_the_code_never_uses_is_not_its_section() {
    let files = [
        (
            "47-2834.xml",
            dc_section(
                "47-2834",
                "The Mayor shall administer the zone under § 47-2601 and § 47-2699.",
                "Editor's Notes",
                "D.C. Law 13-172 provided: “(a) Notwithstanding section 5, but subject to subsection (f) of this section, there is established the Capitol Riverfront zone.” For temporary (90 day) addition, see D.C. Official Code § 47-2601, and § 3002 of Fiscal Year 2010 Budget Support Emergency Act of 2009.",
            ),
            Format::Xml,
        ),
        (
            "47-2601.xml",
            dc_section("47-2601", "Definitions.", "History", "1973 Ed., § 47-2601."),
            Format::Xml,
        ),
    ];
    let r = resolutions(&files, "47-2834.xml");
    assert_eq!(
        of(&r, "section 5"),
        Resolution::External { code: None },
        "{r:?}"
    );
    // The act is named after the section, without the article: its section, outside the
    // workspace.
    assert_eq!(
        of(
            &r,
            "§ 3002 of Fiscal Year 2010 Budget Support Emergency Act of 2009"
        ),
        Resolution::External {
            code: Some("Fiscal Year 2010 Budget Support Emergency Act of 2009".into())
        }
    );
    assert_eq!(section_of(&files, &of(&r, "§ 47-2601")), "47-2601.xml");
    assert!(matches!(
        of(&r, "§ 47-2699"),
        Resolution::Unresolved { ref namespace, .. } if &**namespace == "D.C. Code"
    ));
}

/// Class: the D.C. Code numbers the Uniform Commercial Code `28:article-section`, and the
/// uniform act's official comments cite its own numbers: `Section 2-103` in the comments to
/// § 28:2-706 is § 28:2-103, not Title 2's § 2-103.
#[test]
fn a_uniform_acts_number_is_read_in_the_citing_sections_title() {
    let files = [
        (
            "28~2-706.xml",
            dc_section(
                "28:2-706",
                "The seller may resell the goods concerned, subject to the terms of the contract and this article.",
                "Uniform Commercial Code Comment",
                "“Seller”.  Section 2-103.",
            ),
            Format::Xml,
        ),
        (
            "28~2-103.xml",
            dc_section("28:2-103", "Definitions.", "History", "Pub. L. 88-243, § 1"),
            Format::Xml,
        ),
        (
            "2-103.xml",
            dc_section(
                "2-103",
                "Another title's section.",
                "History",
                "1973 Ed., § 1-1103.",
            ),
            Format::Xml,
        ),
        (
            "2-104.xml",
            dc_section(
                "2-104",
                "As provided in section 2-103.",
                "History",
                "1973 Ed., § 1-1104.",
            ),
            Format::Xml,
        ),
    ];
    let r = resolutions(&files, "28~2-706.xml");
    assert_eq!(section_of(&files, &of(&r, "Section 2-103")), "28~2-103.xml");
    // `this article` there is the UCC's Article 2, a division above the section, as in
    // D.C. Code § 28:7-308(b) (`subject to the terms of the bill of lading and this
    // article`): the code, not § 28:2-706.
    assert_eq!(
        of(&r, "this article"),
        Resolution::Code {
            namespace: "D.C. Code".into()
        }
    );
    // Outside the title numbered with a colon, the same number is Title 2's.
    let r = resolutions(&files, "2-104.xml");
    assert_eq!(section_of(&files, &of(&r, "section 2-103")), "2-103.xml");
}

/// Class: `section 4 of this act` in a code's note is the act quoted (outside the
/// workspace); in an act read as a document of its own it is that act's section.
#[test]
fn this_act_is_the_citing_act_only_in_the_act() {
    let files = [
        (
            "15-501.xml",
            dc_section(
                "15-501",
                "Property exempt from attachment.",
                "Applicability",
                "Section 6 of D.C. Law 13-129 provided: “Section 4 of this act shall apply as of January 1, 2000.”",
            ),
            Format::Xml,
        ),
        (
            "act.md",
            "# Right to Fair Compensation and Transparency in Land Acquisition Act\n\n\
             ## Section 11. Publication of preliminary notification.\n\n\
             The appropriate Government shall publish a notification.\n\n\
             ## Section 24. Land acquisition process shall be deemed to have lapsed in certain cases.\n\n\
             Where an award under section 11 of this Act has been made, the proceedings shall continue.\n"
                .to_string(),
            Format::Markdown,
        ),
    ];
    let r = resolutions(&files, "15-501.xml");
    assert_eq!(
        of(&r, "Section 4 of this act"),
        Resolution::External {
            code: Some("this Act".into())
        }
    );
    let r = resolutions(&files, "act.md");
    assert_eq!(
        section_of(&files, &of(&r, "section 11 of this Act")),
        "act.md"
    );
}

/// Class: a name one document defines for a code (`“Code” means the Administrative Code of
/// the City of New York`, 6 RCNY § 5-300 as published) is that document's, and a text
/// outside every code may use it; a code's own text never takes it from another
/// jurisdiction: `section 4216(b)(3) of the Code` in 27 C.F.R. part 53 (whose § 53.11 means
/// the Internal Revenue Code) is no section of the New York City Administrative Code.
#[test]
fn a_name_defined_in_another_code_is_not_the_citing_codes() {
    let files = [
        (
            "nyc/6-rcny-5-300.md",
            "# 6 RCNY § 5-300 Definitions\n\nAs used in this subchapter, the following terms have the following meanings:\n\nCode. “Code” means the Administrative Code of the City of New York.\n"
                .to_string(),
            Format::Markdown,
        ),
        (
            "nyc/admin-code-20-871.md",
            "# NYC Admin. Code § 20-871 Requirements for automated employment decision tools.\n\na. In the city, it shall be unlawful for an employer to use an automated employment decision tool.\n"
                .to_string(),
            Format::Markdown,
        ),
        (
            "cfr/27-cfr-53.142.md",
            "# 27 CFR § 53.142 Constructive sale price; affiliated corporations.\n\n(a) In general. Section 4216(b)(3) of the Code provides a formula for determining a constructive sale price for sales of taxable articles between members of an affiliated group of corporations.\n"
                .to_string(),
            Format::Markdown,
        ),
        (
            "policy.md",
            "# Hiring policy\n\nEvery tool is audited as section 20-871 of the Code requires.\n".to_string(),
            Format::Markdown,
        ),
    ];
    let r = resolutions(&files, "cfr/27-cfr-53.142.md");
    let in_cfr = of(&r, "Section 4216(b)(3) of the Code");
    assert_eq!(in_cfr.provisions().count(), 0, "{in_cfr:?}");
    assert!(!format!("{in_cfr:?}").contains("NYC"), "{in_cfr:?}");
    let r = resolutions(&files, "policy.md");
    assert_eq!(
        section_of(&files, &of(&r, "section 20-871 of the Code")),
        "nyc/admin-code-20-871.md"
    );
}

/// Class: a container of another title of the U.S. Code, which the Code names without its
/// own name (the OLRC's `subchapter II of chapter 53 of title 5` in title 42): that title's,
/// in the workspace or outside it, never the citing title.
#[test]
fn a_container_of_another_title_is_that_titles() {
    let citing = (
        "usc/42-usc-3796.md",
        "# 42 U.S.C. § 3796 Compensation\n\nThe rate shall not exceed the rate for level II of the Executive Schedule under subchapter II of chapter 53 of title 5.\n"
            .to_string(),
        Format::Markdown,
    );
    let other_title = (
        "usc/5-usc-5313.md",
        "# 5 U.S.C. § 5313 Positions at level II\n\nLevel II of the Executive Schedule applies to the following positions.\n"
            .to_string(),
        Format::Markdown,
    );
    let phrase = "subchapter II of chapter 53 of title 5";
    let r = resolutions(&[citing.clone(), other_title], "usc/42-usc-3796.md");
    assert_eq!(
        of(&r, phrase),
        Resolution::Code {
            namespace: "5 U.S.C.".into()
        }
    );
    let r = resolutions(&[citing], "usc/42-usc-3796.md");
    assert_eq!(
        of(&r, phrase),
        Resolution::External {
            code: Some("5 U.S.C.".into())
        }
    );
}

/// Class: India's drafting spells a section inserted after section 5 `section 5-A`; the
/// letter after the hyphen names no chapter, so the number is no structured number of a
/// code numbered `title-section` (6 RCNY's `5-301`): in a statute of India as distributed
/// (AILA 2019, S56, the Dowry Prohibition Act) it is outside the workspace, not a missing
/// section of the New York City rules.
#[test]
fn a_lettered_section_after_a_hyphen_is_no_chapter_of_another_code() {
    let files = [
        (
            "india/S56.txt",
            "Title: Power to make rules\nDesc: (1) The State Government may make rules for carrying out the purposes of this Act, and in particular the rules may provide for the additional functions to be performed by the Dowry Prohibition Officers under section 5-A, sub-section (2).\n".to_string(),
            Format::Text,
        ),
        (
            "nyc/6-rcny-5-301.md",
            "---\nnamespace: 6 RCNY\nkind: regulation\n---\n# § 5-301 Bias Audit\n\n(a) An employer shall conduct a bias audit.\n".to_string(),
            Format::Markdown,
        ),
    ];
    let r = resolutions(&files, "india/S56.txt");
    let (_, res) = r
        .iter()
        .find(|(t, _)| t.starts_with("section 5-A"))
        .unwrap_or_else(|| panic!("section 5-A not read: {r:?}"));
    assert!(
        !matches!(res, Resolution::Unresolved { namespace, .. } if &**namespace == "6 RCNY"),
        "{res:?}"
    );
}
