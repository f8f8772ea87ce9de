//! The citation graph of a workspace (petgraph): an edge from the provision where a
//! citation stands to every provision it cites, keeping the citation's document and index so
//! that "references" and "cited by" counts are exact.

use std::collections::HashMap;
use std::sync::Arc;

use petgraph::Direction;
use petgraph::graph::{DiGraph, NodeIndex};

use crate::resolve::{DocId, ProvisionRef, Resolution};
use lexls_syntax::citation::Relative;
use lexls_syntax::model::Document;

/// A node: a provision, or a document for text outside any provision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Node {
    /// A section or subsection.
    Provision(ProvisionRef),
    /// The part of a document outside its provisions (a policy's preamble).
    Document(DocId),
}

/// An edge: citation number `citation` of document `doc`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Edge {
    /// The citing document.
    pub doc: DocId,
    /// Index into the citing document's citations.
    pub citation: usize,
}

/// Directed graph of resolved citations.
#[derive(Debug, Clone, Default)]
pub struct CitationGraph {
    graph: DiGraph<Node, Edge>,
    nodes: HashMap<Node, NodeIndex>,
}

impl CitationGraph {
    /// Builds the graph from every document's citations and their resolutions
    /// (`resolutions[doc][citation]`). Self-references without labels (`this section`)
    /// are not cross-references and are left out.
    pub fn build(docs: &[Arc<Document>], resolutions: &[Arc<Vec<Resolution>>]) -> Self {
        let mut g = Self::default();
        for (doc_id, doc) in docs.iter().enumerate() {
            if let Some(res) = resolutions.get(doc_id) {
                g.add_document(doc_id, doc, res);
            }
        }
        g
    }

    /// Replaces the edges of document `doc_id` by those of its new citations `doc` and their
    /// `resolutions` (after an edit). Takes O(edges) to find the old ones: far less than
    /// building the graph anew, which hashes every node.
    pub fn replace_document(&mut self, doc_id: DocId, doc: &Document, resolutions: &[Resolution]) {
        self.graph.retain_edges(|g, e| g[e].doc != doc_id);
        self.add_document(doc_id, doc, resolutions);
    }

    /// [`Self::replace_document`] for each of the documents `ids` at once (one pass over the
    /// edges), with the documents and resolutions of the snapshot (`docs[id]`,
    /// `resolutions[id]`).
    pub fn replace_documents(
        &mut self,
        ids: &[DocId],
        docs: &[Arc<Document>],
        resolutions: &[Arc<Vec<Resolution>>],
    ) {
        let mut replaced = vec![false; docs.len()];
        for &id in ids {
            if let Some(slot) = replaced.get_mut(id) {
                *slot = true;
            }
        }
        self.graph
            .retain_edges(|g, e| !replaced.get(g[e].doc).copied().unwrap_or(false));
        for &id in ids {
            if let (Some(doc), Some(res)) = (docs.get(id), resolutions.get(id)) {
                self.add_document(id, doc, res);
            }
        }
    }

    /// Adds an edge for every cross-reference of `doc` (document `doc_id`).
    fn add_document(&mut self, doc_id: DocId, doc: &Document, res: &[Resolution]) {
        for (i, (cite, resolution)) in doc.citations.iter().zip(res.iter()).enumerate() {
            if cite.relative == Some(Relative::ThisSection) && cite.subsections.is_empty() {
                continue;
            }
            let targets: Vec<ProvisionRef> = match resolution {
                Resolution::Resolved {
                    target, covered, ..
                } if !covered.is_empty() => {
                    let mut all = covered.clone();
                    if !all.contains(target) {
                        all.push(*target);
                    }
                    all
                }
                other => other.target().into_iter().collect(),
            };
            if targets.is_empty() {
                continue;
            }
            let source = match doc.provision_at(cite.span.start) {
                Some(p) => Node::Provision(ProvisionRef {
                    doc: doc_id,
                    provision: p,
                }),
                None => Node::Document(doc_id),
            };
            let from = self.node(source);
            for target in targets {
                let to = self.node(Node::Provision(target));
                self.graph.add_edge(
                    from,
                    to,
                    Edge {
                        doc: doc_id,
                        citation: i,
                    },
                );
            }
        }
    }

    fn node(&mut self, node: Node) -> NodeIndex {
        *self
            .nodes
            .entry(node)
            .or_insert_with(|| self.graph.add_node(node))
    }

    /// Citations of `target` and of every provision below it, in document order.
    pub fn citations_of(&self, docs: &[Arc<Document>], target: ProvisionRef) -> Vec<Edge> {
        let Some(doc) = docs.get(target.doc) else {
            return Vec::new();
        };
        let mut stack = vec![target.provision];
        let mut edges = Vec::new();
        while let Some(p) = stack.pop() {
            stack.extend(doc.provisions[p].children.iter().copied());
            let node = Node::Provision(ProvisionRef {
                doc: target.doc,
                provision: p,
            });
            if let Some(&idx) = self.nodes.get(&node) {
                edges.extend(
                    self.graph
                        .edges_directed(idx, Direction::Incoming)
                        .map(|e| *e.weight()),
                );
            }
        }
        edges.sort_by_key(|e| (e.doc, e.citation));
        edges.dedup();
        edges
    }

    /// Provisions that `source` cites (directly).
    pub fn cited_from(&self, source: Node) -> Vec<ProvisionRef> {
        let Some(&idx) = self.nodes.get(&source) else {
            return Vec::new();
        };
        self.graph
            .neighbors_directed(idx, Direction::Outgoing)
            .filter_map(|n| match self.graph[n] {
                Node::Provision(p) => Some(p),
                Node::Document(_) => None,
            })
            .collect()
    }

    /// Number of edges.
    pub fn edge_count(&self) -> usize {
        self.graph.edge_count()
    }
}
