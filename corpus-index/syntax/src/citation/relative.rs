//! Anchoring relative references (`this section`, `paragraph (1) of this subdivision`, a bare
//! `subsection (b)`) to the provision tree of the citing document.
//!
//! The depth a level word names depends on the drafting convention: in U.S. codes a section
//! divides into subsections (or, in New York City, subdivisions), paragraphs,
//! subparagraphs, clauses and subclauses (House Legislative Counsel's Manual on Drafting
//! Style, § 332); in EU acts an article divides into paragraphs and points (Joint Practical
//! Guide, 16.3); in the C.F.R. every level is a "paragraph" (Document Drafting Handbook,
//! 2-12), so a paragraph reference spells the path from the section down.

use super::codes::{self, CodeFamily};
use super::{Citation, LevelWord, Relative};
use crate::CompactString;
use crate::model::{Document, ProvisionId, Unit};

/// The drafting convention of a document, which sets how deep each level word is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Convention {
    /// U.S. federal, state and local codes.
    UnitedStates,
    /// The C.F.R.: paragraph labels are written from the section down.
    Cfr,
    /// EU acts: article › paragraph › point.
    Eu,
}

impl Convention {
    /// The convention of a document, from its namespace and the unit of its sections.
    pub fn of(doc: &Document) -> Self {
        if codes::family_of(&doc.namespace) == CodeFamily::Cfr {
            return Self::Cfr;
        }
        let eu_units = doc
            .sections()
            .any(|i| matches!(doc.provisions[i].unit, Unit::Article | Unit::Annex));
        if eu_units || codes::family_of(&doc.namespace) == CodeFamily::Eu {
            Self::Eu
        } else {
            Self::UnitedStates
        }
    }
}

/// The subsection depth (1 = a section's top-level subsections) a level word names.
pub fn depth_of(word: LevelWord, convention: Convention) -> u8 {
    match (convention, word) {
        (Convention::Cfr, _) => 1,
        (Convention::Eu, LevelWord::Paragraph | LevelWord::Subparagraph) => 1,
        (Convention::Eu, LevelWord::Point) => 2,
        (_, LevelWord::Subsection | LevelWord::Subdivision) => 1,
        (_, LevelWord::Paragraph | LevelWord::Point) => 2,
        (_, LevelWord::Subparagraph) => 3,
        (_, LevelWord::Clause) => 4,
        (_, LevelWord::Subclause) => 5,
        (_, LevelWord::Item) => 6,
    }
}

/// Fills in the section and leading subsection labels of each relative citation of `doc`
/// from the position where it stands (in a note, the provision the note annotates).
/// Citations outside any provision keep `section: None`
/// (they cannot be anchored and are reported as such by the resolver).
pub fn anchor(doc: &mut Document) {
    let convention = Convention::of(doc);
    let sections: Vec<ProvisionId> = doc.sections().collect();
    let mut anchored = Vec::with_capacity(doc.citations.len());
    for cite in &doc.citations {
        anchored.push(anchor_one(doc, &sections, cite, convention));
    }
    doc.citations = anchored;
}

fn anchor_one(
    doc: &Document,
    sections: &[ProvisionId],
    cite: &Citation,
    convention: Convention,
) -> Citation {
    if cite.relative.is_none() {
        return cite.clone();
    }
    // A note (a section's history, an editor's note) lies outside the provision it annotates:
    // `this section` there is that provision.
    let here = doc
        .provision_among(sections, cite.span.start)
        .or_else(|| doc.note_at(cite.span.start).and_then(|n| n.provision));
    match here {
        Some(here) => anchor_in(doc, here, cite, convention),
        None => cite.clone(),
    }
}

/// Fills in the section and leading subsection labels of the relative citation `cite` as
/// if it stood in provision `here` of `doc` (a sentence quoted from it elsewhere: "under this
/// section" in a quote of 35 U.S.C. § 135(a)(2) is § 135). Other citations are returned
/// as they are.
pub fn anchor_at(doc: &Document, here: ProvisionId, cite: &Citation) -> Citation {
    if cite.relative.is_none() || here >= doc.provisions.len() {
        return cite.clone();
    }
    anchor_in(doc, here, cite, Convention::of(doc))
}

