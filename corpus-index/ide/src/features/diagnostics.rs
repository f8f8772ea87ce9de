//! Diagnostics for citations that do not resolve, are ambiguous, cite repealed provisions
//! or cite codes outside the workspace, with "did you mean" fixes; and parse problems.
//! Citations in notes, quoted amendments and headings, and those a codifier's note follows
//! (`[repealed]`), are not checked (see [`super::scope`];
//! `in_notes` checks notes too).

use std::ops::Range;

use super::{cite_string, label};
use lexls_index::config::Severity;
use lexls_index::resolve::{DocId, ProvisionRef, Resolution};
use lexls_index::workspace::Snapshot;
use lexls_syntax::model::{Document, ProvisionId, Unit};

/// The code of a diagnostic (shown by editors, used to filter).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DiagnosticCode {
    /// A cited section or subsection does not exist.
    UnresolvedCitation,
    /// A bare citation several codes could mean.
    AmbiguousCitation,
    /// The cited provision is repealed.
    RepealedTarget,
    /// The cited code is not in the workspace.
    ExternalCitation,
    /// The file could not be read or parsed completely.
    ParseProblem,
}

impl DiagnosticCode {
    /// The kebab-case code string.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::UnresolvedCitation => "unresolved-citation",
            Self::AmbiguousCitation => "ambiguous-citation",
            Self::RepealedTarget => "repealed-target",
            Self::ExternalCitation => "external-citation",
            Self::ParseProblem => "parse-problem",
        }
    }
}

/// A text edit that fixes a diagnostic.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fix {
    /// What the fix does (`Replace with § 20-874 — Construction`).
    pub title: String,
    /// The span to replace.
    pub span: Range<usize>,
    /// The new text.
    pub replacement: String,
}

/// A diagnostic of a document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Where.
    pub span: Range<usize>,
    /// How severe (never [`Severity::Off`]).
    pub severity: Severity,
    /// Which rule.
    pub code: DiagnosticCode,
    /// What is wrong.
    pub message: String,
    /// Fixes, best first.
    pub fixes: Vec<Fix>,
    /// The citation index, for citation diagnostics.
    pub citation: Option<usize>,
}

/// `§§ 20-870–20-874`: the sections of `unit` the workspace has of a namespace.
pub fn namespace_range(snap: &Snapshot, namespace: &str, unit: Unit) -> Option<String> {
    let space = snap.namespaces.get(namespace)?;
    let ordered = space.ordered.get(&unit)?;
    let number = |r: ProvisionRef| -> Option<&str> {
        Some(&snap.docs.get(r.doc)?.provisions.get(r.provision)?.number)
    };
    let (first, last) = (ordered.first()?.1, ordered.last()?.1);
    let plural = match unit {
        Unit::Section => "§§ ",
        Unit::Article => "Articles ",
        Unit::Annex => "Annexes ",
        Unit::Recital => "Recitals ",
    };
    if first == last {
        Some(format!("{}{}", unit.prefix(), number(first)?))
    } else {
        Some(format!("{plural}{}–{}", number(first)?, number(last)?))
    }
}

