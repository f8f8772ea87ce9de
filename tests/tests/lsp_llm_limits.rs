//! End-to-end: `lexls/ask` against LLM endpoints that misbehave within the protocol. An
//! endpoint that accepts and never answers, or streams forever, costs one `[llm] timeout_s`
//! per ask (the query rewrite, the answer and its correction share it), not one per request;
//! a huge well-formed stream is read up to a cap and answered within seconds; links and raw
//! HTML the model writes do not survive into the answer.

use std::time::{Duration, Instant};

use lexls_tests::llm::{Reply, ScriptedLlm};
use lexls_tests::{LspClient, example};
use serde_json::{Value, json};

const QUESTION: &str = "How many business days before using an AEDT must candidates be notified?";

fn started(url: &str, timeout_s: u64) -> LspClient {
    let root = example("nyc-ll144");
    let mut client = LspClient::start(&[
        ("LEXLS_LLM_URL", url),
        ("LEXLS_LLM_MODEL", "scripted"),
        ("LEXLS_NO_MODEL", "1"),
    ]);
    client.initialize(&root, json!({"llm": {"timeout_s": timeout_s}}));
    client.wait_indexed();
    for _ in 0..100 {
        if client.request("lexls/status", Value::Null)["ready"] == true {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let status = client.request("lexls/status", Value::Null);
    assert_eq!(status["llm"]["timeoutS"], timeout_s, "{status}");
    client
}

/// Asks the question; the result and how long it took. `None` when no answer came within
/// `limit` (the test fails then, without waiting for a server that may never finish).
fn ask(client: &mut LspClient, limit: Duration) -> (Option<Value>, Duration) {
    let t = Instant::now();
    let result =
        client.try_request_within("lexls/ask", json!({"question": QUESTION, "topK": 3}), limit);
    let elapsed = t.elapsed();
    (
        result.map(|r| r.unwrap_or_else(|e| panic!("lexls/ask failed: {e}"))),
        elapsed,
    )
}

fn warnings(result: &Value) -> String {
    result["warnings"].to_string()
}

/// The extractive answer, with a warning that the model timed out.
fn assert_timed_out_fallback(result: &Value) {
    assert_eq!(result["generatedBy"], Value::Null, "{result}");
    let answer = result["answer"].as_str().unwrap_or_default();
    assert!(answer.contains("ten business days"), "{answer}");
    let w = warnings(result);
    assert!(
        w.contains("the LLM answer failed, so this answer is extractive")
            && w.contains("did not answer within"),
        "{w}"
    );
}

#[test]
fn an_endpoint_that_never_answers_costs_one_timeout_per_ask() {
    let timeout_s = 4;
    let server = ScriptedLlm::start(vec![Reply::Hang]);
    let mut client = started(&server.url, timeout_s);
    let (result, elapsed) = ask(&mut client, Duration::from_secs(60));
    let result = result.expect("an answer");
    eprintln!("ask with a hanging endpoint ({timeout_s} s budget): {elapsed:?}");
    assert_timed_out_fallback(&result);
    assert!(
        elapsed < Duration::from_secs(timeout_s) + Duration::from_millis(1500),
        "the ask took {elapsed:?} with timeout_s = {timeout_s}"
    );
    // Both the rewrite and the answer were asked for, within the one budget.
    assert!(!server.requests().is_empty());
    assert!(client.shutdown());
}

#[test]
fn an_endless_slow_stream_costs_one_timeout_per_ask() {
    let timeout_s = 4;
    let server = ScriptedLlm::start(vec![Reply::Endless(
        "Notice is due ".into(),
        Duration::from_millis(50),
    )]);
    let mut client = started(&server.url, timeout_s);
    let (result, elapsed) = ask(&mut client, Duration::from_secs(60));
    let result = result.expect("an answer");
    eprintln!("ask with an endless stream ({timeout_s} s budget): {elapsed:?}");
    assert_timed_out_fallback(&result);
    assert!(
        elapsed < Duration::from_secs(timeout_s) + Duration::from_millis(1500),
        "the ask took {elapsed:?} with timeout_s = {timeout_s}"
    );
    assert!(client.shutdown());
}

#[test]
fn a_100_mb_stream_ends_within_seconds_with_a_capped_answer() {
    let sentence =
        "Candidates must be notified ten business days before use (NYC Admin. Code § 20-871(b)). ";
    let server = ScriptedLlm::start(vec![Reply::Huge {
        piece: sentence.into(),
        bytes: 100 << 20,
    }]);
    let mut client = started(&server.url, 120);
    let (result, elapsed) = ask(&mut client, Duration::from_secs(60));
    let result = result.unwrap_or_else(|| panic!("no answer within 60 s to a 100 MB stream"));
    eprintln!("ask with a 100 MB stream: {elapsed:?}");
    assert!(elapsed < Duration::from_secs(30), "took {elapsed:?}");
    let answer = result["answer"].as_str().unwrap_or_default();
    assert_eq!(result["generatedBy"], "scripted", "{}", warnings(&result));
    assert!(
        answer.contains(sentence.trim()),
        "{}",
        &answer[..answer.len().min(500)]
    );
    assert!(
        answer.len() < 400 * 1024,
        "the answer is {} bytes",
        answer.len()
    );
    assert!(
        warnings(&result).contains("longer than lexls reads"),
        "{}",
        warnings(&result)
    );
    for c in result["citations"].as_array().expect("citations") {
        assert!(c["resolved"] == true && c["supported"] == true, "{c}");
    }
    // The server answers at once afterwards.
    let t = Instant::now();
    client.request("lexls/status", Value::Null);
    assert!(t.elapsed() < Duration::from_secs(5));
    assert!(client.shutdown());
}

#[test]
fn links_and_html_the_model_writes_do_not_survive() {
    let injected = "Candidates must be notified ten business days before use \
        ([NYC Admin. Code § 20-871(b)](file:///etc/passwd)). \
        [Read more](javascript:alert(document.cookie)) or <javascript:alert(1)> or \
        <a href=\"javascript:alert(2)\">click</a> ![tracker](http://attacker.example/t.png) \
        and [the rule][r].\n\n[r]: file:///etc/shadow\n";
    let server = ScriptedLlm::start(vec![Reply::Stream(injected.into())]);
    let mut client = started(&server.url, 30);
    let (result, _) = ask(&mut client, Duration::from_secs(60));
    let result = result.expect("an answer");
    assert_eq!(result["generatedBy"], "scripted", "{}", warnings(&result));
    let answer = result["answer"].as_str().unwrap_or_default();
    for gone in [
        "file:///etc/passwd",
        "file:///etc/shadow",
        "](",
        "<a ",
        "href",
        "<javascript",
        "attacker.example",
        "document.cookie",
    ] {
        assert!(!answer.contains(gone), "`{gone}` survived in: {answer}");
    }
    // What remains of an autolink is inert code, not a link.
    for (i, _) in answer.match_indices("javascript:") {
        assert!(
            answer[..i].ends_with('`'),
            "a javascript: URL outside code in: {answer}"
        );
    }
    // The text of the links stays, and its citation is verified (clients link it through
    // `citations[].location`).
    assert!(answer.contains("(NYC Admin. Code § 20-871(b))"), "{answer}");
    assert!(
        answer.contains("Read more") && answer.contains("click"),
        "{answer}"
    );
    let citations = result["citations"].as_array().expect("citations");
    assert!(
        citations
            .iter()
            .any(|c| c["target"] == "NYC Admin. Code § 20-871(b)" && c["supported"] == true),
        "{citations:?}"
    );
    assert!(
        warnings(&result).contains("link(s) or HTML element(s)"),
        "{}",
        warnings(&result)
    );
    assert!(client.shutdown());
}
