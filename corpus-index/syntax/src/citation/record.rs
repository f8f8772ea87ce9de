//! The JSON shape of an extracted citation, as `lexls cite` prints it and the citation
//! evaluation scores it (field names of `shared/eval/citations/README.md`).

use serde::Serialize;

use super::codes::{self, CodeFamily};
use super::{Citation, CitationKind, CodeRef, RangeEnd, Relative, ShortForm, forms};
use crate::CompactString;

/// One citation of a text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CitationRecord {
    /// The kind, named as in the evaluation README (`usc`, `state_statute`, `id`, …).
    pub kind: &'static str,
    /// The text of the citation.
    pub raw: String,
    /// Start, in Unicode scalar values from the start of the text.
    pub start: usize,
    /// End (exclusive), in Unicode scalar values.
    pub end: usize,
    /// The canonical form (`42 U.S.C. 1983`); `null` for a short form without antecedent.
    pub normalized: Option<String>,
    /// The title of the code (`42` in `42 U.S.C. 1983`, `9` in `Del. Code tit. 9, § 2402`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The section number.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
    /// Subsection labels, outermost first.
    pub subsections: Vec<String>,
    /// The last provision of a range.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub range_end: Option<RangeEnd>,
    /// The canonical forms of a range's first and last provision.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub endpoints: Vec<String>,
    /// The kind of short form, if the citation is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub short_form: Option<ShortForm>,
    /// For a short form: the index of the citation it refers to, or `null`.
    pub antecedent: Option<usize>,
    /// Byte range in the text (not serialized).
    #[serde(skip)]
    pub bytes: std::ops::Range<usize>,
}

/// Gives citations without a code the code `namespace` (the code of the document the text
/// belongs to), as the resolver does for a document of that namespace.
pub fn apply_namespace(cites: &mut [Citation], namespace: &str) {
    let kind = namespace_kind(namespace);
    // A German law book is written in lower case in its references (`§ 20 bgb`).
    let code: CompactString =
        forms::german_law_book(namespace).map_or_else(|| namespace.into(), CompactString::from);
    // Neither the U.S. Code nor the C.F.R. numbers a section in Roman numerals: a bare
    // `Section II` in their text is an outline's (`Section II.B of this preamble`). In a
    // workspace the resolver knows the shapes of the code's numbers and asks the same.
    let arabic_only = matches!(
        codes::family_of(namespace),
        CodeFamily::Usc | CodeFamily::Cfr
    );
    for c in cites {
        if arabic_only
            && c.code.is_none()
            && c.section
                .as_deref()
                .is_some_and(super::named_before::is_roman)
        {
            continue;
        }
        let bare = c.code.is_none() && c.relative.is_none() && c.section.is_some();
        let this = c.code == Some(CodeRef::This);
        if this
            && let Some((code, levels)) = c
                .division()
                .and_then(|d| super::container::of_another_federal_title(namespace, d))
        {
            // `chapter 35 of title 44` in the U.S. Code: that title's, not the citing one's.
            c.code = Some(CodeRef::Named(code.into()));
            c.kind = kind;
            c.relative = None;
            c.set_division(Some(&levels));
            continue;
        }
        if (bare && c.kind == CitationKind::Section) || this {
            c.code = Some(CodeRef::Named(code.clone()));
            c.kind = kind;
        }
    }
}

/// The kind of citations into a code.
pub fn namespace_kind(namespace: &str) -> CitationKind {
    if forms::german_law_book(namespace).is_some() {
        return CitationKind::DeStatute;
    }
    match codes::family_of(namespace) {
        CodeFamily::Usc => CitationKind::Usc,
        CodeFamily::Cfr => CitationKind::Cfr,
        CodeFamily::StateStatute => CitationKind::StateStatute,
        CodeFamily::StateRegulation => CitationKind::StateRegulation,
        CodeFamily::Eu => CitationKind::EuArticle,
        CodeFamily::Named => forms::state_code_kind(namespace).unwrap_or(CitationKind::NamedAct),
    }
}

