//! Hybrid retrieval over chunks: BM25 ([`bm25`]: text analysis in [`analysis`], query
//! analysis in [`query`], scoring in [`scoring`]), dense vectors ([`dense`]) and their fusion
//! ([`fusion`], with a label-free calibration of its weight in [`calibrate`]), persisted in a
//! per-workspace index ([`store`]).
//!
//! The two retrievers are fused per *section*, not per chunk: each retriever's score of a
//! section is that of its best chunk, the sections' scores are normalised and fused, and
//! every retrieved chunk carries its section's fused score. A section found by BM25 in one
//! subsection and by the dense model in another thus gets both votes (the sections are what
//! is ranked and cited; measured in `docs/measurements.md`).

pub mod analysis;
pub mod bm25;
pub mod calibrate;
pub mod chunk;
pub mod dense;
pub mod embedding_log;
pub mod fusion;
pub mod pre_analysed;
pub mod prf;
pub mod quantized;
pub mod query;
pub mod scoring;
pub mod store;
pub mod window_keys;
pub mod windows;

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use crate::config::RetrievalMode;
use bm25::Bm25Searcher;
use chunk::Chunk;
use dense::{DenseIndex, Embedder};
pub use fusion::{Fusion, ScoreNorm};

/// A retrieved chunk.
#[derive(Debug, Clone, PartialEq)]
pub struct Hit {
    /// Index into [`SearchIndex::chunks`].
    pub chunk: usize,
    /// The fused score (RRF or α-weighted) of the chunk's section ([`SearchIndex::search_many`]).
    pub score: f32,
    /// 1-based rank in the BM25 list, if the chunk was in it.
    pub bm25_rank: Option<usize>,
    /// 1-based rank in the dense list, if the chunk was in it.
    pub dense_rank: Option<usize>,
}

/// Result of a search: hits best first and what degraded it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SearchResult {
    /// Hits, best first.
    pub hits: Vec<Hit>,
    /// Warnings (dense retrieval unavailable, embeddings not ready, …).
    pub warnings: Vec<String>,
}

/// A point-in-time retrieval index.
#[derive(Debug, Clone)]
pub struct SearchIndex {
    /// BM25.
    pub bm25: Bm25Searcher,
    /// Every chunk (shared with the engine that indexed them).
    pub chunks: Vec<Arc<Chunk>>,
    /// The index of each document's first chunk, by relative path: a document's chunks are
    /// contiguous and in order, so chunk `<rel_path>#<n>` is the first plus `n`. (A map of
    /// every chunk id held one string per chunk.)
    first_chunk: HashMap<String, usize>,
    /// Vectors of the chunks embedded so far.
    pub dense: DenseIndex,
    /// The embedder, when a model is loaded.
    pub embedder: Option<Arc<dyn Embedder>>,
    /// Why there is no embedder.
    pub model_problem: Option<String>,
    /// The section of each chunk, as the index of the section's parent chunk (a chunk
    /// without a parent is its own section).
    sections: Vec<usize>,
    /// Pseudo-relevance feedback for BM25 (RM3), off unless set.
    pub prf: Option<prf::Rm3>,
}

impl SearchIndex {
    /// Assembles an index.
    pub fn new(
        bm25: Bm25Searcher,
        chunks: Vec<Arc<Chunk>>,
        dense: DenseIndex,
        embedder: Option<Arc<dyn Embedder>>,
        model_problem: Option<String>,
    ) -> Self {
        let mut first_chunk: HashMap<String, usize> = HashMap::new();
        for (i, c) in chunks.iter().enumerate() {
            if c.ordinal() == 0 {
                first_chunk.insert(c.rel_path().to_string(), i);
            }
        }
        first_chunk.shrink_to_fit();
        let sections = chunks
            .iter()
            .enumerate()
            .map(|(i, c)| {
                c.parent
                    .and_then(|p| {
                        let at = first_chunk.get(c.rel_path())? + p;
                        chunks
                            .get(at)
                            .is_some_and(|parent| parent.rel_path() == c.rel_path())
                            .then_some(at)
                    })
                    .unwrap_or(i)
            })
            .collect();
        Self {
            bm25,
            chunks,
            first_chunk,
            dense,
            embedder,
            model_problem,
            sections,
            prf: None,
        }
    }

    /// The section of chunk `chunk`: the index of the section's parent chunk.
    pub fn section_of(&self, chunk: usize) -> usize {
        self.sections.get(chunk).copied().unwrap_or(chunk)
    }

    /// The chunk with id `id`.
    pub fn chunk_index(&self, id: &str) -> Option<usize> {
        let (rel, ordinal) = id.rsplit_once('#')?;
        let ordinal: usize = ordinal.parse().ok()?;
        let at = self.first_chunk.get(rel)?.checked_add(ordinal)?;
        let c = self.chunks.get(at)?;
        (c.rel_path() == rel && c.ordinal() == ordinal).then_some(at)
    }

