//! Reranking (HyPA-RAG § 4.5; seed 003 § 3.4): a cross-encoder scores each (question,
//! section) pair, and the scores are weighted by the legal authority of the section's
//! document (statute 1.0, regulation 0.9, case 0.8, guidance 0.7, policy configurable).
//!
//! The cross-encoder is any ONNX model with a `logits` output in the layout fastembed reads
//! ([`CrossEncoder`], `[reranker] dir`); none ships with lexls, so reranking is off unless
//! configured. [`Reranker`] is the seam tests use.

use std::path::Path;
use std::sync::Mutex;

use fastembed::{
    RerankInitOptionsUserDefined, TextRerank, TokenizerFiles, UserDefinedRerankingModel,
};

use super::retrieve::Candidate;
use lexls_index::workspace::Snapshot;

/// Scores (query, passage) pairs; higher is more relevant.
pub trait Reranker: Send + Sync {
    /// One score per passage, in order.
    ///
    /// # Errors
    /// A message when the model fails; callers keep the retrieval order.
    fn score(&self, query: &str, passages: &[String]) -> Result<Vec<f32>, String>;

    /// A name for logs and answers.
    fn name(&self) -> &str;
}

/// A fastembed cross-encoder loaded from a directory (`model.onnx`, `tokenizer.json`,
/// `config.json`, `special_tokens_map.json`, `tokenizer_config.json`).
pub struct CrossEncoder {
    model: Mutex<TextRerank>,
    name: String,
}

impl std::fmt::Debug for CrossEncoder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CrossEncoder")
            .field("name", &self.name)
            .finish()
    }
}

impl CrossEncoder {
    /// Loads the model in `dir` with the ONNX Runtime library at `runtime`.
    ///
    /// # Errors
    /// A message naming the missing file or the runtime's complaint.
    pub fn load(dir: &Path, runtime: &Path) -> Result<Self, String> {
        let read = |name: &str| {
            std::fs::read(dir.join(name)).map_err(|e| format!("{}: {e}", dir.join(name).display()))
        };
        let onnx = read("model.onnx")?;
        let files = TokenizerFiles {
            tokenizer_file: read("tokenizer.json")?,
            config_file: read("config.json")?,
            special_tokens_map_file: read("special_tokens_map.json")?,
            tokenizer_config_file: read("tokenizer_config.json")?,
        };
        let environment =
            lexls_index::search::dense::load_runtime(runtime).map_err(|e| e.to_string())?;
        let model = UserDefinedRerankingModel::new(onnx, files);
        let options = RerankInitOptionsUserDefined::new()
            .with_max_length(512)
            .with_environment(environment);
        let loaded = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            TextRerank::try_new_from_user_defined(model, options)
        }));
        match loaded {
            Ok(Ok(model)) => Ok(Self {
                model: Mutex::new(model),
                name: dir
                    .file_name()
                    .map_or_else(|| "cross-encoder".into(), |n| n.to_string_lossy().into()),
            }),
            Ok(Err(e)) => Err(format!("{}: {e}", dir.display())),
            Err(_) => Err(format!(
                "{}: the ONNX runtime panicked while loading",
                dir.display()
            )),
        }
    }
}

impl Reranker for CrossEncoder {
    fn score(&self, query: &str, passages: &[String]) -> Result<Vec<f32>, String> {
        let mut model = self
            .model
            .lock()
            .map_err(|_| "the reranker is unusable after an earlier failure".to_string())?;
        let docs: Vec<&str> = passages.iter().map(String::as_str).collect();
        let results = model
            .rerank(query, docs.as_slice(), false, Some(16))
            .map_err(|e| e.to_string())?;
        let mut scores = vec![f32::NEG_INFINITY; passages.len()];
        for r in results {
            if let Some(s) = scores.get_mut(r.index) {
                *s = r.score;
            }
        }
        Ok(scores)
    }

    fn name(&self) -> &str {
        &self.name
    }
}

/// Longest passage given to the reranker, in bytes.
const PASSAGE_MAX: usize = 1_500;

/// The text a reranker reads for a candidate: its heading and the start of its text.
pub fn passage(snap: &Snapshot, c: &Candidate) -> String {
    let Some(doc) = snap.docs.get(c.doc) else {
        return String::new();
    };
    let text = match c.section {
        Some(s) => doc.text.get(doc.provisions[s].span.clone()).unwrap_or(""),
        None => doc.text.as_str(),
    };
    crate::features::excerpt(text, PASSAGE_MAX)
}

/// Reorders `candidates` by cross-encoder score (squashed to `(0, 1)` by the logistic
/// function) times the authority weight of their document.
///
/// # Errors
/// The reranker's message; `candidates` is then left as it was.
pub fn rerank(
    snap: &Snapshot,
    reranker: &dyn Reranker,
    question: &str,
    candidates: &mut [Candidate],
) -> Result<(), String> {
    if candidates.len() < 2 {
        return Ok(());
    }
    let passages: Vec<String> = candidates.iter().map(|c| passage(snap, c)).collect();
    let scores = reranker.score(question, &passages)?;
    if scores.len() != candidates.len() {
        return Err(format!(
            "{} scores for {} passages",
            scores.len(),
            candidates.len()
        ));
    }
    let policy = snap.config.authority.policy;
    for (c, s) in candidates.iter_mut().zip(scores) {
        let authority = snap
            .docs
            .get(c.doc)
            .map_or(1.0, |d| d.kind.authority(policy));
        c.score = authority / (1.0 + (-s).exp());
    }
    candidates.sort_by(|a, b| b.score.total_cmp(&a.score));
    Ok(())
}
