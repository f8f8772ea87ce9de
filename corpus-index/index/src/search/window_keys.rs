//! The embedding-cache keys of each chunk's windows ([`super::windows`]), remembered per
//! chunk so that publishing a search view does not tokenise the workspace again.
//!
//! A window's key is that of its text ([`super::chunk::embedding_key`]), so a chunk short
//! enough to be its own window keeps the key (and the cached vector) it had before windows.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use super::chunk::{Chunk, EmbeddingKey, embedding_key};
use super::dense::{Embedder, chunk_windows};

/// Window keys by chunk key (model id and chunk text), for the chunks of the current view.
#[derive(Debug, Default)]
pub struct WindowKeys {
    memo: HashMap<EmbeddingKey, Windows>,
}

/// The window keys of one chunk.
#[derive(Debug)]
enum Windows {
    /// One window, the chunk's whole text: its key is the chunk's own (most chunks of a
    /// code; held without an allocation of its own).
    Whole,
    /// The keys of the chunk's windows, in order.
    Keys(Box<[EmbeddingKey]>),
}

/// The texts to embed for `chunk`: its windows when `windowed`, else its text (which the
/// model truncates at 256 word pieces).
pub fn window_texts(embedder: &dyn Embedder, windowed: bool, chunk: &Chunk) -> Vec<String> {
    if windowed {
        chunk_windows(embedder, chunk)
    } else {
        vec![chunk.text()]
    }
}

/// A window whose embedding is not cached yet: its cache key and where its text comes from.
/// The text is cut from the chunk when its batch is embedded ([`pending_texts`]), so a run
/// over a whole code holds one key a window (32 bytes) rather than every window's text
/// (about a kilobyte each, 130 MB for the D.C. Code).
#[derive(Debug, Clone)]
pub struct PendingWindow {
    /// The embedding-cache key of the window's text.
    pub key: EmbeddingKey,
    chunk: Arc<Chunk>,
    /// The window's position among the chunk's windows.
    window: usize,
    /// Whether the chunk is cut into windows (`[model] windows`).
    windowed: bool,
}

impl PendingWindow {
    /// The window `window` of `chunk` (as [`window_texts`] cuts it), under `key`.
    pub fn new(key: EmbeddingKey, chunk: Arc<Chunk>, window: usize, windowed: bool) -> Self {
        Self {
            key,
            chunk,
            window,
            windowed,
        }
    }
}

/// The texts of `pending`, in order; each run of windows of one chunk is cut once. A
/// window the chunk no longer has (it cannot, the chunk is immutable) gives an empty text.
pub fn pending_texts(embedder: &dyn Embedder, pending: &[PendingWindow]) -> Vec<String> {
    let mut out = Vec::with_capacity(pending.len());
    let mut cut: Option<(&Arc<Chunk>, bool, Vec<String>)> = None;
    for p in pending {
        let same = cut
            .as_ref()
            .is_some_and(|(c, w, _)| Arc::ptr_eq(c, &p.chunk) && *w == p.windowed);
        if !same {
            cut = Some((
                &p.chunk,
                p.windowed,
                window_texts(embedder, p.windowed, &p.chunk),
            ));
        }
        let text = cut
            .as_ref()
            .and_then(|(_, _, texts)| texts.get(p.window).cloned());
        out.push(text.unwrap_or_default());
    }
    out
}

impl WindowKeys {
    /// The cache keys of `chunk`'s windows, in order.
    pub fn keys(
        &mut self,
        embedder: &dyn Embedder,
        windowed: bool,
        chunk: &Chunk,
    ) -> &[EmbeddingKey] {
        self.keys_noting_new(embedder, windowed, chunk).1
    }

    /// [`WindowKeys::keys`], with whether they were computed by this call (the chunk was not
    /// remembered).
    pub fn keys_noting_new(
        &mut self,
        embedder: &dyn Embedder,
        windowed: bool,
        chunk: &Chunk,
    ) -> (bool, &[EmbeddingKey]) {
        let id = embedder.model_id();
        let key = chunk.cache_key(id);
        let new = !self.memo.contains_key(&key);
        if new {
            let keys: Box<[EmbeddingKey]> = window_texts(embedder, windowed, chunk)
                .iter()
                .map(|t| embedding_key(id, t))
                .collect();
            let windows = if *keys == [key] {
                Windows::Whole
            } else {
                Windows::Keys(keys)
            };
            self.memo.insert(key, windows);
        }
        match self.memo.get_key_value(&key) {
            Some((key, Windows::Whole)) => (new, std::slice::from_ref(key)),
            Some((_, Windows::Keys(keys))) => (new, keys),
            None => (new, &[]),
        }
    }

