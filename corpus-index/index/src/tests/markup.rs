//! Parser tests on real XML and HTML statutes: excerpts of the U.S. Code (USLM 1.0), the
//! C.F.R. (GPO USLM), EUR-Lex Official Journal HTML (GDPR, AI Act) and an Akoma Ntoso 3.0
//! mark-up of the AI Act (see the provenance comment of each file in
//! `tests/fixtures/markup/`).

use std::path::{Path, PathBuf};

use crate::config::Config;
use crate::engine::Engine;
use crate::resolve::Resolution;
use lexls_syntax::line_index::LineIndex;
use lexls_syntax::model::{Document, DocumentKind};
use lexls_syntax::model::{Format, LabelStyle, Unit};
use lexls_syntax::parse::*;

fn fixture_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/markup")
        .join(name)
}

fn fixture_text(name: &str) -> String {
    #[allow(clippy::expect_used)]
    std::fs::read_to_string(fixture_path(name)).expect("fixture file")
}

fn parse(name: &str, format: Format) -> Document {
    parse_text(name, fixture_text(name), format)
}

/// Parses `text` as the workspace file `name`, without hints.
fn parse_text(name: &str, text: String, format: Format) -> Document {
    parse_document(
        Path::new(name),
        name,
        text,
        format,
        &Hints::default(),
        Vec::new(),
    )
}

/// The provision reached from section `number` of `unit` through `labels`.
fn find(doc: &Document, unit: Unit, number: &str, labels: &[&str]) -> Option<usize> {
    let mut id = doc.section_by_number(unit, number)?;
    for label in labels {
        id = doc.child_by_label(id, label)?;
    }
    Some(id)
}

/// The view keeps the file's length and lines, and its text has no markup.
/// Parses a fixture that must give no problem and a view of the file's lengths and lines.
fn parse_clean(name: &str, format: Format) -> Document {
    let doc = parse(name, format);
    assert!(doc.problems.is_empty(), "{:?}", doc.problems);
    assert_view_of(&doc, &fixture_text(name));
    doc
}

fn assert_view_of(doc: &Document, src: &str) {
    assert_eq!(doc.text.len(), src.len());
    assert_eq!(doc.text.lines().count(), src.lines().count());
    for (a, b) in doc.text.lines().zip(src.lines()) {
        assert_eq!(
            a.encode_utf16().count(),
            b.encode_utf16().count(),
            "a line changed its UTF-16 length: {b}"
        );
    }
    assert_eq!(doc.hash, blake3::hash(src.as_bytes()).to_hex().to_string());
}

