//! The knowledge graph of a workspace (HyPA-RAG § 4.4, built deterministically rather than
//! by LLM triplet extraction): sections and defined terms as nodes (petgraph), and the
//! relations
//!
//! - `cites`: a section cites another (from the resolved citations),
//! - `implements`: a regulation's section cites a statute's section in a sentence that says it
//!   implements it, acts under its authority, or is issued pursuant to it,
//! - `defines`: a section defines a term (`“bias audit” means …`, EU `(1) ‘personal data’
//!   means …`),
//! - `uses_term`: a section uses a defined term,
//! - `part_of`: a section belongs to its document (documents are nodes too, so sections of
//!   one act are two hops apart).
//!
//! [`walk`] retrieves from it: up to K keywords of the question matched to terms and
//! provisions, walks of at most S hops, triplets for the context and the provisions reached.

pub mod define;
pub mod walk;

use std::collections::HashMap;
use std::sync::Arc;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};
use petgraph::graph::{DiGraph, NodeIndex};
use serde::Serialize;

use crate::resolve::{DocId, ProvisionRef, Resolution};
use lexls_syntax::model::{Document, DocumentKind, ProvisionId};

/// A node of the knowledge graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KgNode {
    /// A section (a root provision).
    Section(ProvisionRef),
    /// A document (the act, rule or policy).
    Document(DocId),
    /// A defined term, by index into [`KnowledgeGraph::terms`].
    Term(usize),
}

/// A relation between two nodes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Relation {
    /// Section → section it cites.
    Cites,
    /// Regulation section → statute section it implements.
    Implements,
    /// Section → term it defines.
    Defines,
    /// Section → defined term it uses.
    UsesTerm,
    /// Section → its document.
    PartOf,
}

impl Relation {
    /// The relation's name in triplets.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Cites => "cites",
            Self::Implements => "implements",
            Self::Defines => "defines",
            Self::UsesTerm => "uses term",
            Self::PartOf => "part of",
        }
    }
}

/// A defined term.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Term {
    /// The term as defined (`bias audit`).
    pub name: String,
    /// Abbreviations (`AEDT`).
    pub aliases: Vec<String>,
    /// Sections that define it.
    pub defined_in: Vec<ProvisionRef>,
    /// Those of `defined_in` whose definition only refers to another section's (`“Bias
    /// audit” means “Bias audit” as defined by § 20-870 of the Code`), with the section
    /// referred to.
    pub by_reference: Vec<(ProvisionRef, ProvisionRef)>,
    /// Number of sections that use it (the term's document frequency).
    pub used_by: usize,
}

/// The knowledge graph.
#[derive(Debug, Clone, Default)]
pub struct KnowledgeGraph {
    graph: DiGraph<KgNode, Relation>,
    nodes: HashMap<KgNode, NodeIndex>,
    /// The defined terms.
    pub terms: Vec<Term>,
    /// Matches term names and aliases in text (leftmost-longest, ASCII case-insensitive);
    /// pattern `i` is `patterns[i]`'s term.
    matcher: Option<AhoCorasick>,
    patterns: Vec<usize>,
    /// Number of sections.
    pub sections: usize,
}

/// Words that make a citing sentence an implementing one.
const IMPLEMENTING: &[&str] = &[
    "implement",
    "pursuant to",
    "authority of",
    "authorized by",
    "promulgated under",
    "adopted under",
    "issued under",
];

impl KnowledgeGraph {
    /// Builds the graph of `docs` from their provisions, definitions and resolved citations
    /// (`resolutions[doc][citation]`, as in [`crate::workspace::Snapshot`]).
    pub fn build(docs: &[Arc<Document>], resolutions: &[Arc<Vec<Resolution>>]) -> Self {
        let mut kg = Self::default();
        // Terms, merged by lower-cased name.
        let mut by_name: HashMap<String, usize> = HashMap::new();
        for (doc_id, doc) in docs.iter().enumerate() {
            for def in &doc.definitions {
                let name = def.term.trim().to_lowercase();
                if name.chars().filter(|c| c.is_alphanumeric()).count() < 2 {
                    continue;
                }
                let t = *by_name.entry(name.clone()).or_insert_with(|| {
                    kg.terms.push(Term {
                        name,
                        aliases: Vec::new(),
                        defined_in: Vec::new(),
                        by_reference: Vec::new(),
                        used_by: 0,
                    });
                    kg.terms.len() - 1
                });
                for a in &def.aliases {
                    if !kg.terms[t].aliases.contains(a) {
                        kg.terms[t].aliases.push(a.clone());
                    }
                }
                if let Some(p) = def.provision {
                    let section = ProvisionRef {
                        doc: doc_id,
                        provision: doc.section_of(p),
                    };
                    if !kg.terms[t].defined_in.contains(&section) {
                        kg.terms[t].defined_in.push(section);
                    }
                    if let Some(to) = define::referred_definition(docs, doc_id, def, resolutions)
                        .filter(|to| *to != section)
                    {
                        kg.terms[t].by_reference.push((section, to));
                    }
                }
            }
        }
        kg.build_matcher();
        for (doc_id, doc) in docs.iter().enumerate() {
            let doc_node = kg.node(KgNode::Document(doc_id));
            for s in doc.sections() {
                kg.sections += 1;
                let section = ProvisionRef {
                    doc: doc_id,
                    provision: s,
                };
                let node = kg.node(KgNode::Section(section));
                kg.graph.add_edge(node, doc_node, Relation::PartOf);
                let text = doc.text.get(doc.provisions[s].span.clone()).unwrap_or("");
                let mut used: Vec<usize> = kg.terms_in(text);
                used.sort_unstable();
                used.dedup();
                for t in used {
                    let term = kg.node(KgNode::Term(t));
                    if kg.terms[t].defined_in.contains(&section) {
                        kg.graph.add_edge(node, term, Relation::Defines);
                    } else {
                        kg.terms[t].used_by += 1;
                        kg.graph.add_edge(node, term, Relation::UsesTerm);
                    }
                }
            }
            kg.add_citations(docs, doc_id, resolutions.get(doc_id));
        }
        // Terms defined in a section whose text the matcher missed (odd quoting).
        let defined: Vec<(usize, ProvisionRef)> = kg
            .terms
            .iter()
            .enumerate()
            .flat_map(|(t, term)| term.defined_in.iter().map(move |s| (t, *s)))
            .collect();
        for (t, section) in defined {
            let from = kg.node(KgNode::Section(section));
            let to = kg.node(KgNode::Term(t));
            if kg.graph.find_edge(from, to).is_none() {
                kg.graph.add_edge(from, to, Relation::Defines);
            }
        }
        kg
    }

