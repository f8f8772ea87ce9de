//! Deterministic query rewriting (HyPA-RAG § 4.2 without an LLM): the question's parts
//! (multi-part questions split), its focus (the question without a conversational preamble
//! such as "As a compliance officer, …"), the question with the abbreviations and defined
//! terms of the corpus spelled out ("AEDT" → "automated employment decision tool"), and the
//! question with the provisions it cites pulled out (they become candidates of their own, see
//! [`super::retrieve::cited_candidates`]). Each rewrite is retrieved separately and the
//! rankings are fused; duplicates are dropped.

use std::sync::LazyLock;

use regex::Regex;
use serde::Serialize;

use lexls_syntax::citation;

/// How a rewrite was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RewriteKind {
    /// The question as asked (with the selection, if any).
    Original,
    /// Abbreviations and defined terms spelled out.
    Expanded,
    /// The question without its conversational preamble.
    Focus,
    /// One part of a multi-part question.
    Part,
    /// The question with its citations taken out.
    Uncited,
    /// A reformulation written by the LLM.
    Llm,
}

/// A rewritten query.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Rewrite {
    /// The query text.
    pub text: String,
    /// How it was made.
    pub kind: RewriteKind,
}

#[allow(clippy::expect_used)]
static SENTENCE_END: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"[.?!]+(?:\s+|$)").expect("static regex compiles"));

/// Conjunctions that open a second question: "… and how is it enforced?".
#[allow(clippy::expect_used)]
static SECOND_QUESTION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i),?\s+(?:and|or|as well as|also)\s+(?:how|what|which|when|where|who|whom|whether|why|are|is|do|does|can|must|should)\b",
    )
    .expect("static regex compiles")
});

/// A conversational opening: greetings and "As a …," / "I'm …" statements about the asker.
#[allow(clippy::expect_used)]
static PREAMBLE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)^(?:(?:hi|hello|hey|dear \w+)(?: there)?[!,.]?\s*)?(?:as (?:a|an|the) [^,.?]{1,120},\s*)?",
    )
    .expect("static regex compiles")
});

/// Words that open a question even without its question mark ("Explain the notice rule.").
/// Prepositions that also open questions ("Under what …", "In which …") are not among them:
/// without a question mark, "In 1995 the appellant …" states a fact.
const QUESTION_WORDS: &[&str] = &[
    "what", "which", "how", "when", "where", "who", "whom", "whose", "why", "whether", "is", "are",
    "do", "does", "can", "could", "must", "should", "may", "shall", "please", "explain",
    "describe", "list", "clarify",
];

/// Number of alphanumeric words of `s`.
fn words(s: &str) -> usize {
    s.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .count()
}

/// Number of distinct analysed terms of `text` that are not question words (what BM25
/// would search for, see [`lexls_index::search::query`]).
fn content_terms(text: &str) -> usize {
    use lexls_index::search::{bm25, query};
    query::searched_terms(
        &bm25::analyse(text),
        query::QuestionWords::of(bm25::Analysis::default()),
    )
    .len()
}

/// The sentences of `text` that ask (end in `?` or open with a question word), with a
/// conversational preamble removed; empty when that would leave the text unchanged.
pub fn focus(text: &str) -> Option<String> {
    let mut sentences: Vec<&str> = Vec::new();
    let mut start = 0;
    for m in SENTENCE_END.find_iter(text) {
        sentences.push(text[start..m.end()].trim());
        start = m.end();
    }
    if start < text.len() {
        sentences.push(text[start..].trim());
    }
    // An asking sentence that names nothing ("Can you clarify this for me?") asks about
    // the sentence before it, which is kept with it.
    let mut asking: Vec<&str> = Vec::new();
    for (i, s) in sentences.iter().enumerate() {
        let asks = s.ends_with('?') || {
            let first = s.split_whitespace().next().unwrap_or("").to_lowercase();
            QUESTION_WORDS.contains(&first.trim_matches(|c: char| !c.is_alphanumeric()))
        };
        if !asks {
            continue;
        }
        if i > 0 && content_terms(s) < 2 && asking.last() != Some(&sentences[i - 1]) {
            asking.push(sentences[i - 1]);
        }
        asking.push(s);
    }
    let kept = if asking.is_empty() || asking.len() == sentences.len() {
        text.trim().to_string()
    } else {
        asking.join(" ")
    };
    let stripped = PREAMBLE.replace(&kept, "").trim().to_string();
    let result = if words(&stripped) >= 3 {
        stripped
    } else {
        kept
    };
    (result != text.trim() && words(&result) >= 3).then_some(result)
}

