//! The compilations of state and municipal regulations that number their titles, named in
//! words with the title, as the states' own statutes, agencies and courts cite them: the
//! name then the title (`California Code of Regulations, title 22, section 66261.3`), the
//! title then the name (`Title 8, California Code of Regulations, Section 3203`, `Title 10
//! of the District of Columbia Municipal Regulations`), the title's number before the name
//! (`30 Texas Administrative Code § 335.1`, the Texas Register's form), and the section
//! before the title (`section 3203 of title 8 of the California Code of Regulations`, read by
//! the scan's `of` clauses through [`titled_code`]).
//!
//! Each compilation is written as The Bluebook's table T1 (and the states' own forms of
//! Bluepages table BT2) abbreviate it, in the same code names as its abbreviated forms
//! (`22 CCR § 66261.3` and the forms above are `Cal. Code Regs. tit. 22, § 66261.3`): a
//! citation of [`super::CitationKind::StateRegulation`]. Only compilations numbered by title
//! are listed; those numbered by agency or chapter alone (`Wash. Admin. Code`, `Or. Admin.
//! R.`, `Fla. Admin. Code`) have no title to cite.

use std::sync::LazyLock;

use regex::Regex;

/// The names of the compilations of [`COMPILATIONS`] as one alternation, a regex fragment
/// without captures for `concat!` (the scan's anchor and this module's readers).
macro_rules! titled_regulations_name {
    () => {
        r"(?:California[ \t]+Code[ \t]+of[ \t]+Regulations|Texas[ \t]+Administrative[ \t]+Code|Illinois[ \t]+Administrative[ \t]+Code|Louisiana[ \t]+Administrative[ \t]+Code|Indiana[ \t]+Administrative[ \t]+Code|North[ \t]+Carolina[ \t]+Administrative[ \t]+Code|Virginia[ \t]+Administrative[ \t]+Code|Kentucky[ \t]+Administrative[ \t]+Regulations|Missouri[ \t]+Code[ \t]+of[ \t]+State[ \t]+Regulations|Code[ \t]+of[ \t]+Massachusetts[ \t]+Regulations|Pennsylvania[ \t]+Code|New[ \t]+York[ \t]+(?:State[ \t]+)?Codes,[ \t]+Rules,?[ \t]+and[ \t]+Regulations|Official[ \t]+Compilation[ \t]+of[ \t]+(?:the[ \t]+)?Codes,[ \t]+Rules,?[ \t]+and[ \t]+Regulations[ \t]+of[ \t]+the[ \t]+State[ \t]+of[ \t]+New[ \t]+York|District[ \t]+of[ \t]+Columbia[ \t]+(?:Code[ \t]+of[ \t]+)?Municipal[ \t]+Regulations|Rules[ \t]+of[ \t]+the[ \t]+City[ \t]+of[ \t]+New[ \t]+York)"
    };
}

/// A title's number: digits, a letter glued on (`12A`, `15A`) or after a hyphen (the
/// D.C. Municipal Regulations' `11-X`, `5-A`). A regex fragment for `concat!`.
macro_rules! title_number {
    () => {
        r"\d{1,3}(?:[A-Z]|-[A-Z])?(?-u:\b)"
    };
}

/// The scan's anchor and [`at`]'s reader: the name and its title (`California Code of
/// Regulations, title 22`; name in `n`, title in `t`), the title and the name (`Title 8,
/// California Code of Regulations`, `title 10 of the District of Columbia Municipal
/// Regulations`; `t2`, `n2`), or the title's number, the name and a section (`30 Texas
/// Administrative Code § 335.1`; `t3`, `n3`).
pub(crate) const ANCHOR_PATTERN: &str = concat!(
    r"(?P<titledregs>(?-u:\b)(?:(?P<n>",
    titled_regulations_name!(),
    r"),?[ \t]+(?i:title)[ \t]+(?P<t>",
    title_number!(),
    r")|(?i:title)[ \t]+(?P<t2>",
    title_number!(),
    r"),?[ \t]+(?:of[ \t]+)?(?:the[ \t]+)?(?P<n2>",
    titled_regulations_name!(),
    r")|(?P<t3>",
    title_number!(),
    r")[ \t]+(?P<n3>",
    titled_regulations_name!(),
    r"),?[ \t]*(?:§|(?i:sections?|secs?\.)[ \t]*\d)))"
);

/// [`ANCHOR_PATTERN`] at the start of a text.
static NAME_AND_TITLE: LazyLock<Regex> = LazyLock::new(|| re(&super::anchored(ANCHOR_PATTERN)));

/// A name of [`COMPILATIONS`] and its title written as the `of` clauses join them (`the
/// California Code of Regulations title 8`, `District of Columbia Municipal Regulations,
/// title 18`).
static NAMED_TITLE: LazyLock<Regex> = LazyLock::new(|| {
    re(concat!(
        r"^(?:(?i:the)[ \t]+)?(?P<n>",
        titled_regulations_name!(),
        r"),?[ \t]+(?i:title)[ \t]+(?P<t>",
        title_number!(),
        r")$",
    ))
});

