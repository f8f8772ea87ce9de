//! Generated answers against a scripted OpenAI-compatible server: each case — a good answer,
//! a citation that does not exist, a real provision that was not retrieved, a correction
//! round that fixes it or does not, a timeout, a stalled stream, HTTP 500, malformed JSON,
//! a stream cut off midway, no server at all — ends in a verified answer or the extractive
//! answer, with warnings naming what happened; one timeout budget per ask, a size cap on
//! replies, links the model writes removed. Then query rewriting, and a generator that is not an
//! HTTP endpoint at all.

mod common;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use lexls_ide::ask::generate::{self, REMOVED};
use lexls_ide::ask::pipeline::PipelineOptions;
use lexls_ide::ask::retrieve::Candidate;
use lexls_ide::ask::{AskProgress, AskRequest, AskResult, Models, ask, ask_with};
use lexls_ide::llm::{ChatClient, ChatMessage, ChatReply, Generator, LlmError, rewrite_query};
use lexls_index::config::Config;
use lexls_index::engine::Engine;
use lexls_index::resolve::ProvisionRef;
use lexls_index::workspace::Snapshot;
use lexls_tests::llm::{Reply, ScriptedLlm};

const QUESTION: &str = "How many business days before using an AEDT must candidates be notified?";
const GOOD: &str = "Candidates must be notified at least ten business days before the tool is used (NYC Admin. Code § 20-871(b)).";

fn workspace(root: &Path, url: Option<&str>, timeout_s: u64) -> Snapshot {
    let mut config = Config::load(root).expect("config");
    config.llm.url = url.map(str::to_string);
    config.llm.model = Some("scripted".into());
    config.llm.timeout_s = timeout_s;
    // The answer's requests only; `llm_rewrites_join_the_retrieval` covers rewriting.
    config.llm.rewrite = false;
    Engine::scan_in_memory(root, config).expect("workspace opens")
}

fn nyc_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/nyc-ll144")
}

fn nyc(url: Option<&str>, timeout_s: u64) -> Snapshot {
    workspace(&nyc_root(), url, timeout_s)
}

fn request(question: &str, top_k: usize) -> AskRequest {
    AskRequest {
        question: question.into(),
        top_k: Some(top_k),
        ..AskRequest::default()
    }
}

fn has_warning(result: &AskResult, needle: &str) -> bool {
    result.warnings.iter().any(|w| w.contains(needle))
}

/// The extractive answer, with a warning naming the failure.
fn assert_fallback(result: &AskResult, needle: &str) {
    common::assert_verified(result);
    assert_eq!(result.generated_by, None, "{}", result.answer);
    assert!(
        result
            .answer
            .starts_with("*Extractive answer (the language model failed"),
        "{}",
        result.answer
    );
    assert!(
        result.answer.contains("ten business days"),
        "{}",
        result.answer
    );
    assert!(
        has_warning(
            result,
            "the LLM answer failed, so this answer is extractive"
        ) && has_warning(result, needle),
        "{needle} not in {:?}",
        result.warnings
    );
}

#[test]
fn a_good_answer_is_streamed_verified_and_kept() {
    let server = ScriptedLlm::start(vec![Reply::Stream(GOOD.into())]);
    let snap = nyc(Some(&server.url), 10);
    let mut streamed = String::new();
    let mut rounds = Vec::new();
    let result = ask_with(
        &snap,
        &request(QUESTION, 3),
        &Models::default(),
        &mut |p| match p {
            AskProgress::Delta(d) => streamed.push_str(&d),
            AskProgress::Generating { round, .. } => rounds.push(round),
            AskProgress::Verifying => {}
        },
    );
    common::assert_verified(&result);
    assert_eq!(streamed, GOOD);
    assert_eq!(rounds, [0]);
    assert_eq!(result.generated_by.as_deref(), Some("scripted"));
    assert!(result.answer.contains(GOOD), "{}", result.answer);
    assert!(result.answer.contains("**Sources**"), "{}", result.answer);
    assert!(
        result
            .citations
            .iter()
            .any(|c| c.target == "NYC Admin. Code § 20-871(b)"),
        "{:?}",
        result.citations
    );
    // No warning of the answer (retrieval may note the dense retriever is off).
    assert!(
        result
            .warnings
            .iter()
            .all(|w| w.contains("dense retrieval")),
        "{:?}",
        result.warnings
    );
    // The request: streamed, the model named, the sources numbered with their citations.
    let requests = server.requests();
    assert_eq!(requests.len(), 1);
    let body = &requests[0];
    assert_eq!(body["stream"], true);
    assert_eq!(body["model"], "scripted");
    let user = body["messages"][1]["content"].as_str().expect("prompt");
    assert!(user.contains("] NYC Admin. Code § 20-871"), "{user}");
    assert!(user.contains(QUESTION), "{user}");
    assert!(user.len() < 6_000 + 1_000, "prompt of {} bytes", user.len());
}

