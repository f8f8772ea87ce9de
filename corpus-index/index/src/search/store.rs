//! The persistent store: parsed documents (sled) keyed by relative path with the hash, size
//! and modification time of the file they came from, and the embedding cache (an
//! append-only file beside them, [`EmbeddingLog`]) keyed by BLAKE3 of model id and window
//! text, its vectors in 8 bits a component ([`QuantizedVector`]).
//!
//! The store is derived data. A store of another format version, or one that fails to
//! open, is rebuilt rather than trusted. Every stored value carries a checksum (the first
//! [`CHECKSUM_LEN`] bytes of the BLAKE3 hash of the rest): a value that fails it, or does not
//! decode, is dropped and counted ([`Store::take_damaged`]), so the caller computes it again
//! instead of using it.

use std::collections::{BTreeMap, HashSet};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde::{Deserialize, Serialize};

use lexls_syntax::model::Document;

use super::chunk::EmbeddingKey;
use super::embedding_log::EmbeddingLog;
use super::quantized::QuantizedVector;

/// Bump when the stored format (or anything that changes parse results) changes; the test
/// `tests::store_format` fails on a parse change that keeps it.
pub const FORMAT_VERSION: &str = "lexls-index-16";

/// Bytes of BLAKE3 before each stored value (64 bits: random damage passes unnoticed with
/// probability 2⁻⁶⁴).
pub const CHECKSUM_LEN: usize = 8;

/// The revision of the analysis whose parse results the store keeps. Bump it when parse
/// results change for a reason outside `lexls-syntax`'s sources (the test
/// `parse_results_change_only_with_the_analysis_revision` fails until it is): stores written
/// under another revision parse their documents again and keep their embeddings, unlike a
/// change of [`FORMAT_VERSION`], which rebuilds everything.
pub const ANALYSIS_REVISION: u32 = 23;

/// What the store records of the analysis that parsed its documents: [`ANALYSIS_REVISION`]
/// and the fingerprint of `lexls-syntax`'s sources ([`lexls_syntax::ANALYSIS_VERSION`]).
pub fn analysis_key() -> String {
    format!("{ANALYSIS_REVISION} {}", lexls_syntax::ANALYSIS_VERSION)
}

/// Errors of the store.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// sled failed (damaged files, I/O, lock held by another process).
    #[error("document store: {0}")]
    Sled(#[from] sled::Error),
    /// The embedding file could not be opened, read or written.
    #[error("embedding cache: {0}")]
    Io(#[from] std::io::Error),
    /// The store was written by another version of lexls.
    #[error("document store has format {found:?}, this lexls writes {FORMAT_VERSION:?}")]
    Incompatible {
        /// The version found.
        found: Option<String>,
    },
}

impl StoreError {
    /// Whether sled refused the directory because its lock is held (by another process, or
    /// for a moment by the background threads of a handle just dropped).
    pub fn is_held_lock(&self) -> bool {
        matches!(self, Self::Sled(sled::Error::Io(e))
            if e.kind() == std::io::ErrorKind::WouldBlock
                || e.to_string().to_lowercase().contains("lock"))
    }
}

/// How long [`Store::open`] tries again when sled refuses the directory's lock.
const LOCK_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

/// What the store keeps per file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FileRecord {
    /// Modification time (ns since the epoch) when parsed.
    pub mtime_ns: u128,
    /// Size in bytes when parsed.
    pub size: u64,
    /// BLAKE3 of the text.
    pub hash: String,
    /// The parsed document.
    pub doc: Document,
}

/// The head of a stored [`FileRecord`], encoded (postcard) before its document so a check
/// of what changed reads it alone.
#[derive(Serialize, Deserialize)]
struct RecordHead {
    mtime_ns: u128,
    size: u64,
    hash: String,
}

/// A [`FileRecord`] from its stored bytes: the postcard [`RecordHead`], then the document
/// as postcard compressed with LZ4 (block format, its length in front). The text view of
/// markup is mostly whitespace: the D.C. Code's store shrinks from 255 to 113 MB, and sled
/// reads (and caches) that much less at start.
fn decode_record(bytes: &[u8]) -> Option<FileRecord> {
    let (head, rest) = postcard::take_from_bytes::<RecordHead>(bytes).ok()?;
    let doc = lz4_flex::decompress_size_prepended(rest).ok()?;
    Some(FileRecord {
        mtime_ns: head.mtime_ns,
        size: head.size,
        hash: head.hash,
        doc: postcard::from_bytes(&doc).ok()?,
    })
}

