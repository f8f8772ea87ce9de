//! The retrieval pipeline on the NYC Local Law 144 example: knowledge graph, rewrites,
//! cited provisions, parameters and ablation switches (BM25 only, no model needed).

use std::path::Path;

use lexls_ide::ask::pipeline::{self, PipelineOptions};
use lexls_ide::ask::rerank::Reranker;
use lexls_ide::ask::rewrite::RewriteKind;
use lexls_ide::ask::{AskRequest, Models, ask};
use lexls_index::config::{Config, RetrievalMode};
use lexls_index::engine::Engine;
use lexls_index::kg::Relation;
use lexls_index::workspace::Snapshot;

fn nyc() -> Snapshot {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/nyc-ll144");
    Engine::scan_in_memory(&root, Config::load(&root).unwrap_or_default())
        .expect("example workspace opens")
}

/// The example with the HyPA-RAG stages switched on in its configuration (off by default
/// since the cross-validation of issue 12).
fn nyc_with_stages() -> Snapshot {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/nyc-ll144");
    let mut config = Config::load(&root).unwrap_or_default();
    config.retrieval.adaptive = true;
    config.retrieval.rewrite = true;
    config.retrieval.kg = true;
    Engine::scan_in_memory(&root, config).expect("example workspace opens")
}

/// The pipeline on `question` alone (no selection, no LLM rewrites), with `reranker`.
fn retrieve(
    snap: &Snapshot,
    question: &str,
    opts: &PipelineOptions,
    reranker: Option<&dyn Reranker>,
) -> pipeline::Retrieval {
    let models = Models::default();
    pipeline::run(
        snap,
        question,
        "",
        "",
        opts,
        &models,
        &mut |_| Vec::new(),
        reranker,
    )
}

/// BM25 with the HyPA-RAG stages these tests exercise switched on (off by default since the
/// cross-validation of issue 12).
fn bm25_options(snap: &Snapshot) -> PipelineOptions {
    let mut opts = PipelineOptions::from_snapshot(snap);
    opts.mode = RetrievalMode::Bm25;
    opts.stages.dense = false;
    opts.stages.adaptive = true;
    opts.stages.rewrite = true;
    opts.stages.kg = true;
    opts.fixed_k = None;
    opts
}

fn citations(snap: &Snapshot, r: &pipeline::Retrieval) -> Vec<String> {
    r.candidates
        .iter()
        .filter_map(|c| {
            let doc = &snap.docs[c.doc];
            Some(lexls_ide::features::cite_string(doc, c.section?))
        })
        .collect()
}

#[test]
fn the_graph_links_terms_to_their_definitions_and_rules_to_the_law() {
    let snap = nyc();
    let kg = snap.knowledge_graph();
    let bias_audit = kg
        .terms
        .iter()
        .find(|t| t.name == "bias audit")
        .expect("“bias audit” is a defined term");
    let defined_in: Vec<String> = bias_audit
        .defined_in
        .iter()
        .map(|p| lexls_ide::features::cite_string(&snap.docs[p.doc], p.provision))
        .collect();
    assert!(
        defined_in.iter().any(|c| c.contains("20-870")),
        "{defined_in:?}"
    );
    assert!(bias_audit.used_by >= 2, "{bias_audit:?}");
    let [cites, _implements, defines, uses, part_of] = kg.edge_counts();
    assert!(cites > 5 && defines > 5 && uses > 10 && part_of > 5);
    let aedt = kg
        .terms
        .iter()
        .find(|t| t.aliases.iter().any(|a| a == "AEDT"))
        .expect("AEDT is an alias");
    assert_eq!(aedt.name, "automated employment decision tool");
}

#[test]
fn a_definition_by_reference_points_to_the_section_that_defines() {
    // 6 RCNY § 5-300: “Bias audit” means “Bias audit” as defined by § 20-870 of the Code.
    let snap = nyc();
    let kg = snap.knowledge_graph();
    let cite = |p: &lexls_index::resolve::ProvisionRef| {
        lexls_ide::features::cite_string(&snap.docs[p.doc], p.provision)
    };
    let bias_audit = kg
        .terms
        .iter()
        .find(|t| t.name == "bias audit")
        .expect("a defined term");
    let refs: Vec<(String, String)> = bias_audit
        .by_reference
        .iter()
        .map(|(from, to)| (cite(from), cite(to)))
        .collect();
    assert_eq!(
        refs,
        [(
            "6 RCNY § 5-300".to_string(),
            "NYC Admin. Code § 20-870".to_string()
        )]
    );
    let defining: Vec<String> =
        lexls_index::kg::define::defining_sections(&kg, "What is the definition of 'Bias audit'?")
            .iter()
            .map(cite)
            .collect();
    assert_eq!(defining, ["NYC Admin. Code § 20-870"]);
    // A definition of its own is not one by reference: the rule defines "test data" itself.
    let test_data = kg
        .terms
        .iter()
        .find(|t| t.name == "test data")
        .expect("a defined term");
    assert!(test_data.by_reference.is_empty(), "{test_data:?}");
}

