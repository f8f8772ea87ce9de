//! The `LanguageServer` implementation: each handler converts the request, calls a pure
//! function of `lexls_ide::features` on the current snapshot, and converts the result.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use lexls_ide::ask::{AskContext, AskProgress, AskRequest, Models};
use lexls_ide::features;
use lexls_index::config::Config;
use lexls_index::workspace::Snapshot;
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::watch;
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::*;
use tower_lsp_server::{Client, LanguageServer};

use super::buffers::Buffers;
use super::panics::{self, lock};
use super::writer::{self, Msg, Published};
use crate::proto;

/// The command of the "Ask about selection" code action; the client runs it.
pub const ASK_COMMAND: &str = "lexls.askAboutSelection";

/// Shared state of the server.
pub struct Backend {
    client: Client,
    /// The writer's channel: it exists from the start, so that nothing sent before the
    /// writer runs (an editor opens a file right after `initialized`) is lost.
    writer: Mutex<Outbox>,
    /// The writer's end of the channel, until `initialized` starts the writer.
    inbox: Mutex<Option<Receiver<Msg>>>,
    published: watch::Receiver<Published>,
    publisher: Mutex<Option<watch::Sender<Published>>>,
    events: Mutex<Option<tokio::sync::mpsc::UnboundedReceiver<writer::Event>>>,
    events_tx: tokio::sync::mpsc::UnboundedSender<writer::Event>,
    root: Mutex<Option<PathBuf>>,
    init_options: Mutex<Option<Value>>,
    progress_supported: Mutex<bool>,
    /// What the client can do that changes how the server starts.
    client_caps: Mutex<ClientCaps>,
    /// The settings the server started with (after `.lexls.toml`, initialization options,
    /// client settings), to tell a real change from a repeat.
    started_with: Mutex<Option<Value>>,
    /// The classifier and reranker the session's answers use, loaded once and again when
    /// their files change.
    models: Arc<Models>,
}

/// Messages to the writer, and the sequence numbers of the editor messages among them.
#[derive(Debug)]
struct Outbox {
    tx: Sender<Msg>,
    /// The last sequence number given to an editor message.
    seq: u64,
    /// For each document an editor opened, changed or closed: the sequence number of its
    /// latest message. A request on it waits until the writer has applied that one.
    wanted: HashMap<PathBuf, u64>,
    /// The editor's text of each open document, which incremental changes apply to.
    buffers: Buffers,
}

/// What an editor did to a document, as the writer is told.
enum EditorEvent {
    /// `didOpen`: the document's text and version.
    Open(String, i32),
    /// `didChange`: the changes, in order, and the version after them.
    Change(Vec<TextDocumentContentChangeEvent>, i32),
    /// `didClose`.
    Close,
}

impl std::fmt::Debug for Backend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Backend").finish_non_exhaustive()
    }
}

/// Client capabilities the server acts on after `initialize`.
#[derive(Debug, Clone, Copy, Default)]
struct ClientCaps {
    /// `workspace/configuration` is answered.
    configuration: bool,
    /// File watchers may be registered dynamically.
    watch_files: bool,
}

/// File types lexls indexes, for the client's file watcher.
const WATCHED: &str = "**/*.{md,markdown,txt,text,xml,html,htm}";

/// The workspace settings file (`.lexls.toml` at the root); the client watches it too.
const SETTINGS_FILE: &str = ".lexls.toml";

/// Parameters of `lexls/ask`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AskParams {
    /// The question.
    pub question: String,
    /// The document the selection is in.
    pub text_document: Option<TextDocumentIdentifier>,
    /// The selection the question is about.
    pub range: Option<Range>,
    /// Number of sources.
    pub top_k: Option<usize>,
    /// A token the client created for progress of this request (LSP work-done progress
    /// initiated by the client); the generated answer is streamed as its reports.
    pub work_done_token: Option<ProgressToken>,
}

/// Shortest interval between two progress reports of a streamed answer.
const ASK_REPORT_INTERVAL: Duration = Duration::from_millis(100);

/// Longest wait of a request on a document for the writer to apply the editor's latest
/// text of it (the initial scan of a large workspace included); after it the request is
/// answered on the latest snapshot, with a log line.
const EDITOR_TEXT_WAIT: Duration = Duration::from_secs(30);

/// Longest wait of a request for the initial scan.
const READY_WAIT: Duration = Duration::from_secs(10);

impl Backend {
    /// A backend talking to `client`.
    pub fn new(client: Client) -> Self {
        let empty_root = PathBuf::from(".");
        let config = Arc::new(Config::default());
        let (publisher, published) = watch::channel(Published {
            snapshot: Arc::new(Snapshot::empty(&empty_root, config)),
            versions: HashMap::new(),
            applied: 0,
            ready: false,
            embedding: (0, 0),
            model_problem: None,
            index_dir: None,
        });
        let (events_tx, events_rx) = tokio::sync::mpsc::unbounded_channel();
        let (tx, inbox) = std::sync::mpsc::channel();
        Self {
            client,
            writer: Mutex::new(Outbox {
                tx,
                seq: 0,
                wanted: HashMap::new(),
                buffers: Buffers::default(),
            }),
            inbox: Mutex::new(Some(inbox)),
            published,
            publisher: Mutex::new(Some(publisher)),
            events: Mutex::new(Some(events_rx)),
            events_tx,
            root: Mutex::new(None),
            init_options: Mutex::new(None),
            progress_supported: Mutex::new(false),
            client_caps: Mutex::new(ClientCaps::default()),
            started_with: Mutex::new(None),
            models: Arc::new(Models::default()),
        }
    }

