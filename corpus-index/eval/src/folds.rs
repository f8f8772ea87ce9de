//! K-fold cross-validation of retrieval settings over questions: folds by question id
//! (deterministic), a setting chosen on the folds not measured, measured on the fold left
//! out, so that every figure is on questions the choice never saw.
//!
//! The input is a score matrix, one row per candidate setting and one column per question
//! (see [`super::grid`]), so that choosing over many settings costs arithmetic only. Several
//! sets can be tuned together ([`cross_validate_sets`]): the choice for fold `f` maximises
//! the mean over the sets of MRR@10 on their questions outside fold `f`, which is how one
//! default for every workspace is chosen.

use serde::Serialize;

/// Scores of one question under one setting.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize)]
pub struct PerQuery {
    /// Reciprocal rank of the first relevant file in the top 10 (0 if none).
    pub rr: f64,
    /// nDCG@10 (binary gains).
    pub ndcg: f64,
    /// Recall at 1, 5 and 10 files.
    pub recall: [f64; 3],
}

/// Means over a set of questions.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize)]
pub struct Summary {
    /// Questions averaged.
    pub queries: usize,
    /// MRR@10.
    #[serde(rename = "mrr@10")]
    pub mrr: f64,
    /// nDCG@10.
    #[serde(rename = "ndcg@10")]
    pub ndcg: f64,
    /// Recall@1, @5, @10.
    pub recall: [f64; 3],
}

impl Summary {
    /// The means of `scores`.
    pub fn of<'a>(scores: impl IntoIterator<Item = &'a PerQuery>) -> Self {
        let mut s = Self::default();
        for q in scores {
            s.queries += 1;
            s.mrr += q.rr;
            s.ndcg += q.ndcg;
            for (sum, r) in s.recall.iter_mut().zip(q.recall) {
                *sum += r;
            }
        }
        if s.queries > 0 {
            let n = s.queries as f64;
            s.mrr /= n;
            s.ndcg /= n;
            for r in &mut s.recall {
                *r /= n;
            }
        }
        s
    }
}

/// FNV-1a (64 bit) of `s`: a hash that is the same on every platform and release.
fn fnv1a(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The fold (0..k) of each question, by id: questions ordered by the FNV-1a hash of their
/// id (then the id) and dealt round-robin, so folds differ in size by at most one and a
/// question keeps its fold whatever the order of the file. `k` below 2 counts as 2.
pub fn assign_folds(ids: &[String], k: usize) -> Vec<usize> {
    let k = k.max(2);
    let mut order: Vec<usize> = (0..ids.len()).collect();
    order.sort_by(|&a, &b| {
        fnv1a(&ids[a])
            .cmp(&fnv1a(&ids[b]))
            .then_with(|| ids[a].cmp(&ids[b]))
    });
    let mut folds = vec![0; ids.len()];
    for (pos, &i) in order.iter().enumerate() {
        folds[i] = pos % k;
    }
    folds
}

/// One set's score matrix (`scores[setting][question]`) and the fold of each question.
#[derive(Debug, Clone, Copy)]
pub struct SetScores<'a> {
    /// `scores[setting][question]`.
    pub scores: &'a [Vec<PerQuery>],
    /// `folds[question]`.
    pub folds: &'a [usize],
}

/// One fold: the setting chosen without it and what it scored.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FoldOutcome {
    /// The fold measured.
    pub fold: usize,
    /// Index of the setting chosen on the other folds.
    pub chosen: usize,
    /// Mean over the sets of MRR@10 on the tuning folds, with the chosen setting.
    pub tuning_mrr: f64,
    /// Per set: the measured fold's scores with the chosen setting.
    pub measured: Vec<Summary>,
}

/// The result of cross-validation over one or several sets.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CvOutcome {
    /// Per fold.
    pub folds: Vec<FoldOutcome>,
    /// Per set: every question scored once, by the setting chosen without its fold.
    pub held_out: Vec<Summary>,
}

impl CvOutcome {
    /// Per set: the smallest and largest MRR@10 of a measured fold, and their standard
    /// deviation (population).
    pub fn spread(&self, set: usize) -> (f64, f64, f64) {
        let mrrs: Vec<f64> = self
            .folds
            .iter()
            .filter_map(|f| f.measured.get(set))
            .filter(|s| s.queries > 0)
            .map(|s| s.mrr)
            .collect();
        if mrrs.is_empty() {
            return (0.0, 0.0, 0.0);
        }
        let n = mrrs.len() as f64;
        let mean = mrrs.iter().sum::<f64>() / n;
        let var = mrrs.iter().map(|m| (m - mean).powi(2)).sum::<f64>() / n;
        let min = mrrs.iter().copied().fold(f64::INFINITY, f64::min);
        let max = mrrs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        (min, max, var.sqrt())
    }
}

