//! The engine: owns the mutable state of a workspace (parsed documents, open-editor texts,
//! the persistent store, the BM25 index, cached embeddings) and publishes immutable
//! [`Snapshot`]s. One owner mutates it (the CLI, or the language server's writer task);
//! readers use snapshots.
//!
//! On open the engine re-reads only files whose size or modification time changed, and
//! re-parses only those whose content hash changed.
//!
//! The index lives in a directory lexls owns ([`crate::workspace::index_dir`]: marked,
//! outside the workspace and the home directory, confined to lexls's cache when the
//! workspace chose it); a directory it may not use is an [`EngineError::IndexDir`], and
//! nothing is written or deleted. Each store proves itself at open: the document store's
//! format version and the checksum of every value, the BM25 index's file checksums and
//! document counts. A store that fails (or panics while opening) is deleted and rebuilt
//! inside the index directory, with a note in [`Engine::notes`]; a damaged value is dropped
//! and computed again.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rayon::prelude::*;

use crate::config::{Config, cache_dir};
use crate::search::SearchIndex;
use crate::search::bm25::{Bm25, Bm25Error};
use crate::search::chunk::{CHUNKER_VERSION, Chunk, EmbeddingKey, chunk_document};
use crate::search::dense::{DenseIndex, Embedder, load_embedder};
use crate::search::quantized::QuantizedVector;
use crate::search::store::{FileRecord, Store, StoreError};
use crate::search::window_keys::{PendingWindow, WindowKeys, pending_texts};
use crate::workspace::index_dir::{Entry, IndexDir, IndexDirError, Origin};
use crate::workspace::root::{RootError, check_root};
use crate::workspace::walk::{self, FoundFile, Skipped};
use crate::workspace::{DocEntry, Snapshot};
use lexls_syntax::model::{Document, Format};
use lexls_syntax::parse::parse_document;

/// Errors that stop the engine from opening a workspace.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// The folder cannot be a workspace: missing, a file, unreadable, `/` or the home
    /// directory.
    #[error(transparent)]
    Root(#[from] RootError),
    /// lexls will not use the configured index directory (the message says why and what to
    /// do); nothing was written or deleted. Open with `persist: false` to go on in memory.
    #[error(transparent)]
    IndexDir(#[from] IndexDirError),
    /// The index could not be created even in memory.
    #[error("cannot create the index: {0}")]
    Index(String),
}

/// How to open the engine.
#[derive(Debug, Clone)]
pub struct OpenOptions {
    /// Keep the index on disk (default); `false` keeps everything in memory.
    pub persist: bool,
    /// Load the embedding model (default); `false` runs BM25 and the graph only.
    pub load_model: bool,
    /// Use this embedder (or this reason for having none) instead of loading the model
    /// in-process; the language server runs the model in a worker process.
    pub embedder: Option<Result<Arc<dyn Embedder>, String>>,
    /// Delete the stores of the index directory and build them anew (`lexls index
    /// --rebuild`); only lexls's own entries of a marked directory are deleted.
    pub rebuild: bool,
}

impl Default for OpenOptions {
    fn default() -> Self {
        Self {
            persist: true,
            load_model: true,
            embedder: None,
            rebuild: false,
        }
    }
}

impl OpenOptions {
    /// Everything in memory and no embedding model: BM25, citations and the knowledge graph
    /// only (tests and one-off tools).
    pub fn in_memory() -> Self {
        Self {
            persist: false,
            load_model: false,
            embedder: None,
            rebuild: false,
        }
    }
}

/// What a scan did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ScanReport {
    /// Files indexed.
    pub files: usize,
    /// Files parsed because they are new or changed.
    pub parsed: usize,
    /// Files taken from the store unchanged.
    pub reused: usize,
    /// Files that disappeared since the last scan.
    pub removed: usize,
    /// Files left out (too large, unreadable).
    pub skipped: Vec<Skipped>,
    /// Documents whose BM25 entries were written: those changed since the last commit, or
    /// all of them when the BM25 index was built anew.
    pub bm25_written: usize,
}

/// Progress of a scan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScanProgress {
    /// `done` of `total` files read.
    Reading {
        /// Files read so far.
        done: usize,
        /// Files found.
        total: usize,
    },
    /// Updating the BM25 index.
    Indexing,
}

/// The mutable state of one workspace.
pub struct Engine {
    root: PathBuf,
    config: Arc<Config>,
    index_dir: Option<PathBuf>,
    store: Store,
    bm25: Bm25,
    embedder: Option<Arc<dyn Embedder>>,
    model_problem: Option<String>,
    entries: BTreeMap<String, DocEntry>,
    chunks: BTreeMap<String, Vec<Arc<Chunk>>>,
    /// Passage embeddings by cache key, shared with the search view's [`DenseIndex`].
    vectors: HashMap<EmbeddingKey, Arc<QuantizedVector>>,
    /// Embeddings were added since the search view was built ([`Engine::flush_search`]
    /// builds a new one).
    dense_stale: bool,
    /// The cache keys of each chunk's windows.
    window_keys: WindowKeys,
    overlays: HashMap<String, String>,
    /// Documents changed since the last BM25 commit.
    dirty: std::collections::BTreeSet<String>,
    /// The last snapshot and the documents changed since (the next one is derived from it).
    last_snapshot: std::sync::Mutex<LastSnapshot>,
    /// `rel_path → hash` of what the BM25 index holds, when known.
    bm25_known: BTreeMap<String, String>,
    /// Whether the store's record of the BM25 documents ([`Store::bm25_documents`]) is
    /// `bm25_known`; when not, the next commit writes it whole.
    bm25_recorded: bool,
    search: Option<Arc<SearchIndex>>,
    notes: Vec<String>,
    /// A write to the store failed this session (noted once).
    unsaved: bool,
}