/// The diagnostics of document `doc_id` under the configured severities.
pub fn diagnostics(snap: &Snapshot, doc_id: DocId) -> Vec<Diagnostic> {
    let Some(doc) = snap.docs.get(doc_id) else {
        return Vec::new();
    };
    let sev = &snap.config.diagnostics;
    let mut out: Vec<Diagnostic> = doc
        .problems
        .iter()
        .map(|p| Diagnostic {
            span: p.span.clone(),
            severity: Severity::Warning,
            code: DiagnosticCode::ParseProblem,
            message: p.message.clone(),
            fixes: Vec::new(),
            citation: None,
        })
        .collect();
    let Some(resolutions) = snap.resolutions.get(doc_id) else {
        return out;
    };
    for (i, (cite, resolution)) in doc.citations.iter().zip(resolutions.iter()).enumerate() {
        if super::scope::out_of_scope(doc, cite, sev.in_notes).is_some() {
            continue;
        }
        let raw = &doc.text[cite.span.clone()];
        let raw_flat = raw.split_whitespace().collect::<Vec<_>>().join(" ");
        let (severity, code, message, fixes) = match resolution {
            Resolution::Resolved {
                target, covered, ..
            } => {
                // A range names what it spans: sections repealed inside it since it was
                // written (`sections 3301–3314 of this title`) leave it citing the others;
                // it cites a repealed target only when nothing it spans is in force. Text
                // that is itself repealed is history, not a citation to fix.
                let mut spanned: Vec<&ProvisionRef> = if covered.is_empty() {
                    vec![target]
                } else {
                    covered.iter().collect()
                };
                // `§ 4-531 et seq.` cites the section and those following it: a repealed
                // first section leaves the others cited.
                let following = cite.et_seq.then(|| section_after(snap, *target)).flatten();
                spanned.extend(following.as_ref());
                let in_repealed_text = doc.provision_at(cite.span.start).is_some_and(|p| {
                    is_repealed(
                        snap,
                        ProvisionRef {
                            doc: doc_id,
                            provision: p,
                        },
                    )
                });
                // The cheap test first: most citations cite provisions in force.
                if !spanned.iter().all(|r| is_repealed(snap, **r))
                    || in_repealed_text
                    || super::scope::repealed_by_the_text(&doc.text, cite)
                    || super::scope::historical_reference(&doc.text, cite)
                {
                    continue;
                }
                let Some(first) = spanned.first() else {
                    continue;
                };
                let d = &snap.docs[first.doc];
                (
                    sev.repealed,
                    DiagnosticCode::RepealedTarget,
                    format!(
                        "`{raw_flat}` cites {}, which is repealed",
                        cite_string(d, first.provision)
                    ),
                    Vec::new(),
                )
            }
            Resolution::MissingSubsection {
                deepest,
                missing,
                suggestions,
            } => {
                let d = &snap.docs[deepest.doc];
                if numbered_in_its_text(d, deepest.provision, missing) {
                    continue;
                }
                let closest = suggestions
                    .iter()
                    .find(|s| *s != deepest)
                    .map(|s| format!("; closest: {}", label(&snap.docs[s.doc], s.provision)))
                    .unwrap_or_default();
                let message = format!(
                    "`{raw_flat}`: {} has no ({}){closest}",
                    cite_string(d, deepest.provision),
                    missing.join(")(")
                );
                let requested = format!("({})", cite.subsections.join(")("));
                let fixes = suggestions
                    .iter()
                    .filter_map(|s| {
                        let sd = &snap.docs[s.doc];
                        let path = sd.subsection_path(s.provision);
                        let new = if path.is_empty() {
                            String::new()
                        } else {
                            format!("({})", path.join(")("))
                        };
                        let at = raw.find(&requested)?;
                        // `subsection (b) of this article` without its label is no citation:
                        // labels can be dropped only where they hang on a number (`§ 4-1422(b)`).
                        if new.is_empty() && !raw[..at].ends_with(|c: char| c.is_alphanumeric()) {
                            return None;
                        }
                        let replacement =
                            format!("{}{new}{}", &raw[..at], &raw[at + requested.len()..]);
                        Some(Fix {
                            title: format!("Replace with {}", label(sd, s.provision)),
                            span: cite.span.clone(),
                            replacement,
                        })
                    })
                    .collect();
                (
                    sev.missing_subsection,
                    DiagnosticCode::UnresolvedCitation,
                    message,
                    fixes,
                )
            }
            Resolution::Unresolved {
                namespace,
                in_range,
                number: looked_for,
            } => {
                let suggestions = snap.namespaces.nearest_to(namespace, cite.unit, looked_for);
                let have = namespace_range(snap, namespace, cite.unit)
                    .map(|r| format!(" (the workspace has {r} of it)"))
                    .unwrap_or_default();
                let message = if *in_range {
                    format!("`{raw_flat}` does not exist in {namespace}{have}")
                } else {
                    format!(
                        "`{raw_flat}` is not in this workspace: it holds only part of {namespace}{have}"
                    )
                };
                let fixes = match cite.section.as_deref().filter(|s| raw.contains(*s)) {
                    Some(number) => suggestions
                        .iter()
                        .map(|s| {
                            let sd = &snap.docs[s.doc];
                            let new_number = &sd.provisions[s.provision].number;
                            Fix {
                                title: format!("Replace with {}", label(sd, s.provision)),
                                span: cite.span.clone(),
                                replacement: raw.replacen(number, new_number, 1),
                            }
                        })
                        .collect(),
                    None => Vec::new(),
                };
                let severity = if *in_range {
                    sev.unresolved
                } else {
                    sev.unresolved_outside
                };
                (severity, DiagnosticCode::UnresolvedCitation, message, fixes)
            }
            Resolution::Ambiguous { candidates } => {
                let names: Vec<String> = candidates
                    .iter()
                    .map(|c| label(&snap.docs[c.doc], c.provision))
                    .collect();
                let fixes = candidates
                    .iter()
                    .filter(|c| snap.docs[c.doc].namespace_is_code)
                    .map(|c| {
                        let cd = &snap.docs[c.doc];
                        Fix {
                            title: format!("Cite {}", cite_string(cd, c.provision)),
                            span: cite.span.clone(),
                            replacement: cite_string(cd, c.provision),
                        }
                    })
                    .collect();
                (
                    sev.ambiguous,
                    DiagnosticCode::AmbiguousCitation,
                    format!("`{raw_flat}` is ambiguous: {}", names.join("; ")),
                    fixes,
                )
            }
            Resolution::External { code } => (
                sev.external,
                DiagnosticCode::ExternalCitation,
                match code {
                    Some(code) => {
                        format!("`{raw_flat}` cites {code}, which is not in this workspace")
                    }
                    None => format!("`{raw_flat}` cites a code this workspace does not hold"),
                },
                Vec::new(),
            ),
            Resolution::Code { .. } | Resolution::Unanchored => continue,
        };
        if severity == Severity::Off {
            continue;
        }
        out.push(Diagnostic {
            span: cite.span.clone(),
            severity,
            code,
            message,
            fixes,
            citation: Some(i),
        });
    }
    out
}