    /// BM25 ranking of chunk indices (with RM3 feedback when [`Self::prf`] is set).
    pub fn bm25_ranking(&self, query: &str, limit: usize) -> Vec<(usize, f32)> {
        let to_chunks = |hits: Vec<(String, f32)>| -> Vec<(usize, f32)> {
            hits.into_iter()
                .filter_map(|(id, score)| Some((self.chunk_index(&id)?, score)))
                .collect()
        };
        let Some(rm3) = self.prf else {
            return to_chunks(self.bm25.search(query, limit));
        };
        let first = to_chunks(self.bm25.search(query, limit.max(rm3.fb_docs)));
        match prf::expand(&self.bm25, query, &first, &self.chunks, rm3) {
            Some(terms) => {
                let bigrams = self.bm25.query(query).bigrams;
                to_chunks(self.bm25.search_weighted(&terms, &bigrams, limit))
            }
            None => first.into_iter().take(limit).collect(),
        }
    }

    /// Dense rankings of chunk indices for several queries (embedded in one batch), or why
    /// there are none.
    pub fn dense_rankings(
        &self,
        queries: &[String],
        limit: usize,
    ) -> Result<Vec<Vec<(usize, f32)>>, String> {
        let Some(embedder) = &self.embedder else {
            return Err(self
                .model_problem
                .clone()
                .unwrap_or_else(|| "no embedding model is loaded".into()));
        };
        if self.dense.is_empty() {
            return Err(format!(
                "passage embeddings are still being computed (0 of {} chunks); dense retrieval is skipped",
                self.chunks.len()
            ));
        }
        let vectors = embedder.embed(queries).map_err(|e| e.to_string())?;
        if vectors.len() != queries.len() {
            return Err(format!(
                "the model returned {} vectors for {} queries",
                vectors.len(),
                queries.len()
            ));
        }
        Ok(vectors
            .iter()
            .map(|v| self.dense.search(v, limit))
            .collect())
    }

    /// Dense ranking of chunk indices, or why there is none.
    pub fn dense_ranking(&self, query: &str, limit: usize) -> Result<Vec<(usize, f32)>, String> {
        self.dense_rankings(&[query.to_string()], limit)?
            .into_iter()
            .next()
            .ok_or_else(|| "the model returned no vector".to_string())
    }

    /// Retrieves up to `candidates` chunks per retriever and fuses them per section with
    /// `fusion` (reciprocal rank or α-weighted score fusion; α is lowered for a query longer
    /// than the dense model reads, see [`dense_weight`]). Falls back to BM25 with a warning
    /// when dense retrieval is unavailable.
    pub fn search(
        &self,
        query: &str,
        mode: RetrievalMode,
        candidates: usize,
        fusion: Fusion,
    ) -> SearchResult {
        let (mut results, warnings) =
            self.search_many(&[query.to_string()], mode, candidates, fusion);
        SearchResult {
            hits: results.pop().unwrap_or_default(),
            warnings,
        }
    }

    /// [`Self::search`] for several queries at once (one embedding batch): one hit list per
    /// query, in order, and the warnings of all.
    pub fn search_many(
        &self,
        queries: &[String],
        mode: RetrievalMode,
        candidates: usize,
        fusion: Fusion,
    ) -> (Vec<Vec<Hit>>, Vec<String>) {
        let mut warnings = Vec::new();
        let dense: Vec<Vec<(usize, f32)>> = match mode {
            RetrievalMode::Bm25 => Vec::new(),
            _ => match self.dense_rankings(queries, candidates) {
                Ok(d) => {
                    if self.dense.len() < self.chunks.len() {
                        warnings.push(format!(
                            "embeddings cover {} of {} chunks so far; dense retrieval is partial",
                            self.dense.len(),
                            self.chunks.len()
                        ));
                    }
                    d
                }
                Err(why) => {
                    warnings.push(why);
                    Vec::new()
                }
            },
        };
        let hits = queries
            .iter()
            .enumerate()
            .map(|(i, query)| {
                let dense = dense.get(i).cloned().unwrap_or_default();
                // Dense asked for but unavailable: BM25 rather than nothing.
                let bm25 = if mode != RetrievalMode::Dense || dense.is_empty() {
                    self.bm25_ranking(query, candidates)
                } else {
                    Vec::new()
                };
                let fusion = match fusion {
                    Fusion::Weighted { alpha, norm } => Fusion::Weighted {
                        alpha: dense_weight(alpha, query),
                        norm,
                    },
                    rrf => rrf,
                };
                fuse(&bm25, &dense, fusion, |c| self.section_of(c))
            })
            .collect();
        (hits, warnings)
    }
}

/// Words of a query the dense model reads whole: all-MiniLM-L6-v2 truncates its input at
/// 256 word pieces, about 190 English words of legal prose.
pub const DENSE_WINDOW_WORDS: usize = 190;

/// The weight of the dense scores for `query`: `alpha`, scaled down by the share of the
/// query the model reads (`DENSE_WINDOW_WORDS / words`) when the query is longer — a page
/// of case facts is judged by the model on its first paragraphs only.
pub fn dense_weight(alpha: f32, query: &str) -> f32 {
    let words = query.split_whitespace().count();
    if words <= DENSE_WINDOW_WORDS {
        alpha
    } else {
        alpha * DENSE_WINDOW_WORDS as f32 / words as f32
    }
}

