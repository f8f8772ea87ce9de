//! The provision tree of a structured XML file (USLM, Akoma Ntoso, the D.C. Code): each
//! schema says which elements are sections, which are subsections, which are notes and which
//! hold no provisions, and this module turns the element tree into [`Provision`]s with spans
//! in the text view.
//!
//! The tree is built in one pass over the elements, in time and memory linear in the file
//! whatever its nesting: provisions are well nested (a child's span lies in its parent's,
//! siblings and sections do not overlap, the arena is in document order). A section that
//! opens inside another provision ends that provision's text where it starts (sections are
//! never nested in each other); subdivisions deeper than [`MAX_DEPTH`] are read as the text
//! of their ancestor at that depth.

use std::ops::Range;

use crate::citation::codes::CanonicalCode;
use crate::model::{
    Container, DocumentKind, LabelStyle, MAX_DEPTH, MAX_NUMBER_LEN, Note, Problem, Provision,
    ProvisionId, Unit,
};

use super::markup::Markup;

/// What a schema reader found in a markup file.
#[derive(Debug, Clone, Default)]
pub struct Structure {
    /// Sections and subsections, spans in the text view.
    pub provisions: Vec<Provision>,
    /// Annotations (history, editorial notes), in order.
    pub notes: Vec<Note>,
    /// The table of contents of a contents file (a D.C. Code `index.xml`).
    pub contents: Vec<Container>,
    /// What the structure of the file does not allow (nested sections, subdivisions nested
    /// too deep, includes that leave the workspace).
    pub problems: Vec<Problem>,
    /// The document's title (`Title 35—PATENTS`), when the file names one.
    pub title: Option<String>,
    /// The code the file belongs to (`35 U.S.C.`).
    pub code: Option<CanonicalCode>,
    /// Statute or regulation, when the schema says.
    pub kind: Option<DocumentKind>,
}

impl Structure {
    /// Whether the file gave anything to index by its elements: provisions, or the
    /// containers of a table of contents.
    pub fn is_empty(&self) -> bool {
        self.provisions.is_empty() && self.contents.is_empty()
    }
}

/// What an element is in the provision tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// A top-level provision of this unit (section, article, recital).
    Section(Unit),
    /// A numbered subdivision (subsection, paragraph, point, …) of the enclosing provision.
    Child,
    /// Holds no provisions (tables of contents, quoted text of other acts, metadata): its
    /// elements are not read.
    Skip,
    /// An annotation of the enclosing provision (a history or editor's note): it holds no
    /// provisions, is listed as a [`Note`], and when it ends the provision's element it lies
    /// outside the provision's span.
    Note,
    /// A group of annotations (`<annotations>`, `<notes>`): each of its child elements is a
    /// [`Role::Note`].
    Notes,
    /// Quoted text of another law (USLM `<quotedContent>`, Akoma Ntoso `<quotedStructure>`):
    /// it holds no provisions of this document and is listed as a [`Note`] named by its
    /// element, but it stays inside the span of the provision that quotes it.
    Quoted,
    /// Anything else: its elements are read.
    Other,
}

/// The provisions and notes of a file, and what its structure did not allow.
#[derive(Debug, Clone, Default)]
pub struct Tree {
    /// Sections and subsections in document order.
    pub provisions: Vec<Provision>,
    /// Notes in document order, disjoint.
    pub notes: Vec<Note>,
    /// Nested sections and subdivisions too deep, one problem for each kind.
    pub problems: Vec<Problem>,
    /// Per provision: the element it was read from.
    pub elements: Vec<usize>,
}

