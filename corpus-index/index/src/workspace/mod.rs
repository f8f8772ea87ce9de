//! The workspace: which folders can be one ([`root`]), where its index may live and what of
//! it lexls may delete ([`index_dir`]), its files ([`walk`]) and immutable [`Snapshot`]s of
//! its parsed state.
//!
//! A snapshot holds every document, the namespace index, the resolution of every citation
//! and the citation graph; requests read it without locking. After an edit the next snapshot
//! is derived from the last one ([`Snapshot::updated`]): when the edited documents still
//! offer the same targets (sections, subsections, namespace, aliases), only their own
//! citations are resolved again and everything else is shared through `Arc`; otherwise the
//! whole workspace is resolved again ([`Snapshot::build`]).

pub mod index_dir;
pub mod root;
pub mod walk;

#[cfg(test)]
mod incremental_tests;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use rayon::prelude::*;

use crate::config::Config;
use crate::graph::CitationGraph;
use crate::kg::KnowledgeGraph;
use crate::resolve::{DocId, NamespaceIndex, ProvisionRef, Resolution};
use crate::search::SearchIndex;
use lexls_syntax::line_index::LineIndex;
use lexls_syntax::model::Document;

/// A parsed document with its line index.
#[derive(Debug, Clone)]
pub struct DocEntry {
    /// The document.
    pub doc: Arc<Document>,
    /// Offsets ↔ positions of its text.
    pub lines: Arc<LineIndex>,
}

impl DocEntry {
    /// Wraps a document, building its line index.
    pub fn new(doc: Document) -> Self {
        let lines = Arc::new(LineIndex::with_substitutions(&doc.text, &doc.substitutions));
        Self {
            doc: Arc::new(doc),
            lines,
        }
    }
}

/// An immutable view of the workspace.
#[derive(Debug, Clone)]
pub struct Snapshot {
    /// The workspace root.
    pub root: PathBuf,
    /// The configuration in force.
    pub config: Arc<Config>,
    /// Documents sorted by relative path; a [`DocId`] indexes this list.
    pub docs: Vec<Arc<Document>>,
    /// Line indexes, parallel to `docs`.
    pub lines: Vec<Arc<LineIndex>>,
    /// Namespaces and their sections (shared with the previous snapshot when no target
    /// changed).
    pub namespaces: Arc<NamespaceIndex>,
    /// `resolutions[doc][citation]`; a document's list is shared with the previous snapshot
    /// when it was not resolved again.
    pub resolutions: Vec<Arc<Vec<Resolution>>>,
    /// The citation graph.
    pub graph: Arc<CitationGraph>,
    /// The retrieval index (absent until the first index build finishes).
    pub search: Option<Arc<SearchIndex>>,
    by_path: Arc<HashMap<PathBuf, DocId>>,
    kg: Arc<OnceLock<Arc<KnowledgeGraph>>>,
}

impl Snapshot {
    /// Builds a snapshot of `entries` (any order).
    pub fn build(
        root: &Path,
        config: Arc<Config>,
        mut entries: Vec<DocEntry>,
        search: Option<Arc<SearchIndex>>,
    ) -> Self {
        entries.sort_by(|a, b| a.doc.rel_path.cmp(&b.doc.rel_path));
        let docs: Vec<Arc<Document>> = entries.iter().map(|e| e.doc.clone()).collect();
        let lines = entries.into_iter().map(|e| e.lines).collect();
        let namespaces = Arc::new(NamespaceIndex::build(&docs));
        // Each document resolves against the shared namespace index alone: in parallel
        // (rayon), in document order.
        let resolutions: Vec<Arc<Vec<Resolution>>> = (0..docs.len())
            .into_par_iter()
            .map(|id| Arc::new(namespaces.resolve_document(&docs, id)))
            .collect();
        let graph = Arc::new(CitationGraph::build(&docs, &resolutions));
        let by_path = Arc::new(
            docs.iter()
                .enumerate()
                .map(|(i, d)| (d.path.clone(), i))
                .collect(),
        );
        Self {
            root: root.to_path_buf(),
            config,
            docs,
            lines,
            namespaces,
            resolutions,
            graph,
            search,
            by_path,
            kg: Arc::new(OnceLock::new()),
        }
    }