/// The section after section `r` in its code: the next number of the same prefix
/// (`§ 4-532` or `§ 4-531.01` after `§ 4-531`), if the code has one.
fn section_after(snap: &Snapshot, r: ProvisionRef) -> Option<ProvisionRef> {
    let doc = snap.docs.get(r.doc)?;
    let provision = doc.provisions.get(r.provision)?;
    let space = snap.namespaces.get(&doc.namespace)?;
    let number = provision.number.to_lowercase();
    let prefix = number.rfind(['-', '.', ':']).map_or("", |i| &number[..=i]);
    let run = space.by_prefix.get(&(provision.unit, prefix.into()))?;
    let at = run.iter().position(|e| e.number == number)?;
    run.get(at + 1).map(|e| e.section)
}

fn is_repealed(snap: &Snapshot, r: ProvisionRef) -> bool {
    let Some(doc) = snap.docs.get(r.doc) else {
        return false;
    };
    doc.lineage(r.provision)
        .iter()
        .any(|&p| doc.provisions[p].repealed)
}

/// Whether provision `id` of `doc` has no subdivisions, yet its text numbers the first of
/// the `missing` labels as an item: a line that opens with `3.` or `(3)`, or an item of an
/// enumeration run into the sentence (`through the facilities of: (i) a governmental body;
/// or (ii) …`, the label after a colon, semicolon, dash or comma, with or without `or` or
/// `and`). The publisher laid the items out as text, not as provisions (`the publications
/// specified in items 3, 4, 5, and 6 of subsection (a)`, where 35 U.S.C. § 10(a) lists `1.
/// Patents …` to `6. …`; `clause (8)(iii)` in 17 U.S.C. § 110(9)), so the citation names a
/// real item that the index cannot reach.
fn numbered_in_its_text(doc: &Document, id: ProvisionId, missing: &[impl AsRef<str>]) -> bool {
    let (Some(p), Some(label)) = (doc.provisions.get(id), missing.first()) else {
        return false;
    };
    if !p.children.is_empty() {
        return false;
    }
    let Some(text) = doc.text.get(p.span.clone()) else {
        return false;
    };
    let label = label.as_ref();
    let (dotted, parenthesized) = (format!("{label}."), format!("({label})"));
    let on_a_line = text.lines().any(|line| {
        let line = line.trim_start();
        [dotted.as_str(), parenthesized.as_str()]
            .iter()
            .any(|item| {
                line.strip_prefix(item)
                    .is_some_and(|rest| rest.starts_with(char::is_whitespace))
            })
    });
    on_a_line
        || text.match_indices(&parenthesized).any(|(at, item)| {
            let opens_an_item = text[at + item.len()..].starts_with(char::is_whitespace);
            let before = text[..at].trim_end();
            let before = ["or", "and"]
                .iter()
                .find_map(|w| {
                    before
                        .strip_suffix(w)
                        .filter(|b| b.ends_with(char::is_whitespace))
                })
                .map_or(before, str::trim_end);
            opens_an_item
                && before.ends_with([':', ';', ',', '—'])
                && !in_a_list_of_designations(&text[..at])
        })
}

