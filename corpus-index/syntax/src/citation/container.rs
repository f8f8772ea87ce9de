//! Containers of a code cited as a whole: `Chapter 10 of Title 1`, `subchapter II of Chapter
//! 5 of Title 2`, `part B of subchapter XII-A of Chapter 9 of Title 4`, `Chapter 9 of this
//! title`, `subchapter I of this chapter`, and `this chapter`, `this subchapter`, `this
//! part` alone.
//!
//! The grammar is the D.C. Council's (and the OLRC's for the U.S. Code without a code named):
//! levels written innermost first, each `<level> <designation>`, joined by `of`, ending in a
//! title by number or in `this <level>`:
//!
//! ```text
//! chain    := level (" of " level)* " of " terminal
//! level    := ("subtitle" | "chapter" | "subchapter" | "part" | "subpart" | "unit" | "division") designation
//! terminal := "Title" number | "this" level-word
//! ```
//!
//! A numbered `part` or `subpart` (`part 52 of this chapter`) is a part of the C.F.R., whose
//! parts hold sections (`§ 52.21`), and a numbered `article` (`Article 5 of this Chapter`) is an
//! EU article: neither is read as a container here. When the text names a code after the
//! title (`chapter 35 of title 44, United States Code`) the phrase is a citation of that code
//! (see [`super::scan`]), not of the citing document's own.
//!
//! The chain is kept in [`super::Citation::division`], outermost first, comma-separated, with
//! the levels abbreviated as the Bluebook abbreviates them (`tit. 1, ch. 10, subch. II`;
//! anchored at the citing position: `this ch., subch. II`); [`parse`] reads it back.

use std::sync::LazyLock;

use regex::Regex;

fn re(pattern: &str) -> Regex {
    #[allow(clippy::expect_used)]
    Regex::new(&super::typographic_spaces(pattern)).expect("static regex compiles")
}

/// One level with its designation: `Chapter 10`, `subchapter XII-A`, `part B`, `Unit A`.
static LEVEL: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?P<w>(?i:subtitle|chapter|subchapter|subpart|part|unit|article|division))[ \t]+(?P<n>[0-9]{1,4}[A-Z]{0,2}|[IVXLC]{1,7}|[A-Z]{1,2})(?P<s>-[0-9A-Z]{1,3})?(?-u:\b)",
    )
});
static OF: LazyLock<Regex> = LazyLock::new(|| re(r"^[ \t]+of[ \t]+"));
/// `Title 1`, not followed by a code's name; a letter may follow the number after a hyphen,
/// as the D.C. Municipal Regulations number their zoning titles (`Title 11-X`).
static TITLE: LazyLock<Regex> =
    LazyLock::new(|| re(r"^(?i:title)[ \t]+(?P<n>[0-9]{1,3}(?:[A-Z]|-[A-Z])?)(?-u:\b)"));
/// A code named after the title: the citation is of that code (`title 44, United States
/// Code`, `title 5 U.S.C.`, `Title 40 of the Code of Federal Regulations`).
static CODE_AFTER: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^,?[ \t]+(?:of[ \t]+)?(?:the[ \t]+)?(?:United[ \t]+States[ \t]+Code|U\.[ \t]?S\.[ \t]?C|Code[ \t]+of[ \t]+Federal|C\.[ \t]?F\.[ \t]?R|CFR|USC)",
    )
});
static THIS: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?i:this)[ \t]+(?P<w>(?i:title|subtitle|chapter|subchapter|subpart|part|unit|article|division))(?-u:\b)",
    )
});

/// The container levels' words and their abbreviations (The Bluebook's).
const LEVELS: &[(&str, &str)] = &[
    ("title", "tit."),
    ("subtitle", "subtit."),
    ("chapter", "ch."),
    ("subchapter", "subch."),
    ("part", "pt."),
    ("subpart", "subpt."),
    ("unit", "unit"),
    ("article", "art."),
    ("division", "div."),
];