    /// Sends `msg` to the writer (queued until it starts).
    fn send(&self, msg: Msg) {
        let _ = lock(&self.writer).tx.send(msg);
    }

    /// Sends the editor's text of `path` after `event` (or its closing) to the writer,
    /// numbered, so that later requests on `path` wait for it. A change that cannot be
    /// applied (see [`super::buffers::NotOpen`]) is logged and dropped.
    fn send_editor(&self, path: PathBuf, event: EditorEvent) {
        let mut outbox = lock(&self.writer);
        let text = match event {
            EditorEvent::Open(text, version) => {
                outbox.buffers.open(path.clone(), text.clone());
                Some((text, version))
            }
            EditorEvent::Change(changes, version) => match outbox.buffers.change(&path, changes) {
                Ok(text) => Some((text.to_string(), version)),
                Err(e) => {
                    tracing::warn!("{e}");
                    return;
                }
            },
            EditorEvent::Close => {
                outbox.buffers.close(&path);
                None
            }
        };
        outbox.seq += 1;
        let seq = outbox.seq;
        outbox.wanted.insert(path.clone(), seq);
        let msg = match text {
            Some((text, version)) => Msg::Text {
                path,
                text,
                version,
                seq,
            },
            None => Msg::Close { path, seq },
        };
        let _ = outbox.tx.send(msg);
    }

    /// The snapshot to answer a request on `path`: when an editor opened, changed or closed
    /// it, one that includes the latest of those (waiting for the writer as long as it
    /// takes, up to [`EDITOR_TEXT_WAIT`]); else, once the initial scan is done, the latest.
    async fn snapshot_for(&self, path: &PathBuf) -> Arc<Snapshot> {
        let wanted = lock(&self.writer).wanted.get(path).copied();
        let mut rx = self.published.clone();
        if let Some(seq) = wanted {
            let wait = rx.wait_for(|p| p.applied >= seq);
            match tokio::time::timeout(EDITOR_TEXT_WAIT, wait).await {
                Ok(Ok(p)) => return p.snapshot.clone(),
                _ => tracing::warn!(
                    "the editor's text of {} is not indexed yet; answering on the latest snapshot",
                    path.display()
                ),
            }
        } else if !rx.borrow().ready {
            let wait = rx.wait_for(|p| p.ready);
            if let Ok(Ok(p)) = tokio::time::timeout(READY_WAIT, wait).await {
                return p.snapshot.clone();
            }
        }
        rx.borrow().snapshot.clone()
    }

    /// The snapshot to answer a request on the whole workspace: once the initial scan is done
    /// (waiting up to [`READY_WAIT`]), one that includes every editor text sent so far
    /// (waiting up to [`EDITOR_TEXT_WAIT`]).
    async fn snapshot_of_workspace(&self) -> Arc<Snapshot> {
        let sent = lock(&self.writer).seq;
        let mut rx = self.published.clone();
        let ready = tokio::time::timeout(READY_WAIT, rx.wait_for(|p| p.ready))
            .await
            .is_ok_and(|r| r.is_ok());
        if ready {
            let wait = rx.wait_for(|p| p.applied >= sent);
            if let Ok(Ok(p)) = tokio::time::timeout(EDITOR_TEXT_WAIT, wait).await {
                return p.snapshot.clone();
            }
        }
        rx.borrow().snapshot.clone()
    }

    /// The snapshot, document id and byte offset for a position.
    async fn locate(
        &self,
        uri: &Uri,
        pos: Option<Position>,
    ) -> Option<(Arc<Snapshot>, usize, usize)> {
        let path = writer::canonical(&proto::path(uri)?);
        let snap = self.snapshot_for(&path).await;
        let doc_id = snap.doc_id(&path)?;
        let offset = match pos {
            Some(pos) => proto::offset(&snap.lines[doc_id], &snap.docs[doc_id].text, pos),
            None => 0,
        };
        Some((snap, doc_id, offset))
    }

    /// Forwards the writer's events to the client.
    async fn pump_events(
        client: Client,
        mut rx: tokio::sync::mpsc::UnboundedReceiver<writer::Event>,
        progress: bool,
    ) {
        let mut created: std::collections::HashSet<&'static str> = Default::default();
        while let Some(event) = rx.recv().await {
            match event {
                writer::Event::Diagnostics {
                    uri,
                    diagnostics,
                    version,
                } => client.publish_diagnostics(uri, diagnostics, version).await,
                writer::Event::Log(kind, msg) => {
                    tracing::info!("{msg}");
                    client.log_message(kind, msg).await;
                }
                writer::Event::Show(kind, msg) => {
                    tracing::warn!("{msg}");
                    client.show_message(kind, msg).await;
                }
                writer::Event::Progress { token, step } => {
                    if !progress {
                        continue;
                    }
                    let token_value = ProgressToken::String(token.to_string());
                    if (created.insert(token) || matches!(step, writer::Step::Begin(_)))
                        && client
                            .create_work_done_progress(token_value.clone())
                            .await
                            .is_err()
                    {
                        continue;
                    }
                    let value = match step {
                        writer::Step::Begin(title) => {
                            WorkDoneProgress::Begin(WorkDoneProgressBegin {
                                title,
                                cancellable: Some(false),
                                message: None,
                                percentage: Some(0),
                            })
                        }
                        writer::Step::Report(message, pct) => {
                            WorkDoneProgress::Report(WorkDoneProgressReport {
                                cancellable: Some(false),
                                message: Some(message),
                                percentage: Some(pct.min(100)),
                            })
                        }
                        writer::Step::End(message) => {
                            created.remove(token);
                            WorkDoneProgress::End(WorkDoneProgressEnd {
                                message: Some(message),
                            })
                        }
                    };
                    client
                        .send_notification::<notification::Progress>(ProgressParams {
                            token: token_value,
                            value: ProgressParamsValue::WorkDone(value),
                        })
                        .await;
                }
            }
        }
    }

