//! Completion, code lens, inlay hints and folding ranges.

use std::ops::Range;

use lexls_ide::features::editing::{CitedBy, Completion, InlayHint};
use tower_lsp_server::ls_types::{
    self as lsp, CodeLens, Command, CompletionItem, CompletionItemKind, CompletionItemLabelDetails,
    CompletionResponse, CompletionTextEdit, Documentation, FoldingRange, FoldingRangeKind,
    InlayHintLabel, TextEdit,
};

use super::Doc;

/// Completion items in the core's order (kept by `sortText`): the number as label and
/// text, the full citation as detail, the heading as description and documentation.
/// `None` when nothing is offered.
pub fn completion(doc: &Doc<'_>, offered: Vec<Completion>) -> Option<CompletionResponse> {
    let items: Vec<CompletionItem> = offered
        .into_iter()
        .enumerate()
        .map(|(i, c)| CompletionItem {
            label: c.number.clone(),
            kind: Some(CompletionItemKind::REFERENCE),
            detail: Some(c.citation),
            label_details: c.heading.as_ref().map(|h| CompletionItemLabelDetails {
                detail: None,
                description: Some(h.clone()),
            }),
            documentation: c.heading.map(Documentation::String),
            sort_text: Some(format!("{i:05}")),
            filter_text: Some(c.number.clone()),
            text_edit: Some(CompletionTextEdit::Edit(TextEdit {
                range: doc.range(&c.replace),
                new_text: c.number,
            })),
            ..CompletionItem::default()
        })
        .collect();
    (!items.is_empty()).then_some(CompletionResponse::Array(items))
}

/// "cited by N" over each section heading: a label without a command (references,
/// `textDocument/references`, list the citations).
pub fn code_lenses(doc: &Doc<'_>, counts: Vec<CitedBy>) -> Vec<CodeLens> {
    counts
        .into_iter()
        .map(|c| CodeLens {
            range: doc.range(&c.span),
            command: Some(Command {
                title: format!("cited by {}", c.count),
                command: String::new(),
                arguments: None,
            }),
            data: None,
        })
        .collect()
}

/// Inlay hints after citations, padded on the left.
pub fn inlay_hints(doc: &Doc<'_>, hints: Vec<InlayHint>) -> Vec<lsp::InlayHint> {
    hints
        .into_iter()
        .map(|h| lsp::InlayHint {
            position: doc.position(h.offset),
            label: InlayHintLabel::String(h.label),
            kind: None,
            text_edits: None,
            tooltip: None,
            padding_left: Some(true),
            padding_right: None,
            data: None,
        })
        .collect()
}

/// Folding ranges of provision spans: whole lines, up to the line before the next provision
/// starts; a span that covers a single line folds nothing.
pub fn folding_ranges(doc: &Doc<'_>, spans: Vec<Range<usize>>) -> Vec<FoldingRange> {
    spans
        .into_iter()
        .filter_map(|span| {
            let r = doc.range(&span);
            let end_line = if r.end.character == 0 {
                r.end.line.saturating_sub(1)
            } else {
                r.end.line
            };
            (end_line > r.start.line).then_some(FoldingRange {
                start_line: r.start.line,
                start_character: None,
                end_line,
                end_character: None,
                kind: Some(FoldingRangeKind::Region),
                collapsed_text: None,
            })
        })
        .collect()
}
