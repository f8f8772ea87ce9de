//! Editing aids over a [`Snapshot`]: completion of provision numbers, document links,
//! workspace symbols, "cited by N" counts, inlay hints and folding ranges. Offsets are
//! bytes into the document's text; the language server converts them to protocol types.

use std::ops::Range;

use super::{Location, cite_string};
use lexls_index::resolve::{DocId, ProvisionRef, natural_key};
use lexls_index::workspace::Snapshot;
use lexls_syntax::model::{Document, Unit};

/// A provision offered after `§ `, `section ` or `Article `.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Completion {
    /// What is inserted: the number (`20-871`).
    pub number: String,
    /// The full citation (`NYC Admin. Code § 20-871`).
    pub citation: String,
    /// The heading, if any.
    pub heading: Option<String>,
    /// The byte range the number replaces (the part of it already typed).
    pub replace: Range<usize>,
    /// Sort key: provisions of the citing document's own code first.
    pub own_code: bool,
}

/// Provisions to offer at `offset` of document `doc_id`: when the text before it ends with
/// `§`, `§§`, `section`, `sec.`, `Article` or `Art.` and a space, optionally followed by the
/// start of a number, every section of that unit whose number starts with what is typed, the
/// citing document's own code first. Empty elsewhere.
pub fn completions(snap: &Snapshot, doc_id: DocId, offset: usize) -> Vec<Completion> {
    let Some(doc) = snap.docs.get(doc_id) else {
        return Vec::new();
    };
    let Some(before) = doc.text.get(offset.saturating_sub(64)..offset).or_else(|| {
        // `offset - 64` may fall inside a character: widen to the nearest boundary.
        let start = (0..=offset.saturating_sub(64))
            .rev()
            .find(|&i| doc.text.is_char_boundary(i))?;
        doc.text.get(start..offset)
    }) else {
        return Vec::new();
    };
    let typed_len = before
        .chars()
        .rev()
        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | ':'))
        .map(char::len_utf8)
        .sum::<usize>();
    let typed = &before[before.len() - typed_len..];
    let head = before[..before.len() - typed_len].trim_end_matches([' ', '\u{a0}']);
    if head.len() == before.len() - typed_len {
        return Vec::new(); // no space between the trigger and the number
    }
    let lower = head.to_ascii_lowercase();
    let unit = if head.ends_with('§') || lower.ends_with("section") || lower.ends_with("sec.") {
        Unit::Section
    } else if lower.ends_with("article") || lower.ends_with("art.") {
        Unit::Article
    } else if lower.ends_with("annex") {
        Unit::Annex
    } else {
        return Vec::new();
    };
    let own = doc.namespace.as_str();
    let typed_lower = typed.to_ascii_lowercase();
    let typed_lower = typed_lower.as_str();
    let mut out: Vec<Completion> = snap
        .namespaces
        .iter()
        .filter(|space| space.is_code || space.name == own)
        .flat_map(|space| {
            space
                .sections
                .iter()
                .filter(move |((u, n), _)| *u == unit && n.starts_with(typed_lower))
                .map(move |(_, r)| (space.name == own, *r))
        })
        .filter_map(|(own_code, r)| {
            let target = snap.docs.get(r.doc)?;
            let p = target.provisions.get(r.provision)?;
            Some(Completion {
                number: p.number.to_string(),
                citation: cite_string(target, r.provision),
                heading: p.heading.clone(),
                replace: offset - typed_len..offset,
                own_code,
            })
        })
        .collect();
    // Own code first, then in the natural order of numbers (`5-302` before `5-1000`).
    out.sort_by_cached_key(|c| (!c.own_code, natural_key(&c.number)));
    out.dedup_by(|a, b| a.citation == b.citation);
    out.truncate(200);
    out
}

/// A link from a citation to the provision it resolves to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    /// The citation's byte range in the citing document.
    pub span: Range<usize>,
    /// The cited provision.
    pub target: Location,
    /// Its full citation (the link's tooltip).
    pub tooltip: String,
}