/// Each compilation: a word its name starts with or holds, and its code's name for a title
/// (`{t}`), as the abbreviated forms name it (`22 CCR` → `Cal. Code Regs. tit. 22`, `30 TAC`
/// → `Tex. Admin. Code tit. 30`, `9VAC` → `9 Va. Admin. Code`).
const COMPILATIONS: &[(&str, &str)] = &[
    ("California", "Cal. Code Regs. tit. {t}"),
    ("Texas", "Tex. Admin. Code tit. {t}"),
    ("Illinois", "Ill. Admin. Code tit. {t}"),
    ("Louisiana", "La. Admin. Code tit. {t}"),
    ("Indiana", "{t} Ind. Admin. Code"),
    ("North Carolina", "{t} N.C. Admin. Code"),
    ("Virginia", "{t} Va. Admin. Code"),
    ("Kentucky", "{t} Ky. Admin. Regs."),
    ("Missouri", "Mo. Code Regs. Ann. tit. {t}"),
    ("Massachusetts", "Mass. Regs. Code tit. {t}"),
    ("Pennsylvania", "{t} Pa. Code"),
    ("District of Columbia", "D.C. Mun. Regs. tit. {t}"),
    ("City of New York", "{t} RCNY"),
    ("New York", "N.Y. Comp. Codes R. & Regs. tit. {t}"),
];

fn re(pattern: &str) -> Regex {
    #[allow(clippy::expect_used)]
    Regex::new(&super::typographic_spaces(pattern)).expect("static regex compiles")
}

/// The code's name of title `title` of the compilation named `name` (one of
/// [`titled_regulations_name`]'s), in [`COMPILATIONS`]' form: `Cal. Code Regs. tit. 22`.
fn code_of(name: &str, title: &str) -> Option<String> {
    let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
    COMPILATIONS
        .iter()
        .find(|(word, _)| name.contains(word))
        .map(|(_, form)| form.replace("{t}", title))
}

/// The compilation and title named at byte `pos` of `text` in one of the orders of
/// [`ANCHOR_PATTERN`]: where the name and title end (a section may follow), the code's
/// name, and whether the title's number stood before the name (`30 Texas Administrative
/// Code`), which then needs a section after it to be a citation. `None` when no such name
/// starts there.
pub(crate) fn at(text: &str, pos: usize) -> Option<(usize, String, bool)> {
    let caps = NAME_AND_TITLE.captures(text.get(pos..)?)?;
    let (name, title, number_first) = match (caps.name("n"), caps.name("n2"), caps.name("n3")) {
        (Some(n), ..) => (n, caps.name("t")?, false),
        (None, Some(n), _) => (n, caps.name("t2")?, false),
        (None, None, Some(n)) => (n, caps.name("t3")?, true),
        (None, None, None) => return None,
    };
    let code = code_of(name.as_str(), title.as_str())?;
    Some((pos + name.end().max(title.end()), code, number_first))
}

/// The code's name of a compilation's title written as a phrase (`the California Code of
/// Regulations title 8`, as an `of` clause joins `of title 8 of the California Code of
/// Regulations`): `Cal. Code Regs. tit. 8`. `None` for any other phrase.
pub(crate) fn titled_code(phrase: &str) -> Option<String> {
    let caps = NAMED_TITLE.captures(phrase.trim())?;
    code_of(caps.name("n")?.as_str(), caps.name("t")?.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_order_of_name_and_title_names_the_table_t1_code() {
        let code = |text: &str| at(text, 0).map(|(_, c, first)| (c, first));
        for (text, name, number_first) in [
            (
                "California Code of Regulations, title 22, section 66261.3",
                "Cal. Code Regs. tit. 22",
                false,
            ),
            (
                "Title 18 of the District of Columbia Municipal Regulations",
                "D.C. Mun. Regs. tit. 18",
                false,
            ),
            (
                "Title 11-X of the District of Columbia Municipal Regulations",
                "D.C. Mun. Regs. tit. 11-X",
                false,
            ),
            (
                "30 Texas Administrative Code § 335.1",
                "Tex. Admin. Code tit. 30",
                true,
            ),
            (
                "Title 6 of the Rules of the City of New York",
                "6 RCNY",
                false,
            ),
            (
                "title 12 of the New York Codes, Rules and Regulations",
                "N.Y. Comp. Codes R. & Regs. tit. 12",
                false,
            ),
        ] {
            assert_eq!(code(text), Some((name.to_string(), number_first)), "{text}");
        }
        // A compilation numbered by chapter alone, and a title of no compilation.
        assert_eq!(
            code("Title 173 of the Washington Administrative Code"),
            None
        );
        assert_eq!(code("Title 10 of the Plan"), None);
        assert_eq!(
            titled_code("the California Code of Regulations title 8").as_deref(),
            Some("Cal. Code Regs. tit. 8")
        );
    }
}
