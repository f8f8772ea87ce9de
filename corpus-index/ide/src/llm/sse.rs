//! The server-sent events of a streamed chat completion, one line at a time:
//!
//! ```text
//! data: {"choices":[{"index":0,"delta":{"content":"Under"},"finish_reason":null}]}
//!
//! data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}
//!
//! data: [DONE]
//! ```
//!
//! Comments (`: keep-alive`), `event:`/`id:`/`retry:` fields and blank lines are skipped.
//! An error object (`data: {"error": …}` or `error: …`) is an error.

use serde_json::Value;

use super::{LlmError, excerpt_chars};

/// What one line of the stream says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SseLine {
    /// A chunk: text to append (possibly empty) and, on the last chunk, why it ended.
    Chunk {
        /// The content delta.
        content: String,
        /// `stop`, `length`, … on the last chunk.
        finish_reason: Option<String>,
    },
    /// `data: [DONE]`: the stream is complete.
    Done,
    /// Nothing to act on.
    Ignore,
}

/// Parses one line of the event stream (without its line break).
///
/// # Errors
/// [`LlmError::Malformed`] when a `data:` line is neither `[DONE]` nor a chat-completion
/// chunk, or carries an error object.
pub fn parse_line(line: &str) -> Result<SseLine, LlmError> {
    let line = line.trim_end_matches(['\r', '\n']);
    if line.trim().is_empty() || line.starts_with(':') {
        return Ok(SseLine::Ignore);
    }
    if let Some(rest) = line.strip_prefix("error:") {
        return Err(LlmError::Malformed(format!(
            "the server reported an error in the stream: {}",
            excerpt_chars(rest.trim(), 200)
        )));
    }
    let Some(data) = line.strip_prefix("data:") else {
        let field = line.split(':').next().unwrap_or_default();
        return if matches!(field, "event" | "id" | "retry") {
            Ok(SseLine::Ignore)
        } else {
            Err(LlmError::Malformed(format!(
                "not a server-sent event line: `{}`",
                excerpt_chars(line, 120)
            )))
        };
    };
    let data = data.trim();
    if data == "[DONE]" {
        return Ok(SseLine::Done);
    }
    let value: Value = serde_json::from_str(data).map_err(|e| {
        LlmError::Malformed(format!(
            "a stream event is not JSON ({e}): `{}`",
            excerpt_chars(data, 120)
        ))
    })?;
    chunk(&value)
}

/// Reads a chat-completion chunk (`choices[0].delta.content`, `choices[0].finish_reason`).
fn chunk(value: &Value) -> Result<SseLine, LlmError> {
    if let Some(err) = value.get("error") {
        let message = err
            .get("message")
            .and_then(Value::as_str)
            .map_or_else(|| err.to_string(), str::to_string);
        return Err(LlmError::Malformed(format!(
            "the server reported an error in the stream: {}",
            excerpt_chars(&message, 200)
        )));
    }
    let Some(choices) = value.get("choices").and_then(Value::as_array) else {
        return Err(LlmError::Malformed(
            "a stream event has no `choices` array".into(),
        ));
    };
    // Some servers send a last chunk with usage and no choices.
    let Some(choice) = choices.first() else {
        return Ok(SseLine::Ignore);
    };
    let content = match choice.pointer("/delta/content") {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.clone(),
        Some(other) => {
            return Err(LlmError::Malformed(format!(
                "`delta.content` is not a string: {}",
                excerpt_chars(&other.to_string(), 80)
            )));
        }
    };
    let finish_reason = choice
        .get("finish_reason")
        .and_then(Value::as_str)
        .map(str::to_string);
    Ok(SseLine::Chunk {
        content,
        finish_reason,
    })
}

/// The answer of a non-streamed reply (`choices[0].message.content`), for servers that
/// ignore `"stream": true` and answer with one JSON object.
///
/// # Errors
/// [`LlmError::Malformed`] when the body is not such an object.
pub fn parse_whole(body: &str) -> Result<String, LlmError> {
    let value: Value = serde_json::from_str(body).map_err(|e| {
        LlmError::Malformed(format!(
            "the reply is not JSON ({e}): `{}`",
            excerpt_chars(body.trim(), 120)
        ))
    })?;
    if value.get("error").is_some() {
        chunk(&value)?;
    }
    value
        .pointer("/choices/0/message/content")
        .and_then(Value::as_str)
        .map(str::to_string)
        .ok_or_else(|| LlmError::Malformed("the reply has no `choices[0].message.content`".into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_chunks_done_and_skips_comments() {
        assert_eq!(
            parse_line(r#"data: {"choices":[{"delta":{"content":"Hi"},"finish_reason":null}]}"#),
            Ok(SseLine::Chunk {
                content: "Hi".into(),
                finish_reason: None
            })
        );
        assert_eq!(
            parse_line(r#"data:{"choices":[{"delta":{},"finish_reason":"stop"}]}"#),
            Ok(SseLine::Chunk {
                content: String::new(),
                finish_reason: Some("stop".into())
            })
        );
        assert_eq!(parse_line("data: [DONE]\r"), Ok(SseLine::Done));
        assert_eq!(parse_line(": keep-alive"), Ok(SseLine::Ignore));
        assert_eq!(parse_line("event: message"), Ok(SseLine::Ignore));
        assert_eq!(parse_line(""), Ok(SseLine::Ignore));
        assert_eq!(parse_line(r#"data: {"choices":[]}"#), Ok(SseLine::Ignore));
    }

    #[test]
    fn malformed_events_are_errors_not_panics() {
        for line in [
            "data: {\"choices\":[{\"delta\":{\"content\":\"Hi",
            "data: 42",
            "data: {\"choices\":[{\"delta\":{\"content\":7}}]}",
            "data: {\"error\":{\"message\":\"model not loaded\"}}",
            "error: {\"message\":\"boom\"}",
            "<html>",
        ] {
            assert!(
                matches!(parse_line(line), Err(LlmError::Malformed(_))),
                "{line}"
            );
        }
    }

    #[test]
    fn reads_a_whole_reply() {
        assert_eq!(
            parse_whole(r#"{"choices":[{"message":{"role":"assistant","content":"ok"}}]}"#),
            Ok("ok".into())
        );
        assert!(parse_whole("{}").is_err());
        assert!(parse_whole("not json").is_err());
    }
}
