//! Quoted text of amendments in plain text, Markdown and HTML: the text another law is
//! amended to hold, which cites that law's provisions, not those of the text quoting it.
//!
//! The grammar is that of amendatory language (the Federal Register's Document Drafting
//! Handbook, ch. 2, "amendatory instructions"; the House Legislative Counsel's Manual on
//! amendments; the EU Joint Practical Guide, guideline 18, and the Official Journal's
//! amending provisions):
//!
//! - a *block*: an amendatory instruction ending in a colon (`… is amended to read as
//!   follows:`, `… the following paragraph is added:`, `… is replaced by the following:`),
//!   then the new text between quotation marks, one or several paragraphs, the last ending
//!   with the closing mark (`’;`, `”.`);
//! - *inline* words: `by striking “section 5” and inserting “section 6”`, `by removing the
//!   words "X" and adding in their place "Y"`, `the words ‘Article 3’ are replaced by
//!   ‘Article 4’`: every quotation of the instruction's sentence;
//! - in Markdown, a block quote (`> …`) quotes another text.
//!
//! Markup formats mark quoted text themselves (USLM `<quotedContent>`, Akoma Ntoso
//! `<quotedStructure>`); these spans are for text that does not.

use std::ops::Range;

/// The longest quoted block read, in bytes: an amended section is rarely longer, and an
/// unclosed quotation must not swallow the rest of a file.
const MAX_BLOCK: usize = 64 * 1024;

/// How far after an amendatory verb its quoted words may start, in bytes.
const INLINE_REACH: usize = 160;

/// Words of an amendatory instruction (lower case). A colon ending a sentence that holds one
/// opens a quoted block.
const AMENDATORY: &[&str] = &[
    "amend",
    "read as follows",
    "to read:",
    "insert",
    "add",
    "replace",
    "substitut",
    "strik",
    "redesignat",
    "delet",
    "remov",
    "revis",
];

/// Verbs and phrases that take their words in quotation marks (`striking “…”`).
const INLINE: &[&str] = &[
    "striking",
    "strike",
    "inserting",
    "insert",
    "substituting",
    "adding",
    "removing",
    "deleting",
    "the words",
    "the word",
    "replaced by",
    "replacing",
    "in its place",
    "in their place",
];

fn is_open(c: char) -> bool {
    matches!(c, '“' | '‘' | '"' | '«' | '„')
}

fn is_close(c: char) -> bool {
    matches!(c, '”' | '’' | '"' | '»' | '“')
}

/// The spans of quoted amendment text (and Markdown block quotes when `markdown`), sorted
/// and disjoint, as byte ranges of `text`.
pub fn quoted_spans(text: &str, markdown: bool) -> Vec<Range<usize>> {
    let mut spans = Vec::new();
    if markdown {
        spans.extend(block_quotes(text));
    }
    spans.extend(amendment_blocks(text));
    spans.extend(inline_quotes(text));
    merge(spans)
}

/// Markdown block quotes: runs of lines starting (after at most three spaces) with `>`.
fn block_quotes(text: &str) -> Vec<Range<usize>> {
    let mut out: Vec<Range<usize>> = Vec::new();
    let mut pos = 0;
    for line in text.split_inclusive('\n') {
        let start = pos;
        pos += line.len();
        let indent = line.len() - line.trim_start_matches(' ').len();
        if indent <= 3 && line[indent..].starts_with('>') {
            match out.last_mut() {
                Some(last) if last.end == start => last.end = pos,
                _ => out.push(start..pos),
            }
        }
    }
    out
}

/// The start of the sentence holding byte `at`: after the last `. `, `; ` or blank line
/// before it (at most 400 bytes back).
fn sentence_start(text: &str, at: usize) -> usize {
    let mut lo = at.saturating_sub(400);
    while !text.is_char_boundary(lo) {
        lo += 1;
    }
    let before = &text[lo..at];
    let cut = [". ", ".\n", "; ", ";\n", "\n\n", "\n \n"]
        .iter()
        .filter_map(|p| before.rfind(p).map(|i| i + p.len()))
        .max()
        .unwrap_or(0);
    lo + cut
}

/// Blocks of quoted text after an amendatory instruction's colon.
fn amendment_blocks(text: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = text[from..].find(':') {
        let colon = from + i;
        from = colon + 1;
        let rest = &text[from..];
        let skipped = rest.len() - rest.trim_start().len();
        let open = from + skipped;
        if !text[open..].starts_with(is_open) {
            continue;
        }
        let sentence = text[sentence_start(text, colon)..colon].to_ascii_lowercase();
        if !AMENDATORY.iter().any(|w| sentence.contains(w)) {
            continue;
        }
        let end = block_end(text, open);
        out.push(open..end);
        from = end.max(from);
    }
    out
}

/// Where a quoted block opened at `open` ends: after the first closing mark that ends a
/// line (`’;`, `”.`, then the line break), else at the end of the paragraph.
fn block_end(text: &str, open: usize) -> usize {
    let mut limit = (open + MAX_BLOCK).min(text.len());
    while !text.is_char_boundary(limit) {
        limit -= 1;
    }
    let block = &text[open..limit];
    for (i, c) in block.char_indices().skip(1) {
        if !is_close(c) {
            continue;
        }
        let after = &block[i + c.len_utf8()..];
        let tail = after.trim_start_matches(['.', ';', ',', ')', ' ', '\t', '\r', '\u{a0}']);
        if tail.is_empty() || tail.starts_with('\n') {
            return open + i + c.len_utf8();
        }
    }
    // Unclosed: to the end of the paragraph.
    block.find("\n\n").map_or(limit, |i| open + i).max(open + 1)
}

