//! Short forms: links each short-form citation of an extraction to the earlier citation it
//! stands for, and gives it that citation's authority (The Bluebook, 21st ed., rules 4.1
//! (`Id.`), 4.2 (`supra`), 10.9 (case short forms) and 12.10 (statute short forms); the
//! EUR-Lex style guide for `that Regulation` and `thereof`).
//!
//! - `Id.` takes the immediately preceding authority; `Id. at (b)` replaces its last
//!   subsection label, `Id. § 6` its section; a pin page before a case's first page leaves
//!   it unresolved.
//! - A bare `§ 1988(b)` after `42 U.S.C. § 1983` takes the code of the preceding citation
//!   (the resolver still prefers the citing document's own code when it has that section).
//! - `477 U.S. at 574` takes the one earlier case of that volume and reporter that starts
//!   at or before the pin page; none or several leave it unresolved.
//! - `that Regulation`, `thereof` take the last EU act named; `of that Article` the last
//!   article cited.

use std::collections::HashMap;

use super::{Citation, CitationKind, CodeRef, Relative, ShortForm};
use crate::model::Unit;

/// Whether `Id.` or `supra` found at `start..end` of `text` stands where a citation
/// short form can (The Bluebook, rules 4.1 and 4.2): `Id.` opens a citation sentence or
/// clause (at the start of the text or a line, after `.`, `;`, `(`, `:` or a signal such
/// as `See`), `id.` in lower case follows a signal or a clause break; `supra` follows the
/// name of an authority and a comma (`Bush, supra`) or a signal, and is followed by what
/// ends or pins it (`note`, `at`, punctuation). With no earlier citation in the text
/// (`prior` false) a short form only stands at the very start of the text (after a signal
/// at most), whose antecedent may lie before it; anywhere else it has nothing to refer to. Not short
/// forms: `Employee Id. number`, `the id. field`, `supra-national`, `see supra Part II`.
pub(crate) fn stands_as_short_form(text: &str, start: usize, end: usize, prior: bool) -> bool {
    let space = |c: char| c == ' ' || c == '\t' || super::TYPOGRAPHIC_SPACES.contains(&c);
    let before = text[..start].trim_end_matches(space);
    let after = text[end..].trim_start_matches(space);
    let at_text_start = before.trim_start().is_empty();
    let last_word = before
        .rsplit(|c: char| c.is_whitespace() || c == '(')
        .next()
        .unwrap_or("");
    let signal = matches!(
        last_word
            .trim_end_matches(',')
            .to_ascii_lowercase()
            .as_str(),
        "see"
            | "also"
            | "cf."
            | "accord"
            | "e.g."
            | "compare"
            | "with"
            | "contra"
            | "but"
            | "generally"
            | "and"
    );
    // Without an antecedent in the text, only the opening citation of the excerpt (`Id. at
    // 2`, `See supra.`) may refer to what precedes the excerpt.
    let opens_excerpt = at_text_start || (signal && before.split_whitespace().count() <= 2);
    if !prior && !opens_excerpt {
        return false;
    }
    let boundary = at_text_start
        || text[..start].ends_with('\n')
        || before.ends_with(['.', ';', '(', '[', ':', '!', '?', '"', '“', '\n']);
    let word = &text[start..end];
    if word.eq_ignore_ascii_case("supra") {
        // Not the prefix `supra-` of a word.
        if text[end..].starts_with(['-', '‑']) {
            return false;
        }
        let ends = after.is_empty()
            || after.starts_with([',', '.', ';', ')', ':'])
            || after.starts_with("note")
            || after.starts_with("at ");
        return ends && (before.ends_with(',') || signal || at_text_start);
    }
    // `Id.` / `id.`: what follows is a pin, punctuation, a parenthetical or a new sentence,
    // not a lower-case word (`id. number`), save `at`.
    let next_lower_word =
        after.starts_with(|c: char| c.is_lowercase()) && !after.starts_with("at ");
    if next_lower_word {
        return false;
    }
    if word.starts_with('I') {
        boundary || signal
    } else {
        boundary
            || signal
            || (before.ends_with(',') && (after.starts_with("at ") || after.starts_with('§')))
    }
}

/// Links the short forms of `cites` (one extraction of `text`, in order) to their
/// antecedents, in place.
pub fn link(text: &str, cites: &mut [Citation]) {
    let breaks = ParagraphBreaks::new(text, false);
    let paragraphs = ParagraphBreaks::new(text, true);
    let mut parts: HashMap<String, usize> = HashMap::new();
    let mut last_full: Option<usize> = None;
    let mut last_act: Option<usize> = None;
    // The last citation of a provision (not of a register's or a reporter's page), whose
    // section an amendatory instruction's bare paragraphs are of.
    let mut last_provision: Option<usize> = None;
    let mut last_article: Option<usize> = None;
    // The last relative subdivision (`paragraph 1, first subparagraph, point (h)`), which a
    // `thereof` may refer to before anchoring gives it its section.
    let mut last_relative: Option<usize> = None;
    for i in 0..cites.len() {
        match cites[i].short_form {
            Some(ShortForm::Id) => {
                if let Some(a) = last_full {
                    link_id(cites, i, a);
                }
                continue;
            }
            Some(ShortForm::Supra | ShortForm::ActSection) => continue,
            Some(ShortForm::Reporter) => {
                link_reporter(cites, i);
                continue;
            }
            Some(ShortForm::That) => {
                let last = last_full.max(last_relative);
                if !subdivision_thereof(text, cites, i, last) {
                    link_that(cites, i, last_act, last_article, last_full);
                }
            }
            Some(ShortForm::Inherited) => {
                cites[i].antecedent = last_full.filter(|&a| cites[a].kind == cites[i].kind);
            }
            None => {
                if excepted_subdivisions(text, cites, i) {
                    continue;
                }
                if i > 0 && act_section(text, cites, i) {
                    // A section of the act just cited: not an authority later bare
                    // sections could inherit from.
                    continue;
                }
                inherit_cfr_part(cites, i, &parts);
                if let Some(a) = last_full {
                    inherit_code(text, &paragraphs, cites, i, a);
                    if cites[i].code.is_none()
                        && let Some(b) = same_number_in_the_sentence(text, cites, i, a)
                    {
                        inherit_code(text, &paragraphs, cites, i, b);
                    }
                }
                if let Some(a) = last_provision {
                    anchor_in_instruction(text, &breaks, cites, i, a);
                }
            }
        }
        note_cfr_part(cites, i, &mut parts);
        let c = &cites[i];
        if c.code.is_some() || c.section.is_some() {
            last_full = Some(i);
            // `Amend § 771.109, as amended at 80 FR 72624 (November 20, 2015), by revising
            // paragraphs (a)(1)`: a page of a register or a reporter is no section an
            // instruction amends.
            if !matches!(
                c.kind,
                CitationKind::FedReg
                    | CitationKind::Register
                    | CitationKind::Stat
                    | CitationKind::DcStat
                    | CitationKind::Case
                    | CitationKind::AgencyDecision
            ) {
                last_provision = Some(i);
            }
        }
        if matches!(c.kind, CitationKind::EuAct | CitationKind::EuArticle)
            && matches!(c.code, Some(CodeRef::Named(_)))
        {
            last_act = Some(i);
        }
        if c.unit == Unit::Article && c.section.is_some() {
            last_article = Some(i);
        }
        if c.section.is_none()
            && c.short_form.is_none()
            && !c.subsections.is_empty()
            && matches!(c.relative, Some(Relative::ThisSection | Relative::Bare(_)))
        {
            last_relative = Some(i);
        }
    }
}