#[test]
fn usc_section_122_from_uslm() {
    let doc = parse_clean("usc35-s122.xml", Format::Xml);
    let src = fixture_text("usc35-s122.xml");
    assert_eq!(doc.namespace, "35 U.S.C.");
    assert!(doc.namespace_is_code);
    assert_eq!(doc.kind, DocumentKind::Statute);
    assert_eq!(doc.title, "Title 35 — PATENTS");
    // One section: the quoted sections and subparagraphs of the notes are no provisions.
    assert_eq!(doc.sections().count(), 1, "{:?}", doc.provisions);
    let s = doc.section_by_number(Unit::Section, "122").expect("§ 122");
    let section = &doc.provisions[s];
    assert_eq!(
        section.heading.as_deref(),
        Some("Confidential status of applications; publication of patent applications")
    );
    let text = doc.provision_text(s);
    // The Code writes a narrow no-break space after `§`.
    assert!(text.starts_with("§\u{202f}122."), "{}", &text[..40]);
    assert!(!text.contains('<') && !text.contains("identifier="));
    assert!(text.contains("applications for patents shall be kept in confidence"));

    let b = find(&doc, Unit::Section, "122", &["b"]).expect("(b)");
    assert_eq!(doc.provisions[b].heading.as_deref(), Some("Publication"));
    assert_eq!(doc.provisions[b].style, Some(LabelStyle::AlphaParen));
    let tidy_b = markup::tidy(doc.provision_text(b));
    assert!(
        tidy_b.starts_with("(b) Publication.— (1) In general"),
        "{tidy_b}"
    );
    let b1a = find(&doc, Unit::Section, "122", &["b", "1", "A"]).expect("(b)(1)(A)");
    assert_eq!(doc.provisions[b1a].depth, 3);
    assert_eq!(doc.provisions[b1a].style, Some(LabelStyle::UpperAlphaParen));
    let clause = find(&doc, Unit::Section, "122", &["b", "2", "A", "iv"]).expect("(b)(2)(A)(iv)");
    assert_eq!(doc.provisions[clause].style, Some(LabelStyle::RomanParen));
    assert_eq!(doc.display_path(clause), "§ 122(b)(2)(A)(iv)");
    assert!(find(&doc, Unit::Section, "122", &["e", "2", "C"]).is_some());

    // Line and column of the section and of (b) are those of the file.
    let lines = LineIndex::new(&doc.text);
    let file_lines = LineIndex::new(&src);
    for (id, needle) in [(s, "§\u{202f}122."), (b, "(b)</num>")] {
        let at = src.find(needle).expect("label in the file");
        assert_eq!(doc.provisions[id].label_span.start, at);
        assert_eq!(
            lines.to_utf16(&doc.text, doc.provisions[id].span.start),
            file_lines.to_utf16(&src, at)
        );
    }
    // The notes' citations are read (`section 181`), the header is no self-citation.
    assert!(
        doc.citations
            .iter()
            .all(|c| c.span.start != section.label_span.start)
    );
}

#[test]
fn cfr_sections_from_gpo_uslm() {
    let doc = parse_clean("cfr27-s40.21-22.xml", Format::Xml);
    assert_eq!(doc.namespace, "27 C.F.R.");
    assert_eq!(doc.kind, DocumentKind::Regulation);
    let numbers: Vec<&str> = doc
        .sections()
        .map(|i| doc.provisions[i].number.as_str())
        .collect();
    assert_eq!(numbers, vec!["40.21", "40.22"]);
    let s = doc
        .section_by_number(Unit::Section, "40.22")
        .expect("§ 40.22");
    assert_eq!(
        doc.provisions[s].heading.as_deref(),
        Some("Determination of sale price of large cigars")
    );
    assert!(doc.provision_text(s).starts_with("§\u{2009}40.22"));
    let ii = find(&doc, Unit::Section, "40.22", &["b", "2", "ii"]).expect("(b)(2)(ii)");
    assert_eq!(
        doc.provisions[ii].heading.as_deref(),
        Some("Time of adjustment")
    );
    assert_eq!(doc.provisions[ii].style, Some(LabelStyle::RomanParen));
    let b1 = find(&doc, Unit::Section, "40.22", &["b", "1"]).expect("(b)(1)");
    assert_eq!(doc.provisions[b1].style, Some(LabelStyle::NumberParen));
}

