//! Dense retrieval: an [`Embedder`] trait, its fastembed implementation over a
//! user-supplied ONNX model (all-MiniLM-L6-v2 int8 by default, mean pooling, 384
//! dimensions, 256-token inputs), and an exact cosine-similarity index.
//!
//! The ONNX Runtime library is loaded at run time (`ORT_DYLIB_PATH` or `[model] runtime`);
//! lexls never downloads it. When the model or the runtime is missing, [`load_embedder`]
//! says so and retrieval runs on BM25 and the citation graph alone.

use std::collections::HashMap;
use std::ops::Range;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use fastembed::{
    InitOptionsUserDefined, Pooling, TextEmbedding, TokenizerFiles, UserDefinedEmbeddingModel,
};

use ort::environment::Environment;

use super::chunk::Chunk;
use super::quantized::QuantizedVector;
use crate::config::{ModelConfig, default_model_root};

/// The directory name of the default model under the model root.
pub const DEFAULT_MODEL: &str = "all-MiniLM-L6-v2";
/// The file name of the ONNX Runtime library the fetch script installs.
pub const DEFAULT_RUNTIME: &str = "onnxruntime/libonnxruntime.so.1.31.0";

/// Why dense retrieval is unavailable.
#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum ModelUnavailable {
    /// Disabled by configuration.
    #[error("dense retrieval is disabled ([model] enabled = false or LEXLS_NO_MODEL)")]
    Disabled,
    /// Not loaded because the settings ask for BM25 alone (the default is hybrid retrieval,
    /// chosen by cross-validation: `docs/measurements.md`).
    #[error(
        "the embedding model is not loaded: retrieval is BM25 alone ([retrieval] mode = \"bm25\"); set mode = \"hybrid\" (the default) to use it"
    )]
    NotUsed,
    /// Model files are missing.
    #[error(
        "no embedding model at {dir} (missing {missing}); run scripts/fetch-models.sh or set LEXLS_MODEL_DIR — using BM25 and the citation graph only"
    )]
    MissingModel {
        /// The directory looked in.
        dir: PathBuf,
        /// The first missing file.
        missing: String,
    },
    /// The ONNX Runtime library is missing or unusable.
    #[error(
        "ONNX Runtime unavailable ({0}); run scripts/fetch-models.sh or set ORT_DYLIB_PATH — using BM25 and the citation graph only"
    )]
    Runtime(String),
    /// The model files exist but do not load.
    #[error(
        "the embedding model at {dir} does not load: {message} — using BM25 and the citation graph only"
    )]
    Load {
        /// The model directory.
        dir: PathBuf,
        /// The loader's message.
        message: String,
    },
}

/// An error while embedding.
#[derive(Debug, Clone, thiserror::Error)]
#[error("embedding failed: {0}")]
pub struct EmbedError(pub String);

/// Turns passages into unit-length vectors.
pub trait Embedder: Send + Sync + std::fmt::Debug {
    /// Identifies model and weights; part of the embedding-cache key.
    fn model_id(&self) -> &str;
    /// Embeds `texts`, one vector per text, each of unit length.
    ///
    /// # Errors
    /// [`EmbedError`] when the model fails.
    fn embed(&self, texts: &[String]) -> Result<Vec<Vec<f32>>, EmbedError>;

    /// Byte ranges of the word pieces the model's tokenizer cuts `text` into (without
    /// special tokens, without truncation), for sizing windows
    /// ([`super::windows::windows`]); `None` when the tokenizer is not reachable.
    fn piece_offsets(&self, _text: &str) -> Option<Vec<Range<usize>>> {
        None
    }
}

/// Counts word pieces with the model's tokenizer: byte ranges of `text`'s pieces.
type PieceCounter = Box<dyn Fn(&str) -> Option<Vec<Range<usize>>> + Send + Sync>;

