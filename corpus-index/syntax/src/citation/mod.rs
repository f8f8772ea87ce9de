//! Citations: extraction from text, anchoring of relative references and short forms, the
//! canonical form lexls writes ([`cite_string`]). Resolution against the workspace and the
//! citation graph live in the index layer (`lexls-index`).
//!
//! A [`Citation`] names one target provision. A phrase that names several (`§§ 5-301 and
//! 5-302`, `paragraphs 1, 2 or 3 of subdivision b of section 20-871`) yields one citation per
//! item; they share [`Citation::group`], the span of the whole phrase. A range (`§§ 20-871
//! through 20-873`) is one citation with a [`Citation::range_end`].

pub mod cite;
pub mod codes;
pub mod container;
pub mod dated_act;
mod defined_terms;
mod designation;
pub mod forms;
pub mod irs;
pub mod named_before;
mod named_regulations;
pub mod numbered_act;
pub mod record;
pub mod relative;
pub mod scan;
pub mod session_law;
pub mod short_form;
mod small_caps;
pub mod state_forms;
mod titled_regulations;

use std::fmt::Write as _;
use std::ops::Range;

use serde::{Deserialize, Serialize};

use crate::CompactString;
use crate::model::Unit;

pub use cite::cite_string;
pub use codes::CodeFamily;
pub use scan::extract;

/// The spaces official texts set inside citations besides the ASCII space and tab: the
/// no-break space (U+00A0), the thin space (U+2009, GPO's typesetting after `§`), the
/// narrow no-break space (U+202F), the en and em spaces (U+2002, U+2003: the D.C.
/// Council's typesetting after `§§`) and the en and em quads they are equivalent to
/// (U+2000, U+2001: the OLRC's `Pub.\u{2000}L.` in note headings).
pub(crate) const TYPOGRAPHIC_SPACES: [char; 7] = [
    '\u{A0}', '\u{2009}', '\u{202F}', '\u{2002}', '\u{2003}', '\u{2000}', '\u{2001}',
];

/// A citation pattern that accepts, wherever it accepts a space or a tab (`[ \t]`, `[ \t\r\n]`),
/// the [`TYPOGRAPHIC_SPACES`] too.
pub(crate) fn typographic_spaces(pattern: &str) -> String {
    pattern.replace(
        r"[ \t",
        r"[ \t\u{A0}\u{2009}\u{202F}\u{2002}\u{2003}\u{2000}\u{2001}",
    )
}

/// The reader of an anchor pattern (`(?P<name>(?-u:\b)…)`, an entry of the scan's
/// anchors): the same pattern anchored at the start of the text, its named groups kept, so
/// that an anchor and the parse it triggers share one pattern.
pub(crate) fn anchored(anchor: &str) -> String {
    let body = anchor
        .strip_prefix("(?P<")
        .and_then(|rest| rest.split_once('>'))
        .map_or(anchor, |(_, body)| body);
    format!("^(?:{body}")
}

