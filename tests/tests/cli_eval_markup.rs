//! End-to-end: `lexls eval markup` on the real USLM excerpts of `tests/fixtures/markup` (a U.S.
//! Code section, two C.F.R. sections, a Federal Register rule; provenance in each file).

use std::process::Command;

use lexls_tests::{fixture, lexls_bin};
use serde_json::Value;

/// Class: the report a developer reads. Every corpus of the folder is reported with both
/// halves; the U.S. Code section's `Pub. L. 112–29` references are found; a packed file is
/// skipped with advice to unpack it, never read.
#[test]
fn markup_report_per_corpus_and_half_and_packed_files_skipped() {
    let dir = tempfile::tempdir().expect("tempdir");
    for name in ["usc35-s122.xml", "fr-2017-06-07-airspace-rule.xml"] {
        std::fs::copy(fixture("markup").join(name), dir.path().join(name)).expect("copy");
    }
    std::fs::write(dir.path().join("FR-2017-09-29-uslm.xml.xz"), b"\xfd7zXZ\0").expect("write");
    let out = Command::new(lexls_bin())
        .args(["eval", "markup", "--json", "--misses", "5"])
        .arg(dir.path())
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("unpack"), "{stderr}");
    let report: Value = serde_json::from_slice(&out.stdout).expect("JSON report");
    assert_eq!(report["files"], 2);
    let corpora = report["corpora"].as_array().expect("corpora");
    let names: Vec<&str> = corpora
        .iter()
        .filter_map(|c| c["corpus"].as_str())
        .collect();
    assert_eq!(names, ["U.S. Code", "Federal Register"]);
    let usc = &corpora[0];
    assert_eq!(usc["development"]["files"], 1);
    assert_eq!(usc["measuring"]["files"], 0);
    let pl = &usc["development"]["per_kind"]["public_law"];
    assert!(pl["references"].as_u64().unwrap_or(0) > 0);
    assert_eq!(pl["found"], pl["references"]);
    assert!(usc["development"]["precision"].is_null());
    // Misses are listed with the marked text and its context.
    for m in report["misses"].as_array().expect("misses") {
        let context = m["context"].as_str().unwrap_or("");
        let text = m["text"].as_str().unwrap_or("");
        assert!(!text.is_empty() && context.contains(text), "{m}");
    }
}
