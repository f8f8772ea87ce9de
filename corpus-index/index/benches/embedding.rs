//! Benchmark: embedding throughput and memory of lexls's embedder beside plain ONNX Runtime,
//! on the same texts, with the same model file, tokenizer and threads, in one run.
//!
//!     LEXLS_MODEL_DIR=… ORT_DYLIB_PATH=… cargo bench -p lexls-index --bench embedding -- <workspace>
//!
//! The texts are the passages lexls embeds for the workspace (its chunks' windows). Each run
//! embeds all of them, after a warm-up on the first 16:
//!
//! - **lexls**: [`FastEmbedder::embed`] (fastembed over the model, passages batched shortest
//!   first within a word-piece budget, `[model] batch_tokens`), given `[model] batch_size`
//!   passages at a time as the indexer does; first alone in the process, for its memory;
//! - **plain ORT, batches of 32**: the `ort` crate and the `tokenizers` crate as a user of the
//!   runtime would write it: 32 passages at a time in order, padded to the longest, mean
//!   pooling over the attention mask;
//! - **plain ORT, lexls's batches**: the same code on the batches lexls forms, which isolates
//!   what lexls's wrapper costs from what its batching saves; run three times, alternating
//!   with two more runs of lexls, and compared by medians.
//!
//! Each run reports passages per second and the peak resident memory of the process during it
//! (`VmHWM`, reset through `/proc/self/clear_refs` before the run). Issue 13 asks for lexls
//! ≥ 0.95 × plain ONNX Runtime, and ≤ 500 MB while embedding.

use std::path::{Path, PathBuf};
use std::time::Instant;

use lexls_index::config::Config;
use lexls_index::engine::{Engine, OpenOptions};
use lexls_index::search::dense::{self, Embedder, FastEmbedder, MAX_LENGTH, token_batches};
use ort::session::Session;
use ort::value::Tensor;
use tokenizers::{PaddingParams, Tokenizer, TruncationParams};

/// Passages per batch of the plain baseline (fastembed's and lexls's former default).
const PLAIN_BATCH: usize = 32;

