//! Parsing stays linear in the file whatever its nesting (issue 14): generated files with
//! thousands of nested sections, articles and paragraphs give trees, chunks and citations
//! whose total size is linear in the file. These tests check the structure, not the time
//! (`docs/measurements.md` has the timings).

use std::path::Path;

use crate::search::chunk::chunk_document;
use lexls_syntax::model::Document;
use lexls_syntax::model::{Format, MAX_DEPTH, Unit};
use lexls_syntax::parse::*;
use lexls_syntax::test_support::violations;

fn parse_xml(src: &str) -> Document {
    parse_document(
        Path::new("deep.xml"),
        "deep.xml",
        src.to_string(),
        Format::Xml,
        &Hints::default(),
        Vec::new(),
    )
}

/// `n` USLM sections, each opened inside the one before.
fn nested_uslm_sections(n: usize) -> String {
    let mut src = String::from(
        "<?xml version=\"1.0\"?>\n<uscDoc xmlns=\"http://xml.house.gov/schemas/uslm/1.0\" identifier=\"/us/usc/t99\"><main>\n",
    );
    for i in 1..=n {
        src.push_str(&format!(
            "<section><num value=\"{i}\">§ {i}.</num><heading>Heading {i}</heading><content>Text of section {i} under this section.</content>\n"
        ));
    }
    src.push_str(&"</section>".repeat(n));
    src.push_str("\n</main></uscDoc>\n");
    src
}

/// The sum of the lengths of the provisions' spans, and of the chunks' texts.
fn stored_text(doc: &Document) -> (usize, usize) {
    let spans = doc.provisions.iter().map(|p| p.span.len()).sum();
    let doc = std::sync::Arc::new(doc.clone());
    let chunks = chunk_document(&doc).iter().map(|c| c.text().len()).sum();
    (spans, chunks)
}

#[test]
fn ten_thousand_nested_sections_are_ten_thousand_sections_holding_their_own_text() {
    let src = nested_uslm_sections(10_000);
    let doc = parse_xml(&src);
    assert_eq!(violations(&doc, &src), Vec::<String>::new());
    assert_eq!(doc.sections().count(), 10_000);
    // Each section holds its own text, not that of the sections opened inside it.
    let s5 = doc.section_by_number(Unit::Section, "5").expect("§ 5");
    let text = doc.provision_text(s5);
    assert!(text.contains("Text of section 5 "), "{text}");
    assert!(!text.contains("section 6"), "{text}");
    assert_eq!(doc.provisions[s5].heading.as_deref(), Some("Heading 5"));
    // What is stored stays linear: spans do not overlap, chunks repeat a bounded context.
    let (spans, chunks) = stored_text(&doc);
    assert!(
        spans <= src.len(),
        "{spans} bytes of spans for {}",
        src.len()
    );
    assert!(chunks <= 2 * src.len(), "{chunks} bytes of chunks");
    // The nesting is reported once, with the count.
    let nested: Vec<_> = doc
        .problems
        .iter()
        .filter(|p| p.message.contains("is nested inside"))
        .collect();
    assert_eq!(nested.len(), 1, "{:?}", doc.problems);
    assert!(
        nested[0].message.contains("9998 more"),
        "{}",
        nested[0].message
    );
    // `this section` in § 7000 is § 7000.
    let here = doc
        .citations
        .iter()
        .find(|c| {
            c.span.start
                > doc.provisions[doc.section_by_number(Unit::Section, "7000").expect("§")]
                    .span
                    .start
        })
        .expect("a citation after § 7000");
    assert_eq!(here.section.as_deref(), Some("7000"));
}

#[test]
fn nested_akoma_ntoso_articles_are_articles_of_their_own() {
    let n = 5_000;
    let mut src = String::from(
        "<akomaNtoso xmlns=\"http://docs.oasis-open.org/legaldocml/ns/akn/3.0\"><act><body>\n",
    );
    for i in 1..=n {
        src.push_str(&format!(
            "<article><num>Article {i}</num><heading>H{i}</heading><paragraph><num>1.</num><content><p>Point of article {i}.</p></content></paragraph>\n"
        ));
    }
    src.push_str(&"</article>".repeat(n));
    src.push_str("</body></act></akomaNtoso>");
    let doc = parse_xml(&src);
    assert_eq!(violations(&doc, &src), Vec::<String>::new());
    assert_eq!(doc.sections().count(), n);
    let a = doc
        .section_by_number(Unit::Article, "4321")
        .expect("Article 4321");
    assert_eq!(doc.provisions[a].children.len(), 1);
    assert!(!doc.provision_text(a).contains("article 4322"));
    let (spans, chunks) = stored_text(&doc);
    assert!(
        spans <= src.len() && chunks <= 2 * src.len(),
        "{spans} {chunks}"
    );
}

