//! The extractive composer: the sentences of the best sources that best match the question,
//! quoted, each with the citation of the provision it comes from.
//!
//! Sentences are scored by the summed BM25 inverse document frequency of the question's
//! analysed terms they contain, lightly normalised by length and discounted by the rank of
//! their source.

use std::collections::HashSet;
use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;

use super::retrieve::Candidate;
use lexls_index::resolve::{DocId, Resolution};
use lexls_index::workspace::Snapshot;
use lexls_syntax::model::{Document, ProvisionId};

/// Longest quote, in bytes.
const QUOTE_MAX: usize = 420;

/// A quoted sentence.
#[derive(Debug, Clone, PartialEq)]
pub struct Quote {
    /// Index of its source in the candidate list.
    pub source: usize,
    /// The document.
    pub doc: DocId,
    /// The innermost provision containing it.
    pub provision: Option<ProvisionId>,
    /// Its span in the document text.
    pub span: Range<usize>,
    /// The sentence, whitespace collapsed and leading labels removed.
    pub text: String,
    /// Its score.
    pub score: f32,
}

static LEADING_LABEL: LazyLock<Regex> = LazyLock::new(|| {
    #[allow(clippy::expect_used)]
    Regex::new(r"^(?:\s*(?:\([0-9a-zA-Z]{1,4}\)|[0-9]{1,3}\.|[a-z]{1,2}\.|[ivx]{1,5}\.)\s+)+")
        .expect("static regex compiles")
});
static LABEL_AT_LINE_START: LazyLock<Regex> = LazyLock::new(|| {
    #[allow(clippy::expect_used)]
    Regex::new(r"^\n[ \t]*(?:\([0-9a-zA-Z]{1,4}\)|[0-9]{1,3}\.|[a-z]{1,2}\.|[ivx]{1,5}\.)[ \t]")
        .expect("static regex compiles")
});

const ABBREVIATIONS: &[&str] = &[
    "e.g", "i.e", "etc", "no", "nos", "art", "arts", "sec", "secs", "para", "u.s", "u.s.c",
    "c.f.r", "admin", "v", "vs", "inc", "corp", "co", "ltd", "st", "dr", "mr", "ms", "mrs", "p",
    "pp", "al", "l.l", "n.y", "n.y.c", "stat", "pub", "fed", "reg", "ch", "subch", "cf",
];

/// Byte ranges of the sentences of `text[span]`: split after `.`, `;` or `:` before an
/// upper-case letter, a quote or a parenthesis (not after abbreviations), at blank lines,
/// and before a line that opens with a subsection label.
pub fn sentences(text: &str, span: Range<usize>) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let slice = &text[span.clone()];
    let bytes = slice.as_bytes();
    let mut start = 0usize;
    let mut i = 0usize;
    let push = |out: &mut Vec<Range<usize>>, s: usize, e: usize| {
        let piece = &slice[s..e];
        let lead = piece.len() - piece.trim_start().len();
        let trail = piece.trim_end().len();
        if trail > lead {
            out.push(span.start + s + lead..span.start + s + trail);
        }
    };
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'\n' {
            let blank = slice[i + 1..].starts_with('\n')
                || slice[i + 1..]
                    .trim_start_matches([' ', '\t'])
                    .starts_with('\n');
            if blank || LABEL_AT_LINE_START.is_match(&slice[i..]) {
                push(&mut out, start, i);
                start = i + 1;
            }
        } else if matches!(b, b'.' | b';' | b':') {
            let rest = &slice[i + 1..];
            let after = rest.trim_start_matches([' ', '\t', '\n', '\r']);
            let gap = rest.len() - after.len();
            let next_ok =
                after.starts_with(|c: char| c.is_uppercase() || matches!(c, '(' | '“' | '"'));
            if gap > 0 && next_ok && !(b == b'.' && ends_with_abbreviation(&slice[start..i])) {
                push(&mut out, start, i + 1);
                start = i + 1;
            }
        }
        i += 1;
    }
    push(&mut out, start, slice.len());
    out
}

fn ends_with_abbreviation(before: &str) -> bool {
    let word = before
        .rsplit(|c: char| c.is_whitespace() || c == '(')
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    word.len() == 1 || ABBREVIATIONS.contains(&word.as_str())
}

/// The sentence text as quoted: whitespace collapsed, leading labels removed.
pub fn clean_sentence(raw: &str) -> String {
    let flat = raw.split_whitespace().collect::<Vec<_>>().join(" ");
    LEADING_LABEL.replace(&flat, "").trim().to_string()
}

fn quotable(text: &str) -> bool {
    let words = text.split_whitespace().count();
    let letters = text.chars().filter(|c| c.is_alphabetic()).count();
    let visible = text.chars().filter(|c| !c.is_whitespace()).count().max(1);
    words >= 6
        && letters * 10 >= visible * 6
        && !text.starts_with('#')
        && !text.starts_with("<!--")
        && !text.starts_with("---")
}

