//! Where citation diagnostics apply: the law's own text, not the annotations a code
//! publishes with it, the text of other laws it quotes, or its own headings.

use lexls_syntax::citation::Citation;
use lexls_syntax::model::Document;

/// Why a citation is not checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutOfScope {
    /// It lies in a note, source credit or quoted text of an amendment
    /// ([`Document::note_at`]), which cite former numbers and other laws' provisions.
    Note,
    /// It is the label of a provision heading (`Section 4.`, `§ 20-871 Definitions.`,
    /// `ARTICLE 6`): the document naming its own provision, not citing one.
    Heading,
}

/// Whether citation `cite` of `doc` is out of the scope of diagnostics; notes count only
/// unless `in_notes`.
pub fn out_of_scope(doc: &Document, cite: &Citation, in_notes: bool) -> Option<OutOfScope> {
    if !in_notes && doc.note_at(cite.span.start).is_some() {
        return Some(OutOfScope::Note);
    }
    is_heading(&doc.text, cite).then_some(OutOfScope::Heading)
}

/// A provision heading: a bare citation with a capitalised designator (`Section`, `SECTION`,
/// `Sec.`, `§`, `Article`) that opens a line after the end of a sentence (or a blank line),
/// and is followed on its line by nothing, by the punctuation ending a label (`.`, `:`, `—`,
/// `–`) or by a capitalised heading (`§ 20-871 Definitions.`). A sentence wrapped onto a new
/// line (`… as defined in\nsection 20-870.`) continues a sentence and is a citation.
fn is_heading(text: &str, cite: &Citation) -> bool {
    if cite.code.is_some() || cite.relative.is_some() || cite.short_form.is_some() {
        return false;
    }
    let start = cite.group.start.min(text.len());
    let first = text[start..].chars().next().unwrap_or(' ');
    if !(first.is_uppercase() || first == '§') {
        return false;
    }
    // Only whitespace and Markdown marks may stand before it on its line: walk back over
    // them alone (never the whole line, which may be megabytes long).
    let mut line_start = start;
    for (i, c) in text[..start].char_indices().rev() {
        if c == '\n' {
            break;
        }
        if !(c.is_whitespace() || matches!(c, '#' | '*' | '_' | '>')) {
            return false;
        }
        line_start = i;
    }
    let before = text[..line_start].trim_end();
    let after_sentence = before.is_empty()
        || before.ends_with(['.', ':', ';'])
        || text[..line_start]
            .trim_end_matches([' ', '\t', '\r'])
            .ends_with("\n\n")
        || blank_line_before(&text[..line_start]);
    if !after_sentence {
        return false;
    }
    let end = cite.group.end.min(text.len());
    let line_end = text[end..].find('\n').map_or(text.len(), |i| end + i);
    let rest = text[end..line_end].trim_start();
    rest.is_empty()
        || rest.starts_with(['.', ':', '—', '–'])
        || rest.starts_with("- ")
        || rest.chars().next().is_some_and(char::is_uppercase)
}

/// Whether the text before a line ends with a line holding only whitespace.
fn blank_line_before(before: &str) -> bool {
    let Some(body) = before.strip_suffix('\n') else {
        return before.is_empty();
    };
    let last_line = body.rfind('\n').map_or(body, |i| &body[i + 1..]);
    last_line.trim().is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;
    use lexls_syntax::citation::extract;

    fn headings(text: &str) -> Vec<String> {
        extract(text)
            .iter()
            .filter(|c| is_heading(text, c))
            .map(|c| text[c.span.clone()].to_string())
            .collect()
    }

    /// Class: headings of provisions in plain text (NYC Local Law 144 as published; an
    /// enacting section of a local law).
    #[test]
    fn headings_are_not_citations() {
        let text = "the following meanings:\n\n    § 20-871 Requirements for automated employment \
                    decision tools.\n a. In the city, see section 20-870.\n\
                    Section 1. Chapter 5 of Title 6 of the Rules of the City of New York is amended.\n";
        assert_eq!(headings(text), vec!["§ 20-871", "Section 1"]);
    }

    /// Class: a citation that a wrapped sentence puts at the start of a line.
    #[test]
    fn a_wrapped_citation_is_not_a_heading() {
        let text = "component 1 categories required to be reported by employers pursuant to\n\
                    Section 2000e-8 of title 42 of the United States code.\n";
        assert!(headings(text).is_empty());
        let text = "Notwithstanding anything in Article 32 every High Court shall have powers.\n";
        assert!(headings(text).is_empty());
    }
}
