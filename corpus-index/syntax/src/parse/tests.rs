//! Parser tests on the real text of the example workspace (NYC Local Law 144).

use std::path::Path;

use super::*;
use crate::citation::{CitationKind, CodeRef, Relative};
use crate::model::{Format, LabelStyle, Unit};
use crate::test_support::example;

fn outline(doc: &Document) -> Vec<String> {
    doc.provisions
        .iter()
        .map(|p| format!("{}{}", "  ".repeat(p.depth as usize), p.number))
        .collect()
}

#[test]
fn section_tree_of_20_871() {
    let doc = example("statute/nyc-admin-code-20-871.md");
    assert_eq!(doc.namespace, "NYC Admin. Code");
    assert!(doc.namespace_is_code);
    assert_eq!(doc.kind, DocumentKind::Statute);
    assert_eq!(
        outline(&doc),
        vec![
            "20-871", "  a", "    1", "    2", "  b", "    1", "    2", "    3"
        ]
    );
    let section = &doc.provisions[0];
    assert_eq!(section.unit, Unit::Section);
    assert_eq!(
        section.heading.as_deref(),
        Some("Requirements for automated employment decision tools")
    );
    let b = doc.child_by_label(0, "b").expect("(b)");
    assert_eq!(
        doc.provisions[b].heading.as_deref(),
        Some("Notices required")
    );
    assert_eq!(doc.provisions[b].style, Some(LabelStyle::AlphaDot));
    let b1 = doc.child_by_label(b, "1").expect("(b)(1)");
    let text = doc.provision_text(b1);
    assert!(text.starts_with("1. That an automated employment decision tool"));
    assert!(text.contains("no less than ten business days"));
    assert!(!text.contains("2. The job qualifications"));
    assert_eq!(doc.display_path(b1), "§ 20-871(b)(1)");
    // The subdivision spans its paragraphs.
    assert!(
        doc.provisions[b]
            .span
            .contains(&doc.provisions[b1].span.start)
    );
    assert!(
        doc.provisions[b].span.end
            >= doc.provisions[doc.child_by_label(b, "3").expect("(3)")]
                .span
                .end
    );
}

#[test]
fn section_tree_of_6_rcny_5_301() {
    let doc = example("rules/6-rcny-5-301.md");
    assert_eq!(doc.namespace, "6 RCNY");
    assert_eq!(doc.kind, DocumentKind::Regulation);
    let top: Vec<&str> = doc.provisions[0]
        .children
        .iter()
        .map(|&c| doc.provisions[c].number.as_str())
        .collect();
    assert_eq!(top, vec!["a", "b", "c", "d"]);
    let b = doc.child_by_label(0, "b").expect("(b)");
    let b3 = doc.child_by_label(b, "3").expect("(b)(3)");
    let items: Vec<(&str, Option<LabelStyle>)> = doc.provisions[b3]
        .children
        .iter()
        .map(|&c| (doc.provisions[c].number.as_str(), doc.provisions[c].style))
        .collect();
    assert_eq!(
        items,
        vec![
            ("i", Some(LabelStyle::RomanDot)),
            ("ii", Some(LabelStyle::RomanDot)),
            ("iii", Some(LabelStyle::RomanDot))
        ]
    );
    // The example tables are text of (b), not provisions.
    assert!(doc.provisions.iter().all(|p| p.number != "Male"));
    let c = doc.child_by_label(0, "c").expect("(c)");
    assert_eq!(doc.provisions[c].children.len(), 5);
}

#[test]
fn definitions_sections_nest_items_under_each_term() {
    let doc = example("rules/6-rcny-5-300.md");
    let terms: Vec<&str> = doc.provisions[0]
        .children
        .iter()
        .map(|&c| doc.provisions[c].number.as_str())
        .collect();
    assert!(terms.contains(&"Automated Employment Decision Tool"));
    assert!(terms.contains(&"Independent Auditor"));
    let auditor = doc.provisions[0]
        .children
        .iter()
        .copied()
        .find(|&c| doc.provisions[c].number == "Independent Auditor")
        .expect("term");
    assert_eq!(doc.provisions[auditor].children.len(), 3);
    let aedt = doc
        .definitions
        .iter()
        .find(|d| d.term == "Automated employment decision tool")
        .expect("AEDT defined");
    assert_eq!(aedt.aliases, vec!["AEDT"]);
    assert!(
        doc.code_aliases
            .contains(&("Code".to_string(), "NYC Admin. Code".to_string()))
    );
}