/// The texts to embed for `chunk` under `embedder`: the chunk's text when it fits the model,
/// else overlapping windows of it, counted in the model's word pieces when the tokenizer is
/// reachable (else in words, see [`super::windows`]).
pub fn chunk_windows(embedder: &dyn Embedder, chunk: &Chunk) -> Vec<String> {
    let text = chunk.text();
    let ancestry = chunk.ancestry();
    let pieces = embedder.piece_offsets(&text).map(|p| {
        let context = embedder
            .piece_offsets(&ancestry)
            .map_or_else(|| ancestry.split_whitespace().count(), |c| c.len());
        (p, context)
    });
    super::windows::windows(&text, &ancestry, pieces)
}

/// fastembed `TextEmbedding` over a user-defined ONNX model.
pub struct FastEmbedder {
    model: Mutex<TextEmbedding>,
    /// The model's tokenizer without truncation, for window sizes.
    pieces: Option<PieceCounter>,
    id: String,
    /// Passages per call of the model at most.
    batch_size: usize,
    /// Word pieces per call of the model at most, padding included ([`ModelConfig::batch_tokens`]).
    batch_tokens: usize,
}

impl std::fmt::Debug for FastEmbedder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FastEmbedder")
            .field("id", &self.id)
            .finish()
    }
}

impl Embedder for FastEmbedder {
    fn model_id(&self) -> &str {
        &self.id
    }

    fn embed(&self, texts: &[String]) -> Result<Vec<Vec<f32>>, EmbedError> {
        let mut model = self
            .model
            .lock()
            .map_err(|_| EmbedError("the model lock is poisoned".into()))?;
        let lengths: Vec<usize> = texts.iter().map(|t| self.model_length(t)).collect();
        let mut vectors: Vec<Vec<f32>> = vec![Vec::new(); texts.len()];
        let result = catch_unwind(AssertUnwindSafe(|| -> Result<(), fastembed::Error> {
            for batch in token_batches(&lengths, self.batch_size, self.batch_tokens) {
                let part: Vec<&str> = batch.iter().map(|&i| texts[i].as_str()).collect();
                let out = model.embed(&part, Some(part.len()))?;
                for (&i, v) in batch.iter().zip(out) {
                    vectors[i] = normalize(v);
                }
            }
            Ok(())
        }));
        match result {
            Ok(Ok(())) => Ok(vectors),
            Ok(Err(e)) => {
                tracing::warn!(
                    "embedding {} passages failed on {:?}: {e}",
                    texts.len(),
                    std::thread::current().name()
                );
                Err(EmbedError(e.to_string()))
            }
            Err(_) => Err(EmbedError("the ONNX runtime panicked".into())),
        }
    }

    fn piece_offsets(&self, text: &str) -> Option<Vec<Range<usize>>> {
        self.pieces.as_ref().and_then(|count| count(text))
    }
}

impl FastEmbedder {
    /// The input length of `text` for the model: its word pieces plus `[CLS]` and `[SEP]`,
    /// at most [`MAX_LENGTH`] (the model truncates); about four bytes a piece when the
    /// tokenizer is not reachable. What [`token_batches`] sorts and budgets by.
    pub fn model_length(&self, text: &str) -> usize {
        let pieces = self
            .piece_offsets(text)
            .map_or_else(|| text.len().div_ceil(4), |p| p.len());
        (pieces + 2).min(MAX_LENGTH)
    }
}

/// The model's input length in word pieces (all-MiniLM-L6-v2 reads 256).
pub const MAX_LENGTH: usize = 256;

