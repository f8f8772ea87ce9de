//! The citation scanner: finds citation phrases in a text and parses each into
//! [`Citation`]s.
//!
//! One regular expression finds *anchors* (`§`, `section`, `paragraph`, `Article`, `42
//! U.S.C.`, `this subdivision`, `Regulation (EU) 2016/679`, …); a small recursive-descent
//! parser reads the phrase that starts there:
//!
//! ```text
//! phrase  := [code-prefix] head item (list-sep item | range-sep item)* (of-clause)* [suffix]
//! head    := "§" | "§§" | section | article | annex | recital | subsection | paragraph | …
//! item    := number [labels] | labels
//! of      := "of" ( "this" level | level labels | section number [labels] | title N | code )
//! ```
//!
//! The scanner is a pure function of the text; relative references are anchored to the
//! document tree afterwards by [`super::relative::anchor`].

use std::ops::Range;
use std::sync::LazyLock;

use regex::{Captures, Regex};

use super::codes::{self, CodeFamily};
use super::forms::{self, Found};
use super::{Citation, CitationKind, CodeRef, LevelWord, RangeEnd, Relative, ShortForm};
use crate::model::Unit;

fn re(pattern: &str) -> Regex {
    #[allow(clippy::expect_used)]
    Regex::new(pattern).expect("static regex compiles")
}

static ANCHOR: LazyLock<Regex> = LazyLock::new(|| {
    re(concat!(
        r"(?P<prefix>(?-u:\b)\d{1,3}[A-Z]?[ \t]*(?:U\.[ \t]?S\.[ \t]?C\.(?:[ \t]?[AS]\.)?|U\.[ \t]?S\.[ \t]+Code(?-u:\b)|USCA?(?-u:\b)|C\.[ \t]?F\.[ \t]?R\.|CFR(?-u:\b)|R\.?C\.?N\.?Y\.?(?-u:\b)))",
        r"|(?P<fixed>(?-u:\b)(?:\d{1,4}[ \t]+(?:Stat\.|Fed\.|FR(?-u:\b)|ILCS(?-u:\b)|AAC(?-u:\b)|[A-Z][A-Za-z]{0,5}\.?)|(?:19|20)\d\d[ \t]+IL(?-u:\b)|Pub|Public[ \t]+Law|P\.[ \t]?L\.|PL(?-u:\b)|Priv|Pvt|U\.[ \t]?S\.[ \t]*(?i:const)|Fed\.[ \t]*R\.|FR(?:AP|CP|CrP|E|BP)(?-u:\b)|[Ii]d\.|supra(?-u:\b)|Treas\.|Rule[ \t]+\d|Art[ \t]+\d|(?:[Ss]ection|[Ss]ec\.)[ \t]*\d+[A-Za-z]?(?:\([0-9A-Za-z]{1,4}\))*[ \t]+of[ \t]+(?:Pub|Public|P\.|PL|Priv|Pvt)|I\.R\.C\.|[A-Z]{2,6}[ \t]*§|(?:Ala|Ariz|Ark|Cal|Colo|Conn|Del|Fla|Ga|Haw|Ill|Ind|Kan|Ky|La|Me|Md|Mass|Mich|Minn|Miss|Mo|Mont|Neb|Nev|Okla|Or|Pa|Tenn|Tex|Vt|Va|Wash|Wis|Wyo)\.|D\.[ \t]?C\.|DC(?-u:\b)|VA(?-u:\b)|N\.[ \t]?[HJMYCD]\.|R\.[ \t]?I\.|S\.[ \t]?[CD]\.|W\.[ \t]?Va\.|P\.[ \t]?R\.|Am\.[ \t]?Samoa|Alaska|Idaho|Iowa|Ohio|Utah|Guam|(?:Alabama|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|Florida|Georgia|Hawaii|Illinois|Indiana|Kansas|Kentucky|Louisiana|Maine|Maryland|Massachusetts|Michigan|Minnesota|Mississippi|Missouri|Montana|Nebraska|Nevada|Oklahoma|Oregon|Pennsylvania|Tennessee|Texas|Vermont|Virginia|Washington|Wisconsin|Wyoming|New[ \t]+(?:Hampshire|Jersey|Mexico|York)|North[ \t]+(?:Carolina|Dakota)|South[ \t]+(?:Carolina|Dakota)|Rhode[ \t]+Island|West[ \t]+Virginia)[ \t]+Const))",
        r"|(?P<nyc>(?-u:\b)(?:NYC|N\.Y\.C\.|New[ \t]+York[ \t]+City)[ \t]+Admin(?:istrative|\.)[ \t]+Code\s*§)",
        r"|(?P<sym>§)",
        r"|(?P<word>(?-u:\b)(?i:sections?|secs?\.|subsections?|subdivisions?|paragraphs?|subparagraphs?|clauses?|subclauses?|items?|points?|articles?|arts?\.|annex(?:es)?|recitals?|parts?)(?:[ \t\r\n]))",
        r"|(?P<adjacent>(?-u:\b)(?i:the)[ \t]+(?i:preceding|previous|following|next)[ \t]+(?i:subsection|subdivision|paragraph|subparagraph|clause|subclause|item|point)(?-u:\b))",
        r"|(?P<such>(?-u:\b)(?i:such|said)[ \t]+(?i:section|article)(?-u:\b))",
        r"|(?P<this>(?-u:\b)(?i:this)[ \t]+(?i:section|subsection|subdivision|paragraph|subparagraph|clause|subclause|item|point|article|annex|chapter|subchapter|title|part|subpart)(?-u:\b))",
        r"|(?P<euact>(?-u:\b)(?:Regulation|Directive|Decision)[ \t]*(?:\((?:EU|EC|EEC|Euratom)\)[ \t]*)?(?:No\.?[ \t]*)?\d{1,4}/\d{1,4}(?:/(?:EU|EC|EEC|Euratom))?)",
        r"|(?P<euacts>(?-u:\b)(?:Regulations|Directives|Decisions)[ \t]+(?:\((?i:EU|EC|EEC|Euratom)\)[ \t]*)?(?:(?i:no)\.?[ \t]*)?\d{1,4}/\d{1,4})",
        r"|(?P<treaty>(?-u:\b)Treaty[ \t]+(?:establishing|on)[ \t]+the[ \t]+(?:European|Functioning)(?:[ \t]+(?:Economic|Community|Union|of|the|European|Atomic|Energy))*)",
    ))
});

/// A section number: `20-871`, `5-301`, `40.25a`, `2000e-8`, `12A-1.032`, `III`. A line
/// break right after a hyphen (`5-\n249`, from PDF text) continues the number.
static SEC_NUM: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?:[0-9]+[A-Za-z]{0,4}(?:[0-9]+[A-Za-z]{0,2})?(?:(?:[-–.:]|-[ \t]*\r?\n[ \t]*)(?:[0-9]+[A-Za-z]{0,4}(?:[0-9]+[A-Za-z]{0,2})?|[A-Z]{1,2}(?-u:\b)|\.[0-9]+)|-[a-z](?-u:\b))*|[IVXLCDM]{1,7}(?-u:\b))",
    )
});
/// One or more parenthesised subsection labels: `(b)`, `(b)(1)`, `(a)(2)(iii)`.
static PAREN_LABELS: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^\((?:[0-9]{1,3}[A-Za-z]?|[A-Za-z]{1,2}|[ivxlcdm]{2,7}|[IVXLCDM]{2,7})\)(?:[ ]?\((?:[0-9]{1,3}[A-Za-z]?|[A-Za-z]{1,2}|[ivxlcdm]{2,7}|[IVXLCDM]{2,7})\))*",
    )
});
static ONE_PAREN_LABEL: LazyLock<Regex> = LazyLock::new(|| re(r"\(([0-9A-Za-z]+)\)"));
/// A label written without parentheses (`subdivision a`, `paragraph 1`).
static BARE_LABEL: LazyLock<Regex> =
    LazyLock::new(|| re(r"^(?:[0-9]{1,3}[a-z]?|[a-z]{1,2}|[ivx]{1,5}|[A-Z])(?-u:\b)"));
