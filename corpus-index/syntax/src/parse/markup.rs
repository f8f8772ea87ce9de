//! Reading XML and HTML files: a *text view* of the file and its element tree.
//!
//! The text view has the same byte length and the same lines as the file, so every offset,
//! line and (for markup written in ASCII or UTF-8) column of the view is that of the file the
//! editor shows. Markup (tags, comments, processing instructions, the DOCTYPE, CDATA markers,
//! the contents of HTML `<script>` and `<style>`) is replaced by whitespace of the same UTF-8
//! length and UTF-16 length (ASCII space for one byte, U+00A0 for two, U+2002 for three,
//! two U+00A0 for four), newlines kept. A character or entity reference (`&amp;`, `&#167;`,
//! `&nbsp;`) is replaced by its character and spaces up to the reference's length (the
//! spaces go before an opening quote, after anything else); `&nbsp;` becomes plain spaces. After a reference to a non-ASCII character the rest of the
//! line has fewer UTF-16 units in the view than in the file: such references are listed in
//! [`Markup::substitutions`] (kept in [`crate::model::Document::substitutions`]) and the
//! line index adds the difference back.
//!
//! Elements are read with `quick-xml` (byte positions from `Reader::buffer_position`). In
//! [`Dialect::Html`] end-tag names are not checked, void elements (`<br>`, `<meta>`) need no
//! end tag, unquoted attributes and a lone `&` are accepted. Reading never fails: after a
//! syntax error the rest of the file is blanked by a simple scanner (tags become spaces,
//! references are decoded) and a [`Problem`] says where the markup broke.

use std::cell::OnceCell;
use std::collections::HashMap;
use std::ops::Range;

use quick_xml::events::Event;
use quick_xml::reader::Reader;

use crate::model::{Problem, Substitution};

/// How lenient the reader is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    /// Well-formed XML (USLM, Akoma Ntoso): mismatched or missing end tags are problems.
    Xml,
    /// HTML as found on the web (EUR-Lex): lenient, names compared case-insensitively.
    Html,
}

/// An element of the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Element {
    /// Local name (no namespace prefix); lower-cased in [`Dialect::Html`].
    pub name: String,
    /// Byte range of the whole element, from `<` of the start tag to `>` of the end tag.
    pub span: Range<usize>,
    /// Byte range between the start and the end tag (empty for `<x/>`).
    pub inner: Range<usize>,
    /// The enclosing element.
    pub parent: Option<usize>,
    /// Child elements in document order.
    pub children: Vec<usize>,
    /// Attributes (local names) with their raw values.
    pub attrs: Vec<(String, String)>,
}

impl Element {
    /// The raw value of attribute `key` (local name, no prefix).
    pub fn attr(&self, key: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Whether the `class` attribute holds `class` as one of its words.
    pub fn has_class(&self, class: &str) -> bool {
        self.attr("class")
            .is_some_and(|c| c.split_whitespace().any(|w| w == class))
    }
}

/// A file read as markup.
#[derive(Debug, Clone, Default)]
pub struct Markup {
    /// The text view: same byte length and lines as the file, markup blanked.
    pub view: String,
    /// Elements in document order (of their start tags); the first one without a parent is
    /// the root.
    pub elements: Vec<Element>,
    /// What was wrong with the markup.
    pub problems: Vec<Problem>,
    /// The file broke off as markup at this offset (the rest has no elements).
    pub broken_at: Option<usize>,
    /// References replaced by a non-ASCII character, in order.
    pub substitutions: Vec<Substitution>,
    /// Runs of at least [`LONG_SPACE`] bytes of whitespace in the view, in order.
    pub long_space: Vec<Range<usize>>,
}

impl Markup {
    /// The root element (the first element without a parent).
    pub fn root(&self) -> Option<usize> {
        self.elements.iter().position(|e| e.parent.is_none())
    }

    /// The first child of `id` named `name`.
    pub fn child(&self, id: usize, name: &str) -> Option<usize> {
        self.elements
            .get(id)?
            .children
            .iter()
            .copied()
            .find(|&c| self.elements[c].name == name)
    }