fn main() {
    if let Err(e) = run() {
        eprintln!("embedding bench: {e}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), String> {
    let Some(root) = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .map(PathBuf::from)
    else {
        return Err("usage: cargo bench -p lexls-index --bench embedding -- <workspace>".into());
    };
    let mut config = Config::load(&root).map_err(|e| e.to_string())?;
    config.apply_env();
    let model = config.model.clone();
    let paths = dense::model_paths(&model);
    let embedder = dense::load_embedder(&model).map_err(|e| e.to_string())?;
    let embedder = std::sync::Arc::new(embedder);
    let texts = passages(&root, config, embedder.clone())?;
    let threads = model
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    println!(
        "{} passages of {}, model {}, {threads} threads, batch_size {}, batch_tokens {}",
        texts.len(),
        root.display(),
        embedder.model_id(),
        model.batch_size,
        model.batch_tokens
    );

    // The indexer hands the embedder this many passages at a time.
    let per_call = model.batch_size.max(1);
    // lexls alone in the process first: its peak memory is the one to report.
    let (first, ours_vectors) = measure(
        "lexls (fastembed, word-piece batches), alone",
        &texts,
        per_call,
        |part| embedder.embed(part).map_err(|e| e.to_string()),
    )?;
    let counted = Instant::now();
    let lengths: Vec<usize> = texts.iter().map(|t| embedder.model_length(t)).collect();
    println!(
        "counting the word pieces of every passage (lexls's batching): {:.2} s",
        counted.elapsed().as_secs_f64()
    );
    let mut plain = Plain::load(&paths.dir, &paths.runtime, threads)?;
    let in_order: Vec<Vec<usize>> = (0..texts.len())
        .step_by(PLAIN_BATCH)
        .map(|start| (start..texts.len().min(start + PLAIN_BATCH)).collect())
        .collect();
    let (plain32, plain_vectors) =
        measure_batches("plain ORT, batches of 32", &texts, &in_order, &mut plain)?;
    // Same vectors? Padding is masked out, so batching should change them by rounding only.
    let cosines: Vec<f32> = ours_vectors
        .iter()
        .zip(&plain_vectors)
        .map(|(a, b)| a.iter().zip(b).map(|(x, y)| x * y).sum())
        .collect();
    let lowest = cosines.iter().copied().fold(f32::INFINITY, f32::min);
    println!(
        "lexls's vectors against plain ORT's: lowest cosine {lowest:.6} over {} passages",
        cosines.len()
    );
    // The batches lexls forms, call by call as in `measure`.
    let mut same: Vec<Vec<usize>> = Vec::new();
    for (call, part) in lengths.chunks(per_call).enumerate() {
        let start = call * per_call;
        for batch in token_batches(part, model.batch_size, model.batch_tokens) {
            same.push(batch.into_iter().map(|i| start + i).collect());
        }
    }
    // Then alternately, so that the order of the runs (and the machine's drift) does not
    // decide the comparison: medians of three runs each.
    let mut ours = vec![first];
    let mut theirs = Vec::new();
    for round in 1..=3 {
        let name = format!("plain ORT, lexls's batches, run {round}");
        theirs.push(measure_batches(&name, &texts, &same, &mut plain)?.0);
        if round < 3 {
            let name = format!("lexls, run {}", round + 1);
            ours.push(
                measure(&name, &texts, per_call, |part| {
                    embedder.embed(part).map_err(|e| e.to_string())
                })?
                .0,
            );
        }
    }
    let lexls = median(&mut ours);
    let plain_same = median(&mut theirs);
    println!(
        "lexls / plain ORT throughput (medians): {:.2} against batches of 32, {:.2} against lexls's batches",
        lexls / plain32,
        lexls / plain_same
    );
    Ok(())
}

/// The median of `values` (sorted in place).
fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values.get(values.len() / 2).copied().unwrap_or(f64::NAN)
}

/// The passages lexls would embed for the workspace at `root`, read without persisting.
fn passages(
    root: &Path,
    config: Config,
    embedder: std::sync::Arc<FastEmbedder>,
) -> Result<Vec<String>, String> {
    let options = OpenOptions {
        persist: false,
        load_model: false,
        embedder: Some(Ok(embedder.clone() as std::sync::Arc<dyn Embedder>)),
        rebuild: false,
    };
    let mut engine = Engine::open(root, config, &options).map_err(|e| e.to_string())?;
    engine.scan(&mut |_| {});
    let pending = engine.pending_embeddings();
    let texts = lexls_index::search::window_keys::pending_texts(embedder.as_ref(), &pending);
    if texts.is_empty() {
        return Err(format!("{} has nothing to embed", root.display()));
    }
    Ok(texts)
}

/// Runs `embed` over `texts`, `per_call` at a time as the indexer hands them over
/// (`[model] batch_size`), after a warm-up; prints passages per second and returns it with
/// the vectors.
fn measure(
    name: &str,
    texts: &[String],
    per_call: usize,
    mut embed: impl FnMut(&[String]) -> Result<Vec<Vec<f32>>, String>,
) -> Result<(f64, Vec<Vec<f32>>), String> {
    embed(&texts[..texts.len().min(16)])?;
    reset_peak();
    let started = Instant::now();
    let mut vectors = Vec::with_capacity(texts.len());
    for part in texts.chunks(per_call) {
        vectors.extend(embed(part)?);
    }
    let rate = report(name, vectors.len(), started.elapsed().as_secs_f64());
    Ok((rate, vectors))
}

fn measure_batches(
    name: &str,
    texts: &[String],
    batches: &[Vec<usize>],
    plain: &mut Plain,
) -> Result<(f64, Vec<Vec<f32>>), String> {
    let warm: Vec<&str> = texts.iter().take(16).map(String::as_str).collect();
    plain.embed(&warm)?;
    reset_peak();
    let started = Instant::now();
    let mut vectors = vec![Vec::new(); texts.len()];
    for batch in batches {
        let part: Vec<&str> = batch.iter().map(|&i| texts[i].as_str()).collect();
        for (&i, v) in batch.iter().zip(plain.embed(&part)?) {
            vectors[i] = v;
        }
    }
    let rate = report(
        name,
        batches.iter().map(Vec::len).sum(),
        started.elapsed().as_secs_f64(),
    );
    Ok((rate, vectors))
}

fn report(name: &str, vectors: usize, seconds: f64) -> f64 {
    let rate = vectors as f64 / seconds;
    println!(
        "{name}: {vectors} vectors in {seconds:.1} s, {rate:.1} passages/s, peak RSS {}",
        peak_rss().map_or_else(|| "unknown".into(), |kb| format!("{} MB", kb / 1024))
    );
    rate
}

/// Plain ONNX Runtime: a session over the model file and a tokenizer that truncates to 256
/// word pieces and pads to the longest passage of a batch.
struct Plain {
    session: Session,
    tokenizer: Tokenizer,
    token_types: bool,
}

impl Plain {
    fn load(dir: &Path, runtime: &Path, threads: usize) -> Result<Self, String> {
        let environment = dense::load_runtime(runtime).map_err(|e| e.to_string())?;
        let session = Session::builder(&environment)
            .map_err(|e| e.to_string())?
            .with_optimization_level(ort::session::builder::GraphOptimizationLevel::Level3)
            .map_err(|e| e.to_string())?
            .with_intra_threads(threads)
            .map_err(|e| e.to_string())?
            .commit_from_file(dir.join("model.onnx"))
            .map_err(|e| e.to_string())?;
        let mut tokenizer =
            Tokenizer::from_file(dir.join("tokenizer.json")).map_err(|e| e.to_string())?;
        tokenizer
            .with_truncation(Some(TruncationParams {
                max_length: MAX_LENGTH,
                ..Default::default()
            }))
            .map_err(|e| e.to_string())?;
        tokenizer.with_padding(Some(PaddingParams::default()));
        let token_types = session
            .inputs()
            .iter()
            .any(|i| i.name() == "token_type_ids");
        Ok(Self {
            session,
            tokenizer,
            token_types,
        })
    }

    /// Mean-pooled, unit-length vectors of `texts`, in one run of the model.
    fn embed(&mut self, texts: &[&str]) -> Result<Vec<Vec<f32>>, String> {
        let encodings = self
            .tokenizer
            .encode_batch(texts.to_vec(), true)
            .map_err(|e| e.to_string())?;
        let rows = encodings.len();
        let cols = encodings.first().map_or(0, |e| e.len());
        let flat = |f: &dyn Fn(&tokenizers::Encoding) -> &[u32]| -> Vec<i64> {
            encodings
                .iter()
                .flat_map(|e| f(e).iter().map(|&x| i64::from(x)))
                .collect()
        };
        let ids = flat(&|e| e.get_ids());
        let mask = flat(&|e| e.get_attention_mask());
        let types = flat(&|e| e.get_type_ids());
        let tensor = |v: Vec<i64>| Tensor::from_array(([rows, cols], v)).map_err(|e| e.to_string());
        let mut inputs = ort::inputs![
            "input_ids" => tensor(ids)?,
            "attention_mask" => tensor(mask.clone())?,
        ];
        if self.token_types {
            inputs.push(("token_type_ids".into(), tensor(types)?.into()));
        }
        let outputs = self.session.run(inputs).map_err(|e| e.to_string())?;
        let (shape, hidden) = outputs[0]
            .try_extract_tensor::<f32>()
            .map_err(|e| e.to_string())?;
        let dim = usize::try_from(shape[2]).map_err(|e| e.to_string())?;
        let mut out = Vec::with_capacity(rows);
        for r in 0..rows {
            let mut v = vec![0f32; dim];
            let mut n = 0f32;
            for c in 0..cols {
                if mask[r * cols + c] == 0 {
                    continue;
                }
                n += 1.0;
                let at = (r * cols + c) * dim;
                for (x, h) in v.iter_mut().zip(&hidden[at..at + dim]) {
                    *x += h;
                }
            }
            for x in &mut v {
                *x /= n.max(1.0);
            }
            out.push(dense::normalize(v));
        }
        Ok(out)
    }
}

/// Resets the process's peak resident memory (`VmHWM`), Linux 4.0 and later.
fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// The process's peak resident memory since the last reset, in kB.
fn peak_rss() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}
