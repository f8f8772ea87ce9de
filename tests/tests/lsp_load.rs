//! End-to-end, what must keep holding under load: a 10 MB `didOpen` and 500 quick edits are
//! taken, and the requests that follow are answered on the latest text.

use std::time::{Duration, Instant};

use lexls_tests::{LspClient, example, position_of};
use serde_json::{Value, json};

fn started() -> (LspClient, std::path::PathBuf) {
    let root = example("nyc-ll144");
    let mut client = LspClient::start(&[("LEXLS_NO_MODEL", "1")]);
    client.initialize(&root, json!({}));
    client.wait_indexed();
    (client, root.join("policy/acme-aedt-hiring-policy.md"))
}

fn hover(client: &mut LspClient, uri: &str, at: &Value) -> Value {
    client
        .try_request_within(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": at}),
            Duration::from_secs(60),
        )
        .expect("a hover within 60 s")
        .unwrap_or_else(|e| panic!("hover failed: {e}"))
}

#[test]
fn a_10_mb_document_is_opened_and_answered() {
    let (mut client, path) = started();
    let disk = std::fs::read_to_string(&path).expect("policy");
    let filler = "Filler text of the draft that cites nothing at all and goes on. ".repeat(16);
    let mut text = disk.clone();
    while text.len() < 10 << 20 {
        text.push_str("\n\n");
        text.push_str(&filler);
    }
    text.push_str("\n\nAt the very end: see § 20-873.\n");
    let uri = lexls_tests::uri(&path);
    let t = Instant::now();
    client.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}}),
    );
    let at = position_of(&text, "§ 20-873.", 0, 2);
    let h = hover(&mut client, &uri, &at);
    eprintln!("10 MB didOpen to hover: {:?}", t.elapsed());
    assert!(h.to_string().contains("Enforcement"), "{h}");
    assert_eq!(client.request("lexls/status", Value::Null)["ready"], true);
    assert!(client.shutdown());
}

#[test]
fn five_hundred_quick_edits_end_on_the_last_text() {
    let (mut client, path) = started();
    let (uri, text) = client.open(&path);
    let t = Instant::now();
    let mut last = text.clone();
    for version in 2..=501 {
        // Each edit cites another section; the last one also a section that does not exist.
        let missing = if version == 501 { " and § 20-899" } else { "" };
        last = format!(
            "{text}\n\nEdit {version}: see § 20-87{}{missing}.\n",
            version % 4 + 1
        );
        client.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": last}]}),
        );
    }
    // Version 501 cites § 20-872 (501 % 4 + 1 = 2): Penalties.
    let at = position_of(&last, "Edit 501: see § 20-872", 0, 16);
    let h = hover(&mut client, &uri, &at);
    eprintln!("500 edits to hover: {:?}", t.elapsed());
    assert!(h.to_string().contains("Penalties"), "{h}");
    let diags = client.wait_notification_within(
        "textDocument/publishDiagnostics",
        |p| p["uri"] == json!(uri) && p["version"] == 501 && p.to_string().contains("20-899"),
        Duration::from_secs(60),
    );
    assert!(diags.is_some(), "no diagnostics of the last version");
    assert!(client.shutdown());
}
