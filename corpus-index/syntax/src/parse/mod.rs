//! Parsing a file into a [`Document`]: front matter, provision tree, citations, definitions,
//! and the inferred kind, title and namespace. Parsing never fails: what cannot be read is
//! reported in [`Document::problems`].
//!
//! XML and HTML files are parsed through their text view ([`markup`]): the document's text
//! is the file with its markup blanked, byte for byte and line for line the same length, so
//! every span is a position of the file as the editor shows it. The provisions of USLM
//! ([`uslm`]), Akoma Ntoso ([`akn`]) and D.C. Code ([`dc_library`]) files come from their
//! elements, those of HTML ([`html`]) from the view read as plain text, corrected by the
//! elements.
//!
//! Every step takes time and memory linear in the file (up to logarithmic factors), whatever
//! its nesting: see [`tree`] for the element tree and [`crate::model::MAX_DEPTH`].

pub mod akn;
pub mod dc_library;
pub mod frontmatter;
pub mod html;
pub mod markdown;
pub mod markup;
pub mod quoted;
pub mod structure;
pub mod tree;
pub mod uslm;

use std::ops::Range;
use std::path::Path;
use std::sync::LazyLock;

use regex::Regex;

use crate::citation::{self, codes};
use crate::model::{Definition, Document, DocumentKind, Format, Note, Problem};

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
    let (text, front, outline, markup_kind, substitutions) = match format {
        Format::Markdown | Format::Text => {
            let (front, front_problems) = frontmatter::parse(&text);
            problems.extend(front_problems);
            let outline = structure::outline(&text, front.body_start, format);
            (text, front, outline, None, Vec::new())
        }
        Format::Xml | Format::Html => {
            let (m, outline, kind) = markup_outline(&text, rel_path, format, &mut problems);
            (
                m.view,
                frontmatter::FrontMatter::default(),
                outline,
                kind,
                m.substitutions,
            )
        }
    };

    let title = front
        .title
        .clone()
        .or_else(|| outline.first_heading.clone())
        .map(|t| bounded_title(&t))
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
        // `The Indian Penal Code, 1860`: one of India's principal codes, by the namespace
        // its abbreviations cite (`Section 302 IPC`).
        .or_else(|| codes::indian_code(&title).map(str::to_string))
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
        .or(markup_kind)
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
    // Header spans lie on lines of their own: sorted, the one that may hold an offset is
    // the last starting at or before it.
    let mut headers = outline.header_spans.clone();
    headers.sort_by_key(|h| h.start);
    let in_header = |at: usize| {
        let i = headers.partition_point(|h| h.start <= at);
        i > 0 && headers[i - 1].contains(&at)
    };
    // Code blocks and comments are in order and disjoint: the one that may hold an offset
    // is the last starting at or before it.
    let in_code = |at: usize| {
        let i = outline.unread_blocks.partition_point(|r| r.start <= at);
        i > 0 && outline.unread_blocks[i - 1].contains(&at)
    };
    let extracted = match without_inline_footnotes(&text, &outline.notes) {
        Some((read, footnotes)) => {
            with_footnote_citations(&text, citation::extract(&read), &footnotes)
        }
        None => citation::extract(&text),
    };
    let kept: Vec<bool> = extracted
        .iter()
        .map(|c| c.span.start >= body && !in_header(c.span.start) && !in_code(c.span.start))
        .collect();
    // A short form's antecedent is an index of the extraction: renumber it among the
    // citations kept (none when its antecedent is a header or in code).
    let mut index = Vec::with_capacity(kept.len());
    let mut next = 0;
    for &k in &kept {
        index.push(k.then_some(next));
        next += usize::from(k);
    }
    let citations = extracted
        .into_iter()
        .zip(&kept)
        .filter(|(_, k)| **k)
        .map(|(mut c, _)| {
            c.antecedent = c.antecedent.and_then(|a| index.get(a).copied().flatten());
            c
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
        substitutions,
        notes: outline.notes,
        contents: outline.contents,
    };
    add_quoted_notes(&mut doc);
    citation::relative::anchor(&mut doc);
    let (definitions, aliases) = definitions(&doc);
    doc.definitions = definitions;
    doc.code_aliases.extend(aliases);
    doc
}

