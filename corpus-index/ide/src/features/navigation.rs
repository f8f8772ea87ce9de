//! Hover, go to definition and find references.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::ops::Range;

use super::{Location, citation_at, cite_string, excerpt, label, section_header_at};
use lexls_index::resolve::{DocId, ProvisionRef, Resolution};
use lexls_index::workspace::Snapshot;
use lexls_syntax::model::Format;

/// Longest provision text shown in a hover, in bytes.
const HOVER_TEXT_MAX: usize = 1_200;

/// What a hover shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hover {
    /// The span hovered (the citation or the heading).
    pub span: Range<usize>,
    /// Markdown.
    pub markdown: String,
}

fn cited_count(snap: &Snapshot, target: ProvisionRef) -> (usize, usize) {
    let edges = snap.graph.citations_of(&snap.docs, target);
    let docs: BTreeSet<DocId> = edges.iter().map(|e| e.doc).collect();
    (edges.len(), docs.len())
}

fn times(n: usize) -> String {
    match n {
        0 => "not cited elsewhere in the workspace".into(),
        1 => "cited once in the workspace".into(),
        n => format!("cited {n} times in the workspace"),
    }
}

/// Markdown describing a provision: citation, heading, kind, count and text.
pub fn describe_provision(snap: &Snapshot, target: ProvisionRef, text_max: usize) -> String {
    let Some(doc) = snap.docs.get(target.doc) else {
        return String::new();
    };
    let p = &doc.provisions[target.provision];
    let section = doc.section_of(target.provision);
    let mut md = format!("**{}**", cite_string(doc, target.provision));
    if let Some(h) = p
        .heading
        .as_ref()
        .or(doc.provisions[section].heading.as_ref())
    {
        let _ = write!(md, " — {h}");
    }
    let (count, _) = cited_count(snap, target);
    let _ = write!(
        md,
        "\n\n*{}* · {} · {}",
        doc.kind.as_str(),
        doc.title,
        times(count)
    );
    if p.repealed || doc.provisions[section].repealed {
        md.push_str(" · **repealed**");
    }
    md.push_str("\n\n---\n\n");
    let text = doc.provision_text(target.provision);
    if matches!(doc.format, Format::Xml | Format::Html) {
        // The text view of markup: blanked tags leave long runs of spaces.
        md.push_str(&excerpt(&lexls_syntax::parse::markup::tidy(text), text_max));
    } else {
        md.push_str(&excerpt(text, text_max));
    }
    md
}

