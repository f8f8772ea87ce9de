//! Links and raw HTML out of a model's Markdown: an answer keeps only the links lexls makes
//! itself (clients link the verified citations through `citations[].location`), never one
//! the model wrote — `[§ 20-871](file:///etc/passwd)`, `[click](javascript:…)`, `<a href>`.
//!
//! [`neutralize`] parses the text with `pulldown-cmark` (CommonMark) and rewrites, by their
//! source offsets:
//!
//! - inline, reference-style and shortcut links `[text](url)`, `[text][ref]`, `[text]` →
//!   `text`; images `![alt](url)` → `alt`;
//! - autolinks `<https://…>`, `<javascript:…>`, `<a@b.c>` → the address as inline code;
//! - link reference definitions (`[ref]: url`) → removed;
//! - inline HTML (`<a href=…>`, `</a>`, `<img …>`, comments) → removed; HTML blocks → their
//!   `<` escaped, so they show as text.
//!
//! Rewriting can expose new link syntax (`[[a](x)](y)` becomes `[a](y)`), so it repeats
//! until nothing changes; should that not settle within a few passes, every `[`, `]` and
//! `<` left is escaped. Each pass is linear in the text.

use std::ops::Range;

use pulldown_cmark::{Event, LinkType, Options, Parser, Tag, TagEnd};

/// The text without links or raw HTML, and how many it had.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Neutralized {
    /// The Markdown text, links and HTML neutralised.
    pub text: String,
    /// Links, images, reference definitions and HTML elements removed or neutralised.
    pub removed: usize,
}

/// Passes before the fallback of escaping every bracket.
const MAX_PASSES: usize = 4;

/// `text` without the links, images and raw HTML the model wrote (see the module
/// documentation).
pub fn neutralize(text: &str) -> Neutralized {
    let mut current = text.to_string();
    let mut removed = 0;
    for _ in 0..MAX_PASSES {
        let (next, n) = pass(&current);
        if n == 0 {
            return Neutralized {
                text: current,
                removed,
            };
        }
        removed += n;
        current = next;
    }
    if pass(&current).1 == 0 {
        return Neutralized {
            text: current,
            removed,
        };
    }
    Neutralized {
        text: escape_all(&current),
        removed: removed + 1,
    }
}

/// One edit of a pass: replace `range` of the source by `with`.
struct Edit {
    range: Range<usize>,
    with: String,
}

/// A link or image being read: where it is, and the span of its content.
struct Open {
    range: Range<usize>,
    autolink: bool,
    content: Option<Range<usize>>,
}

/// One rewriting pass: the new text and the number of constructs neutralised.
fn pass(text: &str) -> (String, usize) {
    let parser = Parser::new_ext(text, Options::empty()).into_offset_iter();
    let mut edits: Vec<Edit> = parser
        .reference_definitions()
        .iter()
        .map(|(_, def)| Edit {
            range: def.span.clone(),
            with: String::new(),
        })
        .collect();
    let mut count = edits.len();
    // Links and images nest (an image inside a link); the outermost one's content keeps
    // the inner one, which gets its own edits.
    let mut open: Vec<Open> = Vec::new();
    let mut in_html_block = false;
    for (event, range) in parser {
        match event {
            Event::Start(Tag::Link { link_type, .. }) => open.push(Open {
                range,
                autolink: matches!(link_type, LinkType::Autolink | LinkType::Email),
                content: None,
            }),
            Event::Start(Tag::Image { .. }) => open.push(Open {
                range,
                autolink: false,
                content: None,
            }),
            Event::End(TagEnd::Link | TagEnd::Image) => {
                let Some(link) = open.pop() else { continue };
                count += 1;
                if let Some(parent) = open.last_mut() {
                    widen(&mut parent.content, &link.range);
                }
                edits.extend(unlink(text, &link));
            }
            Event::Start(Tag::HtmlBlock) => in_html_block = true,
            Event::End(TagEnd::HtmlBlock) => in_html_block = false,
            Event::Html(_) if in_html_block => {
                count += 1;
                edits.push(Edit {
                    with: text[range.clone()].replace('<', "\\<"),
                    range,
                });
            }
            Event::Html(_) | Event::InlineHtml(_) => {
                count += 1;
                edits.push(Edit {
                    range,
                    with: String::new(),
                });
            }
            _ => {
                if let Some(link) = open.last_mut() {
                    widen(&mut link.content, &range);
                }
            }
        }
    }
    (apply(text, edits), count)
}

fn widen(content: &mut Option<Range<usize>>, range: &Range<usize>) {
    *content = Some(match content.take() {
        Some(c) => c.start.min(range.start)..c.end.max(range.end),
        None => range.clone(),
    });
}

