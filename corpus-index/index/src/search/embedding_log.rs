//! The embedding cache on disk: an append-only file of `(cache key, vector)` records, the
//! vectors in 8 bits a component ([`QuantizedVector`]).
//!
//! Why not a sled tree: the cache keys are hashes, so every write lands on a random leaf of
//! the tree, and sled keeps each leaf it touched in memory. Embedding the last fifth of the
//! D.C. Code into a tree that held the rest kept about 9 KB in memory a vector written (the
//! server climbed by 35–40 MB between two reopenings of the store). Appending to a file
//! holds nothing: the file is read once, front to back, when the engine asks for the
//! vectors of its passages ([`EmbeddingLog::scan`]).
//!
//! Layout: [`MAGIC`], then records of `payload length (u32, little-endian) | payload |
//! checksum`, where the payload is the 32-byte cache key followed by
//! [`QuantizedVector::to_bytes`], and the checksum is the first 8 bytes of the BLAKE3 hash
//! of length and payload. A record whose checksum fails is skipped and counted; a length
//! that cannot be a record, or a record cut short (a crash while appending), ends the
//! readable part, and the file is cut back to it, so later appends are read again.

use std::collections::HashSet;
use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use super::chunk::EmbeddingKey;
use super::quantized::QuantizedVector;

/// The first bytes of the file (a file that starts otherwise is emptied).
pub const MAGIC: &[u8] = b"lexls-embeddings-q8 1\n";

/// The file's name in the store's directory.
pub const FILE_NAME: &str = "embeddings.q8";

/// Bytes of BLAKE3 after each record.
pub const CHECKSUM_LEN: usize = 8;

/// The longest payload read as a record (a key and a vector of 16,380 dimensions); a longer
/// length is damage.
const MAX_PAYLOAD: u32 = 1 << 14;

/// The shortest payload: a key, a scale and one component.
const MIN_PAYLOAD: u32 = 32 + 4 + 1;

/// The embedding cache file of a store.
#[derive(Debug)]
pub struct EmbeddingLog {
    file: File,
    /// `None` for a temporary log (an unnamed file, gone when closed).
    path: Option<PathBuf>,
    /// The first 8 bytes of every key the file holds, once a scan has read them all
    /// ([`EmbeddingLog::may_hold`]): 2.4 MB for the D.C. Code's 133,000 windows, so that
    /// the new passages of an edit do not cost a read of the whole file.
    prefixes: Option<HashSet<u64>>,
}

/// The first 8 bytes of `key` (keys are BLAKE3 hashes, so these are spread evenly).
fn prefix(key: &EmbeddingKey) -> u64 {
    let mut first = [0; 8];
    first.copy_from_slice(&key.0[..8]);
    u64::from_le_bytes(first)
}

/// What [`EmbeddingLog::scan`] read.
#[derive(Debug, Default)]
pub struct Scan {
    /// The vectors of the wanted keys, in file order (a key appended twice appears twice;
    /// the later one wins).
    pub found: Vec<(EmbeddingKey, QuantizedVector)>,
    /// Records read, wanted or not.
    pub records: usize,
    /// Records skipped because they failed their checksum or did not decode, plus one for
    /// a damaged or cut-short end (cut off).
    pub damaged: usize,
}

impl EmbeddingLog {
    /// Opens (or creates) the log `FILE_NAME` in `dir`, or a temporary one when `dir` is
    /// `None`. A file that does not start with [`MAGIC`] (another format, or damage at its
    /// start) is emptied: the cache is derived data.
    ///
    /// # Errors
    /// The file cannot be opened, created or written.
    pub fn open(dir: Option<&Path>) -> std::io::Result<Self> {
        let (mut file, path) = match dir {
            Some(dir) => {
                let path = dir.join(FILE_NAME);
                let file = File::options()
                    .read(true)
                    .write(true)
                    .create(true)
                    .truncate(false)
                    .open(&path)?;
                (file, Some(path))
            }
            None => (tempfile::tempfile()?, None),
        };
        let mut head = vec![0; MAGIC.len()];
        let starts_right = file.read_exact(&mut head).is_ok() && head == MAGIC;
        if !starts_right {
            file.set_len(0)?;
            file.seek(SeekFrom::Start(0))?;
            file.write_all(MAGIC)?;
        }
        Ok(Self {
            file,
            path,
            prefixes: None,
        })
    }

    /// Whether the file may hold `key`: `false` only when a scan has read every key it
    /// holds and `key` is not among them.
    pub fn may_hold(&self, key: &EmbeddingKey) -> bool {
        self.prefixes
            .as_ref()
            .is_none_or(|p| p.contains(&prefix(key)))
    }

