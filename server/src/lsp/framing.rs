//! A guard in front of the JSON-RPC transport. tower-lsp stops reading its input after the
//! first message it cannot decode, and a wrong `Content-Length` (too short, too long, zero)
//! would leave every later message misframed: the server would run on, answering nothing.
//! This task re-frames stdin (`Content-Length` headers, LSP base protocol) and forwards to
//! tower-lsp only well-framed messages:
//!
//! - A body of exactly `Content-Length` bytes that is one JSON value is forwarded unchanged
//!   (the normal case; without `params` it gets `"params": null`, so that methods whose
//!   params are optional take either form).
//! - Otherwise the message is where the JSON value that starts at the body really ends
//!   (serde_json's streaming deserializer finds it, strings and all, so a `Content-Length`
//!   inside a string is just text): a length that is too short or zero is corrected at
//!   once; a length that is too long, as soon as the next message arrives, or after
//!   [`IDLE`] without a byte when the value is complete (the client waits for the answer).
//! - A body that is not JSON is replaced by a notification the server logs, and reading
//!   resumes at the next `Content-Length` header; so do bytes that are not a header.
//! - A valid JSON body that is not a JSON-RPC message is replaced by a request the server
//!   answers with an error (when it carried an id) or a notification it logs.
//!
//! Bodies larger than [`MAX_BODY`] are skipped. Whatever comes in, the server keeps reading.

use std::time::Duration;

use serde_json::{Value, json};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};

/// The method an invalid request is forwarded as; the server answers it with an
/// `InvalidRequest` error that names what was wrong.
pub const INVALID_REQUEST: &str = "lexls/invalidRequest";
/// The notification an invalid message without an id is forwarded as.
pub const INVALID_MESSAGE: &str = "$/lexls/invalidMessage";

/// Largest message accepted (64 MiB); longer ones are skipped.
const MAX_BODY: usize = 64 * 1024 * 1024;

/// Longest header block; more bytes without a blank line are not a header.
const MAX_HEADER: usize = 8 * 1024;

/// How long the input may stay silent before a message that is complete as JSON but shorter
/// than its `Content-Length` is taken as it is.
pub const IDLE: Duration = Duration::from_millis(250);

/// The header that starts a message, for resynchronisation (compared ignoring case).
const CONTENT_LENGTH: &[u8] = b"content-length:";

/// What the framer found.
#[derive(Debug, PartialEq)]
enum Frame {
    /// A message: its bytes (one JSON value) and the value.
    Message(Vec<u8>, Value),
    /// Bytes that were meant as a message but are not JSON, and why.
    Invalid(String),
}

/// The body being read.
#[derive(Debug, Clone, Copy)]
struct Body {
    /// Where it starts in the buffer.
    at: usize,
    /// Its `Content-Length`.
    declared: usize,
}

/// Splits a byte stream into messages (see the module documentation).
#[derive(Debug, Default)]
struct Framer {
    buf: Vec<u8>,
    /// Bytes before this are consumed.
    start: usize,
    /// The headers of a message are read and this is its body.
    body: Option<Body>,
    /// The buffer length at the last look for where the body's JSON value ends (looked
    /// again only once the buffer doubled, so that a long body is not parsed over and over).
    looked: usize,
    /// The buffer length at the last such look after a silence (no new look until more
    /// bytes arrive).
    looked_idle: usize,
    /// Bytes of an oversized body still to discard.
    skip: usize,
}

impl Framer {
    fn push(&mut self, bytes: &[u8]) {
        if self.skip > 0 {
            let n = self.skip.min(bytes.len());
            self.skip -= n;
            self.buf.extend_from_slice(&bytes[n..]);
        } else {
            self.buf.extend_from_slice(bytes);
        }
    }

    /// Whether a message waits for bytes that may never come (so a silence is worth a look).
    fn waiting(&self) -> bool {
        self.skip > 0 || (self.body.is_some() && self.looked_idle < self.buf.len())
    }

    /// The next frame, if the buffer holds one. `idle`: the input has been silent for
    /// [`IDLE`], so a body shorter than declared is taken as it is, and an oversized one
    /// that stopped coming is given up.
    fn next(&mut self, idle: bool) -> Option<Frame> {
        if idle && self.skip > 0 {
            tracing::error!(
                "a message stopped {} bytes short of its Content-Length; looking for the next one",
                self.skip
            );
            self.skip = 0;
        }
        loop {
            let frame = match self.body {
                None => {
                    if !self.headers() {
                        self.compact();
                        return None;
                    }
                    continue;
                }
                Some(body) => self.body(body, idle),
            };
            self.compact();
            return frame;
        }
    }

