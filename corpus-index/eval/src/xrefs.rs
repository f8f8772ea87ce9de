//! Cross-reference evaluation against official markup: for a corpus whose publisher marked
//! up each reference (`<ref href="/us/usc/t35/s122/b">` in USLM), compare the citations
//! lexls extracts and resolves in each section file with the publisher's references, at
//! section level.
//!
//! - In-corpus: precision and recall of (source file, target file) pairs whose target is a
//!   file of the corpus (a reference maps to a file through the manifest's identifiers,
//!   subsection parts dropped). References of a section to itself are left out of both sides.
//! - External: recall of the references that point outside the corpus, counted as
//!   recognised when lexls extracted a citation with the same USLM identifier (`/us/usc/t26/
//!   s5701`, `/us/pl/112/29`, `/us/stat/125/284`, `/us/fr/74/29408`).
//!
//! USLM identifiers: United States Legislative Markup User Guide, section 7 ("Referencing
//! model").

use std::collections::{BTreeSet, HashMap};

use serde::{Deserialize, Serialize};

use lexls_index::resolve::Resolution;
use lexls_index::workspace::Snapshot;
use lexls_syntax::citation::{Citation, CitationKind, CodeRef};

/// One section of the manifest.
#[derive(Debug, Clone, Deserialize)]
pub struct ManifestEntry {
    /// The section file, relative to the corpus folder.
    pub file: String,
    /// Its USLM identifier (`/us/cfr/t27/s40.1`).
    pub identifier: String,
    /// The publisher's reference targets in its text.
    #[serde(default)]
    pub refs: Vec<String>,
}

/// Precision and recall with their counts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct Pairs {
    /// Pairs both sides have.
    pub matched: usize,
    /// Pairs lexls found.
    pub found: usize,
    /// Pairs the publisher marked up.
    pub gold: usize,
    /// `matched / found`.
    pub precision: f64,
    /// `matched / gold`.
    pub recall: f64,
}

/// Recall of references to outside the corpus.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct External {
    /// References recognised.
    pub matched: usize,
    /// References the publisher marked up (per source file, deduplicated).
    pub gold: usize,
    /// `matched / gold`.
    pub recall: f64,
}

/// The report of `lexls eval xrefs`.
#[derive(Debug, Clone, Default, Serialize)]
pub struct XrefReport {
    /// Section files scored.
    pub sections: usize,
    /// Pairs inside the corpus.
    pub in_corpus: Pairs,
    /// References outside the corpus.
    pub external: External,
    /// In-corpus pairs counting, on lexls's side, only the first item of each list or range
    /// (`§§ 40.201 and 40.202` → 40.201): the convention of GPO's and OLRC's markup, which
    /// links the first item only.
    pub in_corpus_first_items: Pairs,
    /// The pairs lexls found that the publisher did not mark up, and the reverse.
    pub examples: Examples,
}

/// Disagreements, for inspection.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Examples {
    /// Found, not marked up: `source → target (citation text)`.
    pub false_positives: Vec<String>,
    /// Marked up, not found: `source → target`.
    pub false_negatives: Vec<String>,
}

/// Drops subsection parts of a USLM identifier: `/us/usc/t26/s5701/a/1` → `/us/usc/t26/
/// s5701`; `/us/pl/112/29/s3` → `/us/pl/112/29`.
pub fn section_level(id: &str) -> String {
    let parts: Vec<&str> = id.trim_end_matches('/').split('/').collect();
    // ["", "us", "usc", "t26", "s5701", "a"]
    let keep = match parts.get(2).copied() {
        Some("usc" | "cfr") => parts
            .iter()
            .position(|p| {
                p.starts_with('s')
                    && p.len() > 1
                    && p[1..].starts_with(|c: char| c.is_ascii_digit())
            })
            .map_or(parts.len(), |i| i + 1),
        Some("pl" | "stat" | "fr") => 5,
        // `/us/act/1935-08-14/ch531/s5`, `/us/act/1935-06-29/s10`: the act (its date and,
        // before 1957, its chapter), like a public law.
        Some("act") => {
            if parts.get(4).is_some_and(|p| p.starts_with("ch")) {
                5
            } else {
                4
            }
        }
        Some("eo") => 4,
        _ => parts.len(),
    };
    parts[..keep.min(parts.len())].join("/")
}

