//! End-to-end: the editing aids of `lexls serve` on the NYC Local Law 144 example —
//! completion of provision numbers, document links, workspace symbols, "cited by" code
//! lenses, inlay hints (enabled through `workspace/configuration`), folding ranges, and the
//! dynamically registered file watcher.

use lexls_tests::{LspClient, example, position_of};
use serde_json::json;

#[test]
fn completion_links_symbols_lenses_hints_and_folds() {
    let root = example("nyc-ll144");
    let mut client = LspClient::start(&[("LEXLS_MODEL_DIR", "/nonexistent/lexls-model")]);
    // Inlay hints are off by default; the client's settings turn them on.
    client.settings = json!({"editor": {"inlay_hints": true}});
    client.initialize(&root, json!({}));
    client.wait_indexed();
    assert!(
        client
            .server_requests
            .iter()
            .any(|m| m == "workspace/configuration"),
        "{:?}",
        client.server_requests
    );
    assert!(
        client
            .server_requests
            .iter()
            .any(|m| m == "client/registerCapability"),
        "{:?}",
        client.server_requests
    );

    let policy = root.join("policy/acme-aedt-hiring-policy.md");
    let (uri, text) = client.open(&policy);

    // Completion right after `§ 20-87` offers §§ 20-870–20-874 with their headings.
    let pos = position_of(&text, "§ 20-871(b) no less", 0, "§ 20-87".chars().count());
    let items = client.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": uri}, "position": pos}),
    );
    let items = items.as_array().expect("completion items");
    let labels: Vec<&str> = items.iter().filter_map(|i| i["label"].as_str()).collect();
    assert_eq!(labels, ["20-870", "20-871", "20-872", "20-873", "20-874"]);
    assert_eq!(items[1]["detail"], "NYC Admin. Code § 20-871");
    assert_eq!(items[1]["textEdit"]["newText"], "20-871");

    // Document links for the resolved citations.
    let links = client.request(
        "textDocument/documentLink",
        json!({"textDocument": {"uri": uri}}),
    );
    let links = links.as_array().expect("links");
    assert!(
        links.iter().any(|l| l["target"]
            .as_str()
            .is_some_and(|t| t.contains("nyc-admin-code-20-871.md#L"))),
        "{links:?}"
    );

    // Workspace symbols by heading and by number.
    let found = client.request("workspace/symbol", json!({"query": "bias audit"}));
    let names: Vec<&str> = found
        .as_array()
        .expect("symbols")
        .iter()
        .filter_map(|s| s["name"].as_str())
        .collect();
    assert!(names.contains(&"6 RCNY § 5-301"), "{names:?}");

    // Inlay hints: the heading of the cited section after a bare citation.
    let end = text.lines().count();
    let hints = client.request(
        "textDocument/inlayHint",
        json!({"textDocument": {"uri": uri}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": end, "character": 0}}}),
    );
    let labels: Vec<&str> = hints
        .as_array()
        .expect("hints")
        .iter()
        .filter_map(|h| h["label"].as_str())
        .collect();
    assert!(
        labels.iter().any(|l| l.contains("Notice to Candidates")),
        "{labels:?}"
    );

    // Code lens on the statute's section heading and folding ranges.
    let statute = root.join("statute/nyc-admin-code-20-871.md");
    let (statute_uri, _) = client.open(&statute);
    let lenses = client.request(
        "textDocument/codeLens",
        json!({"textDocument": {"uri": statute_uri}}),
    );
    let title = lenses[0]["command"]["title"].as_str().unwrap_or_default();
    let count: usize = title
        .trim_start_matches("cited by ")
        .parse()
        .expect("cited by N");
    assert!(count >= 9, "{title}");
    let folds = client.request(
        "textDocument/foldingRange",
        json!({"textDocument": {"uri": statute_uri}}),
    );
    assert!(folds.as_array().is_some_and(|f| !f.is_empty()), "{folds}");
    assert!(client.shutdown());
}

#[test]
fn inlay_hints_are_off_by_default() {
    let root = example("nyc-ll144");
    let mut client = LspClient::start(&[("LEXLS_MODEL_DIR", "/nonexistent/lexls-model")]);
    client.initialize(&root, json!({}));
    client.wait_indexed();
    let policy = root.join("policy/acme-aedt-hiring-policy.md");
    let (uri, _) = client.open(&policy);
    let hints = client.request(
        "textDocument/inlayHint",
        json!({"textDocument": {"uri": uri}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 200, "character": 0}}}),
    );
    assert!(
        hints.is_null() || hints.as_array().is_some_and(Vec::is_empty),
        "{hints}"
    );
    assert!(client.shutdown());
}
