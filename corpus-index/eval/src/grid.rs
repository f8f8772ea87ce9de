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
use lexls_index::search::bm25::{Analysis, Bm25, Bm25Params, Granularity};
use lexls_index::search::calibrate;
use lexls_index::search::dense::{EmbedError, Embedder};
use lexls_index::search::prf::Rm3;
use lexls_index::search::{Fusion, ScoreNorm};
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
    /// α chosen per workspace without labels ([`calibrate`]) instead of `fusion`'s (dense
    /// only).
    pub calibrated: bool,
    /// The BM25 index's analysis.
    #[serde(skip)]
    pub analysis: Analysis,
    /// BM25's scoring constants.
    #[serde(skip)]
    pub bm25: Bm25Params,
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
    /// BM25F: context (ancestry and heading) and body weighted as fields.
    Bm25f,
    /// The legal analysis (section signs, designators, hyphens, possessives, spellings).
    Legal,
    /// BM25 term proximity.
    Proximity,
    /// α calibrated per workspace without labels.
    Calibration,
    /// Weighted fusion of scores normalised from their theoretical least (Bruch et al.'s
    /// TMM) rather than the observed one.
    Theoretical,
    /// Weighted fusion of standard scores (Montague and Aslam's ZMUV).
    ZScore,
}

impl Stage {
    /// Every stage.
    pub const ALL: [Self; 12] = [
        Self::Dense,
        Self::Rewrite,
        Self::Kg,
        Self::Adaptive,
        Self::Authority,
        Self::Prf,
        Self::Bm25f,
        Self::Legal,
        Self::Proximity,
        Self::Calibration,
        Self::Theoretical,
        Self::ZScore,
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
            Self::Bm25f => "BM25F fields",
            Self::Legal => "legal analysis",
            Self::Proximity => "proximity",
            Self::Calibration => "calibrated α",
            Self::Theoretical => "theoretical min-max",
            Self::ZScore => "z-score fusion",
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
            Self::Bm25f => v.bm25.context_weight.is_some(),
            Self::Legal => v.analysis == Analysis::Legal,
            Self::Proximity => v.bm25.proximity,
            Self::Calibration => v.dense && v.calibrated,
            Self::Theoretical => v.dense && v.norm() == Some(ScoreNorm::Theoretical),
            Self::ZScore => v.dense && v.norm() == Some(ScoreNorm::ZScore),
        }
    }
}

/// Fixed top-k when the parameters are not adaptive (`[retrieval] top_k`'s default).
pub const FIXED_K: usize = 5;

impl Variant {
    /// A setting of the retrievers alone (BM25, dense, their fusion), every HyPA-RAG stage
    /// off.
    pub fn retrievers_only(
        dense: bool,
        fusion: Fusion,
        calibrated: bool,
        analysis: Analysis,
        bm25: Bm25Params,
    ) -> Self {
        Self {
            dense,
            fusion,
            rewrite: false,
            kg: false,
            adaptive: false,
            authority: false,
            prf: false,
            calibrated,
            analysis,
            bm25,
        }
    }

    /// The score normalisation of a weighted fusion (`None` for reciprocal rank fusion).
    pub fn norm(&self) -> Option<ScoreNorm> {
        match self.fusion {
            Fusion::Weighted { norm, .. } => Some(norm),
            Fusion::Rrf { .. } => None,
        }
    }