#[test]
fn a_citation_that_does_not_exist_is_corrected_or_removed() {
    let bad = "Notice is due ten business days ahead (NYC Admin. Code § 20-899).";
    let server = ScriptedLlm::start(vec![Reply::Stream(bad.into()), Reply::Stream(bad.into())]);
    let snap = nyc(Some(&server.url), 10);
    let result = ask(&snap, &request(QUESTION, 3));
    common::assert_verified(&result);
    assert_eq!(result.generated_by.as_deref(), Some("scripted"));
    assert!(!result.answer.contains("20-899"), "{}", result.answer);
    assert!(result.answer.contains(REMOVED), "{}", result.answer);
    assert!(
        has_warning(&result, "removed the citation `§ 20-899`")
            || has_warning(&result, "removed the citation `NYC Admin. Code § 20-899`"),
        "{:?}",
        result.warnings
    );
    assert!(
        has_warning(&result, "does not exist"),
        "{:?}",
        result.warnings
    );
    // One correction round, which named the citation.
    let requests = server.requests();
    assert_eq!(requests.len(), 2);
    let messages = requests[1]["messages"].as_array().expect("messages");
    assert_eq!(messages.len(), 4);
    assert_eq!(messages[2]["role"], "assistant");
    let correction = messages[3]["content"].as_str().expect("correction");
    assert!(correction.contains("20-899"), "{correction}");
    assert!(correction.contains("does not exist"), "{correction}");
}

