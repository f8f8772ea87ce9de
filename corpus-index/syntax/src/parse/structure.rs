//! The provision tree of a document: sections from headings and section lines, subsections
//! from the labels that open lines (`a.`, `1.`, `(a)`, `(1)`, `(A)`, `(i)`, `i.`).
//!
//! Labels are nested by style: a label continues an open level when it is the next label of
//! that level's style (`(c)` after `(b)`), else opens a new level below the current one when
//! it is the first label of a style not yet open (`(1)`, `i.`). `(i)` is a roman numeral
//! unless it follows `(h)`. A wrapped line that happens to start with `3.` is neither, and
//! stays text. Definition paragraphs (`Bias audit. The term “bias audit” means …`) form a
//! level of their own so that the items below each definition nest under it.

use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;

use super::markdown;
use crate::citation::codes::{self, CanonicalCode};
use crate::model::{Container, Format, LabelStyle, Note, Provision, ProvisionId, Unit};

fn re(pattern: &str) -> Regex {
    #[allow(clippy::expect_used)]
    Regex::new(pattern).expect("static regex compiles")
}

static HEADER: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?P<prefix>.*?)[ \t]*(?P<unit>§|(?i:section|sec\.|article|art\.|annex|recital|rule)\b)[ \t]*(?P<open>\(?)(?P<num>[0-9]+[A-Za-z]{0,4}(?:[-–.:][0-9]+[A-Za-z]{0,4})*|[IVXLCDM]{1,7}\b)\)?(?P<rest>.*)$",
    )
});
static NUMBERED_HEADING: LazyLock<Regex> =
    LazyLock::new(|| re(r"^(?P<num>[0-9]{1,3}(?:\.[0-9]{1,3})*)\.?[ \t]+(?P<rest>\S.*)$"));
/// A label opening a line, after indentation and the form feed that text extracted from a
/// PDF (`pdftotext`) puts at the start of each page.
static LABEL: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^[ \t\x0C]*(?:[-*+][ \t]+)?(?:\((?P<p>[0-9]{1,3}[a-z]?|[a-zA-Z]{1,6})\)|(?P<d>[0-9]{1,3}|[a-z]{1,2}|[ivxlc]{1,6}|[A-Z])\.)(?:[ \t\u{a0}]+|$)",
    )
});
static INLINE_LABEL: LazyLock<Regex> =
    LazyLock::new(|| re(r"^[ \t]*\((?P<p>[0-9]{1,3}[a-z]?|[a-zA-Z]{1,6})\)(?:[ \t\u{a0}]+|$)"));
/// The first label of a section's subdivisions on the section's own line, after the end of
/// its heading: `a.`, `1.`, `(a)` or `(1)` followed by a capitalised word.
static FIRST_INLINE_LABEL: LazyLock<Regex> =
    LazyLock::new(|| re(r"[.:—][ \t]+(?P<label>(?:a|1)\.|\((?:a|1)\))[ \t]+[A-Z]"));
static SUB_HEADING: LazyLock<Regex> =
    LazyLock::new(|| re(r"^(?P<h>[A-Z][^.—:;()\n]{0,80}?)[ \t]*(?:\.—|—|\.)(?:[ \t]+|$)"));
