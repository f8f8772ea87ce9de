//! Rank fusion.

use std::collections::HashMap;
use std::hash::Hash;

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_ranked_well_by_both_lists_win() {
        let fused = reciprocal_rank_fusion(&[vec!["a", "b", "c"], vec!["b", "c", "d"]], 60.0);
        let order: Vec<&str> = fused.iter().map(|(t, _)| *t).collect();
        assert_eq!(order, vec!["b", "c", "a", "d"]);
        assert!((fused[0].1 - (1.0 / 62.0 + 1.0 / 61.0)).abs() < 1e-6);
    }
}
