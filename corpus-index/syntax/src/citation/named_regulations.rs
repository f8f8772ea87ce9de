//! The states' compilations of regulations numbered without a title, named in words as
//! their own statutes, registers and courts name them: the name before the number
//! (`Washington Administrative Code 173-400-030`, `Minnesota Rules, part 7007.0100`, `Code
//! of Maryland Regulations 26.11.02.01`, `Michigan Administrative Code R 336.1101`), and the
//! number before the name in an `of` clause (`section 173-400-030 of the Washington
//! Administrative Code`, `rule 62-296.320 of the Florida Administrative Code`, read by the
//! scan's `of` clauses through [`named`]).
//!
//! Each is cited as The Bluebook's table T1 abbreviates it, with T1's designator for its
//! provisions (`§` for Washington's sections, `r.` for Florida's rules, none for Minnesota's
//! parts): the same code as the abbreviated forms give (`Wash. Admin. Code § 173-400-030`,
//! `WAC 173-400-030`), a citation of [`super::CitationKind::StateRegulation`]. The
//! compilations numbered by title are [`super::titled_regulations`]'.

use std::sync::LazyLock;

use regex::Regex;

/// The names of [`COMPILATIONS`] as one alternation, a regex fragment without captures for
/// `concat!` (the scan's anchor and this module's readers).
macro_rules! named_regulations_name {
    () => {
        r"(?:(?:Alabama|Arizona|Arkansas|Florida|Idaho|Iowa|Michigan|Nevada|New[ \t]+Jersey|New[ \t]+Mexico|North[ \t]+Dakota|Ohio|Oklahoma|Utah|Washington)[ \t]+Administrative[ \t]+Code|Regulations[ \t]+of[ \t]+Connecticut[ \t]+State[ \t]+Agencies|Hawaii[ \t]+Administrative[ \t]+Rules|Kansas[ \t]+Administrative[ \t]+Regulations|Code[ \t]+of[ \t]+Maryland[ \t]+Regulations|Minnesota[ \t]+Rules|Administrative[ \t]+Rules[ \t]+of[ \t]+Montana|Oregon[ \t]+Administrative[ \t]+Rules?|South[ \t]+Carolina[ \t]+Code[ \t]+of[ \t]+Regulations|South[ \t]+Dakota[ \t]+Administrative[ \t]+Rules|West[ \t]+Virginia[ \t]+Code[ \t]+of[ \t]+State[ \t]+Rules|(?:Official[ \t]+Compilation[ \t]+(?:of[ \t]+(?:the[ \t]+)?)?)?Rules[ \t]+and[ \t]+Regulations[ \t]+of[ \t]+the[ \t]+State[ \t]+of[ \t]+(?:Georgia|Tennessee))"
    };
}

/// The scan's anchor and [`at`]'s reader: a name of [`COMPILATIONS`] (in `n`), the
/// compilation's initials in parentheses as a text defines them (`Washington Administrative
/// Code (WAC)`), a comma, and the designator (in `d`: the section sign or word, `rule`,
/// `r.`, `part`, `pt.`, or Michigan's `R` before its rule's number) or none, before the
/// number's first digit (Arizona's and Utah's rules open with `R`: `R18-2-101`).
pub(crate) const ANCHOR_PATTERN: &str = concat!(
    r"(?P<namedregs>(?-u:\b)(?P<n>",
    named_regulations_name!(),
    r")(?-u:\b)(?:[ \t]*\([A-Z.]{2,8}\))?,?[ \t]*(?P<d>§§?|(?i:sections?|secs?\.|rules?|r\.|parts?|pt\.)|R(?:[ \t]+|$))?[ \t]*R?[0-9])"
);

/// [`ANCHOR_PATTERN`] at the start of a text.
static NAME_AND_DESIGNATOR: LazyLock<Regex> =
    LazyLock::new(|| re(&super::anchored(ANCHOR_PATTERN)));