/// Quotations in the sentence of an amendatory verb that takes quoted words.
fn inline_quotes(text: &str) -> Vec<Range<usize>> {
    let lower = text.to_ascii_lowercase();
    let mut out = Vec::new();
    for verb in INLINE {
        let mut from = 0;
        while let Some(i) = lower[from..].find(verb) {
            let at = from + i;
            from = at + verb.len();
            // Whole words only (`adding`, not `padding`).
            let before_ok = text[..at]
                .chars()
                .next_back()
                .is_none_or(|c| !c.is_alphanumeric());
            if !before_ok {
                continue;
            }
            let mut pos = from;
            while let Some(q) = next_quotation(text, pos) {
                out.push(q.clone());
                pos = q.end;
            }
        }
    }
    out
}

/// The next quotation starting within [`INLINE_REACH`] bytes of `from` in the same
/// sentence, as the span between its marks (marks included).
fn next_quotation(text: &str, from: usize) -> Option<Range<usize>> {
    let mut reach = (from + INLINE_REACH).min(text.len());
    while !text.is_char_boundary(reach) {
        reach += 1;
    }
    let window = &text[from..reach];
    let mut open = None;
    let mut prev = text[..from].chars().next_back();
    for (i, c) in window.char_indices() {
        if is_open(c) && prev.is_none_or(|p| !p.is_alphanumeric()) {
            open = Some(from + i);
            break;
        }
        // The sentence ends before any quotation.
        if (c == '.' || c == ';')
            && window[i + 1..]
                .chars()
                .next()
                .is_none_or(char::is_whitespace)
        {
            return None;
        }
        if c == '\n'
            && window[i + 1..]
                .trim_start_matches([' ', '\t', '\r'])
                .starts_with('\n')
        {
            return None;
        }
        prev = Some(c);
    }
    let open = open?;
    let mark = text[open..].chars().next()?;
    let body_start = open + mark.len_utf8();
    let mut limit = (body_start + 2048).min(text.len());
    while !text.is_char_boundary(limit) {
        limit -= 1;
    }
    let body = &text[body_start..limit];
    for (i, c) in body.char_indices() {
        if c == '\n'
            && body[i + 1..]
                .trim_start_matches([' ', '\t', '\r'])
                .starts_with('\n')
        {
            return None;
        }
        let next = body[i + c.len_utf8()..].chars().next();
        if is_close(c) && next.is_none_or(|n| !n.is_alphanumeric()) {
            return Some(open..body_start + i + c.len_utf8());
        }
    }
    None
}

/// Sorted, overlapping or touching spans joined.
fn merge(mut spans: Vec<Range<usize>>) -> Vec<Range<usize>> {
    spans.sort_by_key(|s| (s.start, s.end));
    let mut out: Vec<Range<usize>> = Vec::with_capacity(spans.len());
    for s in spans {
        match out.last_mut() {
            Some(last) if s.start <= last.end => last.end = last.end.max(s.end),
            _ => out.push(s),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quoted(text: &str, markdown: bool) -> Vec<&str> {
        quoted_spans(text, markdown)
            .into_iter()
            .map(|r| &text[r])
            .collect()
    }

    /// Class: an EU amending provision (Regulation (EU) 2024/1689, Article 104), a block.
    #[test]
    fn an_added_paragraph_of_an_eu_act_is_quoted() {
        let text = "In Article 8 of Directive 2014/90/EU, the following paragraph is added:\n\n    \
                    ‘5.   For Artificial Intelligence systems …, when carrying out its activities \
                    pursuant to paragraph 1 …, the Commission shall take into account the \
                    requirements set out in Chapter III, Section 2, of that Regulation.’\n;\nArticle 105\n";
        let q = quoted(text, false);
        assert_eq!(q.len(), 1);
        assert!(q[0].starts_with("‘5."));
        assert!(q[0].ends_with("Regulation.’"));
    }

    /// Class: a U.S. amendatory instruction `to read as follows:` over several paragraphs,
    /// each opening with a mark and only the last closing (House Legislative Counsel's Manual).
    #[test]
    fn a_section_amended_to_read_as_follows_is_quoted_to_its_last_paragraph() {
        let text = "Section 3 is amended to read as follows:\n“(a) In general.—See section 12.\n\
                    “(b) Exception.—Section 14 applies.”.\nSec. 4. Other.";
        let q = quoted(text, false);
        assert_eq!(
            q,
            vec!["“(a) In general.—See section 12.\n“(b) Exception.—Section 14 applies.”"]
        );
    }

    /// Class: inline words of a striking-and-inserting instruction.
    #[test]
    fn struck_and_inserted_words_are_quoted() {
        let text = "Section 5 is amended by striking \"section 671 of this title\" and \
                    inserting \"section 1671 of this title\". Section 9 applies.";
        assert_eq!(
            quoted(text, false),
            vec![
                "\"section 671 of this title\"",
                "\"section 1671 of this title\""
            ]
        );
        // Quotation marks in a sentence without an amendatory verb quote nothing.
        assert!(quoted("The term “covered section” means section 4.", false).is_empty());
    }

    /// Class: a Markdown block quote; an apostrophe is not a closing mark.
    #[test]
    fn block_quotes_are_quoted_in_markdown_only() {
        let text = "Intro.\n> Section 4 of the Act says so.\n> More.\nAfter.\n";
        assert_eq!(
            quoted(text, true),
            vec!["> Section 4 of the Act says so.\n> More.\n"]
        );
        assert!(quoted(text, false).is_empty());
    }
}
