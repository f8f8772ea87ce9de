//! Markdown block structure through `pulldown-cmark`: headings, fenced code and HTML
//! blocks (comments often carry a breadcrumb such as `Title 20, Chapter 5`).

use std::ops::Range;

use pulldown_cmark::{CodeBlockKind, Event, HeadingLevel, Options, Parser, Tag, TagEnd};

/// A Markdown heading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Heading {
    /// Byte range of the whole heading (including `#` marks or a setext underline).
    pub span: Range<usize>,
    /// 1 for `#`, 2 for `##`, …
    pub level: u8,
    /// The heading's text with inline markup removed.
    pub text: String,
}

/// The block structure lexls needs from a Markdown text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Blocks {
    /// Headings in order.
    pub headings: Vec<Heading>,
    /// Fenced code blocks: no structure or citations are read inside them.
    pub code: Vec<Range<usize>>,
    /// HTML blocks with their text (comments included).
    pub html: Vec<(Range<usize>, String)>,
}

/// Scans the Markdown `text` (offsets are relative to `text`).
pub fn blocks(text: &str) -> Blocks {
    let mut out = Blocks::default();
    let mut heading: Option<Heading> = None;
    let mut html: Option<(Range<usize>, String)> = None;
    for (event, range) in Parser::new_ext(text, Options::empty()).into_offset_iter() {
        match event {
            Event::Start(Tag::Heading { level, .. }) => {
                heading = Some(Heading {
                    span: range,
                    level: heading_level(level),
                    text: String::new(),
                });
            }
            Event::End(TagEnd::Heading(_)) => {
                if let Some(mut h) = heading.take() {
                    h.text = h.text.split_whitespace().collect::<Vec<_>>().join(" ");
                    out.headings.push(h);
                }
            }
            Event::Text(t) | Event::Code(t) => {
                if let Some(h) = heading.as_mut() {
                    h.text.push_str(&t);
                }
            }
            Event::SoftBreak | Event::HardBreak => {
                if let Some(h) = heading.as_mut() {
                    h.text.push(' ');
                }
            }
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(_))) => out.code.push(range),
            Event::Start(Tag::HtmlBlock) => html = Some((range, String::new())),
            Event::Html(t) => {
                if let Some((_, body)) = html.as_mut() {
                    body.push_str(&t);
                }
            }
            Event::End(TagEnd::HtmlBlock) => {
                if let Some(block) = html.take() {
                    out.html.push(block);
                }
            }
            _ => {}
        }
    }
    out
}

fn heading_level(level: HeadingLevel) -> u8 {
    match level {
        HeadingLevel::H1 => 1,
        HeadingLevel::H2 => 2,
        HeadingLevel::H3 => 3,
        HeadingLevel::H4 => 4,
        HeadingLevel::H5 => 5,
        HeadingLevel::H6 => 6,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_headings_comments_and_code() {
        let text = "# NYC Administrative Code § 20-871 Requirements\n\n<!-- Title 20, Chapter 5 -->\n\na. In the city\n\n```\n§ 1 not a section\n```\n## Sub *heading*\n";
        let b = blocks(text);
        assert_eq!(b.headings.len(), 2);
        assert_eq!(
            b.headings[0].text,
            "NYC Administrative Code § 20-871 Requirements"
        );
        assert_eq!(b.headings[1].text, "Sub heading");
        assert_eq!(b.headings[1].level, 2);
        assert_eq!(b.html.len(), 1);
        assert!(b.html[0].1.contains("Title 20"));
        assert_eq!(b.code.len(), 1);
        assert!(text[b.code[0].clone()].contains("not a section"));
    }
}
