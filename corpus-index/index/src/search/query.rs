//! BM25 query analysis: which analysed terms of a question are searched, and with what.
//!
//! Three rules, each measured on the shared query sets (`docs/measurements.md`):
//!
//! - **Question words are not searched.** Interrogatives, modal and auxiliary verbs, the
//!   asker's pronouns and the hedges of a question ("what specific obligations … particularly
//!   regarding …") say how something is asked, not what about; their BM25 weight is noise
//!   (a query-side stop list, as TREC topic processing drops "find documents that discuss").
//!   They stay in the word pairs, where they are adjacent to the words they qualify.
//! - **Adjacent word pairs are searched too** (a second BM25 field of stemmed bigrams, weighted
//!   [`BIGRAM_BOOST`]): "market surveillance authority" and "real world testing" match the
//!   provision that uses the phrase before one that uses the words apart (a term-dependence
//!   model in the manner of Metzler and Croft's sequential dependence model, SIGIR 2005).
//! - **Verbose queries are reduced.** A query of more than [`MAX_QUERY_TERMS`] distinct terms
//!   (a page of case facts) keeps its [`MAX_QUERY_TERMS`] rarest terms and word pairs by
//!   inverse document frequency: in a long description the common words ("court", "person",
//!   "order") outvote the few that name the offence (Bendersky and Croft, "Discovering key
//!   concepts in verbose queries", SIGIR 2008; Kumaran and Carvalho, SIGIR 2009).

use std::collections::HashSet;
use std::sync::LazyLock;

use super::analysis::Analysis;

/// Words of a question's form (stemmed like the index before comparison, see
/// [`QuestionWords`]): interrogatives, modal and auxiliary verbs, the asker's pronouns and
/// the hedges questions carry. Legal words that questions share with statutes ("conditions",
/// "case", "under", "related") are not in it.
pub const QUESTION_WORDS: &[&str] = &[
    "what",
    "which",
    "how",
    "when",
    "where",
    "who",
    "whom",
    "whose",
    "why",
    "whether",
    "does",
    "do",
    "did",
    "doing",
    "done",
    "can",
    "could",
    "would",
    "should",
    "must",
    "may",
    "might",
    "shall",
    "specific",
    "specifically",
    "particular",
    "particularly",
    "regarding",
    "considering",
    "context",
    "outlined",
    "according",
    "explain",
    "clarify",
    "describe",
    "tell",
    "please",
    "i",
    "me",
    "my",
    "mine",
    "we",
    "us",
    "our",
    "you",
    "your",
    "am",
    "been",
    "being",
    "has",
    "have",
    "had",
    "having",
    "any",
    "some",
    "also",
    "want",
    "wish",
    "need",
    "needs",
    "understand",
    "know",
    "looking",
    "trying",
    "help",
];

/// Weight of a matching word pair relative to a matching word (BM25 of the bigram field is
/// multiplied by it).
pub const BIGRAM_BOOST: f32 = 0.3;

/// Distinct terms (and, separately, word pairs) a query keeps at most.
pub const MAX_QUERY_TERMS: usize = 32;

/// [`QUESTION_WORDS`] as the index's analyser writes them (stemmed).
#[derive(Debug, Clone)]
pub struct QuestionWords(HashSet<String>);

impl QuestionWords {
    /// Analyses [`QUESTION_WORDS`] with `analyse` (the index's analyser: lower case, stop
    /// words, stemming).
    pub fn new(analyse: impl Fn(&str) -> Vec<String>) -> Self {
        Self(QUESTION_WORDS.iter().flat_map(|w| analyse(w)).collect())
    }

    /// Whether the analysed term is a question word.
    pub fn contains(&self, term: &str) -> bool {
        self.0.contains(term)
    }
}

/// The analysed query: terms and word pairs to search, each at most [`MAX_QUERY_TERMS`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Bm25Query {
    /// Distinct terms, question words left out.
    pub terms: Vec<String>,
    /// Distinct word pairs (`term_term`, see [`bigrams`]).
    pub bigrams: Vec<String>,
}

/// The word pairs of an analysed token sequence: `a_b` for each adjacent `a`, `b` (stop
/// words were removed before, so pairs bridge them, in documents and queries alike).
pub fn bigrams(terms: &[String]) -> Vec<String> {
    terms
        .windows(2)
        .map(|w| format!("{}_{}", w[0], w[1]))
        .collect()
}

/// The word pairs of `words` as [`bigrams`] makes them, joined by spaces: the text of a
/// document's word-pair field, written without a string per word or pair.
pub fn bigram_text<'a>(words: impl IntoIterator<Item = &'a str>) -> String {
    let mut out = String::new();
    let mut previous: Option<&str> = None;
    for word in words {
        if let Some(previous) = previous {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(previous);
            out.push('_');
            out.push_str(word);
        }
        previous = Some(word);
    }
    out
}