/// Mean over the sets of MRR@10 of `setting` on the questions `keep` selects by fold.
fn mean_mrr(sets: &[SetScores<'_>], setting: usize, keep: impl Fn(usize) -> bool) -> f64 {
    let mut total = 0.0;
    let mut counted = 0usize;
    for set in sets {
        let Some(row) = set.scores.get(setting) else {
            continue;
        };
        let (sum, n) = row
            .iter()
            .zip(set.folds)
            .filter(|(_, f)| keep(**f))
            .fold((0.0, 0usize), |(s, n), (q, _)| (s + q.rr, n + 1));
        if n > 0 {
            total += sum / n as f64;
            counted += 1;
        }
    }
    if counted == 0 {
        0.0
    } else {
        total / counted as f64
    }
}

/// The setting among `allowed` with the best mean MRR@10 over the sets on the questions
/// `keep` selects (ties: the earlier setting), and that mean.
pub fn choose(
    sets: &[SetScores<'_>],
    allowed: &[usize],
    keep: impl Fn(usize) -> bool + Copy,
) -> Option<(usize, f64)> {
    let mut best: Option<(usize, f64)> = None;
    for &c in allowed {
        let m = mean_mrr(sets, c, keep);
        if best.is_none_or(|(_, b)| m > b + 1e-12) {
            best = Some((c, m));
        }
    }
    best
}

/// K-fold cross-validation over `sets` together: for each fold, the setting among
/// `allowed` with the best mean MRR@10 on the other folds of every set is measured on that
/// fold. With one set, plain cross-validation on it. `k` is the number of folds the
/// `folds` vectors were made with.
pub fn cross_validate_sets(sets: &[SetScores<'_>], k: usize, allowed: &[usize]) -> CvOutcome {
    let mut folds = Vec::with_capacity(k);
    let mut held: Vec<Vec<PerQuery>> = vec![Vec::new(); sets.len()];
    for f in 0..k {
        let Some((chosen, tuning_mrr)) = choose(sets, allowed, |g| g != f) else {
            break;
        };
        let measured = sets
            .iter()
            .enumerate()
            .map(|(si, set)| {
                let picked: Vec<PerQuery> = set
                    .scores
                    .get(chosen)
                    .map(|row| {
                        row.iter()
                            .zip(set.folds)
                            .filter(|(_, g)| **g == f)
                            .map(|(q, _)| *q)
                            .collect()
                    })
                    .unwrap_or_default();
                held[si].extend(picked.iter().copied());
                Summary::of(&picked)
            })
            .collect();
        folds.push(FoldOutcome {
            fold: f,
            chosen,
            tuning_mrr,
            measured,
        });
    }
    CvOutcome {
        folds,
        held_out: held.iter().map(Summary::of).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pq(rr: f64) -> PerQuery {
        PerQuery {
            rr,
            ndcg: rr,
            recall: [rr; 3],
        }
    }

    /// The ids of the EU AI Act development set (`shared/eval/eu-ai-act.jsonl`): folds
    /// partition them, sizes differ by at most one, and the assignment does not depend on
    /// the order of the file.
    #[test]
    fn folds_partition_the_real_question_ids() {
        let shared =
            super::super::suite::find_shared(std::path::Path::new(env!("CARGO_MANIFEST_DIR")))
                .expect("the shared data folder above the repository");
        let text =
            std::fs::read_to_string(shared.join("eval/eu-ai-act.jsonl")).expect("eu-ai-act.jsonl");
        let queries = super::super::read_queries(&text).expect("queries");
        let ids: Vec<String> = queries.iter().map(|q| q.id.clone()).collect();
        let folds = assign_folds(&ids, 5);
        let mut sizes = [0usize; 5];
        for &f in &folds {
            sizes[f] += 1;
        }
        assert_eq!(sizes.iter().sum::<usize>(), ids.len());
        let (lo, hi) = (sizes.iter().min(), sizes.iter().max());
        assert!(hi.zip(lo).is_some_and(|(h, l)| h - l <= 1), "{sizes:?}");
        let mut reversed = ids.clone();
        reversed.reverse();
        let folds_rev = assign_folds(&reversed, 5);
        for (i, id) in ids.iter().enumerate() {
            let j = reversed.iter().position(|r| r == id).expect("same ids");
            assert_eq!(folds[i], folds_rev[j], "{id}");
        }
    }

    /// A setting that is best only on the measured fold is never chosen for it: the choice
    /// sees the other folds only.
    #[test]
    fn tuning_never_sees_the_measured_fold() {
        // Four questions, folds 0, 1, 0, 1. Setting 0 scores 1 on fold 0 and 0 on fold 1,
        // setting 1 the reverse, at 0.9.
        let folds = vec![0, 1, 0, 1];
        let scores = vec![
            vec![pq(1.0), pq(0.0), pq(1.0), pq(0.0)],
            vec![pq(0.0), pq(0.9), pq(0.0), pq(0.9)],
        ];
        let set = SetScores {
            scores: &scores,
            folds: &folds,
        };
        let cv = cross_validate_sets(&[set], 2, &[0, 1]);
        // Fold 0 is measured with the setting chosen on fold 1 (setting 1), and vice versa.
        assert_eq!(cv.folds[0].chosen, 1);
        assert_eq!(cv.folds[1].chosen, 0);
        assert_eq!(cv.held_out[0].queries, 4);
        assert!(cv.held_out[0].mrr.abs() < 1e-12, "{:?}", cv.held_out);
        let (lo, hi, sd) = cv.spread(0);
        assert!(lo.abs() < 1e-12 && hi.abs() < 1e-12 && sd.abs() < 1e-12);
    }

    /// Tuned on two sets together, the choice follows the mean over the sets, not the
    /// larger set.
    #[test]
    fn several_sets_are_weighted_alike() {
        let folds_a = vec![0, 1, 0, 1, 0, 1];
        let folds_b = vec![0, 1];
        // Setting 0 is slightly better on the big set A, setting 1 much better on B.
        let a = vec![vec![pq(0.6); 6], vec![pq(0.5); 6]];
        let b = vec![vec![pq(0.1); 2], vec![pq(0.9); 2]];
        let sets = [
            SetScores {
                scores: &a,
                folds: &folds_a,
            },
            SetScores {
                scores: &b,
                folds: &folds_b,
            },
        ];
        let cv = cross_validate_sets(&sets, 2, &[0, 1]);
        assert!(cv.folds.iter().all(|f| f.chosen == 1));
        assert!((cv.held_out[1].mrr - 0.9).abs() < 1e-12);
    }
}
