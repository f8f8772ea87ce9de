//! Codes and acts a document names by a defined term: the drafters' definition in
//! parentheses after the name (`the Internal Revenue Code of 1986, as amended (the "Code")`,
//! `the Fair Labor Standards Act of 1938 (the “Act”)`, `hereinafter the "Act"`), then the
//! term where the name would stand: `Code Section 409A`, `section 162(m) of the Code`,
//! `section 7 of the Act`.
//!
//! Without the definition those citations are bare sections of the citing document's own
//! code (`the Code` and `the Act` are, in a code's own text, that code). With it they are
//! the defined code's or act's: `I.R.C. § 409A`, `Fair Labor Standards Act of 1938 § 7`. A
//! term stands for its code from its definition on; a later definition of the same term
//! takes over from there. Only a definition whose name reads as a code or an act (see
//! [`super::named_before`]) counts: `(the "Company")` defines no code.

use std::sync::LazyLock;

use regex::Regex;

use super::{Citation, CitationKind, CodeRef, Unit, codes};

/// A definition in parentheses: `(the "Code")`, `(the “Act”)`, `("ERISA")`, `(hereinafter
/// the "Act")`, `(hereinafter referred to as the "Act")`. `term` is the defined term.
static DEFINITION: LazyLock<Regex> = LazyLock::new(|| {
    #[allow(clippy::expect_used)]
    Regex::new(
        r#"\((?:hereinafter(?:[ \t]+referred[ \t]+to[ \t]+as)?[ \t]+)?(?:the[ \t]+)?["“](?P<term>[A-Z][A-Za-z0-9.'’ -]{0,40}?)["”]\)"#,
    )
    .expect("static regex compiles")
});

/// One definition: from byte `from` on, `term` stands for `code`, a citation of kind `kind`.
struct Definition {
    from: usize,
    term: String,
    code: String,
    kind: CitationKind,
}

/// The codes and acts `text` defines terms for, in the order of the text.
fn definitions(text: &str) -> Vec<Definition> {
    let mut out = Vec::new();
    for caps in DEFINITION.captures_iter(text) {
        let (Some(whole), Some(term)) = (caps.get(0), caps.name("term")) else {
            continue;
        };
        // The name ends before the parenthesis, `, as amended` and a comma.
        let mut name = text[..whole.start()].trim_end();
        for tail in [",", "as amended", ","] {
            name = name.strip_suffix(tail).unwrap_or(name).trim_end();
        }
        let (code, kind) = if let Some(known) = known_code_ending(name) {
            let kind = super::scan::kind_for(Some(&known), Unit::Section);
            (known, kind)
        } else if let Some(named) = super::named_before::code_named_before(text, name.len())
            && !cut_at_a_comma(&text[..named.start])
        {
            (named.code, named.kind)
        } else {
            continue;
        };
        out.push(Definition {
            from: whole.end(),
            term: term.as_str().to_string(),
            code,
            kind,
        });
    }
    out
}

/// Whether the text before a name ends with a comma, alone or before `and` or `or`: the
/// name read is the last part of a longer one (`Comprehensive Environmental Response,
/// Compensation, and Liability Act of 1980`), whose first words [`super::named_before`]
/// does not read.
fn cut_at_a_comma(before: &str) -> bool {
    let before = before.trim_end();
    let before = before
        .strip_suffix("and")
        .or_else(|| before.strip_suffix("or"))
        .map_or(before, str::trim_end);
    before.ends_with(',')
}

/// The canonical name of a code lexls knows ([`codes::canonical_code`]) that the last words
/// of `name` name (at most eight, from a capitalised word, `the` or `title`): `the Internal
/// Revenue Code of 1986` → `I.R.C.`, `title 23 of the United States Code` → `23 U.S.C.`.
fn known_code_ending(name: &str) -> Option<String> {
    let starts: Vec<usize> = name
        .char_indices()
        .filter(|&(i, c)| i == 0 || (c != ' ' && name[..i].ends_with(' ')))
        .map(|(i, _)| i)
        .collect();
    starts
        .iter()
        .rev()
        .take(8)
        .rev()
        .filter(|&&i| {
            let from = &name[i..];
            from.starts_with(char::is_uppercase)
                || from.starts_with("the ")
                || from.starts_with("title ")
        })
        .find_map(|&i| codes::canonical_code(&name[i..]))
        .map(|known| known.name)
}