/// `text` with the hyphens that typesetting keeps from breaking or distinguishes (the
/// hyphen U+2010, the non-breaking hyphen U+2011 that word processors set in `§ 1‑204.22`
/// and `Pub. L. 116‑283`, the figure dash U+2012 set between digits) written as the en
/// dash, which the citation patterns read inside a number as they read `-` (`§ 47–1801.04`,
/// the D.C. Council's typesetting) and which is as long in UTF-8: offsets are unchanged.
/// `text` itself when it has none (the common case allocates nothing).
pub(crate) fn fold_hyphens(text: &str) -> std::borrow::Cow<'_, str> {
    const HYPHENS: [char; 3] = ['\u{2010}', '\u{2011}', '\u{2012}'];
    if !text.contains(HYPHENS) {
        return std::borrow::Cow::Borrowed(text);
    }
    std::borrow::Cow::Owned(
        text.chars()
            .map(|c| if HYPHENS.contains(&c) { '–' } else { c })
            .collect(),
    )
}

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
    /// (`section 1043 of the New York City Charter`), or of an act cited by its popular
    /// name (`INA § 101(11)`, `I.R.C. § 671`).
    NamedAct,
    /// A public or private law of the United States (`Pub. L. 112-29`).
    PublicLaw,
    /// A session law of the District of Columbia, as a whole or a section of it (`D.C. Law
    /// 19-168`, `§ 5 of D.C. Law 22-250`, `D.C. Act 24-159`; see [`session_law`]); never a
    /// part of the D.C. Code.
    DcLaw,
    /// The United States Statutes at Large (`125 Stat. 284`).
    Stat,
    /// The Federal Register (`74 FR 29408`, `75 Fed. Reg. 28404`).
    FedReg,
    /// The District of Columbia Statutes at Large (`20 DCSTAT 3147`, as the D.C. Code's
    /// history notes cite them), normalized `20 DC Stat. 3147`: a volume and page of the
    /// District's session laws, never a part of the D.C. Code.
    DcStat,
    /// A state's or the District's register of rules, by volume and page (The Bluebook,
    /// table T1's "administrative registers": `39 Tex. Reg. 1234`, `44 Pa. Bull. 5678`,
    /// `30 Va. Reg. Regs. 100`, and the D.C. Register as the D.C. Code cites it, `63 DCR
    /// 3654`, normalized `63 D.C. Reg. 3654`). A publication, never a provision of a code.
    Register,
    /// The United States Constitution (`U.S. Const. art. I, § 8`).
    UsConst,
    /// A state constitution (`Cal. Const. art. XI, § 1`).
    StateConstitution,
    /// A federal rule of procedure or evidence (`Fed. R. Civ. P. 12(b)(6)`).
    CourtRule,
    /// A reported case (`558 U.S. 310`), and its short form (`477 U.S. at 574`).
    Case,
    /// `Id.`: the immediately preceding authority.
    Id,
    /// `supra`: an authority cited earlier.
    Supra,
    /// A decision of a federal agency (`202 NLRB 538`).
    AgencyDecision,
    /// A German statute (`§ 556d BGB`, `Art. 3 Abs. 1 GG`).
    DeStatute,
    /// A presidential executive order (`Executive Order 12866`, `E.O. 12291`, `Exec. Order
    /// No. 12,866`), normalized as in The Bluebook (rule 14.7): `Exec. Order No. 12866`, the
    /// code of the citation; a section of an order (`section 3(f) of Executive Order 12866`)
    /// is `Exec. Order No. 12866, § 3(f)`. A proclamation, the President's other numbered
    /// document (`Proclamation No. 8435`, `Proclamation 9645`, `Proc. 7463`), is this kind
    /// too, normalized `Proclamation No. 8435`. An instrument of its own, never a section of
    /// a code.
    ExecutiveOrder,
    /// A division of an EU act above the article (`Chapter III, Section 2 of Regulation (EU)
    /// 2024/1689`, `Title II of this Regulation`), cited as a whole.
    EuDivision,
    /// A section of a uniform act as the uniform law commissioners publish it (`U.C.C. §
    /// 2-207`, The Bluebook, rule 12.9.5), not of any state's enactment of it; and a section
    /// of a Restatement (`Restatement (Second) of Torts § 402A`, rule 12.9.4), which is no
    /// law either.
    UniformLaw,
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
            Self::PublicLaw => "public_law",
            Self::DcLaw => "dc_law",
            Self::Stat => "stat",
            Self::FedReg => "fed_reg",
            Self::DcStat => "dc_stat",
            Self::Register => "register",
            Self::UsConst => "usconst",
            Self::StateConstitution => "state_constitution",
            Self::CourtRule => "court_rule",
            Self::Case => "case",
            Self::Id => "id",
            Self::Supra => "supra",
            Self::AgencyDecision => "agency_decision",
            Self::DeStatute => "de_statute",
            Self::ExecutiveOrder => "executive_order",
            Self::EuDivision => "eu_division",
            Self::UniformLaw => "uniform_law",
        }
    }
}