/// Picks up to `max` quotes from the candidates' sections, at most two per source.
/// `terms` are the question's analysed terms with their inverse document frequency.
pub fn select_quotes(
    snap: &Snapshot,
    candidates: &[Candidate],
    terms: &[(String, f32)],
    analyze: &dyn Fn(&str) -> Vec<String>,
    max: usize,
) -> Vec<Quote> {
    let mut scored: Vec<Quote> = Vec::new();
    for (rank, cand) in candidates.iter().enumerate() {
        let Some(doc) = snap.docs.get(cand.doc) else {
            continue;
        };
        let span = match cand.section {
            Some(s) => doc.provisions[s].span.clone(),
            None => body_span(doc),
        };
        let prior = 1.0 / (1.0 + 0.25 * rank as f32);
        for s in sentences(&doc.text, span) {
            let text = clean_sentence(&doc.text[s.clone()]);
            if !quotable(&text) {
                continue;
            }
            if cites_unresolved(snap, cand.doc, &s) {
                continue;
            }
            let sentence_terms: HashSet<String> = analyze(&text).into_iter().collect();
            let overlap: f32 = terms
                .iter()
                .filter(|(t, _)| sentence_terms.contains(t))
                .map(|(_, idf)| idf)
                .sum();
            if overlap <= 0.0 {
                continue;
            }
            let provision = doc.provision_at(
                s.start + (doc.text[s.clone()].len() - doc.text[s.clone()].trim_start().len()),
            );
            let cited_boost = if provision
                .is_some_and(|p| cand.cited.iter().any(|&c| doc.lineage(p).contains(&c)))
            {
                1.5
            } else {
                1.0
            };
            let length_norm = (sentence_terms.len().max(4) as f32).powf(0.15);
            scored.push(Quote {
                source: rank,
                doc: cand.doc,
                provision,
                span: s,
                text,
                score: overlap / length_norm * prior * cited_boost,
            });
        }
    }
    scored.sort_by(|a, b| b.score.total_cmp(&a.score));
    let best = scored.first().map_or(0.0, |q| q.score);
    let mut chosen: Vec<Quote> = Vec::new();
    for q in scored {
        if chosen.len() >= max || q.score < best * 0.45 {
            break;
        }
        if chosen.iter().filter(|c| c.source == q.source).count() >= 2
            || chosen.iter().any(|c| c.text == q.text)
        {
            continue;
        }
        chosen.push(q);
    }
    chosen.sort_by_key(|q| (q.source, q.span.start));
    chosen
}

/// Whether the text at `span` of document `doc` holds a citation that does not resolve: a
/// quote must not carry it into an answer.
fn cites_unresolved(snap: &Snapshot, doc: DocId, span: &Range<usize>) -> bool {
    let (Some(d), Some(res)) = (snap.docs.get(doc), snap.resolutions.get(doc)) else {
        return false;
    };
    d.citations.iter().zip(res.iter()).any(|(c, r)| {
        c.span.start >= span.start
            && c.span.start < span.end
            && matches!(
                r,
                Resolution::Unresolved { .. }
                    | Resolution::MissingSubsection { .. }
                    | Resolution::Ambiguous { .. }
            )
    })
}

pub(crate) fn body_span(doc: &Document) -> Range<usize> {
    let (front, _) = lexls_syntax::parse::frontmatter::parse(&doc.text);
    front.body_start.min(doc.text.len())..doc.text.len()
}

/// A quote as shown: `“…”`, cut at a word boundary when long.
pub fn quote_text(text: &str) -> String {
    format!("“{}”", crate::features::excerpt(text, QUOTE_MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_statute_text_into_sentences() {
        let text = "b. Notices required. In the city, any employer shall notify\neach candidate of the following:\n\n1. That an AEDT will be used. Such notice shall be made no less than ten business days before such use; and\n\n2. The job qualifications, e.g. skills.";
        let s: Vec<String> = sentences(text, 0..text.len())
            .into_iter()
            .map(|r| clean_sentence(&text[r]))
            .collect();
        assert_eq!(
            s,
            vec![
                "Notices required.",
                "In the city, any employer shall notify each candidate of the following:",
                "That an AEDT will be used.",
                "Such notice shall be made no less than ten business days before such use; and",
                "The job qualifications, e.g. skills.",
            ]
        );
    }

    #[test]
    fn numeric_table_rows_are_not_quotable() {
        assert!(!quotable(
            "Male 1390 667 48% 1.00 Female 1181 555 47% 0.979"
        ));
        assert!(quotable(
            "Such notice shall be made no less than ten business days before such use"
        ));
    }
}
