//! The workspace: which folders can be one ([`root`]), where its index may live and what of
//! it lexls may delete ([`index_dir`]), its files ([`walk`]) and immutable [`Snapshot`]s of
//! its parsed state.
//!
//! A snapshot holds every document, the namespace index, the resolution of every citation
//! and the citation graph. It is rebuilt from the documents after each change (cheap: the
//! parsed documents are shared through `Arc`), and requests read it without locking.

pub mod index_dir;
pub mod root;
pub mod walk;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use crate::citation::graph::CitationGraph;
use crate::citation::resolve::{DocId, NamespaceIndex, ProvisionRef, Resolution};
use crate::config::Config;
use crate::kg::KnowledgeGraph;
use crate::line_index::LineIndex;
use crate::model::Document;
use crate::search::SearchIndex;

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
    /// Namespaces and their sections.
    pub namespaces: NamespaceIndex,
    /// `resolutions[doc][citation]`.
    pub resolutions: Vec<Vec<Resolution>>,
    /// The citation graph.
    pub graph: CitationGraph,
    /// The retrieval index (absent until the first index build finishes).
    pub search: Option<Arc<SearchIndex>>,
    by_path: HashMap<PathBuf, DocId>,
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
        let namespaces = NamespaceIndex::build(&docs);
        let resolutions: Vec<Vec<Resolution>> = docs
            .iter()
            .enumerate()
            .map(|(id, _)| namespaces.resolve_document(&docs, id))
            .collect();
        let graph = CitationGraph::build(&docs, &resolutions);
        let by_path = docs
            .iter()
            .enumerate()
            .map(|(i, d)| (d.path.clone(), i))
            .collect();
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
    pub fn provision(&self, r: ProvisionRef) -> Option<&crate::model::Provision> {
        self.docs.get(r.doc)?.provisions.get(r.provision)
    }

    /// Number of provisions, citations and unresolved citations, for status reports.
    pub fn counts(&self) -> Counts {
        let provisions = self.docs.iter().map(|d| d.provisions.len()).sum();
        let citations = self.docs.iter().map(|d| d.citations.len()).sum();
        let unresolved = self
            .resolutions
            .iter()
            .flatten()
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
            .flatten()
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
