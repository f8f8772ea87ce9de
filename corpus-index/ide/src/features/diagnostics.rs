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
use lexls_syntax::model::Unit;

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

    fn repealed_warnings(repealed: &[&str]) -> Vec<String> {
        let doc = parse_document(
            Path::new("usc44.xml"),
            "usc44.xml",
            title44(repealed),
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
}
