//! The single owner of the workspace state: a thread that applies edits and file events
//! to the [`Engine`] and publishes immutable snapshots. Heavy work (scans, parsing,
//! tantivy commits) happens here, off the async executor; embeddings are computed on a
//! second thread and handed back in batches.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use corpus_index::config::Config;
use corpus_index::engine::{Engine, EngineError, OpenOptions, ScanProgress};
use corpus_index::search::dense::Embedder;
use corpus_index::workspace::Snapshot;
use tokio::sync::{mpsc, watch};
use tower_lsp_server::ls_types::{Diagnostic, MessageType, Uri};

use crate::proto;

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
    },
    /// An editor closed a document: read it from disk again.
    Close(PathBuf),
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
        items: Vec<(String, Vec<f32>)>,
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
                last_diagnostics: HashMap::new(),
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
    last_diagnostics: HashMap<Uri, Vec<Diagnostic>>,
    embedding: (usize, usize),
    /// The current embedding run; a thread of an older run stops.
    embed_run: Arc<AtomicU64>,
}

impl Writer {
    fn event(&self, e: Event) {
        let _ = self.events.send(e);
    }

    fn run(&mut self, config: Config, rx: &Receiver<Msg>) {
        let embedder = crate::embed_worker::WorkerEmbedder::start(&config.model)
            .map(|e| Arc::new(e) as Arc<dyn Embedder>);
        let Some(mut engine) = self.open(config, embedder, Vec::new()) else {
            return Self::idle(rx);
        };
        let mut flush_at: Option<Instant> = None;
        loop {
            let msg = match flush_at {
                Some(at) => match rx.recv_timeout(at.saturating_duration_since(Instant::now())) {
                    Ok(m) => Some(m),
                    Err(RecvTimeoutError::Timeout) => None,
                    Err(RecvTimeoutError::Disconnected) => break,
                },
                None => match rx.recv() {
                    Ok(m) => Some(m),
                    Err(_) => break,
                },
            };
            let Some(first) = msg else {
                engine.flush_search();
                flush_at = None;
                self.publish(&engine, false);
                continue;
            };
            // Apply everything queued before publishing once.
            let mut batch = vec![first];
            while let Ok(m) = rx.try_recv() {
                batch.push(m);
            }
            let mut changed = false;
            let mut versions_changed = false;
            let mut stop = None;
            let mut reconfigure = None;
            for msg in batch {
                match msg {
                    Msg::Text {
                        path,
                        text,
                        version,
                    } => {
                        let path = canonical(&path);
                        changed |= engine.set_overlay(&path, text);
                        self.versions.insert(path, version);
                        versions_changed = true;
                        flush_at.get_or_insert_with(|| Instant::now() + SEARCH_DEBOUNCE);
                    }
                    Msg::Close(path) => {
                        let path = canonical(&path);
                        changed |= engine.clear_overlay(&path);
                        self.versions.remove(&path);
                        versions_changed = true;
                        flush_at.get_or_insert_with(|| Instant::now() + SEARCH_DEBOUNCE);
                    }
                    Msg::Save => {
                        flush_at = Some(Instant::now());
                    }
                    Msg::FilesChanged(paths) => {
                        for path in paths {
                            changed |= engine.refresh_file(&canonical(&path));
                        }
                        flush_at.get_or_insert_with(|| Instant::now() + SEARCH_DEBOUNCE);
                    }
                    Msg::Reconfigure(config) => reconfigure = Some(config),
                    Msg::Embedded {
                        run,
                        items,
                        done,
                        total,
                    } => {
                        if run != self.embed_run.load(Ordering::SeqCst) {
                            continue;
                        }
                        engine.add_embeddings(items);
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
                        changed = true;
                    }
                    Msg::EmbeddingFailed { run, why } => {
                        if run != self.embed_run.load(Ordering::SeqCst) {
                            continue;
                        }
                        self.event(Event::Progress {
                            token: "lexls/embedding",
                            step: Step::End(format!("embedding stopped: {why}")),
                        });
                        self.event(Event::Show(
                            MessageType::WARNING,
                            format!("lexls: embedding failed ({why}); answers use BM25 and the citation graph"),
                        ));
                    }
                    Msg::Shutdown(done) => stop = Some(done),
                }
            }
            if let Some(config) = reconfigure
                && stop.is_none()
            {
                match self.reopen(engine, *config) {
                    Some(reopened) => engine = reopened,
                    None => return Self::idle(rx),
                }
                flush_at = None;
            } else if changed {
                self.publish(&engine, true);
            } else if versions_changed {
                // Same content (an editor opened a file as it is on disk): requests waiting
                // for this version can use the current snapshot.
                self.published
                    .send_modify(|p| p.versions = self.versions.clone());
            }
            if let Some(done) = stop {
                engine.flush();
                if let Some(done) = done {
                    let _ = done.send(());
                }
                return;
            }
        }
        engine.flush();
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
        for note in engine.take_notes() {
            self.event(Event::Log(MessageType::WARNING, note));
        }
        if let Some(problem) = engine.model_problem() {
            self.event(Event::Show(
                MessageType::WARNING,
                format!("lexls: {problem}"),
            ));
        }
        for (path, text) in overlays {
            engine.set_overlay(&path, text);
        }
        self.initial_scan(&mut engine);
        self.start_embedding(&mut engine);
        Some(engine)
    }

