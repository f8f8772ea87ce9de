//! The D.C. Code as the Council publishes it (Open Law Library XML): real section files and
//! a title's contents file from `tests/fixtures/dc-code/` (see its PROVENANCE.md).

use std::path::{Path, PathBuf};

use crate::config::Config;
use crate::engine::Engine;
use crate::resolve::Resolution;
use crate::search::chunk::chunk_document;
use lexls_syntax::model::{Document, DocumentKind};
use lexls_syntax::model::{Format, LabelStyle, Unit};
use lexls_syntax::parse::*;
use lexls_syntax::test_support::violations;

const TITLES: &str = "us/dc/council/code/titles";

fn fixture_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/dc-code")
}

/// Parses the fixture at `rel` (below the fixture root) as the workspace file `rel`.
fn parse_dc(rel: &str) -> (Document, String) {
    let path = fixture_root().join(rel);
    #[allow(clippy::expect_used)]
    let src = std::fs::read_to_string(&path).expect("fixture");
    let doc = parse_document(
        &path,
        rel,
        src.clone(),
        Format::Xml,
        &Hints::default(),
        Vec::new(),
    );
    assert_eq!(violations(&doc, &src), Vec::<String>::new(), "{rel}");
    (doc, src)
}

fn path_of(doc: &Document, labels: &[&str]) -> Option<usize> {
    let mut id = doc.sections().next()?;
    for label in labels {
        id = doc.child_by_label(id, label)?;
    }
    Some(id)
}

#[test]
fn a_section_file_is_one_section_of_the_dc_code_with_its_subsections() {
    let (doc, src) = parse_dc(&format!("{TITLES}/1/sections/1-1001.03.xml"));
    assert!(doc.problems.is_empty(), "{:?}", doc.problems);
    assert_eq!(doc.namespace, "D.C. Code");
    assert!(doc.namespace_is_code);
    assert_eq!(doc.kind, DocumentKind::Statute);
    assert_eq!(doc.sections().count(), 1);
    let s = doc
        .section_by_number(Unit::Section, "1-1001.03")
        .expect("§ 1-1001.03");
    assert_eq!(
        doc.provisions[s].heading.as_deref(),
        Some(
            "Board of Elections — Created; composition; term of office; vacancies; \
             reappointment; designation of Chairman"
        )
    );
    assert!(
        doc.title
            .starts_with("D.C. Code § 1-1001.03. Board of Elections")
    );
    let labels: Vec<&str> = doc.provisions[s]
        .children
        .iter()
        .map(|&c| doc.provisions[c].number.as_str())
        .collect();
    assert_eq!(labels, ["a", "b", "c", "d"]);
    let b = path_of(&doc, &["b"]).expect("(b)");
    assert_eq!(doc.provisions[b].style, Some(LabelStyle::AlphaParen));
    assert_eq!(doc.display_path(b), "§ 1-1001.03(b)");
    assert!(
        markup::tidy(doc.provision_text(b))
            .starts_with("(b) Any person appointed to fill a vacancy on the Board")
    );
    // Spans are positions of the file.
    let at = src.find("<num>(b)</num>").expect("(b) in the file") + "<num>".len();
    assert_eq!(doc.provisions[b].label_span.start, at);
}

#[test]
fn annotations_are_notes_outside_the_section_text() {
    let (doc, _) = parse_dc(&format!("{TITLES}/1/sections/1-1001.03.xml"));
    let s = doc.sections().next().expect("section");
    let text = doc.provision_text(s);
    assert!(
        text.ends_with("designate the Chairperson of the Board."),
        "{text}"
    );
    assert!(!text.contains("69 Stat. 699"));
    // The history is in the document, as a note of the section.
    let at = doc
        .text
        .find("Aug. 12, 1955, 69 Stat. 699")
        .expect("history");
    let note = doc.note_at(at).expect("a note");
    assert_eq!(note.kind, "History");
    assert_eq!(note.provision, Some(s));
    assert_eq!(doc.provision_at(at), None);
    let kinds: std::collections::BTreeSet<&str> =
        doc.notes.iter().map(|n| n.kind.as_str()).collect();
    for kind in [
        "History",
        "Editor's Notes",
        "Section References",
        "Cross References",
    ] {
        assert!(kinds.contains(kind), "{kinds:?}");
    }
    // Citations in notes are extracted; `this section` there is the annotated section.
    let referenced = doc
        .citations
        .iter()
        .find(|c| c.section.as_deref() == Some("1-315.02"))
        .expect("§ 1-315.02 in the section references");
    assert!(doc.note_at(referenced.span.start).is_some());
    let this = doc
        .citations
        .iter()
        .find(|c| c.relative.is_some() && doc.note_at(c.span.start).is_some())
        .expect("a relative citation in a note");
    assert_eq!(this.section.as_deref(), Some("1-1001.03"));
    // Chunks hold the law, not its history.
    let doc = std::sync::Arc::new(doc);
    let chunks = chunk_document(&doc);
    assert!(chunks.iter().all(|c| !c.text().contains("69 Stat. 699")));
    assert!(
        chunks[0]
            .text()
            .starts_with("D.C. Code > § 1-1001.03 Board of Elections")
    );
}

