//! Citation-extraction evaluation over the case format of `shared/eval/citations/README.md`,
//! following its scoring rules:
//!
//! 1. extract from `text` as text of the location its `context` names (the document's code
//!    and, where given, the citing section);
//! 2. match expected items to extracted ones by kind and normalized form (case-insensitive,
//!    whitespace-collapsed; subsections dropped where `granularity` is `section`); a range
//!    matches by one range citation or by its `endpoints`, and an extracted range matches an
//!    expected endpoint;
//! 3. where `raw_exact`, the extracted span must overlap the expected one (span accuracy
//!    counts exact equality);
//! 4. `exhaustive` cases count extra citations as false positives; `must_not_match` entries
//!    are false positives whenever matched;
//! 5. `resolves_to` is checked against the extracted antecedent.
//!
//! Synthetic cases (reporters-db generated numbers) are reported apart.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use lexls_syntax::citation::record::CitationRecord;
pub use lexls_syntax::citation::record::{cite, cite_at, context_location, context_namespace};

/// The kinds the statute and regulation target of the project is measured on.
pub const STATUTE_KINDS: &[&str] = &[
    "usc",
    "cfr",
    "state_statute",
    "state_regulation",
    "public_law",
    "stat",
    "eu_article",
    "eu_act",
    "section",
    "named_act",
];

/// One case of the development set.
#[derive(Debug, Clone, Deserialize)]
pub struct Case {
    /// Identifier (`reference_parser-128`).
    pub id: String,
    /// The input text.
    pub text: String,
    /// Whether extra citations are false positives.
    #[serde(default)]
    pub exhaustive: bool,
    /// The document location (`{"document_code": "D.C. Code"}`, `{"cfr": {"title": "1"}}`).
    #[serde(default)]
    pub context: Option<Value>,
    /// Citations that must not be reported.
    #[serde(default)]
    pub must_not_match: Vec<NotExpected>,
    /// Generated numbers (code-abbreviation coverage).
    #[serde(default)]
    pub synthetic: bool,
    /// The expected citations.
    #[serde(default)]
    pub expected: Vec<Expected>,
}

/// An expected citation.
#[derive(Debug, Clone, Deserialize)]
pub struct Expected {
    /// Kind (`usc`, `id`, …).
    pub kind: String,
    /// The matched text, if upstream asserted one.
    #[serde(default)]
    pub raw: Option<String>,
    /// Whether the span was asserted exactly.
    #[serde(default)]
    pub raw_exact: bool,
    /// The canonical form.
    #[serde(default)]
    pub normalized: Option<String>,
    /// `section`: compare without subsections.
    #[serde(default)]
    pub granularity: Option<String>,
    /// A range's endpoints in canonical form.
    #[serde(default)]
    pub endpoints: Vec<String>,
    /// For short forms: the expected antecedent (index into `expected`), `null` for
    /// "must stay unresolved"; absent when not asserted.
    #[serde(default, deserialize_with = "present")]
    pub resolves_to: Option<Option<usize>>,
}

fn present<'de, D>(d: D) -> Result<Option<Option<usize>>, D::Error>
where
    D: serde::Deserializer<'de>,
{
    Option::<usize>::deserialize(d).map(Some)
}

/// A negative constraint.
#[derive(Debug, Clone, Deserialize)]
pub struct NotExpected {
    /// Kind that must not be reported.
    pub kind: String,
    /// Text it must not be reported on, if restricted.
    #[serde(default)]
    pub raw: Option<String>,
}

/// Reads a JSON-lines case file.
///
/// # Errors
/// A message naming the line that is not a case.
pub fn read_cases(text: &str) -> Result<Vec<Case>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| serde_json::from_str::<Case>(l).map_err(|e| format!("line {}: {e}", i + 1)))
        .collect()
}

/// Counts of one kind.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct Counts {
    /// True positives.
    pub tp: usize,
    /// False positives.
    pub fp: usize,
    /// False negatives.
    pub fn_: usize,
}

impl Counts {
    fn add(&mut self, other: Self) {
        self.tp += other.tp;
        self.fp += other.fp;
        self.fn_ += other.fn_;
    }

    /// Precision (1 when nothing was reported).
    pub fn precision(self) -> f64 {
        ratio(self.tp, self.tp + self.fp)
    }

    /// Recall (1 when nothing was expected).
    pub fn recall(self) -> f64 {
        ratio(self.tp, self.tp + self.fn_)
    }

    /// F1.
    pub fn f1(self) -> f64 {
        let (p, r) = (self.precision(), self.recall());
        if p + r == 0.0 {
            0.0
        } else {
            2.0 * p * r / (p + r)
        }
    }
}

fn ratio(a: usize, b: usize) -> f64 {
    if b == 0 { 1.0 } else { a as f64 / b as f64 }
}

