//! The adaptive retrieval pipeline of HyPA-RAG: classify the question's complexity, take
//! the parameters of its class ([`super::params`]), rewrite the question ([`super::rewrite`]),
//! retrieve every rewrite with BM25 and dense search fused per section ([`lexls_index::search`]),
//! fuse the rewrites' rankings per section (weighted CombSUM), group chunks into sections
//! with their authority weight, put the provisions the question cites first, add what the knowledge
//! graph reaches ([`lexls_index::kg`]) and, for a question about a term's meaning, put the section
//! that defines it first ([`lexls_index::kg::define`]), and rerank ([`super::rerank`]). Each stage can be switched
//! off for ablation ([`Stages`]); each is timed.

use std::collections::{BTreeMap, HashMap};
use std::time::Instant;

use super::models::Models;
use super::params::QueryParams;
use super::rerank::Reranker;
use super::retrieve::{self, Candidate, Reason};
use super::rewrite::{self, Rewrite, RewriteKind};
use lexls_index::config::RetrievalMode;
use lexls_index::kg::walk::{self, Triplet};
use lexls_index::search::{Fusion, Hit};
use lexls_index::workspace::Snapshot;

/// Which stages run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stages {
    /// Dense retrieval beside BM25.
    pub dense: bool,
    /// Parameters from the complexity class (else fixed).
    pub adaptive: bool,
    /// Query rewrites and cited provisions first.
    pub rewrite: bool,
    /// Knowledge-graph retrieval.
    pub kg: bool,
    /// The cross-encoder reranker (when one is configured).
    pub rerank: bool,
}

/// Options of one run.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PipelineOptions {
    /// Stages to run.
    pub stages: Stages,
    /// Retrievers.
    pub mode: RetrievalMode,
    /// BM25–dense fusion.
    pub fusion: Fusion,
    /// Candidates per retriever and rewrite.
    pub candidates: usize,
    /// Sources when not adaptive (or to override the class's k).
    pub fixed_k: Option<usize>,
}

impl PipelineOptions {
    /// The options of the workspace configuration.
    pub fn from_snapshot(snap: &Snapshot) -> Self {
        let r = &snap.config.retrieval;
        Self {
            stages: Stages {
                dense: r.mode != RetrievalMode::Bm25,
                adaptive: r.adaptive,
                rewrite: r.rewrite,
                kg: r.kg,
                rerank: true,
            },
            mode: r.mode,
            fusion: r.fusion(),
            candidates: r.candidates,
            fixed_k: (!r.adaptive).then_some(r.top_k),
        }
    }
}

/// Milliseconds spent per stage, by stage name.
pub type Timings = BTreeMap<&'static str, f64>;

/// What the pipeline found.
#[derive(Debug, Clone, Default)]
pub struct Retrieval {
    /// Candidate sections, best first (more than `params.k`: the answer takes the first k).
    pub candidates: Vec<Candidate>,
    /// The parameters used.
    pub params: Option<QueryParams>,
    /// The queries retrieved (the original first).
    pub rewrites: Vec<Rewrite>,
    /// Knowledge-graph keywords matched.
    pub kg_keywords: Vec<String>,
    /// Knowledge-graph triplets walked.
    pub triplets: Vec<Triplet>,
    /// Time per stage.
    pub timings: Timings,
    /// What degraded the run.
    pub warnings: Vec<String>,
}

/// Sections the knowledge graph reaches go after this many retrieved ones (or after the
/// first k, if more): on the evaluation sets a graph neighbour was less often relevant than
/// the retrieved sections down to the tenth.
const GRAPH_AFTER: usize = 10;

/// A cited section retrieval ranks within this many moves to the front.
const CITED_WINDOW: usize = 10;

/// Classifies `question` and returns the parameters of its class (and a warning when the
/// configured classifier could not be loaded); fixed parameters when the stage is off or
/// `fixed_k` is set.
pub fn parameters(
    snap: &Snapshot,
    question: &str,
    opts: &PipelineOptions,
    models: &Models,
) -> (QueryParams, Option<String>) {
    let overrides = &snap.config.params;
    if let Some(k) = opts.fixed_k {
        return (QueryParams::fixed(k, overrides), None);
    }
    if !opts.stages.adaptive {
        return (
            QueryParams::fixed(snap.config.retrieval.top_k, overrides),
            None,
        );
    }
    let (classifier, warning) = models.classifier(snap);
    let c = classifier.predict(question);
    (
        QueryParams::for_class(c.class, c.classes, overrides),
        warning,
    )
}