#[test]
fn a_walk_from_a_term_reaches_its_definition_with_triplets() {
    let snap = nyc();
    let kg = snap.knowledge_graph();
    let found = lexls_index::kg::walk::retrieve(
        &kg,
        &snap.docs,
        "Who may conduct a bias audit of an AEDT?",
        &[],
        3,
        2,
    );
    assert!(
        found.keywords.iter().any(|k| k == "bias audit"),
        "{found:?}"
    );
    let defines = found
        .triplets
        .iter()
        .find(|t| t.relation == Relation::Defines && t.object == "bias audit")
        .expect("a defines triplet");
    assert!(defines.subject.contains("20-870"), "{defines:?}");
    assert!(!found.reached.is_empty());
    // No keyword, no walk.
    let none = lexls_index::kg::walk::retrieve(&kg, &snap.docs, "bias audit", &[], 0, 2);
    assert!(none.reached.is_empty() && none.keywords.is_empty());
}

#[test]
fn rewrites_split_the_question_and_cited_sections_come_first() {
    let snap = nyc();
    let opts = bm25_options(&snap);
    let r = retrieve(
        &snap,
        "As an employer, what notice must I give candidates under § 20-871, and how are penalties calculated?",
        &opts,
        None,
    );
    let kinds: Vec<RewriteKind> = r.rewrites.iter().map(|w| w.kind).collect();
    assert_eq!(kinds[0], RewriteKind::Original);
    assert!(kinds.contains(&RewriteKind::Focus), "{:?}", r.rewrites);
    assert!(kinds.contains(&RewriteKind::Part), "{:?}", r.rewrites);
    let cites = citations(&snap, &r);
    assert!(cites[0].contains("20-871"), "{cites:?}");
    assert!(
        cites.iter().take(5).any(|c| c.contains("20-872")),
        "penalties (§ 20-872) among the first five: {cites:?}"
    );
    for stage in ["classify", "rewrite", "retrieve", "kg"] {
        assert!(r.timings.contains_key(stage), "{:?}", r.timings);
    }
}

#[test]
fn stages_switch_off() {
    let snap = nyc();
    let mut opts = bm25_options(&snap);
    opts.stages.rewrite = false;
    opts.stages.kg = false;
    opts.fixed_k = Some(2);
    let r = retrieve(&snap, "What is a bias audit?", &opts, None);
    assert_eq!(r.rewrites.len(), 1);
    assert!(r.triplets.is_empty() && !r.timings.contains_key("kg"));
    let params = r.params.expect("parameters");
    assert_eq!((params.class, params.k), (None, 2));
}

#[test]
fn a_question_about_a_meaning_leads_with_the_definition() {
    let snap = nyc();
    let opts = bm25_options(&snap);
    let q = "Can you explain the definition of an automated employment decision tool according to Local Law 144 in New York City?";
    let r = retrieve(&snap, q, &opts, None);
    let first = citations(&snap, &r).first().cloned();
    assert!(
        matches!(
            first.as_deref(),
            Some("NYC Admin. Code § 20-870" | "6 RCNY § 5-300")
        ),
        "a definitions section first: {:?}",
        citations(&snap, &r)
    );
    // Without the graph stage, BM25 alone puts a section on the tool's use first.
    let mut no_kg = opts;
    no_kg.stages.kg = false;
    let r = retrieve(&snap, q, &no_kg, None);
    let first = citations(&snap, &r).first().cloned().unwrap_or_default();
    assert!(
        !first.contains("20-870") && !first.contains("5-300"),
        "{:?}",
        citations(&snap, &r)
    );
    // A question that asks no meaning keeps the retrieved order.
    let q = "How many business days before using an automated employment decision tool must a candidate be notified?";
    let with = citations(&snap, &retrieve(&snap, q, &opts, None));
    let without = citations(&snap, &retrieve(&snap, q, &no_kg, None));
    assert_eq!(with.first(), without.first());
}

