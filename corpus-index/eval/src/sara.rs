//! SARA (Holzenberger, Blair-Stanek and Van Durme, 2020) as a retrieval development set:
//! each entailment case's facts and question, with every citation removed, as a query whose
//! relevant file is the Internal Revenue Code section the case is about.
//!
//! Most SARA questions name their provision ("… under section 151(b) …"), so a query that
//! keeps the citation measures citation lookup, not retrieval. The citations are found by
//! lexls's own citation scanner ([`lexls_syntax::citation::extract`], the grammar of the field:
//! `section 152(d)(2)(H)`, `§7703(a)`, `subsection (b)(1)`, `paragraph (2)`, `this title`)
//! and, for what the scanner leaves, by a pattern for a structural unit word followed by
//! a designator (`section 63`, `subparagraph (A)`). The `tax_liability` cases have no single
//! gold section and are dropped.

use std::sync::LazyLock;

use regex::Regex;
use serde::Deserialize;

use super::retrieval::Query;

/// One line of `sara-v1/cases.jsonl`.
#[derive(Debug, Clone, Deserialize)]
struct Case {
    id: String,
    kind: String,
    text: String,
    question: String,
    #[serde(default)]
    gold_section: Option<String>,
}

/// The query set built from the cases, and the cases left out with the reason.
#[derive(Debug, Clone, Default)]
pub struct SaraQueries {
    /// One query per kept case: id = the case id, relevant = `sections/<gold_section>`.
    pub queries: Vec<Query>,
    /// `(case id, reason)` of each case left out.
    pub dropped: Vec<(String, String)>,
}

/// A structural unit word followed by a designator, or a self-reference to the code
/// (`this title`), that the citation scanner did not take.
static LEFTOVER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?ix)
        (?:\b(?:sub)*(?:sections?|paragraphs?|clauses?|titles?|chapters?|parts?|subtitles?)\s*|§+\s*)
        (?:\d+[A-Za-z]?|\([0-9A-Za-z]{1,5}\))(?:\([0-9A-Za-z]{1,5}\))*
        |\b\d+[A-Za-z]?(?:\([0-9A-Za-z]{1,5}\))+
        |\bthis\s+(?:title|subtitle|chapter|part|section|subsection|paragraph)\b
        |\(\s*[0-9]{1,2}[A-Za-z]?\s*\)|\([ivx]{1,5}\)|\([A-Z]\)|\([a-z]\)(?:\([0-9A-Za-z]{1,5}\))*",
    )
    .unwrap_or_else(|e| panic!("LEFTOVER pattern: {e}"))
});

/// A comma left at the start of a sentence by a removed opening phrase ("Under section
/// 152(c)(1), Bob is …").
static LEADING_COMMA: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(^|[.!?])\s*,\s*").unwrap_or_else(|e| panic!("LEADING_COMMA pattern: {e}"))
});

/// A connective left dangling before a removed citation (`under`, `pursuant to`).
static DANGLING: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:under|pursuant\s+to|according\s+to|by\s+virtue\s+of)\s*\u{0}")
        .unwrap_or_else(|e| panic!("DANGLING pattern: {e}"))
});

/// `text` with every citation removed: the phrases lexls's scanner extracts, then unit
/// words with designators and designators in parentheses it leaves, and the connective
/// before each (`under section 151(c)` goes whole). Whitespace is collapsed.
pub fn strip_citations(text: &str) -> String {
    // Mark removed spans with NUL so that a dangling connective can be found next to them.
    let mut spans: Vec<std::ops::Range<usize>> = lexls_syntax::citation::extract(text)
        .into_iter()
        .map(|c| c.group)
        .collect();
    spans.sort_by_key(|r| (r.start, std::cmp::Reverse(r.end)));
    let mut marked = String::with_capacity(text.len());
    let mut pos = 0usize;
    for r in spans {
        if r.start < pos || r.end > text.len() || !text.is_char_boundary(r.start) {
            continue;
        }
        if !text.is_char_boundary(r.end) {
            continue;
        }
        marked.push_str(&text[pos..r.start]);
        marked.push('\u{0}');
        pos = r.end;
    }
    marked.push_str(&text[pos..]);
    let marked = LEFTOVER.replace_all(&marked, "\u{0}");
    let marked = DANGLING.replace_all(&marked, "\u{0}");
    let cleaned: String = marked.replace('\u{0}', " ");
    let mut out = cleaned.split_whitespace().collect::<Vec<_>>().join(" ");
    for p in [" .", " ,", " ;", " :"] {
        out = out.replace(p, &p[1..]);
    }
    let out = LEADING_COMMA.replace_all(&out, |c: &regex::Captures<'_>| {
        if c[1].is_empty() {
            String::new()
        } else {
            format!("{} ", &c[1])
        }
    });
    out.trim().to_string()
}