#[test]
fn akoma_ntoso_articles_paragraphs_points_and_recitals() {
    let doc = parse_clean("eu-ai-act-akn.xml", Format::Xml);
    assert_eq!(doc.namespace, "Regulation (EU) 2024/1689");
    assert_eq!(doc.kind, DocumentKind::Statute);
    assert!(
        doc.title
            .starts_with("REGULATION (EU) 2024/1689 OF THE EUROPEAN PARLIAMENT")
    );
    let roots: Vec<String> = doc
        .sections()
        .map(|i| format!("{:?} {}", doc.provisions[i].unit, doc.provisions[i].number))
        .collect();
    // `SECTION 1` of chapter III groups articles: it is no provision.
    assert_eq!(roots, vec!["Recital 1", "Article 4", "Article 6"]);
    let a6 = doc
        .section_by_number(Unit::Article, "6")
        .expect("Article 6");
    assert_eq!(
        doc.provisions[a6].heading.as_deref(),
        Some("Classification rules for high-risk AI systems")
    );
    assert!(doc.provision_text(a6).starts_with("Article 6"));
    let p1a = find(&doc, Unit::Article, "6", &["1", "a"]).expect("6(1)(a)");
    assert_eq!(doc.provisions[p1a].style, Some(LabelStyle::AlphaParen));
    assert_eq!(
        doc.provisions[doc.provisions[p1a].parent.expect("parent")].style,
        Some(LabelStyle::NumberDot)
    );
    // Points of an unnumbered subparagraph belong to the paragraph.
    let p3d = find(&doc, Unit::Article, "6", &["3", "d"]).expect("6(3)(d)");
    assert!(doc.provision_text(p3d).contains("preparatory task"));
    assert_eq!(doc.display_path(p3d), "Article 6(3)(d)");
    let a4 = doc
        .section_by_number(Unit::Article, "4")
        .expect("Article 4");
    assert!(doc.provisions[a4].children.is_empty());
    // Citations inside the articles are read from the view.
    assert!(
        doc.citations
            .iter()
            .any(|c| doc.text[c.span.clone()].contains("Annex I"))
    );
}

#[test]
fn eur_lex_html_articles_of_the_gdpr() {
    let doc = parse_clean("gdpr-art5-6.html", Format::Html);
    let src = fixture_text("gdpr-art5-6.html");
    assert!(
        doc.title.starts_with("REGULATION (EU) 2016/679"),
        "{}",
        doc.title
    );
    assert_eq!(doc.namespace, "Regulation (EU) 2016/679");
    let roots: Vec<String> = doc
        .sections()
        .map(|i| format!("{:?} {}", doc.provisions[i].unit, doc.provisions[i].number))
        .collect();
    assert_eq!(roots, vec!["Article 5", "Article 6"]);
    let a6 = doc
        .section_by_number(Unit::Article, "6")
        .expect("Article 6");
    assert_eq!(
        doc.provisions[a6].heading.as_deref(),
        Some("Lawfulness of processing")
    );
    let f = find(&doc, Unit::Article, "6", &["1", "f"]).expect("6(1)(f)");
    assert!(doc.provision_text(f).contains("legitimate interests"));
    assert!(!doc.provision_text(a6).contains("class="));
    let lines = LineIndex::new(&doc.text);
    let at = src.find("Article 6</p>").expect("title in file");
    assert_eq!(doc.provisions[a6].span.start, at);
    assert_eq!(
        lines.to_utf16(&doc.text, at),
        LineIndex::new(&src).to_utf16(&src, at)
    );
}

#[test]
fn eur_lex_html_of_the_ai_act_with_unclosed_tags() {
    let doc = parse_clean("eu-ai-act-art6.html", Format::Html);
    assert_eq!(doc.namespace, "Regulation (EU) 2024/1689");
    let roots: Vec<String> = doc
        .sections()
        .map(|i| format!("{:?} {}", doc.provisions[i].unit, doc.provisions[i].number))
        .collect();
    assert_eq!(roots, vec!["Article 6"], "`SECTION 1` is a heading");
    let a6 = doc
        .section_by_number(Unit::Article, "6")
        .expect("Article 6");
    assert_eq!(
        doc.provisions[a6].heading.as_deref(),
        Some("Classification rules for high-risk AI systems")
    );
    assert!(find(&doc, Unit::Article, "6", &["1", "b"]).is_some());
    assert!(find(&doc, Unit::Article, "6", &["8"]).is_some());
    // `&nbsp;` reads as a space, and the script of the page head is not text.
    assert!(markup::tidy(doc.provision_text(a6)).contains("referred to in Annex III"));
    assert!(!doc.text.contains("dtconfig"));
}

