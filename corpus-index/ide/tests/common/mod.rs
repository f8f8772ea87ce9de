//! Shared by the LLM answer tests (scripted and real servers).

use lexls_ide::ask::AskResult;
use lexls_ide::ask::generate::REMOVED;

/// What must hold whatever the model said: every citation of the answer resolves and is
/// supported (the sources list included), and removed ones are named in the warnings.
pub fn assert_verified(result: &AskResult) {
    for c in &result.citations {
        assert!(
            c.resolved && c.supported,
            "unverified citation `{}` in the answer:\n{}",
            c.text,
            result.answer
        );
    }
    if result.answer.contains(REMOVED) {
        assert!(
            result
                .warnings
                .iter()
                .any(|w| w.starts_with("removed the citation")),
            "{:?}",
            result.warnings
        );
    }
}