    /// Reads a header block at `start`; `true` when it set `body` or consumed something
    /// (call again), `false` when more bytes are needed.
    fn headers(&mut self) -> bool {
        let pending = &self.buf[self.start..];
        let lead = pending
            .iter()
            .take_while(|b| b.is_ascii_whitespace())
            .count();
        self.start += lead;
        let pending = &self.buf[self.start..];
        if pending.is_empty() {
            return false;
        }
        // The block: lines up to an empty one.
        let mut at = 0;
        let mut length: Option<Option<usize>> = None;
        loop {
            let Some(nl) = pending[at..].iter().position(|&b| b == b'\n') else {
                if pending.len() > MAX_HEADER || !looks_like_header(&pending[at..]) {
                    return self.resync(self.start + 1, "bytes that are not an LSP header");
                }
                return false;
            };
            let line = &pending[at..at + nl];
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            let next = at + nl + 1;
            if line.is_empty() {
                at = next;
                break;
            }
            // A header glued to the end of something else: resume there.
            if let Some(i) = line
                .windows(CONTENT_LENGTH.len())
                .skip(1)
                .position(|w| w.eq_ignore_ascii_case(CONTENT_LENGTH))
            {
                return self.resync(self.start + at + 1 + i, "bytes that are not an LSP header");
            }
            if !looks_like_header(line) || next > MAX_HEADER {
                return self.resync(self.start + 1, "bytes that are not an LSP header");
            }
            if let Some(colon) = line.iter().position(|&b| b == b':')
                && line[..colon].eq_ignore_ascii_case(b"content-length")
            {
                let value = String::from_utf8_lossy(&line[colon + 1..]);
                length = Some(value.trim().parse().ok());
            }
            at = next;
        }
        let body_at = self.start + at;
        match length {
            Some(Some(declared)) => {
                self.body = Some(Body {
                    at: body_at,
                    declared,
                });
                self.looked = 0;
                self.looked_idle = 0;
            }
            _ => {
                tracing::error!("a message without a valid Content-Length header was skipped");
                self.start = body_at;
            }
        }
        true
    }

    /// Reads the body at `body`.
    fn body(&mut self, body: Body, idle: bool) -> Option<Frame> {
        let available = self.buf.len() - body.at;
        let complete = available >= body.declared;
        if complete {
            let exact = &self.buf[body.at..body.at + body.declared];
            if let Ok(value) = serde_json::from_slice::<Value>(exact) {
                let bytes = exact.to_vec();
                self.finish(body.at + body.declared);
                return Some(Frame::Message(bytes, value));
            }
        }
        // Not one JSON value of the declared length: look where the value really ends when
        // the declared bytes are all there (the length is too short, or the body is not
        // JSON), after a silence, or once the body is too large; and again only after the
        // buffer doubled, or after another silence.
        let oversized = available > MAX_BODY;
        let worth = if idle {
            self.looked_idle < self.buf.len()
        } else {
            (complete || oversized) && self.buf.len() >= self.looked.saturating_mul(2)
        };
        if !worth {
            return None;
        }
        self.looked = self.buf.len();
        if idle {
            self.looked_idle = self.buf.len();
        }
        // Where the JSON value starting at the body really ends.
        let mut values =
            serde_json::Deserializer::from_slice(&self.buf[body.at..]).into_iter::<Value>();
        match values.next() {
            Some(Ok(value)) => {
                let end = body.at + values.byte_offset();
                tracing::warn!(
                    "a message of {} bytes said Content-Length: {}; read it as it is",
                    end - body.at,
                    body.declared
                );
                let bytes = self.buf[body.at..end].to_vec();
                self.finish(end);
                Some(Frame::Message(bytes, value))
            }
            Some(Err(e)) if !e.is_eof() => {
                let why = format!("the message is not JSON ({e})");
                tracing::error!("{why}; looking for the next message");
                self.body = None;
                self.resync(body.at, "an invalid message");
                Some(Frame::Invalid(why))
            }
            // Incomplete (or nothing but white space so far).
            _ if oversized => {
                tracing::error!(
                    "a message of {} bytes is larger than {MAX_BODY} bytes and was skipped",
                    body.declared
                );
                self.skip = body.declared.saturating_sub(available);
                self.finish(self.buf.len());
                None
            }
            _ if idle && complete => {
                let why = "the message is not JSON (it ends early)".to_string();
                tracing::error!("{why}; looking for the next message");
                self.finish(body.at + body.declared);
                Some(Frame::Invalid(why))
            }
            _ => None,
        }
    }

