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

/// Bytes between two column checkpoints of a long line: a conversion scans at most this
/// much of a line, whatever its length (a 5 MB file of one line has 2,560 checkpoints).
const CHECKPOINT_BYTES: usize = 2_048;

/// Counts from the start of its line up to byte `at` of the view (substitutions not
/// included), so that a column of a long line is found without scanning it from its start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Checkpoint {
    at: usize,
    utf16: u32,
    chars: u32,
}

/// The start offsets of every line of a text, for offset ↔ position conversion. Every
/// conversion costs a binary search and a scan of at most [`CHECKPOINT_BYTES`], whatever the
/// length of the line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LineIndex {
    /// Byte offset of the first character of each line; `line_starts[0] == 0`.
    line_starts: Vec<usize>,
    /// Total length of the text in bytes.
    len: usize,
    /// Checkpoints of the lines longer than [`CHECKPOINT_BYTES`], by offset.
    checkpoints: Vec<Checkpoint>,
    /// Characters of a text view that stand for longer references of the file (XML, HTML),
    /// sorted: columns count the file's units, not the view's.
    substitutions: Vec<Substitution>,
    /// `substitution_units[i]`: UTF-16 units and characters the first `i` substitutions
    /// add (prefix sums, one more entry than `substitutions`).
    substitution_units: Vec<(u32, u32)>,
}

impl LineIndex {
    /// Builds the index of `text`. Lines end at `\n`; a preceding `\r` belongs to the line.
    pub fn new(text: &str) -> Self {
        let mut line_starts = vec![0];
        line_starts.extend(memchr_newlines(text.as_bytes()).map(|i| i + 1));
        let mut checkpoints = Vec::new();
        for (i, &start) in line_starts.iter().enumerate() {
            let end = line_starts.get(i + 1).copied().unwrap_or(text.len());
            if end - start > CHECKPOINT_BYTES {
                line_checkpoints(&text[start..end], start, &mut checkpoints);
            }
        }
        Self {
            line_starts,
            len: text.len(),
            checkpoints,
            substitutions: Vec::new(),
            substitution_units: vec![(0, 0)],
        }
    }

    /// Builds the index of the text view of a markup file whose references `substitutions`
    /// were replaced by shorter characters (see [`crate::model::Document::substitutions`]):
    /// columns are those of the file.
    pub fn with_substitutions(text: &str, substitutions: &[Substitution]) -> Self {
        let mut index = Self::new(text);
        index.substitutions = substitutions.to_vec();
        index.substitutions.sort_by_key(|s| s.after);
        let mut sum = (0u32, 0u32);
        index.substitution_units = std::iter::once(sum)
            .chain(index.substitutions.iter().map(|s| {
                sum = (
                    sum.0.saturating_add(u32::from(s.utf16)),
                    sum.1.saturating_add(u32::from(s.chars)),
                );
                sum
            }))
            .collect();
        index
    }

    /// UTF-16 units and characters the substitutions ending in `(from, to]` add.
    fn substituted(&self, from: usize, to: usize) -> (u32, u32) {
        let lo = self.substitutions.partition_point(|s| s.after <= from);
        let hi = self
            .substitutions
            .partition_point(|s| s.after <= to)
            .max(lo);
        let (a, b) = (self.substitution_units[lo], self.substitution_units[hi]);
        (b.0.saturating_sub(a.0), b.1.saturating_sub(a.1))
    }

    /// The substitutions that end in `(from, to]`.
    fn substitutions_in(&self, from: usize, to: usize) -> &[Substitution] {
        let lo = self.substitutions.partition_point(|s| s.after <= from);
        let hi = self.substitutions.partition_point(|s| s.after <= to);
        &self.substitutions[lo..hi.max(lo)]
    }

