//! Definitional questions ("What is the definition of 'bias audit'?", "What does AEDT
//! mean?", "How is 'employment decision' defined?"): the answer is the definitions section
//! that defines the term, since the legal meaning of a term is the one its definition gives,
//! wherever else it is used. [`defining_sections`] finds those sections in the knowledge
//! graph.

use std::sync::{Arc, LazyLock};

use regex::Regex;

use super::KnowledgeGraph;
use crate::resolve::{DocId, ProvisionRef, Resolution};
use lexls_syntax::model::{Definition, Document};

/// A definition that only points to another: `means “Bias audit” as defined by`, `has the
/// meaning given in`, `as defined in`.
static BY_REFERENCE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"(?i)^[”"’']?\s*(?:means|shall mean|has the meaning)\s+(?:[“"‘']?([^”"’'\n]{1,80}?)[”"’']?\s+)?(?:as defined|given|assigned)\s+(?:by|in|under|to it (?:by|in))\s"#,
    )
    .unwrap_or_else(|e| unreachable!("static regex: {e}"))
});

/// The section a definition of `doc` refers to when it only refers to another one
/// (`“Bias audit” means “Bias audit” as defined by § 20-870 of the Code`): the target of
/// the citation right after `as defined by` (or `given in`, …). `None` for a
/// definition that says what the term means itself, or one whose citation does not resolve.
pub fn referred_definition(
    docs: &[Arc<Document>],
    doc_id: DocId,
    def: &Definition,
    resolutions: &[Arc<Vec<Resolution>>],
) -> Option<ProvisionRef> {
    let doc = docs.get(doc_id)?;
    let after = doc.text.get(def.span.end..)?;
    let caps = BY_REFERENCE.captures(after)?;
    if let Some(named) = caps.get(1)
        && !named.as_str().trim().eq_ignore_ascii_case(def.term.trim())
    {
        return None;
    }
    // The citation follows within a few characters: "as defined by § 20-870", "given in
    // Article 3(1) of …", "as defined in the § 5-301".
    let start = def.span.end + caps.get(0)?.end();
    let end = start + 12;
    let (i, _) = doc
        .citations
        .iter()
        .enumerate()
        .find(|(_, c)| c.span.start >= start && c.span.start < end)?;
    let target = resolutions.get(doc_id)?.get(i)?.target()?;
    let target_doc = docs.get(target.doc)?;
    Some(ProvisionRef {
        doc: target.doc,
        provision: target_doc.section_of(target.provision),
    })
}

/// Words that ask for the meaning of a term.
static CUE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b(?:definitions?|defined|defines?|meaning|means|mean|stands? for|refers? to|the terms?)\b",
    )
    .unwrap_or_else(|e| unreachable!("static regex: {e}"))
});

/// Whether `question` asks what a term means.
pub fn asks_meaning(question: &str) -> bool {
    CUE.is_match(question)
}

/// The sections that define the defined terms `question` asks the meaning of, in order of
/// the terms' first occurrence in the question, without repeats; empty when the question
/// does not ask for a meaning ([`asks_meaning`]) or uses no defined term. A section whose
/// definition only refers to another section's is replaced by that section.
pub fn defining_sections(kg: &KnowledgeGraph, question: &str) -> Vec<ProvisionRef> {
    if !asks_meaning(question) {
        return Vec::new();
    }
    let mut out: Vec<ProvisionRef> = Vec::new();
    for t in kg.terms_in(question) {
        let Some(term) = kg.terms.get(t) else {
            continue;
        };
        for p in &term.defined_in {
            let p = term
                .by_reference
                .iter()
                .find(|(from, _)| from == p)
                .map_or(p, |(_, to)| to);
            if !out.contains(p) {
                out.push(*p);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meaning_cues() {
        for q in [
            "What is the definition of 'Bias audit'?",
            "What does AEDT mean?",
            "How is 'employment decision' defined for screening?",
            "Can you explain the meaning of test data?",
            "What does the term 'Bias Audit' refer to?",
        ] {
            assert!(asks_meaning(q), "{q}");
        }
        for q in [
            "How many business days before using an AEDT must a candidate be notified?",
            "What penalties apply to a first violation?",
            "Who must meaningfully review the audit?",
        ] {
            assert!(!asks_meaning(q), "{q}");
        }
    }
}