/// Scores of a set of cases.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Scores {
    /// Cases scored.
    pub cases: usize,
    /// Per kind.
    pub per_kind: BTreeMap<String, Counts>,
    /// Items whose exact span was asserted, and how many were found with exactly it.
    pub spans: (usize, usize),
    /// Short forms with an asserted antecedent, and how many were linked right.
    pub resolution: (usize, usize),
    /// `must_not_match` entries, and how many were violated.
    pub must_not_match: (usize, usize),
    /// Cases with any error (for inspection).
    pub failures: Vec<Failure>,
}

/// What went wrong in one case.
#[derive(Debug, Clone, Serialize)]
pub struct Failure {
    /// Case id.
    pub id: String,
    /// Expected items not found (`kind: normalized`).
    pub missed: Vec<String>,
    /// Extracted items counted as false positives.
    pub extra: Vec<String>,
    /// Short forms linked wrongly.
    pub misresolved: Vec<String>,
}

impl Scores {
    /// Totals over `kinds` (all kinds when empty).
    pub fn total(&self, kinds: &[&str]) -> Counts {
        let mut all = Counts::default();
        for (kind, c) in &self.per_kind {
            if kinds.is_empty() || kinds.contains(&kind.as_str()) {
                all.add(*c);
            }
        }
        all
    }
}

/// Scores the cases (synthetic ones apart) and returns `(real, synthetic)`.
pub fn evaluate(cases: &[Case]) -> (Scores, Scores) {
    let mut real = Scores::default();
    let mut synthetic = Scores::default();
    for case in cases {
        let location = context_location(case.context.as_ref());
        let found = cite_at(&case.text, location.as_ref());
        let scores = if case.synthetic {
            &mut synthetic
        } else {
            &mut real
        };
        score_case(case, &found, scores);
    }
    (real, synthetic)
}

