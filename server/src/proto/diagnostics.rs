//! Diagnostics, their quick fixes, and the code actions on a selection.

use std::collections::HashMap;

use lexls_ide::features::{self, CodeActions};
use lexls_index::config::Severity;
use lexls_index::resolve::DocId;
use lexls_index::workspace::Snapshot;
use serde_json::json;
use tower_lsp_server::ls_types::{
    self as lsp, CodeAction, CodeActionKind, CodeActionOrCommand, Command, DiagnosticSeverity,
    NumberOrString, TextEdit, Uri, WorkspaceEdit,
};

use super::Doc;

/// The command of the "Ask about selection" code action; the client runs it with one
/// argument `{ text, textDocument: { uri }, range }` (`docs/lsp-extensions.md`).
pub const ASK_COMMAND: &str = "lexls.askAboutSelection";

/// The kind of the "Ask about selection" code action.
pub const ASK_ACTION_KIND: &str = "lexls.ask";

/// LSP severity (`None` for off).
pub fn severity(s: Severity) -> Option<DiagnosticSeverity> {
    match s {
        Severity::Error => Some(DiagnosticSeverity::ERROR),
        Severity::Warning => Some(DiagnosticSeverity::WARNING),
        Severity::Information => Some(DiagnosticSeverity::INFORMATION),
        Severity::Hint => Some(DiagnosticSeverity::HINT),
        Severity::Off => None,
    }
}

/// One LSP diagnostic (source `lexls`, the kebab-case code of [`features::DiagnosticCode`]).
pub fn diagnostic(doc: &Doc<'_>, d: &features::Diagnostic) -> lsp::Diagnostic {
    lsp::Diagnostic {
        range: doc.range(&d.span),
        severity: severity(d.severity),
        code: Some(NumberOrString::String(d.code.as_str().to_string())),
        source: Some("lexls".into()),
        message: d.message.clone(),
        ..lsp::Diagnostic::default()
    }
}

/// LSP diagnostics of document `doc_id` (none when there is no such document).
pub fn diagnostics(snap: &Snapshot, doc_id: DocId) -> Vec<lsp::Diagnostic> {
    let Some(doc) = Doc::of(snap, doc_id) else {
        return Vec::new();
    };
    features::diagnostics(snap, doc_id)
        .iter()
        .map(|d| diagnostic(&doc, d))
        .collect()
}

/// The code actions of document `uri`: a quick fix per fix of each diagnostic (the first of
/// a diagnostic preferred), then "Ask about selection" when the selection (`range`) is not
/// empty.
pub fn code_actions(
    doc: &Doc<'_>,
    uri: &Uri,
    range: lsp::Range,
    actions: CodeActions,
) -> Vec<CodeActionOrCommand> {
    let mut out = Vec::new();
    for d in &actions.fixes {
        let diagnostic = diagnostic(doc, d);
        for (i, fix) in d.fixes.iter().enumerate() {
            let edit = TextEdit {
                range: doc.range(&fix.span),
                new_text: fix.replacement.clone(),
            };
            out.push(CodeActionOrCommand::CodeAction(CodeAction {
                title: fix.title.clone(),
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![diagnostic.clone()]),
                edit: Some(WorkspaceEdit {
                    changes: Some(HashMap::from([(uri.clone(), vec![edit])])),
                    ..WorkspaceEdit::default()
                }),
                is_preferred: Some(i == 0),
                ..CodeAction::default()
            }));
        }
    }
    if let Some(text) = actions.selection {
        out.push(CodeActionOrCommand::CodeAction(CodeAction {
            title: "Ask about selection".into(),
            kind: Some(CodeActionKind::new(ASK_ACTION_KIND)),
            command: Some(Command {
                title: "Ask about selection".into(),
                command: ASK_COMMAND.into(),
                arguments: Some(vec![json!({
                    "text": text,
                    "textDocument": {"uri": uri},
                    "range": range,
                })]),
            }),
            ..CodeAction::default()
        }));
    }
    out
}