/// The sled database of a workspace index. Not `Clone`: the engine owns the one handle, so
/// [`Store::reopened`] can close it (sled locks its directory while a handle is open).
#[derive(Debug)]
pub struct Store {
    db: sled::Db,
    files: sled::Tree,
    /// The embedding cache.
    embeddings: EmbeddingLog,
    /// `rel_path → document hash` of what the BM25 index on disk holds (written after each
    /// BM25 commit), so a restart updates it incrementally even when it held an editor's
    /// unsaved text.
    bm25_documents: sled::Tree,
    /// Values dropped because they failed their checksum or did not decode.
    damaged: Arc<AtomicUsize>,
    /// The store's directory; `None` for a temporary store.
    dir: Option<std::path::PathBuf>,
}

/// sled's page cache, in bytes. Records are read once at start (then held as documents) and
/// written once per change, so the cache only saves re-reads; sled's default (1 GiB) let it
/// hold a second copy of the D.C. Code's records (128 MB measured with massif).
const CACHE_BYTES: u64 = 16 * 1024 * 1024;

/// Records of passages no longer in the workspace that the embedding file may hold beyond
/// as many as it has live ones before [`Store::vectors`] compacts it.
const COMPACT_AFTER_STALE: usize = 4096;

/// `bytes` with its checksum in front.
fn seal(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(CHECKSUM_LEN + bytes.len());
    out.extend_from_slice(&blake3::hash(bytes).as_bytes()[..CHECKSUM_LEN]);
    out.extend_from_slice(bytes);
    out
}

/// The value of sealed `bytes`, if its checksum holds.
fn unseal(bytes: &[u8]) -> Option<&[u8]> {
    let (sum, value) = bytes.split_at_checked(CHECKSUM_LEN)?;
    (blake3::hash(value).as_bytes()[..CHECKSUM_LEN] == *sum).then_some(value)
}

impl Store {
    /// Opens the store in `dir`, or a temporary one when `dir` is `None`.
    ///
    /// # Errors
    /// [`StoreError::Incompatible`] for a store of another format (the caller wipes and
    /// retries), [`StoreError::Sled`] for damaged files or a lock still held after
    /// [`LOCK_WAIT`] (2 s) of trying again ([`StoreError::is_held_lock`]).
    pub fn open(dir: Option<&Path>) -> Result<Self, StoreError> {
        // sled's background threads can keep the lock for a moment after the last handle
        // of a store is dropped (sled 0.34 blocks on the lock in its own tests for this
        // reason), so a store closed and opened again in one process can be refused: a
        // refusal for the lock is tried again, with growing pauses, for [`LOCK_WAIT`].
        let started = std::time::Instant::now();
        let mut pause = std::time::Duration::from_millis(5);
        loop {
            match Self::open_once(dir) {
                Err(e) if e.is_held_lock() && started.elapsed() < LOCK_WAIT => {
                    std::thread::sleep(pause);
                    pause = (pause * 2).min(std::time::Duration::from_millis(200));
                }
                opened => return opened,
            }
        }
    }

    /// One attempt of [`Store::open`].
    fn open_once(dir: Option<&Path>) -> Result<Self, StoreError> {
        let config = sled::Config::new().cache_capacity(CACHE_BYTES);
        let db = match dir {
            Some(dir) => config.path(dir).open()?,
            None => config.temporary(true).open()?,
        };
        let found = db
            .get("format")?
            .map(|v| String::from_utf8_lossy(&v).into_owned());
        match found.as_deref() {
            Some(FORMAT_VERSION) => {}
            None if db.tree_names().len() <= 1 && db.is_empty() => {
                db.insert("format", FORMAT_VERSION)?;
            }
            _ => return Err(StoreError::Incompatible { found }),
        }
        let files = db.open_tree("files")?;
        // Documents parsed by another analysis (an upgrade of the parsers or of citation
        // extraction) are parsed again: the records go, the embeddings (keyed by text) stay.
        let analysis = db.get("analysis")?;
        let current = analysis_key();
        if analysis.as_deref() != Some(current.as_bytes()) {
            if analysis.is_some() {
                tracing::info!(
                    "the stored documents were parsed by another version of lexls; parsing them again"
                );
            }
            files.clear()?;
            db.insert("analysis", current.as_bytes())?;
        }
        let bm25_documents = db.open_tree("bm25-documents")?;
        let mut store = Self {
            files,
            embeddings: EmbeddingLog::open(dir)?,
            bm25_documents,
            damaged: Arc::default(),
            dir: dir.map(Path::to_path_buf),
            db,
        };
        store.move_sled_vectors()?;
        Ok(store)
    }