fn norm(s: &str) -> String {
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

fn strip_subsections(s: &str) -> String {
    let mut out = String::new();
    let mut depth = 0;
    for ch in s.chars() {
        match ch {
            '(' => depth += 1,
            ')' if depth > 0 => depth -= 1,
            _ if depth == 0 => out.push(ch),
            _ => {}
        }
    }
    out.trim().to_string()
}

/// Byte ranges of the occurrences of an expected raw text in the case text.
fn expected_spans(text: &str, raw: &str) -> Vec<std::ops::Range<usize>> {
    if raw.is_empty() {
        return Vec::new();
    }
    text.match_indices(raw)
        .map(|(at, m)| at..at + m.len())
        .collect()
}

fn overlaps(a: &std::ops::Range<usize>, b: &std::ops::Range<usize>) -> bool {
    a.start < b.end && b.start < a.end
}

fn score_case(case: &Case, found: &[CitationRecord], scores: &mut Scores) {
    scores.cases += 1;
    let mut used = vec![false; found.len()];
    // Expected index → extracted index.
    let mut matched: Vec<Option<usize>> = vec![None; case.expected.len()];
    let mut failure = Failure {
        id: case.id.clone(),
        missed: Vec::new(),
        extra: Vec::new(),
        misresolved: Vec::new(),
    };
    for (k, e) in case.expected.iter().enumerate() {
        let spans = e
            .raw
            .as_deref()
            .map(|r| expected_spans(&case.text, r))
            .unwrap_or_default();
        let fits = |r: &CitationRecord, want: &str| -> bool {
            if r.kind != e.kind {
                return false;
            }
            let section_only = e.granularity.as_deref() == Some("section");
            let same = |got: &str| {
                if section_only {
                    norm(&strip_subsections(got)) == norm(&strip_subsections(want))
                } else {
                    norm(got) == norm(want)
                }
            };
            r.normalized.as_deref().is_some_and(same) || r.endpoints.iter().any(|p| same(p))
        };
        let span_ok = |r: &CitationRecord| {
            !e.raw_exact || spans.is_empty() || spans.iter().any(|s| overlaps(s, &r.bytes))
        };
        let hit = match e.normalized.as_deref() {
            Some(want) => (0..found.len())
                .find(|&i| !used[i] && fits(&found[i], want) && span_ok(&found[i]))
                .or_else(|| {
                    (0..found.len()).find(|&i| {
                        !used[i] && fits(&found[i], want) && !e.raw_exact && span_ok(&found[i])
                    })
                }),
            None => (0..found.len()).find(|&i| {
                !used[i]
                    && found[i].kind == e.kind
                    && spans.iter().any(|s| overlaps(s, &found[i].bytes))
            }),
        };
        // A range asserted by its endpoints.
        let hit = hit.or_else(|| {
            if e.endpoints.is_empty() {
                return None;
            }
            let mut picks = Vec::new();
            for p in &e.endpoints {
                let i = (0..found.len()).find(|&i| {
                    !used[i]
                        && !picks.contains(&i)
                        && found[i].kind == e.kind
                        && found[i]
                            .normalized
                            .as_deref()
                            .is_some_and(|n| norm(n) == norm(p))
                })?;
                picks.push(i);
            }
            for &i in &picks[1..] {
                used[i] = true;
            }
            picks.first().copied()
        });
        // The other endpoints of a range asserted as one item are part of the match.
        if let Some(i) = hit {
            for p in &e.endpoints {
                if let Some(j) = (0..found.len()).find(|&j| {
                    j != i
                        && !used[j]
                        && found[j].kind == e.kind
                        && found[j]
                            .normalized
                            .as_deref()
                            .is_some_and(|n| norm(n) == norm(p))
                }) {
                    used[j] = true;
                }
            }
        }
        let counts = scores.per_kind.entry(e.kind.clone()).or_default();
        match hit {
            Some(i) => {
                // An extracted range covers both of its expected endpoints.
                if found[i].endpoints.is_empty()
                    || !case.expected.iter().skip(k + 1).any(|later| {
                        later
                            .normalized
                            .as_deref()
                            .is_some_and(|n| found[i].endpoints.iter().any(|p| norm(p) == norm(n)))
                    })
                {
                    used[i] = true;
                }
                matched[k] = Some(i);
                counts.tp += 1;
                if e.raw_exact && e.raw.is_some() {
                    scores.spans.0 += 1;
                    if e.raw.as_deref() == Some(found[i].raw.as_str()) {
                        scores.spans.1 += 1;
                    }
                }
            }
            None => {
                counts.fn_ += 1;
                failure.missed.push(format!(
                    "{}: {}",
                    e.kind,
                    e.normalized.as_deref().or(e.raw.as_deref()).unwrap_or("?")
                ));
            }
        }
    }
    // Short-form resolution.
    for (k, e) in case.expected.iter().enumerate() {
        let Some(want) = e.resolves_to else { continue };
        scores.resolution.0 += 1;
        let got = matched[k].map(|i| found[i].antecedent);
        let ok = match (got, want) {
            (Some(None), None) => true,
            (Some(Some(a)), Some(w)) => matched.get(w).copied().flatten() == Some(a),
            _ => false,
        };
        if ok {
            scores.resolution.1 += 1;
        } else {
            failure
                .misresolved
                .push(format!("{}: {:?}", e.raw.as_deref().unwrap_or("?"), got));
        }
    }
    // Negative constraints.
    for m in &case.must_not_match {
        scores.must_not_match.0 += 1;
        let violated = found.iter().position(|r| {
            r.kind == m.kind
                && m.raw
                    .as_deref()
                    .is_none_or(|raw| r.raw.contains(raw) || raw.contains(r.raw.as_str()))
        });
        if let Some(i) = violated {
            scores.must_not_match.1 += 1;
            if !used[i] {
                used[i] = true;
                scores.per_kind.entry(m.kind.clone()).or_default().fp += 1;
                failure
                    .extra
                    .push(format!("must not match {}: {}", m.kind, found[i].raw));
            }
        }
    }
    if case.exhaustive {
        for (i, r) in found.iter().enumerate() {
            if !used[i] && !matched.contains(&Some(i)) {
                scores.per_kind.entry(r.kind.to_string()).or_default().fp += 1;
                failure.extra.push(format!(
                    "{}: {} [{}]",
                    r.kind,
                    r.normalized.as_deref().unwrap_or("null"),
                    r.raw
                ));
            }
        }
    }
    if !failure.missed.is_empty() || !failure.extra.is_empty() || !failure.misresolved.is_empty() {
        scores.failures.push(failure);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(line: &str) -> Case {
        serde_json::from_str(line).expect("case")
    }

    #[test]
    fn a_found_citation_scores_and_a_wrong_one_does_not() {
        let good = case(
            r#"{"id":"t1","text":"see 5 U.S.C. 552 now","exhaustive":true,"expected":[{"kind":"usc","raw":"5 U.S.C. 552","raw_exact":true,"normalized":"5 U.S.C. 552"}]}"#,
        );
        let bad = case(
            r#"{"id":"t2","text":"see 5 U.S.C. 552 now","exhaustive":true,"expected":[{"kind":"usc","raw":"5 U.S.C. 552","raw_exact":true,"normalized":"5 U.S.C. 553"}]}"#,
        );
        let (scores, _) = evaluate(&[good, bad]);
        let usc = scores.per_kind["usc"];
        assert_eq!((usc.tp, usc.fp, usc.fn_), (1, 1, 1));
        assert_eq!(scores.spans, (1, 1));
        assert_eq!(scores.failures.len(), 1);
    }

    #[test]
    fn context_names_the_document_code() {
        let ctx: Value = serde_json::json!({"cfr": {"title": "1", "section": "250.10"}});
        assert_eq!(context_namespace(Some(&ctx)).as_deref(), Some("1 C.F.R."));
        let found = cite(
            "required under § 3-101.01, the Commission",
            Some("D.C. Code"),
        );
        assert_eq!(found[0].kind, "state_statute");
        assert_eq!(found[0].normalized.as_deref(), Some("D.C. Code § 3-101.01"));
    }
}