/// The abbreviation of a level word (`chapter` → `ch.`), `None` for a word that is no
/// container level.
pub fn abbreviation(word: &str) -> Option<&'static str> {
    let word = word.to_ascii_lowercase();
    LEVELS.iter().find(|(w, _)| *w == word).map(|(_, a)| *a)
}

/// The level word of an abbreviation (`ch.` → `chapter`), the inverse of [`abbreviation`].
fn level_word(abbreviation: &str) -> Option<&'static str> {
    LEVELS
        .iter()
        .find(|(_, a)| *a == abbreviation)
        .map(|(w, _)| *w)
}

/// A chain of containers as [`chain_at`] reads it.
pub(crate) enum ChainRead {
    /// A chain of the citing document's own code or of a title not named with its code
    /// (`Chapter 10 of this title`, `subchapter II of chapter 5 of title 5`): where it ends
    /// and the chain as [`super::Citation::division`] holds it (`this tit., ch. 10`).
    Own { end: usize, chain: String },
    /// A chain of two levels or more that ends at a title named with its code (`subchapter
    /// II of chapter 5 of title 5, United States Code`; the OLRC's style): where the `title`
    /// word starts, from which the code's citation reads, and the levels outermost first
    /// (`ch. 5, subch. II`).
    OfNamedTitle { title_at: usize, levels: String },
}

/// The chain of containers written at byte `start` of `text`. `None` when no chain of the
/// grammar starts there, when a numbered part or article is in it, or when a single level
/// names a title with its code (`chapter 5 of title 5, United States Code`, which the
/// code's own grammar reads).
pub(crate) fn chain_at(text: &str, start: usize) -> Option<ChainRead> {
    let (mut levels, end) = walk(text, start)?;
    match end.ending {
        Ending::Title {
            code_after: true, ..
        } => {
            if levels.len() < 2 {
                return None;
            }
            levels.reverse();
            Some(ChainRead::OfNamedTitle {
                title_at: end.title_at,
                levels: levels.join(", "),
            })
        }
        Ending::Title { level, .. } | Ending::This(level) => {
            levels.push(level);
            levels.reverse();
            Some(ChainRead::Own {
                end: end.at,
                chain: levels.join(", "),
            })
        }
    }
}

/// How a chain ends.
enum Ending {
    /// At a title (`of title 5`; the level `tit. 5`), a code named after it or not.
    Title { level: String, code_after: bool },
    /// At `this <level>` (`this ch.`).
    This(String),
}

/// Where and how a chain ends.
struct ChainEnd {
    /// The byte after the title's number or the `this` phrase.
    at: usize,
    /// Where the title (or `this`) starts.
    title_at: usize,
    ending: Ending,
}

/// Reads the levels of a chain at `start`, innermost first, and how it ends.
fn walk(text: &str, start: usize) -> Option<(Vec<String>, ChainEnd)> {
    let (level, after) = level_at(text, start)?;
    let (mut outer, end) = rest_of_chain(text, after)?;
    outer.insert(0, level);
    Some((outer, end))
}

/// One level at `pos` (`Chapter 10` → `ch. 10`) and where it ends; `None` for a numbered
/// part, subpart or article (of the C.F.R. or an EU act).
fn level_at(text: &str, pos: usize) -> Option<(String, usize)> {
    let caps = LEVEL.captures(text.get(pos..)?)?;
    let word = caps.name("w")?.as_str().to_ascii_lowercase();
    let number = caps.name("n")?.as_str();
    let numbered = number.starts_with(|c: char| c.is_ascii_digit());
    let end = pos + caps.get(0)?.end();
    if numbered
        && (matches!(word.as_str(), "part" | "subpart")
            || (word == "article" && !in_a_subtitle(text, end)))
    {
        return None;
    }
    let suffix = caps.name("s").map_or("", |s| s.as_str());
    let level = format!("{} {number}{suffix}", abbreviation(&word)?);
    Some((level, end))
}