static DEFINITION: LazyLock<Regex> = LazyLock::new(|| {
    re(r#"^(?P<term>[A-Z][^.“”"\n]{0,80}?)\.[ \t]+(?:The[ \t]+term[ \t]+)?[“"‘']"#)
});

/// A recognised section header.
#[derive(Debug, Clone, PartialEq)]
pub struct SectionHeader {
    /// Section, article, annex or recital.
    pub unit: Unit,
    /// The number as written, en dashes replaced by hyphens.
    pub number: String,
    /// The heading after the number.
    pub heading: Option<String>,
    /// The code named before the number (`NYC Administrative Code § 20-870`).
    pub code: Option<CanonicalCode>,
    /// Byte length of the line up to the end of the number.
    pub number_end: usize,
    /// The header says the section is repealed.
    pub repealed: bool,
}

/// Recognises a section header in a heading's text or a plain-text line.
pub fn section_header(line: &str, is_heading: bool) -> Option<SectionHeader> {
    let line = line.trim_end();
    if let Some(c) = HEADER.captures(line) {
        let prefix = c.name("prefix").map_or("", |m| m.as_str()).trim();
        let code = if prefix.is_empty() {
            None
        } else {
            Some(codes::canonical_code(prefix)?)
        };
        let unit = match c.name("unit")?.as_str().to_ascii_lowercase().as_str() {
            "§" | "section" | "sec." | "rule" => Unit::Section,
            "article" | "art." => Unit::Article,
            "annex" => Unit::Annex,
            "recital" => Unit::Recital,
            _ => return None,
        };
        let num = c.name("num")?;
        // `Recital (47)` is written with parentheses; for other units a parenthesis before
        // the number means something else.
        if !c.name("open").is_some_and(|m| m.as_str().is_empty()) && unit != Unit::Recital {
            return None;
        }
        let rest = c.name("rest").map_or("", |m| m.as_str());
        let heading = heading_after_number(rest, is_heading, line.len())?;
        let repealed = rest.to_ascii_lowercase().contains("repealed");
        return Some(SectionHeader {
            unit,
            number: num.as_str().replace('–', "-"),
            heading,
            code,
            number_end: num.end(),
            repealed,
        });
    }
    if is_heading {
        let c = NUMBERED_HEADING.captures(line)?;
        let num = c.name("num")?;
        let rest = c.name("rest")?.as_str();
        if !rest.starts_with(|ch: char| ch.is_uppercase()) {
            return None;
        }
        return Some(SectionHeader {
            unit: Unit::Section,
            number: num.as_str().to_string(),
            heading: Some(clean_heading(rest)),
            code: None,
            number_end: num.end(),
            repealed: rest.to_ascii_lowercase().contains("repealed"),
        });
    }
    None
}

/// The heading that follows a section number, `Some(None)` for none, `None` when what
/// follows shows the line is a sentence (`Section 5 of the Act applies`), not a header.
fn heading_after_number(rest: &str, is_heading: bool, line_len: usize) -> Option<Option<String>> {
    let trimmed = rest.trim();
    if trimmed.is_empty() {
        return Some(None);
    }
    if rest.starts_with(['.', ':', '—', '–', '-']) {
        let h = clean_heading(rest);
        return Some((!h.is_empty()).then_some(h));
    }
    if !rest.starts_with([' ', '\t']) {
        return None;
    }
    let first = trimmed.chars().next()?;
    let starts_like_heading =
        first.is_uppercase() || matches!(first, '“' | '"' | '[' | '(' | '—' | '–');
    if !starts_like_heading || (!is_heading && line_len > 160) {
        return None;
    }
    let h = clean_heading(trimmed);
    Some((!h.is_empty()).then_some(h))
}

fn clean_heading(s: &str) -> String {
    s.trim_start_matches(|c: char| c.is_whitespace() || matches!(c, '.' | ':' | '—' | '–' | '-'))
        .trim_end_matches(|c: char| c.is_whitespace() || c == '.')
        .to_string()
}

/// The outline of a document.
#[derive(Debug, Clone, Default)]
pub struct Outline {
    /// Sections and subsections.
    pub provisions: Vec<Provision>,
    /// For each section header, the span from the line start to the end of the number:
    /// citations starting there are the header itself, not references.
    pub header_spans: Vec<Range<usize>>,
    /// The code named by the first section header.
    pub header_code: Option<CanonicalCode>,
    /// The first heading's text (Markdown), or the first non-empty line (text).
    pub first_heading: Option<String>,
    /// HTML comments and blocks (breadcrumbs).
    pub comments: Vec<String>,
    /// Fenced code blocks and HTML comments (Markdown): no citations are read there, a
    /// comment being the author's note or breadcrumb, never shown (`<!-- Rules of the City
    /// of New York, Title 6, Chapter 5 -->`). In order.
    pub unread_blocks: Vec<Range<usize>>,
    /// Annotations of the law (markup files whose schema marks them), in order.
    pub notes: Vec<Note>,
    /// The table of contents of a contents file (a D.C. Code `index.xml`).
    pub contents: Vec<Container>,
}

#[derive(Debug, Clone, Copy)]
struct Open {
    id: ProvisionId,
    style: LabelStyle,
    ordinal: u32,
}

struct Builder<'t> {
    text: &'t str,
    provisions: Vec<Provision>,
    section: Option<(ProvisionId, u8)>,
    stack: Vec<Open>,
}

