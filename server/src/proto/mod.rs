//! Conversion between the core's plain data (byte offsets, paths) and LSP types (UTF-16
//! positions, URIs). The only place that knows both.

use std::ops::Range;
use std::path::Path;

use lexls_ide::ask::AskResult;
use lexls_ide::features::{self, Symbol, SymbolKind};
use lexls_index::config::Severity;
use lexls_index::workspace::Snapshot;
use lexls_syntax::line_index::{LineCol, LineIndex};
use serde_json::{Value, json};
use tower_lsp_server::ls_types::{
    self as lsp, DiagnosticSeverity, DocumentSymbol, NumberOrString, Position, Uri,
};

/// The URI of a file path (`None` for a relative or unrepresentable path).
pub fn uri(path: &Path) -> Option<Uri> {
    Uri::from_file_path(path)
}

/// The file path of a `file:` URI.
pub fn path(uri: &Uri) -> Option<std::path::PathBuf> {
    uri.to_file_path().map(|p| p.into_owned())
}

/// Byte offset of an LSP position in `text`.
pub fn offset(lines: &LineIndex, text: &str, pos: Position) -> usize {
    lines.from_utf16(
        text,
        LineCol {
            line: pos.line,
            col: pos.character,
        },
    )
}

/// LSP position of a byte offset.
pub fn position(lines: &LineIndex, text: &str, offset: usize) -> Position {
    let lc = lines.to_utf16(text, offset);
    Position::new(lc.line, lc.col)
}

/// LSP range of a byte range.
pub fn range(lines: &LineIndex, text: &str, span: &Range<usize>) -> lsp::Range {
    lsp::Range::new(
        position(lines, text, span.start),
        position(lines, text, span.end),
    )
}

/// LSP location of a core location.
pub fn location(snap: &Snapshot, loc: &features::Location) -> Option<lsp::Location> {
    let doc = snap.docs.get(loc.doc)?;
    let lines = snap.lines.get(loc.doc)?;
    Some(lsp::Location::new(
        uri(&loc.path)?,
        range(lines, &doc.text, &loc.span),
    ))
}

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

/// LSP diagnostics of a document.
pub fn diagnostics(snap: &Snapshot, doc_id: usize) -> Vec<lsp::Diagnostic> {
    let (Some(doc), Some(lines)) = (snap.docs.get(doc_id), snap.lines.get(doc_id)) else {
        return Vec::new();
    };
    features::diagnostics(snap, doc_id)
        .into_iter()
        .map(|d| lsp::Diagnostic {
            range: range(lines, &doc.text, &d.span),
            severity: severity(d.severity),
            code: Some(NumberOrString::String(d.code.as_str().to_string())),
            source: Some("lexls".into()),
            message: d.message,
            ..lsp::Diagnostic::default()
        })
        .collect()
}

/// LSP document symbols.
pub fn symbols(lines: &LineIndex, text: &str, symbols: Vec<Symbol>) -> Vec<DocumentSymbol> {
    symbols
        .into_iter()
        .map(|s| {
            #[allow(deprecated)]
            DocumentSymbol {
                name: s.name,
                detail: s.detail,
                kind: match s.kind {
                    SymbolKind::Section => lsp::SymbolKind::MODULE,
                    SymbolKind::Subsection => lsp::SymbolKind::NAMESPACE,
                    SymbolKind::Definition => lsp::SymbolKind::CONSTANT,
                },
                tags: None,
                deprecated: None,
                range: range(lines, text, &s.span),
                selection_range: range(lines, text, &s.selection),
                children: Some(self::symbols(lines, text, s.children)),
            }
        })
        .collect()
}

/// The `lexls/ask` result object (see `docs/lsp-extensions.md`).
pub fn ask_result(snap: &Snapshot, result: &AskResult) -> Value {
    let loc = |l: &features::Location| location(snap, l).map(|l| json!(l));
    json!({
        "answer": result.answer,
        "citations": result.citations.iter().map(|c| json!({
            "text": c.text,
            "target": c.target,
            "resolved": c.resolved,
            "supported": c.supported,
            "location": c.location.as_ref().and_then(loc),
        })).collect::<Vec<_>>(),
        "sources": result.sources.iter().map(|s| json!({
            "citation": s.citation,
            "heading": s.heading,
            "location": loc(&s.location),
            "path": s.rel_path,
            "score": s.score,
            "kind": s.kind.as_str(),
            "authority": s.authority,
        })).collect::<Vec<_>>(),
        "warnings": result.warnings,
        "params": result.params.as_ref().map(|p| json!({
            "class": p.class,
            "classes": p.classes,
            "k": p.k,
            "q": p.rewrites,
            "kgKeywords": p.kg_keywords,
            "kgPath": p.kg_path,
        })),
        "rewrites": result.rewrites,
        "kgKeywords": result.kg_keywords,
        "triplets": result.triplets,
        "timingsMs": result.timings_ms,
        "generatedBy": result.generated_by,
    })
}