/// The records of `cites`, extracted from `text`.
pub fn records(text: &str, cites: &[Citation]) -> Vec<CitationRecord> {
    let char_offset = CharOffsets::new(text, cites);
    cites
        .iter()
        .map(|c| {
            let normalized = c.normalized();
            let endpoints = match &c.range_end {
                Some(end) => {
                    let mut first = c.clone();
                    first.range_end = None;
                    let mut last = c.clone();
                    last.range_end = None;
                    last.section = Some(end.section.clone());
                    last.subsections.clone_from(&end.subsections);
                    vec![first.normalized(), last.normalized()]
                }
                None => Vec::new(),
            };
            let kind = match c.short_form {
                Some(ShortForm::Id) => "id",
                Some(ShortForm::Supra) => "supra",
                _ => c.kind.as_str(),
            };
            CitationRecord {
                kind,
                raw: text.get(c.span.clone()).unwrap_or_default().to_string(),
                start: char_offset.of(c.span.start),
                end: char_offset.of(c.span.end),
                normalized: (!normalized.is_empty()).then_some(normalized),
                title: title_of(c),
                section: c.section.as_deref().map(str::to_string),
                subsections: c.subsections.iter().map(|l| l.to_string()).collect(),
                range_end: c.range_end.as_deref().cloned(),
                endpoints,
                short_form: c.short_form,
                antecedent: c.antecedent,
                bytes: c.span.clone(),
            }
        })
        .collect()
}

fn title_of(c: &Citation) -> Option<String> {
    let Some(CodeRef::Named(code)) = &c.code else {
        return None;
    };
    if let Some((_, rest)) = code.split_once("tit. ") {
        return Some(rest.trim_end_matches(',').to_string());
    }
    let lead: String = code.chars().take_while(char::is_ascii_digit).collect();
    (!lead.is_empty()).then_some(lead)
}

/// Byte offset → Unicode scalar offset for a fixed set of offsets, computed in one pass.
struct CharOffsets {
    map: std::collections::HashMap<usize, usize>,
}

impl CharOffsets {
    fn new(text: &str, cites: &[Citation]) -> Self {
        let mut wanted: Vec<usize> = cites
            .iter()
            .flat_map(|c| [c.span.start, c.span.end])
            .collect();
        wanted.sort_unstable();
        wanted.dedup();
        let mut map = std::collections::HashMap::with_capacity(wanted.len());
        let mut next = wanted.iter().peekable();
        let boundaries = text
            .char_indices()
            .chain(std::iter::once((text.len(), ' ')));
        for (chars, (byte, _)) in boundaries.enumerate() {
            while let Some(&&w) = next.peek() {
                if w > byte {
                    break;
                }
                map.insert(w, chars);
                next.next();
            }
        }
        Self { map }
    }

    fn of(&self, byte: usize) -> usize {
        self.map.get(&byte).copied().unwrap_or_default()
    }
}

/// The code a `context` object names as the citing document's own code: `document_code`
/// (`"NYC Admin. Code"`), `law_book` (a German law book, `"bgb"`), or `cfr.title` /
/// `usc.title` (`27` → `27 C.F.R.`); the `context` of `lexls cite --jsonl` input and of the
/// citation case files.
pub fn context_namespace(context: Option<&serde_json::Value>) -> Option<String> {
    let ctx = context?;
    if let Some(code) = ctx.get("document_code").and_then(serde_json::Value::as_str) {
        return Some(code.to_string());
    }
    // The case files write the book in lower case (`bgb`, `vwgo`), as its references are
    // normalized; upper case reads as the abbreviation (`BGB`, `VWGO`).
    if let Some(book) = ctx.get("law_book").and_then(serde_json::Value::as_str) {
        let book = book.to_uppercase();
        return forms::german_law_book(&book).map(|_| book);
    }
    for (key, suffix) in [("cfr", "C.F.R."), ("usc", "U.S.C.")] {
        if let Some(title) = ctx.get(key).and_then(|c| c.get("title")) {
            let title = title
                .as_str()
                .map(str::to_string)
                .or_else(|| title.as_u64().map(|n| n.to_string()))?;
            return Some(format!("{title} {suffix}"));
        }
    }
    None
}

/// Where a text stands: the code of its document and, when known, the section holding it
/// and the C.F.R. part of that section (the `context` of `lexls cite --jsonl` input and of
/// the citation case files: `{"cfr": {"title": "40", "part": "60", "section": "60.5"}}`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Location {
    /// The document's code (`40 C.F.R.`, `D.C. Code`).
    pub namespace: String,
    /// The citing section's number (`60.5`), if known.
    pub section: Option<String>,
    /// The C.F.R. part holding the citing section (`60`), if known.
    pub part: Option<String>,
    /// The C.F.R. chapter holding the citing section (`I`), if known.
    pub chapter: Option<String>,
}

