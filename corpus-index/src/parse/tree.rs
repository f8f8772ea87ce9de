//! The provision tree of a structured XML file (USLM, Akoma Ntoso): each schema says which
//! elements are sections, which are subsections, which hold no provisions, and this module
//! turns the element tree into [`Provision`]s with spans in the text view.

use crate::citation::codes::CanonicalCode;
use crate::model::{DocumentKind, LabelStyle, Provision, ProvisionId, Unit};

use super::markup::Markup;

/// What a schema reader found in a markup file.
#[derive(Debug, Clone, Default)]
pub struct Structure {
    /// Sections and subsections, spans in the text view.
    pub provisions: Vec<Provision>,
    /// The document's title (`Title 35—PATENTS`), when the file names one.
    pub title: Option<String>,
    /// The code the file belongs to (`35 U.S.C.`).
    pub code: Option<CanonicalCode>,
    /// Statute or regulation, when the schema says.
    pub kind: Option<DocumentKind>,
}

/// What an element is in the provision tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// A top-level provision of this unit (section, article, recital).
    Section(Unit),
    /// A numbered subdivision (subsection, paragraph, point, …) of the enclosing provision.
    Child,
    /// Holds no provisions (tables of contents, notes, quoted text of other acts): its
    /// elements are not read.
    Skip,
    /// Anything else: its elements are read.
    Other,
}

/// Builds the provisions of `markup` with `role` deciding what each element is. A provision's
/// number comes from its `<num>` child (the `value` attribute, else the text), its heading
/// from its `<heading>` child; elements without a `<num>` make no provision.
pub fn provisions(markup: &Markup, role: impl Fn(usize) -> Role) -> Vec<Provision> {
    let mut out: Vec<Provision> = Vec::new();
    let Some(root) = markup.root() else {
        return out;
    };
    // (element, enclosing provision)
    let mut stack: Vec<(usize, Option<ProvisionId>)> = vec![(root, None)];
    while let Some((id, parent)) = stack.pop() {
        let mut here = parent;
        match role(id) {
            Role::Skip => continue,
            Role::Section(unit) => {
                if let Some(p) = section(markup, id, unit) {
                    here = Some(out.len());
                    out.push(p);
                }
            }
            Role::Child => {
                if let Some(parent) = parent
                    && let Some(p) = child(markup, id, &out, parent)
                {
                    let new = out.len();
                    out[parent].children.push(new);
                    here = Some(new);
                    out.push(p);
                }
            }
            Role::Other => {}
        }
        for &c in markup.elements[id].children.iter().rev() {
            stack.push((c, here));
        }
    }
    out
}

/// The label and heading of an element: number, heading, label span.
fn label(markup: &Markup, id: usize) -> Option<(String, Option<String>, std::ops::Range<usize>)> {
    let num = markup.child(id, "num")?;
    let num_el = &markup.elements[num];
    let number = num_el
        .attr("value")
        .map(str::to_string)
        .filter(|v| !v.trim().is_empty())
        .unwrap_or_else(|| clean_number(&markup.text_of(num)));
    let number = number.trim().to_string();
    if number.is_empty() {
        return None;
    }
    let heading = markup.child(id, "heading");
    let label_end = heading.map_or(num_el.span.end, |h| markup.elements[h].span.end);
    let label_span = markup.trimmed(num_el.span.start..label_end);
    let heading = heading
        .map(|h| clean_heading(&markup.text_of(h)))
        .filter(|h| !h.is_empty());
    Some((number, heading, label_span))
}

fn section(markup: &Markup, id: usize, unit: Unit) -> Option<Provision> {
    let (number, heading, label_span) = label(markup, id)?;
    let span = markup.trimmed(markup.elements[id].span.clone());
    let e = &markup.elements[id];
    let repealed = e
        .attr("status")
        .is_some_and(|s| s.eq_ignore_ascii_case("repealed"))
        || heading
            .as_deref()
            .is_some_and(|h| h.to_ascii_lowercase().starts_with("repealed"));
    Some(Provision {
        unit,
        number,
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

fn child(markup: &Markup, id: usize, out: &[Provision], parent: ProvisionId) -> Option<Provision> {
    let num = markup.child(id, "num")?;
    let (number, heading, label_span) = label(markup, id)?;
    let written = markup.text_of(num);
    let prev = out[parent].children.last().and_then(|&c| out[c].style);
    let style = label_style(&number, &written, prev);
    let p = &out[parent];
    Some(Provision {
        unit: p.unit,
        number,
        style: Some(style),
        heading,
        span: markup.trimmed(markup.elements[id].span.clone()),
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
    s.trim_matches(|c: char| {
        c.is_whitespace()
            || matches!(
                c,
                '(' | ')' | '.' | '“' | '”' | '"' | '—' | '–' | ':' | '[' | ']'
            )
    })
    .to_string()
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