    /// The body ended at `end`: the next message starts there.
    fn finish(&mut self, end: usize) {
        self.start = end;
        self.body = None;
        self.looked = 0;
        self.looked_idle = 0;
    }

    /// Skips to the next `Content-Length` header at or after `from` (or, without one, keeps
    /// only a tail that may begin it); `true`.
    fn resync(&mut self, from: usize, what: &str) -> bool {
        let from = from.min(self.buf.len());
        let found = self.buf[from..]
            .windows(CONTENT_LENGTH.len())
            .position(|w| w.eq_ignore_ascii_case(CONTENT_LENGTH));
        let to = match found {
            Some(i) => from + i,
            None => self
                .buf
                .len()
                .saturating_sub(CONTENT_LENGTH.len() - 1)
                .max(from),
        };
        if to > self.start {
            tracing::error!(
                "skipped {} bytes of {what} up to the next Content-Length header",
                to - self.start
            );
        }
        self.start = to;
        self.body = None;
        found.is_some() || to > from
    }

    /// Drops consumed bytes once they are most of the buffer.
    fn compact(&mut self) {
        if self.start > 64 * 1024 && self.start * 2 > self.buf.len() {
            self.buf.drain(..self.start);
            if let Some(body) = &mut self.body {
                body.at -= self.start;
            }
            self.looked = self.looked.saturating_sub(self.start);
            self.looked_idle = self.looked_idle.saturating_sub(self.start);
            self.start = 0;
        }
    }
}

