//! `lexls/status`: what the index holds (`docs/lsp-extensions.md`).

use serde_json::{Value, json};

use crate::lsp::writer::Published;

/// The `lexls/status` result of what the writer published last.
pub fn status(p: &Published) -> Value {
    let counts = p.snapshot.counts();
    let llm = &p.snapshot.config.llm;
    json!({
        "ready": p.ready,
        "root": p.snapshot.root,
        "indexDir": p.index_dir,
        "documents": counts.documents,
        "provisions": counts.provisions,
        "citations": counts.citations,
        "unresolved": counts.unresolved,
        "external": counts.external,
        "embedding": {"done": p.embedding.0, "total": p.embedding.1},
        "model": match &p.model_problem {
            None => json!({"loaded": true}),
            Some(why) => json!({"loaded": false, "reason": why}),
        },
        "llm": {
            "configured": llm.url.is_some(),
            "url": llm.url,
            "endpoint": llm.url.as_deref()
                .and_then(|u| lexls_ide::llm::client::chat_endpoint(u).ok()),
            "model": llm.model,
            "timeoutS": llm.timeout_s,
            "generation": llm.url.is_some(),
        },
        "version": env!("CARGO_PKG_VERSION"),
    })
}
