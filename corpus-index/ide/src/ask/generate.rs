//! Generated answers: the model answers from the numbered sources, citing them with their
//! citation strings; every citation of its reply is then verified ([`super::verify`]).
//!
//! 1. The prompt gives the question (and the selection), and each source's citation string,
//!    heading and text, cut to share `[llm] max_context_chars`.
//! 2. The reply is streamed ([`AskProgress::Delta`]), stripped of the links and raw HTML the
//!    model wrote ([`super::markup`]: an answer keeps only links lexls makes), and verified:
//!    each citation must resolve in the workspace and be a source, inside one, or contain
//!    one. A reply longer than [`crate::llm::client::MAX_REPLY_BYTES`] is cut there, with a
//!    warning.
//! 3. When some are not, one correction round names them to the model and asks for a
//!    corrected answer, which is verified again.
//! 4. Whatever is still unsupported is **removed**: the citation is replaced by
//!    `[unverified citation removed]` (the sentence stays), and a warning names it. The
//!    answer never carries an unverified citation.
//!
//! Any failure of the model (connection, timeout, HTTP error, malformed or cut-off reply,
//! empty answer) is an [`LlmError`]; the caller then gives the extractive answer with a
//! warning. A failed correction round keeps the first reply, with its unsupported citations
//! removed.

use super::compose;
use super::markup;
use super::retrieve::Candidate;
use super::verify::{self, AnswerCitation, Segment};
use crate::features::{cite_string, excerpt};
use crate::llm::rewrite::strip_thinking;
use crate::llm::{ChatMessage, Generator, LlmError, Role};
use lexls_index::resolve::{DocId, ProvisionRef};
use lexls_index::workspace::Snapshot;

/// What replaces a citation that could not be verified.
pub const REMOVED: &str = "[unverified citation removed]";

/// Progress of an answer, for clients that show it as it is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AskProgress {
    /// A request to the model starts: round 0 writes the answer, round 1 corrects it (the
    /// text so far is discarded).
    Generating {
        /// The model (or endpoint) name.
        model: String,
        /// 0 for the answer, 1 for the correction.
        round: u8,
    },
    /// Text the model appended to the answer of the current round.
    Delta(String),
    /// The reply is complete and its citations are being verified.
    Verifying,
}

/// A verified generated answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generated {
    /// The answer text (Markdown), every citation verified.
    pub text: String,
    /// The model (or endpoint) that wrote it.
    pub model: String,
    /// What was corrected, removed or degraded.
    pub warnings: Vec<String>,
}

/// What the generator is given.
#[derive(Debug, Clone, Copy)]
pub struct Input<'a> {
    /// The question.
    pub question: &'a str,
    /// The selected text the question is about (may be empty).
    pub selection: &'a str,
    /// The sources, best first.
    pub candidates: &'a [Candidate],
    /// Their sections, for verification.
    pub source_refs: &'a [ProvisionRef],
    /// The document whose code bare citations of the answer belong to.
    pub context: Option<DocId>,
    /// Budget of the sources' text in the prompt, characters.
    pub max_context_chars: usize,
}

/// The citation string, heading and text of a source as the prompt gives it.
fn source_parts(snap: &Snapshot, c: &Candidate) -> Option<(String, String, String)> {
    let doc = snap.docs.get(c.doc)?;
    let (citation, heading, span) = match c.section {
        Some(s) => {
            let p = doc.provisions.get(s)?;
            (
                cite_string(doc, s),
                p.heading.clone().unwrap_or_default(),
                p.span.clone(),
            )
        }
        None => (doc.title.clone(), String::new(), compose::body_span(doc)),
    };
    let text = doc
        .text
        .get(span)
        .unwrap_or_default()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    Some((citation, heading, text))
}