/// Builds the provisions of `markup` with `role` deciding what each element is. A provision's
/// number comes from its `<num>` child (the `value` attribute, else the text), its heading
/// from its `<heading>` child; elements without a `<num>` make no provision.
pub fn provisions(markup: &Markup, role: impl Fn(usize) -> Role) -> Tree {
    let mut b = TreeBuilder {
        markup,
        out: Tree::default(),
        closed: Vec::new(),
        element: Vec::new(),
        nested: Vec::new(),
        too_deep: Vec::new(),
    };
    let Some(root) = markup.root() else {
        return b.out;
    };
    // (element, enclosing provision)
    let mut stack: Vec<(usize, Option<ProvisionId>)> = vec![(root, None)];
    while let Some((id, parent)) = stack.pop() {
        // A provision closed by a nested section takes nothing more.
        let parent = parent.filter(|&p| !b.closed[p]);
        let mut here = parent;
        match role(id) {
            Role::Skip => continue,
            Role::Note | Role::Quoted => {
                b.note(id, parent);
                continue;
            }
            Role::Notes => {
                for &c in &markup.elements[id].children {
                    b.note(c, parent);
                }
                continue;
            }
            Role::Section(unit) => {
                if let Some(p) = section(markup, id, unit, &role) {
                    if let Some(outer) = parent {
                        b.close_for_nested(outer, id);
                    }
                    here = Some(b.push(p, id));
                }
            }
            Role::Child => {
                if let Some(parent) = parent {
                    if b.out.provisions[parent].depth >= MAX_DEPTH {
                        b.too_deep.push(id);
                    } else if let Some(p) = child(markup, id, &b.out.provisions, parent, &role) {
                        let new = b.push(p, id);
                        b.out.provisions[parent].children.push(new);
                        here = Some(new);
                    }
                }
            }
            Role::Other => {}
        }
        for &c in markup.elements[id].children.iter().rev() {
            stack.push((c, here));
        }
    }
    b.finish()
}

struct TreeBuilder<'m> {
    markup: &'m Markup,
    out: Tree,
    /// Per provision: closed early by a nested section.
    closed: Vec<bool>,
    /// Per provision: its element.
    element: Vec<usize>,
    /// Elements of sections found nested in another provision.
    nested: Vec<(usize, ProvisionId)>,
    /// Elements of subdivisions below [`MAX_DEPTH`].
    too_deep: Vec<usize>,
}

impl TreeBuilder<'_> {
    fn push(&mut self, p: Provision, element: usize) -> ProvisionId {
        self.out.provisions.push(p);
        self.closed.push(false);
        self.element.push(element);
        self.out.provisions.len() - 1
    }

    fn note(&mut self, id: usize, provision: Option<ProvisionId>) {
        let e = &self.markup.elements[id];
        let span = self.markup.trimmed(e.span.clone());
        if span.is_empty() {
            return;
        }
        let kind = ["type", "topic"]
            .iter()
            .find_map(|k| e.attr(k))
            .map(str::trim)
            .filter(|k| !k.is_empty() && k.len() <= MAX_NUMBER_LEN)
            .unwrap_or(&e.name)
            .to_string();
        self.out.notes.push(Note {
            span,
            kind,
            provision,
        });
    }

    /// Ends `outer` and its ancestors where the section element `id` nested in them starts.
    fn close_for_nested(&mut self, outer: ProvisionId, id: usize) {
        let cut = self.markup.elements[id].span.start;
        self.nested.push((id, outer));
        let mut q = Some(outer);
        while let Some(i) = q {
            if self.closed[i] {
                break;
            }
            self.closed[i] = true;
            let start = self.markup.elements[self.element[i]].span.start.min(cut);
            let prov = &mut self.out.provisions[i];
            prov.span = self.markup.trimmed(start..cut);
            clamp(&mut prov.label_span, &prov.span);
            q = prov.parent;
        }
    }

    fn finish(mut self) -> Tree {
        // Spans as trimmed by a nested section may have moved: children stay inside.
        for i in 0..self.out.provisions.len() {
            if let Some(parent) = self.out.provisions[i].parent {
                let outer = self.out.provisions[parent].span.clone();
                let p = &mut self.out.provisions[i];
                clamp(&mut p.span, &outer);
                let span = p.span.clone();
                clamp(&mut p.label_span, &span);
            }
        }
        if let Some(&(id, outer)) = self.nested.first() {
            let e = &self.markup.elements[id];
            let at = self.markup.trimmed(e.span.clone());
            let outer_p = &self.out.provisions[outer];
            let root = &self.out.provisions[section_root(&self.out.provisions, outer)];
            let more = match self.nested.len() {
                1 => String::new(),
                n => format!(" ({} more sections are nested the same way)", n - 1),
            };
            let message = format!(
                "a <{}> is nested inside {}{}: sections do not nest, so {} ends where it \
                 starts and what follows it there belongs to no provision{more}",
                e.name,
                root.unit.prefix(),
                root.number,
                if outer_p.parent.is_none() {
                    "that section"
                } else {
                    "that subdivision"
                }
            );
            self.out.problems.push(Problem {
                span: at.start..at.start,
                message,
            });
        }
        if let Some(&id) = self.too_deep.first() {
            let at = self.markup.trimmed(self.markup.elements[id].span.clone());
            self.out.problems.push(Problem {
                span: at.start..at.start,
                message: format!(
                    "subdivisions are nested more than {MAX_DEPTH} levels below their section \
                     ({} elements); the deeper ones are read as the text of the subdivision \
                     that holds them",
                    self.too_deep.len()
                ),
            });
        }
        self.out.elements = self.element;
        self.out
    }
}