#[test]
fn columns_after_references_are_those_of_the_file() {
    let src = "<statute>\n<p>&#167;&#8239;5 &mdash; under &sect; 6(a) of the &lsquo;Act&rsquo; here</p>\n</statute>\n";
    let doc = parse_text("refs.xml", src.to_string(), Format::Xml);
    assert!(
        markup::tidy(&doc.text).contains("§ 5 — under § 6(a) of the ‘Act’ here"),
        "{:?}",
        doc.text
    );
    let lines = LineIndex::with_substitutions(&doc.text, &doc.substitutions);
    let file = LineIndex::new(src);
    for needle in ["6(a)", "here"] {
        let at = src.find(needle).expect("needle");
        assert!(doc.text[at..].starts_with(needle));
        let pos = lines.to_utf16(&doc.text, at);
        assert_eq!(pos, file.to_utf16(src, at), "{needle}");
        assert_eq!(lines.from_utf16(&doc.text, pos), at);
        assert_eq!(
            lines.to_line_col_1based(&doc.text, at),
            file.to_line_col_1based(src, at)
        );
    }
}

#[test]
fn citation_in_markdown_resolves_to_uslm_section() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    std::fs::copy(fixture_path("usc35-s122.xml"), root.join("usc35.xml")).expect("copy");
    std::fs::write(
        root.join("memo.md"),
        "# Memo\n\nUnder section 122(b) of title 35, applications are published; see also \
         35 U.S.C. § 122(b)(2)(A)(iv).\n",
    )
    .expect("write");
    let snap = Engine::scan_in_memory(root, Config::default()).expect("scan");
    let xml = snap.doc_by_rel("usc35.xml").expect("xml indexed");
    let memo = snap.doc_by_rel("memo.md").expect("memo indexed");
    let doc = &snap.docs[xml];
    assert_eq!(doc.format, Format::Xml);
    let b = find(doc, Unit::Section, "122", &["b"]).expect("(b)");
    let clause = find(doc, Unit::Section, "122", &["b", "2", "A", "iv"]).expect("clause");
    let targets: Vec<(usize, usize)> = snap.resolutions[memo]
        .iter()
        .filter_map(|r| match r {
            Resolution::Resolved { target, .. } => Some((target.doc, target.provision)),
            _ => None,
        })
        .collect();
    assert_eq!(
        targets,
        vec![(xml, b), (xml, clause)],
        "{:?}",
        snap.resolutions[memo]
    );
}

#[test]
fn malformed_and_non_utf8_markup_is_reported_and_indexed() {
    // An unclosed element, an unknown entity, a tag cut off at the end of the file.
    let src = "<uscDoc xmlns=\"http://xml.house.gov/schemas/uslm/1.0\"><meta><docNumber>35</docNumber></meta><main>\n<section identifier=\"/us/usc/t35/s1\"><num value=\"1\">§ 1.</num><heading> Establishment</heading>\n<subsection><num value=\"a\">(a)</num><content>The Office &bogus; is established.</content>\n<subsection><num value=\"b\">(b)</num><content>Second <b";
    let doc = parse_text("broken.xml", src.to_string(), Format::Xml);
    assert_eq!(doc.text.len(), src.len());
    let messages: Vec<&str> = doc.problems.iter().map(|p| p.message.as_str()).collect();
    assert!(
        messages
            .iter()
            .any(|m| m.contains("unknown entity &bogus;")),
        "{messages:?}"
    );
    assert!(
        messages
            .iter()
            .any(|m| m.contains("malformed XML on line 4")),
        "{messages:?}"
    );
    let s = doc
        .section_by_number(Unit::Section, "1")
        .expect("§ 1 read before the break");
    assert!(doc.child_by_label(s, "a").is_some());
    assert!(doc.text.contains("Second"));

    // Not XML at all, and bytes that are not UTF-8: indexed as text, with problems.
    let dir = tempfile::tempdir().expect("tempdir");
    let mut bytes =
        b"<statute>\n<p>\xc2\xa7 5. Scope.</p>\n<p>(a) First \xff\xfe rule.</p>\n".to_vec();
    bytes.extend_from_slice(b"</statute>\n");
    std::fs::write(dir.path().join("odd.xml"), &bytes).expect("write");
    std::fs::write(
        dir.path().join("page.html"),
        "<html><body><p>Hello & welcome <b>to</p> <i>nothing</body>",
    )
    .expect("write");
    let snap = Engine::scan_in_memory(dir.path(), Config::default()).expect("scan");
    let odd = &snap.docs[snap.doc_by_rel("odd.xml").expect("odd.xml")];
    assert!(
        odd.problems
            .iter()
            .any(|p| p.message.contains("not valid UTF-8")),
        "{:?}",
        odd.problems
    );
    assert!(odd.problems.iter().any(|p| {
        p.message
            .contains("is neither USLM, Akoma Ntoso nor D.C. Code XML")
    }));
    let s5 = odd
        .section_by_number(Unit::Section, "5")
        .expect("§ 5 from the text");
    assert!(odd.child_by_label(s5, "a").is_some());
    let page = &snap.docs[snap.doc_by_rel("page.html").expect("page.html")];
    assert!(page.text.contains("Hello & welcome"));
    assert!(
        page.problems
            .iter()
            .any(|p| p.message.contains("no sections or articles"))
    );
}