/// Links for every resolved citation of `doc_id`.
pub fn document_links(snap: &Snapshot, doc_id: DocId) -> Vec<Link> {
    resolved(snap, doc_id)
        .filter_map(|(cite, target)| {
            let target_doc = snap.docs.get(target.doc)?;
            Some(Link {
                span: cite.span.clone(),
                target: Location::of_provision(snap, target, false)?,
                tooltip: cite_string(target_doc, target.provision),
            })
        })
        .collect()
}

/// The citations of `doc_id` that resolve, with the provision each goes to.
fn resolved(
    snap: &Snapshot,
    doc_id: DocId,
) -> impl Iterator<Item = (&lexls_syntax::citation::Citation, ProvisionRef)> {
    let citations = snap.docs.get(doc_id).map_or(&[][..], |d| &d.citations[..]);
    let resolutions = snap
        .resolutions
        .get(doc_id)
        .map_or(&[][..], |r| r.as_slice());
    citations
        .iter()
        .zip(resolutions)
        .filter_map(|(cite, resolution)| Some((cite, resolution.target()?)))
}

/// A provision found by [`workspace_symbols`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorkspaceSymbol {
    /// Its full citation.
    pub name: String,
    /// Its heading.
    pub heading: Option<String>,
    /// Where it is.
    pub location: Location,
}

/// Sections whose citation or heading contains every word of `query` (case-insensitive),
/// at most `limit`, in path order. An empty query lists sections from the start.
pub fn workspace_symbols(snap: &Snapshot, query: &str, limit: usize) -> Vec<WorkspaceSymbol> {
    let words: Vec<String> = query
        .split_whitespace()
        .map(str::to_lowercase)
        .filter(|w| !w.is_empty())
        .collect();
    let mut out = Vec::new();
    for (doc_id, doc) in snap.docs.iter().enumerate() {
        for section in doc.sections() {
            let p = &doc.provisions[section];
            let name = cite_string(doc, section);
            let haystack = format!(
                "{} {} {}",
                name.to_lowercase(),
                p.number.to_lowercase(),
                p.heading.as_deref().unwrap_or("").to_lowercase()
            );
            if !words.iter().all(|w| haystack.contains(w.as_str())) {
                continue;
            }
            let r = ProvisionRef {
                doc: doc_id,
                provision: section,
            };
            if let Some(location) = Location::of_provision(snap, r, false) {
                out.push(WorkspaceSymbol {
                    name,
                    heading: p.heading.clone(),
                    location,
                });
                if out.len() >= limit {
                    return out;
                }
            }
        }
    }
    out
}

/// "Cited by N" on a section heading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CitedBy {
    /// The heading's byte range.
    pub span: Range<usize>,
    /// Citations of the section and its subsections from elsewhere.
    pub count: usize,
}

/// The citation count of every section of `doc_id` (self-citations from inside the section
/// are not counted).
pub fn cited_by(snap: &Snapshot, doc_id: DocId) -> Vec<CitedBy> {
    let Some(doc) = snap.docs.get(doc_id) else {
        return Vec::new();
    };
    doc.sections()
        .map(|section| {
            let range = &doc.provisions[section].span;
            let count = snap
                .graph
                .citations_of(
                    &snap.docs,
                    ProvisionRef {
                        doc: doc_id,
                        provision: section,
                    },
                )
                .iter()
                .filter(|e| {
                    e.doc != doc_id
                        || snap.docs[e.doc]
                            .citations
                            .get(e.citation)
                            .is_some_and(|c| !range.contains(&c.span.start))
                })
                .count();
            CitedBy {
                span: doc.provisions[section].label_span.clone(),
                count,
            }
        })
        .collect()
}

/// An inlay hint: the heading of the cited provision after a citation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InlayHint {
    /// Where it goes (the end of the citation).
    pub offset: usize,
    /// `— Notices required` style text.
    pub label: String,
}