/// `Section A, points 1 to 10, of Annex VIII, with the exception of points 6, 8 and 9` (EU
/// AI Act, Article 49(5)(a)): the subdivisions an exception names right after a citation
/// of subdivisions are that citation's siblings, not subdivisions of the citing provision.
/// Links each bare item of the exception to the citation before it, replacing its last
/// label; returns whether it did.
fn excepted_subdivisions(text: &str, cites: &mut [Citation], i: usize) -> bool {
    static EXCEPTION: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        #[allow(clippy::expect_used)]
        regex::Regex::new(
            r"^[ \t]*,?[ \t]*(?:with[ \t]+the[ \t]+exception[ \t]+of|except(?:[ \t]+for)?|other[ \t]+than|excluding|but[ \t]+not)[ \t]+$",
        )
        .expect("static regex compiles")
    });
    let c = &cites[i];
    if !matches!(c.relative, Some(Relative::Bare(_)))
        || c.section.is_some()
        || c.code.is_some()
        || c.subsections.is_empty()
    {
        return false;
    }
    let Some(a) = (0..i)
        .rev()
        .find(|&j| cites[j].group != c.group && cites[j].span.end <= c.group.start)
    else {
        return false;
    };
    let ante = &cites[a];
    // `Section A, points 1 to 10, of Annex VIII` is cited as the annex's section (its
    // division), whose points the exception names.
    let annex_section = ante.unit == Unit::Annex && ante.division().is_some();
    if (ante.subsections.is_empty() && !annex_section) || ante.short_form.is_some() {
        return false;
    }
    let between = text.get(ante.group.end..c.group.start).unwrap_or("x");
    if !EXCEPTION.is_match(between) {
        return false;
    }
    let ante = ante.clone();
    let c = &mut cites[i];
    let keep = ante.subsections.len().saturating_sub(c.subsections.len());
    let mut labels: Vec<_> = ante.subsections[..keep].to_vec();
    labels.append(&mut c.subsections);
    c.subsections = labels;
    c.relative = ante.relative;
    c.kind = ante.kind;
    cite_section_of(c, ante, a);
    true
}

/// How far before a bare subdivision the section its amendatory instruction amends may be
/// named, in bytes of text other than whitespace.
const INSTRUCTION_REACH: usize = 400;

/// The same reach in bytes of any kind, whitespace included: a bound on the text scanned.
const LAYOUT_REACH: usize = 16 * INSTRUCTION_REACH;

/// A bare subdivision in an amendatory instruction (`In § 814.102, in paragraph (b)(3)(i),
/// remove …`, `Section 52.1470, paragraph (e) is amended by adding …`, `5. In § 300.65:` then
/// `a. Add paragraph (c)(1)(iii);`) is a subdivision of the section the instruction amends,
/// not of the provision where the instruction stands (Document Drafting Handbook, ch. 2: an
/// instruction names the section, then its paragraphs; the House and Senate Legislative
/// Counsel's manuals: `Section 5 is amended— (1) in paragraph (2), by striking …`). The
/// section is the last one cited before it, in the same paragraph or in the instruction's
/// opening line ending with a colon; the sentence of the subdivision must be an instruction.
fn anchor_in_instruction(
    text: &str,
    breaks: &ParagraphBreaks,
    cites: &mut [Citation],
    i: usize,
    a: usize,
) {
    let (c, ante) = (&cites[i], &cites[a]);
    if !matches!(c.relative, Some(Relative::Bare(_)))
        || c.section.is_some()
        || c.code.is_some()
        || c.subsections.is_empty()
        || ante.section.is_none()
        || ante.relative.is_some()
        || ante.unit != Unit::Section
        // A range of sections names no one section; a range of one section's subdivisions
        // (`paragraphs (a) through (d)`) does.
        || ante
            .range_end
            .as_ref()
            .is_some_and(|r| !r.section.is_empty() && Some(&r.section) != ante.section.as_ref())
        || ante.span.end > c.span.start
        || c.span.start - ante.span.end > LAYOUT_REACH
    {
        return;
    }
    let Some(between) = text.get(ante.span.end..c.span.start) else {
        return;
    };
    // Layout does not count: the text view of markup pads items with blanked tags.
    if between.split_whitespace().map(str::len).sum::<usize>() > INSTRUCTION_REACH {
        return;
    }
    // One paragraph, or the instruction's opening line (`5. In § 300.65:`) and its item, or
    // a later item of the instruction (`4. Amend § 814.102 as follows:` `a. In paragraph
    // (a)(5), remove …` `b. In paragraph (b)(3)(i), remove …`): each item amends the section
    // the opening names, which the previous item's subdivision carries.
    if breaks.between(ante.span.end, c.span.start) {
        let (opening, item) = between.split_once('\n').unwrap_or((between, ""));
        let first_item = opening.trim_end().ends_with(':')
            && (!item.trim().contains('\n') || opens_item(text, c.span.start));
        let later_item = ante.short_form == Some(ShortForm::Inherited)
            && !ante.subsections.is_empty()
            && opens_item(text, c.span.start);
        if !(first_item || later_item) {
            return;
        }
    }
    if !is_instruction(text, c.span.start, c.span.end) {
        return;
    }
    let ante = ante.clone();
    let c = &mut cites[i];
    cite_section_of(c, ante, a);
    c.relative = None;
    c.short_form = Some(ShortForm::Inherited);
}

/// Whether the item `at` stands in opens with an item label (`b.`, `(2)`, `■ c.`, the
/// Federal Register's bullet) at the start of a line, with a few words between it and `at`
/// (`b. In `, `c. Add `). Markup lays an item out over several lines (the label, the
/// amending verb and the reference each on its own), so the words are counted across lines.
fn opens_item(text: &str, at: usize) -> bool {
    /// The most an item's words before its first subdivision take, in bytes.
    const LEAD: usize = 40;
    /// The most lines looked at, blank ones included.
    const LINES: usize = 12;
    /// `line` without its label, if it opens with one.
    fn after_label(line: &str) -> Option<&str> {
        let line = line.trim_start().trim_start_matches('■').trim_start();
        let label = line
            .strip_prefix('(')
            .unwrap_or(line)
            .trim_start_matches(|ch: char| ch.is_ascii_alphanumeric());
        let rest = label.strip_prefix(['.', ')'])?;
        let label_len = line.len() - label.len();
        ((1..=4).contains(&label_len) && (rest.is_empty() || rest.starts_with(char::is_whitespace)))
            .then_some(rest)
    }
    let before = text.get(..at).unwrap_or_default();
    let mut lead = 0;
    for line in before.rsplit('\n').take(LINES) {
        if let Some(rest) = after_label(line) {
            return lead + rest.trim().len() <= LEAD;
        }
        let words = line.trim();
        // Another sentence ended before: `at` is not in the item's opening words.
        if words.ends_with([';', ':', '.']) {
            return false;
        }
        lead += words.len();
        if lead > LEAD {
            return false;
        }
    }
    false
}

/// Makes `c` cite the section that citation `a`, `ante`, cites: its kind, code, designator,
/// unit and number, with `ante` as its antecedent.
fn cite_section_of(c: &mut Citation, ante: Citation, a: usize) {
    c.set_designator(ante.designator());
    c.kind = ante.kind;
    c.code = ante.code;
    c.unit = ante.unit;
    c.section = ante.section;
    c.antecedent = Some(a);
}

/// The verbs of amendatory instructions (Document Drafting Handbook, ch. 2), and their
/// gerunds, which open the items of an instruction (`Amend § 679.40 by: a. Revising
/// paragraph (b); b. Adding paragraph (h)(3)(iii)`).
const AMENDING_VERBS: &[&str] = &[
    "add",
    "adding",
    "amend",
    "amending",
    "insert",
    "inserting",
    "redesignate",
    "redesignating",
    "remove",
    "removing",
    "reserve",
    "reserving",
    "revise",
    "revising",
    "strike",
    "striking",
    "suspend",
    "suspending",
];