    /// The first descendant of `id` (depth first, document order) named `name`.
    pub fn descendant(&self, id: usize, name: &str) -> Option<usize> {
        let mut stack: Vec<usize> = self
            .elements
            .get(id)?
            .children
            .iter()
            .rev()
            .copied()
            .collect();
        while let Some(i) = stack.pop() {
            if self.elements[i].name == name {
                return Some(i);
            }
            stack.extend(self.elements[i].children.iter().rev().copied());
        }
        None
    }

    /// The view text of an element's content with whitespace collapsed, cut to
    /// [`LABEL_CHARS`] characters (`…` marks the cut): what a number, heading or title
    /// holds. Reading it takes time in what it returns, not in the element's size.
    pub fn text_of(&self, id: usize) -> String {
        let Some(e) = self.elements.get(id) else {
            return String::new();
        };
        let mut out = String::new();
        let mut chars = 0;
        let mut pos = e.inner.start.min(self.view.len());
        let end = e.inner.end.min(self.view.len());
        loop {
            pos = self.skip_space(pos, end);
            if pos >= end {
                return out;
            }
            if !out.is_empty() {
                out.push(' ');
                chars += 1;
            }
            for ch in self.view[pos..end]
                .chars()
                .take_while(|c| !c.is_whitespace())
            {
                if chars >= LABEL_CHARS {
                    out.push('…');
                    return out;
                }
                out.push(ch);
                chars += 1;
                pos += ch.len_utf8();
            }
        }
    }

    /// `range` without the whitespace (blanked markup included) at either end; an empty
    /// range at its end when it holds only whitespace. Takes time in the whitespace runs
    /// shorter than [`LONG_SPACE`] it crosses, not in the range's length.
    pub fn trimmed(&self, range: Range<usize>) -> Range<usize> {
        let floor = |i: usize| crate::line_index::floor_char_boundary(&self.view, i);
        let end = floor(range.end.min(self.view.len()));
        let start = floor(range.start.min(end));
        let first = self.skip_space(start, end);
        let last = self.skip_space_back(end, first);
        first..last
    }

    /// The first offset from `pos` (up to `end`) that is not whitespace, or `end`.
    fn skip_space(&self, mut pos: usize, end: usize) -> usize {
        while pos < end {
            let i = self.long_space.partition_point(|r| r.start <= pos);
            if let Some(run) = i.checked_sub(1).map(|i| &self.long_space[i])
                && run.end > pos
            {
                pos = run.end;
                continue;
            }
            match self.view.get(pos..end).and_then(|t| t.chars().next()) {
                Some(c) if c.is_whitespace() => pos += c.len_utf8(),
                Some(_) => return pos,
                None => return end,
            }
        }
        end
    }

