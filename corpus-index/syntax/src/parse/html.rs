//! HTML statutes: the text view read like plain text (one line per paragraph in the
//! Official Journal's HTML), corrected with what the elements say.
//!
//! Section lines (`§ 5. Scope`, `Article 6`, `ANNEX III`) and the labels that open lines
//! (`1.`, `(a)`, `(i)`) are found by [`structure::outline`] on the view, as for plain text;
//! `<h1>`–`<h6>` headings, which sit on lines of their own, are read the same way. For
//! EUR-Lex HTML, an article title paragraph (`class="oj-ti-art"` or `"ti-art"`) takes its
//! heading from the subtitle paragraph that follows it (`oj-sti-art`/`sti-art`), and
//! chapter and section titles (`oj-ti-section-1`, `ti-section-2`, `oj-ti-grseq-1`) are not
//! provisions (`SECTION 1` of a chapter is no section of the act); an annex title
//! (`oj-doc-ti`) takes its heading from the next document-title paragraph, and recitals
//! marked `id="rct_N"` are recitals. The title is the first
//! document-title paragraph (`oj-doc-ti`/`doc-ti`), else the first `<h1>`, else `<title>`.

use crate::model::{Format, Problem, Provision, Unit};

use super::markup::Markup;
use super::structure::{self, Outline};

/// Reads the outline of an HTML file from its markup; `problems` gets a note when no
/// section could be found.
pub fn read(markup: &Markup, problems: &mut Vec<Problem>) -> Outline {
    let mut out = structure::outline(&markup.view, 0, Format::Text);
    out.first_heading = title(markup).or(out.first_heading.take());
    // Lines of the view start with the blanked indentation of the markup: a provision
    // starts at its first character.
    for p in &mut out.provisions {
        let start = markup.trimmed(p.label_span.clone()).start;
        p.label_span.start = start;
        p.span.start = start.min(p.span.end);
    }
    for h in &mut out.header_spans {
        h.start = markup.trimmed(h.clone()).start;
    }
    let by_start = elements_by_start(markup);
    let mut roots: Vec<usize> = (0..out.provisions.len())
        .filter(|&i| out.provisions[i].parent.is_none())
        .collect();
    roots.sort_by_key(|&i| out.provisions[i].label_span.start);
    let starts: Vec<usize> = roots
        .iter()
        .map(|&i| out.provisions[i].label_span.start)
        .collect();
    let innermost = innermost_all(markup, &by_start, &starts);
    let mut drop = vec![false; out.provisions.len()];
    for (&i, el) in roots.iter().zip(innermost) {
        let Some(el) = el else {
            continue;
        };
        let dropped = &mut drop[i];
        if classed(markup, el, "ti-section").is_some() || classed(markup, el, "ti-grseq").is_some()
        {
            *dropped = true;
            continue;
        }
        // The heading is the paragraph after the title: `oj-sti-art` after an article's
        // `oj-ti-art`, the next `oj-doc-ti` after an annex's `oj-doc-ti`.
        let titled = classed(markup, el, "ti-art")
            .map(|t| (t, "sti-art"))
            .or_else(|| classed(markup, el, "doc-ti").map(|t| (t, "doc-ti")));
        if let Some((el, heading_class)) = titled
            && out.provisions[i].heading.is_none()
            && let Some(next) = next_paragraph(markup, &by_start, el)
            && markup.elements[next]
                .attr("class")
                .is_some_and(|c| class_has(c, heading_class))
        {
            let heading = markup.text_of(next);
            if !heading.is_empty() {
                let end = markup.trimmed(markup.elements[next].span.clone()).end;
                let p = &mut out.provisions[i];
                p.heading = Some(heading);
                if end <= p.span.end {
                    p.label_span.end = end;
                }
            }
        }
    }
    if drop.iter().any(|d| *d) {
        let kept_headers: Vec<_> = out
            .header_spans
            .iter()
            .filter(|h| {
                !out.provisions
                    .iter()
                    .zip(&drop)
                    .any(|(p, d)| *d && p.label_span.start == h.start)
            })
            .cloned()
            .collect();
        out.header_spans = kept_headers;
        out.provisions = without_sections(std::mem::take(&mut out.provisions), &drop);
    }
    out.provisions = with_recitals(markup, std::mem::take(&mut out.provisions));
    if out.provisions.is_empty() {
        problems.push(Problem {
            span: 0..0,
            message: "no sections or articles found in this HTML file (no `§ 1`, `Article 1` or \
                      EUR-Lex article titles); it is indexed as one text"
                .to_string(),
        });
    }
    out
}

