//! The workspace: which folders can be one ([`root`]), where its index may live and what of
//! it lexls may delete ([`index_dir`]), its files ([`walk`]) and immutable [`Snapshot`]s of
//! its parsed state.
//!
//! A snapshot holds every document, the namespace index, the resolution of every citation,
//! the reverse index from what each resolution looked up to the citation
//! ([`crate::resolve::dependents`]) and the citation graph; requests read it without locking.
//! After an edit the next snapshot is derived from the last one ([`Snapshot::updated`]): the
//! namespace index is updated in place, the edited documents' citations and the citations
//! whose look-ups the edit changed are resolved again, their graph edges replaced, and
//! everything else is shared through `Arc`. Only an edit of what code phrases mean (a
//! document's namespace, its being a code, its code aliases) or of the set of documents
//! resolves the whole workspace again ([`Snapshot::build`]).

pub mod index_dir;
pub mod root;
pub mod walk;

#[cfg(test)]
mod incremental_tests;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

use rayon::prelude::*;

use crate::config::Config;
use crate::graph::CitationGraph;
use crate::kg::KnowledgeGraph;
use crate::resolve::dependents::{CitationRef, Dependents, LookupPairs};
use crate::resolve::lookups::{Lookup, Lookups};
use crate::resolve::{DocId, IndexChange, NamespaceIndex, ProvisionRef, Resolution};
use crate::search::SearchIndex;
use lexls_syntax::line_index::LineIndex;
use lexls_syntax::model::Document;

/// A parsed document with its line index.
#[derive(Debug, Clone)]
pub struct DocEntry {
    /// The document.
    pub doc: Arc<Document>,
    /// Offsets ↔ positions of its text.
    pub lines: Arc<Lines>,
}

impl DocEntry {
    /// Wraps a document; its line index is built when first used ([`Lines`]).
    pub fn new(doc: Document) -> Self {
        let doc = Arc::new(doc);
        Self {
            lines: Arc::new(Lines::new(doc.clone())),
            doc,
        }
    }
}

/// The line index of a document ([`LineIndex`], which it dereferences to), built the first
/// time a position of the document is asked for: most documents of a large code never are
/// (their diagnostics are empty, nobody opens them), and their line starts (8 bytes a line)
/// would take 12 MB of the D.C. Code and part of every start.
#[derive(Debug)]
pub struct Lines {
    doc: Arc<Document>,
    index: OnceLock<LineIndex>,
}

impl Lines {
    /// The (not yet built) line index of `doc`.
    pub fn new(doc: Arc<Document>) -> Self {
        Self {
            doc,
            index: OnceLock::new(),
        }
    }
}

impl std::ops::Deref for Lines {
    type Target = LineIndex;

    fn deref(&self) -> &LineIndex {
        self.index
            .get_or_init(|| LineIndex::with_substitutions(&self.doc.text, &self.doc.substitutions))
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
    /// Line indexes, parallel to `docs` (each built when first used).
    pub lines: Vec<Arc<Lines>>,
    /// Namespaces and their sections (shared with the previous snapshot when no target
    /// changed).
    pub namespaces: Arc<NamespaceIndex>,
    /// `resolutions[doc][citation]`; a document's list is shared with the previous snapshot
    /// when none of its resolutions changed.
    pub resolutions: Vec<Arc<Vec<Resolution>>>,
    /// What each resolution looked up → the citations: which to resolve again after an edit.
    pub dependents: Arc<Dependents>,
    /// The citation graph.
    pub graph: Arc<CitationGraph>,
    /// The retrieval index (absent until the first index build finishes).
    pub search: Option<Arc<SearchIndex>>,
    by_path: Arc<HashMap<PathBuf, DocId>>,
    kg: Arc<OnceLock<Arc<KnowledgeGraph>>>,
    /// When the snapshot was made ([`next_generation`]).
    generation: u64,
    /// Per document, the generation of the last snapshot in which something its
    /// diagnostics read may have changed ([`Snapshot::diagnostics_may_differ`]).
    stamps: Arc<Vec<u64>>,
}

/// The citations of one document resolved again after an edit ([`Snapshot::updated`]).
struct Redone {
    doc: DocId,
    /// The document's resolutions, when one of them changed.
    now: Option<Vec<Resolution>>,
    /// A resolution before or after names a provision of a document whose targets changed.
    names: bool,
    /// What they looked up.
    looked_up: LookupPairs,
}

/// Snapshots are numbered in the order they are made, process-wide.
static GENERATION: AtomicU64 = AtomicU64::new(1);

fn next_generation() -> u64 {
    GENERATION.fetch_add(1, Ordering::Relaxed)
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
        let resolved: Vec<(Vec<Resolution>, LookupPairs)> = (0..docs.len())
            .into_par_iter()
            .map(|id| namespaces.resolve_document_noting(&docs, id))
            .collect();
        namespaces.forget_phrases();
        let mut pairs = Vec::with_capacity(resolved.iter().map(|r| r.1.len()).sum());
        let resolutions: Vec<Arc<Vec<Resolution>>> = resolved
            .into_iter()
            .map(|(res, looked_up)| {
                pairs.extend(looked_up);
                Arc::new(res)
            })
            .collect();
        let dependents = Arc::new(Dependents::build(pairs));
        tracing::debug!(
            pairs = dependents.len(),
            bytes = dependents.heap_bytes(),
            "reverse index of look-ups"
        );
        let graph = Arc::new(CitationGraph::build(&docs, &resolutions));
        let by_path = Arc::new(
            docs.iter()
                .enumerate()
                .map(|(i, d)| (d.path.clone(), i))
                .collect(),
        );
        let generation = next_generation();
        Self {
            root: root.to_path_buf(),
            config,
            stamps: Arc::new(vec![generation; docs.len()]),
            docs,
            lines,
            namespaces,
            resolutions,
            dependents,
            graph,
            search,
            by_path,
            kg: Arc::new(OnceLock::new()),
            generation,
        }
    }