/// A name of [`COMPILATIONS`] alone, as an `of` clause gives it (`the Washington
/// Administrative Code`).
static NAME: LazyLock<Regex> = LazyLock::new(|| {
    re(concat!(
        r"^(?:(?i:the)[ \t]+)?",
        named_regulations_name!(),
        r"$",
    ))
});

/// Each compilation: the word its name is known by (the state's name), its code as table T1
/// abbreviates it (as the abbreviated forms name it: `Or. Admin.` with the designator `R.`
/// is `Or. Admin. R.`), and T1's designator of its provisions (`§`, `r.`, `R.` or none).
const COMPILATIONS: &[(&str, &str, &str)] = &[
    ("Alabama", "Ala. Admin. Code", "r."),
    ("Arizona", "Ariz. Admin. Code", "§"),
    ("Arkansas", "Ark. Admin. Code", ""),
    ("Connecticut", "Conn. Agencies Regs.", "§"),
    ("Florida", "Fla. Admin. Code", "r."),
    ("Hawaii", "Haw. Code R.", "§"),
    ("Idaho", "Idaho Admin. Code", "r."),
    ("Iowa", "Iowa Admin. Code", "r."),
    ("Kansas", "Kan. Admin. Regs.", "§"),
    ("Maryland", "Md. Code Regs.", ""),
    ("Michigan", "Mich. Admin. Code", "r."),
    ("Minnesota", "Minn. R.", ""),
    ("Montana", "Mont. Admin.", "R."),
    ("Nevada", "Nev. Admin. Code", "§"),
    ("New Jersey", "N.J. Admin. Code", "§"),
    ("New Mexico", "N.M. Code R.", "§"),
    ("North Dakota", "N.D. Admin. Code", ""),
    ("Ohio", "Ohio Admin. Code", ""),
    ("Oklahoma", "Okla. Admin. Code", "§"),
    ("Oregon", "Or. Admin.", "R."),
    ("South Carolina", "S.C. Code Ann. Regs.", ""),
    ("South Dakota", "S.D. Admin.", "R."),
    ("Utah", "Utah Admin. Code", "r."),
    ("Washington", "Wash. Admin. Code", "§"),
    ("West Virginia", "W. Va. Code R.", "§"),
    ("Georgia", "Ga. Comp. R. & Regs.", ""),
    ("Tennessee", "Tenn. Comp. R. & Regs.", ""),
];

fn re(pattern: &str) -> Regex {
    #[allow(clippy::expect_used)]
    Regex::new(&super::typographic_spaces(pattern)).expect("static regex compiles")
}

/// A compilation named in words: its code and designator, as [`COMPILATIONS`] gives them.
/// The state's name decides (`South Dakota` before `Dakota`, as the table lists the longer
/// names' words apart).
fn compilation(name: &str) -> Option<(&'static str, &'static str)> {
    let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
    COMPILATIONS
        .iter()
        .filter(|(word, ..)| name.contains(word))
        .max_by_key(|(word, ..)| word.len())
        .map(|(_, code, designator)| (*code, *designator))
}

/// A compilation named at byte `pos` of `text` before a number ([`ANCHOR_PATTERN`]): where
/// its provision's number starts, its code, T1's designator (`None` for the section sign,
/// as the citation's designator reads), and whether a plural designator (`§§`, `sections`,
/// `parts`) opens a list. `None` when no such name and number start there.
pub(crate) fn at(
    text: &str,
    pos: usize,
) -> Option<(usize, &'static str, Option<&'static str>, bool)> {
    let caps = NAME_AND_DESIGNATOR.captures(text.get(pos..)?)?;
    let (code, designator) = compilation(caps.name("n")?.as_str())?;
    let written = caps.name("d").map_or("", |d| d.as_str().trim());
    let plural = written == "§§" || {
        let lower = written.to_ascii_lowercase();
        lower == "sections" || lower == "secs." || lower == "parts" || lower == "rules"
    };
    // The number's first character, an ASCII digit: the match ends one byte past it.
    let after = pos + caps.get(0)?.end() - 1;
    // `R 336.1101`: Michigan's rules are numbered with the `R`, which T1's `r.` stands for;
    // Arizona's and Utah's carry it in the number (`R18-2-101`).
    let after = if text[..after].ends_with('R') && written != "R" {
        after - 1
    } else {
        after
    };
    Some((after, code, designator_of(designator), plural))
}