#[test]
fn bracketed_and_nested_paragraphs_become_subsections() {
    let (doc, _) = parse_dc(&format!("{TITLES}/12/sections/12-301.xml"));
    let a9 = path_of(&doc, &["a", "9"]).expect("(a)(9) of `[(a)]`");
    assert_eq!(doc.provisions[a9].depth, 2);
    assert_eq!(doc.provisions[a9].style, Some(LabelStyle::NumberParen));
    assert_eq!(doc.display_path(a9), "§ 12-301(a)(9)");
    let cite = doc
        .citations
        .iter()
        .find(|c| c.section.as_deref() == Some("7-1201.01"))
        .expect("§ 7-1201.01(11)");
    assert_eq!(cite.subsections, ["11"]);
    assert_eq!(doc.provision_at(cite.span.start), Some(a9));
    assert!(path_of(&doc, &["b"]).is_some());
}

#[test]
fn repealed_inapplicable_and_permanent_versions() {
    let (repealed, _) = parse_dc(&format!("{TITLES}/3/sections/3-2210.xml"));
    let s = repealed.sections().next().expect("section");
    assert_eq!(repealed.provisions[s].number, "3-2210");
    assert!(repealed.provisions[s].repealed);

    // `Applicable October 1, 2025` is not repealed; the codification instruction that
    // opens the file is a note before the section's text.
    let (pending, _) = parse_dc(&format!("{TITLES}/5/sections/5-581.xml"));
    let s = pending.sections().next().expect("section");
    assert!(!pending.provisions[s].repealed);
    let text = pending.provision_text(s);
    assert!(text.starts_with("Applicable October 1, 2025"), "{text}");
    assert!(!text.contains("MPD Overtime Reimbursement Fund.\n    </container>"));
    assert!(pending.notes.iter().any(|n| n.kind == "insert"));

    let (perm, _) = parse_dc(&format!("{TITLES}/99/39-205(Perm).xml"));
    let s = perm.sections().next().expect("section");
    assert_eq!(perm.provisions[s].number, "39-205(Perm)");
    assert_eq!(
        perm.provisions[s].heading.as_deref(),
        Some("Administration")
    );
}

#[test]
fn a_title_index_is_a_table_of_contents_not_provisions() {
    let (doc, _) = parse_dc(&format!("{TITLES}/12/index.xml"));
    assert!(doc.provisions.is_empty());
    assert!(doc.problems.is_empty(), "{:?}", doc.problems);
    assert_eq!(doc.namespace, "D.C. Code");
    assert_eq!(
        doc.title,
        "D.C. Code Title 12 — Right to Remedy. [Enacted title]"
    );
    let labels: Vec<(String, u8, usize)> = doc
        .contents
        .iter()
        .map(|c| {
            (
                format!("{} {}", c.prefix, c.number),
                c.depth,
                c.includes.len(),
            )
        })
        .collect();
    assert_eq!(
        labels,
        [
            ("Title 12".to_string(), 0, 0),
            ("Chapter 1".to_string(), 1, 4),
            ("Chapter 3".to_string(), 1, 11)
        ]
    );
    assert_eq!(
        doc.contents[1].heading.as_deref(),
        Some("Abatement and Revivor")
    );
    assert_eq!(doc.contents[1].parent, Some(0));
    assert_eq!(
        doc.contents[2].includes[0],
        format!("{TITLES}/12/sections/12-301.xml")
    );
}