impl<'t> Builder<'t> {
    fn close_stack_to(&mut self, keep: usize, at: usize) {
        while self.stack.len() > keep {
            if let Some(open) = self.stack.pop() {
                self.provisions[open.id].span.end = at;
            }
        }
    }

    fn close_section(&mut self, at: usize) {
        self.close_stack_to(0, at);
        if let Some((id, _)) = self.section.take() {
            self.provisions[id].span.end = at;
        }
    }

    fn open_section(&mut self, header: &SectionHeader, start: usize, label_end: usize, level: u8) {
        self.close_section(start);
        let id = self.provisions.len();
        self.provisions.push(Provision {
            unit: header.unit,
            number: header.number.clone().into(),
            style: None,
            heading: header.heading.clone(),
            span: start..self.text.len(),
            label_span: start..label_end,
            parent: None,
            children: Vec::new(),
            depth: 0,
            repealed: header.repealed,
        });
        self.section = Some((id, level));
    }

    fn push_child(
        &mut self,
        style: LabelStyle,
        number: String,
        ordinal: u32,
        start: usize,
        label_end: usize,
        heading: Option<String>,
    ) -> ProvisionId {
        let parent = self
            .stack
            .last()
            .map(|o| o.id)
            .or(self.section.map(|(id, _)| id));
        let depth = self.stack.len() as u8 + 1;
        let unit = parent.map_or(Unit::Section, |p| self.provisions[p].unit);
        let id = self.provisions.len();
        self.provisions.push(Provision {
            unit,
            number: number.into(),
            style: Some(style),
            heading,
            span: start..self.text.len(),
            label_span: start..label_end,
            parent,
            children: Vec::new(),
            depth,
            repealed: false,
        });
        if let Some(p) = parent {
            self.provisions[p].children.push(id);
        }
        self.stack.push(Open { id, style, ordinal });
        id
    }

    /// Places a label starting at `start`; returns whether it was taken as a subsection.
    fn place_label(
        &mut self,
        interps: &[(LabelStyle, u32, String)],
        start: usize,
        label_end: usize,
        heading: Option<String>,
    ) -> bool {
        // A continuation of an open level.
        for depth in (0..self.stack.len()).rev() {
            let open = self.stack[depth];
            if let Some((style, ordinal, number)) = interps
                .iter()
                .find(|(style, ord, _)| *style == open.style && is_successor(open.ordinal, *ord))
            {
                self.close_stack_to(depth, start);
                self.push_child(*style, number.clone(), *ordinal, start, label_end, heading);
                return true;
            }
        }
        // The first label of a new, deeper level.
        if let Some((style, ordinal, number)) = interps
            .iter()
            .find(|(style, ord, _)| *ord == 1 && !self.stack.iter().any(|o| o.style == *style))
        {
            self.push_child(*style, number.clone(), *ordinal, start, label_end, heading);
            return true;
        }
        false
    }

    fn open_definition(&mut self, term: &str, start: usize, label_end: usize) {
        self.close_stack_to(0, start);
        self.push_child(
            LabelStyle::Definition,
            term.to_string(),
            0,
            start,
            label_end,
            None,
        );
    }
}

fn is_successor(prev: u32, next: u32) -> bool {
    next > prev && next <= prev + 2
}

