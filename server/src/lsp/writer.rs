//! The single owner of the workspace state: a thread that applies edits and file events
//! to the [`Engine`] and publishes immutable snapshots. Heavy work (scans, parsing,
//! tantivy commits) happens here, off the async executor; embeddings are computed on a
//! second thread and handed back in batches.
//!
//! Editor texts cannot be lost or overtaken: the channel exists before the writer starts
//! (messages wait in it while the client's settings are read), texts that are already
//! waiting when the writer starts are put in before the initial scan, and every editor
//! message carries a sequence number that the published state acknowledges
//! ([`Published::applied`]) once a snapshot includes it.
//!
//! A panic while a message is applied is caught ([`super::panics::catch`]): the engine,
//! which it may have left half-updated, is dropped and the workspace reopened with the
//! editors' texts, and the remaining messages are applied to the new one.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use lexls_index::config::Config;
use lexls_index::engine::{Engine, EngineError, OpenOptions, ScanProgress};
use lexls_index::search::chunk::EmbeddingKey;
use lexls_index::search::dense::Embedder;
use lexls_index::search::window_keys::{PendingWindow, pending_texts};
use lexls_index::workspace::Snapshot;
use tokio::sync::{mpsc, watch};
use tower_lsp_server::ls_types::{Diagnostic, MessageType, Uri};

use super::panics;
use crate::proto;

/// What a batch of messages leaves to do once applied.
#[derive(Default)]
struct Batch {
    /// A snapshot must be published.
    changed: bool,
    /// Editor versions changed (maybe without a new snapshot).
    versions_changed: bool,
    /// Shut down (and tell this sender).
    stop: Option<Option<std::sync::mpsc::Sender<()>>>,
    /// Reopen with these settings.
    reconfigure: Option<Box<Config>>,
    /// When to bring the search index up to date.
    flush_at: Option<Instant>,
}

impl Batch {
    /// Brings the search index up to date [`SEARCH_DEBOUNCE`] after the first edit.
    fn debounce(&mut self) {
        self.flush_within(SEARCH_DEBOUNCE);
    }

    /// Brings the search index up to date within `delay` (or sooner, when a flush is due
    /// sooner already).
    fn flush_within(&mut self, delay: Duration) {
        let at = Instant::now() + delay;
        self.flush_at = Some(self.flush_at.map_or(at, |due| due.min(at)));
    }
}

/// How long embeddings computed in the background may wait before the search view takes
/// them. A new view walks every chunk of the workspace: every 800 ms that took 17% of a core
/// on the D.C. Code while the model ran on the others.
const EMBEDDING_PUBLISH: Duration = Duration::from_secs(10);

/// How long after the last edit the BM25 index is brought up to date.
const SEARCH_DEBOUNCE: Duration = Duration::from_millis(800);

/// A request to the writer.
#[derive(Debug)]
pub enum Msg {
    /// An editor opened or changed a document.
    Text {
        /// The file.
        path: PathBuf,
        /// Its full text.
        text: String,
        /// The editor's version.
        version: i32,
        /// The sequence number of this editor message (see [`Published::applied`]).
        seq: u64,
    },
    /// An editor closed a document: read it from disk again.
    Close {
        /// The file.
        path: PathBuf,
        /// The sequence number of this editor message.
        seq: u64,
    },
    /// A document was saved: bring the search index up to date now.
    Save,
    /// Files changed outside the editor.
    FilesChanged(Vec<PathBuf>),
    /// The settings changed: reopen the workspace with these (the editors' texts are kept).
    Reconfigure(Box<Config>),
    /// A batch of embeddings is ready.
    Embedded {
        /// The embedding run it belongs to (a run started before a reconfiguration is
        /// ignored).
        run: u64,
        /// `(cache key, vector)` pairs.
        items: Vec<(EmbeddingKey, Vec<f32>)>,
        /// Chunks embedded so far.
        done: usize,
        /// Chunks to embed.
        total: usize,
    },
    /// Embedding failed; dense retrieval stays partial.
    EmbeddingFailed {
        /// The embedding run it belongs to.
        run: u64,
        /// Why.
        why: String,
    },
    /// Flush and stop; the sender is told when done.
    Shutdown(Option<std::sync::mpsc::Sender<()>>),
    /// Test hook (`LEXLS_TEST_HOOKS=1` only): panic while applying this message, to show
    /// that the writer recovers.
    Panic,
}

