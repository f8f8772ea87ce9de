//! End-to-end: `lexls serve` told to keep its index in the workspace (issue 14) says it will
//! not, keeps the index in memory, goes on answering, and leaves every file of the
//! repository as it was.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use lexls_tests::{LspClient, example_copy};
use serde_json::json;

/// Every file under `dir` (relative path → bytes).
fn files(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for entry in std::fs::read_dir(&d).expect("list").filter_map(Result::ok) {
            let path = entry.path();
            if entry.file_type().expect("type").is_dir() {
                todo.push(path);
            } else {
                let rel = path.strip_prefix(dir).expect("under dir").to_path_buf();
                out.insert(rel, std::fs::read(&path).expect("read"));
            }
        }
    }
    out
}

#[test]
fn an_index_dir_in_the_workspace_is_refused_and_the_server_answers_from_memory() {
    let ws = example_copy("nyc-ll144");
    std::fs::create_dir_all(ws.path().join(".git")).expect("mkdir");
    std::fs::write(ws.path().join(".git/HEAD"), "ref: refs/heads/main\n").expect("write");
    std::fs::write(ws.path().join("store"), "not a sled database\n").expect("write");
    let before = files(ws.path());
    let ws_path = ws.path().display().to_string();
    let mut client = LspClient::start(&[
        ("LEXLS_MODEL_DIR", "/nonexistent/lexls-model"),
        ("LEXLS_INDEX_DIR", &ws_path),
    ]);
    client.initialize(ws.path(), json!({}));
    let shown = client.wait_notification("window/showMessage", |p| {
        p["message"]
            .as_str()
            .is_some_and(|m| m.contains("is the workspace"))
    });
    let message = shown["message"].as_str().unwrap_or_default();
    assert_eq!(shown["type"], 1, "an error: {message}");
    assert!(message.contains("in memory"), "{message}");
    client.wait_indexed();

    let status = client.request("lexls/status", serde_json::Value::Null);
    assert_eq!(status["indexDir"], serde_json::Value::Null, "{status}");
    assert!(
        status["documents"].as_u64().is_some_and(|n| n >= 10),
        "{status}"
    );
    let symbols = client.request("workspace/symbol", json!({"query": "20-871"}));
    assert!(
        symbols.as_array().is_some_and(|s| s
            .iter()
            .any(|s| s["name"].as_str().is_some_and(|n| n.contains("20-871")))),
        "{symbols}"
    );
    assert!(client.shutdown(), "the server shuts down cleanly");
    assert!(files(ws.path()) == before, "the repository is unchanged");
}