/// The ordinal of a roman numeral (`iv` → 4), if `s` is one in canonical form.
fn roman_value(s: &str) -> Option<u32> {
    let value = |c: char| match c.to_ascii_lowercase() {
        'i' => Some(1),
        'v' => Some(5),
        'x' => Some(10),
        'l' => Some(50),
        'c' => Some(100),
        'd' => Some(500),
        'm' => Some(1000),
        _ => None,
    };
    let digits: Vec<u32> = s.chars().map(value).collect::<Option<_>>()?;
    let mut total = 0i64;
    for (i, d) in digits.iter().enumerate() {
        if digits.get(i + 1).is_some_and(|n| n > d) {
            total -= i64::from(*d);
        } else {
            total += i64::from(*d);
        }
    }
    let total = u32::try_from(total).ok().filter(|t| *t > 0)?;
    (to_roman(total) == s.to_ascii_lowercase()).then_some(total)
}

fn to_roman(mut n: u32) -> String {
    const TABLE: [(u32, &str); 13] = [
        (1000, "m"),
        (900, "cm"),
        (500, "d"),
        (400, "cd"),
        (100, "c"),
        (90, "xc"),
        (50, "l"),
        (40, "xl"),
        (10, "x"),
        (9, "ix"),
        (5, "v"),
        (4, "iv"),
        (1, "i"),
    ];
    let mut out = String::new();
    for (v, s) in TABLE {
        while n >= v {
            out.push_str(s);
            n -= v;
        }
    }
    out
}

/// `a` → 1, `z` → 26, `aa` → 27, `bb` → 28 (doubled letters continue the alphabet).
fn alpha_value(s: &str) -> Option<u32> {
    let bytes = s.as_bytes();
    let first = bytes.first()?.to_ascii_lowercase();
    if !first.is_ascii_lowercase() || bytes.iter().any(|b| b.to_ascii_lowercase() != first) {
        return None;
    }
    let base = u32::from(first - b'a') + 1;
    match bytes.len() {
        1 => Some(base),
        2 => Some(base + 26),
        _ => None,
    }
}

/// The possible (style, ordinal, label) readings of a label core (`i`, `12`, `B`).
fn interpretations(core: &str, paren: bool) -> Vec<(LabelStyle, u32, String)> {
    let mut out = Vec::new();
    let label = core.to_string();
    if core.chars().next().is_some_and(|c| c.is_ascii_digit()) {
        let digits: String = core.chars().take_while(char::is_ascii_digit).collect();
        if let Ok(n) = digits.parse::<u32>() {
            let style = if paren {
                LabelStyle::NumberParen
            } else {
                LabelStyle::NumberDot
            };
            out.push((style, n, label));
        }
        return out;
    }
    let lower = core.chars().all(|c| c.is_ascii_lowercase());
    let upper = core.chars().all(|c| c.is_ascii_uppercase());
    let single_non_roman =
        core.len() == 1 && !matches!(core.to_ascii_lowercase().as_str(), "i" | "v" | "x");
    if let Some(n) = roman_value(core).filter(|_| !single_non_roman) {
        let style = match (paren, lower) {
            (true, true) => Some(LabelStyle::RomanParen),
            (true, false) if upper => Some(LabelStyle::UpperRomanParen),
            (false, true) => Some(LabelStyle::RomanDot),
            _ => None,
        };
        if let Some(style) = style {
            out.push((style, n, label.clone()));
        }
    }
    if let Some(n) = alpha_value(core) {
        let style = match (paren, lower, upper) {
            (true, true, _) => Some(LabelStyle::AlphaParen),
            (true, _, true) => Some(LabelStyle::UpperAlphaParen),
            (false, true, _) => Some(LabelStyle::AlphaDot),
            (false, _, true) => Some(LabelStyle::UpperAlphaDot),
            _ => None,
        };
        if let Some(style) = style {
            out.push((style, n, label));
        }
    }
    out
}

/// A subsection heading right after a label (`Notices required.`), and where the text after
/// it starts (relative to `rest`).
fn sub_heading(rest: &str) -> Option<(String, usize)> {
    let c = SUB_HEADING.captures(rest)?;
    let h = c.name("h")?.as_str().trim();
    let end = c.get(0)?.end();
    let after = rest[end..].trim_start();
    let words = h.split_whitespace().count();
    let after_ok = after.is_empty()
        || after.starts_with(|ch: char| ch.is_uppercase() || matches!(ch, '(' | '“' | '"'));
    (words <= 8 && after_ok).then(|| (h.to_string(), end))
}