static LIST_SEP: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?:[ \t]*,[ \t]*(?:\r?\n[ \t]*)?(?:(?:and|or|and/or)[ \t]+(?:\r?\n[ \t]*)?)?|[ \t]*(?:\r?\n[ \t]*)?[ \t]+(?:and|or|and/or|&)[ \t]+(?:\r?\n[ \t]*)?|[ \t]+(?:and|or|and/or)\r?\n[ \t]*)",
    )
});
static RANGE_SEP: LazyLock<Regex> =
    LazyLock::new(|| re(r"^(?:[ \t\r\n]{1,6}(?:through|thru|to)[ \t\r\n]{1,6}|[ \t]*[–—][ \t]*)"));
static LABEL_RANGE_SEP: LazyLock<Regex> = LazyLock::new(|| re(r"^(?:-|[ \t]*[–—][ \t]*)"));
static OF: LazyLock<Regex> = LazyLock::new(|| {
    re(r"^[ \t]*(?:\r?\n[ \t]*)?,?[ \t]*(?:\r?\n[ \t]*)?of(?:[ \t]+|[ \t]*\r?\n[ \t]*)")
});
static EU_SUBPARAGRAPH: LazyLock<Regex> = LazyLock::new(|| {
    re(r"^,[ \t]*(?:first|second|third|fourth|fifth|sixth|last)[ \t]+subparagraph")
});
static THIS_WHAT: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?i:this)[ \t]+(?P<w>(?i:section|subsection|subdivision|paragraph|subparagraph|clause|subclause|item|point|article|annex|chapter|subchapter|title|part|subpart|regulation|directive|decision|code|act|rules?|local[ \t]+law|policy|agreement))(?-u:\b)",
    )
});
static TRAILING_PARAGRAPH: LazyLock<Regex> =
    LazyLock::new(|| re(r"^,[ \t]*paragraph[ \t]+(?P<n>\d{1,3})(?-u:\b)"));
static STANDARD: LazyLock<Regex> =
    LazyLock::new(|| re(r"^(?:ANSI|ISO|IEC|IEEE|ASTM|NFPA|ASME|APSP|ICC|UL|NIST|ASHRAE)(?-u:\b)"));
static THAT_WHAT: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?:that|such|the[ \t]+said)[ \t]+(?P<w>(?i:regulation|directive|decision|act|treaty|code|article|section))(?-u:\b)",
    )
});
static LEVEL_WORD: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?P<w>(?i:subsections?|subdivisions?|paragraphs?|subparagraphs?|clauses?|subclauses?|items?|points?))[ \t]+",
    )
});
static SECTION_WORD: LazyLock<Regex> = LazyLock::new(|| {
    re(r"^(?P<w>§§?|(?i:sections?|secs?\.|articles?|arts?\.|annex(?:es)?|recitals?|parts?))[ \t]*")
});
static TITLE_OF: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?i:title)[ \t]+(?P<t>\d+[A-Z]?)(?-u:\b)(?:,?[ \t]+(?:of[ \t]+)?(?:the[ \t]+)?(?P<c>(?i:United[ \t]+States[ \t]+Code|U\.S\.C\.|Code[ \t]+of[ \t]+Federal[ \t]+Regulations|C\.F\.R\.)))?",
    )
});
static CODE_OF: LazyLock<Regex> = LazyLock::new(|| {
    re(concat!(
        r"^(?:(?P<eu>(?:Regulation|Directive|Decision)\s*(?:\((?:EU|EC|EEC|Euratom)\)\s*)?(?:No\.?\s*)?\d{1,4}/\d{1,4}(?:/(?:EU|EC|EEC|Euratom))?)",
        r"|(?P<nyc>(?i:the(?:[ \t]*\r?\n[ \t]*|[ \t]+))?(?:New(?:[ \t]*\r?\n[ \t]*|[ \t]+)York(?:[ \t]*\r?\n[ \t]*|[ \t]+)City|NYC|N\.Y\.C\.)(?:[ \t]*\r?\n[ \t]*|[ \t]+)(?:Administrative(?:[ \t]*\r?\n[ \t]*|[ \t]+)Code|Admin\.(?:[ \t]*\r?\n[ \t]*|[ \t]+)Code|Charter))",
        r"|(?P<admin>(?i:the(?:[ \t]*\r?\n[ \t]*|[ \t]+)administrative(?:[ \t]*\r?\n[ \t]*|[ \t]+)code)(?:(?:[ \t]*\r?\n[ \t]*|[ \t]+)of(?:[ \t]*\r?\n[ \t]*|[ \t]+)the(?:[ \t]*\r?\n[ \t]*|[ \t]+)City(?:[ \t]*\r?\n[ \t]*|[ \t]+)of(?:[ \t]*\r?\n[ \t]*|[ \t]+)New(?:[ \t]*\r?\n[ \t]*|[ \t]+)York)?)",
        r"|(?P<popular>(?:the(?:[ \t]*\r?\n[ \t]*|[ \t]+))?(?:GDPR|AI(?:[ \t]*\r?\n[ \t]*|[ \t]+)Act|General(?:[ \t]*\r?\n[ \t]*|[ \t]+)Data(?:[ \t]*\r?\n[ \t]*|[ \t]+)Protection(?:[ \t]*\r?\n[ \t]*|[ \t]+)Regulation))(?-u:\b)",
        r"|(?P<code>(?i:the)(?:[ \t]*\r?\n[ \t]*|[ \t]+)(?:U\.S\.[ \t]+)?(?i:code)(?-u:\b))",
        r"|(?P<named>the(?:[ \t]*\r?\n[ \t]*|[ \t]+)[A-Z][\w'’&/-]*(?:\.[A-Za-z]+)*(?:(?:[ \t]*\r?\n[ \t]*|[ \t]+)(?:[A-Z][\w'’&/-]*(?:\.[A-Za-z]+)*|\d{4}|of|and|for|on|the|to|in))*))",
    ))
});
static SUFFIX: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^[ \t]+(?P<c>GDPR|TFEU|TEU)(?-u:\b)|^,?[ \t]*(?P<etseq>et\.?[ \t]+seq\.?)|^[ \t]+(?P<thereof>thereof)(?-u:\b)",
    )
});
/// Publisher, year and status parentheticals of statute citations: `(West 2010)`, `(2005-06)`,
/// `(repealed)`.
static PARENTHETICAL: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^[ \t]+\((?:(?:West|Lexis|LexisNexis|Supp\.|McKinney|Vernon|Deering|Thomson[ \t]Reuters)[ \t]+)?(?:1[89]|20)\d\d(?:-\d\d)?\)|^[ \t]+\((?i:repealed|amended|expired|renumbered)\)",
    )
});
static PREFIX_CODE: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?P<code>\d{1,3}[A-Z]?[ \t]*(?:U\.[ \t]?S\.[ \t]?C\.(?:[ \t]?[AS]\.)?|U\.[ \t]?S\.[ \t]+Code|USCA?|C\.[ \t]?F\.[ \t]?R\.|CFR|R\.?C\.?N\.?Y\.?))(?:[ \t]*\r?\n)?[ \t]*(?P<sym>§§?)?[ \t]*",
    )
});
static NYC_PREFIX: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?P<code>(?:NYC|N\.Y\.C\.|New[ \t]+York[ \t]+City)[ \t]+Admin(?:istrative|\.)[ \t]+Code)(?:[ \t]*\r?\n)?[ \t]*(?P<sym>§§?)[ \t]*",
    )
});