/// The USLM identifier of an extracted citation of a code outside the workspace, if it has
/// one.
pub fn uslm_identifier(c: &Citation) -> Option<String> {
    if c.kind == CitationKind::PublicLaw {
        return public_law_id(c);
    }
    let Some(CodeRef::Named(code)) = &c.code else {
        return None;
    };
    if c.kind == CitationKind::ExecutiveOrder {
        let number: String = code.chars().filter(char::is_ascii_digit).collect();
        let series = if code.starts_with("Proclamation") {
            "proc"
        } else {
            "eo"
        };
        return (!number.is_empty()).then(|| format!("/us/{series}/{number}"));
    }
    // `I.R.C. § 61` is codified as 26 U.S.C. 61.
    if let Some(codified) = lexls_syntax::citation::codes::codified_as(code) {
        let mut as_usc = c.clone();
        as_usc.kind = CitationKind::Usc;
        as_usc.code = Some(CodeRef::Named(codified.into()));
        return uslm_identifier(&as_usc);
    }
    let lead = || -> Option<String> {
        let n: String = code
            .chars()
            .take_while(char::is_ascii_alphanumeric)
            .collect();
        (!n.is_empty()).then_some(n)
    };
    // `5 U.S.C. App. 3 § 8G`: a section of an act in a title's appendix, scored as the act,
    // which GPO links (`/us/usc/t5/app3`, read as `/us/usc/t5a/s3`).
    if c.kind == CitationKind::Usc
        && let Some((title, act)) = code.split_once(" U.S.C. App. ")
    {
        return Some(format!("/us/usc/t{title}a/s{act}"));
    }
    // The appendix of a title is a title of its own in USLM (`/us/usc/t50a`).
    let title = || -> Option<String> {
        let app = if code.ends_with("App.") { "a" } else { "" };
        Some(format!("{}{app}", lead()?))
    };
    let Some(section) = c.section.as_deref() else {
        // A title or one of its chapters cited as a whole.
        return match c.kind {
            // `44 U.S.C. ch. 35`: USLM identifies the chapter (`/us/usc/t44/ch35`).
            CitationKind::Usc => Some(match c.division().and_then(|d| d.strip_prefix("ch. ")) {
                Some(chapter) => format!("/us/usc/t{}/ch{chapter}", title()?),
                None => format!("/us/usc/t{}", title()?),
            }),
            CitationKind::Cfr => Some(format!("/us/cfr/t{}", lead()?)),
            _ => None,
        };
    };
    Some(match c.kind {
        CitationKind::Usc => format!("/us/usc/t{}/s{section}", title()?),
        CitationKind::Cfr if c.designator() == Some("Part") => {
            format!("/us/cfr/t{}/pt{section}", lead()?)
        }
        CitationKind::Cfr => format!("/us/cfr/t{}/s{section}", lead()?),
        CitationKind::Stat => format!("/us/stat/{}/{section}", lead()?),
        CitationKind::FedReg => format!("/us/fr/{}/{section}", lead()?),
        _ => return None,
    })
}

fn public_law_id(c: &Citation) -> Option<String> {
    let Some(CodeRef::Named(code)) = &c.code else {
        return None;
    };
    let number = code.rsplit(' ').next()?;
    let (congress, law) = number.split_once('-')?;
    Some(format!("/us/pl/{congress}/{law}"))
}