fn section_root(provisions: &[Provision], mut id: ProvisionId) -> ProvisionId {
    while let Some(p) = provisions[id].parent {
        id = p;
    }
    id
}

/// Moves `inner` into `outer` (an empty range at the nearest end when they do not meet).
fn clamp(inner: &mut Range<usize>, outer: &Range<usize>) {
    let start = inner.start.clamp(outer.start, outer.end);
    let end = inner.end.clamp(start, outer.end);
    *inner = start..end;
}

/// The span of a provision element: from the end of the notes that open it (a codification
/// instruction before a D.C. section's number) to the start of those that close it (a
/// section's history), without the blanked markup at either end.
fn own_span(markup: &Markup, id: usize, role: &impl Fn(usize) -> Role) -> Range<usize> {
    let e = &markup.elements[id];
    let is_note = |c: usize| matches!(role(c), Role::Note | Role::Notes);
    let mut start = e.span.start;
    for &c in &e.children {
        if !is_note(c) {
            break;
        }
        start = markup.elements[c].span.end;
    }
    let mut end = e.span.end;
    for &c in e.children.iter().rev() {
        if !is_note(c) || markup.elements[c].span.end <= start {
            break;
        }
        end = markup.elements[c].span.start;
    }
    markup.trimmed(start.min(end)..end)
}

