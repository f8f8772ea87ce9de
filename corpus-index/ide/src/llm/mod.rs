//! A client for OpenAI-compatible chat-completions endpoints (`POST /v1/chat/completions`
//! with `"stream": true`): Ollama, llama.cpp's `llama-server`, vLLM, OpenAI.
//!
//! - [`client`]: the blocking HTTP client ([`ChatClient`]), with a total deadline that also
//!   ends a stalled stream, and typed errors ([`LlmError`]).
//! - [`sse`]: the server-sent-events parser of the streamed reply.
//! - [`rewrite`]: query reformulations in one request ([`rewrite::rewrite_query`]).
//!
//! Nothing here panics on what a server sends: every malformed, cut-off or slow reply ends
//! in an [`LlmError`], which the answer pipeline turns into the extractive answer and a
//! warning.

pub mod client;
pub mod rewrite;
pub mod sse;

pub use client::{ChatClient, ChatMessage, ChatOptions, ChatReply, Role};
pub use rewrite::rewrite_query;

/// A chat model that writes the answer and the query rewrites: the OpenAI-compatible
/// [`ChatClient`], or anything else that takes messages and streams a reply (a local model,
/// a test double). The answer pipeline sees only this.
pub trait Generator: Send + Sync {
    /// The model's name as users see it in progress and in the answer (`llama3 at
    /// http://localhost:11434`).
    fn display_name(&self) -> String;

    /// Sends `messages` and streams the reply: `on_delta` gets each piece of text as it
    /// arrives; the complete reply is returned. `max_tokens` bounds this reply below the
    /// configured length (`None`: the configured length).
    ///
    /// # Errors
    /// [`LlmError`] when no complete, well-formed reply arrives in time.
    fn chat(
        &self,
        messages: &[ChatMessage],
        max_tokens: Option<u32>,
        on_delta: &mut dyn FnMut(&str),
    ) -> Result<ChatReply, LlmError>;
}

impl Generator for ChatClient {
    fn display_name(&self) -> String {
        ChatClient::display_name(self)
    }

    fn chat(
        &self,
        messages: &[ChatMessage],
        max_tokens: Option<u32>,
        on_delta: &mut dyn FnMut(&str),
    ) -> Result<ChatReply, LlmError> {
        let Some(cap) = max_tokens else {
            return ChatClient::chat(self, messages, on_delta);
        };
        let mut bounded = self.clone();
        bounded.options.max_tokens = Some(self.options.max_tokens.map_or(cap, |m| m.min(cap)));
        ChatClient::chat(&bounded, messages, on_delta)
    }
}

/// What can go wrong talking to the LLM endpoint.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LlmError {
    /// `[llm]` is incomplete or invalid (no URL, an unusable URL).
    #[error("the LLM configuration is unusable: {0}")]
    Config(String),
    /// The server could not be reached (refused, DNS, TLS).
    #[error("cannot connect to the LLM endpoint {url}: {reason}")]
    Connect {
        /// The endpoint.
        url: String,
        /// The underlying error.
        reason: String,
    },
    /// No complete reply within `[llm] timeout_s` (connect, first byte, or a stalled stream).
    #[error("the LLM endpoint did not answer within {0} s")]
    Timeout(u64),
    /// The server answered with an HTTP error status.
    #[error("the LLM endpoint answered HTTP {status}: {body}")]
    Http {
        /// The status code.
        status: u16,
        /// The beginning of the response body.
        body: String,
    },
    /// The reply is not what an OpenAI-compatible server sends.
    #[error("the LLM reply is malformed: {0}")]
    Malformed(String),
    /// The stream ended before `data: [DONE]` or a `finish_reason`.
    #[error("the LLM reply was cut off: {0}")]
    Truncated(String),
}

impl LlmError {
    /// A hint on what to do about the error, for warnings shown to users.
    pub fn hint(&self) -> &'static str {
        match self {
            Self::Config(_) => "check `[llm] url` in .lexls.toml or LEXLS_LLM_URL",
            Self::Connect { .. } => {
                "check `[llm] url` (or LEXLS_LLM_URL) and that the server is running"
            }
            Self::Timeout(_) => {
                "raise `[llm] timeout_s`, lower `[llm] max_context_chars`, or use a faster model"
            }
            Self::Http { status: 401, .. } | Self::Http { status: 403, .. } => {
                "check the API key in the environment variable named by `[llm] api_key_env`"
            }
            Self::Http { status: 404, .. } => {
                "check `[llm] url` (an OpenAI-compatible base URL, e.g. http://localhost:11434/v1) and `[llm] model`"
            }
            Self::Http { .. } => "check the LLM server's log, `[llm] url` and `[llm] model`",
            Self::Malformed(_) | Self::Truncated(_) => {
                "check that `[llm] url` is an OpenAI-compatible /v1/chat/completions endpoint"
            }
        }
    }
}

/// The first `max` characters of `text` (for error messages quoting a server's reply).
pub(crate) fn excerpt_chars(text: &str, max: usize) -> String {
    let mut out: String = text.chars().take(max).collect();
    if text.chars().nth(max).is_some() {
        out.push('…');
    }
    out
}