/// A compilation named as a phrase alone (`the Washington Administrative Code`, as an `of`
/// clause names it): its code and designator (`None` for the section sign). `None` for any
/// other phrase.
pub(crate) fn named(phrase: &str) -> Option<(&'static str, Option<&'static str>)> {
    // The phrase is the name whole, so its state's name is the phrase's: no captures needed
    // (this runs for every name `canonical_code` is asked about).
    let phrase = phrase.trim();
    if !NAME.is_match(phrase) {
        return None;
    }
    let (code, designator) = compilation(phrase)?;
    Some((code, designator_of(designator)))
}

/// A name of [`COMPILATIONS`] after a rule's number (`rule 62-296.320 of the Florida
/// Administrative Code`, `rule 62-4.050, Florida Administrative Code`, the Florida
/// Statutes' own style).
static NAME_AFTER: LazyLock<Regex> = LazyLock::new(|| {
    re(concat!(
        r"^(?:[ \t]+of[ \t]+|,[ \t]*)(?:(?i:the)[ \t]+)?(?P<n>",
        named_regulations_name!(),
        r")(?-u:\b)",
    ))
});

/// A compilation named at the start of `rest`, after a rule's number ([`NAME_AFTER`]): the
/// length of `of` or the comma and the name, the code and its designator (`None` for the
/// section sign).
pub(crate) fn named_after(rest: &str) -> Option<(usize, &'static str, Option<&'static str>)> {
    let caps = NAME_AFTER.captures(rest)?;
    let (code, designator) = compilation(caps.name("n")?.as_str())?;
    Some((caps.get(0)?.end(), code, designator_of(designator)))
}

/// A designator of [`COMPILATIONS`] as a citation carries it: the section sign is the
/// default (`None`).
fn designator_of(designator: &'static str) -> Option<&'static str> {
    (designator != "§").then_some(designator)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_compilation_named_in_words_names_its_table_t1_code() {
        fn code(text: &str) -> Option<(&str, &'static str, Option<&'static str>)> {
            at(text, 0).map(|(after, code, des, _)| (&text[after..], code, des))
        }
        assert_eq!(
            code("Washington Administrative Code 173-400-030"),
            Some(("173-400-030", "Wash. Admin. Code", None))
        );
        assert_eq!(
            code("Minnesota Rules, part 7007.0100"),
            Some(("7007.0100", "Minn. R.", Some("")))
        );
        assert_eq!(
            code("Michigan Administrative Code R 336.1101"),
            Some(("336.1101", "Mich. Admin. Code", Some("r.")))
        );
        assert_eq!(
            code("Arizona Administrative Code R18-2-101"),
            Some(("R18-2-101", "Ariz. Admin. Code", None))
        );
        assert_eq!(
            code("South Dakota Administrative Rules 74:36:01:01"),
            Some(("74:36:01:01", "S.D. Admin.", Some("R.")))
        );
        // No number: a name in prose; nor a number in other digits than ASCII's.
        assert_eq!(code("the Oregon Administrative Rules provide"), None);
        assert_eq!(code("Washington Administrative Code ٣٤"), None);
        assert_eq!(
            named("the Regulations of Connecticut State Agencies"),
            Some(("Conn. Agencies Regs.", None))
        );
        assert_eq!(
            named("Florida Administrative Code"),
            Some(("Fla. Admin. Code", Some("r.")))
        );
        assert_eq!(named("the Florida Statutes"), None);
    }
}
