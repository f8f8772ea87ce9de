//! TF-IDF features of a question: word n-grams and character n-grams inside word
//! boundaries (scikit-learn's `char_wb` analyzer), each block with sublinear term frequency
//! (`1 + ln tf`), smoothed inverse document frequency (`ln((1 + n) / (1 + df)) + 1`) and
//! unit L2 norm, as in the TF-IDF baselines of the HyPA-RAG paper (§7.2).

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

/// Which n-grams a [`Vectorizer`] extracts and which it keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FeatureOptions {
    /// Word n-gram lengths, inclusive (`(1, 3)`: unigrams to trigrams); `(0, 0)` for none.
    pub word_ngrams: (usize, usize),
    /// Character n-gram lengths inside space-padded words, inclusive (`(2, 5)`); `(0, 0)`
    /// for none.
    pub char_ngrams: (usize, usize),
    /// An n-gram is kept when at least this many training questions contain it.
    pub min_df: usize,
}

impl Default for FeatureOptions {
    fn default() -> Self {
        Self {
            word_ngrams: (1, 3),
            char_ngrams: (2, 5),
            min_df: 2,
        }
    }
}

/// A fitted TF-IDF vectoriser: the vocabulary (feature names, `w:` word n-grams then `c:`
/// character n-grams) and the idf of each feature.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Vectorizer {
    /// The n-gram settings it was fitted with.
    pub options: FeatureOptions,
    /// Feature names; the index of a name is its column.
    pub vocabulary: Vec<String>,
    /// Inverse document frequency of each column.
    pub idf: Vec<f32>,
    /// Name → column (rebuilt after deserialising).
    #[serde(skip)]
    index: HashMap<String, u32>,
    /// Columns below this are character n-grams (rebuilt after deserialising).
    #[serde(skip)]
    char_columns: usize,
}

/// A sparse feature vector: (column, value) sorted by column.
pub type SparseVec = Vec<(u32, f32)>;

impl Vectorizer {
    /// Learns the vocabulary and idf from training questions.
    pub fn fit(questions: &[&str], options: FeatureOptions) -> Self {
        let mut df: HashMap<String, usize> = HashMap::new();
        for q in questions {
            let mut grams = ngrams(q, &options);
            grams.sort_unstable();
            grams.dedup();
            for g in grams {
                *df.entry(g).or_default() += 1;
            }
        }
        let mut vocabulary: Vec<String> = df
            .iter()
            .filter(|(_, n)| **n >= options.min_df.max(1))
            .map(|(g, _)| g.clone())
            .collect();
        vocabulary.sort_unstable();
        let n = questions.len() as f32;
        let idf = vocabulary
            .iter()
            .map(|g| {
                let d = df.get(g).copied().unwrap_or(0) as f32;
                ((1.0 + n) / (1.0 + d)).ln() + 1.0
            })
            .collect();
        let mut v = Self {
            options,
            vocabulary,
            idf,
            index: HashMap::new(),
            char_columns: 0,
        };
        v.rebuild_index();
        v
    }

    /// Rebuilds the name → column map (needed after deserialising).
    pub fn rebuild_index(&mut self) {
        self.index = self
            .vocabulary
            .iter()
            .enumerate()
            .map(|(i, g)| (g.clone(), i as u32))
            .collect();
        self.char_columns = self.vocabulary.partition_point(|g| g.as_str() < "w:");
    }

    /// Number of columns.
    pub fn dims(&self) -> usize {
        self.vocabulary.len()
    }

    /// The TF-IDF vector of a question: each block (words, characters) L2-normalised on its
    /// own. N-grams outside the vocabulary are ignored; an empty question gives an empty
    /// vector.
    pub fn transform(&self, question: &str) -> SparseVec {
        let mut counts: HashMap<u32, f32> = HashMap::new();
        for_each_ngram(question, &self.options, |g| {
            if let Some(&col) = self.index.get(g) {
                *counts.entry(col).or_default() += 1.0;
            }
        });
        let v: SparseVec = counts
            .into_iter()
            .map(|(col, tf)| {
                let idf = self.idf.get(col as usize).copied().unwrap_or(1.0);
                (col, (1.0 + tf.ln()) * idf)
            })
            .collect();
        // Columns of character n-grams (`c:…`) sort before those of words (`w:…`).
        let (mut chars, mut words): (SparseVec, SparseVec) = v
            .into_iter()
            .partition(|(c, _)| (*c as usize) < self.char_columns);
        normalize(&mut words);
        normalize(&mut chars);
        let mut all = chars;
        all.append(&mut words);
        all.sort_unstable_by_key(|(c, _)| *c);
        all
    }
}

