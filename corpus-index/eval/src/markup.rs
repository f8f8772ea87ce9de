//! Extraction and resolution scored against the official reference markup of real files
//! (`lexls eval markup`).
//!
//! Publishers mark the citations of their texts: USLM `<ref href="/us/usc/t5/s301">` (the
//! Office of the Law Revision Counsel's U.S. Code, GPO's C.F.R. and Federal Register; USLM
//! User Guide, section 7, "Referencing model"), the D.C. Council's `<cite path="§1-1001.03|(a)">`
//! and `<cite doc="D.C. Law 19-124">` (Open Law Library XML), Akoma Ntoso `<ref href>`. Each
//! file is parsed as a user's file would be ([`parse_document`]), the files together form
//! the workspace citations resolve in, and every marked reference is compared with the
//! citations lexls extracted there:
//!
//! - the reference's span is the element's content in the file; the text view lexls reads
//!   has the same byte offsets as the file (markup blanked, see [`lexls_syntax::parse::markup`]), so
//!   the spans compare directly;
//! - a reference is *found* when a citation overlaps it and the citation's target agrees at
//!   the section level (USLM identifiers cut by [`section_level`]: `/us/usc/t26/s5701`,
//!   `/us/cfr/t7/pt4279`, `/us/pl/112/29`, `/us/stat/125/284`, `/us/fr/74/29408`; D.C. Code
//!   sections as `/us/dc/council/code/sections/1-1001.03`, the Council's own path; an Akoma
//!   Ntoso reference by the first component of its eId, `sec_4__subsec_1` → section 4, the
//!   work not compared, since a reference within the act names no work). A citation
//!   whose code lexls leaves open (a bare `§ 4279.116` in a Federal Register rule, which
//!   names no code of its own) agrees when the section does. *Span-found* counts any
//!   overlapping citation;
//! - *resolution*: of the references whose target section is a file of the workspace, how
//!   many have an overlapping citation that lexls resolves to that same section;
//! - *precision* only where the markup is complete: the D.C. Code marks every citation of
//!   its own sections, each item of a list separately, so a D.C. Code citation lexls finds
//!   where no `<cite>` is marked is an error. GPO and the OLRC mark most items of a list
//!   but not all, nor relative references, so precision is not reported for USLM. The
//!   citations counted are those lexls places in the citing document's own code: not a
//!   citation it resolves outside the workspace (a section of an act the text quotes or
//!   names, `section 203 of the Investment Advisers Act`), nor a provision's own heading
//!   (`§ 16-910` opening § 16-910, out of the scope of diagnostics), nor text the
//!   publisher does not mark ([`UNMARKED_NOTES`]), nor an anaphora without a number
//!   (`such section`, `thereof`; the Council marks numbers, as it marks no relative
//!   reference). The Council marks a section once in a list of its subdivisions (`§
//!   31-5604.01(1), (2), (3)`, `paragraph (3), (4), or (11) of section 11-1101`): an item
//!   of the phrase citing the section of a marked reference inside the phrase agrees. [`HalfReport::precision_as_written`]
//!   keeps the earlier measure: every non-relative citation whose number is the code's, as
//!   written, without these conventions.
//!
//! Files are split into halves per corpus: in sorted path order, even positions are the
//! development half, odd positions the measuring half.

use std::collections::{BTreeMap, HashSet};
use std::hash::{Hash, Hasher};
use std::ops::Range;
use std::path::PathBuf;
use std::sync::Arc;

use serde::Serialize;

use crate::dc_containers::{self, Contents};
use crate::xrefs::{section_level, uslm_identifier};
use lexls_ide::features::scope::{self, OutOfScope};
use lexls_index::config::Config;
use lexls_index::resolve::{ProvisionRef, Resolution};
use lexls_index::workspace::{DocEntry, Snapshot};
use lexls_syntax::citation::{Citation, CitationKind, CodeRef, ShortForm, codes};
use lexls_syntax::model::{Document, Format, Unit};
use lexls_syntax::parse::markup::{self, Dialect, Markup};
use lexls_syntax::parse::{Hints, akn, dc_library, parse_document, uslm};

/// Where the D.C. Council publishes a section: `/us/dc/council/code/sections/1-1001.03`.
const DC_SECTIONS: &str = "/us/dc/council/code/sections/";

/// Where the D.C. Council publishes a container: `/us/dc/council/code/titles/1/10/II`.
const DC_TITLES: &str = "/us/dc/council/code/titles/";

/// Notes whose citations the publisher does not mark, left out of precision: the official
/// comments of the Uniform Commercial Code in D.C. Code Title 28 (`<text type="Uniform
/// Commercial Code Comment">`), which cite the uniform act's own numbers (`Section 2-103`,
/// enacted as § 28:2-103); the Council marks 34 citations in the 7,504 comments of the
/// 2024-10-20 release, as sections of Titles 1 to 9.
const UNMARKED_NOTES: &[&str] = &["Uniform Commercial Code Comment"];

/// One file to score.
#[derive(Debug, Clone)]
pub struct Input {
    /// The file on disk (kept in the parsed document).
    pub path: PathBuf,
    /// Its path in the workspace, `/`-separated; the halves follow the sorted order of these.
    pub rel_path: String,
    /// Its contents.
    pub text: String,
}

/// The publisher's markup a file carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum Corpus {
    /// The U.S. Code (OLRC USLM, root `uscDoc`).
    #[serde(rename = "U.S. Code")]
    UsCode,
    /// The Code of Federal Regulations (GPO USLM, root `cfrDoc`).
    #[serde(rename = "C.F.R.")]
    Cfr,
    /// Federal Register issues (GPO USLM, root `frDoc`).
    #[serde(rename = "Federal Register")]
    FederalRegister,
    /// Other USLM documents (bills, public laws).
    #[serde(rename = "USLM")]
    Uslm,
    /// The D.C. Code (Open Law Library XML).
    #[serde(rename = "D.C. Code")]
    DcCode,
    /// Akoma Ntoso documents.
    #[serde(rename = "Akoma Ntoso")]
    AkomaNtoso,
}

impl Corpus {
    /// The display name (`U.S. Code`, `D.C. Code`, …).
    pub fn name(self) -> &'static str {
        match self {
            Self::UsCode => "U.S. Code",
            Self::Cfr => "C.F.R.",
            Self::FederalRegister => "Federal Register",
            Self::Uslm => "USLM",
            Self::DcCode => "D.C. Code",
            Self::AkomaNtoso => "Akoma Ntoso",
        }
    }

    /// Whether the publisher marks every citation of the kinds it marks, so that a citation
    /// lexls finds outside the markup is an error (the D.C. Code's own sections).
    pub fn complete_markup(self) -> bool {
        self == Self::DcCode
    }
}