/// Extracts every citation of `text`, in order of position. Never fails; returns an empty
/// list for text without citations. Offsets are byte offsets into `text`.
///
/// ```
/// let cites = corpus_index::citation::extract("notice under § 20-871(b)(1) and (2) of the Code");
/// assert_eq!(cites.len(), 2);
/// assert_eq!(cites[0].section.as_deref(), Some("20-871"));
/// assert_eq!(cites[1].subsections, vec!["b", "2"]);
/// ```
pub fn extract(text: &str) -> Vec<Citation> {
    let mut out = Vec::new();
    let mut pos = 0usize;
    // The code of the last constitution and court-rule citation, for their short forms.
    let mut constitution: Option<String> = None;
    let mut court_rule: Option<String> = None;
    let mut last_fixed_end = 0usize;
    while let Some(caps) = ANCHOR.captures_at(text, pos) {
        let Some(m) = caps.get(0) else { break };
        let start = m.start();
        let next = |p: usize| p + text[p..].chars().next().map_or(1, char::len_utf8);
        // Their short forms only follow within the paragraph (a blank line ends it). Each
        // stretch of text is looked at once: `last_fixed_end` moves up to the anchor.
        if constitution.is_some() || court_rule.is_some() {
            if text[last_fixed_end.min(start)..start].contains("\n\n") {
                constitution = None;
                court_rule = None;
            }
            last_fixed_end = start;
        }
        if let Some(end) = short_form_at(text, start, &constitution, &court_rule, &mut out) {
            last_fixed_end = end;
            pos = end.max(next(start));
            continue;
        }
        if let Some((end, found)) = forms::german(text, start) {
            out.extend(found);
            pos = end.max(next(start));
            continue;
        }
        let fixed = if caps.name("fixed").is_some() {
            forms::at(text, start)
        } else {
            None
        };
        let parsed = match fixed {
            Some(Found::Whole { end, cite }) => {
                match cite.kind {
                    CitationKind::StateConstitution => {
                        constitution = cite.named_code().map(str::to_string);
                    }
                    CitationKind::CourtRule => {
                        court_rule = cite.named_code().map(str::to_string);
                    }
                    _ => {}
                }
                out.push(*cite);
                last_fixed_end = end;
                pos = end.max(next(start));
                continue;
            }
            Some(Found::CodePrefix {
                after,
                code,
                kind,
                designator,
                plural,
            }) => parse_code_prefixed(text, start, after, code, kind, designator, plural),
            None if caps.name("fixed").is_some() => None,
            None if caps.name("prefix").is_some() || caps.name("nyc").is_some() => {
                parse_prefixed(text, start)
            }
            None if caps.name("this").is_some() => parse_this(text, start),
            None if caps.name("adjacent").is_some() => parse_adjacent(text, start, m.end()),
            None if caps.name("such").is_some() => {
                let mut phrase = Phrase::new(
                    start,
                    Head::Section {
                        unit: Unit::Section,
                        plural: false,
                    },
                );
                phrase.short_form = Some(ShortForm::That);
                phrase.that_section = true;
                phrase.end = m.end();
                Some(phrase)
            }
            None if caps.name("euact").is_some() => parse_eu_act(text, start, m.end()),
            None if caps.name("euacts").is_some() => parse_eu_acts(text, start),
            None if caps.name("treaty").is_some() => parse_treaty(text, start, m.end()),
            None => parse_headed(text, start, None),
        };
        match parsed {
            Some(phrase) => {
                pos = phrase.end.max(next(start));
                phrase.emit(&mut out);
            }
            None => pos = next(start),
        }
    }
    super::short_form::link(text, &mut out);
    out
}

/// Short forms that only exist after a citation of their kind: `Art. IX § 3` after a
/// constitution, `Rule 7(c)` after a court rule. Returns the end of the one found.
fn short_form_at(
    text: &str,
    start: usize,
    constitution: &Option<String>,
    court_rule: &Option<String>,
    out: &mut Vec<Citation>,
) -> Option<usize> {
    if let Some(code) = constitution {
        let base = code.split(" art.").next().unwrap_or(code);
        if let Some((end, cite)) = forms::constitution_short_form(text, start, base) {
            out.push(cite);
            return Some(end);
        }
    }
    if let Some(code) = court_rule {
        let (end, caps) = eat(text, start, &RULE_SHORT)?;
        let subs = PAREN_LABELS
            .find(caps.name("subs").map_or("", |m| m.as_str()))
            .map(|m| {
                ONE_PAREN_LABEL
                    .captures_iter(m.as_str())
                    .filter_map(|c| c.get(1).map(|l| l.as_str().to_string()))
                    .collect()
            })
            .unwrap_or_default();
        out.push(Citation {
            span: start..end,
            group: start..end,
            kind: CitationKind::CourtRule,
            code: Some(CodeRef::Named(code.clone())),
            unit: Unit::Section,
            section: Some(caps.name("num")?.as_str().to_string()),
            subsections: subs,
            range_end: None,
            relative: None,
            et_seq: false,
            designator: None,
            short_form: Some(ShortForm::Inherited),
            antecedent: None,
            pin: None,
        });
        return Some(end);
    }
    None
}

static RULE_SHORT: LazyLock<Regex> =
    LazyLock::new(|| re(r"^Rule[ \t]+(?P<num>\d+(?:\.\d+)?)(?P<subs>(?:\([0-9A-Za-z]{1,4}\))*)"));

/// A parsed item of a list (`20-871(b)`, `(2)`).
#[derive(Debug, Clone)]
struct Item {
    span: Range<usize>,
    section: Option<String>,
    labels: Vec<String>,
    range_end: Option<(Option<String>, Vec<String>)>,
}

/// What a phrase starts with.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Head {
    /// `§`, `section`, `Article`, … (items are section numbers).
    Section { unit: Unit, plural: bool },
    /// `subsection`, `paragraph`, … (items are labels).
    Level(LevelWord),
}

#[derive(Debug, Clone)]
struct Phrase {
    start: usize,
    end: usize,
    head: Head,
    items: Vec<Item>,
    /// `of section 20-871(b)`: unit, number, labels.
    chain_section: Option<(Unit, String, Vec<String>)>,
    /// `of subdivision b`, `of paragraph (2)`: label groups in text order (innermost first),
    /// with the outermost level word.
    chain_labels: Vec<Vec<String>>,
    outer_word: Option<LevelWord>,
    relative: Option<Relative>,
    code: Option<CodeRef>,
    et_seq: bool,
    /// The kind, when the code prefix decided it (`Ala. Code`, `INA`).
    kind: Option<CitationKind>,
    designator: Option<String>,
    short_form: Option<ShortForm>,
    /// The acts of a list of EU acts (`Directives 2006/48/EC and 2006/49/EC`).
    acts: Vec<(Range<usize>, String)>,
    /// `of that Article`: the section is the one last cited.
    that_section: bool,
}

impl Phrase {
    fn new(start: usize, head: Head) -> Self {
        Self {
            start,
            end: start,
            head,
            items: Vec::new(),
            chain_section: None,
            chain_labels: Vec::new(),
            outer_word: None,
            relative: None,
            code: None,
            et_seq: false,
            kind: None,
            designator: None,
            short_form: None,
            acts: Vec::new(),
            that_section: false,
        }
    }