/// Whether the sentence around `start..end` is an amendatory instruction: it opens (after an
/// item label such as `2.`, `a.`, `(1)`) with an instruction's words (`In`, `Amend`, `Revise`,
/// `Add`, `Remove`, `Redesignate`, …) or says what `is amended`, `revised`, `added`, `removed`,
/// `redesignated` or `reserved`.
fn is_instruction(text: &str, start: usize, end: usize) -> bool {
    const OPENINGS: &[&str] = &[
        "amend",
        // A rule that amends a proposed or earlier amendment (`Further amend § 771.109, as
        // proposed to be amended at 80 FR 72624`).
        "further amend",
        "revise",
        "revising",
        "add ",
        "adding",
        "remove",
        "removing",
        "redesignat",
        "reserv",
        "suspend",
        "insert",
        "strik",
    ];
    // The passive of an instruction is a finite `is`/`are` (`paragraph (e) is removed and
    // reserved`, `§ 52.1470 is amended by …`, `are redesignated as`), not a modal or a
    // participle of prose (`may be removed from office`, `as amended`).
    const PASSIVES: &[&str] = &[
        "amended",
        "revised",
        "added",
        "removed",
        "redesignated",
        "reserved",
    ];
    let before = text.get(..start).unwrap_or_default();
    // A period ends a sentence only before a space (`§ 814.102` holds one).
    let from = before
        .char_indices()
        .rev()
        .find(|&(p, ch)| {
            matches!(ch, ';' | ':' | '\n' | '—')
                || (ch == '.' && before[p + 1..].starts_with(char::is_whitespace))
        })
        .map_or(0, |(p, ch)| p + ch.len_utf8());
    let from = continued_lines(text, from, start);
    let to = text
        .get(end..)
        .and_then(|t| t.find([';', ':', '\n']).or_else(|| t.find(". ")))
        .map_or(text.len(), |p| end + p);
    let Some(sentence) = text.get(from..to) else {
        return false;
    };
    // The Federal Register's bullet before an instruction's number (`■ 5.`). Spaces run
    // together: the text view of markup blanks the tags between words (`Further
    // <amendingAction>amend</amendingAction>`).
    let lower = sentence
        .trim_start()
        .trim_start_matches('■')
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase();
    let words: Vec<&str> = lower
        .split(|ch: char| !ch.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let passive = words.windows(2).enumerate().any(|(i, w)| {
        PASSIVES.contains(&w[1])
            && (matches!(w[0], "is" | "are")
                || (w[0] == "hereby" && i > 0 && matches!(words[i - 1], "is" | "are")))
    });
    // An item label: `2.` (its period ended the search above), `a.`, `(1)`, `(iii)`.
    let opening = lower
        .trim_start_matches('(')
        .trim_start_matches(|ch: char| ch.is_ascii_alphanumeric())
        .trim_start_matches(['.', ')'])
        .trim_start();
    let labelled = lower.len() != opening.len() && lower.len() - opening.len() <= 5;
    // `In` opens an instruction when the sentence says what to do (`In § 300.65, revise …`,
    // `In paragraph (a)(5), remove …`: the Document Drafting Handbook's forms), not in prose
    // (`In carrying out paragraph (1)`, `In addition to damages …`).
    let directs = || words.iter().any(|w| AMENDING_VERBS.contains(w));
    let opens = |t: &str| {
        OPENINGS.iter().any(|o| t.starts_with(o))
            // `(1) by striking subsection (b)`, the amending verb after `by`; not a
            // provision's own means (`(3) by facilitating the sharing of information …
            // listed in subsection (b)`, 14 U.S.C. § 714(a)(3)).
            || t.strip_prefix("by ").is_some_and(|r| {
                AMENDING_VERBS
                    .iter()
                    .any(|v| r.strip_prefix(v).is_some_and(|w| !w.starts_with(char::is_alphabetic)))
            })
            || (t
                .strip_prefix("in")
                .is_some_and(|r| r.starts_with(char::is_whitespace))
                && directs())
    };
    opens(&lower) || (labelled && opens(opening)) || passive
}

/// Where the sentence whose line begins at `from` begins, when the line holds nothing before
/// `start`: markup lays an item out line by line (`■ a.`, `Revise`, `paragraph (b);`), and a
/// line of a few words without closing punctuation goes on in the next one.
fn continued_lines(text: &str, from: usize, start: usize) -> usize {
    /// The most words a line carried over holds, and the most lines looked at.
    const WORDS: usize = 3;
    const LINES: usize = 8;
    let opens_line = text.get(..from).is_some_and(|b| b.ends_with('\n'));
    if !opens_line {
        return from;
    }
    // With words before `start` on its line, only a line ending with an amending verb
    // carries over (`Revise` / `paragraph (c) heading and paragraph (c)(2);`).
    let blank_head = text.get(from..start).is_some_and(|h| h.trim().is_empty());
    let mut from = from;
    let mut cursor = from;
    for _ in 0..LINES {
        let Some(end) = cursor.checked_sub(1) else {
            break;
        };
        let begin = text[..end].rfind('\n').map_or(0, |p| p + 1);
        let line = text[begin..end].trim();
        cursor = begin;
        if line.is_empty() {
            continue;
        }
        // `In § 814.124, revise` / `paragraph (a) to read as follows:`, `Revise` / `paragraph
        // (b);`: a verb at the end of a line governs the next one.
        let governs = line
            .split_whitespace()
            .last()
            .is_some_and(|w| AMENDING_VERBS.contains(&w.to_lowercase().as_str()));
        if governs {
            from = begin;
            break;
        }
        if !blank_head
            || line.ends_with([';', ':', '.', '—'])
            || line.split_whitespace().count() > WORDS
        {
            break;
        }
        from = begin;
    }
    from
}

/// Where the paragraphs of a text end (a blank line, see [`ParagraphBreaks::new`]), to tell in
/// logarithmic time whether two citations, however far apart, stand in one paragraph.
struct ParagraphBreaks {
    /// (start, end) of each blank-line break, in order.
    at: Vec<(usize, usize)>,
}

impl ParagraphBreaks {
    /// The breaks of `text`: empty lines, and with `spaced` also lines of nothing but
    /// spaces and tabs (blank as Markdown counts them). The text view of XML, whose markup
    /// became spaces, has such a line between each two elements, so only the empty lines
    /// of a source's own text break an amendatory instruction; a paragraph of a code's XML
    /// (`<para>`) ends where its spaced line does.
    fn new(text: &str, spaced: bool) -> Self {
        let bytes = text.as_bytes();
        let mut at = Vec::new();
        for (i, _) in text.match_indices('\n') {
            let mut j = i + 1;
            while matches!(bytes.get(j), Some(b'\r'))
                || (spaced && matches!(bytes.get(j), Some(b' ' | b'\t')))
            {
                j += 1;
            }
            if bytes.get(j) == Some(&b'\n') {
                at.push((i, j + 1));
            }
        }
        Self { at }
    }

    /// Whether a break lies wholly within `from..to`.
    fn between(&self, from: usize, to: usize) -> bool {
        let i = self.at.partition_point(|&(start, _)| start < from);
        self.at.get(i).is_some_and(|&(_, end)| end <= to)
    }
}

fn link_id(cites: &mut [Citation], i: usize, a: usize) {
    let ante = cites[a].clone();
    if ante.kind == CitationKind::Case
        && let (Some(pin), Some(first)) = (cites[i].pin(), ante.section.as_deref())
        && let (Ok(pin), Ok(first)) = (pin.parse::<u32>(), first.parse::<u32>())
        && pin < first
    {
        return;
    }
    let id = &mut cites[i];
    id.antecedent = Some(a);
    // `Id. § 6`, a new section of the same code, keeps the antecedent's designator too.
    id.set_designator(ante.designator());
    id.kind = ante.kind;
    id.code = ante.code;
    id.unit = ante.unit;
    if id.section.is_some() {
        return;
    }
    id.section = ante.section;
    let own = std::mem::take(&mut id.subsections);
    let keep = ante.subsections.len().saturating_sub(own.len());
    id.subsections = ante.subsections[..keep].to_vec();
    id.subsections.extend(own);
}

fn link_reporter(cites: &mut [Citation], i: usize) {
    let Some(pin) = cites[i].pin().and_then(|p| p.parse::<u32>().ok()) else {
        return;
    };
    let mut found = cites[..i].iter().enumerate().filter(|(_, c)| {
        c.kind == CitationKind::Case
            && c.short_form.is_none()
            && c.code == cites[i].code
            && c.section
                .as_deref()
                .and_then(|p| p.parse::<u32>().ok())
                .is_some_and(|first| first <= pin)
    });
    if let (Some((a, ante)), None) = (found.next(), found.next()) {
        let section = ante.section.clone();
        cites[i].antecedent = Some(a);
        cites[i].section = section;
    }
}

/// `paragraph (2) thereof` after `section 5(a) of title 10` in the same sentence: a
/// subdivision of the provision just cited (`thereof`, "of the thing just mentioned"), its
/// labels hung below the antecedent's down to the level above the word's (U.S. drafting
/// levels, [`super::relative::depth_of`]). Returns whether it linked.
fn subdivision_thereof(text: &str, cites: &mut [Citation], i: usize, last: Option<usize>) -> bool {
    use super::relative::{Convention, depth_of};
    let Some(Relative::Bare(word)) = cites[i].relative else {
        return false;
    };
    let Some(a) = last else {
        return false;
    };
    let (c, ante) = (&cites[i], &cites[a]);
    // The antecedent is a provision: numbered (`section 5(a) of title 10`, `Article 5(1) of
    // Regulation (EU) 2024/1689`) or relative, its section yet to be anchored (`paragraph
    // 1, first subparagraph, point (h)` … `point (h)(iii) thereof`).
    let relative_ante = ante.section.is_none()
        && matches!(
            ante.relative,
            Some(Relative::ThisSection | Relative::Bare(_))
        )
        && !ante.subsections.is_empty();
    if c.section.is_some()
        || c.subsections.is_empty()
        || !(relative_ante || (ante.section.is_some() && ante.relative.is_none()))
        || !matches!(ante.unit, Unit::Section | Unit::Article)
        || ante.span.end > c.span.start
        || c.span.start - ante.span.end > 200
    {
        return false;
    }
    // Within one sentence.
    let between = text.get(ante.span.end..c.span.start).unwrap_or(".");
    if between.contains(". ") || between.contains(".\n") || between.contains(';') {
        return false;
    }
    let convention = if ante.kind == CitationKind::Cfr {
        Convention::Cfr
    } else if ante.unit == Unit::Article || ante.kind == CitationKind::EuArticle {
        Convention::Eu
    } else {
        Convention::UnitedStates
    };
    let keep = usize::from(depth_of(word, convention)).saturating_sub(1);
    if ante.subsections.len() < keep {
        // A level left out between the two: not read as one path.
        return false;
    }
    let ante = ante.clone();
    let c = &mut cites[i];
    let mut labels: Vec<_> = ante.subsections.iter().take(keep).cloned().collect();
    labels.append(&mut c.subsections);
    c.subsections = labels;
    c.relative = ante.relative;
    c.short_form = None;
    cite_section_of(c, ante, a);
    true
}

fn link_that(
    cites: &mut [Citation],
    i: usize,
    last_act: Option<usize>,
    last_article: Option<usize>,
    last_section: Option<usize>,
) {
    // `such section`: the section last cited, whatever its unit; the section, not the
    // subdivision of it that citation named (`paragraph (b)(5) of that section … for the
    // purposes of such section`, 44 U.S.C. 2204(c)(1)).
    if cites[i].section.is_none()
        && cites[i].subsections.is_empty()
        && cites[i].code.is_none()
        && cites[i].relative.is_none()
        && cites[i].range_end.is_none()
        && let Some(a) = last_section
    {
        let ante = cites[a].clone();
        cite_section_of(&mut cites[i], ante, a);
        return;
    }
    // `subsection (c)(1) of such section`, `paragraph 3 of that Article`: the subdivisions
    // of the section or article cited last (of an article's, in an EU act, which cites
    // sections of nothing else).
    let numbered = last_section.filter(|&a| cites[a].section.is_some());
    let nearest = match (last_article, numbered) {
        (Some(a), Some(b)) => Some(a.max(b)),
        (a, b) => a.or(b),
    };
    if cites[i].section.is_none()
        && !cites[i].subsections.is_empty()
        && let Some(a) = nearest
    {
        let ante = cites[a].clone();
        let c = &mut cites[i];
        c.section = ante.section;
        c.unit = ante.unit;
        if c.code.is_none() {
            c.code = ante.code;
            c.kind = ante.kind;
        }
        c.antecedent = Some(a);
        return;
    }
    if cites[i].code.is_none()
        && let Some(a) = last_act
    {
        let code = cites[a].code.clone();
        let c = &mut cites[i];
        c.code = code;
        if c.section.is_some() {
            c.kind = CitationKind::EuArticle;
        }
        c.antecedent = Some(a);
        return;
    }
    // `section 1405 of such title` after `section 1409 of title 10`: the title of the code
    // last cited.
    if cites[i].code.is_none()
        && cites[i].section.is_some()
        && let Some(a) = last_section
        && matches!(cites[a].kind, CitationKind::Usc | CitationKind::Cfr)
        && cites[a].section.is_some()
    {
        let (kind, code) = (cites[a].kind, cites[a].code.clone());
        let c = &mut cites[i];
        c.kind = kind;
        c.code = code;
        c.antecedent = Some(a);
        return;
    }
    // `section 501(a) of that Code` with no act named before: a code the text does not
    // name, so not the citing document's own. `Article 10 of that Regulation`: an article
    // of an act the text does not name, still an EU article (an article of a statute,
    // numbered by articles, is the EU's drafting; EUR-Lex's `that Regulation`).
    if cites[i].code.is_none() && cites[i].section.is_some() {
        let article = cites[i].unit == Unit::Article;
        cites[i].code = Some(CodeRef::Named(
            if article { "[that act]" } else { "[that code]" }.into(),
        ));
        cites[i].kind = if article {
            CitationKind::EuArticle
        } else {
            CitationKind::NamedAct
        };
    }
}

/// Drops the bare numbered parts (`part 4279`) that no earlier C.F.R. citation of the text
/// gave a title: outside a rule they are divisions of documents lexls does not model. The
/// antecedents of the citations kept are renumbered.
pub fn drop_bare_parts(cites: Vec<Citation>) -> Vec<Citation> {
    let bare = |c: &Citation| {
        c.kind == CitationKind::Section && c.code.is_none() && c.designator() == Some("Part")
    };
    if !cites.iter().any(bare) {
        return cites;
    }
    let mut map = Vec::with_capacity(cites.len());
    let mut next = 0usize;
    for c in &cites {
        if bare(c) {
            map.push(None);
        } else {
            map.push(Some(next));
            next += 1;
        }
    }
    cites
        .into_iter()
        .filter(|c| !bare(c))
        .map(|mut c| {
            c.antecedent = c.antecedent.and_then(|a| map.get(a).copied().flatten());
            c
        })
        .collect()
}

/// `Pub. L. 94–546, § 1(1)`, `63 Stat. 496, § 1`, `Pub. L. 107–296, title XVII, § 1704(a)`
/// (source credits): a bare section right after a public law or a Statutes at Large page
/// is a section of that act. Marks it so and returns true.
fn act_section(text: &str, cites: &mut [Citation], i: usize) -> bool {
    static BETWEEN: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        #[allow(clippy::expect_used)]
        regex::Regex::new(
            r"^,[ \t]*(?:(?:title|subtitle|div\.|division|ch\.|part)[ \t]+[\w–-]+(?:[ \t]+\[\w+\])?,[ \t]*)*$",
        )
        .expect("static regex compiles")
    });
    let prev = &cites[i - 1];
    let c = &cites[i];
    let bare = c.kind == CitationKind::Section && c.code.is_none() && c.relative.is_none();
    if !bare {
        return false;
    }
    // The further items of `§§ 108(b), 123(b)(2)` follow their first.
    let same_phrase = prev.group == c.group
        && prev.short_form == Some(ShortForm::ActSection)
        && matches!(
            prev.kind,
            CitationKind::PublicLaw | CitationKind::NamedAct | CitationKind::DcLaw
        );
    if same_phrase {
        let (kind, code, antecedent) = (prev.kind, prev.code.clone(), prev.antecedent);
        let c = &mut cites[i];
        c.kind = kind;
        c.code = code;
        c.short_form = Some(ShortForm::ActSection);
        c.antecedent = antecedent;
        return true;
    }
    // `D.C. Law 1-79, title I, § 102(2)`, `Aug. 4, 1949, ch. 393, § 19`: an act cited as a
    // whole by its designation or its date and chapter.
    let whole_act = prev.section.is_none()
        && (prev.kind == CitationKind::DcLaw
            || (prev.kind == CitationKind::NamedAct
                && prev.named_code().is_some_and(|name| {
                    super::dated_act::is_dated_act(name)
                        || super::numbered_act::is_numbered_act(name)
                })));
    if !whole_act && !matches!(prev.kind, CitationKind::PublicLaw | CitationKind::Stat) {
        return false;
    }
    let between = text.get(prev.span.end..c.group.start).unwrap_or("x");
    // India's texts as distributed set a space before the comma (`Act 104 of 1976 ,
    // section 27`); a space there elsewhere ends the act's citation (`D.C. Law 20-110 , §§
    // 21-211`, the Council's markup around a citation of the Code).
    let numbered = prev
        .named_code()
        .is_some_and(super::numbered_act::is_numbered_act);
    let between = if numbered {
        between.trim_start_matches([' ', '\t'])
    } else {
        between
    };
    if !BETWEEN.is_match(between) {
        return false;
    }
    let (kind, code) = match (prev.kind, &prev.code) {
        (CitationKind::PublicLaw, code) => (CitationKind::PublicLaw, code.clone()),
        (kind @ (CitationKind::NamedAct | CitationKind::DcLaw), code) => (kind, code.clone()),
        (_, Some(CodeRef::Named(vol))) => (
            CitationKind::NamedAct,
            Some(CodeRef::Named(compact_str::format_compact!(
                "{vol} {}",
                prev.section.as_deref().unwrap_or_default()
            ))),
        ),
        _ => return false,
    };
    let c = &mut cites[i];
    c.kind = kind;
    c.code = code;
    c.short_form = Some(ShortForm::ActSection);
    c.antecedent = Some(i - 1);
    true
}