/// The chat messages of the first round.
pub fn prompt(snap: &Snapshot, input: &Input<'_>) -> Vec<ChatMessage> {
    let parts: Vec<(String, String, String)> = input
        .candidates
        .iter()
        .filter_map(|c| source_parts(snap, c))
        .collect();
    let example = parts
        .first()
        .map_or("NYC Admin. Code § 20-871(b)", |p| p.0.as_str());
    let mut sources = String::new();
    let mut left = input.max_context_chars;
    for (i, (citation, heading, text)) in parts.iter().enumerate() {
        let header = if heading.is_empty() || heading == citation {
            format!("[{}] {citation}\n", i + 1)
        } else {
            format!("[{}] {citation} — {heading}\n", i + 1)
        };
        let share = (left / (parts.len() - i)).max(200);
        let body = excerpt(text, share.saturating_sub(header.len()).max(100));
        left = left.saturating_sub(header.len() + body.len());
        sources.push_str(&header);
        sources.push_str(&body);
        sources.push_str("\n\n");
    }
    let system = format!(
        "You answer questions about statutes, regulations and policies using only the numbered \
         sources you are given. After each statement, cite the source that supports it with its \
         exact citation string as written after the number (for example: {example}). Never \
         cite a provision that is not among the sources. If the sources do not answer the \
         question, say so. Answer in a few short paragraphs, in Markdown."
    );
    let mut user = format!("Sources:\n\n{sources}Question: {}\n", input.question.trim());
    if !input.selection.trim().is_empty() {
        user.push_str(&format!(
            "\nThe question is about this text:\n{}\n",
            excerpt(input.selection, 1_000)
        ));
    }
    user.push_str("\nAnswer from the sources, citing them by their citation strings.");
    vec![
        ChatMessage::new(Role::System, system),
        ChatMessage::new(Role::User, user),
    ]
}

/// The citations of `text` that are not verified (do not resolve, or are not among the
/// sources).
fn unsupported(snap: &Snapshot, text: &str, input: &Input<'_>) -> Vec<AnswerCitation> {
    let segment = Segment {
        text: text.to_string(),
        context: input.context,
        quoted: false,
        anchor: None,
    };
    verify::verify(snap, &[segment], input.source_refs)
        .into_iter()
        .filter(|c| !c.resolved || !c.supported)
        .collect()
}

fn why(c: &AnswerCitation) -> &'static str {
    let lower = c.text.to_lowercase();
    let relative = ["this ", "that ", "such ", "the preceding", "thereof"]
        .iter()
        .any(|w| lower.contains(w));
    if c.resolved {
        "it is not among the sources of this answer"
    } else if relative {
        "it refers to a provision without naming it; cite the provision in full"
    } else {
        "it does not exist in this workspace"
    }
}

/// Most distinct citations named in one warning or in the correction message.
const NAMED_MAX: usize = 10;

/// The distinct citations of `bad` (by their text), in order.
fn distinct(bad: &[AnswerCitation]) -> Vec<&AnswerCitation> {
    let mut seen = std::collections::HashSet::new();
    bad.iter()
        .filter(|c| seen.insert(c.text.as_str()))
        .collect()
}

/// The citations of `bad` for a message: `` `a`, `b` `` and, past [`NAMED_MAX`] distinct
/// ones, how many more.
fn named(bad: &[AnswerCitation]) -> String {
    let distinct = distinct(bad);
    let mut out: Vec<String> = distinct
        .iter()
        .take(NAMED_MAX)
        .map(|c| format!("`{}`", c.text))
        .collect();
    if distinct.len() > NAMED_MAX {
        out.push(format!("and {} more", distinct.len() - NAMED_MAX));
    }
    out.join(", ")
}

/// The message of the correction round.
fn correction(snap: &Snapshot, bad: &[AnswerCitation], input: &Input<'_>) -> String {
    let mut out = String::from("Your answer cites provisions that the sources do not support:\n");
    let distinct = distinct(bad);
    for c in distinct.iter().take(NAMED_MAX) {
        out.push_str(&format!("- {}: {}\n", c.text, why(c)));
    }
    if distinct.len() > NAMED_MAX {
        out.push_str(&format!("- and {} more\n", distinct.len() - NAMED_MAX));
    }
    let allowed: Vec<String> = input
        .candidates
        .iter()
        .filter_map(|c| source_parts(snap, c).map(|p| p.0))
        .collect();
    out.push_str(&format!(
        "Rewrite the answer. Cite only these sources, with exactly these citation strings: {}. \
         Reply with the corrected answer only.",
        allowed.join("; ")
    ));
    out
}

/// `text` with the citations at `bad`'s spans replaced by [`REMOVED`], in one pass (spans
/// that overlap an earlier one or are not on character boundaries are left alone).
fn remove(text: &str, bad: &[AnswerCitation]) -> String {
    let mut spans: Vec<std::ops::Range<usize>> = bad.iter().map(|c| c.span.clone()).collect();
    spans.sort_by_key(|s| (s.start, s.end));
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for s in spans {
        if s.start < at
            || s.start > s.end
            || s.end > text.len()
            || !text.is_char_boundary(s.start)
            || !text.is_char_boundary(s.end)
        {
            continue;
        }
        out.push_str(&text[at..s.start]);
        out.push_str(REMOVED);
        at = s.end;
    }
    out.push_str(&text[at..]);
    out
}

