//! End-to-end, what must keep holding under load: a 10 MB `didOpen` and 500 quick edits are
//! taken, and the requests that follow are answered on the latest text (the cases live in
//! `lexls_tests::rpc`, which the fault suite runs too).

use lexls_tests::{LspClient, example, rpc};
use serde_json::{Value, json};

fn started() -> (LspClient, std::path::PathBuf) {
    let root = example("nyc-ll144");
    let mut client = LspClient::start(&[("LEXLS_NO_MODEL", "1")]);
    client.initialize(&root, json!({}));
    client.wait_indexed();
    (client, root.join("policy/acme-aedt-hiring-policy.md"))
}

#[test]
fn a_10_mb_document_is_opened_and_answered() {
    let (mut client, path) = started();
    let elapsed = rpc::ten_mb_did_open(&mut client, &path).unwrap_or_else(|e| panic!("{e}"));
    eprintln!("10 MB didOpen to hover: {elapsed:?}");
    assert_eq!(client.request("lexls/status", Value::Null)["ready"], true);
    assert!(client.shutdown());
}

#[test]
fn five_hundred_quick_edits_end_on_the_last_text() {
    let (mut client, path) = started();
    let elapsed = rpc::five_hundred_edits(&mut client, &path).unwrap_or_else(|e| panic!("{e}"));
    eprintln!("500 edits to hover: {elapsed:?}");
    assert!(client.shutdown());
}