/// Runs the pipeline for `question` (and the selected text, if any).
///
/// `rewriter` is asked, once the parameters are known and when the rewrite stage is on,
/// for up to Q reformulations from elsewhere (an LLM; `|_| Vec::new()` for none), retrieved
/// like the deterministic ones; its time counts in the `rewrite` stage. `reranker`, when
/// given and the stage is on, reorders the first candidates. `models` holds the
/// query-complexity classifier across calls.
// The question, its context and the stages' collaborators are each one argument: a struct
// bundling them would be built at every call only to be taken apart here.
#[allow(clippy::too_many_arguments)]
pub fn run(
    snap: &Snapshot,
    question: &str,
    context_text: &str,
    own_namespace: &str,
    opts: &PipelineOptions,
    models: &Models,
    rewriter: &mut dyn FnMut(usize) -> Vec<String>,
    reranker: Option<&dyn Reranker>,
) -> Retrieval {
    let mut out = Retrieval::default();
    let mut clock = Instant::now();
    let mut lap = |name: &'static str, timings: &mut Timings| {
        let now = Instant::now();
        timings.insert(name, (now - clock).as_secs_f64() * 1000.0);
        clock = now;
    };

    let (params, warning) = parameters(snap, question, opts, models);
    out.params = Some(params);
    out.warnings.extend(warning);
    lap("classify", &mut out.timings);

    let full = if context_text.is_empty() {
        question.to_string()
    } else {
        format!("{question} {context_text}")
    };
    let expand = |q: &str| super::expand_abbreviations(snap, q);
    let mut rewrites = if opts.stages.rewrite {
        rewrite::rewrites(&full, params.rewrites, expand)
    } else {
        vec![Rewrite {
            text: expand(&full),
            kind: RewriteKind::Original,
        }]
    };
    // The LLM's rewrites follow `[llm] rewrite` (the rewriter asks nothing without an LLM),
    // not the deterministic stage, which is off by default (issue 12).
    let extra = rewriter(params.rewrites);
    for r in extra.into_iter().take(params.rewrites) {
        if !rewrites.iter().any(|x| x.text == r) {
            rewrites.push(Rewrite {
                text: r,
                kind: RewriteKind::Llm,
            });
        }
    }
    lap("rewrite", &mut out.timings);

    // Retrieval of every rewrite, fused.
    let Some(index) = &snap.search else {
        out.warnings
            .push("the retrieval index is still being built; try again in a moment".into());
        out.rewrites = rewrites;
        return out;
    };
    let mode = if opts.stages.dense {
        opts.mode
    } else {
        RetrievalMode::Bm25
    };
    let texts: Vec<String> = rewrites.iter().map(|r| r.text.clone()).collect();
    let (lists, warnings) = index.search_many(&texts, mode, opts.candidates, opts.fusion);
    out.warnings.extend(warnings);
    let kinds: Vec<RewriteKind> = rewrites.iter().map(|r| r.kind).collect();
    let hits = fuse_rewrites(lists, &kinds, |c| index.section_of(c));
    let retrieved = retrieve::group_by_section(snap, &hits);
    lap("retrieve", &mut out.timings);

    // Provisions the question cites: first when rewriting (they are pulled out of it), and
    // knowledge-graph keywords in any case.
    let top = retrieved.first().map_or(0.0, |c| c.score);
    let cited = retrieve::cited_candidates(snap, &full, own_namespace, top);
    let mut candidates = if opts.stages.rewrite {
        retrieve::place_cited(cited.clone(), retrieved, CITED_WINDOW)
    } else {
        retrieved
    };
    lap("cited", &mut out.timings);

    if opts.stages.kg {
        let kg = snap.knowledge_graph();
        let cited_refs: Vec<_> = cited
            .iter()
            .filter_map(|c| {
                Some(lexls_index::resolve::ProvisionRef {
                    doc: c.doc,
                    provision: c.section?,
                })
            })
            .collect();
        let found = walk::retrieve(
            &kg,
            &snap.docs,
            &full,
            &cited_refs,
            params.kg_keywords,
            params.kg_path,
        );
        candidates = add_graph_candidates(
            candidates,
            &found.reached,
            params.k.max(GRAPH_AFTER),
            params.k,
        );
        // A multi-part question ("What is an AEDT, and what penalties apply?") asks more
        // than the meaning: its definition does not lead.
        if rewrite::parts(&full).is_empty() {
            let defining = lexls_index::kg::define::defining_sections(&kg, &full);
            candidates = retrieve::place_defining(&defining, candidates);
        }
        out.kg_keywords = found.keywords;
        out.triplets = found.triplets;
        lap("kg", &mut out.timings);
    }

    if opts.stages.rerank
        && let Some(reranker) = reranker
    {
        let pool = snap
            .config
            .reranker
            .candidates
            .unwrap_or(20)
            .max(params.k)
            .min(candidates.len());
        match super::rerank::rerank(snap, reranker, question, &mut candidates[..pool]) {
            Ok(()) => {}
            Err(e) => out.warnings.push(format!(
                "the reranker failed ({e}); the retrieval order is kept"
            )),
        }
        lap("rerank", &mut out.timings);
    }
    out.candidates = candidates;
    out.rewrites = rewrites;
    out
}

