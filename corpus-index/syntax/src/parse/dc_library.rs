//! The D.C. Code as the Council of the District of Columbia publishes it: Open Law Library
//! XML (namespace `https://code.dccouncil.us/schemas/dc-library`, schema `dc-library.xsd` with
//! the codification instructions of `codify.xsd`; `DCCouncil/law-xml-codified`).
//!
//! A section file (root `<section>`) is one section: `<num>` (`1-1001.03`), `<heading>`,
//! `<text>`, and nested `<para>`s, each a subdivision numbered by its `<num>` (`(a)`, `(1)`,
//! `(A)`, `(i)`, `(a-1)`). A `<para>` whose number the codifier added (`<num
//! undesignated="true">`) is no level of its own: its subdivisions are its parent's, as the
//! Council cites them. `<annotations>` hold the
//! section's history and notes (`<annotation type="History">`, `Editor's Notes`, `Section
//! References`, …): each annotation is a [`crate::model::Note`] of that type, outside the
//! section's span. Codification instructions (`codify:insert`, `codify:find-replace`,
//! `codify:annotation`, …) are notes too; quoted text of another act (`<include>`), the table
//! of contents (`<toc>`) and metadata hold no provisions. A `<reason>` of `Repealed`,
//! `Expired`, `Abolished`, `Transferred`, `Recodified` or `Omitted` (or the same
//! `placeholder` attribute, on a section or a `<para>`) marks the provision repealed: the law
//! no longer has that text at that number.
//!
//! A contents file (`index.xml`, root `<container>` or `<library>`) lists the titles,
//! chapters and subchapters (`<container>` with `<prefix>`, `<num>`, `<heading>`) and includes
//! the section files with `xi:include href`; it makes no provisions but a table of contents
//! ([`crate::model::Container`]s, each with the workspace paths it includes). Includes are
//! recorded, never read; one that leaves the workspace is a problem and is not recorded.
//!
//! The namespace is the root's `containing-doc` (`D.C. Code`), else `D.C. Code`.

use crate::citation::codes::{self, CanonicalCode, CodeFamily};
use crate::model::{Container, DocumentKind, MAX_DEPTH, Problem, Unit};

use super::markup::Markup;
use super::tree::{self, Role, Structure, clean_heading, clean_number};

/// The namespace URI of the Open Law Library's D.C. library schema.
pub const DC_LIBRARY: &str = "https://code.dccouncil.us/schemas/dc-library";

/// The code a section belongs to when its file does not say (`containing-doc`).
pub const DC_CODE: &str = "D.C. Code";

/// Local names of the codification instructions of `codify.xsd` (`codify:insert`, …).
const CODIFY: &[&str] = &[
    "annotation",
    "any",
    "applicability",
    "create-sub-container",
    "emergency",
    "emergency-new-sec",
    "expire",
    "find-replace",
    "funded-anno",
    "ignore",
    "insert",
    "insert-code-container",
    "marginalia",
    "not-funded-anno",
    "organic",
    "placeholder",
    "recodify-section",
    "redesignate",
    "redesignate-para",
    "remove",
    "repeal",
    "replace",
    "street-designation-anno",
    "temporary",
    "temporary-new-sec",
];

/// Statuses (`<reason>`, `placeholder`) under which the code no longer has the provision's
/// text at its number.
const GONE: &[&str] = &[
    "repealed",
    "expired",
    "abolished",
    "transferred",
    "recodified",
    "omitted",
];

/// Whether element `id` is numbered `undesignated="true"` (a number the codifier added).
fn undesignated(markup: &Markup, id: usize) -> bool {
    markup
        .child(id, "num")
        .is_some_and(|num| markup.elements[num].attr("undesignated") == Some("true"))
}

/// Whether the root element `root` of `markup` is in the D.C. library namespace.
pub fn is_dc_library(markup: &Markup, root: usize) -> bool {
    markup.elements[root]
        .attr("xmlns")
        .is_some_and(|ns| ns.trim_end_matches('/') == DC_LIBRARY)
}

