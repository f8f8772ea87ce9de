//! How the words around a citation change what it cites, before it is resolved.
//!
//! - *A section of an act* cited before the act (`Sec. 202, Pub. L. 85–859, 72 Stat. 1313`,
//!   the order of C.F.R. authority citations and of the OLRC's source credits; `section 5 of
//!   Pub. L. 94–546`): the section is of that public law or Statutes at Large page, never of
//!   the citing code. (The act cited first, `Pub. L. 94–546, § 1`, is read when extracting,
//!   [`crate::citation::ShortForm::ActSection`].)
//! - *A former number* (the OLRC's history and editorial notes): `former section 311 of this
//!   title`, `renumbered section 200 of this title as this section`, `Section 572 of this title
//!   was renumbered section 1132`, `classified to section 427i of Title 7 prior to editorial
//!   reclassification`: the number is the one a section had before a renumbering, repeal or
//!   reclassification, not the section that holds it now. (`was renumbered section 1132` and
//!   a source credit's `renumbered § 101` give the *new* number, which is read as written.)

use crate::citation::{CitationKind, ShortForm};
use crate::model::Document;

/// How a citation is to be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reading {
    /// As written.
    AsWritten,
    /// A section of the act named (normalized: `Pub. L. 85-859`, `72 Stat. 1313`).
    OfAct(String),
    /// A number as it was before a renumbering, repeal or reclassification.
    Former,
}

/// How citation `i` of `doc` is to be read (see the module documentation).
pub fn reading(doc: &Document, i: usize) -> Reading {
    let Some(cite) = doc.citations.get(i) else {
        return Reading::AsWritten;
    };
    let bare = cite.kind == CitationKind::Section
        && cite.code.is_none()
        && cite.relative.is_none()
        && cite.short_form.is_none()
        && cite.section.is_some();
    if bare && let Some(act) = act_after(doc, i) {
        return Reading::OfAct(act);
    }
    if cite.section.is_some()
        && cite.short_form != Some(ShortForm::ActSection)
        && is_former(&doc.text, cite.group.clone())
    {
        return Reading::Former;
    }
    Reading::AsWritten
}

/// The act a bare section citation belongs to when a public law or Statutes at Large
/// citation follows it directly (`, ` or ` of `, after the last item of its phrase).
fn act_after(doc: &Document, i: usize) -> Option<String> {
    let cite = &doc.citations[i];
    let next = doc.citations[i + 1..]
        .iter()
        .find(|c| c.group != cite.group && c.span.start >= cite.group.end)?;
    if !matches!(next.kind, CitationKind::PublicLaw | CitationKind::Stat) {
        return None;
    }
    let between = doc.text.get(cite.group.end..next.span.start)?;
    let between = between.trim();
    let joins = between == ","
        || between.eq_ignore_ascii_case("of")
        || between.eq_ignore_ascii_case(", of");
    joins.then(|| next.normalized())
}

/// Words before a citation that make its number a former one.
const FORMER_BEFORE: &[&str] = &["former", "formerly", "[former"];

/// Verbs of renumbering: `renumbered section 200 of this title as this section`.
const RENUMBERING: &[&str] = &[
    "renumbered",
    "renumbering",
    "redesignated",
    "redesignating",
    "transferred",
    "transferring",
];

/// Words after a citation that make its number a former one.
const FORMER_AFTER: &[&str] = &[
    "was renumbered",
    "were renumbered",
    "was subsequently renumbered",
    "was redesignated",
    "were redesignated",
    "was transferred",
    "were transferred",
    "prior to renumbering",
    "prior to redesignation",
    "prior to editorial reclassification",
    "prior to the renumbering",
    "prior to repeal",
    "prior to being repealed",
    "before renumbering",
    "before its renumbering",
];

/// Whether the citation phrase at `group` of `text` names a former number.
fn is_former(text: &str, group: std::ops::Range<usize>) -> bool {
    let before = tail(text, group.start, 40).to_ascii_lowercase();
    let after = head(text, group.end, 60).to_ascii_lowercase();
    let before_words: Vec<&str> = before.split_whitespace().collect();
    let after = after.split_whitespace().collect::<Vec<_>>().join(" ");
    let last = before_words.last().copied().unwrap_or("");
    if FORMER_BEFORE.contains(&last) {
        return true;
    }
    if RENUMBERING.contains(&last) && (after.starts_with("as ") || after.starts_with("to be ")) {
        return true;
    }
    FORMER_AFTER.iter().any(|w| after.starts_with(w))
}

/// At most `n` bytes of `text` before `at`, on a character boundary.
fn tail(text: &str, at: usize, n: usize) -> &str {
    let at = at.min(text.len());
    let mut from = at.saturating_sub(n);
    while !text.is_char_boundary(from) {
        from += 1;
    }
    text.get(from..at).unwrap_or("")
}

/// At most `n` bytes of `text` after `at`, on a character boundary.
fn head(text: &str, at: usize, n: usize) -> &str {
    let at = at.min(text.len());
    let mut to = (at + n).min(text.len());
    while !text.is_char_boundary(to) {
        to -= 1;
    }
    text.get(at..to.max(at)).unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Class: former numbers in the OLRC's notes (14 U.S.C., 41 U.S.C.).
    #[test]
    fn former_numbers_of_history_notes() {
        let former = |s: &str, cited: &str| {
            let at = s.find(cited).expect("cited text");
            is_former(s, at..at + cited.len())
        };
        assert!(former(
            "provided for estoppel … under former section 311 of this title and contained",
            "section 311 of this title"
        ));
        assert!(former(
            "which enacted this section, and renumbered section 200 of this title as this section.",
            "section 200 of this title"
        ));
        assert!(former(
            "Section 572 of this title was renumbered section 1132 of this title by Pub. L.",
            "Section 572 of this title"
        ));
        // The new number is the section in force.
        assert!(!former(
            "Section 572 of this title was renumbered section 1132 of this title by Pub. L.",
            "section 1132 of this title"
        ));
        assert!(!former(
            "126 Stat. 1555; renumbered § 101, Pub. L. 115–282",
            "§ 101"
        ));
        assert!(!former(
            "the Commandant shall report under section 311 of this title.",
            "section 311 of this title"
        ));
    }
}
