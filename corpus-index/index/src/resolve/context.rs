//! How the words around a citation change what it cites, before it is resolved.
//!
//! - *A section of an act* cited before the act (`Sec. 202, Pub. L. 85–859, 72 Stat. 1313`,
//!   the order of C.F.R. authority citations and of the OLRC's source credits; `section 5 of
//!   Pub. L. 94–546`): the section is of that public law or Statutes at Large page, never of
//!   the citing code. (The act cited first, `Pub. L. 94–546, § 1`, is read when extracting,
//!   [`lexls_syntax::citation::ShortForm::ActSection`].)
//! - *A former number* (the OLRC's history and editorial notes): `former section 311 of this
//!   title`, `renumbered section 200 of this title as this section`, `Section 572 of this title
//!   was renumbered section 1132`, `classified to section 427i of Title 7 prior to editorial
//!   reclassification`: the number is the one a section had before a renumbering, repeal or
//!   reclassification, not the section that holds it now. (`was renumbered section 1132` and
//!   a source credit's `renumbered § 101` give the *new* number, which is read as written.)
//! - *A number of the citing section's title*: a code that numbers its sections
//!   `title:section` (the D.C. Code's Uniform Commercial Code, `§ 28:2-706`; Louisiana's
//!   Revised Statutes, `9:2800.6`) keeps the numbers of the act it enacts after the title, and
//!   the act's own text and official comments cite them without it (`Section 2-103`, the
//!   UCC's, in the comments to D.C. Code § 28:2-706): such a bare number is read in the
//!   citing section's title first (`28:2-103`).

use lexls_syntax::citation::{Citation, CitationKind, ShortForm};
use lexls_syntax::model::Document;