    fn build_matcher(&mut self) {
        let mut pats: Vec<String> = Vec::new();
        for (i, t) in self.terms.iter().enumerate() {
            pats.push(t.name.clone());
            self.patterns.push(i);
            for a in &t.aliases {
                pats.push(a.clone());
                self.patterns.push(i);
            }
        }
        self.matcher = AhoCorasickBuilder::new()
            .ascii_case_insensitive(true)
            .match_kind(MatchKind::LeftmostLongest)
            .build(&pats)
            .ok();
    }

    /// The terms `text` uses (whole-word matches of names and aliases, longest first at
    /// each position), in order of occurrence, repeated as often as they occur.
    pub fn terms_in(&self, text: &str) -> Vec<usize> {
        let Some(m) = &self.matcher else {
            return Vec::new();
        };
        let bytes = text.as_bytes();
        m.find_iter(text)
            .filter(|hit| {
                let before = hit.start().checked_sub(1).map(|i| bytes[i]);
                let after = bytes.get(hit.end()).copied();
                let word = |b: Option<u8>| b.is_some_and(|b| b.is_ascii_alphanumeric());
                // Plural `s` counts as the same word.
                !word(before) && (!word(after) || after == Some(b's'))
            })
            .filter_map(|hit| self.patterns.get(hit.pattern().as_usize()).copied())
            .collect()
    }

    fn add_citations(
        &mut self,
        docs: &[Arc<Document>],
        doc_id: DocId,
        resolutions: Option<&Arc<Vec<Resolution>>>,
    ) {
        let Some(resolutions) = resolutions else {
            return;
        };
        let doc = &docs[doc_id];
        for (cite, resolution) in doc.citations.iter().zip(resolutions.iter()) {
            let Some(target) = resolution.target() else {
                continue;
            };
            let Some(from) = doc.provision_at(cite.span.start).map(|p| doc.section_of(p)) else {
                continue;
            };
            let Some(target_doc) = docs.get(target.doc) else {
                continue;
            };
            let to = ProvisionRef {
                doc: target.doc,
                provision: target_doc.section_of(target.provision),
            };
            let from = ProvisionRef {
                doc: doc_id,
                provision: from,
            };
            if from == to {
                continue;
            }
            let relation = if doc.kind == DocumentKind::Regulation
                && target_doc.kind == DocumentKind::Statute
                && implementing_sentence(&doc.text, cite.span.start)
            {
                Relation::Implements
            } else {
                Relation::Cites
            };
            let (a, b) = (
                self.node(KgNode::Section(from)),
                self.node(KgNode::Section(to)),
            );
            if !self
                .graph
                .edges_connecting(a, b)
                .any(|e| *e.weight() == relation)
            {
                self.graph.add_edge(a, b, relation);
            }
        }
    }

    fn node(&mut self, n: KgNode) -> NodeIndex {
        if let Some(i) = self.nodes.get(&n) {
            return *i;
        }
        let i = self.graph.add_node(n);
        self.nodes.insert(n, i);
        i
    }

    /// The graph index of a node, if the graph has it.
    pub fn index_of(&self, n: KgNode) -> Option<NodeIndex> {
        self.nodes.get(&n).copied()
    }

    /// The petgraph graph.
    pub fn graph(&self) -> &DiGraph<KgNode, Relation> {
        &self.graph
    }

    /// Number of edges of each relation, in the order cites, implements, defines, uses term,
    /// part of.
    pub fn edge_counts(&self) -> [usize; 5] {
        let mut out = [0; 5];
        for e in self.graph.edge_weights() {
            out[*e as usize] += 1;
        }
        out
    }

    /// The section of a provision as a node key.
    pub fn section_node(docs: &[Arc<Document>], p: ProvisionRef) -> Option<KgNode> {
        let doc = docs.get(p.doc)?;
        let provision: ProvisionId = doc.section_of(p.provision);
        Some(KgNode::Section(ProvisionRef {
            doc: p.doc,
            provision,
        }))
    }
}

/// Whether the sentence around byte `at` of `text` says it implements (or is issued under
/// the authority of) what it cites.
fn implementing_sentence(text: &str, at: usize) -> bool {
    let at = lexls_syntax::line_index::floor_char_boundary(text, at.min(text.len()));
    let start = text[..at].rfind(['.', '\n']).map_or(0, |i| i + 1);
    let end = text[at..].find(['.', '\n']).map_or(text.len(), |i| at + i);
    let sentence = text[start..end].to_lowercase();
    IMPLEMENTING.iter().any(|w| sentence.contains(w))
}