/// Headings of the cited sections after every resolved citation in `range` of `doc_id` whose
/// text does not already carry them.
pub fn inlay_hints(snap: &Snapshot, doc_id: DocId, range: Range<usize>) -> Vec<InlayHint> {
    let Some(doc) = snap.docs.get(doc_id) else {
        return Vec::new();
    };
    resolved(snap, doc_id)
        .filter(|(c, _)| c.span.start >= range.start && c.span.end <= range.end)
        .filter_map(|(c, target)| {
            let target_doc: &Document = snap.docs.get(target.doc)?;
            let section = target_doc.section_of(target.provision);
            let heading = target_doc.provisions[section].heading.as_deref()?;
            // Skip when the heading already follows in the text.
            let after = doc
                .text
                .get(c.span.end..(c.span.end + 120).min(doc.text.len()))?;
            if after.contains(heading) {
                return None;
            }
            Some(InlayHint {
                offset: c.span.end,
                label: format!(" {heading}"),
            })
        })
        .collect()
}

/// Byte ranges to fold: each section, and each subsection that has subsections.
pub fn folding_ranges(doc: &Document) -> Vec<Range<usize>> {
    doc.provisions
        .iter()
        .filter(|p| p.style.is_none() || !p.children.is_empty())
        .map(|p| p.span.clone())
        .filter(|span| doc.text.get(span.clone()).is_some_and(|t| t.contains('\n')))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use lexls_index::config::Config;
    use lexls_index::engine::Engine;
    use std::path::Path;

    fn nyc() -> Snapshot {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/nyc-ll144");
        Engine::scan_in_memory(&root, Config::load(&root).unwrap_or_default())
            .expect("example workspace opens")
    }

    fn doc_id(snap: &Snapshot, rel: &str) -> DocId {
        snap.docs
            .iter()
            .position(|d| d.rel_path == rel)
            .expect("document")
    }

    #[test]
    fn completion_after_a_section_sign_offers_the_codes_sections() {
        let snap = nyc();
        let id = doc_id(&snap, "policy/acme-aedt-hiring-policy.md");
        let text = &snap.docs[id].text;
        // Right after `§ 20-87` of the first `§ 20-871` in the policy.
        let at = text.find("§ 20-871").expect("citation") + "§ 20-87".len();
        let offered = completions(&snap, id, at);
        let numbers: Vec<&str> = offered.iter().map(|c| c.number.as_str()).collect();
        assert_eq!(numbers, ["20-870", "20-871", "20-872", "20-873", "20-874"]);
        assert!(
            offered[1]
                .heading
                .as_deref()
                .is_some_and(|h| h.contains("Requirements"))
        );
        assert_eq!(offered[1].replace.len(), "20-87".len());
        // Not after ordinary words.
        let at = text.find("candidate").expect("word") + "candidate".len();
        assert!(completions(&snap, id, at).is_empty());
    }

    #[test]
    fn links_symbols_counts_and_folds_on_the_example() {
        let snap = nyc();
        let policy = doc_id(&snap, "policy/acme-aedt-hiring-policy.md");
        let links = document_links(&snap, policy);
        assert!(
            links.iter().any(|l| l.tooltip.contains("§ 20-871(b)")),
            "{links:?}"
        );
        let found = workspace_symbols(&snap, "bias audit", 50);
        assert!(
            found.iter().any(|s| s.name == "6 RCNY § 5-301"),
            "{found:?}"
        );
        let by_number = workspace_symbols(&snap, "20-871", 50);
        assert_eq!(by_number.len(), 1, "{by_number:?}");
        let statute = doc_id(&snap, "statute/nyc-admin-code-20-871.md");
        let counts = cited_by(&snap, statute);
        assert_eq!(counts.len(), 1);
        assert!(counts[0].count >= 9, "{counts:?}");
        let doc = &snap.docs[statute];
        assert!(!folding_ranges(doc).is_empty());
        let hints = inlay_hints(&snap, policy, 0..snap.docs[policy].text.len());
        assert!(
            hints.iter().any(|h| h.label.contains("Definitions")),
            "{hints:?}"
        );
    }
}