/// Reads the provisions, notes, table of contents, title and code of a D.C. library file at
/// the workspace path `rel_path` (`/`-separated; includes are resolved against it).
pub fn read(markup: &Markup, rel_path: &str) -> Structure {
    let Some(root) = markup.root() else {
        return Structure::default();
    };
    let root_el = &markup.elements[root];
    let namespace = root_el
        .attr("containing-doc")
        .map(|d| d.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|d| !d.is_empty())
        .unwrap_or_else(|| DC_CODE.to_string());
    let code = codes::canonical_code(&namespace).unwrap_or_else(|| CanonicalCode {
        family: if namespace == DC_CODE {
            CodeFamily::StateStatute
        } else {
            CodeFamily::Named
        },
        name: namespace.clone(),
    });
    let names = |id: usize| markup.elements[id].name.as_str();
    let tree = tree::provisions(markup, |id| match names(id) {
        "section" => Role::Section(Unit::Section),
        // A level the codifier numbered where the enacted text has no number (`<num
        // undesignated="true">(a)</num>`): the Council's citations skip it (`§ 47-802(5)(E)`
        // for the (5)(E) inside it; 482 of the 485 citations of such sections' subdivisions),
        // so its subdivisions are the section's own.
        "para" if undesignated(markup, id) => Role::Other,
        "para" => Role::Child,
        "annotations" => Role::Notes,
        n if CODIFY.contains(&n) => Role::Note,
        "meta" | "toc" | "include" | "at" | "stub" => Role::Skip,
        _ => Role::Other,
    });
    let mut provisions = tree.provisions;
    for i in 0..provisions.len() {
        let inherited = provisions[i]
            .parent
            .is_some_and(|p| provisions.get(p).is_some_and(|p| p.repealed));
        let own = tree.elements.get(i).is_some_and(|&e| is_gone(markup, e));
        provisions[i].repealed |= inherited || own;
    }
    let mut problems = tree.problems;
    let contents = contents(markup, rel_path, &mut problems);
    let title = match provisions.iter().find(|p| p.parent.is_none()) {
        Some(s) => Some(match &s.heading {
            Some(h) => format!("{namespace} § {}. {h}", s.number),
            None => format!("{namespace} § {}", s.number),
        }),
        None => contents
            .first()
            .map(|c| container_title(&namespace, c))
            .or_else(|| {
                markup
                    .child(root, "heading")
                    .map(|h| clean_heading(&markup.text_of(h)))
                    .filter(|h| !h.is_empty())
            }),
    };
    Structure {
        provisions,
        notes: tree.notes,
        contents,
        problems,
        title,
        code: Some(code),
        kind: Some(DocumentKind::Statute),
    }
}