/// Builds the outline of the text from `body_start` on.
pub fn outline(text: &str, body_start: usize, format: Format) -> Outline {
    let mut out = Outline::default();
    let body = &text[body_start..];
    let blocks = match format {
        Format::Markdown => markdown::blocks(body),
        Format::Text | Format::Xml | Format::Html => markdown::Blocks::default(),
    };
    out.comments = blocks.html.iter().map(|(_, t)| t.clone()).collect();
    out.unread_blocks = blocks
        .code
        .iter()
        .chain(
            blocks
                .html
                .iter()
                .filter(|(_, t)| t.trim_start().starts_with("<!--"))
                .map(|(r, _)| r),
        )
        .map(|r| r.start + body_start..r.end + body_start)
        .collect();
    out.unread_blocks.sort_by_key(|r| r.start);
    // Code and HTML blocks are disjoint; in order, the one that may hold a line start is
    // found by walking forward with the lines.
    let mut skip: Vec<Range<usize>> = blocks
        .code
        .iter()
        .chain(blocks.html.iter().map(|(r, _)| r))
        .map(|r| r.start + body_start..r.end + body_start)
        .collect();
    skip.sort_by_key(|r| r.start);
    let mut next_skip = 0;
    let mut headings = blocks.headings.iter().peekable();
    let mut b = Builder {
        text,
        provisions: Vec::new(),
        section: None,
        stack: Vec::new(),
    };
    let mut pos = body_start;
    let mut prev_blank = true;
    for line in body.split_inclusive('\n') {
        let start = pos;
        pos += line.len();
        let content = line.trim_end_matches(['\n', '\r']);
        while skip.get(next_skip).is_some_and(|r| r.end <= start) {
            next_skip += 1;
        }
        if skip.get(next_skip).is_some_and(|r| r.contains(&start)) {
            continue;
        }
        // Markdown headings.
        while headings
            .peek()
            .is_some_and(|h| h.span.start + body_start < start)
        {
            headings.next();
        }
        if let Some(h) = headings
            .peek()
            .filter(|h| h.span.start + body_start == start)
        {
            let h_end = h.span.end + body_start;
            if out.first_heading.is_none() {
                out.first_heading = Some(h.text.clone());
            }
            if let Some(header) = section_header(&h.text, true) {
                let number_end = line_offset_of(content, &header.number)
                    .map_or(h_end, |o| start + o + header.number.len());
                out.header_spans.push(start..number_end.min(h_end));
                if out.header_code.is_none() {
                    out.header_code.clone_from(&header.code);
                }
                let label_end = start + content.trim_end().len();
                b.open_section(&header, start, label_end.min(h_end), h.level);
            } else if b.section.is_some_and(|(_, level)| h.level <= level) {
                b.close_section(start);
            }
            prev_blank = false;
            continue;
        }
        if content.trim().is_empty() {
            prev_blank = true;
            continue;
        }
        if format != Format::Markdown {
            if out.first_heading.is_none() {
                out.first_heading = Some(content.trim().to_string());
            }
            if let Some(mut header) = section_header(content, false) {
                out.header_spans.push(start..start + header.number_end);
                if out.header_code.is_none() {
                    out.header_code.clone_from(&header.code);
                }
                // `§ 20-871 Requirements for automated employment decision tools. a. In the
                // city, …` (the New York City Administrative Code as published, and the
                // House style `SEC. 2. DEFINITIONS. (a) IN GENERAL.—`): the first
                // subdivision starts on the section's own line, after its heading.
                let first = FIRST_INLINE_LABEL
                    .captures(&content[header.number_end..])
                    .and_then(|c| c.name("label"))
                    .map(|m| header.number_end + m.start());
                let line_end = first.unwrap_or(content.trim_end().len());
                if let Some(at) = first {
                    let heading = clean_heading(&content[header.number_end..at]);
                    header.heading = (!heading.is_empty()).then_some(heading);
                }
                b.open_section(&header, start, start + line_end, 1);
                if let Some(at) = first {
                    read_labels(&mut b, &content[at..], start + at, false, None);
                }
                prev_blank = false;
                continue;
            }
        }
        if b.section.is_some() {
            let next = ambiguous_label(content)
                .then(|| next_label(&text[pos..]))
                .flatten();
            read_labels(&mut b, content, start, prev_blank, next.as_deref());
        }
        prev_blank = false;
    }
    b.close_section(text.len());
    // Spans end at the last non-blank character.
    for p in &mut b.provisions {
        let trimmed = text[p.span.clone()].trim_end().len();
        p.span.end = p.span.start + trimmed;
        if p.label_span.end > p.span.end {
            p.label_span.end = p.span.end;
        }
    }
    out.provisions = b.provisions;
    out
}