    /// `lexls/ask`: answer a question (see `docs/lsp-extensions.md`).
    pub async fn ask(&self, params: AskParams) -> Result<Value> {
        panics::request("lexls/ask", self.on_ask(params)).await
    }

    async fn on_ask(&self, params: AskParams) -> Result<Value> {
        if params.question.trim().is_empty() {
            return Err(Error::invalid_params("`question` must not be empty"));
        }
        let (snap, context) = match &params.text_document {
            Some(td) => match self.locate(&td.uri, None).await {
                Some((snap, doc_id, _)) => {
                    let text = params.range.map(|r| {
                        let doc = &snap.docs[doc_id];
                        let lines = &snap.lines[doc_id];
                        let start = proto::offset(lines, &doc.text, r.start);
                        let end = proto::offset(lines, &doc.text, r.end).max(start);
                        doc.text[start..end].to_string()
                    });
                    let context = text.map(|text| AskContext {
                        doc: Some(doc_id),
                        text,
                    });
                    (snap, context)
                }
                None => (self.snapshot_of_workspace().await, None),
            },
            None => (self.snapshot_of_workspace().await, None),
        };
        let request = AskRequest {
            question: params.question,
            context,
            top_k: params.top_k,
            mode: None,
        };
        let token = self
            .ask_progress_token(params.work_done_token, snap.config.llm.url.is_some())
            .await;
        if let Some(token) = &token {
            self.progress(
                token,
                WorkDoneProgress::Begin(WorkDoneProgressBegin {
                    title: "lexls: answering".into(),
                    cancellable: Some(false),
                    message: Some("retrieving sources".into()),
                    percentage: None,
                }),
            )
            .await;
        }
        // Progress messages go from the blocking thread through this channel to the client.
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<String>();
        let forward = token.clone().map(|token| {
            let client = self.client.clone();
            tokio::spawn(async move {
                while let Some(message) = rx.recv().await {
                    send_progress(
                        &client,
                        &token,
                        WorkDoneProgress::Report(WorkDoneProgressReport {
                            cancellable: Some(false),
                            message: Some(message),
                            percentage: None,
                        }),
                    )
                    .await;
                }
            })
        });
        let models = self.models.clone();
        let answered = panics::blocking("lexls/ask", move || {
            let mut stream = AnswerStream::new(tx);
            let result =
                lexls_ide::ask::ask_with(&snap, &request, &models, &mut |p| stream.progress(p));
            drop(stream);
            let end = match &result.generated_by {
                Some(model) => format!("answer by {model}, citations verified"),
                None => "extractive answer".to_string(),
            };
            (proto::ask_result(&snap, &result), end)
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
            self.progress(
                token,
                WorkDoneProgress::End(WorkDoneProgressEnd {
                    message: Some(message),
                }),
            )
            .await;
        }
        answered.map(|(v, _)| v)
    }

    /// The progress token of a `lexls/ask`: the client's, else (when an LLM will write the
    /// answer and the client supports it) one the server creates.
    async fn ask_progress_token(
        &self,
        from_client: Option<ProgressToken>,
        llm: bool,
    ) -> Option<ProgressToken> {
        if from_client.is_some() {
            return from_client;
        }
        let supported = *lock(&self.progress_supported);
        if !llm || !supported {
            return None;
        }
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let token = ProgressToken::String(format!("lexls/ask/{n}"));
        match self.client.create_work_done_progress(token.clone()).await {
            Ok(()) => Some(token),
            Err(e) => {
                tracing::warn!("the client refused a progress token: {e}");
                None
            }
        }
    }

    async fn progress(&self, token: &ProgressToken, value: WorkDoneProgress) {
        send_progress(&self.client, token, value).await;
    }

    /// Answers a message the framing guard found malformed (see [`super::framing`]).
    pub async fn invalid_request(&self, params: Value) -> Result<Value> {
        let why = params["error"].as_str().unwrap_or("malformed message");
        Err(Error {
            code: tower_lsp_server::jsonrpc::ErrorCode::InvalidRequest,
            message: format!("invalid request: {why}").into(),
            data: None,
        })
    }

    /// Logs a malformed notification (see [`super::framing`]).
    pub async fn invalid_message(&self, params: Value) {
        let why = params["error"].as_str().unwrap_or("malformed message");
        self.client
            .log_message(
                MessageType::ERROR,
                format!("lexls ignored an invalid message: {why}"),
            )
            .await;
    }

    /// Asks the client to watch the indexed file types, so files changed outside the editor
    /// are re-indexed (`workspace/didChangeWatchedFiles`).
    async fn register_file_watcher(&self) {
        let options = DidChangeWatchedFilesRegistrationOptions {
            watchers: vec![
                FileSystemWatcher {
                    glob_pattern: GlobPattern::String(WATCHED.into()),
                    kind: None,
                },
                FileSystemWatcher {
                    glob_pattern: GlobPattern::String(format!("**/{SETTINGS_FILE}")),
                    kind: None,
                },
            ],
        };
        let registration = Registration {
            id: "lexls-watch-files".into(),
            method: "workspace/didChangeWatchedFiles".into(),
            register_options: serde_json::to_value(options).ok(),
        };
        if let Err(e) = self.client.register_capability(vec![registration]).await {
            tracing::warn!("the client refused the file watcher: {e}");
        }
    }

    /// The workspace root (`.` before `initialize` gave one).
    fn root(&self) -> PathBuf {
        lock(&self.root)
            .clone()
            .unwrap_or_else(|| PathBuf::from("."))
    }

    /// The settings in force: `.lexls.toml` at `root`, then `initializationOptions`, then
    /// the client's `lexls` settings (`workspace/configuration`), each on top of the one
    /// before. Returns them with what was wrong (a part that is invalid is left out and
    /// said so); environment variables are not applied yet.
    async fn settings(&self, root: &Path) -> (Config, Vec<String>) {
        let mut problems = Vec::new();
        let mut config = match Config::load(root) {
            Ok(c) => c,
            Err(e) => {
                problems.push(format!("{e}; using the defaults"));
                Config::default()
            }
        };
        let caps = *lock(&self.client_caps);
        let mut options = lock(&self.init_options).clone();
        if caps.configuration
            && let Some(pulled) = self.pull_settings().await
        {
            let base = options.get_or_insert_with(|| json!({}));
            merge_json(base, pulled);
        }
        if let Some(options) = options.filter(|o| o.as_object().is_some_and(|m| !m.is_empty())) {
            let mut merged = serde_json::to_value(&config).unwrap_or(Value::Null);
            merge_json(&mut merged, options);
            match serde_json::from_value::<Config>(merged) {
                Ok(c) => config = c,
                Err(e) => problems.push(format!(
                    "invalid settings or initializationOptions ({e}); they are ignored"
                )),
            }
        }
        (config, problems)
    }

    /// Reads the settings again (the client's changed, or `.lexls.toml`) and, when they
    /// differ from those in force, has the writer reopen the workspace with them. Invalid
    /// settings leave the current ones in force, with a message.
    async fn reload_settings(&self) {
        if lock(&self.started_with).is_none() {
            return; // not started yet: `initialized` reads the settings itself
        }
        let (mut config, problems) = self.settings(&self.root()).await;
        if !problems.is_empty() {
            self.client
                .show_message(
                    MessageType::ERROR,
                    format!(
                        "lexls: {}; the previous settings stay in force",
                        problems.join("; ")
                    ),
                )
                .await;
            return;
        }
        let Ok(value) = serde_json::to_value(&config) else {
            return;
        };
        // Compared and replaced under one lock: of two reloads racing, one reconfigures.
        let changed = {
            let mut started = lock(&self.started_with);
            let changed = started.as_ref() != Some(&value);
            if changed {
                *started = Some(value);
            }
            changed
        };
        if !changed {
            return;
        }
        config.apply_env();
        self.send(Msg::Reconfigure(Box::new(config)));
        self.client
            .show_message(
                MessageType::INFO,
                "lexls: settings changed; re-indexing the workspace with them",
            )
            .await;
    }

    /// The client's `lexls` settings (`workspace/configuration`), if it has any.
    async fn pull_settings(&self) -> Option<Value> {
        let items = vec![ConfigurationItem {
            scope_uri: None,
            section: Some("lexls".into()),
        }];
        match self.client.configuration(items).await {
            Ok(mut values) if !values.is_empty() => {
                Some(values.swap_remove(0)).filter(|v| v.as_object().is_some_and(|m| !m.is_empty()))
            }
            Ok(_) => None,
            Err(e) => {
                tracing::warn!("workspace/configuration failed: {e}");
                None
            }
        }
    }

    /// `lexls/status`: what the index holds. Params are ignored: none, `null` or `{}` (the
    /// framing guard forwards a request without params with `"params": null`).
    pub async fn status(&self, _params: Option<Value>) -> Result<Value> {
        panics::request("lexls/status", self.on_status()).await
    }

    /// Test hook (registered only with `LEXLS_TEST_HOOKS=1`): `lexls/test/panic` with
    /// `{"in": "handler" | "blocking" | "writer"}` panics in the request handler, in its
    /// blocking work, or in the writer thread, to show that each is an error reply or a
    /// recovery and that the server keeps answering.
    pub async fn test_panic(&self, params: Value) -> Result<Value> {
        panics::request("lexls/test/panic", async {
            match params["in"].as_str() {
                Some("handler") => panic!("test hook: a panic in a request handler"),
                Some("blocking") => {
                    panics::blocking("lexls/test/panic", || -> Value {
                        panic!("test hook: a panic in blocking work")
                    })
                    .await
                }
                Some("writer") => {
                    self.send(Msg::Panic);
                    Ok(json!("the writer will panic"))
                }
                _ => Err(Error::invalid_params(
                    "`in` must be \"handler\", \"blocking\" or \"writer\"",
                )),
            }
        })
        .await
    }

    async fn on_status(&self) -> Result<Value> {
        let p = self.published.borrow().clone();
        let counts = p.snapshot.counts();
        Ok(json!({
            "ready": p.ready,
            "root": p.snapshot.root,
            "indexDir": p.index_dir,
            "documents": counts.documents,
            "provisions": counts.provisions,
            "citations": counts.citations,
            "unresolved": counts.unresolved,
            "external": counts.external,
            "embedding": {"done": p.embedding.0, "total": p.embedding.1},
            "model": match &p.model_problem { None => json!({"loaded": true}), Some(why) => json!({"loaded": false, "reason": why}) },
            "llm": {
                "configured": p.snapshot.config.llm.url.is_some(),
                "url": p.snapshot.config.llm.url,
                "endpoint": p.snapshot.config.llm.url.as_deref()
                    .and_then(|u| lexls_ide::llm::client::chat_endpoint(u).ok()),
                "model": p.snapshot.config.llm.model,
                "timeoutS": p.snapshot.config.llm.timeout_s,
                "generation": p.snapshot.config.llm.url.is_some(),
            },
            "version": env!("CARGO_PKG_VERSION"),
        }))
    }
}

async fn send_progress(client: &Client, token: &ProgressToken, value: WorkDoneProgress) {
    client
        .send_notification::<notification::Progress>(ProgressParams {
            token: token.clone(),
            value: ProgressParamsValue::WorkDone(value),
        })
        .await;
}

/// Text length up to which the text so far is reported every [`ASK_REPORT_INTERVAL`]; past
/// it, only once it grew by half since the last report, so that the reports of a long reply
/// add up to a few times its length, not its length squared.
const ASK_REPORT_STEADY: usize = 64 * 1024;

/// Turns the progress of an answer into report messages: a line when a generation round
/// starts, then the text written so far (at most every [`ASK_REPORT_INTERVAL`], less often
/// past [`ASK_REPORT_STEADY`], and once complete).
struct AnswerStream {
    tx: tokio::sync::mpsc::UnboundedSender<String>,
    text: String,
    last: Option<std::time::Instant>,
    /// The length of the text last reported.
    reported: usize,
}

impl AnswerStream {
    fn new(tx: tokio::sync::mpsc::UnboundedSender<String>) -> Self {
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
                    self.last = Some(std::time::Instant::now());
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

fn root_of(params: &InitializeParams) -> Option<PathBuf> {
    if let Some(folder) = params.workspace_folders.as_ref().and_then(|f| f.first()) {
        return proto::path(&folder.uri);
    }
    #[allow(deprecated)]
    params.root_uri.as_ref().and_then(proto::path)
}

/// Deep-merges `overlay` into `base` (objects key by key; other values replace).
fn merge_json(base: &mut Value, overlay: Value) {
    match (base, overlay) {
        (Value::Object(b), Value::Object(o)) => {
            for (k, v) in o {
                merge_json(b.entry(k).or_insert(Value::Null), v);
            }
        }
        (b, o) => *b = o,
    }
}

impl Backend {
    async fn on_initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        let root = root_of(&params).or_else(|| std::env::current_dir().ok());
        *lock(&self.root) = root;
        *lock(&self.init_options) = params.initialization_options.clone();
        let progress = params
            .capabilities
            .window
            .as_ref()
            .and_then(|w| w.work_done_progress)
            .unwrap_or(false);
        *lock(&self.progress_supported) = progress;
        let workspace = params.capabilities.workspace.as_ref();
        *lock(&self.client_caps) = ClientCaps {
            configuration: workspace.and_then(|w| w.configuration).unwrap_or(false),
            watch_files: workspace
                .and_then(|w| w.did_change_watched_files.as_ref())
                .and_then(|d| d.dynamic_registration)
                .unwrap_or(false),
        };
        Ok(InitializeResult {
            capabilities: ServerCapabilities {
                text_document_sync: Some(TextDocumentSyncCapability::Options(
                    TextDocumentSyncOptions {
                        open_close: Some(true),
                        change: Some(TextDocumentSyncKind::INCREMENTAL),
                        save: Some(TextDocumentSyncSaveOptions::Supported(true)),
                        ..TextDocumentSyncOptions::default()
                    },
                )),
                hover_provider: Some(HoverProviderCapability::Simple(true)),
                definition_provider: Some(OneOf::Left(true)),
                references_provider: Some(OneOf::Left(true)),
                document_symbol_provider: Some(OneOf::Left(true)),
                completion_provider: Some(CompletionOptions {
                    trigger_characters: Some(vec!["§".into(), " ".into()]),
                    ..CompletionOptions::default()
                }),
                document_link_provider: Some(DocumentLinkOptions {
                    resolve_provider: Some(false),
                    work_done_progress_options: WorkDoneProgressOptions::default(),
                }),
                workspace_symbol_provider: Some(OneOf::Left(true)),
                code_lens_provider: Some(CodeLensOptions {
                    resolve_provider: Some(false),
                }),
                inlay_hint_provider: Some(OneOf::Left(true)),
                folding_range_provider: Some(FoldingRangeProviderCapability::Simple(true)),
                code_action_provider: Some(CodeActionProviderCapability::Options(
                    CodeActionOptions {
                        code_action_kinds: Some(vec![
                            CodeActionKind::QUICKFIX,
                            CodeActionKind::new("lexls.ask"),
                        ]),
                        ..CodeActionOptions::default()
                    },
                )),
                ..ServerCapabilities::default()
            },
            server_info: Some(ServerInfo {
                name: "lexls".into(),
                version: Some(env!("CARGO_PKG_VERSION").into()),
            }),
            offset_encoding: None,
        })
    }

    async fn on_initialized(&self, _: InitializedParams) {
        let root = self.root();
        let caps = *lock(&self.client_caps);
        if caps.watch_files {
            self.register_file_watcher().await;
        }
        let (mut config, problems) = self.settings(&root).await;
        for problem in problems {
            self.client
                .show_message(MessageType::ERROR, format!("lexls: {problem}"))
                .await;
        }
        *lock(&self.started_with) = serde_json::to_value(&config).ok();
        config.apply_env();
        let progress = *lock(&self.progress_supported);
        if let Some(events) = lock(&self.events).take() {
            tokio::spawn(Self::pump_events(self.client.clone(), events, progress));
        }
        let tx = lock(&self.writer).tx.clone();
        if let (Some(rx), Some(publisher)) =
            (lock(&self.inbox).take(), lock(&self.publisher).take())
        {
            writer::spawn(root, config, rx, tx, self.events_tx.clone(), publisher);
        }
    }

    async fn on_did_change_configuration(&self, _: DidChangeConfigurationParams) {
        self.reload_settings().await;
    }

    async fn on_completion(&self, params: CompletionParams) -> Result<Option<CompletionResponse>> {
        let pos = params.text_document_position;
        let Some((snap, doc_id, offset)) = self
            .locate(&pos.text_document.uri, Some(pos.position))
            .await
        else {
            return Ok(None);
        };
        let doc = &snap.docs[doc_id];
        let lines = &snap.lines[doc_id];
        let items: Vec<CompletionItem> = features::editing::completions(&snap, doc_id, offset)
            .into_iter()
            .enumerate()
            .map(|(i, c)| CompletionItem {
                label: c.number.clone(),
                kind: Some(CompletionItemKind::REFERENCE),
                detail: Some(c.citation.clone()),
                label_details: c.heading.as_ref().map(|h| CompletionItemLabelDetails {
                    detail: None,
                    description: Some(h.clone()),
                }),
                documentation: c.heading.clone().map(Documentation::String),
                sort_text: Some(format!("{i:05}")),
                filter_text: Some(c.number.clone()),
                text_edit: Some(CompletionTextEdit::Edit(TextEdit {
                    range: proto::range(lines, &doc.text, &c.replace),
                    new_text: c.number,
                })),
                ..CompletionItem::default()
            })
            .collect();
        Ok((!items.is_empty()).then_some(CompletionResponse::Array(items)))
    }

    async fn on_document_link(
        &self,
        params: DocumentLinkParams,
    ) -> Result<Option<Vec<DocumentLink>>> {
        let Some((snap, doc_id, _)) = self.locate(&params.text_document.uri, None).await else {
            return Ok(None);
        };
        let doc = &snap.docs[doc_id];
        let lines = &snap.lines[doc_id];
        Ok(Some(
            features::editing::document_links(&snap, doc_id)
                .into_iter()
                .filter_map(|link| {
                    let target = proto::location(&snap, &link.target)?;
                    // `file:///…#L12` opens the cited provision's line in most clients.
                    let with_line =
                        format!("{}#L{}", target.uri.as_str(), target.range.start.line + 1);
                    Some(DocumentLink {
                        range: proto::range(lines, &doc.text, &link.span),
                        target: with_line.parse().ok().or(Some(target.uri)),
                        tooltip: Some(link.tooltip),
                        data: None,
                    })
                })
                .collect(),
        ))
    }

    async fn on_symbol(
        &self,
        params: WorkspaceSymbolParams,
    ) -> Result<Option<WorkspaceSymbolResponse>> {
        let snap = self.snapshot_of_workspace().await;
        let found = features::editing::workspace_symbols(&snap, &params.query, 500);
        Ok(Some(WorkspaceSymbolResponse::Nested(
            found
                .into_iter()
                .filter_map(|s| {
                    Some(WorkspaceSymbol {
                        name: s.name,
                        kind: SymbolKind::NAMESPACE,
                        tags: None,
                        container_name: s.heading,
                        location: OneOf::Left(proto::location(&snap, &s.location)?),
                        data: None,
                    })
                })
                .collect(),
        )))
    }

    async fn on_code_lens(&self, params: CodeLensParams) -> Result<Option<Vec<CodeLens>>> {
        let Some((snap, doc_id, _)) = self.locate(&params.text_document.uri, None).await else {
            return Ok(None);
        };
        if !snap.config.editor.code_lens {
            return Ok(None);
        }
        let doc = &snap.docs[doc_id];
        let lines = &snap.lines[doc_id];
        Ok(Some(
            features::editing::cited_by(&snap, doc_id)
                .into_iter()
                .map(|c| CodeLens {
                    range: proto::range(lines, &doc.text, &c.span),
                    command: Some(Command {
                        title: match c.count {
                            1 => "cited by 1".to_string(),
                            n => format!("cited by {n}"),
                        },
                        // A label only: the count; references (`textDocument/references`)
                        // list the citations.
                        command: String::new(),
                        arguments: None,
                    }),
                    data: None,
                })
                .collect(),
        ))
    }

    async fn on_inlay_hint(&self, params: InlayHintParams) -> Result<Option<Vec<InlayHint>>> {
        let Some((snap, doc_id, _)) = self.locate(&params.text_document.uri, None).await else {
            return Ok(None);
        };
        if !snap.config.editor.inlay_hints {
            return Ok(None);
        }
        let doc = &snap.docs[doc_id];
        let lines = &snap.lines[doc_id];
        let start = proto::offset(lines, &doc.text, params.range.start);
        let end = proto::offset(lines, &doc.text, params.range.end);
        Ok(Some(
            features::editing::inlay_hints(&snap, doc_id, start..end)
                .into_iter()
                .map(|h| InlayHint {
                    position: proto::position(lines, &doc.text, h.offset),
                    label: InlayHintLabel::String(h.label),
                    kind: None,
                    text_edits: None,
                    tooltip: None,
                    padding_left: Some(true),
                    padding_right: None,
                    data: None,
                })
                .collect(),
        ))
    }

    async fn on_folding_range(
        &self,
        params: FoldingRangeParams,
    ) -> Result<Option<Vec<FoldingRange>>> {
        let Some((snap, doc_id, _)) = self.locate(&params.text_document.uri, None).await else {
            return Ok(None);
        };
        let doc = &snap.docs[doc_id];
        let lines = &snap.lines[doc_id];
        Ok(Some(
            features::editing::folding_ranges(doc)
                .into_iter()
                .filter_map(|span| {
                    let r = proto::range(lines, &doc.text, &span);
                    // Fold up to the line before the next provision starts.
                    let end_line = if r.end.character == 0 {
                        r.end.line.saturating_sub(1)
                    } else {
                        r.end.line
                    };
                    (end_line > r.start.line).then_some(FoldingRange {
                        start_line: r.start.line,
                        start_character: None,
                        end_line,
                        end_character: None,
                        kind: Some(FoldingRangeKind::Region),
                        collapsed_text: None,
                    })
                })
                .collect(),
        ))
    }

    async fn on_shutdown(&self) -> Result<()> {
        let (done, flushed) = std::sync::mpsc::channel();
        self.send(Msg::Shutdown(Some(done)));
        // Wait (off the executor) until the index is written, at most five seconds.
        let _ =
            tokio::task::spawn_blocking(move || flushed.recv_timeout(Duration::from_secs(5))).await;
        Ok(())
    }

    async fn on_did_open(&self, params: DidOpenTextDocumentParams) {
        let doc = params.text_document;
        if let Some(path) = proto::path(&doc.uri) {
            self.send_editor(
                writer::canonical(&path),
                EditorEvent::Open(doc.text, doc.version),
            );
        }
    }

    async fn on_did_change(&self, params: DidChangeTextDocumentParams) {
        let Some(path) = proto::path(&params.text_document.uri) else {
            return;
        };
        self.send_editor(
            writer::canonical(&path),
            EditorEvent::Change(params.content_changes, params.text_document.version),
        );
    }

    async fn on_did_save(&self, _: DidSaveTextDocumentParams) {
        self.send(Msg::Save);
    }

    async fn on_did_close(&self, params: DidCloseTextDocumentParams) {
        if let Some(path) = proto::path(&params.text_document.uri) {
            self.send_editor(writer::canonical(&path), EditorEvent::Close);
        }
    }

    async fn on_did_change_watched_files(&self, params: DidChangeWatchedFilesParams) {
        let (settings, paths): (Vec<PathBuf>, Vec<PathBuf>) = params
            .changes
            .iter()
            .filter_map(|c| proto::path(&c.uri))
            .partition(|p| p.file_name().is_some_and(|n| n == SETTINGS_FILE));
        if !paths.is_empty() {
            self.send(Msg::FilesChanged(paths));
        }
        if !settings.is_empty() {
            self.reload_settings().await;
        }
    }

    async fn on_hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        let pos = params.text_document_position_params;
        let Some((snap, doc_id, offset)) = self
            .locate(&pos.text_document.uri, Some(pos.position))
            .await
        else {
            return Ok(None);
        };
        Ok(features::hover(&snap, doc_id, offset).map(|h| Hover {
            contents: HoverContents::Markup(MarkupContent {
                kind: MarkupKind::Markdown,
                value: h.markdown,
            }),
            range: Some(proto::range(
                &snap.lines[doc_id],
                &snap.docs[doc_id].text,
                &h.span,
            )),
        }))
    }