#[test]
fn paragraphs_nested_past_the_deepest_level_are_text_of_the_deepest() {
    // 10,000 paragraphs, each inside the one before, each citing `paragraph (1) of this
    // subsection`: the tree stops at MAX_DEPTH, and anchoring stays short.
    let n = 10_000;
    let mut src = String::from(
        "<uscDoc xmlns=\"http://xml.house.gov/schemas/uslm/1.0\"><main><section><num value=\"1\">§ 1.</num>\n",
    );
    for i in 1..=n {
        src.push_str(&format!(
            "<paragraph><num value=\"{i}\">({i})</num><content>Level {i}, see paragraph (1) of this subsection.</content>\n"
        ));
    }
    src.push_str(&"</paragraph>".repeat(n));
    src.push_str("</section></main></uscDoc>");
    let doc = parse_xml(&src);
    assert_eq!(violations(&doc, &src), Vec::<String>::new());
    assert_eq!(doc.provisions.len(), usize::from(MAX_DEPTH) + 1);
    let deepest = doc.provisions.len() - 1;
    assert_eq!(doc.provisions[deepest].depth, MAX_DEPTH);
    assert!(doc.provision_text(deepest).contains("Level 9999,"));
    assert!(
        doc.problems
            .iter()
            .any(|p| p.message.contains("nested more than 16 levels")),
        "{:?}",
        doc.problems
    );
    assert_eq!(doc.citations.len(), n);
    let labels: usize = doc.citations.iter().map(|c| c.subsections.len()).sum();
    assert!(labels <= n * 3, "{labels} labels in {n} citations");
    let (_, chunks) = stored_text(&doc);
    assert!(chunks <= 3 * src.len(), "{chunks}");
}

#[test]
fn unmatched_and_unclosed_tags_report_a_bounded_number_of_problems() {
    let mut src = String::from("<doc>");
    src.push_str(&"<a>".repeat(5_000));
    src.push_str(&"</b>x\n".repeat(20_000));
    src.push_str(&"&bogus; ".repeat(20_000));
    src.push_str("</doc>");
    let doc = parse_xml(&src);
    assert_eq!(violations(&doc, &src), Vec::<String>::new());
    assert!(doc.problems.len() <= 25, "{}", doc.problems.len());
    assert!(
        doc.problems
            .iter()
            .any(|p| p.message.contains("more markup problems not shown")),
        "{:?}",
        doc.problems.last()
    );
    assert!(doc.problems[0].message.contains("on line 1"));
}

#[test]
fn markdown_with_many_code_and_comment_blocks_keeps_their_citations_out() {
    let mut src = String::new();
    for i in 1..=3_000 {
        src.push_str(&format!(
            "# § {i}. Heading {i}\n\n<!-- Title 1 > Chapter {i} -->\n\n(a) See § {i}.\n\n```\n§ 99999 is code\n```\n\n"
        ));
    }
    let doc = parse_document(
        Path::new("big.md"),
        "big.md",
        src.clone(),
        Format::Markdown,
        &Hints::default(),
        Vec::new(),
    );
    assert_eq!(violations(&doc, &src), Vec::<String>::new());
    assert_eq!(doc.sections().count(), 3_000);
    assert_eq!(doc.citations.len(), 3_000);
    assert!(
        doc.citations
            .iter()
            .all(|c| c.section.as_deref() != Some("99999"))
    );
}

#[test]
fn provision_at_finds_the_innermost_provision() {
    let nyc = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/nyc-ll144");
    let usc = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/markup");
    for (path, format) in [
        (nyc.join("rules/6-rcny-5-300.md"), Format::Markdown),
        (
            nyc.join("statute/nyc-admin-code-20-871.md"),
            Format::Markdown,
        ),
        (usc.join("usc35-s122.xml"), Format::Xml),
        (usc.join("eu-ai-act-art6.html"), Format::Html),
    ] {
        let src = std::fs::read_to_string(&path).expect("fixture");
        let doc = parse_document(
            &path,
            "f",
            src.clone(),
            format,
            &Hints::default(),
            Vec::new(),
        );
        assert_eq!(violations(&doc, &src), Vec::<String>::new(), "{path:?}");
        for offset in (0..doc.text.len()).step_by(7) {
            // The deepest provision holding the offset, found the slow way.
            let slow = (0..doc.provisions.len())
                .filter(|&i| doc.provisions[i].span.contains(&offset))
                .max_by_key(|&i| doc.provisions[i].depth);
            assert_eq!(doc.provision_at(offset), slow, "{path:?} at {offset}");
        }
    }
}

/// A plain-text file that is one long line of statute text: its first line is its title,
/// cut to a name, so the title (and the namespace that falls back to it) does not carry the
/// whole text into every citation's resolution.
#[test]
fn a_file_of_one_long_line_has_a_title_of_bounded_length() {
    let sentence = "The employer shall notify each candidate who resides in the city that an automated employment decision tool will be used. See § 20-871(b). ";
    let text = sentence.repeat(2_000);
    let doc = parse_document(
        Path::new("one-line.txt"),
        "one-line.txt",
        text.clone(),
        Format::Text,
        &Hints::default(),
        Vec::new(),
    );
    assert!(doc.title.chars().count() <= 241, "{}", doc.title.len());
    assert!(doc.title.starts_with("The employer shall notify"));
    assert!(doc.title.ends_with('…'));
    assert!(doc.namespace.len() < 1_000);
    assert_eq!(doc.citations.len(), 2_000, "every citation still extracted");
}