/// The edits that turn a link or image into its content: the markup before and after the
/// content removed (an autolink becomes inline code).
fn unlink(text: &str, link: &Open) -> Vec<Edit> {
    let inside = link
        .content
        .clone()
        .filter(|c| c.start >= link.range.start && c.end <= link.range.end);
    if link.autolink {
        let address = inside.map_or("", |c| &text[c]);
        return vec![Edit {
            range: link.range.clone(),
            with: code_span(address),
        }];
    }
    match inside {
        Some(c) => vec![
            Edit {
                range: link.range.start..c.start,
                with: String::new(),
            },
            Edit {
                range: c.end..link.range.end,
                with: String::new(),
            },
        ],
        None => vec![Edit {
            range: link.range.clone(),
            with: String::new(),
        }],
    }
}

/// `text` as inline code, with a fence longer than any run of backticks in it.
fn code_span(text: &str) -> String {
    let text = text.replace(['\n', '\r'], " ");
    let longest = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest + 1);
    let pad = if text.starts_with('`') || text.ends_with('`') {
        " "
    } else {
        ""
    };
    format!("{fence}{pad}{text}{pad}{fence}")
}

/// Applies non-overlapping edits (an edit overlapping an earlier one is dropped), in one
/// pass over the text.
fn apply(text: &str, mut edits: Vec<Edit>) -> String {
    edits.sort_by_key(|e| (e.range.start, e.range.end));
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for e in edits {
        if e.range.start < at
            || e.range.end > text.len()
            || !text.is_char_boundary(e.range.start)
            || !text.is_char_boundary(e.range.end)
        {
            continue;
        }
        out.push_str(&text[at..e.range.start]);
        out.push_str(&e.with);
        at = e.range.end;
    }
    out.push_str(&text[at..]);
    out
}

/// Every `[`, `]` and `<` backslash-escaped (the fallback when rewriting does not settle).
fn escape_all(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    for c in text.chars() {
        if matches!(c, '[' | ']' | '<') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clean(text: &str) -> String {
        neutralize(text).text
    }

    #[test]
    fn links_keep_their_text_and_lose_their_target() {
        assert_eq!(
            clean("Notice is due (see [§ 20-871](file:///etc/passwd))."),
            "Notice is due (see § 20-871)."
        );
        assert_eq!(
            clean("[click *here*](javascript:alert(1) \"t\") now"),
            "click *here* now"
        );
        assert_eq!(clean("![a chart](https://x/y.png) done"), "a chart done");
        assert_eq!(clean("![](https://x/y.png)done"), "done");
        assert_eq!(
            clean("[![logo](a.png)](javascript:x)"),
            "logo",
            "an image inside a link"
        );
    }

    #[test]
    fn reference_links_and_definitions_go() {
        let out = clean(
            "See [the rule][1] and [rule].\n\n[1]: javascript:alert(1)\n[rule]: file:///etc/passwd \"x\"\n",
        );
        assert!(
            !out.contains("javascript") && !out.contains("file:"),
            "{out}"
        );
        assert!(out.contains("See the rule and rule."), "{out}");
    }

    #[test]
    fn autolinks_become_code_and_html_goes() {
        assert_eq!(
            clean("Go to <javascript:alert(1)> or <https://evil.example>."),
            "Go to `javascript:alert(1)` or `https://evil.example`."
        );
        assert_eq!(
            clean("A <a href=\"javascript:x\">link</a> and <img src=x onerror=y>."),
            "A link and ."
        );
        let block = clean("<div onclick=\"x\">\nhi\n</div>\n");
        assert!(
            !block.contains("\n<div") && block.contains("\\<div"),
            "{block}"
        );
        let out = neutralize("Text <!-- hidden --> here");
        assert_eq!(out.text, "Text  here");
        assert_eq!(out.removed, 1);
    }

    #[test]
    fn rewriting_that_exposes_a_link_repeats() {
        assert_eq!(clean("[[a](x)](javascript:y)"), "a");
    }

    #[test]
    fn plain_answers_and_code_are_left_alone() {
        for text in [
            "Candidates must be notified (NYC Admin. Code § 20-871(b)). [unverified citation removed]",
            "Use `[x](y)` literally.",
            "Article 6(1)(a) and §§ 5-301 through 5-303 apply; 2 < 3 > 1.",
        ] {
            let out = neutralize(text);
            assert_eq!(out.text, text);
            assert_eq!(out.removed, 0);
        }
    }

    #[test]
    fn code_spans_fence_backticks() {
        assert_eq!(code_span("a`b"), "``a`b``");
        assert_eq!(code_span("`a"), "`` `a ``");
    }
}
