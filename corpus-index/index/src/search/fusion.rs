//! Rank fusion: reciprocal rank fusion (Cormack et al., 2009) and the min-max normalised,
//! α-weighted score fusion of seed 003 (Florida tax GraphRAG, § 3.3).

use std::collections::HashMap;
use std::hash::Hash;

use serde::{Deserialize, Serialize};

/// How the BM25 and dense rankings are combined.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "method", rename_all = "lowercase")]
pub enum Fusion {
    /// Reciprocal rank fusion with constant `k` ([`reciprocal_rank_fusion`]).
    Rrf {
        /// The RRF constant (60 in Cormack et al.).
        k: f32,
    },
    /// Normalised score fusion `α · dense + (1 − α) · BM25` ([`weighted_fusion`]).
    Weighted {
        /// Weight of the dense scores, in `[0, 1]`.
        alpha: f32,
        /// How each list's scores are put on one scale before they are weighted.
        #[serde(default)]
        norm: ScoreNorm,
    },
}

impl Fusion {
    /// α-weighted fusion of min-max normalised scores (seed 003's).
    pub const fn weighted(alpha: f32) -> Self {
        Self::Weighted {
            alpha,
            norm: ScoreNorm::MinMax,
        }
    }
}

/// How a retriever's scores for one query are normalised before a weighted fusion.
///
/// Bruch, Gai and Ingber ("An Analysis of Fusion Functions for Hybrid Retrieval", ACM TOIS
/// 42(1), 2023) compare these for the convex combination of a lexical and a semantic
/// retriever; Montague and Aslam ("Relevance score normalization for metasearch", CIKM
/// 2001) introduced the standard score (ZMUV) for fusion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ScoreNorm {
    /// `(s − min) / (max − min)` over the list (the observed bounds).
    #[default]
    MinMax,
    /// `(s − m) / (max − m)` with `m` the least score the scoring function can give (BM25
    /// 0, cosine −1) and `max` the list's best: a list whose scores barely differ moves the
    /// fusion little, where observed min-max stretches any spread to `[0, 1]` (Bruch et al.'s
    /// TMM).
    Theoretical,
    /// `(s − μ) / σ` over the list (a list whose scores are all equal scores 0).
    ZScore,
}

impl ScoreNorm {
    /// Every normalisation.
    pub const ALL: [Self; 3] = [Self::MinMax, Self::Theoretical, Self::ZScore];

    /// Its name in reports and settings (`minmax`, `theoretical`, `zscore`).
    pub fn name(self) -> &'static str {
        match self {
            Self::MinMax => "minmax",
            Self::Theoretical => "theoretical",
            Self::ZScore => "zscore",
        }
    }

    /// `list`'s scores normalised, in order, and the value an item missing from the list
    /// takes: 0 under [`Self::MinMax`] (seed 003), else the list's lowest (the item ranked
    /// below every item the list holds, so its score was at most that one's). `floor` is the
    /// least score the list's scoring function can give ([`Self::Theoretical`]).
    fn apply<T>(self, list: &[(T, f32)], floor: f32) -> (Vec<f32>, f32) {
        if list.is_empty() {
            return (Vec::new(), 0.0);
        }
        let (lo, hi) = list
            .iter()
            .fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), (_, s)| {
                (lo.min(*s), hi.max(*s))
            });
        let scaled = |lo: f32| -> Vec<f32> {
            list.iter()
                .map(|(_, s)| if hi > lo { (s - lo) / (hi - lo) } else { 1.0 })
                .collect()
        };
        let out = match self {
            Self::MinMax => scaled(lo),
            Self::Theoretical => scaled(floor.min(lo)),
            Self::ZScore => {
                let n = list.len() as f32;
                let mean = list.iter().map(|(_, s)| s).sum::<f32>() / n;
                let var = list.iter().map(|(_, s)| (s - mean).powi(2)).sum::<f32>() / n;
                let sd = var.sqrt();
                list.iter()
                    .map(|(_, s)| if sd > 0.0 { (s - mean) / sd } else { 0.0 })
                    .collect()
            }
        };
        let missing = match self {
            Self::MinMax => 0.0,
            Self::Theoretical | Self::ZScore => out.iter().copied().fold(f32::INFINITY, f32::min),
        };
        (out, missing)
    }
}

/// The least score BM25 gives.
pub const BM25_FLOOR: f32 = 0.0;

/// The least cosine similarity.
pub const COSINE_FLOOR: f32 = -1.0;

/// Reciprocal rank fusion (Cormack, Clarke and Büttcher, SIGIR 2009): each item scores
/// `Σ 1 / (k + rank)` over the rankings it appears in (ranks start at 1); `k = 60` is the
/// paper's constant. Returns items best first; ties keep first-seen order.
pub fn reciprocal_rank_fusion<T: Eq + Hash + Clone>(rankings: &[Vec<T>], k: f32) -> Vec<(T, f32)> {
    let mut scores: HashMap<T, (f32, usize)> = HashMap::new();
    let mut order = 0usize;
    for ranking in rankings {
        for (rank, item) in ranking.iter().enumerate() {
            let entry = scores.entry(item.clone()).or_insert_with(|| {
                order += 1;
                (0.0, order)
            });
            entry.0 += 1.0 / (k + rank as f32 + 1.0);
        }
    }
    let mut fused: Vec<(T, f32, usize)> = scores.into_iter().map(|(t, (s, o))| (t, s, o)).collect();
    fused.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.2.cmp(&b.2)));
    fused.into_iter().map(|(t, s, _)| (t, s)).collect()
}

