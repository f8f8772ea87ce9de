//! The one state of a language-server session.
//!
//! - What the client said in `initialize` (root, settings, capabilities): set once.
//! - The [`Outbox`]: everything told to the writer, in the order it was told, under one
//!   lock — the editor's texts (numbered, so that a request waits for the ones sent before
//!   it), the settings in force. The writer applies them in that order (`writer.rs`): the
//!   one-writer invariant.
//! - What the writer publishes (a `watch` channel: requests read snapshots without locks).
//! - The writer's ends of its channels, taken once when `initialized` starts it.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, Sender};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use lexls_ide::ask::Models;
use lexls_index::config::Config;
use lexls_index::resolve::DocId;
use lexls_index::workspace::Snapshot;
use tokio::sync::{mpsc, watch};
use tower_lsp_server::ls_types::{FileEvent, TextDocumentContentChangeEvent, Uri};

use super::buffers::Buffers;
use super::panics::lock;
use super::writer::{self, Event, Msg, Published};
use crate::proto;
use crate::proto::capabilities::{Client, SETTINGS_FILE};

/// Longest wait of a request on a document for the writer to apply the editor's latest
/// text of it (the initial scan of a large workspace included); after it the request is
/// answered on the latest snapshot, with a log line.
const EDITOR_TEXT_WAIT: Duration = Duration::from_secs(30);

/// Longest wait of a request for the initial scan.
const READY_WAIT: Duration = Duration::from_secs(10);

/// Longest wait at `shutdown` for the writer to write the index.
const FLUSH_WAIT: Duration = Duration::from_secs(5);

/// The state of a session (see the module documentation).
pub struct Session {
    client: OnceLock<Client>,
    outbox: Mutex<Outbox>,
    published: watch::Receiver<Published>,
    start: Mutex<Option<WriterEnds>>,
    /// The classifier and reranker the session's answers use, loaded once and again when
    /// their files change.
    pub models: Arc<Models>,
}

/// Everything told to the writer, in order.
struct Outbox {
    /// The writer's channel: it exists from the start, so that nothing sent before the
    /// writer runs (an editor opens a file right after `initialized`) is lost.
    tx: Sender<Msg>,
    /// The last sequence number given to an editor message.
    seq: u64,
    /// For each document an editor opened, changed or closed: the sequence number of its
    /// latest message. A request on it waits until the writer has applied that one.
    wanted: HashMap<PathBuf, u64>,
    /// The editor's text of each open document, which incremental changes apply to.
    buffers: Buffers,
    /// The settings the writer was started or last reconfigured with (before the
    /// environment is applied); `None` until it starts.
    settings: Option<Config>,
}

/// The writer's ends of its channels and the sender of its events, until it starts.
pub struct WriterEnds {
    /// The writer's inbox.
    pub inbox: Receiver<Msg>,
    /// Where the writer publishes snapshots.
    pub publisher: watch::Sender<Published>,
    /// The events the writer sends, for [`super::events::forward`].
    pub events: mpsc::UnboundedReceiver<Event>,
    /// The writer's end of the events channel.
    pub events_tx: mpsc::UnboundedSender<Event>,
    /// Another sender to the writer's inbox (the writer hands it to its embedding threads).
    pub tx: Sender<Msg>,
}

/// What an editor did to a document, as the writer is told.
pub enum EditorEvent {
    /// `didOpen`: the document's text and version.
    Open(String, i32),
    /// `didChange`: the changes, in order, and the version after them.
    Change(Vec<TextDocumentContentChangeEvent>, i32),
    /// `didClose`.
    Close,
}

impl Default for Session {
    fn default() -> Self {
        Self::new()
    }
}

impl Session {
    /// A session whose writer has not started: messages wait in its channel.
    pub fn new() -> Self {
        let (publisher, published) = watch::channel(Published {
            snapshot: Arc::new(Snapshot::empty(Path::new("."), Arc::new(Config::default()))),
            versions: HashMap::new(),
            applied: 0,
            ready: false,
            embedding: (0, 0),
            model_problem: None,
            index_dir: None,
        });
        let (events_tx, events) = mpsc::unbounded_channel();
        let (tx, inbox) = std::sync::mpsc::channel();
        Self {
            client: OnceLock::new(),
            outbox: Mutex::new(Outbox {
                tx: tx.clone(),
                seq: 0,
                wanted: HashMap::new(),
                buffers: Buffers::default(),
                settings: None,
            }),
            published,
            start: Mutex::new(Some(WriterEnds {
                inbox,
                publisher,
                events,
                events_tx,
                tx,
            })),
            models: Arc::new(Models::default()),
        }
    }

