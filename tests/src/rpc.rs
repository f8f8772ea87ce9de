//! JSON-RPC faults shared by the end-to-end tests (`lsp_robustness.rs`, `lsp_load.rs`) and
//! the fault suite (`fault_suite.rs`): frames whose `Content-Length` is wrong, and the load
//! cases — a 10 MB `didOpen` and 500 quick edits — that must end on the latest text.

use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::{LspClient, position_of};

/// A frame whose `Content-Length` is `declared` instead of the body's length.
pub fn frame(declared: usize, body: &str) -> Vec<u8> {
    format!("Content-Length: {declared}\r\n\r\n{body}").into_bytes()
}

/// `lexls/status` as request `id`, with a string that looks like a header inside.
pub fn status_body(id: i32) -> String {
    json!({"jsonrpc": "2.0", "id": id, "method": "lexls/status",
           "params": {"note": "Content-Length: 3\r\n\r\n{}"}})
    .to_string()
}

/// A wrong `Content-Length`: its name and the length declared for a body of `n` bytes.
pub type BadLength = (&'static str, fn(usize) -> usize);

/// The wrong `Content-Length`s a server must read past: too short (by half, by one), zero,
/// too long (by a little, by 100,000 bytes).
pub const BAD_LENGTHS: [BadLength; 5] = [
    ("too short", |n| n / 2),
    ("too short by one", |n| n.saturating_sub(1)),
    ("zero", |_| 0),
    ("too long", |n| n + 25),
    ("far too long", |n| n + 100_000),
];

/// Why a load case failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// No answer within the bound: the server hangs.
    Hang(String),
    /// An answer, but a wrong one.
    Wrong(String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Hang(m) => write!(f, "hang: {m}"),
            Self::Wrong(m) => write!(f, "wrong: {m}"),
        }
    }
}

/// A hover at `at` of `uri`, answered within `limit`.
fn hover(client: &mut LspClient, uri: &str, at: &Value, limit: Duration) -> Result<Value, Failure> {
    match client.try_request_within(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": at}),
        limit,
    ) {
        None => Err(Failure::Hang(format!("no hover within {limit:?}"))),
        Some(Err(e)) => Err(Failure::Wrong(format!("hover failed: {e}"))),
        Some(Ok(v)) => Ok(v),
    }
}

/// Opens `path` (a policy of the NYC example that cites `§ 20-873`) with a 10 MB text whose
/// last line cites `§ 20-873`, then hovers that citation: the hover must name the section
/// ("Enforcement") within a minute. Returns the time from `didOpen` to the hover.
///
/// # Errors
/// [`Failure::Hang`] when no hover comes, [`Failure::Wrong`] when it misses the section.
pub fn ten_mb_did_open(client: &mut LspClient, path: &Path) -> Result<Duration, Failure> {
    let disk = std::fs::read_to_string(path)
        .map_err(|e| Failure::Wrong(format!("cannot read {}: {e}", path.display())))?;
    let filler = "Filler text of the draft that cites nothing at all and goes on. ".repeat(16);
    let mut text = disk;
    while text.len() < 10 << 20 {
        text.push_str("\n\n");
        text.push_str(&filler);
    }
    text.push_str("\n\nAt the very end: see § 20-873.\n");
    let uri = crate::uri(path);
    let t = Instant::now();
    client.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}}),
    );
    let at = position_of(&text, "§ 20-873.", 0, 2);
    let h = hover(client, &uri, &at, Duration::from_secs(60))?;
    let elapsed = t.elapsed();
    if !h.to_string().contains("Enforcement") {
        return Err(Failure::Wrong(format!("hover on the 10 MB text: {h}")));
    }
    Ok(elapsed)
}

/// Opens `path` (a policy of the NYC example) and sends 500 full-text edits at once, each
/// citing another section and the last also `§ 20-899`, which does not exist; the hover on
/// the last edit must name its section ("Penalties") and the diagnostics of version 501
/// must flag `20-899`, each within a minute. Returns the time from the first edit to the
/// hover.
///
/// # Errors
/// [`Failure::Hang`] when an answer does not come, [`Failure::Wrong`] when it is not the
/// last text's.
pub fn five_hundred_edits(client: &mut LspClient, path: &Path) -> Result<Duration, Failure> {
    let (uri, text) = client.open(path);
    let t = Instant::now();
    let mut last = text.clone();
    for version in 2..=501 {
        // Each edit cites another section; the last one also a section that does not exist.
        let missing = if version == 501 { " and § 20-899" } else { "" };
        last = format!(
            "{text}\n\nEdit {version}: see § 20-87{}{missing}.\n",
            version % 4 + 1
        );
        client.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": last}]}),
        );
    }
    // Version 501 cites § 20-872 (501 % 4 + 1 = 2): Penalties.
    let at = position_of(&last, "Edit 501: see § 20-872", 0, 16);
    let h = hover(client, &uri, &at, Duration::from_secs(60))?;
    let elapsed = t.elapsed();
    if !h.to_string().contains("Penalties") {
        return Err(Failure::Wrong(format!("hover after 500 edits: {h}")));
    }
    let diags = client.wait_notification_within(
        "textDocument/publishDiagnostics",
        |p| p["uri"] == json!(uri) && p["version"] == 501 && p.to_string().contains("20-899"),
        Duration::from_secs(60),
    );
    if diags.is_none() {
        return Err(Failure::Hang(
            "no diagnostics of the last version within 60 s".into(),
        ));
    }
    Ok(elapsed)
}