/// One reference the publisher marked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reference {
    /// Byte range of the element's content (trimmed) in the file and its text view.
    pub span: Range<usize>,
    /// The kind of target: `usc`, `cfr`, `fed_reg`, `public_law`, `stat`,
    /// `executive_order`, `act` (USLM `/us/act/…`), `dc_code`, `dc_code_container`,
    /// `dc_session_law`, `akn`, `other`.
    pub kind: &'static str,
    /// The target at section level (see the module documentation).
    pub target: String,
    /// The attribute as written (`href`, or the `<cite>`'s `doc` and `path`).
    pub href: String,
}

/// The publisher's references of a file and the markup they come from; `None` when the file
/// is not USLM, D.C. library XML or Akoma Ntoso.
pub fn references(src: &str) -> Option<(Corpus, Vec<Reference>)> {
    let m = markup::read(src, Dialect::Xml);
    let root = m.root()?;
    let root_name = m.elements[root].name.as_str();
    if uslm::is_uslm(&m, root) {
        let corpus = match root_name {
            "uscDoc" => Corpus::UsCode,
            "cfrDoc" => Corpus::Cfr,
            "frDoc" => Corpus::FederalRegister,
            _ => Corpus::Uslm,
        };
        return Some((corpus, uslm_references(&m)));
    }
    if dc_library::is_dc_library(&m, root) {
        return Some((Corpus::DcCode, dc_references(&m)));
    }
    if akn::is_akn(&m, root) {
        return Some((Corpus::AkomaNtoso, akn_references(&m)));
    }
    None
}

fn content(m: &Markup, id: usize) -> Option<Range<usize>> {
    let span = m.trimmed(m.elements[id].inner.clone());
    (!span.is_empty()).then_some(span)
}

fn uslm_references(m: &Markup) -> Vec<Reference> {
    let mut out = Vec::new();
    for (id, e) in m.elements.iter().enumerate() {
        if e.name != "ref" {
            continue;
        }
        // Footnote markers are `<ref idref>`; only `href`s into the `/us` namespace cite law.
        let Some(href) = e.attr("href") else { continue };
        // Some GPO hrefs carry a stray space (`/us/cfr/t7 /p4279`).
        let href: String = href.chars().filter(|c| !c.is_whitespace()).collect();
        if !href.starts_with("/us/") {
            continue;
        }
        if in_contents(m, id) {
            continue;
        }
        let Some(span) = content(m, id) else { continue };
        let kind = match href.split('/').nth(2).unwrap_or("") {
            "usc" => "usc",
            "cfr" => "cfr",
            "fr" => "fed_reg",
            "pl" => "public_law",
            "stat" => "stat",
            "eo" => "executive_order",
            "act" => "act",
            _ => "other",
        };
        out.push(Reference {
            span,
            kind,
            target: uslm_target(&href),
            href,
        });
    }
    out
}

/// Whether element `id` lies in a table of contents (`<toc>`): its references are links of
/// the publisher's navigation (`316.` beside a section heading), not citations of the text.
fn in_contents(m: &Markup, id: usize) -> bool {
    let mut at = id;
    // Parents precede their children; the bound keeps a malformed tree from looping.
    while let Some(p) = m.elements[at].parent.filter(|&p| p < at) {
        if m.elements[p].name == "toc" {
            return true;
        }
        at = p;
    }
    false
}

/// The section-level target of a USLM identifier, parts of the C.F.R. written `pt` (GPO's
/// Federal Register writes `/us/cfr/t7/p4279`, the User Guide `pt`) and dashes as `-` (GPO
/// writes `/us/usc/t15/s78k–1` with an en dash). A part's appendix or subpart stays
/// (`/us/cfr/t40/pt51/appV`): it is a unit of its own, like a section.
fn uslm_target(href: &str) -> String {
    let level = plain_dashes(&section_level(href));
    let mut parts: Vec<String> = level.split('/').map(str::to_string).collect();
    // The part may carry a unit below it (`/us/cfr/t40/p51/appV`).
    if parts.get(2).is_some_and(|p| p == "cfr")
        && let Some(part) = parts.get_mut(4)
        && let Some(n) = part.strip_prefix('p')
        && n.starts_with(|c: char| c.is_ascii_digit())
    {
        *part = format!("pt{n}");
    }
    // `/us/eo/12866/s2`: the order, like a public law.
    if parts.get(2).is_some_and(|p| p == "eo") {
        parts.truncate(4);
    }
    // GPO writes the appendix of a title under the title (`/us/usc/t5/app2`, `/us/usc/t5/
    // app`); the OLRC makes it a title of its own (`/us/usc/t5a/s2`), as lexls does.
    if parts.get(2).is_some_and(|p| p == "usc")
        && parts.len() == 5
        && let Some(section) = parts[4].strip_prefix("app").map(str::to_string)
    {
        parts[3].push('a');
        parts[4] = format!("s{section}");
        if section.is_empty() {
            parts.truncate(4);
        }
    }
    parts.join("/")
}

fn dc_references(m: &Markup) -> Vec<Reference> {
    let mut out = Vec::new();
    for (id, e) in m.elements.iter().enumerate() {
        if e.name != "cite" {
            continue;
        }
        let doc = e.attr("doc").map(str::trim).filter(|d| !d.is_empty());
        let path = e.attr("path").map(str::trim).unwrap_or("");
        let (kind, target, href) = if let Some(doc) = doc {
            (
                "dc_session_law",
                act_target(doc),
                format!("doc={doc} path={path}"),
            )
        } else if let Some(section) = path.strip_prefix('§') {
            let section = section.split('|').next().unwrap_or("").trim();
            if section.is_empty() {
                continue;
            }
            (
                "dc_code",
                format!("{DC_SECTIONS}{section}"),
                path.to_string(),
            )
        } else if !path.is_empty() {
            (
                "dc_code_container",
                format!("{DC_TITLES}{}", path.replace('|', "/")),
                path.to_string(),
            )
        } else {
            continue;
        };
        let Some(span) = content(m, id) else { continue };
        out.push(Reference {
            span,
            kind,
            target,
            href,
        });
    }
    out
}