    /// The last checkpoint at or before `offset` on the line starting at `start`, else the
    /// line start itself.
    fn base(&self, start: usize, offset: usize) -> Checkpoint {
        let i = self.checkpoints.partition_point(|c| c.at <= offset);
        match i.checked_sub(1).map(|i| self.checkpoints[i]) {
            Some(c) if c.at >= start => c,
            _ => Checkpoint {
                at: start,
                utf16: 0,
                chars: 0,
            },
        }
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
        let base = self.base(start, offset);
        let (extra, _) = self.substituted(start, offset);
        let col = base.utf16 + text[base.at..offset].encode_utf16().count() as u32 + extra;
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
        // Start from the last checkpoint of the line whose column (in the file's units) is
        // before the one asked for.
        let lo = self.checkpoints.partition_point(|c| c.at < start);
        let hi = self.checkpoints.partition_point(|c| c.at <= end);
        let file_units = |c: &Checkpoint| c.utf16 + self.substituted(start, c.at).0;
        let line_checkpoints = &self.checkpoints[lo..hi.max(lo)];
        let k = line_checkpoints.partition_point(|c| file_units(c) < pos.col);
        let (from, mut units) = match k.checked_sub(1).map(|k| &line_checkpoints[k]) {
            Some(c) => (c.at, file_units(c)),
            None => (start, 0),
        };
        let mut shifts = self.substitutions_in(from, end).iter().peekable();
        for (i, ch) in text[from..end].char_indices() {
            while let Some(s) = shifts.next_if(|s| s.after <= from + i) {
                units += u32::from(s.utf16);
            }
            if units >= pos.col {
                return from + i;
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
        let base = self.base(start, offset);
        let (_, extra) = self.substituted(start, offset);
        (
            line as usize + 1,
            base.chars as usize + text[base.at..offset].chars().count() + extra as usize + 1,
        )
    }
}

/// Appends the checkpoints of `line` (which starts at byte `start` of the text): one every
/// [`CHECKPOINT_BYTES`] or so, on character boundaries.
fn line_checkpoints(line: &str, start: usize, out: &mut Vec<Checkpoint>) {
    let (mut utf16, mut chars, mut next) = (0u32, 0u32, CHECKPOINT_BYTES);
    for (i, ch) in line.char_indices() {
        if i >= next {
            out.push(Checkpoint {
                at: start + i,
                utf16,
                chars,
            });
            next = i + CHECKPOINT_BYTES;
        }
        utf16 += ch.len_utf16() as u32;
        chars += 1;
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

    /// Columns of a file that is one long line (the checkpoints) equal those counted from
    /// the line start, with multi-byte characters, substituted references and later lines.
    #[test]
    fn columns_of_a_long_line_equal_those_counted_from_its_start() {
        let sentence = "See § 20-871(b) and “§ 5-301” 😀 of the Code; ";
        let text = format!(
            "{}\nshort line\n{}",
            sentence.repeat(400),
            sentence.repeat(90)
        );
        // Every `§` of the view stands for `&#167;` in the file (five more units each).
        let substitutions: Vec<Substitution> = text
            .match_indices('§')
            .map(|(at, s)| Substitution {
                after: at + s.len(),
                utf16: 5,
                chars: 5,
            })
            .collect();
        let index = LineIndex::with_substitutions(&text, &substitutions);
        let naive = |offset: usize| {
            let line = text[..offset].matches('\n').count() as u32;
            let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
            let extra = substitutions
                .iter()
                .filter(|s| s.after > start && s.after <= offset)
                .count() as u32
                * 5;
            let col = text[start..offset].encode_utf16().count() as u32 + extra;
            let chars = text[start..offset].chars().count() + extra as usize + 1;
            (LineCol { line, col }, (line as usize + 1, chars))
        };
        let mut checked = 0;
        for (offset, _) in text.char_indices().step_by(7) {
            let (pos, one_based) = naive(offset);
            assert_eq!(index.to_utf16(&text, offset), pos, "offset {offset}");
            assert_eq!(index.to_line_col_1based(&text, offset), one_based);
            // A `§` position maps back to the start of its reference.
            assert_eq!(index.from_utf16(&text, pos), offset, "position {pos:?}");
            checked += 1;
        }
        assert!(checked > 2_000);
        assert!(
            index.checkpoints.len() > 5,
            "the long lines have checkpoints"
        );
    }
}