/// How a citation is to be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reading {
    /// As written.
    AsWritten,
    /// A section of the act named (normalized: `Pub. L. 85-859`, `72 Stat. 1313`).
    OfAct(String),
    /// A number as it was before a renumbering, repeal or reclassification.
    Former,
    /// An item of a list whose code is named once for all its items (`section 1165 or 1166
    /// of title 10`): the code of the citation at this index, an item of the same phrase.
    InCodeOf(usize),
    /// A bare number of a section numbered `title:section`, read in that title first: the
    /// section number to try (`28:2-103` for `Section 2-103` in D.C. Code § 28:2-706).
    InTitle(String),
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
    if bare && let Some(j) = list_code(doc, i) {
        return Reading::InCodeOf(j);
    }
    if bare && let Some(instrument) = instrument_after(doc, i) {
        return Reading::OfAct(instrument);
    }
    if bare && let Some(number) = in_own_title(doc, cite) {
        return Reading::InTitle(number);
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

/// A later item of the phrase of citation `i` that names its code, when `i` names none: a
/// code named once after a list of sections (`section 1165 or 1166 of title 10`) is the
/// code of every item. A code an item only inherits from an earlier citation does not
/// spread.
fn list_code(doc: &Document, i: usize) -> Option<usize> {
    let cite = &doc.citations[i];
    let hi = (i + 16).min(doc.citations.len());
    (i + 1..hi).find(|&j| {
        let c = &doc.citations[j];
        c.group == cite.group
            && c.named_code().is_some()
            && c.relative.is_none()
            && c.short_form.is_none()
    })
}

/// `section 342(a) of Communications Act of 1934`, `section 2371b of title 10` (a footnote
/// between): a bare section followed by `of` and an instrument the extractor did not read
/// as a code is a section of that instrument, named as written, never of the citing code.
/// `of this …` and `of such …` refer back and are left as they are.
fn instrument_after(doc: &Document, i: usize) -> Option<String> {
    let cite = &doc.citations[i];
    let mut at = cite.group.end;
    let mut paren_skipped = false;
    // Skip what stands between the number and its `of` phrase: a footnote mark and note
    // (`section 2371b¹ [note] of title 10`), a parenthetical (`sections 1105(a)(28), 1115
    // (added by …) of title 31`), the end of a parenthetical holding the list (`(except
    // sections 3302, … 4711) of subtitle I of title 41`).
    loop {
        let rest = doc.text.get(at..)?;
        let skipped = at + (rest.len() - rest.trim_start().len());
        let rest = doc.text.get(skipped..)?;
        if let Some(note) = doc.note_at(skipped).filter(|n| n.span.end > skipped) {
            at = note.span.end;
            continue;
        }
        let mark = rest.bytes().take_while(u8::is_ascii_digit).count();
        if (1..=2).contains(&mark) && rest[mark..].starts_with([' ', '\t', '\n']) {
            at = skipped + mark;
            continue;
        }
        if !paren_skipped && rest.starts_with('(') {
            paren_skipped = true;
            // `section 106 (50 U.S.C. 1806)`: a section of an act, with the place the
            // code gives it.
            if let Some(parallel) = doc.citations[i + 1..]
                .iter()
                .find(|c| c.span.start >= skipped)
                .filter(|c| {
                    doc.text
                        .get(skipped + 1..c.span.start)
                        .is_some_and(|t| t.trim().is_empty())
                        && c.named_code().is_some()
                })
            {
                return Some(format!("the act classified to {}", parallel.normalized()));
            }
            let close = rest.get(..rest.len().min(300))?.find(')')?;
            at = skipped + close + 1;
            continue;
        }
        if !paren_skipped && rest.starts_with(')') {
            paren_skipped = true;
            at = skipped + 1;
            continue;
        }
        at = skipped;
        break;
    }
    let rest = doc.text.get(at..)?;
    let phrase = rest.strip_prefix("of ")?;
    let end = phrase
        .find([',', ';', '.', '(', ')', '\n'])
        .unwrap_or(phrase.len())
        .min(80);
    let mut end = end.min(phrase.len());
    while !phrase.is_char_boundary(end) {
        end -= 1;
    }
    let phrase = phrase[..end].trim();
    let first = phrase.split_whitespace().next()?.to_ascii_lowercase();
    if phrase.is_empty() || matches!(first.as_str(), "this" | "these" | "such" | "that" | "said") {
        return None;
    }
    // An instrument is named: a proper name (`Communications Act of 1934`, `the Federal
    // Water Pollution Control Act`) or a numbered title (`title 10`, `subtitle I of title
    // 41`); `of the rules require` is a sentence going on.
    let name = phrase.strip_prefix("the ").unwrap_or(phrase);
    let proper = name.chars().next().is_some_and(char::is_uppercase);
    let numbered = matches!(first.as_str(), "title" | "subtitle" | "division")
        && phrase.split_whitespace().nth(1).is_some_and(|w| {
            w.chars()
                .next()
                .is_some_and(|c| c.is_ascii_digit() || c.is_uppercase())
        });
    if !(proper || numbered) {
        return None;
    }
    // A subdivision of the citing provision's own structure (`of subsection (a)`) is not an
    // instrument.
    if lexls_syntax::citation::LevelWord::parse(&first).is_some()
        || matches!(
            first.as_str(),
            "section" | "sections" | "§" | "article" | "part" | "chapter" | "subchapter"
        )
    {
        return None;
    }
    Some(phrase.to_string())
}

/// `28:2-103` for a bare `2-103` cited in a section numbered `28:…` (see the module
/// documentation): the title of the section holding the citation (or the note on it, or the
/// document's one section), when it is written before a colon and the number has none.
fn in_own_title(doc: &Document, cite: &Citation) -> Option<String> {
    let number = cite.section.as_deref()?;
    if number.contains(':') || !number.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let at = cite.span.start;
    let provision = doc
        .provision_at(at)
        .or_else(|| doc.note_at(at).and_then(|n| n.provision))
        .or_else(|| {
            let mut sections = doc.sections();
            let first = sections.next()?;
            sections.next().is_none().then_some(first)
        })?;
    let own = &doc.provisions.get(doc.section_of(provision))?.number;
    let (title, _) = own.split_once(':')?;
    (!title.is_empty() && title.bytes().all(|b| b.is_ascii_alphanumeric()))
        .then(|| format!("{title}:{number}"))
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