/// `s` with the dashes of section numbers (en dash, em dash, non-breaking hyphen) as `-`.
fn plain_dashes(s: &str) -> String {
    s.replace(
        ['\u{2010}', '\u{2011}', '\u{2012}', '\u{2013}', '\u{2014}'],
        "-",
    )
}

/// An act named by its designation (`D.C. Law 19-124`, `D.C. Act 24-159`): letters and
/// digits only, lower-cased, so that `D.C.Law 19-124` is the same act.
fn act_target(name: &str) -> String {
    let key: String = name
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == '-')
        .flat_map(char::to_lowercase)
        .collect();
    format!("act:{key}")
}

fn akn_references(m: &Markup) -> Vec<Reference> {
    let mut out = Vec::new();
    for (id, e) in m.elements.iter().enumerate() {
        if e.name != "ref" {
            continue;
        }
        let Some(href) = e.attr("href").map(str::trim).filter(|h| !h.is_empty()) else {
            continue;
        };
        let Some(span) = content(m, id) else { continue };
        out.push(Reference {
            span,
            kind: "akn",
            target: akn_target(href),
            href: href.to_string(),
        });
    }
    out
}

/// The provision an Akoma Ntoso reference points to, at the level of its first eId component
/// (Akoma Ntoso Naming Convention 3.0, § 4: `art_6__para_1` → `?/art_6`, `sec_23__subsec_1`
/// → `?/s23`), or of legislation.gov.uk's identifier path (`…/ukpga/1998/42/section/3/2` →
/// `?/s3`); the work is not compared.
fn akn_target(href: &str) -> String {
    if let Some((_, path)) = href.split_once("/section/") {
        let number = path.split(['/', '#', '?']).next().unwrap_or(path);
        return format!("?/s{number}");
    }
    let eid = href.rsplit(['#', '~', '/']).next().unwrap_or(href);
    let first = eid.split("__").next().unwrap_or(eid);
    match first.strip_prefix("sec_") {
        Some(number) => format!("?/s{number}"),
        None => format!("?/{first}"),
    }
}

/// The Akoma Ntoso eId form of the provision a citation names, whatever its code (`section
/// 15` of `Act 68 of 1984, section 15` → `eid:s15`, `Article 6(1)` → `eid:art_6`), which
/// only an Akoma Ntoso reference's target ([`akn_target`]) agrees with.
fn eid_target(c: &Citation) -> Option<String> {
    let section = c.section.as_deref()?;
    match c.unit {
        Unit::Section => Some(format!("eid:s{section}")),
        Unit::Article => Some(format!("eid:art_{section}")),
        _ => None,
    }
}

/// Recall of one kind of reference.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct Recall {
    /// References marked.
    pub references: usize,
    /// Found: an overlapping citation whose target agrees.
    pub found: usize,
    /// An overlapping citation, whatever its target.
    pub span_found: usize,
    /// `found / references`.
    pub recall: f64,
    /// `span_found / references`.
    pub span_recall: f64,
}

impl Recall {
    fn add(&mut self, found: bool, span_found: bool) {
        self.references += 1;
        self.found += usize::from(found);
        self.span_found += usize::from(span_found);
    }

    fn finish(&mut self) {
        self.recall = ratio(self.found, self.references);
        self.span_recall = ratio(self.span_found, self.references);
    }
}

/// Resolution of references whose target is a file of the workspace.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct ResolutionScore {
    /// References whose target section is in the workspace.
    pub in_workspace: usize,
    /// Of those, the ones an overlapping citation resolves to that section.
    pub resolved_same: usize,
    /// `resolved_same / in_workspace`.
    pub accuracy: f64,
}

/// Precision of the citations lexls finds, where the markup is complete.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct Precision {
    /// Citations lexls finds of the kinds the publisher marks completely (non-relative
    /// citations of the corpus's own sections).
    pub citations: usize,
    /// Overlapping a reference whose target agrees.
    pub correct: usize,
    /// Overlapping any reference.
    pub span_correct: usize,
    /// `correct / citations`.
    pub precision: f64,
    /// `span_correct / citations`.
    pub span_precision: f64,
}

/// The scores of one half of one corpus.
#[derive(Debug, Clone, Default, Serialize)]
pub struct HalfReport {
    /// Files in the half.
    pub files: usize,
    /// All kinds together.
    pub total: Recall,
    /// Per kind of reference.
    pub per_kind: BTreeMap<String, Recall>,
    /// Resolution of the references whose target is in the workspace.
    pub resolution: ResolutionScore,
    /// Present where the markup is complete ([`Corpus::complete_markup`]): the citations
    /// lexls places in the citing document's own code (see the module documentation).
    pub precision: Option<Precision>,
    /// The measure of earlier sessions: every non-relative citation whose number, as
    /// written, is of the citing document's own code, without the conventions of
    /// [`HalfReport::precision`].
    pub precision_as_written: Option<Precision>,
}

/// The scores of one corpus.
#[derive(Debug, Clone, Serialize)]
pub struct CorpusReport {
    /// The corpus.
    pub corpus: Corpus,
    /// Whether precision is reported (the markup marks every citation of its kinds).
    pub complete_markup: bool,
    /// Files at even positions of the corpus's sorted paths.
    pub development: HalfReport,
    /// Files at odd positions.
    pub measuring: HalfReport,
}

/// A reference lexls did not find (or a citation found where none is marked).
#[derive(Debug, Clone, Serialize)]
pub struct Miss {
    /// The file.
    pub file: String,
    /// `development` or `measuring`.
    pub half: &'static str,
    /// `missed` (no overlapping citation), `wrong_target` (overlap, target disagrees),
    /// `resolved_elsewhere` (read right, but not resolved to the marked section the workspace
    /// holds) or `unmarked` (a citation of the corpus's own sections where none is marked).
    pub failure: &'static str,
    /// The reference's kind (for an unmarked citation, `dc_code`).
    pub kind: &'static str,
    /// The publisher's target (for an unmarked citation, lexls's).
    pub target: String,
    /// The text marked (or cited).
    pub text: String,
    /// The text around it, on one line.
    pub context: String,
    /// Citations lexls found overlapping it: `raw → target`.
    pub lexls: Vec<String>,
}

/// How often a form of miss occurs: the marked text with digits as `9` and roman numerals
/// kept (`§ 9-9.9(a)`, `section 9 of this title`).
#[derive(Debug, Clone, Serialize)]
pub struct MissClass {
    /// The corpus.
    pub corpus: Corpus,
    /// The kind of reference.
    pub kind: &'static str,
    /// The shape of the marked text.
    pub shape: String,
    /// `missed`, `wrong_target`, `resolved_elsewhere` or `unmarked` (see [`Miss::failure`]).
    pub failure: &'static str,
    /// Occurrences over both halves.
    pub count: usize,
}

