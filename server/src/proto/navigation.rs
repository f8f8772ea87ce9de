//! Hover, definition, references, document and workspace symbols, document links.

use lexls_ide::features::{self, Symbol, SymbolKind, editing};
use lexls_index::workspace::Snapshot;
use tower_lsp_server::ls_types::{
    self as lsp, DocumentLink, DocumentSymbol, DocumentSymbolResponse, GotoDefinitionResponse,
    Hover, HoverContents, MarkupContent, MarkupKind, OneOf, WorkspaceSymbol,
    WorkspaceSymbolResponse,
};

use super::{Doc, location};

/// A hover: Markdown over the span hovered.
pub fn hover(doc: &Doc<'_>, hover: features::Hover) -> Hover {
    Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: hover.markdown,
        }),
        range: Some(doc.range(&hover.span)),
    }
}

/// The definition: one location.
pub fn definition(doc: &Doc<'_>, target: &features::Location) -> Option<GotoDefinitionResponse> {
    doc.location(target).map(GotoDefinitionResponse::Scalar)
}

/// References: their locations (those whose document is gone are left out).
pub fn references(doc: &Doc<'_>, found: &[features::Location]) -> Vec<lsp::Location> {
    found.iter().filter_map(|l| doc.location(l)).collect()
}

/// The outline of a document, nested.
pub fn document_symbols(doc: &Doc<'_>, symbols: Vec<Symbol>) -> DocumentSymbolResponse {
    DocumentSymbolResponse::Nested(nested_symbols(doc, symbols))
}

fn nested_symbols(doc: &Doc<'_>, symbols: Vec<Symbol>) -> Vec<DocumentSymbol> {
    symbols
        .into_iter()
        .map(|s| {
            #[allow(deprecated)]
            DocumentSymbol {
                name: s.name,
                detail: s.detail,
                kind: match s.kind {
                    SymbolKind::Section => lsp::SymbolKind::MODULE,
                    SymbolKind::Subsection => lsp::SymbolKind::NAMESPACE,
                    SymbolKind::Definition => lsp::SymbolKind::CONSTANT,
                },
                tags: None,
                deprecated: None,
                range: doc.range(&s.span),
                selection_range: doc.range(&s.selection),
                children: Some(nested_symbols(doc, s.children)),
            }
        })
        .collect()
}

/// Sections matching a workspace symbol query, as namespaces whose container is the heading.
pub fn workspace_symbols(
    snap: &Snapshot,
    found: Vec<editing::WorkspaceSymbol>,
) -> WorkspaceSymbolResponse {
    WorkspaceSymbolResponse::Nested(
        found
            .into_iter()
            .filter_map(|s| {
                Some(WorkspaceSymbol {
                    name: s.name,
                    kind: lsp::SymbolKind::NAMESPACE,
                    tags: None,
                    container_name: s.heading,
                    location: OneOf::Left(location(snap, &s.location)?),
                    data: None,
                })
            })
            .collect(),
    )
}

/// Document links: each resolved citation to `file://…#L<line>` of the cited provision
/// (the line, one-based, opens the provision in most clients; the bare URI when the
/// fragment does not parse).
pub fn document_links(doc: &Doc<'_>, links: Vec<editing::Link>) -> Vec<DocumentLink> {
    links
        .into_iter()
        .filter_map(|link| {
            let target = doc.location(&link.target)?;
            let with_line = format!("{}#L{}", target.uri.as_str(), target.range.start.line + 1);
            Some(DocumentLink {
                range: doc.range(&link.span),
                target: with_line.parse().ok().or(Some(target.uri)),
                tooltip: Some(link.tooltip),
                data: None,
            })
        })
        .collect()
}
