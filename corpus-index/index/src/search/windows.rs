//! Windows of a chunk sized to the embedding model: all-MiniLM-L6-v2 reads 256 word pieces
//! (two of them `[CLS]` and `[SEP]`) and drops the rest, so a long section's later
//! subsections would never reach the dense index. A chunk is embedded as overlapping windows
//! that each fit the model, every window after the first prefixed with the chunk's ancestry
//! (`NYC Admin. Code > § 20-871`) so it keeps its context; the dense score of a chunk is that
//! of its best window ([`super::dense::DenseIndex::search`]).
//!
//! Windows are counted in the model's own word pieces when the embedder exposes its tokenizer
//! ([`super::dense::Embedder::piece_offsets`]); otherwise in whitespace-separated words, with
//! a conservative budget ([`PROXY_WORDS`]: legal prose runs about 1.35 pieces a word, more
//! with section numbers and citations).

use std::ops::Range;

/// Word pieces the model reads, special tokens included (all-MiniLM-L6-v2: 256).
pub const MODEL_PIECES: usize = 256;
/// Word pieces of a window's text: the model's length less `[CLS]` and `[SEP]`.
pub const WINDOW_PIECES: usize = MODEL_PIECES - 2;
/// Words per window when the pieces cannot be counted (about 200 pieces of legal prose).
pub const PROXY_WORDS: usize = 150;
/// The least a window holds of the chunk's own text, however long its context prefix.
const MIN_BODY_UNITS: usize = 64;
/// Windows overlap by a quarter: a sentence cut by one window's end is whole in the next.
const OVERLAP_DIVISOR: usize = 4;
/// The most windows a chunk gets (memory stays bounded: at 384 dimensions, 48 KiB a
/// chunk); text past the last window is not embedded.
pub const MAX_WINDOWS: usize = 32;

/// The units windows are counted in: byte ranges of word pieces (from the model's
/// tokenizer) or of whitespace-separated words.
fn words(text: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                out.push(s..i);
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push(s..text.len());
    }
    out
}

/// The texts to embed for a chunk whose indexed text is `text` and ancestry `context`:
/// `text` itself when it fits the model, else up to [`MAX_WINDOWS`] overlapping windows.
///
/// `pieces` are the byte ranges of `text`'s word pieces as the model's tokenizer cuts them
/// (without special tokens), and `context_pieces` the number of pieces of `context`; `None`
/// counts whitespace-separated words against [`PROXY_WORDS`] instead. Ranges that do not
/// fall on character boundaries of `text` fall back to words.
pub fn windows(
    text: &str,
    context: &str,
    pieces: Option<(Vec<Range<usize>>, usize)>,
) -> Vec<String> {
    let valid = |units: &[Range<usize>]| {
        units
            .iter()
            .all(|r| r.start < r.end && text.get(r.clone()).is_some())
    };
    let (units, budget, context_units) = match pieces {
        Some((units, context_pieces)) if valid(&units) => (units, WINDOW_PIECES, context_pieces),
        _ => (words(text), PROXY_WORDS, context.split_whitespace().count()),
    };
    if units.len() <= budget {
        return vec![text.to_string()];
    }
    // Later windows carry the context prefix and one separator unit.
    let later = budget.saturating_sub(context_units + 1).max(MIN_BODY_UNITS);
    let mut out = Vec::new();
    let mut start = 0;
    let mut size = budget;
    while start < units.len() && out.len() < MAX_WINDOWS {
        let end = (start + size).min(units.len());
        let bytes = if start == 0 { 0 } else { units[start].start }..units[end - 1].end;
        let body = text.get(bytes).unwrap_or_default();
        out.push(if start == 0 || context.is_empty() {
            body.to_string()
        } else {
            format!("{context} … {body}")
        });
        if end == units.len() {
            break;
        }
        size = later;
        start = end - (size / OVERLAP_DIVISOR).min(end - start - 1);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_text_is_its_own_window() {
        let text =
            "NYC Admin. Code > § 20-871 Requirements for automated employment decision tools.";
        assert_eq!(
            windows(text, "NYC Admin. Code > § 20-871", None),
            vec![text]
        );
    }

    #[test]
    fn a_long_text_is_cut_into_overlapping_windows_with_context() {
        // Word-count proxy: 400 words give three windows of at most PROXY_WORDS words.
        let text: String = (0..400).map(|i| format!("w{i} ")).collect();
        let out = windows(&text, "Title 26 > § 152", None);
        assert!(out.len() >= 3, "{}", out.len());
        assert!(out[0].starts_with("w0 "));
        assert!(out[1].starts_with("Title 26 > § 152 … "));
        assert!(out.last().is_some_and(|w| w.ends_with("w399")));
        for w in &out {
            assert!(w.split_whitespace().count() <= PROXY_WORDS, "{w}");
        }
        // Neighbouring windows share words.
        let last_of_first = out[0].split_whitespace().last().unwrap_or_default();
        assert!(out[1].split_whitespace().any(|w| w == last_of_first));
    }

    #[test]
    fn pieces_not_on_character_boundaries_fall_back_to_words() {
        let text = "§ ".repeat(10);
        let out = windows(&text, "", Some((std::iter::once(1..2).collect(), 0)));
        assert_eq!(out, vec![text]);
    }
}