#[test]
fn a_real_provision_that_was_not_retrieved_is_fixed_by_the_correction_round() {
    let snap = nyc(None, 10);
    // The notice rule and the section of the Code it implements.
    let extractive = ask(&snap, &request(QUESTION, 2));
    assert_eq!(extractive.sources.len(), 2);
    assert!(
        extractive
            .sources
            .iter()
            .any(|s| s.citation == "NYC Admin. Code § 20-871"),
        "{:?}",
        extractive.sources
    );
    assert_eq!(extractive.generated_by, None);

    let server = ScriptedLlm::start(vec![
        Reply::Stream("Penalties apply (NYC Admin. Code § 20-872).".into()),
        Reply::Stream(GOOD.into()),
    ]);
    let snap = nyc(Some(&server.url), 10);
    let result = ask(&snap, &request(QUESTION, 2));
    common::assert_verified(&result);
    assert!(result.answer.contains(GOOD), "{}", result.answer);
    assert!(!result.answer.contains("20-872"), "{}", result.answer);
    assert!(!result.answer.contains(REMOVED), "{}", result.answer);
    assert!(
        has_warning(&result, "first answer cited 1 unsupported citation(s)")
            && has_warning(&result, "20-872"),
        "{:?}",
        result.warnings
    );
    let correction = server.requests()[1]["messages"][3]["content"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(
        correction.contains("not among the sources")
            && correction.contains("NYC Admin. Code § 20-871"),
        "{correction}"
    );
}

#[test]
fn a_real_provision_that_was_not_retrieved_and_stays_is_removed() {
    let cited = "Penalties apply (NYC Admin. Code § 20-872), and notice is due ten days ahead (NYC Admin. Code § 20-871(b)(1)).";
    let server = ScriptedLlm::start(vec![Reply::Stream(cited.into())]);
    let snap = nyc(Some(&server.url), 10);
    let result = ask(&snap, &request(QUESTION, 2));
    common::assert_verified(&result);
    assert!(!result.answer.contains("20-872"), "{}", result.answer);
    // The supported citation (a subdivision of a source) stays.
    assert!(
        result.answer.contains("NYC Admin. Code § 20-871(b)(1)"),
        "{}",
        result.answer
    );
    assert!(
        has_warning(&result, "removed the citation `NYC Admin. Code § 20-872`")
            && has_warning(&result, "not among the sources"),
        "{:?}",
        result.warnings
    );
    assert_eq!(server.requests().len(), 2);
}

#[test]
fn a_failed_correction_round_keeps_the_first_answer_without_its_bad_citation() {
    let server = ScriptedLlm::start(vec![
        Reply::Stream(
            "Notice is due ten business days ahead (§ 20-871(b)); see also § 20-899.".into(),
        ),
        Reply::Status(500, r#"{"error":{"message":"out of memory"}}"#.into()),
    ]);
    let snap = nyc(Some(&server.url), 10);
    let result = ask(&snap, &request(QUESTION, 3));
    common::assert_verified(&result);
    assert_eq!(result.generated_by.as_deref(), Some("scripted"));
    assert!(result.answer.contains("§ 20-871(b)"), "{}", result.answer);
    assert!(!result.answer.contains("20-899"), "{}", result.answer);
    assert!(
        has_warning(&result, "the correction round failed") && has_warning(&result, "HTTP 500"),
        "{:?}",
        result.warnings
    );
}

#[test]
fn a_timeout_falls_back_to_the_extractive_answer() {
    let server = ScriptedLlm::start(vec![Reply::Delayed(Duration::from_secs(4), GOOD.into())]);
    let snap = nyc(Some(&server.url), 1);
    let t = Instant::now();
    let result = ask(&snap, &request(QUESTION, 3));
    assert!(t.elapsed() < Duration::from_secs(3), "{:?}", t.elapsed());
    assert_fallback(&result, "did not answer within 1 s");
    assert!(
        has_warning(&result, "raise `[llm] timeout_s`"),
        "{:?}",
        result.warnings
    );
}

#[test]
fn a_stalled_stream_times_out() {
    let server = ScriptedLlm::start(vec![Reply::Stall("Candidates must be".into())]);
    let snap = nyc(Some(&server.url), 1);
    let t = Instant::now();
    let result = ask(&snap, &request(QUESTION, 3));
    assert!(t.elapsed() < Duration::from_secs(3), "{:?}", t.elapsed());
    assert_fallback(&result, "did not answer within 1 s");
}

#[test]
fn an_http_error_falls_back_to_the_extractive_answer() {
    let server = ScriptedLlm::start(vec![Reply::Status(
        500,
        r#"{"error":{"message":"model failed to load"}}"#.into(),
    )]);
    let snap = nyc(Some(&server.url), 5);
    let result = ask(&snap, &request(QUESTION, 3));
    assert_fallback(&result, "HTTP 500");
    assert!(
        has_warning(&result, "model failed to load"),
        "{:?}",
        result.warnings
    );
}

#[test]
fn malformed_json_falls_back_to_the_extractive_answer() {
    let server = ScriptedLlm::start(vec![Reply::Raw(
        "data: {\"choices\":[{\"delta\":{\"content\":\"Cand\n\ndata: [DONE]\n\n".into(),
    )]);
    let snap = nyc(Some(&server.url), 5);
    let result = ask(&snap, &request(QUESTION, 3));
    assert_fallback(&result, "malformed");
}

#[test]
fn a_stream_cut_off_midway_falls_back_to_the_extractive_answer() {
    let server = ScriptedLlm::start(vec![Reply::CutOff(
        "Candidates must be notified at least ten business".into(),
    )]);
    let snap = nyc(Some(&server.url), 5);
    let result = ask(&snap, &request(QUESTION, 3));
    assert_fallback(&result, "cut off");
}

#[test]
fn an_empty_answer_falls_back_to_the_extractive_answer() {
    let server = ScriptedLlm::start(vec![Reply::Stream("  <think>hmm</think>\n".into())]);
    let snap = nyc(Some(&server.url), 5);
    let result = ask(&snap, &request(QUESTION, 3));
    assert_fallback(&result, "empty");
}

#[test]
fn no_server_falls_back_with_a_hint() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("port")
        .port();
    // The listener is dropped: nothing listens on the port.
    let snap = nyc(Some(&format!("http://127.0.0.1:{port}")), 2);
    let result = ask(&snap, &request(QUESTION, 3));
    assert_fallback(&result, "cannot connect");
    assert!(
        has_warning(&result, "check `[llm] url`"),
        "{:?}",
        result.warnings
    );
}

#[test]
fn eu_ai_act_and_gdpr_answers_keep_real_articles_and_lose_invented_ones() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/eu-ai-gdpr");
    let question = "What must a deployer of a high-risk AI system do about human oversight?";
    let extractive = ask(&workspace(&root, None, 5), &request(question, 3));
    let first = extractive.sources[0].citation.clone();
    let answer = format!(
        "Deployers must assign human oversight ({first}). They must also register in a national database (Article 999 of Regulation (EU) 2024/1689)."
    );
    let server = ScriptedLlm::start(vec![Reply::Stream(answer)]);
    let result = ask(
        &workspace(&root, Some(&server.url), 5),
        &request(question, 3),
    );
    common::assert_verified(&result);
    assert_eq!(result.generated_by.as_deref(), Some("scripted"));
    assert!(
        result
            .answer
            .contains(&format!("human oversight ({first})")),
        "{}",
        result.answer
    );
    assert!(!result.answer.contains("Article 999"), "{}", result.answer);
    assert!(
        has_warning(&result, "removed the citation"),
        "{:?}",
        result.warnings
    );
}