/// Where the code of a citation comes from.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CodeRef {
    /// A code named in the text, canonical when lexls knows it (`NYC Admin. Code`,
    /// `42 U.S.C.`, `Regulation (EU) 2016/679`), else the phrase as written
    /// (`the Code`, `the New York City Charter`), resolved later through aliases.
    Named(CompactString),
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
        // `sub-section`, `sub-clause`: the hyphenated spelling of India's and older British
        // drafting.
        let w = word.to_ascii_lowercase().replacen("sub-", "sub", 1);
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
    /// `subdivision (a) of this section`, `paragraph 1 of this Article`), or, when the
    /// section has none of them, below the nearest ancestor of the citing position that has
    /// them (a compact enacted as one section: `subsection (b) of this article`).
    ThisSection,
    /// Labels hang below the citing position's ancestor at the level of the word
    /// (`paragraph (1) of this subdivision`), or, when it has none of them, below the nearest
    /// ancestor that has them.
    ThisLevel(LevelWord),
    /// A bare subsection reference (`paragraph (2)`, `point (a)`): its parent is the citing
    /// position's ancestor one level above the word's level.
    Bare(LevelWord),
    /// The container above the section (`this subchapter`, `this chapter`, `this title`,
    /// `this part`): the citing document's code as a whole.
    ThisCode,
    /// `the preceding paragraph`, `the following subsection`: the sibling before (or after)
    /// the citing position's ancestor at the level of the word.
    Adjacent {
        /// The level word.
        word: LevelWord,
        /// `true` for `following`/`next`, `false` for `preceding`/`previous`.
        next: bool,
    },
}

/// The end of a range citation (`§§ 20-871 through 20-873`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RangeEnd {
    /// Section number of the last provision of the range.
    pub section: CompactString,
    /// Subsection labels of the last provision, if any.
    pub subsections: Vec<CompactString>,
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
    pub section: Option<CompactString>,
    /// Subsection labels below the section, outermost first (`["b", "1"]`).
    pub subsections: Vec<CompactString>,
    /// The last provision of a range (boxed: few citations are ranges, and a workspace holds
    /// hundreds of thousands of citations).
    pub range_end: Option<Box<RangeEnd>>,
    /// How the citation depends on where it stands, until [`relative::anchor`] fills in the
    /// section and the leading subsection labels.
    pub relative: Option<Relative>,
    /// `et seq.`: the section and those following it.
    pub et_seq: bool,
    /// The kind of short form, when the citation takes its authority from an earlier one.
    pub short_form: Option<ShortForm>,
    /// Index (in the same extraction) of the citation a short form refers to; `None` when
    /// it is not a short form or its antecedent cannot be determined.
    pub antecedent: Option<usize>,
    /// The designator, pinpoint and division, which few citations have (see [`Qualifiers`]):
    /// read them through [`Citation::designator`], [`Citation::pin`] and
    /// [`Citation::division`].
    pub qualifiers: Option<Box<Qualifiers>>,
}

/// The parts of a citation that few citations have, boxed together so that a citation
/// without any (nearly all of them) stays small: the whole D.C. Code holds about 400,000
/// citations, and the three fields inline took 48 bytes of each.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Qualifiers {
    /// How the number is introduced in the normalized form when it is not `§` (`art.`,
    /// `r.`, `Part`, `¶`); `None` for the default of the kind.
    pub designator: Option<Box<str>>,
    /// A pinpoint page (`Id. at 2`, `477 U.S. at 574`).
    pub pin: Option<Box<str>>,
    /// Without a [`Citation::section`]: a division of the code or act cited as a whole,
    /// above the section level: `ch. 35` (`44 U.S.C. chapter 35`), `Chapter III, Section
    /// 2` (EU acts, EUR-Lex style); such a citation resolves, like `this chapter`, to the
    /// code. With a section: `note`, the statutory note under it (OLRC: `7 U.S.C. 612c
    /// note`), or a subpart or appendix of a C.F.R. part or section (`subpart A` of `40
    /// C.F.R. Part 60`, `appendix A` of `29 C.F.R. 1910.1200`). `None` for a citation of a
    /// section or of the whole code.
    pub division: Option<Box<str>>,
}