    /// The offset after the last character before `end` (down to `start`) that is not
    /// whitespace, or `start`.
    fn skip_space_back(&self, mut end: usize, start: usize) -> usize {
        while end > start {
            let i = self.long_space.partition_point(|r| r.start < end);
            if let Some(run) = i.checked_sub(1).map(|i| &self.long_space[i])
                && run.end >= end
            {
                end = run.start.max(start);
                continue;
            }
            match self
                .view
                .get(start..end)
                .and_then(|t| t.chars().next_back())
            {
                Some(c) if c.is_whitespace() => end -= c.len_utf8(),
                Some(_) => return end,
                None => return start,
            }
        }
        start
    }
}

/// The longest whitespace run [`Markup::trimmed`] walks through character by character;
/// longer runs (the blanked tags that close deeply nested elements) are jumped over.
pub const LONG_SPACE: usize = 64;

/// The most characters [`Markup::text_of`] returns.
pub const LABEL_CHARS: usize = 1000;

/// The runs of at least [`LONG_SPACE`] bytes of whitespace of `view`, in order.
fn long_space_runs(view: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut run: Option<usize> = None;
    for (i, c) in view.char_indices() {
        match (c.is_whitespace(), run) {
            (true, None) => run = Some(i),
            (false, Some(start)) => {
                if i - start >= LONG_SPACE {
                    out.push(start..i);
                }
                run = None;
            }
            _ => {}
        }
    }
    if let Some(start) = run
        && view.len() - start >= LONG_SPACE
    {
        out.push(start..view.len());
    }
    out
}

/// Text of the view as a reader would want it quoted: each run of whitespace (blanked
/// markup included) becomes one space, or a paragraph break when it spans a blank line.
pub fn tidy(text: &str) -> String {
    let mut out = String::with_capacity(text.len() / 2);
    let mut rest = text.trim();
    // The text is trimmed, so every run of whitespace is followed by a word: copy a word
    // whole, then write its run of whitespace as one separator.
    while !rest.is_empty() {
        let word = rest.find(char::is_whitespace).unwrap_or(rest.len());
        out.push_str(&rest[..word]);
        rest = &rest[word..];
        let run = rest.len() - rest.trim_start().len();
        if run > 0 {
            let newlines = rest.as_bytes()[..run]
                .iter()
                .filter(|&&b| b == b'\n')
                .count();
            out.push_str(if newlines >= 2 { "\n\n" } else { " " });
            rest = &rest[run..];
        }
    }
    out
}

/// HTML elements that have no end tag.
const VOID: &[&str] = &[
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
    "track", "wbr",
];

/// Problems reported per file at most; later ones are counted in the last message.
const MAX_PROBLEMS: usize = 20;

/// Reads `src` as markup of `dialect` into its text view and elements.
pub fn read(src: &str, dialect: Dialect) -> Markup {
    let mut r = MarkupReader {
        src,
        dialect,
        view: src.as_bytes().to_vec(),
        elements: Vec::new(),
        stack: Vec::new(),
        open_names: HashMap::new(),
        line_starts: OnceCell::new(),
        problems: Vec::new(),
        dropped: 0,
        substitutions: Vec::new(),
    };
    let broken_at = r.run();
    let MarkupReader {
        view,
        elements,
        mut problems,
        dropped,
        mut substitutions,
        ..
    } = r;
    substitutions.sort_by_key(|s| s.after);
    if dropped > 0
        && let Some(last) = problems.last_mut()
    {
        last.message
            .push_str(&format!(" ({dropped} more markup problems not shown)"));
    }
    // Blanking only writes whole characters and ASCII, so the view is valid UTF-8; the
    // lossy conversion never replaces anything and is here only to avoid an `unwrap`.
    let view = String::from_utf8(view)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
    let long_space = long_space_runs(&view);
    Markup {
        view,
        elements,
        problems,
        broken_at,
        substitutions,
        long_space,
    }
}

struct MarkupReader<'s> {
    src: &'s str,
    dialect: Dialect,
    view: Vec<u8>,
    elements: Vec<Element>,
    stack: Vec<usize>,
    /// How many elements of each name are open on `stack`: an end tag of a name that is not
    /// open is recognised without searching the stack.
    open_names: HashMap<String, usize>,
    /// Offsets where lines start, computed on the first problem.
    line_starts: OnceCell<Vec<usize>>,
    problems: Vec<Problem>,
    dropped: usize,
    substitutions: Vec<Substitution>,
}