/// The snapshot [`Engine::snapshot`] made last, and the relative paths of the documents
/// installed or removed since.
#[derive(Debug, Default)]
struct LastSnapshot {
    snapshot: Option<Snapshot>,
    changed: std::collections::BTreeSet<String>,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("root", &self.root)
            .field("documents", &self.entries.len())
            .finish_non_exhaustive()
    }
}

/// Files read and parsed in parallel between two progress reports of a scan.
const SCAN_BATCH: usize = 256;

/// A scan that parsed (and stored) at least this many files reopens the document store
/// afterwards ([`Engine::reopen_store`]); a scan of a few changed files does not.
const REOPEN_STORE_AFTER: usize = 1_000;

/// One file as [`Engine::prepare_file`] found it.
enum Loaded {
    /// The document held already is the file's.
    Held,
    /// The stored document (the file is unchanged on disk).
    Stored(Document),
    /// The document read from disk; `changed` when it differs from the one held.
    Read { doc: Document, changed: bool },
}

/// How the note that the index could not be written begins ([`Engine::take_notes`]), for
/// clients that show it rather than log it.
pub const UNSAVED_NOTE: &str = "the index could not be saved";

/// The default index directory of a workspace: `<cache>/index/<name>-<hash>`.
pub fn default_index_dir(root: &Path) -> Option<PathBuf> {
    let name = root
        .file_name()
        .map_or_else(|| "root".into(), |n| n.to_string_lossy().into_owned());
    let hash = blake3::hash(root.to_string_lossy().as_bytes()).to_hex();
    cache_dir().map(|c| c.join("index").join(format!("{name}-{}", &hash[..16])))
}

impl Engine {
    /// Opens the workspace at `root` with `config` in memory and without a model
    /// ([`OpenOptions::in_memory`]), scans it and returns its snapshot.
    ///
    /// # Errors
    /// As [`Engine::open`]: `root` cannot be a workspace.
    pub fn scan_in_memory(root: &Path, config: Config) -> Result<Snapshot, EngineError> {
        let mut engine = Self::open(root, config, &OpenOptions::in_memory())?;
        engine.scan(&mut |_| {});
        Ok(engine.snapshot())
    }

    /// Opens the workspace at `root`.
    ///
    /// # Errors
    /// [`EngineError::Root`] when `root` cannot be a workspace ([`check_root`]),
    /// [`EngineError::IndexDir`] when the index directory may not be used
    /// ([`IndexDir::claim`]). Damage does not fail: a damaged store is rebuilt, a locked one
    /// replaced by a temporary in-memory index (see [`Engine::notes`]).
    pub fn open(root: &Path, config: Config, options: &OpenOptions) -> Result<Self, EngineError> {
        let root = check_root(root)?;
        let mut notes = Vec::new();
        let index_dir = if options.persist {
            claim_index_dir(&root, &config, &mut notes)?
        } else {
            None
        };
        let (store, store_known, bm25, index_dir) =
            open_index(index_dir, options.rebuild, &mut notes)?;
        // What the BM25 index holds: as recorded at its last commit, else (an index of an
        // earlier lexls) the stored documents, which it holds when no editor text was in it.
        let recorded = store.bm25_documents();
        let bm25_recorded = !recorded.is_empty();
        let bm25_known = if bm25_recorded {
            recorded
        } else {
            store_known.into_iter().collect()
        };
        let (embedder, model_problem): (Option<Arc<dyn Embedder>>, Option<String>) =
            if let Some(given) = &options.embedder {
                match given {
                    Ok(e) => (Some(e.clone()), None),
                    Err(why) => (None, Some(why.clone())),
                }
            } else if options.load_model {
                match load_embedder(&config.model) {
                    Ok(e) => (Some(Arc::new(e)), None),
                    Err(why) => (None, Some(why.to_string())),
                }
            } else {
                (None, Some("dense retrieval is off for this run".into()))
            };
        Ok(Self {
            root,
            config: Arc::new(config),
            index_dir,
            store,
            bm25,
            embedder,
            model_problem,
            entries: BTreeMap::new(),
            chunks: BTreeMap::new(),
            vectors: HashMap::new(),
            dense_stale: false,
            window_keys: WindowKeys::default(),
            overlays: HashMap::new(),
            dirty: std::collections::BTreeSet::new(),
            last_snapshot: std::sync::Mutex::default(),
            bm25_known,
            bm25_recorded,
            search: None,
            notes,
            unsaved: false,
        })
    }