/// Fuses a BM25 and a dense ranking of chunks (either may be empty) per section
/// (`section_of` a chunk): each list's score of a section is its best chunk's, the section
/// lists are fused with `fusion`, and every chunk of either list becomes a hit scored with
/// its section's fused score. Hits are ordered by that score, then by the chunk's best rank
/// (so a section's chunks come best first).
fn fuse(
    bm25: &[(usize, f32)],
    dense: &[(usize, f32)],
    fusion: Fusion,
    section_of: impl Fn(usize) -> usize,
) -> Vec<Hit> {
    let ranks = |list: &[(usize, f32)]| -> HashMap<usize, usize> {
        list.iter()
            .enumerate()
            .map(|(r, (c, _))| (*c, r + 1))
            .collect()
    };
    let (bm25_ranks, dense_ranks) = (ranks(bm25), ranks(dense));
    // Each list's sections, best chunk first (the lists are sorted best first).
    let by_section = |list: &[(usize, f32)]| -> Vec<(usize, f32)> {
        let mut seen = HashSet::new();
        list.iter()
            .map(|&(c, s)| (section_of(c), s))
            .filter(|(sec, _)| seen.insert(*sec))
            .collect()
    };
    let (bm25_sections, dense_sections) = (by_section(bm25), by_section(dense));
    let fused: HashMap<usize, f32> = match fusion {
        Fusion::Rrf { k } => {
            let lists: Vec<Vec<usize>> = [&bm25_sections, &dense_sections]
                .into_iter()
                .filter(|l| !l.is_empty())
                .map(|l| l.iter().map(|(c, _)| *c).collect())
                .collect();
            fusion::reciprocal_rank_fusion(&lists, k)
        }
        Fusion::Weighted { alpha, norm } => {
            let alpha = match (bm25.is_empty(), dense.is_empty()) {
                (false, true) => 0.0,
                (true, false) => 1.0,
                _ => alpha,
            };
            fusion::weighted_fusion(&bm25_sections, &dense_sections, alpha, norm)
        }
    }
    .into_iter()
    .collect();
    let mut hits: Vec<Hit> = Vec::new();
    let mut seen = HashSet::new();
    for &(chunk, _) in bm25.iter().chain(dense) {
        if !seen.insert(chunk) {
            continue;
        }
        hits.push(Hit {
            chunk,
            score: fused.get(&section_of(chunk)).copied().unwrap_or(0.0),
            bm25_rank: bm25_ranks.get(&chunk).copied(),
            dense_rank: dense_ranks.get(&chunk).copied(),
        });
    }
    sort_hits(&mut hits);
    hits
}

/// Orders hits by score, then by the chunk's best rank in either retriever, then by index.
pub fn sort_hits(hits: &mut [Hit]) {
    let best = |h: &Hit| match (h.bm25_rank, h.dense_rank) {
        (Some(a), Some(b)) => a.min(b),
        (a, b) => a.or(b).unwrap_or(usize::MAX),
    };
    hits.sort_by(|a, b| {
        b.score
            .total_cmp(&a.score)
            .then(best(a).cmp(&best(b)))
            .then(a.chunk.cmp(&b.chunk))
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_section_found_by_both_retrievers_in_different_chunks_gets_both_votes() {
        // Chunks 0–2 form section 0 (parent 0, children 1 and 2); chunk 3 is section 3.
        let section_of = |c: usize| if c <= 2 { 0 } else { 3 };
        // BM25 finds section 0 in subsection 1, the dense model in subsection 2; section 3
        // is each retriever's runner-up.
        let bm25 = [(1, 10.0), (3, 9.0)];
        let dense = [(2, 0.8), (3, 0.7)];
        let hits = fuse(&bm25, &dense, Fusion::weighted(0.5), section_of);
        let order: Vec<usize> = hits.iter().map(|h| h.chunk).collect();
        assert_eq!(order, [1, 2, 3], "{hits:?}");
        assert_eq!(hits[0].score, hits[1].score, "one score per section");
        assert_eq!((hits[0].bm25_rank, hits[0].dense_rank), (Some(1), None));
        // Per chunk, each half of section 0 would have had one retriever's vote only.
        let per_chunk = fuse(&bm25, &dense, Fusion::weighted(0.5), |c| c);
        assert_eq!(per_chunk.last().map(|h| h.chunk), Some(3));
        assert!(per_chunk[0].score < hits[0].score);
    }

    #[test]
    fn the_dense_weight_falls_for_queries_longer_than_the_model_reads() {
        assert_eq!(dense_weight(0.45, "What penalties apply?"), 0.45);
        let facts = "word ".repeat(DENSE_WINDOW_WORDS * 3);
        assert!((dense_weight(0.45, &facts) - 0.15).abs() < 1e-6);
    }
}