/// Something to tell the client.
#[derive(Debug)]
pub enum Event {
    /// Work-done progress.
    Progress {
        /// The progress token.
        token: &'static str,
        /// Begin, report or end.
        step: Step,
    },
    /// Diagnostics of a document.
    Diagnostics {
        /// The document.
        uri: Uri,
        /// All its diagnostics.
        diagnostics: Vec<Diagnostic>,
        /// The editor version they belong to.
        version: Option<i32>,
    },
    /// A log line (window/logMessage).
    Log(MessageType, String),
    /// A message the user should see once (window/showMessage).
    Show(MessageType, String),
}

/// A progress step.
#[derive(Debug, Clone)]
pub enum Step {
    /// Begin with a title.
    Begin(String),
    /// Report a message and percentage.
    Report(String, u32),
    /// End with a message.
    End(String),
}

/// What the writer publishes.
#[derive(Debug, Clone)]
pub struct Published {
    /// The latest snapshot.
    pub snapshot: Arc<Snapshot>,
    /// Editor versions of the documents the snapshot includes.
    pub versions: HashMap<PathBuf, i32>,
    /// The sequence number of the last editor message (open, change, close) the snapshot
    /// includes; editor messages are numbered from 1 in the order they were sent.
    pub applied: u64,
    /// The first scan is done.
    pub ready: bool,
    /// Embedding progress `(done, total)`.
    pub embedding: (usize, usize),
    /// Why dense retrieval is unavailable, if it is.
    pub model_problem: Option<String>,
    /// Where the index is kept.
    pub index_dir: Option<PathBuf>,
}

/// Starts the writer thread for `root`.
pub fn spawn(
    root: PathBuf,
    config: Config,
    rx: Receiver<Msg>,
    tx: Sender<Msg>,
    events: mpsc::UnboundedSender<Event>,
    published: watch::Sender<Published>,
) {
    let spawned = std::thread::Builder::new()
        .name("lexls-writer".into())
        .spawn(move || {
            let mut writer = Writer {
                root,
                events,
                published,
                tx,
                versions: HashMap::new(),
                texts: HashMap::new(),
                applying: None,
                applied: 0,
                last_diagnostics: HashMap::new(),
                sent_versions: HashMap::new(),
                diagnosed: None,
                embedding: (0, 0),
                embed_run: Arc::new(AtomicU64::new(0)),
            };
            writer.run(config, &rx);
        });
    if let Err(e) = spawned {
        tracing::error!("cannot start the writer thread: {e}");
    }
}

struct Writer {
    root: PathBuf,
    events: mpsc::UnboundedSender<Event>,
    published: watch::Sender<Published>,
    tx: Sender<Msg>,
    versions: HashMap<PathBuf, i32>,
    /// The editors' texts, to reopen the workspace with after a panic.
    texts: HashMap<PathBuf, String>,
    /// The document whose editor text is being applied (the suspect, should that panic).
    applying: Option<PathBuf>,
    /// The last editor message applied.
    applied: u64,
    last_diagnostics: HashMap<Uri, Vec<Diagnostic>>,
    /// The editor version each document's diagnostics were last sent with (`None`: sent
    /// for the file on disk).
    sent_versions: HashMap<Uri, Option<i32>>,
    /// The snapshot `last_diagnostics` were computed on.
    diagnosed: Option<Arc<Snapshot>>,
    embedding: (usize, usize),
    /// The current embedding run; a thread of an older run stops.
    embed_run: Arc<AtomicU64>,
}