    fn emit(self, out: &mut Vec<Citation>) {
        let group = self.start..self.end;
        let single = self.items.len() <= 1;
        let code_name = match &self.code {
            Some(CodeRef::Named(n)) => Some(n.as_str()),
            _ => None,
        };
        let unit = match (self.head, &self.chain_section) {
            (_, Some((unit, _, _))) => *unit,
            (Head::Section { unit, .. }, None) => unit,
            (Head::Level(_), None) => Unit::Section,
        };
        let kind = self.kind.unwrap_or_else(|| kind_for(code_name, unit));
        for (span, name) in &self.acts {
            out.push(Citation {
                span: span.clone(),
                group: group.clone(),
                kind: CitationKind::EuAct,
                code: Some(CodeRef::Named(name.clone())),
                unit: Unit::Article,
                section: None,
                subsections: Vec::new(),
                range_end: None,
                relative: None,
                et_seq: false,
                designator: None,
                short_form: None,
                antecedent: None,
                pin: None,
            });
        }
        if !self.acts.is_empty() {
            return;
        }
        if self.items.is_empty() {
            // `this section`, `this chapter`: a relative reference without labels.
            out.push(Citation {
                span: group.clone(),
                group,
                kind,
                code: self.code,
                unit,
                section: None,
                subsections: Vec::new(),
                range_end: None,
                relative: self.relative,
                et_seq: false,
                designator: self.designator.clone(),
                short_form: self.short_form,
                antecedent: None,
                pin: None,
            });
            return;
        }
        let outer_labels: Vec<String> = self
            .chain_labels
            .iter()
            .rev()
            .flat_map(|g| g.iter().cloned())
            .collect();
        let mut prev_section: Option<String> = None;
        let mut prev_labels: Vec<String> = Vec::new();
        for (i, item) in self.items.iter().enumerate() {
            let span = if single {
                group.clone()
            } else if i == 0 {
                self.start..item.span.end
            } else {
                item.span.clone()
            };
            let (section, mut labels, relative) = match self.head {
                Head::Section { .. } => {
                    let (section, labels) = inherit(&prev_section, &prev_labels, item);
                    (section, labels, None)
                }
                Head::Level(word) => {
                    let labels = inherit_labels(&prev_labels, &item.labels, i == 0);
                    match &self.chain_section {
                        Some((_, number, base)) => {
                            let mut full = base.clone();
                            full.extend(outer_labels.iter().cloned());
                            full.extend(labels);
                            (Some(number.clone()), full, None)
                        }
                        None if self.that_section => {
                            let mut full = outer_labels.clone();
                            full.extend(labels);
                            (None, full, None)
                        }
                        None => {
                            let mut full = outer_labels.clone();
                            full.extend(labels);
                            let rel = self
                                .relative
                                .unwrap_or(Relative::Bare(self.outer_word.unwrap_or(word)));
                            (None, full, Some(rel))
                        }
                    }
                }
            };
            prev_section.clone_from(&section);
            prev_labels = match self.head {
                Head::Section { .. } => labels.clone(),
                Head::Level(_) => {
                    let skip = labels.len().saturating_sub(item.labels.len());
                    labels[skip..].to_vec()
                }
            };
            let range_end = item.range_end.as_ref().map(|(sec, end_labels)| {
                let end_section = sec.clone().or_else(|| section.clone()).unwrap_or_default();
                let mut end_subs = if sec.is_some() {
                    Vec::new()
                } else {
                    let keep = labels.len().saturating_sub(end_labels.len());
                    labels[..keep].to_vec()
                };
                end_subs.extend(end_labels.iter().cloned());
                RangeEnd {
                    section: end_section,
                    subsections: end_subs,
                }
            });
            labels.retain(|l| !l.is_empty());
            out.push(Citation {
                span,
                group: group.clone(),
                kind,
                code: self.code.clone(),
                unit,
                section,
                subsections: labels,
                range_end,
                relative,
                et_seq: self.et_seq,
                designator: self.designator.clone(),
                short_form: self.short_form,
                antecedent: None,
                pin: None,
            });
        }
    }
}

/// A section-level item without its own number (`and (2)`) inherits the previous section and
/// all but as many trailing labels as it gives.
fn inherit(
    prev_section: &Option<String>,
    prev_labels: &[String],
    item: &Item,
) -> (Option<String>, Vec<String>) {
    match &item.section {
        Some(s) => (Some(s.clone()), item.labels.clone()),
        None => (
            prev_section.clone(),
            inherit_labels(prev_labels, &item.labels, false),
        ),
    }
}

fn inherit_labels(prev: &[String], own: &[String], first: bool) -> Vec<String> {
    if first || prev.is_empty() {
        return own.to_vec();
    }
    // `(a)(2) and (d)`: `(d)` replaces the label of its own style (`a`), not the last one.
    if let Some(style) = own.first().map(|l| label_style(l))
        && let Some(at) = prev.iter().rposition(|l| label_style(l) == style)
        && prev.len() - at > own.len()
    {
        let mut out = prev[..at].to_vec();
        out.extend(own.iter().cloned());
        return out;
    }
    let keep = prev.len().saturating_sub(own.len());
    let mut out = prev[..keep].to_vec();
    out.extend(own.iter().cloned());
    out
}

/// The numbering style of a subsection label: digits, lower-case letters, upper-case
/// letters (roman numerals count as letters: `i` and `v` are ambiguous in isolation).
fn label_style(label: &str) -> u8 {
    match label.chars().next() {
        Some(c) if c.is_ascii_digit() => 0,
        Some(c) if c.is_ascii_lowercase() => 1,
        Some(c) if c.is_ascii_uppercase() => 2,
        _ => 3,
    }
}

fn kind_for(code: Option<&str>, unit: Unit) -> CitationKind {
    match code.map(codes::family_of) {
        Some(CodeFamily::Usc) => CitationKind::Usc,
        Some(CodeFamily::Cfr) => CitationKind::Cfr,
        Some(CodeFamily::StateStatute) => CitationKind::StateStatute,
        Some(CodeFamily::StateRegulation) => CitationKind::StateRegulation,
        Some(CodeFamily::Eu) => CitationKind::EuArticle,
        Some(CodeFamily::Named) if code.is_some_and(is_generic_code_phrase) => section_kind(unit),
        Some(CodeFamily::Named) => CitationKind::NamedAct,
        None => section_kind(unit),
    }
}

fn section_kind(unit: Unit) -> CitationKind {
    match unit {
        Unit::Section => CitationKind::Section,
        Unit::Article | Unit::Annex | Unit::Recital => CitationKind::EuArticle,
    }
}

/// `the Code`, `administrative code`: names that only the citing document's context
/// resolves.
pub(crate) fn is_generic_code_phrase(phrase: &str) -> bool {
    let lower = phrase.to_ascii_lowercase();
    let lower = lower.trim_start_matches("the ").trim();
    matches!(lower, "code" | "administrative code" | "charter" | "act")
}

fn eat<'t>(text: &'t str, pos: usize, re: &Regex) -> Option<(usize, Captures<'t>)> {
    let caps = re.captures(text.get(pos..)?)?;
    let end = pos + caps.get(0)?.end();
    Some((end, caps))
}

fn unit_of_word(word: &str) -> Option<(Unit, bool)> {
    let w = word.to_ascii_lowercase();
    Some(match w.as_str() {
        "§" => (Unit::Section, false),
        "§§" => (Unit::Section, true),
        "section" | "sec." | "part" => (Unit::Section, false),
        "sections" | "secs." | "parts" => (Unit::Section, true),
        "article" | "art." => (Unit::Article, false),
        "articles" | "arts." => (Unit::Article, true),
        "annex" => (Unit::Annex, false),
        "annexes" => (Unit::Annex, true),
        "recital" => (Unit::Recital, false),
        "recitals" => (Unit::Recital, true),
        _ => return None,
    })
}

/// Parses a phrase that starts with a head word or `§` at `start`.
fn parse_headed(text: &str, start: usize, code: Option<CodeRef>) -> Option<Phrase> {
    if let Some((pos, caps)) = eat(text, start, &SECTION_WORD) {
        let word = caps.name("w")?.as_str();
        let (unit, plural) = unit_of_word(word)?;
        let is_part = word.to_ascii_lowercase().starts_with("part");
        let mut phrase = Phrase::new(start, Head::Section { unit, plural });
        phrase.code = code;
        let pos = parse_section_items(text, pos, &mut phrase)?;
        let pos = parse_tail(text, pos, &mut phrase);
        phrase.end = trim_end(text, phrase.start, pos);
        // `Section 3.2.4 of ANSI/APSP/ICC-16 2017`: a section of a standard or another
        // document named by an acronym, not a provision of law.
        if phrase.code.is_none()
            && let Some((after, _)) = eat(text, pos, &OF)
            && STANDARD.is_match(&text[after..])
        {
            return None;
        }
        // `part 1602.7 of title 29 of the code of federal regulations` names a CFR section;
        // other parts are containers lexls does not model.
        if is_part
            && !matches!(&phrase.code, Some(CodeRef::Named(c)) if codes::family_of(c) == CodeFamily::Cfr)
        {
            return None;
        }
        return Some(phrase);
    }
    let (pos, caps) = eat(text, start, &LEVEL_WORD)?;
    let word = LevelWord::parse(caps.name("w")?.as_str())?;
    let mut phrase = Phrase::new(start, Head::Level(word));
    phrase.code = code;
    let pos = parse_label_items(text, pos, &mut phrase)?;
    let pos = parse_tail(text, pos, &mut phrase);
    phrase.end = trim_end(text, phrase.start, pos);
    Some(phrase)
}

