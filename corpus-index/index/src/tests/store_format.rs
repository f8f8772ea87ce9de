//! The stored documents are parse results: when parsing changes, the documents of a store
//! written before must not be trusted, so [`ANALYSIS_REVISION`] has to change with it (a
//! change of `lexls-syntax`'s sources also changes the stored analysis key on its own, but
//! parse results can change through code outside it). This test hashes what the parser makes
//! of the repository's fixture workspaces (D.C. Code, USLM, Akoma Ntoso, Federal Register,
//! HTML, Markdown) and compares it with the hash recorded for the current revision in
//! `parse-fingerprint.txt`: a parse change that keeps the revision fails here, with the line
//! to record once the revision is bumped.

use std::path::{Path, PathBuf};

use crate::config::Config;
use crate::engine::Engine;
use crate::search::store::ANALYSIS_REVISION;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// BLAKE3 (hex) of every document parsed from the workspaces, in path order, with the
/// absolute path left out (it depends on where the repository is checked out).
fn parse_fingerprint() -> String {
    let mut hasher = blake3::Hasher::new();
    for workspace in [
        "tests/fixtures/dc-code",
        "tests/fixtures/markup",
        "tests/fixtures/scopes",
        "tests/fixtures/eu-ai-gdpr",
        "examples/nyc-ll144",
    ] {
        let snap = Engine::scan_in_memory(&repo().join(workspace), Config::default())
            .unwrap_or_else(|e| panic!("{workspace}: {e}"));
        let mut docs: Vec<_> = snap.docs.iter().collect();
        docs.sort_by(|a, b| a.rel_path.cmp(&b.rel_path));
        for doc in docs {
            let mut doc = (**doc).clone();
            doc.path = PathBuf::new();
            let bytes = postcard::to_allocvec(&doc).unwrap_or_else(|e| panic!("{e}"));
            hasher.update(workspace.as_bytes());
            hasher.update(&(bytes.len() as u64).to_le_bytes());
            hasher.update(&bytes);
        }
    }
    hasher.finalize().to_hex().to_string()
}

#[test]
fn parse_results_change_only_with_the_analysis_revision() {
    let recorded = include_str!("parse-fingerprint.txt").trim();
    let revision = format!("analysis-{ANALYSIS_REVISION}");
    let now = format!("{revision} {}", parse_fingerprint());
    let (version, _) = recorded.split_once(' ').unwrap_or((recorded, ""));
    if version == revision {
        assert_eq!(
            recorded, now,
            "parse results changed, but ANALYSIS_REVISION did not: documents stored before would \
             be trusted. Bump ANALYSIS_REVISION (search/store.rs), then write the line this \
             test prints to corpus-index/index/src/tests/parse-fingerprint.txt"
        );
    } else {
        panic!(
            "ANALYSIS_REVISION is {ANALYSIS_REVISION}, parse-fingerprint.txt records {version}: \
             write `{now}` to corpus-index/index/src/tests/parse-fingerprint.txt"
        );
    }
}
