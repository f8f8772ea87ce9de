//! Citations: extraction from text, anchoring of relative references, resolution against
//! the workspace and the citation graph.
//!
//! A [`Citation`] names one target provision. A phrase that names several (`§§ 5-301 and
//! 5-302`, `paragraphs 1, 2 or 3 of subdivision b of section 20-871`) yields one citation per
//! item; they share [`Citation::group`], the span of the whole phrase. A range (`§§ 20-871
//! through 20-873`) is one citation with a [`Citation::range_end`].

pub mod codes;
pub mod graph;
pub mod relative;
pub mod resolve;
pub mod scan;

use std::fmt::Write as _;
use std::ops::Range;

use serde::{Deserialize, Serialize};

use crate::model::Unit;

pub use codes::CodeFamily;
pub use scan::extract;

/// The family of a citation, named as in `shared/eval/citations/README.md`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CitationKind {
    /// A provision whose code the text does not name (`§ 20-871`, `paragraph (a)`); it is
    /// resolved in the citing document's own code first.
    Section,
    /// United States Code.
    Usc,
    /// Code of Federal Regulations.
    Cfr,
    /// A state or local code of laws (`NYC Admin. Code`, `N.Y. Lab. Law`).
    StateStatute,
    /// A state or local body of rules (`6 RCNY`, `Fla. Admin. Code`).
    StateRegulation,
    /// An article, paragraph, point, annex or recital of an EU act.
    EuArticle,
    /// An EU act as a whole (`Regulation (EU) 2016/679`).
    EuAct,
    /// A provision of a document the text names but lexls does not know as a code
    /// (`section 1043 of the New York City Charter`).
    NamedAct,
}

impl CitationKind {
    /// The snake-case name used in JSON output.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Section => "section",
            Self::Usc => "usc",
            Self::Cfr => "cfr",
            Self::StateStatute => "state_statute",
            Self::StateRegulation => "state_regulation",
            Self::EuArticle => "eu_article",
            Self::EuAct => "eu_act",
            Self::NamedAct => "named_act",
        }
    }
}

/// Where the code of a citation comes from.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CodeRef {
    /// A code named in the text, canonical when lexls knows it (`NYC Admin. Code`,
    /// `42 U.S.C.`, `Regulation (EU) 2016/679`), else the phrase as written
    /// (`the Code`, `the New York City Charter`), resolved later through aliases.
    Named(String),
    /// The citing document's own code (`of this Chapter`, `of this Regulation`).
    This,
}

/// The word a text uses for a level of subsections. How deep each word sits depends on the
/// drafting convention of the code (U.S. codes: subsection › paragraph › subparagraph ›
/// clause › subclause; EU acts: paragraph › point), see [`relative::depth_of`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LevelWord {
    /// `subsection (b)`.
    Subsection,
    /// `subdivision a` (NYC Administrative Code, RCNY).
    Subdivision,
    /// `paragraph (1)`.
    Paragraph,
    /// `subparagraph (A)`.
    Subparagraph,
    /// `clause (ii)`.
    Clause,
    /// `subclause (I)`.
    Subclause,
    /// `item (aa)`.
    Item,
    /// `point (a)` (EU acts).
    Point,
}

impl LevelWord {
    /// Parses a (singular or plural, any case) level word.
    pub fn parse(word: &str) -> Option<Self> {
        let w = word.to_ascii_lowercase();
        let w = w.strip_suffix('s').unwrap_or(&w);
        Some(match w {
            "subsection" => Self::Subsection,
            "subdivision" => Self::Subdivision,
            "paragraph" => Self::Paragraph,
            "subparagraph" => Self::Subparagraph,
            "clause" => Self::Clause,
            "subclause" => Self::Subclause,
            "item" => Self::Item,
            "point" => Self::Point,
            _ => return None,
        })
    }
}

