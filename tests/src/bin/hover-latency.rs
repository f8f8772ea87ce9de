//! Benchmark: hover latency seen by an LSP client of `lexls serve` on the NYC Local Law 144
//! example. Starts the server, waits for indexing, opens the policy, then measures 200 hovers
//! on a citation and prints p50/p95/max.
//!
//!     cargo run --release -p lexls-tests --bin hover-latency

use std::time::{Duration, Instant};

use lexls_tests::{LspClient, example, position_of};
use serde_json::json;

fn main() {
    let root = example("nyc-ll144");
    let mut client = LspClient::start(&[]);
    let started = Instant::now();
    client.initialize(&root, json!({}));
    client.wait_indexed();
    println!("initial index ready after {:?}", started.elapsed());
    let (uri, text) = client.open(&root.join("policy/acme-aedt-hiring-policy.md"));
    let pos = position_of(&text, "§ 20-871(b) no less", 0, 3);
    let first = Instant::now();
    client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": pos}),
    );
    println!("first hover after didOpen: {:?}", first.elapsed());
    let mut times: Vec<Duration> = (0..200)
        .map(|_| {
            let t = Instant::now();
            let h = client.request(
                "textDocument/hover",
                json!({"textDocument": {"uri": uri}, "position": pos}),
            );
            assert!(h["contents"]["value"].is_string());
            t.elapsed()
        })
        .collect();
    times.sort();
    let pct = |p: f64| times[((times.len() - 1) as f64 * p) as usize];
    println!(
        "hover latency over {} requests: p50 {:?}, p95 {:?}, max {:?}",
        times.len(),
        pct(0.5),
        pct(0.95),
        times[times.len() - 1]
    );
    client.shutdown();
}