impl Qualifiers {
    /// The box for these parts, or `None` when all are absent.
    pub fn boxed(
        designator: Option<&str>,
        pin: Option<&str>,
        division: Option<&str>,
    ) -> Option<Box<Self>> {
        (designator.is_some() || pin.is_some() || division.is_some()).then(|| {
            Box::new(Self {
                designator: designator.map(Box::from),
                pin: pin.map(Box::from),
                division: division.map(Box::from),
            })
        })
    }
}

/// Short forms: citations that take their authority from an earlier citation of the same
/// text (The Bluebook, rules 4.1, 4.2 and 12.10; EUR-Lex style guide for `that Regulation`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShortForm {
    /// `Id.`, `Id. at (b)`, `id. § 6`: the immediately preceding authority.
    Id,
    /// `supra`: an authority cited earlier, named by its author or party.
    Supra,
    /// A bare `§ 1988(b)` after `42 U.S.C. § 1983`: the code of the previous citation.
    Inherited,
    /// A case short form `477 U.S. at 574`: the case of that volume and reporter.
    Reporter,
    /// `that Regulation`, `that Article`, `thereof`, `such section`: the act or provision
    /// last cited.
    That,
    /// `Pub. L. 94–546, § 1(1)`, `63 Stat. 496, § 1`: a section of the act just cited (source
    /// credits), never of the citing document's code.
    ActSection,
}

impl Citation {
    /// How the number is introduced in the normalized form when it is not `§` (`art.`,
    /// `r.`, `Part`, `¶`); `None` for the default of the kind.
    pub fn designator(&self) -> Option<&str> {
        self.qualifiers.as_ref()?.designator.as_deref()
    }

    /// A pinpoint page (`Id. at 2`, `477 U.S. at 574`).
    pub fn pin(&self) -> Option<&str> {
        self.qualifiers.as_ref()?.pin.as_deref()
    }

    /// A division of the code or act above the section level (`ch. 35`), or `note` below a
    /// section; see [`Qualifiers::division`].
    pub fn division(&self) -> Option<&str> {
        self.qualifiers.as_ref()?.division.as_deref()
    }

    /// Sets (or with `None` clears) the designator.
    pub fn set_designator(&mut self, designator: Option<&str>) {
        self.qualify(|q| q.designator = designator.map(Box::from));
    }

    /// Sets (or with `None` clears) the pinpoint.
    pub fn set_pin(&mut self, pin: Option<&str>) {
        self.qualify(|q| q.pin = pin.map(Box::from));
    }

    /// Sets (or with `None` clears) the division.
    pub fn set_division(&mut self, division: Option<&str>) {
        self.qualify(|q| q.division = division.map(Box::from));
    }

    fn qualify(&mut self, set: impl FnOnce(&mut Qualifiers)) {
        let q = self.qualifiers.get_or_insert_with(Box::default);
        set(q);
        if q.designator.is_none() && q.pin.is_none() && q.division.is_none() {
            self.qualifiers = None;
        }
    }

    /// The code the citation names (`42 U.S.C.`), if it names one.
    pub fn named_code(&self) -> Option<&str> {
        match &self.code {
            Some(CodeRef::Named(name)) => Some(name),
            _ => None,
        }
    }