/// The C.F.R. part a citation names (`14 CFR part 71` → `71`, `14 CFR 71.1` → `71`).
fn cfr_part(c: &Citation) -> Option<&str> {
    let section = c.section.as_deref()?;
    if c.designator() == Some("Part") {
        return Some(section);
    }
    let (part, rest) = section.split_once('.')?;
    (!part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()) && !rest.is_empty())
        .then_some(part)
}

/// Remembers the last C.F.R. citation that names each part. A Federal Register issue
/// prints one rule after another, each naming the title and part it amends just before its
/// regulatory text (`the FAA amends 14 CFR part 71 as follows:`), so the last naming is the
/// rule's own even where an earlier document of the issue named the same part number under
/// another title (`40 CFR part 71`).
fn note_cfr_part(cites: &[Citation], i: usize, parts: &mut HashMap<String, usize>) {
    let c = &cites[i];
    if c.kind != CitationKind::Cfr || !matches!(c.code, Some(CodeRef::Named(_))) {
        return;
    }
    let Some(part) = cfr_part(c) else { return };
    parts.insert(part.to_string(), i);
}

/// Context-relative sections of a rule (Document Drafting Handbook, ch. 2 and 3): a rule
/// names the title and part it amends (`14 CFR Part 71`, `the FAA amends 14 CFR part 71 as
/// follows`), and its amendatory instructions, authority citations and regulatory text then
/// cite that part's sections bare (`§ 71.1`). A bare `part.section` number whose part an
/// earlier C.F.R. citation of the text named takes that citation's title, wherever it stands
/// in the text, and before the code of a merely adjacent citation (`appealed under 15 CFR
/// part 906.` then `In § 679.42:` in a rule amending 50 CFR part 679).
fn inherit_cfr_part(cites: &mut [Citation], i: usize, parts: &HashMap<String, usize>) {
    let c = &cites[i];
    if c.kind != CitationKind::Section
        || c.code.is_some()
        || c.relative.is_some()
        || c.short_form.is_some()
        || c.unit != Unit::Section
        || c.designator().is_some_and(|d| d != "Part")
    {
        return;
    }
    let Some(part) = cfr_part(c) else { return };
    let Some(&a) = parts.get(part) else {
        return;
    };
    let code = cites[a].code.clone();
    let c = &mut cites[i];
    c.kind = CitationKind::Cfr;
    c.code = code;
    c.short_form = Some(ShortForm::Inherited);
    c.antecedent = Some(a);
}