/// The location a `context` object names: [`context_namespace`] as the code, and for a
/// `cfr` or `usc` context its `section`, and its `part` (else, for the C.F.R., the part a
/// `part.section` number carries: `60` of `60.5`).
pub fn context_location(context: Option<&serde_json::Value>) -> Option<Location> {
    let namespace = context_namespace(context)?;
    let ctx = context?;
    let field = |key: &str, name: &str| -> Option<String> {
        let v = ctx.get(key)?.get(name)?;
        v.as_str()
            .map(str::to_string)
            .or_else(|| v.as_u64().map(|n| n.to_string()))
    };
    let section = field("cfr", "section").or_else(|| field("usc", "section"));
    let part = field("cfr", "part").or_else(|| {
        let (part, rest) = section.as_deref()?.split_once('.')?;
        (ctx.get("cfr").is_some() && !part.is_empty() && !rest.is_empty()).then(|| part.to_string())
    });
    Some(Location {
        namespace,
        section,
        part,
        chapter: field("cfr", "chapter"),
    })
}

/// Anchors the relative citations of a text that stands in `location`, as
/// [`super::relative::anchor`] does in a parsed document: `paragraph (b)(2) of this
/// section` and a bare `paragraph (b)` are of the citing section; `subpart A of this part`
/// and `appendix A to this part` are of the citing C.F.R. part (Document Drafting Handbook,
/// ch. 2). Then gives the citations without a code the location's code
/// ([`apply_namespace`]).
pub fn anchor_at_location(cites: &mut [Citation], location: &Location) {
    let kind = namespace_kind(&location.namespace);
    let code = || Some(CodeRef::Named(location.namespace.as_str().into()));
    for c in cites.iter_mut() {
        match c.relative {
            Some(Relative::ThisSection | Relative::Bare(_)) if c.section.is_none() => {
                let Some(section) = &location.section else {
                    continue;
                };
                c.section = Some(section.as_str().into());
                if let Some(end) = c.range_end.as_mut()
                    && end.section.is_empty()
                {
                    end.section = section.as_str().into();
                }
                c.code = code();
                c.kind = kind;
            }
            Some(Relative::ThisCode) if c.section.is_none() => {
                // `chapter II of this title`, `subchapter C of this chapter`: a container of
                // the citing title, named as an explicit citation names it.
                if let Some(levels) = c.division().and_then(|d| {
                    super::container::of_the_citing_title(
                        &location.namespace,
                        d,
                        location.chapter.as_deref(),
                    )
                }) {
                    c.set_division(Some(levels.as_str()).filter(|l| !l.is_empty()));
                    c.code = code();
                    c.kind = kind;
                    c.relative = None;
                    continue;
                }
                let (Some(part), Some(chain)) = (&location.part, c.division()) else {
                    continue;
                };
                // `this pt.`, `this pt., subpt. A`, `this pt., app. B`, `this pt., supp. I`.
                let Some(rest) = chain.strip_prefix("this pt.") else {
                    continue;
                };
                let unit = match rest.trim_start_matches(", ").split_once(' ') {
                    Some(("subpt.", n)) => Some(format!("subpart {n}")),
                    Some(("app.", n)) => Some(format!("appendix {n}")),
                    Some(("supp.", n)) => Some(format!("supplement {n}")),
                    _ if rest.is_empty() => None,
                    _ => continue,
                };
                c.section = Some(part.as_str().into());
                c.set_designator(Some("Part"));
                c.set_division(unit.as_deref());
                c.code = code();
                c.kind = kind;
            }
            _ => {}
        }
    }
    apply_namespace(cites, &location.namespace);
}

/// Extracts the citations of `text` as records, with `namespace` as the document's code.
pub fn cite(text: &str, namespace: Option<&str>) -> Vec<CitationRecord> {
    let mut cites = super::extract(text);
    if let Some(ns) = namespace {
        apply_namespace(&mut cites, ns);
    }
    records(text, &cites)
}

/// Extracts the citations of `text` as records, as text standing at `location` (see
/// [`anchor_at_location`]); [`cite`] without a section when `location` is `None`.
pub fn cite_at(text: &str, location: Option<&Location>) -> Vec<CitationRecord> {
    let mut cites = super::extract(text);
    if let Some(location) = location {
        anchor_at_location(&mut cites, location);
    }
    records(text, &cites)
}
