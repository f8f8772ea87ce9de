//! Conversion between byte offsets (used everywhere in the core) and line/column positions.
//!
//! The core stores every span as a byte range into the document text. Editors speak in
//! `(line, character)` pairs where `character` counts UTF-16 code units (LSP 3.17 default
//! `positionEncoding`); the CLI prints 1-based columns in Unicode scalar values. One
//! [`LineIndex`] per document does both conversions.

use serde::{Deserialize, Serialize};

use crate::model::Substitution;

/// A zero-based line and a zero-based column, the column counted in UTF-16 code units.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct LineCol {
    /// Zero-based line number.
    pub line: u32,
    /// Zero-based column, in UTF-16 code units (the LSP default position encoding).
    pub col: u32,
}

/// The start offsets of every line of a text, for offset ↔ position conversion.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LineIndex {
    /// Byte offset of the first character of each line; `line_starts[0] == 0`.
    line_starts: Vec<usize>,
    /// Total length of the text in bytes.
    len: usize,
    /// Characters of a text view that stand for longer references of the file (XML, HTML),
    /// sorted: columns count the file's units, not the view's.
    substitutions: Vec<Substitution>,
}

impl LineIndex {
    /// Builds the index of `text`. Lines end at `\n`; a preceding `\r` belongs to the line.
    pub fn new(text: &str) -> Self {
        let mut line_starts = vec![0];
        line_starts.extend(memchr_newlines(text.as_bytes()).map(|i| i + 1));
        Self {
            line_starts,
            len: text.len(),
            substitutions: Vec::new(),
        }
    }

    /// Builds the index of the text view of a markup file whose references `substitutions`
    /// were replaced by shorter characters (see [`crate::model::Document::substitutions`]):
    /// columns are those of the file.
    pub fn with_substitutions(text: &str, substitutions: &[Substitution]) -> Self {
        let mut index = Self::new(text);
        index.substitutions = substitutions.to_vec();
        index.substitutions.sort_by_key(|s| s.after);
        index
    }

    /// The substitutions that end in `(from, to]`.
    fn substitutions_in(&self, from: usize, to: usize) -> &[Substitution] {
        let lo = self.substitutions.partition_point(|s| s.after <= from);
        let hi = self.substitutions.partition_point(|s| s.after <= to);
        &self.substitutions[lo..hi.max(lo)]
    }

    /// Number of lines (a text without a trailing newline still has its last line).
    pub fn line_count(&self) -> usize {
        self.line_starts.len()
    }

    /// Byte offset where zero-based `line` starts, or `None` past the last line.
    pub fn line_start(&self, line: u32) -> Option<usize> {
        self.line_starts.get(line as usize).copied()
    }

    /// Zero-based line containing byte `offset` (offsets past the end map to the last line).
    pub fn line_of(&self, offset: usize) -> u32 {
        let offset = offset.min(self.len);
        match self.line_starts.binary_search(&offset) {
            Ok(line) => line as u32,
            Err(next) => (next - 1) as u32,
        }
    }

    /// Converts a byte offset of `text` (the text this index was built from) to a UTF-16
    /// line/column. Offsets inside a multi-byte character snap to its start.
    pub fn to_utf16(&self, text: &str, offset: usize) -> LineCol {
        let offset = floor_char_boundary(text, offset.min(text.len()));
        let line = self.line_of(offset);
        let start = self.line_starts[line as usize];
        let extra: u32 = self
            .substitutions_in(start, offset)
            .iter()
            .map(|s| u32::from(s.utf16))
            .sum();
        let col = text[start..offset].encode_utf16().count() as u32 + extra;
        LineCol { line, col }
    }

    /// Converts a UTF-16 line/column to a byte offset of `text`. Columns past the end of the
    /// line clamp to the line end; lines past the end clamp to the end of the text.
    pub fn from_utf16(&self, text: &str, pos: LineCol) -> usize {
        let Some(start) = self.line_start(pos.line) else {
            return text.len();
        };
        let end = self
            .line_start(pos.line + 1)
            .map(|e| e.saturating_sub(1))
            .unwrap_or(text.len())
            .min(text.len());
        let line = &text[start..end];
        let mut units = 0u32;
        let mut shifts = self.substitutions_in(start, end).iter().peekable();
        for (i, ch) in line.char_indices() {
            while let Some(s) = shifts.next_if(|s| s.after <= start + i) {
                units += u32::from(s.utf16);
            }
            if units >= pos.col {
                return start + i;
            }
            units += ch.len_utf16() as u32;
        }
        end
    }

    /// One-based line and one-based column in Unicode scalar values, as compilers print
    /// `path:line:col` locations.
    pub fn to_line_col_1based(&self, text: &str, offset: usize) -> (usize, usize) {
        let offset = floor_char_boundary(text, offset.min(text.len()));
        let line = self.line_of(offset);
        let start = self.line_starts[line as usize];
        let extra: usize = self
            .substitutions_in(start, offset)
            .iter()
            .map(|s| usize::from(s.chars))
            .sum();
        (
            line as usize + 1,
            text[start..offset].chars().count() + extra + 1,
        )
    }
}

fn memchr_newlines(bytes: &[u8]) -> impl Iterator<Item = usize> + '_ {
    bytes
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == b'\n')
        .map(|(i, _)| i)
}

/// The largest char boundary of `text` that is `<= offset`.
pub fn floor_char_boundary(text: &str, offset: usize) -> usize {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_utf16_positions_with_section_signs() {
        let text = "a. In the city\n§ 20-871(b) and “quotes” 😀 end\nlast";
        let index = LineIndex::new(text);
        assert_eq!(index.line_count(), 3);
        let offset = text.find("(b)").expect("present");
        let pos = index.to_utf16(text, offset);
        assert_eq!(pos, LineCol { line: 1, col: 8 });
        assert_eq!(index.from_utf16(text, pos), offset);
        let end = text.find(" end").expect("present");
        let pos = index.to_utf16(text, end);
        // the emoji is two UTF-16 units
        assert_eq!(index.from_utf16(text, pos), end);
        assert_eq!(
            index.from_utf16(text, LineCol { line: 9, col: 0 }),
            text.len()
        );
        assert_eq!(index.to_line_col_1based(text, offset), (2, 9));
    }
}