    /// The canonical workspace root.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The configuration in force.
    pub fn config(&self) -> &Arc<Config> {
        &self.config
    }

    /// Where the index is kept (`None`: in memory).
    pub fn index_dir(&self) -> Option<&Path> {
        self.index_dir.as_deref()
    }

    /// Things worth a log line: rebuilt or temporary indexes.
    pub fn notes(&self) -> &[String] {
        &self.notes
    }

    /// Takes the notes, leaving none.
    pub fn take_notes(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notes)
    }

    /// Notes, once per session, that a write to the store failed (a full disk, a read-only
    /// or failing device): what is in memory is still right, so lexls goes on with it, and
    /// what was not saved is parsed again at the next start.
    fn stored(&mut self, result: Result<(), StoreError>) {
        if let (Err(e), Some(dir), false) = (result, &self.index_dir, self.unsaved) {
            self.unsaved = true;
            self.notes.push(format!(
                "{UNSAVED_NOTE} in {} ({e}); lexls goes on with what it holds in memory, and a later start parses again what was not saved. Free space there (or fix the error), then run `lexls index` again",
                dir.display()
            ));
        }
    }

    /// The embedder, if a model is loaded.
    pub fn embedder(&self) -> Option<Arc<dyn Embedder>> {
        self.embedder.clone()
    }

    /// Why there is no embedder.
    pub fn model_problem(&self) -> Option<&str> {
        self.model_problem.as_deref()
    }

    /// Reads the workspace: new and changed files are parsed, removed ones dropped, and the
    /// BM25 index brought up to date.
    pub fn scan(&mut self, progress: &mut dyn FnMut(ScanProgress)) -> ScanReport {
        let (files, skipped) = walk::walk(&self.root, &self.config);
        let mut report = ScanReport {
            files: files.len(),
            skipped,
            ..ScanReport::default()
        };
        let total = files.len();
        let mut seen = std::collections::HashSet::new();
        let started = std::time::Instant::now();
        // Files are read, parsed and chunked in parallel (rayon), a batch at a time, and
        // installed in order.
        for (batch, files) in files.chunks(SCAN_BATCH).enumerate() {
            progress(ScanProgress::Reading {
                done: batch * SCAN_BATCH,
                total,
            });
            let loaded: Vec<Option<Result<Loaded, String>>> = files
                .par_iter()
                .map(|file| {
                    (!self.overlays.contains_key(&file.rel_path)).then(|| self.prepare_file(file))
                })
                .collect();
            for (file, loaded) in files.iter().zip(loaded) {
                seen.insert(file.rel_path.clone());
                match loaded {
                    None => {}
                    Some(Ok(loaded)) => {
                        if self.apply_loaded(file, loaded) {
                            report.parsed += 1;
                        } else {
                            report.reused += 1;
                        }
                    }
                    Some(Err(reason)) => {
                        report.files -= 1;
                        report.skipped.push(Skipped {
                            path: file.path.clone(),
                            reason,
                        });
                    }
                }
            }
        }
        progress(ScanProgress::Reading { done: total, total });
        let gone: Vec<String> = self
            .entries
            .keys()
            .filter(|k| !seen.contains(*k) && !self.overlays.contains_key(*k))
            .cloned()
            .collect();
        for rel in gone {
            self.forget(&rel);
            report.removed += 1;
        }
        for rel in self.store.file_names() {
            if !seen.contains(&rel) {
                let removed = self.store.remove_file(&rel);
                self.stored(removed);
            }
        }
        tracing::debug!(
            "scan: {total} files read, parsed and installed in {:.2?}",
            started.elapsed()
        );
        let flushing = std::time::Instant::now();
        let flushed = self.store.flush();
        self.stored(flushed);
        self.note_damaged();
        if report.parsed >= REOPEN_STORE_AFTER {
            self.reopen_store();
        }
        tracing::debug!(
            "scan: document store flushed (and reopened after a large scan) in {:.2?}",
            flushing.elapsed()
        );
        progress(ScanProgress::Indexing);
        let indexing = std::time::Instant::now();
        report.bm25_written = self.sync_bm25();
        tracing::debug!(
            "scan: BM25 index brought up to date ({} documents written) in {:.2?}",
            report.bm25_written,
            indexing.elapsed()
        );
        report
    }

    /// Closes the document store and opens it again ([`Store::reopened`]), which frees what
    /// sled kept of the records just written. On failure the engine goes on with a temporary
    /// store, with a note (what was not saved is parsed again at the next start).
    fn reopen_store(&mut self) {
        let Ok(temporary) = Store::open(None) else {
            return;
        };
        let store = std::mem::replace(&mut self.store, temporary);
        match store.reopened() {
            Ok(store) => self.store = store,
            Err(e) => self.stored(Err(e)),
        }
    }

    /// Adds a note when damaged values of the store were dropped.
    fn note_damaged(&mut self) {
        let damaged = self.store.take_damaged();
        if damaged > 0 {
            self.notes.push(format!(
                "{damaged} damaged entries of the document store failed their checksum; they were dropped and computed again"
            ));
        }
    }

    /// Loads one file from the store or by parsing it; `Ok(true)` when it was parsed.
    fn load_file(&mut self, file: &FoundFile) -> Result<bool, String> {
        let loaded = self.prepare_file(file)?;
        Ok(self.apply_loaded(file, loaded))
    }

    /// What [`Engine::load_file`] computes without changing the engine (so files can be
    /// prepared in parallel): the stored record when the file is unchanged on disk, else the
    /// text read and parsed.
    ///
    /// # Errors
    /// Why the file is skipped: it cannot be read, or it is binary.
    fn prepare_file(&self, file: &FoundFile) -> Result<Loaded, String> {
        let held = |hash: &str| {
            self.entries
                .get(&file.rel_path)
                .is_some_and(|e| e.doc.hash == hash)
        };
        let record = self.store.file(&file.rel_path);
        match record {
            Some(record) if record.mtime_ns == file.mtime_ns && record.size == file.size => {
                if held(&record.hash) {
                    return Ok(Loaded::Held);
                }
                let mut doc = record.doc;
                doc.path.clone_from(&file.path);
                return Ok(Loaded::Stored(doc));
            }
            _ => {}
        }
        let (text, problems) = walk::read_text(&file.path).map_err(|e| match e.kind() {
            std::io::ErrorKind::InvalidData => format!("not indexed: {e}"),
            _ => format!("cannot read: {e}"),
        })?;
        let hash = blake3::hash(text.as_bytes()).to_hex().to_string();
        let doc = match record {
            Some(record) if record.hash == hash => {
                let mut doc = record.doc;
                doc.path.clone_from(&file.path);
                doc
            }
            _ => {
                let hints = self.config.hints_for(&file.rel_path);
                parse_document(
                    &file.path,
                    &file.rel_path,
                    text,
                    file.format,
                    &hints,
                    problems,
                )
            }
        };
        let changed = !held(&doc.hash);
        Ok(Loaded::Read { doc, changed })
    }

    /// Installs what [`Engine::prepare_file`] gave (and stores a file read anew); `true` when
    /// the document held changed by reading the file.
    fn apply_loaded(&mut self, file: &FoundFile, loaded: Loaded) -> bool {
        match loaded {
            Loaded::Held => false,
            Loaded::Stored(doc) => {
                self.install(doc);
                false
            }
            Loaded::Read { doc, changed } => {
                let record = FileRecord {
                    mtime_ns: file.mtime_ns,
                    size: file.size,
                    hash: doc.hash.clone(),
                    doc,
                };
                let put = self.store.put_file(&file.rel_path, &record);
                self.stored(put);
                // The parser's buffers grew as it went; a clone holds each at its length
                // (what a document read back from the store holds), and the original is
                // freed with the record.
                self.install(record.doc.clone());
                changed
            }
        }
    }

    /// Installs `doc` and its chunks, unless the same document is held already.
    fn install(&mut self, doc: Document) {
        let rel = doc.rel_path.clone();
        if self
            .entries
            .get(&rel)
            .is_some_and(|e| e.doc.hash == doc.hash)
        {
            return;
        }
        let entry = DocEntry::new(doc);
        let mut chunks: Vec<Arc<Chunk>> = chunk_document(&entry.doc)
            .into_iter()
            .map(Arc::new)
            .collect();
        // Collected in place, the vector keeps the chunks' own (25 times larger) buffer.
        chunks.shrink_to_fit();
        self.chunks.insert(rel.clone(), chunks);
        self.entries.insert(rel.clone(), entry);
        self.changed_since_snapshot(&rel);
        self.dirty.insert(rel);
    }

    fn forget(&mut self, rel: &str) {
        self.entries.remove(rel);
        self.chunks.remove(rel);
        self.changed_since_snapshot(rel);
        self.dirty.insert(rel.to_string());
    }

    /// Notes that document `rel` changed since the last snapshot.
    fn changed_since_snapshot(&mut self, rel: &str) {
        let last = self
            .last_snapshot
            .get_mut()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        last.changed.insert(rel.to_string());
    }

    /// The relative path of `path` if it is a file lexls indexes under the root.
    pub fn rel_path_of(&self, path: &Path) -> Option<(String, Format)> {
        let format = path
            .extension()
            .and_then(|e| e.to_str())
            .and_then(Format::from_extension)?;
        let rel = path.strip_prefix(&self.root).ok()?;
        Some((walk::rel_path(&self.root, &self.root.join(rel)), format))
    }

    /// Uses `text` for `path` (a file open in an editor) instead of what is on disk.
    /// Returns whether the document changed.
    pub fn set_overlay(&mut self, path: &Path, text: String) -> bool {
        let Some((rel, format)) = self.rel_path_of(path) else {
            return false;
        };
        let hash = blake3::hash(text.as_bytes()).to_hex().to_string();
        if self.entries.get(&rel).is_some_and(|e| e.doc.hash == hash) {
            self.overlays.insert(rel, text);
            return false;
        }
        let hints = self.config.hints_for(&rel);
        let doc = parse_document(path, &rel, text.clone(), format, &hints, Vec::new());
        self.overlays.insert(rel, text);
        self.install(doc);
        true
    }

    /// The editors' texts in use instead of the files on disk, as `(absolute path, text)`
    /// (to carry them over to an engine opened with new settings).
    pub fn overlays(&self) -> Vec<(PathBuf, String)> {
        self.overlays
            .iter()
            .map(|(rel, text)| (self.root.join(rel), text.clone()))
            .collect()
    }

    /// Stops using an editor's text for `path` and reads the file from disk again.
    pub fn clear_overlay(&mut self, path: &Path) -> bool {
        let Some((rel, _)) = self.rel_path_of(path) else {
            return false;
        };
        self.overlays.remove(&rel);
        self.refresh_file(path)
    }

    /// Re-reads `path` from disk after a change outside the editor (created, changed or
    /// deleted). Files with an open editor text are left alone. Returns whether anything
    /// changed.
    pub fn refresh_file(&mut self, path: &Path) -> bool {
        let Some((rel, format)) = self.rel_path_of(path) else {
            return false;
        };
        if self.overlays.contains_key(&rel) {
            return false;
        }
        let meta = std::fs::metadata(path).ok().filter(|m| m.is_file());
        let Some(meta) = meta else {
            let existed = self.entries.contains_key(&rel);
            self.forget(&rel);
            let removed = self.store.remove_file(&rel);
            self.stored(removed);
            return existed;
        };
        if meta.len() > self.config.index.max_file_mb.saturating_mul(1024 * 1024) {
            return false;
        }
        let file = FoundFile {
            path: path.to_path_buf(),
            rel_path: rel.clone(),
            format,
            size: meta.len(),
            mtime_ns: meta
                .modified()
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_nanos()),
        };
        let before = self.entries.get(&rel).map(|e| e.doc.hash.clone());
        if self.load_file(&file).is_err() {
            return false;
        }
        before != self.entries.get(&rel).map(|e| e.doc.hash.clone())
    }

    /// Whether the BM25 index lags behind the documents (call [`Engine::flush_search`]).
    pub fn search_is_stale(&self) -> bool {
        !self.dirty.is_empty() || self.search.is_none() || self.dense_stale
    }

    fn fingerprint<'a>(entries: impl IntoIterator<Item = (&'a String, &'a String)>) -> String {
        let mut h = blake3::Hasher::new();
        h.update(format!("chunker {CHUNKER_VERSION}\n").as_bytes());
        // Chunks are cut from parsed documents: another parser, other chunks.
        h.update(format!("analysis {}\n", lexls_syntax::ANALYSIS_VERSION).as_bytes());
        for (rel, hash) in entries {
            h.update(rel.as_bytes());
            h.update(b"\0");
            h.update(hash.as_bytes());
            h.update(b"\n");
        }
        h.finalize().to_hex().to_string()
    }

    fn current_hashes(&self) -> BTreeMap<String, String> {
        self.entries
            .iter()
            .map(|(rel, e)| (rel.clone(), e.doc.hash.clone()))
            .collect()
    }

    /// Brings BM25 up to date with the documents and rebuilds the search view: nothing to do
    /// when its commit payload matches the documents, the changed documents only when it
    /// matches what lexls last stored, everything otherwise.
    /// Brings the BM25 index up to the documents held and publishes a new search view;
    /// returns the number of documents written ([`ScanReport::bm25_written`]).
    fn sync_bm25(&mut self) -> usize {
        let current = self.current_hashes();
        let target = Self::fingerprint(&current);
        let payload = self.bm25.payload();
        self.dirty.clear();
        if payload.as_deref() == Some(target.as_str()) {
            self.record_bm25(&current);
            self.bm25_known = current;
            self.rebuild_search();
            return 0;
        }
        let mut written = current.len();
        let incremental = payload.as_deref() == Some(Self::fingerprint(&self.bm25_known).as_str());
        let result: Result<(), Bm25Error> = (|| {
            if incremental {
                let changed: std::collections::BTreeSet<&String> = self
                    .bm25_known
                    .keys()
                    .chain(current.keys())
                    .filter(|rel| self.bm25_known.get(*rel) != current.get(*rel))
                    .collect();
                written = changed.len();
                for rel in changed {
                    self.bm25.delete_document(rel);
                    if let Some(chunks) = self.chunks.get(rel).filter(|_| current.contains_key(rel))
                    {
                        self.bm25.add(chunks.iter().map(|c| &**c))?;
                    }
                }
            } else {
                self.bm25.clear()?;
                self.bm25
                    .add(self.chunks.values().flatten().map(|c| &**c))?;
            }
            self.bm25.commit(&target)?;
            self.record_bm25(&current);
            Ok(())
        })();
        if let Err(e) = result {
            self.notes.push(format!(
                "BM25 index update failed ({e}); rebuilding it in memory"
            ));
            if let Ok(mut fresh) = Bm25::open(None) {
                let ok = fresh
                    .add(self.chunks.values().flatten().map(|c| &**c))
                    .and_then(|()| fresh.commit(&target));
                if ok.is_ok() {
                    self.bm25 = fresh;
                }
            }
        }
        self.bm25_known = current;
        self.rebuild_search();
        written
    }

    /// Records in the store that the BM25 index holds `now` ([`Store::bm25_documents`]):
    /// what differs from `bm25_known` when the store's record is that, else all of `now`.
    fn record_bm25(&mut self, now: &BTreeMap<String, String>) {
        let none = BTreeMap::new();
        let before = if self.bm25_recorded {
            &self.bm25_known
        } else {
            &none
        };
        let recorded = self.store.record_bm25_documents(before, now);
        self.bm25_recorded = recorded.is_ok();
        self.stored(recorded);
    }

    /// Applies edits and file events to BM25, and embeddings added since the last view, and
    /// publishes a new search view.
    pub fn flush_search(&mut self) {
        if !self.dirty.is_empty() || self.search.is_none() {
            self.sync_bm25();
        } else if self.dense_stale {
            self.rebuild_search();
        }
    }

    fn rebuild_search(&mut self) {
        self.dense_stale = false;
        let chunks: Vec<Arc<Chunk>> = self.chunks.values().flatten().cloned().collect();
        let dense = match &self.embedder {
            Some(embedder) => {
                let id = embedder.model_id().to_string();
                let windowed = self.config.model.windows;
                let live: std::collections::HashSet<EmbeddingKey> =
                    chunks.iter().map(|c| c.cache_key(&id)).collect();
                self.window_keys.retain(&live);
                // The store is read for the windows of chunks not seen before (one read of
                // the embedding file); a vector stored since went through `add_embeddings`,
                // so it is held.
                let mut rows = Vec::new();
                let mut missing: Vec<(usize, EmbeddingKey)> = Vec::new();
                let mut all_new = true;
                for (i, c) in chunks.iter().enumerate() {
                    let (new, keys) =
                        self.window_keys
                            .keys_noting_new(embedder.as_ref(), windowed, c);
                    all_new &= new;
                    for key in keys {
                        match self.vectors.get(key) {
                            Some(v) => rows.push((i, v.clone())),
                            None if new => missing.push((i, *key)),
                            None => {}
                        }
                    }
                }
                if !missing.is_empty() {
                    let wanted = missing.iter().map(|&(_, key)| key).collect();
                    let complete = all_new && self.vectors.is_empty();
                    for (key, v) in self.store.vectors(&wanted, complete) {
                        self.vectors.insert(key, Arc::new(v));
                    }
                    rows.extend(
                        missing
                            .into_iter()
                            .filter_map(|(i, key)| Some((i, self.vectors.get(&key)?.clone()))),
                    );
                }
                DenseIndex::build(rows)
            }
            None => DenseIndex::default(),
        };
        let mut index = SearchIndex::new(
            self.bm25.searcher(),
            chunks,
            dense,
            self.embedder.clone(),
            self.model_problem.clone(),
        );
        index.prf = self
            .config
            .retrieval
            .rm3
            .then(crate::search::prf::Rm3::default);
        index.bm25.params = self.config.retrieval.bm25_params();
        self.search = Some(Arc::new(index));
    }

    /// The windows that have no cached embedding yet, in index order (their texts come from
    /// [`pending_texts`] batch by batch). Embeddings found in the store are taken into the
    /// search view's cache on the way.
    pub fn pending_embeddings(&mut self) -> Vec<PendingWindow> {
        let Some(embedder) = &self.embedder else {
            return Vec::new();
        };
        let embedder = embedder.clone();
        let windowed = self.config.model.windows;
        let mut missing = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let chunks: Vec<Arc<Chunk>> = self.chunks.values().flatten().cloned().collect();
        for chunk in chunks {
            let keys = self.window_keys.keys(embedder.as_ref(), windowed, &chunk);
            for (w, &key) in keys.iter().enumerate() {
                if !self.vectors.contains_key(&key) && seen.insert(key) {
                    missing.push(PendingWindow::new(key, chunk.clone(), w, windowed));
                }
            }
        }
        let complete = self.vectors.is_empty();
        let found = self.store.vectors(&seen, complete);
        if !found.is_empty() {
            self.dense_stale = true;
        }
        for (key, v) in found {
            self.vectors.insert(key, Arc::new(v));
        }
        missing.retain(|p| !self.vectors.contains_key(&p.key));
        missing
    }

    /// Passage embeddings held for the search view (vectors, one per chunk window), cached
    /// ones included.
    pub fn embedded_count(&self) -> usize {
        self.vectors.len()
    }

    /// Adds computed embeddings `(cache key, unit vector)` to the store and to the cache of
    /// the search view, which takes them at the next [`Engine::flush_search`] (a vector with
    /// a component that is not finite is left out, so it is computed again next time).
    pub fn add_embeddings(&mut self, items: Vec<(EmbeddingKey, Vec<f32>)>) {
        let items: Vec<(EmbeddingKey, Arc<QuantizedVector>)> = items
            .into_iter()
            .filter_map(|(k, v)| Some((k, Arc::new(QuantizedVector::quantize(&v)?))))
            .collect();
        let put = self.store.put_vectors(&items);
        self.stored(put);
        self.vectors.extend(items);
        self.dense_stale = true;
    }

    /// Embeds every pending window now, in batches, reporting `(done, total)`, and publishes
    /// a search view with them; for the CLI.
    ///
    /// # Errors
    /// The embedder's message when a batch fails (what was embedded before is kept).
    pub fn embed_pending(
        &mut self,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<usize, String> {
        let Some(embedder) = self.embedder.clone() else {
            return Ok(0);
        };
        let pending = self.pending_embeddings();
        let total = pending.len();
        let batch = self.config.model.batch_size.clamp(1, 256);
        let mut done = 0;
        progress(0, total);
        for part in pending.chunks(batch) {
            let texts = pending_texts(embedder.as_ref(), part);
            let vectors = embedder.embed(&texts).map_err(|e| e.to_string())?;
            let items = part.iter().map(|p| p.key).zip(vectors).collect();
            self.add_embeddings(items);
            done += part.len();
            progress(done, total);
        }
        let flushed = self.store.flush();
        self.stored(flushed);
        self.note_damaged();
        self.rebuild_search();
        Ok(total)
    }

    /// A snapshot of the current state: derived from the last one when the documents changed
    /// since then kept their targets ([`Snapshot::updated`]: only their citations are
    /// resolved again), else built from all documents.
    pub fn snapshot(&self) -> Snapshot {
        let mut last = self
            .last_snapshot
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let derived = last.snapshot.as_ref().and_then(|prev| {
            if !Arc::ptr_eq(&prev.config, &self.config) {
                return None;
            }
            prev.updated(&self.entries, &last.changed, self.search.clone())
        });
        let snapshot = derived.unwrap_or_else(|| {
            let started = std::time::Instant::now();
            let built = Snapshot::build(
                &self.root,
                self.config.clone(),
                self.entries.values().cloned().collect(),
                self.search.clone(),
            );
            tracing::debug!(
                "snapshot: {} documents resolved in {:.2?}",
                self.entries.len(),
                started.elapsed()
            );
            built
        });
        last.snapshot = Some(snapshot.clone());
        last.changed.clear();
        snapshot
    }

    /// Writes the store to disk (a failure is noted, see [`Engine::take_notes`]).
    pub fn flush(&mut self) {
        let flushed = self.store.flush();
        self.stored(flushed);
    }
}