    /// Moves the embeddings that earlier versions kept in sled (tree `vectors-q8`, 8 bits
    /// a component, and before that `vectors`, little-endian `f32`s) to the embedding
    /// file, so an upgrade does not embed a workspace again; damaged ones are dropped and
    /// counted. The trees are dropped afterwards.
    fn move_sled_vectors(&mut self) -> Result<(), StoreError> {
        for (name, legacy) in [(&b"vectors-q8"[..], false), (&b"vectors"[..], true)] {
            if !self.db.tree_names().iter().any(|t| t == name) {
                continue;
            }
            let tree = self.db.open_tree(name)?;
            let mut batch = Vec::new();
            for (key, bytes) in tree.iter().flatten() {
                let vector = unseal(&bytes).and_then(|v| {
                    if !legacy {
                        return QuantizedVector::from_bytes(v);
                    }
                    let floats: Option<Vec<f32>> = (v.len() % 4 == 0).then(|| {
                        v.chunks_exact(4)
                            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                            .collect()
                    });
                    QuantizedVector::quantize(&floats?)
                });
                match (EmbeddingKey::from_hex(&key), vector) {
                    (Some(key), Some(vector)) => batch.push((key, vector)),
                    _ => {
                        self.damaged.fetch_add(1, Ordering::Relaxed);
                    }
                }
                if batch.len() >= 4096 {
                    self.embeddings.append(batch.iter().map(|(k, v)| (k, v)))?;
                    batch.clear();
                }
            }
            self.embeddings.append(batch.iter().map(|(k, v)| (k, v)))?;
            self.embeddings.sync()?;
            drop(tree);
            self.db.drop_tree(name)?;
        }
        Ok(())
    }

    /// The store written to disk, closed and opened again (a temporary store is returned as
    /// it is). sled keeps in memory much of what was written since it was opened: after the
    /// first index of the D.C. Code (23,979 records, 111 MB) about 50 MB more than a store
    /// opened on the same files, so the engine reopens it after a scan that wrote many records.
    ///
    /// # Errors
    /// A sled error of the flush or of opening again (the caller goes on with another store).
    pub fn reopened(self) -> Result<Self, StoreError> {
        let Some(dir) = self.dir.clone() else {
            return Ok(self);
        };
        self.db.flush()?;
        // sled holds a lock on its directory while a handle is open.
        drop(self);
        Self::open(Some(&dir))
    }

    /// Drops a damaged value of `tree` and counts it.
    fn drop_damaged(&self, tree: &sled::Tree, key: &[u8]) {
        let _ = tree.remove(key);
        self.damaged.fetch_add(1, Ordering::Relaxed);
    }

    /// How many damaged values were dropped since the last call (each will be computed
    /// again: a document parsed, an embedding recomputed).
    pub fn take_damaged(&self) -> usize {
        self.damaged.swap(0, Ordering::Relaxed)
    }

    /// The record of `rel_path`; `None` when absent or damaged (a damaged record is
    /// dropped and counted, so the file is parsed again).
    pub fn file(&self, rel_path: &str) -> Option<FileRecord> {
        let bytes = self.files.get(rel_path).ok()??;
        let record = unseal(&bytes).and_then(decode_record);
        if record.is_none() {
            self.drop_damaged(&self.files, rel_path.as_bytes());
        }
        record
    }

    /// Every stored relative path.
    pub fn file_names(&self) -> Vec<String> {
        self.files
            .iter()
            .keys()
            .filter_map(Result::ok)
            .map(|k| String::from_utf8_lossy(&k).into_owned())
            .collect()
    }