/// Gives the citations of `text` that cite a code or an act by a term the text defines
/// (see the module documentation) that code or act, and their kind. A bare section right
/// after the term (`Code Section 409A`) takes the term into its span.
pub(crate) fn apply(text: &str, cites: &mut [Citation]) {
    if !(text.contains("\")") || text.contains("”)")) {
        return;
    }
    let defined = definitions(text);
    if defined.is_empty() {
        return;
    }
    for cite in cites.iter_mut() {
        let in_force = |term: &str| {
            defined
                .iter()
                .rev()
                .find(|d| d.from <= cite.span.start && d.term == term)
        };
        // `Code Section 409A`: the term right before the section.
        let before = text[..cite.span.start].trim_end_matches([' ', '\t']);
        let spaced = before.len() < cite.span.start;
        let term_before = defined.iter().rev().find(|d| {
            spaced
                && d.from <= cite.span.start
                && before.ends_with(&d.term)
                && !before[..before.len() - d.term.len()].ends_with(|c: char| c.is_alphanumeric())
        });
        let definition = match &cite.code {
            // `section 162(m) of the Code`; or a generic code's name the scan gave
            // (`the Act`). A name of its own (`CERCLA`) stays.
            Some(CodeRef::Named(name)) if super::scan::is_generic_code_phrase(name) => {
                in_force(name.strip_prefix("the ").unwrap_or(name)).or(term_before)
            }
            None if cite.kind == CitationKind::Section && cite.short_form.is_none() => term_before,
            _ => None,
        };
        let Some(d) = definition else {
            continue;
        };
        cite.kind = kind_in(d, cite.unit);
        cite.code = Some(CodeRef::Named(d.code.as_str().into()));
        if let Some(t) = term_before.filter(|t| t.term == d.term) {
            let start = before.len() - t.term.len();
            cite.span.start = start;
            cite.group.start = cite.group.start.min(start);
        }
    }
}

/// A citation defined as a term, in parentheses right after it: `section 1400Z-2 of the
/// Internal Revenue Code of 1986 (… 26 U.S.C. § 1400Z-2) ("section 1400Z-2")`. `number`
/// is the section the term names.
static CITATION_DEFINED: LazyLock<Regex> = LazyLock::new(|| {
    #[allow(clippy::expect_used)]
    Regex::new(
        r#"\((?:hereinafter(?:[ \t]+referred[ \t]+to[ \t]+as)?[ \t]+)?["“](?:[Ss]ection|§)[ \t\u{a0}\u{2009}\u{202f}]*(?P<number>[0-9][0-9A-Za-z.:-]{0,15})["”]\)"#,
    )
    .expect("static regex compiles")
});

/// Gives the bare citations of a section that the text defined as a term (see
/// [`CITATION_DEFINED`]) the code of the citation it defined them for: from the definition
/// on, `as set forth in section 1400Z-2` is the Internal Revenue Code's section, not one of
/// the citing code's (the drafters' `hereinafter` convention for a citation). The defined
/// citation is the last one before the definition that names a code and that section.
pub(crate) fn apply_defined_citations(text: &str, cites: &mut [Citation]) {
    if !(text.contains("\")") || text.contains("”)")) {
        return;
    }
    for caps in CITATION_DEFINED.captures_iter(text) {
        let (Some(whole), Some(number)) = (caps.get(0), caps.name("number")) else {
            continue;
        };
        let number = number.as_str();
        let Some(defined) = cites
            .iter()
            .rev()
            .filter(|c| c.span.end <= whole.start())
            .find(|c| c.section.as_deref() == Some(number) && c.named_code().is_some())
            .cloned()
        else {
            continue;
        };
        for cite in cites.iter_mut().filter(|c| c.span.start >= whole.end()) {
            if cite.kind == CitationKind::Section
                && cite.code.is_none()
                && cite.relative.is_none()
                && cite.short_form.is_none()
                && cite.unit == defined.unit
                && cite.section.as_deref() == Some(number)
            {
                cite.kind = defined.kind;
                cite.code = defined.code.clone();
            }
        }
    }
}

/// The kind of a citation of a `unit` of the code `d` defines.
fn kind_in(d: &Definition, unit: Unit) -> CitationKind {
    match (d.kind, unit) {
        (CitationKind::EuArticle, Unit::Section) => CitationKind::NamedAct,
        (kind, _) => kind,
    }
}

#[cfg(test)]
mod tests {
    use crate::citation::{CitationKind, extract};

    // Class: the Internal Revenue Code by its defined term, before and after the section (an
    // equity plan's and an employment agreement's usage).
    #[test]
    fn the_code_defined_as_the_internal_revenue_code() {
        let text = "the Internal Revenue Code of 1986, as amended (the \"Code\"). Payments are \
                    intended to comply with Code Section 409A and section 162(m) of the Code.";
        let cites = extract(text);
        let read: Vec<_> = cites
            .iter()
            .map(|c| (&text[c.span.clone()], c.named_code(), c.section.as_deref()))
            .collect();
        assert_eq!(
            read,
            [
                ("Code Section 409A", Some("I.R.C."), Some("409A")),
                ("section 162(m) of the Code", Some("I.R.C."), Some("162")),
            ]
        );
        assert!(cites.iter().all(|c| c.kind == CitationKind::NamedAct));
    }

    // Class: an act by its defined term; a term that names no code or act changes nothing.
    #[test]
    fn the_act_defined_as_an_act_and_terms_that_define_no_code() {
        let text = "the Fair Labor Standards Act of 1938 (the “Act”) applies. Under section 7 \
                    of the Act, overtime is due.";
        let cites = extract(text);
        assert_eq!(cites.len(), 1, "{cites:#?}");
        assert_eq!(
            cites[0].named_code(),
            Some("Fair Labor Standards Act of 1938")
        );
        assert_eq!(cites[0].kind, CitationKind::NamedAct);
        let text = "Acme Holdings (the \"Company\") adopts this policy. See section 7 of the Act.";
        let cites = extract(text);
        assert_eq!(cites[0].named_code(), Some("Act"), "{cites:#?}");
        assert_eq!(cites[0].kind, CitationKind::Section);
    }
}
