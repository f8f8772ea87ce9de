//! Label-free calibration of the BM25–dense fusion weight α for one workspace.
//!
//! Pseudo-queries come from the workspace itself: sentences that cite another section, their
//! citations taken out (`lexls_ide::ask::calibrate`, which needs the resolved citations), or
//! here the heading of each section (a heading of at least [`MIN_HEADING_TERMS`] searched
//! terms that no other section shares) asking for that section, as a reader who knows what a
//! provision is about but not where it is would ask. Each pseudo-query is retrieved once by
//! each retriever; the α of [`ALPHAS`] whose fusion ranks the asked section best (mean
//! reciprocal rank of the section within the first ten, ties to the α nearest the global
//! default) is the workspace's. This is the idea of tuning on queries generated from the
//! collection (Azzopardi, de Rijke and Balog, "Building simulated queries for known-item
//! topics", SIGIR 2007) applied to one constant.
//!
//! Limits, measured (`docs/measurements.md`, 2026-11-26): a heading is also indexed text of
//! its section, so heading pseudo-queries are nearly all answered at any α (EU AI Act: MRR
//! 0.96–0.97 from α 0 to 0.4); a citing sentence describes the citing provision as much as
//! the cited one (SARA: −16% against the global α). Neither beat the global α; the engine
//! does not use this.

use std::collections::{HashMap, HashSet};

use super::chunk::ChunkLevel;
use super::query::QuestionWords;
use super::{Fusion, SearchIndex, fuse};

/// The weights tried: 0 to 0.8 by tenths.
pub const ALPHAS: [f32; 9] = [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8];

/// Pseudo-queries used at most (taken evenly over the workspace's sections).
pub const MAX_PSEUDO_QUERIES: usize = 200;

/// Searched terms a heading needs to be a pseudo-query ("Definitions" alone asks nothing).
pub const MIN_HEADING_TERMS: usize = 2;

/// A pseudo-query: a text and the section (index of its parent chunk) it asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PseudoQuery {
    /// The query.
    pub text: String,
    /// The section asked for.
    pub section: usize,
    /// A section left out of the ranking (the one the text was taken from, which holds it
    /// verbatim).
    pub exclude: Option<usize>,
}

/// The outcome of a calibration.
#[derive(Debug, Clone, PartialEq)]
pub struct Calibration {
    /// The chosen α.
    pub alpha: f32,
    /// Pseudo-queries used.
    pub queries: usize,
    /// Mean reciprocal rank (sections, first ten) at each α of [`ALPHAS`].
    pub mrr: Vec<(f32, f64)>,
}

/// The workspace's pseudo-queries: one per section whose heading has at least
/// [`MIN_HEADING_TERMS`] searched terms and is the heading of no other section, at most
/// [`MAX_PSEUDO_QUERIES`] taken evenly.
pub fn pseudo_queries(index: &SearchIndex) -> Vec<PseudoQuery> {
    let question_words = QuestionWords::of(index.bm25.analysis());
    let mut by_heading: HashMap<String, Vec<usize>> = HashMap::new();
    for (i, c) in index.chunks.iter().enumerate() {
        if c.level != ChunkLevel::Parent {
            continue;
        }
        let Some(h) = c.provision_heading() else {
            continue;
        };
        let terms = super::query::searched_terms(&index.bm25.terms(h), question_words);
        if terms.len() >= MIN_HEADING_TERMS {
            by_heading.entry(h.trim().to_string()).or_default().push(i);
        }
    }
    let mut all: Vec<PseudoQuery> = by_heading
        .into_iter()
        .filter(|(_, sections)| sections.len() == 1)
        .map(|(text, sections)| PseudoQuery {
            text,
            section: sections[0],
            exclude: None,
        })
        .collect();
    all.sort_by_key(|q| q.section);
    evenly(all, MAX_PSEUDO_QUERIES)
}

/// At most `max` of `items`, taken evenly.
pub fn evenly<T: Clone>(items: Vec<T>, max: usize) -> Vec<T> {
    if items.len() <= max {
        return items;
    }
    let step = items.len() as f64 / max as f64;
    (0..max)
        .filter_map(|i| items.get((i as f64 * step) as usize).cloned())
        .collect()
}