    /// Appends `items` in one write.
    ///
    /// # Errors
    /// The write failed (the file may end with a record cut short, which the next
    /// [`EmbeddingLog::scan`] cuts off).
    pub fn append<'a>(
        &mut self,
        items: impl IntoIterator<Item = (&'a EmbeddingKey, &'a QuantizedVector)>,
    ) -> std::io::Result<()> {
        let mut bytes = Vec::new();
        for (key, vector) in items {
            encode(&mut bytes, key, vector);
            if let Some(p) = &mut self.prefixes {
                p.insert(prefix(key));
            }
        }
        self.file.seek(SeekFrom::End(0))?;
        self.file.write_all(&bytes)
    }

    /// Reads the whole file once and returns the vectors of the keys in `wanted` (of every
    /// key when `None`).
    ///
    /// # Errors
    /// Reading failed, or cutting off a damaged end did.
    pub fn scan(&mut self, wanted: Option<&HashSet<EmbeddingKey>>) -> std::io::Result<Scan> {
        let mut scan = Scan::default();
        let start = MAGIC.len() as u64;
        self.file.seek(SeekFrom::Start(start))?;
        let mut reader = BufReader::with_capacity(1 << 16, &self.file);
        let mut good_end = start;
        let mut payload = Vec::new();
        let mut prefixes = HashSet::new();
        loop {
            let mut len = [0u8; 4];
            match read_full(&mut reader, &mut len)? {
                0 => break,
                4 => {}
                _ => {
                    scan.damaged += 1;
                    break;
                }
            }
            let n = u32::from_le_bytes(len);
            if !(MIN_PAYLOAD..=MAX_PAYLOAD).contains(&n) {
                scan.damaged += 1;
                break;
            }
            payload.resize(n as usize + CHECKSUM_LEN, 0);
            if read_full(&mut reader, &mut payload)? != payload.len() {
                scan.damaged += 1;
                break;
            }
            good_end += 4 + payload.len() as u64;
            scan.records += 1;
            let (body, sum) = payload.split_at(n as usize);
            if checksum(&len, body) != sum {
                scan.damaged += 1;
                continue;
            }
            let Some((key, vector)) = body.split_first_chunk::<32>() else {
                continue;
            };
            let key = EmbeddingKey(*key);
            prefixes.insert(prefix(&key));
            if wanted.is_some_and(|w| !w.contains(&key)) {
                continue;
            }
            match QuantizedVector::from_bytes(vector) {
                Some(v) => scan.found.push((key, v)),
                None => scan.damaged += 1,
            }
        }
        drop(reader);
        if self.file.metadata()?.len() > good_end {
            // A crash while appending, or damage that hides where the next record starts:
            // what follows cannot be read, so it is cut off (and computed again).
            self.file.set_len(good_end)?;
        }
        self.prefixes = Some(prefixes);
        Ok(scan)
    }

    /// Replaces the file's records by `keep` (the cache's live vectors), dropping those of
    /// passages no longer in the workspace. Written to a sibling file that is renamed over
    /// the log, so a crash leaves the old log or the new one. A temporary log is left as it
    /// is.
    ///
    /// # Errors
    /// Writing or renaming failed (the old log stays).
    pub fn rewrite<'a>(
        &mut self,
        keep: impl IntoIterator<Item = (&'a EmbeddingKey, &'a QuantizedVector)>,
    ) -> std::io::Result<()> {
        let Some(path) = &self.path else {
            return Ok(());
        };
        let next = path.with_extension("q8.new");
        let mut prefixes = HashSet::new();
        {
            let mut out = BufWriter::new(File::create(&next)?);
            out.write_all(MAGIC)?;
            let mut bytes = Vec::new();
            for (key, vector) in keep {
                bytes.clear();
                encode(&mut bytes, key, vector);
                out.write_all(&bytes)?;
                prefixes.insert(prefix(key));
            }
            out.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        }
        // The log's own handle is closed first: Windows does not rename over an open file.
        self.file = tempfile::tempfile()?;
        let renamed = std::fs::rename(&next, path);
        self.file = File::options().read(true).write(true).open(path)?;
        renamed?;
        self.prefixes = Some(prefixes);
        Ok(())
    }

    /// Writes the file's data to disk.
    ///
    /// # Errors
    /// The sync failed.
    pub fn sync(&self) -> std::io::Result<()> {
        self.file.sync_data()
    }
}

/// Appends the record of `(key, vector)` to `out`.
fn encode(out: &mut Vec<u8>, key: &EmbeddingKey, vector: &QuantizedVector) {
    let body_start = out.len() + 4;
    out.extend_from_slice(&[0; 4]);
    out.extend_from_slice(&key.0);
    out.extend_from_slice(&vector.to_bytes());
    let n = u32::try_from(out.len() - body_start).unwrap_or(u32::MAX);
    let len = n.to_le_bytes();
    out[body_start - 4..body_start].copy_from_slice(&len);
    let sum = checksum(&len, &out[body_start..]);
    out.extend_from_slice(&sum);
}