#[test]
fn includes_that_leave_the_workspace_are_reported_not_followed() {
    let src = "<container xmlns=\"https://code.dccouncil.us/schemas/dc-library\" xmlns:xi=\"http://www.w3.org/2001/XInclude\"><prefix>Title</prefix><num>1</num><heading>T.</heading><xi:include href=\"./sections/1-101.xml\"/><xi:include href=\"../../../etc/passwd\"/><xi:include href=\"file:///etc/passwd\"/></container>";
    let doc = parse_document(
        Path::new("titles/1/index.xml"),
        "titles/1/index.xml",
        src.to_string(),
        Format::Xml,
        &Hints::default(),
        Vec::new(),
    );
    assert_eq!(doc.contents.len(), 1);
    assert_eq!(doc.contents[0].includes, ["titles/1/sections/1-101.xml"]);
    assert_eq!(doc.problems.len(), 1, "{:?}", doc.problems);
    assert!(
        doc.problems[0].message.contains("outside the workspace")
            && doc.problems[0].message.contains("1 more"),
        "{}",
        doc.problems[0].message
    );
}

#[test]
fn bare_section_citations_resolve_in_the_dc_code() {
    let snap = Engine::scan_in_memory(&fixture_root(), Config::default()).expect("scan");
    let rel = |name: &str| format!("{TITLES}/12/sections/{name}.xml");
    let d = snap.doc_by_rel(&rel("12-301")).expect("12-301 indexed");
    let target = snap.doc_by_rel(&rel("12-308")).expect("12-308 indexed");
    let doc = &snap.docs[d];
    let (i, _) = doc
        .citations
        .iter()
        .enumerate()
        .find(|(_, c)| c.section.as_deref() == Some("12-308"))
        .expect("§ 12-308");
    match &snap.resolutions[d][i] {
        Resolution::Resolved { target: t, .. } => {
            assert_eq!(t.doc, target);
            assert_eq!(snap.docs[target].display_path(t.provision), "§ 12-308");
        }
        other => panic!("§ 12-308 resolves to {other:?}"),
    }
    // Every D.C. section file is one section of the code, the index none.
    let sections: usize = snap
        .docs
        .iter()
        .filter(|d| d.namespace == "D.C. Code")
        .map(|d| d.sections().count())
        .sum();
    assert_eq!(sections, 22);
}

/// BM25 answers with chunk ids (`<rel_path>#<ordinal>`): on the D.C. Code fixture every
/// chunk is found again by its id, an id of a missing document or ordinal by none, and a
/// child chunk's section is its parent.
#[test]
fn every_chunk_is_found_by_its_id() {
    let snap = Engine::scan_in_memory(&fixture_root(), Config::default()).expect("scan");
    let index = snap.search.as_ref().expect("search index");
    assert!(index.chunks.len() > 20, "{}", index.chunks.len());
    for (i, c) in index.chunks.iter().enumerate() {
        assert_eq!(index.chunk_index(&c.id()), Some(i), "{}", c.id());
        if let Some(p) = c.parent {
            let parent = index.section_of(i);
            assert_eq!(index.chunks[parent].rel_path(), c.rel_path());
            assert_eq!(index.chunks[parent].ordinal(), p);
        }
    }
    let last = &index.chunks[index.chunks.len() - 1];
    let past = format!("{}#{}", last.rel_path(), last.ordinal() + 1);
    assert_eq!(index.chunk_index(&past), None);
    assert_eq!(index.chunk_index("not/indexed.xml#0"), None);
    assert_eq!(index.chunk_index("no ordinal"), None);
}

/// The citations of the fixture section file `rel` (below the titles) whose text satisfies
/// `wanted`, each with the provision it resolves to (`§ 4-1422(III)(b)`); panics on one
/// that does not resolve.
fn resolved_in(rel: &str, wanted: impl Fn(&str) -> bool) -> Vec<(String, String)> {
    let snap = Engine::scan_in_memory(&fixture_root(), Config::default()).expect("scan");
    let d = snap
        .doc_by_rel(&format!("{TITLES}/{rel}"))
        .expect("fixture indexed");
    let doc = &snap.docs[d];
    let mut seen = Vec::new();
    for (i, cite) in doc.citations.iter().enumerate() {
        let raw = &doc.text[cite.span.clone()];
        if !wanted(raw) {
            continue;
        }
        match &snap.resolutions[d][i] {
            Resolution::Resolved { target, .. } => seen.push((
                raw.to_string(),
                snap.docs[target.doc].display_path(target.provision),
            )),
            other => panic!("`{raw}` resolves to {other:?}"),
        }
    }
    seen
}

