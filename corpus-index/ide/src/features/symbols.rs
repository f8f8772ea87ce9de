//! The outline of a document: sections and their subsections.

use std::ops::Range;

use lexls_syntax::model::{Document, LabelStyle, ProvisionId};

/// What a symbol is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SymbolKind {
    /// A section, article, annex or recital.
    Section,
    /// A subsection at any depth.
    Subsection,
    /// A defined-term paragraph.
    Definition,
}

/// An outline entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Symbol {
    /// `§ 20-871`, `(b)`, `Bias audit`.
    pub name: String,
    /// The heading.
    pub detail: Option<String>,
    /// Section, subsection or definition.
    pub kind: SymbolKind,
    /// The whole provision.
    pub span: Range<usize>,
    /// The label line.
    pub selection: Range<usize>,
    /// Nested provisions.
    pub children: Vec<Symbol>,
    /// The provision.
    pub provision: ProvisionId,
}

/// The outline of `doc`.
pub fn document_symbols(doc: &Document) -> Vec<Symbol> {
    doc.sections().map(|s| symbol(doc, s)).collect()
}

fn symbol(doc: &Document, id: ProvisionId) -> Symbol {
    let p = &doc.provisions[id];
    let (name, kind) = match p.style {
        None => (
            format!("{}{}", p.unit.prefix(), p.number),
            SymbolKind::Section,
        ),
        Some(LabelStyle::Definition) => (p.number.to_string(), SymbolKind::Definition),
        Some(_) => (format!("({})", p.number), SymbolKind::Subsection),
    };
    Symbol {
        name,
        detail: p.heading.clone(),
        kind,
        span: p.span.clone(),
        selection: p.label_span.clone(),
        children: p.children.iter().map(|&c| symbol(doc, c)).collect(),
        provision: id,
    }
}