/// Whether the level ending at `pos` is of a subtitle (`of this subtitle`, `of Subtitle I`):
/// an article numbered within a subtitle is a container, as the Uniform Commercial Code's
/// articles are in Subtitle I of the D.C. Code's Title 28 (`article 9 of this subtitle`);
/// an EU act's articles sit in its titles and chapters, never in a subtitle.
fn in_a_subtitle(text: &str, pos: usize) -> bool {
    let Some(of) = text.get(pos..).and_then(|rest| OF.find(rest)) else {
        return false;
    };
    let rest = text.get(pos + of.end()..).unwrap_or("");
    let word = THIS
        .captures(rest)
        .and_then(|c| c.name("w"))
        .or_else(|| LEVEL.captures(rest).and_then(|c| c.name("w")));
    word.is_some_and(|w| w.as_str().eq_ignore_ascii_case("subtitle"))
}

/// The chain after a level that ends at `pos` (` of Chapter 5 of Title 2`): its further
/// levels, innermost first, and how it ends.
fn rest_of_chain(text: &str, pos: usize) -> Option<(Vec<String>, ChainEnd)> {
    let mut levels: Vec<String> = Vec::new();
    let mut pos = pos;
    loop {
        pos += OF.find(text.get(pos..)?)?.end();
        let rest = text.get(pos..)?;
        if let Some(t) = TITLE.captures(rest) {
            let end = pos + t.get(0)?.end();
            let ending = Ending::Title {
                level: format!("tit. {}", t.name("n")?.as_str()),
                code_after: CODE_AFTER.is_match(text.get(end..)?),
            };
            let end = ChainEnd {
                at: end,
                title_at: pos,
                ending,
            };
            return Some((levels, end));
        }
        if let Some(t) = THIS.captures(rest) {
            let end = pos + t.get(0)?.end();
            let this = format!("this {}", abbreviation(t.name("w")?.as_str())?);
            let end = ChainEnd {
                at: end,
                title_at: pos,
                ending: Ending::This(this),
            };
            return Some((levels, end));
        }
        let (level, after) = level_at(text, pos)?;
        levels.push(level);
        pos = after;
    }
}

/// A level word opening a list of containers: plural (`chapters`, `Subchapters`), or
/// singular, each item repeating it (`Chapter 18, Chapter 41, and Chapter 42`) or not
/// (`chapter 21 or 37 of this title`, as the U.S. Code writes a list of two).
static LIST_LEVEL: LazyLock<Regex> = LazyLock::new(|| {
    re(r"^(?P<w>(?i:subtitle|chapter|subchapter|subpart|part|unit|division))(?P<pl>s)?[ \t]+")
});
/// A designation of a container level (`41`, `21B`, `VIII-A`, `B`).
static DESIGNATION: LazyLock<Regex> = LazyLock::new(|| {
    re(r"^(?P<n>[0-9]{1,4}[A-Z]{0,2}|[IVXLC]{1,7}|[A-Z]{1,2})(?P<s>-[0-9A-Z]{1,3})?(?-u:\b)")
});
/// Between two items of a list (`, `, `, and `, ` or `) or a range's ends (` through `);
/// spaces before a comma are where the markup of an XML file stood.
static LIST_JOIN: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?:[ \t]*,[ \t]*(?:(?P<c1>and|or)[ \t]+)?|[ \t]+(?P<c2>and|or)[ \t]+|[ \t]+(?P<r>through|to)[ \t]+|[ \t]*(?P<d>[–—])[ \t]*)",
    )
});

/// Items a list of containers reads at most.
const MAX_LIST_ITEMS: usize = 32;

/// A list of containers of one level that share the chain after it, as [`list_at`] reads it.
pub(crate) struct ContainerList {
    /// Each item's span (its designation; the first also holds the level word) and its
    /// level (`ch. 41`). A range's two ends are two items.
    pub items: Vec<(std::ops::Range<usize>, String)>,
    /// The chain the items share.
    pub chain: ListChain,
}

/// The chain a list of containers shares.
pub(crate) enum ListChain {
    /// Of the citing document's own code (`of this title`, `of Title 47`): its levels
    /// outermost first (`["this tit."]`, `["tit. 2", "ch. 2"]`).
    Own { outer: Vec<String> },
    /// Of a title named with its code (`of title 5, United States Code`): where the `title`
    /// word starts and the levels between the items and the title, outermost first.
    OfNamedTitle { title_at: usize, outer: Vec<String> },
}

