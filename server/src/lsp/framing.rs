//! A guard in front of the JSON-RPC transport. tower-lsp stops reading its input after the
//! first message it cannot decode, which would end the session on one malformed message.
//! This task re-frames stdin (`Content-Length` headers, LSP base protocol), forwards valid
//! messages unchanged, and replaces an undecodable one by a request the server answers with
//! an error (when the message carried an id) or by a notification it logs, so the server
//! keeps answering.

use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, BufReader};

/// The method an invalid request is forwarded as; the server answers it with an
/// `InvalidRequest` error that names what was wrong.
pub const INVALID_REQUEST: &str = "lexls/invalidRequest";
/// The notification an invalid message without an id is forwarded as.
pub const INVALID_MESSAGE: &str = "$/lexls/invalidMessage";

/// Largest message accepted (64 MiB); longer ones are skipped.
const MAX_BODY: usize = 64 * 1024 * 1024;

/// Copies LSP messages from `input` to `output`, replacing malformed ones.
pub async fn guard<R, W>(input: R, mut output: W)
where
    R: AsyncRead + Unpin,
    W: AsyncWrite + Unpin,
{
    let mut reader = BufReader::new(input);
    loop {
        let mut length: Option<usize> = None;
        let mut saw_header = false;
        loop {
            let mut line = String::new();
            match reader.read_line(&mut line).await {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            }
            let trimmed = line.trim_end();
            if trimmed.is_empty() {
                if saw_header {
                    break;
                }
                continue;
            }
            saw_header = true;
            if let Some((name, value)) = trimmed.split_once(':')
                && name.trim().eq_ignore_ascii_case("content-length")
            {
                length = value.trim().parse().ok();
            }
        }
        let Some(length) = length else {
            tracing::error!("a message without a valid Content-Length header was skipped");
            continue;
        };
        if length > MAX_BODY {
            tracing::error!(
                "a message of {length} bytes is larger than {MAX_BODY} bytes and was skipped"
            );
            let mut rest = (&mut reader).take(length as u64);
            if tokio::io::copy(&mut rest, &mut tokio::io::sink())
                .await
                .is_err()
            {
                return;
            }
            continue;
        }
        let mut body = vec![0u8; length];
        if reader.read_exact(&mut body).await.is_err() {
            return;
        }
        let forwarded = match check(&body) {
            Ok(()) => body,
            Err((id, why)) => {
                tracing::error!("invalid message: {why}");
                let replacement = match id {
                    Some(id) => {
                        json!({"jsonrpc": "2.0", "id": id, "method": INVALID_REQUEST, "params": {"error": why}})
                    }
                    None => {
                        json!({"jsonrpc": "2.0", "method": INVALID_MESSAGE, "params": {"error": why}})
                    }
                };
                replacement.to_string().into_bytes()
            }
        };
        let header = format!("Content-Length: {}\r\n\r\n", forwarded.len());
        if output.write_all(header.as_bytes()).await.is_err()
            || output.write_all(&forwarded).await.is_err()
            || output.flush().await.is_err()
        {
            return;
        }
    }
}

/// `Ok` for a body that is a JSON-RPC message; else the id it carried (if any) and why.
fn check(body: &[u8]) -> Result<(), (Option<Value>, String)> {
    let value: Value = serde_json::from_slice(body)
        .map_err(|e| (None, format!("the message is not JSON ({e})")))?;
    let Some(obj) = value.as_object() else {
        return Err((None, "the message is not a JSON object".into()));
    };
    let id = obj
        .get("id")
        .filter(|id| id.is_number() || id.is_string())
        .cloned();
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

    #[tokio::test]
    async fn forwards_valid_and_replaces_invalid_messages() {
        let good = r#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#;
        let bad_method = r#"{"jsonrpc":"2.0","id":7,"method":3}"#;
        let input = format!(
            "Content-Length: 9\r\n\r\n{{not jsonContent-Length: {}\r\n\r\n{good}Content-Length: {}\r\n\r\n{bad_method}",
            good.len(),
            bad_method.len()
        );
        let out = run(input.as_bytes()).await;
        assert!(out.contains(INVALID_MESSAGE), "{out}");
        assert!(out.contains(good), "{out}");
        assert!(
            out.contains(r#""id":7"#) && out.contains(INVALID_REQUEST),
            "{out}"
        );
    }

    #[tokio::test]
    async fn skips_messages_without_a_length() {
        let good = r#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#;
        let input = format!(
            "X-Junk: 1\r\n\r\nContent-Length: {}\r\n\r\n{good}",
            good.len()
        );
        let out = run(input.as_bytes()).await;
        assert!(out.contains(good), "{out}");
    }
}