    /// `(rel_path, hash)` of every record whose checksum holds, sorted by path; a damaged
    /// record is dropped and counted. Only the head of each record (times, size, hash) is
    /// decoded, not its document: [`Store::file`] decodes that when it is needed.
    pub fn fingerprint_entries(&self) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = self
            .files
            .iter()
            .flatten()
            .filter_map(|(key, bytes)| {
                let head = unseal(&bytes)
                    .and_then(|v| postcard::take_from_bytes::<RecordHead>(v).ok())
                    .map(|(head, _)| head);
                if head.is_none() {
                    self.drop_damaged(&self.files, &key);
                }
                Some((String::from_utf8_lossy(&key).into_owned(), head?.hash))
            })
            .collect();
        out.sort();
        out
    }

    /// Stores a record.
    ///
    /// # Errors
    /// A sled error.
    pub fn put_file(&self, rel_path: &str, record: &FileRecord) -> Result<(), StoreError> {
        let encoding = |e: postcard::Error| {
            StoreError::Sled(sled::Error::Unsupported(format!(
                "encoding {rel_path}: {e}"
            )))
        };
        let head = RecordHead {
            mtime_ns: record.mtime_ns,
            size: record.size,
            hash: record.hash.clone(),
        };
        let mut bytes = postcard::to_allocvec(&head).map_err(encoding)?;
        let doc = postcard::to_allocvec(&record.doc).map_err(encoding)?;
        bytes.extend_from_slice(&lz4_flex::compress_prepend_size(&doc));
        self.files.insert(rel_path, seal(&bytes))?;
        Ok(())
    }

    /// Forgets a file.
    ///
    /// # Errors
    /// A sled error.
    pub fn remove_file(&self, rel_path: &str) -> Result<(), StoreError> {
        self.files.remove(rel_path)?;
        Ok(())
    }

    /// The cached embeddings of the keys in `wanted` (one read of the embedding file; a
    /// damaged record is skipped and counted, so it is computed again).
    ///
    /// With `complete` (`wanted` holds every key the workspace has), a file of which more
    /// than half the records are of passages no longer in the workspace (edited, deleted,
    /// or of another model) is rewritten with only the vectors found.
    pub fn vectors(
        &mut self,
        wanted: &HashSet<EmbeddingKey>,
        complete: bool,
    ) -> Vec<(EmbeddingKey, QuantizedVector)> {
        if !wanted.iter().any(|k| self.embeddings.may_hold(k)) {
            return Vec::new();
        }
        let scan = match self.embeddings.scan(Some(wanted)) {
            Ok(scan) => scan,
            Err(e) => {
                tracing::warn!("embedding cache: {e}");
                return Vec::new();
            }
        };
        self.damaged.fetch_add(scan.damaged, Ordering::Relaxed);
        if scan.damaged > 0 {
            // Damaged records are dropped, not counted again at every start: the file is
            // rewritten with every record that reads.
            let rewritten = self.embeddings.scan(None).and_then(|all| {
                self.embeddings
                    .rewrite(all.found.iter().map(|(k, v)| (k, v)))
            });
            if let Err(e) = rewritten {
                tracing::warn!("embedding cache: damaged records not dropped: {e}");
            }
        } else if complete && scan.records > 2 * scan.found.len() + COMPACT_AFTER_STALE {
            let kept = scan.found.iter().map(|(k, v)| (k, v));
            match self.embeddings.rewrite(kept) {
                Ok(()) => tracing::info!(
                    "embedding cache compacted: {} of {} records kept",
                    scan.found.len(),
                    scan.records
                ),
                Err(e) => tracing::warn!("embedding cache not compacted: {e}"),
            }
        }
        scan.found
    }

    /// Caches embeddings (appended to the embedding file in one write).
    ///
    /// # Errors
    /// The write failed.
    pub fn put_vectors<V: AsRef<QuantizedVector>>(
        &mut self,
        items: &[(EmbeddingKey, V)],
    ) -> Result<(), StoreError> {
        self.embeddings
            .append(items.iter().map(|(k, v)| (k, v.as_ref())))?;
        Ok(())
    }

    /// `rel_path → document hash` of the documents the BM25 index holds, as last recorded
    /// by [`Store::record_bm25_documents`]; empty when never recorded. A value that is not a
    /// BLAKE3 hex digest is dropped and counted as damaged.
    pub fn bm25_documents(&self) -> BTreeMap<String, String> {
        let mut out = BTreeMap::new();
        for (key, value) in self.bm25_documents.iter().flatten() {
            let hash = String::from_utf8_lossy(&value).into_owned();
            if hash.len() == 64 && hash.bytes().all(|b| b.is_ascii_hexdigit()) {
                out.insert(String::from_utf8_lossy(&key).into_owned(), hash);
            } else {
                self.drop_damaged(&self.bm25_documents, &key);
            }
        }
        out
    }

    /// Records that the BM25 index now holds `now` where it held `before` (both
    /// `rel_path → document hash`): only the differences are written.
    ///
    /// They are written key by key, not as one `sled::Batch`: sled keeps a batch's memory
    /// long after applying it (the first index of the D.C. Code, 23,979 documents, left
    /// 122 MB allocated that outlived the store itself, against 9 MB key by key). A record
    /// cut short (a crash, a failed write) no longer matches the BM25 index's commit payload
    /// ([`crate::engine::Engine`] compares its fingerprint), so the next start rewrites the
    /// index whole rather than trusting it.
    ///
    /// # Errors
    /// A sled error (the record is then partly written).
    pub fn record_bm25_documents(
        &self,
        before: &BTreeMap<String, String>,
        now: &BTreeMap<String, String>,
    ) -> Result<(), StoreError> {
        for rel in before.keys().filter(|rel| !now.contains_key(*rel)) {
            self.bm25_documents.remove(rel.as_bytes())?;
        }
        for (rel, hash) in now
            .iter()
            .filter(|(rel, hash)| before.get(*rel) != Some(*hash))
        {
            self.bm25_documents
                .insert(rel.as_bytes(), hash.as_bytes())?;
        }
        Ok(())
    }

    /// Writes everything to disk.
    ///
    /// # Errors
    /// A sled error.
    pub fn flush(&self) -> Result<(), StoreError> {
        self.db.flush()?;
        self.embeddings.sync()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lexls_syntax::test_support::example;

    /// The record of `doc` as a scan writes it (times and size of no real file).
    fn record_of(doc: &Document) -> FileRecord {
        FileRecord {
            mtime_ns: 1,
            size: 2,
            hash: doc.hash.clone(),
            doc: doc.clone(),
        }
    }

    fn quantized(v: &[f32]) -> QuantizedVector {
        QuantizedVector::quantize(v).expect("finite")
    }

    fn key(text: &str) -> EmbeddingKey {
        crate::search::chunk::embedding_key("model", text)
    }

    fn wanted(texts: &[&str]) -> HashSet<EmbeddingKey> {
        texts.iter().map(|t| key(t)).collect()
    }

    #[test]
    fn embeddings_that_earlier_versions_kept_in_sled_are_moved_to_the_embedding_file() {
        let dir = tempfile::tempdir().expect("tempdir");
        {
            let store = Store::open(Some(dir.path())).expect("open");
            // As lexls wrote them in sled: 8 bits a component (`vectors-q8`), and before
            // that little-endian `f32`s (`vectors`), each value sealed, keys in hex.
            let q8 = store.db.open_tree("vectors-q8").expect("tree");
            q8.insert(key("q8").hex(), seal(&quantized(&[0.6, 0.8]).to_bytes()))
                .expect("insert");
            let f32s = store.db.open_tree("vectors").expect("tree");
            let floats = [0.6f32, -0.8];
            let bytes: Vec<u8> = floats.iter().flat_map(|x| x.to_le_bytes()).collect();
            f32s.insert(key("old").hex(), seal(&bytes)).expect("insert");
            f32s.insert(key("broken").hex(), seal(&[1, 2, 3]))
                .expect("insert");
            store.flush().expect("flush");
        }
        let mut store = Store::open(Some(dir.path())).expect("reopen");
        assert_eq!(store.take_damaged(), 1, "the broken vector");
        let names = store.db.tree_names();
        assert!(
            !names.iter().any(|n| n == b"vectors" || n == b"vectors-q8"),
            "the sled trees are dropped"
        );
        let mut found = store.vectors(&wanted(&["q8", "old", "broken", "absent"]), false);
        found.sort_by_key(|f| f.0);
        let mut expected = vec![
            (key("q8"), quantized(&[0.6, 0.8])),
            (key("old"), quantized(&[0.6, -0.8])),
        ];
        expected.sort_by_key(|f| f.0);
        assert_eq!(found, expected);
        assert_eq!(store.take_damaged(), 0);
    }

    #[test]
    fn a_mostly_stale_embedding_file_is_compacted_when_every_live_key_is_asked_for() {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut store = Store::open(Some(dir.path())).expect("open");
        let stale: Vec<(EmbeddingKey, QuantizedVector)> = (0..COMPACT_AFTER_STALE + 10)
            .map(|i| (key(&format!("old § {i}")), quantized(&[0.5, 0.5])))
            .collect();
        store.put_vectors(&stale).expect("stale");
        store
            .put_vectors(&[(key("live"), quantized(&[1.0, 0.0]))])
            .expect("live");
        let path = dir.path().join(crate::search::embedding_log::FILE_NAME);
        let before = std::fs::metadata(&path).expect("meta").len();
        // Not every live key asked for: nothing is dropped.
        assert_eq!(store.vectors(&wanted(&["live"]), false).len(), 1);
        assert_eq!(std::fs::metadata(&path).expect("meta").len(), before);
        // Every live key asked for: the stale records go.
        assert_eq!(store.vectors(&wanted(&["live"]), true).len(), 1);
        assert!(std::fs::metadata(&path).expect("meta").len() < before / 100);
        assert!(store.vectors(&wanted(&["old § 1"]), false).is_empty());
        assert_eq!(store.vectors(&wanted(&["live"]), false).len(), 1);
    }

    #[test]
    fn a_reopened_store_holds_what_was_written_and_takes_new_writes() {
        let dir = tempfile::tempdir().expect("tempdir");
        let doc = example("statute/nyc-admin-code-20-871.md");
        let record = record_of(&doc);
        let store = Store::open(Some(dir.path())).expect("open");
        store.put_file(&doc.rel_path, &record).expect("put");
        let store = store.reopened().expect("reopened");
        let back = store.file(&doc.rel_path).expect("record after reopening");
        assert_eq!(back.doc.text, doc.text);
        store
            .put_file("second.md", &record)
            .expect("put after reopening");
        assert_eq!(store.file_names().len(), 2);
        // A temporary store has nothing on disk to reopen from: it is returned as it is.
        let temporary = Store::open(None).expect("temporary");
        temporary.put_file("a.md", &record).expect("put");
        assert!(temporary.reopened().expect("same").file("a.md").is_some());
    }

    #[test]
    fn a_lock_freed_while_opening_is_waited_for_and_a_held_one_refused() {
        let dir = tempfile::tempdir().expect("tempdir");
        let first = Store::open(Some(dir.path())).expect("open");
        // Held for the whole wait: refused, and said to be a lock.
        match Store::open(Some(dir.path())) {
            Ok(_) => panic!("a second handle opened a held store"),
            Err(refused) => assert!(refused.is_held_lock(), "{refused}"),
        }
        // Freed a moment after the second open began: that open waits and succeeds.
        let holder = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(150));
            drop(first);
        });
        let second = Store::open(Some(dir.path()));
        holder.join().expect("holder");
        assert!(second.is_ok(), "{:?}", second.err());
    }

    #[test]
    fn documents_parsed_by_another_analysis_are_dropped_and_embeddings_kept() {
        let dir = tempfile::tempdir().expect("tempdir");
        let doc = example("statute/nyc-admin-code-20-871.md");
        {
            let mut store = Store::open(Some(dir.path())).expect("open");
            let record = record_of(&doc);
            store.put_file(&doc.rel_path, &record).expect("put");
            store
                .put_vectors(&[(key("k"), quantized(&[0.5, -1.0]))])
                .expect("vectors");
            // As an earlier lexls, whose parsers and extraction differed, left it.
            store
                .db
                .insert("analysis", "an earlier analysis")
                .expect("mark");
            store.flush().expect("flush");
        }
        let mut store = Store::open(Some(dir.path())).expect("reopen");
        assert!(
            store.file(&doc.rel_path).is_none(),
            "a stale parse was kept"
        );
        assert_eq!(store.vectors(&wanted(&["k"]), false).len(), 1);
        // Stored again under this analysis, the record now survives a reopening.
        let record = record_of(&doc);
        store.put_file(&doc.rel_path, &record).expect("put");
        let store = store.reopened().expect("reopened");
        assert!(store.file(&doc.rel_path).is_some());
    }

    #[test]
    fn documents_and_vectors_round_trip_and_survive_reopen() {
        let dir = tempfile::tempdir().expect("tempdir");
        let doc = example("statute/nyc-admin-code-20-871.md");
        {
            let store = Store::open(Some(dir.path())).expect("open");
            store
                .put_file(&doc.rel_path, &record_of(&doc))
                .expect("put");
            let mut store = store;
            store
                .put_vectors(&[(key("k"), quantized(&[0.5, -1.0]))])
                .expect("vectors");
            store.flush().expect("flush");
        }
        let mut store = Store::open(Some(dir.path())).expect("reopen");
        let record = store.file(&doc.rel_path).expect("record");
        assert_eq!(record.doc, doc);
        assert_eq!(
            store.vectors(&wanted(&["k"]), false),
            vec![(key("k"), quantized(&[0.5, -1.0]))]
        );
        assert_eq!(store.fingerprint_entries().len(), 1);
    }

    #[test]
    fn a_damaged_record_is_dropped_and_counted_not_used() {
        let doc = example("statute/nyc-admin-code-20-871.md");
        let store = Store::open(None).expect("open");
        let record = FileRecord {
            mtime_ns: 1,
            size: 2,
            hash: doc.hash.clone(),
            doc,
        };
        store.put_file("a.md", &record).expect("put");
        // Flip one byte of the value, as damage on disk would.
        let mut bytes = store
            .files
            .get("a.md")
            .expect("get")
            .expect("present")
            .to_vec();
        let last = bytes.len() - 1;
        bytes[last] ^= 0x20;
        store.files.insert("a.md", bytes).expect("insert");
        assert_eq!(store.file("a.md"), None);
        assert_eq!(store.take_damaged(), 1);
        assert!(store.file_names().is_empty(), "the damaged record is gone");
        store.put_file("a.md", &record).expect("put again");
        assert_eq!(store.file("a.md"), Some(record));
        assert_eq!(store.take_damaged(), 0);
    }

    #[test]
    fn a_damaged_embedding_is_counted_once_and_computed_again() {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut store = Store::open(Some(dir.path())).expect("open");
        store
            .put_vectors(&[
                (key("a"), quantized(&[0.25, 0.5])),
                (key("b"), quantized(&[0.5, 0.25])),
            ])
            .expect("vectors");
        // One bit of the first record's last component.
        let path = dir.path().join(crate::search::embedding_log::FILE_NAME);
        let mut bytes = std::fs::read(&path).expect("read");
        let record = (bytes.len() - crate::search::embedding_log::MAGIC.len()) / 2;
        let log = |n: usize| crate::search::embedding_log::MAGIC.len() + n;
        bytes[log(record) - crate::search::embedding_log::CHECKSUM_LEN - 1] ^= 0x20;
        std::fs::write(&path, &bytes).expect("write");
        let both = wanted(&["a", "b"]);
        assert_eq!(
            store.vectors(&both, false),
            vec![(key("b"), quantized(&[0.5, 0.25]))]
        );
        assert_eq!(store.take_damaged(), 1);
        // Dropped: the next start does not report it again.
        assert_eq!(store.vectors(&both, false).len(), 1);
        assert_eq!(store.take_damaged(), 0);
    }

    #[test]
    fn a_store_of_another_format_is_refused() {
        let dir = tempfile::tempdir().expect("tempdir");
        {
            let db = sled::open(dir.path()).expect("sled");
            db.insert("format", "lexls-index-0").expect("insert");
            db.flush().expect("flush");
        }
        // sled's background flusher may hold the file lock a moment after the drop.
        let mut result = Store::open(Some(dir.path()));
        for _ in 0..50 {
            if !matches!(result, Err(StoreError::Sled(_))) {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
            result = Store::open(Some(dir.path()));
        }
        assert!(
            matches!(result, Err(StoreError::Incompatible { .. })),
            "{:?}",
            result.err()
        );
    }
}
