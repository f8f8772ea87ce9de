//! Pseudo-queries for the label-free calibration of the fusion weight
//! ([`lexls_index::search::calibrate`]) from the workspace's own citations: the sentence
//! around a citation that resolves to a section of another provision, the citations taken
//! out, asks for the cited section ("providers of high-risk AI systems shall ensure that
//! their systems comply with the requirements set out in …" → the article of those
//! requirements). The citing section holds the sentence verbatim and is left out of the
//! ranking. Without enough such sentences (fewer than [`MIN_CITING`]), the sections'
//! headings are the pseudo-queries ([`calibrate::pseudo_queries`]).

use std::collections::{HashMap, HashSet};
use std::ops::Range;

use lexls_index::search::SearchIndex;
use lexls_index::search::calibrate::{self, MAX_PSEUDO_QUERIES, PseudoQuery};
use lexls_index::search::chunk::ChunkLevel;
use lexls_index::search::query::{QuestionWords, searched_terms};
use lexls_index::workspace::Snapshot;

/// Citing sentences needed to calibrate on them rather than on headings.
pub const MIN_CITING: usize = 20;

/// Searched terms a citing sentence needs, its citations taken out.
pub const MIN_SENTENCE_TERMS: usize = 4;

/// Words a citing sentence keeps at most (a longer one is cut around the citation).
const MAX_SENTENCE_WORDS: usize = 60;

/// The workspace's pseudo-queries: citing sentences when there are at least
/// [`MIN_CITING`], else headings; at most [`MAX_PSEUDO_QUERIES`], taken evenly.
pub fn pseudo_queries(snap: &Snapshot, index: &SearchIndex) -> Vec<PseudoQuery> {
    let citing = citing_sentences(snap, index);
    if citing.len() >= MIN_CITING {
        citing
    } else {
        calibrate::pseudo_queries(index)
    }
}

/// The citing-sentence pseudo-queries of the workspace (see the module's documentation).
pub fn citing_sentences(snap: &Snapshot, index: &SearchIndex) -> Vec<PseudoQuery> {
    let mut section_chunk: HashMap<(&str, usize), usize> = HashMap::new();
    for (i, c) in index.chunks.iter().enumerate() {
        if c.level == ChunkLevel::Parent
            && let Some(p) = c.provision
        {
            section_chunk.entry((c.rel_path(), p)).or_insert(i);
        }
    }
    let question_words = QuestionWords::of(index.bm25.analysis());
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for (d, doc) in snap.docs.iter().enumerate() {
        let Some(resolutions) = snap.resolutions.get(d) else {
            continue;
        };
        let spans: Vec<Range<usize>> = doc.citations.iter().map(|c| c.group.clone()).collect();
        for (i, cite) in doc.citations.iter().enumerate() {
            let Some(target) = resolutions.get(i).and_then(|r| r.target()) else {
                continue;
            };
            let Some(target_doc) = snap.docs.get(target.doc) else {
                continue;
            };
            let target_section = target_doc.section_of(target.provision);
            let Some(&wanted) = section_chunk.get(&(target_doc.rel_path.as_str(), target_section))
            else {
                continue;
            };
            let Some(own) = doc.provision_at(cite.span.start).map(|p| doc.section_of(p)) else {
                continue;
            };
            let from = section_chunk.get(&(doc.rel_path.as_str(), own)).copied();
            if from == Some(wanted) {
                continue;
            }
            let text = sentence_without_citations(&doc.text, cite.group.clone(), &spans);
            let terms = searched_terms(&index.bm25.terms(&text), question_words);
            if terms.len() < MIN_SENTENCE_TERMS || !seen.insert(text.clone()) {
                continue;
            }
            out.push(PseudoQuery {
                text,
                section: wanted,
                exclude: from,
            });
        }
    }
    calibrate::evenly(out, MAX_PSEUDO_QUERIES)
}

/// The sentence of `text` around the citation phrase `span` (bounded by a full stop, semicolon or colon before
/// a space, or a blank line), every citation phrase of `citations` (their `group` spans) inside it blanked, whitespace
/// collapsed, cut to [`MAX_SENTENCE_WORDS`] words around the citation.
fn sentence_without_citations(
    text: &str,
    span: Range<usize>,
    citations: &[Range<usize>],
) -> String {
    let bytes = text.as_bytes();
    let is_end = |i: usize| -> bool {
        matches!(bytes.get(i), Some(b'.' | b';' | b':'))
            && bytes.get(i + 1).is_none_or(|b| b.is_ascii_whitespace())
            || (bytes.get(i) == Some(&b'\n') && bytes.get(i + 1) == Some(&b'\n'))
    };
    let mut start = span.start.min(text.len());
    while start > 0 && !is_end(start - 1) {
        start -= 1;
    }
    let mut end = span.end.min(text.len());
    while end < text.len() && !is_end(end) {
        end += 1;
    }
    while !text.is_char_boundary(start) {
        start += 1;
    }
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    // The citations inside the sentence, overlapping ones merged (a citation and the
    // parts the extractor also reports).
    let mut inside: Vec<Range<usize>> = citations
        .iter()
        .filter(|c| {
            c.start >= start
                && c.end <= end
                && text.is_char_boundary(c.start)
                && text.is_char_boundary(c.end)
        })
        .cloned()
        .collect();
    inside.sort_by_key(|c| (c.start, c.end));
    let mut merged: Vec<Range<usize>> = Vec::new();
    for c in inside {
        match merged.last_mut() {
            Some(last) if c.start <= last.end => last.end = last.end.max(c.end),
            _ => merged.push(c),
        }
    }
    let mut sentence = String::with_capacity(end.saturating_sub(start));
    let mut at = start;
    let mut cite_word = 0usize;
    for c in merged {
        sentence.push_str(&text[at..c.start]);
        if c.contains(&span.start) {
            cite_word = sentence.split_whitespace().count();
        }
        sentence.push(' ');
        at = c.end;
    }
    sentence.push_str(&text[at..end]);
    let words: Vec<&str> = sentence.split_whitespace().collect();
    let from = cite_word.saturating_sub(MAX_SENTENCE_WORDS / 2);
    let to = (from + MAX_SENTENCE_WORDS).min(words.len());
    words[from.min(to)..to].join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_citing_sentence_loses_its_citations_and_keeps_its_words() {
        // NYC Admin. Code § 20-872(c).
        let text = "c. Failure to provide any notice to a candidate or an employee in violation of \
                    paragraphs 1, 2 or 3 of subdivision b of section 20-871 shall constitute a \
                    separate violation.\n\nd. A proceeding";
        let cites = lexls_syntax::citation::extract(text);
        let spans: Vec<Range<usize>> = cites.iter().map(|c| c.group.clone()).collect();
        let first = spans.first().cloned().expect("a citation");
        let s = sentence_without_citations(text, first, &spans);
        assert!(s.starts_with("Failure to provide any notice"), "{s}");
        assert!(!s.contains("20-871"), "{s}");
        assert!(s.ends_with("shall constitute a separate violation"), "{s}");
    }
}