/// A citation lexls resolved, drawn for judging by hand.
#[derive(Debug, Clone, Serialize)]
pub struct ResolvedSample {
    /// The file.
    pub file: String,
    /// The text cited.
    pub raw: String,
    /// The text around it, on one line, the citation between `⟦ ⟧`.
    pub context: String,
    /// Where lexls resolved it: namespace, provision and its section's heading.
    pub target: String,
    /// The publisher's targets of references overlapping it (empty: none marked).
    pub marked: Vec<String>,
    /// A relative reference or short form (`subsection (b) of this section`, `such
    /// section`), which publishers rarely mark.
    pub relative: bool,
    /// It stands in a note (history, editor's notes).
    pub in_note: bool,
}

/// The report of `lexls eval markup`.
#[derive(Debug, Clone, Default, Serialize)]
pub struct MarkupReport {
    /// Files read.
    pub files: usize,
    /// Files without publisher markup lexls knows (plain text, HTML, other XML).
    pub files_without_markup: usize,
    /// Per corpus.
    pub corpora: Vec<CorpusReport>,
    /// The most frequent forms of misses, most frequent first.
    pub miss_classes: Vec<MissClass>,
    /// Misses, a sample of at most `max_misses` per corpus, kind and failure spread over
    /// the files.
    pub misses: Vec<Miss>,
    /// Resolved citations of the measuring halves drawn at random for judging by hand (see
    /// [`evaluate_sampled`]), at most the number asked per corpus.
    pub resolved_sample: Vec<ResolvedSample>,
}

/// Scores every input (see the module documentation). `max_misses` bounds the misses listed
/// per corpus, kind and failure; `threads` parses in parallel (at least one).
pub fn evaluate(inputs: Vec<Input>, max_misses: usize, threads: usize) -> MarkupReport {
    evaluate_sampled(inputs, max_misses, threads, 0)
}

/// [`evaluate`], also drawing `resolved_sample` citations at random (a fixed hash of file and
/// position: the same sample every run) among those lexls resolves to a provision of the
/// workspace in the measuring half of each corpus, for judging by hand
/// ([`MarkupReport::resolved_sample`]).
pub fn evaluate_sampled(
    inputs: Vec<Input>,
    max_misses: usize,
    threads: usize,
    resolved_sample: usize,
) -> MarkupReport {
    let mut inputs = inputs;
    inputs.sort_by(|a, b| a.rel_path.cmp(&b.rel_path));
    inputs.dedup_by(|a, b| a.rel_path == b.rel_path);
    let parsed = parse_all(inputs, threads.max(1));
    let mut report = MarkupReport {
        files: parsed.len(),
        ..MarkupReport::default()
    };
    let mut entries = Vec::with_capacity(parsed.len());
    let mut markup: BTreeMap<String, Marked> = BTreeMap::new();
    for (entry, refs) in parsed {
        match refs {
            Some(r) => {
                markup.insert(entry.doc.rel_path.clone(), r);
            }
            None => report.files_without_markup += 1,
        }
        entries.push(entry);
    }
    let root = std::path::Path::new("");
    let snap = Snapshot::build(root, Arc::new(Config::default()), entries, None);
    let workspace_sections: HashSet<String> = snap
        .docs
        .iter()
        .flat_map(|d| {
            d.sections()
                .filter_map(|s| namespace_id(&d.namespace, &d.provisions[s].number))
                .collect::<Vec<_>>()
        })
        .collect();
    let contents = dc_containers::Contents::of(&snap);
    // Position of each file among its corpus's files, in sorted path order.
    let mut position: BTreeMap<Corpus, usize> = BTreeMap::new();
    let mut halves: BTreeMap<Corpus, [HalfReport; 2]> = BTreeMap::new();
    let mut misses: BTreeMap<(Corpus, &'static str, &'static str), Vec<Miss>> = BTreeMap::new();
    // (hash, corpus, document, citation) of every resolved citation of a measuring half.
    let mut drawn: Vec<(u64, Corpus, usize, usize)> = Vec::new();
    for (doc_id, doc) in snap.docs.iter().enumerate() {
        let Some((corpus, refs)) = markup.get(&doc.rel_path) else {
            continue;
        };
        let pos = position.entry(*corpus).or_default();
        let half_index = *pos % 2;
        *pos += 1;
        let half_name = if half_index == 0 {
            "development"
        } else {
            "measuring"
        };
        let half = &mut halves.entry(*corpus).or_default()[half_index];
        half.files += 1;
        let cites = scored_citations(&snap, doc_id, &contents);
        if half_index == 1 && resolved_sample > 0 {
            for (i, r) in snap.resolutions[doc_id].iter().enumerate() {
                if matches!(r, Resolution::Resolved { .. }) {
                    let mut h = std::hash::DefaultHasher::new();
                    (&doc.rel_path, i).hash(&mut h);
                    drawn.push((h.finish(), *corpus, doc_id, i));
                }
            }
        }
        for r in refs {
            let overlapping: Vec<&Scored> = cites
                .iter()
                .filter(|c| c.span.start < r.span.end && r.span.start < c.span.end)
                .collect();
            let found = overlapping.iter().any(|c| {
                c.cited
                    .iter()
                    .chain(&c.resolved)
                    .any(|t| agrees(&r.target, t))
            });
            let span_found = !overlapping.is_empty();
            half.total.add(found, span_found);
            half.per_kind
                .entry(r.kind.to_string())
                .or_default()
                .add(found, span_found);
            let mut failure = None;
            if workspace_sections.contains(&r.target) {
                half.resolution.in_workspace += 1;
                if overlapping.iter().any(|c| c.resolved.contains(&r.target)) {
                    half.resolution.resolved_same += 1;
                } else if found {
                    // Read right, but resolved elsewhere (or not at all) in the workspace.
                    failure = Some("resolved_elsewhere");
                }
            }
            if !found {
                failure = Some(if span_found { "wrong_target" } else { "missed" });
            }
            if let Some(failure) = failure {
                misses
                    .entry((*corpus, r.kind, failure))
                    .or_default()
                    .push(Miss {
                        file: doc.rel_path.clone(),
                        half: half_name,
                        failure,
                        kind: r.kind,
                        target: r.target.clone(),
                        text: snippet(&doc.text, r.span.clone()),
                        context: context(&doc.text, r.span.clone()),
                        lexls: overlapping.iter().map(|c| c.describe()).collect(),
                    });
            }
        }
        if corpus.complete_markup() {
            let as_written = half
                .precision_as_written
                .get_or_insert_with(Precision::default);
            for c in cites.iter().filter(|c| c.own_code_as_written) {
                let marked: Vec<&Reference> = refs
                    .iter()
                    .filter(|r| c.span.start < r.span.end && r.span.start < c.span.end)
                    .collect();
                let correct = marked.iter().any(|r| {
                    c.cited
                        .iter()
                        .chain(&c.resolved)
                        .any(|t| agrees(&r.target, t))
                });
                as_written.citations += 1;
                as_written.correct += usize::from(correct);
                as_written.span_correct += usize::from(!marked.is_empty());
                if !c.own_code_section {
                    continue;
                }
                // The section is marked once for the phrase (`§ 31-5604.01(1), (2)`,
                // `paragraph (3), (4), or (11) of section 11-1101`).
                let continues_list = marked.is_empty()
                    && refs.iter().any(|r| {
                        c.group.start < r.span.end
                            && r.span.start < c.group.end
                            && c.cited
                                .iter()
                                .chain(&c.resolved)
                                .any(|t| agrees(&r.target, t))
                    });
                let precision = half.precision.get_or_insert_with(Precision::default);
                precision.citations += 1;
                precision.correct += usize::from(correct || continues_list);
                precision.span_correct += usize::from(!marked.is_empty() || continues_list);
                if marked.is_empty() && !continues_list {
                    misses
                        .entry((*corpus, "dc_code", "unmarked"))
                        .or_default()
                        .push(Miss {
                            file: doc.rel_path.clone(),
                            half: half_name,
                            failure: "unmarked",
                            kind: "dc_code",
                            target: c.cited.first().cloned().unwrap_or_default(),
                            text: snippet(&doc.text, c.span.clone()),
                            context: context(&doc.text, c.span.clone()),
                            lexls: vec![c.describe()],
                        });
                }
            }
        }
    }
    for (corpus, [mut dev, mut meas]) in halves {
        for h in [&mut dev, &mut meas] {
            h.total.finish();
            h.per_kind.values_mut().for_each(Recall::finish);
            h.resolution.accuracy = ratio(h.resolution.resolved_same, h.resolution.in_workspace);
            for p in [&mut h.precision, &mut h.precision_as_written]
                .into_iter()
                .flatten()
            {
                p.precision = ratio(p.correct, p.citations);
                p.span_precision = ratio(p.span_correct, p.citations);
            }
        }
        report.corpora.push(CorpusReport {
            corpus,
            complete_markup: corpus.complete_markup(),
            development: dev,
            measuring: meas,
        });
    }
    let mut classes: BTreeMap<(Corpus, &'static str, String, &'static str), usize> =
        BTreeMap::new();
    for ((corpus, kind, failure), list) in &misses {
        for m in list {
            *classes
                .entry((*corpus, kind, shape(&m.text), failure))
                .or_default() += 1;
        }
    }
    let mut classes: Vec<MissClass> = classes
        .into_iter()
        .map(|((corpus, kind, shape, failure), count)| MissClass {
            corpus,
            kind,
            shape,
            failure,
            count,
        })
        .collect();
    classes.sort_by(|a, b| b.count.cmp(&a.count).then(a.shape.cmp(&b.shape)));
    classes.truncate(100);
    report.miss_classes = classes;
    for list in misses.into_values() {
        report.misses.extend(spread(list, max_misses));
    }
    drawn.sort_unstable();
    let mut per_corpus: BTreeMap<Corpus, usize> = BTreeMap::new();
    for (_, corpus, doc_id, i) in drawn {
        let taken = per_corpus.entry(corpus).or_default();
        if *taken >= resolved_sample {
            continue;
        }
        *taken += 1;
        if let Some(sample) = resolved_sample_of(&snap, &markup, doc_id, i) {
            report.resolved_sample.push(sample);
        }
    }
    report
}

