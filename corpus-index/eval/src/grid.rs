//! The settings of the retrieval pipeline that cross-validation chooses among
//! ([`Variant`]), and one pass of a query set through each of them over one workspace
//! snapshot: the index, the passage vectors and each question's embedding are computed
//! once and shared by every setting ([`score_matrix`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use serde::Serialize;

use super::folds::PerQuery;
use super::retrieval::{Query, rank_files, score};
use lexls_ide::ask::pipeline::PipelineOptions;
use lexls_index::config::RetrievalMode;
use lexls_index::search::Fusion;
use lexls_index::search::dense::{EmbedError, Embedder};
use lexls_index::search::prf::Rm3;
use lexls_index::workspace::Snapshot;

/// One setting of the pipeline's tuned constants and stage switches.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Variant {
    /// Dense retrieval fused with BM25 (else BM25 alone).
    pub dense: bool,
    /// The BM25–dense fusion (ignored without dense).
    #[serde(skip)]
    pub fusion: Fusion,
    /// Deterministic query rewrites and cited provisions first.
    pub rewrite: bool,
    /// Knowledge-graph retrieval.
    pub kg: bool,
    /// k, Q, K, S from the complexity classifier (else fixed k = 5 and the middle class's Q,
    /// K, S).
    pub adaptive: bool,
    /// Authority weighting of retrieval scores at the configured share (else none).
    pub authority: bool,
    /// Pseudo-relevance feedback for BM25 (RM3 at Anserini's settings, [`Rm3::default`]).
    pub prf: bool,
}

/// A stage whose switch is cross-validated on and off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// Dense retrieval and its fusion with BM25.
    Dense,
    /// Deterministic query rewrites.
    Rewrite,
    /// Knowledge-graph retrieval.
    Kg,
    /// Classifier-driven k, Q, K, S.
    Adaptive,
    /// Authority weighting.
    Authority,
    /// RM3 pseudo-relevance feedback.
    Prf,
}

impl Stage {
    /// Every stage.
    pub const ALL: [Self; 6] = [
        Self::Dense,
        Self::Rewrite,
        Self::Kg,
        Self::Adaptive,
        Self::Authority,
        Self::Prf,
    ];

    /// The stage's name in reports.
    pub fn name(self) -> &'static str {
        match self {
            Self::Dense => "dense fusion",
            Self::Rewrite => "rewrites",
            Self::Kg => "knowledge graph",
            Self::Adaptive => "classifier k/Q/K/S",
            Self::Authority => "authority weighting",
            Self::Prf => "RM3 feedback",
        }
    }

    /// Whether `v` runs the stage.
    pub fn of(self, v: &Variant) -> bool {
        match self {
            Self::Dense => v.dense,
            Self::Rewrite => v.rewrite,
            Self::Kg => v.kg,
            Self::Adaptive => v.adaptive,
            Self::Authority => v.authority,
            Self::Prf => v.prf,
        }
    }
}

/// Fixed top-k when the parameters are not adaptive (`[retrieval] top_k`'s default).
pub const FIXED_K: usize = 5;

impl Variant {
    /// A short name: `bm25` or `a0.45`/`rrf60`, then the stages on (`+rw+kg+cls+auth`).
    pub fn name(&self) -> String {
        let mut s = if !self.dense {
            "bm25".to_string()
        } else {
            match self.fusion {
                Fusion::Weighted { alpha } => format!("a{alpha:.2}"),
                Fusion::Rrf { k } => format!("rrf{k:.0}"),
            }
        };
        for (on, tag) in [
            (self.rewrite, "+rw"),
            (self.kg, "+kg"),
            (self.adaptive, "+cls"),
            (self.authority, "+auth"),
            (self.prf, "+rm3"),
        ] {
            if on {
                s.push_str(tag);
            }
        }
        s
    }

    /// The pipeline options of this setting, from the workspace's.
    pub fn options(&self, base: &PipelineOptions) -> PipelineOptions {
        let mut o = *base;
        o.stages.dense = self.dense;
        o.mode = if self.dense {
            RetrievalMode::Hybrid
        } else {
            RetrievalMode::Bm25
        };
        o.fusion = self.fusion;
        o.stages.rewrite = self.rewrite;
        o.stages.kg = self.kg;
        o.stages.adaptive = self.adaptive;
        o.stages.rerank = false;
        o.fixed_k = (!self.adaptive).then_some(FIXED_K);
        o
    }
}

/// The fusions tried: α-weighted at 0.2, 0.3, 0.45 and 0.6, and reciprocal rank at k = 60.
pub const FUSIONS: [Fusion; 5] = [
    Fusion::Weighted { alpha: 0.2 },
    Fusion::Weighted { alpha: 0.3 },
    Fusion::Weighted { alpha: 0.45 },
    Fusion::Weighted { alpha: 0.6 },
    Fusion::Rrf { k: 60.0 },
];

/// Every setting: BM25 alone or each of [`FUSIONS`], times each stage on and off (192 with
/// dense; 32 without). BM25 alone with every stage off comes first, so that ties go to the
/// simplest setting.
pub fn default_grid(with_dense: bool) -> Vec<Variant> {
    let mut retrievers: Vec<(bool, Fusion)> = vec![(false, FUSIONS[2])];
    if with_dense {
        retrievers.extend(FUSIONS.iter().map(|f| (true, *f)));
    }
    let mut out = Vec::new();
    for (dense, fusion) in retrievers {
        for bits in 0..32u8 {
            out.push(Variant {
                dense,
                fusion,
                rewrite: bits & 1 != 0,
                kg: bits & 2 != 0,
                adaptive: bits & 4 != 0,
                authority: bits & 8 != 0,
                prf: bits & 16 != 0,
            });
        }
    }
    out
}