/// Whether `line` (or the beginning of one) can be an HTTP-style header: a token, then `:`.
fn looks_like_header(line: &[u8]) -> bool {
    let name = line.iter().position(|&b| b == b':').map_or(line, |c| {
        if c == 0 {
            return &line[..1];
        }
        &line[..c]
    });
    !name.is_empty()
        && name
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Copies LSP messages from `input` to `output`, re-framed and with malformed ones replaced
/// (see the module documentation). Returns when `input` ends or `output` closes.
pub async fn guard<R, W>(mut input: R, mut output: W)
where
    R: AsyncRead + Unpin,
    W: AsyncWrite + Unpin,
{
    let mut framer = Framer::default();
    let mut chunk = vec![0u8; 64 * 1024];
    let mut idle = false;
    loop {
        while let Some(frame) = framer.next(idle) {
            if forward(&mut output, frame).await.is_err() {
                return;
            }
        }
        idle = false;
        let read = if framer.waiting() {
            match tokio::time::timeout(IDLE, input.read(&mut chunk)).await {
                Ok(read) => read,
                Err(_) => {
                    idle = true;
                    continue;
                }
            }
        } else {
            input.read(&mut chunk).await
        };
        match read {
            Ok(0) | Err(_) => {
                while let Some(frame) = framer.next(true) {
                    if forward(&mut output, frame).await.is_err() {
                        return;
                    }
                }
                return;
            }
            Ok(n) => framer.push(&chunk[..n]),
        }
    }
}

/// Writes one frame to tower-lsp, framed with its exact length.
async fn forward<W: AsyncWrite + Unpin>(output: &mut W, frame: Frame) -> std::io::Result<()> {
    let body = match frame {
        Frame::Message(bytes, mut value) => match check(&value) {
            Ok(()) if value.get("method").is_some() && value.get("params").is_none() => {
                if let Some(obj) = value.as_object_mut() {
                    obj.insert("params".into(), Value::Null);
                }
                value.to_string().into_bytes()
            }
            Ok(()) => bytes,
            Err((id, why)) => replacement(id, &why),
        },
        Frame::Invalid(why) => replacement(None, &why),
    };
    let header = format!("Content-Length: {}\r\n\r\n", body.len());
    output.write_all(header.as_bytes()).await?;
    output.write_all(&body).await?;
    output.flush().await
}

/// The request (with an id) or notification an invalid message is forwarded as.
fn replacement(id: Option<Value>, why: &str) -> Vec<u8> {
    tracing::error!("invalid message: {why}");
    let message = match id {
        Some(id) => {
            json!({"jsonrpc": "2.0", "id": id, "method": INVALID_REQUEST, "params": {"error": why}})
        }
        None => json!({"jsonrpc": "2.0", "method": INVALID_MESSAGE, "params": {"error": why}}),
    };
    message.to_string().into_bytes()
}

/// `Ok` for a value that is a JSON-RPC message tower-lsp can decode; else the id it
/// carried (if any) and why. tower-lsp stops reading at the first message it cannot decode,
/// so what it would not take is never forwarded: a request whose `id` is not an integer, a
/// string or null is answered as JSON-RPC says, with an error whose id is null.
fn check(value: &Value) -> Result<(), (Option<Value>, String)> {
    let Some(obj) = value.as_object() else {
        return Err((None, "the message is not a JSON object".into()));
    };
    let id = obj
        .get("id")
        .filter(|id| id.as_i64().is_some() || id.is_string())
        .cloned();
    let has_method = obj.contains_key("method");
    if obj.get("id").is_some_and(|v| !v.is_null()) && id.is_none() {
        return Err((
            has_method.then_some(Value::Null),
            "`id` must be an integer, a string or null".into(),
        ));
    }
    if obj.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return Err((
            id.or_else(|| has_method.then_some(Value::Null)),
            "`jsonrpc` must be \"2.0\"".into(),
        ));
    }
    match obj.get("method") {
        Some(Value::String(_)) => match obj.get("params") {
            None | Some(Value::Object(_) | Value::Array(_) | Value::Null) => Ok(()),
            Some(_) => Err((id, "`params` must be an object or an array".into())),
        },
        Some(_) => Err((id, "`method` must be a string".into())),
        None if id.is_some() && (obj.contains_key("result") || obj.contains_key("error")) => Ok(()),
        None => Err((id, "the message has neither a method nor a result".into())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn run(input: &[u8]) -> String {
        let mut out = Vec::new();
        guard(input, &mut out).await;
        String::from_utf8(out).unwrap_or_default()
    }

    fn frame(body: &str) -> String {
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    }

    /// The bodies `run` forwarded, in order.
    fn bodies(out: &str) -> Vec<Value> {
        let mut framer = Framer::default();
        framer.push(out.as_bytes());
        let mut found = Vec::new();
        while let Some(Frame::Message(_, v)) = framer.next(true) {
            found.push(v);
        }
        found
    }

    const GOOD: &str = r#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#;
    const HOVER: &str = r#"{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"x":"Content-Length: 5\r\n\r\n{}"}}"#;

    #[tokio::test]
    async fn forwards_valid_and_replaces_invalid_messages() {
        let bad_method = r#"{"jsonrpc":"2.0","id":7,"method":3}"#;
        let input = format!(
            "Content-Length: 9\r\n\r\n{{not json{}{}",
            frame(GOOD),
            frame(bad_method)
        );
        let out = run(input.as_bytes()).await;
        assert!(out.contains(INVALID_MESSAGE), "{out}");
        assert!(out.contains(r#""method":"shutdown""#), "{out}");
        assert!(
            out.contains(r#""id":7"#) && out.contains(INVALID_REQUEST),
            "{out}"
        );
    }

    #[tokio::test]
    async fn ids_and_versions_tower_lsp_cannot_decode_are_answered_not_forwarded() {
        for bad in [
            r#"{"jsonrpc":"2.0","id":{"a":1},"method":"lexls/status"}"#,
            r#"{"jsonrpc":"2.0","id":[1],"method":"lexls/status"}"#,
            r#"{"jsonrpc":"2.0","id":true,"method":"lexls/status"}"#,
            r#"{"jsonrpc":"2.0","id":5.5,"method":"lexls/status"}"#,
            r#"{"jsonrpc":"2.0","id":1e30,"method":"lexls/status"}"#,
            r#"{"id":5,"method":"lexls/status"}"#,
            r#"{"jsonrpc":"1.0","id":5,"method":"lexls/status"}"#,
            r#"{"jsonrpc":2,"id":5,"method":"lexls/status"}"#,
            r#"{"jsonrpc":"2.0","id":5.5,"result":1}"#,
        ] {
            let out = run(frame(bad).as_bytes()).await;
            let forwarded = bodies(&out);
            assert_eq!(forwarded.len(), 1, "{bad}: {out}");
            let method = forwarded[0]["method"].as_str().unwrap_or_default();
            assert!(
                method == INVALID_REQUEST || method == INVALID_MESSAGE,
                "{bad} was forwarded as {out}"
            );
            let id = &forwarded[0]["id"];
            assert!(id.is_null() || id == 5, "{bad}: {out}");
        }
        // Integer, negative and string ids, and a null id, are fine.
        for good in [
            r#"{"jsonrpc":"2.0","id":-3,"method":"lexls/status","params":null}"#,
            r#"{"jsonrpc":"2.0","id":"a","method":"lexls/status","params":null}"#,
            r#"{"jsonrpc":"2.0","id":null,"method":"lexls/status","params":null}"#,
        ] {
            let out = run(frame(good).as_bytes()).await;
            assert!(out.contains(good), "{good}: {out}");
        }
    }

    #[tokio::test]
    async fn skips_messages_without_a_length() {
        let good = r#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#;
        let input = format!("X-Junk: 1\r\n\r\n{}", frame(good));
        let out = run(input.as_bytes()).await;
        assert!(out.contains(good), "{out}");
    }

    #[tokio::test]
    async fn wrong_lengths_are_corrected_and_the_next_message_is_read() {
        for declared in [0, 10, HOVER.len() - 1, HOVER.len() + 1, HOVER.len() + 40] {
            let input = format!("Content-Length: {declared}\r\n\r\n{HOVER}{}", frame(GOOD));
            let out = run(input.as_bytes()).await;
            let found = bodies(&out);
            assert_eq!(found.len(), 2, "Content-Length {declared}: {out}");
            assert_eq!(found[0]["id"], 2, "{out}");
            assert_eq!(found[0]["params"]["x"], "Content-Length: 5\r\n\r\n{}");
            assert_eq!(found[1]["id"], 1, "{out}");
        }
    }

    #[tokio::test]
    async fn a_length_past_the_end_gives_the_message_once_the_input_is_silent() {
        let (mut client, server) = tokio::io::duplex(1 << 16);
        let (out_w, mut out_r) = tokio::io::duplex(1 << 16);
        tokio::spawn(guard(server, out_w));
        let bad = format!("Content-Length: {}\r\n\r\n{GOOD}", GOOD.len() + 1000);
        client.write_all(bad.as_bytes()).await.ok();
        let mut got = vec![0u8; 4096];
        let n = tokio::time::timeout(Duration::from_secs(5), out_r.read(&mut got))
            .await
            .ok()
            .and_then(Result::ok)
            .unwrap_or(0);
        let out = String::from_utf8_lossy(&got[..n]).to_string();
        assert!(out.contains(r#""method":"shutdown""#), "{out}");
        // The next message is read normally.
        client.write_all(frame(HOVER).as_bytes()).await.ok();
        let n = tokio::time::timeout(Duration::from_secs(5), out_r.read(&mut got))
            .await
            .ok()
            .and_then(Result::ok)
            .unwrap_or(0);
        let out = String::from_utf8_lossy(&got[..n]).to_string();
        assert!(out.contains("textDocument/hover"), "{out}");
    }

    #[tokio::test]
    async fn garbage_between_messages_is_skipped() {
        let input = format!(
            "{}garbage {{ \"Content-Length\" ]]\r\n\r\n{}{}",
            frame(GOOD),
            frame("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"x\",\"params\":{\"a\":"),
            frame(HOVER)
        );
        let out = run(input.as_bytes()).await;
        let ids: Vec<Value> = bodies(&out)
            .into_iter()
            .filter(|v| v["method"] != INVALID_MESSAGE)
            .map(|v| v["id"].clone())
            .collect();
        assert_eq!(ids, [json!(1), json!(2)], "{out}");
    }

    #[tokio::test]
    async fn a_request_without_params_gets_null_params() {
        let status = r#"{"jsonrpc":"2.0","id":4,"method":"lexls/status"}"#;
        let out = run(frame(status).as_bytes()).await;
        let found = bodies(&out);
        assert_eq!(found.len(), 1, "{out}");
        assert_eq!(found[0]["params"], Value::Null);
        assert!(
            found[0]
                .as_object()
                .is_some_and(|o| o.contains_key("params"))
        );
    }

    #[test]
    fn large_messages_are_read_in_one_piece() {
        let text = "x".repeat(3 << 20);
        let body = json!({"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"text": text}})
            .to_string();
        let input = frame(&body);
        let mut framer = Framer::default();
        for piece in input.as_bytes().chunks(65536) {
            framer.push(piece);
            if let Some(Frame::Message(bytes, _)) = framer.next(false) {
                assert_eq!(bytes.len(), body.len());
                return;
            }
        }
        panic!("no message");
    }
}