fn client(url: &str) -> ChatClient {
    ChatClient::new(url, Some("scripted".into()), None, 5).expect("client")
}

#[test]
fn query_rewrites_are_parsed_from_a_list_and_garbage_is_an_error() {
    let server = ScriptedLlm::start(vec![
        Reply::Stream(
            "Sure! Here are the reformulations:\n1. notice to candidates before an automated employment decision tool is used\n2. \"timing of AEDT notices to job applicants\"\n3) how far in advance must an employer give AEDT notice\n".into(),
        ),
        Reply::Stream("...\n42\n\n".into()),
        Reply::Status(503, "overloaded".into()),
    ]);
    let c = client(&server.url);
    let rewrites = rewrite_query(&c, QUESTION, 3).expect("three rewrites");
    assert_eq!(
        rewrites,
        [
            "notice to candidates before an automated employment decision tool is used",
            "timing of AEDT notices to job applicants",
            "how far in advance must an employer give AEDT notice",
        ]
    );
    assert!(matches!(
        rewrite_query(&c, QUESTION, 3),
        Err(LlmError::Malformed(_))
    ));
    assert!(matches!(
        rewrite_query(&c, QUESTION, 3),
        Err(LlmError::Http { status: 503, .. })
    ));
    assert_eq!(server.requests().len(), 3);
}

#[test]
fn the_api_key_is_sent_as_a_bearer_token_and_never_printed() {
    let c = ChatClient::new("http://127.0.0.1:9/v1/", None, Some("sk-secret".into()), 1)
        .expect("client");
    assert_eq!(c.endpoint(), "http://127.0.0.1:9/v1/chat/completions");
    assert!(!format!("{c:?}").contains("sk-secret"));
}

#[test]
fn llm_rewrites_join_the_retrieval() {
    let server = ScriptedLlm::start(vec![
        Reply::Stream(
            "1. notice to candidates before use of an automated employment decision tool\n2. business days notice requirement for AEDT".into(),
        ),
        Reply::Stream(GOOD.into()),
    ]);
    let mut config = Config::load(&nyc_root()).expect("config");
    config.llm.url = Some(server.url.clone());
    config.llm.model = Some("scripted".into());
    // The rewrite stage is off by default since issue 12; the LLM's rewrites join it.
    config.retrieval.rewrite = true;
    let snap = Engine::scan_in_memory(&nyc_root(), config).expect("workspace opens");
    let result = ask(&snap, &request(QUESTION, 3));
    let llm: Vec<&str> = result
        .rewrites
        .iter()
        .filter(|r| r.kind == lexls_ide::ask::rewrite::RewriteKind::Llm)
        .map(|r| r.text.as_str())
        .collect();
    assert_eq!(
        llm,
        [
            "notice to candidates before use of an automated employment decision tool",
            "business days notice requirement for AEDT"
        ]
    );
    assert_eq!(server.requests().len(), 2);
    assert!(result.answer.contains(GOOD), "{}", result.answer);
    common::assert_verified(&result);
}

/// The NYC workspace with the LLM's query rewrites on.
fn nyc_with_rewrites(url: &str, timeout_s: u64) -> Snapshot {
    let mut config = Config::load(&nyc_root()).expect("config");
    config.llm.url = Some(url.to_string());
    config.llm.model = Some("scripted".into());
    config.llm.timeout_s = timeout_s;
    config.llm.rewrite = true;
    config.retrieval.rewrite = true;
    Engine::scan_in_memory(&nyc_root(), config).expect("workspace opens")
}

#[test]
fn the_rewrite_and_the_answer_share_one_timeout() {
    let server = ScriptedLlm::start(vec![Reply::Hang]);
    let snap = nyc_with_rewrites(&server.url, 2);
    let t = Instant::now();
    let result = ask(&snap, &request(QUESTION, 3));
    let elapsed = t.elapsed();
    // Two requests (the rewrite gets at most half the budget), one budget.
    assert!(
        elapsed < Duration::from_millis(2_800),
        "an endpoint that never answers took {elapsed:?} with timeout_s = 2"
    );
    assert_eq!(server.requests().len(), 2);
    assert_fallback(&result, "did not answer within 1 s");
    assert!(
        has_warning(&result, "the LLM's query rewrites failed"),
        "{:?}",
        result.warnings
    );
}

