//! Generated answers through a real llama.cpp `llama-server` serving SmolLM2-135M-Instruct
//! (set `LEXLS_TEST_LLAMA_SERVER` and `LEXLS_TEST_LLAMA_MODEL`, see
//! `scripts/llama-server.sh`; skipped, and saying so, otherwise). The model's answers are
//! weak: the test asserts what must hold whatever it says — every citation of the final
//! answer resolves and is supported, what was removed is named in the warnings, and a
//! failure gives the extractive answer with a warning.

mod common;

use std::path::Path;

use lexls_ide::ask::{AskProgress, AskRequest, Models, ask_with};
use lexls_ide::llm::{ChatClient, rewrite_query};
use lexls_index::config::Config;
use lexls_index::engine::Engine;
use lexls_tests::llm::LlamaServer;

#[test]
fn smollm2_answers_end_verified_or_extractive() {
    let Some(server) = LlamaServer::start() else {
        return;
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/nyc-ll144");
    let mut config = Config::load(&root).expect("config");
    config.llm.url = Some(server.url.clone());
    config.llm.model = Some("smollm2".into());
    config.llm.timeout_s = 120;
    config.llm.max_tokens = 160;
    let snap = Engine::scan_in_memory(&root, config).expect("workspace opens");
    // One set of models for the session, as the language server keeps it.
    let models = Models::default();

    for question in [
        "How many business days before using an AEDT must candidates be notified?",
        "What are the penalties for violating the bias audit requirements?",
    ] {
        let mut streamed = String::new();
        let mut rounds = 0;
        let t = std::time::Instant::now();
        let result = ask_with(
            &snap,
            &AskRequest {
                question: question.into(),
                top_k: Some(3),
                ..AskRequest::default()
            },
            &models,
            &mut |p| match p {
                AskProgress::Delta(d) => streamed.push_str(&d),
                AskProgress::Generating { .. } => rounds += 1,
                AskProgress::Verifying => {}
            },
        );
        eprintln!(
            "--- {question} ({:?}, {rounds} round(s))\n--- streamed (last round):\n{streamed}\n--- final answer:\n{}\n--- warnings: {:#?}",
            t.elapsed(),
            result.answer,
            result.warnings
        );
        common::assert_verified(&result);
        match &result.generated_by {
            Some(model) => {
                assert_eq!(model, "smollm2");
                assert!(rounds >= 1);
            }
            None => assert!(
                result
                    .warnings
                    .iter()
                    .any(|w| w.contains("the LLM answer failed")),
                "{:?}",
                result.warnings
            ),
        }
        assert!(!result.sources.is_empty());
    }

    // Query rewriting: a list, or an error; never a panic.
    let client = ChatClient::new(&server.url, None, None, 120).expect("client");
    match rewrite_query(&client, "When must candidates be told about an AEDT?", 3) {
        Ok(rewrites) => {
            eprintln!("--- rewrites: {rewrites:#?}");
            assert!(!rewrites.is_empty() && rewrites.len() <= 3);
        }
        Err(e) => eprintln!("--- rewriting failed: {e}"),
    }
}