/// The text with its footnotes blanked, and the footnotes' spans in text order; `None` when
/// no note is a footnote. The mark and note the OLRC sets inside a reference (`section 2371
/// ¹ [See References in Text note below.] of title 10`, USLM `<ref class="footnoteRef">` and
/// `<note type="footnote">`; GPO's `<footnote>`) stand between a number and its `of` phrase,
/// which must be read as one citation. The text keeps the length and lines of `text`; the
/// footnotes' own citations are read apart ([`with_footnote_citations`]).
fn without_inline_footnotes(text: &str, notes: &[Note]) -> Option<(String, Vec<Range<usize>>)> {
    let mut footnotes = notes.iter().filter(|n| n.kind == "footnote").peekable();
    footnotes.peek()?;
    let mut bytes = text.as_bytes().to_vec();
    let mut spans = Vec::new();
    for note in footnotes {
        let (start, end) = (
            note.span.start.min(bytes.len()),
            note.span.end.min(bytes.len()),
        );
        // The mark before the note: one or two digits after whitespace.
        let before = text.get(..start).unwrap_or_default().trim_end();
        let digits = before.bytes().rev().take_while(u8::is_ascii_digit).count();
        let mark_start = before.len() - digits;
        let from =
            if (1..=2).contains(&digits) && before[..mark_start].ends_with(char::is_whitespace) {
                mark_start
            } else {
                start
            };
        for b in &mut bytes[from..end] {
            if *b != b'\n' {
                *b = b' ';
            }
        }
        spans.push(start..end);
    }
    Some((String::from_utf8(bytes).ok()?, spans))
}

/// The citations `read` from the text without its footnotes, with those of each footnote
/// (`So in original. Probably should be “subsection (b)(1)”`, read from the footnote's own
/// text, so the document is not read twice), in text order; antecedents follow their
/// citations.
fn with_footnote_citations(
    text: &str,
    read: Vec<citation::Citation>,
    footnotes: &[Range<usize>],
) -> Vec<citation::Citation> {
    // (footnote or `usize::MAX` for the text, index in its own extraction, citation)
    let mut all: Vec<(usize, usize, citation::Citation)> = read
        .into_iter()
        .enumerate()
        .map(|(i, c)| (usize::MAX, i, c))
        .collect();
    for (k, span) in footnotes.iter().enumerate() {
        let Some(words) = text.get(span.clone()) else {
            continue;
        };
        for (i, mut c) in citation::extract(words).into_iter().enumerate() {
            c.span = c.span.start + span.start..c.span.end + span.start;
            c.group = c.group.start + span.start..c.group.end + span.start;
            all.push((k, i, c));
        }
    }
    all.sort_by_key(|(_, _, c)| c.span.start);
    let position: std::collections::HashMap<(usize, usize), usize> = all
        .iter()
        .enumerate()
        .map(|(at, (source, i, _))| ((*source, *i), at))
        .collect();
    all.into_iter()
        .map(|(source, _, mut c)| {
            c.antecedent = c
                .antecedent
                .and_then(|a| position.get(&(source, a)).copied());
            c
        })
        .collect()
}

/// Adds the quoted text of amendments that the text shows only by its wording (plain
/// text, Markdown, HTML; see [`quoted`]) to the document's notes, as notes of kind
/// [`QUOTED_NOTE`]: citations there name provisions of the amended law, not of this one.
/// XML formats mark quoted text themselves (USLM `<quotedContent>`, Akoma Ntoso
/// `<quotedStructure>`) and are left as their markup says.
fn add_quoted_notes(doc: &mut Document) {
    if doc.format == Format::Xml {
        return;
    }
    let spans = quoted::quoted_spans(&doc.text, doc.format == Format::Markdown);
    if spans.is_empty() {
        return;
    }
    let mut notes = std::mem::take(&mut doc.notes);
    for span in spans {
        // Notes stay disjoint: a quotation inside a note is already out of the law's text.
        let overlaps = notes
            .iter()
            .any(|n| n.span.start < span.end && span.start < n.span.end);
        if overlaps {
            continue;
        }
        let provision = doc.provision_at(span.start);
        notes.push(Note {
            span,
            kind: QUOTED_NOTE.to_string(),
            provision,
        });
    }
    notes.sort_by_key(|n| n.span.start);
    doc.notes = notes;
}

/// The [`Note::kind`] of quoted text of an amendment found by its wording.
pub const QUOTED_NOTE: &str = "quoted";