/// Citation `i` of document `doc_id`, resolved, as shown for judging.
fn resolved_sample_of(
    snap: &Snapshot,
    markup: &BTreeMap<String, Marked>,
    doc_id: usize,
    i: usize,
) -> Option<ResolvedSample> {
    let doc = snap.docs.get(doc_id)?;
    let c = doc.citations.get(i)?;
    let Some(Resolution::Resolved { target, .. }) = snap.resolutions.get(doc_id)?.get(i) else {
        return None;
    };
    let target_doc = snap.docs.get(target.doc)?;
    let heading = target_doc.provisions[target_doc.section_of(target.provision)]
        .heading
        .clone()
        .unwrap_or_default();
    let marked = markup
        .get(&doc.rel_path)
        .map(|(_, refs)| {
            refs.iter()
                .filter(|r| c.span.start < r.span.end && r.span.start < c.span.end)
                .map(|r| r.target.clone())
                .collect()
        })
        .unwrap_or_default();
    Some(ResolvedSample {
        file: doc.rel_path.clone(),
        raw: snippet(&doc.text, c.span.clone()),
        context: context(&doc.text, c.span.clone()),
        target: format!(
            "{} {} — {}",
            target_doc.namespace,
            target_doc.display_path(target.provision),
            cut(&heading, 80)
        ),
        marked,
        relative: c.relative.is_some() || c.short_form.is_some(),
        in_note: doc.note_at(c.span.start).is_some(),
    })
}

/// A file's corpus and references.
type Marked = (Corpus, Vec<Reference>);

