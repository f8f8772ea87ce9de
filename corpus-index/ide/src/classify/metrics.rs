//! Macro precision, recall and F1 and the confusion matrix, the measures of the HyPA-RAG
//! paper's classifier tables (Table 1; Table 7 in Appendix A.10).

use serde::Serialize;

/// Scores of one class.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ClassScores {
    /// The class label.
    pub class: u8,
    /// Rows whose gold label is this class.
    pub support: usize,
    /// Of the rows predicted as this class, the share that are (0 when none is predicted).
    pub precision: f64,
    /// Of the rows of this class, the share predicted as it.
    pub recall: f64,
    /// Harmonic mean of precision and recall (0 when both are 0).
    pub f1: f64,
}

/// A classification report: macro averages (unweighted means over classes), accuracy, the
/// per-class scores and the confusion matrix.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    /// Number of classes.
    pub classes: u8,
    /// Rows scored.
    pub rows: usize,
    /// Share of rows predicted correctly.
    pub accuracy: f64,
    /// Mean precision over classes.
    pub macro_precision: f64,
    /// Mean recall over classes.
    pub macro_recall: f64,
    /// Mean F1 over classes (scikit-learn's `f1_score(average="macro")`).
    pub macro_f1: f64,
    /// One entry per class, in label order.
    pub per_class: Vec<ClassScores>,
    /// `confusion[gold][predicted]` = number of rows.
    pub confusion: Vec<Vec<usize>>,
}

impl Report {
    /// Scores predictions against gold labels; labels at or above `classes` are ignored.
    pub fn new(gold: &[u8], predicted: &[u8], classes: u8) -> Self {
        let k = usize::from(classes);
        let mut confusion = vec![vec![0usize; k]; k];
        for (&g, &p) in gold.iter().zip(predicted) {
            if let Some(row) = confusion.get_mut(usize::from(g))
                && let Some(cell) = row.get_mut(usize::from(p))
            {
                *cell += 1;
            }
        }
        Self::from_confusion(confusion)
    }

    /// Scores a confusion matrix (`confusion[gold][predicted]`, square).
    pub fn from_confusion(confusion: Vec<Vec<usize>>) -> Self {
        let k = confusion.len();
        let rows: usize = confusion.iter().flatten().sum();
        let correct: usize = (0..k)
            .map(|i| confusion[i].get(i).copied().unwrap_or(0))
            .sum();
        let ratio = |a: usize, b: usize| if b == 0 { 0.0 } else { a as f64 / b as f64 };
        let per_class: Vec<ClassScores> = (0..k)
            .map(|c| {
                let tp = confusion[c].get(c).copied().unwrap_or(0);
                let support: usize = confusion[c].iter().sum();
                let predicted: usize = confusion.iter().filter_map(|r| r.get(c)).sum();
                let precision = ratio(tp, predicted);
                let recall = ratio(tp, support);
                let f1 = if precision + recall == 0.0 {
                    0.0
                } else {
                    2.0 * precision * recall / (precision + recall)
                };
                ClassScores {
                    class: c as u8,
                    support,
                    precision,
                    recall,
                    f1,
                }
            })
            .collect();
        let mean = |f: fn(&ClassScores) -> f64| {
            if k == 0 {
                0.0
            } else {
                per_class.iter().map(f).sum::<f64>() / k as f64
            }
        };
        Self {
            classes: k as u8,
            rows,
            accuracy: ratio(correct, rows),
            macro_precision: mean(|c| c.precision),
            macro_recall: mean(|c| c.recall),
            macro_f1: mean(|c| c.f1),
            per_class,
            confusion,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn macro_scores_of_a_known_confusion_matrix() {
        // gold 0: 8 right, 2 as 1; gold 1: 1 as 0, 6 right, 3 as 2; gold 2: 5 right.
        let r = Report::from_confusion(vec![vec![8, 2, 0], vec![1, 6, 3], vec![0, 0, 5]]);
        assert_eq!(r.rows, 25);
        assert!((r.accuracy - 19.0 / 25.0).abs() < 1e-12);
        let p = [8.0 / 9.0, 6.0 / 8.0, 5.0 / 8.0];
        let rc = [8.0 / 10.0, 6.0 / 10.0, 5.0 / 5.0];
        let f: Vec<f64> = (0..3)
            .map(|i| 2.0 * p[i] * rc[i] / (p[i] + rc[i]))
            .collect();
        assert!((r.macro_precision - p.iter().sum::<f64>() / 3.0).abs() < 1e-12);
        assert!((r.macro_recall - rc.iter().sum::<f64>() / 3.0).abs() < 1e-12);
        assert!((r.macro_f1 - f.iter().sum::<f64>() / 3.0).abs() < 1e-12);
        assert_eq!(r.per_class[1].support, 10);
    }

    #[test]
    fn from_labels_builds_the_confusion_matrix_and_handles_empty_classes() {
        let r = Report::new(&[0, 0, 1, 1], &[0, 1, 1, 1], 3);
        assert_eq!(
            r.confusion,
            vec![vec![1, 1, 0], vec![0, 2, 0], vec![0, 0, 0]]
        );
        // Class 2 has no rows and no predictions: its scores are 0 and pull the mean down.
        assert_eq!(r.per_class[2].f1, 0.0);
        assert!((r.macro_recall - (0.5 + 1.0) / 3.0).abs() < 1e-12);
    }
}
