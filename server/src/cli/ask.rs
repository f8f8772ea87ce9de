//! `lexls ask --workspace <dir> <question>`.

use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};
use lexls_ide::ask::{AskProgress, AskRequest, Models, ask_with, render_text};
use lexls_index::config::RetrievalMode;

/// Characters of the answer being written that the progress line shows (its end).
const DRAFT_TAIL: usize = 60;

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
    // The model is loaded only when the retrieval asked for uses dense vectors.
    let dense = mode.map_or_else(|| config.uses_dense(), |m| m != RetrievalMode::Bm25);
    let (engine, _) = super::prepare(dir, config, no_model || !dense, false)?;
    let snap = engine.snapshot();
    let request = AskRequest {
        question: question.to_string(),
        context: None,
        top_k,
        mode,
    };
    let bar = ProgressBar::new_spinner();
    bar.set_style(
        ProgressStyle::with_template("{spinner} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    bar.enable_steady_tick(Duration::from_millis(120));
    bar.set_message("retrieving sources");
    let mut draft = Draft::default();
    let result = ask_with(&snap, &request, &Models::default(), &mut |p| {
        if let Some(line) = draft.update(p) {
            bar.set_message(line);
        }
    });
    bar.finish_and_clear();
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(&crate::proto::ask::result(&snap, &result))?
        );
    } else {
        print!("{}", render_text(&result));
    }
    Ok(ExitCode::SUCCESS)
}

/// The progress line of a generated answer: which model writes, and the end of what it has
/// written so far (on stderr, while stdout waits for the verified answer).
#[derive(Debug, Default)]
struct Draft {
    model: String,
    round: u8,
    text: String,
}

impl Draft {
    /// Takes one progress event; returns the line to show.
    fn update(&mut self, p: AskProgress) -> Option<String> {
        match p {
            AskProgress::Generating { model, round } => {
                self.model = model;
                self.round = round;
                self.text.clear();
                Some(if round == 0 {
                    format!("{} is writing the answer", self.model)
                } else {
                    format!("asking {} to correct unsupported citations", self.model)
                })
            }
            AskProgress::Delta(d) => {
                self.text.push_str(&d);
                let flat: String = self.text.split_whitespace().collect::<Vec<_>>().join(" ");
                let skip = flat.chars().count().saturating_sub(DRAFT_TAIL);
                let tail: String = flat.chars().skip(skip).collect();
                Some(format!("{}: …{tail}", self.model))
            }
            AskProgress::Verifying => Some("verifying the answer's citations".into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_progress_line_follows_the_answer_being_written() {
        let mut d = Draft::default();
        let first = d.update(AskProgress::Generating {
            model: "smollm2".into(),
            round: 0,
        });
        assert_eq!(first.as_deref(), Some("smollm2 is writing the answer"));
        d.update(AskProgress::Delta("Under § 20-871(b),\nan employer".into()));
        let line = d
            .update(AskProgress::Delta(
                " must notify each candidate ten business days before using an AEDT.".into(),
            ))
            .unwrap_or_default();
        assert!(line.starts_with("smollm2: …"), "{line}");
        assert!(line.ends_with("before using an AEDT."), "{line}");
        assert_eq!(
            line.chars().count(),
            "smollm2: …".chars().count() + DRAFT_TAIL
        );
        let again = d.update(AskProgress::Generating {
            model: "smollm2".into(),
            round: 1,
        });
        assert!(again.is_some_and(|l| l.contains("correct")));
        assert!(d.text.is_empty());
    }
}
