//! `lexls eval markup` on real excerpts of official markup (`tests/fixtures/markup`: a U.S.
//! Code section and two C.F.R. sections in USLM, a Federal Register rule; `tests/fixtures/
//! dc-code`: Title 12 of the D.C. Code and four other sections, each with its provenance).

use std::path::{Path, PathBuf};

use crate::markup::{Corpus, CorpusReport, Input, MarkupReport, evaluate, references};
use lexls_syntax::model::Format;
use lexls_syntax::parse::{Hints, parse_document};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures")
}

fn input(rel: &str) -> Input {
    let path = fixtures().join(rel);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{rel}: {e}"));
    Input {
        path,
        rel_path: rel.to_string(),
        text,
    }
}

fn files_under(dir: &Path, out: &mut Vec<String>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files_under(&p, out);
        } else if p.extension().is_some_and(|e| e == "xml") {
            let rel = p.strip_prefix(fixtures()).unwrap_or(&p);
            out.push(rel.to_string_lossy().replace('\\', "/"));
        }
    }
}

fn corpus(report: &MarkupReport, corpus: Corpus) -> &CorpusReport {
    report
        .corpora
        .iter()
        .find(|c| c.corpus == corpus)
        .unwrap_or_else(|| panic!("no {} in the report", corpus.name()))
}

/// Span mapping: every reference's span is, in the text view lexls reads, the text the
/// publisher marked (`<ref href="/us/pl/112/29">Pub. L. 112–29</ref>`); footnote markers
/// (`<ref idref>`) are not references.
#[test]
fn reference_spans_are_the_marked_text_in_the_text_view() {
    let usc = input("markup/usc35-s122.xml");
    let Some((corpus, refs)) = references(&usc.text) else {
        panic!("USLM not recognised");
    };
    assert_eq!(corpus, Corpus::UsCode);
    let doc = parse_document(
        &usc.path,
        &usc.rel_path,
        usc.text.clone(),
        Format::Xml,
        &Hints::default(),
        Vec::new(),
    );
    let pl = refs
        .iter()
        .find(|r| r.href == "/us/pl/112/29")
        .unwrap_or_else(|| panic!("no reference to Pub. L. 112-29"));
    assert_eq!(&doc.text[pl.span.clone()], "Pub. L. 112–29");
    assert_eq!(pl.kind, "public_law");
    for r in &refs {
        assert!(r.href.starts_with("/us/"), "{r:?}");
        let seen = &doc.text[r.span.clone()];
        assert!(
            !seen.trim().is_empty() && !seen.contains('<'),
            "{r:?}: {seen:?}"
        );
    }
}

