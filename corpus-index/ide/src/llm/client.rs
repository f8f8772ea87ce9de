//! The blocking chat-completions client.
//!
//! [`ChatClient::chat`] posts the messages with `"stream": true` and calls back with each
//! text delta. The HTTP exchange runs on a worker thread that sends the deltas over a
//! channel; the calling thread waits on the channel against one deadline (`[llm]
//! timeout_s` from the request's start, or the earlier deadline given by
//! [`ChatClient::with_deadline`], so that all the requests of one answer share one budget),
//! so a server that never answers, trickles, or stalls mid-stream times out on time.
//!
//! Replies are bounded: at most [`MAX_REPLY_BYTES`] of text and [`MAX_STREAM_BYTES`] of
//! event stream are read; past either, the connection is closed and the text so far is
//! returned marked [`ChatReply::cut`].
//!
//! Call it from a thread that may block (never from inside an async task: wrap it in
//! `tokio::task::spawn_blocking`).

use std::io::{BufRead, BufReader, Read};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::sse::{self, SseLine};
use super::{LlmError, excerpt_chars};
use lexls_index::config::LlmConfig;

/// Who says a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Instructions.
    System,
    /// The user.
    User,
    /// The model (an earlier reply, for a correction round).
    Assistant,
}

impl Role {
    fn as_str(self) -> &'static str {
        match self {
            Self::System => "system",
            Self::User => "user",
            Self::Assistant => "assistant",
        }
    }
}

/// One message of a chat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatMessage {
    /// Who says it.
    pub role: Role,
    /// What is said.
    pub content: String,
}

impl ChatMessage {
    /// A message of `role`.
    pub fn new(role: Role, content: impl Into<String>) -> Self {
        Self {
            role,
            content: content.into(),
        }
    }
}

/// Sampling options of a request.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ChatOptions {
    /// Sampling temperature.
    pub temperature: f32,
    /// Longest reply, in tokens (`None`: the server's default).
    pub max_tokens: Option<u32>,
}

/// A complete reply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatReply {
    /// The text (at most [`MAX_REPLY_BYTES`] bytes).
    pub text: String,
    /// Why the server stopped (`stop`; `length` when `max_tokens` cut it), if it said.
    pub finish_reason: Option<String>,
    /// The reply was longer than lexls reads ([`MAX_REPLY_BYTES`] of text or
    /// [`MAX_STREAM_BYTES`] of stream): `text` is its beginning and the connection was
    /// closed.
    pub cut: bool,
}

/// A client of one OpenAI-compatible chat-completions endpoint.
#[derive(Clone)]
pub struct ChatClient {
    http: reqwest::blocking::Client,
    endpoint: String,
    model: Option<String>,
    api_key: Option<String>,
    timeout_s: u64,
    /// A deadline shared with other requests (see [`ChatClient::with_deadline`]).
    deadline: Option<Instant>,
    /// The options of [`ChatClient::chat`].
    pub options: ChatOptions,
}

impl std::fmt::Debug for ChatClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never the API key.
        f.debug_struct("ChatClient")
            .field("endpoint", &self.endpoint)
            .field("model", &self.model)
            .field("api_key", &self.api_key.as_ref().map(|_| "…"))
            .field("timeout_s", &self.timeout_s)
            .field("deadline", &self.deadline)
            .field("options", &self.options)
            .finish()
    }
}

/// Longest error body quoted in [`LlmError::Http`], in characters.
const ERROR_BODY_MAX: usize = 300;
/// Longest single line of an event stream, in bytes.
const LINE_MAX: u64 = 1 << 20;
/// Longest non-streamed reply body, in bytes.
const BODY_MAX: u64 = 8 << 20;
/// Most text of one reply that is read, in bytes (256 KiB: hundreds of times a long
/// answer); past it the connection is closed and the reply is [`ChatReply::cut`].
pub const MAX_REPLY_BYTES: usize = 256 * 1024;
/// Most event-stream bytes of one reply that are read (32 MiB: room for chunks that carry
/// far more metadata than text); past it the reply is [`ChatReply::cut`].
pub const MAX_STREAM_BYTES: u64 = 32 << 20;