/// A list of containers of one level at byte `start` of `text`, all of one chain: `chapters
/// 5 and 7 of this title`, `Chapters 41, 42, 43, and 44 of Title 47`, `subchapters IV and V
/// of this chapter`, `Parts A through E of this subchapter`, `chapters 83 and 84 of title 5,
/// United States Code` (the drafting manuals' plural form of the chain [`chain_at`] reads).
/// `None` unless two items or more are joined as a list or a range and the chain of the
/// grammar follows; numbered parts and subparts are the C.F.R.'s (`parts 60 and 61 of this
/// chapter`), not containers.
pub(crate) fn list_at(text: &str, start: usize) -> Option<ContainerList> {
    let head = LIST_LEVEL.captures(text.get(start..)?)?;
    let word = head.name("w")?.as_str().to_ascii_lowercase();
    let singular = head.name("pl").is_none();
    let abbr = abbreviation(&word)?;
    let mut pos = start + head.get(0)?.end();
    let mut items: Vec<(std::ops::Range<usize>, String)> = Vec::new();
    let mut joined = false;
    loop {
        let item_at = pos;
        if !items.is_empty() {
            // `Chapter 18, Chapter 41`: the level word again, as the first item has it; a
            // plural word is not repeated.
            match LIST_LEVEL.captures(text.get(pos..)?) {
                Some(w) if singular && w.name("w")?.as_str().eq_ignore_ascii_case(&word) => {
                    pos += w.get(0)?.end();
                }
                Some(_) => return None,
                None => {}
            }
        }
        let caps = DESIGNATION.captures(text.get(pos..)?)?;
        let number = caps.name("n")?.as_str();
        if number.starts_with(|c: char| c.is_ascii_digit())
            && matches!(word.as_str(), "part" | "subpart")
        {
            return None;
        }
        let suffix = caps.name("s").map_or("", |s| s.as_str());
        let end = pos + caps.get(0)?.end();
        let from = if items.is_empty() { start } else { item_at };
        items.push((from..end, format!("{abbr} {number}{suffix}")));
        pos = end;
        if items.len() >= MAX_LIST_ITEMS || joined {
            break;
        }
        let Some(sep) = LIST_JOIN.captures(text.get(pos..)?) else {
            break;
        };
        // A conjunction or a range's word joins the last item.
        joined = sep.name("c1").is_some()
            || sep.name("c2").is_some()
            || sep.name("r").is_some()
            || sep.name("d").is_some();
        pos += sep.get(0)?.end();
    }
    if items.len() < 2 || !joined {
        return None;
    }
    let (mut outer, end) = rest_of_chain(text, pos)?;
    let chain = match end.ending {
        Ending::Title {
            code_after: true, ..
        } => {
            outer.reverse();
            ListChain::OfNamedTitle {
                title_at: end.title_at,
                outer,
            }
        }
        Ending::Title { level, .. } | Ending::This(level) => {
            outer.push(level);
            outer.reverse();
            ListChain::Own { outer }
        }
    };
    Some(ContainerList { items, chain })
}

/// A level as the C.F.R. writes it, its word spelled out (`ch. II` → `chapter II`).
pub(crate) fn spelled(level: &str) -> String {
    match level.split_once(' ') {
        Some((abbr, n)) => format!("{} {n}", level_word(abbr).unwrap_or(abbr)),
        None => level.to_string(),
    }
}

/// The chain of `this <level>` alone (`this chapter` → `this ch.`), `None` for a word that is
/// no container level.
pub(crate) fn this_chain(word: &str) -> Option<String> {
    abbreviation(word).map(|a| format!("this {a}"))
}

/// Where a chain starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChainAnchor {
    /// A title by number (`Title 1`).
    Title(String),
    /// The container of the citing position at that level (`this chapter` → `ch.`).
    This(String),
}

/// A chain read back from [`super::Citation::division`]: its anchor and the levels below it,
/// outermost first, as (abbreviation, designation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chain {
    /// Where it starts.
    pub anchor: ChainAnchor,
    /// The levels below the anchor (`[("ch.", "10"), ("subch.", "II")]`).
    pub levels: Vec<(String, String)>,
}