/// The index directory for `root` under `config`, claimed ([`IndexDir::claim`]); `None`
/// when there is no user cache directory (the index is kept in memory, with a note).
fn claim_index_dir(
    root: &Path,
    config: &Config,
    notes: &mut Vec<String>,
) -> Result<Option<IndexDir>, EngineError> {
    let (dir, origin) = match &config.index.dir {
        Some(dir) if config.index.dir_trusted => (dir.clone(), Origin::User),
        Some(dir) => (dir.clone(), Origin::Workspace),
        None => match default_index_dir(root) {
            Some(dir) => (dir, Origin::Default),
            None => {
                notes.push("no user cache directory; the index is kept in memory".into());
                return Ok(None);
            }
        },
    };
    let (dir, note) = IndexDir::claim(&dir, root, origin)?;
    notes.extend(note);
    Ok(Some(dir))
}

/// The store, its `(rel_path, hash)` entries, the BM25 index, and the index directory
/// (`None`: in memory).
type Opened = (Store, Vec<(String, String)>, Bm25, Option<PathBuf>);

/// Why a store could not be opened.
enum OpenFailure {
    /// Another lexls process holds it.
    Locked,
    /// The system will not let it be written now (a full disk, a quota, a read-only file
    /// system, permissions): not damage, so it is kept as it is.
    Unavailable(String),
    /// Damaged, incompatible or unreadable: rebuild it.
    Unusable(String),
}

