//! Benchmark: `lexls/ask` latency seen by an LSP client of `lexls serve`, without an LLM
//! (adaptive retrieval, knowledge graph, extractive answer, verification). Starts the server
//! on a workspace, waits for indexing (embeddings included), then asks every question of a
//! query set (JSON lines with a `question` field, as in `shared/eval`) and prints p50/p95/max.
//!
//!     cargo run --release -p lexls-tests --bin ask-latency -- \
//!         ../shared/corpora/eu-ai-act ../shared/eval/eu-ai-act.jsonl
//!
//! Without arguments it runs on the EU AI Act / GDPR fixture with a few questions.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use lexls_tests::{LspClient, fixture};
use serde_json::{Value, json};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let root = args
        .first()
        .map_or_else(|| fixture("eu-ai-gdpr"), PathBuf::from);
    let questions: Vec<String> = match args.get(1) {
        Some(path) => std::fs::read_to_string(path)
            .unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
            .lines()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok())
            .filter_map(|v| v["question"].as_str().map(str::to_string))
            .collect(),
        None => [
            "What must a deployer of a high-risk AI system do before putting it into use?",
            "When is a data protection impact assessment required?",
            "What does Article 26(9) require and how does it relate to the GDPR?",
            "Who must be informed about an emotion recognition system?",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect(),
    };
    let root = root.canonicalize().unwrap_or(root);
    // A persistent index (LEXLS_BENCH_INDEX_DIR) keeps the embeddings between runs.
    let index_dir = std::env::var("LEXLS_BENCH_INDEX_DIR").unwrap_or_default();
    let env: Vec<(&str, &str)> = if index_dir.is_empty() {
        Vec::new()
    } else {
        vec![("LEXLS_INDEX_DIR", index_dir.as_str())]
    };
    let mut client = LspClient::start(&env);
    let started = Instant::now();
    client.initialize(&root, json!({}));
    client.wait_indexed();
    // Dense retrieval needs every passage embedded.
    loop {
        let status = client.request("lexls/status", Value::Null);
        let (done, total) = (
            status["embedding"]["done"].as_u64().unwrap_or(0),
            status["embedding"]["total"].as_u64().unwrap_or(0),
        );
        if status["model"]["loaded"] != true || (total > 0 && done >= total) {
            println!(
                "model loaded: {}; embedded {done} of {total}",
                status["model"]["loaded"]
            );
            break;
        }
        std::thread::sleep(Duration::from_millis(500));
    }
    println!("index ready after {:?}", started.elapsed());
    // One warm-up question builds the knowledge graph.
    client.request("lexls/ask", json!({"question": "warm up"}));
    let mut times: Vec<Duration> = Vec::new();
    let mut stages: std::collections::BTreeMap<String, f64> = Default::default();
    for q in &questions {
        let t = Instant::now();
        let answer = client.request("lexls/ask", json!({ "question": q }));
        times.push(t.elapsed());
        assert!(answer["answer"].is_string(), "no answer for {q}: {answer}");
        if let Some(m) = answer["timingsMs"].as_object() {
            for (k, v) in m {
                *stages.entry(k.clone()).or_default() += v.as_f64().unwrap_or(0.0);
            }
        }
    }
    times.sort();
    let pct = |p: f64| times[((times.len() - 1) as f64 * p).round() as usize];
    println!(
        "lexls/ask latency over {} questions: p50 {:?}, p95 {:?}, max {:?}",
        times.len(),
        pct(0.5),
        pct(0.95),
        times[times.len() - 1]
    );
    let n = questions.len().max(1) as f64;
    let mean: Vec<String> = stages
        .iter()
        .map(|(k, v)| format!("{k} {:.1} ms", v / n))
        .collect();
    println!("mean per stage: {}", mean.join(", "));
    client.shutdown();
}
