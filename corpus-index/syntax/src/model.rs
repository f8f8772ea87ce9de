//! The document model: a statute, regulation or policy file parsed into a tree of provisions.
//!
//! A [`Document`] owns its text and a flat arena of [`Provision`]s: sections (`§ 20-871`,
//! `Article 6`, `Annex III`) are the roots, subsections (`(a)`, `1.`, `(A)`, `(i)`, …) their
//! descendants. Every span is a byte range into [`Document::text`].

use std::ops::Range;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::CompactString;
use crate::citation::Citation;

/// The kind of a legal document, which sets its authority when sources are ranked.
///
/// Authority weights follow the Florida GraphRAG paper (seed 003): statute 1.0 >
/// regulation 0.9 > case 0.8 > guidance 0.7 > internal policy (configurable).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DocumentKind {
    /// Enacted law: a code, an act, an EU regulation or directive.
    Statute,
    /// Agency rules and regulations (C.F.R., RCNY, administrative codes).
    Regulation,
    /// Judicial decisions.
    Case,
    /// Guidance, advisories, FAQs, statements of basis and purpose.
    Guidance,
    /// Internal policies and procedures of an organisation.
    Policy,
}

impl DocumentKind {
    /// Parses a front-matter or configuration value (`statute`, `regulation`/`rule`, `case`,
    /// `guidance`/`advisory`, `policy`), case-insensitively.
    pub fn parse(value: &str) -> Option<Self> {
        match value.trim().to_ascii_lowercase().as_str() {
            "statute" | "law" | "act" | "code" | "treaty" => Some(Self::Statute),
            "regulation" | "rule" | "rules" | "regulations" => Some(Self::Regulation),
            "case" | "decision" | "opinion" => Some(Self::Case),
            "guidance" | "advisory" | "faq" | "notice" | "commentary" => Some(Self::Guidance),
            "policy" | "procedure" | "standard" => Some(Self::Policy),
            _ => None,
        }
    }

    /// The lower-case name used in front matter, JSON output and hovers.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Statute => "statute",
            Self::Regulation => "regulation",
            Self::Case => "case",
            Self::Guidance => "guidance",
            Self::Policy => "policy",
        }
    }

    /// Authority weight in `[0, 1]` (seed 003); `policy` is the configured policy weight.
    pub fn authority(self, policy: f32) -> f32 {
        match self {
            Self::Statute => 1.0,
            Self::Regulation => 0.9,
            Self::Case => 0.8,
            Self::Guidance => 0.7,
            Self::Policy => policy,
        }
    }
}

/// The file format a document was read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// CommonMark Markdown, optionally with YAML front matter.
    Markdown,
    /// Plain text.
    Text,
    /// XML: USLM 1.0/2.x (U.S. Code, C.F.R.) or Akoma Ntoso 3.0; other XML is read as the
    /// text of its elements. [`Document::text`] is the file's text view (markup blanked,
    /// same offsets and lines).
    Xml,
    /// HTML or XHTML (EUR-Lex Official Journal pages and other statute pages), read through
    /// its text view like [`Format::Xml`].
    Html,
}

impl Format {
    /// The format for a file extension (without the dot), if lexls indexes it.
    pub fn from_extension(ext: &str) -> Option<Self> {
        match ext.to_ascii_lowercase().as_str() {
            "md" | "markdown" | "mdown" | "mkd" => Some(Self::Markdown),
            "txt" | "text" => Some(Self::Text),
            "xml" => Some(Self::Xml),
            "html" | "htm" | "xhtml" => Some(Self::Html),
            _ => None,
        }
    }
}

/// The top-level unit a section-like provision belongs to. Numbers are unique per unit
/// within a namespace: `Article 6` and `Annex VI` are different provisions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Unit {
    /// A section (`§ 20-871`, `Section 5`, `Sec. 3`, `Rule 12A-1.032`).
    Section,
    /// An article (EU acts, constitutions, treaties).
    Article,
    /// An annex (EU acts).
    Annex,
    /// A recital of an EU act's preamble.
    Recital,
}

impl Unit {
    /// How a provision of this unit is written before its number (`§ `, `Article `, …).
    pub fn prefix(self) -> &'static str {
        match self {
            Self::Section => "§ ",
            Self::Article => "Article ",
            Self::Annex => "Annex ",
            Self::Recital => "Recital ",
        }
    }

    /// The lower-case word for the unit (`section`, `article`, …).
    pub fn word(self) -> &'static str {
        match self {
            Self::Section => "section",
            Self::Article => "article",
            Self::Annex => "annex",
            Self::Recital => "recital",
        }
    }
}

