//! End-to-end: `lexls classifier train` and `lexls eval classifier` on a small question set
//! of the repository.

use std::process::Command;

use lexls_tests::{fixture, lexls_bin};
use serde_json::Value;

/// Runs `lexls eval classifier --json` with `args`; its report, or a panic with stderr.
fn eval_json(args: &[&std::ffi::OsStr]) -> Value {
    let out = Command::new(lexls_bin())
        .args(["eval", "classifier", "--json"])
        .args(args)
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON report")
}

#[test]
fn train_then_evaluate_a_model_and_the_builtin_one() {
    let data = fixture("complexity").join("questions.csv");
    let dir = tempfile::tempdir().expect("tempdir");
    let model = dir.path().join("model.json");
    let out = Command::new(lexls_bin())
        .args(["classifier", "train", "--data"])
        .arg(&data)
        .arg("--out")
        .arg(&model)
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("3 classes"), "{stdout}");
    assert!(stdout.contains("vocabulary"), "{stdout}");

    let report = eval_json(&[
        "--model".as_ref(),
        model.as_os_str(),
        "--data".as_ref(),
        data.as_os_str(),
    ]);
    // Scored on its own training set: near perfect.
    assert!(report["macro_f1"].as_f64().expect("f1") > 0.9, "{report}");
    assert_eq!(report["confusion"].as_array().map(Vec::len), Some(3));

    // The built-in model, 2 classes.
    let report = eval_json(&[
        "--classes".as_ref(),
        "2".as_ref(),
        "--data".as_ref(),
        data.as_os_str(),
    ]);
    assert_eq!(report["classes"], 2);
    assert!(report["macro_f1"].as_f64().expect("f1") > 0.8, "{report}");
}

#[test]
fn bad_input_exits_nonzero_with_the_line() {
    let bad = fixture("complexity").join("bad-label.csv");
    let out = Command::new(lexls_bin())
        .args(["eval", "classifier", "--data"])
        .arg(&bad)
        .output()
        .expect("runs");
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("line 3"), "{stderr}");
    assert!(stderr.contains("label `5`"), "{stderr}");

    let out = Command::new(lexls_bin())
        .args([
            "eval",
            "classifier",
            "--model",
            "/nonexistent/model.json",
            "--data",
        ])
        .arg(fixture("complexity").join("questions.csv"))
        .output()
        .expect("runs");
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("/nonexistent/model.json"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