/// Builds the query set from the lines of `cases.jsonl`: entailment cases with a gold
/// section, query = facts and question with citations removed ([`strip_citations`]),
/// relevant = `sections/<gold_section>` (the file layout of `shared/corpora/sara-v1`).
///
/// # Errors
/// A message naming the line that is not a case.
pub fn sara_queries(text: &str) -> Result<SaraQueries, String> {
    let mut out = SaraQueries::default();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let case: Case = serde_json::from_str(line).map_err(|e| format!("line {}: {e}", i + 1))?;
        if case.kind != "entailment" {
            out.dropped.push((
                case.id,
                format!("{} case: no single gold section", case.kind),
            ));
            continue;
        }
        let Some(section) = case.gold_section.filter(|s| !s.is_empty()) else {
            out.dropped.push((case.id, "no gold section".into()));
            continue;
        };
        let question = strip_citations(&format!("{} {}", case.text, case.question));
        if question.split_whitespace().count() < 3 {
            out.dropped
                .push((case.id, "fewer than 3 words left without citations".into()));
            continue;
        }
        out.queries.push(Query {
            id: case.id,
            question,
            relevant: vec![format!("sections/{section}")],
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Real case lines of `sara-v1/cases.jsonl` (s151_b_neg, s3306_a_2_B_neg-like question
    /// forms): citations in running text (class: IRC section with subsection designators).
    #[test]
    fn citations_go_and_the_facts_stay() {
        let q = strip_citations(
            "Alice's income in 2015 is $100000. She gets one exemption of $2000 for the year 2015 under section 151(c). Alice is not married. Alice's total exemption for 2015 under section 151(a) is equal to $6000.",
        );
        assert!(!q.contains("151"), "{q}");
        assert!(
            q.contains("She gets one exemption of $2000 for the year 2015."),
            "{q}"
        );
        assert!(!q.contains("under"), "{q}");
        let q = strip_citations(
            "Section 3306(a)(2)(B) applies to Alice for the year 2017. See §7703(a) and subparagraph (A) of paragraph (2) of this title.",
        );
        for gone in ["3306", "7703", "(A)", "(2)", "this title", "§"] {
            assert!(!q.contains(gone), "{gone} in {q}");
        }
        assert!(q.contains("applies to Alice for the year 2017"), "{q}");
        // s152_c_1_pos: a list of two provisions, and a question opening with one.
        let q = strip_citations(
            "Bob satisfied section 152(c)(2) and 152(c)(3) with Alice as the taxpayer for the years 2015 to 2020. Under section 152(c)(1), Bob is a qualifying child of Alice for the year 2019.",
        );
        assert!(!q.contains("152"), "{q}");
        assert!(q.contains("2020. Bob is a qualifying child"), "{q}");
    }

    /// Every query built from the real case file: no section number or designator
    /// survives, the 100 tax-liability cases are the ones dropped.
    #[test]
    fn no_section_number_survives_on_the_real_cases() {
        let shared = crate::suite::find_shared(std::path::Path::new(env!("CARGO_MANIFEST_DIR")))
            .expect("the shared data folder (shared/corpora) above the repository");
        let path = shared.join("corpora/sara-v1/cases.jsonl");
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let built = sara_queries(&text).expect("the case file parses");
        assert_eq!(built.queries.len(), 276, "dropped: {:?}", built.dropped);
        assert_eq!(built.dropped.len(), 100);
        assert!(
            built
                .dropped
                .iter()
                .all(|(_, why)| why.contains("tax_liability"))
        );
        let unit = Regex::new(
            r"(?i)\b(?:sub)*(?:sections?|paragraphs?|clauses?)\s*\(?[0-9]|§|\([a-z0-9]{1,4}\)",
        )
        .expect("pattern");
        let numbers = ["151", "152", "3301", "3306", "7703"];
        for q in &built.queries {
            assert!(!unit.is_match(&q.question), "{}: {}", q.id, q.question);
            for n in numbers {
                assert!(
                    !q.question
                        .split(|c: char| !c.is_ascii_alphanumeric())
                        .any(|w| w == n),
                    "{} keeps {n}: {}",
                    q.id,
                    q.question
                );
            }
            assert!(q.relevant[0].starts_with("sections/26-usc-"));
        }
    }
}
