//! Text analysis for BM25: how passages and questions become terms.
//!
//! Two analyses share tantivy's filters after the tokenizer (long-token removal, the Lucene
//! English stop list of 33 words, Snowball English stemming, i.e. Porter 2):
//!
//! - [`Analysis::Plain`]: tantivy's simple tokenizer (runs of letters and digits) and lower
//!   case, as lexls analysed text before 2026-11-26.
//! - [`Analysis::Legal`]: [`LegalTokenizer`], which reads the conventions of legal text
//!   before the filters:
//!   - a section sign is the word *section* (`§ 20-871` and `section 20-871` share a term;
//!     `§§` one), a paragraph sign *paragraph*; the abbreviated unit words of citations
//!     (`Art. 5`, `Sec. 3`, `Subsec.`, `Para.`, `Subpara.`, `Ch.`, `Chap.`, `Cl.`), when a
//!     designator follows, are the words spelled out (Bluebook T16, the Joint Practical
//!     Guide's `Art.`);
//!   - a section number written with internal hyphens, points or slashes (`20-871`,
//!     `1607.4`, `12A-1.032`, `2024/1689`) is also one term, beside its parts;
//!   - a word written with a hyphen (`non-compliance`, `co-operation`) is also one term
//!     written solid (`noncompliance`), beside its parts, so that both spellings meet;
//!   - the possessive `’s` is dropped (Lucene's English possessive filter);
//!   - British spellings are read as American ones ([`american_spelling`]: `-ise`/`-isation`,
//!     `-yse`, `-our`, `-tre`, `-ence` nouns, doubled `l` before a suffix,
//!     `judgement`, `programme`, …), so an EU text in British English meets a question in
//!     American English.
//!
//! An alternative term (a compound, a solid form) takes the position of a part and comes
//! after it, so that "the first term at each position" is the plain sequence of words
//! ([`Analysis::words`]), from which word pairs are made.

use std::sync::LazyLock;

use tantivy::tokenizer::{
    Language, LowerCaser, RemoveLongFilter, SimpleTokenizer, Stemmer, StopWordFilter, TextAnalyzer,
    Token, TokenStream, Tokenizer,
};

/// Which analysis the BM25 index and its queries use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Analysis {
    /// Tantivy's simple tokenizer, lower case, stop words, stemming.
    Plain,
    /// [`LegalTokenizer`] (section signs, designators, hyphenation, possessives, spelling
    /// variants), then stop words and stemming.
    #[default]
    Legal,
}

impl Analysis {
    /// Both analyses.
    pub const ALL: [Self; 2] = [Self::Plain, Self::Legal];

    /// The analysis's name in the index schema (`plain`, `legal`).
    pub fn name(self) -> &'static str {
        match self {
            Self::Plain => "plain",
            Self::Legal => "legal",
        }
    }

    /// A fresh tantivy analyser of this analysis.
    pub fn analyzer(self) -> TextAnalyzer {
        match self {
            Self::Plain => filtered(
                TextAnalyzer::builder(SimpleTokenizer::default())
                    .filter(RemoveLongFilter::limit(40))
                    .filter(LowerCaser),
            ),
            Self::Legal => filtered(
                TextAnalyzer::builder(LegalTokenizer::default())
                    .filter(RemoveLongFilter::limit(40)),
            ),
        }
    }

    /// The analysed tokens of `text` (tantivy's [`Token`]s: term, byte offsets, position), in
    /// order (alternative terms after the term whose position they share): what the index
    /// holds of `text`, handed to the index already analysed ([`super::pre_analysed`]).
    pub fn analysed(self, text: &str) -> Vec<Token> {
        let mut analyzer = match self {
            Self::Plain => PLAIN.clone(),
            Self::Legal => LEGAL.clone(),
        };
        let mut stream = analyzer.token_stream(text);
        let mut out = Vec::new();
        while stream.advance() {
            // The token's text is taken, not copied: a stream writes the next token's text
            // afresh (the legal tokenizer hands out each of its tokens once).
            let token = stream.token_mut();
            out.push(Token {
                text: std::mem::take(&mut token.text),
                ..*token
            });
        }
        out
    }

    /// The analysed terms of `text` with their positions, in order (alternative terms after
    /// the term whose position they share).
    pub fn tokens(self, text: &str) -> Vec<(String, usize)> {
        self.analysed(text)
            .into_iter()
            .map(|t| (t.text, t.position))
            .collect()
    }

    /// Every analysed term of `text`, in order (what the index holds).
    pub fn terms(self, text: &str) -> Vec<String> {
        self.analysed(text).into_iter().map(|t| t.text).collect()
    }

    /// The analysed words of `text` in order, one per position (alternative terms left
    /// out): the sequence word pairs are made from.
    pub fn words(self, text: &str) -> Vec<String> {
        words_of(&self.analysed(text))
    }
}