/// Hover at byte `offset` of document `doc`: the cited provision on a citation, the
/// citation count on a section heading.
pub fn hover(snap: &Snapshot, doc_id: DocId, offset: usize) -> Option<Hover> {
    let doc = snap.docs.get(doc_id)?;
    if let Some(i) = citation_at(doc, offset) {
        let cite = &doc.citations[i];
        let resolution = snap.resolutions.get(doc_id)?.get(i)?;
        let raw = doc.text[cite.span.clone()]
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let markdown = match resolution {
            Resolution::Resolved {
                target,
                unverified,
                covered,
            } => {
                let mut md = describe_provision(snap, *target, HOVER_TEXT_MAX);
                if *unverified && !cite.subsections.is_empty() {
                    let _ = write!(
                        md,
                        "\n\n*lexls could not read the subsections of this section; `{raw}` was not checked below it.*"
                    );
                }
                if covered.len() > 1 {
                    let names: Vec<String> = covered
                        .iter()
                        .filter_map(|r| Some(label(snap.docs.get(r.doc)?, r.provision)))
                        .collect();
                    let _ = write!(md, "\n\n---\n\nThe range covers:\n");
                    for n in names {
                        let _ = writeln!(md, "- {n}");
                    }
                }
                md
            }
            Resolution::MissingSubsection {
                deepest,
                missing,
                suggestions,
            } => {
                let deep_doc = snap.docs.get(deepest.doc)?;
                let mut md = format!(
                    "**{raw}** — {} has no subsection ({})",
                    cite_string(deep_doc, deepest.provision),
                    missing.join(")(")
                );
                if let Some(s) = suggestions.first() {
                    let _ = write!(
                        md,
                        "; closest: {}",
                        label(snap.docs.get(s.doc)?, s.provision)
                    );
                }
                md.push_str("\n\n---\n\n");
                md.push_str(&describe_provision(snap, *deepest, HOVER_TEXT_MAX / 2));
                md
            }
            Resolution::Unresolved {
                namespace, number, ..
            } => {
                let suggestions = snap.namespaces.nearest_to(namespace, cite.unit, number);
                let mut md = format!("**{raw}** — not found in {namespace}");
                if let Some(range) = super::diagnostics::namespace_range(snap, namespace, cite.unit)
                {
                    let _ = write!(md, " (the workspace has {range})");
                }
                if !suggestions.is_empty() {
                    md.push_str("\n\nDid you mean:\n");
                    for s in &suggestions {
                        if let Some(d) = snap.docs.get(s.doc) {
                            let _ = writeln!(md, "- {}", label(d, s.provision));
                        }
                    }
                }
                md
            }
            Resolution::Ambiguous { candidates } => {
                let mut md =
                    format!("**{raw}** — ambiguous: several codes of the workspace have it\n\n");
                for c in candidates {
                    if let Some(d) = snap.docs.get(c.doc) {
                        let _ = writeln!(md, "- {}", label(d, c.provision));
                    }
                }
                md
            }
            Resolution::External { code } => match code {
                Some(code) => format!(
                    "**{}** — external citation: {code} is not in this workspace",
                    cite.normalized()
                ),
                None => format!(
                    "**{raw}** — external citation: no code of this workspace has this number"
                ),
            },
            Resolution::Code { namespace } => {
                let sections = snap
                    .namespaces
                    .get(namespace)
                    .map_or(0, |n| n.sections.len());
                format!("**{raw}** — {namespace}: {sections} sections in this workspace")
            }
            Resolution::Unanchored => {
                format!("**{raw}** — a relative reference outside any provision")
            }
        };
        return Some(Hover {
            span: cite.span.clone(),
            markdown,
        });
    }
    let id = section_header_at(doc, offset)?;
    let target = ProvisionRef {
        doc: doc_id,
        provision: id,
    };
    let (count, in_docs) = cited_count(snap, target);
    let mut md = format!("**{}**", label(doc, id));
    let _ = write!(
        md,
        "\n\n*{}* · {}{}",
        doc.kind.as_str(),
        times(count),
        if in_docs > 1 {
            format!(" ({in_docs} documents)")
        } else {
            String::new()
        }
    );
    let refs = references(snap, doc_id, offset, false);
    if !refs.is_empty() {
        md.push_str("\n\n");
        for r in refs.iter().take(8) {
            let d = &snap.docs[r.doc];
            let (line, _) = snap.lines[r.doc].to_line_col_1based(&d.text, r.span.start);
            let _ = writeln!(
                md,
                "- {}:{line} `{}`",
                d.rel_path,
                excerpt(&d.text[r.span.clone()], 60)
            );
        }
        if refs.len() > 8 {
            let _ = writeln!(md, "- … and {} more", refs.len() - 8);
        }
    }
    Some(Hover {
        span: doc.provisions[id].label_span.clone(),
        markdown: md,
    })
}

/// Where the citation at `offset` points: the cited provision (its label line), or the
/// deepest existing provision of a citation whose subsection does not exist.
pub fn definition(snap: &Snapshot, doc_id: DocId, offset: usize) -> Option<Location> {
    let doc = snap.docs.get(doc_id)?;
    let i = citation_at(doc, offset)?;
    let target = snap.resolutions.get(doc_id)?.get(i)?.target()?;
    Location::of_provision(snap, target, false)
}

/// Every citation in the workspace of the provision cited at `offset`, or of the section or
/// subsection whose heading is at `offset`; with `include_declaration`, the provision
/// itself first.
pub fn references(
    snap: &Snapshot,
    doc_id: DocId,
    offset: usize,
    include_declaration: bool,
) -> Vec<Location> {
    let Some(doc) = snap.docs.get(doc_id) else {
        return Vec::new();
    };
    let target = citation_at(doc, offset)
        .and_then(|i| snap.resolutions.get(doc_id)?.get(i)?.target())
        .or_else(|| {
            section_header_at(doc, offset).map(|p| ProvisionRef {
                doc: doc_id,
                provision: p,
            })
        });
    let Some(target) = target else {
        return Vec::new();
    };
    let mut out = Vec::new();
    if include_declaration {
        out.extend(Location::of_provision(snap, target, false));
    }
    for edge in snap.graph.citations_of(&snap.docs, target) {
        if let Some(d) = snap.docs.get(edge.doc)
            && let Some(c) = d.citations.get(edge.citation)
        {
            out.push(Location {
                doc: edge.doc,
                path: d.path.clone(),
                span: c.span.clone(),
            });
        }
    }
    out
}