/// The structural level a relative reference counts from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Relative {
    /// Subsection labels hang below the section containing the citation (`this section`,
    /// `subdivision (a) of this section`, `paragraph 1 of this Article`).
    ThisSection,
    /// Labels hang below the citing position's ancestor at the level of the word
    /// (`paragraph (1) of this subdivision`).
    ThisLevel(LevelWord),
    /// A bare subsection reference (`paragraph (2)`, `point (a)`): its parent is the citing
    /// position's ancestor one level above the word's level.
    Bare(LevelWord),
    /// The container above the section (`this subchapter`, `this chapter`, `this title`,
    /// `this part`): the citing document's code as a whole.
    ThisCode,
}

/// The end of a range citation (`§§ 20-871 through 20-873`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RangeEnd {
    /// Section number of the last provision of the range.
    pub section: String,
    /// Subsection labels of the last provision, if any.
    pub subsections: Vec<String>,
}

/// One cited provision, as written in a text.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Citation {
    /// Byte range of this item in the text (for a one-item phrase, the whole phrase).
    pub span: Range<usize>,
    /// Byte range of the whole citation phrase this item belongs to.
    pub group: Range<usize>,
    /// The citation's family.
    pub kind: CitationKind,
    /// The code named in the text, if any.
    pub code: Option<CodeRef>,
    /// The unit of the cited section (section, article, annex, recital).
    pub unit: Unit,
    /// The section number (`20-871`, `6`, `III`); `None` when the whole code is cited or the
    /// section is implied by a relative reference not yet anchored.
    pub section: Option<String>,
    /// Subsection labels below the section, outermost first (`["b", "1"]`).
    pub subsections: Vec<String>,
    /// The last provision of a range.
    pub range_end: Option<RangeEnd>,
    /// How the citation depends on where it stands, until [`relative::anchor`] fills in the
    /// section and the leading subsection labels.
    pub relative: Option<Relative>,
    /// `et seq.`: the section and those following it.
    pub et_seq: bool,
}

impl Citation {
    /// The canonical string of the citation, following the conventions of
    /// `shared/eval/citations/README.md`: `42 U.S.C. 1983`, `29 C.F.R. 1607.4`,
    /// `NYC Admin. Code § 20-871(b)`, `Regulation (EU) 2016/679 Art. 6(1)(a)`,
    /// `§ 20-871(b)(1)` when the code is unknown, ranges as `<start> to <end>`.
    pub fn normalized(&self) -> String {
        let code = match &self.code {
            Some(CodeRef::Named(name)) => Some(name.as_str()),
            _ => None,
        };
        let mut out = String::new();
        let subs = |out: &mut String, labels: &[String]| {
            for l in labels {
                let _ = write!(out, "({l})");
            }
        };
        match (self.kind, &self.section) {
            (CitationKind::EuAct, _) | (_, None) => {
                if let Some(code) = code {
                    out.push_str(code);
                } else if self.relative == Some(Relative::ThisCode) {
                    out.push_str("[this code]");
                }
                if self.section.is_none() && !self.subsections.is_empty() {
                    out.push_str(" [this provision]");
                    subs(&mut out, &self.subsections);
                }
                return out;
            }
            (CitationKind::Usc | CitationKind::Cfr, Some(section)) => {
                let _ = write!(out, "{} {section}", code.unwrap_or("?"));
            }
            (CitationKind::EuArticle, Some(section)) => {
                let act = code.unwrap_or("[this act]");
                let unit = match self.unit {
                    Unit::Annex => "Annex",
                    Unit::Recital => "Recital",
                    _ => "Art.",
                };
                let _ = write!(out, "{act} {unit} {section}");
            }
            (_, Some(section)) => {
                if let Some(code) = code {
                    out.push_str(code);
                    out.push(' ');
                }
                let _ = write!(out, "{}{section}", self.unit.prefix());
            }
        }
        subs(&mut out, &self.subsections);
        if let Some(end) = &self.range_end {
            let _ = write!(out, " to {}", end.section);
            subs(&mut out, &end.subsections);
        }
        if self.et_seq {
            out.push_str(" et seq.");
        }
        out
    }
}
