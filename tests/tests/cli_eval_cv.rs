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

/// A workspace of the SARA sections and a case file of the first 48 real entailment cases
/// and one tax-liability case (`(dir, cases file)`).
fn sara_subset() -> (tempfile::TempDir, PathBuf) {
    let shared = shared();
    let dir = tempfile::tempdir().expect("tempdir");
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
    (dir, subset)
}

/// `lexls eval retrieval --no-dense --folds 3 --json --grid <grid>` on [`sara_subset`]: the
/// report and stderr.
fn cross_validate(grid: &str) -> (Value, String) {
    let (dir, subset) = sara_subset();
    let index = tempfile::tempdir().expect("index tempdir");
    let out = Command::new(lexls_bin())
        .args([
            "eval",
            "retrieval",
            "--no-dense",
            "--folds",
            "3",
            "--json",
            "--grid",
            grid,
        ])
        .arg("--corpus")
        .arg(dir.path())
        .arg("--sara-cases")
        .arg(&subset)
        .env("LEXLS_INDEX_DIR", index.path())
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{stderr}");
    (
        serde_json::from_slice(&out.stdout).expect("JSON report"),
        stderr,
    )
}

/// The stages of a set's report, in order.
fn stages(set: &Value) -> Vec<&str> {
    set["stages"]
        .as_array()
        .expect("stages")
        .iter()
        .filter_map(|s| s["stage"].as_str())
        .collect()
}

/// Class: the cross-validation report a developer reads. The first 48 real SARA cases (with
/// the tax-liability cases among them dropped), BM25 settings only: every question is
/// measured once, the folds partition them, each stage is reported on and off, and held-out
/// MRR@10 beats a random ranking of the nine sections (≈ 0.31).
#[test]
fn sara_cross_validation_reports_held_out_figures_per_stage() {
    let (report, stderr) = cross_validate("stages");
    assert!(
        stderr.contains("1 cases left out: tax_liability"),
        "{stderr}"
    );
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
    assert_eq!(
        stages(set),
        [
            "rewrites",
            "knowledge graph",
            "classifier k/Q/K/S",
            "authority weighting",
            "RM3 feedback"
        ]
    );
}

/// Class: the BM25 items of issue 12 cross-validated on the same subset without a model
/// (240 settings): the analysis, BM25F and proximity are each reported on and off, and the
/// held-out figure of the best settings beats a random ranking.
#[test]
fn the_bm25_grid_reports_each_item_on_and_off() {
    let (report, _) = cross_validate("bm25");
    assert_eq!(report["settings"], 240);
    let set = &report["sets"][0];
    assert_eq!(set["tuned_alone"]["held_out"]["queries"], 48);
    assert_eq!(stages(set), ["BM25F fields", "legal analysis", "proximity"]);
    for stage in set["stages"].as_array().expect("stages") {
        for side in ["on", "off"] {
            let mrr = stage[side]["mrr@10"].as_f64().expect("mrr");
            assert!(mrr > 0.4 && mrr <= 1.0, "{stage}");
        }
    }
}