    /// Records what the client said in `initialize`; a second `initialize` changes nothing.
    pub fn initialize(&self, client: Client) {
        if self.client.set(client).is_err() {
            tracing::warn!("a second initialize is ignored");
        }
    }

    /// What the client said in `initialize` (defaults before it).
    pub fn client(&self) -> Client {
        self.client.get().cloned().unwrap_or_default()
    }

    /// The workspace root: the client's, else the current directory, else `.`.
    pub fn root(&self) -> PathBuf {
        self.client
            .get()
            .and_then(|c| c.root.clone())
            .or_else(|| std::env::current_dir().ok())
            .unwrap_or_else(|| PathBuf::from("."))
    }

    /// The writer's ends, once (`None` after).
    pub fn take_writer_ends(&self) -> Option<WriterEnds> {
        lock(&self.start).take()
    }

    /// Records the settings the writer starts with.
    pub fn started_with(&self, settings: Config) {
        lock(&self.outbox).settings = Some(settings);
    }

    /// Whether the writer has started.
    pub fn started(&self) -> bool {
        lock(&self.outbox).settings.is_some()
    }

    /// Has the writer reopen the workspace with `settings` when they differ from those in
    /// force (compared and replaced under one lock: of two reloads racing, one
    /// reconfigures). Returns whether it did.
    pub fn reconfigure(&self, settings: Config) -> bool {
        let mut outbox = lock(&self.outbox);
        if outbox.settings.as_ref().is_none_or(|s| *s == settings) {
            return false;
        }
        let mut with_env = settings.clone();
        with_env.apply_env();
        outbox.settings = Some(settings);
        outbox.tx.send(Msg::Reconfigure(Box::new(with_env))).is_ok()
    }

    /// Sends `msg` to the writer (queued until it starts).
    pub fn send(&self, msg: Msg) {
        let _ = lock(&self.outbox).tx.send(msg);
    }

    /// Sends the editor's text of the document at `uri` after `event` (or its closing) to
    /// the writer, numbered, so that later requests on it wait for it. A change that cannot
    /// be applied (see [`super::buffers::NotOpen`]) is logged and dropped; a URI that is not
    /// a file path is ignored.
    pub fn editor(&self, uri: &Uri, event: EditorEvent) {
        let Some(path) = proto::path(uri).map(|p| writer::canonical(&p)) else {
            return;
        };
        let mut outbox = lock(&self.outbox);
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

    /// Tells the writer of files changed outside the editor; returns whether the settings
    /// file is among them (the caller reads the settings again).
    pub fn files_changed(&self, changes: &[FileEvent]) -> bool {
        let (settings, paths): (Vec<PathBuf>, Vec<PathBuf>) = changes
            .iter()
            .filter_map(|c| proto::path(&c.uri))
            .partition(|p| p.file_name().is_some_and(|n| n == SETTINGS_FILE));
        if !paths.is_empty() {
            self.send(Msg::FilesChanged(paths));
        }
        !settings.is_empty()
    }

    /// Has the writer write the index and stop; waits (off the executor) until it has, at
    /// most [`FLUSH_WAIT`].
    pub async fn shutdown(&self) {
        let (done, flushed) = std::sync::mpsc::channel();
        self.send(Msg::Shutdown(Some(done)));
        let _ = tokio::task::spawn_blocking(move || flushed.recv_timeout(FLUSH_WAIT)).await;
    }

    /// What the writer published last.
    pub fn published(&self) -> Published {
        self.published.borrow().clone()
    }

    /// The snapshot holding the document at `uri` and its id there (see
    /// [`Self::snapshot_for`]); `None` when the URI is not a file of the workspace.
    pub async fn locate(&self, uri: &Uri) -> Option<(Arc<Snapshot>, DocId)> {
        let path = writer::canonical(&proto::path(uri)?);
        let snap = self.snapshot_for(&path).await;
        let id = snap.doc_id(&path)?;
        Some((snap, id))
    }

    /// The snapshot to answer a request on `path`: when an editor opened, changed or closed
    /// it, one that includes the latest of those (waiting for the writer as long as it
    /// takes, up to [`EDITOR_TEXT_WAIT`]); else, once the initial scan is done, the latest.
    async fn snapshot_for(&self, path: &PathBuf) -> Arc<Snapshot> {
        let wanted = lock(&self.outbox).wanted.get(path).copied();
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
    pub async fn snapshot_of_workspace(&self) -> Arc<Snapshot> {
        let sent = lock(&self.outbox).seq;
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
}
