//! The invariants every parsed [`Document`] keeps, checked by the parser tests and the
//! property-based fuzzing: spans inside the text and on character boundaries, a provision
//! tree in document order and well nested, notes and citations in order.

use std::ops::Range;

use crate::citation::Citation;
use crate::model::{Document, Format, MAX_DEPTH};

/// What breaks the invariants of `doc`, parsed from `src` (empty when nothing does).
pub fn violations(doc: &Document, src: &str) -> Vec<String> {
    let mut out = Vec::new();
    let text = &doc.text;
    let span_ok = |what: &str, r: &Range<usize>, out: &mut Vec<String>| {
        if r.start > r.end || r.end > text.len() {
            out.push(format!("{what} {r:?} is outside the text ({})", text.len()));
        } else if !text.is_char_boundary(r.start) || !text.is_char_boundary(r.end) {
            out.push(format!("{what} {r:?} is not on character boundaries"));
        }
    };
    if matches!(doc.format, Format::Xml | Format::Html) {
        if text.len() != src.len() {
            out.push(format!(
                "the text view has {} bytes, the file {}",
                text.len(),
                src.len()
            ));
        }
        if text.lines().count() != src.lines().count() {
            out.push("the text view has other lines than the file".into());
        }
    }
    let mut last_root_end = 0;
    let mut last_start = 0;
    for (i, p) in doc.provisions.iter().enumerate() {
        let what = format!("provision {i} ({})", p.number);
        span_ok(&what, &p.span, &mut out);
        span_ok(&format!("{what} label"), &p.label_span, &mut out);
        if p.label_span.start < p.span.start || p.label_span.end > p.span.end {
            out.push(format!(
                "{what}: label {:?} outside span {:?}",
                p.label_span, p.span
            ));
        }
        if p.span.start < last_start {
            out.push(format!("{what} starts before the provision before it"));
        }
        last_start = p.span.start;
        if p.number.is_empty() {
            out.push(format!("{what} has no number"));
        }
        if p.depth > MAX_DEPTH {
            out.push(format!("{what} lies {} levels deep", p.depth));
        }
        match p.parent {
            None => {
                if p.depth != 0 || p.style.is_some() {
                    out.push(format!("{what}: a section with depth or style"));
                }
                if p.span.start < last_root_end {
                    out.push(format!("{what}: sections overlap"));
                }
                last_root_end = last_root_end.max(p.span.end);
            }
            Some(parent) => {
                let Some(q) = doc.provisions.get(parent) else {
                    out.push(format!("{what}: parent {parent} does not exist"));
                    continue;
                };
                if parent >= i {
                    out.push(format!("{what}: parent {parent} comes after it"));
                }
                if p.depth != q.depth + 1 {
                    out.push(format!("{what}: depth {} under {}", p.depth, q.depth));
                }
                if p.span.start < q.span.start || p.span.end > q.span.end {
                    out.push(format!(
                        "{what}: span {:?} outside parent's {:?}",
                        p.span, q.span
                    ));
                }
                if !q.children.contains(&i) {
                    out.push(format!("{what}: not among its parent's children"));
                }
            }
        }
        for pair in p.children.windows(2) {
            let (a, b) = (&doc.provisions[pair[0]], &doc.provisions[pair[1]]);
            if a.span.end > b.span.start {
                out.push(format!("{what}: children {pair:?} overlap"));
            }
        }
        for &c in &p.children {
            if doc.provisions.get(c).and_then(|c| c.parent) != Some(i) {
                out.push(format!("{what}: child {c} has another parent"));
            }
        }
    }
    let mut last_note_end = 0;
    for (i, n) in doc.notes.iter().enumerate() {
        span_ok(&format!("note {i}"), &n.span, &mut out);
        if n.span.start < last_note_end {
            out.push(format!("note {i} overlaps the one before it"));
        }
        last_note_end = n.span.end;
        if n.provision.is_some_and(|p| p >= doc.provisions.len()) {
            out.push(format!(
                "note {i} annotates a provision that does not exist"
            ));
        }
    }
    out.extend(citation_violations(&doc.citations, text));
    for (i, d) in doc.definitions.iter().enumerate() {
        span_ok(&format!("definition {i}"), &d.span, &mut out);
    }
    for (i, p) in doc.problems.iter().enumerate() {
        span_ok(&format!("problem {i}"), &p.span, &mut out);
    }
    for (i, c) in doc.contents.iter().enumerate() {
        span_ok(&format!("container {i}"), &c.span, &mut out);
        if c.parent.is_some_and(|p| p >= i) {
            out.push(format!("container {i}: parent comes after it"));
        }
    }
    out
}

/// What breaks the invariants of citations extracted from `text`: each item's span lies in
/// the text on character boundaries and inside its phrase (`group`), items are in order of
/// position and do not overlap.
pub fn citation_violations(citations: &[Citation], text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut last_end = 0;
    for (i, c) in citations.iter().enumerate() {
        for (what, r) in [("span", &c.span), ("group", &c.group)] {
            if r.start > r.end || r.end > text.len() {
                out.push(format!("citation {i}: {what} {r:?} outside the text"));
            } else if !text.is_char_boundary(r.start) || !text.is_char_boundary(r.end) {
                out.push(format!(
                    "citation {i}: {what} {r:?} not on character boundaries"
                ));
            }
        }
        if c.span.start < c.group.start || c.span.end > c.group.end {
            out.push(format!(
                "citation {i}: span {:?} outside its phrase {:?}",
                c.span, c.group
            ));
        }
        if c.span.start < last_end {
            out.push(format!(
                "citation {i} at {:?} overlaps or precedes the one before it (ending at {last_end})",
                c.span
            ));
        }
        last_end = last_end.max(c.span.end);
        if c.antecedent.is_some_and(|a| a >= i) {
            out.push(format!(
                "citation {i}: its antecedent does not come before it"
            ));
        }
    }
    out
}