impl Writer {
    fn event(&self, e: Event) {
        let _ = self.events.send(e);
    }

    fn run(&mut self, config: Config, rx: &Receiver<Msg>) {
        let embedder = crate::embed_worker::WorkerEmbedder::start_for(&config)
            .map(|e| Arc::new(e) as Arc<dyn Embedder>);
        // Editor texts sent before the writer started go in before the initial scan.
        let mut pending = Vec::new();
        while let Ok(msg) = rx.try_recv() {
            match msg {
                Msg::Text {
                    path,
                    text,
                    version,
                    seq,
                } => {
                    let path = canonical(&path);
                    self.texts.insert(path.clone(), text);
                    self.versions.insert(path, version);
                    self.applied = self.applied.max(seq);
                }
                Msg::Close { path, seq } => {
                    let path = canonical(&path);
                    self.texts.remove(&path);
                    self.versions.remove(&path);
                    self.applied = self.applied.max(seq);
                }
                other => pending.push(other),
            }
        }
        let overlays = self.overlays();
        let opened = match panics::catch(|| self.open(config, embedder, overlays)) {
            Ok(opened) => opened,
            Err(why) => {
                self.event(Event::Show(
                    MessageType::ERROR,
                    format!("lexls: internal error while opening the workspace ({why})"),
                ));
                None
            }
        };
        let Some(mut engine) = opened else {
            return self.idle(rx);
        };
        let mut flush_at: Option<Instant> = None;
        loop {
            let mut batch = std::mem::take(&mut pending);
            if batch.is_empty() {
                let msg = match flush_at {
                    Some(at) => {
                        match rx.recv_timeout(at.saturating_duration_since(Instant::now())) {
                            Ok(m) => Some(m),
                            Err(RecvTimeoutError::Timeout) => None,
                            Err(RecvTimeoutError::Disconnected) => break,
                        }
                    }
                    None => match rx.recv() {
                        Ok(m) => Some(m),
                        Err(_) => break,
                    },
                };
                let Some(first) = msg else {
                    flush_at = None;
                    if let Err(why) = panics::catch(|| {
                        engine.flush_search();
                        self.publish(&engine, false);
                        // The documents, snapshots and search views that edits (and an
                        // embedding run's batches) replace leave free pages behind: once
                        // the search index is brought up to date, off the edit's path, the
                        // server gives them back (a walk of the heap of 2–5 ms on the whole
                        // D.C. Code), so its size stays what it holds.
                        crate::process::release_free_memory();
                    }) {
                        match self.recover(engine, &why) {
                            Some(reopened) => engine = reopened,
                            None => return self.idle(rx),
                        }
                    }
                    continue;
                };
                batch.push(first);
            }
            // Apply everything queued before publishing once.
            while let Ok(m) = rx.try_recv() {
                batch.push(m);
            }
            let mut state = Batch {
                flush_at,
                ..Batch::default()
            };
            for msg in batch {
                if let Err(why) = panics::catch(|| self.apply(&mut engine, msg, &mut state)) {
                    match self.recover(engine, &why) {
                        Some(reopened) => engine = reopened,
                        None => return self.idle(rx),
                    }
                    state.flush_at = None;
                    state.changed = false;
                }
            }
            flush_at = state.flush_at;
            self.surface_notes(&mut engine);
            if let Some(config) = state.reconfigure
                && state.stop.is_none()
            {
                let reopened = panics::catch(|| self.reopen(engine, *config));
                match reopened {
                    Ok(Some(reopened)) => engine = reopened,
                    Ok(None) => return self.idle(rx),
                    Err(why) => {
                        self.event(Event::Show(
                            MessageType::ERROR,
                            format!(
                                "lexls: internal error while applying the new settings ({why})"
                            ),
                        ));
                        return self.idle(rx);
                    }
                }
                flush_at = None;
            } else if state.changed {
                if let Err(why) = panics::catch(|| self.publish(&engine, true)) {
                    tracing::error!("publishing a snapshot failed: {why}");
                    self.acknowledge();
                }
            } else if state.versions_changed {
                // Same content (an editor opened a file as it is on disk): requests waiting
                // for this version can use the current snapshot, and the editor gets the
                // diagnostics of its version.
                self.send_new_versions();
                self.acknowledge();
            }
            if let Some(done) = state.stop {
                let _ = panics::catch(|| engine.flush());
                if let Some(done) = done {
                    let _ = done.send(());
                }
                return;
            }
        }
        let _ = panics::catch(|| engine.flush());
    }