/// The words of analysed `tokens` ([`Analysis::analysed`]), one per position: the first
/// term at each position, alternative terms left out.
pub fn words_of(tokens: &[Token]) -> Vec<String> {
    word_strs(tokens).map(str::to_owned).collect()
}

/// The words of analysed `tokens` as [`words_of`] gives them, borrowed.
pub fn word_strs(tokens: &[Token]) -> impl Iterator<Item = &str> {
    let mut last: Option<usize> = None;
    tokens
        .iter()
        .filter(move |t| last.replace(t.position) != Some(t.position))
        .map(|t| t.text.as_str())
}

/// Adds stop words and stemming to an analyser's builder.
fn filtered<T: Tokenizer>(builder: tantivy::tokenizer::TextAnalyzerBuilder<T>) -> TextAnalyzer {
    match StopWordFilter::new(Language::English) {
        Some(stop) => builder
            .filter(stop)
            .filter(Stemmer::new(Language::English))
            .build(),
        None => builder.filter(Stemmer::new(Language::English)).build(),
    }
}

/// The analysers, built once (stop-word set and stemmer); cloned per use.
static PLAIN: LazyLock<TextAnalyzer> = LazyLock::new(|| Analysis::Plain.analyzer());
static LEGAL: LazyLock<TextAnalyzer> = LazyLock::new(|| Analysis::Legal.analyzer());

/// The tokenizer of [`Analysis::Legal`]: words (runs of letters and digits), lower-cased and
/// in American spelling, with the legal conventions of the module's documentation.
#[derive(Debug, Clone, Default)]
pub struct LegalTokenizer {
    tokens: Vec<Token>,
}

/// The stream [`LegalTokenizer`] hands out: its tokens, borrowed mutably (filters may change
/// a token's text in place).
#[derive(Debug)]
pub struct LegalTokenStream<'a> {
    /// The tokens, then (when there are none) one blank token that is never handed out.
    tokens: &'a mut [Token],
    /// How many of `tokens` are the text's.
    count: usize,
    next: usize,
}

impl TokenStream for LegalTokenStream<'_> {
    fn advance(&mut self) -> bool {
        if self.next < self.count {
            self.next += 1;
            true
        } else {
            false
        }
    }

    fn token(&self) -> &Token {
        &self.tokens[self.next.saturating_sub(1)]
    }

    fn token_mut(&mut self) -> &mut Token {
        &mut self.tokens[self.next.saturating_sub(1)]
    }
}

impl Tokenizer for LegalTokenizer {
    type TokenStream<'a> = LegalTokenStream<'a>;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> LegalTokenStream<'a> {
        self.tokens = legal_tokens(text);
        let count = self.tokens.len();
        if count == 0 {
            self.tokens.push(Token::default());
        }
        LegalTokenStream {
            tokens: &mut self.tokens,
            count,
            next: 0,
        }
    }
}

/// A run of word characters (or of one sign) in the text.
#[derive(Debug, Clone, Copy)]
struct Run {
    start: usize,
    end: usize,
    /// `§` or `¶`: a sign read as a word.
    sign: Option<&'static str>,
}

/// Hyphens that join the parts of a word or of a section number (hyphen-minus, U+2010
/// hyphen, U+2011 non-breaking hyphen). An en dash is a range (`§§ 4001–4010`), not a join.
fn is_hyphen(c: char) -> bool {
    matches!(c, '-' | '\u{2010}' | '\u{2011}')
}

/// Joins inside a section number besides hyphens.
fn is_number_join(c: char) -> bool {
    is_hyphen(c) || matches!(c, '.' | '/')
}