/// Splits passages of `lengths` (word pieces each) into batches for the model: shortest
/// first, so that a batch pads its passages to a length close to theirs, and each batch at
/// most `max_passages` passages and `max_tokens` word pieces after padding (its count times
/// its longest passage; a passage longer than `max_tokens` is a batch alone). Returns the
/// passages' indices, batch by batch. Padding is wasted work, and ONNX Runtime's memory
/// arena grows to the largest batch it has run and keeps that memory: batches bounded in
/// word pieces bound both.
pub fn token_batches(lengths: &[usize], max_passages: usize, max_tokens: usize) -> Vec<Vec<usize>> {
    let mut order: Vec<usize> = (0..lengths.len()).collect();
    order.sort_by_key(|&i| lengths[i]);
    let mut batches: Vec<Vec<usize>> = Vec::new();
    let mut current: Vec<usize> = Vec::new();
    for i in order {
        // Sorted ascending: the passage added is the batch's longest.
        let padded = (current.len() + 1) * lengths[i];
        if !current.is_empty() && (current.len() >= max_passages.max(1) || padded > max_tokens) {
            batches.push(std::mem::take(&mut current));
        }
        current.push(i);
    }
    if !current.is_empty() {
        batches.push(current);
    }
    batches
}

/// Scales a vector to unit length (zero vectors stay zero).
pub fn normalize(mut v: Vec<f32>) -> Vec<f32> {
    let norm = v.iter().map(|x| x * x).sum::<f32>().sqrt();
    if norm > 0.0 {
        for x in &mut v {
            *x /= norm;
        }
    }
    v
}

/// Where the model and the runtime are looked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModelPaths {
    /// Model directory.
    pub dir: PathBuf,
    /// ONNX Runtime library.
    pub runtime: PathBuf,
}

/// The model and runtime paths for `config` (after [`crate::config::Config::apply_env`]).
pub fn model_paths(config: &ModelConfig) -> ModelPaths {
    let root = default_model_root().unwrap_or_else(|| PathBuf::from(".lexls-models"));
    let dir = config
        .dir
        .clone()
        .unwrap_or_else(|| root.join(DEFAULT_MODEL));
    let runtime = config.runtime.clone().unwrap_or_else(|| {
        let beside = dir
            .parent()
            .map(|p| p.join(DEFAULT_RUNTIME))
            .filter(|p| p.exists());
        beside.unwrap_or_else(|| root.join(DEFAULT_RUNTIME))
    });
    ModelPaths { dir, runtime }
}

const MODEL_FILES: [&str; 5] = [
    "model.onnx",
    "tokenizer.json",
    "config.json",
    "special_tokens_map.json",
    "tokenizer_config.json",
];

/// The ONNX Runtime library and its environment: ONNX Runtime allows one environment per
/// process, so it is made once, here, and every model (embedder, reranker) runs in it.
static RUNTIME: OnceLock<Result<Environment, String>> = OnceLock::new();

/// Loads the ONNX Runtime shared library at `path` and makes its environment, once per
/// process (later calls return the first outcome). Models loaded by lexls run in this
/// environment; code that runs ONNX Runtime beside lexls (the embedding bench) must use it
/// too.
///
/// # Errors
/// [`ModelUnavailable`] when the library cannot be loaded.
pub fn load_runtime(path: &Path) -> Result<Environment, ModelUnavailable> {
    RUNTIME
        .get_or_init(|| {
            if !path.exists() {
                return Err(format!("{} does not exist", path.display()));
            }
            let init = || -> Result<Environment, String> {
                let builder = ort::init_from(path).map_err(|e| e.to_string())?;
                builder.build().map_err(|e| e.to_string())
            };
            catch_unwind(init)
                .unwrap_or_else(|_| Err(format!("loading {} panicked", path.display())))
        })
        .clone()
        .map_err(ModelUnavailable::Runtime)
}