/// `42 U.S.C. § 1983`, `6 RCNY § 5-301(b)`, `NYC Admin. Code § 20-871`, `15 U.S.C. 1051 et
/// seq.`
fn parse_prefixed(text: &str, start: usize) -> Option<Phrase> {
    let (pos, caps) = eat(text, start, &PREFIX_CODE).or_else(|| eat(text, start, &NYC_PREFIX))?;
    let code = codes::canonical_code(caps.name("code")?.as_str())?;
    let plural = caps.name("sym").is_some_and(|s| s.as_str() == "§§");
    let mut phrase = Phrase::new(
        start,
        Head::Section {
            unit: Unit::Section,
            plural,
        },
    );
    let is_cfr = code.family == CodeFamily::Cfr;
    phrase.code = Some(CodeRef::Named(code.name));
    let mut pos = pos;
    if caps.name("sym").is_none() {
        if let Some((after, part)) = eat(text, pos, &PART_WORD) {
            // `14 CFR part 25` cites a part; `38 CFR Part 74.2` a section.
            let number = text[after..].split(|c: char| !c.is_alphanumeric() && c != '.');
            let is_section = number.clone().next().is_some_and(|n| n.contains('.'));
            if !is_section && is_cfr {
                phrase.designator = Some("Part".into());
            }
            let _ = part;
            pos = after;
        } else if let Some((after, w)) = eat(text, pos, &SECTION_WORD) {
            if let Some((_, plural)) = w.name("w").and_then(|w| unit_of_word(w.as_str())) {
                phrase.head = Head::Section {
                    unit: Unit::Section,
                    plural,
                };
            }
            pos = after;
        }
    }
    let pos = parse_section_items(text, pos, &mut phrase)?;
    let pos = parse_tail(text, pos, &mut phrase);
    phrase.end = trim_end(text, phrase.start, pos);
    Some(phrase)
}

static PART_WORD: LazyLock<Regex> = LazyLock::new(|| re(r"^,?[ \t]*(?i:part)[ \t]+"));

/// A section phrase after a code that [`forms`] recognised (`Ala. Code § 38-2-6`, `Mass.
/// Gen. Laws ch. 1, §§ 2-3`, `INA § 101(11)`, `Treas. Reg. § 1.41-2`).
fn parse_code_prefixed(
    text: &str,
    start: usize,
    after: usize,
    code: String,
    kind: CitationKind,
    designator: Option<String>,
    plural: bool,
) -> Option<Phrase> {
    let mut phrase = Phrase::new(
        start,
        Head::Section {
            unit: Unit::Section,
            plural,
        },
    );
    phrase.code = Some(CodeRef::Named(code));
    phrase.kind = Some(kind);
    phrase.designator = designator;
    let pos = parse_section_items(text, after, &mut phrase)?;
    let pos = parse_tail(text, pos, &mut phrase);
    phrase.end = trim_end(text, phrase.start, pos);
    Some(phrase)
}

/// `Regulations (EEC) No 2700/93 and (EC) No 2342/1999`, `Directives 2006/48/EC and
/// 2006/49/EC`: one citation of each act.
fn parse_eu_acts(text: &str, start: usize) -> Option<Phrase> {
    let (mut pos, caps) = eat(text, start, &EU_ACTS_HEAD)?;
    let kind = caps.name("k")?.as_str();
    let mut phrase = Phrase::new(
        start,
        Head::Section {
            unit: Unit::Article,
            plural: true,
        },
    );
    phrase.kind = Some(CitationKind::EuAct);
    let mut names = Vec::new();
    loop {
        let item_start = ws(text, pos);
        let Some((end, item)) = eat(text, item_start, &EU_ACT_ITEM) else {
            break;
        };
        let Some(code) = codes::canonical_code(&format!("{kind} {}", item.get(0)?.as_str())) else {
            break;
        };
        names.push((item_start..end, code.name));
        pos = end;
        match eat(text, pos, &LIST_SEP) {
            Some((after, _)) => pos = after,
            None => break,
        }
    }
    let first = names.first()?.0.end;
    phrase.end = names.last()?.0.end;
    phrase.acts = names
        .into_iter()
        .enumerate()
        .map(|(i, (span, name))| (if i == 0 { start..first } else { span }, name))
        .collect();
    Some(phrase)
}

/// `the Treaty establishing the European Economic Community`.
fn parse_treaty(text: &str, start: usize, end: usize) -> Option<Phrase> {
    let name = collapse(text.get(start..end)?);
    let name = trim_named(&name).to_string();
    let mut phrase = Phrase::new(
        start,
        Head::Section {
            unit: Unit::Article,
            plural: false,
        },
    );
    phrase.kind = Some(CitationKind::EuAct);
    phrase.end = start + name.len().min(end - start);
    phrase.code = Some(CodeRef::Named(name));
    Some(phrase)
}

static EU_ACTS_HEAD: LazyLock<Regex> =
    LazyLock::new(|| re(r"^(?P<k>Regulation|Directive|Decision)s[ \t]+"));
static EU_ACT_ITEM: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^(?:\((?i:EU|EC|EEC|Euratom)\)[ \t]*)?(?:(?i:no)\.?[ \t]*)?\d{1,4}/\d{1,4}(?:/(?:EU|EC|EEC|Euratom))?",
    )
});

/// `the preceding paragraph`, `the following subsection`.
fn parse_adjacent(text: &str, start: usize, end: usize) -> Option<Phrase> {
    let words: Vec<&str> = text.get(start..end)?.split_whitespace().collect();
    let next = matches!(
        words.get(1).map(|w| w.to_ascii_lowercase()).as_deref(),
        Some("following" | "next")
    );
    let word = LevelWord::parse(words.get(2)?)?;
    let mut phrase = Phrase::new(start, Head::Level(word));
    phrase.relative = Some(Relative::Adjacent { word, next });
    phrase.end = end;
    Some(phrase)
}

/// `this section`, `this subdivision`, `this chapter`.
fn parse_this(text: &str, start: usize) -> Option<Phrase> {
    let (pos, caps) = eat(text, start, &THIS_WHAT)?;
    let word = caps.name("w")?.as_str();
    let mut phrase;
    if let Some((unit, _)) = unit_of_word(word).filter(|(_, plural)| !plural) {
        if word.eq_ignore_ascii_case("part") {
            phrase = Phrase::new(start, Head::Level(LevelWord::Subsection));
            phrase.relative = Some(Relative::ThisCode);
            phrase.code = Some(CodeRef::This);
        } else {
            phrase = Phrase::new(
                start,
                Head::Section {
                    unit,
                    plural: false,
                },
            );
            phrase.relative = Some(Relative::ThisSection);
        }
    } else if let Some(level) = LevelWord::parse(word) {
        phrase = Phrase::new(start, Head::Level(level));
        phrase.relative = Some(Relative::ThisLevel(level));
    } else {
        phrase = Phrase::new(start, Head::Level(LevelWord::Subsection));
        phrase.relative = Some(Relative::ThisCode);
        phrase.code = Some(CodeRef::This);
    }
    phrase.end = pos;
    Some(phrase)
}

/// `Regulation (EU) 2016/679` standing alone.
fn parse_eu_act(text: &str, start: usize, end: usize) -> Option<Phrase> {
    let code = codes::canonical_code(text.get(start..end)?)?;
    let mut phrase = Phrase::new(
        start,
        Head::Section {
            unit: Unit::Article,
            plural: false,
        },
    );
    phrase.code = Some(CodeRef::Named(code.name));
    phrase.kind = Some(CitationKind::EuAct);
    phrase.end = end;
    Some(phrase)
}