/// Whether `between`, the text between two citations, stays in one sentence: no blank line
/// after a line the sentence does not go on from, and no `.`, `?` or `!` (and closing
/// quotes or brackets) followed by whitespace and a capital letter, an opening quote or
/// bracket (`.”. “(k) Any`), and no opening quotation mark; the periods of abbreviations
/// such as `U.S.C. 552` or `Pub. L. 85–859` are followed by a number. A sentence goes on
/// across the blank lines between its chapeau and its paragraphs: a line that ends with a
/// colon, semicolon, comma, dash, `and` or `or` (`…; and` before `(2) for which a
/// reimbursement would otherwise be made under section 1085.`, 14 U.S.C. § 506(a)).
fn within_a_sentence(between: &str) -> bool {
    let lines: Vec<&str> = between.split('\n').collect();
    let goes_on = |line: &str| {
        let line = line.trim_end();
        line.ends_with([':', ';', ',', '—', '–', '-'])
            || [" and", " or"].iter().any(|w| line.ends_with(w))
    };
    let blank_line = lines.len() > 2
        && (1..lines.len() - 1).any(|k| {
            lines[k].trim().is_empty()
                && !lines[..k]
                    .iter()
                    .rev()
                    .find(|l| !l.trim().is_empty())
                    .is_some_and(|l| goes_on(l))
        });
    let sentence_end = between.match_indices(['.', '?', '!']).any(|(i, mark)| {
        let rest = between[i + mark.len()..].trim_start_matches(['”', '’', '"', '\'', ')', ']']);
        let next = rest.trim_start();
        next.len() < rest.len()
            && (next.starts_with(char::is_uppercase) || next.starts_with(['“', '‘', '"', '(', '[']))
    });
    // A quotation opens another text (`Section 3 of D.C. Law 16-30 provided: “… the amendment
    // to section 3(2)(B)(ii) made by this act …”`): its numbers are that text's.
    let quotation = between.contains(['“', '‘']);
    !blank_line && !sentence_end && !quotation
}

/// The citation before `last` (the last full citation before bare citation `i`) that gave
/// `i`'s section number with its code in the same sentence, when no citation naming
/// another code stands between (`under section 1085 of title 10, … under chapter 56 of title 10 …
/// under section 1085.`, 14 U.S.C. § 506(a)): [`inherit_code`] then reads `i` as its
/// repetition. A citation of another code between them (`June 11, 1896, ch. 420, § 1, 29
/// Stat. 454; Mar. 2, 1901, No. 16, §§ 1, 2`) may mean an instrument the extractor did not
/// read. Looks back at most [`SENTENCE_LOOKBACK`] citations.
fn same_number_in_the_sentence(
    text: &str,
    cites: &[Citation],
    i: usize,
    last: usize,
) -> Option<usize> {
    let c = &cites[i];
    let section = c.section.as_ref()?;
    let j = (last.saturating_sub(SENTENCE_LOOKBACK)..last)
        .rev()
        .find(|&j| {
            cites[j].section.as_ref() == Some(section)
                && matches!(cites[j].code, Some(CodeRef::Named(_)))
        })?;
    let prior = &cites[j];
    let one_code = cites[j + 1..=last]
        .iter()
        .all(|other| !matches!(other.code, Some(CodeRef::Named(_))) || other.code == prior.code);
    let between = text.get(prior.span.end..c.group.start.max(prior.span.end))?;
    (one_code && within_a_sentence(between)).then_some(j)
}