/// The chat-completions URL of a base URL: `http://host:11434` and `http://host:11434/v1`
/// both give `http://host:11434/v1/chat/completions`; a URL that already ends in
/// `/chat/completions` is kept.
///
/// # Errors
/// [`LlmError::Config`] when the URL is not `http(s)://…`.
pub fn chat_endpoint(url: &str) -> Result<String, LlmError> {
    let url = url.trim().trim_end_matches('/');
    let Some(rest) = url
        .strip_prefix("http://")
        .or_else(|| url.strip_prefix("https://"))
    else {
        return Err(LlmError::Config(format!(
            "`{url}` is not an http:// or https:// URL"
        )));
    };
    if rest.is_empty() || rest.starts_with('/') {
        return Err(LlmError::Config(format!("`{url}` has no host")));
    }
    if url.ends_with("/chat/completions") {
        return Ok(url.to_string());
    }
    let last = url.rsplit('/').next().unwrap_or_default();
    let versioned = rest.contains('/')
        && last.len() >= 2
        && last.starts_with('v')
        && last[1..].chars().all(|c| c.is_ascii_digit());
    Ok(if versioned {
        format!("{url}/chat/completions")
    } else {
        format!("{url}/v1/chat/completions")
    })
}

/// How a stream the worker read ended.
#[derive(Debug)]
struct Ending {
    /// The finish reason the server gave, if any.
    finish_reason: Option<String>,
    /// The worker stopped reading at [`MAX_STREAM_BYTES`] or [`MAX_REPLY_BYTES`].
    cut: bool,
}

/// What the worker thread reports.
enum Event {
    Delta(String),
    End(Result<Ending, LlmError>),
}

impl ChatClient {
    /// The client `[llm]` describes, or `None` when no URL is configured. The API key is
    /// read from the environment variable named by `api_key_env`.
    ///
    /// # Errors
    /// [`LlmError::Config`] when the URL is unusable or the HTTP client cannot be built.
    pub fn from_config(config: &LlmConfig) -> Result<Option<Self>, LlmError> {
        let Some(url) = config.url.as_deref().filter(|u| !u.trim().is_empty()) else {
            return Ok(None);
        };
        let api_key = std::env::var(&config.api_key_env)
            .ok()
            .filter(|k| !k.trim().is_empty());
        let mut client = Self::new(url, config.model.clone(), api_key, config.timeout_s)?;
        client.options = ChatOptions {
            temperature: config.temperature,
            max_tokens: Some(config.max_tokens).filter(|&t| t > 0),
        };
        Ok(Some(client))
    }

