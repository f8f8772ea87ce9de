//! The editor's text of each open document, kept current from incremental changes.
//!
//! The server asks for `TextDocumentSyncKind.Incremental` (LSP 3.17, `textDocument/didChange`):
//! a keystroke in a 5 MB statute sends the few characters typed and the range they replace,
//! not the whole file again. The ranges are LSP positions (zero-based line, column in UTF-16
//! code units), converted through the same [`LineIndex`] the rest of the server uses. A change
//! without a range replaces the whole text, as full synchronisation does.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use lexls_syntax::line_index::LineIndex;
use tower_lsp_server::ls_types::TextDocumentContentChangeEvent;

use crate::proto;

/// A ranged change arrived for a document the editor has not opened (or has closed): there is
/// no text to apply it to. The protocol sends `didChange` only between `didOpen` and
/// `didClose`, so this is a client bug; the change is dropped and the index keeps the file's
/// text on disk until the editor opens the document again.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "an incremental change to {0} arrived while it is not open in the editor; the change is \
     dropped until the editor opens the document again"
)]
pub struct NotOpen(pub PathBuf);

/// The current text of every document open in the editor, by canonical path.
#[derive(Debug, Default)]
pub struct Buffers {
    open: HashMap<PathBuf, String>,
}

impl Buffers {
    /// Records the text the editor opened `path` with (`textDocument/didOpen`).
    pub fn open(&mut self, path: PathBuf, text: String) {
        self.open.insert(path, text);
    }

    /// Forgets `path` (`textDocument/didClose`).
    pub fn close(&mut self, path: &Path) {
        self.open.remove(path);
    }

    /// Applies `changes`, in order, to the text of `path` and returns the text after them.
    ///
    /// # Errors
    ///
    /// [`NotOpen`] when `path` is not open and a change has a range (a change without one
    /// gives the whole text and opens the buffer).
    pub fn change(
        &mut self,
        path: &Path,
        changes: Vec<TextDocumentContentChangeEvent>,
    ) -> Result<&str, NotOpen> {
        let mut changes = changes.into_iter().peekable();
        if !self.open.contains_key(path) {
            match changes.peek() {
                Some(first) if first.range.is_none() => {
                    self.open.insert(path.to_path_buf(), String::new());
                }
                _ => return Err(NotOpen(path.to_path_buf())),
            }
        }
        let text = self
            .open
            .get_mut(path)
            .ok_or_else(|| NotOpen(path.to_path_buf()))?;
        for change in changes {
            apply(text, change);
        }
        Ok(text)
    }
}

/// Applies one `didChange` content change to `text`. A range past the end of a line or of the
/// text is clamped to it (LSP: "If the character value is greater than the line length it
/// defaults back to the line length"); a range whose end precedes its start is empty.
pub fn apply(text: &mut String, change: TextDocumentContentChangeEvent) {
    let Some(range) = change.range else {
        *text = change.text;
        return;
    };
    let lines = LineIndex::new(text);
    let start = proto::offset(&lines, text, range.start);
    let end = proto::offset(&lines, text, range.end).max(start);
    text.replace_range(start..end, &change.text);
}

#[cfg(test)]
mod tests {
    use tower_lsp_server::ls_types::{Position, Range};

    use super::*;

    /// The opening of NYC Admin. Code § 20-871 (NYC Local Law 144 of 2021), as the example
    /// workspace holds it: a `§`, an em dash and curly quotes are one UTF-16 unit each but two
    /// or three bytes.
    const LL144: &str = "§ 20-871 Definitions. For the purposes of this subchapter, the following \
terms have the following meanings:\n\nAutomated employment decision tool. The term \u{201c}automated \
employment decision tool\u{201d} means any computational process\u{2014}derived from machine \
learning\u{2014}that issues simplified output.\n";

    fn ranged(start: (u32, u32), end: (u32, u32), text: &str) -> TextDocumentContentChangeEvent {
        TextDocumentContentChangeEvent {
            range: Some(Range::new(
                Position::new(start.0, start.1),
                Position::new(end.0, end.1),
            )),
            range_length: None,
            text: text.to_string(),
        }
    }

    #[test]
    fn a_ranged_change_counts_columns_in_utf16_units() {
        let mut text = LL144.to_string();
        // Line 0 column 2 is after "§ " (one UTF-16 unit for `§`, but two bytes).
        apply(&mut text, ranged((0, 2), (0, 8), "20-872"));
        assert!(text.starts_with("§ 20-872 Definitions."), "{text}");
        // Line 2: replace the word after the em dash ("derived" follows "process—").
        let line2 = text.lines().nth(2).unwrap_or_default();
        let col = line2
            .split("process\u{2014}")
            .next()
            .map(|s| s.encode_utf16().count() as u32 + 8)
            .unwrap_or_default();
        apply(&mut text, ranged((2, col), (2, col + 7), "obtained"));
        assert!(
            text.contains("process\u{2014}obtained from machine"),
            "{text}"
        );
    }

    #[test]
    fn changes_apply_in_order_and_a_change_without_range_replaces_everything() {
        let mut buffers = Buffers::default();
        let path = PathBuf::from("/ws/20-871.md");
        buffers.open(path.clone(), LL144.to_string());
        let out = buffers
            .change(
                &path,
                vec![
                    ranged((0, 0), (0, 0), "# "),
                    // Positions of the second change are in the text after the first.
                    ranged((0, 2), (0, 3), "Section"),
                ],
            )
            .map(str::to_string);
        assert_eq!(
            out.as_deref().ok().and_then(|t| t.lines().next()),
            Some(
                "# Section 20-871 Definitions. For the purposes of this subchapter, the following terms have the following meanings:"
            )
        );
        let full = TextDocumentContentChangeEvent {
            range: None,
            range_length: None,
            text: "§ 1. Scope.\n".to_string(),
        };
        assert_eq!(buffers.change(&path, vec![full]), Ok("§ 1. Scope.\n"));
    }

    #[test]
    fn positions_past_the_end_are_clamped_and_reversed_ranges_are_empty() {
        let mut text = "(a) First.\r\n(b) Second.".to_string();
        // Past the end of the text: an insertion at the end.
        apply(&mut text, ranged((9, 0), (12, 4), "\n(c) Third."));
        assert_eq!(text, "(a) First.\r\n(b) Second.\n(c) Third.");
        // End before start: nothing is removed.
        apply(&mut text, ranged((1, 4), (1, 0), "Much "));
        assert_eq!(text, "(a) First.\r\n(b) Much Second.\n(c) Third.");
    }

    #[test]
    fn a_ranged_change_to_a_closed_document_is_an_error_and_loses_nothing() {
        let mut buffers = Buffers::default();
        let path = PathBuf::from("/ws/policy.md");
        buffers.open(path.clone(), "Policy text.".to_string());
        buffers.close(&path);
        assert_eq!(
            buffers.change(&path, vec![ranged((0, 0), (0, 6), "Rule")]),
            Err(NotOpen(path.clone()))
        );
        let message = NotOpen(path).to_string();
        assert!(message.contains("not open"), "{message}");
    }
}