/// Reads a chain (`tit. 1, ch. 10`, `this ch., subch. II`) back; `None` for another division
/// (`ch. 35` of a named code).
pub fn parse(division: &str) -> Option<Chain> {
    let mut parts = division.split(", ");
    let first = parts.next()?;
    let anchor = if let Some(level) = first.strip_prefix("this ") {
        ChainAnchor::This(level.to_string())
    } else {
        ChainAnchor::Title(first.strip_prefix("tit. ")?.to_string())
    };
    let levels = parts
        .map(|p| {
            let (a, n) = p.rsplit_once(' ')?;
            Some((a.to_string(), n.to_string()))
        })
        .collect::<Option<Vec<_>>>()?;
    Some(Chain { anchor, levels })
}

/// A chain from another title of a titled federal code, as the citing code writes it
/// without naming itself: `chapter 35 of title 44` in the U.S. Code (the Office of the Law
/// Revision Counsel's style) and `chapter I of title 14` in the C.F.R. (Document Drafting
/// Handbook, ch. 2) are of `44 U.S.C.` and `14 C.F.R.`, not of the citing title.
///
/// `namespace` is the citing document's code (`42 U.S.C.`, `40 C.F.R.`); `division` a chain
/// anchored at a title ([`super::Citation::division`], `tit. 44, ch. 35`). Returns the code
/// cited (`44 U.S.C.`) and the levels below its title as that code writes them (`ch. 35`; the
/// C.F.R. spells its levels out, `chapter I`). `None` for any other code (the D.C. Code's
/// `Chapter 10 of Title 1` is its own), a chain anchored at the citing position, or a chain
/// of the title alone.
pub fn of_another_federal_title(namespace: &str, division: &str) -> Option<(String, String)> {
    let series = federal_series(namespace)?;
    let chain = parse(division)?;
    let ChainAnchor::Title(title) = chain.anchor else {
        return None;
    };
    if chain.levels.is_empty() {
        return None;
    }
    Some((
        format!("{title} {series}"),
        federal_levels(series, &chain.levels),
    ))
}

/// A chain anchored at the citing title (`chapter II of this title`, `this tit., ch. II`)
/// or, where the citing chapter is known (`chapter`, `I`), at the citing chapter
/// (`subchapter C of this chapter`, `this ch., subch. C`), in a titled federal code: its
/// levels below the title as that code writes them (`chapter II`; `chapter I, subchapter
/// C`; the U.S. Code's `ch. 10`), as an explicit citation of the title names them (`40
/// C.F.R. chapter II`); empty for the title alone (`this title`). `None` for another anchor
/// or code.
pub fn of_the_citing_title(
    namespace: &str,
    division: &str,
    chapter: Option<&str>,
) -> Option<String> {
    let series = federal_series(namespace)?;
    let chain = parse(division)?;
    let ChainAnchor::This(anchor) = chain.anchor else {
        return None;
    };
    let mut levels = chain.levels;
    match (anchor.as_str(), chapter) {
        ("tit.", _) => {}
        ("ch.", Some(chapter)) => levels.insert(0, ("ch.".to_string(), chapter.to_string())),
        _ => return None,
    }
    Some(federal_levels(series, &levels))
}

/// The series of a titled federal code (`U.S.C.`, `C.F.R.`), `None` for any other code.
fn federal_series(namespace: &str) -> Option<&'static str> {
    match super::codes::family_of(namespace) {
        super::codes::CodeFamily::Usc => Some("U.S.C."),
        super::codes::CodeFamily::Cfr => Some("C.F.R."),
        _ => None,
    }
}