/// `D.C. Code Title 1 — Government Organization`.
fn container_title(namespace: &str, c: &Container) -> String {
    let label = [c.prefix.as_str(), c.number.as_str()]
        .iter()
        .filter(|s| !s.is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join(" ");
    match (&c.heading, label.is_empty()) {
        (Some(h), true) => h.clone(),
        (Some(h), false) => format!("{namespace} {label} — {h}"),
        (None, _) => format!("{namespace} {label}"),
    }
}

/// Whether the element's `<reason>` or `placeholder` says its text is gone from the code.
fn is_gone(markup: &Markup, id: usize) -> bool {
    let gone = |s: &str| {
        let s = s.trim().trim_end_matches('.').to_ascii_lowercase();
        GONE.contains(&s.as_str())
    };
    markup.elements[id].attr("placeholder").is_some_and(gone)
        || markup
            .child(id, "reason")
            .is_some_and(|r| gone(&markup.text_of(r)))
}

/// The containers (`<container>`, `<collection>`) outside sections, in document order, with
/// the files each includes.
fn contents(markup: &Markup, rel_path: &str, problems: &mut Vec<Problem>) -> Vec<Container> {
    let n = markup.elements.len();
    // Per element: the container it opens or lies in (index in `out`), and whether it lies in
    // a section (whose containers group paragraphs, not files).
    let mut container_of: Vec<Option<usize>> = vec![None; n];
    let mut in_section = vec![false; n];
    let mut out: Vec<Container> = Vec::new();
    let mut outside = 0usize;
    let mut first_outside: Option<(std::ops::Range<usize>, String)> = None;
    for id in 0..n {
        let e = &markup.elements[id];
        let parent = e.parent.filter(|&p| p < id);
        let enclosing = parent.and_then(|p| container_of[p]);
        in_section[id] =
            parent.is_some_and(|p| in_section[p] || markup.elements[p].name == "section");
        container_of[id] = enclosing;
        if in_section[id] {
            continue;
        }
        match e.name.as_str() {
            "library" | "container" | "collection" => {
                let depth = enclosing.map_or(0, |c| out[c].depth.saturating_add(1));
                if depth > MAX_DEPTH {
                    continue;
                }
                let text = |name: &str| {
                    markup
                        .child(id, name)
                        .map(|c| markup.text_of(c))
                        .unwrap_or_default()
                };
                let label_parts: Vec<usize> = ["prefix", "num", "heading"]
                    .iter()
                    .filter_map(|name| markup.child(id, name))
                    .collect();
                let span = match (label_parts.first(), label_parts.last()) {
                    (Some(&a), Some(&b)) => {
                        markup.trimmed(markup.elements[a].span.start..markup.elements[b].span.end)
                    }
                    _ => {
                        let at = markup.trimmed(e.span.clone()).start;
                        at..at
                    }
                };
                let heading = Some(clean_heading(&text("heading"))).filter(|h| !h.is_empty());
                let number = clean_number(&text("num"));
                out.push(Container {
                    prefix: text("prefix"),
                    number: if number.len() > crate::model::MAX_NUMBER_LEN {
                        String::new()
                    } else {
                        number
                    },
                    heading,
                    span,
                    parent: enclosing,
                    depth,
                    includes: Vec::new(),
                });
                container_of[id] = Some(out.len() - 1);
            }
            "include" => {
                let Some(href) = e.attr("href") else { continue };
                match resolve_include(rel_path, href) {
                    Some(path) => {
                        if let Some(c) = enclosing {
                            out[c].includes.push(path);
                        }
                    }
                    None => {
                        outside += 1;
                        if first_outside.is_none() {
                            first_outside = Some((e.span.clone(), href.to_string()));
                        }
                    }
                }
            }
            _ => {}
        }
    }
    if let Some((span, href)) = first_outside {
        let more = if outside > 1 {
            format!(" ({} more includes leave it)", outside - 1)
        } else {
            String::new()
        };
        problems.push(Problem {
            span,
            message: format!(
                "xi:include of {href:?} points outside the workspace (or is not a relative path); it is not followed{more}"
            ),
        });
    }
    out
}

/// The workspace path an `xi:include href` of the file at `rel_path` names, `None` when it
/// is not a relative reference inside the workspace (`http:…`, `/etc/…`, `../../..` past the
/// root, a fragment-only or empty reference).
pub fn resolve_include(rel_path: &str, href: &str) -> Option<String> {
    let href = href.trim();
    let href = href.split(['#', '?']).next().unwrap_or("");
    if href.is_empty()
        || href.starts_with(['/', '\\'])
        || href.contains(':')
        || href.contains('\\')
        || href.contains('%')
    {
        return None;
    }
    let mut parts: Vec<&str> = rel_path.split('/').collect();
    parts.pop();
    for part in href.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            p => parts.push(p),
        }
    }
    (!parts.is_empty()).then(|| parts.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn includes_resolve_inside_the_workspace_only() {
        let index = "us/dc/council/code/titles/1/index.xml";
        assert_eq!(
            resolve_include(index, "./sections/1-101.xml").as_deref(),
            Some("us/dc/council/code/titles/1/sections/1-101.xml")
        );
        assert_eq!(
            resolve_include("index.xml", "./us/dc/council/code/index.xml").as_deref(),
            Some("us/dc/council/code/index.xml")
        );
        assert_eq!(
            resolve_include(index, "../2/index.xml").as_deref(),
            Some("us/dc/council/code/titles/2/index.xml")
        );
        assert_eq!(resolve_include("index.xml", "../outside.xml"), None);
        assert_eq!(resolve_include(index, "/etc/passwd"), None);
        assert_eq!(resolve_include(index, "https://example.org/x.xml"), None);
        assert_eq!(resolve_include(index, "C:\\x.xml"), None);
        assert_eq!(resolve_include(index, "#xpointer"), None);
        assert_eq!(resolve_include(index, "%2e%2e/x.xml"), None);
    }
}