/// Runs `f`, turning a panic into [`OpenFailure::Unusable`] (sled and tantivy may panic on
/// damaged files).
fn guarded<T>(f: impl FnOnce() -> Result<T, OpenFailure>) -> Result<T, OpenFailure> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).unwrap_or_else(|panic| {
        let why = panic
            .downcast_ref::<&str>()
            .map(|s| (*s).to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".into());
        Err(OpenFailure::Unusable(format!("reading it failed: {why}")))
    })
}

/// Opens the document store in `dir` and reads its entries (checking each value).
fn open_store(dir: &IndexDir) -> Result<(Store, Vec<(String, String)>), OpenFailure> {
    guarded(|| match Store::open(Some(&dir.entry(Entry::Store))) {
        Ok(store) => {
            let started = std::time::Instant::now();
            let entries = store.fingerprint_entries();
            tracing::debug!(
                "document store: {} records read and checked in {:?}",
                entries.len(),
                started.elapsed()
            );
            Ok((store, entries))
        }
        Err(e) if e.is_held_lock() => Err(OpenFailure::Locked),
        Err(StoreError::Sled(sled::Error::Io(e))) if is_environment_error(&e) => {
            Err(OpenFailure::Unavailable(e.to_string()))
        }
        Err(e) => Err(OpenFailure::Unusable(e.to_string())),
    })
}