/// Loads the embedding model named by `config`.
///
/// # Errors
/// [`ModelUnavailable`] naming what is missing and how to get it.
pub fn load_embedder(config: &ModelConfig) -> Result<FastEmbedder, ModelUnavailable> {
    if !config.enabled {
        return Err(ModelUnavailable::Disabled);
    }
    let paths = model_paths(config);
    for file in MODEL_FILES {
        if !paths.dir.join(file).is_file() {
            return Err(ModelUnavailable::MissingModel {
                dir: paths.dir.clone(),
                missing: file.to_string(),
            });
        }
    }
    let environment = load_runtime(&paths.runtime)?;
    let read = |name: &str| {
        std::fs::read(paths.dir.join(name)).map_err(|e| ModelUnavailable::Load {
            dir: paths.dir.clone(),
            message: format!("{name}: {e}"),
        })
    };
    let onnx = read("model.onnx")?;
    let id = format!(
        "{}:{}",
        paths
            .dir
            .file_name()
            .map_or_else(|| "model".into(), |n| n.to_string_lossy().into_owned()),
        &blake3::hash(&onnx).to_hex()[..16]
    );
    let files = TokenizerFiles {
        tokenizer_file: read("tokenizer.json")?,
        config_file: read("config.json")?,
        special_tokens_map_file: read("special_tokens_map.json")?,
        tokenizer_config_file: read("tokenizer_config.json")?,
    };
    let model = UserDefinedEmbeddingModel::new(onnx, files).with_pooling(Pooling::Mean);
    let mut options = InitOptionsUserDefined::new()
        .with_max_length(MAX_LENGTH)
        .with_environment(environment);
    if let Some(threads) = config.threads {
        options = options.with_intra_threads(threads);
    }
    let loaded = catch_unwind(AssertUnwindSafe(|| {
        TextEmbedding::try_new_from_user_defined(model, options)
    }));
    let embedding = match loaded {
        Ok(Ok(m)) => m,
        Ok(Err(e)) => {
            return Err(ModelUnavailable::Load {
                dir: paths.dir.clone(),
                message: e.to_string(),
            });
        }
        Err(_) => {
            return Err(ModelUnavailable::Load {
                dir: paths.dir.clone(),
                message: "the ONNX runtime panicked while loading".into(),
            });
        }
    };
    let pieces = Some(piece_counter(&embedding));
    Ok(FastEmbedder {
        model: Mutex::new(embedding),
        pieces,
        id,
        batch_size: config.batch_size.clamp(1, 256),
        batch_tokens: config.batch_tokens.max(MAX_LENGTH),
    })
}

/// A piece counter over a copy of `model`'s tokenizer with truncation off (fastembed sets
/// it to the model's length, which would cap every count at 256).
fn piece_counter(model: &TextEmbedding) -> PieceCounter {
    let mut tokenizer = model.tokenizer.clone();
    let untruncated = tokenizer.with_truncation(None).is_ok();
    Box::new(move |text: &str| {
        if !untruncated {
            return None;
        }
        let encoding = tokenizer.encode(text, false).ok()?;
        Some(
            encoding
                .get_offsets()
                .iter()
                .filter(|(a, b)| b > a)
                .map(|&(a, b)| a..b)
                .collect(),
        )
    })
}

/// Exact cosine-similarity search over unit vectors held in 8 bits a component
/// ([`QuantizedVector`]). The rows share their vectors with the engine's cache, so a new
/// search view costs one pointer a window, not a copy of every embedding.
#[derive(Debug, Clone, Default)]
pub struct DenseIndex {
    dim: usize,
    /// `(chunk index, vector)`, one row a window.
    rows: Vec<(usize, Arc<QuantizedVector>)>,
}

impl DenseIndex {
    /// Builds the index from `(chunk index, vector)` pairs; vectors of another dimension
    /// than the first are skipped.
    pub fn build(items: impl IntoIterator<Item = (usize, Arc<QuantizedVector>)>) -> Self {
        let mut index = Self::default();
        for (id, v) in items {
            if index.dim == 0 {
                index.dim = v.dim();
            }
            if v.dim() != index.dim || v.dim() == 0 {
                continue;
            }
            index.rows.push((id, v));
        }
        index.rows.shrink_to_fit();
        index
    }