fn parse_all(inputs: Vec<Input>, threads: usize) -> Vec<(DocEntry, Option<Marked>)> {
    let parse = |input: Input| {
        let format = std::path::Path::new(&input.rel_path)
            .extension()
            .and_then(|e| e.to_str())
            .and_then(Format::from_extension)
            .unwrap_or(Format::Text);
        let refs = matches!(format, Format::Xml)
            .then(|| references(&input.text))
            .flatten();
        let doc = parse_document(
            &input.path,
            &input.rel_path,
            input.text,
            format,
            &Hints::default(),
            Vec::new(),
        );
        (DocEntry::new(doc), refs)
    };
    if threads <= 1 || inputs.len() < 2 {
        return inputs.into_iter().map(parse).collect();
    }
    let chunk = inputs.len().div_ceil(threads);
    let mut chunks: Vec<Vec<Input>> = Vec::new();
    let mut rest = inputs;
    while !rest.is_empty() {
        let tail = rest.split_off(chunk.min(rest.len()));
        chunks.push(rest);
        rest = tail;
    }
    std::thread::scope(|s| {
        let handles: Vec<_> = chunks
            .into_iter()
            .map(|c| s.spawn(move || c.into_iter().map(parse).collect::<Vec<_>>()))
            .collect();
        handles
            .into_iter()
            // A panic in a parser is a bug lexls's fuzzing guards against; it is re-raised.
            .flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}

/// A citation of a file with its targets in the identifiers of the markup.
struct Scored {
    span: Range<usize>,
    /// Targets as written (start, and end of a range), section level.
    cited: Vec<String>,
    /// Targets lexls resolved to in the workspace (start, and end of a range).
    resolved: Vec<String>,
    /// A non-relative citation whose number, as written, is of the citing document's own
    /// code (the measure of [`HalfReport::precision_as_written`]).
    own_code_as_written: bool,
    /// Of those, one lexls places in that code, outside the provision's own heading and
    /// the notes the publisher does not mark (see the module documentation).
    own_code_section: bool,
    /// The phrase it is an item of.
    group: Range<usize>,
    raw: String,
}

impl Scored {
    fn describe(&self) -> String {
        let target = self
            .resolved
            .first()
            .or(self.cited.first())
            .map_or("?", String::as_str);
        format!("{} → {target}", self.raw)
    }
}

fn scored_citations(snap: &Snapshot, doc_id: usize, contents: &Contents) -> Vec<Scored> {
    let doc = &snap.docs[doc_id];
    let own = own_scheme(&doc.namespace);
    doc.citations
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let mut cited: Vec<String> = cited_id(doc, c, 0).into_iter().collect();
            if let Some(end) = &c.range_end {
                let mut last = c.clone();
                last.section = Some(end.section.clone());
                cited.extend(cited_id(doc, &last, 0));
            }
            cited.extend(eid_target(c));
            let mut cited: Vec<String> = cited.iter().map(|t| plain_dashes(t)).collect();
            // `Chapter 10 of Title 1`, `this subchapter`: a container of the D.C. Code.
            if cited.is_empty()
                && doc.namespace == dc_library::DC_CODE
                && let Some(division) = c.division()
                && let Some(path) = contents.target(division, &doc.rel_path)
            {
                cited.push(format!("{DC_TITLES}{path}"));
            }
            let mut resolved = Vec::new();
            let resolution = snap.resolutions.get(doc_id).and_then(|r| r.get(i));
            match resolution {
                Some(Resolution::Resolved {
                    target, covered, ..
                }) => {
                    resolved.extend(provision_id(snap, *target));
                    resolved.extend(covered.last().and_then(|p| provision_id(snap, *p)));
                }
                Some(Resolution::MissingSubsection { deepest, .. }) => {
                    resolved.extend(provision_id(snap, *deepest));
                }
                _ => {}
            }
            let own_code_as_written = c.relative.is_none()
                && c.short_form != Some(ShortForm::ActSection)
                && own.is_some_and(|o| cited.iter().any(|t| t.starts_with(o)));
            let placed_in_code = !matches!(
                resolution,
                Some(Resolution::External { .. } | Resolution::Unanchored) | None
            );
            let unmarked_note = doc
                .note_at(c.span.start)
                .is_some_and(|n| UNMARKED_NOTES.contains(&n.kind.as_str()));
            let heading = scope::out_of_scope(doc, c, true) == Some(OutOfScope::Heading);
            Scored {
                span: c.span.clone(),
                cited,
                resolved,
                own_code_as_written,
                own_code_section: own_code_as_written
                    && c.short_form != Some(ShortForm::That)
                    && placed_in_code
                    && !unmarked_note
                    && !heading,
                group: c.group.clone(),
                raw: snippet(&doc.text, c.span.clone()),
            }
        })
        .collect()
}

/// The identifier prefix of a namespace's sections, where the markup has one.
fn own_scheme(namespace: &str) -> Option<&'static str> {
    (namespace == dc_library::DC_CODE).then_some(DC_SECTIONS)
}

/// The identifier of section `number` of `namespace` (`35 U.S.C.` → `/us/usc/t35/s122`,
/// `D.C. Code` → `/us/dc/council/code/sections/1-1001.03`).
fn namespace_id(namespace: &str, number: &str) -> Option<String> {
    if namespace == dc_library::DC_CODE {
        return Some(format!("{DC_SECTIONS}{number}"));
    }
    let code = codes::canonical_code(namespace)?;
    let title: String = code
        .name
        .chars()
        .take_while(char::is_ascii_alphanumeric)
        .collect();
    match code.family {
        codes::CodeFamily::Usc => Some(format!("/us/usc/t{title}/s{number}")),
        codes::CodeFamily::Cfr => Some(format!("/us/cfr/t{title}/s{number}")),
        _ => None,
    }
}

/// The section a resolved citation lands in.
fn provision_id(snap: &Snapshot, r: ProvisionRef) -> Option<String> {
    let doc = snap.docs.get(r.doc)?;
    if r.provision >= doc.provisions.len() {
        return None;
    }
    let section = doc.section_of(r.provision);
    namespace_id(&doc.namespace, &doc.provisions[section].number)
}