#[test]
fn citation_forms_of_the_corpus() {
    let doc = example("statute/nyc-admin-code-20-872.md");
    let normalized: Vec<String> = doc.citations.iter().map(|c| c.normalized()).collect();
    // `subdivision a of section 20-871`
    assert!(
        normalized.contains(&"§ 20-871(a)".to_string()),
        "{normalized:?}"
    );
    // `paragraphs 1, 2 or 3 of subdivision b of section  20-871`
    for p in ["1", "2", "3"] {
        assert!(
            normalized.contains(&format!("§ 20-871(b)({p})")),
            "{normalized:?}"
        );
    }
    let doc = example("rules/6-rcny-5-304.md");
    let c = &doc.citations[0];
    assert_eq!(&doc.text[c.span.clone()], "§ 20-871(b)(1) of the Code");
    assert_eq!(c.code, Some(CodeRef::Named("the Code".into())));
    let doc = example("rules/6-rcny-5-302.md");
    let c = &doc.citations[0];
    assert_eq!(&doc.text[c.span.clone()], "section 5-301 of this Chapter");
    assert_eq!(c.code, Some(CodeRef::This));
    let doc = example("guidance/6-rcny-subchapter-t-notice-of-adoption.md");
    let cfr = doc
        .citations
        .iter()
        .find(|c| c.kind == CitationKind::Cfr)
        .expect("29 C.F.R. § 1607.4");
    assert_eq!(cfr.normalized(), "29 C.F.R. 1607.4");
    let policy = example("policy/acme-aedt-hiring-policy.md");
    let range = policy
        .citations
        .iter()
        .find(|c| c.range_end.is_some() && c.kind == CitationKind::StateStatute)
        .expect("§§ 20-870 through 20-874");
    assert_eq!(range.normalized(), "NYC Admin. Code §§ 20-870 to 20-874");
    let rcny = policy
        .citations
        .iter()
        .find(|c| c.normalized() == "6 RCNY § 5-301(b)")
        .expect("6 RCNY § 5-301(b)");
    assert_eq!(rcny.kind, CitationKind::StateRegulation);
}

#[test]
fn relative_references_resolve_from_where_they_stand() {
    let doc = example("rules/6-rcny-5-301.md");
    // In (b)(3): `paragraphs (1) and (2) of this subdivision` → (b)(1), (b)(2).
    let rel: Vec<(String, Option<Relative>)> = doc
        .citations
        .iter()
        .map(|c| (c.normalized(), c.relative))
        .collect();
    assert_eq!(rel[0].0, "§ 5-301(b)(1)");
    assert_eq!(rel[1].0, "§ 5-301(b)(2)");
    // In (c)(4): the same words point into (c).
    assert!(rel.iter().any(|(n, _)| n == "§ 5-301(c)(3)"));
    let doc = example("rules/6-rcny-5-302.md");
    let c = &doc.citations[1];
    assert_eq!(&doc.text[c.span.clone()], "subdivision (a) of this section");
    assert_eq!(c.normalized(), "§ 5-302(a)");
    // Citations in headers are the headers themselves, not references.
    assert!(
        doc.citations
            .iter()
            .all(|c| c.span.start > doc.provisions[0].label_span.end)
    );
}

#[test]
fn front_matter_sets_kind_title_and_namespace() {
    let doc = example("policy/acme-aedt-hiring-policy.md");
    assert_eq!(doc.kind, DocumentKind::Policy);
    assert_eq!(
        doc.title,
        "Acme Corp. Policy on Automated Employment Decision Tools"
    );
    assert_eq!(doc.namespace, "Acme AEDT Policy");
    let sections: Vec<&str> = doc
        .sections()
        .map(|s| doc.provisions[s].number.as_str())
        .collect();
    assert_eq!(sections, vec!["1", "2", "3", "4", "5", "6"]);
    let guidance = example("guidance/6-rcny-subchapter-t-notice-of-adoption.md");
    assert_eq!(guidance.kind, DocumentKind::Guidance);
}

#[test]
fn a_provision_heading_does_not_make_a_statute_a_policy() {
    use crate::model::DocumentKind;
    for (title, rel, want) in [
        (
            "Article 79 — Procedure at national level for dealing with AI systems presenting a risk",
            "articles/article-079.md",
            DocumentKind::Statute,
        ),
        (
            "Annex VI — Conformity assessment procedure based on internal control",
            "annexes/annex-06-VI.md",
            DocumentKind::Statute,
        ),
        (
            "S33 — Procedure where Court considers that case should not be dealt with",
            "statutes/S33.md",
            DocumentKind::Statute,
        ),
        ("Acme Hiring Policy", "acme-hiring.md", DocumentKind::Policy),
        (
            "Article 3 — Definitions",
            "policies/article-3.md",
            DocumentKind::Policy,
        ),
    ] {
        let doc = parse_document(
            Path::new(rel),
            rel,
            format!("# {title}\n\nText of it.\n"),
            Format::Markdown,
            &Hints::default(),
            Vec::new(),
        );
        assert_eq!(doc.kind, want, "{title}");
    }
}

/// An HTML comment of a Markdown file is the author's note, never shown: its breadcrumb
/// (`<!-- Rules of the City of New York, Title 6, Chapter 5, Subchapter T … -->`) is no
/// citation, while the body's are.
#[test]
fn markdown_comments_hold_no_citations() {
    let doc = example("rules/6-rcny-5-303.md");
    let comment_end = doc.text.find("-->").expect("the file's breadcrumb comment");
    assert!(doc.text[..comment_end].contains("Rules of the City of New York, Title 6"));
    assert!(!doc.citations.is_empty());
    assert!(
        doc.citations.iter().all(|c| c.span.start > comment_end),
        "{:?}",
        doc.citations
            .iter()
            .map(|c| &doc.text[c.span.clone()])
            .collect::<Vec<_>>()
    );
}
