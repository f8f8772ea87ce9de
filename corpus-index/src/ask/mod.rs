//! Answering a question over the workspace (`lexls ask`, `lexls/ask`).
//!
//! Pipeline: expand abbreviations the corpus defines (`AEDT` → `automated employment
//! decision tool`), retrieve chunks with the hybrid index, group them by section (a matched
//! subsection expands to its parent section), put provisions the question cites first,
//! compose an extractive answer from the best sentences, and verify every citation of the
//! answer against the workspace ([`verify`]).

pub mod compose;
pub mod params;
pub mod pipeline;
pub mod rerank;
pub mod retrieve;
pub mod rewrite;
pub mod verify;

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::citation::resolve::{DocId, ProvisionRef};
use crate::config::RetrievalMode;
use crate::features::{Location, cite_string};
use crate::model::DocumentKind;
use crate::workspace::Snapshot;
use params::QueryParams;
use pipeline::{PipelineOptions, Timings};
use retrieve::Candidate;
use rewrite::Rewrite;
use verify::{AnswerCitation, Segment};

/// A question.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AskRequest {
    /// The question.
    pub question: String,
    /// Selected text the question is about, and the document it was selected in.
    pub context: Option<AskContext>,
    /// Sources to give (default: `[retrieval] top_k`).
    pub top_k: Option<usize>,
    /// Retrievers (default: `[retrieval] mode`).
    pub mode: Option<RetrievalMode>,
}

/// The selection a question is about.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AskContext {
    /// The document the text was selected in.
    pub doc: Option<DocId>,
    /// The selected text.
    pub text: String,
}

/// A source of an answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Source {
    /// Full citation (`NYC Admin. Code § 20-871`), or the title of a document without
    /// sections.
    pub citation: String,
    /// Heading of the section (or the document title).
    pub heading: String,
    /// Where it is.
    pub location: Location,
    /// Retrieval score (reciprocal rank fusion; cited provisions score above all).
    pub score: f32,
    /// Document kind.
    pub kind: DocumentKind,
    /// Authority weight of the kind (seed 003).
    pub authority: f32,
    /// Relative path of the document.
    pub rel_path: String,
}

/// An answer.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct AskResult {
    /// Markdown.
    pub answer: String,
    /// Every citation of the answer, checked.
    pub citations: Vec<AnswerCitation>,
    /// The sources, best first.
    pub sources: Vec<Source>,
    /// What went wrong or was degraded.
    pub warnings: Vec<String>,
    /// The retrieval parameters (complexity class, k, Q, K, S).
    pub params: Option<QueryParams>,
    /// The queries retrieved, the original first.
    pub rewrites: Vec<Rewrite>,
    /// Knowledge-graph keywords matched in the question.
    pub kg_keywords: Vec<String>,
    /// Knowledge-graph triplets walked (`(§ 5-300, defines, bias audit)`).
    pub triplets: Vec<crate::kg::walk::Triplet>,
    /// Milliseconds per stage (`classify`, `rewrite`, `retrieve`, `cited`, `kg`, `rerank`,
    /// `compose`, `verify`).
    pub timings_ms: Timings,
}

/// Abbreviations the workspace defines, as `(alias, lower-cased term)`:
/// `(AEDT, automated employment decision tool)`.
pub fn abbreviations(snap: &Snapshot) -> Vec<(String, String)> {
    let mut out: BTreeMap<String, String> = BTreeMap::new();
    for doc in &snap.docs {
        for def in &doc.definitions {
            for alias in &def.aliases {
                out.entry(alias.clone())
                    .or_insert_with(|| def.term.to_lowercase());
            }
        }
    }
    out.into_iter().collect()
}

/// Appends the defined term of every abbreviation `query` uses (`AEDT` → `automated
/// employment decision tool`), so BM25 matches provisions that spell the term out.
pub fn expand_abbreviations(snap: &Snapshot, query: &str) -> String {
    let mut out = query.to_string();
    for (alias, term) in abbreviations(snap) {
        if query
            .split(|c: char| !c.is_alphanumeric())
            .any(|w| w == alias)
        {
            out.push(' ');
            out.push_str(&term);
        }
    }
    out
}