/// Builds the query of `analysed` (the question's analysed terms, in order) and `words` (its
/// analysed words, one per position, see [`super::analysis::Analysis::words`]): its distinct
/// terms without question words and the distinct pairs of its words, each reduced to the
/// [`MAX_QUERY_TERMS`] of highest `idf_term` / `idf_bigram` when longer (terms absent from
/// the index, idf `None`, are dropped then).
pub fn build(
    analysed: &[String],
    words: &[String],
    question_words: &QuestionWords,
    idf_term: impl Fn(&str) -> Option<f32>,
    idf_bigram: impl Fn(&str) -> Option<f32>,
) -> Bm25Query {
    let terms = searched_terms(analysed, question_words);
    let pairs = distinct(bigrams(words).into_iter());
    Bm25Query {
        terms: reduce(terms, idf_term),
        bigrams: reduce(pairs, idf_bigram),
    }
}

/// The distinct terms of `analysed` (analysed tokens, in order) that BM25 searches for:
/// question words left out, first occurrences in order.
pub fn searched_terms(analysed: &[String], question_words: &QuestionWords) -> Vec<String> {
    distinct(
        analysed
            .iter()
            .filter(|t| !question_words.contains(t))
            .cloned(),
    )
}

fn distinct(items: impl Iterator<Item = String>) -> Vec<String> {
    let mut seen = HashSet::new();
    items.filter(|t| seen.insert(t.clone())).collect()
}

/// Keeps the [`MAX_QUERY_TERMS`] terms of highest idf (first occurrence breaks ties) when
/// there are more, in query order.
fn reduce(terms: Vec<String>, idf: impl Fn(&str) -> Option<f32>) -> Vec<String> {
    if terms.len() <= MAX_QUERY_TERMS {
        return terms;
    }
    let mut scored: Vec<(usize, f32)> = terms
        .iter()
        .enumerate()
        .filter_map(|(i, t)| Some((i, idf(t)?)))
        .collect();
    scored.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    scored.truncate(MAX_QUERY_TERMS);
    scored.sort_by_key(|(i, _)| *i);
    scored.into_iter().map(|(i, _)| terms[i].clone()).collect()
}

/// The stemmed question words of the plain analysis.
static PLAIN_QUESTION_WORDS: LazyLock<QuestionWords> =
    LazyLock::new(|| QuestionWords::new(|w| Analysis::Plain.terms(w)));
/// The stemmed question words of the legal analysis.
static LEGAL_QUESTION_WORDS: LazyLock<QuestionWords> =
    LazyLock::new(|| QuestionWords::new(|w| Analysis::Legal.terms(w)));

impl QuestionWords {
    /// [`QUESTION_WORDS`] as `analysis` writes them (built once per analysis).
    pub fn of(analysis: Analysis) -> &'static QuestionWords {
        match analysis {
            Analysis::Plain => &PLAIN_QUESTION_WORDS,
            Analysis::Legal => &LEGAL_QUESTION_WORDS,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn analysed(text: &str) -> Vec<String> {
        Analysis::default().terms(text)
    }

    /// The word-pair field's text holds the pairs a query of the same words looks for.
    #[test]
    fn the_word_pair_text_of_a_document_is_the_pairs_of_its_words() {
        let text = "A covered entity shall not use an automated employment decision tool \
                    unless the tool has been the subject of a bias audit (§ 20-871(a)).";
        let words = Analysis::default().words(text);
        let text = bigram_text(words.iter().map(String::as_str));
        assert_eq!(text, bigrams(&words).join(" "));
        assert!(text.contains("autom_employ"), "{text}");
        assert_eq!(bigram_text(["one"]), "");
    }

    /// The query of `text` when every term and pair is in the index with the same idf.
    fn uniform(text: &str) -> Bm25Query {
        build(
            &analysed(text),
            &Analysis::default().words(text),
            QuestionWords::of(Analysis::default()),
            |_| Some(1.0),
            |_| Some(1.0),
        )
    }

    #[test]
    fn question_words_are_dropped_but_pairs_keep_the_phrase() {
        let q = uniform("What specific actions must a provider take if a serious incident occurs?");
        assert_eq!(
            q.terms,
            ["action", "provid", "take", "serious", "incid", "occur"]
        );
        assert!(q.bigrams.contains(&"serious_incid".to_string()), "{q:?}");
        assert!(q.bigrams.contains(&"must_provid".to_string()), "{q:?}");
    }

    #[test]
    fn a_verbose_query_keeps_its_rarest_terms() {
        // A page of facts: 40 common words and the two that name the offence.
        let mut text: String = (0..40).map(|i| format!("common{i} ")).collect();
        text.push_str("murdered poisoned");
        let q = build(
            &analysed(&text),
            &Analysis::default().words(&text),
            QuestionWords::of(Analysis::default()),
            |t| Some(if t.starts_with("common") { 0.5 } else { 4.0 }),
            |_| Some(1.0),
        );
        assert_eq!(q.terms.len(), MAX_QUERY_TERMS);
        assert!(q.terms.contains(&"murder".to_string()), "{q:?}");
        assert!(q.terms.contains(&"poison".to_string()), "{q:?}");
        assert_eq!(q.bigrams.len(), MAX_QUERY_TERMS);
    }

    #[test]
    fn a_question_of_question_words_only_has_no_terms() {
        let q = uniform("What should we do?");
        assert!(q.terms.is_empty(), "{q:?}");
    }
}