    /// Applies one message to `engine`, noting in `state` what the batch must do after.
    fn apply(&mut self, engine: &mut Engine, msg: Msg, state: &mut Batch) {
        match msg {
            Msg::Text {
                path,
                text,
                version,
                seq,
            } => {
                let path = canonical(&path);
                // Recorded first, so that a panic below reopens the workspace with it.
                self.texts.insert(path.clone(), text.clone());
                self.versions.insert(path.clone(), version);
                self.applied = self.applied.max(seq);
                state.versions_changed = true;
                self.applying = Some(path.clone());
                state.changed |= engine.set_overlay(&path, text);
                self.applying = None;
                state.debounce();
            }
            Msg::Close { path, seq } => {
                let path = canonical(&path);
                self.texts.remove(&path);
                self.versions.remove(&path);
                // Reopened, the document starts again at version 1 and gets its diagnostics.
                if let Some(uri) = proto::uri(&path) {
                    self.sent_versions.remove(&uri);
                }
                self.applied = self.applied.max(seq);
                state.versions_changed = true;
                state.changed |= engine.clear_overlay(&path);
                state.debounce();
            }
            Msg::Save => {
                state.flush_at = Some(Instant::now());
            }
            Msg::FilesChanged(paths) => {
                for path in paths {
                    state.changed |= engine.refresh_file(&canonical(&path));
                }
                state.debounce();
            }
            Msg::Reconfigure(config) => state.reconfigure = Some(config),
            Msg::Embedded {
                run,
                items,
                done,
                total,
            } => {
                if run != self.embed_run.load(Ordering::SeqCst) {
                    return;
                }
                engine.add_embeddings(items);
                // The search view takes the new vectors at the next flush (a new view for
                // every batch would copy the view's tables thousands of times on a large
                // workspace); the last batch makes one at once, so a client that waits for
                // the run's end finds every vector searchable.
                if done >= total {
                    engine.flush_search();
                } else {
                    state.flush_within(EMBEDDING_PUBLISH);
                }
                self.embedding = (done, total);
                let pct = (done * 100 / total.max(1)) as u32;
                let step = if done >= total {
                    Step::End(format!("{total} passages embedded"))
                } else {
                    Step::Report(format!("{done}/{total} passages"), pct)
                };
                self.event(Event::Progress {
                    token: "lexls/embedding",
                    step,
                });
                state.changed = true;
            }
            Msg::EmbeddingFailed { run, why } => {
                if run != self.embed_run.load(Ordering::SeqCst) {
                    return;
                }
                self.event(Event::Progress {
                    token: "lexls/embedding",
                    step: Step::End(format!("embedding stopped: {why}")),
                });
                self.event(Event::Show(
                    MessageType::WARNING,
                    format!(
                        "lexls: embedding failed ({why}); answers use BM25 and the citation graph"
                    ),
                ));
            }
            Msg::Shutdown(done) => state.stop = Some(done),
            Msg::Panic => panic!("test hook: a panic in the writer thread"),
        }
    }

    /// Publishes the editor versions and the last editor message applied without a new
    /// snapshot (the content did not change, or a snapshot could not be made).
    fn acknowledge(&self) {
        self.published.send_modify(|p| {
            p.versions = self.versions.clone();
            p.applied = self.applied;
        });
    }