/// Whether the words right before `at` end with the head of a code's or an act's name
/// that the extractor did not read as one (`Lab. Law § 201-d`, `Unemployment Insurance Code
/// § 1256` after `Cal. Civ. Code § 1714`): the section sign after them belongs to that name,
/// not to the code cited before, so it inherits nothing.
fn after_an_unread_code_name(text: &str, at: usize) -> bool {
    // The 24 bytes before, on a character boundary: a bounded look, whatever the text's size.
    let from = crate::line_index::floor_char_boundary(text, at.saturating_sub(24));
    let before = text
        .get(from..at)
        .unwrap_or("")
        .trim_end()
        .trim_end_matches(',');
    before
        .split_whitespace()
        .last()
        .is_some_and(|w| w == "Stat." || super::forms::is_instrument_head(w))
}

/// How many citations back [`same_number_in_the_sentence`] looks.
const SENTENCE_LOOKBACK: usize = 8;

/// A bare `§ 673` after `IRC § 671`, in the same paragraph, cites the same code.
fn inherit_code(text: &str, breaks: &ParagraphBreaks, cites: &mut [Citation], i: usize, a: usize) {
    let c = &cites[i];
    let ante = &cites[a];
    // `§ 189` after `Cal. Penal Code § 187`; and `Section 768.28(9)` after `Fla. Stat. §
    // 768.28(6)`: the section word too where the number is in the antecedent's chapter, the
    // part of a styled number before its last separator (`768.`), as a short form repeats it.
    let sign = text
        .get(c.group.start..)
        .is_some_and(|t| t.starts_with('§'));
    let same_chapter = || {
        let (Some(n), Some(prior)) = (c.section.as_deref(), ante.section.as_deref()) else {
            return false;
        };
        prior
            .rfind(['.', '-', ':'])
            .is_some_and(|at| at > 0 && n.len() > at + 1 && n.starts_with(&prior[..=at]))
    };
    // `under section 2371 of title 10, except for subsections (b) and (f) of section 2371`,
    // `paragraph (1) of section 3554(c) of title 31 … paragraph (2) of section 3554(c)`: a
    // section word before the very number just cited with its code repeats that citation
    // (the drafter names the code once a sentence); another number is the citing code's.
    // Not when an `of` phrase the extractor did not read names another instrument
    // (`section 6(b) of Ex. Ord. No. 10530`, `section 5 of former title 17`).
    let repeated = || {
        c.section.is_some()
            && c.section == ante.section
            && !text
                .get(c.group.end..)
                .is_some_and(|t| t.trim_start().starts_with("of "))
            && text
                .get(ante.span.end..c.group.start.max(ante.span.end))
                .is_some_and(within_a_sentence)
    };
    // `Art. 2316` after `La. Civ. Code art. 2315`: an article of a state's code cited by
    // article (Louisiana's codes, Texas's Code of Criminal Procedure), not of an EU act.
    let article_of_code = c.unit == Unit::Article
        && c.code.is_none()
        && c.relative.is_none()
        && c.section.is_some()
        && ante.kind == CitationKind::StateStatute
        && ante.designator() == Some("art.")
        && text
            .get(c.group.start..)
            .is_some_and(|t| t.starts_with("Art") || t.starts_with("art"));
    let bare = (article_of_code
        || (c.kind == CitationKind::Section
            && c.code.is_none()
            && c.relative.is_none()
            && c.section.is_some()
            && c.unit == Unit::Section
            && (sign || same_chapter() || repeated())))
        && !after_an_unread_code_name(text, c.group.start);
    // `In § 4279.116, revise` after `7 U.S.C. 1989`: a `part.section` number is the
    // C.F.R.'s numbering (Document Drafting Handbook, ch. 2), and `§ 38-1205.03` a state
    // code's: the U.S. Code numbers no section with a period (OLRC).
    let dotted = c.section.as_deref().is_some_and(|n| {
        n.split_once('.')
            .is_some_and(|(p, s)| !p.is_empty() && s.starts_with(|ch: char| ch.is_ascii_digit()))
    });
    if dotted && ante.kind == CitationKind::Usc {
        return;
    }
    // `provided that §§ 2 and 3 shall apply` after `D.C. Law 20-40`: sections of the session
    // law, numbered plainly; a `title-section` number (`§ 1-1001.03`) is the D.C. Code's.
    // So are the District's municipal regulations (`7 DCMR § 1002.1`) numbered.
    // And after a section of an act numbered plainly (`§ 303 of the Uniform Interstate
    // Family Support Act`), `Former § 46-303.08 has been recodified` is the citing code's:
    // a short form repeats its antecedent's numbering.
    let code_shaped = c.section.as_deref().is_some_and(|n| n.contains(['-', ':']));
    let plain_act_section = ante.kind == CitationKind::NamedAct
        && ante
            .section
            .as_deref()
            .is_some_and(|n| !n.contains(['-', ':', '.']));
    let numbered_plainly = ante.kind == CitationKind::DcLaw
        || plain_act_section
        || ante
            .named_code()
            .is_some_and(|code| code.starts_with("D.C. Mun. Regs."));
    if numbered_plainly && code_shaped {
        return;
    }
    // `§ 2-209` after `U.C.C. § 2-207` or `§ 402B` after `Restatement (Second) of Torts §
    // 402A` is the uniform law's or the Restatement's; a number of a code's own shape
    // (`§ 28:2-209`, the D.C. Code's enactment of the U.C.C.) is that code's.
    let colon = |n: Option<&str>| n.is_some_and(|n| n.contains(':'));
    if ante.kind == CitationKind::UniformLaw
        && colon(c.section.as_deref()) != colon(ante.section.as_deref())
    {
        return;
    }
    let inheritable = matches!(
        ante.kind,
        CitationKind::Usc
            | CitationKind::Cfr
            | CitationKind::StateStatute
            | CitationKind::StateRegulation
            | CitationKind::NamedAct
            | CitationKind::UniformLaw
            | CitationKind::DcLaw
            | CitationKind::StateConstitution
    ) && ante.short_form != Some(ShortForm::Id)
        && matches!(ante.code, Some(CodeRef::Named(_)))
        // A former edition of a code (`1981 Ed., § 43-1691`, the D.C. Council's prior
        // codifications) is cited by its year each time: the bare sections after it (`This
        // section is referenced in § 1-204.46`) are of the code in force.
        && !ante.named_code().is_some_and(|code| code.ends_with(" Ed."))
        // A division of an act cited whole (`Title II of the Social Security Act is
        // classified generally to subchapter II (§ 401 et seq.) of chapter 7 of Title 42`):
        // the sections after it are the code's that classifies it, as often as the act's.
        && !(ante.kind == CitationKind::NamedAct
            && ante.section.is_none()
            && ante.division().is_some());
    // Only within the paragraph of the antecedent: a blank line ends a citation sentence,
    // unless the sentence goes on into the paragraphs of its chapeau (a number repeated,
    // see [`within_a_sentence`]). An item of the antecedent's own list (`id. §§ 62, 63`,
    // `§§ 62 and 63` after `26 U.S.C. § 61`) takes the code its first item took.
    let same_list = ante.group == c.group && ante.span.end <= c.span.start;
    let near = same_list
        || (ante.span.end <= c.group.start
            && (!breaks.between(ante.span.end, c.group.start) || repeated()));
    if !bare || !inheritable || !near {
        return;
    }
    let (kind, code, unit) = (ante.kind, ante.code.clone(), ante.unit);
    let designator: Option<Box<str>> = ante.designator().map(Box::from);
    let c = &mut cites[i];
    c.kind = kind;
    c.code = code;
    if article_of_code {
        c.unit = unit;
    }
    c.set_designator(designator.as_deref().filter(|&d| d != "Part"));
    c.short_form = Some(ShortForm::Inherited);
    c.antecedent = Some(a);
}

#[cfg(test)]
mod tests {
    use crate::citation::{CitationKind, ShortForm, extract};