    /// Number of vectors.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// Whether the index is empty.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// The `limit` nearest chunks to `query` (a unit vector) as `(chunk index, cosine)`; a
    /// chunk embedded as several windows scores as its best window.
    pub fn search(&self, query: &[f32], limit: usize) -> Vec<(usize, f32)> {
        if query.len() != self.dim || self.dim == 0 {
            return Vec::new();
        }
        let mut best: HashMap<usize, f32> = HashMap::with_capacity(self.rows.len());
        for (id, row) in &self.rows {
            let cosine = row.dot(query);
            best.entry(*id)
                .and_modify(|s| *s = s.max(cosine))
                .or_insert(cosine);
        }
        let mut scored: Vec<(usize, f32)> = best.into_iter().collect();
        let limit = limit.min(scored.len());
        if limit == 0 {
            return Vec::new();
        }
        scored.select_nth_unstable_by(limit - 1, |a, b| b.1.total_cmp(&a.1));
        scored.truncate(limit);
        scored.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        scored
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batches_group_passages_of_similar_length_within_the_word_piece_budget() {
        // Word pieces of eight passages, in the order the indexer hands them over.
        let lengths = [256, 12, 200, 14, 256, 40, 13, 100];
        let batches = token_batches(&lengths, 32, 1024);
        // Every passage once.
        let mut all: Vec<usize> = batches.iter().flatten().copied().collect();
        all.sort_unstable();
        assert_eq!(all, (0..lengths.len()).collect::<Vec<_>>());
        for batch in &batches {
            let longest = batch.iter().map(|&i| lengths[i]).max().unwrap_or(0);
            assert!(batch.len() * longest <= 1024, "{batch:?}");
        }
        // Shortest first: the three short passages share a batch, padded to 14, not 256.
        assert_eq!(batches[0], vec![1, 6, 3, 5, 7]);
        // The 200 would make that batch 6 × 200 pieces: it starts the next, with the 256s
        // (3 × 256 = 768 pieces).
        assert_eq!(batches[1], vec![2, 0, 4]);
        assert_eq!(batches.len(), 2);
        // At most `max_passages` a batch, and a passage longer than the budget alone.
        assert!(
            token_batches(&lengths, 2, 1024)
                .iter()
                .all(|b| b.len() <= 2)
        );
        assert_eq!(token_batches(&[300, 300], 32, 256), vec![vec![0], vec![1]]);
        assert!(token_batches(&[], 32, 1024).is_empty());
    }

    #[test]
    fn cosine_search_orders_by_similarity() {
        let row = |id, v: Vec<f32>| {
            let q = QuantizedVector::quantize(&normalize(v)).expect("finite");
            (id, Arc::new(q))
        };
        let index = DenseIndex::build(vec![
            row(7, vec![1.0, 0.0]),
            row(8, vec![0.7, 0.7]),
            row(9, vec![0.0, 1.0]),
            row(10, vec![1.0, 2.0, 3.0]),
        ]);
        assert_eq!(index.len(), 3);
        let hits = index.search(&normalize(vec![0.1, 1.0]), 2);
        assert_eq!(hits.iter().map(|h| h.0).collect::<Vec<_>>(), vec![9, 8]);
        assert!(index.search(&[1.0], 2).is_empty());
    }

    #[test]
    fn a_missing_model_is_reported_with_the_fix() {
        let dir = tempfile::tempdir().expect("tempdir");
        let config = ModelConfig {
            dir: Some(dir.path().to_path_buf()),
            ..ModelConfig::default()
        };
        let err = load_embedder(&config).expect_err("no model");
        let msg = err.to_string();
        assert!(
            msg.contains("model.onnx") && msg.contains("fetch-models.sh"),
            "{msg}"
        );
        let disabled = ModelConfig {
            enabled: false,
            ..ModelConfig::default()
        };
        assert_eq!(
            load_embedder(&disabled).expect_err("off"),
            ModelUnavailable::Disabled
        );
    }
}