/// Target agreement at section level: the C.F.R. excerpt's Federal Register source notes
/// (`64 FR 71939`) are found; the same sentence whose markup names another page is still
/// overlapped (span found) but no longer found, and is listed as a wrong target.
#[test]
fn a_reference_is_found_only_when_the_target_agrees() {
    let cfr = input("markup/cfr27-s40.21-22.xml");
    let report = evaluate(vec![cfr.clone()], 10, 1);
    let c = corpus(&report, Corpus::Cfr);
    assert!(!c.complete_markup && c.development.precision.is_none());
    let fr = c.development.per_kind["fed_reg"];
    assert!(fr.references >= 4 && fr.found == fr.references, "{fr:?}");

    let mut changed = cfr;
    changed.text =
        changed
            .text
            .replacen(r#"href="/us/fr/64/71939""#, r#"href="/us/fr/64/71940""#, 1);
    let report = evaluate(vec![changed], 10, 1);
    let after = corpus(&report, Corpus::Cfr).development.per_kind["fed_reg"];
    assert_eq!(after.references, fr.references);
    assert_eq!(after.span_found, fr.span_found);
    assert_eq!(after.found + 1, fr.found);
    assert!(
        report.misses.iter().any(|m| m.failure == "wrong_target"
            && m.target == "/us/fr/64/71940"
            && m.text == "64 FR 71939"),
        "{:?}",
        report.misses
    );
}

/// A Federal Register rule: part references are compared as parts (`/us/cfr/t14/p71` is
/// GPO's spelling of `/us/cfr/t14/pt71`), and the Statutes, Federal Register and U.S.C.
/// citations of its authority line are found.
#[test]
fn federal_register_parts_and_authority_citations() {
    let fr = input("markup/fr-2017-06-07-airspace-rule.xml");
    let report = evaluate(vec![fr], 50, 1);
    let c = corpus(&report, Corpus::FederalRegister);
    let kinds = &c.development.per_kind;
    assert_eq!(kinds["cfr"].found, kinds["cfr"].references, "{kinds:?}");
    assert_eq!(kinds["fed_reg"].found, kinds["fed_reg"].references);
    assert_eq!(kinds["usc"].found, kinds["usc"].references);
    assert!(kinds.contains_key("executive_order"));
    assert_eq!(c.measuring.files, 0);
}

/// The D.C. Code marks every citation of its sections, so precision is reported; sections of
/// Title 12 that cite one another resolve to the cited section; files alternate between the
/// halves in path order; HTML files carry no publisher markup lexls reads.
#[test]
fn dc_code_precision_resolution_and_halves() {
    let mut rels = Vec::new();
    files_under(&fixtures().join("dc-code"), &mut rels);
    let n_dc = rels.len();
    let mut inputs: Vec<Input> = rels.iter().map(|r| input(r)).collect();
    inputs.push(input("markup/eu-ai-act-art6.html"));
    let report = evaluate(inputs, 100, 2);
    assert_eq!(report.files, n_dc + 1);
    assert_eq!(report.files_without_markup, 1);
    let dc = corpus(&report, Corpus::DcCode);
    assert!(dc.complete_markup);
    let (dev, meas) = (&dc.development, &dc.measuring);
    assert_eq!(dev.files + meas.files, n_dc);
    assert_eq!(dev.files - meas.files, n_dc % 2);
    let resolved = dev.resolution.resolved_same + meas.resolution.resolved_same;
    let in_workspace = dev.resolution.in_workspace + meas.resolution.in_workspace;
    assert!(
        in_workspace > 0 && resolved == in_workspace,
        "{resolved}/{in_workspace}"
    );
    for h in [dev, meas] {
        let p = h
            .precision
            .unwrap_or_else(|| panic!("no precision for the D.C. Code"));
        assert!(
            p.correct <= p.span_correct && p.span_correct <= p.citations,
            "{p:?}"
        );
    }
    // `( D.C. Code, <cite path="§1-207.11">§ 1-207.11</cite>)` in an editor's note of
    // § 1-1001.03: found, and counted as a correct citation.
    assert!(
        !report
            .misses
            .iter()
            .any(|m| m.target.ends_with("/sections/1-207.11")),
        "{:?}",
        report.misses
    );
    let correct = dev.precision.map_or(0, |p| p.correct) + meas.precision.map_or(0, |p| p.correct);
    assert!(correct > 0);
    // The cross-reference `see §§ <cite path="§2-401">2-401</cite> to 2-406` of § 12-309 is
    // a D.C. Code reference whatever lexls makes of it.
    let refs = references(&input("dc-code/us/dc/council/code/titles/12/sections/12-309.xml").text)
        .map(|(_, r)| r)
        .unwrap_or_default();
    assert!(
        refs.iter()
            .any(|r| r.kind == "dc_code" && r.target == "/us/dc/council/code/sections/2-401")
    );
    assert!(
        refs.iter()
            .all(|r| r.kind != "dc_session_law" || r.target.starts_with("act:dc"))
    );
}

/// A D.C. Code section file with `text` and one note of `note_type`.
fn dc_input(rel: &str, number: &str, text: &str, note_type: &str, note: &str) -> Input {
    Input {
        path: PathBuf::from(rel),
        rel_path: rel.to_string(),
        text: format!(
            "<?xml version='1.0' encoding='utf-8'?>\n<section xmlns=\"https://code.dccouncil.us/schemas/dc-library\" containing-doc=\"D.C. Code\">\n  <num>{number}</num>\n  <heading>Heading.</heading>\n  <text>{text}</text>\n  <annotations>\n    <annotation type=\"{note_type}\">{note}</annotation>\n  </annotations>\n</section>\n"
        ),
    }
}

/// Class: precision counts the citations lexls places in the D.C. Code — not a section of
/// the act a note quotes (`section 5`), nor the uniform act's numbers in the UCC's official
/// comments, which the Council does not mark — and a list of subdivisions whose section
/// the Council marked once (D.C. Code § 31-5601.01: `§ 31-5604.01(1), (2), (3)`) agrees
/// item by item. The measure as written counts all of them.
#[test]
fn dc_code_precision_counts_what_lexls_places_in_the_code() {
    let inputs = vec![
        dc_input(
            "31-5601.01.xml",
            "31-5601.01",
            "a security exempted by <cite path=\"§31-5604.01|(1)\">§ 31-5604.01(1)</cite>, (2), (3), or (4);",
            "Editor's Notes",
            "D.C. Law 13-172 provided: “(a) Notwithstanding section 5, there is established the zone.”",
        ),
        dc_input(
            "31-5604.01.xml",
            "31-5604.01",
            "(1) Any security issued by the United States. (2) Any security of a bank. (3) Any note. (4) Any security of a cooperative.",
            "History",
            "1973 Ed., § 2-2603.",
        ),
        dc_input(
            "28~2-706.xml",
            "28:2-706",
            "The seller may resell the goods concerned.",
            "Uniform Commercial Code Comment",
            "“Seller”.  Section 2-103.",
        ),
        dc_input(
            "28~2-103.xml",
            "28:2-103",
            "In this article unless the context otherwise requires “buyer” means a person.",
            "History",
            "Pub. L. 88-243, § 1",
        ),
    ];
    let report = evaluate(inputs, 100, 1);
    let dc = corpus(&report, Corpus::DcCode);
    let sum = |f: fn(&crate::markup::HalfReport) -> Option<crate::markup::Precision>| {
        [&dc.development, &dc.measuring]
            .into_iter()
            .filter_map(f)
            .fold((0, 0), |(c, n), p| (c + p.correct, n + p.citations))
    };
    // The four items of the list, all of § 31-5604.01.
    assert_eq!(sum(|h| h.precision), (4, 4), "{:?}", report.misses);
    // As written: the items, `section 5` and the comment's `Section 2-103` too.
    let (correct, citations) = sum(|h| h.precision_as_written);
    assert_eq!((correct, citations), (1, 6), "{:?}", report.misses);
}

/// Akoma Ntoso references are compared by the first component of their eId, the work left
/// out (`#sec_4__subsec_1`, `/akn/in/act/1984/68/~sec_15` → section 4, section 15): a
/// section of India's Land Acquisition Act, 1894, marked up after the Laws.Africa pattern,
/// whose four references lexls finds; a reference to another section than the one cited is
/// not found.
#[test]
fn akoma_ntoso_references_by_their_eid() {
    let akn = input("markup/in-land-acquisition-s23-akn.xml");
    let report = evaluate(vec![akn.clone()], 10, 1);
    let c = corpus(&report, Corpus::AkomaNtoso);
    let refs = c.development.per_kind["akn"];
    assert_eq!((refs.references, refs.found), (4, 4), "{:?}", report.misses);

    let mut changed = akn;
    changed.text = changed
        .text
        .replacen(r##"href="#sec_6""##, r##"href="#sec_7""##, 1);
    let report = evaluate(vec![changed], 10, 1);
    let after = corpus(&report, Corpus::AkomaNtoso).development.per_kind["akn"];
    assert_eq!((after.references, after.found), (4, 3));
    assert!(
        report
            .misses
            .iter()
            .any(|m| m.failure == "wrong_target" && m.text == "section 6"),
        "{:?}",
        report.misses
    );
}