/// An interstate compact enacted as one section (§ 4-1422) has articles with subsections of
/// their own: `subsection (b) of this article` in Article III is III(b), and `subsection (a)
/// of this article` in Article V is V(a), not a missing (b) or (a) of the section.
#[test]
fn subsections_of_this_article_count_from_the_compacts_article() {
    let seen = resolved_in("4/sections/4-1422.xml", |raw| {
        raw.ends_with("of this article")
    });
    let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
    assert_eq!(
        seen,
        [
            pair("subsection (b) of this article", "§ 4-1422(III)(b)"),
            pair("subsection (a) of this article", "§ 4-1422(V)(a)"),
        ]
    );
}

/// Class: a level the codifier numbered (`<num undesignated="true">(a)</num>`) is no level
/// of the citation: the Council cites § 47-802's definitions as `§ 47-802(5)(E)`.
#[test]
fn a_level_the_codifier_numbered_is_skipped_as_the_council_cites_it() {
    let seen = resolved_in("47/sections/47-849.xml", |raw| raw == "§ 47-802(5)(E)");
    let targets: Vec<&str> = seen.iter().map(|(_, t)| t.as_str()).collect();
    assert_eq!(targets, ["§ 47-802(5)(E)", "§ 47-802(5)(E)"]);
}

/// Figures on the whole D.C. Code, unpacked from `shared/corpora/dc-code` into the folder
/// `LEXLS_DC_CODE` names, printed:
/// `LEXLS_DC_CODE=/tmp/dc-code cargo test -p lexls-index --release --lib tests::dc::measure -- --ignored --nocapture`.
#[test]
#[ignore = "reads the unpacked D.C. Code and prints measurements"]
fn measure_whole_dc_code() {
    let Ok(root) = std::env::var("LEXLS_DC_CODE") else {
        println!("LEXLS_DC_CODE is not set");
        return;
    };
    let root = Path::new(&root);
    let mut files = Vec::new();
    let mut dirs = vec![root.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "xml") {
                files.push(path);
            }
        }
    }
    files.sort();
    let started = std::time::Instant::now();
    let (mut sections, mut paras, mut notes, mut contents, mut includes) = (0, 0, 0, 0, 0);
    let (mut repealed, mut in_notes, mut citations, mut other_ns) = (0, 0, 0, 0);
    let mut problems: std::collections::BTreeMap<String, usize> = Default::default();
    let mut numbers: std::collections::HashMap<String, usize> = Default::default();
    let mut deepest = 0;
    for path in &files {
        let Ok(src) = std::fs::read_to_string(path) else {
            continue;
        };
        let rel = path
            .strip_prefix(root)
            .map_or_else(|_| path.display().to_string(), |p| p.display().to_string());
        let doc = parse_document(path, &rel, src, Format::Xml, &Hints::default(), Vec::new());
        if doc.namespace != "D.C. Code" {
            other_ns += 1;
        }
        for s in doc.sections() {
            sections += 1;
            *numbers
                .entry(doc.provisions[s].number.to_string())
                .or_default() += 1;
            repealed += usize::from(doc.provisions[s].repealed);
        }
        paras += doc.provisions.iter().filter(|p| p.parent.is_some()).count();
        deepest = deepest.max(doc.provisions.iter().map(|p| p.depth).max().unwrap_or(0));
        notes += doc.notes.len();
        contents += doc.contents.len();
        includes += doc.contents.iter().map(|c| c.includes.len()).sum::<usize>();
        citations += doc.citations.len();
        in_notes += doc
            .citations
            .iter()
            .filter(|c| doc.note_at(c.span.start).is_some())
            .count();
        for p in &doc.problems {
            let kind: String = p.message.chars().take(60).collect();
            *problems.entry(kind).or_default() += 1;
        }
    }
    let duplicates = numbers.values().filter(|&&n| n > 1).count();
    println!(
        "{} files in {:.1} s: {sections} sections ({repealed} repealed, {duplicates} numbers \
         held twice), {paras} subdivisions (deepest {deepest}), {notes} notes, {contents} \
         containers including {includes} files, {citations} citations ({in_notes} in notes); \
         {other_ns} files of another namespace; problems {problems:?}",
        files.len(),
        started.elapsed().as_secs_f64()
    );
}
