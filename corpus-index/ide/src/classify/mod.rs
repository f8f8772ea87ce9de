//! Query-complexity classifier of the HyPA-RAG paper (Kalra et al., §7; Tables 1, 5–7):
//! how many contexts a question needs — class 0 one, 1 two, 2 three or more (3-class), or
//! 0 one and 1 more (2-class: labels 1 and 2 merge, the paper's "simple" vs "complex"). The
//! ask pipeline maps the class to retrieval parameters (top-k, query rewrites; Tables 5–6).
//!
//! The model is the paper's TF-IDF baseline made stronger: word 1–2-grams and character
//! 2–5-grams inside word boundaries ([`features`]), multinomial logistic regression
//! ([`model`], fitted with `linfa-logistic`), macro precision/recall/F1 ([`metrics`]) and
//! grouped cross-validation that keeps augmentations of one question in one fold ([`cv`]).
//! [`Classifier::builtin`] is a model trained only on the project's own question set
//! (`corpus-index/data/complexity-questions.csv`).

pub mod cv;
pub mod data;
pub mod features;
pub mod metrics;
pub mod model;

use std::borrow::Cow;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

pub use data::read_csv;
use features::{FeatureOptions, Vectorizer};
use metrics::Report;
use model::LinearModel;

use lexls_index::config::ClassifierConfig;

/// The `format` field of a serialised model.
pub const FORMAT: &str = "lexls-complexity-classifier";
/// The model file version this build reads and writes.
pub const VERSION: u32 = 1;

/// The default model, trained on `data/complexity-questions.csv` by
/// `lexls classifier train --data corpus-index/data/complexity-questions.csv --out
/// corpus-index/data/complexity-model.json`.
const BUILTIN_MODEL: &str = include_str!("../../data/complexity-model.json");

/// An error training, reading or writing a classifier, or reading its data.
#[derive(Debug, thiserror::Error)]
pub enum ClassifyError {
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// A model file is not a lexls complexity model.
    #[error(
        "{path}: not a lexls complexity-classifier model ({message}); train one with `lexls classifier train`"
    )]
    Format {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// A model file of another format version.
    #[error(
        "{path}: model format version {found}, this lexls reads version {VERSION}; retrain it with `lexls classifier train`"
    )]
    Version {
        /// The file.
        path: PathBuf,
        /// Its version.
        found: u64,
    },
    /// A line of a CSV file is malformed.
    #[error("line {line}: {message}")]
    Csv {
        /// 1-based line number.
        line: u64,
        /// What is wrong and how to fix it.
        message: String,
    },
    /// Training failed (no rows, a class without examples, a solver error).
    #[error("cannot train: {0}")]
    Train(String),
}

/// Training settings.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct TrainOptions {
    /// N-gram settings.
    pub features: FeatureOptions,
    /// Inverse L2 regularisation strength (scikit-learn's `C`; larger fits closer).
    pub c: f64,
    /// L-BFGS iterations at most.
    pub max_iterations: u64,
}

impl Default for TrainOptions {
    fn default() -> Self {
        Self {
            features: FeatureOptions::default(),
            c: 10.0,
            max_iterations: 300,
        }
    }
}

/// Rows and labels a model was trained on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrainingSummary {
    /// Training questions.
    pub rows: usize,
    /// Questions per class, in label order.
    pub class_counts: Vec<usize>,
}

/// A trained query-complexity classifier: TF-IDF vocabulary and idf, linear weights per
/// class, and the number of classes (2 or 3). Serialised as JSON by [`Classifier::save`].
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Classifier {
    /// Always [`FORMAT`].
    pub format: String,
    /// Always [`VERSION`] when written by this build.
    pub version: u32,
    /// 2 or 3.
    pub classes: u8,
    /// The settings it was trained with.
    pub options: TrainOptions,
    /// What it was trained on.
    pub trained_on: TrainingSummary,
    /// Vocabulary and idf.
    pub vectorizer: Vectorizer,
    /// Weights and intercepts.
    pub model: LinearModel,
}

/// The predicted complexity of a question.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Complexity {
    /// The most probable class: 0 one context; 1 two (3-class) or more (2-class); 2 three
    /// or more.
    pub class: u8,
    /// Number of classes of the model (2 or 3).
    pub classes: u8,
    /// Probability of each class, in label order (sums to 1).
    pub probabilities: Vec<f32>,
}