/// Runs of letters and digits, and the signs `§` and `¶` (a run of one sign is one run).
fn runs(text: &str) -> Vec<Run> {
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c.is_alphanumeric() {
            start.get_or_insert(i);
            continue;
        }
        if let Some(s) = start.take() {
            out.push(Run {
                start: s,
                end: i,
                sign: None,
            });
        }
        let sign = match c {
            '§' => Some("section"),
            '¶' => Some("paragraph"),
            _ => None,
        };
        if let Some(word) = sign {
            let mut end = i + c.len_utf8();
            while let Some(&(j, d)) = chars.peek() {
                if d != c {
                    break;
                }
                end = j + d.len_utf8();
                chars.next();
            }
            out.push(Run {
                start: i,
                end,
                sign: Some(word),
            });
        }
    }
    if let Some(s) = start {
        out.push(Run {
            start: s,
            end: text.len(),
            sign: None,
        });
    }
    out
}

/// The abbreviated unit words of citations and the words they stand for.
const UNIT_ABBREVIATIONS: &[(&str, &str)] = &[
    ("art", "article"),
    ("arts", "article"),
    ("sec", "section"),
    ("secs", "section"),
    ("subsec", "subsection"),
    ("para", "paragraph"),
    ("paras", "paragraph"),
    ("subpara", "subparagraph"),
    ("ch", "chapter"),
    ("chap", "chapter"),
    ("cl", "clause"),
];

/// Whether a designator (a digit, or a Roman numeral in capitals) opens `rest`.
fn designator_follows(rest: &str) -> bool {
    let rest = rest.trim_start_matches([' ', '\u{a0}', '\u{2009}']);
    let word: String = rest.chars().take_while(|c| c.is_alphanumeric()).collect();
    word.chars().next().is_some_and(|c| c.is_ascii_digit())
        || (!word.is_empty() && word.chars().all(|c| "IVXLC".contains(c)))
}

/// The tokens of the legal tokenizer (see the module's documentation), positions from 0.
fn legal_tokens(text: &str) -> Vec<Token> {
    let runs = runs(text);
    let mut out: Vec<Token> = Vec::with_capacity(runs.len() + 4);
    let mut position = 0usize;
    let joined_by = |a: &Run, b: &Run, join: fn(char) -> bool| -> bool {
        let between = &text[a.end..b.start];
        let mut cs = between.chars();
        matches!((cs.next(), cs.next()), (Some(c), None) if join(c))
    };
    let has_digit =
        |r: &Run| r.sign.is_none() && text[r.start..r.end].bytes().any(|b| b.is_ascii_digit());
    let alphabetic =
        |r: &Run| r.sign.is_none() && text[r.start..r.end].chars().all(char::is_alphabetic);
    let push = |out: &mut Vec<Token>, from: usize, to: usize, position: usize, word: String| {
        out.push(Token {
            offset_from: from,
            offset_to: to,
            position,
            text: word,
            position_length: 1,
        });
    };
    let mut k = 0;
    while k < runs.len() {
        let run = runs[k];
        if let Some(word) = run.sign {
            push(&mut out, run.start, run.end, position, word.to_string());
            position += 1;
            k += 1;
            continue;
        }
        let raw = &text[run.start..run.end];
        // The possessive `'s` / `’s`.
        if raw.eq_ignore_ascii_case("s") && k > 0 && runs[k - 1].sign.is_none() {
            let between = &text[runs[k - 1].end..run.start];
            if between == "'" || between == "\u{2019}" {
                k += 1;
                continue;
            }
        }
        // A section number joined by hyphens, points or slashes: the parts, and the whole
        // after the first part.
        if has_digit(&run) {
            let mut m = k;
            while m + 1 < runs.len()
                && has_digit(&runs[m + 1])
                && joined_by(&runs[m], &runs[m + 1], is_number_join)
            {
                m += 1;
            }
            let first = word_form(raw);
            push(&mut out, run.start, run.end, position, first);
            if m > k {
                let whole: String = text[run.start..runs[m].end]
                    .chars()
                    .map(|c| if is_hyphen(c) { '-' } else { c })
                    .collect::<String>()
                    .to_lowercase();
                push(&mut out, run.start, runs[m].end, position, whole);
                for r in &runs[k + 1..=m] {
                    position += 1;
                    push(
                        &mut out,
                        r.start,
                        r.end,
                        position,
                        word_form(&text[r.start..r.end]),
                    );
                }
            }
            position += 1;
            k = m + 1;
            continue;
        }
        // A hyphenated word: the parts, and the word written solid after the last part.
        if alphabetic(&run) {
            let mut m = k;
            while m + 1 < runs.len()
                && alphabetic(&runs[m + 1])
                && joined_by(&runs[m], &runs[m + 1], is_hyphen)
            {
                m += 1;
            }
            if m > k {
                let mut solid = String::new();
                for r in &runs[k..=m] {
                    let w = word_form(&text[r.start..r.end]);
                    solid.push_str(&text[r.start..r.end].to_lowercase());
                    push(&mut out, r.start, r.end, position, w);
                    position += 1;
                }
                push(
                    &mut out,
                    run.start,
                    runs[m].end,
                    position - 1,
                    american_spelling(&solid),
                );
                k = m + 1;
                continue;
            }
        }
        // An abbreviated unit word before a designator: `Art. 5`.
        let lower = lowercase(raw);
        let rest = &text[run.end..];
        let abbreviation = rest
            .strip_prefix('.')
            .and_then(|after| {
                UNIT_ABBREVIATIONS
                    .iter()
                    .find(|(a, _)| *a == lower)
                    .filter(|_| designator_follows(after))
            })
            .map(|(_, full)| *full);
        let word = match abbreviation {
            Some(full) => full.to_string(),
            None => american_owned(lower),
        };
        push(&mut out, run.start, run.end, position, word);
        position += 1;
        k += 1;
    }
    out
}