/// The target of a citation as written, at section level, in the markup's identifiers;
/// `?/s4279.116` when the code is left open.
fn cited_id(doc: &Document, c: &Citation, depth: usize) -> Option<String> {
    if c.short_form == Some(ShortForm::ActSection)
        && depth < 4
        && let Some(a) = c.antecedent.and_then(|a| doc.citations.get(a))
    {
        // `Pub. L. 94–546, § 1(1)`: a section of the act, scored as the act.
        return cited_id(doc, a, depth + 1);
    }
    match c.kind {
        CitationKind::Usc
        | CitationKind::Cfr
        | CitationKind::Stat
        | CitationKind::FedReg
        | CitationKind::PublicLaw => {
            if c.section.is_none()
                && let Some(CodeRef::Named(code)) = &c.code
            {
                // `Title 49 of the United States Code`, `title 14 CFR`.
                let title: String = code
                    .chars()
                    .take_while(char::is_ascii_alphanumeric)
                    .collect();
                return match c.kind {
                    // With its appendix (`5 U.S.C. App.`) or chapter (`44 U.S.C. ch. 35`).
                    CitationKind::Usc => uslm_identifier(c).map(|i| uslm_target(&i)),
                    CitationKind::Cfr => Some(format!("/us/cfr/t{title}")),
                    _ => uslm_identifier(c).map(|i| uslm_target(&i)),
                };
            }
            let id = uslm_identifier(c).map(|i| uslm_target(&i))?;
            // `40 CFR part 51 Appendix V`: the part's unit, as GPO marks it (`appV`, `spB`).
            if c.kind == CitationKind::Cfr
                && id.contains("/pt")
                && let Some(unit) = c.division().and_then(cfr_unit_id)
            {
                return Some(format!("{id}/{unit}"));
            }
            // The C.F.R. numbers sections `part.section` (Document Drafting Handbook, ch. 2):
            // `12 CFR 708` cites a part.
            if c.kind == CitationKind::Cfr
                && let Some((code, number)) = id.rsplit_once("/s")
                && !number.contains('.')
                && number.starts_with(|ch: char| ch.is_ascii_digit())
            {
                return Some(format!("{code}/pt{number}"));
            }
            Some(id)
        }
        // `Executive Order 12866`: `/us/eo/12866`; a section of the order is scored as the
        // order.
        CitationKind::ExecutiveOrder => uslm_identifier(c).map(|i| uslm_target(&i)),
        CitationKind::EuArticle => {
            let section = c.section.as_deref()?;
            let prefix = match c.unit {
                Unit::Article => "art",
                Unit::Annex => "anx",
                Unit::Recital => "rct",
                Unit::Section => "sec",
            };
            Some(format!("?/{prefix}_{section}"))
        }
        _ => {
            let section = c.section.as_deref();
            // `Aug. 14, 1935, ch. 531, § 5`: the act, as USLM identifies it.
            if let Some(id) = c
                .named_code()
                .and_then(lexls_syntax::citation::dated_act::uslm_identifier)
            {
                return Some(id);
            }
            match (&c.code, section) {
                (Some(CodeRef::Named(code)), Some(s)) => {
                    namespace_id(code, s).or_else(|| Some(format!("{}/s{s}", act_target(code))))
                }
                (Some(CodeRef::Named(code)), None) => Some(act_target(code)),
                // A bare part of the C.F.R. whose title the text leaves open.
                (_, Some(s)) if c.designator() == Some("Part") => Some(format!("?/pt{s}")),
                (_, Some(s)) => namespace_id(&doc.namespace, s).or_else(|| Some(format!("?/s{s}"))),
                (_, None) => None,
            }
        }
    }
}

/// The USLM step of a C.F.R. part's unit as lexls writes it in a citation's division:
/// `appendix V` → `appV`, `subpart B` → `spB`; none for other divisions.
fn cfr_unit_id(division: &str) -> Option<String> {
    let (word, designation) = division.split_once(' ')?;
    let step = match word {
        "appendix" | "app." => "app",
        "subpart" | "subpt." => "sp",
        _ => return None,
    };
    (!designation.is_empty() && !designation.contains(' ')).then(|| format!("{step}{designation}"))
}

/// Whether lexls's target `found` agrees with the publisher's `marked` at section level: the
/// same identifier, an act's section for the act (`act:dclaw19-124/s5` for
/// `act:dclaw19-124`), or an open code (`?/s71.1`) with the same last part.
fn agrees(marked: &str, found: &str) -> bool {
    if marked == found {
        return true;
    }
    // An Akoma Ntoso reference names the provision by its eId; the work is not compared.
    if let (Some(eid), Some(cited)) = (marked.strip_prefix("?/"), found.strip_prefix("eid:")) {
        return eid == cited;
    }
    // GPO and the OLRC mark a range as one identifier (`/us/usc/t5/s601–612`, `/us/usc/t42/
    // s4321–4370f`, `/us/stat/90/2541–2602`): its first section agrees.
    if let Some((start, end)) = marked.rsplit_once('-')
        && let Some((_, last)) = start.rsplit_once('/')
        && is_range(
            last.strip_prefix('s').unwrap_or(last),
            end,
            marked.contains("/cfr/"),
        )
        && agrees(start, found)
    {
        return true;
    }
    if let Some(rest) = found.strip_prefix(marked) {
        // A title marked where it names the code of the section cited (`4686 of title 10,
        // United States Code`, GPO's markup of the title alone) agrees with that section.
        let whole_title = (marked.starts_with("/us/usc/t") || marked.starts_with("/us/cfr/t"))
            && marked.matches('/').count() == 3;
        // A C.F.R. part marked where the citation names its subpart or appendix (`subpart B
        // of part 52`, GPO's markup of the part alone).
        let whole_part = marked.starts_with("/us/cfr/t")
            && marked.matches('/').count() == 4
            && marked
                .rsplit('/')
                .next()
                .is_some_and(|p| p.starts_with("pt"));
        // A D.C. container marked where the citation names a division inside it (`Unit A of
        // <cite path="titles/2/3">Chapter 3 of Title 2</cite>`, `subchapter VIII-B of Chapter
        // 6 of Title 1`): the division lies in the container the Council marked.
        let dc_container = marked.starts_with("/us/dc/council/code/titles/");
        return (marked.starts_with("act:") && rest.starts_with("/s"))
            || ((whole_title || whole_part || dc_container) && rest.starts_with('/'));
    }
    if let Some(last) = found.strip_prefix("?/") {
        return marked.rsplit('/').next() == Some(last);
    }
    false
}

/// Whether `first-last` is a range rather than one hyphenated number, by the numbering of
/// the code (as `lexls_syntax` reads ranges): in the C.F.R. both ends are sections of one
/// part (`40.21-40.25a`; `1.41-2` is a Treasury section); elsewhere a hyphen after digits
/// starts the end of a range (`601-612`, `2511-18`, `4321-4370f`), and after a letter it
/// does when the end has as many leading digits (`791a-825r`; `78k-1`, `1320a-7b` are
/// sections inserted after a lettered one).
fn is_range(first: &str, last: &str, cfr: bool) -> bool {
    let digits = |s: &str| s.chars().take_while(char::is_ascii_digit).count();
    if cfr {
        return matches!(
            (first.split_once('.'), last.split_once('.')),
            (Some((a, _)), Some((b, _))) if a == b && digits(a) > 0
        );
    }
    let lead = digits(first);
    lead > 0 && digits(last) > 0 && (lead == first.len() || digits(last) == lead)
}