/// Adds the recitals EUR-Lex marks with `id="rct_N"` (`<div class="eli-subdivision"
/// id="rct_1">`) before the other provisions, when they all come before them.
fn with_recitals(markup: &Markup, provisions: Vec<Provision>) -> Vec<Provision> {
    let first = provisions
        .first()
        .map_or(markup.view.len(), |p| p.span.start);
    let recitals: Vec<Provision> = markup
        .elements
        .iter()
        .filter_map(|e| {
            let number = e.attr("id")?.strip_prefix("rct_")?;
            if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            let span = markup.trimmed(e.span.clone());
            let label = format!("({number})");
            let label_end = markup
                .view
                .get(span.clone())
                .filter(|t| t.starts_with(&label))
                .map_or(span.start, |_| span.start + label.len());
            Some(Provision {
                unit: Unit::Recital,
                number: number.into(),
                style: None,
                heading: None,
                span: span.clone(),
                label_span: span.start..label_end,
                parent: None,
                children: Vec::new(),
                depth: 0,
                repealed: false,
            })
        })
        .collect();
    // Recitals are sections: an element marked as one inside another is not one.
    let mut recitals = recitals;
    let mut end = 0;
    recitals.retain(|r| {
        let keep = r.span.start >= end;
        if keep {
            end = r.span.end;
        }
        keep
    });
    if recitals.is_empty() || recitals.iter().any(|r| r.span.end > first) {
        return provisions;
    }
    let shift = recitals.len();
    recitals
        .into_iter()
        .chain(provisions.into_iter().map(|mut p| {
            p.parent = p.parent.map(|q| q + shift);
            p.children = p.children.iter().map(|c| c + shift).collect();
            p
        }))
        .collect()
}

/// `el` or one of its three nearest ancestors when its class has `part` (the title text
/// often sits in a `<span>` of the classed paragraph).
fn classed(markup: &Markup, mut el: usize, part: &str) -> Option<usize> {
    for _ in 0..4 {
        let e = &markup.elements[el];
        if e.attr("class").is_some_and(|c| class_has(c, part)) {
            return Some(el);
        }
        el = e.parent?;
    }
    None
}

fn class_has(class: &str, part: &str) -> bool {
    class.split_whitespace().any(|w| {
        w.strip_prefix("oj-").unwrap_or(w).starts_with(part)
            && (part != "ti-art" || !w.contains("sti-art"))
    })
}

fn title(markup: &Markup) -> Option<String> {
    let find = |pred: &dyn Fn(usize) -> bool| {
        (0..markup.elements.len())
            .filter(|&i| pred(i))
            .map(|i| markup.text_of(i))
            .find(|t| !t.is_empty())
    };
    find(&|i| {
        markup.elements[i]
            .attr("class")
            .is_some_and(|c| class_has(c, "doc-ti"))
    })
    .or_else(|| find(&|i| markup.elements[i].name == "h1"))
    .or_else(|| find(&|i| markup.elements[i].name == "title"))
}

/// Element ids sorted by start offset (document order of their start tags).
fn elements_by_start(markup: &Markup) -> Vec<usize> {
    let mut ids: Vec<usize> = (0..markup.elements.len()).collect();
    ids.sort_by_key(|&i| markup.elements[i].span.start);
    ids
}

/// For each of `offsets` (ascending), the innermost element whose content holds it: one
/// sweep over the elements in start order with the stack of those still open.
fn innermost_all(markup: &Markup, by_start: &[usize], offsets: &[usize]) -> Vec<Option<usize>> {
    let el = |i: usize| &markup.elements[i];
    let mut out = Vec::with_capacity(offsets.len());
    let mut open: Vec<usize> = Vec::new();
    let mut next = 0;
    for &at in offsets {
        while let Some(&id) = by_start.get(next).filter(|&&id| el(id).span.start <= at) {
            while open
                .last()
                .is_some_and(|&top| el(top).span.end <= el(id).span.start)
            {
                open.pop();
            }
            open.push(id);
            next += 1;
        }
        // Offsets ascend: what ended before this one is closed for the rest.
        while open.last().is_some_and(|&top| el(top).span.end <= at) {
            open.pop();
        }
        out.push(
            open.iter()
                .rev()
                .copied()
                .find(|&i| el(i).inner.contains(&at)),
        );
    }
    out
}

/// How many elements after a title the paragraph that gives its heading is looked for in.
const HEADING_LOOKAHEAD: usize = 64;

/// The next `<p>` or heading element starting after `el` ends.
fn next_paragraph(markup: &Markup, by_start: &[usize], el: usize) -> Option<usize> {
    let end = markup.elements[el].span.end;
    let from = by_start.partition_point(|&i| markup.elements[i].span.start < end);
    by_start[from..]
        .iter()
        .take(HEADING_LOOKAHEAD)
        .copied()
        .find(|&i| {
            let n = markup.elements[i].name.as_str();
            n == "p" || (n.len() == 2 && n.starts_with('h') && n != "hr")
        })
}

/// The provisions without the sections marked in `drop` and their descendants, with ids
/// renumbered.
fn without_sections(provisions: Vec<Provision>, drop: &[bool]) -> Vec<Provision> {
    let mut removed = vec![false; provisions.len()];
    for (i, p) in provisions.iter().enumerate() {
        removed[i] =
            drop.get(i).copied().unwrap_or(false) || p.parent.is_some_and(|parent| removed[parent]);
    }
    let mut new_id = vec![usize::MAX; provisions.len()];
    let mut next = 0;
    for (i, r) in removed.iter().enumerate() {
        if !r {
            new_id[i] = next;
            next += 1;
        }
    }
    provisions
        .into_iter()
        .enumerate()
        .filter(|(i, _)| !removed[*i])
        .map(|(_, mut p)| {
            p.parent = p.parent.map(|q| new_id[q]);
            p.children = p.children.iter().map(|c| new_id[*c]).collect();
            p
        })
        .collect()
}