/// Opens (and verifies) the BM25 index in `dir`.
fn open_bm25(dir: &IndexDir) -> Result<Bm25, OpenFailure> {
    guarded(|| match Bm25::open(Some(&dir.entry(Entry::Bm25))) {
        Ok(bm25) => Ok(bm25),
        Err(Bm25Error::Tantivy(tantivy::TantivyError::LockFailure(..))) => Err(OpenFailure::Locked),
        Err(Bm25Error::Tantivy(tantivy::TantivyError::IoError(e))) if is_environment_error(&e) => {
            Err(OpenFailure::Unavailable(e.to_string()))
        }
        Err(e) => Err(OpenFailure::Unusable(e.to_string())),
    })
}

/// Opens one store of `dir` with `open`; when it is unusable, deletes that entry (only it)
/// and opens it anew. `Ok(None)`: locked by another process, or not rebuildable (noted).
fn open_or_rebuild<T>(
    dir: &IndexDir,
    entry: Entry,
    what: &str,
    open: impl Fn(&IndexDir) -> Result<T, OpenFailure>,
    notes: &mut Vec<String>,
) -> Option<T> {
    let why = match open(dir) {
        Ok(opened) => return Some(opened),
        Err(OpenFailure::Locked) => {
            notes.push(format!(
                "the {what} at {} is in use by another lexls process; using a temporary in-memory index",
                dir.path().display()
            ));
            return None;
        }
        Err(OpenFailure::Unavailable(why)) => {
            notes.push(unavailable_note(what, &dir.entry(entry), &why));
            return None;
        }
        Err(OpenFailure::Unusable(why)) => why,
    };
    notes.push(format!(
        "the {what} at {} cannot be used ({why}); rebuilding it",
        dir.entry(entry).display()
    ));
    if let Err(e) = dir.reset(entry) {
        notes.push(format!(
            "cannot delete {} ({e}); using a temporary in-memory index",
            dir.entry(entry).display()
        ));
        return None;
    }
    match open(dir) {
        Ok(opened) => Some(opened),
        Err(OpenFailure::Locked) => None,
        Err(OpenFailure::Unavailable(why)) => {
            notes.push(unavailable_note(what, &dir.entry(entry), &why));
            None
        }
        Err(OpenFailure::Unusable(why)) => {
            notes.push(format!(
                "cannot rebuild the {what} at {} ({why}); using a temporary in-memory index",
                dir.entry(entry).display()
            ));
            None
        }
    }
}