/// Skips spaces and at most one line break.
fn ws(text: &str, mut pos: usize) -> usize {
    let bytes = text.as_bytes();
    let mut newlines = 0;
    while pos < bytes.len() {
        match bytes[pos] {
            b' ' | b'\t' => pos += 1,
            b'\r' => pos += 1,
            b'\n' if newlines == 0 => {
                newlines += 1;
                pos += 1;
            }
            0xC2 if bytes.get(pos + 1) == Some(&0xA0) => pos += 2,
            _ => break,
        }
    }
    pos
}

fn clean_number(raw: &str) -> String {
    raw.chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| if c == '–' { '-' } else { c })
        .collect()
}

/// Reads a section number and its labels at `pos`.
fn section_item(text: &str, pos: usize) -> Option<(usize, String, Vec<String>)> {
    let pos = ws(text, pos);
    let (end, caps) = eat(text, pos, &SEC_NUM)?;
    let number = clean_number(caps.get(0)?.as_str());
    if number.is_empty() || text[end..].trim_start_matches([' ', '\t']).starts_with('%') {
        return None;
    }
    let (end, labels) = paren_labels(text, end).unwrap_or((end, Vec::new()));
    // Treasury-style C.F.R. numbers carry a parenthesis inside: `1.1402(e)-1A`.
    if number.contains('.')
        && labels.len() == 1
        && let Some((after, suffix)) = eat(text, end, &CFR_SUFFIX)
    {
        let number = format!("{number}({}){}", labels[0], suffix.get(0)?.as_str());
        let (after, labels) = paren_labels(text, after).unwrap_or((after, Vec::new()));
        return Some((after, number, labels));
    }
    Some((end, number, labels))
}

static CFR_SUFFIX: LazyLock<Regex> = LazyLock::new(|| re(r"^-[0-9]{1,3}[A-Z]{0,2}(?-u:\b)"));

/// Reads `(b)(1)` at `pos`, allowing one space before the first parenthesis.
fn paren_labels(text: &str, pos: usize) -> Option<(usize, Vec<String>)> {
    let try_at = |p: usize| -> Option<(usize, Vec<String>)> {
        let (end, caps) = eat(text, p, &PAREN_LABELS)?;
        let labels = ONE_PAREN_LABEL
            .captures_iter(caps.get(0)?.as_str())
            .filter_map(|c| c.get(1).map(|m| m.as_str().to_string()))
            .collect();
        Some((end, labels))
    };
    try_at(pos).or_else(|| {
        (text.as_bytes().get(pos) == Some(&b' '))
            .then(|| try_at(pos + 1))
            .flatten()
    })
}

/// Reads subsection labels for a level word: `(b)(1)`, `a`, `1`.
fn label_item(text: &str, pos: usize) -> Option<(usize, Vec<String>)> {
    label_item_checked(text, pos, true)
}

/// [`label_item`]; with `strict`, a bare label (`paragraph 1`) must be followed by what ends
/// a citation item. In an `of` clause (`of paragraph 2 when`) the clause itself is the cue.
fn label_item_checked(text: &str, pos: usize, strict: bool) -> Option<(usize, Vec<String>)> {
    let pos = ws(text, pos);
    if let Some(found) = paren_labels(text, pos) {
        return Some(found);
    }
    let (end, caps) = eat(text, pos, &BARE_LABEL)?;
    let label = caps.get(0)?.as_str();
    let letters_ok = label.len() == 1
        || label.chars().all(|c| c.is_ascii_digit())
        || label.chars().next().is_some_and(|c| c.is_ascii_digit())
        || label.chars().all(|c| matches!(c, 'i' | 'v' | 'x'))
        || (label.len() == 2 && label.as_bytes()[0] == label.as_bytes()[1]);
    if !letters_ok {
        return None;
    }
    // A bare label must be followed by something that ends a citation item.
    let rest = text[end..].trim_start_matches([' ', '\t']);
    let follows_ok = rest.is_empty()
        || rest.starts_with(['\n', '\r', ',', ';', '.', ':', ')'])
        || [
            "of ", "and ", "or ", "through ", "to ", "shall ", "is ", "are ",
        ]
        .iter()
        .any(|w| rest.starts_with(w));
    (follows_ok || !strict).then(|| (end, vec![label.to_string()]))
}

fn parse_section_items(text: &str, pos: usize, phrase: &mut Phrase) -> Option<usize> {
    let plural = matches!(phrase.head, Head::Section { plural: true, .. });
    let first_start = ws(text, pos);
    let (mut pos, number, labels) = section_item(text, pos)?;
    let mut item = Item {
        span: first_start..pos,
        section: Some(number),
        labels,
        range_end: None,
    };
    split_hyphen_range(&mut item, plural);
    phrase.items.push(item);
    loop {
        if let Some((after, _)) = eat(text, pos, &RANGE_SEP) {
            if let Some((end, number, labels)) = section_item(text, after) {
                if let Some(last) = phrase.items.last_mut() {
                    last.range_end = Some((Some(number), labels));
                    last.span.end = end;
                }
                pos = end;
                continue;
            }
            if let Some((end, labels)) = paren_labels(text, ws(text, after)) {
                if let Some(last) = phrase.items.last_mut() {
                    last.range_end = Some((None, labels));
                    last.span.end = end;
                }
                pos = end;
                continue;
            }
        }
        if let Some((after, _)) = eat(text, pos, &LABEL_RANGE_SEP) {
            if let Some((end, labels)) = paren_labels(text, after) {
                if let Some(last) = phrase.items.last_mut() {
                    last.range_end = Some((None, labels));
                    last.span.end = end;
                }
                pos = end;
                continue;
            }
            // `10a(1)-10c(2)`: a hyphen after labels cannot continue the number.
            let after_labels = phrase
                .items
                .last()
                .is_some_and(|l| !l.labels.is_empty() && l.range_end.is_none());
            if after_labels && let Some((end, number, labels)) = section_item(text, after) {
                if let Some(last) = phrase.items.last_mut() {
                    last.range_end = Some((Some(number), labels));
                    last.span.end = end;
                }
                pos = end;
                continue;
            }
        }
        if let Some((after, _)) = eat(text, pos, &LIST_SEP) {
            let item_start = ws(text, after);
            // A further section (`§§ 5-301 and 5-302`, `Articles 13 and 14`) or only labels
            // (`§ 20-871(b)(1) and (2)`).
            let next_is_word = SECTION_WORD
                .find(&text[item_start..])
                .is_some_and(|m| m.start() == 0 && m.as_str().trim() != "");
            // `26 U.S.C. 6323(f) and § 70.148 of this part`: a new head word after a named
            // code starts a new citation, which may name its own code.
            if next_is_word && matches!(phrase.code, Some(CodeRef::Named(_))) {
                break;
            }
            let item_pos = if next_is_word {
                // `sections 106 and section 106A`: repeated head words are allowed in lists.
                eat(text, item_start, &SECTION_WORD).map_or(item_start, |(p, _)| p)
            } else {
                item_start
            };
            if let Some((end, labels)) = paren_labels(text, item_pos) {
                phrase.items.push(Item {
                    span: item_start..end,
                    section: None,
                    labels,
                    range_end: None,
                });
                pos = end;
                continue;
            }
            let article = matches!(
                phrase.head,
                Head::Section {
                    unit: Unit::Article,
                    ..
                }
            );
            if (plural || next_is_word || article)
                && let Some((end, number, labels)) = section_item(text, item_pos)
            {
                let mut item = Item {
                    span: item_start..end,
                    section: Some(number),
                    labels,
                    range_end: None,
                };
                split_hyphen_range(&mut item, plural);
                phrase.items.push(item);
                pos = end;
                continue;
            }
        }
        break;
    }
    Some(pos)
}