    /// Closes `engine` and opens the workspace again with `config`, keeping the editors'
    /// texts and, when the model settings are the same, the embedding worker. When the new
    /// settings cannot open it, the old ones are used again.
    fn reopen(&mut self, engine: Engine, config: Config) -> Option<Engine> {
        let old = engine.config().as_ref().clone();
        let overlays = engine.overlays();
        let same_model = old.model == config.model;
        let kept = engine.embedder();
        let embedder = |model: &corpus_index::config::ModelConfig| match &kept {
            Some(e) if same_model => Ok(e.clone()),
            _ => crate::embed_worker::WorkerEmbedder::start(model)
                .map(|e| Arc::new(e) as Arc<dyn Embedder>),
        };
        engine.flush();
        drop(engine);
        // Embedding threads of the old engine stop at their next batch.
        self.embed_run.fetch_add(1, Ordering::SeqCst);
        if self.embedding.0 < self.embedding.1 {
            self.event(Event::Progress {
                token: "lexls/embedding",
                step: Step::End("stopped: the settings changed".into()),
            });
        }
        self.embedding = (0, 0);
        self.event(Event::Log(
            MessageType::INFO,
            "settings changed; re-indexing the workspace with them".into(),
        ));
        let first = embedder(&config.model);
        if let Some(engine) = self.open(config, first, overlays.clone()) {
            return Some(engine);
        }
        let again = embedder(&old.model);
        self.open(old, again, overlays)
    }

    /// Answers nothing more than shutdown (the workspace could not be opened); requests get
    /// the empty snapshot.
    fn idle(rx: &Receiver<Msg>) {
        while let Ok(msg) = rx.recv() {
            if let Msg::Shutdown(done) = msg {
                if let Some(done) = done {
                    let _ = done.send(());
                }
                break;
            }
        }
    }

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
        // Published before the progress ends, so that a client that waits for the end asks
        // the new snapshot.
        self.publish(engine, true);
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
            ready: true,
            embedding: self.embedding,
            model_problem: engine.model_problem().map(str::to_string),
            index_dir: engine.index_dir().map(PathBuf::from),
        };
        self.published.send_replace(published);
    }

    fn publish_diagnostics(&mut self, snap: &Snapshot) {
        let mut current: HashMap<Uri, Vec<Diagnostic>> = HashMap::new();
        for (doc_id, doc) in snap.docs.iter().enumerate() {
            let Some(uri) = proto::uri(&doc.path) else {
                continue;
            };
            current.insert(uri, proto::diagnostics(snap, doc_id));
        }
        for (uri, diags) in &current {
            let before = self.last_diagnostics.get(uri);
            let unchanged = match before {
                Some(b) => b == diags,
                None => diags.is_empty(),
            };
            if !unchanged {
                let version = uri
                    .to_file_path()
                    .and_then(|p| self.versions.get(p.as_ref()).copied());
                self.event(Event::Diagnostics {
                    uri: uri.clone(),
                    diagnostics: diags.clone(),
                    version,
                });
            }
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
        self.last_diagnostics = current;
    }
}

/// Embeds `pending` `(cache key, text)` pairs in batches of `batch` and sends them to the
/// writer as embedding run `run`; stops when `superseded` says a newer run started.
fn embed_all(
    embedder: &dyn Embedder,
    pending: Vec<(String, String)>,
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
        let texts: Vec<String> = part.iter().map(|(_, t)| t.clone()).collect();
        match embedder.embed(&texts) {
            Ok(vectors) => {
                done += part.len();
                let items = part.iter().map(|(k, _)| k.clone()).zip(vectors).collect();
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