impl Complexity {
    /// The 2-class view of a 3-class prediction (classes 1 and 2 merged, as the paper's
    /// 2-class task); a 2-class prediction is returned as it is.
    pub fn to_two_classes(&self) -> Self {
        if self.classes != 3 || self.probabilities.len() != 3 {
            return self.clone();
        }
        let p = [
            self.probabilities[0],
            self.probabilities[1] + self.probabilities[2],
        ];
        Self {
            class: u8::from(p[1] > p[0]),
            classes: 2,
            probabilities: p.to_vec(),
        }
    }
}

/// Maps a 3-class label (0, 1, 2) to the label of a `classes`-class task.
pub fn label_for(label: u8, classes: u8) -> u8 {
    if classes == 2 { label.min(1) } else { label }
}

impl Classifier {
    /// Trains on `(question, label)` rows with labels 0, 1, 2 (3-class scheme; with
    /// `classes = 2` labels 1 and 2 become 1, and 0/1 data works as it is).
    ///
    /// # Errors
    /// [`ClassifyError::Train`] for `classes` other than 2 or 3, no rows, a label out of
    /// range, a class without examples, or a solver failure.
    pub fn train(
        rows: &[(String, u8)],
        classes: u8,
        opts: &TrainOptions,
    ) -> Result<Self, ClassifyError> {
        if !(2..=3).contains(&classes) {
            return Err(ClassifyError::Train(format!(
                "classes must be 2 or 3, not {classes}"
            )));
        }
        if rows.is_empty() {
            return Err(ClassifyError::Train("no training rows".into()));
        }
        if let Some((q, l)) = rows.iter().find(|(_, l)| *l > 2) {
            return Err(ClassifyError::Train(format!(
                "label {l} of {q:?} is not 0, 1 or 2"
            )));
        }
        let labels: Vec<u8> = rows.iter().map(|(_, l)| label_for(*l, classes)).collect();
        let questions: Vec<&str> = rows.iter().map(|(q, _)| q.as_str()).collect();
        let vectorizer = Vectorizer::fit(&questions, opts.features);
        let x: Vec<_> = questions.iter().map(|q| vectorizer.transform(q)).collect();
        let model = LinearModel::fit(
            &x,
            &labels,
            vectorizer.dims(),
            classes,
            opts.c,
            opts.max_iterations,
        )?;
        let mut class_counts = vec![0usize; usize::from(classes)];
        for &l in &labels {
            class_counts[usize::from(l)] += 1;
        }
        Ok(Self {
            format: FORMAT.into(),
            version: VERSION,
            classes,
            options: *opts,
            trained_on: TrainingSummary {
                rows: rows.len(),
                class_counts,
            },
            vectorizer,
            model,
        })
    }