#[test]
fn large_markup_file_is_parsed_without_failing() {
    // 2,000 sections, about 2.5 MB: a truncated file (cut mid-tag) stays readable.
    let mut src = String::from(
        "<?xml version=\"1.0\"?>\n<cfrDoc xmlns=\"http://schemas.gpo.gov/xml/uslm\"><meta><docNumber>27</docNumber></meta><main>\n",
    );
    for n in 0..2000 {
        src.push_str(&format!(
            "<section identifier=\"/us/cfr/t27/s9.{n}\"><num value=\"9.{n}\">§ 9.{n}</num><heading>Heading {n}.</heading>\n<paragraph><num value=\"a\">(a) </num><content>{}</content></paragraph>\n<paragraph><num value=\"b\">(b) </num><content>See § 9.1(a) &amp; 26 U.S.C. 5701.</content></paragraph></section>\n",
            "The appropriate TTB officer shall determine the price. ".repeat(18)
        ));
    }
    let cut = src.len() - 40;
    let src = src[..cut].to_string();
    let doc = parse_text("big.xml", src.clone(), Format::Xml);
    assert_eq!(doc.text.len(), src.len());
    assert_eq!(doc.sections().count(), 2000);
    assert_eq!(doc.namespace, "27 C.F.R.");
    assert!(
        doc.problems
            .iter()
            .any(|p| p.message.contains("malformed XML"))
    );
}

/// The numbers of the document's sections, in order.
fn section_numbers(doc: &Document) -> Vec<&str> {
    doc.sections()
        .map(|s| doc.provisions[s].number.as_str())
        .collect()
}

/// Class: a section number GPO's value attribute cuts short (27 CFR 41.115a, 2018 edition,
/// marked `<num value="41.115">§ 41.115a</num>`): the number as printed is the section's.
#[test]
fn a_section_number_as_printed_when_the_value_drops_its_suffix() {
    let src = "<?xml version=\"1.0\"?>\n<cfrDoc xmlns=\"http://schemas.gpo.gov/xml/uslm\"><meta><docNumber>27</docNumber></meta><main>\n\
<section identifier=\"/us/cfr/t27/s41.115\"><num value=\"41.115\">§ 41.115</num><heading>Payment of tax by return.</heading><content>The tax shall be paid in full by remittance.</content></section>\n\
<section identifier=\"/us/cfr/t27/s41.115\"><num value=\"41.115\">§ 41.115a</num><heading>Payment of tax by electronic fund transfer.</heading><content>Each taxpayer who was liable shall use a commercial bank.</content></section>\n\
</main></cfrDoc>\n";
    let doc = parse_text("vol2.xml", src.to_string(), Format::Xml);
    let numbers = section_numbers(&doc);
    assert_eq!(numbers, ["41.115", "41.115a"]);
}