    #[test]
    fn id_takes_the_preceding_authority_and_its_pinpoint() {
        let text = "reasonable attorneys fees, 42 USC § 1988(b), and expert fees, id. at (c).";
        let cites = extract(text);
        assert_eq!(cites.len(), 2, "{cites:#?}");
        assert_eq!(cites[1].short_form, Some(ShortForm::Id));
        assert_eq!(cites[1].antecedent, Some(0));
        assert_eq!(cites[1].normalized(), "42 U.S.C. 1988(c)");
    }

    #[test]
    fn a_bare_section_inherits_the_code_of_the_previous_citation() {
        let cites = extract("IRC § 671. § 673");
        assert_eq!(cites.len(), 2, "{cites:#?}");
        assert_eq!(cites[1].kind, CitationKind::NamedAct);
        assert_eq!(cites[1].normalized(), "I.R.C. § 673");
        assert_eq!(cites[1].antecedent, Some(0));
    }

    /// Class: the short form of a uniform law's or a Restatement's section (The Bluebook,
    /// rule 12.10: `§ 2-209` after `U.C.C. § 2-207`) is of that law; a section numbered in a
    /// code's own shape (`§ 28:2-209`, the D.C. Code's enactment of the U.C.C.) is not.
    #[test]
    fn a_bare_section_after_a_uniform_law_is_of_that_law() {
        let cites =
            extract("The battle of the forms is settled by U.C.C. § 2-207; see also § 2-209(1).");
        assert_eq!(cites.len(), 2, "{cites:#?}");
        assert_eq!(cites[1].kind, CitationKind::UniformLaw);
        assert_eq!(cites[1].normalized(), "U.C.C. § 2-209(1)");
        let cites = extract(
            "Restatement (Second) of Torts § 402A (1965). Comment k to § 402A explains the exception.",
        );
        assert_eq!(
            cites[1].normalized(),
            "Restatement (Second) of Torts § 402A"
        );
        let cites = extract("as U.C.C. § 2-207 provides; see § 28:2-209.");
        assert_ne!(cites[1].kind, CitationKind::UniformLaw, "{cites:#?}");
    }

    /// Class: context-relative parts and sections of a rule's amendatory instructions
    /// (Federal Register, 2017-06-07, Rural Business-Cooperative Service, 7 CFR part 4279).
    #[test]
    fn a_rule_cites_the_parts_it_amends_bare() {
        let text = "List of Subjects in 7 CFR Part 4279\n\nPART 4279—GUARANTEED LOANMAKING\n\n1. The authority citation for part 4279 continues to read as follows:\n\nAuthority: 5 U.S.C. 301; 7 U.S.C. 1989.\n\n2. In § 4279.116, revise paragraph (b) to read as follows:";
        let cites = extract(text);
        let part = cites
            .iter()
            .find(|c| &text[c.span.clone()] == "part 4279")
            .expect("the bare part is read");
        assert_eq!(part.normalized(), "7 C.F.R. Part 4279");
        let section = cites
            .iter()
            .find(|c| c.section.as_deref() == Some("4279.116"))
            .expect("the section is read");
        assert_eq!(section.normalized(), "7 C.F.R. 4279.116");
        // Without a C.F.R. title named before, a bare part is no citation.
        assert!(extract("as described in part 2 of the application form").is_empty());
    }

    /// Class: a rule's bare part and sections take the title under which the part was last
    /// named, not that of an earlier document of the issue naming the same part number under
    /// another title, nor that of an adjacent citation of another part (Federal Register,
    /// 2017-06-07: 14 CFR part 71 after 40 CFR part 71's Title V permits; 2017-10-03: 50 CFR
    /// 679.42 after an appeal under 15 CFR part 906).
    #[test]
    fn a_rules_bare_part_takes_the_title_it_was_last_named_under() {
        let text = "EPA approved the State's operating permit program under 40 CFR part 71.\n\nList of Subjects in 14 CFR Part 71\n\nIn consideration of the foregoing, the Federal Aviation Administration amends 14 CFR part 71 as follows:\n\nPART 71—DESIGNATION OF CLASS A, B, C, D, AND E AIRSPACE AREAS\n\n1. The authority citation for part 71 continues to read as follows:";
        let cites = extract(text);
        let part = cites
            .iter()
            .find(|c| &text[c.span.clone()] == "part 71" && c.span.start > 200)
            .expect("the bare part is read");
        assert_eq!(part.normalized(), "14 C.F.R. Part 71");

        let text = "For the reasons set out in the preamble, 50 CFR parts 300 and 679 are amended as follows:\n\nIf an application is disapproved, that determination may be appealed under the provisions established at 15 CFR part 906 .\n   \n■ 10.\n   In § 679.42 :\n   \n■ a.\n   Add paragraph (a)(2)(v) ;";
        let cites = extract(text);
        let normalized: Vec<String> = cites
            .iter()
            .map(crate::citation::Citation::normalized)
            .collect();
        assert!(
            normalized.contains(&"50 C.F.R. 679.42".to_string()),
            "{normalized:?}"
        );
        assert!(
            normalized.contains(&"50 C.F.R. 679.42(a)(2)(v)".to_string()),
            "{normalized:?}"
        );
        assert!(
            normalized.contains(&"15 C.F.R. Part 906".to_string()),
            "{normalized:?}"
        );
    }

    /// Class: a provision's means (`(3) by facilitating …`) is no amendatory instruction
    /// (`(1) by striking subsection (b)`): its bare subdivision is the citing section's, not
    /// one of the section an earlier note renumbered (14 U.S.C. §§ 713–714 as published).
    #[test]
    fn by_opens_an_instruction_only_with_an_amending_verb() {
        let text = "Amendments 2018— Pub. L. 115–282 renumbered section 152 of this title as this section.\n\n§ 714. Arctic maritime domain awareness (a) In General.— The Commandant shall improve maritime domain awareness in the Arctic— (3) by facilitating the sharing of information between the Coast Guard and departments and agencies listed in subsection (b).";
        let cites = extract(text);
        let sub = cites
            .iter()
            .find(|c| &text[c.span.clone()] == "subsection (b)")
            .expect("subsection (b) is read");
        assert_eq!(sub.section, None, "{sub:#?}");
        assert!(sub.relative.is_some(), "{sub:#?}");
        let text = "Section 5 of such Act is amended— (1) by striking subsection (b); and";
        let cites = extract(text);
        let sub = cites
            .iter()
            .find(|c| &text[c.span.clone()] == "subsection (b)")
            .expect("subsection (b) is read");
        assert_eq!(sub.section.as_deref(), Some("5"), "{cites:#?}");
    }

