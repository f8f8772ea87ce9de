//! Akoma Ntoso 3.0 (OASIS LegalDocML, `http://docs.oasis-open.org/legaldocml/ns/akn/3.0`),
//! as exported by the EU (Formex → AKN) and other parliaments.
//!
//! `<article>` is an article, a `<section>` that holds no articles a section, `<recital>` a
//! recital; `<paragraph>`, `<subparagraph>`, `<point>`, `<indent>` and `<alinea>` that carry
//! a `<num>` are their subdivisions (`<list>` only groups points). Numbers come from the
//! `<num>` text (`Article 6` → `6`, `1.` → `1`, `(a)` → `a`), headings from `<heading>`.
//! The title is the preface's `<longTitle>` or `<docTitle>`; a code named there
//! (`Regulation (EU) 2024/1689`) is the namespace. Metadata, the table of contents and
//! quoted structures of other acts hold no provisions; authorial notes are
//! [`crate::model::Note`]s.

use crate::citation::codes;
use crate::model::{DocumentKind, Unit};

use super::markup::Markup;
use super::tree::{self, Role, Structure};

/// The namespace URI of Akoma Ntoso 3.0.
pub const AKN_3: &str = "http://docs.oasis-open.org/legaldocml/ns/akn/3.0";

/// Whether the root element `root` of `markup` is Akoma Ntoso.
pub fn is_akn(markup: &Markup, root: usize) -> bool {
    let e = &markup.elements[root];
    e.attr("xmlns")
        .is_some_and(|ns| ns.starts_with("http://docs.oasis-open.org/legaldocml/ns/akn/"))
        || e.name == "akomaNtoso"
}

/// Reads the provisions, title and code of an Akoma Ntoso file.
pub fn read(markup: &Markup) -> Structure {
    let Some(root) = markup.root() else {
        return Structure::default();
    };
    let title = ["longTitle", "docTitle"]
        .iter()
        .find_map(|name| markup.descendant(root, name))
        .map(|t| markup.text_of(t))
        .filter(|t| !t.is_empty());
    let code = title.as_deref().and_then(codes::find_code_in);
    let (has_article, in_article) = article_context(markup);
    let tree = tree::provisions(markup, |id| {
        let e = &markup.elements[id];
        match e.name.as_str() {
            "article" => Role::Section(Unit::Article),
            "recital" => Role::Section(Unit::Recital),
            "section" if !has_article[id] && !in_article[id] => Role::Section(Unit::Section),
            "paragraph" | "subparagraph" | "point" | "indent" | "alinea" => Role::Child,
            "authorialNote" => Role::Note,
            "quotedStructure" | "quotedText" | "embeddedStructure" => Role::Quoted,
            "meta" | "toc" | "components" | "attachments" => Role::Skip,
            _ => Role::Other,
        }
    });
    let kind = title.as_deref().map(|t| {
        let t = t.to_ascii_lowercase();
        if t.contains("implementing regulation") || t.contains("delegated regulation") {
            DocumentKind::Regulation
        } else {
            DocumentKind::Statute
        }
    });
    Structure {
        provisions: tree.provisions,
        notes: tree.notes,
        contents: Vec::new(),
        problems: tree.problems,
        title,
        code,
        kind,
    }
}

/// Per element: whether an `<article>` lies below it, and whether it lies inside one (one
/// pass each way over the elements, which are in document order: parents first).
fn article_context(markup: &Markup) -> (Vec<bool>, Vec<bool>) {
    let n = markup.elements.len();
    let mut has_article = vec![false; n];
    for id in (0..n).rev() {
        let e = &markup.elements[id];
        if let Some(p) = e.parent.filter(|&p| p < n)
            && (has_article[id] || e.name == "article")
        {
            has_article[p] = true;
        }
    }
    let mut in_article = vec![false; n];
    for id in 0..n {
        if let Some(p) = markup.elements[id].parent.filter(|&p| p < n) {
            in_article[id] = in_article[p] || markup.elements[p].name == "article";
        }
    }
    (has_article, in_article)
}
