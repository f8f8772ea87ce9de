//! Candidate sections for a question: hybrid retrieval over chunks, grouped by section
//! (a matched child expands to its parent section), plus the provisions the question
//! itself cites.

use std::collections::HashMap;

use lexls_index::resolve::{DocId, ProvisionRef};
use lexls_index::search::Hit;
use lexls_index::workspace::Snapshot;
use lexls_syntax::citation;
use lexls_syntax::model::ProvisionId;

/// Why a section is a candidate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// Retrieved by BM25 and/or dense search.
    Retrieved,
    /// Cited in the question or the selected text.
    Cited,
    /// Reached in the knowledge graph.
    Graph,
}

/// A candidate source: a section (or a whole document without sections).
#[derive(Debug, Clone, PartialEq)]
pub struct Candidate {
    /// The document.
    pub doc: DocId,
    /// The section; `None` for a document without sections.
    pub section: Option<ProvisionId>,
    /// Fused retrieval score (higher is better).
    pub score: f32,
    /// Indices of the matched chunks, best first.
    pub chunks: Vec<usize>,
    /// Provisions (at any depth) the question cites inside this section.
    pub cited: Vec<ProvisionId>,
    /// Why it is here.
    pub reason: Reason,
}

impl Candidate {
    /// The candidate's section as a provision of the workspace; `None` for a document
    /// without sections.
    pub fn section_ref(&self) -> Option<ProvisionRef> {
        Some(ProvisionRef {
            doc: self.doc,
            provision: self.section?,
        })
    }
}

/// Groups chunk hits by section, best section first.
pub fn group_by_section(snap: &Snapshot, hits: &[Hit]) -> Vec<Candidate> {
    let Some(index) = &snap.search else {
        return Vec::new();
    };
    let mut order: Vec<(DocId, Option<ProvisionId>)> = Vec::new();
    let mut by_key: HashMap<(DocId, Option<ProvisionId>), Candidate> = HashMap::new();
    for hit in hits {
        let Some(chunk) = index.chunks.get(hit.chunk) else {
            continue;
        };
        let Some(doc_id) = snap.doc_by_rel(chunk.rel_path()) else {
            continue;
        };
        let doc = &snap.docs[doc_id];
        let section = chunk.provision.map(|p| doc.section_of(p));
        let key = (doc_id, section);
        let entry = by_key.entry(key).or_insert_with(|| {
            order.push(key);
            Candidate {
                doc: doc_id,
                section,
                score: hit.score,
                chunks: Vec::new(),
                cited: Vec::new(),
                reason: Reason::Retrieved,
            }
        });
        entry.score = entry.score.max(hit.score);
        entry.chunks.push(hit.chunk);
    }
    // Authority-aware ranking (seed 003): statute 1.0 > regulation 0.9 > case 0.8 >
    // guidance 0.7 > policy, at the share `[authority] retrieval` gives it.
    for c in by_key.values_mut() {
        c.score *= snap
            .config
            .authority
            .retrieval_factor(snap.docs[c.doc].kind);
    }
    let mut out: Vec<Candidate> = order
        .into_iter()
        .filter_map(|k| by_key.remove(&k))
        .collect();
    out.sort_by(|a, b| b.score.total_cmp(&a.score));
    out
}

/// Sections that `text` cites and that resolve in the workspace, as candidates scored
/// above every retrieved one (`top`), in order of citation.
pub fn cited_candidates(
    snap: &Snapshot,
    text: &str,
    own_namespace: &str,
    top: f32,
) -> Vec<Candidate> {
    let mut out: Vec<Candidate> = Vec::new();
    for cite in citation::extract(text) {
        let resolution = snap.namespaces.resolve_in(&snap.docs, own_namespace, &cite);
        let Some(target) = resolution.target() else {
            continue;
        };
        let doc = &snap.docs[target.doc];
        let section = doc.section_of(target.provision);
        if let Some(existing) = out
            .iter_mut()
            .find(|c| c.doc == target.doc && c.section == Some(section))
        {
            existing.cited.push(target.provision);
            continue;
        }
        out.push(Candidate {
            doc: target.doc,
            section: Some(section),
            score: top + 1.0 - out.len() as f32 * 0.01,
            chunks: Vec::new(),
            cited: vec![target.provision],
            reason: Reason::Cited,
        });
    }
    out
}

/// Places the sections the question cites among the retrieved ones: a cited section that
/// retrieval also ranks within the first `window` moves to the front (the question is about
/// it); one retrieval missed goes right after the best retrieved section (the question may
/// only mention it: "certificates issued in compliance with Annex VII"). Duplicates merge.
pub fn place_cited(
    cited: Vec<Candidate>,
    mut retrieved: Vec<Candidate>,
    window: usize,
) -> Vec<Candidate> {
    let mut front: Vec<Candidate> = Vec::new();
    let mut missed: Vec<Candidate> = Vec::new();
    for mut c in cited {
        match retrieved
            .iter()
            .position(|r| r.doc == c.doc && r.section == c.section)
        {
            Some(i) if i < window => {
                let r = retrieved.remove(i);
                c.chunks.extend(r.chunks);
                c.score = c.score.max(r.score);
                front.push(c);
            }
            Some(i) => {
                let r = retrieved.remove(i);
                c.chunks.extend(r.chunks);
                missed.push(c);
            }
            None => missed.push(c),
        }
    }
    let split = usize::from(front.is_empty()).min(retrieved.len());
    let mut out = front;
    let rest = retrieved.split_off(split);
    out.extend(retrieved);
    out.extend(missed);
    out.extend(rest);
    out
}

/// Puts the section that defines the terms a definitional question asks about
/// ([`lexls_index::kg::define::defining_sections`]) first, after the sections the question cites
/// that lead: the best retrieved of them, or the first given when retrieval found none. Only
/// one moves, so that the other part of "What is an AEDT, and what penalties apply?" keeps
/// its place right after it.
pub fn place_defining(defining: &[ProvisionRef], mut candidates: Vec<Candidate>) -> Vec<Candidate> {
    let Some(first) = defining.first() else {
        return candidates;
    };
    let lead = candidates
        .iter()
        .take_while(|c| c.reason == Reason::Cited)
        .count();
    let defines =
        |c: &Candidate, d: &ProvisionRef| c.doc == d.doc && c.section == Some(d.provision);
    if candidates[..lead]
        .iter()
        .any(|c| defining.iter().any(|d| defines(c, d)))
    {
        return candidates;
    }
    let best = match candidates[lead..]
        .iter()
        .position(|c| defining.iter().any(|d| defines(c, d)))
    {
        Some(i) => candidates.remove(lead + i),
        None => Candidate {
            doc: first.doc,
            section: Some(first.provision),
            score: candidates.first().map_or(0.0, |c| c.score),
            chunks: Vec::new(),
            cited: Vec::new(),
            reason: Reason::Graph,
        },
    };
    candidates.insert(lead, best);
    candidates
}
