//! Parsing a file into a [`Document`]: front matter, provision tree, citations, definitions,
//! and the inferred kind, title and namespace. Parsing never fails: what cannot be read is
//! reported in [`Document::problems`].

pub mod frontmatter;
pub mod markdown;
pub mod structure;

use std::path::Path;
use std::sync::LazyLock;

use regex::Regex;

use crate::citation::{self, codes};
use crate::model::{Definition, Document, DocumentKind, Format, Problem};

/// What the workspace configuration says about a file before it is read.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Hints {
    /// Kind from a `.lexls.toml` `[[documents]]` glob.
    pub kind: Option<DocumentKind>,
    /// Namespace from a `.lexls.toml` `[[documents]]` glob.
    pub namespace: Option<String>,
}

/// Parses `text` read from `path` (`rel_path` relative to the workspace root).
///
/// `problems` are reading problems found before parsing (invalid UTF-8, …) and are kept.
pub fn parse_document(
    path: &Path,
    rel_path: &str,
    text: String,
    format: Format,
    hints: &Hints,
    mut problems: Vec<Problem>,
) -> Document {
    let hash = blake3::hash(text.as_bytes()).to_hex().to_string();
    let (front, front_problems) = frontmatter::parse(&text);
    problems.extend(front_problems);
    let outline = structure::outline(&text, front.body_start, format);

    let title = front
        .title
        .clone()
        .or_else(|| outline.first_heading.clone())
        .unwrap_or_else(|| {
            path.file_stem().map_or_else(
                || rel_path.to_string(),
                |s| s.to_string_lossy().into_owned(),
            )
        });
    let code = front
        .namespace
        .clone()
        .map(|n| codes::canonical_code(&n).map_or(n, |c| c.name))
        .or_else(|| hints.namespace.clone())
        .or_else(|| outline.header_code.as_ref().map(|c| c.name.clone()))
        .or_else(|| codes::find_code_in(&title).map(|c| c.name))
        .or_else(|| {
            outline
                .comments
                .iter()
                .find_map(|c| codes::find_code_in(c).map(|c| c.name))
        });
    let namespace_is_code = code.is_some();
    let namespace = code.unwrap_or_else(|| title.clone());
    let kind = front
        .kind
        .or(hints.kind)
        .unwrap_or_else(|| infer_kind(&title, rel_path, &namespace, namespace_is_code));

    let mut provisions = outline.provisions;
    if front.repealed {
        for p in &mut provisions {
            p.repealed = true;
        }
    }
    let comment_repealed = outline
        .comments
        .iter()
        .any(|c| c.to_ascii_lowercase().contains("status: repealed"));
    if comment_repealed {
        for p in provisions.iter_mut().filter(|p| p.parent.is_none()) {
            p.repealed = true;
        }
    }

    let body = front.body_start;
    let citations = citation::extract(&text)
        .into_iter()
        .filter(|c| c.span.start >= body)
        .filter(|c| {
            !outline
                .header_spans
                .iter()
                .any(|h| h.contains(&c.span.start))
        })
        .filter(|c| {
            !outline
                .code_blocks
                .iter()
                .any(|r| r.contains(&c.span.start))
        })
        .collect();
    let mut doc = Document {
        path: path.to_path_buf(),
        rel_path: rel_path.to_string(),
        text,
        format,
        kind,
        title,
        namespace,
        namespace_is_code,
        provisions,
        citations,
        definitions: Vec::new(),
        code_aliases: front.aliases,
        problems,
        hash,
    };
    citation::relative::anchor(&mut doc);
    let (definitions, aliases) = definitions(&doc);
    doc.definitions = definitions;
    doc.code_aliases.extend(aliases);
    doc
}

fn infer_kind(title: &str, rel_path: &str, namespace: &str, is_code: bool) -> DocumentKind {
    let hay = format!("{title} {rel_path}").to_ascii_lowercase();
    let has = |words: &[&str]| words.iter().any(|w| hay.contains(w));
    if has(&[
        "policy",
        "policies",
        "procedure",
        "handbook",
        "code of conduct",
    ]) {
        return DocumentKind::Policy;
    }
    if has(&[
        "guidance",
        "faq",
        "advisory",
        "statement of basis",
        "notice of adoption",
        "commentary",
        "explanatory",
    ]) {
        return DocumentKind::Guidance;
    }
    if has(&[" v. ", " vs. ", "opinion of the court"]) {
        return DocumentKind::Case;
    }
    if is_code {
        return match codes::family_of(namespace) {
            codes::CodeFamily::Cfr | codes::CodeFamily::StateRegulation => DocumentKind::Regulation,
            _ => DocumentKind::Statute,
        };
    }
    DocumentKind::Statute
}

static DEFINED_TERM: LazyLock<Regex> = LazyLock::new(|| {
    #[allow(clippy::expect_used)]
    Regex::new(
        r#"[“"‘']([^”"’'\n]{2,80})[”"’'](?:\s+or\s+[“"‘']([^”"’'\n]{1,20})[”"’'])?\s+(?:means|shall mean|has the meaning)\b"#,
    )
    .expect("static regex compiles")
});

/// Defined terms (`“AEDT” means`), and the aliases of codes among them (`“Code” means the
/// Administrative Code of the City of New York`).
fn definitions(doc: &Document) -> (Vec<Definition>, Vec<(String, String)>) {
    let mut defs = Vec::new();
    let mut aliases = Vec::new();
    for c in DEFINED_TERM.captures_iter(&doc.text) {
        let (Some(term), Some(whole)) = (c.get(1), c.get(0)) else {
            continue;
        };
        let after = &doc.text[whole.end()..];
        let body_end = after.find(['.', ';', '\n']).unwrap_or(after.len());
        if let Some(code) = codes::canonical_code(
            after[..body_end]
                .trim()
                .trim_start_matches("the ")
                .trim_start_matches("The "),
        ) {
            aliases.push((term.as_str().to_string(), code.name));
        }
        defs.push(Definition {
            term: term.as_str().to_string(),
            aliases: c
                .get(2)
                .map(|a| vec![a.as_str().to_string()])
                .unwrap_or_default(),
            provision: doc.provision_at(term.start()),
            span: term.range(),
        });
    }
    (defs, aliases)
}

#[cfg(test)]
pub(crate) mod tests;
