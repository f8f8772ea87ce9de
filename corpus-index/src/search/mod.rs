//! Hybrid retrieval over chunks: BM25 ([`bm25`]), dense vectors ([`dense`]) and their
//! reciprocal rank fusion ([`fusion`]), persisted in a per-workspace index ([`store`]).

pub mod bm25;
pub mod chunk;
pub mod dense;
pub mod fusion;
pub mod store;

use std::collections::HashMap;
use std::sync::Arc;

use crate::config::RetrievalMode;
use bm25::Bm25Searcher;
use chunk::Chunk;
use dense::{DenseIndex, Embedder};
pub use fusion::Fusion;

/// A retrieved chunk.
#[derive(Debug, Clone, PartialEq)]
pub struct Hit {
    /// Index into [`SearchIndex::chunks`].
    pub chunk: usize,
    /// The fused score (RRF or α-weighted), or the single retriever's score.
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
    /// Every chunk.
    pub chunks: Vec<Chunk>,
    by_id: HashMap<String, usize>,
    /// Vectors of the chunks embedded so far.
    pub dense: DenseIndex,
    /// The embedder, when a model is loaded.
    pub embedder: Option<Arc<dyn Embedder>>,
    /// Why there is no embedder.
    pub model_problem: Option<String>,
}

impl SearchIndex {
    /// Assembles an index.
    pub fn new(
        bm25: Bm25Searcher,
        chunks: Vec<Chunk>,
        dense: DenseIndex,
        embedder: Option<Arc<dyn Embedder>>,
        model_problem: Option<String>,
    ) -> Self {
        let by_id = chunks
            .iter()
            .enumerate()
            .map(|(i, c)| (c.id.clone(), i))
            .collect();
        Self {
            bm25,
            chunks,
            by_id,
            dense,
            embedder,
            model_problem,
        }
    }

    /// The chunk with id `id`.
    pub fn chunk_index(&self, id: &str) -> Option<usize> {
        self.by_id.get(id).copied()
    }

    /// BM25 ranking of chunk indices.
    pub fn bm25_ranking(&self, query: &str, limit: usize) -> Vec<(usize, f32)> {
        self.bm25
            .search(query, limit)
            .into_iter()
            .filter_map(|(id, score)| Some((self.chunk_index(&id)?, score)))
            .collect()
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

    /// Retrieves up to `candidates` chunks per retriever and fuses them with `fusion`
    /// (reciprocal rank or α-weighted score fusion). Falls back to BM25 with a warning when
    /// dense retrieval is unavailable.
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
                fuse(&bm25, &dense, fusion)
            })
            .collect();
        (hits, warnings)
    }
}

/// Fuses a BM25 and a dense ranking into hits (either may be empty).
fn fuse(bm25: &[(usize, f32)], dense: &[(usize, f32)], fusion: Fusion) -> Vec<Hit> {
    let ranks = |list: &[(usize, f32)]| -> HashMap<usize, usize> {
        list.iter()
            .enumerate()
            .map(|(r, (c, _))| (*c, r + 1))
            .collect()
    };
    let (bm25_ranks, dense_ranks) = (ranks(bm25), ranks(dense));
    let fused = match fusion {
        Fusion::Rrf { k } => {
            let lists: Vec<Vec<usize>> = [bm25, dense]
                .into_iter()
                .filter(|l| !l.is_empty())
                .map(|l| l.iter().map(|(c, _)| *c).collect())
                .collect();
            fusion::reciprocal_rank_fusion(&lists, k)
        }
        Fusion::Weighted { alpha } => {
            let alpha = match (bm25.is_empty(), dense.is_empty()) {
                (false, true) => 0.0,
                (true, false) => 1.0,
                _ => alpha,
            };
            fusion::weighted_fusion(bm25, dense, alpha)
        }
    };
    fused
        .into_iter()
        .map(|(chunk, score)| Hit {
            chunk,
            score,
            bm25_rank: bm25_ranks.get(&chunk).copied(),
            dense_rank: dense_ranks.get(&chunk).copied(),
        })
        .collect()
}