/// How a subsection label is written; two labels are at the same level of a document's
/// hierarchy when they share a style.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LabelStyle {
    /// `a.`, `b.` (NYC Administrative Code subdivisions).
    AlphaDot,
    /// `1.`, `2.` (NYC paragraphs, EU article paragraphs).
    NumberDot,
    /// `i.`, `ii.` (RCNY items).
    RomanDot,
    /// `(a)`.
    AlphaParen,
    /// `(1)`.
    NumberParen,
    /// `(A)`.
    UpperAlphaParen,
    /// `(i)`.
    RomanParen,
    /// `(I)`.
    UpperRomanParen,
    /// `A.`, `B.` (policies, outlines).
    UpperAlphaDot,
    /// A defined-term paragraph of a definitions section (`Bias audit. The term “bias audit”
    /// means …`); its label is the term.
    Definition,
}

impl LabelStyle {
    /// Whether labels of this style name subsections that citations can address.
    pub fn is_citable(self) -> bool {
        !matches!(self, Self::Definition)
    }
}

/// Index of a provision in [`Document::provisions`].
pub type ProvisionId = usize;

/// The deepest a subdivision lies below its section ([`Provision::depth`]). Drafting
/// conventions stop well above it (U.S. codes: subsection, paragraph, subparagraph, clause,
/// subclause, item, subitem, sub-subitem — House Legislative Counsel's Manual, § 332; EU acts:
/// paragraph, subparagraph, point, indent); markup nested deeper is read as the text of its
/// ancestor at this depth, so that ancestry, display paths and relative citations stay short.
pub const MAX_DEPTH: u8 = 16;

/// The longest provision number or label, in bytes (`20-871`, `1-1001.03`, `6-229(Perm)`,
/// `40.21a`); longer text where a number stands is not a number and makes no provision.
pub const MAX_NUMBER_LEN: usize = 64;

/// A section or subsection of a document.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Provision {
    /// The unit of the section this provision is or belongs to.
    pub unit: Unit,
    /// The number or label without punctuation: `20-871`, `6`, `III`, `b`, `1`, `iii`, or the
    /// defined term for [`LabelStyle::Definition`].
    pub number: CompactString,
    /// `None` for sections; the label style for subsections.
    pub style: Option<LabelStyle>,
    /// Heading (`Notices required`), when the text gives one.
    pub heading: Option<String>,
    /// The whole provision, from its label to the end of its last descendant.
    pub span: Range<usize>,
    /// The label (and heading) the provision starts with: what an outline selects.
    pub label_span: Range<usize>,
    /// Parent provision; `None` for sections.
    pub parent: Option<ProvisionId>,
    /// Child provisions in document order.
    pub children: Vec<ProvisionId>,
    /// Nesting depth: 0 for sections, 1 for their top-level subsections, … at most
    /// [`MAX_DEPTH`].
    pub depth: u8,
    /// The provision is marked repealed (front matter, heading or a `[Repealed]` text).
    pub repealed: bool,
}

/// A problem met while reading or parsing a file; parsing never fails, it reports these.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Problem {
    /// Where the problem is (byte range of the document text).
    pub span: Range<usize>,
    /// What is wrong and what to do about it.
    pub message: String,
}

/// A character of the text view that stands for a longer reference in the file (`&#167;` →
/// `§` and padding): past it, the rest of the line has fewer UTF-16 units and characters in
/// the view than in the file, which [`crate::line_index::LineIndex`] adds back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Substitution {
    /// Byte offset just after the substituted character.
    pub after: usize,
    /// UTF-16 code units the file has there beyond the view's.
    pub utf16: u8,
    /// Unicode scalar values the file has there beyond the view's.
    pub chars: u8,
}

/// A range of the text that annotates the law rather than being its text: the history,
/// editor's notes, cross references and codification notes a code publishes with a section
/// (D.C. Code `<annotation type="History">`, USLM `<notes>` and `<sourceCredit>`, Akoma Ntoso
/// `<authorialNote>`), and the quoted text of other laws an amendment holds (USLM
/// `<quotedContent>`, Akoma Ntoso `<quotedStructure>`, and in text the quotations of an
/// amendatory instruction, kind `quoted`; see [`crate::parse::quoted`]), which lies inside
/// the quoting provision's span.
///
/// A note is part of [`Document::text`] (its citations are extracted and resolved like any
/// other), but a trailing note is outside the span of the provision it annotates, so the
/// provision's text, its chunks and quotes hold only the law. Consumers that should not act
/// on notes (diagnostics of citations in history notes, answers) test positions with
/// [`Document::note_at`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Note {
    /// Byte range of the note in the text (trimmed of blanked markup).
    pub span: Range<usize>,
    /// What the markup calls it: the annotation's `type` (`History`, `Editor's Notes`,
    /// `Section References`), a USLM note's `topic`, else the element's name (`sourceCredit`,
    /// `quotedContent`); `quoted` for quoted amendment text found by its wording.
    pub kind: String,
    /// The provision the note annotates (the innermost one whose element holds it).
    pub provision: Option<ProvisionId>,
}