/// Whether the label that `head` is followed by continues a list that a designation word
/// opens (`paragraphs (1), (2), and (3)`, `clause (i) or (ii)`): cross-references, not items
/// of an enumeration.
fn in_a_list_of_designations(head: &str) -> bool {
    let mut rest = head.trim_end();
    loop {
        let before = rest;
        rest = rest.trim_end_matches([',', ';', ' ', '\t', '\n', '\r']);
        for word in [" or", " and"] {
            if let Some(r) = rest.strip_suffix(word) {
                rest = r;
            }
        }
        if rest.ends_with(')')
            && let Some(open) = rest.rfind('(')
            && rest.len() - open <= 8
        {
            rest = &rest[..open];
        }
        if rest.len() == before.len() {
            break;
        }
    }
    let word = rest
        .rsplit(|c: char| !c.is_alphabetic())
        .next()
        .unwrap_or("")
        .to_lowercase();
    matches!(
        word.trim_end_matches('s'),
        "paragraph"
            | "subparagraph"
            | "clause"
            | "subclause"
            | "section"
            | "subsection"
            | "item"
            | "subitem"
            | "division"
            | "subdivision"
            | "point"
            | "unit"
    )
}

#[cfg(test)]
mod tests {
    use std::path::Path;
    use std::sync::Arc;

    use super::*;
    use lexls_index::config::Config;
    use lexls_index::workspace::{DocEntry, Snapshot};
    use lexls_syntax::model::Format;
    use lexls_syntax::parse::{Hints, parse_document};

    /// 44 U.S.C. as the OLRC publishes it (USLM 1.0), reduced to §§ 2501–2507, each
    /// `repealed` one marked as the release marks § 2507 (`status="repealed"`), and § 2904,
    /// whose paragraph (c)(4) cites the range (release point 119-36).
    fn title44(repealed: &[&str]) -> String {
        let mut xml = String::from(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<uscDoc identifier=\"/us/usc/t44\" xmlns=\"http://xml.house.gov/schemas/uslm/1.0\">\n<meta><docNumber>44</docNumber></meta>\n<main>\n<title identifier=\"/us/usc/t44\"><num value=\"44\">Title 44—</num><heading>PUBLIC PRINTING AND DOCUMENTS</heading>\n",
        );
        for n in 2501..=2507 {
            let n = n.to_string();
            if repealed.contains(&n.as_str()) {
                xml.push_str(&format!(
                    "<section status=\"repealed\" identifier=\"/us/usc/t44/s{n}\"><num value=\"{n}\">[§ {n}.</num><heading> Repealed. Pub. L. 98–497, title I, § 107(b)(12)(A), Oct. 19, 1984, 98 Stat. 2287]</heading></section>\n"
                ));
            } else {
                xml.push_str(&format!(
                    "<section identifier=\"/us/usc/t44/s{n}\"><num value=\"{n}\">§ {n}.</num><heading> National Historical Publications and Records Commission</heading><content>The Commission shall make plans.</content></section>\n"
                ));
            }
        }
        xml.push_str(
            "<section identifier=\"/us/usc/t44/s2904\"><num value=\"2904\">§ 2904.</num><heading> General responsibilities for records management</heading>\n<subsection identifier=\"/us/usc/t44/s2904/c\"><num value=\"c\">(c)</num><chapeau>The Archivist shall have the responsibility—</chapeau>\n<paragraph identifier=\"/us/usc/t44/s2904/c/4\"><num value=\"4\">(4)</num><content>to conduct inspections or surveys of the records and the records management programs and practices within and between Federal agencies, including compliance with sections 2501–2507 of this title and the regulations issued under them;</content></paragraph>\n</subsection>\n</section>\n</title>\n</main>\n</uscDoc>\n",
        );
        xml
    }