/// The first [`CHECKSUM_LEN`] bytes of BLAKE3 of a record's length and payload.
fn checksum(len: &[u8; 4], body: &[u8]) -> [u8; CHECKSUM_LEN] {
    let mut h = blake3::Hasher::new();
    h.update(len);
    h.update(body);
    let mut out = [0; CHECKSUM_LEN];
    out.copy_from_slice(&h.finalize().as_bytes()[..CHECKSUM_LEN]);
    out
}

/// Reads until `buf` is full or the input ends; returns the bytes read.
fn read_full(reader: &mut impl Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut filled = 0;
    while filled < buf.len() {
        match reader.read(&mut buf[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(filled)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::chunk::embedding_key;

    fn vector(x: f32) -> QuantizedVector {
        QuantizedVector::quantize(&[x, 1.0 - x, -0.5]).expect("finite")
    }

    fn all(keys: &[EmbeddingKey]) -> HashSet<EmbeddingKey> {
        keys.iter().copied().collect()
    }

    #[test]
    fn appended_vectors_are_found_after_reopening_and_only_those_wanted() {
        let dir = tempfile::tempdir().expect("tempdir");
        let (a, b, c) = (
            embedding_key("m", "§ 1"),
            embedding_key("m", "§ 2"),
            embedding_key("m", "§ 3"),
        );
        {
            let mut log = EmbeddingLog::open(Some(dir.path())).expect("open");
            log.append([(&a, &vector(0.1)), (&b, &vector(0.2))])
                .expect("append");
            log.append([(&c, &vector(0.3))]).expect("append");
            log.sync().expect("sync");
        }
        let mut log = EmbeddingLog::open(Some(dir.path())).expect("reopen");
        let scan = log.scan(Some(&all(&[a, c]))).expect("scan");
        assert_eq!(scan.records, 3);
        assert_eq!(scan.damaged, 0);
        assert_eq!(scan.found, vec![(a, vector(0.1)), (c, vector(0.3))]);
        // The scan read every key: one never appended is known to be absent.
        assert!(log.may_hold(&b));
        assert!(!log.may_hold(&embedding_key("m", "§ 4")));
        // Compaction keeps what it is given.
        log.rewrite([(&c, &vector(0.3))]).expect("rewrite");
        let scan = log.scan(Some(&all(&[a, b, c]))).expect("scan");
        assert_eq!(scan.found, vec![(c, vector(0.3))]);
        assert!(!log.may_hold(&b));
        log.append([(&b, &vector(0.2))])
            .expect("append after rewrite");
        assert!(log.may_hold(&b));
        assert_eq!(log.scan(Some(&all(&[b]))).expect("scan").found.len(), 1);
    }

    #[test]
    fn a_damaged_record_is_skipped_and_a_cut_short_end_is_cut_off() {
        let dir = tempfile::tempdir().expect("tempdir");
        let keys: Vec<EmbeddingKey> = (0..3)
            .map(|i| embedding_key("m", &format!("§ {i}")))
            .collect();
        let mut log = EmbeddingLog::open(Some(dir.path())).expect("open");
        let v = vector(0.4);
        log.append(keys.iter().map(|k| (k, &v))).expect("append");
        let path = dir.path().join(FILE_NAME);
        let mut bytes = std::fs::read(&path).expect("read");
        let record = (bytes.len() - MAGIC.len()) / 3;
        // One bit of the second record's last component, and half of a fourth record (a
        // crash while appending).
        bytes[MAGIC.len() + 2 * record - CHECKSUM_LEN - 1] ^= 0x20;
        let whole = bytes.len();
        bytes.extend_from_within(MAGIC.len()..MAGIC.len() + record / 2);
        std::fs::write(&path, &bytes).expect("write");

        let mut log = EmbeddingLog::open(Some(dir.path())).expect("reopen");
        let scan = log.scan(Some(&all(&keys))).expect("scan");
        assert_eq!(
            scan.found.iter().map(|f| f.0).collect::<Vec<_>>(),
            vec![keys[0], keys[2]]
        );
        assert_eq!(scan.damaged, 2, "the flipped bit and the cut-short end");
        assert_eq!(std::fs::metadata(&path).expect("meta").len(), whole as u64);
        // What is appended next is read.
        let d = embedding_key("m", "§ 9");
        log.append([(&d, &vector(0.9))]).expect("append");
        assert_eq!(log.scan(Some(&all(&[d]))).expect("scan").found.len(), 1);
    }

    #[test]
    fn a_file_of_another_format_is_emptied_and_a_temporary_log_works() {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::write(dir.path().join(FILE_NAME), b"not a log").expect("write");
        let mut log = EmbeddingLog::open(Some(dir.path())).expect("open");
        let scan = log.scan(Some(&HashSet::new())).expect("scan");
        assert_eq!((scan.records, scan.damaged), (0, 0));

        let mut temporary = EmbeddingLog::open(None).expect("temporary");
        let k = embedding_key("m", "x");
        temporary.append([(&k, &vector(0.5))]).expect("append");
        assert_eq!(
            temporary.scan(Some(&all(&[k]))).expect("scan").found.len(),
            1
        );
    }
}