    /// The editors' texts, as overlays to open the workspace with.
    fn overlays(&self) -> Vec<(PathBuf, String)> {
        self.texts
            .iter()
            .map(|(p, t)| (p.clone(), t.clone()))
            .collect()
    }

    /// After a panic while `engine` was being updated: drops it and opens the workspace
    /// again with the same settings and the editors' texts. `None` (after telling the user)
    /// when that fails too.
    fn recover(&mut self, engine: Engine, why: &str) -> Option<Engine> {
        tracing::error!("the writer panicked ({why}); reopening the workspace");
        self.event(Event::Show(
            MessageType::ERROR,
            format!(
                "lexls: internal error while updating the index ({why}); reopening the workspace"
            ),
        ));
        let config = engine.config().as_ref().clone();
        let kept = engine.embedder();
        if let Err(e) = panics::catch(move || drop(engine)) {
            tracing::error!("closing the damaged index panicked too: {e}");
        }
        self.stop_embedding("stopped: the index is being reopened");
        let embedder = match kept {
            Some(e) => Ok(e),
            None => crate::embed_worker::WorkerEmbedder::start_for(&config)
                .map(|e| Arc::new(e) as Arc<dyn Embedder>),
        };
        let overlays = self.overlays();
        let suspect = self.applying.take();
        let again = match panics::catch(|| self.open(config.clone(), embedder, overlays)) {
            Ok(reopened) => return reopened,
            Err(again) => again,
        };
        // The text being applied may be what panics: without it, the file on disk is used.
        if let Some(suspect) = suspect
            && self.texts.remove(&suspect).is_some()
        {
            self.versions.remove(&suspect);
            self.event(Event::Show(
                MessageType::ERROR,
                format!(
                    "lexls: reopening the workspace failed too ({again}); {} is indexed from disk until it is edited again",
                    suspect.display()
                ),
            ));
            let embedder = crate::embed_worker::WorkerEmbedder::start_for(&config)
                .map(|e| Arc::new(e) as Arc<dyn Embedder>);
            let overlays = self.overlays();
            match panics::catch(|| self.open(config, embedder, overlays)) {
                Ok(reopened) => return reopened,
                Err(e) => tracing::error!("reopening without {} panicked: {e}", suspect.display()),
            }
        }
        self.event(Event::Show(
            MessageType::ERROR,
            format!("lexls: the workspace could not be reopened ({again}); restart the server"),
        ));
        None
    }

    /// Ends the embedding run in progress (its thread stops at its next batch).
    fn stop_embedding(&mut self, why: &str) {
        self.embed_run.fetch_add(1, Ordering::SeqCst);
        if self.embedding.0 < self.embedding.1 {
            self.event(Event::Progress {
                token: "lexls/embedding",
                step: Step::End(why.into()),
            });
        }
        self.embedding = (0, 0);
    }

    /// Opens the workspace with `config`, puts the editors' `overlays` in, scans it and
    /// starts embedding. `None` (after telling the user) when the workspace cannot be opened.
    fn open(
        &mut self,
        config: Config,
        embedder: Result<Arc<dyn Embedder>, String>,
        overlays: Vec<(PathBuf, String)>,
    ) -> Option<Engine> {
        let options = OpenOptions {
            embedder: Some(embedder),
            ..OpenOptions::default()
        };
        let opened = match Engine::open(&self.root, config.clone(), &options) {
            // An index directory lexls may not use: say so, and keep answering from memory.
            Err(e @ EngineError::IndexDir(_)) => {
                self.event(Event::Show(
                    MessageType::ERROR,
                    format!("lexls: {e}. Until then the index is kept in memory."),
                ));
                let memory = OpenOptions {
                    persist: false,
                    ..options
                };
                Engine::open(&self.root, config, &memory)
            }
            opened => opened,
        };
        let mut engine = match opened {
            Ok(engine) => engine,
            Err(e) => {
                self.event(Event::Show(
                    MessageType::ERROR,
                    format!("lexls cannot open the workspace: {e}"),
                ));
                return None;
            }
        };
        self.surface_notes(&mut engine);
        if let Some(problem) = engine.model_problem() {
            // A model the settings ask for and cannot have is worth a message; one the
            // settings do not use (BM25 alone, the default) only a log line.
            let event = if engine.config().uses_dense() {
                Event::Show(MessageType::WARNING, format!("lexls: {problem}"))
            } else {
                Event::Log(MessageType::INFO, format!("lexls: {problem}"))
            };
            self.event(event);
        }
        for (path, text) in overlays {
            engine.set_overlay(&path, text);
        }
        self.initial_scan(&mut engine);
        Some(engine)
    }