/// Class: a value attribute cut short at a separator. The Federal Register marks a temporary
/// C.F.R. section (the Document Drafting Handbook's `T` sections) `<num value="165.">§
/// 165.T14–0172 </num>` (FR of September 29, 2017, FR Doc. 2017-20902): the number as printed,
/// with an ASCII hyphen, is the section's.
#[test]
fn a_section_number_as_printed_when_the_value_stops_at_a_separator() {
    let src = "<?xml version=\"1.0\"?>\n<cfrDoc xmlns=\"http://schemas.gpo.gov/xml/uslm\"><meta><docNumber>33</docNumber></meta><main>\n\
<section identifier=\"/us/cfr/t 33 /s165.\"><num value=\"165.\">§ 165.T14–0172 </num><heading>Safety Zone; Pacific Ocean, Kilauea Lava Flow Ocean Entry on Southeast Side of Island of Hawaii, HI.</heading><paragraph><num value=\"a\">(a) </num><heading>Location.</heading><content> The safety zone area is located within the Captain of the Port (COTP) Zone.</content></paragraph></section>\n\
</main></cfrDoc>\n";
    let doc = parse_text("fr-2017-09-29.xml", src.to_string(), Format::Xml);
    let numbers = section_numbers(&doc);
    assert_eq!(numbers, ["165.T14-0172"]);
}

/// Class: a subdivision's designation (`<num>(2)</num>`) names the provision and cites
/// nothing, so a list ending a paragraph's text (`a violation of, section 1002, and`) does
/// not run on into the next paragraph's number. The markup is 17 U.S.C. § 1009(g) as the
/// OLRC publishes it (`shared/corpora/us-code-titles/original/usc17.xml`), shortened.
#[test]
fn a_subdivisions_number_is_no_item_of_the_list_before_it() {
    let src = "<?xml version=\"1.0\"?>\n<uscDoc xmlns=\"http://xml.house.gov/schemas/uslm/1.0\" identifier=\"/us/usc/t17\"><main><title identifier=\"/us/usc/t17\"><num value=\"17\">Title 17\u{2014}</num>\n\
<section identifier=\"/us/usc/t17/s1009\"><num value=\"1009\">§ 1009.</num><heading> Civil remedies</heading>\n\
<subsection identifier=\"/us/usc/t17/s1009/g\"><num value=\"g\">(g)</num><heading> Remedial Modification and Destruction of Articles.\u{2014}</heading><chapeau>In an action brought under subsection (a), the court may order the destruction of any device specified in section 1002(c) that\u{2014}</chapeau>\n\
<paragraph identifier=\"/us/usc/t17/s1009/g/1\"><num value=\"1\">(1)</num><content> does not comply with, or was involved in a violation of, section 1002, and</content>\n\
</paragraph>\n\
<paragraph identifier=\"/us/usc/t17/s1009/g/2\"><num value=\"2\">(2)</num><content> is in the custody or control of the violator or has been impounded under subsection (f).</content>\n\
</paragraph>\n\
</subsection>\n\
</section>\n\
</title></main></uscDoc>\n";
    let doc = parse_text("usc17.xml", src.to_string(), Format::Xml);
    let raws: Vec<&str> = doc
        .citations
        .iter()
        .map(|c| &doc.text[c.span.clone()])
        .collect();
    assert_eq!(
        raws,
        [
            "subsection (a)",
            "section 1002(c)",
            "section 1002",
            "subsection (f)"
        ]
    );
    assert!(
        find(&doc, Unit::Section, "1009", &["g", "2"]).is_some(),
        "the paragraph is still read"
    );
}

