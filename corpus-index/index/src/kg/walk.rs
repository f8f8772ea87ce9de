//! Knowledge-graph retrieval (HyPA-RAG § 4.4): up to K keywords of the question — the
//! provisions it cites and the defined terms it uses, rarest first — matched to graph nodes,
//! walks of at most S hops from them, the triplets walked (for the answer's context) and the
//! sections reached (as candidates, scored by how close and how specific their keywords are).

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::Arc;

use petgraph::Direction;
use petgraph::visit::EdgeRef;
use serde::Serialize;

use super::{KgNode, KnowledgeGraph, Relation};
use crate::resolve::ProvisionRef;
use lexls_syntax::citation::cite_string;
use lexls_syntax::model::Document;

/// A walked edge, as text: `(6 RCNY § 5-300, defines, bias audit)`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Triplet {
    /// The subject (a citation, a term or a document title).
    pub subject: String,
    /// The relation.
    pub relation: Relation,
    /// The object.
    pub object: String,
}

/// A section reached by the walks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Reached {
    /// The section.
    pub section: ProvisionRef,
    /// Summed weight of the walks that reached it (higher is better).
    pub score: f32,
    /// Fewest hops from a keyword.
    pub hops: usize,
}

/// What the graph gives a question.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct KgResult {
    /// The keywords used: cited provisions and defined terms.
    pub keywords: Vec<String>,
    /// Triplets walked, nearest first.
    pub triplets: Vec<Triplet>,
    /// Sections reached, best first.
    pub reached: Vec<Reached>,
}

/// Most triplets returned.
const MAX_TRIPLETS: usize = 24;
/// Weight kept per hop.
const DECAY: f32 = 0.5;

/// Retrieves from `kg` for `question`: `cited` are the sections the question cites (they
/// are keywords first), then defined terms, rarest first, up to `max_keywords` in all; walks
/// of at most `max_hops` edges.
pub fn retrieve(
    kg: &KnowledgeGraph,
    docs: &[Arc<Document>],
    question: &str,
    cited: &[ProvisionRef],
    max_keywords: usize,
    max_hops: usize,
) -> KgResult {
    let mut out = KgResult::default();
    if max_keywords == 0 {
        return out;
    }
    let mut seeds: Vec<(KgNode, f32)> = Vec::new();
    for p in cited {
        if let Some(n) = KnowledgeGraph::section_node(docs, *p)
            && !seeds.iter().any(|(s, _)| *s == n)
            && seeds.len() < max_keywords
        {
            seeds.push((n, 1.0));
            out.keywords.push(label(kg, docs, n));
        }
    }
    let mut terms: Vec<usize> = kg.terms_in(question);
    terms.sort_unstable();
    terms.dedup();
    // Rarest first; a term no section uses is as specific as it gets.
    terms.sort_by_key(|t| {
        (
            kg.terms[*t].used_by,
            std::cmp::Reverse(kg.terms[*t].name.len()),
        )
    });
    let sections = kg.sections.max(1) as f32;
    for t in terms {
        if seeds.len() >= max_keywords {
            break;
        }
        // Inverse document frequency of the term over sections, in (0, 1].
        let idf =
            ((sections + 1.0) / (kg.terms[t].used_by as f32 + 1.0)).ln() / (sections + 1.0).ln();
        seeds.push((KgNode::Term(t), idf.max(0.05)));
        out.keywords.push(kg.terms[t].name.clone());
    }

    let mut scores: HashMap<ProvisionRef, (f32, usize)> = HashMap::new();
    let mut triplets: Vec<(usize, Triplet)> = Vec::new();
    let mut seen_triplets: HashSet<Triplet> = HashSet::new();
    for (seed, weight) in &seeds {
        let Some(start) = kg.index_of(*seed) else {
            continue;
        };
        let mut visited: HashSet<_> = HashSet::from([start]);
        let mut queue = VecDeque::from([(start, 0usize, *weight)]);
        while let Some((at, hops, w)) = queue.pop_front() {
            if hops >= max_hops {
                continue;
            }
            for (next, relation, forward) in neighbours(kg, at) {
                let next_node = kg.graph()[next];
                // Terms many sections use lead everywhere: follow them only to their
                // definitions.
                let step = match (kg.graph()[at], relation, forward) {
                    (KgNode::Term(t), Relation::UsesTerm, false) => {
                        let used = kg.terms[t].used_by as f32;
                        if used > sections * 0.05 + 3.0 {
                            continue;
                        }
                        0.5 / used.max(1.0).sqrt()
                    }
                    (_, Relation::PartOf, _) => continue,
                    (_, Relation::Cites, false) => 0.5,
                    _ => 1.0,
                };
                let nw = w * step * DECAY;
                let (subject, object) = if forward { (at, next) } else { (next, at) };
                let triplet = Triplet {
                    subject: label(kg, docs, kg.graph()[subject]),
                    relation,
                    object: label(kg, docs, kg.graph()[object]),
                };
                if seen_triplets.insert(triplet.clone()) {
                    triplets.push((hops, triplet));
                }
                if let KgNode::Section(p) = next_node {
                    let e = scores.entry(p).or_insert((0.0, hops + 1));
                    e.0 += nw;
                    e.1 = e.1.min(hops + 1);
                }
                if visited.insert(next) {
                    queue.push_back((next, hops + 1, nw));
                }
            }
        }
    }
    // A cited section is a keyword, not a find.
    for p in cited {
        if let Some(KgNode::Section(s)) = KnowledgeGraph::section_node(docs, *p) {
            scores.remove(&s);
        }
    }
    let mut reached: Vec<Reached> = scores
        .into_iter()
        .map(|(section, (score, hops))| Reached {
            section,
            score,
            hops,
        })
        .collect();
    reached.sort_by(|a, b| {
        b.score
            .total_cmp(&a.score)
            .then(a.section.doc.cmp(&b.section.doc))
            .then(a.section.provision.cmp(&b.section.provision))
    });
    out.reached = reached;
    triplets.sort_by_key(|(hops, _)| *hops);
    out.triplets = triplets
        .into_iter()
        .take(MAX_TRIPLETS)
        .map(|(_, t)| t)
        .collect();
    out
}

/// Edges at `at`, both ways: `(neighbour, relation, whether the edge leaves at)`.
fn neighbours(
    kg: &KnowledgeGraph,
    at: petgraph::graph::NodeIndex,
) -> Vec<(petgraph::graph::NodeIndex, Relation, bool)> {
    let g = kg.graph();
    let mut out: Vec<_> = g
        .edges_directed(at, Direction::Outgoing)
        .map(|e| (e.target(), *e.weight(), true))
        .collect();
    out.extend(
        g.edges_directed(at, Direction::Incoming)
            .map(|e| (e.source(), *e.weight(), false)),
    );
    out
}

/// A node as text: the section's citation, the term, or the document's title.
fn label(kg: &KnowledgeGraph, docs: &[Arc<Document>], n: KgNode) -> String {
    match n {
        KgNode::Section(p) => docs
            .get(p.doc)
            .map_or_else(String::new, |d| cite_string(d, p.provision)),
        KgNode::Document(d) => docs.get(d).map_or_else(String::new, |d| d.title.clone()),
        KgNode::Term(t) => kg.terms.get(t).map_or_else(String::new, |t| t.name.clone()),
    }
}