/// A word lower-cased and, when alphabetic, in American spelling.
fn word_form(raw: &str) -> String {
    let lower = lowercase(raw);
    if lower.chars().all(char::is_alphabetic) {
        american_owned(lower)
    } else {
        lower
    }
}

/// `raw` in lower case (ASCII text without Unicode case tables).
fn lowercase(raw: &str) -> String {
    if raw.is_ascii() {
        raw.to_ascii_lowercase()
    } else {
        raw.to_lowercase()
    }
}

/// [`american_spelling`] of an owned word: the word itself when its spelling is kept.
fn american_owned(word: String) -> String {
    match american_variant(&word) {
        Some(us) => us,
        None => word,
    }
}

/// Words whose British `-our` is American `-or` (the stem; any suffix may follow).
const OUR_STEMS: &[&str] = &[
    "armour",
    "behaviour",
    "candour",
    "clamour",
    "colour",
    "demeanour",
    "endeavour",
    "favour",
    "flavour",
    "harbour",
    "honour",
    "humour",
    "labour",
    "neighbour",
    "odour",
    "parlour",
    "rigour",
    "rumour",
    "saviour",
    "savour",
    "splendour",
    "tumour",
    "valour",
    "vapour",
    "vigour",
];

/// Words whose British `-tre` is American `-ter` (whole words and their plurals).
const TRE_WORDS: &[&str] = &[
    "centre", "fibre", "litre", "metre", "theatre", "calibre", "lustre", "meagre", "sabre",
    "sombre", "spectre",
];

/// Nouns in British `-ence` that are American `-ense`.
const ENCE_WORDS: &[&str] = &["licence", "defence", "offence", "pretence"];

/// Verbs that double a final `l` before `-ed`, `-ing`, `-er` in British spelling only.
const DOUBLED_L: &[&str] = &[
    "cancel", "channel", "counsel", "dial", "equal", "fuel", "funnel", "jewel", "label", "level",
    "libel", "marshal", "model", "panel", "pencil", "quarrel", "rival", "shovel", "signal",
    "total", "travel", "tunnel", "initial", "trial",
];