    /// The canonical string of the citation, following the conventions of
    /// `shared/eval/citations/README.md`: `42 U.S.C. 1983`, `29 C.F.R. 1607.4`,
    /// `NYC Admin. Code § 20-871(b)`, `Regulation (EU) 2016/679 Art. 6(1)(a)`,
    /// `§ 20-871(b)(1)` when the code is unknown, ranges as `<start> to <end>`.
    pub fn normalized(&self) -> String {
        let code = self.named_code();
        let mut out = String::new();
        let subs = |out: &mut String, labels: &[CompactString]| {
            for l in labels {
                let _ = write!(out, "({l})");
            }
        };
        let Some(section) = &self.section else {
            if matches!(self.kind, CitationKind::Id | CitationKind::Supra) {
                return out;
            }
            if let Some(code) = code {
                out.push_str(code);
            } else if self.kind == CitationKind::EuDivision {
                out.push_str("[this act]");
            } else if self.relative == Some(Relative::ThisCode) {
                out.push_str("[this code]");
            }
            if let Some(division) = self.division() {
                // `Mass. Gen. Laws ch. 151B`; `D.C. Mun. Regs. tit. 14, ch. 4`: a division
                // below the title a code's name ends with.
                if out.ends_with(|c: char| c.is_ascii_alphanumeric())
                    && out
                        .rsplit_once(' ')
                        .is_some_and(|(head, _)| head.ends_with("tit."))
                {
                    out.push(',');
                }
                if !out.is_empty() {
                    out.push(' ');
                }
                out.push_str(division);
            }
            if !self.subsections.is_empty() {
                out.push_str(" [this provision]");
                subs(&mut out, &self.subsections);
                // `paragraphs (a) to (c)`: ` [this provision](a) to (c)`.
                if let Some(end) = &self.range_end {
                    let _ = write!(out, " to {}", end.section);
                    subs(&mut out, &end.subsections);
                }
            }
            return out;
        };
        let code_or = |fallback: &'static str| code.unwrap_or(fallback);
        match self.kind {
            CitationKind::Usc | CitationKind::Cfr => {
                let part = match self.designator() {
                    Some("Part") => "Part ",
                    // `5 U.S.C. App. 3 § 8G`: a section of an act in a title's appendix.
                    Some("§") => "§ ",
                    _ => "",
                };
                let _ = write!(out, "{} {part}{section}", code_or("?"));
            }
            CitationKind::EuArticle | CitationKind::EuAct | CitationKind::EuDivision => {
                let act = code_or("[this act]");
                let unit = match self.unit {
                    Unit::Annex => "Annex",
                    Unit::Recital => "Recital",
                    _ => "Art.",
                };
                let _ = write!(out, "{act} {unit} {section}");
            }
            CitationKind::PublicLaw => {
                let _ = write!(out, "{}, § {section}", code_or("?"));
            }
            CitationKind::Stat
            | CitationKind::FedReg
            | CitationKind::DcStat
            | CitationKind::Register
            | CitationKind::Case
            | CitationKind::AgencyDecision => {
                let _ = write!(out, "{} {section}", code_or("?"));
            }
            CitationKind::UsConst | CitationKind::StateConstitution => {
                let des = self.designator().unwrap_or("§");
                let _ = write!(out, "{}, {des} {section}", code_or("?"));
            }
            CitationKind::CourtRule => {
                let _ = write!(out, "{} {section}", code_or("?"));
            }
            CitationKind::DeStatute => {
                // The book follows the range (`§§ 664 bis 670 BGB`), and nothing follows it.
                if let Some(end) = self.range_end.as_deref() {
                    let _ = write!(out, "§§ {section} to {} {}", end.section, code_or("?"));
                    return out;
                }
                let _ = write!(out, "§ {section} {}", code_or("?"));
            }
            CitationKind::ExecutiveOrder => {
                let _ = write!(out, "{}, § {section}", code_or("Exec. Order"));
            }
            CitationKind::Section if self.short_form.is_none() => {
                // The code is unknown (`the Code`): the number alone.
                match self.designator() {
                    Some(d) => {
                        let _ = write!(out, "{d} {section}");
                    }
                    None => {
                        let _ = write!(out, "{}{section}", self.unit.prefix());
                    }
                }
            }
            CitationKind::StateStatute
            | CitationKind::StateRegulation
            | CitationKind::UniformLaw
            | CitationKind::NamedAct
            | CitationKind::DcLaw
            | CitationKind::Section
            | CitationKind::Id
            | CitationKind::Supra => match code {
                Some(code) => {
                    // A named act's article is `art.` (The Bluebook, rule 21.4: `European
                    // Convention on Human Rights art. 8`), its section `§`.
                    let article = self.unit == Unit::Article;
                    let des = match self.designator() {
                        // `La. Child. Code Ann. arts. 1608 to 1622`.
                        Some("art.") if self.range_end.is_some() => "arts.",
                        Some(d) => d,
                        None if self.range_end.is_some() => {
                            if article {
                                "arts."
                            } else {
                                "§§"
                            }
                        }
                        None if article => "art.",
                        None => "§",
                    };
                    out.push_str(code);
                    // `Mass. Gen. Laws ch. 1, § 2`, `Del. Code tit. 9, § 2402`, `Tex. Rev. Civ.
                    // Stat. Ann. art. 4495b, § 5.08`, `La. Admin. Code tit. 33, pt. III, § 509`.
                    // A state's public act too (`Ill. Pub. Act 96-1234, § 5`).
                    let divided = code.rsplit_once(' ').is_some_and(|(head, _)| {
                        ["tit.", "ch.", "art.", "pt.", "Pub. Act", "Pub. Act No."]
                            .iter()
                            .any(|d| head.ends_with(d))
                    });
                    if divided {
                        out.push(',');
                    }
                    if !des.is_empty() {
                        out.push(' ');
                        out.push_str(des);
                    }
                    let _ = write!(out, " {section}");
                }
                None => {
                    let _ = write!(out, "{}{section}", self.unit.prefix());
                }
            },
        }
        subs(&mut out, &self.subsections);
        if let Some(end) = &self.range_end {
            let _ = write!(out, " to {}", end.section);
            subs(&mut out, &end.subsections);
        }
        if self.et_seq {
            out.push_str(" et seq.");
        }
        if let Some(division) = self.division() {
            // `7 U.S.C. 612c note`; `40 C.F.R. Part 60, subpart A`, `29 C.F.R. 1910.1200,
            // appendix A`.
            // `[this act] Annex VIII, Section C`.
            let unit = ["subpart ", "appendix ", "supplement ", "Section "]
                .iter()
                .any(|unit| division.starts_with(unit));
            out.push_str(if unit { ", " } else { " " });
            out.push_str(division);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A workspace holds hundreds of thousands of citations (about 400,000 in the D.C. Code):
    /// every byte of the record is hundreds of kilobytes of the server's memory. Inline
    /// strings and the boxed [`Qualifiers`] keep it at 144 bytes (184 before).
    #[test]
    fn a_citation_record_stays_compact() {
        assert!(
            std::mem::size_of::<Citation>() <= 144,
            "Citation is {} bytes",
            std::mem::size_of::<Citation>()
        );
        let mut c = Citation {
            span: 0..5,
            group: 0..5,
            kind: CitationKind::Section,
            code: None,
            unit: Unit::Section,
            section: Some("2-532".into()),
            subsections: Vec::new(),
            range_end: None,
            relative: None,
            et_seq: false,
            short_form: None,
            antecedent: None,
            qualifiers: None,
        };
        // Setting a qualifier allocates the box; clearing the last one drops it.
        c.set_pin(Some("574"));
        assert_eq!((c.pin(), c.designator()), (Some("574"), None));
        c.set_designator(Some("Part"));
        c.set_pin(None);
        assert_eq!((c.pin(), c.designator()), (None, Some("Part")));
        c.set_designator(None);
        assert!(c.qualifiers.is_none());
    }
}
