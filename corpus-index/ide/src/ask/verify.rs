//! Verification of the citations of an answer: each is extracted again with lexls's own
//! extractor, resolved in the workspace, and checked against the sources. An answer never
//! carries an unverified citation silently.

use std::ops::Range;

use crate::features::{Location, cite_string};
use lexls_index::resolve::{DocId, ProvisionRef, Resolution};
use lexls_index::workspace::Snapshot;
use lexls_syntax::citation;
use lexls_syntax::model::ProvisionId;

/// A piece of an answer and the document its citations are read in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Segment {
    /// The text (Markdown).
    pub text: String,
    /// The document whose code a bare citation in the text belongs to (the quoted
    /// document, or the source an attribution names).
    pub context: Option<DocId>,
    /// Quoted law: its own citations need not be among the sources.
    pub quoted: bool,
    /// The provision of `context` the quoted text stands in: its relative citations ("this
    /// section") are read from there.
    pub anchor: Option<ProvisionId>,
}

/// A citation found in an answer.
#[derive(Debug, Clone, PartialEq)]
pub struct AnswerCitation {
    /// The citation as written in the answer.
    pub text: String,
    /// Byte range in the answer.
    pub span: Range<usize>,
    /// The full citation of what it resolves to (or the normalized form when it does not).
    pub target: String,
    /// It resolves to a provision of the workspace.
    pub resolved: bool,
    /// It is among the sources (or their sections and subsections), or part of quoted law.
    pub supported: bool,
    /// Where the cited provision is.
    pub location: Option<Location>,
}

/// Extracts and checks the citations of `segments`, which concatenate to the answer.
/// `sources` are the sections given as sources.
pub fn verify(
    snap: &Snapshot,
    segments: &[Segment],
    sources: &[ProvisionRef],
) -> Vec<AnswerCitation> {
    let mut out = Vec::new();
    let mut offset = 0;
    for seg in segments {
        let own = seg
            .context
            .and_then(|d| snap.docs.get(d))
            .map_or("", |d| d.namespace.as_str());
        let anchor = seg
            .context
            .and_then(|d| Some((snap.docs.get(d)?, seg.anchor?)));
        for mut cite in citation::extract(&seg.text) {
            if let Some((doc, here)) = anchor {
                cite = citation::relative::anchor_at(doc, here, &cite);
            }
            let raw = seg.text[cite.span.clone()].to_string();
            let resolution = snap.namespaces.resolve_in(&snap.docs, own, &cite);
            let target = match &resolution {
                Resolution::Resolved { target, .. } => Some(*target),
                _ => None,
            };
            let supported = match target {
                Some(t) => seg.quoted || is_within_sources(snap, t, sources),
                None => matches!(resolution, Resolution::Code { .. }),
            };
            out.push(AnswerCitation {
                target: target
                    .and_then(|t| Some(cite_string(snap.docs.get(t.doc)?, t.provision)))
                    .unwrap_or_else(|| cite.normalized()),
                resolved: target.is_some() || matches!(resolution, Resolution::Code { .. }),
                supported,
                location: target.and_then(|t| Location::of_provision(snap, t, false)),
                span: offset + cite.span.start..offset + cite.span.end,
                text: raw,
            });
        }
        offset += seg.text.len();
    }
    out
}

/// Whether `target` is a source, or inside one, or contains one.
pub fn is_within_sources(snap: &Snapshot, target: ProvisionRef, sources: &[ProvisionRef]) -> bool {
    let Some(doc) = snap.docs.get(target.doc) else {
        return false;
    };
    let lineage = doc.lineage(target.provision);
    sources.iter().any(|s| {
        s.doc == target.doc
            && (lineage.contains(&s.provision)
                || doc.lineage(s.provision).contains(&target.provision))
    })
}
