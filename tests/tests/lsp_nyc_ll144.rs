//! End-to-end: `lexls serve` on the NYC Local Law 144 example workspace, driven over stdio
//! as an editor drives it.

use std::time::Instant;

use lexls_tests::{LspClient, example, line_of, model_available, position_of, uri};
use serde_json::{Value, json};

fn started() -> (LspClient, std::path::PathBuf) {
    started_with(json!({}))
}

/// The server on the example with these client settings.
fn started_with(settings: Value) -> (LspClient, std::path::PathBuf) {
    let (client, root, _) = started_with_capabilities(settings);
    (client, root)
}

/// The server on the example with these client settings, and the capabilities it announced.
fn started_with_capabilities(settings: Value) -> (LspClient, std::path::PathBuf, Value) {
    let root = example("nyc-ll144");
    let mut client = LspClient::start(&[]);
    let init = client.initialize(&root, settings);
    assert_eq!(init["serverInfo"]["name"], "lexls");
    assert_eq!(init["capabilities"]["hoverProvider"], true);
    client.wait_indexed();
    (client, root, init["capabilities"].clone())
}

fn policy(root: &std::path::Path) -> std::path::PathBuf {
    root.join("policy/acme-aedt-hiring-policy.md")
}

#[test]
fn hover_definition_and_references_on_a_subdivision_citation() {
    let (mut client, root) = started();
    let (uri, text) = client.open(&policy(&root));
    // `§ 20-871(b)` in Section 4(a) of the policy.
    let pos = position_of(&text, "§ 20-871(b) no less", 0, 3);

    let t = Instant::now();
    let hover = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": pos}),
    );
    eprintln!("hover latency seen by the client: {:?}", t.elapsed());
    let md = hover["contents"]["value"].as_str().expect("markdown hover");
    assert!(md.contains("NYC Admin. Code § 20-871(b)"), "{md}");
    assert!(md.contains("Notices required"), "{md}");
    assert!(md.contains("ten business days"), "{md}");
    assert!(md.contains("statute"), "{md}");
    assert!(md.contains("cited"), "{md}");
    // The hover range is the citation.
    let r = &hover["range"];
    assert_eq!(r["start"]["line"], pos["line"]);

    let def = client.definition(&uri, &pos);
    let statute = root.join("statute/nyc-admin-code-20-871.md");
    assert_eq!(def["uri"], json!(lexls_tests::uri(&statute)));
    assert_eq!(
        def["range"]["start"]["line"].as_u64(),
        Some(line_of(&statute, "b. Notices required"))
    );

    let refs = client.request(
        "textDocument/references",
        json!({"textDocument": {"uri": uri}, "position": pos, "context": {"includeDeclaration": false}}),
    );
    let refs = refs.as_array().expect("locations");
    let files: Vec<&str> = refs.iter().filter_map(|r| r["uri"].as_str()).collect();
    assert!(
        files
            .iter()
            .any(|u| u.ends_with("policy/acme-aedt-hiring-policy.md")),
        "{files:?}"
    );
    assert!(
        files.iter().any(|u| u.ends_with("rules/6-rcny-5-304.md")),
        "{files:?}"
    );
    assert!(
        files
            .iter()
            .any(|u| u.ends_with("statute/nyc-admin-code-20-872.md")),
        "{files:?}"
    );
    // 6 RCNY § 5-304 cites (b)(1), (b)(2), (b)(3) five times; § 20-872(c) three paragraphs.
    assert!(refs.len() >= 9, "{}", refs.len());

    // References from the section heading of § 20-871 count every citation of the section.
    let (statute_uri, statute_text) = client.open(&statute);
    let heading = position_of(&statute_text, "§ 20-871 Requirements", 0, 2);
    let section_refs = client.request(
        "textDocument/references",
        json!({"textDocument": {"uri": statute_uri}, "position": heading, "context": {"includeDeclaration": true}}),
    );
    let section_refs = section_refs.as_array().expect("locations");
    assert!(
        section_refs.len() > refs.len(),
        "{} vs {}",
        section_refs.len(),
        refs.len()
    );
    assert_eq!(section_refs[0]["uri"], json!(statute_uri));
    let heading_hover = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": statute_uri}, "position": heading}),
    );
    let md = heading_hover["contents"]["value"]
        .as_str()
        .expect("markdown");
    assert!(
        md.contains(&format!("cited {} times", section_refs.len() - 1)),
        "{md}"
    );
    assert!(client.shutdown());
}

