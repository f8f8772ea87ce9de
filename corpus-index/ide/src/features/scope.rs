//! Where citation diagnostics apply: the law's own text, not the annotations a code
//! publishes with it, the text of other laws it quotes, or its own headings.

use std::sync::LazyLock;

use lexls_syntax::citation::Citation;
use lexls_syntax::model::{Document, Format};
use regex::Regex;

/// Why a citation is not checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutOfScope {
    /// It lies in a note, source credit or quoted text of an amendment
    /// ([`Document::note_at`]), which cite former numbers and other laws' provisions.
    Note,
    /// It is the label of a provision heading (`Section 4.`, `§ 20-871 Definitions.`,
    /// `ARTICLE 6`): the document naming its own provision, not citing one.
    Heading,
    /// It is followed by the codifier's bracketed note on it ([`editorial_note_at`]): the
    /// publisher has already said what a diagnostic would say (`§ 47-2102 [repealed]`), or
    /// gives the number it has now (`§ 1-242(12) [1-204.22]`), which is checked instead.
    Acknowledged,
}

/// Whether citation `cite` of `doc` is out of the scope of diagnostics; notes count only
/// unless `in_notes`.
pub fn out_of_scope(doc: &Document, cite: &Citation, in_notes: bool) -> Option<OutOfScope> {
    if !in_notes && doc.note_at(cite.span.start).is_some() {
        return Some(OutOfScope::Note);
    }
    if is_heading(&doc.text, cite) || in_marked_up_heading(doc, cite) {
        return Some(OutOfScope::Heading);
    }
    (acknowledged(&doc.text, cite) || footnoted(doc, cite)).then_some(OutOfScope::Acknowledged)
}

/// Whether `cite` stands in the label or heading element of the provision it belongs to, in
/// XML (USLM `<heading>`, Akoma Ntoso and D.C. Code `<heading>`): `Application of Section 230
/// Safe Harbor` (17 U.S.C. § 1401(g)'s heading) names a subject; the text below cites. Only
/// XML marks where a heading ends; in plain text a provision's label line holds its text too.
fn in_marked_up_heading(doc: &Document, cite: &Citation) -> bool {
    doc.format == Format::Xml
        && doc
            .provision_at(cite.span.start)
            .and_then(|p| doc.provisions.get(p))
            .is_some_and(|p| p.label_span.contains(&cite.span.start))
}

/// Whether the codifier's footnote mark follows `cite`, or the list it closes, after at most
/// a punctuation mark: `section 202(b)(4) ¹` with the footnote `See References in Text note
/// below.`, `clause (i) ¹` with `So in original. Probably means subpar. (B)(i).` (the Office
/// of the Law Revision Counsel's footnotes, USLM `<ref class="footnoteRef">` before an inline
/// `<note type="footnote">`): the publisher has already said what is wrong with the
/// reference, as with a bracketed note.
fn footnoted(doc: &Document, cite: &Citation) -> bool {
    let footnote_at = |at: usize| {
        let Some(rest) = doc.text.get(at..) else {
            return false;
        };
        // The mark may follow the punctuation after the citation (`subsection (a)(6)(A), ³`,
        // `section 115(c)(3)(B) and (C). ²`).
        let rest = rest.trim_start();
        let rest = rest
            .strip_prefix([',', ';', '.', ':'])
            .unwrap_or(rest)
            .trim_start();
        let mark = rest.bytes().take_while(u8::is_ascii_digit).count();
        if !(1..=2).contains(&mark) {
            return false;
        }
        let after = &rest[mark..];
        let note = doc.text.len() - after.trim_start().len();
        after.starts_with(char::is_whitespace)
            && doc
                .note_at(note)
                .is_some_and(|n| n.kind == "footnote" && n.span.start == note)
    };
    footnote_at(cite.span.end) || (cite.group.end > cite.span.end && footnote_at(cite.group.end))
}

/// Whether the codifier's note follows `cite`, or follows the list it closes when no other
/// note stands inside that list (`Section 47-2002(1), (2), and (3) [47-2002(a)(1), (2),
/// (3)]`).
fn acknowledged(text: &str, cite: &Citation) -> bool {
    let (end, group_end) = (cite.span.end, cite.group.end);
    if note_after(text, end) {
        return true;
    }
    group_end > end
        && text
            .get(end..group_end)
            .is_some_and(|list| !list.contains('['))
        && note_after(text, group_end)
}