/// A container of a table of contents: a title, chapter, subchapter or part of a code, as an
/// `index.xml` of the D.C. Code lists them (`<container>` with `<prefix>`, `<num>`,
/// `<heading>` and `xi:include` of section files). Containers are not provisions (no
/// citation resolves to them); they give the files they include their place in the code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Container {
    /// The kind of container as the file writes it (`Title`, `Chapter`, `Subchapter`).
    pub prefix: String,
    /// Its number (`1`, `10`, `II`, `A`), empty when it has none.
    pub number: String,
    /// Its heading (`Government Organization`).
    pub heading: Option<String>,
    /// Byte range of the label and heading in the text.
    pub span: Range<usize>,
    /// Index in [`Document::contents`] of the enclosing container.
    pub parent: Option<usize>,
    /// Nesting depth: 0 for the outermost container.
    pub depth: u8,
    /// The files the container includes directly (`xi:include href`), as workspace-relative
    /// paths with `/` separators, in order. Includes that leave the workspace are not listed.
    pub includes: Vec<String>,
}

/// A term defined in a definitions provision (`“AEDT” means …`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Definition {
    /// The defined term as written (`automated employment decision tool`).
    pub term: String,
    /// Abbreviations given for it (`AEDT`).
    pub aliases: Vec<String>,
    /// The provision holding the definition.
    pub provision: Option<ProvisionId>,
    /// The term's span in the text.
    pub span: Range<usize>,
}

/// A parsed statute, regulation, case, guidance or policy file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Document {
    /// Absolute path of the file.
    pub path: PathBuf,
    /// Path relative to the workspace root with `/` separators (`sections/6-rcny-5-301.md`).
    pub rel_path: String,
    /// The full text as read (invalid UTF-8 replaced by U+FFFD, with a [`Problem`]). For XML
    /// and HTML, the text view of the file: markup replaced by whitespace of the same length
    /// and references by their character, so that offsets and lines are the file's.
    pub text: String,
    /// The format the text was parsed as.
    pub format: Format,
    /// Statute, regulation, case, guidance or policy.
    pub kind: DocumentKind,
    /// Human-readable title (front matter `title`, else the first heading, else the file name).
    pub title: String,
    /// The code the document belongs to (`NYC Admin. Code`, `6 RCNY`,
    /// `Regulation (EU) 2024/1689`); a document that belongs to no code is its own namespace.
    pub namespace: String,
    /// Whether the namespace names a code (`true`) or is only the document's own title.
    pub namespace_is_code: bool,
    /// Sections and subsections; sections are the provisions without a parent.
    pub provisions: Vec<Provision>,
    /// Every citation in the text, in order of position.
    pub citations: Vec<Citation>,
    /// Terms the document defines.
    pub definitions: Vec<Definition>,
    /// Names the document gives to other codes (`Code` → `NYC Admin. Code`).
    pub code_aliases: Vec<(String, String)>,
    /// Problems met while parsing.
    pub problems: Vec<Problem>,
    /// Hex BLAKE3 hash of the file's bytes (of the markup, not the view, for XML and HTML).
    pub hash: String,
    /// Non-ASCII characters of the text view that stand for references of the file (XML and
    /// HTML only), in order.
    pub substitutions: Vec<Substitution>,
    /// Annotations of the law (history, editor's notes), in order, disjoint.
    #[serde(default)]
    pub notes: Vec<Note>,
    /// The table of contents a contents file (a D.C. Code `index.xml`) gives, in document
    /// order; empty for other files.
    #[serde(default)]
    pub contents: Vec<Container>,
}