    async fn on_goto_definition(
        &self,
        params: GotoDefinitionParams,
    ) -> Result<Option<GotoDefinitionResponse>> {
        let pos = params.text_document_position_params;
        let Some((snap, doc_id, offset)) = self
            .locate(&pos.text_document.uri, Some(pos.position))
            .await
        else {
            return Ok(None);
        };
        Ok(features::definition(&snap, doc_id, offset)
            .and_then(|loc| proto::location(&snap, &loc))
            .map(GotoDefinitionResponse::Scalar))
    }

    async fn on_references(&self, params: ReferenceParams) -> Result<Option<Vec<Location>>> {
        let pos = params.text_document_position;
        let Some((snap, doc_id, offset)) = self
            .locate(&pos.text_document.uri, Some(pos.position))
            .await
        else {
            return Ok(None);
        };
        let refs = features::references(&snap, doc_id, offset, params.context.include_declaration);
        Ok(Some(
            refs.iter()
                .filter_map(|l| proto::location(&snap, l))
                .collect(),
        ))
    }

    async fn on_document_symbol(
        &self,
        params: DocumentSymbolParams,
    ) -> Result<Option<DocumentSymbolResponse>> {
        let Some((snap, doc_id, _)) = self.locate(&params.text_document.uri, None).await else {
            return Ok(None);
        };
        let doc = &snap.docs[doc_id];
        let symbols = features::document_symbols(doc);
        Ok(Some(DocumentSymbolResponse::Nested(proto::symbols(
            &snap.lines[doc_id],
            &doc.text,
            symbols,
        ))))
    }