    /// A client of the endpoint at `url` (see [`chat_endpoint`]).
    ///
    /// # Errors
    /// [`LlmError::Config`] when the URL is unusable or the HTTP client cannot be built.
    pub fn new(
        url: &str,
        model: Option<String>,
        api_key: Option<String>,
        timeout_s: u64,
    ) -> Result<Self, LlmError> {
        let endpoint = chat_endpoint(url)?;
        let timeout = Duration::from_secs(timeout_s.max(1));
        let http = reqwest::blocking::Client::builder()
            .connect_timeout(timeout)
            .timeout(timeout)
            .user_agent(concat!("lexls/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| LlmError::Config(format!("cannot build the HTTP client: {e}")))?;
        Ok(Self {
            http,
            endpoint,
            model: model.filter(|m| !m.trim().is_empty()),
            api_key,
            timeout_s: timeout_s.max(1),
            deadline: None,
            options: ChatOptions {
                temperature: 0.2,
                max_tokens: None,
            },
        })
    }

    /// The chat-completions URL.
    pub fn endpoint(&self) -> &str {
        &self.endpoint
    }

    /// The configured model name, if any.
    pub fn model(&self) -> Option<&str> {
        self.model.as_deref()
    }

    /// A name for what generated an answer: the model, else the endpoint.
    pub fn display_name(&self) -> String {
        self.model.clone().unwrap_or_else(|| self.endpoint.clone())
    }

    /// The total deadline of a request, in seconds.
    pub fn timeout_s(&self) -> u64 {
        self.timeout_s
    }

    /// This client with a deadline shared by every request it sends: a request ends at the
    /// earlier of this deadline and `timeout_s` after its start, and a request asked for
    /// after the deadline fails at once with [`LlmError::Timeout`]. The answer pipeline
    /// gives the query rewrite, the answer and its correction round one deadline this way.
    #[must_use]
    pub fn with_deadline(mut self, deadline: Instant) -> Self {
        self.deadline = Some(deadline);
        self
    }

    /// When the request starting now must end.
    fn request_deadline(&self) -> Instant {
        let own = Instant::now() + Duration::from_secs(self.timeout_s);
        self.deadline.map_or(own, |d| d.min(own))
    }

    /// Sends `messages` and streams the reply: `on_delta` gets each piece of text as it
    /// arrives; the complete reply is returned.
    ///
    /// # Errors
    /// [`LlmError`] on a connection failure, an HTTP error status, a reply that is not an
    /// OpenAI-compatible stream, a stream that ends early, or no complete reply within the
    /// timeout.
    pub fn chat(
        &self,
        messages: &[ChatMessage],
        on_delta: &mut dyn FnMut(&str),
    ) -> Result<ChatReply, LlmError> {
        let mut body = json!({
            "messages": messages
                .iter()
                .map(|m| json!({"role": m.role.as_str(), "content": m.content}))
                .collect::<Vec<_>>(),
            "stream": true,
            "temperature": self.options.temperature,
        });
        if let Some(model) = &self.model {
            body["model"] = Value::String(model.clone());
        }
        if let Some(max) = self.options.max_tokens {
            body["max_tokens"] = json!(max);
        }
        let body = body.to_string();
        let deadline = self.request_deadline();
        // The seconds this request may take, for the timeout error.
        let allotted = deadline
            .saturating_duration_since(Instant::now())
            .as_secs_f64()
            .ceil() as u64;
        if deadline <= Instant::now() {
            tracing::warn!(
                "no time left for an LLM request to {} ({} s per answer)",
                self.endpoint,
                self.timeout_s
            );
            return Err(LlmError::Timeout(self.timeout_s));
        }
        let (tx, rx) = mpsc::channel();
        let worker = self.clone();
        let spawned = std::thread::Builder::new()
            .name("lexls-llm".into())
            .spawn(move || {
                let mut send_delta = |s: &str| tx.send(Event::Delta(s.to_string())).is_ok();
                let end = worker.exchange(body, deadline, &mut send_delta);
                let _ = tx.send(Event::End(end));
            });
        if let Err(e) = spawned {
            return Err(LlmError::Config(format!("cannot start a thread: {e}")));
        }
        let mut text = String::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match rx.recv_timeout(left) {
                Ok(Event::Delta(d)) => {
                    let room = MAX_REPLY_BYTES - text.len();
                    if d.len() > room {
                        // Keep what fits (on a character boundary) and stop reading: dropping
                        // the channel makes the worker close the connection.
                        let mut end = room;
                        while !d.is_char_boundary(end) {
                            end -= 1;
                        }
                        text.push_str(&d[..end]);
                        on_delta(&d[..end]);
                        tracing::warn!(
                            "the LLM reply from {} is longer than {MAX_REPLY_BYTES} bytes; it was cut there",
                            self.endpoint
                        );
                        return Ok(ChatReply {
                            text,
                            finish_reason: None,
                            cut: true,
                        });
                    }
                    text.push_str(&d);
                    on_delta(&d);
                }
                Ok(Event::End(Ok(ending))) => {
                    return Ok(ChatReply {
                        text,
                        finish_reason: ending.finish_reason,
                        cut: ending.cut,
                    });
                }
                Ok(Event::End(Err(e))) => return Err(e),
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    tracing::warn!(
                        "LLM request to {} timed out after {allotted} s ({} s per answer)",
                        self.endpoint,
                        self.timeout_s
                    );
                    return Err(LlmError::Timeout(allotted));
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(LlmError::Malformed(
                        "the HTTP worker stopped without a result".into(),
                    ));
                }
            }
        }
    }