/// A codifier's note at `at`, or after the parenthesis that `at` closes (`(D.C. Law 12-175;
/// D.C. Code § 10-1003) [repealed]`: the note is on the parenthetical's citation).
fn note_after(text: &str, at: usize) -> bool {
    if editorial_note_at(text, at) {
        return true;
    }
    let Some(rest) = text.get(at..) else {
        return false;
    };
    let closed = rest.trim_start_matches([' ', '\t', '\u{a0}']);
    closed
        .strip_prefix(')')
        .is_some_and(|after| editorial_note_at(after, 0))
}

/// Whether a codifier's note on the citation before it opens the text at `at` (after
/// spaces): brackets, the editor's mark in official codes (the D.C. Code's and the U.S.
/// Code's `[repealed]`, `[now …]`, `[sic]`; Bluebook rule 5.2 for alterations), holding a
/// status word or the number the cited provision has now (`[1-204.22]`, `[§ 1-204.24a(a)]`),
/// not a footnote mark (`[3]`); or a status word alone in parentheses (`(repealed)`). A
/// note is at most 200 characters on one line.
pub fn editorial_note_at(text: &str, at: usize) -> bool {
    let Some(rest) = text.get(at..) else {
        return false;
    };
    let rest = rest.trim_start_matches([' ', '\t', '\u{a0}']);
    let (open, close) = match rest.chars().next() {
        Some('[') => ('[', ']'),
        Some('(') => ('(', ')'),
        _ => return false,
    };
    let inner = &rest[open.len_utf8()..];
    let Some((end, _)) = inner
        .char_indices()
        .take(200)
        .find(|&(_, c)| c == close || c == '\n')
        .filter(|&(_, c)| c == close)
    else {
        return false;
    };
    let note = inner[..end].trim();
    let lower = note.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    if open == '(' {
        // `(repealed)`, `(repealed by section 7 of D.C. Law 14-213, effective …)`.
        return words.first().is_some_and(|w| STATUS_WORDS.contains(w));
    }
    // `[now …]`, `[formerly …]`, `[sic]`; an edition (`[Code, 1973 Ed.]`: a number of that
    // edition, not of today's code).
    if words.iter().any(|w| {
        STATUS_WORDS.contains(w) || matches!(*w, "now" | "formerly" | "sic" | "ed" | "edition")
    }) {
        return true;
    }
    let footnote = note.chars().all(|c| c.is_ascii_digit());
    note.starts_with(['§', '(']) || (note.starts_with(|c: char| c.is_ascii_digit()) && !footnote)
}

/// Words by which codifiers mark what became of a provision.
const STATUS_WORDS: [&str; 8] = [
    "repealed",
    "expired",
    "omitted",
    "superseded",
    "transferred",
    "renumbered",
    "redesignated",
    "reserved",
];

/// Whether `cite` names the law as it stood at a past date, by design: `as such Act was in
/// effect on the day before April 15, 2011`, `as in effect before …`, `as this offense was
/// proscribed until May 23, 1995 by § 22-3802(a)` (the drafting convention for citing a
/// version since repealed or amended, common in the U.S. Code and the D.C. Code).
pub fn historical_reference(text: &str, cite: &Citation) -> bool {
    static AFTER: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(
            r"^[^;\n]{0,160}?\bas\s+(?:such\s+\w+\s+|it\s+|they\s+)?(?:was\s+|were\s+)?in\s+effect\s+(?:on|before|prior\s+to|immediately\s+before)\b",
        )
        .expect("valid pattern")
    });
    static BEFORE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"\buntil\s+[A-Z][a-z]+\.?\s+\d{1,2},\s+\d{4},?\s+by\s*$")
            .expect("valid pattern")
    });
    let end = cite.group.end.max(cite.span.end);
    let after = text.get(end..).map_or("", |t| {
        let mut cut = t.len().min(200);
        while !t.is_char_boundary(cut) {
            cut -= 1;
        }
        &t[..cut]
    });
    let start = cite.group.start.min(cite.span.start);
    let mut from = start.saturating_sub(80);
    while !text.is_char_boundary(from) {
        from += 1;
    }
    let before = text.get(from..start).unwrap_or("");
    AFTER.is_match(after) || BEFORE.is_match(before)
}

