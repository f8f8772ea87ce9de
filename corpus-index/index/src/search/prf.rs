//! Pseudo-relevance feedback for BM25: RM3 (Lavrenko and Croft, 2001; Abdul-Jaleel et al.,
//! 2004, the variant of Anserini and Pyserini).
//!
//! The first BM25 pass ranks chunks; the relevance model `P(w | R) ∝ Σ_d score(d) · tf(w, d)
//! / |d|` over the `fb_docs` best chunks gives the `fb_terms` likeliest terms; the query is
//! searched again with each term weighted `λ · P(w | Q) + (1 − λ) · P(w | R)` (`λ` =
//! `original_weight`, `P(w | Q)` uniform over the query's terms), scaled so that a query
//! term at `λ = 1` weighs 1 as in the plain search. The query's word pairs are kept as they
//! are. Terms are the index's analysed terms ([`Bm25Searcher::terms`]).

use std::collections::HashMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::bm25::Bm25Searcher;
use super::chunk::Chunk;

/// RM3's settings.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Rm3 {
    /// Feedback chunks: the first pass's best this many (Anserini: 10).
    pub fb_docs: usize,
    /// Expansion terms (Anserini: 10).
    pub fb_terms: usize,
    /// λ, the weight of the original query, in `[0, 1]` (Anserini: 0.5).
    pub original_weight: f32,
}

impl Default for Rm3 {
    fn default() -> Self {
        Self {
            fb_docs: 10,
            fb_terms: 10,
            original_weight: 0.5,
        }
    }
}

/// The weighted terms of the RM3 query for `query`, given the first pass `first`
/// (`(chunk index, BM25 score)`, best first) and the chunks; `None` when there is nothing
/// to expand (no query terms or no feedback).
pub fn expand(
    searcher: &Bm25Searcher,
    query: &str,
    first: &[(usize, f32)],
    chunks: &[Arc<Chunk>],
    rm3: Rm3,
) -> Option<Vec<(String, f32)>> {
    let original = searcher.query(query).terms;
    if original.is_empty() || first.is_empty() || rm3.fb_terms == 0 {
        return None;
    }
    let mut relevance: HashMap<String, f32> = HashMap::new();
    for &(chunk, score) in first.iter().take(rm3.fb_docs) {
        let Some(c) = chunks.get(chunk) else {
            continue;
        };
        let terms = searcher.terms(&c.text());
        if terms.is_empty() {
            continue;
        }
        let len = terms.len() as f32;
        for t in terms {
            *relevance.entry(t).or_insert(0.0) += score.max(0.0) / len;
        }
    }
    let mut ranked: Vec<(String, f32)> = relevance.into_iter().collect();
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    ranked.truncate(rm3.fb_terms);
    let total: f32 = ranked.iter().map(|(_, w)| w).sum();
    if total <= 0.0 {
        return None;
    }
    let lambda = rm3.original_weight.clamp(0.0, 1.0);
    let q = original.len() as f32;
    let mut weights: HashMap<String, f32> =
        original.iter().map(|t| (t.clone(), lambda / q)).collect();
    for (t, w) in ranked {
        *weights.entry(t).or_insert(0.0) += (1.0 - lambda) * w / total;
    }
    let mut out: Vec<(String, f32)> = weights.into_iter().map(|(t, w)| (t, w * q)).collect();
    out.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_anserinis() {
        let r = Rm3::default();
        assert_eq!((r.fb_docs, r.fb_terms), (10, 10));
        assert!((r.original_weight - 0.5).abs() < f32::EPSILON);
    }
}