    /// Closes `engine` and opens the workspace again with `config`, keeping the editors'
    /// texts and, when the model settings are the same, the embedding worker. When the new
    /// settings cannot open it, the old ones are used again.
    fn reopen(&mut self, mut engine: Engine, config: Config) -> Option<Engine> {
        let old = engine.config().as_ref().clone();
        let overlays = self.overlays();
        let same_model = old.model == config.model;
        let kept = engine.embedder();
        let embedder = |settings: &Config| match &kept {
            Some(e) if same_model && settings.uses_dense() => Ok(e.clone()),
            _ => crate::embed_worker::WorkerEmbedder::start_for(settings)
                .map(|e| Arc::new(e) as Arc<dyn Embedder>),
        };
        engine.flush();
        drop(engine);
        // Embedding threads of the old engine stop at their next batch.
        self.stop_embedding("stopped: the settings changed");
        self.event(Event::Log(
            MessageType::INFO,
            "settings changed; re-indexing the workspace with them".into(),
        ));
        let first = embedder(&config);
        if let Some(engine) = self.open(config, first, overlays.clone()) {
            return Some(engine);
        }
        let again = embedder(&old);
        self.open(old, again, overlays)
    }

    /// Answers nothing more than shutdown (the workspace could not be opened); requests get
    /// the last snapshot published (or the empty one), and do not wait for editor texts
    /// that will never be applied.
    fn idle(&mut self, rx: &Receiver<Msg>) {
        self.published.send_modify(|p| {
            p.ready = true;
            p.applied = self.applied;
        });
        while let Ok(msg) = rx.recv() {
            match msg {
                Msg::Shutdown(done) => {
                    if let Some(done) = done {
                        let _ = done.send(());
                    }
                    break;
                }
                Msg::Text { seq, .. } | Msg::Close { seq, .. } => {
                    self.applied = self.applied.max(seq);
                    self.published.send_modify(|p| p.applied = self.applied);
                }
                _ => {}
            }
        }
    }

    /// Logs the engine's notes; the one saying the index could not be saved is shown (once
    /// per session: the engine notes it once).
    fn surface_notes(&self, engine: &mut Engine) {
        for note in engine.take_notes() {
            if note.starts_with(lexls_index::engine::UNSAVED_NOTE) {
                self.event(Event::Show(MessageType::WARNING, format!("lexls: {note}")));
            } else {
                self.event(Event::Log(MessageType::WARNING, note));
            }
        }
    }

