//! `lexls index <dir>`.

use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use serde_json::json;

/// Indexes `dir` (from scratch with `rebuild`) and prints what it holds.
pub fn run(dir: &Path, no_model: bool, json: bool, rebuild: bool) -> anyhow::Result<ExitCode> {
    let started = Instant::now();
    let config = super::load_config(dir)?;
    let dense = config.uses_dense();
    let (engine, report) = super::prepare(dir, config, no_model || !dense, rebuild)?;
    let snap = engine.snapshot();
    let counts = snap.counts();
    let chunks = snap.search.as_ref().map_or(0, |s| s.chunks.len());
    let embedded = snap.search.as_ref().map_or(0, |s| s.dense.len());
    let elapsed = started.elapsed().as_secs_f64();
    if json {
        let value = json!({
            "root": engine.root(),
            "index_dir": engine.index_dir(),
            "files": report.files,
            "parsed": report.parsed,
            "reused": report.reused,
            "removed": report.removed,
            "skipped": report.skipped.iter().map(|s| json!({"path": s.path, "reason": s.reason})).collect::<Vec<_>>(),
            "documents": counts.documents,
            "provisions": counts.provisions,
            "citations": counts.citations,
            "unresolved": counts.unresolved,
            "external": counts.external,
            "chunks": chunks,
            "embedded": embedded,
            "model": model_status(&engine, no_model, dense),
            "seconds": elapsed,
        });
        println!("{}", serde_json::to_string_pretty(&value)?);
    } else {
        println!(
            "{} documents ({} parsed, {} unchanged, {} removed), {} provisions, {} citations ({} unresolved, {} external), {} chunks, {} embedded, in {elapsed:.2} s",
            counts.documents,
            report.parsed,
            report.reused,
            report.removed,
            counts.provisions,
            counts.citations,
            counts.unresolved,
            counts.external,
            chunks,
            embedded,
        );
        if let Some(dir) = engine.index_dir() {
            println!("index: {}", dir.display());
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// What the summary says of the embedding model: `loaded`, or why not (BM25 alone by
/// configuration, `--no-model`, or the model's problem).
fn model_status(engine: &lexls_index::engine::Engine, no_model: bool, dense: bool) -> String {
    if !dense && !no_model {
        return lexls_index::search::dense::ModelUnavailable::NotUsed.to_string();
    }
    engine
        .model_problem()
        .map_or_else(|| "loaded".to_string(), str::to_string)
}