    /// The diagnostics of the XML file `name` holding `xml`, alone in a workspace.
    fn diagnostics_of(name: &str, xml: String) -> Vec<Diagnostic> {
        let doc = parse_document(
            Path::new(name),
            name,
            xml,
            Format::Xml,
            &Hints::default(),
            Vec::new(),
        );
        let snap = Snapshot::build(
            Path::new(""),
            Arc::new(Config::default()),
            vec![DocEntry::new(doc)],
            None,
        );
        diagnostics(&snap, 0)
    }

    fn repealed_warnings(repealed: &[&str]) -> Vec<String> {
        diagnostics_of("usc44.xml", title44(repealed))
            .into_iter()
            .filter(|d| d.code == DiagnosticCode::RepealedTarget)
            .map(|d| d.message)
            .collect()
    }

    /// Class: a range over sections repealed since it was written (44 U.S.C. § 2904(c)(4),
    /// `sections 2501–2507` with § 2507 repealed) still cites the sections in force; it
    /// cites a repealed target only when all it spans is repealed.
    #[test]
    fn a_range_is_repealed_only_when_all_it_spans_is() {
        assert_eq!(repealed_warnings(&["2507"]), Vec::<String>::new());
        let all: Vec<String> = (2501..=2507).map(|n| n.to_string()).collect();
        let all: Vec<&str> = all.iter().map(String::as_str).collect();
        assert_eq!(
            repealed_warnings(&all),
            ["`sections 2501–2507 of this title` cites 44 U.S.C. § 2501, which is repealed"]
        );
    }

    /// The warnings `lexls check` gives on a U.S. Code title's file holding `sections` (USLM
    /// 1.0 as the OLRC publishes it).
    fn usc_warnings(title: u32, sections: &str) -> Vec<String> {
        usc_diagnostics(title, sections)
            .into_iter()
            .filter(|d| d.severity == Severity::Warning)
            .map(|d| d.message)
            .collect()
    }