/// The parts of a multi-part question ("What must employers disclose, and how is it
/// enforced?" → two parts); empty when it has one part.
pub fn parts(text: &str) -> Vec<String> {
    let mut pieces: Vec<String> = Vec::new();
    for sentence in text.split_inclusive('?') {
        let mut rest = sentence;
        while let Some(m) = SECOND_QUESTION.find(rest) {
            // The question word opens the second part.
            let opener = rest[m.start()..m.end()]
                .split_whitespace()
                .last()
                .unwrap_or("");
            pieces.push(rest[..m.start()].to_string());
            rest = &rest[m.end() - opener.len()..];
        }
        pieces.push(rest.to_string());
    }
    let pieces: Vec<String> = pieces
        .into_iter()
        .map(|p| p.trim().trim_start_matches([',', ';']).trim().to_string())
        .filter(|p| words(p) >= 3)
        .collect();
    if pieces.len() < 2 { Vec::new() } else { pieces }
}

/// `text` with its citations removed ("In light of Article 53, what …" → "In light of ,
/// what …"), or `None` when it cites nothing.
pub fn uncited(text: &str) -> Option<String> {
    let cites = citation::extract(text);
    if cites.is_empty() {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for c in &cites {
        if c.span.start < at || c.span.end > text.len() {
            continue;
        }
        out.push_str(&text[at..c.span.start]);
        at = c.span.end;
    }
    out.push_str(&text[at..]);
    (words(&out) >= 3).then_some(out)
}

/// Up to `max` rewrites of `question` beside the original (which always comes first):
/// expanded, focus, parts, uncited — in that order, duplicates dropped. `expand` spells out
/// the corpus's abbreviations in a text.
pub fn rewrites(question: &str, max: usize, expand: impl Fn(&str) -> String) -> Vec<Rewrite> {
    let mut out = vec![Rewrite {
        text: question.trim().to_string(),
        kind: RewriteKind::Original,
    }];
    let push = |text: String, kind: RewriteKind, out: &mut Vec<Rewrite>| {
        let norm = |s: &str| {
            s.to_lowercase()
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
        };
        if out.len() <= max && !out.iter().any(|r| norm(&r.text) == norm(&text)) {
            out.push(Rewrite { text, kind });
        }
    };
    let expanded = expand(question);
    push(expanded.clone(), RewriteKind::Expanded, &mut out);
    let focused = focus(&expanded);
    if let Some(f) = &focused {
        push(f.clone(), RewriteKind::Focus, &mut out);
    }
    for p in parts(focused.as_deref().unwrap_or(&expanded)) {
        push(p, RewriteKind::Part, &mut out);
    }
    if let Some(u) = uncited(focused.as_deref().unwrap_or(&expanded)) {
        push(u, RewriteKind::Uncited, &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn focus_drops_the_preamble() {
        let q = "As a compliance officer for a tech company, I'm meticulously reviewing the EU AI Act regulations. What measures must authorities take to protect the information and data obtained under the Regulation?";
        assert_eq!(
            focus(q).as_deref(),
            Some(
                "What measures must authorities take to protect the information and data obtained under the Regulation?"
            )
        );
        let q =
            "As an employer in New York City, what must I tell candidates before using an AEDT?";
        assert_eq!(
            focus(q).as_deref(),
            Some("what must I tell candidates before using an AEDT?")
        );
        assert_eq!(focus("What is a bias audit?"), None);
        // The asking sentence refers to the one before.
        let q = "As a legal expert preparing a presentation on AI compliance for a conference, I need to know what rights and remedies remain unaffected by the Regulation regarding AI systems. Can you clarify this for me?";
        assert_eq!(
            focus(q).as_deref(),
            Some(
                "I need to know what rights and remedies remain unaffected by the Regulation regarding AI systems. Can you clarify this for me?"
            )
        );
    }

    #[test]
    fn parts_split_multi_part_questions() {
        let q = "What obligations do employers have under Local Law 144, and how is enforcement of these obligations carried out?";
        assert_eq!(
            parts(q),
            vec![
                "What obligations do employers have under Local Law 144".to_string(),
                "how is enforcement of these obligations carried out?".to_string(),
            ]
        );
        assert!(parts("What is the penalty for a first violation?").is_empty());
    }

    #[test]
    fn rewrites_expand_and_pull_out_citations() {
        let rw = rewrites(
            "In light of Article 53, what must providers of general-purpose AI models keep up to date?",
            5,
            |q| q.replace("AI", "artificial intelligence AI"),
        );
        assert_eq!(rw[0].kind, RewriteKind::Original);
        assert!(rw.iter().any(|r| r.kind == RewriteKind::Expanded));
        let uncited = rw
            .iter()
            .find(|r| r.kind == RewriteKind::Uncited)
            .expect("the citation is pulled out");
        assert!(!uncited.text.contains("53"), "{}", uncited.text);
        assert!(rewrites("What is a bias audit?", 0, str::to_string).len() == 1);
    }
}
