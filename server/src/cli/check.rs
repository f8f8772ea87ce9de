//! `lexls check <dir>`: citation diagnostics as a lint for a policy repository.

use std::path::Path;
use std::process::ExitCode;

use lexls_ide::features::diagnostics;
use lexls_index::config::Severity;
use lexls_index::resolve::Resolution;
use serde_json::json;

fn severity_word(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Information => "info",
        Severity::Hint => "hint",
        Severity::Off => "off",
    }
}

/// Prints the diagnostics of every document of `dir`; exit status 1 when any is a warning
/// or an error.
pub fn run(dir: &Path, json: bool) -> anyhow::Result<ExitCode> {
    let config = super::load_config(dir)?;
    let (engine, _) = super::prepare(dir, config, true, false)?;
    let snap = engine.snapshot();
    let mut failing = 0usize;
    let mut items = Vec::new();
    let mut external = Vec::new();
    for (doc_id, doc) in snap.docs.iter().enumerate() {
        let lines = &snap.lines[doc_id];
        for d in diagnostics(&snap, doc_id) {
            if matches!(d.severity, Severity::Error | Severity::Warning) {
                failing += 1;
            }
            let (line, col) = lines.to_line_col_1based(&doc.text, d.span.start);
            if json {
                items.push(json!({
                    "path": doc.rel_path,
                    "line": line,
                    "column": col,
                    "severity": severity_word(d.severity),
                    "code": d.code.as_str(),
                    "message": d.message,
                    "fixes": d.fixes.iter().map(|f| json!({"title": f.title, "replacement": f.replacement})).collect::<Vec<_>>(),
                }));
            } else {
                println!(
                    "{}:{line}:{col}: {}: {} [{}]",
                    doc.rel_path,
                    severity_word(d.severity),
                    d.message,
                    d.code.as_str()
                );
            }
        }
        for (cite, res) in doc.citations.iter().zip(snap.resolutions[doc_id].iter()) {
            if let Resolution::External { code } = res {
                let (line, col) = lines.to_line_col_1based(&doc.text, cite.span.start);
                external.push(json!({
                    "path": doc.rel_path,
                    "line": line,
                    "column": col,
                    "citation": cite.normalized(),
                    "code": code,
                }));
            }
        }
    }
    let counts = snap.counts();
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(&json!({
                "diagnostics": items,
                "external": external,
                "counts": counts,
            }))?
        );
    } else {
        eprintln!(
            "{} documents, {} citations: {} unresolved, {} external (not errors)",
            counts.documents, counts.citations, counts.unresolved, counts.external
        );
    }
    Ok(if failing > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
