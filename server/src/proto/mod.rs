//! Conversion between the core's plain data (byte offsets, paths, `lexls_ide` features,
//! [`Config`](lexls_index::config::Config)) and the protocol (LSP types with UTF-16
//! positions and URIs, lexls's own JSON of `docs/lsp-extensions.md`). The only place that
//! knows both; handlers locate, call the core, and convert through here.
//!
//! By feature: [`diagnostics`] (diagnostics, quick fixes, code actions), [`navigation`]
//! (hover, definition, references, symbols, links), [`editing`] (completion, code lens,
//! inlay hints, folding), [`ask`] (`lexls/ask`), [`status`] (`lexls/status`), [`progress`]
//! (`$/progress`), [`settings`] (the editor's settings), [`capabilities`] (what the client
//! and the server can do).

pub mod ask;
pub mod capabilities;
pub mod diagnostics;
pub mod editing;
pub mod navigation;
pub mod progress;
pub mod settings;
pub mod status;

use std::ops::Range;
use std::path::Path;

use lexls_ide::features;
use lexls_index::resolve::DocId;
use lexls_index::workspace::Snapshot;
use lexls_syntax::line_index::{LineCol, LineIndex};
use lexls_syntax::model::Document;
use tower_lsp_server::ls_types::{self as lsp, Position, Uri};

pub use diagnostics::{diagnostics, severity};

/// The URI of a file path (`None` for a relative or unrepresentable path).
pub fn uri(path: &Path) -> Option<Uri> {
    Uri::from_file_path(path)
}

/// The file path of a `file:` URI.
pub fn path(uri: &Uri) -> Option<std::path::PathBuf> {
    uri.to_file_path().map(|p| p.into_owned())
}

/// Byte offset of an LSP position in `text` (clamped to the text; see [`LineIndex::from_utf16`]).
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

/// LSP location of a core location (`None` when its document is gone or its path has no URI).
pub fn location(snap: &Snapshot, loc: &features::Location) -> Option<lsp::Location> {
    let doc = snap.docs.get(loc.doc)?;
    let lines = snap.lines.get(loc.doc)?;
    Some(lsp::Location::new(
        uri(&loc.path)?,
        range(lines, &doc.text, &loc.span),
    ))
}

/// One document of a snapshot as the protocol sees it: converts between byte offsets into
/// its text and LSP positions (UTF-16 code units) through its line index, and core
/// locations anywhere in the snapshot into LSP locations.
#[derive(Clone, Copy)]
pub struct Doc<'a> {
    /// The snapshot the document belongs to.
    pub snap: &'a Snapshot,
    /// Its id in the snapshot.
    pub id: DocId,
    document: &'a Document,
    lines: &'a LineIndex,
    text: &'a str,
}

impl<'a> Doc<'a> {
    /// Document `id` of `snap` (`None` when there is none).
    pub fn of(snap: &'a Snapshot, id: DocId) -> Option<Self> {
        let document = snap.docs.get(id)?;
        Some(Self {
            snap,
            id,
            document,
            lines: snap.lines.get(id)?,
            text: &document.text,
        })
    }

    /// The document.
    pub fn document(&self) -> &'a Document {
        self.document
    }

    /// Its text.
    pub fn text(&self) -> &'a str {
        self.text
    }

    /// The byte offset of an LSP position (clamped to the text).
    pub fn offset(&self, pos: Position) -> usize {
        offset(self.lines, self.text, pos)
    }

    /// The byte range of an LSP range; one that ends before it starts is empty.
    pub fn span(&self, range: lsp::Range) -> Range<usize> {
        let start = self.offset(range.start);
        start..self.offset(range.end).max(start)
    }

    /// The LSP position of a byte offset.
    pub fn position(&self, offset: usize) -> Position {
        position(self.lines, self.text, offset)
    }

    /// The LSP range of a byte range.
    pub fn range(&self, span: &Range<usize>) -> lsp::Range {
        range(self.lines, self.text, span)
    }

    /// The LSP location of a core location (in this document or another of the snapshot).
    pub fn location(&self, loc: &features::Location) -> Option<lsp::Location> {
        location(self.snap, loc)
    }
}
