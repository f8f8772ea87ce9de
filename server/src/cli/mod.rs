//! Command-line subcommands. Each opens the workspace with [`prepare`], which reports
//! progress on stderr and turns index problems into one log line each.

pub mod ask;
pub mod check;
pub mod cite;
pub mod classifier;
pub mod eval;
pub mod index;

use std::path::Path;
use std::time::Duration;

use anyhow::{Context, bail};
use corpus_index::config::Config;
use corpus_index::engine::{Engine, OpenOptions, ScanProgress, ScanReport};
use indicatif::{ProgressBar, ProgressStyle};

/// Reads `.lexls.toml` of `dir` and the environment.
pub fn load_config(dir: &Path) -> anyhow::Result<Config> {
    let mut config = Config::load(dir).context("invalid configuration (fix it or remove it)")?;
    config.apply_env();
    Ok(config)
}

/// Opens, scans and (unless `no_model`) embeds the workspace at `dir`.
///
/// # Errors
/// A missing or non-directory `dir`, an invalid `.lexls.toml`, or a workspace without
/// any statute or policy file.
pub fn prepare(dir: &Path, config: Config, no_model: bool) -> anyhow::Result<(Engine, ScanReport)> {
    let options = OpenOptions {
        persist: true,
        load_model: !no_model,
        embedder: None,
    };
    let mut engine = Engine::open(dir, config, &options)?;
    for note in engine.take_notes() {
        tracing::warn!("{note}");
    }
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
    }
    engine.flush();
    Ok((engine, report))
}