#[test]
fn broken_citation_gets_a_diagnostic_and_a_quick_fix_kept_current_while_editing() {
    let (mut client, root) = started();
    let path = policy(&root);
    let (uri, text) = client.open(&path);
    let diags = client.wait_notification("textDocument/publishDiagnostics", |p| {
        p["uri"] == json!(uri)
            && p["diagnostics"]
                .as_array()
                .is_some_and(|d| d.iter().any(|d| d["code"] == "unresolved-citation"))
    });
    let broken: Vec<&Value> = diags["diagnostics"]
        .as_array()
        .expect("array")
        .iter()
        .filter(|d| d["code"] == "unresolved-citation")
        .collect();
    assert_eq!(broken.len(), 1, "{broken:?}");
    let d = broken[0];
    assert_eq!(d["severity"], 2, "a warning");
    assert!(
        d["message"]
            .as_str()
            .is_some_and(|m| m.contains("§ 20-875") && m.contains("§§ 20-870–20-874"))
    );
    // The external C.F.R. citation is not an error by default.
    assert!(!diags.to_string().contains("1607.4"));

    let fixes = client.quick_fixes(&uri, d);
    assert!(!fixes.is_empty());
    assert!(
        fixes[0]["title"]
            .as_str()
            .is_some_and(|t| t.contains("§ 20-874")),
        "{fixes:?}"
    );
    let edit = &fixes[0]["edit"]["changes"][&uri][0];
    assert_eq!(edit["newText"], "§ 20-874");

    // Apply a fix by hand (to § 20-872, Penalties): the diagnostic goes away.
    let fixed = text.replace("§ 20-875", "§ 20-872");
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": fixed}]}),
    );
    client.wait_notification("textDocument/publishDiagnostics", |p| {
        p["uri"] == json!(uri)
            && p["version"] == 2
            && !p.to_string().contains("unresolved-citation")
    });
    // Break it again in another way: a subdivision that § 20-871 does not have.
    let broken_again = fixed.replace("§ 20-871(b)(3)", "§ 20-871(b)(4)");
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 3}, "contentChanges": [{"text": broken_again}]}),
    );
    let diags = client.wait_notification("textDocument/publishDiagnostics", |p| {
        p["uri"] == json!(uri) && p["version"] == 3
    });
    let msg = diags.to_string();
    assert!(
        msg.contains("has no (4)") && msg.contains("closest: NYC Admin. Code § 20-871(b)(3)"),
        "{msg}"
    );
    assert!(client.shutdown());
}