    /// Class: bare paragraphs of an amendatory instruction are paragraphs of the section it
    /// amends (Federal Register, 2017-06-07: 21 CFR 814.102, 40 CFR 52.1470; 2017-10-03:
    /// 50 CFR 300.65).
    #[test]
    fn an_instructions_paragraphs_are_of_the_section_it_amends() {
        let cases = [
            (
                "2. In § 814.102, in paragraph (b)(3)(i), remove the words “fewer than 4,000” and add in their place the words “not more than 8,000”.",
                "paragraph (b)(3)(i)",
                "814.102",
            ),
            (
                "Section 52.1470, paragraph (e) is amended by adding, under the table heading “Air Quality Implementation Plans”, a new entry.",
                "paragraph (e)",
                "52.1470",
            ),
            (
                "5. In § 300.65:\n\na. Add paragraph (c)(1)(iii);",
                "paragraph (c)(1)(iii)",
                "300.65",
            ),
            // A later item of the instruction, laid out as the Federal Register's markup is
            // (82 FR 26349): the label alone on its line, the items padded by blanked tags.
            (
                "■ 4. Amend § 814.102 as follows:\n      \n   ■ a.   \n   In   paragraph (a)(5)   , remove the words “fewer than 4,000” in both occurrences;\n      \n{pad}\n   ■ b.   \n   In   paragraph (b)(3)(i)   , remove the words “fewer than 4,000”; and",
                "paragraph (b)(3)(i)",
                "814.102",
            ),
            // Items whose amending verb stands on its own line (82 FR 46002's markup), and a
            // second subdivision on the line of the first.
            (
                "■ 8.\n   In   § 679.40 :\n\n      \n   ■ a.   \n\n   Revise   \n      paragraph (b)   ;\n\n   \n   ■ b.   \n\n   Revise   \n      paragraph (c)   heading and   paragraph (c)(2)   ;",
                "paragraph (c)(2)",
                "679.40",
            ),
            // The verb at the end of a line governs the reference on the next.
            (
                "■ 5.\n   In   § 814.124 ,   revise   \n      paragraph (a)   to read as follows:",
                "paragraph (a)",
                "814.124",
            ),
            // A rule amending a proposed amendment, the register's page between the section
            // and its paragraphs (Federal Register, 2017-09-29: 23 CFR 771.109).
            (
                " ■\u{2002}5. \n Further amend \n §\u{2009}771.109 , as proposed to be amended at 80 FR 72624 (November 20, 2015), by revising paragraphs (a)(1) , (b)(1), and (c)(2), (6), and (7) to read as follows:",
                "(b)(1)",
                "771.109",
            ),
            // The same in the text view of the USLM file, whose blanked tags run spaces
            // between the instruction's words (`Further <amendingAction>amend</…>`; Federal
            // Register, 2017-09-29: 23 CFR 771.105).
            (
                " ■\u{2002}3. \n   Further                               amend                    \n        §\u{2009}771.105      , as proposed to be amended at 80 FR 72624 (November 20, 2015), by removing the introductory text and revising paragraphs (a)      , (b), and the first sentence in (e)(2) to read as follows:",
                "paragraphs (a)",
                "771.105",
            ),
            // The items of an instruction after a list whose first item is a range of the
            // section's paragraphs (Federal Register, 2017-09-29: 7 CFR 989.54).
            (
                "■\u{2002}7. \n In §\u{2009}989.54 :\n ■\u{2002}a. \n Remove paragraphs (a) through (d) and (g);\n ■\u{2002}b. \n Remove paragraph (e)(4) ;",
                "paragraph (e)(4)",
                "989.54",
            ),
        ];
        for (text, raw, section) in cases {
            let text = &text.replace("{pad}", &" ".repeat(600));
            let cites = extract(text);
            let c = cites
                .iter()
                .find(|c| &text[c.span.clone()] == raw)
                .unwrap_or_else(|| panic!("{raw} read in {text}: {cites:#?}"));
            assert_eq!(c.section.as_deref(), Some(section), "{text}: {c:#?}");
            assert_eq!(c.relative, None);
        }
        // Outside an instruction a bare paragraph stays one of the text's own provision:
        // also in prose that opens with `In` (the U.S. Code: 17 U.S.C. 1009(d)(2), 41 U.S.C.
        // 6503(b)).
        for (text, raw) in [
            (
                "The Secretary publishes the list of § 52.1470. The list in paragraph (e) shows each plan.",
                "paragraph (e)",
            ),
            (
                "In any case in which the court finds that a person has violated section 1002 or 1003 within 3 years after a final judgment against that person for another such violation was entered, the court may increase the award of damages to not more than double the amounts that would otherwise be awarded under paragraph (1), as the court considers just.",
                "paragraph (1)",
            ),
            (
                "In addition to damages for any other breach of the contract under section 6502, the party responsible for a breach or violation described in subsection (a) is liable to the Federal Government for the following liquidated damages:",
                "subsection (a)",
            ),
            // A modal passive is prose, not an instruction's `is removed` (35 U.S.C.
            // 3(b)(2)(B)–(C), the two subparagraphs run together here).
            (
                "The compensation of the Commissioners shall be considered for purposes of section 104 of title 3. The Commissioners may be removed from office by the Secretary for misconduct or nonsatisfactory performance under the performance agreement described in subparagraph (B), without regard to the provisions of title 5.",
                "subparagraph (B)",
            ),
        ] {
            let cites = extract(text);
            let own = cites
                .iter()
                .find(|c| &text[c.span.clone()] == raw)
                .unwrap_or_else(|| panic!("{raw} read in {text}: {cites:#?}"));
            assert!(own.section.is_none(), "{text}: {own:#?}");
        }
    }

    #[test]
    fn case_short_forms_need_one_candidate() {
        let cites = extract("Foo v. Bar, 1 U.S. 1. Boo v. Far, 1 U.S. 2. 1 U.S., at 2.");
        assert_eq!(cites.len(), 3, "{cites:#?}");
        assert_eq!(cites[2].antecedent, None);
        let cites = extract("See Riverside v. Rivera, 477 U.S. 561 (1986); 477 U.S. at 574-78.");
        assert_eq!(cites[1].antecedent, Some(0));
    }

    #[test]
    fn constitution_short_forms_end_with_the_paragraph() {
        let cites = extract("Colo. Const. Art. XIX, Sec. 2. Art. IX § 3");
        assert_eq!(cites[1].normalized(), "Colo. Const. art. IX, § 3");
        let cites =
            extract("Colo. Const. Art. XIX, Sec. 2.\n\nArticle 6 of this Regulation applies.");
        assert_eq!(cites[1].kind, CitationKind::EuArticle, "{cites:#?}");
    }

    #[test]
    fn that_regulation_takes_the_last_act() {
        let text = "Article 301(1)(b) of Regulation (EU) No 575/2013 shall calculate in accordance with Article 223 of that Regulation";
        let cites = extract(text);
        let last = cites.last().expect("a citation");
        assert_eq!(last.normalized(), "Regulation (EU) No 575/2013 Art. 223");
    }

    /// Class: context-relative sections of a rule (Document Drafting Handbook).
    #[test]
    fn bare_sections_of_a_rule_take_the_title_of_the_part_it_amends() {
        // federal-register/FR-2017-06-07-uslm.xml (an FAA airspace rule)
        let text = "List of Subjects in 14 CFR Part 71\n\nAirspace, Incorporation by reference.\n\nAccordingly, the FAA amends 14 CFR part 71 as follows:\n\n§ 71.1 [Amended]";
        let cites = extract(text);
        let last = cites.last().expect("§ 71.1");
        assert_eq!(last.normalized(), "14 C.F.R. 71.1");
        assert_eq!(last.short_form, Some(ShortForm::Inherited));
        // A part the text never named keeps its section bare.
        let cites = extract("List of Subjects in 14 CFR Part 71\n\n§ 72.1 [Amended]");
        assert_eq!(cites.last().map(|c| c.kind), Some(CitationKind::Section));
    }

    // Class: a number with a period is never a U.S. Code section (D.C. Code § 38-1201.03,
    // a note: the District's own section after a citation of title 12).
    #[test]
    fn a_dotted_number_never_takes_a_us_code_title() {
        let cites = extract(
            "as defined in 12 U.S.C. § 1724; or under § 38-1205.03(b), the public School of Law",
        );
        assert_eq!(cites.len(), 2, "{cites:#?}");
        assert_eq!(cites[1].kind, CitationKind::Section);
        assert_eq!(cites[1].code, None);
    }

    // Class: a sentence that opens with a number of the code's own styled shape continues
    // that code's citation (citeurl's short forms: `Alaska Stat. § 01.05.011. 01.05.016`);
    // a number of another shape, or one an of-clause gives another document, does not.
    #[test]
    fn a_number_of_the_codes_shape_after_a_period() {
        let cites = extract("Alaska Stat. § 01.05.011. 01.05.016 applies too.");
        assert_eq!(cites.len(), 2, "{cites:#?}");
        assert_eq!(cites[1].named_code(), Some("Alaska Stat."));
        assert_eq!(cites[1].section.as_deref(), Some("01.05.016"));
        let cites = extract("Alaska Stat. § 01.05.011. 2.5.1 of the manual applies.");
        assert_eq!(cites.len(), 1, "{cites:#?}");
        let cites = extract("Ala. Code § 38-2-6. 2019 was the year.");
        assert_eq!(cites.len(), 1, "{cites:#?}");
    }
}
