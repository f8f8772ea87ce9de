//! Editor features as pure functions over a [`Snapshot`]: hover, definition, references,
//! diagnostics, document symbols and code actions. Positions are byte offsets; results are
//! plain data that the language server converts to protocol types.

pub mod actions;
pub mod diagnostics;
pub mod editing;
pub mod navigation;
pub mod scope;
pub mod symbols;

#[cfg(test)]
mod incremental_tests;

use std::ops::Range;
use std::path::PathBuf;

use lexls_index::resolve::{DocId, ProvisionRef};
use lexls_syntax::model::{Document, ProvisionId};

use lexls_index::workspace::Snapshot;
pub use lexls_syntax::citation::cite_string;

pub use actions::{CodeActions, code_actions};
pub use diagnostics::{Diagnostic, DiagnosticCode, Fix, diagnostics};
pub use navigation::{Hover, definition, hover, references};
pub use symbols::{Symbol, SymbolKind, document_symbols};

/// A place in a document of the workspace.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    /// The document.
    pub doc: DocId,
    /// Its absolute path.
    pub path: PathBuf,
    /// Byte range in its text.
    pub span: Range<usize>,
}

impl Location {
    /// The location of a provision's label (what "go to definition" selects) or whole span.
    pub fn of_provision(snap: &Snapshot, r: ProvisionRef, whole: bool) -> Option<Self> {
        let doc = snap.docs.get(r.doc)?;
        let p = doc.provisions.get(r.provision)?;
        Some(Self {
            doc: r.doc,
            path: doc.path.clone(),
            span: if whole {
                p.span.clone()
            } else {
                p.label_span.clone()
            },
        })
    }
}

/// A one-line label for a provision: citation and heading.
pub fn label(doc: &Document, id: ProvisionId) -> String {
    let heading = doc.provisions[id]
        .heading
        .clone()
        .or_else(|| doc.provisions[doc.section_of(id)].heading.clone());
    match heading {
        Some(h) => format!("{} — {h}", cite_string(doc, id)),
        None => cite_string(doc, id),
    }
}

/// The citation whose span (or, failing that, whose phrase) contains `offset`.
pub fn citation_at(doc: &Document, offset: usize) -> Option<usize> {
    doc.citations
        .iter()
        .position(|c| c.span.start <= offset && offset < c.span.end.max(c.span.start + 1))
        .or_else(|| {
            doc.citations
                .iter()
                .rposition(|c| c.group.start <= offset && offset < c.group.end)
        })
}

/// The section whose header line contains `offset`.
pub fn section_header_at(doc: &Document, offset: usize) -> Option<ProvisionId> {
    doc.provisions
        .iter()
        .position(|p| p.label_span.start <= offset && offset <= p.label_span.end)
}

/// Cuts `text` to about `max` bytes at a word boundary, adding `…` when cut.
pub fn excerpt(text: &str, max: usize) -> String {
    let text = text.trim();
    if text.len() <= max {
        return text.to_string();
    }
    let cut = lexls_syntax::line_index::floor_char_boundary(text, max);
    let cut = text[..cut].rfind(char::is_whitespace).unwrap_or(cut);
    format!("{}…", text[..cut].trim_end())
}