#[test]
fn keystrokes_arrive_as_incremental_changes_and_the_server_edits_the_same_text() {
    let (mut client, root, capabilities) = started_with_capabilities(json!({}));
    // TextDocumentSyncKind.Incremental: the editor sends ranges, not the whole file.
    assert_eq!(
        capabilities["textDocumentSync"]["change"], 2,
        "{capabilities}"
    );
    let path = policy(&root);
    let (uri, text) = client.open(&path);
    let unresolved = |p: &Value| {
        p["diagnostics"]
            .as_array()
            .map(|d| {
                d.iter()
                    .filter(|d| d["code"] == "unresolved-citation")
                    .cloned()
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default()
    };
    let opened = client.wait_notification("textDocument/publishDiagnostics", |p| {
        p["uri"] == json!(uri) && p["version"] == 1
    });
    assert_eq!(unresolved(&opened).len(), 1, "{opened}");

    // One keystroke: the `5` of `§ 20-875` becomes a `2` (§ 20-872, Penalties, exists).
    let five = position_of(&text, "§ 20-875", 0, 7);
    let after_five = position_of(&text, "§ 20-875", 0, 8);
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2},
               "contentChanges": [{"range": {"start": five, "end": after_five}, "text": "2"}]}),
    );
    let fixed = client.wait_notification("textDocument/publishDiagnostics", |p| {
        p["uri"] == json!(uri) && p["version"] == 2
    });
    assert!(unresolved(&fixed).is_empty(), "{fixed}");

    // Two changes in one notification, the second at positions of the text after the
    // first: a line typed at the top of the file, then a citation typed at its end.
    let lines = text.lines().count();
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 3},
               "contentChanges": [
                   {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
                    "text": "Draft.\n"},
                   {"range": {"start": {"line": lines + 1, "character": 0},
                              "end": {"line": lines + 1, "character": 0}},
                    "text": "See also § 20-879."}]}),
    );
    let typed = client.wait_notification("textDocument/publishDiagnostics", |p| {
        p["uri"] == json!(uri) && p["version"] == 3
    });
    let broken = unresolved(&typed);
    assert_eq!(broken.len(), 1, "{typed}");
    // Where the editor has it: the last line, after `See also `.
    assert_eq!(
        broken[0]["range"]["start"],
        json!({"line": lines + 1, "character": 9}),
        "{typed}"
    );
    assert!(
        broken[0]["message"].to_string().contains("§ 20-879"),
        "{typed}"
    );
    assert!(client.shutdown());
}

#[test]
fn every_editor_version_gets_its_diagnostics_even_when_there_are_none() {
    let (mut client, root) = started();
    // § 20-872 (Penalties) cites only provisions the workspace has: nothing to report, and
    // the editor still learns that its version was checked.
    let path = root.join("statute/nyc-admin-code-20-872.md");
    let (uri, text) = client.open(&path);
    let opened = client.wait_notification("textDocument/publishDiagnostics", |p| {
        p["uri"] == json!(uri) && p["version"] == 1
    });
    assert_eq!(opened["diagnostics"], json!([]), "{opened}");
    // Closed and opened again: version 1 once more, and its diagnostics once more.
    client.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": uri}}),
    );
    client.notifications.clear();
    let (uri, _) = client.open(&path);
    let reopened = client.wait_notification("textDocument/publishDiagnostics", |p| {
        p["uri"] == json!(uri) && p["version"] == 1
    });
    assert_eq!(reopened["diagnostics"], json!([]), "{reopened}");
    // An edit that changes no citation: the same (empty) diagnostics, for version 2.
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2},
               "contentChanges": [{"text": format!("{text}\nA note of the editor.\n")}]}),
    );
    let edited = client.wait_notification("textDocument/publishDiagnostics", |p| {
        p["uri"] == json!(uri) && p["version"] == 2
    });
    assert_eq!(edited["diagnostics"], json!([]), "{edited}");
    assert!(client.shutdown());
}

