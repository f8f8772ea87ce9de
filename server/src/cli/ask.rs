//! `lexls ask --workspace <dir> <question>`.

use std::path::Path;
use std::process::ExitCode;

use corpus_index::ask::{AskRequest, ask, render_text};
use corpus_index::config::RetrievalMode;

/// Answers `question` from the workspace at `dir`.
pub fn run(
    dir: &Path,
    question: &str,
    json: bool,
    top_k: Option<usize>,
    mode: Option<RetrievalMode>,
    no_model: bool,
) -> anyhow::Result<ExitCode> {
    let config = super::load_config(dir)?;
    let (engine, _) = super::prepare(dir, config, no_model)?;
    let snap = engine.snapshot();
    let result = ask(
        &snap,
        &AskRequest {
            question: question.to_string(),
            context: None,
            top_k,
            mode,
        },
    );
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(&crate::proto::ask_result(&snap, &result))?
        );
    } else {
        print!("{}", render_text(&result));
    }
    Ok(ExitCode::SUCCESS)
}
