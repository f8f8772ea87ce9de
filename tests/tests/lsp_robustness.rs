//! End-to-end: what a client sends wrong, or a bug inside the server, never makes
//! `lexls serve` deaf. A frame with a wrong `Content-Length` (too short, too long, zero) is
//! read for what it is and the next request is answered; a handler that panics — in the
//! request, in its blocking work, or in the writer thread that owns the index — gives an
//! error reply or a recovery, and later requests are answered on the editor's text;
//! `lexls/status` takes no params, `null` or `{}`.

use std::time::{Duration, Instant};

use lexls_tests::rpc::{BAD_LENGTHS, frame, status_body};
use lexls_tests::{LspClient, example, position_of};
use serde_json::{Value, json};

/// How long a request may take to be answered after a malformed frame.
const BOUND: Duration = Duration::from_secs(10);

fn started(env: &[(&str, &str)]) -> (LspClient, std::path::PathBuf) {
    let root = example("nyc-ll144");
    let mut env = env.to_vec();
    env.push(("LEXLS_NO_MODEL", "1"));
    let mut client = LspClient::start(&env);
    client.initialize(&root, json!({}));
    client.wait_indexed();
    (client, root)
}

/// Sends `lexls/status` (id 9001) framed with the `Content-Length` `declared` gives for the
/// body's length, then a valid request at once: both must be answered within [`BOUND`].
fn after_a_bad_frame(what: &str, declared: impl Fn(usize) -> usize) {
    let (mut client, _) = started(&[]);
    let body = status_body(9001);
    let declared = declared(body.len());
    client.send_raw(&frame(declared, &body));
    let t = Instant::now();
    let next = client.try_request_within("lexls/status", Value::Null, BOUND);
    assert!(
        next.as_ref()
            .is_some_and(|r| r.as_ref().is_ok_and(|s| s["ready"] == true)),
        "{what} (Content-Length {declared} for {} bytes): the next request got {next:?} within {BOUND:?}",
        body.len()
    );
    eprintln!("{what}: the next request was answered in {:?}", t.elapsed());
    // The malformed one is read for what it is, and answered too.
    let own = client.wait_response(9001, BOUND);
    assert!(
        own.as_ref().is_some_and(Result::is_ok),
        "{what} (Content-Length {declared}): the malformed request got {own:?}"
    );
    // And the server goes on answering.
    let again = client.try_request_within("lexls/status", json!({}), BOUND);
    assert!(again.is_some_and(|r| r.is_ok()), "{what}: a third request");
    assert!(client.shutdown());
}

/// The named case of [`BAD_LENGTHS`].
fn bad_length(name: &str) -> fn(usize) -> usize {
    BAD_LENGTHS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, f)| *f)
        .unwrap_or_else(|| panic!("no case {name}"))
}

#[test]
fn a_content_length_too_short_is_resynchronised() {
    after_a_bad_frame("too short", bad_length("too short"));
}

#[test]
fn a_content_length_too_short_by_one_is_resynchronised() {
    after_a_bad_frame("too short by one", bad_length("too short by one"));
}

#[test]
fn a_content_length_of_zero_is_resynchronised() {
    after_a_bad_frame("zero", bad_length("zero"));
}

#[test]
fn a_content_length_too_long_is_resynchronised() {
    after_a_bad_frame("too long", bad_length("too long"));
}

#[test]
fn a_content_length_far_too_long_is_resynchronised() {
    after_a_bad_frame("far too long", bad_length("far too long"));
}

#[test]
fn a_content_length_past_the_end_is_answered_once_the_input_is_silent() {
    let (mut client, _) = started(&[]);
    // Nothing follows: the client waits for the answer, and it comes once the input is
    // silent.
    let body = status_body(9100);
    client.send_raw(&frame(body.len() + 1000, &body));
    let own = client.wait_response(9100, BOUND);
    assert!(
        own.as_ref().is_some_and(Result::is_ok),
        "a request whose Content-Length runs past the end got {own:?}"
    );
    let next = client.try_request_within("lexls/status", Value::Null, BOUND);
    assert!(next.is_some_and(|r| r.is_ok()), "the next request");
    assert!(client.shutdown());
}