    /// A short name: `bm25` or `a0.45` (min-max), `tmm0.45` (theoretical min-max), `z0.45`
    /// (z-score), `rrf60`, then the stages on (`+rw+kg+cls+auth`).
    pub fn name(&self) -> String {
        let mut s = if !self.dense {
            "bm25".to_string()
        } else if self.calibrated {
            "acal".to_string()
        } else {
            match self.fusion {
                Fusion::Weighted { alpha, norm } => match norm {
                    ScoreNorm::MinMax => format!("a{alpha:.2}"),
                    ScoreNorm::Theoretical => format!("tmm{alpha:.2}"),
                    ScoreNorm::ZScore => format!("z{alpha:.2}"),
                },
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
        if self.analysis == Analysis::Legal {
            s.push_str("+legal");
        }
        if let Some(w) = self.bm25.context_weight {
            s.push_str(&format!("+f{w}"));
        }
        if self.bm25.proximity {
            s.push_str("+prox");
        }
        if (self.bm25.k1, self.bm25.b) != (1.2, 0.75) {
            s.push_str(&format!("+k{}b{}", self.bm25.k1, self.bm25.b));
        }
        if self.bm25.granularity != Granularity::Best {
            s.push_str(&format!("+{}", self.bm25.granularity.name()));
        }
        s
    }

    /// The settings of the index this variant searches: analysis and BM25 constants (and
    /// the RM3 and authority switches, which live in the snapshot too).
    fn index_key(&self) -> (Analysis, [u32; 4], bool, Granularity, bool, bool) {
        (
            self.analysis,
            [
                self.bm25.k1.to_bits(),
                self.bm25.b.to_bits(),
                self.bm25.context_weight.map_or(0, f32::to_bits),
                u32::from(self.calibrated && self.dense),
            ],
            self.bm25.proximity,
            self.bm25.granularity,
            self.authority,
            self.prf,
        )
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
    Fusion::weighted(0.2),
    Fusion::weighted(0.3),
    Fusion::weighted(0.45),
    Fusion::weighted(0.6),
    Fusion::Rrf { k: 60.0 },
];

/// Every setting: BM25 alone or each of [`FUSIONS`], times each stage on and off (192 with
/// dense; 32 without), BM25 at lexls's defaults (analysis and constants). BM25 alone with every stage off comes first, so that ties go to the
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
                calibrated: false,
                analysis: Analysis::default(),
                bm25: Bm25Params::default(),
            });
        }
    }
    out
}

/// The BM25 constants tried: (k1, b) pairs — Robertson's usual 1.2/0.75, Anserini's
/// 0.9/0.4, and one step each way of each.
pub const K1_B: [(f32, f32); 5] = [(1.2, 0.75), (0.9, 0.4), (1.2, 0.5), (1.6, 0.75), (1.2, 0.9)];

/// BM25F context weights tried (`None`: one text).
pub const CONTEXT_WEIGHTS: [Option<f32>; 3] = [None, Some(2.0), Some(4.0)];

/// The grid of issue 12's BM25 and fusion items (every other stage off): BM25 alone or
/// fused with dense at α 0.2, 0.3, 0.45 or a calibrated α, times the analysis (plain,
/// legal), BM25F context weight ([`CONTEXT_WEIGHTS`]), proximity, [`K1_B`] and the
/// granularity ([`Granularity::ALL`]): 1,200 settings with dense, 240 without. BM25 alone,
/// plain, one field, no proximity, 1.2/0.75, best chunk comes first.
pub fn bm25_grid(with_dense: bool) -> Vec<Variant> {
    let mut retrievers: Vec<(bool, Fusion, bool)> = vec![(false, FUSIONS[1], false)];
    if with_dense {
        retrievers.extend([
            (true, FUSIONS[0], false),
            (true, FUSIONS[1], false),
            (true, FUSIONS[2], false),
            (true, FUSIONS[1], true),
        ]);
    }
    let mut out = Vec::new();
    for (dense, fusion, calibrated) in retrievers {
        for analysis in Analysis::ALL {
            for context_weight in CONTEXT_WEIGHTS {
                for proximity in [false, true] {
                    for (k1, b) in K1_B {
                        for granularity in Granularity::ALL {
                            let bm25 = Bm25Params {
                                k1,
                                b,
                                context_weight,
                                proximity,
                                granularity,
                            };
                            out.push(Variant::retrievers_only(
                                dense, fusion, calibrated, analysis, bm25,
                            ));
                        }
                    }
                }
            }
        }
    }
    out
}

/// The fusion weights α of [`fusion_grid`]: 0.1 to 0.9 by tenths.
pub const FUSION_ALPHAS: [f32; 9] = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];