    async fn on_code_action(&self, params: CodeActionParams) -> Result<Option<CodeActionResponse>> {
        let uri = params.text_document.uri.clone();
        let Some((snap, doc_id, _)) = self.locate(&uri, None).await else {
            return Ok(None);
        };
        let doc = &snap.docs[doc_id];
        let lines = &snap.lines[doc_id];
        let start = proto::offset(lines, &doc.text, params.range.start);
        let end = proto::offset(lines, &doc.text, params.range.end).max(start);
        let mut actions: Vec<CodeActionOrCommand> = Vec::new();
        for d in features::diagnostics(&snap, doc_id) {
            if d.span.end < start || d.span.start > end {
                continue;
            }
            let diagnostic = Diagnostic {
                range: proto::range(lines, &doc.text, &d.span),
                severity: proto::severity(d.severity),
                code: Some(NumberOrString::String(d.code.as_str().into())),
                source: Some("lexls".into()),
                message: d.message.clone(),
                ..Diagnostic::default()
            };
            for (i, fix) in d.fixes.iter().enumerate() {
                let edit = TextEdit {
                    range: proto::range(lines, &doc.text, &fix.span),
                    new_text: fix.replacement.clone(),
                };
                actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                    title: fix.title.clone(),
                    kind: Some(CodeActionKind::QUICKFIX),
                    diagnostics: Some(vec![diagnostic.clone()]),
                    edit: Some(WorkspaceEdit {
                        changes: Some(HashMap::from([(uri.clone(), vec![edit])])),
                        ..WorkspaceEdit::default()
                    }),
                    is_preferred: Some(i == 0),
                    ..CodeAction::default()
                }));
            }
        }
        if end > start {
            let selected = doc.text[start..end].to_string();
            actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                title: "Ask about selection".into(),
                kind: Some(CodeActionKind::new("lexls.ask")),
                command: Some(Command {
                    title: "Ask about selection".into(),
                    command: ASK_COMMAND.into(),
                    arguments: Some(vec![json!({
                        "text": selected,
                        "textDocument": {"uri": uri},
                        "range": params.range,
                    })]),
                }),
                ..CodeAction::default()
            }));
        }
        Ok(Some(actions))
    }
}