/// Runs one round: streams the reply, strips reasoning blocks, links and raw HTML, checks it
/// is not empty.
fn round(
    client: &dyn Generator,
    messages: &[ChatMessage],
    round: u8,
    warnings: &mut Vec<String>,
    progress: &mut dyn FnMut(AskProgress),
) -> Result<String, LlmError> {
    progress(AskProgress::Generating {
        model: client.display_name(),
        round,
    });
    let reply = client.chat(messages, None, &mut |d| {
        progress(AskProgress::Delta(d.to_string()))
    })?;
    progress(AskProgress::Verifying);
    if reply.finish_reason.as_deref() == Some("length") {
        warnings
            .push("the generated answer reached `[llm] max_tokens` and may be cut off".to_string());
    }
    if reply.cut {
        warnings.push(format!(
            "the model's reply was longer than lexls reads ({} KiB); it was cut there and the rest ignored",
            crate::llm::client::MAX_REPLY_BYTES / 1024
        ));
    }
    let clean = markup::neutralize(&strip_thinking(&reply.text));
    if clean.removed > 0 {
        warnings.push(format!(
            "removed {} link(s) or HTML element(s) the model wrote; lexls links only the provisions it verified",
            clean.removed
        ));
    }
    let text = clean.text.trim().to_string();
    if text.is_empty() {
        return Err(LlmError::Malformed("the model's answer is empty".into()));
    }
    Ok(text)
}

/// Generates an answer with `client` and verifies it (see the module documentation).
///
/// # Errors
/// [`LlmError`] when the first request fails or its answer is empty; the caller falls back
/// to the extractive answer.
pub fn answer(
    snap: &Snapshot,
    client: &dyn Generator,
    input: &Input<'_>,
    progress: &mut dyn FnMut(AskProgress),
) -> Result<Generated, LlmError> {
    let mut warnings = Vec::new();
    let mut messages = prompt(snap, input);
    let first = round(client, &messages, 0, &mut warnings, progress)?;
    let bad = unsupported(snap, &first, input);
    let mut text = first;
    if !bad.is_empty() {
        let listed = named(&bad);
        tracing::info!(
            "the model cited unsupported provisions {listed}; asking it to correct them"
        );
        warnings.push(format!(
            "the model's first answer cited {} unsupported citation(s) ({listed}); it was asked to correct them",
            bad.len(),
        ));
        messages.push(ChatMessage::new(Role::Assistant, text.clone()));
        messages.push(ChatMessage::new(Role::User, correction(snap, &bad, input)));
        match round(client, &messages, 1, &mut warnings, progress) {
            Ok(corrected) => text = corrected,
            Err(e) => warnings.push(format!(
                "the correction round failed ({e}); the unsupported citations of the first answer are removed instead"
            )),
        }
    }
    // Remove what is still unsupported (twice more at most, should a removal expose
    // another citation).
    for _ in 0..3 {
        let bad = unsupported(snap, &text, input);
        if bad.is_empty() {
            break;
        }
        let distinct = distinct(&bad);
        for c in distinct.iter().take(NAMED_MAX) {
            warnings.push(format!(
                "removed the citation `{}` from the generated answer: {}",
                c.text,
                why(c)
            ));
        }
        if distinct.len() > NAMED_MAX {
            warnings.push(format!(
                "removed {} more distinct unverified citations from the generated answer",
                distinct.len() - NAMED_MAX
            ));
        }
        text = remove(&text, &bad);
    }
    if !unsupported(snap, &text, input).is_empty() {
        return Err(LlmError::Malformed(
            "the answer's citations could not be verified".into(),
        ));
    }
    let segment = Segment {
        text: text.clone(),
        context: input.context,
        quoted: false,
        anchor: None,
    };
    if verify::verify(snap, &[segment], input.source_refs).is_empty() {
        warnings.push(
            "the generated answer cites no provision: check it against the sources below".into(),
        );
    }
    Ok(Generated {
        text,
        model: client.display_name(),
        warnings,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cite(span: std::ops::Range<usize>) -> AnswerCitation {
        AnswerCitation {
            text: String::new(),
            span,
            target: String::new(),
            resolved: false,
            supported: false,
            location: None,
        }
    }

    #[test]
    fn removal_keeps_the_sentence() {
        let text = "Notice is due (§ 99-999) and audits (§ 20-871).";
        let out = remove(text, &[cite(15..24), cite(38..47)]);
        assert_eq!(
            out,
            format!("Notice is due ({REMOVED}) and audits ({REMOVED}).")
        );
        // Out-of-range spans are ignored, never a panic.
        assert_eq!(remove("short", &[cite(3..40)]), "short");
    }
}
