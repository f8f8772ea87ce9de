//! `lexls cite`: citations of the text on stdin as JSON.

use std::io::{BufRead, Read, Write};
use std::process::ExitCode;

use anyhow::Context;
use lexls_syntax::citation::record::{Location, cite, cite_at, context_location};
use serde::Deserialize;

/// One line of `--jsonl` input.
#[derive(Debug, Deserialize)]
struct Line {
    text: String,
    #[serde(default)]
    context: Option<serde_json::Value>,
}

/// Prints the citations of stdin: one JSON array, or with `jsonl` one
/// `{"citations": […]}` per input line `{"text", "context"?}`.
///
/// # Errors
/// Unreadable stdin (invalid UTF-8 is named with the line) or an input line that is not
/// JSON of that shape.
pub fn run(namespace: Option<&str>, jsonl: bool) -> anyhow::Result<ExitCode> {
    let stdin = std::io::stdin();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    if !jsonl {
        let mut text = String::new();
        stdin
            .lock()
            .read_to_string(&mut text)
            .context("stdin is not UTF-8 text")?;
        serde_json::to_writer_pretty(&mut out, &cite(&text, namespace))?;
        writeln!(out)?;
        return Ok(ExitCode::SUCCESS);
    }
    for (n, line) in stdin.lock().lines().enumerate() {
        let line = line.with_context(|| format!("line {}: not UTF-8 text", n + 1))?;
        if line.trim().is_empty() {
            continue;
        }
        let input: Line = serde_json::from_str(&line).with_context(|| {
            format!("line {}: expected {{\"text\": …, \"context\"?: …}}", n + 1)
        })?;
        // `--namespace` names the code; the context may still name the citing section.
        let location = match (namespace, context_location(input.context.as_ref())) {
            (Some(ns), Some(at)) => Some(Location {
                namespace: ns.to_string(),
                ..at
            }),
            (Some(ns), None) => Some(Location {
                namespace: ns.to_string(),
                ..Location::default()
            }),
            (None, at) => at,
        };
        let citations = cite_at(&input.text, location.as_ref());
        serde_json::to_writer(&mut out, &serde_json::json!({ "citations": citations }))?;
        writeln!(out)?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