/// Scores the resolved citations of `snap` against the manifest.
pub fn evaluate(snap: &Snapshot, manifest: &[ManifestEntry]) -> XrefReport {
    // Identifiers drop letter suffixes in some conversions (`40.25` for § 40.25a), so pairs
    // are compared as (source file, target identifier).
    let ids: BTreeSet<String> = manifest
        .iter()
        .map(|e| section_level(&e.identifier))
        .collect();
    let id_of: HashMap<&str, String> = manifest
        .iter()
        .map(|e| (e.file.as_str(), section_level(&e.identifier)))
        .collect();
    let mut report = XrefReport::default();
    let mut gold_pairs = BTreeSet::new();
    let mut gold_external = BTreeSet::new();
    for entry in manifest {
        let own = section_level(&entry.identifier);
        for r in &entry.refs {
            let mut target = section_level(r);
            // `/us/cfr/t27/s40.25a` where the manifest's identifier of § 40.25a is `s40.25`.
            if !ids.contains(&target) {
                let trimmed = target.trim_end_matches(|c: char| c.is_ascii_lowercase());
                if trimmed.ends_with(|c: char| c.is_ascii_digit()) && ids.contains(trimmed) {
                    target = trimmed.to_string();
                }
            }
            if target == own {
                continue;
            }
            if ids.contains(&target) {
                gold_pairs.insert((entry.file.clone(), target));
            } else {
                gold_external.insert((entry.file.clone(), target));
            }
        }
    }
    let files: BTreeSet<&str> = manifest.iter().map(|e| e.file.as_str()).collect();
    let mut found_pairs: BTreeSet<(String, String)> = BTreeSet::new();
    let mut first_pairs: BTreeSet<(String, String)> = BTreeSet::new();
    let mut found_external: BTreeSet<(String, String)> = BTreeSet::new();
    let mut why: HashMap<(String, String), String> = HashMap::new();
    for (id, doc) in snap.docs.iter().enumerate() {
        if !files.contains(doc.rel_path.as_str()) {
            continue;
        }
        report.sections += 1;
        for (cite, resolution) in doc.citations.iter().zip(snap.resolutions[id].iter()) {
            let mut targets = Vec::new();
            match resolution {
                Resolution::Resolved {
                    target, covered, ..
                } => {
                    // A range counts by its endpoints, as publishers mark it up.
                    targets.push(target.doc);
                    targets.extend(covered.last().map(|p| p.doc));
                }
                Resolution::MissingSubsection { deepest, .. } => targets.push(deepest.doc),
                _ => {
                    if let Some(ident) = uslm_identifier(cite) {
                        found_external.insert((doc.rel_path.clone(), section_level(&ident)));
                    }
                }
            }
            let first_target = targets.first().copied();
            for t in targets {
                let Some(target) = snap.docs.get(t) else {
                    continue;
                };
                let (Some(own), Some(tid)) = (
                    id_of.get(doc.rel_path.as_str()),
                    id_of.get(target.rel_path.as_str()),
                ) else {
                    continue;
                };
                if own == tid {
                    continue;
                }
                let pair = (doc.rel_path.clone(), tid.clone());
                if cite.span.start == cite.group.start && Some(t) == first_target {
                    first_pairs.insert(pair.clone());
                }
                why.entry(pair.clone())
                    .or_insert_with(|| doc.text.get(cite.span.clone()).unwrap_or("").to_string());
                found_pairs.insert(pair);
            }
        }
    }
    let matched = found_pairs.intersection(&gold_pairs).count();
    report.in_corpus = Pairs {
        matched,
        found: found_pairs.len(),
        gold: gold_pairs.len(),
        precision: ratio(matched, found_pairs.len()),
        recall: ratio(matched, gold_pairs.len()),
    };
    let first_matched = first_pairs.intersection(&gold_pairs).count();
    report.in_corpus_first_items = Pairs {
        matched: first_matched,
        found: first_pairs.len(),
        gold: gold_pairs.len(),
        precision: ratio(first_matched, first_pairs.len()),
        recall: ratio(first_matched, gold_pairs.len()),
    };
    let ext_matched = gold_external.intersection(&found_external).count();
    report.external = External {
        matched: ext_matched,
        gold: gold_external.len(),
        recall: ratio(ext_matched, gold_external.len()),
    };
    report.examples.false_positives = found_pairs
        .difference(&gold_pairs)
        .map(|p| {
            format!(
                "{} → {} ({})",
                p.0,
                p.1,
                why.get(p).map_or("", String::as_str)
            )
        })
        .collect();
    report.examples.false_negatives = gold_pairs
        .difference(&found_pairs)
        .map(|p| format!("{} → {}", p.0, p.1))
        .collect();
    report
}

fn ratio(a: usize, b: usize) -> f64 {
    if b == 0 { 1.0 } else { a as f64 / b as f64 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lexls_syntax::citation::extract;

    #[test]
    fn identifiers_are_cut_to_sections() {
        assert_eq!(section_level("/us/usc/t26/s5701/a/1"), "/us/usc/t26/s5701");
        assert_eq!(section_level("/us/cfr/t27/s40.22"), "/us/cfr/t27/s40.22");
        assert_eq!(section_level("/us/pl/112/29/s3/b"), "/us/pl/112/29");
        assert_eq!(section_level("/us/usc/t26/ch52"), "/us/usc/t26/ch52");
    }

    #[test]
    fn external_citations_get_uslm_identifiers() {
        let cites = extract("26 U.S.C. 5701(a), 74 FR 29408, and 125 Stat. 284");
        let ids: Vec<String> = cites.iter().filter_map(uslm_identifier).collect();
        assert_eq!(
            ids,
            ["/us/usc/t26/s5701", "/us/fr/74/29408", "/us/stat/125/284"]
        );
        // A section of an act in a title's appendix is scored as the act GPO links.
        let cites = extract("(5 U.S.C. App. 2, § 10(a)(2)) and 50 U.S.C. App. 2401");
        let ids: Vec<String> = cites.iter().filter_map(uslm_identifier).collect();
        assert_eq!(ids, ["/us/usc/t5a/s2", "/us/usc/t50a/s2401"]);
        // The codes enacted as titles keep their sections: `I.R.C. § 61` is 26 U.S.C. 61,
        // `section 362 of the Bankruptcy Code` 11 U.S.C. 362; a `Copyright Act` without its
        // year may be another country's.
        let cites = extract(
            "I.R.C. § 61, section 362(a) of the Bankruptcy Code, section 107 of the Copyright Act of 1976, section 14 of the Copyright Act",
        );
        let ids: Vec<String> = cites.iter().filter_map(uslm_identifier).collect();
        assert_eq!(
            ids,
            ["/us/usc/t26/s61", "/us/usc/t11/s362", "/us/usc/t17/s107"]
        );
        let cites = extract("(Pub. L. 112–29, § 3)");
        assert_eq!(
            cites.first().and_then(public_law_id).as_deref(),
            Some("/us/pl/112/29")
        );
    }
}