#[test]
fn outline_and_ask_about_selection() {
    let (mut client, root) = started();
    let statute = root.join("statute/nyc-admin-code-20-871.md");
    let (uri, _) = client.open(&statute);
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    );
    let section = &symbols[0];
    assert_eq!(section["name"], "§ 20-871");
    assert_eq!(
        section["detail"],
        "Requirements for automated employment decision tools"
    );
    let subs: Vec<&str> = section["children"]
        .as_array()
        .expect("children")
        .iter()
        .filter_map(|c| c["name"].as_str())
        .collect();
    assert_eq!(subs, vec!["(a)", "(b)"]);
    let b = &section["children"][1];
    assert_eq!(b["detail"], "Notices required");
    assert_eq!(b["children"].as_array().map(Vec::len), Some(3));

    let (policy_uri, policy_text) = client.open(&policy(&root));
    let start = position_of(&policy_text, "(a) Every candidate", 0, 0);
    let end = position_of(&policy_text, "(b) The notice states", 0, 0);
    let actions = client.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": policy_uri}, "range": {"start": start, "end": end}, "context": {"diagnostics": []}}),
    );
    let ask = actions
        .as_array()
        .expect("actions")
        .iter()
        .find(|a| a["command"]["command"] == "lexls.askAboutSelection")
        .expect("an Ask about selection action");
    assert_eq!(ask["title"], "Ask about selection");
    let arg = &ask["command"]["arguments"][0];
    assert!(
        arg["text"]
            .as_str()
            .is_some_and(|t| t.contains("ten business days"))
    );
    assert_eq!(arg["textDocument"]["uri"], json!(policy_uri));

    // What the client does with it: lexls/ask with the selection as context.
    let answer = client.request(
        "lexls/ask",
        json!({"question": "What does the law require here?", "textDocument": {"uri": policy_uri}, "range": {"start": start, "end": end}}),
    );
    let sources: Vec<&str> = answer["sources"]
        .as_array()
        .expect("sources")
        .iter()
        .filter_map(|s| s["citation"].as_str())
        .collect();
    assert!(sources.contains(&"NYC Admin. Code § 20-871"), "{sources:?}");
    assert!(client.shutdown());
}

#[test]
fn ask_quotes_the_ten_business_day_rule_with_verified_citations() {
    // Hybrid retrieval (BM25 alone is the default): the model is loaded when installed.
    let (mut client, root) = started_with(json!({"retrieval": {"mode": "hybrid"}}));
    client.wait_embedded();
    let answer = client.request(
        "lexls/ask",
        json!({"question": "How many business days before using an AEDT must a candidate be notified?"}),
    );
    let text = answer["answer"].as_str().expect("answer");
    assert!(text.contains("ten business days"), "{text}");
    let citations = answer["citations"].as_array().expect("citations");
    assert!(!citations.is_empty());
    assert!(
        citations
            .iter()
            .all(|c| c["resolved"] == true && c["location"]["uri"].is_string()),
        "{citations:?}"
    );
    let cites_871 = citations.iter().any(|c| {
        c["target"]
            .as_str()
            .is_some_and(|t| t.starts_with("NYC Admin. Code § 20-871"))
    });
    assert!(cites_871, "{citations:?}");
    // The notice section of the Code and the rule that says how to give the notice lead.
    let sources = answer["sources"].as_array().expect("sources");
    let first = sources[0]["citation"].as_str().unwrap_or_default();
    assert!(
        ["NYC Admin. Code § 20-871", "6 RCNY § 5-304"].contains(&first),
        "{sources:?}"
    );
    let code = sources
        .iter()
        .find(|s| s["citation"] == "NYC Admin. Code § 20-871")
        .expect("§ 20-871 among the sources");
    assert_eq!(code["kind"], "statute");
    assert_eq!(
        code["location"]["uri"],
        json!(uri(&root.join("statute/nyc-admin-code-20-871.md")))
    );
    let warnings = answer["warnings"].to_string();
    if model_available() {
        assert!(!warnings.contains("embedding model"), "{warnings}");
    } else {
        // Without the model: BM25 and the graph, with the reason said once.
        assert!(
            warnings.contains("fetch-models.sh") || warnings.contains("ONNX Runtime"),
            "{warnings}"
        );
    }
    let status = client.request("lexls/status", Value::Null);
    assert_eq!(status["documents"], 12);
    assert_eq!(status["model"]["loaded"], json!(model_available()));
    assert!(client.shutdown());
}