/// α-weighted score fusion (seed 003): each list's scores are normalised by `norm`
/// (`sparse` holds BM25 scores, `dense` cosine similarities), an item missing from a list
/// takes the value [`ScoreNorm`] gives it, and the fused score is
/// `α · dense + (1 − α) · sparse`. With [`ScoreNorm::MinMax`] a list whose scores are all
/// equal normalises to 1 and a missing item scores 0, as in seed 003. `alpha` is clamped to
/// `[0, 1]`. Returns items best first; ties keep first-seen order (sparse list first).
pub fn weighted_fusion<T: Eq + Hash + Clone>(
    sparse: &[(T, f32)],
    dense: &[(T, f32)],
    alpha: f32,
    norm: ScoreNorm,
) -> Vec<(T, f32)> {
    let alpha = if alpha.is_nan() {
        0.5
    } else {
        alpha.clamp(0.0, 1.0)
    };
    let (sparse_norm, sparse_missing) = norm.apply(sparse, BM25_FLOOR);
    let (dense_norm, dense_missing) = norm.apply(dense, COSINE_FLOOR);
    // Per item: its normalised score in each list, if it is there, and first-seen order.
    let mut scores: HashMap<T, ([Option<f32>; 2], usize)> = HashMap::new();
    let mut order = 0usize;
    for (side, (list, normed)) in [(sparse, &sparse_norm), (dense, &dense_norm)]
        .into_iter()
        .enumerate()
    {
        for ((item, _), n) in list.iter().zip(normed) {
            let entry = scores.entry(item.clone()).or_insert_with(|| {
                order += 1;
                ([None, None], order)
            });
            entry.0[side] = Some(entry.0[side].map_or(*n, |m: f32| m.max(*n)));
        }
    }
    let mut fused: Vec<(T, f32, usize)> = scores
        .into_iter()
        .map(|(t, ([s, d], o))| {
            let s = if sparse.is_empty() {
                0.0
            } else {
                s.unwrap_or(sparse_missing)
            };
            let d = if dense.is_empty() {
                0.0
            } else {
                d.unwrap_or(dense_missing)
            };
            (t, (1.0 - alpha) * s + alpha * d, o)
        })
        .collect();
    fused.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.2.cmp(&b.2)));
    fused.into_iter().map(|(t, s, _)| (t, s)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weighted_fusion_normalises_each_list() {
        // BM25 scores are unbounded, cosine similarities are not: normalisation puts them on
        // one scale, so α decides between the two top items.
        let sparse = [("a", 30.0), ("b", 10.0)];
        let dense = [("b", 0.9), ("c", 0.5)];
        let fused = weighted_fusion(&sparse, &dense, 0.25, ScoreNorm::MinMax);
        assert_eq!(fused[0], ("a", 0.75));
        assert_eq!(fused[1], ("b", 0.25));
        let fused = weighted_fusion(&sparse, &dense, 0.75, ScoreNorm::MinMax);
        assert_eq!(fused[0], ("b", 0.75));
        assert_eq!(
            weighted_fusion(&sparse, &[], 0.5, ScoreNorm::MinMax)[0],
            ("a", 0.5)
        );
    }

    #[test]
    fn theoretical_min_max_lets_a_flat_list_move_the_fusion_little() {
        // BM25 prefers a, the dense list barely prefers b (cosines 0.51 and 0.50).
        let sparse = [("a", 20.0), ("b", 10.0)];
        let dense = [("b", 0.51), ("a", 0.50)];
        // Observed min-max stretches 0.50–0.51 to 0–1: at α 0.6 the dense list decides.
        let fused = weighted_fusion(&sparse, &dense, 0.6, ScoreNorm::MinMax);
        assert_eq!(fused[0].0, "b");
        // From the cosine's floor (−1), 0.50 and 0.51 are 0.993 and 1: BM25 decides.
        let fused = weighted_fusion(&sparse, &dense, 0.6, ScoreNorm::Theoretical);
        assert_eq!(fused[0].0, "a");
        // An item one list lacks takes that list's lowest normalised score, not 0.
        let fused = weighted_fusion(
            &sparse,
            &[("c", 0.51), ("a", 0.50)],
            0.5,
            ScoreNorm::Theoretical,
        );
        let b = fused.iter().find(|(t, _)| *t == "b").map(|(_, s)| *s);
        assert!(
            b.is_some_and(|s| (s - (0.25 + 0.5 * 1.5 / 1.51)).abs() < 1e-4),
            "{fused:?}"
        );
    }

    #[test]
    fn z_scores_centre_each_list() {
        let sparse = [("a", 30.0), ("b", 20.0), ("c", 10.0)];
        let fused = weighted_fusion(&sparse, &[], 0.0, ScoreNorm::ZScore);
        let score = |t: &str| fused.iter().find(|(x, _)| *x == t).map(|(_, s)| *s);
        assert!(score("b").is_some_and(|s| s.abs() < 1e-6), "{fused:?}");
        assert!(
            score("a").is_some_and(|s| (s - 1.2247).abs() < 1e-3),
            "{fused:?}"
        );
        // All equal: no list has anything to say.
        let flat = weighted_fusion(&[("a", 1.0), ("b", 1.0)], &[], 0.0, ScoreNorm::ZScore);
        assert!(flat.iter().all(|(_, s)| *s == 0.0));
    }

    #[test]
    fn items_ranked_well_by_both_lists_win() {
        let fused = reciprocal_rank_fusion(&[vec!["a", "b", "c"], vec!["b", "c", "d"]], 60.0);
        let order: Vec<&str> = fused.iter().map(|(t, _)| *t).collect();
        assert_eq!(order, vec!["b", "c", "a", "d"]);
        assert!((fused[0].1 - (1.0 / 62.0 + 1.0 / 61.0)).abs() < 1e-6);
    }
}