/// Whole words spelled differently (British → American).
const WORDS: &[(&str, &str)] = &[
    ("judgement", "judgment"),
    ("judgements", "judgments"),
    ("acknowledgement", "acknowledgment"),
    ("acknowledgements", "acknowledgments"),
    ("ageing", "aging"),
    ("programme", "program"),
    ("programmes", "programs"),
    ("enrolment", "enrollment"),
    ("enrolments", "enrollments"),
    ("fulfil", "fulfill"),
    ("fulfils", "fulfills"),
    ("fulfilment", "fulfillment"),
    ("instalment", "installment"),
    ("instalments", "installments"),
    ("wilful", "willful"),
    ("wilfully", "willfully"),
    ("skilful", "skillful"),
    ("catalogue", "catalog"),
    ("catalogues", "catalogs"),
    ("analogue", "analog"),
    ("grey", "gray"),
    ("manoeuvre", "maneuver"),
    ("paediatric", "pediatric"),
    ("orthopaedic", "orthopedic"),
    ("anaesthesia", "anesthesia"),
    ("foetus", "fetus"),
    ("oestrogen", "estrogen"),
    ("haemorrhage", "hemorrhage"),
    ("diarrhoea", "diarrhea"),
    ("plough", "plow"),
    ("sceptical", "skeptical"),
    ("aluminium", "aluminum"),
    ("tyre", "tire"),
    ("tyres", "tires"),
    ("kerb", "curb"),
    ("storey", "story"),
    ("storeys", "stories"),
];

/// Suffixes after `-is`/`-ys` that British spelling writes with `s` and American with `z`
/// (`organisation`, `recognised`, `analyse`).
const IZE_SUFFIXES: &[&str] = &[
    "ation", "ations", "e", "ed", "es", "ing", "er", "ers", "able", "ational",
];

/// The American spelling of a lower-case word in British spelling; other words unchanged.
/// The same function reads passages and questions, so what matters is that the two
/// spellings of a word meet and that no two words merge: `advise` becomes `advize`, which no
/// other word is, and so needs no exception. Spellings after the Oxford and Merriam-Webster dictionaries' variant lists: `-ise`,
/// `-isation`, `-yse` to `-ize`, `-ization`, `-yze`; `-our` to `-or` in the words of
/// [`OUR_STEMS`]; `-tre` to `-ter`; `licence`, `defence`, `offence`, `pretence`; a doubled
/// `l` before `-ed`, `-ing`, `-er` in the verbs of [`DOUBLED_L`]; and single words
/// (`judgement`, `programme`, `ageing`, …).
pub fn american_spelling(word: &str) -> String {
    american_variant(word).unwrap_or_else(|| word.to_string())
}