fn normalize(v: &mut SparseVec) {
    let norm = v.iter().map(|(_, x)| x * x).sum::<f32>().sqrt();
    if norm > 0.0 {
        for (_, x) in v.iter_mut() {
            *x /= norm;
        }
    }
}

/// The lower-cased words of a question: runs of two or more letters or digits (the
/// `(?u)\b\w\w+\b` token pattern of scikit-learn).
pub fn words(question: &str) -> Vec<String> {
    question
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| w.chars().count() >= 2)
        .map(str::to_lowercase)
        .collect()
}

/// The n-gram features of a question, with repeats (`w:` word n-grams, `c:` character
/// n-grams of each whitespace-separated, lower-cased, space-padded token).
pub fn ngrams(question: &str, options: &FeatureOptions) -> Vec<String> {
    let mut out = Vec::new();
    for_each_ngram(question, options, |g| out.push(g.to_string()));
    out
}

/// Calls `f` with each n-gram feature of [`ngrams`], built in one reused buffer.
pub fn for_each_ngram(question: &str, options: &FeatureOptions, mut f: impl FnMut(&str)) {
    let mut buf = String::with_capacity(64);
    let (wmin, wmax) = options.word_ngrams;
    if wmin >= 1 && wmax >= wmin {
        let ws = words(question);
        for n in wmin..=wmax {
            for win in ws.windows(n) {
                buf.clear();
                buf.push_str("w:");
                for (i, w) in win.iter().enumerate() {
                    if i > 0 {
                        buf.push(' ');
                    }
                    buf.push_str(w);
                }
                f(&buf);
            }
        }
    }
    let (cmin, cmax) = options.char_ngrams;
    if cmin >= 1 && cmax >= cmin {
        let lower = question.to_lowercase();
        let mut padded: Vec<char> = Vec::new();
        for token in lower.split_whitespace() {
            padded.clear();
            padded.push(' ');
            padded.extend(token.chars());
            padded.push(' ');
            for n in cmin..=cmax {
                // A word shorter than `n` counts once, whole.
                let short = padded.len() <= n;
                let windows: &mut dyn Iterator<Item = &[char]> = if short {
                    &mut std::iter::once(padded.as_slice())
                } else {
                    &mut padded.windows(n)
                };
                for win in windows {
                    buf.clear();
                    buf.push_str("c:");
                    buf.extend(win.iter());
                    f(&buf);
                }
                if short {
                    break;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn word_and_char_ngrams_follow_scikit_learn() {
        let opts = FeatureOptions {
            word_ngrams: (1, 2),
            char_ngrams: (2, 3),
            min_df: 1,
        };
        let g = ngrams("Bias a-udit?", &opts);
        assert!(g.contains(&"w:bias".to_string()));
        assert!(g.contains(&"w:bias udit".to_string()), "{g:?}");
        assert!(
            !g.iter().any(|x| x == "w:a"),
            "one-letter words are not tokens"
        );
        assert!(g.contains(&"c: b".to_string()));
        assert!(g.contains(&"c:t? ".to_string()), "{g:?}");
        assert!(g.contains(&"c:a-u".to_string()));
    }

    #[test]
    fn vectors_are_unit_length_per_block_and_ignore_unknown_ngrams() {
        let qs = [
            "What is a bias audit?",
            "Who enforces the law?",
            "What is a bias",
        ];
        let v = Vectorizer::fit(&qs, FeatureOptions::default());
        let x = v.transform("What is a bias audit?");
        let words: f32 = x
            .iter()
            .filter(|(c, _)| v.vocabulary[*c as usize].starts_with("w:"))
            .map(|(_, x)| x * x)
            .sum();
        assert!((words - 1.0).abs() < 1e-5, "{words}");
        assert!(v.transform("").is_empty());
        assert!(v.transform("zzqx").is_empty());
        // min_df = 2 drops n-grams seen once: "enforces" is in one question only.
        assert!(!v.vocabulary.contains(&"w:enforces".to_string()));
        assert!(v.vocabulary.contains(&"w:bias".to_string()));
    }
}