impl Document {
    /// Indices of the sections (root provisions) in document order.
    pub fn sections(&self) -> impl Iterator<Item = ProvisionId> + '_ {
        self.provisions
            .iter()
            .enumerate()
            .filter(|(_, p)| p.parent.is_none())
            .map(|(i, _)| i)
    }

    /// The innermost provision whose span contains byte `offset`.
    ///
    /// Provisions are stored in document order (a parent before its children, siblings by
    /// position) and are well nested: a child's span lies in its parent's, siblings and
    /// sections do not overlap. The last provision starting at or before `offset` is then the
    /// innermost one holding it or a descendant of it, so the look-up takes a binary search
    /// and a walk up at most [`MAX_DEPTH`] parents.
    pub fn provision_at(&self, offset: usize) -> Option<ProvisionId> {
        let last = self
            .provisions
            .partition_point(|p| p.span.start <= offset)
            .checked_sub(1)?;
        let mut id = Some(last);
        while let Some(i) = id {
            if self.provisions[i].span.contains(&offset) {
                return Some(i);
            }
            id = self.provisions[i].parent;
        }
        None
    }

    /// [`Document::provision_at`] for callers that have listed the sections
    /// (`self.sections()`); the list is not needed any more and is ignored.
    pub fn provision_among(&self, _sections: &[ProvisionId], offset: usize) -> Option<ProvisionId> {
        self.provision_at(offset)
    }

    /// The note holding byte `offset`, if it lies in one.
    pub fn note_at(&self, offset: usize) -> Option<&Note> {
        let i = self
            .notes
            .partition_point(|n| n.span.start <= offset)
            .checked_sub(1)?;
        self.notes.get(i).filter(|n| n.span.contains(&offset))
    }

    /// The section (root) a provision belongs to.
    pub fn section_of(&self, mut id: ProvisionId) -> ProvisionId {
        while let Some(parent) = self.provisions[id].parent {
            id = parent;
        }
        id
    }

    /// The chain from the section down to `id`, inclusive.
    pub fn lineage(&self, id: ProvisionId) -> Vec<ProvisionId> {
        let mut chain = vec![id];
        let mut cur = id;
        while let Some(parent) = self.provisions[cur].parent {
            chain.push(parent);
            cur = parent;
        }
        chain.reverse();
        chain
    }

    /// The citable subsection labels from the section down to `id` (`["b", "1"]`).
    pub fn subsection_path(&self, id: ProvisionId) -> Vec<CompactString> {
        self.lineage(id)
            .into_iter()
            .skip(1)
            .filter(|&i| self.provisions[i].style.is_some_and(LabelStyle::is_citable))
            .map(|i| self.provisions[i].number.clone())
            .collect()
    }

    /// The child of `parent` (or the section of `unit` and `number` when `parent` is `None`)
    /// with label `label`, looking through definition paragraphs, which carry no label of
    /// their own.
    pub fn child_by_label(&self, parent: ProvisionId, label: &str) -> Option<ProvisionId> {
        let mut stack = self.provisions[parent].children.clone();
        stack.reverse();
        while let Some(i) = stack.pop() {
            let p = &self.provisions[i];
            match p.style {
                Some(LabelStyle::Definition) => {
                    stack.extend(p.children.iter().rev().copied());
                }
                Some(_) if p.number.eq_ignore_ascii_case(label) => return Some(i),
                _ => {}
            }
        }
        None
    }

    /// The section with `unit` and `number`, if this document holds it.
    pub fn section_by_number(&self, unit: Unit, number: &str) -> Option<ProvisionId> {
        self.sections().find(|&i| {
            let p = &self.provisions[i];
            p.unit == unit && p.number.eq_ignore_ascii_case(number)
        })
    }

    /// Text of a provision (its whole span).
    pub fn provision_text(&self, id: ProvisionId) -> &str {
        &self.text[self.provisions[id].span.clone()]
    }

    /// Short display form of a provision inside its code: `§ 20-871(b)(1)`, `Article 6(1)(a)`.
    pub fn display_path(&self, id: ProvisionId) -> String {
        let section = &self.provisions[self.section_of(id)];
        let mut out = format!("{}{}", section.unit.prefix(), section.number);
        for label in self.subsection_path(id) {
            out.push('(');
            out.push_str(&label);
            out.push(')');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn document_kinds_parse_and_weigh_by_authority() {
        assert_eq!(DocumentKind::parse("Rule"), Some(DocumentKind::Regulation));
        assert_eq!(
            DocumentKind::parse("advisory"),
            Some(DocumentKind::Guidance)
        );
        assert_eq!(DocumentKind::parse("memo"), None);
        assert!(DocumentKind::Statute.authority(0.5) > DocumentKind::Regulation.authority(0.5));
        assert_eq!(DocumentKind::Policy.authority(0.6), 0.6);
    }
}
