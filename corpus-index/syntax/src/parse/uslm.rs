//! United States Legislative Markup (USLM 1.0 of the House's Office of the Law Revision
//! Counsel, `http://xml.house.gov/schemas/uslm/1.0`, and GPO's USLM 2.x for the C.F.R.,
//! `http://schemas.gpo.gov/xml/uslm`).
//!
//! `<section>` is a section numbered by its `<num value="…">` (`122`, `40.22`) and headed by
//! `<heading>`; `<subsection>`, `<paragraph>`, `<subparagraph>`, `<clause>`, `<subclause>`,
//! `<item>`, `<subitem>` and `<subsubitem>` are its subdivisions. Tables of contents hold no
//! provisions; quoted text of other acts (`<quotedContent>`, `<quotedText>`) holds none either
//! and is a [`crate::model::Note`] inside the quoting provision; notes (`<notes>` and each `<note>` in it,
//! `<sourceCredit>`, `<editorialNote>`, `<footnote>`) are [`crate::model::Note`]s, outside the
//! span of the section they close. The title number comes from `<meta><docNumber>` (or the root's
//! `identifier`, `/us/usc/t35`), giving the namespace `35 U.S.C.` or `27 C.F.R.`.

use crate::citation::codes;
use crate::model::{DocumentKind, Unit};

use super::markup::Markup;
use super::tree::{self, Role, Structure};

/// The namespace URI of USLM 1.0 (the U.S. Code).
pub const USLM_1: &str = "http://xml.house.gov/schemas/uslm/1.0";
/// The namespace URI of GPO's USLM 2.x (the C.F.R., bills).
pub const USLM_GPO: &str = "http://schemas.gpo.gov/xml/uslm";

/// Whether the root element `root` of `markup` is USLM.
pub fn is_uslm(markup: &Markup, root: usize) -> bool {
    let e = &markup.elements[root];
    e.attr("xmlns")
        .is_some_and(|ns| ns.starts_with(USLM_1) || ns.starts_with(USLM_GPO))
        || matches!(e.name.as_str(), "uscDoc" | "cfrDoc" | "lawDoc" | "bill")
}

/// Reads the provisions, title and code of a USLM file.
pub fn read(markup: &Markup) -> Structure {
    let Some(root) = markup.root() else {
        return Structure::default();
    };
    let root_el = &markup.elements[root];
    let identifier = root_el.attr("identifier").unwrap_or("");
    let cfr = root_el.name == "cfrDoc" || identifier.starts_with("/us/cfr");
    let meta = markup.child(root, "meta");
    let number = meta
        .and_then(|m| markup.child(m, "docNumber"))
        .map(|d| markup.text_of(d))
        .map(|n| n.trim_start_matches("Title").trim().to_string())
        .filter(|n| !n.is_empty())
        .or_else(|| {
            identifier
                .rsplit('/')
                .next()
                .and_then(|t| t.strip_prefix('t'))
                .map(str::to_string)
        });
    let code = number.and_then(|n| {
        let phrase = if cfr {
            format!("{n} C.F.R.")
        } else {
            format!("{n} U.S.C.")
        };
        codes::canonical_code(&phrase)
    });
    let dc_title = meta
        .and_then(|m| markup.child(m, "title"))
        .map(|t| markup.text_of(t));
    let main_heading = markup
        .child(root, "main")
        .and_then(|m| markup.child(m, "title"))
        .and_then(|t| markup.child(t, "heading"))
        .map(|h| markup.text_of(h));
    let title = match (dc_title, main_heading) {
        (Some(t), Some(h)) if !h.is_empty() => Some(format!("{t} — {h}")),
        (Some(t), _) => Some(t),
        (None, h) => h,
    }
    .filter(|t| !t.is_empty());
    let tree = tree::provisions(markup, |id| match markup.elements[id].name.as_str() {
        "section" => Role::Section(Unit::Section),
        "subsection" | "paragraph" | "subparagraph" | "clause" | "subclause" | "item"
        | "subitem" | "subsubitem" => Role::Child,
        "notes" => Role::Notes,
        "note" | "sourceCredit" | "editorialNote" | "footnote" => Role::Note,
        "quotedContent" | "quotedText" => Role::Quoted,
        "toc" | "meta" | "layout" => Role::Skip,
        _ => Role::Other,
    });
    Structure {
        provisions: tree.provisions,
        notes: tree.notes,
        contents: Vec::new(),
        problems: tree.problems,
        title,
        code,
        kind: Some(if cfr {
            DocumentKind::Regulation
        } else {
            DocumentKind::Statute
        }),
    }
}
