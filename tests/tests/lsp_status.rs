//! End-to-end, `lexls/status` after a restart: a server that finds every passage's embedding
//! in its index on disk runs no embedding, and says the passages are embedded (a client that
//! waits for `done >= total > 0`, as the benchmarks and the editors' status items do, must
//! not wait for a run that never comes).

use lexls_tests::{LspClient, example};
use serde_json::{Value, json};

fn status_after_indexing(index_dir: &str) -> Value {
    let mut client = LspClient::start(&[("LEXLS_INDEX_DIR", index_dir)]);
    client.initialize(&example("nyc-ll144"), json!({}));
    client.wait_indexed();
    client.wait_embedded();
    let status = client.request("lexls/status", Value::Null);
    assert!(client.shutdown());
    status
}

#[test]
fn a_restart_on_an_embedded_index_reports_every_passage_embedded() {
    let index = tempfile::tempdir().expect("tempdir");
    let dir = index.path().display().to_string();
    let first = status_after_indexing(&dir);
    let second = status_after_indexing(&dir);
    if first["model"]["loaded"] != true {
        // Without the embedding model (the suite's second run) nothing is embedded, either time.
        assert_eq!(
            second["embedding"],
            json!({"done": 0, "total": 0}),
            "{second}"
        );
        return;
    }
    let total = first["embedding"]["total"].as_u64().unwrap_or(0);
    assert!(total > 0, "the first start embeds the passages: {first}");
    assert_eq!(first["embedding"]["done"], total, "{first}");
    // The second start computes nothing and reports what it holds: every passage, done.
    assert_eq!(
        second["embedding"],
        json!({"done": total, "total": total}),
        "{second}"
    );
}