    /// The HTTP exchange (on the worker thread), which gives up at `deadline`. `send`
    /// returns `false` once nobody listens any more. Returns how the stream ended.
    fn exchange(
        &self,
        body: String,
        deadline: Instant,
        send: &mut dyn FnMut(&str) -> bool,
    ) -> Result<Ending, LlmError> {
        let left = deadline
            .saturating_duration_since(Instant::now())
            .max(Duration::from_millis(1));
        let mut request = self
            .http
            .post(&self.endpoint)
            .timeout(left)
            .header("Content-Type", "application/json")
            .header("Accept", "text/event-stream")
            .body(body);
        if let Some(key) = &self.api_key {
            request = request.bearer_auth(key);
        }
        tracing::debug!("LLM request to {}", self.endpoint);
        let response = request.send().map_err(|e| self.request_error(&e))?;
        let status = response.status();
        if !status.is_success() {
            let mut text = String::new();
            let _ = response
                .take(64 * 1024)
                .read_to_string(&mut text)
                .map_err(|e| tracing::debug!("reading the error body: {e}"));
            return Err(LlmError::Http {
                status: status.as_u16(),
                body: excerpt_chars(text.trim(), ERROR_BODY_MAX),
            });
        }
        let json_reply = response
            .headers()
            .get(reqwest::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|ct| ct.contains("application/json"));
        if json_reply {
            let mut bytes = Vec::new();
            response
                .take(BODY_MAX)
                .read_to_end(&mut bytes)
                .map_err(|e| self.read_error(&e, 0))?;
            let text = sse::parse_whole(&String::from_utf8_lossy(&bytes))?;
            send(&text);
            return Ok(Ending {
                finish_reason: Some("stop".into()),
                cut: false,
            });
        }
        let mut reader = BufReader::new(response);
        let mut received = 0usize;
        let mut read = 0u64;
        let mut line = Vec::new();
        loop {
            line.clear();
            if read >= MAX_STREAM_BYTES {
                tracing::warn!(
                    "the LLM stream from {} is longer than {MAX_STREAM_BYTES} bytes; it was cut there",
                    self.endpoint
                );
                return Ok(Ending {
                    finish_reason: None,
                    cut: true,
                });
            }
            let n = (&mut reader)
                .take(LINE_MAX)
                .read_until(b'\n', &mut line)
                .map_err(|e| self.read_error(&e, received))?;
            read += n as u64;
            if n == 0 {
                return Err(LlmError::Truncated(format!(
                    "the stream ended after {received} characters without `data: [DONE]` or a finish_reason"
                )));
            }
            let text = String::from_utf8_lossy(&line);
            let ended = |finish_reason| {
                Ok(Ending {
                    finish_reason,
                    cut: false,
                })
            };
            match sse::parse_line(&text)? {
                SseLine::Done => return ended(None),
                SseLine::Ignore => {}
                SseLine::Chunk {
                    content,
                    finish_reason,
                } => {
                    received += content.chars().count();
                    if !content.is_empty() && !send(&content) {
                        // The caller gave up (deadline, or the reply is long enough); stop
                        // reading: dropping the response closes the connection.
                        return ended(None);
                    }
                    if finish_reason.is_some() {
                        return ended(finish_reason);
                    }
                }
            }
        }
    }

    fn request_error(&self, e: &reqwest::Error) -> LlmError {
        if e.is_timeout() {
            LlmError::Timeout(self.timeout_s)
        } else if e.is_connect() {
            LlmError::Connect {
                url: self.endpoint.clone(),
                reason: error_chain(e),
            }
        } else {
            LlmError::Truncated(format!("the request failed: {}", error_chain(e)))
        }
    }

    fn read_error(&self, e: &std::io::Error, received: usize) -> LlmError {
        let text = error_chain(e);
        if e.kind() == std::io::ErrorKind::TimedOut || text.contains("timed out") {
            LlmError::Timeout(self.timeout_s)
        } else {
            LlmError::Truncated(format!(
                "the connection broke after {received} characters: {text}"
            ))
        }
    }
}

/// An error and its sources, joined.
fn error_chain(e: &dyn std::error::Error) -> String {
    let mut out = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        let s_text = s.to_string();
        if !out.contains(&s_text) {
            out.push_str(": ");
            out.push_str(&s_text);
        }
        source = s.source();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endpoints_of_base_urls() {
        let ok = |u: &str| chat_endpoint(u).expect("valid");
        assert_eq!(
            ok("http://localhost:11434"),
            "http://localhost:11434/v1/chat/completions"
        );
        assert_eq!(
            ok("http://localhost:11434/v1/"),
            "http://localhost:11434/v1/chat/completions"
        );
        assert_eq!(
            ok("https://api.openai.com/v1"),
            "https://api.openai.com/v1/chat/completions"
        );
        assert_eq!(
            ok("http://h:8080/v1/chat/completions"),
            "http://h:8080/v1/chat/completions"
        );
        assert_eq!(
            ok("http://h:8080/openai"),
            "http://h:8080/openai/v1/chat/completions"
        );
        assert!(chat_endpoint("localhost:11434").is_err());
        assert!(chat_endpoint("http://").is_err());
    }
}