/// The grid of the fusion itself, at lexls's BM25 defaults (analysis and constants) with
/// every other stage off: BM25 alone, then each [`ScoreNorm`] at each of [`FUSION_ALPHAS`],
/// then reciprocal rank fusion at k = 60: 29 settings with dense, 1 without.
pub fn fusion_grid(with_dense: bool) -> Vec<Variant> {
    let plain = |dense: bool, fusion: Fusion| {
        Variant::retrievers_only(
            dense,
            fusion,
            false,
            Analysis::default(),
            Bm25Params::default(),
        )
    };
    let mut out = vec![plain(false, FUSIONS[1])];
    if with_dense {
        for norm in ScoreNorm::ALL {
            for alpha in FUSION_ALPHAS {
                out.push(plain(true, Fusion::Weighted { alpha, norm }));
            }
        }
        out.push(plain(true, FUSIONS[4]));
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

/// The BM25 views of `snap`'s chunks under each analysis: the engine's own for its
/// analysis, one built in memory for the other.
fn bm25_views(snap: &Snapshot) -> HashMap<Analysis, lexls_index::search::bm25::Bm25Searcher> {
    let mut out = HashMap::new();
    let Some(index) = &snap.search else {
        return out;
    };
    out.insert(index.bm25.analysis(), index.bm25.clone());
    for analysis in Analysis::ALL {
        if out.contains_key(&analysis) {
            continue;
        }
        let built = (|| {
            let mut bm25 = Bm25::open_with(None, analysis)?;
            bm25.add(index.chunks.iter().map(|c| &**c))?;
            bm25.commit("grid")?;
            Ok::<_, lexls_index::search::bm25::Bm25Error>(bm25.searcher())
        })();
        match built {
            Ok(s) => {
                out.insert(analysis, s);
            }
            Err(e) => tracing::error!("cannot build the {} BM25 index: {e}", analysis.name()),
        }
    }
    out
}

/// `snap` for the settings of `v`: its analysis's BM25 with its constants, RM3 on if
/// `v.prf`, the authority share of retrieval 0 unless `v.authority`; and the calibrated α
/// when `v` asks for one (with the calibration's note).
fn variant_snapshot(
    snap: &Snapshot,
    v: &Variant,
    views: &HashMap<Analysis, lexls_index::search::bm25::Bm25Searcher>,
) -> (Snapshot, Option<f32>, Option<String>) {
    let mut out = snap.clone();
    if !v.authority {
        let mut config = (*snap.config).clone();
        config.authority.retrieval = 0.0;
        out.config = Arc::new(config);
    }
    let mut alpha = None;
    let mut note = None;
    if let Some(index) = &snap.search {
        let mut index = (**index).clone();
        index.prf = v.prf.then(Rm3::default);
        if let Some(view) = views.get(&v.analysis) {
            index.bm25 = view.clone();
        }
        index.bm25.params = v.bm25;
        if v.dense && v.calibrated {
            let pseudo = lexls_ide::ask::calibrate::pseudo_queries(snap, &index);
            let candidates = snap.config.retrieval.candidates;
            if let Some(c) = calibrate::calibrate(&index, &pseudo, candidates, 0.3) {
                let curve: Vec<String> = c
                    .mrr
                    .iter()
                    .map(|(a, m)| format!("{a:.1}:{m:.3}"))
                    .collect();
                note = Some(format!(
                    "calibrated α {:.1} on {} pseudo-queries ({}) for {}",
                    c.alpha,
                    c.queries,
                    curve.join(" "),
                    v.name()
                ));
                alpha = Some(c.alpha);
            }
        }
        out.search = Some(Arc::new(index));
    }
    (out, alpha, note)
}

/// `scores[variant][query]`: every query of `queries` through every variant of `grid`
/// over `snap` (wrap it with [`with_query_cache`] first), on `threads` threads (settings
/// that share an index view run together), and the notes of the calibrations. `progress`
/// is told each variant done (count done, total).
pub fn score_matrix(
    snap: &Snapshot,
    queries: &[Query],
    grid: &[Variant],
    threads: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> (Vec<Vec<PerQuery>>, Vec<String>) {
    let base = PipelineOptions::from_snapshot(snap);
    let views = bm25_views(snap);
    let mut groups: Vec<Vec<usize>> = Vec::new();
    {
        let mut by_key: HashMap<_, usize> = HashMap::new();
        for (i, v) in grid.iter().enumerate() {
            let g = *by_key.entry(v.index_key()).or_insert_with(|| {
                groups.push(Vec::new());
                groups.len() - 1
            });
            groups[g].push(i);
        }
    }
    let done = std::sync::atomic::AtomicUsize::new(0);
    let models = lexls_ide::ask::Models::default();
    let run_group = |members: &[usize]| -> (Vec<(usize, Vec<PerQuery>)>, Option<String>) {
        let Some(&first) = members.first() else {
            return (Vec::new(), None);
        };
        let (s, alpha, note) = variant_snapshot(snap, &grid[first], &views);
        let rows = members
            .iter()
            .map(|&i| {
                let v = &grid[i];
                let mut opts = v.options(&base);
                if let Some(alpha) = alpha.filter(|_| v.calibrated && v.dense) {
                    opts.fusion = Fusion::Weighted {
                        alpha,
                        norm: v.norm().unwrap_or_default(),
                    };
                }
                let row = queries
                    .iter()
                    .map(|q| {
                        let ranked = rank_files(&s, &q.question, &opts, &models, None);
                        let (rr, recall, ndcg) = score(&ranked, &q.relevant);
                        PerQuery { rr, ndcg, recall }
                    })
                    .collect();
                let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                progress(n, grid.len());
                (i, row)
            })
            .collect();
        (rows, note)
    };
    let threads = threads.clamp(1, groups.len().max(1));
    let mut rows: Vec<Option<Vec<PerQuery>>> = vec![None; grid.len()];
    let mut notes = Vec::new();
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|w| {
                let run_group = &run_group;
                let groups = &groups;
                scope.spawn(move || {
                    groups
                        .iter()
                        .skip(w)
                        .step_by(threads)
                        .map(|g| run_group(g))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for worker in workers {
            match worker.join() {
                Ok(parts) => {
                    for (part, note) in parts {
                        notes.extend(note);
                        for (i, row) in part {
                            rows[i] = Some(row);
                        }
                    }
                }
                Err(_) => tracing::error!("a grid worker panicked; its settings score 0"),
            }
        }
    });
    let matrix = rows
        .into_iter()
        .map(|r| r.unwrap_or_else(|| vec![PerQuery::default(); queries.len()]))
        .collect();
    (matrix, notes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_grid_covers_every_stage_both_ways() {
        let grid = default_grid(true);
        assert_eq!(grid.len(), 192);
        assert_eq!(grid[0].name().split('+').next(), Some("bm25"));
        for stage in [
            Stage::Dense,
            Stage::Rewrite,
            Stage::Kg,
            Stage::Adaptive,
            Stage::Authority,
            Stage::Prf,
        ] {
            let on = grid.iter().filter(|v| stage.of(v)).count();
            assert!(on > 0 && on < grid.len(), "{}", stage.name());
        }
        let names: std::collections::HashSet<String> = grid.iter().map(Variant::name).collect();
        assert_eq!(names.len(), grid.len(), "names identify settings");
        assert_eq!(default_grid(false).len(), 32);
    }

    #[test]
    fn the_bm25_grid_covers_every_item_both_ways() {
        let grid = bm25_grid(true);
        assert_eq!(grid.len(), 1200);
        assert_eq!(bm25_grid(false).len(), 240);
        assert_eq!(grid[0].name(), "bm25");
        for stage in [
            Stage::Dense,
            Stage::Bm25f,
            Stage::Legal,
            Stage::Proximity,
            Stage::Calibration,
        ] {
            let on = grid.iter().filter(|v| stage.of(v)).count();
            assert!(on > 0 && on < grid.len(), "{}", stage.name());
        }
        let names: std::collections::HashSet<String> = grid.iter().map(Variant::name).collect();
        assert_eq!(names.len(), grid.len(), "names identify settings");
    }

    #[test]
    fn the_fusion_grid_tries_every_normalisation_at_every_weight() {
        let grid = fusion_grid(true);
        assert_eq!(grid.len(), 1 + 3 * FUSION_ALPHAS.len() + 1);
        assert_eq!(grid[0].name().split('+').next(), Some("bm25"));
        assert!(!grid[0].dense);
        assert_eq!(fusion_grid(false).len(), 1);
        for stage in [Stage::Dense, Stage::Theoretical, Stage::ZScore] {
            let on = grid.iter().filter(|v| stage.of(v)).count();
            assert!(on > 0 && on < grid.len(), "{}", stage.name());
        }
        let names: std::collections::HashSet<String> = grid.iter().map(Variant::name).collect();
        assert_eq!(names.len(), grid.len(), "names identify settings");
        for name in ["tmm0.50", "z0.30", "a0.30", "rrf60"] {
            assert!(
                names.iter().any(|n| n.split('+').next() == Some(name)),
                "{name} in {names:?}"
            );
        }
    }
}