    /// The snapshot after the documents `changed` (relative paths) were replaced by their
    /// entries in `entries`, derived from `self`: the namespace index is updated for each
    /// changed document ([`NamespaceIndex::replace_document`]), the changed documents'
    /// citations are resolved again, and so are the citations of other documents whose
    /// look-ups the edit changed ([`IndexChange::keys`] through [`Self::dependents`]); their
    /// graph edges are replaced, and the documents whose diagnostics may read otherwise are
    /// stamped ([`Self::diagnostics_may_differ`]). Equal to a [`Snapshot::build`] of the same
    /// entries (`workspace::incremental_tests`). `None` when a full build is needed: a
    /// document added or removed, or an edit of what code phrases mean
    /// ([`NamespaceIndex::update_holds`]).
    pub fn updated(
        &self,
        entries: &BTreeMap<String, DocEntry>,
        changed: &BTreeSet<String>,
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
            if Arc::ptr_eq(&self.docs[id], &entry.doc) {
                continue;
            }
            docs[id] = entry.doc.clone();
            lines[id] = entry.lines.clone();
            ids.push(id);
        }
        if ids.is_empty() {
            // Only the search view changed (embeddings added, BM25 caught up): every table,
            // the knowledge graph included, is shared rather than copied.
            return Some(Self {
                search,
                generation: next_generation(),
                ..self.clone()
            });
        }
        // A document moving to another namespace (or becoming a code) is checked against the
        // index as it stands: one at a time.
        let moving = ids
            .iter()
            .filter(|&&id| {
                let (old, new) = (&self.docs[id], &docs[id]);
                old.namespace != new.namespace || old.namespace_is_code != new.namespace_is_code
            })
            .count();
        if moving > 1 {
            return None;
        }
        let generation = next_generation();
        let mut namespaces = self.namespaces.clone();
        let mut change = IndexChange::default();
        let mut targets_changed = Vec::new();
        for &id in &ids {
            let old = &self.docs[id];
            let kept = NamespaceIndex::same_targets(old, &docs[id]);
            if !kept {
                targets_changed.push(id);
            }
            if !namespaces.update_holds(&docs, id, old) {
                return None;
            }
            NamespaceIndex::note_edit(old, &docs[id], kept, &mut change);
            if namespaces.needs_replacing(&docs, id, old)
                && !Arc::make_mut(&mut namespaces).replace_document(&docs, id, old, &mut change)
            {
                return None;
            }
        }
        // "Did you mean" answers that still hold are kept; those a diagnostic may show
        // otherwise now make the documents citing their numbers be diagnosed again.
        let shown = if Arc::ptr_eq(&namespaces, &self.namespaces) && targets_changed.is_empty() {
            Vec::new()
        } else {
            namespaces.carry_nearest(&self.namespaces, &self.docs, &change, &targets_changed)
        };

        let mut edited = vec![false; docs.len()];
        for &id in &ids {
            edited[id] = true;
        }
        let mut keys = change.keys;
        keys.sort_unstable();
        keys.dedup();
        let mut again: BTreeMap<DocId, Vec<usize>> = BTreeMap::new();
        for &key in &keys {
            for c in self.dependents.of(key) {
                if !edited.get(c.doc_id()).copied().unwrap_or(true) {
                    again
                        .entry(c.doc_id())
                        .or_default()
                        .push(c.citation as usize);
                }
            }
        }
        for list in again.values_mut() {
            list.sort_unstable();
            list.dedup();
        }