impl MarkupReader<'_> {
    fn problem(&mut self, span: Range<usize>, message: String) {
        self.problem_with(span, |_| message);
    }

    /// Records a problem whose message `message` writes, or only counts it when
    /// [`MAX_PROBLEMS`] are shown already (its message is then not written).
    fn problem_with(&mut self, span: Range<usize>, message: impl FnOnce(&Self) -> String) {
        if self.problems.len() >= MAX_PROBLEMS {
            self.dropped += 1;
            return;
        }
        let message = message(self);
        // The parser's positions are bytes; a problem is shown to the user, so its span is
        // widened to whole characters (a mismatched end tag may end inside a combining mark).
        let len = self.src.len();
        let start = crate::line_index::floor_char_boundary(self.src, span.start.min(len));
        let mut end = span.end.clamp(start, len);
        while !self.src.is_char_boundary(end) {
            end += 1;
        }
        self.problems.push(Problem {
            span: start..end,
            message,
        });
    }

    /// The 1-based line of `offset` (a binary search in the line starts).
    fn line_of(&self, offset: usize) -> usize {
        let starts = self.line_starts.get_or_init(|| {
            std::iter::once(0)
                .chain(
                    self.src
                        .bytes()
                        .enumerate()
                        .filter(|(_, b)| *b == b'\n')
                        .map(|(i, _)| i + 1),
                )
                .collect()
        });
        starts.partition_point(|&s| s <= offset).max(1)
    }

    fn push_open(&mut self, id: usize) {
        self.stack.push(id);
        *self
            .open_names
            .entry(self.elements[id].name.clone())
            .or_insert(0) += 1;
    }

    fn pop_open(&mut self) -> Option<usize> {
        let id = self.stack.pop()?;
        if let Some(n) = self.open_names.get_mut(&self.elements[id].name) {
            *n = n.saturating_sub(1);
        }
        Some(id)
    }

    fn name(&self, raw: &[u8]) -> String {
        let local = raw.rsplit(|b| *b == b':').next().unwrap_or(raw);
        let name = String::from_utf8_lossy(local).into_owned();
        match self.dialect {
            Dialect::Html => name.to_ascii_lowercase(),
            Dialect::Xml => name,
        }
    }

    /// Replaces `range` of the view by whitespace of the same byte and UTF-16 length.
    fn blank(&mut self, range: Range<usize>) {
        let end = range.end.min(self.src.len());
        let Some(text) = self.src.get(range.start..end) else {
            return;
        };
        for (i, ch) in text.char_indices() {
            let at = range.start + i;
            match ch {
                '\n' | '\r' => {}
                c if c.is_ascii() => self.view[at] = b' ',
                c => {
                    let fill: &[u8] = match c.len_utf8() {
                        2 => "\u{a0}".as_bytes(),
                        3 => "\u{2002}".as_bytes(),
                        _ => "\u{a0}\u{a0}".as_bytes(),
                    };
                    self.view[at..at + fill.len()].copy_from_slice(fill);
                }
            }
        }
    }

    /// Writes the character of the reference at `range` (`&amp;`, `&#167;`) into the view;
    /// `false` when the reference is unknown.
    fn reference(&mut self, range: Range<usize>) -> bool {
        let Some(raw) = self.src.get(range.clone()) else {
            return false;
        };
        let Some(ch) = resolve_reference(raw) else {
            return false;
        };
        // A reference to a line break (`&#xA;`, `&#13;`, U+2028) or another control
        // character is a space in the view: the view keeps the file's lines, so every
        // position is the one the editor shows.
        let ch = if ch == '\u{a0}' || ch.is_control() || matches!(ch, '\u{2028}' | '\u{2029}') {
            ' '
        } else {
            ch
        };
        let mut buf = [0u8; 4];
        let bytes = ch.encode_utf8(&mut buf).as_bytes();
        if bytes.len() > range.len() {
            return false;
        }
        // An opening quote is padded before, so that it stays next to what it quotes
        // (`&ldquo;AEDT&rdquo;` → `    “AEDT”     `); anything else is padded after.
        let opening = matches!(ch, '‘' | '“' | '«' | '‹' | '„' | '‚');
        let at = if opening {
            range.end - bytes.len()
        } else {
            range.start
        };
        for b in &mut self.view[range.clone()] {
            *b = b' ';
        }
        self.view[at..at + bytes.len()].copy_from_slice(bytes);
        if !ch.is_ascii() {
            let len = ch.len_utf8();
            self.substitutions.push(Substitution {
                after: at + len,
                utf16: u8::try_from(len - ch.len_utf16()).unwrap_or(0),
                chars: u8::try_from(len - 1).unwrap_or(0),
            });
        }
        true
    }

    fn open(&mut self, raw: &quick_xml::events::BytesStart<'_>, span: Range<usize>) -> usize {
        let name = self.name(raw.name().as_ref());
        let attrs = match self.dialect {
            Dialect::Html => raw.html_attributes(),
            Dialect::Xml => raw.attributes(),
        }
        .with_checks(false)
        .flatten()
        .map(|a| {
            (
                self.name(a.key.as_ref()).to_ascii_lowercase(),
                String::from_utf8_lossy(&a.value).into_owned(),
            )
        })
        .collect();
        let parent = self.stack.last().copied();
        let id = self.elements.len();
        self.elements.push(Element {
            name,
            span: span.clone(),
            inner: span.end..span.end,
            parent,
            children: Vec::new(),
            attrs,
        });
        if let Some(p) = parent {
            self.elements[p].children.push(id);
        }
        id
    }

    fn close(&mut self, name: &str, span: Range<usize>) {
        let is_open = self.open_names.get(name).is_some_and(|&n| n > 0);
        let depth = if is_open {
            self.stack
                .iter()
                .rposition(|&i| self.elements[i].name == name)
        } else {
            None
        };
        let Some(depth) = depth else {
            if self.dialect == Dialect::Xml {
                self.problem_with(span.clone(), |r| {
                    format!(
                        "malformed XML: closing tag </{name}> on line {} has no opening tag",
                        r.line_of(span.start)
                    )
                });
            }
            return;
        };
        while self.stack.len() > depth + 1 {
            if let Some(open) = self.pop_open() {
                if self.dialect == Dialect::Xml {
                    let opened = self.elements[open].span.start;
                    self.problem_with(opened..self.elements[open].inner.start, |r| {
                        format!(
                            "malformed XML: <{}> opened on line {} is not closed before </{name}> on line {}",
                            r.elements[open].name,
                            r.line_of(opened),
                            r.line_of(span.start)
                        )
                    });
                }
                self.end_at(open, span.start, span.start);
            }
        }
        if let Some(open) = self.pop_open() {
            self.end_at(open, span.start, span.end);
        }
    }

    fn end_at(&mut self, id: usize, inner_end: usize, end: usize) {
        let e = &mut self.elements[id];
        e.inner.end = inner_end.max(e.inner.start);
        e.span.end = end.max(e.inner.end);
    }

    /// Reads the whole file; returns where it broke off as markup, if it did.
    fn run(&mut self) -> Option<usize> {
        let src = self.src;
        let mut reader = new_reader(src, self.dialect);
        // Offset in `src` where the current reader started (it restarts after raw text).
        let mut base = 0usize;
        let pos = |r: &Reader<&[u8]>, base: usize| {
            usize::try_from(r.buffer_position())
                .map_or(src.len(), |p| p.saturating_add(base))
                .min(src.len())
        };
        loop {
            let before = pos(&reader, base);
            let event = reader.read_event();
            let after = pos(&reader, base);
            match event {
                Ok(Event::Eof) => break,
                Ok(Event::Start(e)) => {
                    self.blank(before..after);
                    let id = self.open(&e, before..after);
                    let name = self.elements[id].name.clone();
                    if self.dialect == Dialect::Html && VOID.contains(&name.as_str()) {
                        continue;
                    }
                    if self.dialect == Dialect::Html && matches!(name.as_str(), "script" | "style")
                    {
                        // Raw text: skip to the end tag without parsing it as markup.
                        // The reader starts again at the end tag.
                        let end = raw_text_end(src, after, &name);
                        reader = new_reader(src.get(end..).unwrap_or(""), self.dialect);
                        base = end;
                        self.blank(after..end);
                        self.end_at(id, end, end);
                        if end >= src.len() {
                            break;
                        }
                        continue;
                    }
                    self.push_open(id);
                }
                Ok(Event::Empty(e)) => {
                    self.blank(before..after);
                    self.open(&e, before..after);
                }
                Ok(Event::End(e)) => {
                    self.blank(before..after);
                    let name = self.name(e.name().as_ref());
                    self.close(&name, before..after);
                }
                Ok(Event::Text(_)) => {}
                Ok(Event::CData(_)) => {
                    // `<![CDATA[` and `]]>`; the content stays.
                    self.blank(before..(before + 9).min(after));
                    self.blank(after.saturating_sub(3).max(before)..after);
                }
                Ok(Event::GeneralRef(_)) => {
                    if !self.reference(before..after) && self.dialect == Dialect::Xml {
                        self.problem_with(before..after, |r| {
                            let raw = src.get(before..after).unwrap_or("");
                            let line = r.line_of(before);
                            format!("malformed XML: unknown entity {raw} on line {line}; it is kept as written")
                        });
                    }
                }
                Ok(Event::Comment(_) | Event::Decl(_) | Event::PI(_) | Event::DocType(_)) => {
                    self.blank(before..after);
                }
                Err(err) => {
                    let at = usize::try_from(reader.error_position())
                        .map_or(before, |p| p.saturating_add(base))
                        .min(src.len());
                    let at = crate::line_index::floor_char_boundary(src, at);
                    let end = src[at..]
                        .char_indices()
                        .nth(1)
                        .map_or(src.len(), |(i, _)| at + i);
                    let what = match self.dialect {
                        Dialect::Xml => "malformed XML",
                        Dialect::Html => "unreadable HTML",
                    };
                    let line = self.line_of(at);
                    self.problem(
                        at..end,
                        format!(
                            "{what} on line {line}: {err}; the structure after this point is not read (its text is still indexed)"
                        ),
                    );
                    self.close_all(at);
                    self.scan_rest(at);
                    return Some(at);
                }
            }
        }
        if self.dialect == Dialect::Xml
            && let Some(&open) = self.stack.first()
        {
            let start = self.elements[open].span.start;
            let msg = format!(
                "malformed XML: <{}> opened on line {} is never closed",
                self.elements[open].name,
                self.line_of(start)
            );
            self.problem(start..self.elements[open].inner.start, msg);
        }
        self.close_all(src.len());
        None
    }

    fn close_all(&mut self, at: usize) {
        while let Some(open) = self.pop_open() {
            self.end_at(open, at, at);
        }
    }

    /// Blanks tags and decodes references from `from` to the end without a parser (after a
    /// syntax error).
    fn scan_rest(&mut self, from: usize) {
        let bytes = self.src.as_bytes();
        let mut i = from;
        while i < bytes.len() {
            match bytes[i] {
                b'<' if bytes.get(i + 1).is_some_and(|&b| {
                    b.is_ascii_alphabetic() || matches!(b, b'/' | b'!' | b'?')
                }) =>
                {
                    let end = bytes[i..]
                        .iter()
                        .position(|b| *b == b'>')
                        .map_or(bytes.len(), |p| i + p + 1);
                    self.blank(i..end);
                    i = end;
                }
                b'&' => {
                    let end = bytes[i..]
                        .iter()
                        .take(12)
                        .position(|b| *b == b';')
                        .map(|p| i + p + 1);
                    match end {
                        Some(end) if self.reference(i..end) => i = end,
                        _ => i += 1,
                    }
                }
                _ => i += 1,
            }
        }
    }
}

