//! End-to-end: `lexls eval retrieval --folds K` on SARA (Internal Revenue Code sections of
//! `shared/corpora/sara-v1`, queries built from its cases with the citations removed).

use std::path::{Path, PathBuf};
use std::process::Command;

use lexls_tests::{lexls_bin, repo_root};
use serde_json::Value;

/// The shared data folder: the nearest `shared/` with `corpora/` above the repository.
fn shared() -> PathBuf {
    let root = repo_root();
    root.ancestors()
        .map(|a| a.join("shared"))
        .find(|s| s.join("corpora/sara-v1").is_dir())
        .unwrap_or_else(|| panic!("no shared/corpora/sara-v1 above {}", root.display()))
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for entry in std::fs::read_dir(from).expect("read_dir").flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "md") {
            std::fs::copy(&path, to.join(entry.file_name())).expect("copy");
        }
    }
}

/// Class: the cross-validation report a developer reads. The first 48 real SARA cases (with
/// the tax-liability cases among them dropped), BM25 settings only: every question is
/// measured once, the folds partition them, each stage is reported on and off, and held-out
/// MRR@10 beats a random ranking of the nine sections (≈ 0.31).
#[test]
fn sara_cross_validation_reports_held_out_figures_per_stage() {
    let shared = shared();
    let dir = tempfile::tempdir().expect("tempdir");
    let index = tempfile::tempdir().expect("index tempdir");
    copy_dir(
        &shared.join("corpora/sara-v1/sections"),
        &dir.path().join("sections"),
    );
    let cases = std::fs::read_to_string(shared.join("corpora/sara-v1/cases.jsonl")).expect("cases");
    let entailment: Vec<&str> = cases
        .lines()
        .filter(|l| l.contains("\"kind\": \"entailment\""))
        .take(48)
        .collect();
    let liability = cases
        .lines()
        .find(|l| l.contains("\"kind\": \"tax_liability\""))
        .expect("a tax-liability case");
    let subset = dir.path().join("cases.jsonl");
    std::fs::write(&subset, format!("{}\n{liability}\n", entailment.join("\n"))).expect("write");
    let out = Command::new(lexls_bin())
        .args(["eval", "retrieval", "--no-dense", "--folds", "3", "--json"])
        .arg("--corpus")
        .arg(dir.path())
        .arg("--sara-cases")
        .arg(&subset)
        .env("LEXLS_INDEX_DIR", index.path())
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains("1 cases left out: tax_liability"),
        "{stderr}"
    );
    let report: Value = serde_json::from_slice(&out.stdout).expect("JSON report");
    assert_eq!(report["folds"], 3);
    assert_eq!(report["settings"], 32);
    let set = &report["sets"][0];
    assert_eq!(set["queries"], 48);
    assert_eq!(set["tuned_alone"]["held_out"]["queries"], 48);
    let folds = set["tuned_alone"]["folds"].as_array().expect("folds");
    let measured: u64 = folds
        .iter()
        .filter_map(|f| f["measured"]["queries"].as_u64())
        .sum();
    assert_eq!(measured, 48, "the folds partition the questions");
    let mrr = set["tuned_alone"]["held_out"]["mrr@10"]
        .as_f64()
        .expect("mrr");
    assert!(mrr > 0.4 && mrr <= 1.0, "held-out MRR@10 {mrr}");
    let stages: Vec<&str> = set["stages"]
        .as_array()
        .expect("stages")
        .iter()
        .filter_map(|s| s["stage"].as_str())
        .collect();
    assert_eq!(
        stages,
        [
            "rewrites",
            "knowledge graph",
            "classifier k/Q/K/S",
            "authority weighting",
            "RM3 feedback"
        ]
    );
}
