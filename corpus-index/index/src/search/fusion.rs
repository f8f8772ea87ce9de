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
    /// Min-max normalised score fusion `α · dense + (1 − α) · BM25` ([`weighted_fusion`]).
    Weighted {
        /// Weight of the dense scores, in `[0, 1]`.
        alpha: f32,
    },
}

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

/// α-weighted score fusion (seed 003): each list's scores are min-max normalised to
/// `[0, 1]` (a list whose scores are all equal normalises to 1), an item missing from a
/// list scores 0 there, and the fused score is `α · dense + (1 − α) · sparse`.
/// `alpha` is clamped to `[0, 1]`. Returns items best first; ties keep first-seen order
/// (sparse list first).
pub fn weighted_fusion<T: Eq + Hash + Clone>(
    sparse: &[(T, f32)],
    dense: &[(T, f32)],
    alpha: f32,
) -> Vec<(T, f32)> {
    let alpha = if alpha.is_nan() {
        0.5
    } else {
        alpha.clamp(0.0, 1.0)
    };
    let mut scores: HashMap<T, (f32, usize)> = HashMap::new();
    let mut order = 0usize;
    for (list, weight) in [(sparse, 1.0 - alpha), (dense, alpha)] {
        let (lo, hi) = list
            .iter()
            .fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), (_, s)| {
                (lo.min(*s), hi.max(*s))
            });
        for (item, s) in list {
            let norm = if hi > lo { (s - lo) / (hi - lo) } else { 1.0 };
            let entry = scores.entry(item.clone()).or_insert_with(|| {
                order += 1;
                (0.0, order)
            });
            entry.0 += weight * norm;
        }
    }
    let mut fused: Vec<(T, f32, usize)> = scores.into_iter().map(|(t, (s, o))| (t, s, o)).collect();
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
        let fused = weighted_fusion(&sparse, &dense, 0.25);
        assert_eq!(fused[0], ("a", 0.75));
        assert_eq!(fused[1], ("b", 0.25));
        let fused = weighted_fusion(&sparse, &dense, 0.75);
        assert_eq!(fused[0], ("b", 0.75));
        assert_eq!(weighted_fusion(&sparse, &[], 0.5)[0], ("a", 0.5));
    }

    #[test]
    fn items_ranked_well_by_both_lists_win() {
        let fused = reciprocal_rank_fusion(&[vec!["a", "b", "c"], vec!["b", "c", "d"]], 60.0);
        let order: Vec<&str> = fused.iter().map(|(t, _)| *t).collect();
        assert_eq!(order, vec!["b", "c", "a", "d"]);
        assert!((fused[0].1 - (1.0 / 62.0 + 1.0 / 61.0)).abs() < 1e-6);
    }
}