/// Whether `cite` is what the text repeals (`Sections 2-215.01 through 2-215.11 are
/// repealed.`, `§ 5 is hereby repealed`): a repealer cites a repealed provision by design.
pub fn repealed_by_the_text(text: &str, cite: &Citation) -> bool {
    let Some(rest) = text.get(cite.group.end.max(cite.span.end)..) else {
        return false;
    };
    let words: Vec<String> = rest
        .split_whitespace()
        .take(3)
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase()
        })
        .collect();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    matches!(
        words.as_slice(),
        ["is" | "are", "repealed", ..] | ["is" | "are", "hereby", "repealed"]
    )
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
    /// enacting section of a local law, whose `Section 1.` the extractor already reads as
    /// the section's own designation, no citation).
    #[test]
    fn headings_are_not_citations() {
        let text = "the following meanings:\n\n    § 20-871 Requirements for automated employment \
                    decision tools.\n a. In the city, see section 20-870.\n\
                    Section 1. Chapter 5 of Title 6 of the Rules of the City of New York is amended.\n";
        assert_eq!(headings(text), vec!["§ 20-871"]);
        assert!(
            !extract(text)
                .iter()
                .any(|c| text[c.span.clone()].starts_with("Section 1"))
        );
    }

    fn acknowledged_raws(text: &str) -> Vec<String> {
        extract(text)
            .iter()
            .filter(|c| acknowledged(text, c))
            .map(|c| text[c.span.clone()].to_string())
            .collect()
    }

    /// Class: the codifier's bracketed notes after a citation (D.C. Code as published:
    /// §§ 47-2104, 1-1511.03, 9-1111.15).
    #[test]
    fn a_codifiers_note_acknowledges_the_citation_before_it() {
        let text = "under a license as provided in § 47-2102 [repealed] shall, during";
        assert_eq!(acknowledged_raws(text), vec!["§ 47-2102"]);
        let text = "(87 Stat. 790; Pub. L. 93-198; D.C. Code § 1-242(12) [1-204.22] (1992))";
        assert_eq!(acknowledged_raws(text), vec!["D.C. Code § 1-242(12)"]);
        // A number of an earlier edition (D.C. Code § 6-331.03).
        let text = "administer the payments authorized by former § 5-729 [Code, 1973 Ed.] and";
        assert_eq!(acknowledged_raws(text), vec!["§ 5-729"]);
        // On a parenthetical's citation (D.C. Code § 1-1518.01).
        let text = "Act of 1998, effective March 26, 1999 (D.C. Law 12-175; D.C. Code § 10-1003) \
                    [repealed];";
        assert_eq!(acknowledged_raws(text), vec!["D.C. Code § 10-1003"]);
        // A list closed by one note: every item is acknowledged, the note's own are not.
        let text = "Section 47-2002(1), (2), and (3) [47-2002(a)(1), (2), (3)], except as provided";
        let raws = acknowledged_raws(text);
        assert_eq!(raws.len(), 3, "{raws:?}");
        assert!(raws.iter().all(|r| !r.contains("(a)")), "{raws:?}");
    }

    /// Class: brackets that are no codifier's note: a footnote mark, a Markdown link's
    /// text, a parenthetical that is not a status word.
    #[test]
    fn a_footnote_mark_or_a_link_is_no_note() {
        for text in [
            "as provided in § 20-871[3], the employer shall",
            "as provided in § 20-871 [see the rules](rules.md), the employer shall",
            "as provided in § 20-871 (relating to audits), the employer shall",
            "as provided in § 20-871\n[repealed]",
        ] {
            assert!(acknowledged_raws(text).is_empty(), "{text}");
        }
        assert!(editorial_note_at("x (repealed).", 1));
    }

    /// Class: the law cited as it stood at a past date (D.C. Code §§ 38-1853.12, 22-4001).
    #[test]
    fn a_law_cited_as_it_once_stood_is_historical() {
        let text = "from any authority under the provisions of the DC School Choice Incentive \
                    Act of 2003 (§ 38-1851.01 et seq., D.C. Official Code), as such Act was in \
                    effect on the day before April 15, 2011.";
        assert!(extract(text).iter().all(|c| historical_reference(text, c)));
        let text = "sodomy as this offense was proscribed until May 23, 1995 by § 22-3802(a) \
                    committed against a person under the age of 13 years;";
        assert!(extract(text).iter().all(|c| historical_reference(text, c)));
        let text = "The Board established by § 3-1202.17 shall meet monthly. It was in effect.";
        assert!(extract(text).iter().all(|c| !historical_reference(text, c)));
        assert!(editorial_note_at(
            "x (repealed by section 7 of D.C. Law 14-213, effective October 19, 2002), to",
            1
        ));
    }

    /// Class: a repealer cites what it repeals.
    #[test]
    fn a_repealer_cites_what_it_repeals() {
        let text = "Sections 2-215.01 through 2-215.11 are repealed. Section 5 is hereby repealed.";
        let cites = extract(text);
        assert!(!cites.is_empty());
        assert!(cites.iter().all(|c| repealed_by_the_text(text, c)));
        let text = "Section 5 is amended; the repealed text of section 6 is restored.";
        assert!(extract(text).iter().all(|c| !repealed_by_the_text(text, c)));
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