#[test]
fn a_reply_past_the_size_cap_is_cut_and_verified() {
    let server = ScriptedLlm::start(vec![Reply::Huge {
        piece: format!("{GOOD} "),
        bytes: 8 << 20,
    }]);
    let snap = nyc(Some(&server.url), 60);
    let t = Instant::now();
    let result = ask(&snap, &request(QUESTION, 3));
    let elapsed = t.elapsed();
    assert!(
        elapsed < Duration::from_secs(10),
        "an 8 MB reply took {elapsed:?}"
    );
    common::assert_verified(&result);
    assert_eq!(result.generated_by.as_deref(), Some("scripted"));
    assert!(result.answer.contains(GOOD), "{}", &result.answer[..300]);
    let cap = lexls_ide::llm::client::MAX_REPLY_BYTES;
    assert!(
        result.answer.len() < cap + 4_096,
        "the answer is {} bytes",
        result.answer.len()
    );
    assert!(
        has_warning(&result, "longer than lexls reads (256 KiB)"),
        "{:?}",
        result.warnings
    );
}

#[test]
fn links_the_model_writes_are_removed_before_verification() {
    let server = ScriptedLlm::start(vec![Reply::Stream(
        "Candidates must be notified ten business days ahead ([NYC Admin. Code § 20-871(b)](file:///etc/passwd)); see <javascript:alert(1)>.".into(),
    )]);
    let snap = nyc(Some(&server.url), 10);
    let result = ask(&snap, &request(QUESTION, 3));
    common::assert_verified(&result);
    assert_eq!(result.generated_by.as_deref(), Some("scripted"));
    assert!(
        result
            .answer
            .contains("ahead (NYC Admin. Code § 20-871(b)); see `javascript:alert(1)`."),
        "{}",
        result.answer
    );
    assert!(!result.answer.contains("file:"), "{}", result.answer);
    assert!(
        result
            .citations
            .iter()
            .any(|c| c.target == "NYC Admin. Code § 20-871(b)" && c.supported),
        "{:?}",
        result.citations
    );
    assert!(
        has_warning(&result, "removed 2 link(s) or HTML element(s)"),
        "{:?}",
        result.warnings
    );
}

/// A generator that is not an HTTP endpoint: the answer pipeline needs only the trait.
struct Scripted(std::sync::Mutex<Vec<&'static str>>);

impl Generator for Scripted {
    fn display_name(&self) -> String {
        "scripted generator".into()
    }

    fn chat(
        &self,
        _messages: &[ChatMessage],
        _max_tokens: Option<u32>,
        on_delta: &mut dyn FnMut(&str),
    ) -> Result<ChatReply, LlmError> {
        let mut replies = self
            .0
            .lock()
            .map_err(|_| LlmError::Malformed("poisoned".into()))?;
        if replies.is_empty() {
            return Err(LlmError::Truncated("no reply left".into()));
        }
        let text = replies.remove(0);
        on_delta(text);
        Ok(ChatReply {
            text: text.into(),
            finish_reason: Some("stop".into()),
            cut: false,
        })
    }
}

#[test]
fn any_generator_writes_the_answer_and_is_asked_to_correct_what_the_sources_do_not_hold() {
    let snap = nyc(None, 5);
    let opts = PipelineOptions::from_snapshot(&snap);
    let retrieval = lexls_ide::ask::pipeline::run(
        &snap,
        QUESTION,
        "",
        "",
        &opts,
        &Models::default(),
        &mut |_| Vec::new(),
        None,
    );
    let refs: Vec<ProvisionRef> = retrieval
        .candidates
        .iter()
        .filter_map(Candidate::section_ref)
        .collect();
    let input = generate::Input {
        question: QUESTION,
        selection: "",
        candidates: &retrieval.candidates,
        source_refs: &refs,
        context: None,
        max_context_chars: 8_000,
    };
    // First a citation the workspace does not have, then the corrected answer.
    let scripted = Scripted(std::sync::Mutex::new(vec![
        "Notice is due ten business days ahead (NYC Admin. Code § 20-899).",
        GOOD,
    ]));
    let mut streamed = String::new();
    let generated = generate::answer(&snap, &scripted, &input, &mut |p| {
        if let AskProgress::Delta(d) = p {
            streamed.push_str(&d);
        }
    })
    .expect("an answer");
    assert_eq!(generated.model, "scripted generator");
    assert!(generated.text.contains("§ 20-871(b)"), "{}", generated.text);
    assert!(!generated.text.contains("20-899"), "{}", generated.text);
    assert!(
        generated
            .warnings
            .iter()
            .any(|w| w.contains("asked to correct")),
        "{:?}",
        generated.warnings
    );
    assert!(streamed.contains("20-899") && streamed.contains("20-871(b)"));
}