/// Chooses α for `index` on `queries` ([`pseudo_queries`]) with `candidates` per
/// retriever; `default` breaks ties (the α nearest it wins). `None` without a dense index,
/// without queries, or when the model fails.
pub fn calibrate(
    index: &SearchIndex,
    queries: &[PseudoQuery],
    candidates: usize,
    default: f32,
) -> Option<Calibration> {
    if queries.is_empty() {
        return None;
    }
    let texts: Vec<String> = queries.iter().map(|q| q.text.clone()).collect();
    let dense = index.dense_rankings(&texts, candidates).ok()?;
    let mut sums = vec![0.0f64; ALPHAS.len()];
    for (q, dense) in queries.iter().zip(&dense) {
        let bm25 = index.bm25_ranking(&q.text, candidates);
        for (a, alpha) in ALPHAS.iter().enumerate() {
            let hits = fuse(&bm25, dense, Fusion::weighted(*alpha), |c| {
                index.section_of(c)
            });
            let mut seen = HashSet::new();
            let rank = hits
                .iter()
                .map(|h| index.section_of(h.chunk))
                .filter(|s| Some(*s) != q.exclude && seen.insert(*s))
                .take(10)
                .position(|s| s == q.section);
            sums[a] += rank.map_or(0.0, |r| 1.0 / (r as f64 + 1.0));
        }
    }
    let n = queries.len() as f64;
    let mrr: Vec<(f32, f64)> = ALPHAS.iter().zip(&sums).map(|(a, s)| (*a, s / n)).collect();
    let (alpha, _) = mrr
        .iter()
        .copied()
        .fold((default, f64::NEG_INFINITY), |best, (a, m)| {
            let better = m > best.1 + 1e-12
                || ((m - best.1).abs() <= 1e-12 && (a - default).abs() < (best.0 - default).abs());
            if better { (a, m) } else { best }
        });
    Some(Calibration {
        alpha,
        queries: queries.len(),
        mrr,
    })
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::search::bm25::Bm25;
    use crate::search::chunk::chunk_document;
    use crate::search::dense::DenseIndex;
    use lexls_syntax::test_support::example;

    /// The NYC example's statute and rules, indexed for BM25 (no vectors).
    fn nyc() -> SearchIndex {
        let mut bm25 = Bm25::open(None).expect("ram index");
        let mut chunks = Vec::new();
        for rel in [
            "statute/nyc-admin-code-20-870.md",
            "statute/nyc-admin-code-20-871.md",
            "statute/nyc-admin-code-20-872.md",
            "rules/6-rcny-5-300.md",
            "rules/6-rcny-5-302.md",
            "rules/6-rcny-5-304.md",
        ] {
            let c = chunk_document(&Arc::new(example(rel)));
            bm25.add(&c).expect("add");
            chunks.extend(c.into_iter().map(Arc::new));
        }
        bm25.commit("test").expect("commit");
        SearchIndex::new(bm25.searcher(), chunks, DenseIndex::default(), None, None)
    }

    #[test]
    fn headings_of_two_words_or_more_ask_for_their_sections() {
        let index = nyc();
        let queries = pseudo_queries(&index);
        let texts: Vec<&str> = queries.iter().map(|q| q.text.as_str()).collect();
        for heading in [
            "Requirements for automated employment decision tools",
            "Data Requirements",
            "Notice to Candidates and Employees",
        ] {
            assert!(texts.contains(&heading), "{heading} in {texts:?}");
        }
        // One searched word ("Penalties") asks too little; "Definitions" is also shared.
        assert!(
            !texts.contains(&"Penalties") && !texts.contains(&"Definitions"),
            "{texts:?}"
        );
        for q in &queries {
            assert_eq!(
                index.chunks[q.section].provision_heading(),
                Some(q.text.as_str())
            );
            assert_eq!(
                index.section_of(q.section),
                q.section,
                "a section, not a passage"
            );
        }
        // Without vectors there is nothing to weigh against BM25.
        assert_eq!(calibrate(&index, &queries, 50, 0.3), None);
    }
}