    /// Scans the workspace, starts embedding what has no embedding yet, and publishes the
    /// first snapshot, with indexing progress.
    fn initial_scan(&mut self, engine: &mut Engine) {
        self.event(Event::Progress {
            token: "lexls/indexing",
            step: Step::Begin("Indexing statutes and policies".into()),
        });
        let mut last = Instant::now();
        let events = self.events.clone();
        let report = engine.scan(&mut |p| {
            if let ScanProgress::Reading { done, total } = p
                && (last.elapsed() > Duration::from_millis(150) || done == total)
            {
                last = Instant::now();
                let pct = (done * 100 / total.max(1)) as u32;
                let _ = events.send(Event::Progress {
                    token: "lexls/indexing",
                    step: Step::Report(format!("{done}/{total} files"), pct),
                });
            }
        });
        for s in &report.skipped {
            self.event(Event::Log(
                MessageType::WARNING,
                format!("skipped {}: {}", s.path.display(), s.reason),
            ));
        }
        self.surface_notes(engine);
        // Embedding starts before the snapshot is published, and the snapshot is published
        // before the progress ends, so that a client that waits for the end asks the new
        // snapshot and sees the embedding run (or that none is needed).
        self.start_embedding(engine);
        self.publish(engine, true);
        crate::process::release_free_memory();
        self.event(Event::Progress {
            token: "lexls/indexing",
            step: Step::End(format!(
                "{} files ({} parsed, {} unchanged)",
                report.files, report.parsed, report.reused
            )),
        });
        if report.files == 0 {
            self.event(Event::Show(
                MessageType::INFO,
                format!(
                    "lexls found no statute or policy files (.md, .txt, .xml, .html) under {}",
                    self.root.display()
                ),
            ));
        }
    }

    fn start_embedding(&mut self, engine: &mut Engine) {
        let Some(embedder) = engine.embedder() else {
            return;
        };
        let pending = engine.pending_embeddings();
        if pending.is_empty() {
            // Every passage has its embedding (from the store): report them as done, so a
            // client waiting for `done >= total > 0` does not wait for a run that never comes.
            let held = engine.embedded_count();
            self.embedding = (held, held);
            return;
        }
        let total = pending.len();
        self.embedding = (0, total);
        self.event(Event::Progress {
            token: "lexls/embedding",
            step: Step::Begin(format!("Embedding {total} passages")),
        });
        let batch = engine.config().model.batch_size.clamp(1, 256);
        let tx = self.tx.clone();
        let current = self.embed_run.clone();
        let run = current.load(Ordering::SeqCst);
        let spawned = std::thread::Builder::new()
            .name("lexls-embed".into())
            .spawn(move || {
                let superseded = || current.load(Ordering::SeqCst) != run;
                embed_all(embedder.as_ref(), pending, batch, &tx, run, &superseded);
            });
        if let Err(e) = spawned {
            self.event(Event::Log(
                MessageType::ERROR,
                format!("cannot start embedding: {e}"),
            ));
        }
    }

    /// Publishes a snapshot and, with `diagnostics`, the diagnostics that changed.
    fn publish(&mut self, engine: &Engine, diagnostics: bool) {
        let snapshot = Arc::new(engine.snapshot());
        if diagnostics {
            self.publish_diagnostics(&snapshot);
        }
        let published = Published {
            snapshot,
            versions: self.versions.clone(),
            applied: self.applied,
            ready: true,
            embedding: self.embedding,
            model_problem: engine.model_problem().map(str::to_string),
            index_dir: engine.index_dir().map(PathBuf::from),
        };
        self.published.send_replace(published);
    }

    /// Publishes the diagnostics that changed. When the snapshot was derived from the one
    /// diagnosed before (edits of the same documents), only the documents whose diagnostics
    /// may differ ([`Snapshot::diagnostics_may_differ`]) are diagnosed again; otherwise every
    /// document is.
    fn publish_diagnostics(&mut self, snap: &Arc<Snapshot>) {
        let previous = self.diagnosed.take();
        let derived = previous.as_ref().filter(|p| snap.derived_from(p));
        match derived {
            Some(before) => {
                for doc_id in 0..snap.docs.len() {
                    if !snap.diagnostics_may_differ(before, doc_id) {
                        continue;
                    }
                    if let Some(uri) = proto::uri(&snap.docs[doc_id].path) {
                        let diags = proto::diagnostics(snap, doc_id);
                        self.send_if_changed(&uri, &diags);
                        self.last_diagnostics.insert(uri, diags);
                    }
                }
            }
            None => self.diagnose_all(snap),
        }
        self.diagnosed = Some(snap.clone());
        self.send_new_versions();
    }

