//! The models the ask pipeline loads from the workspace's configuration: the
//! query-complexity classifier (`[classifier] model`, HyPA-RAG §7) and the cross-encoder
//! reranker (`[reranker] dir`).
//!
//! [`Models`] is a value, owned by whoever answers questions (the language server's session,
//! one evaluation run), not a process-wide cache: each owner loads what it uses once, and
//! loads it again when its file changes on disk, so that a classifier retrained at the same
//! path is the one that answers next.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::SystemTime;

use lexls_index::workspace::Snapshot;

use super::rerank::CrossEncoder;
use crate::classify::{self, ConfiguredClassifier};

/// A classifier and the warning its loading gave (a model file that does not load falls
/// back to the built-in model, with a warning).
pub type LoadedClassifier = (Arc<ConfiguredClassifier>, Option<String>);

/// A cross-encoder, or why it could not be loaded.
pub type LoadedReranker = Result<Arc<CrossEncoder>, String>;

/// Workspace root, `[classifier] model` and `classes`.
type ClassifierKey = (PathBuf, Option<PathBuf>, u8);

/// What a model file looked like when it was loaded: modification time and length (`None`
/// when it could not be read, as for a missing file).
type Stamp = Option<(SystemTime, u64)>;

/// Models loaded for the snapshots an owner answers on, each with the [`Stamp`] of its file.
#[derive(Default)]
pub struct Models {
    classifiers: Mutex<HashMap<ClassifierKey, (Stamp, LoadedClassifier)>>,
    rerankers: Mutex<HashMap<PathBuf, (Stamp, LoadedReranker)>>,
}

impl std::fmt::Debug for Models {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Models").finish_non_exhaustive()
    }
}

impl Models {
    /// The configured query-complexity classifier of `snap` (the built-in one without
    /// `[classifier] model`), loaded on first use and again when its file has changed.
    pub fn classifier(&self, snap: &Snapshot) -> LoadedClassifier {
        let cfg = &snap.config.classifier;
        let key = (snap.root.clone(), cfg.model.clone(), cfg.classes);
        let stamp = cfg.model.as_ref().and_then(|m| stamp(&snap.root.join(m)));
        let mut loaded = lock(&self.classifiers);
        if let Some((seen, value)) = loaded.get(&key)
            && *seen == stamp
        {
            return value.clone();
        }
        let (c, warning) = classify::from_config(&snap.root, cfg);
        let value = (Arc::new(c), warning);
        loaded.insert(key, (stamp, value.clone()));
        value
    }

    /// The reranker of `[reranker] dir`, if set: loaded on first use and again when its
    /// `model.onnx` has changed, or why it could not be.
    pub fn reranker(&self, snap: &Snapshot) -> Option<LoadedReranker> {
        let dir = snap.config.reranker.dir.as_ref()?;
        let dir = if dir.is_relative() {
            snap.root.join(dir)
        } else {
            dir.clone()
        };
        let stamp = stamp(&dir.join("model.onnx"));
        let mut loaded = lock(&self.rerankers);
        if let Some((seen, value)) = loaded.get(&dir)
            && *seen == stamp
        {
            return Some(value.clone());
        }
        let runtime = lexls_index::search::dense::model_paths(&snap.config.model).runtime;
        let value = CrossEncoder::load(&dir, &runtime).map(Arc::new);
        loaded.insert(dir, (stamp, value.clone()));
        Some(value)
    }
}

fn stamp(path: &Path) -> Stamp {
    let meta = std::fs::metadata(path).ok()?;
    Some((meta.modified().ok()?, meta.len()))
}

/// A poisoned lock still holds usable models: a panic while loading one leaves the map as
/// it was.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;
    use lexls_index::config::Config;
    use lexls_index::engine::Engine;

    /// A retrained classifier at the same path answers from the next question on.
    #[test]
    fn a_classifier_rewritten_in_place_is_loaded_again() {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path();
        std::fs::write(
            root.join("statute.md"),
            "# § 1. Scope.\n\n(a) This chapter applies to employers.\n",
        )
        .expect("write");
        let mut config = Config::default();
        config.classifier.model = Some(PathBuf::from("classifier.json"));
        let snap = Engine::scan_in_memory(root, config).expect("scan");
        let models = Models::default();
        // No file yet: the built-in model, with a warning that names the file.
        let (_, warning) = models.classifier(&snap);
        assert!(
            warning
                .as_deref()
                .is_some_and(|w| w.contains("classifier.json")),
            "{warning:?}"
        );
        // Unchanged: the same loaded value.
        let (first, _) = models.classifier(&snap);
        let (again, _) = models.classifier(&snap);
        assert!(Arc::ptr_eq(&first, &again));
        // A file appears at the path (here one that does not parse): it is read anew, and
        // the warning says what is wrong with it now.
        std::fs::write(root.join("classifier.json"), "{ not a model").expect("write");
        let (reloaded, warning) = models.classifier(&snap);
        assert!(!Arc::ptr_eq(&first, &reloaded));
        assert!(warning.is_some_and(|w| w.contains("classifier.json")));
    }
}