#[test]
fn with_bm25_retrieval_the_model_is_not_loaded_and_status_says_why() {
    let (mut client, _root) = started_with(json!({"retrieval": {"mode": "bm25"}}));
    let status = client.request("lexls/status", Value::Null);
    assert_eq!(status["model"]["loaded"], false, "{status}");
    let reason = status["model"]["reason"].as_str().unwrap_or_default();
    assert!(reason.contains("BM25 alone"), "{reason}");
    assert!(client.shutdown());
}

#[test]
fn bad_input_gets_errors_and_the_server_keeps_answering() {
    let (mut client, root) = started();
    // Missing question.
    let err = client
        .try_request("lexls/ask", json!({"question": "  "}))
        .expect_err("empty question is an error");
    assert!(err.to_string().contains("question"), "{err}");
    let err = client
        .try_request("lexls/ask", json!({"q": 1}))
        .expect_err("malformed params");
    assert!(err["code"].as_i64().is_some());
    // A file outside the workspace and an unknown method.
    let hover = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": "file:///nonexistent/x.md"}, "position": {"line": 0, "character": 0}}),
    );
    assert!(hover.is_null());
    assert!(client.try_request("lexls/nope", json!({})).is_err());
    // Garbage on the wire.
    client.send_raw(b"Content-Length: 9\r\n\r\n{not json");
    // A file with invalid UTF-8 is indexed with a problem, not dropped.
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        dir.path().join("law.md"),
        b"# \xc2\xa7 1. Scope\n\n(a) Text \xff here, see \xc2\xa7 2.\n",
    )
    .expect("write");
    let mut other = LspClient::start(&[("LEXLS_NO_MODEL", "1")]);
    other.initialize(dir.path(), json!({}));
    other.wait_indexed();
    let law = uri(&dir.path().join("law.md"));
    let diags = other.wait_notification("textDocument/publishDiagnostics", |p| {
        p["uri"] == json!(law)
    });
    let msg = diags.to_string();
    assert!(msg.contains("not valid UTF-8"), "{msg}");
    assert!(
        msg.contains("unresolved-citation") || msg.contains("§ 2"),
        "{msg}"
    );
    assert!(other.shutdown());
    // The first server still answers.
    let (uri2, text) = client.open(&policy(&root));
    let hover = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri2}, "position": position_of(&text, "§ 20-873", 0, 2)}),
    );
    assert!(
        hover["contents"]["value"]
            .as_str()
            .is_some_and(|m| m.contains("Enforcement")),
        "{hover}"
    );
    assert!(client.shutdown());
}

#[test]
fn files_created_and_deleted_outside_the_editor_are_reindexed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    std::fs::create_dir_all(root.join("statute")).expect("mkdir");
    for f in ["nyc-admin-code-20-870.md", "nyc-admin-code-20-871.md"] {
        std::fs::copy(
            example("nyc-ll144").join("statute").join(f),
            root.join("statute").join(f),
        )
        .expect("copy");
    }
    let mut client = LspClient::start(&[("LEXLS_NO_MODEL", "1")]);
    client.initialize(root, json!({}));
    client.wait_indexed();
    let memo = root.join("memo.md");
    std::fs::write(&memo, "# Memo\n\nSee § 20-871(a)(1) and § 20-879.\n").expect("write");
    client.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": uri(&memo), "type": 1}]}),
    );
    let memo_uri = uri(&memo);
    let diags = client.wait_notification("textDocument/publishDiagnostics", |p| {
        p["uri"] == json!(memo_uri)
    });
    let list = diags["diagnostics"].as_array().expect("array");
    assert_eq!(list.len(), 1, "{list:?}");
    assert!(
        list[0]["message"]
            .as_str()
            .is_some_and(|m| m.contains("§ 20-879"))
    );
    std::fs::remove_file(&memo).expect("delete");
    client.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": memo_uri, "type": 3}]}),
    );
    client.wait_notification("textDocument/publishDiagnostics", |p| {
        p["uri"] == json!(memo_uri) && p["diagnostics"].as_array().is_some_and(Vec::is_empty)
    });
    assert!(client.shutdown());
}