#[test]
fn a_truncated_body_glued_to_the_next_header_loses_only_itself() {
    let (mut client, _) = started(&[]);
    client.send_raw(b"Content-Length: 40\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":9200,\"method\":");
    let next = client.try_request_within("lexls/status", Value::Null, BOUND);
    assert!(
        next.is_some_and(|r| r.is_ok()),
        "after a truncated body the next request was not answered"
    );
    assert!(client.shutdown());
}

#[test]
fn status_takes_no_params_null_or_an_empty_object() {
    let (mut client, _) = started(&[]);
    for params in [Value::Null, json!({})] {
        let status = client.try_request("lexls/status", params.clone());
        assert!(
            status.as_ref().is_ok_and(|s| s["ready"] == true),
            "params {params}: {status:?}"
        );
    }
    // `"params": null` spelled out.
    let body = r#"{"jsonrpc":"2.0","id":9300,"method":"lexls/status","params":null}"#;
    client.send_raw(&frame(body.len(), body));
    let status = client.wait_response(9300, BOUND);
    assert!(
        status
            .as_ref()
            .is_some_and(|s| s.as_ref().is_ok_and(|s| s["ready"] == true)),
        "{status:?}"
    );
    assert!(client.shutdown());
}

#[test]
fn a_panicking_handler_gives_an_error_and_the_server_keeps_answering() {
    let (mut client, root) = started(&[("LEXLS_TEST_HOOKS", "1")]);
    let path = root.join("policy/acme-aedt-hiring-policy.md");
    let (uri, text) = client.open(&path);
    for place in ["handler", "blocking"] {
        let err = client
            .try_request("lexls/test/panic", json!({"in": place}))
            .expect_err("a panic is an error reply");
        assert_eq!(err["code"], -32603, "{place}: {err}");
        assert!(
            err["message"]
                .as_str()
                .is_some_and(|m| m.contains("internal error") && m.contains("test hook")),
            "{place}: {err}"
        );
        let status = client.request("lexls/status", Value::Null);
        assert_eq!(status["ready"], true, "{place}: {status}");
    }
    // Hover works after the handler panics.
    let hover = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": position_of(&text, "§ 20-873", 0, 2)}),
    );
    assert!(hover.to_string().contains("Enforcement"), "{hover}");

    // The writer thread panics: it reopens the workspace with the editor's text, and
    // applies the edits that follow.
    client.request("lexls/test/panic", json!({"in": "writer"}));
    let edited = text.replacen(
        "## Section 1. Purpose",
        "## Section 0. After the panic\n\nSee § 20-872 and § 20-898 here.\n\n## Section 1. Purpose",
        1,
    );
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": edited}]}),
    );
    let at = position_of(&edited, "§ 20-872 and", 0, 2);
    let hover = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": at}),
    );
    assert!(
        hover.to_string().contains("Penalties"),
        "after the writer panicked, hover does not see the edit: {hover}"
    );
    let diags = client.wait_notification_within(
        "textDocument/publishDiagnostics",
        |p| p["uri"] == json!(uri) && p["version"] == 2 && p.to_string().contains("20-898"),
        Duration::from_secs(30),
    );
    assert!(
        diags.is_some(),
        "no diagnostics of the edit after the writer panicked"
    );
    let status = client.request("lexls/status", json!({}));
    assert!(
        status["documents"].as_u64().is_some_and(|d| d >= 10),
        "{status}"
    );
    // The server still shuts down cleanly.
    assert!(client.shutdown());
}

#[test]
fn the_test_hooks_do_not_exist_without_the_variable() {
    let (mut client, _) = started(&[]);
    let err = client
        .try_request("lexls/test/panic", json!({"in": "handler"}))
        .expect_err("no such method");
    assert_eq!(err["code"], -32601, "{err}");
    assert!(client.shutdown());
}
