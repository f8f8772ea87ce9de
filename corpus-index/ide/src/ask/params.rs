//! Retrieval parameters from the query-complexity class (HyPA-RAG, Tables 5 and 6): the
//! number of sources (top-k, `k`), of query rewrites (`Q`), of knowledge-graph keywords
//! (`K`) and the longest knowledge-graph path (`S`).

use serde::Serialize;

use lexls_index::config::ParamsConfig;

/// The parameters of one question.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct QueryParams {
    /// Complexity class: 0 = one context suffices, 1 = two, 2 = three or more (for two
    /// classes: 0 = one, 1 = several). `None` when the parameters are not adaptive.
    pub class: Option<u8>,
    /// Number of classes of the classifier (2 or 3).
    pub classes: u8,
    /// Top-k: sources given to the answer.
    pub k: usize,
    /// Q: query rewrites.
    #[serde(rename = "q")]
    pub rewrites: usize,
    /// K: keywords matched in the knowledge graph.
    #[serde(rename = "kg_keywords")]
    pub kg_keywords: usize,
    /// S: longest knowledge-graph walk, in edges.
    #[serde(rename = "kg_path")]
    pub kg_path: usize,
}

/// Table 6 of HyPA-RAG (3 classes): `(k, Q, K, S)` for classes 0, 1, 2.
const THREE_CLASS: [(usize, usize, usize, usize); 3] = [(3, 3, 3, 1), (5, 5, 4, 2), (7, 7, 5, 3)];
/// Table 5 of HyPA-RAG (2 classes): `(k, Q, K, S)` for classes 0, 1.
const TWO_CLASS: [(usize, usize, usize, usize); 2] = [(5, 3, 4, 2), (10, 5, 5, 3)];

impl QueryParams {
    /// The parameters of `class` out of `classes` (2 or 3; anything else counts as 3), with
    /// the `[params]` overrides applied. A class out of range takes the last class.
    pub fn for_class(class: u8, classes: u8, overrides: &ParamsConfig) -> Self {
        let table: &[(usize, usize, usize, usize)] = if classes == 2 {
            &TWO_CLASS
        } else {
            &THREE_CLASS
        };
        let i = usize::from(class).min(table.len() - 1);
        let (k, q, kw, s) = table[i];
        let pick = |list: &Option<Vec<usize>>, default: usize| {
            list.as_ref()
                .and_then(|l| l.get(i).copied())
                .unwrap_or(default)
        };
        Self {
            class: Some(i as u8),
            classes: table.len() as u8,
            k: pick(&overrides.k, k).max(1),
            rewrites: pick(&overrides.rewrites, q),
            kg_keywords: pick(&overrides.kg_keywords, kw),
            kg_path: pick(&overrides.kg_path, s),
        }
    }

    /// Fixed parameters: `k` sources and the middle class's Q, K and S.
    pub fn fixed(k: usize, overrides: &ParamsConfig) -> Self {
        Self {
            class: None,
            k: k.max(1),
            ..Self::for_class(1, 3, overrides)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_paper_tables_and_overrides() {
        let none = ParamsConfig::default();
        let p = QueryParams::for_class(2, 3, &none);
        assert_eq!((p.k, p.rewrites, p.kg_keywords, p.kg_path), (7, 7, 5, 3));
        let p = QueryParams::for_class(0, 2, &none);
        assert_eq!((p.k, p.rewrites, p.kg_keywords, p.kg_path), (5, 3, 4, 2));
        let over = ParamsConfig {
            k: Some(vec![2, 4, 9]),
            ..ParamsConfig::default()
        };
        assert_eq!(QueryParams::for_class(2, 3, &over).k, 9);
        assert_eq!(QueryParams::for_class(9, 3, &over).class, Some(2));
        let fixed = QueryParams::fixed(8, &none);
        assert_eq!((fixed.class, fixed.k, fixed.rewrites), (None, 8, 5));
    }
}