/// `§§ 4001-4010` and `§§ 40.21–40.25a` are ranges; `§ 20-871` and `§§ 20-871 and 20-872`
/// are hyphenated section numbers. With the plural cue, a number whose two halves have the
/// same shape (equal digit counts, or the same dotted prefix) is read as a range.
fn split_hyphen_range(item: &mut Item, plural: bool) {
    if !plural || item.range_end.is_some() {
        return;
    }
    let Some(number) = item.section.clone() else {
        return;
    };
    let Some((left, right)) = number.split_once('-') else {
        return;
    };
    if right.contains('-') || left.is_empty() || right.is_empty() {
        return;
    }
    let digits = |s: &str| s.chars().take_while(char::is_ascii_digit).count();
    let same_shape =
        if let (Some((lp, _)), Some((rp, _))) = (left.rsplit_once('.'), right.rsplit_once('.')) {
            lp == rp
        } else {
            let plain = |s: &str| s.chars().all(|c| c.is_ascii_digit());
            !left.contains('.')
                && !right.contains('.')
                && digits(left) == digits(right)
                && (digits(left) >= 2 || (plain(left) && plain(right)))
                && left < right
        };
    if same_shape {
        item.section = Some(left.to_string());
        item.range_end = Some((Some(right.to_string()), std::mem::take(&mut item.labels)));
    }
}

fn parse_label_items(text: &str, pos: usize, phrase: &mut Phrase) -> Option<usize> {
    let first_start = ws(text, pos);
    let (mut pos, labels) = label_item(text, pos)?;
    phrase.items.push(Item {
        span: first_start..pos,
        section: None,
        labels,
        range_end: None,
    });
    loop {
        if let Some((after, _)) =
            eat(text, pos, &LABEL_RANGE_SEP).or_else(|| eat(text, pos, &RANGE_SEP))
            && let Some((end, labels)) = label_item(text, after)
        {
            if let Some(last) = phrase.items.last_mut() {
                last.range_end = Some((None, labels));
                last.span.end = end;
            }
            pos = end;
            continue;
        }
        if let Some((after, _)) = eat(text, pos, &LIST_SEP) {
            let item_start = ws(text, after);
            if let Some((end, labels)) = label_item(text, after) {
                phrase.items.push(Item {
                    span: item_start..end,
                    section: None,
                    labels,
                    range_end: None,
                });
                pos = end;
                continue;
            }
        }
        break;
    }
    Some(pos)
}

/// `Article 4, point (1), of …`, `paragraph 1, first subparagraph, point (h)`, `paragraph
/// (2), points (f) and (g) of this Article` (EU drafting): the points hang below the last
/// item.
fn trailing_points(text: &str, pos: usize, phrase: &mut Phrase) -> usize {
    let Some((after, _)) = eat(text, pos, &POINTS_WORD) else {
        return pos;
    };
    let mut points = Phrase::new(after, Head::Level(LevelWord::Point));
    let Some(end) = parse_label_items(text, after, &mut points) else {
        return pos;
    };
    let Some(last) = phrase.items.pop() else {
        return pos;
    };
    for (k, point) in points.items.into_iter().enumerate() {
        let mut item = last.clone();
        item.labels.extend(point.labels);
        item.span = if k == 0 {
            last.span.start..point.span.end
        } else {
            point.span
        };
        phrase.items.push(item);
    }
    // `point (1), of Regulation …`: the comma before the `of` clause.
    end
}

static POINTS_WORD: LazyLock<Regex> = LazyLock::new(|| re(r"^,[ \t]*(?i:points?)[ \t]+"));

/// Reads `of …` clauses, a code suffix and `et seq.` after the items.
fn parse_tail(text: &str, mut pos: usize, phrase: &mut Phrase) -> usize {
    if let Some((after, _)) = eat(text, pos, &EU_SUBPARAGRAPH) {
        pos = after;
    }
    pos = trailing_points(text, pos, phrase);
    while let Some((after_of, _)) = eat(text, pos, &OF) {
        if let Some(next) = parse_of_clause(text, after_of, phrase) {
            pos = next;
            if let Some((after, _)) = eat(text, pos, &EU_SUBPARAGRAPH) {
                pos = after;
            }
        } else {
            break;
        }
    }
    if let Some((after, caps)) = eat(text, pos, &SUFFIX) {
        if let Some(c) = caps.name("c") {
            if phrase.code.is_none()
                && let Some(code) = codes::canonical_code(c.as_str())
            {
                phrase.code = Some(CodeRef::Named(code.name));
            }
            pos = after;
        } else if caps.name("etseq").is_some() {
            phrase.et_seq = true;
            pos = after;
        } else if caps.name("thereof").is_some() && phrase.code.is_none() {
            phrase.short_form = Some(ShortForm::That);
            pos = after;
        }
    }
    // `Article 5 of Directive 85/611/EEC, paragraph 4`.
    if matches!(
        phrase.head,
        Head::Section {
            unit: Unit::Article,
            ..
        }
    ) && phrase.items.len() == 1
        && phrase.code.is_some()
        && let Some((after, caps)) = eat(text, pos, &TRAILING_PARAGRAPH)
        && let (Some(item), Some(n)) = (phrase.items.first_mut(), caps.name("n"))
    {
        item.labels.push(n.as_str().to_string());
        pos = after;
    }
    while let Some((after, _)) = eat(text, pos, &PARENTHETICAL) {
        if phrase.code.is_none() {
            break;
        }
        pos = after;
    }
    pos
}

fn parse_of_clause(text: &str, pos: usize, phrase: &mut Phrase) -> Option<usize> {
    if let Some((end, caps)) = eat(text, pos, &THAT_WHAT) {
        let word = caps.name("w")?.as_str();
        phrase.short_form = Some(ShortForm::That);
        if word.eq_ignore_ascii_case("article") || word.eq_ignore_ascii_case("section") {
            // `paragraph (8) of that Article`: the section comes from the last citation.
            if phrase.chain_section.is_some() || matches!(phrase.head, Head::Section { .. }) {
                return None;
            }
            phrase.relative = None;
            phrase.that_section = true;
        }
        return Some(end);
    }
    if let Some((end, caps)) = eat(text, pos, &THIS_WHAT) {
        let word = caps.name("w")?.as_str();
        if let Some(level) = LevelWord::parse(word) {
            if phrase.relative.is_none() && phrase.chain_section.is_none() {
                phrase.relative = Some(Relative::ThisLevel(level));
            }
        } else if unit_of_word(word)
            .is_some_and(|(u, _)| u != Unit::Section || !word.eq_ignore_ascii_case("part"))
        {
            if phrase.relative.is_none() && phrase.chain_section.is_none() {
                phrase.relative = Some(Relative::ThisSection);
            }
        } else if phrase.code.is_none() {
            phrase.code = Some(CodeRef::This);
        }
        return Some(end);
    }
    if matches!(phrase.head, Head::Level(_))
        && phrase.chain_section.is_none()
        && let Some((after, caps)) = eat(text, pos, &LEVEL_WORD)
    {
        let word = LevelWord::parse(caps.name("w")?.as_str())?;
        if let Some((end, labels)) = label_item_checked(text, after, false) {
            phrase.chain_labels.push(labels);
            phrase.outer_word = Some(word);
            return Some(end);
        }
        return None;
    }
    if let Some((after, caps)) = eat(text, pos, &SECTION_WORD) {
        let (unit, _) = unit_of_word(caps.name("w")?.as_str())?;
        if phrase.chain_section.is_some() || matches!(phrase.head, Head::Section { .. }) {
            return None;
        }
        let (end, number, labels) = section_item(text, after)?;
        phrase.chain_section = Some((unit, number, labels));
        return Some(end);
    }
    if let Some((end, caps)) = eat(text, pos, &TITLE_OF) {
        let title = caps.name("t")?.as_str();
        let is_cfr = caps
            .name("c")
            .is_some_and(|c| c.as_str().to_ascii_lowercase().contains('f'));
        let name = if is_cfr {
            format!("{title} C.F.R.")
        } else {
            format!("{title} U.S.C.")
        };
        phrase.code = Some(CodeRef::Named(name));
        return Some(end);
    }
    if phrase.code.is_some() {
        return None;
    }
    let (end, caps) = eat(text, pos, &CODE_OF)?;
    let matched = caps.get(0)?.as_str();
    let code = if caps.name("named").is_some() {
        let trimmed = trim_named(matched);
        if trimmed.split_whitespace().count() < 2 {
            return None;
        }
        let end = pos + trimmed.len();
        phrase.code = Some(CodeRef::Named(
            codes::canonical_code(trimmed).map_or_else(|| collapse(trimmed), |c| c.name),
        ));
        return Some(end);
    } else if caps.name("code").is_some() {
        "the Code".to_string()
    } else if caps.name("admin").is_some() {
        codes::canonical_code(matched).map_or_else(|| "administrative code".to_string(), |c| c.name)
    } else {
        codes::canonical_code(matched).map_or_else(|| collapse(matched), |c| c.name)
    };
    phrase.code = Some(CodeRef::Named(code));
    Some(end)
}

