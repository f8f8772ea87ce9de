//! The stored documents are parse results: when parsing changes, a store written before
//! must not be trusted, so [`FORMAT_VERSION`] has to change with it. This test hashes what
//! the parser makes of the repository's fixture workspaces (D.C. Code, USLM, Akoma Ntoso,
//! Federal Register, HTML, Markdown) and compares it with the hash recorded for the current
//! format version in `parse-fingerprint.txt`: a parser change that keeps the version fails
//! here, with the line to record once the version is bumped.

use std::path::{Path, PathBuf};

use crate::config::Config;
use crate::engine::Engine;
use crate::search::store::FORMAT_VERSION;

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
fn parse_results_change_only_with_the_store_format_version() {
    let recorded = include_str!("parse-fingerprint.txt").trim();
    let now = format!("{FORMAT_VERSION} {}", parse_fingerprint());
    let (version, _) = recorded.split_once(' ').unwrap_or((recorded, ""));
    if version == FORMAT_VERSION {
        assert_eq!(
            recorded, now,
            "parse results changed, but FORMAT_VERSION did not: stores written before would be \
             trusted. Bump FORMAT_VERSION (search/store.rs), then write the line this test \
             prints to corpus-index/index/src/tests/parse-fingerprint.txt"
        );
    } else {
        panic!(
            "FORMAT_VERSION is {FORMAT_VERSION}, parse-fingerprint.txt records {version}: write \
             `{now}` to corpus-index/index/src/tests/parse-fingerprint.txt"
        );
    }
}