/// Class: the OLRC's inline footnote inside a reference (`section 2371 ¹ [See References in
/// Text note below.] of title 10`, 41 U.S.C. § 1904(a)(1) as published) does not split the
/// number from its `of` phrase, nor does its mark read as a list item; a footnote's own
/// citation is still read (the footnote `So in original. Probably should be “subsection
/// (b)(1)”.` and its sentence are 14 U.S.C. § 719(c)(1)'s, set here as a subsection (b)).
#[test]
fn an_inline_footnote_does_not_split_a_reference() {
    let src = "<?xml version=\"1.0\"?>\n<uscDoc xmlns=\"http://xml.house.gov/schemas/uslm/1.0\" identifier=\"/us/usc/t41\"><main><title identifier=\"/us/usc/t41\"><num value=\"41\">Title 41\u{2014}</num>\n\
<section identifier=\"/us/usc/t41/s1904\"><num value=\"1904\">§ 1904.</num><heading> Certain transactions for defense against attack</heading><subsection identifier=\"/us/usc/t41/s1904/a\"><num value=\"a\">(a)</num><content>The head of an executive agency may exercise the same authority as the Secretary of Defense may exercise under section 2371 <ref class=\"footnoteRef\" idref=\"fn002005\">1</ref><note type=\"footnote\" id=\"fn002005\"><num>1</num> See References in Text note below.</note> of title 10, except for subsections (b) and (f) of section 2371.</content></subsection>\n\
<subsection identifier=\"/us/usc/t41/s1904/b\"><num value=\"b\">(b)</num><content>To the maximum extent practicable, no cooperative agreement containing a clause described in subsection (c)(1),<ref class=\"footnoteRef\" idref=\"fn002012\">2</ref><note type=\"footnote\" id=\"fn002012\"><num>2</num> So in original. Probably should be \u{201c}subsection (b)(1)\u{201d}.</note> and no transaction entered into shall provide for research.</content></subsection>\n\
</section>\n\
</title></main></uscDoc>\n";
    let doc = parse_text("usc41.xml", src.to_string(), Format::Xml);
    let normalized: Vec<String> = doc.citations.iter().map(|c| c.normalized()).collect();
    assert_eq!(
        normalized,
        [
            "10 U.S.C. 2371",
            "10 U.S.C. 2371(b)",
            "10 U.S.C. 2371(f)",
            "§ 1904(c)(1)",
            "§ 1904(b)(1)",
        ]
    );
    // The first reference runs from its number to its title, over the footnote.
    let first = &doc.text[doc.citations[0].span.clone()];
    assert!(
        first.starts_with("section 2371") && first.ends_with("of title 10"),
        "{first}"
    );
}

