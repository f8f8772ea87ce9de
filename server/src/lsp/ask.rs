//! `lexls/ask` over LSP: the question's context from the editor's selection, the answer
//! computed off the executor, and its progress streamed as work-done reports
//! (`docs/lsp-extensions.md`).

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use lexls_ide::ask::{AskProgress, AskRequest};
use serde_json::Value;
use tokio::sync::mpsc::{UnboundedSender, unbounded_channel};
use tower_lsp_server::Client;
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::{ProgressToken, WorkDoneProgress, notification};

use super::backend::Backend;
use super::panics;
use crate::proto;
use crate::proto::ask::AskParams;

/// Shortest interval between two progress reports of a streamed answer.
const ASK_REPORT_INTERVAL: Duration = Duration::from_millis(100);

/// Text length up to which the text so far is reported every [`ASK_REPORT_INTERVAL`]; past
/// it, only once it grew by half since the last report, so that the reports of a long reply
/// add up to a few times its length, not its length squared.
const ASK_REPORT_STEADY: usize = 64 * 1024;

impl Backend {
    /// Answers `params` on the editors' texts; with a progress token, streams the answer.
    ///
    /// # Errors
    /// `InvalidParams` for an empty question; `InternalError` when answering panicked.
    pub(super) async fn answer(&self, params: AskParams) -> Result<Value> {
        if params.question.trim().is_empty() {
            return Err(Error::invalid_params("`question` must not be empty"));
        }
        let located = match &params.text_document {
            Some(td) => self.session.locate(&td.uri).await,
            None => None,
        };
        let (snap, context) = match located {
            Some((snap, id)) => {
                let context = proto::Doc::of(&snap, id)
                    .and_then(|doc| proto::ask::context(&doc, params.range));
                (snap, context)
            }
            None => (self.session.snapshot_of_workspace().await, None),
        };
        let request = AskRequest {
            question: params.question,
            context,
            top_k: params.top_k,
            mode: None,
        };
        let llm = snap.config.llm.url.is_some();
        let token = self.progress_token(params.work_done_token, llm).await;
        if let Some(token) = &token {
            send_progress(&self.client, token, proto::progress::ask_begin()).await;
        }
        // Progress messages go from the blocking thread through this channel to the client.
        let (tx, mut rx) = unbounded_channel::<String>();
        let forward = token.clone().map(|token| {
            let client = self.client.clone();
            tokio::spawn(async move {
                while let Some(message) = rx.recv().await {
                    let report = proto::progress::ask_report(message);
                    send_progress(&client, &token, report).await;
                }
            })
        });
        let models = self.session.models.clone();
        let answered = panics::blocking("lexls/ask", move || {
            let mut stream = AnswerStream::new(tx);
            let result =
                lexls_ide::ask::ask_with(&snap, &request, &models, &mut |p| stream.progress(p));
            drop(stream);
            let end = match &result.generated_by {
                Some(model) => format!("answer by {model}, citations verified"),
                None => "extractive answer".to_string(),
            };
            (proto::ask::result(&snap, &result), end)
        })
        .await;
        if let Some(forward) = forward {
            let _ = forward.await;
        }
        if let Some(token) = &token {
            let message = match &answered {
                Ok((_, end)) => end.clone(),
                Err(_) => "failed".into(),
            };
            send_progress(&self.client, token, proto::progress::ask_end(message)).await;
        }
        answered.map(|(v, _)| v)
    }

    /// The progress token of a `lexls/ask`: the client's, else (when an LLM will write the
    /// answer and the client supports it) one the server creates.
    async fn progress_token(
        &self,
        from_client: Option<ProgressToken>,
        llm: bool,
    ) -> Option<ProgressToken> {
        if from_client.is_some() {
            return from_client;
        }
        if !llm || !self.session.client().progress {
            return None;
        }
        static NEXT: AtomicU64 = AtomicU64::new(1);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let token = ProgressToken::String(format!("lexls/ask/{n}"));
        match self.client.create_work_done_progress(token.clone()).await {
            Ok(()) => Some(token),
            Err(e) => {
                tracing::warn!("the client refused a progress token: {e}");
                None
            }
        }
    }
}

async fn send_progress(client: &Client, token: &ProgressToken, value: WorkDoneProgress) {
    client
        .send_notification::<notification::Progress>(proto::progress::params(token.clone(), value))
        .await;
}

/// Turns the progress of an answer into report messages: a line when a generation round
/// starts, then the text written so far (at most every [`ASK_REPORT_INTERVAL`], less often
/// past [`ASK_REPORT_STEADY`], and once complete).
struct AnswerStream {
    tx: UnboundedSender<String>,
    text: String,
    last: Option<Instant>,
    /// The length of the text last reported.
    reported: usize,
}

impl AnswerStream {
    fn new(tx: UnboundedSender<String>) -> Self {
        Self {
            tx,
            text: String::new(),
            last: None,
            reported: 0,
        }
    }

    fn progress(&mut self, p: AskProgress) {
        match p {
            AskProgress::Generating { model, round } => {
                self.text.clear();
                self.last = None;
                self.reported = 0;
                let _ = self.tx.send(if round == 0 {
                    format!("generating an answer with {model}…")
                } else {
                    format!("asking {model} to correct unsupported citations…")
                });
            }
            AskProgress::Delta(d) => {
                self.text.push_str(&d);
                let due = self.last.is_none_or(|t| t.elapsed() >= ASK_REPORT_INTERVAL);
                let grown = self.text.len() <= ASK_REPORT_STEADY
                    || self.text.len() >= self.reported + self.reported / 2;
                if due && grown {
                    self.last = Some(Instant::now());
                    self.reported = self.text.len();
                    let _ = self.tx.send(self.text.clone());
                }
            }
            AskProgress::Verifying => {
                if !self.text.is_empty() && self.reported != self.text.len() {
                    self.reported = self.text.len();
                    let _ = self.tx.send(self.text.clone());
                }
            }
        }
    }
}
