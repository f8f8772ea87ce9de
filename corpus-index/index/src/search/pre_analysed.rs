//! Analysed text handed to tantivy as a plain string, and the tokenizer that reads it back.
//!
//! lexls analyses a chunk's text in parallel ([`super::analysis::Analysis::analysed`]) and
//! the index writer only records postings. tantivy's own way of taking tokens made elsewhere
//! (`PreTokenizedString` in a `TantivyDocument`) writes every token to JSON in the document
//! and parses it back in the writer's thread: about a tenth of the CPU of indexing the D.C.
//! Code (perf, 2026-11-28). Here the tokens travel as one string instead, [`encode`]d, and
//! the field's tokenizer ([`PreAnalysed`]) splits it on spaces, so the index holds the same
//! terms at the same positions as before.
//!
//! The encoding: the terms in order, one space between two items, where an item is
//! - a term, at the position after the last one;
//! - `\u{1}` and a term: an alternative term at the last position (a section number written
//!   whole beside its parts, a hyphenated word written solid);
//! - nothing (two spaces in a row, or a leading space): a position skipped (a stop word).
//!
//! Analysed terms hold no spaces (the analysis splits on them); a space in a term would
//! split it, so [`encode`] writes it as `_`.

use tantivy::tokenizer::{Token, TokenStream, Tokenizer};

/// Marks an alternative term: one at the position of the term before it.
const ALTERNATIVE: char = '\u{1}';

/// The string of analysed `tokens` (in order, alternatives after the term whose position they
/// share) that [`PreAnalysed`] reads back into the same terms and positions. Empty terms are
/// left out (the index would hold an empty term).
pub fn encode(tokens: &[Token]) -> String {
    let mut out = String::with_capacity(tokens.iter().map(|t| t.text.len() + 2).sum());
    // The position the next plain term takes.
    let mut next = 0usize;
    let mut last: Option<usize> = None;
    let mut first = true;
    let mut item = |out: &mut String| {
        if !std::mem::take(&mut first) {
            out.push(' ');
        }
    };
    for t in tokens.iter().filter(|t| !t.text.is_empty()) {
        if last == Some(t.position) {
            item(&mut out);
            out.push(ALTERNATIVE);
        } else {
            // Positions skipped before this one (the first term may not be at 0).
            for _ in next..t.position {
                item(&mut out);
            }
            item(&mut out);
            next = t.position + 1;
            last = Some(t.position);
        }
        if t.text.contains([' ', ALTERNATIVE]) {
            out.extend(
                t.text
                    .chars()
                    .map(|c| if c == ' ' || c == ALTERNATIVE { '_' } else { c }),
            );
        } else {
            out.push_str(&t.text);
        }
    }
    out
}

/// The tokenizer of [`encode`]d text: each term at its position, byte offsets into the
/// encoded string.
#[derive(Clone, Debug, Default)]
pub struct PreAnalysed {
    token: Token,
}

impl Tokenizer for PreAnalysed {
    type TokenStream<'a> = PreAnalysedStream<'a>;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> PreAnalysedStream<'a> {
        self.token.reset();
        PreAnalysedStream {
            text,
            at: 0,
            next: 0,
            token: &mut self.token,
        }
    }
}

/// The terms of one encoded string ([`PreAnalysed`]).
#[derive(Debug)]
pub struct PreAnalysedStream<'a> {
    text: &'a str,
    /// Byte offset of the next item.
    at: usize,
    /// The position the next plain term takes.
    next: usize,
    token: &'a mut Token,
}

impl TokenStream for PreAnalysedStream<'_> {
    fn advance(&mut self) -> bool {
        while self.at <= self.text.len() {
            let start = self.at;
            let end = self.text[start..]
                .find(' ')
                .map_or(self.text.len(), |i| start + i);
            self.at = end + 1;
            let item = &self.text[start..end];
            if item.is_empty() {
                if end < self.text.len() {
                    self.next += 1; // a skipped position
                }
                continue;
            }
            let (term, from, position) = match item.strip_prefix(ALTERNATIVE) {
                Some(term) => (
                    term,
                    start + ALTERNATIVE.len_utf8(),
                    self.next.saturating_sub(1),
                ),
                None => {
                    self.next += 1;
                    (item, start, self.next - 1)
                }
            };
            self.token.text.clear();
            self.token.text.push_str(term);
            self.token.offset_from = from;
            self.token.offset_to = end;
            self.token.position = position;
            self.token.position_length = 1;
            return true;
        }
        false
    }

    fn token(&self) -> &Token {
        self.token
    }

    fn token_mut(&mut self) -> &mut Token {
        self.token
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::analysis::Analysis;

    fn decoded(encoded: &str) -> Vec<(String, usize)> {
        let mut tokenizer = PreAnalysed::default();
        let mut stream = tokenizer.token_stream(encoded);
        let mut out = Vec::new();
        while stream.advance() {
            out.push((stream.token().text.clone(), stream.token().position));
        }
        out
    }

    /// Every term of the analysis comes back at its position: stop words skipped (at the start
    /// too), a section number's whole form and a hyphenated word's solid form beside their
    /// parts.
    #[test]
    fn the_analysed_terms_of_real_text_come_back_at_their_positions() {
        for text in [
            "The Mayor shall, pursuant to D.C. Official Code § 2-505(a)(1), publish the notice.",
            "(a) A covered entity shall not use an automated employment decision tool.",
            "Article 6(1)(a) of Regulation (EU) 2016/679; non-discrimination and \
             decision-making under section 20-871 through 20-873.",
            "of the and to",
            "",
        ] {
            for analysis in Analysis::ALL {
                let tokens = analysis.analysed(text);
                let want: Vec<(String, usize)> = tokens
                    .iter()
                    .map(|t| (t.text.clone(), t.position))
                    .collect();
                assert_eq!(decoded(&encode(&tokens)), want, "{analysis:?}: {text}");
            }
        }
    }

    #[test]
    fn a_space_in_a_term_does_not_split_it() {
        let token = |text: &str, position| Token {
            text: text.into(),
            position,
            ..Token::default()
        };
        let tokens = [token("a b", 2), token("c", 2), token("", 3), token("d", 5)];
        assert_eq!(
            decoded(&encode(&tokens)),
            [("a_b".into(), 2), ("c".into(), 2), ("d".into(), 5)]
        );
    }
}