/// An embedder that remembers the vector of every text it embedded: the settings of a grid
/// embed the same questions and rewrites again and again.
#[derive(Debug)]
struct CachingEmbedder {
    inner: Arc<dyn Embedder>,
    cache: Mutex<HashMap<String, Vec<f32>>>,
}

impl Embedder for CachingEmbedder {
    fn model_id(&self) -> &str {
        self.inner.model_id()
    }

    fn embed(&self, texts: &[String]) -> Result<Vec<Vec<f32>>, EmbedError> {
        let mut cache = match self.cache.lock() {
            Ok(c) => c,
            Err(poisoned) => poisoned.into_inner(),
        };
        let missing: Vec<String> = texts
            .iter()
            .filter(|t| !cache.contains_key(*t))
            .cloned()
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        if !missing.is_empty() {
            let vectors = self.inner.embed(&missing)?;
            if vectors.len() != missing.len() {
                return Err(EmbedError(format!(
                    "the model returned {} vectors for {} texts",
                    vectors.len(),
                    missing.len()
                )));
            }
            cache.extend(missing.into_iter().zip(vectors));
        }
        texts
            .iter()
            .map(|t| {
                cache
                    .get(t)
                    .cloned()
                    .ok_or_else(|| EmbedError("a vector went missing from the cache".into()))
            })
            .collect()
    }

    fn piece_offsets(&self, text: &str) -> Option<Vec<std::ops::Range<usize>>> {
        self.inner.piece_offsets(text)
    }
}

/// `snap` with its query embedder wrapped in a cache (a copy of the index, once per set).
pub fn with_query_cache(snap: &Snapshot) -> Snapshot {
    let mut out = snap.clone();
    if let Some(index) = &snap.search {
        let mut index = (**index).clone();
        index.embedder = index.embedder.map(|inner| {
            Arc::new(CachingEmbedder {
                inner,
                cache: Mutex::new(HashMap::new()),
            }) as Arc<dyn Embedder>
        });
        out.search = Some(Arc::new(index));
    }
    out
}

/// `snap` with the authority share of retrieval set to 0 unless `authority`, and RM3 on
/// if `prf`.
fn variant_snapshot(snap: &Snapshot, authority: bool, prf: bool) -> Snapshot {
    let mut out = snap.clone();
    if !authority {
        let mut config = (*snap.config).clone();
        config.authority.retrieval = 0.0;
        out.config = Arc::new(config);
    }
    if let Some(index) = &snap.search {
        let mut index = (**index).clone();
        index.prf = prf.then(Rm3::default);
        out.search = Some(Arc::new(index));
    }
    out
}

/// `scores[variant][query]`: every query of `queries` through every variant of `grid`
/// over `snap` (wrap it with [`with_query_cache`] first), on `threads` threads (settings
/// dealt round-robin). `progress` is told each variant done (count done, total).
pub fn score_matrix(
    snap: &Snapshot,
    queries: &[Query],
    grid: &[Variant],
    threads: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Vec<Vec<PerQuery>> {
    let base = PipelineOptions::from_snapshot(snap);
    let snaps: Vec<Snapshot> = (0..4)
        .map(|b| variant_snapshot(snap, b & 1 != 0, b & 2 != 0))
        .collect();
    let done = std::sync::atomic::AtomicUsize::new(0);
    let models = lexls_ide::ask::Models::default();
    let run = |v: &Variant| -> Vec<PerQuery> {
        let s = &snaps[usize::from(v.authority) | (usize::from(v.prf) << 1)];
        let opts = v.options(&base);
        let row = queries
            .iter()
            .map(|q| {
                let ranked = rank_files(s, &q.question, &opts, &models, None);
                let (rr, recall, ndcg) = score(&ranked, &q.relevant);
                PerQuery { rr, ndcg, recall }
            })
            .collect();
        let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        progress(n, grid.len());
        row
    };
    let threads = threads.clamp(1, grid.len().max(1));
    let mut rows: Vec<Option<Vec<PerQuery>>> = vec![None; grid.len()];
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|w| {
                let run = &run;
                scope.spawn(move || {
                    grid.iter()
                        .enumerate()
                        .skip(w)
                        .step_by(threads)
                        .map(|(i, v)| (i, run(v)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for worker in workers {
            match worker.join() {
                Ok(part) => {
                    for (i, row) in part {
                        rows[i] = Some(row);
                    }
                }
                Err(_) => tracing::error!("a grid worker panicked; its settings score 0"),
            }
        }
    });
    rows.into_iter()
        .map(|r| r.unwrap_or_else(|| vec![PerQuery::default(); queries.len()]))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_grid_covers_every_stage_both_ways() {
        let grid = default_grid(true);
        assert_eq!(grid.len(), 192);
        assert_eq!(grid[0].name(), "bm25");
        for stage in Stage::ALL {
            let on = grid.iter().filter(|v| stage.of(v)).count();
            assert!(on > 0 && on < grid.len(), "{}", stage.name());
        }
        let names: std::collections::HashSet<String> = grid.iter().map(Variant::name).collect();
        assert_eq!(names.len(), grid.len(), "names identify settings");
        assert_eq!(default_grid(false).len(), 32);
    }
}
