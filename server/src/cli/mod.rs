//! Command-line subcommands. Each reads the workspace's settings with [`load_config`] and
//! opens it with [`prepare`], which reports progress on stderr and turns index problems
//! into one log line each. A folder that cannot be a workspace, or an index directory lexls
//! may not use, is an error (exit status 2) saying what to do.

pub mod ask;
pub mod check;
pub mod cite;
pub mod classifier;
pub mod eval;
pub mod eval_cv;
pub mod index;

use std::path::Path;
use std::time::Duration;

use anyhow::{Context, bail};
use corpus_index::config::Config;
use corpus_index::engine::{Engine, OpenOptions, ScanProgress, ScanReport};
use corpus_index::search::dense::Embedder;
use corpus_index::workspace::root::check_root;
use indicatif::{ProgressBar, ProgressStyle};

/// Reads `.lexls.toml` of the workspace `dir` and the environment.
///
/// # Errors
/// `dir` cannot be a workspace (missing, a file, unreadable, `/` or the home directory:
/// said as such), or its `.lexls.toml` is invalid.
pub fn load_config(dir: &Path) -> anyhow::Result<Config> {
    check_root(dir)?;
    let mut config = Config::load(dir).context("invalid configuration (fix it or remove it)")?;
    config.apply_env();
    Ok(config)
}

/// Logs the engine's notes (rebuilt or temporary indexes, damaged entries).
fn log_notes(engine: &mut Engine) {
    for note in engine.take_notes() {
        tracing::warn!("{note}");
    }
}

/// Opens, scans and (unless `no_model`) embeds the workspace at `dir`; with `rebuild`, its
/// index is deleted and built anew first.
///
/// # Errors
/// A folder that cannot be a workspace, an index directory lexls may not use, or a
/// workspace without any statute or policy file.
pub fn prepare(
    dir: &Path,
    config: Config,
    no_model: bool,
    rebuild: bool,
) -> anyhow::Result<(Engine, ScanReport)> {
    // The model runs in a `lexls embed-worker` child, as in the language server: ONNX
    // Runtime's telemetry can only be turned off in its environment (see embed_worker).
    let embedder = (!no_model).then(|| {
        crate::embed_worker::WorkerEmbedder::start(&config.model)
            .map(|e| std::sync::Arc::new(e) as std::sync::Arc<dyn Embedder>)
    });
    let options = OpenOptions {
        persist: true,
        load_model: false,
        embedder,
        rebuild,
    };
    let mut engine = Engine::open(dir, config, &options)?;
    log_notes(&mut engine);
    if let Some(problem) = engine.model_problem()
        && !no_model
    {
        tracing::warn!("{problem}");
    }
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template("{spinner} {msg} {pos}/{len}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar.set_message("reading files");
    let report = engine.scan(&mut |p| match p {
        ScanProgress::Reading { done, total } => {
            bar.set_length(total as u64);
            bar.set_position(done as u64);
        }
        ScanProgress::Indexing => bar.set_message("indexing"),
    });
    bar.finish_and_clear();
    log_notes(&mut engine);
    for s in &report.skipped {
        tracing::warn!("skipped {}: {}", s.path.display(), s.reason);
    }
    if report.files == 0 {
        bail!(
            "no statute or policy files (.md, .markdown, .txt, .xml, .html, .htm, .xhtml) under {}; point lexls at the folder that holds them",
            dir.display()
        );
    }
    if engine.embedder().is_some() {
        let bar = ProgressBar::new(0);
        bar.set_style(
            ProgressStyle::with_template("{spinner} embedding passages {pos}/{len} ({eta} left)")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar.enable_steady_tick(Duration::from_millis(200));
        let result = engine.embed_pending(&mut |done, total| {
            bar.set_length(total as u64);
            bar.set_position(done as u64);
        });
        bar.finish_and_clear();
        if let Err(e) = result {
            tracing::warn!("{e}; answering with BM25 and the citation graph");
        }
        log_notes(&mut engine);
    }
    engine.flush();
    log_notes(&mut engine);
    Ok((engine, report))
}
