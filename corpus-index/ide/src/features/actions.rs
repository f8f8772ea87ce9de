//! Code actions on a selection: the fixes of the diagnostics the selection touches, and a
//! question about the selected text.

use std::ops::Range;

use lexls_index::resolve::DocId;
use lexls_index::workspace::Snapshot;

use super::diagnostics::{Diagnostic, diagnostics};

/// What an editor can offer on a selection of a document.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CodeActions {
    /// The diagnostics that touch the selection and have fixes, in document order; each of
    /// their [`Diagnostic::fixes`] is one quick fix, the first the preferred one.
    pub fixes: Vec<Diagnostic>,
    /// The selected text, when the selection is not empty: what "ask about the selection"
    /// asks about.
    pub selection: Option<String>,
}

/// The code actions on `selection` (a byte range of the document's text; an empty range is
/// the cursor). A diagnostic touches the selection when their spans overlap or meet, so that
/// the cursor at either end of a citation gets its fixes. A range past the end of the text
/// is cut to the text; one that ends before it starts is empty.
pub fn code_actions(snap: &Snapshot, doc_id: DocId, selection: Range<usize>) -> CodeActions {
    let Some(doc) = snap.docs.get(doc_id) else {
        return CodeActions::default();
    };
    let start = selection.start.min(doc.text.len());
    let end = selection.end.clamp(start, doc.text.len());
    let fixes = diagnostics(snap, doc_id)
        .into_iter()
        .filter(|d| !d.fixes.is_empty() && d.span.end >= start && d.span.start <= end)
        .collect();
    let selection = (end > start)
        .then(|| doc.text.get(start..end).map(str::to_string))
        .flatten();
    CodeActions { fixes, selection }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lexls_index::config::Config;
    use lexls_index::engine::Engine;
    use std::path::Path;

    fn nyc_policy() -> (Snapshot, DocId) {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/nyc-ll144");
        let snap = Engine::scan_in_memory(&root, Config::load(&root).unwrap_or_default())
            .expect("example workspace opens");
        let id = snap
            .docs
            .iter()
            .position(|d| d.rel_path == "policy/acme-aedt-hiring-policy.md")
            .expect("the policy");
        (snap, id)
    }

    #[test]
    fn the_cursor_on_a_citation_that_does_not_resolve_offers_its_fixes() {
        // "civil penalties under § 20-875": the code has §§ 20-870–20-874.
        let (snap, id) = nyc_policy();
        let text = &snap.docs[id].text;
        let at = text.find("§ 20-875").expect("the broken citation");
        for cursor in [at, at + "§ 20-875".len()] {
            let actions = code_actions(&snap, id, cursor..cursor);
            assert_eq!(actions.fixes.len(), 1, "{actions:?}");
            let fixes = &actions.fixes[0].fixes;
            assert!(
                fixes.iter().any(|f| f.replacement.contains("20-874")),
                "{fixes:?}"
            );
            assert_eq!(actions.selection, None);
        }
        // A paragraph before it gets no fix of it.
        let before = text.find("(a) Every candidate").expect("paragraph");
        let actions = code_actions(&snap, id, before..before + 10);
        assert!(actions.fixes.is_empty(), "{actions:?}");
    }

    #[test]
    fn a_selection_is_offered_as_the_context_of_a_question() {
        let (snap, id) = nyc_policy();
        let text = &snap.docs[id].text;
        let start = text.find("(a) Every candidate").expect("paragraph");
        let end = text.find("(b) The notice states").expect("next paragraph");
        let actions = code_actions(&snap, id, start..end);
        let selected = actions.selection.expect("the selected text");
        assert!(selected.contains("ten business days"), "{selected}");
        // Ranges past the end or reversed give no selection and do not panic.
        let len = text.len();
        assert_eq!(code_actions(&snap, id, len + 5..len + 50).selection, None);
        assert_eq!(code_actions(&snap, id, end..start).selection, None);
        assert_eq!(
            code_actions(&snap, usize::MAX, 0..1),
            CodeActions::default()
        );
    }
}