fn anchor_in(
    doc: &Document,
    here: ProvisionId,
    cite: &Citation,
    convention: Convention,
) -> Citation {
    let mut out = cite.clone();
    let Some(relative) = cite.relative else {
        return out;
    };
    let lineage = doc.lineage(here);
    let section = lineage[0];
    let base_at = |depth: usize| -> ProvisionId { lineage[depth.min(lineage.len() - 1)] };
    // `this article` in a code numbered by sections (the UCC's articles in D.C. Code Title
    // 28, a state code's articles) names the division above the section, like `this
    // chapter`, not the section; an article inside the section (an interstate compact's
    // `ARTICLE III`) is the section's own.
    if relative == Relative::ThisSection
        && cite.unit == Unit::Article
        && cite.subsections.is_empty()
        && doc.provisions[section].unit == Unit::Section
        && !lineage[1..]
            .iter()
            .any(|&p| is_roman_upper(&doc.provisions[p].number))
    {
        out.relative = Some(Relative::ThisCode);
        out.code = Some(super::CodeRef::This);
        out.unit = Unit::Section;
        out.set_division(super::container::this_chain("article").as_deref());
        return out;
    }
    let base = match relative {
        Relative::ThisCode => return out,
        // A section may hold a structure of its own (an interstate compact enacted as one
        // section: its articles, their sections and subsections): `subsection (b) of this
        // article` there counts from the enclosing article, which the labels tell.
        Relative::ThisSection => find_base(doc, &lineage, section, &cite.subsections),
        Relative::ThisLevel(word) => find_base(
            doc,
            &lineage,
            base_at(depth_of(word, convention) as usize),
            &cite.subsections,
        ),
        Relative::Adjacent { word, next } => {
            let at = base_at(depth_of(word, convention) as usize);
            let Some(parent) = doc.provisions[at].parent else {
                return out;
            };
            let siblings = &doc.provisions[parent].children;
            let Some(i) = siblings.iter().position(|&c| c == at) else {
                return out;
            };
            let j = if next {
                i.checked_add(1)
            } else {
                i.checked_sub(1)
            };
            let Some(&sibling) = j.and_then(|j| siblings.get(j)) else {
                return out;
            };
            let section_p = &doc.provisions[section];
            out.unit = section_p.unit;
            out.section = Some(section_p.number.clone());
            out.subsections = doc.subsection_path(sibling);
            return out;
        }
        Relative::Bare(word) => {
            let depth = depth_of(word, convention) as usize;
            let preferred = base_at(depth.saturating_sub(1));
            find_base(doc, &lineage, preferred, &cite.subsections)
        }
    };
    let section_p = &doc.provisions[section];
    out.unit = section_p.unit;
    out.section = Some(section_p.number.clone());
    let mut labels = if base == section {
        Vec::new()
    } else {
        doc.subsection_path(base)
    };
    labels.extend(cite.subsections.iter().cloned());
    out.subsections = labels;
    if let Some(end) = out.range_end.as_mut() {
        if end.section.is_empty() {
            end.section = section_p.number.clone();
        }
        let mut end_labels = if base == section {
            Vec::new()
        } else {
            doc.subsection_path(base)
        };
        end_labels.extend(end.subsections.iter().cloned());
        end.subsections = end_labels;
    }
    out
}

/// `III`, `IV`: a label of upper-case roman numerals (a compact's articles).
fn is_roman_upper(label: &str) -> bool {
    !label.is_empty()
        && label
            .chars()
            .all(|c| matches!(c, 'I' | 'V' | 'X' | 'L' | 'C'))
}

/// The ancestor under which `labels` exist: `preferred` if it has them, else the nearest
/// ancestor that does. When none has them all, the nearest ancestor under which the most
/// of them exist, from the first (`clause (8)(iii)` in 17 U.S.C. § 110(9), whose (8) runs
/// its items into its sentence, is § 110's (8), not a (8) of § 110(9)), else `preferred`.
fn find_base(
    doc: &Document,
    lineage: &[ProvisionId],
    preferred: ProvisionId,
    labels: &[CompactString],
) -> ProvisionId {
    let matched = |base: ProvisionId| -> usize {
        let mut cur = base;
        for (depth, label) in labels.iter().enumerate() {
            match doc.child_by_label(cur, label) {
                Some(next) => cur = next,
                None => return depth,
            }
        }
        labels.len()
    };
    let mut best = (matched(preferred), preferred);
    if best.0 == labels.len() {
        return preferred;
    }
    for base in lineage.iter().rev().copied() {
        let m = matched(base);
        if m > best.0 {
            best = (m, base);
            if m == labels.len() {
                break;
            }
        }
    }
    best.1
}