/// Drops trailing connector words (`the Order of the`) from a named-document phrase.
fn trim_named(phrase: &str) -> &str {
    let mut out = phrase.trim_end();
    loop {
        let Some((head, last)) = out.rsplit_once([' ', '\t']) else {
            return out;
        };
        if matches!(last, "of" | "and" | "for" | "on" | "the" | "to" | "in") {
            out = head.trim_end();
        } else {
            return out;
        }
    }
}

fn collapse(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The phrase ends at `pos`, minus trailing spaces and a trailing comma.
fn trim_end(text: &str, start: usize, pos: usize) -> usize {
    let slice = &text[start..pos];
    start + slice.trim_end_matches([' ', '\t', '\n', '\r', ',']).len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(text: &str) -> Citation {
        let cites = extract(text);
        assert_eq!(cites.len(), 1, "{text}: {cites:#?}");
        cites.into_iter().next().expect("one")
    }

    fn raw<'t>(text: &'t str, c: &Citation) -> &'t str {
        &text[c.span.clone()]
    }

    #[test]
    fn section_symbol_with_subsections() {
        let text = "as required by § 20-871(a)(1), the employer";
        let c = one(text);
        assert_eq!(raw(text, &c), "§ 20-871(a)(1)");
        assert_eq!(c.section.as_deref(), Some("20-871"));
        assert_eq!(c.subsections, vec!["a", "1"]);
        assert_eq!(c.kind, CitationKind::Section);
        assert_eq!(c.normalized(), "§ 20-871(a)(1)");
    }

    #[test]
    fn ranges_and_lists_of_sections() {
        let text = "See §§ 20-871 through 20-873.";
        let c = one(text);
        assert_eq!(raw(text, &c), "§§ 20-871 through 20-873");
        assert_eq!(
            c.range_end.as_ref().map(|e| e.section.as_str()),
            Some("20-873")
        );

        let text = "the requirements of §§ 5-301 and 5-302 apply";
        let cites = extract(text);
        assert_eq!(cites.len(), 2);
        assert_eq!(raw(text, &cites[0]), "§§ 5-301");
        assert_eq!(raw(text, &cites[1]), "5-302");
        assert_eq!(cites[1].section.as_deref(), Some("5-302"));
        assert_eq!(cites[0].group, cites[1].group);

        let text = "§§ 4001-4010 and § 248-1";
        let cites = extract(text);
        assert_eq!(cites[0].section.as_deref(), Some("4001"));
        assert_eq!(
            cites[0].range_end.as_ref().map(|e| e.section.as_str()),
            Some("4010")
        );
        assert_eq!(cites[1].section.as_deref(), Some("248-1"));
        assert!(cites[1].range_end.is_none());
    }

    #[test]
    fn word_forms_with_codes() {
        let text = "pursuant to section 20-871 of the administrative code,";
        let c = one(text);
        assert_eq!(raw(text, &c), "section 20-871 of the administrative code");
        assert_eq!(c.code, Some(CodeRef::Named("administrative code".into())));

        let text = "“Bias audit” as defined by § 20-870 of the Code.";
        let c = one(text);
        assert_eq!(c.code, Some(CodeRef::Named("the Code".into())));
        assert_eq!(raw(text, &c), "§ 20-870 of the Code");
    }

    #[test]
    fn subdivision_of_section() {
        let text = "a separate violation of subdivision a\nof section 20-871.";
        let c = one(text);
        assert_eq!(c.section.as_deref(), Some("20-871"));
        assert_eq!(c.subsections, vec!["a"]);
        assert_eq!(raw(text, &c), "subdivision a\nof section 20-871");

        let text = "in violation of paragraphs 1, 2 or 3 of subdivision b of section  20-871 shall";
        let cites = extract(text);
        assert_eq!(cites.len(), 3, "{cites:#?}");
        for (c, label) in cites.iter().zip(["1", "2", "3"]) {
            assert_eq!(c.section.as_deref(), Some("20-871"));
            assert_eq!(c.subsections, vec!["b", label]);
        }
    }

    #[test]
    fn relative_references_keep_their_base() {
        let text =
            "the calculations required in paragraphs (1) and (2) of this subdivision separately";
        let cites = extract(text);
        assert_eq!(cites.len(), 2);
        assert_eq!(
            cites[0].relative,
            Some(Relative::ThisLevel(LevelWord::Subdivision))
        );
        assert_eq!(cites[1].subsections, vec!["2"]);

        let text = "Notwithstanding the requirements of subdivision (a) of this section, an";
        let c = one(text);
        assert_eq!(c.relative, Some(Relative::ThisSection));
        assert_eq!(c.subsections, vec!["a"]);

        let c = one("violates any provision of this subchapter");
        assert_eq!(c.relative, Some(Relative::ThisCode));
    }

    #[test]
    fn prefixed_codes() {
        let text = "See 29 C.F.R. § 1607.4. Also 6 RCNY § 5-301(b) and 42 U.S.C. 1983.";
        let cites = extract(text);
        assert_eq!(cites.len(), 3, "{cites:#?}");
        assert_eq!(cites[0].normalized(), "29 C.F.R. 1607.4");
        assert_eq!(cites[0].kind, CitationKind::Cfr);
        assert_eq!(cites[1].normalized(), "6 RCNY § 5-301(b)");
        assert_eq!(cites[1].kind, CitationKind::StateRegulation);
        assert_eq!(cites[2].normalized(), "42 U.S.C. 1983");
        let c = one("(15 U.S.C. 1051 et seq.)");
        assert_eq!(c.normalized(), "15 U.S.C. 1051 et seq.");
    }

    #[test]
    fn federal_word_forms() {
        let text = "pursuant to subsection (c) of section 2000e-8 of title 42 of the United States code as";
        let c = one(text);
        assert_eq!(c.normalized(), "42 U.S.C. 2000e-8(c)");
        let text = "as specified in part 1602.7 of title 29 of the code of federal regulations.";
        let c = one(text);
        assert_eq!(c.normalized(), "29 C.F.R. 1602.7");
    }

    #[test]
    fn eu_articles() {
        let c = one("the registration obligation set out in Article 49(2).");
        assert_eq!(c.unit, Unit::Article);
        assert_eq!(c.normalized(), "[this act] Art. 49(2)");
        let c = one("processing under Article 6(1)(a) GDPR is");
        assert_eq!(c.normalized(), "Regulation (EU) 2016/679 Art. 6(1)(a)");
        let c = one("point (a) of Article 9(2)");
        assert_eq!(c.subsections, vec!["2", "a"]);
        let c = one("Article 5 of Regulation (EU) 2024/1689");
        assert_eq!(c.normalized(), "Regulation (EU) 2024/1689 Art. 5");
        let c = one("listed in Annex III");
        assert_eq!((c.unit, c.section.as_deref()), (Unit::Annex, Some("III")));
        let cites = extract("Articles 356 to 358 apply");
        assert_eq!(
            cites[0].range_end.as_ref().map(|e| e.section.as_str()),
            Some("358")
        );
    }

    #[test]
    fn line_broken_section_numbers_from_pdf_text() {
        let c = one("as defined by 6 RCNY § 5-\n249.");
        assert_eq!(c.section.as_deref(), Some("5-249"));
    }

    #[test]
    fn not_citations() {
        assert!(extract("a civil penalty of not more than $500 for a first violation").is_empty());
        assert!(extract("this section heading is short").len() == 1);
        assert!(extract("in the section below").is_empty());
        assert!(extract("the paragraph as a whole").is_empty());
    }
}