fn ratio(a: usize, b: usize) -> f64 {
    if b == 0 { 1.0 } else { a as f64 / b as f64 }
}

/// The text of `span`, on one line, at most 120 bytes.
fn snippet(text: &str, span: Range<usize>) -> String {
    let s = text.get(span).unwrap_or("");
    let one: String = s.split_whitespace().collect::<Vec<_>>().join(" ");
    cut(&one, 120)
}

/// Up to 80 bytes either side of `span`, on one line, the span between `⟦ ⟧`.
fn context(text: &str, span: Range<usize>) -> String {
    let floor = |i: usize| lexls_syntax::line_index::floor_char_boundary(text, i.min(text.len()));
    let start = floor(span.start.saturating_sub(80));
    let end = floor(span.end.saturating_add(80));
    let (a, b) = (floor(span.start), floor(span.end));
    let squash = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    format!(
        "{} ⟦{}⟧ {}",
        squash(text.get(start..a).unwrap_or("")),
        squash(text.get(a..b).unwrap_or("")),
        squash(text.get(b..end).unwrap_or(""))
    )
}

fn cut(s: &str, max: usize) -> String {
    if s.len() <= max {
        return s.to_string();
    }
    let end = lexls_syntax::line_index::floor_char_boundary(s, max);
    format!("{}…", &s[..end])
}

/// The form of a marked text: digits as `9` (runs kept as one), everything else as written.
fn shape(text: &str) -> String {
    let mut out = String::new();
    let mut last_digit = false;
    for ch in text.chars() {
        if ch.is_ascii_digit() {
            if !last_digit {
                out.push('9');
            }
            last_digit = true;
        } else {
            out.push(ch);
            last_digit = false;
        }
    }
    cut(&out, 60)
}

/// At most `max` items spread evenly over `list`.
fn spread(list: Vec<Miss>, max: usize) -> Vec<Miss> {
    if list.len() <= max {
        return list;
    }
    if max == 0 {
        return Vec::new();
    }
    let step = list.len().div_ceil(max);
    list.into_iter().step_by(step).take(max).collect()
}

#[cfg(test)]
#[path = "markup_tests.rs"]
mod fixture_tests;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uslm_targets_are_cut_to_sections_and_parts() {
        assert_eq!(uslm_target("/us/cfr/t7/p4279"), "/us/cfr/t7/pt4279");
        assert_eq!(
            uslm_target("/us/cfr/t7/s4279.116/b"),
            "/us/cfr/t7/s4279.116"
        );
        assert_eq!(uslm_target("/us/pl/112/29/s3/b"), "/us/pl/112/29");
        assert_eq!(uslm_target("/us/eo/12866"), "/us/eo/12866");
        // GPO's appendix of a title is the OLRC's title of its own.
        assert_eq!(uslm_target("/us/usc/t5/app2"), "/us/usc/t5a/s2");
        assert_eq!(uslm_target("/us/usc/t5/app"), "/us/usc/t5a");
        assert_eq!(uslm_target("/us/usc/t44/ch35"), "/us/usc/t44/ch35");
        // A part's appendix or subpart (GPO's Federal Register, 82 FR 45481).
        assert_eq!(uslm_target("/us/cfr/t40/p51/appV"), "/us/cfr/t40/pt51/appV");
    }

    #[test]
    fn a_part_marked_agrees_with_its_units() {
        assert!(agrees("/us/cfr/t40/pt52", "/us/cfr/t40/pt52/spB"));
        assert!(!agrees("/us/cfr/t40/pt52/spB", "/us/cfr/t40/pt52"));
        assert!(!agrees("/us/cfr/t40/pt5", "/us/cfr/t40/pt52/spB"));
        assert_eq!(cfr_unit_id("appendix V").as_deref(), Some("appV"));
        assert_eq!(cfr_unit_id("subpart OOOOa").as_deref(), Some("spOOOOa"));
        assert_eq!(cfr_unit_id("ch. 35"), None);
    }

    #[test]
    fn open_codes_agree_by_section_only() {
        assert!(agrees("/us/cfr/t14/s71.1", "?/s71.1"));
        assert!(!agrees("/us/cfr/t14/s71.1", "?/s71.11"));
        assert!(agrees("act:dclaw19-124", "act:dclaw19-124/s501"));
        assert!(!agrees("/us/usc/t35/s12", "/us/usc/t35/s122"));
        // A title marked where it closes a list of its sections (27 C.F.R. § 555.141:
        // `section 4684(2), 4685, or 4686 of title 10, United States Code`).
        assert!(agrees("/us/usc/t10", "/us/usc/t10/s4686"));
        assert!(!agrees("/us/usc/t1", "/us/usc/t10/s4686"));
        // A D.C. chapter marked inside `Unit A of Chapter 3 of Title 2`.
        let chapter = "/us/dc/council/code/titles/2/3";
        assert!(agrees(chapter, "/us/dc/council/code/titles/2/3/A"));
        assert!(!agrees(chapter, "/us/dc/council/code/titles/2/30"));
        assert!(!agrees("/us/dc/council/code/titles/2/3/A", chapter));
        // GPO's range identifiers agree with their first section; a hyphenated section
        // number (`78k-1`) is not a range.
        assert!(agrees(
            &uslm_target("/us/usc/t5/s601–612"),
            "/us/usc/t5/s601"
        ));
        assert!(agrees(
            &uslm_target("/us/stat/90/2541–2602"),
            "/us/stat/90/2541"
        ));
        assert!(agrees(
            &uslm_target("/us/usc/t15/s78k–1"),
            "/us/usc/t15/s78k-1"
        ));
        assert!(!agrees(
            &uslm_target("/us/usc/t15/s78k–1"),
            "/us/usc/t15/s78k"
        ));
        // Ranges whose ends carry letters; sections inserted after a lettered one and
        // Treasury sections are not ranges.
        assert!(agrees(
            &uslm_target("/us/usc/t42/s4321–4370f"),
            "/us/usc/t42/s4321"
        ));
        assert!(agrees(
            &uslm_target("/us/usc/t16/s791a–825r"),
            "/us/usc/t16/s791a"
        ));
        assert!(!agrees("/us/usc/t42/s1320a-7b", "/us/usc/t42/s1320a"));
        assert!(!agrees("/us/cfr/t26/s1.41-2", "/us/cfr/t26/s1.41"));
        assert!(agrees("/us/cfr/t27/s40.21-40.25a", "/us/cfr/t27/s40.21"));
    }
}