/// Every handler runs behind a panic boundary ([`panics`]): a bug in one request is an
/// error reply to it, and the server keeps answering.
impl LanguageServer for Backend {
    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        panics::request("initialize", self.on_initialize(params)).await
    }

    async fn initialized(&self, params: InitializedParams) {
        panics::notification("initialized", self.on_initialized(params)).await;
    }

    async fn did_change_configuration(&self, params: DidChangeConfigurationParams) {
        panics::notification(
            "workspace/didChangeConfiguration",
            self.on_did_change_configuration(params),
        )
        .await;
    }

    async fn completion(&self, params: CompletionParams) -> Result<Option<CompletionResponse>> {
        panics::request("textDocument/completion", self.on_completion(params)).await
    }

    async fn document_link(&self, params: DocumentLinkParams) -> Result<Option<Vec<DocumentLink>>> {
        panics::request("textDocument/documentLink", self.on_document_link(params)).await
    }

    async fn symbol(
        &self,
        params: WorkspaceSymbolParams,
    ) -> Result<Option<WorkspaceSymbolResponse>> {
        panics::request("workspace/symbol", self.on_symbol(params)).await
    }

    async fn code_lens(&self, params: CodeLensParams) -> Result<Option<Vec<CodeLens>>> {
        panics::request("textDocument/codeLens", self.on_code_lens(params)).await
    }

    async fn inlay_hint(&self, params: InlayHintParams) -> Result<Option<Vec<InlayHint>>> {
        panics::request("textDocument/inlayHint", self.on_inlay_hint(params)).await
    }

    async fn folding_range(&self, params: FoldingRangeParams) -> Result<Option<Vec<FoldingRange>>> {
        panics::request("textDocument/foldingRange", self.on_folding_range(params)).await
    }

    async fn shutdown(&self) -> Result<()> {
        panics::request("shutdown", self.on_shutdown()).await
    }

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        panics::notification("textDocument/didOpen", self.on_did_open(params)).await;
    }

    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        panics::notification("textDocument/didChange", self.on_did_change(params)).await;
    }

    async fn did_save(&self, params: DidSaveTextDocumentParams) {
        panics::notification("textDocument/didSave", self.on_did_save(params)).await;
    }

    async fn did_close(&self, params: DidCloseTextDocumentParams) {
        panics::notification("textDocument/didClose", self.on_did_close(params)).await;
    }

    async fn did_change_watched_files(&self, params: DidChangeWatchedFilesParams) {
        panics::notification(
            "workspace/didChangeWatchedFiles",
            self.on_did_change_watched_files(params),
        )
        .await;
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        panics::request("textDocument/hover", self.on_hover(params)).await
    }

    async fn goto_definition(
        &self,
        params: GotoDefinitionParams,
    ) -> Result<Option<GotoDefinitionResponse>> {
        panics::request("textDocument/definition", self.on_goto_definition(params)).await
    }

    async fn references(&self, params: ReferenceParams) -> Result<Option<Vec<Location>>> {
        panics::request("textDocument/references", self.on_references(params)).await
    }

    async fn document_symbol(
        &self,
        params: DocumentSymbolParams,
    ) -> Result<Option<DocumentSymbolResponse>> {
        panics::request(
            "textDocument/documentSymbol",
            self.on_document_symbol(params),
        )
        .await
    }

    async fn code_action(&self, params: CodeActionParams) -> Result<Option<CodeActionResponse>> {
        panics::request("textDocument/codeAction", self.on_code_action(params)).await
    }
}
