//! Code names typeset in large and small capitals. The Bluebook sets a code's name so in
//! law reviews' footnotes (rule 2.1; table T1 gives `Tex. Penal Code Ann.`), and briefs
//! copy the style; out of a PDF or a word processor it is capitals: `TEX. PENAL CODE ANN.
//! § 19.02`, `N.Y. GEN. BUS. LAW § 349`, `CAL. CODE REGS. tit. 8, § 3203`, `FED. R. CIV. P.
//! 12(b)(6)`. [`fold`] writes such a name's words as table T1 does (`Tex. Penal Code
//! Ann.`), in place: an ASCII case change keeps every byte offset, so the citations read
//! from the folded text have the spans of the original.

use std::borrow::Cow;
use std::sync::LazyLock;

use regex::Regex;

fn re(pattern: &str) -> Regex {
    #[allow(clippy::expect_used)]
    Regex::new(pattern).expect("static regex compiles")
}

/// A code's name in capitals (a state's, `CODE` before a state's for the codes of rules
/// T1 so titles, the federal rules', the Treasury's regulations, a Restatement's, a uniform
/// act's or a model code's (rules 12.9.4 and 12.9.5), then words in capitals:
/// initials with their periods, words of two or more capitals, `&`) before what a code's
/// name precedes: a section sign, a division (`art.`, `ch.`, `tit.`) or a number.
static CAPITALS_RUN: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(
        r"(?P<run>(?:CODE[ \t]+)?(?:{}|FED\.[ \t]+R\.|TREAS\.[ \t]+REG|RESTATEMENT|UNIF\.|MODEL)(?:,?[ \t]+(?:(?:[A-Z]\.){{1,6}}|[A-Z][A-Z'’]+(?:[-–][A-Z]+)*[.:]?|\((?:FIRST|SECOND|THIRD|FOURTH)\)|&))*),?[ \t]*(?:§|art\.|ch\.|tit\.|\d)",
        states_in_capitals()
    ))
});

/// [`super::forms::STATE`] in capitals (`TEX\.`, `N\. ?Y\.`), less the two-letter forms
/// without periods (`DC`, `VA`, which stay as they are written): a set of literals of
/// three or more bytes, which the regex engine finds by a prefilter, at several hundred MB
/// a second, where a two-byte one or a tab class would make it try every position.
fn states_in_capitals() -> String {
    let mut out = String::with_capacity(super::forms::STATE.len());
    let mut escaped = false;
    for c in super::forms::STATE.replace("[ \\t]?", " ?").chars() {
        out.push(if escaped { c } else { c.to_ascii_uppercase() });
        escaped = c == '\\' && !escaped;
    }
    out.replace("|DC|", "|").replace("|VA|", "|")
}

/// `text` with each code name in capitals written in table T1's case; `text` itself when
/// it has none (the common case allocates nothing).
pub(crate) fn fold(text: &str) -> Cow<'_, str> {
    let mut folded: Option<Vec<u8>> = None;
    for c in CAPITALS_RUN.captures_iter(text) {
        let Some(run) = c.name("run") else { continue };
        // A name starts a word (`PA.` in `APA.` is none); the check is here, not a `\b` in
        // the pattern, which would cost it its prefilter.
        if text[..run.start()]
            .bytes()
            .next_back()
            .is_some_and(|b| b.is_ascii_alphanumeric())
        {
            continue;
        }
        let words = run.as_str();
        let title_case = title_cased(words);
        if title_case == words {
            continue;
        }
        let bytes = folded.get_or_insert_with(|| text.as_bytes().to_vec());
        bytes[run.start()..run.end()].copy_from_slice(title_case.as_bytes());
    }
    match folded {
        // Only ASCII letters changed case, so the bytes are the text's UTF-8 still.
        Some(bytes) => String::from_utf8(bytes).map_or(Cow::Borrowed(text), Cow::Owned),
        None => Cow::Borrowed(text),
    }
}

/// The small words of a name, which T1 writes in small letters after its first word (`of`,
/// `the`, `for`: `Restatement (Second) of Torts`, `Not-for-Profit`).
const SMALL_WORDS: &[&str] = &["OF", "THE", "AND", "FOR", "ON", "IN", "TO"];

/// Each word of `words` after its first letter in small letters, as table T1 writes a
/// code's name, but initials (`N.Y.`, `R.`, `C.P.L.R.`), a designation of two capitals
/// (`NR`, Wisconsin's natural resources rules) and a code's own initials (`CPLR`), which it
/// writes in capitals; each part of a
/// compound so (`HEALTH–GEN.` → `Health–Gen.`), its small words in small letters
/// (`NOT-FOR-PROFIT` → `Not-for-Profit`).
fn title_cased(words: &str) -> String {
    let mut out = String::with_capacity(words.len());
    for (n, word) in words.split_inclusive([' ', '\t']).enumerate() {
        let bare = word.trim_end_matches([' ', '\t', ',']);
        // `RESTATEMENT (SECOND) OF THE LAW GOVERNING LAWYERS`: the small words of a name.
        if n > 0 && SMALL_WORDS.contains(&bare) {
            out.push_str(&word.to_ascii_lowercase());
            continue;
        }
        let initials = bare
            .split_inclusive('.')
            .all(|i| i.len() == 2 && i.ends_with('.'));
        // `N.Y. CPLR 3211`: a code's own initials without periods stay as they are.
        if initials
            || (bare.len() == 2 && bare.bytes().all(|b| b.is_ascii_uppercase()))
            || super::forms::local_code_named(bare).is_some()
        {
            out.push_str(word);
            continue;
        }
        for (i, part) in word.split_inclusive(['-', '–']).enumerate() {
            let small = i > 0 && SMALL_WORDS.contains(&part.trim_end_matches(['-', '–']));
            // `(SECOND)` → `(Second)`.
            if let Some(inner) = part.strip_prefix('(') {
                out.push('(');
                out.push_str(&title_cased(inner));
                continue;
            }
            let mut chars = part.chars();
            if let Some(first) = chars.next() {
                out.push(if small {
                    first.to_ascii_lowercase()
                } else {
                    first
                });
                out.extend(chars.map(|c| c.to_ascii_lowercase()));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::fold;

    #[test]
    fn a_code_name_in_capitals_takes_table_t1s_case() {
        assert_eq!(
            fold("See TEX. GOV'T CODE ANN. § 552.101 (West 2019)."),
            "See Tex. Gov't Code Ann. § 552.101 (West 2019)."
        );
        assert_eq!(
            fold("N.Y. COMP. CODES R. & REGS. tit. 12, § 1"),
            "N.Y. Comp. Codes R. & Regs. tit. 12, § 1"
        );
        // Headings and other capitals stay as they are.
        let heading = "SEC. 5. DEFINITIONS\nTITLE 42 THE PUBLIC HEALTH AND WELFARE";
        assert!(matches!(fold(heading), std::borrow::Cow::Borrowed(_)));
        // A state's abbreviation inside a word is none (`PA.` of `APA.`).
        let acronym = "under secs. 7 and 8 of the APA. 5 U.S.C. 556";
        assert!(matches!(fold(acronym), std::borrow::Cow::Borrowed(_)));
    }
}
