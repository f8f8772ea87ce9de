//! End-to-end: the editing aids of `lexls serve` on the NYC Local Law 144 example —
//! completion of provision numbers, document links, workspace symbols, "cited by" code
//! lenses, inlay hints (enabled through `workspace/configuration`), folding ranges, the
//! dynamically registered file watcher, and the editor's settings: changed without a
//! restart, and refused with the key and the reason when `.lexls.toml` would refuse them.

use lexls_tests::{LspClient, example, example_copy, position_of, uri};
use serde_json::json;

#[test]
fn completion_links_symbols_lenses_hints_and_folds() {
    let root = example("nyc-ll144");
    let mut client = LspClient::start(&[("LEXLS_MODEL_DIR", "/nonexistent/lexls-model")]);
    // Inlay hints are off by default; the client's settings turn them on.
    client.settings = json!({"editor": {"inlayHints": true}});
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

/// Names of the workspace symbols matching `query`.
fn symbols(client: &mut LspClient, query: &str) -> Vec<String> {
    let found = client.request("workspace/symbol", json!({ "query": query }));
    found
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|s| s["name"].as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// Inlay hints of the whole of `uri`.
fn hints(client: &mut LspClient, uri: &str) -> Vec<String> {
    let found = client.request(
        "textDocument/inlayHint",
        json!({"textDocument": {"uri": uri}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 400, "character": 0}}}),
    );
    found
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|h| h["label"].as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn changed_settings_apply_without_a_restart() {
    let workspace = example_copy("nyc-ll144");
    let root = workspace.path();
    let mut client = LspClient::start(&[("LEXLS_MODEL_DIR", "/nonexistent/lexls-model")]);
    client.initialize(root, json!({}));
    client.wait_indexed();
    let policy = root.join("policy/acme-aedt-hiring-policy.md");
    let (policy_uri, _) = client.open(&policy);
    assert!(hints(&mut client, &policy_uri).is_empty());
    assert!(symbols(&mut client, "5-301").contains(&"6 RCNY § 5-301".to_string()));

    // The editor's settings change: inlay hints on, the rules left out of the index.
    client.settings = json!({
        "editor": {"inlayHints": true},
        "index": {"exclude": ["PROVENANCE.md", "rules/**"]},
    });
    client.notifications.clear();
    client.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": {"lexls": client.settings.clone()}}),
    );
    client.wait_notification("window/showMessage", |p| {
        p["message"]
            .as_str()
            .is_some_and(|m| m.contains("settings changed"))
    });
    client.wait_indexed();
    // Hints now show, and none for a heading of the rules (6 RCNY § 5-304, "Notice to
    // Candidates and Employees"), which are out of the index.
    let labels = hints(&mut client, &policy_uri);
    assert!(
        labels.iter().any(|l| l.contains("Notice to candidates")),
        "{labels:?}"
    );
    assert!(
        !labels.iter().any(|l| l.contains("Notice to Candidates")),
        "{labels:?}"
    );
    assert!(symbols(&mut client, "5-301").is_empty());
    // The index on disk was reopened (not replaced by a temporary one in memory).
    let status = client.request("lexls/status", serde_json::Value::Null);
    assert!(status["indexDir"].is_string(), "{status}");
    // The document open in the editor is still indexed from the editor's text.
    assert!(
        !client
            .request(
                "textDocument/documentSymbol",
                json!({"textDocument": {"uri": policy_uri}})
            )
            .as_array()
            .is_none_or(Vec::is_empty)
    );

    // `.lexls.toml` edited on disk: the statute is left out instead of the rules.
    client.settings = json!({"editor": {"inlayHints": true}});
    let toml = root.join(".lexls.toml");
    std::fs::write(
        &toml,
        "[index]\nexclude = [\"PROVENANCE.md\", \"statute/**\"]\n",
    )
    .expect("settings written");
    client.notifications.clear();
    client.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": uri(&toml), "type": 2}]}),
    );
    client.wait_indexed();
    assert!(symbols(&mut client, "5-301").contains(&"6 RCNY § 5-301".to_string()));
    assert!(symbols(&mut client, "20-871").is_empty());

    // A broken `.lexls.toml` keeps the settings in force, and says so.
    std::fs::write(&toml, "[index\nexclude = ").expect("settings written");
    client.notifications.clear();
    client.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": uri(&toml), "type": 2}]}),
    );
    let shown = client.wait_notification("window/showMessage", |p| p["type"] == 1);
    let message = shown["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("previous settings stay in force"),
        "{message}"
    );
    assert!(symbols(&mut client, "5-301").contains(&"6 RCNY § 5-301".to_string()));
    assert!(client.shutdown());
}