    /// Classifies a question (any text; empty text gets the class the intercepts favour).
    pub fn predict(&self, question: &str) -> Complexity {
        let x = self.vectorizer.transform(question);
        let probabilities = self.model.probabilities(&x);
        let class = probabilities
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.total_cmp(b.1))
            .map_or(0, |(i, _)| i as u8);
        Complexity {
            class,
            classes: self.classes,
            probabilities,
        }
    }

    /// Scores the model on `(question, label)` rows (3-class labels, mapped to the model's
    /// classes).
    pub fn evaluate(&self, rows: &[(String, u8)]) -> Report {
        let gold: Vec<u8> = rows
            .iter()
            .map(|(_, l)| label_for(*l, self.classes))
            .collect();
        let predicted: Vec<u8> = rows.iter().map(|(q, _)| self.predict(q).class).collect();
        Report::new(&gold, &predicted, self.classes)
    }

    /// Reads a model written by [`Classifier::save`].
    ///
    /// # Errors
    /// [`ClassifyError::Io`] when the file cannot be read, [`ClassifyError::Format`] when it
    /// is not a model, [`ClassifyError::Version`] when it is of another format version.
    pub fn load(path: &Path) -> Result<Self, ClassifyError> {
        let text = std::fs::read_to_string(path).map_err(|source| ClassifyError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        Self::from_json(&text, path)
    }

    /// Parses a model from JSON text; `path` names it in errors.
    ///
    /// # Errors
    /// As [`Classifier::load`].
    pub fn from_json(text: &str, path: &Path) -> Result<Self, ClassifyError> {
        let format_error = |message: String| ClassifyError::Format {
            path: path.to_path_buf(),
            message,
        };
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format_error(format!("not JSON: {e}")))?;
        if value.get("format").and_then(|f| f.as_str()) != Some(FORMAT) {
            return Err(format_error(format!("no \"format\": \"{FORMAT}\" field")));
        }
        let version = value.get("version").and_then(serde_json::Value::as_u64);
        if version != Some(u64::from(VERSION)) {
            return Err(ClassifyError::Version {
                path: path.to_path_buf(),
                found: version.unwrap_or(0),
            });
        }
        let mut model: Self =
            serde_json::from_value(value).map_err(|e| format_error(e.to_string()))?;
        let k = usize::from(model.classes);
        let dims = model.vectorizer.dims();
        if !(2..=3).contains(&model.classes)
            || model.model.bias.len() != k
            || model.model.weights.len() != k
            || model.model.weights.iter().any(|w| w.len() != dims)
            || model.vectorizer.idf.len() != dims
        {
            return Err(format_error(format!(
                "inconsistent shapes: {} classes, {dims} features, {} weight rows",
                model.classes,
                model.model.weights.len()
            )));
        }
        model.vectorizer.rebuild_index();
        Ok(model)
    }

    /// Writes the model as JSON.
    ///
    /// # Errors
    /// [`ClassifyError::Io`] when the file cannot be written.
    pub fn save(&self, path: &Path) -> Result<(), ClassifyError> {
        let io = |source| ClassifyError::Io {
            path: path.to_path_buf(),
            source,
        };
        let text = serde_json::to_string(self).map_err(|e| io(std::io::Error::other(e)))?;
        std::fs::write(path, text + "\n").map_err(io)
    }

    /// The default 3-class model shipped with lexls, trained only on the project's own
    /// question set (see `corpus-index/data/README.md`); parsed once.
    pub fn builtin() -> &'static Classifier {
        static MODEL: OnceLock<Classifier> = OnceLock::new();
        MODEL.get_or_init(|| {
            Self::from_json(BUILTIN_MODEL, Path::new("<built-in complexity model>")).unwrap_or_else(
                |e| {
                    tracing::error!("{e}; every question is classed 0");
                    Self::empty()
                },
            )
        })
    }

    /// A model without features that always answers class 0.
    fn empty() -> Self {
        let mut vectorizer = Vectorizer::fit(&[], FeatureOptions::default());
        vectorizer.rebuild_index();
        Self {
            format: FORMAT.into(),
            version: VERSION,
            classes: 3,
            options: TrainOptions::default(),
            trained_on: TrainingSummary {
                rows: 0,
                class_counts: vec![0; 3],
            },
            vectorizer,
            model: LinearModel {
                weights: vec![Vec::new(); 3],
                bias: vec![1.0, 0.0, 0.0],
            },
        }
    }
}

/// The classifier a workspace asked for (`[classifier]` of `.lexls.toml`).
#[derive(Debug, Clone)]
pub struct ConfiguredClassifier {
    /// The model: the user's, or the built-in one.
    pub model: Cow<'static, Classifier>,
    /// Classes of the predictions (`[classifier] classes`).
    pub classes: u8,
}

impl ConfiguredClassifier {
    /// Classifies a question with `classes` classes (a 3-class model answers 2-class
    /// questions by merging classes 1 and 2).
    pub fn predict(&self, question: &str) -> Complexity {
        let c = self.model.predict(question);
        if self.classes == 2 {
            c.to_two_classes()
        } else {
            c
        }
    }
}

/// Loads the model `[classifier]` names (`model`, relative to `root`), else the built-in
/// one. When the user's file cannot be used (missing, not a model, other version, or a
/// 2-class model asked for 3 classes) the built-in model is returned with a warning to
/// show the user.
pub fn from_config(
    root: &Path,
    config: &ClassifierConfig,
) -> (ConfiguredClassifier, Option<String>) {
    let classes = config.classes;
    let builtin = ConfiguredClassifier {
        model: Cow::Borrowed(Classifier::builtin()),
        classes,
    };
    let Some(rel) = &config.model else {
        return (builtin, None);
    };
    let path = root.join(rel);
    match Classifier::load(&path) {
        Ok(model) if model.classes < classes => (
            builtin,
            Some(format!(
                "{}: a {}-class model cannot give {classes} classes ([classifier] classes); using the built-in model",
                path.display(),
                model.classes
            )),
        ),
        Ok(model) => (
            ConfiguredClassifier {
                model: Cow::Owned(model),
                classes,
            },
            None,
        ),
        Err(e) => (builtin, Some(format!("{e}; using the built-in model"))),
    }
}