/// The markup (text view, elements) and outline of an XML or HTML file (see [`markup`]), and
/// the kind its schema gives.
fn markup_outline(
    src: &str,
    rel_path: &str,
    format: Format,
    problems: &mut Vec<Problem>,
) -> (markup::Markup, structure::Outline, Option<DocumentKind>) {
    let dialect = match format {
        Format::Html => markup::Dialect::Html,
        _ => markup::Dialect::Xml,
    };
    let m = markup::read(src, dialect);
    problems.extend(m.problems.iter().cloned());
    let root = m.root();
    let root_name = root.map(|r| m.elements[r].name.clone());
    if format == Format::Html
        || root_name
            .as_deref()
            .is_some_and(|n| n.eq_ignore_ascii_case("html"))
    {
        let outline = html::read(&m, problems);
        return (m, outline, None);
    }
    let (is_uslm, is_akn, is_dc) = root.map_or((false, false, false), |r| {
        (
            uslm::is_uslm(&m, r),
            akn::is_akn(&m, r),
            dc_library::is_dc_library(&m, r),
        )
    });
    let structure = if is_uslm {
        Some(uslm::read(&m))
    } else if is_akn {
        Some(akn::read(&m))
    } else if is_dc {
        Some(dc_library::read(&m, rel_path))
    } else {
        None
    };
    if let Some(s) = &structure {
        problems.extend(s.problems.iter().cloned());
    }
    let Some(structure) = structure.filter(|s| !s.is_empty()) else {
        if m.broken_at.is_none() {
            let what = match &root_name {
                None => "this XML file has no elements".to_string(),
                Some(_) if is_uslm || is_akn || is_dc => {
                    "no sections or articles were found in this XML file".to_string()
                }
                Some(name) => format!(
                    "the XML root element <{name}> is neither USLM, Akoma Ntoso nor D.C. Code XML"
                ),
            };
            problems.push(Problem {
                span: 0..0,
                message: format!("{what}; its text is indexed without the element structure"),
            });
        }
        let outline = structure::outline(&m.view, 0, Format::Text);
        return (m, outline, None);
    };
    // A section's label, and a subdivision's designation (`<num>(2)</num>`): the element
    // names the provision, it cites nothing. Without it a list that ends a paragraph
    // (`a violation of, section 1002, and`) ran on into the next paragraph's `(2)`.
    let header_spans = structure
        .provisions
        .iter()
        .filter_map(|p| {
            let label = m.view.get(p.label_span.clone()).unwrap_or("");
            let number_end = label
                .find(p.number.as_str())
                .map(|i| p.label_span.start + i + p.number.len());
            match (p.parent, number_end) {
                (None, end) => Some(p.label_span.start..end.unwrap_or(p.label_span.end)),
                (Some(_), Some(end)) => Some(p.label_span.start..end),
                (Some(_), None) => None,
            }
        })
        .collect();
    let outline = structure::Outline {
        provisions: structure.provisions,
        header_spans,
        header_code: structure.code,
        first_heading: structure.title,
        comments: Vec::new(),
        unread_blocks: Vec::new(),
        notes: structure.notes,
        contents: structure.contents,
    };
    (m, outline, structure.kind)
}

/// A title that is one provision's label and heading (`Article 79 — Procedure at national
/// level …`, `§ 20-871 Requirements …`, `S174 — …`): its words name the provision's subject,
/// not the kind of document it sits in.
static PROVISION_TITLE: LazyLock<Regex> = LazyLock::new(|| {
    #[allow(clippy::expect_used)]
    Regex::new(
        r"(?i)^\s*(?:(?:§+|art(?:icle|\.)?|sec(?:tion|\.)?|rule|annex|recital|chapter|part|title|schedule)\s*(?:[\w.()\-]*\d[\w.()\-]*|[ivxlc]+\b)\s*(?:[—–:.-]|\s|$)|[a-z]{1,3}\d[\w.()\-]*\s*[—–:-])",
    )
    .expect("static regex compiles")
});

/// Longest title kept, in characters: titles of statutes run to a line or two; a first
/// "heading" longer than this (a file that is one long line) is cut at a word boundary with
/// an ellipsis, so the title (and a namespace that falls back to it) stays a name, not the
/// text: it is hashed and compared for every citation of the document.
const MAX_TITLE_CHARS: usize = 240;

/// `title` cut to [`MAX_TITLE_CHARS`] (at the last whitespace before the cut when there is
/// one), with `…` when cut.
fn bounded_title(title: &str) -> String {
    let Some((cut, _)) = title.char_indices().nth(MAX_TITLE_CHARS) else {
        return title.to_string();
    };
    let head = &title[..cut];
    let head = head
        .rfind(char::is_whitespace)
        .filter(|&at| at > 0)
        .map_or(head, |at| &head[..at]);
    format!("{}…", head.trim_end())
}

fn infer_kind(title: &str, rel_path: &str, namespace: &str, is_code: bool) -> DocumentKind {
    let title = if PROVISION_TITLE.is_match(title) {
        ""
    } else {
        title
    };
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
pub fn definitions(doc: &Document) -> (Vec<Definition>, Vec<(String, String)>) {
    let mut defs = Vec::new();
    let mut aliases = Vec::new();
    let sections: Vec<usize> = doc.sections().collect();
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
            provision: doc.provision_among(&sections, term.start()),
            span: term.range(),
        });
    }
    (defs, aliases)
}

#[cfg(any(test, feature = "test-support"))]
pub mod invariants;
#[cfg(test)]
mod tests;