/// The message the server showed with `type` 1 (error) and containing `needle`.
fn error_shown(client: &mut LspClient, needle: &str) -> String {
    let shown = client.wait_notification("window/showMessage", |p| {
        p["type"] == 1 && p["message"].as_str().is_some_and(|m| m.contains(needle))
    });
    shown["message"].as_str().unwrap_or_default().to_string()
}

#[test]
fn invalid_editor_settings_at_start_are_reported_and_none_of_them_applies() {
    let root = example("nyc-ll144");
    let mut client = LspClient::start(&[("LEXLS_MODEL_DIR", "/nonexistent/lexls-model")]);
    // `workspace/configuration` turns inlay hints on (camelCase, as the clients send it);
    // `initializationOptions` carry a weight outside [0, 1], which `.lexls.toml` refuses too.
    client.settings = json!({"editor": {"inlayHints": true}});
    client.initialize(&root, json!({"retrieval": {"alpha": 3}}));
    let message = error_shown(&mut client, "retrieval.alpha");
    assert!(
        message.contains("retrieval.alpha = 3 is outside [0, 1]"),
        "{message}"
    );
    assert!(message.contains("the editor's settings"), "{message}");
    client.wait_indexed();
    // The file's settings (none: the defaults) are in force: inlay hints stay off.
    let (policy_uri, _) = client.open(&root.join("policy/acme-aedt-hiring-policy.md"));
    assert!(hints(&mut client, &policy_uri).is_empty());
    assert!(client.shutdown());
}

#[test]
fn an_invalid_change_of_the_editor_settings_keeps_the_last_valid_ones() {
    let workspace = example_copy("nyc-ll144");
    let root = workspace.path();
    let mut client = LspClient::start(&[("LEXLS_MODEL_DIR", "/nonexistent/lexls-model")]);
    client.settings = json!({"editor": {"inlayHints": true}});
    client.initialize(root, json!({}));
    client.wait_indexed();
    let (policy_uri, _) = client.open(&root.join("policy/acme-aedt-hiring-policy.md"));
    assert!(!hints(&mut client, &policy_uri).is_empty());

    // Hints off and a glob that does not parse: refused as a whole, with the key and why.
    client.settings = json!({"editor": {"inlayHints": false}, "index": {"exclude": ["rules/[**"]}});
    client.notifications.clear();
    client.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": {"lexls": client.settings.clone()}}),
    );
    let message = error_shown(&mut client, "index.exclude");
    assert!(message.contains("`rules/[**`"), "{message}");
    assert!(
        message.contains("previous settings stay in force"),
        "{message}"
    );
    // Nothing was re-indexed and the last valid settings answer: hints on, rules indexed.
    let changed = client.notifications.iter().any(|n| {
        n.params["message"]
            .as_str()
            .is_some_and(|m| m.contains("settings changed"))
    });
    assert!(!changed, "the invalid settings were applied");
    assert!(!hints(&mut client, &policy_uri).is_empty());
    assert!(symbols(&mut client, "5-301").contains(&"6 RCNY § 5-301".to_string()));

    // A valid change (the `.lexls.toml` name of the key, still accepted) applies.
    client.settings = json!({"editor": {"inlay_hints": false}});
    client.notifications.clear();
    client.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": {"lexls": client.settings.clone()}}),
    );
    client.wait_notification("window/showMessage", |p| {
        p["message"]
            .as_str()
            .is_some_and(|m| m.contains("settings changed"))
    });
    client.wait_indexed();
    assert!(hints(&mut client, &policy_uri).is_empty());
    assert!(client.shutdown());
}