/// A reranker convinced that the last passage it is shown is the only relevant one.
struct LastFirst;

impl Reranker for LastFirst {
    fn score(&self, _query: &str, passages: &[String]) -> Result<Vec<f32>, String> {
        let last = passages.len().saturating_sub(1);
        Ok((0..passages.len())
            .map(|i| if i == last { 10.0 } else { -10.0 })
            .collect())
    }
    fn name(&self) -> &str {
        "last-first"
    }
}

/// A reranker that fails.
struct Broken;

impl Reranker for Broken {
    fn score(&self, _query: &str, _passages: &[String]) -> Result<Vec<f32>, String> {
        Err("model crashed".into())
    }
    fn name(&self) -> &str {
        "broken"
    }
}

#[test]
fn the_reranker_reorders_and_its_failure_keeps_the_order() {
    let snap = nyc();
    let opts = bm25_options(&snap);
    let q = "What must the summary of the results of the bias audit include?";
    let plain = retrieve(&snap, q, &opts, None);
    let reranked = retrieve(&snap, q, &opts, Some(&LastFirst));
    let first = citations(&snap, &reranked);
    let before = citations(&snap, &plain);
    // Every candidate (fewer than 20) is reranked; a strong verdict outweighs authority
    // (the last one here is the employer's policy, authority 0.6).
    assert!(before.len() < 20 && before.len() > 2, "{before:?}");
    assert_eq!(first[0], before[before.len() - 1], "{first:?}");
    assert_eq!(first.len(), before.len());
    let broken = retrieve(&snap, q, &opts, Some(&Broken));
    assert_eq!(citations(&snap, &broken), citations(&snap, &plain));
    assert!(broken.warnings.iter().any(|w| w.contains("model crashed")));
}

#[test]
fn answers_report_parameters_rewrites_triplets_and_timings() {
    let snap = nyc_with_stages();
    let result = ask(
        &snap,
        &AskRequest {
            question: "What is a bias audit and who may conduct one?".into(),
            mode: Some(RetrievalMode::Bm25),
            ..AskRequest::default()
        },
    );
    let params = result.params.expect("parameters");
    assert!(params.k >= 1 && params.rewrites >= 1);
    assert_eq!(result.sources.len(), params.k.min(result.sources.len()));
    assert!(!result.rewrites.is_empty());
    assert!(
        result.triplets.iter().any(|t| t.object == "bias audit"),
        "{:?}",
        result.triplets
    );
    for stage in ["retrieve", "compose", "verify"] {
        assert!(
            result.timings_ms.contains_key(stage),
            "{:?}",
            result.timings_ms
        );
    }
}

/// A quoted sentence's relative citation ("with this section") is read in the provision the
/// sentence was quoted from, so the extractive answer's check does not flag the law's own
/// words; outside a quote it stays unresolved.
#[test]
fn relative_citations_in_quotes_resolve_where_the_quote_stands() {
    use lexls_ide::ask::verify::{Segment, verify};

    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/markup");
    let snap = Engine::scan_in_memory(&root, Config::default()).expect("fixture workspace opens");
    let (doc_id, doc) = snap
        .docs
        .iter()
        .enumerate()
        .find(|(_, d)| d.rel_path == "usc35-s122.xml")
        .expect("35 U.S.C. § 122 is indexed");
    let here = (0..doc.provisions.len())
        .find(|&p| doc.subsection_path(p) == ["e", "2", "C"])
        .expect("§ 122(e)(2)(C)");
    let section = doc.section_of(here);
    let quote = "“include a statement by the person making such submission affirming that the submission was made in compliance with this section.”";
    let segment = |anchor| Segment {
        text: quote.to_string(),
        context: Some(doc_id),
        quoted: true,
        anchor,
    };
    let sources = [lexls_index::resolve::ProvisionRef {
        doc: doc_id,
        provision: section,
    }];

    let anchored = verify(&snap, &[segment(Some(here))], &sources);
    assert_eq!(anchored.len(), 1, "{anchored:?}");
    assert_eq!(anchored[0].text, "this section");
    assert!(
        anchored[0].resolved && anchored[0].supported,
        "{anchored:?}"
    );
    assert_eq!(anchored[0].target, "35 U.S.C. § 122");

    let loose = verify(&snap, &[segment(None)], &sources);
    assert!(!loose[0].resolved, "{loose:?}");
}