/// The label and heading of an element: number, heading, label span.
fn label(markup: &Markup, id: usize) -> Option<(String, Option<String>, Range<usize>)> {
    let num = markup.child(id, "num")?;
    let num_el = &markup.elements[num];
    let written = clean_number(&markup.text_of(num));
    let number = num_el
        .attr("value")
        .map(str::to_string)
        .filter(|v| !v.trim().is_empty())
        .map(|value| {
            // GPO's C.F.R. sometimes drops a section's letter suffix from the value (27 CFR,
            // `<num value="41.115">§ 41.115a</num>`, a second `41.115`): the number as
            // printed is the section's.
            // A value that ends in a separator is cut short the same way: the Federal
            // Register's temporary C.F.R. sections (`<num value="165.">§ 165.T14–0172</num>`,
            // the Document Drafting Handbook's `T` sections) keep only their part.
            let value_trimmed = value.trim();
            let suffix = written.strip_prefix(value_trimmed).unwrap_or("");
            let letter_suffix = suffix.len() <= 2 && suffix.chars().all(|c| c.is_ascii_lowercase());
            let cut_short = value_trimmed.ends_with(['.', '-']);
            if !suffix.is_empty() && (letter_suffix || cut_short) {
                written.replace('–', "-")
            } else {
                value
            }
        })
        .unwrap_or(written);
    let number = number.trim().to_string();
    if number.is_empty() || number.len() > MAX_NUMBER_LEN {
        return None;
    }
    let heading = markup.child(id, "heading");
    // The label runs through the heading when the heading follows the number (`<num>`,
    // `<heading>`, then the text; the D.C. Code's `<reason>Repealed</reason>` may stand
    // between); a heading placed after the text (a D.C. Code section that opens with the
    // codifier's `*NOTE:`) leaves the label at the number.
    let children = &markup.elements[id].children;
    let heading_follows_num = heading.is_some_and(|h| {
        let at = |e: usize| children.iter().position(|&c| c == e);
        match (at(num), at(h)) {
            (Some(n), Some(h)) => {
                n < h
                    && children[n + 1..h]
                        .iter()
                        .all(|&c| markup.elements[c].name == "reason")
            }
            _ => false,
        }
    });
    let label_end = heading
        .filter(|_| heading_follows_num)
        .map_or(num_el.span.end, |h| markup.elements[h].span.end);
    let label_span = markup.trimmed(num_el.span.start.min(label_end)..label_end);
    let heading = heading
        .map(|h| clean_heading(&markup.text_of(h)))
        .filter(|h| !h.is_empty());
    Some((number, heading, label_span))
}

fn section(
    markup: &Markup,
    id: usize,
    unit: Unit,
    role: &impl Fn(usize) -> Role,
) -> Option<Provision> {
    let (number, heading, mut label_span) = label(markup, id)?;
    let span = own_span(markup, id, role);
    clamp(&mut label_span, &span);
    let e = &markup.elements[id];
    let repealed = e
        .attr("status")
        .is_some_and(|s| s.eq_ignore_ascii_case("repealed"))
        || heading
            .as_deref()
            .is_some_and(|h| h.to_ascii_lowercase().starts_with("repealed"));
    Some(Provision {
        unit,
        number: number.into(),
        style: None,
        heading,
        span,
        label_span,
        parent: None,
        children: Vec::new(),
        depth: 0,
        repealed,
    })
}

fn child(
    markup: &Markup,
    id: usize,
    out: &[Provision],
    parent: ProvisionId,
    role: &impl Fn(usize) -> Role,
) -> Option<Provision> {
    let num = markup.child(id, "num")?;
    let (number, heading, mut label_span) = label(markup, id)?;
    let written = markup.text_of(num);
    let prev = out[parent].children.last().and_then(|&c| out[c].style);
    let style = label_style(&number, &written, prev);
    let p = &out[parent];
    let mut span = own_span(markup, id, role);
    clamp(&mut span, &p.span);
    clamp(&mut label_span, &span);
    Some(Provision {
        unit: p.unit,
        number: number.into(),
        style: Some(style),
        heading,
        span,
        label_span,
        parent: Some(parent),
        children: Vec::new(),
        depth: p.depth.saturating_add(1),
        repealed: p.repealed,
    })
}