/// A `quick-xml` reader of `src` configured for `dialect` (end names are checked here, not
/// by the reader).
fn new_reader(src: &str, dialect: Dialect) -> Reader<&[u8]> {
    let mut reader = Reader::from_str(src);
    let config = reader.config_mut();
    config.check_end_names = false;
    config.allow_unmatched_ends = true;
    config.allow_dangling_amp = dialect == Dialect::Html;
    config.check_comments = false;
    reader
}

/// Where the raw text of an HTML `<script>` or `<style>` starting at `from` ends: at its
/// end tag (`</script`, any case), or at the end of the file.
fn raw_text_end(src: &str, from: usize, name: &str) -> usize {
    let bytes = src.as_bytes();
    let needle: Vec<u8> = format!("</{name}").into_bytes();
    let mut i = from;
    while i + needle.len() <= bytes.len() {
        if bytes[i] == b'<' && bytes[i..i + needle.len()].eq_ignore_ascii_case(&needle) {
            return i;
        }
        i += 1;
    }
    src.len()
}

/// The character a reference (`&amp;`, `&#167;`, `&#xA7;`, `&sect;`) stands for: XML's five
/// predefined entities, numeric references and the HTML entities statutes use.
pub fn resolve_reference(raw: &str) -> Option<char> {
    let name = raw.strip_prefix('&')?.strip_suffix(';')?;
    if let Some(num) = name.strip_prefix('#') {
        let code = match num.strip_prefix(['x', 'X']) {
            Some(hex) => u32::from_str_radix(hex, 16).ok()?,
            None => num.parse().ok()?,
        };
        return char::from_u32(code).filter(|c| *c != '\0');
    }
    Some(match name {
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "quot" => '"',
        "apos" => '\'',
        "nbsp" => '\u{a0}',
        "sect" => '§',
        "para" => '¶',
        "mdash" => '—',
        "ndash" => '–',
        "hellip" => '…',
        "lsquo" => '‘',
        "rsquo" => '’',
        "ldquo" => '“',
        "rdquo" => '”',
        "laquo" => '«',
        "raquo" => '»',
        "copy" => '©',
        "reg" => '®',
        "trade" => '™',
        "deg" => '°',
        "middot" => '·',
        "bull" => '•',
        "shy" => '\u{ad}',
        "ensp" => ' ',
        "emsp" => ' ',
        "thinsp" => ' ',
        "euro" => '€',
        "pound" => '£',
        "times" => '×',
        "eacute" => 'é',
        "egrave" => 'è',
        "agrave" => 'à',
        "ouml" => 'ö',
        "uuml" => 'ü',
        "auml" => 'ä',
        "szlig" => 'ß',
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn view_keeps_length_lines_and_text() {
        let src = "<?xml version=\"1.0\"?>\n<a x=\"1\"><!-- c -->\n<b>§ 1 &amp; &#167;2 &nbsp;x</b><![CDATA[<raw>]]></a>\n";
        let m = read(src, Dialect::Xml);
        assert_eq!(m.view.len(), src.len());
        assert_eq!(m.view.lines().count(), src.lines().count());
        assert!(m.problems.is_empty(), "{:?}", m.problems);
        assert!(m.view.contains("§ 1 &     §    2       x"), "{:?}", m.view);
        assert!(m.view.contains("<raw>"));
        assert!(!m.view.contains("<b>"));
        let b = m.elements.iter().position(|e| e.name == "b").expect("b");
        assert_eq!(m.text_of(b), "§ 1 & § 2 x");
        assert_eq!(
            &src[m.elements[b].span.clone()],
            "<b>§ 1 &amp; &#167;2 &nbsp;x</b>"
        );
    }

    proptest::proptest! {
        /// `tidy` copies words whole; the reference walks characters one by one.
        #[test]
        fn tidy_matches_a_character_walk(text in "[a §\u{a0}\u{2003}\n\t\r.(]{0,40}") {
            let mut expected = String::new();
            let mut run: Option<usize> = None;
            for ch in text.trim().chars() {
                if ch.is_whitespace() {
                    run = Some(run.unwrap_or(0) + usize::from(ch == '\n'));
                    continue;
                }
                if let Some(newlines) = run.take() {
                    expected.push_str(if newlines >= 2 { "\n\n" } else { " " });
                }
                expected.push(ch);
            }
            proptest::prop_assert_eq!(tidy(&text), expected);
        }
    }

    #[test]
    fn tidy_collapses_blanked_markup() {
        assert_eq!(
            tidy("  § 1.   Scope\n   (a)  x\n \n\n  (b) y  "),
            "§ 1. Scope (a) x\n\n(b) y"
        );
    }

    #[test]
    fn blanked_non_ascii_keeps_utf16_length() {
        let src = "<p title=\"§—😀\">x</p>";
        let m = read(src, Dialect::Html);
        assert_eq!(m.view.len(), src.len());
        assert_eq!(
            m.view.encode_utf16().count(),
            src.encode_utf16().count(),
            "{:?}",
            m.view
        );
        assert_eq!(m.view.trim(), "x");
    }

    #[test]
    fn malformed_xml_is_reported_not_fatal() {
        let src = "<doc><a>one</b>\n<c>two &bogus; <d attr=\"x>three</doc>";
        let m = read(src, Dialect::Xml);
        assert_eq!(m.view.len(), src.len());
        assert!(!m.problems.is_empty());
        assert!(
            m.problems
                .iter()
                .any(|p| p.message.contains("malformed XML")),
            "{:?}",
            m.problems
        );
        assert!(m.view.contains("one"));
    }

    #[test]
    fn lenient_html() {
        let src = "<html><head><meta charset=utf-8><script>if (a < b && c) {}</script></head><body><p class=\"oj-ti-art\">Article&nbsp;6<br>AT&T</p></body></html>";
        let m = read(src, Dialect::Html);
        assert_eq!(m.view.len(), src.len());
        assert!(m.broken_at.is_none(), "{:?}", m.problems);
        assert!(!m.view.contains("if (a"));
        let p = m.elements.iter().position(|e| e.name == "p").expect("p");
        assert!(m.elements[p].has_class("oj-ti-art"));
        assert_eq!(m.text_of(p), "Article 6 AT&T");
        assert_eq!(
            m.elements[p].parent.map(|i| m.elements[i].name.as_str()),
            Some("body")
        );
    }
}