    /// Forgets the chunks whose key is not in `live` (memory follows the workspace).
    pub fn retain(&mut self, live: &HashSet<EmbeddingKey>) {
        self.memo.retain(|k, _| live.contains(k));
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;
    use std::sync::Arc;

    use crate::config::{Config, ModelConfig};
    use crate::engine::{Engine, OpenOptions};
    use crate::search::SearchIndex;
    use crate::search::dense::{Embedder, load_embedder};

    /// The search view of a workspace holding IRC §§ 3301, 3306 and 152 (SARA's copies of
    /// the Internal Revenue Code), every passage embedded, windows on or off.
    fn index(embedder: &Arc<dyn Embedder>, windows: bool) -> Option<Arc<SearchIndex>> {
        let sections = Path::new(env!("CARGO_MANIFEST_DIR"))
            .ancestors()
            .map(|a| a.join("shared/corpora/sara-v1/sections"))
            .find(|p| p.is_dir())?;
        let dir = tempfile::tempdir().ok()?;
        for name in ["26-usc-3301.md", "26-usc-3306.md", "26-usc-0152.md"] {
            std::fs::copy(sections.join(name), dir.path().join(name)).ok()?;
        }
        let mut config = Config::default();
        config.model.windows = windows;
        let options = OpenOptions {
            embedder: Some(Ok(embedder.clone())),
            ..OpenOptions::in_memory()
        };
        let mut engine = Engine::open(dir.path(), config, &options).ok()?;
        engine.scan(&mut |_| {});
        engine.embed_pending(&mut |_, _| {}).ok()?;
        engine.snapshot().search
    }

    /// Class: long statutory sections (IRC § 3306, definitions running to thousands of
    /// words) whose later text lies past the 256 word pieces the model reads.
    #[test]
    fn a_long_section_is_embedded_as_windows_and_found_by_its_last_window() {
        let Ok(embedder) = load_embedder(&ModelConfig::default()) else {
            eprintln!("skipped: no embedding model (scripts/fetch-models.sh)");
            return;
        };
        let embedder: Arc<dyn Embedder> = Arc::new(embedder);
        let (Some(windowed), Some(truncated)) = (index(&embedder, true), index(&embedder, false))
        else {
            eprintln!(
                "skipped: the SARA sections are not in a shared/corpora folder above the repository"
            );
            return;
        };
        assert_eq!(truncated.dense.len(), truncated.chunks.len());
        assert!(
            windowed.dense.len() > windowed.chunks.len(),
            "{} vectors for {} chunks",
            windowed.dense.len(),
            windowed.chunks.len()
        );
        // The chunk cut into the most windows, and a query from its last 40 words.
        let (long, count) = windowed
            .chunks
            .iter()
            .enumerate()
            .map(|(i, c)| (i, super::window_texts(embedder.as_ref(), true, c).len()))
            .max_by_key(|&(i, n)| (n, std::cmp::Reverse(i)))
            .expect("chunks");
        assert!(count >= 3, "the longest chunk has {count} windows");
        let words = windowed.chunks[long].text();
        let words: Vec<&str> = words.split_whitespace().collect();
        let query = words[words.len().saturating_sub(40)..].join(" ");
        let score = |index: &SearchIndex| {
            index
                .dense_ranking(&query, index.chunks.len())
                .expect("dense ranking")
                .into_iter()
                .position(|(c, _)| c == long)
        };
        let (with, without) = (score(&windowed), score(&truncated));
        assert!(
            with.is_some_and(|r| r < 3),
            "windows: the long chunk ranks {with:?} for its own last words"
        );
        assert!(
            without.is_none_or(|r| r > with.unwrap_or(0)),
            "truncated: {without:?}, windows: {with:?}"
        );
    }
}