    /// Sends the diagnostics of every editor document whose version the editor has not had
    /// them for: a document opened or edited without a change of its diagnostics still gets
    /// them, empty or not, for its version (editors key diagnostics by version, and a client
    /// waiting for a document to be checked learns that it was).
    fn send_new_versions(&mut self) {
        let mut due = Vec::new();
        for (path, &version) in &self.versions {
            let Some(uri) = proto::uri(path) else {
                continue;
            };
            if self.sent_versions.get(&uri) != Some(&Some(version)) {
                let diags = self.last_diagnostics.get(&uri).cloned().unwrap_or_default();
                due.push((uri, diags, version));
            }
        }
        for (uri, diagnostics, version) in due {
            self.sent_versions.insert(uri.clone(), Some(version));
            self.event(Event::Diagnostics {
                uri,
                diagnostics,
                version: Some(version),
            });
        }
    }

    /// Diagnoses every document; clears the diagnostics of documents that are gone.
    fn diagnose_all(&mut self, snap: &Snapshot) {
        let mut current: HashMap<Uri, Vec<Diagnostic>> = HashMap::new();
        for (doc_id, doc) in snap.docs.iter().enumerate() {
            let Some(uri) = proto::uri(&doc.path) else {
                continue;
            };
            current.insert(uri, proto::diagnostics(snap, doc_id));
        }
        for (uri, diags) in &current {
            self.send_if_changed(uri, diags);
        }
        for uri in self.last_diagnostics.keys() {
            if !current.contains_key(uri) {
                self.event(Event::Diagnostics {
                    uri: uri.clone(),
                    diagnostics: Vec::new(),
                    version: None,
                });
            }
        }
        self.sent_versions
            .retain(|uri, _| current.contains_key(uri));
        self.last_diagnostics = current;
    }

    /// Sends `diags` for `uri` unless they are what the client has.
    fn send_if_changed(&mut self, uri: &Uri, diags: &[Diagnostic]) {
        let unchanged = match self.last_diagnostics.get(uri) {
            Some(b) => b == diags,
            None => diags.is_empty(),
        };
        let version = uri
            .to_file_path()
            .and_then(|p| self.versions.get(p.as_ref()).copied());
        let sent = self.sent_versions.get(uri).copied().flatten();
        if !unchanged || (version.is_some() && version != sent) {
            self.sent_versions.insert(uri.clone(), version);
            self.event(Event::Diagnostics {
                uri: uri.clone(),
                diagnostics: diags.to_vec(),
                version,
            });
        }
    }
}

/// Embeds `pending` `(cache key, text)` pairs in batches of `batch` and sends them to the
/// writer as embedding run `run`; stops when `superseded` says a newer run started.
fn embed_all(
    embedder: &dyn Embedder,
    pending: Vec<PendingWindow>,
    batch: usize,
    tx: &Sender<Msg>,
    run: u64,
    superseded: &dyn Fn() -> bool,
) {
    let total = pending.len();
    let mut done = 0;
    for part in pending.chunks(batch) {
        if superseded() {
            return;
        }
        let texts = pending_texts(embedder, part);
        match embedder.embed(&texts) {
            Ok(vectors) => {
                done += part.len();
                let items = part.iter().map(|p| p.key).zip(vectors).collect();
                let msg = Msg::Embedded {
                    run,
                    items,
                    done,
                    total,
                };
                if tx.send(msg).is_err() {
                    return;
                }
            }
            Err(e) => {
                let _ = tx.send(Msg::EmbeddingFailed {
                    run,
                    why: e.to_string(),
                });
                return;
            }
        }
    }
}

/// The canonical form of a path (symlinks resolved) when it exists.
pub fn canonical(path: &std::path::Path) -> PathBuf {
    path.canonicalize().unwrap_or_else(|_| path.to_path_buf())
}
