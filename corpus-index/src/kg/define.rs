//! Definitional questions ("What is the definition of 'bias audit'?", "What does AEDT
//! mean?", "How is 'employment decision' defined?"): the answer is the definitions section
//! that defines the term, since the legal meaning of a term is the one its definition gives,
//! wherever else it is used. [`defining_sections`] finds those sections in the knowledge
//! graph.

use std::sync::LazyLock;

use regex::Regex;

use super::KnowledgeGraph;
use crate::citation::resolve::ProvisionRef;

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
/// does not ask for a meaning ([`asks_meaning`]) or uses no defined term.
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