/// Replaces spelled-out defined terms by their abbreviation, so that one concept counts
/// once when sentences are scored.
fn contract_terms(text: &str, abbreviations: &[(String, String)]) -> String {
    let mut out = text.to_lowercase();
    for (alias, term) in abbreviations {
        if out.contains(term.as_str()) {
            out = out.replace(term.as_str(), &alias.to_lowercase());
        }
    }
    out
}

/// Analyses text into the index's terms.
type Analyzer = Box<dyn Fn(&str) -> Vec<String>>;

/// Answers `request` from the snapshot.
pub fn ask(snap: &Snapshot, request: &AskRequest) -> AskResult {
    let mut warnings = Vec::new();
    let question = request.question.trim();
    if question.is_empty() {
        return AskResult {
            answer: "Ask a question about the statutes and policies of this workspace.".into(),
            citations: Vec::new(),
            sources: Vec::new(),
            warnings: vec!["the question is empty".into()],
            ..AskResult::default()
        };
    }
    let context_text = request
        .context
        .as_ref()
        .map(|c| crate::features::excerpt(&c.text, 2_000))
        .unwrap_or_default();
    let own_namespace = request
        .context
        .as_ref()
        .and_then(|c| c.doc)
        .and_then(|d| snap.docs.get(d))
        .map_or("", |d| d.namespace.as_str());
    let mut opts = PipelineOptions::from_snapshot(snap);
    if let Some(mode) = request.mode {
        opts.mode = mode;
        opts.stages.dense = mode != RetrievalMode::Bm25;
    }
    if request.top_k.is_some() {
        opts.fixed_k = request.top_k;
    }
    let reranker = match rerank::configured(snap) {
        Some(Ok(r)) => Some(r),
        Some(Err(e)) => {
            warnings.push(format!(
                "the reranker in [reranker] dir could not be loaded ({e}); sources are not reranked"
            ));
            None
        }
        None => None,
    };
    let retrieval = pipeline::run(
        snap,
        question,
        &context_text,
        own_namespace,
        &opts,
        &[],
        reranker.as_deref().map(|r| r as &dyn rerank::Reranker),
    );
    warnings.extend(retrieval.warnings.iter().cloned());
    let k = retrieval
        .params
        .map_or(snap.config.retrieval.top_k, |p| p.k);
    let mut candidates = retrieval.candidates.clone();
    candidates.truncate(k.max(1));

    let compose_started = std::time::Instant::now();
    let abbrevs = abbreviations(snap);
    let (terms, analyze): (Vec<(String, f32)>, Analyzer) = match &snap.search {
        Some(index) => {
            let bm25 = index.bm25.clone();
            let mut terms: Vec<(String, f32)> = bm25
                .terms(&contract_terms(
                    &format!("{question} {context_text}"),
                    &abbrevs,
                ))
                .into_iter()
                .map(|t| {
                    let idf = bm25.idf(&t);
                    (t, idf)
                })
                .collect();
            terms.sort_by(|a, b| a.0.cmp(&b.0));
            terms.dedup_by(|a, b| a.0 == b.0);
            (
                terms,
                Box::new(move |text: &str| bm25.terms(&contract_terms(text, &abbrevs))),
            )
        }
        None => (Vec::new(), Box::new(|_: &str| Vec::new())),
    };
    let quotes = compose::select_quotes(snap, &candidates, &terms, analyze.as_ref(), 4);

    let sources: Vec<Source> = candidates
        .iter()
        .filter_map(|c| source_of(snap, c))
        .collect();
    let source_refs: Vec<ProvisionRef> = candidates
        .iter()
        .filter_map(|c| {
            Some(ProvisionRef {
                doc: c.doc,
                provision: c.section?,
            })
        })
        .collect();

    let mut segments: Vec<Segment> = Vec::new();
    let text = |segments: &mut Vec<Segment>, text: String, context: Option<DocId>, quoted: bool| {
        segments.push(Segment {
            text,
            context,
            quoted,
        });
    };
    if quotes.is_empty() {
        text(
            &mut segments,
            "No provision of this workspace matches the question closely enough to quote.\n".into(),
            None,
            false,
        );
        warnings.push("no matching passage was found".into());
    } else {
        if snap.config.llm.url.is_some() {
            warnings.push(
                "an LLM endpoint is configured, but LLM answers are not built yet: this answer is extractive"
                    .into(),
            );
        }
        text(
            &mut segments,
            "*Extractive answer (no language model configured): the passages of the workspace that best match the question.*\n\n".into(),
            None,
            false,
        );
        for q in &quotes {
            let doc = &snap.docs[q.doc];
            text(&mut segments, "- ".into(), None, false);
            text(
                &mut segments,
                compose::quote_text(&q.text),
                Some(q.doc),
                true,
            );
            let attribution = match q.provision {
                Some(p) => cite_string(doc, p),
                None => format!("*{}*", doc.title),
            };
            text(
                &mut segments,
                format!(" — {attribution}\n"),
                Some(q.doc),
                false,
            );
        }
    }
    if !sources.is_empty() {
        text(&mut segments, "\n**Sources**\n\n".into(), None, false);
        for (i, (s, c)) in sources.iter().zip(&candidates).enumerate() {
            let heading = if s.heading.is_empty() || s.heading == s.citation {
                String::new()
            } else {
                format!(" — {}", s.heading)
            };
            text(
                &mut segments,
                format!("{}. {}{heading} ({})\n", i + 1, s.citation, s.kind.as_str()),
                Some(c.doc),
                false,
            );
        }
    }
    let composed_ms = compose_started.elapsed().as_secs_f64() * 1000.0;
    let verify_started = std::time::Instant::now();
    let citations = verify::verify(snap, &segments, &source_refs);
    for c in &citations {
        if !c.resolved {
            warnings.push(format!(
                "the answer cites `{}`, which does not resolve in this workspace",
                c.text
            ));
        } else if !c.supported {
            warnings.push(format!(
                "the answer cites `{}`, which is not among the sources",
                c.text
            ));
        }
    }
    let answer = segments.iter().map(|s| s.text.as_str()).collect::<String>();
    let mut timings_ms = retrieval.timings;
    timings_ms.insert("compose", composed_ms);
    timings_ms.insert("verify", verify_started.elapsed().as_secs_f64() * 1000.0);
    AskResult {
        answer,
        citations,
        sources,
        warnings,
        params: retrieval.params,
        rewrites: retrieval.rewrites,
        kg_keywords: retrieval.kg_keywords,
        triplets: retrieval.triplets,
        timings_ms,
    }
}

fn source_of(snap: &Snapshot, c: &Candidate) -> Option<Source> {
    let doc = snap.docs.get(c.doc)?;
    let (citation, heading, span) = match c.section {
        Some(s) => {
            let p = &doc.provisions[s];
            (
                cite_string(doc, s),
                p.heading.clone().unwrap_or_default(),
                p.label_span.clone(),
            )
        }
        None => (doc.title.clone(), doc.title.clone(), 0..0),
    };
    Some(Source {
        citation,
        heading,
        location: Location {
            doc: c.doc,
            path: doc.path.clone(),
            span,
        },
        score: c.score,
        kind: doc.kind,
        authority: doc.kind.authority(snap.config.authority.policy),
        rel_path: doc.rel_path.clone(),
    })
}

/// Renders an answer for a terminal: the answer, then warnings.
pub fn render_text(result: &AskResult) -> String {
    let mut out = result.answer.clone();
    if !result.warnings.is_empty() {
        out.push_str("\nWarnings:\n");
        for w in &result.warnings {
            let _ = writeln!(out, "- {w}");
        }
    }
    out
}