    /// The snapshot after the documents `changed` (relative paths) were replaced by their
    /// entries in `entries`, derived from `self` where possible: when every changed document
    /// is still in the workspace at the same place and offers the same targets
    /// ([`NamespaceIndex::same_targets`]), only the changed documents' citations are resolved
    /// again, and the namespace index and the other documents' resolutions are shared.
    /// `None` when a full [`Snapshot::build`] is needed (a document added or removed, or
    /// targets changed).
    pub fn updated(
        &self,
        entries: &std::collections::BTreeMap<String, DocEntry>,
        changed: &std::collections::BTreeSet<String>,
        search: Option<Arc<SearchIndex>>,
    ) -> Option<Self> {
        if entries.len() != self.docs.len() {
            return None;
        }
        let mut docs = self.docs.clone();
        let mut lines = self.lines.clone();
        let mut ids = Vec::with_capacity(changed.len());
        for rel in changed {
            let id = self.doc_by_rel(rel)?;
            let entry = entries.get(rel)?;
            if !NamespaceIndex::same_targets(&self.docs[id], &entry.doc) {
                return None;
            }
            docs[id] = entry.doc.clone();
            lines[id] = entry.lines.clone();
            ids.push(id);
        }
        let mut namespaces = self.namespaces.clone();
        for &id in &ids {
            if !namespaces.names_same_codes(&docs, id) {
                Arc::make_mut(&mut namespaces).refresh_named(&docs, id);
            }
        }
        let mut resolutions = self.resolutions.clone();
        let mut graph = self.graph.clone();
        for &id in &ids {
            resolutions[id] = Arc::new(namespaces.resolve_document(&docs, id));
            Arc::make_mut(&mut graph).replace_document(id, &docs[id], &resolutions[id]);
        }
        Some(Self {
            root: self.root.clone(),
            config: self.config.clone(),
            docs,
            lines,
            namespaces,
            resolutions,
            graph,
            search,
            by_path: self.by_path.clone(),
            kg: Arc::new(OnceLock::new()),
        })
    }

    /// Whether document `id` may have diagnostics different from those it had in `before`
    /// (the snapshot they were computed on): its text or its resolutions changed, or the
    /// namespace index (and with it "did you mean" suggestions) is not the same.
    pub fn diagnostics_may_differ(&self, before: &Snapshot, id: DocId) -> bool {
        let (Some(doc), Some(res)) = (self.docs.get(id), self.resolutions.get(id)) else {
            return true;
        };
        !(Arc::ptr_eq(&self.namespaces, &before.namespaces)
            && before.docs.get(id).is_some_and(|d| Arc::ptr_eq(d, doc))
            && before
                .resolutions
                .get(id)
                .is_some_and(|r| Arc::ptr_eq(r, res)))
    }

    /// The knowledge graph of the snapshot (built on first use, then shared by its clones).
    pub fn knowledge_graph(&self) -> Arc<KnowledgeGraph> {
        self.kg
            .get_or_init(|| Arc::new(KnowledgeGraph::build(&self.docs, &self.resolutions)))
            .clone()
    }

    /// An empty snapshot of `root`.
    pub fn empty(root: &Path, config: Arc<Config>) -> Self {
        Self::build(root, config, Vec::new(), None)
    }

    /// The document at absolute `path`.
    pub fn doc_id(&self, path: &Path) -> Option<DocId> {
        self.by_path.get(path).copied()
    }

    /// The document with relative path `rel`.
    pub fn doc_by_rel(&self, rel: &str) -> Option<DocId> {
        self.docs
            .binary_search_by(|d| d.rel_path.as_str().cmp(rel))
            .ok()
    }

    /// The entries of this snapshot (to build the next one).
    pub fn entries(&self) -> Vec<DocEntry> {
        self.docs
            .iter()
            .zip(&self.lines)
            .map(|(doc, lines)| DocEntry {
                doc: doc.clone(),
                lines: lines.clone(),
            })
            .collect()
    }

    /// The provision a reference points to.
    pub fn provision(&self, r: ProvisionRef) -> Option<&lexls_syntax::model::Provision> {
        self.docs.get(r.doc)?.provisions.get(r.provision)
    }

    /// Number of provisions, citations and unresolved citations, for status reports.
    pub fn counts(&self) -> Counts {
        let provisions = self.docs.iter().map(|d| d.provisions.len()).sum();
        let citations = self.docs.iter().map(|d| d.citations.len()).sum();
        let unresolved = self
            .resolutions
            .iter()
            .flat_map(|r| r.iter())
            .filter(|r| {
                matches!(
                    r,
                    Resolution::Unresolved { .. } | Resolution::MissingSubsection { .. }
                )
            })
            .count();
        let external = self
            .resolutions
            .iter()
            .flat_map(|r| r.iter())
            .filter(|r| matches!(r, Resolution::External { .. }))
            .count();
        Counts {
            documents: self.docs.len(),
            provisions,
            citations,
            unresolved,
            external,
        }
    }
}

/// Sizes of a snapshot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Counts {
    /// Documents.
    pub documents: usize,
    /// Sections and subsections.
    pub provisions: usize,
    /// Citations.
    pub citations: usize,
    /// Citations that do not resolve (missing section or subsection).
    pub unresolved: usize,
    /// Citations of codes outside the workspace.
    pub external: usize,
}