    /// Every diagnostic `lexls check` gives on such a file.
    fn usc_diagnostics(title: u32, sections: &str) -> Vec<Diagnostic> {
        let xml = format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<uscDoc identifier=\"/us/usc/t{title}\" xmlns=\"http://xml.house.gov/schemas/uslm/1.0\">\n<meta><docNumber>{title}</docNumber></meta>\n<main>\n<title identifier=\"/us/usc/t{title}\"><num value=\"{title}\">Title {title}—</num>\n{sections}</title>\n</main>\n</uscDoc>\n"
        );
        diagnostics_of(&format!("usc{title}.xml"), xml)
    }

    /// 35 U.S.C. § 10 as published (release point 119-36), shortened: subsection (a) lists
    /// its items as numbered lines of text, and (b) cites them.
    const SECTION_10: &str = "<section identifier=\"/us/usc/t35/s10\"><num value=\"10\">§ 10.</num><heading> Publications</heading>\n<subsection identifier=\"/us/usc/t35/s10/a\"><num value=\"a\">(a)</num><content> The Director may publish in printed, typewritten, or electronic form, the following:\n<p>1. Patents and published applications for patents.</p>\n<p>2. Certificates of trade-mark registrations.</p>\n<p>3. The Official Gazette of the United States Patent and Trademark Office.</p>\n<p>4. Annual indexes of patents and patentees.</p>\n</content></subsection>\n<subsection identifier=\"/us/usc/t35/s10/b\"><num value=\"b\">(b)</num><content> The Director may exchange any of the publications specified in items 3 and 4 of subsection (a) of this section for publications desirable for the use of the Patent and Trademark Office.</content></subsection>\n</section>\n";

    /// Class: items a provision numbers in its text rather than as subdivisions (35 U.S.C. §
    /// 10(a)'s `1. Patents …`) are real: citing them is no missing subdivision; an item the
    /// text does not number still is.
    #[test]
    fn items_numbered_in_the_text_are_no_missing_subdivision() {
        assert_eq!(usc_warnings(35, SECTION_10), Vec::<String>::new());
        let beyond = SECTION_10.replace("items 3 and 4", "items 3 and 7");
        assert_eq!(
            usc_warnings(35, &beyond),
            ["`7`: 35 U.S.C. § 10(a) has no (7)"]
        );
    }

    /// Class: an enumeration run into a paragraph's sentence is the paragraph's items (17
    /// U.S.C. § 110(8) lists `: (i) a governmental body; or (ii) …` in its text, and § 110(9)
    /// cites `clause (8)(iii)`); an item the text does not number is still warned of.
    #[test]
    fn items_run_into_the_sentence_are_no_missing_subdivision() {
        let section_110 = "<section identifier=\"/us/usc/t17/s110\"><num value=\"110\">§ 110.</num><heading> Limitations on exclusive rights: Exemption of certain performances and displays</heading><chapeau>The following are not infringements of copyright:</chapeau>\n<paragraph identifier=\"/us/usc/t17/s110/8\"><num value=\"8\">(8)</num><content> performance of a nondramatic literary work, by or in the course of a transmission specifically designed for and primarily directed to blind or other handicapped persons, if the performance is made without any purpose of direct or indirect commercial advantage and its transmission is made through the facilities of: (i) a governmental body; or (ii) a noncommercial educational broadcast station; or (iii) a radio subcarrier authorization; or (iv) a cable system;</content></paragraph>\n<paragraph identifier=\"/us/usc/t17/s110/9\"><num value=\"9\">(9)</num><content> performance on a single occasion of a dramatic literary work published at least ten years before the date of the performance, if its transmission is made through the facilities of a radio subcarrier authorization referred to in clause (8)(iii), Provided, That the provisions of this clause shall not be applicable to more than one performance of the same work;</content></paragraph>\n</section>\n";
        assert_eq!(usc_warnings(17, section_110), Vec::<String>::new());
        // A list of cross-references in the cited paragraph's text numbers no items of it.
        let cross_references = section_110.replace(
            "facilities of: (i) a governmental body; or (ii) a noncommercial educational broadcast station; or (iii) a radio subcarrier authorization; or (iv) a cable system;",
            "facilities described in paragraphs (1), (2), or (iii) of section 111;",
        );
        let about_clause_8: Vec<String> = usc_warnings(17, &cross_references)
            .into_iter()
            .filter(|m| m.starts_with("`clause (8)(iii)`"))
            .collect();
        assert_eq!(about_clause_8.len(), 1, "{about_clause_8:?}");
        let beyond = section_110.replace("clause (8)(iii)", "clause (8)(vi)");
        assert_eq!(
            usc_warnings(17, &beyond).len(),
            1,
            "{:?}",
            usc_warnings(17, &beyond)
        );
    }

    /// Class: the OLRC's footnote on a reference (`section 202(b)(4) ¹` with `See References
    /// in Text note below.`, 35 U.S.C. § 203(b) as published) acknowledges it, as a
    /// codifier's bracketed note does; the same citation without the footnote is warned of.
    #[test]
    fn a_codifiers_footnote_acknowledges_the_citation_before_it() {
        let section_202 = "<section identifier=\"/us/usc/t35/s202\"><num value=\"202\">§ 202.</num><heading> Disposition of rights</heading>\n<subsection identifier=\"/us/usc/t35/s202/b\"><num value=\"b\">(b)</num><paragraph identifier=\"/us/usc/t35/s202/b/1\"><num value=\"1\">(1)</num><content> The rights of the Government shall not be exercised by a Federal agency unless it first so determines.</content></paragraph></subsection>\n</section>\n";
        let section_203 = "<section identifier=\"/us/usc/t35/s203\"><num value=\"203\">§ 203.</num><heading> March-in rights</heading>\n<subsection identifier=\"/us/usc/t35/s203/b\"><num value=\"b\">(b)</num><content> Agency determinations pursuant to this section and section 202(b)(4) <ref class=\"footnoteRef\" idref=\"fn002008\">1</ref><note type=\"footnote\" id=\"fn002008\"><num>1</num> See References in Text note below.</note> shall not be subject to chapter 71 of title 41.</content></subsection>\n</section>\n";
        assert_eq!(
            usc_warnings(35, &format!("{section_202}{section_203}")),
            Vec::<String>::new()
        );
        // The mark after the punctuation that follows the citation (17 U.S.C. § 804(b)(4)'s
        // `section 115(c)(3)(B) and (C). ²`).
        let after_comma = section_203.replace("202(b)(4) <ref", "202(b)(4), <ref");
        assert_eq!(
            usc_warnings(35, &format!("{section_202}{after_comma}")),
            Vec::<String>::new()
        );
        let unmarked = section_203.replace(
            " <ref class=\"footnoteRef\" idref=\"fn002008\">1</ref><note type=\"footnote\" id=\"fn002008\"><num>1</num> See References in Text note below.</note>",
            "",
        );
        assert_eq!(
            usc_warnings(35, &format!("{section_202}{unmarked}")),
            [
                "`section 202(b)(4)`: 35 U.S.C. § 202(b) has no (4); closest: 35 U.S.C. § 202(b)(1) — Disposition of rights"
            ]
        );
    }

    /// Class: a citation in a subdivision's heading element names its subject (17 U.S.C. §
    /// 1401(g), `Application of Section 230 Safe Harbor.—`, where title 17 has no § 230);
    /// the same words in its text are checked.
    #[test]
    fn a_citation_in_a_marked_up_heading_is_not_checked() {
        let section = "<section identifier=\"/us/usc/t17/s1401\"><num value=\"1401\">§ 1401.</num><heading> Unauthorized use of pre-1972 sound recordings</heading><subsection identifier=\"/us/usc/t17/s1401/a\"><num value=\"a\">(a)</num><heading> In General.—</heading><content>Anyone who engages in covered activity with respect to a sound recording fixed before February 15, 1972, shall be subject to the remedies provided in sections 502 through 505.</content></subsection>\n<subsection identifier=\"/us/usc/t17/s1401/g\"><num value=\"g\">(g)</num><heading> <inline class=\"small-caps\">Application of Section</inline> 230 <inline class=\"small-caps\">Safe Harbor</inline>.—</heading><content>For purposes of section 230 of the Communications Act of 1934 (<ref href=\"/us/usc/t47/s230\">47 U.S.C. 230</ref>), subsection (a) shall be considered to be a “law pertaining to intellectual property”.</content></subsection>\n</section>\n";
        let about_230 = |sections: &str| -> Vec<String> {
            usc_diagnostics(17, sections)
                .into_iter()
                .map(|d| d.message)
                .filter(|m| m.contains("ection 230"))
                .collect()
        };
        assert_eq!(about_230(section), Vec::<String>::new());
        let (Some(from), Some(to)) = (section.find(" of the Communications"), section.find("), "))
        else {
            panic!("the fixture cites the Communications Act");
        };
        let in_text = format!("{}{}", &section[..from], &section[to + 1..]);
        assert_eq!(about_230(&in_text).len(), 1, "{:?}", about_230(&in_text));
    }
}
