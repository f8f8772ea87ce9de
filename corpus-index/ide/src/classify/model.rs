//! The linear model: multinomial logistic regression (softmax over `classes` linear scores)
//! fitted by L-BFGS with `linfa-logistic`, kept as plain weights for fast prediction.

use linfa::prelude::*;
use linfa_logistic::MultiLogisticRegression;
use ndarray_linfa::{Array1, Array2};
use serde::{Deserialize, Serialize};

use super::ClassifyError;
use super::features::SparseVec;

/// Weights of a fitted linear model.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct LinearModel {
    /// `weights[class][column]`.
    pub weights: Vec<Vec<f32>>,
    /// One intercept per class.
    pub bias: Vec<f32>,
}

impl LinearModel {
    /// Fits multinomial logistic regression with L2 penalty `1 / (2c) · ‖W‖²` (scikit-learn's
    /// `C`) on sparse rows of `dims` columns; `labels` must hold every class in `0..classes`.
    ///
    /// # Errors
    /// [`ClassifyError::Train`] when a class has no row or the solver fails.
    pub fn fit(
        rows: &[SparseVec],
        labels: &[u8],
        dims: usize,
        classes: u8,
        c: f64,
        max_iterations: u64,
    ) -> Result<Self, ClassifyError> {
        for class in 0..classes {
            if !labels.contains(&class) {
                return Err(ClassifyError::Train(format!(
                    "no training question has label {class}; every class of 0..{classes} needs examples"
                )));
            }
        }
        let mut x = Array2::<f32>::zeros((rows.len(), dims));
        for (i, row) in rows.iter().enumerate() {
            for &(col, value) in row {
                x[[i, col as usize]] = value;
            }
        }
        let y: Array1<usize> = labels.iter().map(|&l| usize::from(l)).collect();
        let dataset = Dataset::new(x, y);
        let fitted = MultiLogisticRegression::default()
            .alpha((1.0 / c.max(1e-9)) as f32)
            .max_iterations(max_iterations)
            .fit(&dataset)
            .map_err(|e| ClassifyError::Train(e.to_string()))?;
        let params = fitted.params(); // dims × classes, columns in `classes()` order
        let intercept = fitted.intercept();
        let mut weights = vec![vec![0.0f32; dims]; usize::from(classes)];
        let mut bias = vec![0.0f32; usize::from(classes)];
        for (j, &class) in fitted.classes().iter().enumerate() {
            if let Some(w) = weights.get_mut(class) {
                for (col, value) in w.iter_mut().enumerate() {
                    *value = params[[col, j]];
                }
                bias[class] = intercept[j];
            }
        }
        Ok(Self { weights, bias })
    }

    /// Class probabilities (softmax of the linear scores) of one sparse row.
    pub fn probabilities(&self, row: &SparseVec) -> Vec<f32> {
        let scores: Vec<f32> = self
            .weights
            .iter()
            .zip(&self.bias)
            .map(|(w, b)| {
                b + row
                    .iter()
                    .map(|&(col, x)| w.get(col as usize).copied().unwrap_or(0.0) * x)
                    .sum::<f32>()
            })
            .collect();
        let max = scores.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let exp: Vec<f32> = scores.iter().map(|s| (s - max).exp()).collect();
        let sum: f32 = exp.iter().sum();
        if sum > 0.0 && sum.is_finite() {
            exp.iter().map(|e| e / sum).collect()
        } else {
            vec![1.0 / self.bias.len().max(1) as f32; self.bias.len()]
        }
    }

    /// Keeps only the columns in `keep` (sorted old column numbers), renumbered 0…
    pub fn select_columns(&mut self, keep: &[usize]) {
        for w in &mut self.weights {
            *w = keep
                .iter()
                .map(|&c| w.get(c).copied().unwrap_or(0.0))
                .collect();
        }
    }
}
