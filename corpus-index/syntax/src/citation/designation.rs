//! A provision's own designation opening its text is no citation.
//!
//! Statutes, executive orders and the notes that reproduce them open each section with its
//! designation and a period: `Sec. 2. The Secretary shall …`, `Section 1. There is hereby
//! established …`, `SEC. 7. General Provisions. (a) …` (the House Legislative Counsel's
//! Manual on Drafting Style, § 311; the Federal Register's executive orders). The
//! designation names the provision the line begins, not another one, so it is not a
//! cross-reference. A section word opening a sentence that cites (`Section 5 of the Act
//! provides`, `Section 2 applies`) has no period after its number and stays a citation.

use super::{Citation, CitationKind};

/// Removes from `cites` (the scan's phrases, before short forms are linked: no antecedent
/// indexes yet) the designations that open a provision's text: a bare section citation
/// numbered plainly (`Sec. 2`, `Section 1`, `SEC. 7`, `§ 403a`: no code, no subdivision, no
/// range, no structured number) that stands
/// first on its line, at the start of the text or after the end of a sentence, and is
/// followed by a period and the provision's text (a capital letter or a subdivision's
/// label). A designation alone on its line or at the end of the text is left: a short text
/// that is nothing but `Section 5.` is as likely a citation.
pub(crate) fn drop_own_designations(text: &str, cites: &mut Vec<Citation>) {
    cites.retain(|c| !opens_a_provision(text, c));
}

fn opens_a_provision(text: &str, c: &Citation) -> bool {
    if c.kind != CitationKind::Section
        || c.code.is_some()
        || c.relative.is_some()
        || c.range_end.is_some()
        || !c.subsections.is_empty()
        || c.section.is_none()
        || c.group != c.span
    {
        return false;
    }
    // An act's own sections are numbered plainly (`1`, `403a`); a structured number
    // (`3-301`, `1-1001.03`) opening a paragraph is a citation sentence, as the Uniform
    // Commercial Code's official comments write them (`Section 3-301. If an instrument is
    // payable to X and Y, …`).
    let plain = c.section.as_deref().is_some_and(|n| {
        let digits = n.bytes().take_while(u8::is_ascii_digit).count();
        digits > 0 && n[digits..].len() <= 3 && n[digits..].bytes().all(|b| b.is_ascii_alphabetic())
    });
    if !plain {
        return false;
    }
    let Some(raw) = text.get(c.span.clone()) else {
        return false;
    };
    if !(raw.starts_with("Sec")
        || raw.starts_with("SEC")
        || raw.starts_with('§') && !raw.starts_with("§§"))
    {
        return false;
    }
    // First on its line: only spaces and Markdown marks before it, walked back over them
    // alone (never the whole line).
    let mut line_start = c.span.start;
    for (i, ch) in text[..c.span.start].char_indices().rev() {
        if ch == '\n' {
            break;
        }
        if !(ch == ' ' || ch == '\t' || matches!(ch, '#' | '*' | '_' | '>')) {
            return false;
        }
        line_start = i;
    }
    let before = text[..line_start].trim_end();
    if !(before.is_empty() || before.ends_with(['.', ':', ';', ')', ']', '”', '"'])) {
        return false;
    }
    // `. The Secretary`, `. (a) During`, `. General Provisions.`
    let Some(after) = text[c.span.end..].strip_prefix('.') else {
        return false;
    };
    let rest = after.trim_start_matches([' ', '\t']);
    after.len() > rest.len() && rest.starts_with(|ch: char| ch.is_uppercase() || ch == '(')
}

#[cfg(test)]
mod tests {
    use crate::test_support::raws;

    /// Class: the sections of an executive order as the U.S. Code's notes reproduce them
    /// (Ex. Ord. No. 10930, 35 U.S.C. § 266 note): each opens with its designation, which
    /// names itself; the citations inside stay.
    #[test]
    fn an_orders_own_sections_are_no_citations() {
        let text = "Section 1. The Government Patents Board, established by section 3(a) of Executive Order No. 10096 of January 23, 1950, is hereby abolished.\nSec. 2. All functions of the Government Patents Board are hereby transferred.\nSec. 5. Subsections (a) and (c) of section 3 of Executive Order No. 10096 are hereby revoked.";
        let found = raws(text);
        assert!(
            !found
                .iter()
                .any(|r| r == "Section 1" || r == "Sec. 2" || r == "Sec. 5"),
            "{found:?}"
        );
        assert!(
            found.iter().any(|r| r.starts_with("section 3(a)")),
            "{found:?}"
        );
        assert!(
            found.iter().any(|r| r.starts_with("Subsections (a)")),
            "{found:?}"
        );
    }

    /// A section word opening a sentence that cites, a designation alone, one inside a
    /// sentence, and a structured number opening a paragraph (the U.C.C.'s official comment
    /// to § 3-110 in D.C. Code Title 28) stay citations.
    #[test]
    fn a_section_opening_a_citing_sentence_is_a_citation() {
        assert_eq!(
            raws(
                "Section 3-301. If an instrument is payable to X and Y, neither X nor Y acting alone is the person to whom the instrument is payable."
            ),
            ["Section 3-301"]
        );
        assert_eq!(
            raws("Section 5 of the Act provides otherwise."),
            ["Section 5 of the Act"]
        );
        assert_eq!(raws("Section 5."), ["Section 5"]);
        assert_eq!(raws("as provided in\nSec. 4. The rest"), ["Sec. 4"]);
        assert_eq!(raws("See § 1983. The claim fails."), ["§ 1983"]);
    }
}