        let mut stamped: Vec<DocId> = ids.clone();
        let mut resolutions = self.resolutions.clone();
        let mut pairs = Vec::new();
        let mut relinked = ids.clone();
        let edited_now: Vec<(Vec<Resolution>, LookupPairs)> = ids
            .par_iter()
            .map(|&id| namespaces.resolve_document_noting(&docs, id))
            .collect();
        for (&id, (res, looked_up)) in ids.iter().zip(edited_now) {
            resolutions[id] = Arc::new(res);
            pairs.extend(looked_up);
        }
        let names_changed = |r: &Resolution| {
            !targets_changed.is_empty() && r.provisions().any(|p| targets_changed.contains(&p.doc))
        };
        let redone: Vec<Redone> = again
            .par_iter()
            .map(|(&doc, cites)| {
                let before = &self.resolutions[doc];
                let mut now: Option<Vec<Resolution>> = None;
                let mut names = false;
                let mut lk = Lookups::default();
                let mut looked_up = Vec::new();
                for &i in cites {
                    lk.clear();
                    let r = namespaces.resolve_citation(&docs, doc, i, &mut lk);
                    if let Some(at) = CitationRef::new(doc, i) {
                        looked_up.extend(lk.drain_from(0).map(|k| (k, at)));
                    }
                    let old = before.get(i);
                    names |= names_changed(&r) || old.is_some_and(names_changed);
                    if old != Some(&r) {
                        now.get_or_insert_with(|| before.as_ref().clone())[i] = r;
                    }
                }
                Redone {
                    doc,
                    now,
                    names,
                    looked_up,
                }
            })
            .collect();
        for Redone {
            doc,
            now,
            names,
            looked_up,
        } in redone
        {
            pairs.extend(looked_up);
            if let Some(now) = now {
                resolutions[doc] = Arc::new(now);
                relinked.push(doc);
                stamped.push(doc);
            } else if names {
                stamped.push(doc);
            }
        }
        // Answers remembered while resolving; the next edit asks for others.
        namespaces.forget_phrases();
        for (name, unit, number) in &shown {
            let key = Lookup::Section {
                namespace: name,
                unit: *unit,
                number: &number.to_lowercase(),
            }
            .key();
            stamped.extend(self.dependents.of(key).iter().map(|c| c.doc_id()));
        }

        let mut touched = edited;
        for &doc in again.keys() {
            touched[doc] = true;
        }
        let dependents = Arc::new(self.dependents.replaced(
            &touched,
            |c| {
                let doc = c.doc_id();
                ids.contains(&doc)
                    || again
                        .get(&doc)
                        .is_some_and(|list| list.binary_search(&(c.citation as usize)).is_ok())
            },
            pairs,
        ));
        let mut graph = self.graph.clone();
        if !relinked.is_empty() {
            relinked.sort_unstable();
            Arc::make_mut(&mut graph).replace_documents(&relinked, &docs, &resolutions);
        }
        let mut stamps = self.stamps.clone();
        if !stamped.is_empty() {
            let list = Arc::make_mut(&mut stamps);
            for doc in stamped {
                if let Some(slot) = list.get_mut(doc) {
                    *slot = generation;
                }
            }
        }
        Some(Self {
            root: self.root.clone(),
            config: self.config.clone(),
            docs,
            lines,
            namespaces,
            resolutions,
            dependents,
            graph,
            search,
            by_path: self.by_path.clone(),
            kg: Arc::new(OnceLock::new()),
            generation,
            stamps,
        })
    }

    /// Whether `self` was derived from `before` by edits of the same documents
    /// ([`Snapshot::updated`]), so that [`Self::diagnostics_may_differ`] can tell which
    /// documents to diagnose again.
    pub fn derived_from(&self, before: &Snapshot) -> bool {
        Arc::ptr_eq(&self.by_path, &before.by_path)
    }

    /// Whether document `id` may have diagnostics different from those it had in `before`
    /// (the snapshot they were computed on, made before this one): the snapshot was not
    /// derived from it, or since then the document's text, its resolutions or what its
    /// diagnostics read of other documents changed (the provisions it cites, the "did you
    /// mean" answers and the first and last sections of a namespace, which it shows).
    ///
    /// Holds when `before`'s diagnostics were computed before the next snapshot was derived
    /// from it (the "did you mean" answers they asked for are carried over and checked
    /// then), as the server's one writer does.
    pub fn diagnostics_may_differ(&self, before: &Snapshot, id: DocId) -> bool {
        let (Some(doc), Some(res)) = (self.docs.get(id), self.resolutions.get(id)) else {
            return true;
        };
        !(self.derived_from(before)
            && self.stamps.get(id).is_some_and(|&s| s <= before.generation)
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