fn line_offset_of(line: &str, needle: &str) -> Option<usize> {
    line.find(needle)
}

/// Whether the label opening `line` reads as a letter and as a roman numeral (`(i)`, `v.`,
/// `(x)`), which the label after it decides.
fn ambiguous_label(line: &str) -> bool {
    LABEL.captures(line).is_some_and(|c| {
        c.name("p")
            .or(c.name("d"))
            .is_some_and(|m| matches!(m.as_str(), "i" | "v" | "x" | "I" | "V" | "X"))
    })
}

/// The label opening the next line that has one, within the next 40 lines.
fn next_label(rest: &str) -> Option<String> {
    rest.lines().take(40).find_map(|line| {
        let c = LABEL.captures(line)?;
        Some(c.name("p").or(c.name("d"))?.as_str().to_string())
    })
}

/// Reads the label(s) that open a line inside a section. `next` is the label of the next
/// labelled line, when this one is ambiguous (`(i)` after `(h)`: the letter, unless `(ii)`
/// follows, as in Regulation (EU) 2024/1689, Article 5(1)(h)(i)–(iii)).
fn read_labels(
    b: &mut Builder<'_>,
    content: &str,
    start: usize,
    paragraph_start: bool,
    next: Option<&str>,
) {
    if paragraph_start && let Some(c) = DEFINITION.captures(content) {
        let window_end = (start + 400).min(b.text.len());
        let window_end = crate::line_index::floor_char_boundary(b.text, window_end);
        if b.text[start..window_end].contains(" means")
            && let Some(term) = c.name("term")
        {
            let term_end = start + term.end() + 1;
            b.open_definition(term.as_str().trim(), start, term_end);
            return;
        }
    }
    let Some(c) = LABEL.captures(content) else {
        return;
    };
    let Some(whole) = c.get(0) else { return };
    let (core, paren) = match (c.name("p"), c.name("d")) {
        (Some(p), _) => (p.as_str(), true),
        (None, Some(d)) => (d.as_str(), false),
        _ => return,
    };
    let mut interps = interpretations(core, paren);
    if let Some(next) = next
        && interps.len() > 1
    {
        let roman_next = roman_value(next)
            .zip(roman_value(core))
            .is_some_and(|(n, c)| n == c + 1);
        let alpha_next = alpha_value(next)
            .zip(alpha_value(core))
            .is_some_and(|(n, c)| n == c + 1);
        let keep_roman = roman_next && !alpha_next;
        let keep_alpha = alpha_next && !roman_next;
        interps.retain(|(style, ..)| {
            let roman = matches!(
                style,
                LabelStyle::RomanParen | LabelStyle::UpperRomanParen | LabelStyle::RomanDot
            );
            (!keep_roman || roman) && (!keep_alpha || !roman)
        });
    }
    let rest = &content[whole.end()..];
    let (heading, after_heading) = match sub_heading(rest) {
        Some((h, end)) => (Some(h), end),
        None => (None, 0),
    };
    let label_end = start + content.trim_end().len().min(whole.end() + after_heading);
    if !b.place_label(&interps, start, label_end, heading) {
        return;
    }
    // Inline labels after a heading dash: `(b) Publication.— (1) In general.— (A) …`.
    if after_heading == 0 {
        return;
    }
    let mut offset = whole.end() + after_heading;
    loop {
        let tail = &content[offset..];
        let Some(c) = INLINE_LABEL.captures(tail) else {
            break;
        };
        let (Some(p), Some(m)) = (c.name("p"), c.get(0)) else {
            break;
        };
        let interps = interpretations(p.as_str(), true);
        let label_start = start + offset + (m.as_str().len() - m.as_str().trim_start().len());
        let rest = &tail[m.end()..];
        let (heading, consumed) = match sub_heading(rest) {
            Some((h, end)) => (Some(h), end),
            None => (None, 0),
        };
        if !b.place_label(
            &interps,
            label_start,
            start + offset + m.end() + consumed,
            heading,
        ) {
            break;
        }
        if consumed == 0 {
            break;
        }
        offset += m.end() + consumed;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognises_section_headers() {
        let h =
            section_header("NYC Administrative Code § 20-870 Definitions", true).expect("header");
        assert_eq!((h.unit, h.number.as_str()), (Unit::Section, "20-870"));
        assert_eq!(h.heading.as_deref(), Some("Definitions"));
        assert_eq!(h.code.map(|c| c.name).as_deref(), Some("NYC Admin. Code"));

        let h = section_header(
            "Article 6 — Classification rules for high-risk AI systems",
            true,
        )
        .expect("header");
        assert_eq!((h.unit, h.number.as_str()), (Unit::Article, "6"));
        assert_eq!(
            h.heading.as_deref(),
            Some("Classification rules for high-risk AI systems")
        );

        let h = section_header(
            "Annex III — High-risk AI systems referred to in Article 6(2)",
            true,
        )
        .expect("header");
        assert_eq!((h.unit, h.number.as_str()), (Unit::Annex, "III"));
        let h = section_header("Recital (47)", true).expect("header");
        assert_eq!((h.unit, h.number.as_str()), (Unit::Recital, "47"));
        let h = section_header(
            "27 CFR § 40.22 — Determination of sale price of large cigars",
            true,
        )
        .expect("header");
        assert_eq!(h.number, "40.22");
        let h = section_header("§ 5. Scope.", false).expect("header");
        assert_eq!(
            (h.number.as_str(), h.heading.as_deref()),
            ("5", Some("Scope"))
        );
        let h = section_header("2. Notice to candidates", true).expect("numbered heading");
        assert_eq!(h.number, "2");

        assert!(section_header("Section 5 of the Act applies to employers.", false).is_none());
        assert!(section_header("Requirements under Article 6", true).is_none());
        assert!(section_header("Statement of Basis and Purpose", true).is_none());
    }

    #[test]
    fn roman_and_alpha_ordinals() {
        assert_eq!(roman_value("iv"), Some(4));
        assert_eq!(roman_value("iiii"), None);
        assert_eq!(alpha_value("bb"), Some(28));
        assert_eq!(alpha_value("ab"), None);
        let i = interpretations("i", true);
        assert!(
            i.iter()
                .any(|(s, n, _)| *s == LabelStyle::RomanParen && *n == 1)
        );
        assert!(
            i.iter()
                .any(|(s, n, _)| *s == LabelStyle::AlphaParen && *n == 9)
        );
        let c = interpretations("c", true);
        assert_eq!(c.len(), 1);
    }

    #[test]
    fn nests_labels_and_keeps_wrapped_lines_as_text() {
        let text = "§ 1. Scope.\n(a) First.\n(1) One;\n(2) Two, continued on a line that\n3. starts with a number;\n(i) roman one\n(ii) roman two\n(b) Second.\n(c) Third.\n";
        let o = outline(text, 0, Format::Text);
        let labels: Vec<(String, u8)> = o
            .provisions
            .iter()
            .map(|p| (p.number.to_string(), p.depth))
            .collect();
        assert_eq!(
            labels,
            vec![
                ("1".into(), 0),
                ("a".into(), 1),
                ("1".into(), 2),
                ("2".into(), 2),
                ("i".into(), 3),
                ("ii".into(), 3),
                ("b".into(), 1),
                ("c".into(), 1),
            ]
        );
    }

    /// Class: `(i)` after `(h)` is the letter, unless `(ii)` follows: Regulation (EU)
    /// 2024/1689, Article 5(1), point (h) and its points (i) to (iii) (the Official Journal's
    /// HTML nests them in a table the text view lays out flat).
    #[test]
    fn roman_points_below_h() {
        let text = "Article 5\n1. The following AI practices shall be prohibited:\n(a)\nsubliminal techniques;\n(b)\nexploiting vulnerabilities;\n(c)\nsocial scoring;\n(d)\nrisk assessments of natural persons;\n(e)\nfacial recognition databases;\n(f)\nemotion recognition in the workplace;\n(g)\nthe placing on the market of biometric categorisation systems;\n(h)\nthe use of \u{2018}real-time\u{2019} remote biometric identification systems, unless such use is strictly necessary for one of the following objectives:\n(i)\nthe targeted search for specific victims;\n(ii)\nthe prevention of a specific threat;\n(iii)\nthe localisation or identification of a person suspected of having committed a criminal offence.\n2. The use shall be deployed only to confirm the identity.\n";
        let o = outline(text, 0, Format::Text);
        let path: Vec<String> = o
            .provisions
            .iter()
            .map(|p| format!("{}@{}", p.number, p.depth))
            .collect();
        assert_eq!(
            path,
            vec![
                "5@0", "1@1", "a@2", "b@2", "c@2", "d@2", "e@2", "f@2", "g@2", "h@2", "i@3",
                "ii@3", "iii@3", "2@1"
            ]
        );
    }

    #[test]
    fn alpha_i_follows_h() {
        let text = "§ 2.\n(a) a\n(b) b\n(c) c\n(d) d\n(e) e\n(f) f\n(g) g\n(h) h\n(i) i as a letter\n(j) j\n";
        let o = outline(text, 0, Format::Text);
        let i = o.provisions.iter().find(|p| p.number == "i").expect("(i)");
        assert_eq!(i.style, Some(LabelStyle::AlphaParen));
        assert_eq!(i.depth, 1);
    }

    /// Class: the New York City Administrative Code as the Council publishes it (Local Law
    /// 144 of 2021) starts a section's first subdivision on the section's own line, after
    /// its heading; text extracted from a PDF puts a form feed before the first line of a
    /// page (6 RCNY § 5-301(c)(3), after the page number).
    #[test]
    fn first_subdivision_on_the_section_line_and_after_a_page_break() {
        let text = "         § 20-871 Requirements for automated employment decision tools. a. In the city, it shall be unlawful for\n\nan employer to use a tool unless:\n\n         1. Such tool has been the subject of a bias audit; and\n\n         b. Notices required. In the city, any employer shall notify:\n\n          (1) Calculate the median score;\n\n                                                       6\n\u{c}          (2) Calculate the impact ratio for each category;\n";
        let o = outline(text, 0, Format::Text);
        let path: Vec<String> = o
            .provisions
            .iter()
            .map(|p| format!("{}@{}", p.number, p.depth))
            .collect();
        assert_eq!(path, vec!["20-871@0", "a@1", "1@2", "b@1", "1@2", "2@2"]);
        assert_eq!(
            o.provisions[0].heading.as_deref(),
            Some("Requirements for automated employment decision tools")
        );
    }

    #[test]
    fn inline_labels_after_heading_dashes() {
        let text = "# 35 U.S.C. § 122 — Confidential status\n\n(a) Confidentiality.— Except as provided.\n\n(b) Publication.— (1) In general.— (A) Subject to paragraph (2), each.\n\n(B) No information.\n\n(2) Exceptions.— (A) An application.\n";
        let o = outline(text, 0, Format::Markdown);
        let path: Vec<String> = o
            .provisions
            .iter()
            .map(|p| format!("{}@{}", p.number, p.depth))
            .collect();
        assert_eq!(
            path,
            vec!["122@0", "a@1", "b@1", "1@2", "A@3", "B@3", "2@2", "A@3"]
        );
        assert_eq!(o.provisions[2].heading.as_deref(), Some("Publication"));
    }
}