/// Weight of a rewrite's ranking in the fusion: the question as asked (and spelled out)
/// counts fully, the derived rewrites less.
fn rewrite_weight(kind: RewriteKind) -> f32 {
    match kind {
        RewriteKind::Original | RewriteKind::Expanded => 1.0,
        RewriteKind::Focus | RewriteKind::Part | RewriteKind::Uncited | RewriteKind::Llm => 0.5,
    }
}

/// Fuses the rankings of the rewrites per section by a weighted mean of the sections'
/// fused scores (CombSUM; Fox and Shaw, 1994), weights from [`rewrite_weight`], a section
/// missing from a list scoring 0 there (`section_of` a chunk, see
/// [`lexls_index::search::SearchIndex::section_of`]). Every chunk of any list carries its
/// section's result, with its best BM25 and dense ranks over the lists. Scores stay on the
/// scale of the BM25–dense fusion, so that the authority weighting acts alike with and
/// without rewrites.
fn fuse_rewrites(
    mut lists: Vec<Vec<Hit>>,
    kinds: &[RewriteKind],
    section_of: impl Fn(usize) -> usize,
) -> Vec<Hit> {
    if lists.len() <= 1 {
        return lists.pop().unwrap_or_default();
    }
    let weights: Vec<f32> = (0..lists.len())
        .map(|i| kinds.get(i).copied().map_or(0.5, rewrite_weight))
        .collect();
    let total: f32 = weights.iter().sum::<f32>().max(f32::EPSILON);
    let mut sections: HashMap<usize, f32> = HashMap::new();
    let mut chunks: HashMap<usize, Hit> = HashMap::new();
    for (list, w) in lists.iter().zip(&weights) {
        let mut best_here: HashMap<usize, f32> = HashMap::new();
        for hit in list {
            let b = best_here.entry(section_of(hit.chunk)).or_insert(hit.score);
            *b = b.max(hit.score);
            let e = chunks.entry(hit.chunk).or_insert_with(|| Hit {
                score: 0.0,
                ..hit.clone()
            });
            e.bm25_rank = min_rank(e.bm25_rank, hit.bm25_rank);
            e.dense_rank = min_rank(e.dense_rank, hit.dense_rank);
        }
        for (section, score) in best_here {
            *sections.entry(section).or_insert(0.0) += w * score / total;
        }
    }
    let mut fused: Vec<Hit> = chunks
        .into_values()
        .map(|mut h| {
            h.score = sections.get(&section_of(h.chunk)).copied().unwrap_or(0.0);
            h
        })
        .collect();
    lexls_index::search::sort_hits(&mut fused);
    fused
}

fn min_rank(a: Option<usize>, b: Option<usize>) -> Option<usize> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// Adds the graph's sections to the ranking: up to `count` sections that retrieval did not
/// find go right after the first `at` candidates, best reached first; the retrieved order is
/// kept (on the evaluation sets, letting the graph reorder retrieved sections lost more than
/// it won: definitions sections are reached from almost every question).
fn add_graph_candidates(
    mut candidates: Vec<Candidate>,
    reached: &[walk::Reached],
    at: usize,
    count: usize,
) -> Vec<Candidate> {
    let at = at.min(candidates.len());
    let base = candidates
        .get(at.saturating_sub(1))
        .map_or(0.0, |c| c.score);
    let new: Vec<Candidate> = reached
        .iter()
        .filter(|r| {
            !candidates
                .iter()
                .any(|c| c.doc == r.section.doc && c.section == Some(r.section.provision))
        })
        .take(count)
        .enumerate()
        .map(|(i, r)| Candidate {
            doc: r.section.doc,
            section: Some(r.section.provision),
            score: base * (1.0 - 0.01 * (i as f32 + 1.0)),
            chunks: Vec::new(),
            cited: Vec::new(),
            reason: Reason::Graph,
        })
        .collect();
    candidates.splice(at..at, new);
    candidates
}