/// Result of [`cross_validate`].
#[derive(Debug, Clone, Serialize)]
pub struct CvResult {
    /// Scores of the out-of-fold predictions of all rows.
    pub report: Report,
    /// Number of folds.
    pub folds: usize,
    /// Number of groups (rows when not grouped).
    pub groups: usize,
    /// Grouping threshold (cosine of word vectors), `None` for plain stratified folds.
    pub group_threshold: Option<f32>,
    /// Macro F1 of each fold.
    pub fold_f1: Vec<f64>,
}

/// Stratified `k`-fold cross-validation: trains on `k - 1` folds and predicts the other,
/// for each fold. With `group_threshold`, near-duplicate questions ([`cv::near_duplicate_groups`])
/// stay in one fold; without, each row is its own group. `seed` fixes the fold assignment.
///
/// # Errors
/// As [`Classifier::train`] for any fold.
pub fn cross_validate(
    rows: &[(String, u8)],
    classes: u8,
    opts: &TrainOptions,
    k: usize,
    group_threshold: Option<f32>,
    seed: u64,
) -> Result<CvResult, ClassifyError> {
    if k < 2 || k > rows.len() {
        return Err(ClassifyError::Train(format!(
            "cannot make {k} folds of {} rows",
            rows.len()
        )));
    }
    let questions: Vec<&str> = rows.iter().map(|(q, _)| q.as_str()).collect();
    let groups = match group_threshold {
        Some(t) => cv::near_duplicate_groups(&questions, t),
        None => (0..rows.len()).collect(),
    };
    let gold: Vec<u8> = rows.iter().map(|(_, l)| label_for(*l, classes)).collect();
    let folds = cv::grouped_folds(&gold, &groups, k, seed);
    let mut predicted = vec![0u8; rows.len()];
    let mut fold_f1 = Vec::with_capacity(k);
    for f in 0..k {
        let train: Vec<(String, u8)> = rows
            .iter()
            .zip(&folds)
            .filter(|(_, fold)| **fold != f)
            .map(|(r, _)| r.clone())
            .collect();
        let model = Classifier::train(&train, classes, opts)?;
        let (mut g, mut p) = (Vec::new(), Vec::new());
        for (i, (q, _)) in rows.iter().enumerate() {
            if folds[i] == f {
                predicted[i] = model.predict(q).class;
                g.push(gold[i]);
                p.push(predicted[i]);
            }
        }
        fold_f1.push(Report::new(&g, &p, classes).macro_f1);
    }
    Ok(CvResult {
        report: Report::new(&gold, &predicted, classes),
        folds: k,
        groups: groups.iter().map(|g| g + 1).max().unwrap_or(0),
        group_threshold,
        fold_f1,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const OWN_DATA: &str = include_str!("../../data/complexity-questions.csv");

    fn small_model() -> (Classifier, Vec<(String, u8)>) {
        let rows = read_csv(OWN_DATA).expect("own data parses");
        let subset: Vec<(String, u8)> = rows.iter().step_by(3).cloned().collect();
        let opts = TrainOptions {
            max_iterations: 60,
            ..TrainOptions::default()
        };
        (Classifier::train(&subset, 3, &opts).expect("trains"), rows)
    }

    #[test]
    fn save_and_load_round_trip_predicts_identically() {
        let (model, rows) = small_model();
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("model.json");
        model.save(&path).expect("saves");
        let loaded = Classifier::load(&path).expect("loads");
        for (q, _) in rows.iter().take(60) {
            let (a, b) = (model.predict(q), loaded.predict(q));
            assert_eq!(a.class, b.class, "{q}");
            // JSON keeps the weights to the shortest round-tripping decimal; serde_json's
            // fast float parser may differ from it in the last bit.
            for (x, y) in a.probabilities.iter().zip(&b.probabilities) {
                assert!((x - y).abs() < 1e-5, "{q}: {a:?} {b:?}");
            }
        }
        let empty = loaded.predict("");
        assert_eq!(empty.probabilities.len(), 3);
        assert!((empty.probabilities.iter().sum::<f32>() - 1.0).abs() < 1e-4);
    }

    #[test]
    fn load_errors_say_what_is_wrong() {
        let dir = tempfile::tempdir().expect("tempdir");
        let missing = Classifier::load(&dir.path().join("none.json")).expect_err("missing");
        assert!(matches!(missing, ClassifyError::Io { .. }), "{missing}");
        let other = dir.path().join("other.json");
        std::fs::write(&other, "{\"format\": \"something\"}").expect("write");
        let err = Classifier::load(&other).expect_err("wrong format");
        assert!(err.to_string().contains("lexls classifier train"), "{err}");
        std::fs::write(
            &other,
            format!("{{\"format\": \"{FORMAT}\", \"version\": 99}}"),
        )
        .expect("write");
        let err = Classifier::load(&other).expect_err("version");
        assert!(
            matches!(err, ClassifyError::Version { found: 99, .. }),
            "{err}"
        );
    }

    #[test]
    fn training_rejects_missing_classes_and_bad_class_counts() {
        let rows = vec![("What is a bias audit?".to_string(), 0u8); 3];
        let err = Classifier::train(&rows, 3, &TrainOptions::default()).expect_err("one class");
        assert!(err.to_string().contains("label 1"), "{err}");
        assert!(Classifier::train(&rows, 4, &TrainOptions::default()).is_err());
    }

    #[test]
    fn builtin_model_separates_simple_comparative_and_broad_questions() {
        let model = Classifier::builtin();
        assert_eq!(model.classes, 3);
        assert!(
            model.vectorizer.dims() > 1000,
            "the built-in model is not a stub"
        );
        let cases = [
            (
                "What is the civil penalty for a first violation of Local Law 144?",
                0,
            ),
            ("How does the Code define an employment agency?", 0),
            (
                "What is the difference between the selection rate and the impact ratio, and how are they related?",
                1,
            ),
            (
                "What are the bias audit requirements, the notice obligations, the published results and the penalties of Local Law 144?",
                2,
            ),
        ];
        for (q, want) in cases {
            let c = model.predict(q);
            assert_eq!(c.class, want, "{q}: {:?}", c.probabilities);
        }
        let two = model
            .predict("Give an overview of Local Law 144, its rules and enforcement.")
            .to_two_classes();
        assert_eq!((two.classes, two.class), (2, 1));
    }

    #[test]
    fn prediction_is_fast() {
        let model = Classifier::builtin();
        let q =
            "What are the obligations of employers under Local Law 144 and how are they enforced?";
        let started = std::time::Instant::now();
        for _ in 0..200 {
            std::hint::black_box(model.predict(q));
        }
        let per = started.elapsed() / 200;
        // Generous for unoptimised test builds; release builds take tens of microseconds.
        assert!(per < std::time::Duration::from_millis(20), "{per:?}");
    }

    #[test]
    fn config_falls_back_to_the_builtin_model_with_a_warning() {
        let dir = tempfile::tempdir().expect("tempdir");
        let config = ClassifierConfig {
            model: Some(PathBuf::from("missing.json")),
            classes: 2,
        };
        let (c, warning) = from_config(dir.path(), &config);
        let warning = warning.expect("warned");
        assert!(warning.contains("missing.json"), "{warning}");
        assert!(warning.contains("built-in"), "{warning}");
        assert_eq!(c.predict("What is a bias audit?").classes, 2);
        let (_, none) = from_config(dir.path(), &ClassifierConfig::default());
        assert!(none.is_none());
    }

    #[test]
    fn grouped_cross_validation_runs_and_scores_all_rows() {
        let rows: Vec<(String, u8)> = read_csv(OWN_DATA)
            .expect("parses")
            .into_iter()
            .step_by(4)
            .collect();
        let opts = TrainOptions {
            max_iterations: 40,
            ..TrainOptions::default()
        };
        let result =
            cross_validate(&rows, 3, &opts, 3, Some(cv::DEFAULT_GROUP_THRESHOLD), 1).expect("cv");
        assert_eq!(result.report.rows, rows.len());
        assert_eq!(result.fold_f1.len(), 3);
        assert!(result.groups <= rows.len());
        // Far better than chance (0.33) on the project's own questions.
        assert!(result.report.macro_f1 > 0.5, "{}", result.report.macro_f1);
    }
}