/// Figures on the full corpora in `shared/corpora` (beside the repository), printed:
/// `cargo test -p lexls-index --release --lib tests::markup::measure -- --ignored --nocapture`.
#[test]
#[ignore = "reads the shared corpora and prints measurements"]
fn measure_real_corpora() {
    let corpora = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpora");
    for (rel, format) in [
        ("us-code-titles/original/usc35.xml", Format::Xml),
        ("us-code-titles/original/usc17.xml", Format::Xml),
        (
            "cfr-title27/original/CFR-2018-title27-vol2-uslm.xml",
            Format::Xml,
        ),
        (
            "cfr-title27/original/CFR-2018-title27-vol3-uslm.xml",
            Format::Xml,
        ),
        (
            "eu-ai-act/original/L_202401689EN.000101.fmx.xml.html",
            Format::Html,
        ),
        ("gdpr/original/GDPR_en_OJ_L119_2016.html", Format::Html),
    ] {
        let path = corpora.join(rel);
        let Ok(text) = std::fs::read_to_string(&path) else {
            println!("{rel}: not found");
            continue;
        };
        let start = std::time::Instant::now();
        let doc = parse_document(&path, rel, text, format, &Hints::default(), Vec::new());
        let took = start.elapsed();
        let count = |unit: Unit| {
            doc.sections()
                .filter(|&i| doc.provisions[i].unit == unit)
                .count()
        };
        let depth1 = doc.provisions.iter().filter(|p| p.depth == 1).count();
        let deeper = doc.provisions.iter().filter(|p| p.depth > 1).count();
        let no_heading = doc
            .sections()
            .filter(|&i| doc.provisions[i].heading.is_none())
            .count();
        println!(
            "{rel}: {} bytes in {:.0} ms; namespace {:?} ({:?}); sections {}, articles {}, annexes {}, recitals {}; depth-1 {depth1}, deeper {deeper}; roots without heading {no_heading}; citations {}; problems {:?}",
            doc.text.len(),
            took.as_secs_f64() * 1000.0,
            doc.namespace,
            doc.kind,
            count(Unit::Section),
            count(Unit::Article),
            count(Unit::Annex),
            count(Unit::Recital),
            doc.citations.len(),
            doc.problems
                .iter()
                .map(|p| p.message.as_str())
                .collect::<Vec<_>>()
        );
    }
}

/// A 50 MB USLM file (27 C.F.R. vol. 2's `<main>` thirteen times), printed:
/// `cargo test -p lexls-index --lib tests::markup::measure_50 -- --ignored --nocapture`.
#[test]
#[ignore = "reads the shared corpora and prints measurements"]
fn measure_50_mb_file() {
    let corpora = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpora");
    let Ok(text) = std::fs::read_to_string(
        corpora.join("cfr-title27/original/CFR-2018-title27-vol2-uslm.xml"),
    ) else {
        println!("CFR vol. 2 not found");
        return;
    };
    let (Some(start), Some(end)) = (text.find("<main"), text.rfind("</main>")) else {
        return;
    };
    let body = &text[start..end + "</main>".len()];
    let mut src = String::from(
        "<cfrDoc xmlns=\"http://schemas.gpo.gov/xml/uslm\"><meta><docNumber>27</docNumber></meta>\n",
    );
    for _ in 0..13 {
        src.push_str(body);
    }
    src.push_str("</cfrDoc>\n");
    let started = std::time::Instant::now();
    let m = markup::read(&src, markup::Dialect::Xml);
    println!(
        "markup::read {:.0} ms",
        started.elapsed().as_secs_f64() * 1000.0
    );
    let s = uslm::read(&m);
    println!(
        "+ uslm::read {:.0} ms ({} provisions)",
        started.elapsed().as_secs_f64() * 1000.0,
        s.provisions.len()
    );
    let c = lexls_syntax::citation::extract(&m.view);
    println!(
        "+ citation::extract {:.0} ms ({})",
        started.elapsed().as_secs_f64() * 1000.0,
        c.len()
    );
    drop((m, s, c));
    let started = std::time::Instant::now();
    let doc = parse_text("big.xml", src, Format::Xml);
    println!(
        "{} bytes in {:.0} ms: {} sections, {} provisions, {} citations, problems {:?}",
        doc.text.len(),
        started.elapsed().as_secs_f64() * 1000.0,
        doc.sections().count(),
        doc.provisions.len(),
        doc.citations.len(),
        doc.problems
    );
    // Where the rest of the time goes: the steps after the outline, again on the result.
    let mut again = doc.clone();
    let started = std::time::Instant::now();
    lexls_syntax::citation::relative::anchor(&mut again);
    println!(
        "relative::anchor {:.0} ms",
        started.elapsed().as_secs_f64() * 1000.0
    );
    let started = std::time::Instant::now();
    let (defs, _) = definitions(&doc);
    println!(
        "definitions {:.0} ms ({} terms)",
        started.elapsed().as_secs_f64() * 1000.0,
        defs.len()
    );
}