/// Levels (`[("ch.", "II")]`) as a titled federal code writes them: the C.F.R. spells its
/// words out (`chapter II`), the U.S. Code abbreviates them (`ch. 10`).
fn federal_levels(series: &str, levels: &[(String, String)]) -> String {
    levels
        .iter()
        .map(|(abbr, n)| {
            let word = match level_word(abbr) {
                Some(word) if series == "C.F.R." => word,
                _ => abbr,
            };
            format!("{word} {n}")
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::citation::{CitationKind, CodeRef, Relative, extract};

    fn chains(text: &str) -> Vec<(String, String)> {
        extract(text)
            .into_iter()
            .filter_map(|c| Some((text[c.span.clone()].to_string(), c.division()?.into())))
            .collect()
    }

    // Class: containers of the D.C. Code by title and chapter (D.C. Code § 1-1001.01 and the
    // notes of Title 1).
    #[test]
    fn containers_by_number() {
        assert_eq!(
            chains("the Board established by subchapter I of Chapter 10 of Title 1 shall"),
            vec![(
                "subchapter I of Chapter 10 of Title 1".to_string(),
                "tit. 1, ch. 10, subch. I".to_string()
            )]
        );
        assert_eq!(
            chains("as provided in part B of subchapter XII-A of Chapter 9 of Title 4."),
            vec![(
                "part B of subchapter XII-A of Chapter 9 of Title 4".to_string(),
                "tit. 4, ch. 9, subch. XII-A, pt. B".to_string()
            )]
        );
        let c = extract("pursuant to Chapter 5 of Title 2 (§ 2-501 et seq.)");
        assert_eq!(c[0].code, Some(CodeRef::This));
        assert_eq!(c[0].relative, Some(Relative::ThisCode));
        assert_eq!(c[0].section, None);
    }

    // Class: containers anchored at the citing position (`of this title`, `this chapter`).
    #[test]
    fn containers_of_this() {
        assert_eq!(
            chains("Except as provided in subchapter II of this chapter, the Mayor"),
            vec![(
                "subchapter II of this chapter".to_string(),
                "this ch., subch. II".to_string()
            )]
        );
        assert_eq!(
            chains("For the purposes of this subchapter, the term"),
            vec![("this subchapter".to_string(), "this subch.".to_string())]
        );
        // The D.C. Code's units and subtitles (D.C. Code §§ 32-1008 and 28:12-107).
        assert_eq!(
            chains("every person subject to this unit shall post and keep posted"),
            vec![("this unit".to_string(), "this unit".to_string())]
        );
        assert_eq!(
            chains("for purposes of this article or this subtitle, that jurisdiction"),
            vec![("this subtitle".to_string(), "this subtit.".to_string())]
        );
        let chain = parse("this ch., subch. II").expect("a chain");
        assert_eq!(chain.anchor, ChainAnchor::This("ch.".into()));
        assert_eq!(chain.levels, vec![("subch.".into(), "II".into())]);
    }

    // Class: a list of containers of one level sharing one chain (the plural form of the
    // chain above): each item is a container of its own. Sentences of D.C. Code §§
    // 36-641.19, 2-1402.73 and 1-1163.35 and of 44 U.S.C. § 2904 (Open Law XML leaves
    // spaces where its `<cite>` tags stood, before the commas).
    #[test]
    fn lists_of_containers() {
        assert_eq!(
            chains(
                "as provided in Chapters 41, 42, 43, and 44 of Title 47 of the District of \
                 Columbia Official Code."
            ),
            vec![
                ("Chapters 41".to_string(), "tit. 47, ch. 41".to_string()),
                ("42".to_string(), "tit. 47, ch. 42".to_string()),
                ("43".to_string(), "tit. 47, ch. 43".to_string()),
                ("44".to_string(), "tit. 47, ch. 44".to_string()),
            ]
        );
        // The chain after the list is a citation of its own, as the Council's markup has it
        // (`subchapters XXI, XXII, and XXIII of <cite path="1|6">Chapter 6 of Title 1</cite>`).
        assert_eq!(
            chains("for the purposes of subchapters XXI, XXII, and XXIII of Chapter 6 of Title 1."),
            vec![
                (
                    "subchapters XXI".to_string(),
                    "tit. 1, ch. 6, subch. XXI".to_string()
                ),
                ("XXII".to_string(), "tit. 1, ch. 6, subch. XXII".to_string()),
                (
                    "XXIII".to_string(),
                    "tit. 1, ch. 6, subch. XXIII".to_string()
                ),
                (
                    "Chapter 6 of Title 1".to_string(),
                    "tit. 1, ch. 6".to_string()
                ),
            ]
        );
        let divisions =
            |text: &str| -> Vec<String> { chains(text).into_iter().map(|(_, d)| d).collect() };
        assert_eq!(
            divisions(
                "and subchapters VI , VII , VIII-A , or VIII-G of this chapter, as applicable;"
            ),
            [
                "this ch., subch. VI",
                "this ch., subch. VII",
                "this ch., subch. VIII-A",
                "this ch., subch. VIII-G",
                "this ch."
            ]
        );
        // A range's two ends.
        assert_eq!(
            divisions("each occurrence of a violation of Parts A through E of this subchapter,"),
            ["this subch., pt. A", "this subch., pt. E", "this subch."]
        );
        assert_eq!(
            divisions(
                "the duties and responsibilities under chapters 21, 25, 29, 31, and 33 of this title"
            ),
            [
                "this tit., ch. 21",
                "this tit., ch. 25",
                "this tit., ch. 29",
                "this tit., ch. 31",
                "this tit., ch. 33",
                "this tit."
            ]
        );
        // The level word repeated before each item.
        assert_eq!(
            divisions("as provided in Chapter 18, Chapter 41, and Chapter 42 of this title"),
            [
                "this tit., ch. 18",
                "this tit., ch. 41",
                "this tit., ch. 42",
                "this tit."
            ]
        );
        // The title named with its code (the OLRC's style): that code's chapters.
        let c = extract("service under chapters 83 and 84 of title 5, United States Code, is");
        let got: Vec<String> = c.iter().map(super::super::Citation::normalized).collect();
        assert_eq!(
            got,
            ["5 U.S.C. ch. 83", "5 U.S.C. ch. 84", "5 U.S.C."],
            "{c:#?}"
        );
        // Numbered parts are the C.F.R.'s, not containers; a list without a conjunction
        // is no list.
        let c = extract("the requirements of parts 60 and 61 of this chapter apply");
        assert!(
            c.iter()
                .all(|c| c.division().is_none() && c.section.is_some()),
            "{c:#?}"
        );
        assert_eq!(divisions("chapters 5, 7 of this title"), ["this tit."]);
    }

    // Class: a chain from another title of the U.S. Code or the C.F.R., written without the
    // code's name inside that code (the OLRC's `chapter 35 of title 44`, the Document
    // Drafting Handbook's `chapter I of title 14`).
    #[test]
    fn another_title_of_a_federal_code() {
        let of = |namespace: &str, text: &str| {
            let c = extract(text);
            c.iter()
                .find_map(|c| of_another_federal_title(namespace, c.division()?))
        };
        assert_eq!(
            of("42 U.S.C.", "in accordance with chapter 35 of title 44."),
            Some(("44 U.S.C.".into(), "ch. 35".into()))
        );
        assert_eq!(
            of("40 C.F.R.", "under subchapter C of chapter I of title 14"),
            Some(("14 C.F.R.".into(), "chapter I, subchapter C".into()))
        );
        assert_eq!(of("D.C. Code", "pursuant to Chapter 5 of Title 2"), None);
        assert_eq!(of("42 U.S.C.", "subchapter II of this chapter"), None);
    }

    // Class: not containers: a C.F.R. part, an EU article, a U.S. Code chapter.
    #[test]
    fn parts_articles_and_named_codes_are_not_containers() {
        let c = extract("the requirements of part 52 of this chapter apply");
        assert!(
            !c.iter()
                .any(|c| c.division().is_some_and(|d| d.contains("pt."))),
            "{c:#?}"
        );
        let c = extract("the obligations laid down in Article 5 of this Chapter");
        assert!(
            c.iter().any(|c| c.kind == CitationKind::EuArticle),
            "{c:#?}"
        );
        let c = extract("subject to chapter 35 of title 44, United States Code.");
        assert!(c.iter().any(|c| c.kind == CitationKind::Usc), "{c:#?}");
    }
}
