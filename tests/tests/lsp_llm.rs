//! End-to-end: `lexls/ask` with an LLM configured (a scripted OpenAI-compatible server),
//! over stdio: the generated answer streams as `$/progress` reports on the client's
//! `workDoneToken` (or a token the server creates), and the final result carries only
//! verified citations; a failing model gives the extractive answer with a warning.

use lexls_tests::llm::{Reply, ScriptedLlm};
use lexls_tests::{LspClient, example};
use serde_json::{Value, json};

const QUESTION: &str = "How many business days before using an AEDT must candidates be notified?";
const GOOD: &str = "Candidates must be notified at least ten business days before the tool is used (NYC Admin. Code § 20-871(b)). Employers must also publish a summary of the bias audit (NYC Admin. Code § 20-871(a)(2)).";

fn started(url: &str) -> LspClient {
    let root = example("nyc-ll144");
    let mut client = LspClient::start(&[
        ("LEXLS_LLM_URL", url),
        ("LEXLS_LLM_MODEL", "scripted"),
        ("LEXLS_NO_MODEL", "1"),
    ]);
    client.initialize(&root, json!({}));
    client.wait_indexed();
    // The indexing progress can end before the snapshot is published: wait for `ready`.
    for _ in 0..100 {
        if client.request("lexls/status", Value::Null)["ready"] == true {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    client
}

fn progress_of<'a>(client: &'a LspClient, token: &Value) -> Vec<&'a Value> {
    client
        .notifications
        .iter()
        .filter(|n| n.method == "$/progress" && &n.params["token"] == token)
        .map(|n| &n.params["value"])
        .collect()
}

fn assert_verified(result: &Value) {
    for c in result["citations"].as_array().expect("citations") {
        assert!(
            c["resolved"] == true && c["supported"] == true,
            "unverified {c} in {}",
            result["answer"]
        );
    }
}

#[test]
fn a_generated_answer_streams_as_progress_on_the_clients_token() {
    let server = ScriptedLlm::start(vec![Reply::Stream(GOOD.into())]);
    let mut client = started(&server.url);
    let status = client.request("lexls/status", Value::Null);
    assert_eq!(status["llm"]["configured"], true, "{status}");
    assert_eq!(status["llm"]["generation"], true);
    assert_eq!(
        status["llm"]["endpoint"],
        format!("{}/chat/completions", server.url)
    );
    assert_eq!(status["llm"]["model"], "scripted");

    let result = client.request(
        "lexls/ask",
        json!({"question": QUESTION, "topK": 3, "workDoneToken": "ask-1"}),
    );
    assert_verified(&result);
    assert_eq!(result["generatedBy"], "scripted");
    let answer = result["answer"].as_str().expect("answer");
    assert!(answer.contains(GOOD), "{answer}");
    assert!(
        result["citations"]
            .as_array()
            .expect("citations")
            .iter()
            .any(|c| c["target"] == "NYC Admin. Code § 20-871(b)"),
        "{result}"
    );

    // Progress: begin, reports with the text so far, end (notifications may trail the
    // response).
    let token = json!("ask-1");
    client.wait_notification("$/progress", |p| {
        p["token"] == "ask-1" && p["value"]["kind"] == "end"
    });
    let values = progress_of(&client, &token);
    assert_eq!(values.first().map(|v| &v["kind"]), Some(&json!("begin")));
    assert_eq!(values.last().map(|v| &v["kind"]), Some(&json!("end")));
    assert!(
        values
            .last()
            .and_then(|v| v["message"].as_str())
            .unwrap_or_default()
            .contains("citations verified"),
        "{values:?}"
    );
    let reports: Vec<&str> = values
        .iter()
        .filter(|v| v["kind"] == "report")
        .filter_map(|v| v["message"].as_str())
        .collect();
    assert!(
        reports
            .iter()
            .any(|m| m.starts_with("generating an answer with scripted")),
        "{reports:?}"
    );
    // The text so far grows, and its last report is the whole reply.
    let texts: Vec<&&str> = reports
        .iter()
        .filter(|m| m.starts_with("Candidates"))
        .collect();
    assert!(!texts.is_empty(), "{reports:?}");
    assert!(
        texts.windows(2).all(|w| w[1].starts_with(*w[0])),
        "{texts:?}"
    );
    assert_eq!(texts.last().map(|t| **t), Some(GOOD));
    // The server used the client's token, not one of its own.
    assert!(
        !client.notifications.iter().any(|n| n.params["token"]
            .as_str()
            .is_some_and(|t| t.starts_with("lexls/ask/"))),
        "{:?}",
        client.notifications
    );
    assert!(client.shutdown());
}

#[test]
fn a_failing_model_gives_the_extractive_answer_with_a_warning_and_a_server_token() {
    let server = ScriptedLlm::start(vec![Reply::Status(500, "{\"error\":\"boom\"}".into())]);
    let mut client = started(&server.url);
    let result = client.request("lexls/ask", json!({"question": QUESTION, "topK": 3}));
    assert_verified(&result);
    assert_eq!(result["generatedBy"], Value::Null);
    let answer = result["answer"].as_str().expect("answer");
    assert!(
        answer.starts_with("*Extractive answer (the language model failed"),
        "{answer}"
    );
    assert!(answer.contains("ten business days"), "{answer}");
    let warnings = result["warnings"].to_string();
    assert!(
        warnings.contains("the LLM answer failed") && warnings.contains("HTTP 500"),
        "{warnings}"
    );
    // Without a client token, the server created one (the client supports progress).
    assert!(
        client
            .server_requests
            .iter()
            .any(|m| m == "window/workDoneProgress/create"),
        "{:?}",
        client.server_requests
    );
    // Progress notifications may trail the response.
    client.wait_notification("$/progress", |p| {
        p["token"]
            .as_str()
            .is_some_and(|t| t.starts_with("lexls/ask/"))
            && p["value"]["kind"] == "end"
            && p["value"]["message"] == "extractive answer"
    });
    assert!(client.shutdown());
}