/// The American spelling of `word` when it differs ([`american_spelling`]), else `None`.
fn american_variant(word: &str) -> Option<String> {
    if word.len() < 4 || !word.is_ascii() {
        return None;
    }
    if let Some((_, us)) = WORDS.iter().find(|(uk, _)| *uk == word) {
        return Some((*us).to_string());
    }
    // Each family of rules is tried only when the word has the letters it rewrites.
    let ence = word.ends_with("ce") || word.ends_with("ces");
    for uk in ENCE_WORDS.iter().filter(|_| ence) {
        let stem = uk.trim_end_matches("ce");
        if let Some(rest) = word.strip_prefix(stem)
            && (rest == "ce" || rest == "ces")
        {
            return Some(format!("{stem}se{}", &rest[2..]));
        }
    }
    let tre = word.contains("tre");
    for uk in TRE_WORDS.iter().filter(|_| tre) {
        let stem = &uk[..uk.len() - 3];
        if let Some(rest) = word.strip_prefix(stem)
            && (rest == "tre" || rest == "tres")
        {
            return Some(format!("{stem}ter{}", &rest[3..]));
        }
    }
    let our = word.contains("our");
    for uk in OUR_STEMS.iter().filter(|_| our) {
        if let Some(rest) = word.strip_prefix(uk) {
            let stem = &uk[..uk.len() - 2];
            return Some(format!("{stem}r{rest}"));
        }
    }
    let doubled = word.contains("ll");
    for verb in DOUBLED_L.iter().filter(|_| doubled) {
        if let Some(rest) = word.strip_prefix(verb)
            && let Some(suffix) = rest.strip_prefix('l')
            && matches!(suffix, "ed" | "ing" | "er" | "ers")
        {
            return Some(format!("{verb}{suffix}"));
        }
    }
    for suffix in IZE_SUFFIXES {
        let Some(before) = word.strip_suffix(suffix) else {
            continue;
        };
        for (uk, us) in [("is", "iz"), ("ys", "yz")] {
            if let Some(stem) = before.strip_suffix(uk)
                && stem.len() >= 3
            {
                return Some(format!("{stem}{us}{suffix}"));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn british_and_american_spellings_meet() {
        for (uk, us) in [
            ("authorisation", "authorization"),
            ("organisations", "organizations"),
            ("harmonised", "harmonized"),
            ("recognising", "recognizing"),
            ("analyse", "analyze"),
            ("labour", "labor"),
            ("behavioural", "behavioral"),
            ("centre", "center"),
            ("licence", "license"),
            ("defences", "defenses"),
            ("labelled", "labeled"),
            ("modelling", "modeling"),
            ("judgement", "judgment"),
            ("programme", "program"),
        ] {
            assert_eq!(american_spelling(uk), us, "{uk}");
            assert_eq!(american_spelling(us), us, "{us} stays");
        }
        for kept in [
            "four",
            "hour",
            "your",
            "controlled",
            "installed",
            "rise",
            "raised",
            "purpose",
            "analysis",
            "basis",
        ] {
            assert_eq!(american_spelling(kept), kept, "{kept}");
        }
        // Words of two spellings in American English meet too: both sides read alike.
        assert_eq!(american_spelling("advise"), american_spelling("advize"));
    }

    #[test]
    fn an_eu_sentence_in_british_spelling_meets_a_question_in_american_spelling() {
        // Regulation (EU) 2024/1689, Article 40(1), and a question about it.
        let text = "High-risk AI systems or general-purpose AI models which are in conformity \
                    with harmonised standards … shall be presumed to be in conformity";
        let question = "Which harmonized standards apply to high risk AI systems?";
        let a = Analysis::Legal;
        let doc: std::collections::HashSet<String> = a.terms(text).into_iter().collect();
        let q = a.terms(question);
        for term in ["harmon", "high", "risk", "standard"] {
            assert!(q.iter().any(|t| t.starts_with(term)), "{term} in {q:?}");
        }
        assert!(
            q.iter()
                .all(|t| doc.contains(t) || !t.starts_with("harmon")),
            "{q:?} / {doc:?}"
        );
        assert!(doc.contains("highrisk"), "{doc:?}");
        // The plain analysis keeps them apart.
        let plain: std::collections::HashSet<String> =
            Analysis::Plain.terms(text).into_iter().collect();
        assert!(
            Analysis::Plain
                .terms(question)
                .iter()
                .any(|t| t.starts_with("harmon") && !plain.contains(t))
        );
    }

    #[test]
    fn section_signs_designators_and_possessives() {
        let a = Analysis::Legal;
        assert_eq!(
            a.terms("§ 20-871(b) of the employer's notice"),
            ["section", "20", "20-871", "871", "b", "employ", "notic"]
        );
        assert_eq!(
            a.terms("section 20-871"),
            ["section", "20", "20-871", "871"]
        );
        assert_eq!(a.terms("Art. 5 GDPR"), ["articl", "5", "gdpr"]);
        // A sentence ending in an abbreviation-like word is not a citation.
        assert_eq!(a.terms("see ch. The"), ["see", "ch"]);
        // Regulation (EU) 2024/1689, Treas. Reg. § 1.41-2.
        assert!(
            a.terms("Regulation (EU) 2024/1689")
                .contains(&"2024/1689".to_string())
        );
        assert!(
            a.terms("Treas. Reg. § 1.41-2")
                .contains(&"1.41-2".to_string())
        );
        // An en dash is a range, not a number.
        assert!(
            !a.terms("§§ 4001–4010")
                .iter()
                .any(|t| t.contains('4') && t.len() > 4)
        );
    }

    #[test]
    fn word_pairs_follow_the_words_not_the_alternatives() {
        let a = Analysis::Legal;
        assert_eq!(
            a.words("non-compliance with § 20-871"),
            ["non", "complianc", "section", "20", "871"]
        );
        let tokens = a.tokens("non-compliance");
        assert_eq!(
            tokens.last().map(|(t, p)| (t.as_str(), *p)),
            Some(("noncompli", 1))
        );
    }
}