/// The number of a label as written: `§ 122.` → `122`, `Article 6` → `6`, `“(a)` → `a`,
/// `1.` → `1`.
pub fn clean_number(written: &str) -> String {
    let mut s = written.trim();
    for prefix in [
        "§§", "§", "Article", "ARTICLE", "Art.", "Section", "SECTION", "Sec.", "SEC.",
    ] {
        if let Some(rest) = s.strip_prefix(prefix) {
            s = rest.trim_start();
        }
    }
    let edge = |c: char| {
        c.is_whitespace() || matches!(c, '.' | '“' | '”' | '"' | '—' | '–' | ':' | ',' | ';')
    };
    loop {
        s = s.trim_matches(edge);
        // Brackets around the whole label (`(a)`, `[(A)]`), or one left unpaired at an
        // edge (`a)`, `(b`); a bracket inside (`6-229(Perm)`, `a)(1`) is part of it.
        let wrapped = [('(', ')'), ('[', ']')]
            .iter()
            .find_map(|&(open, close)| s.strip_prefix(open)?.strip_suffix(close));
        let unpaired = s
            .strip_prefix(['(', '['])
            .filter(|rest| !rest.contains([')', ']']))
            .or_else(|| {
                s.strip_suffix([')', ']'])
                    .filter(|rest| !rest.contains(['(', '[']))
            });
        match wrapped.or(unpaired) {
            Some(inner) => s = inner,
            None => return s.to_string(),
        }
    }
}

/// A heading without the punctuation that ends it in print (`Publication.—` → `Publication`).
pub fn clean_heading(written: &str) -> String {
    written
        .trim_matches(|c: char| {
            c.is_whitespace() || matches!(c, '.' | '—' | '–' | ':' | '-' | '“' | '”')
        })
        .to_string()
}

/// The label style of a subdivision numbered `number`, written `written` (`(b)`, `1.`),
/// after a sibling of style `prev`: siblings share a style, so `(i)` after `(h)` is a letter
/// and a first `(i)` is a roman numeral.
pub fn label_style(number: &str, written: &str, prev: Option<LabelStyle>) -> LabelStyle {
    use LabelStyle::*;
    let paren = written.contains('(') || !written.contains('.');
    let core = number.trim();
    if core.starts_with(|c: char| c.is_ascii_digit()) {
        return if paren { NumberParen } else { NumberDot };
    }
    let lower = core.chars().all(|c| c.is_ascii_lowercase());
    let roman = !core.is_empty()
        && core
            .chars()
            .all(|c| matches!(c.to_ascii_lowercase(), 'i' | 'v' | 'x' | 'l' | 'c'));
    let alpha = (lower, paren);
    let roman_style = match alpha {
        (true, true) => RomanParen,
        (true, false) => RomanDot,
        (false, true) => UpperRomanParen,
        (false, false) => UpperAlphaDot,
    };
    let alpha_style = match alpha {
        (true, true) => AlphaParen,
        (true, false) => AlphaDot,
        (false, true) => UpperAlphaParen,
        (false, false) => UpperAlphaDot,
    };
    if roman {
        // A sibling decides: `(i)` after `(h)` is a letter, `(ii)` after `(i)` a numeral.
        if prev == Some(alpha_style) && core.len() == 1 {
            return alpha_style;
        }
        if prev == Some(roman_style) || core.len() > 1 || matches!(core, "i" | "I") {
            return roman_style;
        }
    }
    alpha_style
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_headings_and_styles() {
        assert_eq!(clean_number("§ 122."), "122");
        assert_eq!(clean_number("Article 6"), "6");
        assert_eq!(clean_number("“(a)"), "a");
        assert_eq!(clean_number("1."), "1");
        assert_eq!(clean_heading(" Publication.—"), "Publication");
        assert_eq!(label_style("a", "(a)", None), LabelStyle::AlphaParen);
        assert_eq!(label_style("i", "(i)", None), LabelStyle::RomanParen);
        assert_eq!(
            label_style("i", "(i)", Some(LabelStyle::AlphaParen)),
            LabelStyle::AlphaParen
        );
        assert_eq!(label_style("ii", "(ii)", None), LabelStyle::RomanParen);
        assert_eq!(label_style("A", "(A)", None), LabelStyle::UpperAlphaParen);
        assert_eq!(label_style("1", "1.", None), LabelStyle::NumberDot);
        assert_eq!(label_style("2", "(2)", None), LabelStyle::NumberParen);
        assert_eq!(
            label_style("v", "(v)", Some(LabelStyle::RomanParen)),
            LabelStyle::RomanParen
        );
    }
}