/// Opens store and BM25 in `dir` (deleting both first when `rebuild`): a damaged or
/// incompatible store is deleted and rebuilt, only it and only inside `dir`; one locked by
/// another process, or one that cannot be rebuilt, is replaced by a temporary in-memory
/// index.
fn open_index(
    dir: Option<IndexDir>,
    rebuild: bool,
    notes: &mut Vec<String>,
) -> Result<Opened, EngineError> {
    let memory = || -> Result<Opened, EngineError> {
        let store = Store::open(None).map_err(|e| EngineError::Index(e.to_string()))?;
        let bm25 = Bm25::open(None).map_err(|e| EngineError::Index(e.to_string()))?;
        Ok((store, Vec::new(), bm25, None))
    };
    let Some(dir) = dir else {
        return memory();
    };
    if rebuild {
        notes.push(format!("rebuilding the index at {}", dir.path().display()));
        for entry in Entry::ALL {
            if let Err(e) = dir.reset(entry) {
                notes.push(format!(
                    "cannot delete {} ({e}); using a temporary in-memory index",
                    dir.entry(entry).display()
                ));
                return memory();
            }
        }
    }
    let Some((store, entries)) =
        open_or_rebuild(&dir, Entry::Store, "document store", open_store, notes)
    else {
        return memory();
    };
    let damaged = store.take_damaged();
    if damaged > 0 {
        notes.push(format!(
            "{damaged} damaged entries of the document store failed their checksum; they are dropped and computed again"
        ));
    }
    let Some(bm25) = open_or_rebuild(&dir, Entry::Bm25, "BM25 index", open_bm25, notes) else {
        drop(store);
        return memory();
    };
    Ok((store, entries, bm25, Some(dir.path().to_path_buf())))
}

/// The note for a store the system will not let lexls open now.
fn unavailable_note(what: &str, path: &Path, why: &str) -> String {
    format!(
        "{UNSAVED_NOTE}: the {what} at {} cannot be opened now ({why}); it is kept as it is, and lexls goes on with a temporary in-memory index. Free space there (or fix the error), then run `lexls index` again",
        path.display()
    )
}

/// An I/O error of the system rather than of the store's contents: a full disk, a quota, a
/// read-only file system, permissions (rebuilding would not help, and would lose the store).
fn is_environment_error(e: &std::io::Error) -> bool {
    use std::io::ErrorKind;
    matches!(
        e.kind(),
        ErrorKind::StorageFull
            | ErrorKind::QuotaExceeded
            | ErrorKind::ReadOnlyFilesystem
            | ErrorKind::PermissionDenied
    )
}
