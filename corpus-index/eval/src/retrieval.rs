//! Retrieval evaluation over the query-set format of `shared/eval/README.md`:
//! `{"id", "question", "relevant": ["articles/article-057", …]}`, judged at file level
//! (several chunks of one file count once, at the rank of the first).
//!
//! Metrics: MRR@10, Recall@k (k = 1, 5, 10), nDCG@10 with binary gains (Järvelin and
//! Kekäläinen, 2002), and latency percentiles per query.

use std::collections::HashSet;
use std::time::Instant;

use serde::{Deserialize, Serialize};

use lexls_index::workspace::Snapshot;

/// A query with its relevant files.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Query {
    /// Identifier.
    pub id: String,
    /// The question.
    pub question: String,
    /// Relevant files: paths relative to the corpus folder, extension dropped.
    pub relevant: Vec<String>,
}

/// Reads a JSON-lines query set.
///
/// # Errors
/// A message naming the line that is not a query.
pub fn read_queries(text: &str) -> Result<Vec<Query>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| serde_json::from_str::<Query>(l).map_err(|e| format!("line {}: {e}", i + 1)))
        .collect()
}

/// Scores of one query.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct QueryScore {
    /// Query id.
    pub id: String,
    /// Reciprocal rank of the first relevant file within the top 10 (0 if none).
    pub rr: f64,
    /// Recall at 1, 5 and 10 files.
    pub recall: [f64; 3],
    /// nDCG@10.
    pub ndcg: f64,
    /// Milliseconds spent retrieving.
    pub latency_ms: f64,
    /// The top ten files retrieved.
    pub ranked: Vec<String>,
}

/// Aggregate scores.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RetrievalReport {
    /// Number of queries.
    pub queries: usize,
    /// Mean reciprocal rank at 10.
    #[serde(rename = "mrr@10")]
    pub mrr: f64,
    /// Mean recall at 1.
    #[serde(rename = "recall@1")]
    pub recall1: f64,
    /// Mean recall at 5.
    #[serde(rename = "recall@5")]
    pub recall5: f64,
    /// Mean recall at 10.
    #[serde(rename = "recall@10")]
    pub recall10: f64,
    /// Mean nDCG at 10.
    #[serde(rename = "ndcg@10")]
    pub ndcg10: f64,
    /// Latency percentiles.
    pub latency_ms: Latency,
    /// Per-query scores.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub per_query: Vec<QueryScore>,
}

/// Latency percentiles in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Latency {
    /// Median.
    pub p50: f64,
    /// 95th percentile.
    pub p95: f64,
}

/// The file key of a relative path: extension dropped.
pub fn file_key(rel_path: &str) -> String {
    match rel_path.rsplit_once('.') {
        Some((stem, ext)) if !ext.contains('/') => stem.to_string(),
        _ => rel_path.to_string(),
    }
}

/// Scores a ranking of files against the relevant set.
pub fn score(ranked: &[String], relevant: &[String]) -> (f64, [f64; 3], f64) {
    let relevant: HashSet<&str> = relevant.iter().map(String::as_str).collect();
    if relevant.is_empty() {
        return (0.0, [0.0; 3], 0.0);
    }
    let top = &ranked[..ranked.len().min(10)];
    let rr = top
        .iter()
        .position(|f| relevant.contains(f.as_str()))
        .map_or(0.0, |i| 1.0 / (i as f64 + 1.0));
    let recall_at = |k: usize| {
        let hits = ranked
            .iter()
            .take(k)
            .filter(|f| relevant.contains(f.as_str()))
            .count();
        hits as f64 / relevant.len() as f64
    };
    let dcg: f64 = top
        .iter()
        .enumerate()
        .filter(|(_, f)| relevant.contains(f.as_str()))
        .map(|(i, _)| 1.0 / (i as f64 + 2.0).log2())
        .sum();
    let ideal: f64 = (0..relevant.len().min(10))
        .map(|i| 1.0 / (i as f64 + 2.0).log2())
        .sum();
    (rr, [recall_at(1), recall_at(5), recall_at(10)], dcg / ideal)
}

/// Evaluates `rank` (question → files, best first) on `queries`.
pub fn evaluate(
    queries: &[Query],
    mut rank: impl FnMut(&str) -> Vec<String>,
    keep_per_query: bool,
) -> RetrievalReport {
    let mut per_query = Vec::with_capacity(queries.len());
    for q in queries {
        let started = Instant::now();
        let ranked = rank(&q.question);
        let latency_ms = started.elapsed().as_secs_f64() * 1000.0;
        let (rr, recall, ndcg) = score(&ranked, &q.relevant);
        per_query.push(QueryScore {
            id: q.id.clone(),
            rr,
            recall,
            ndcg,
            latency_ms,
            ranked: ranked.into_iter().take(10).collect(),
        });
    }
    let n = per_query.len().max(1) as f64;
    let mean = |f: &dyn Fn(&QueryScore) -> f64| per_query.iter().map(f).sum::<f64>() / n;
    let mut latencies: Vec<f64> = per_query.iter().map(|q| q.latency_ms).collect();
    latencies.sort_by(f64::total_cmp);
    let pct = |p: f64| -> f64 {
        if latencies.is_empty() {
            return 0.0;
        }
        let idx = ((latencies.len() as f64 - 1.0) * p).round() as usize;
        latencies[idx.min(latencies.len() - 1)]
    };
    RetrievalReport {
        queries: per_query.len(),
        mrr: mean(&|q| q.rr),
        recall1: mean(&|q| q.recall[0]),
        recall5: mean(&|q| q.recall[1]),
        recall10: mean(&|q| q.recall[2]),
        ndcg10: mean(&|q| q.ndcg),
        latency_ms: Latency {
            p50: pct(0.5),
            p95: pct(0.95),
        },
        per_query: if keep_per_query {
            per_query
        } else {
            Vec::new()
        },
    }
}

/// Files ranked for `question` by the retrieval pipeline ([`lexls_ide::ask::pipeline`]) with
/// `opts`: candidate sections mapped to their files, each file at the rank of its first
/// section. `models` holds the classifier across the queries of a run.
pub fn rank_files(
    snap: &Snapshot,
    question: &str,
    opts: &lexls_ide::ask::pipeline::PipelineOptions,
    models: &lexls_ide::ask::Models,
    reranker: Option<&dyn lexls_ide::ask::rerank::Reranker>,
) -> Vec<String> {
    let retrieval = lexls_ide::ask::pipeline::run(
        snap,
        question,
        "",
        "",
        opts,
        models,
        &mut |_| Vec::new(),
        reranker,
    );
    let mut seen = HashSet::new();
    retrieval
        .candidates
        .iter()
        .filter_map(|c| snap.docs.get(c.doc))
        .map(|d| file_key(&d.rel_path))
        .filter(|f| seen.insert(f.clone()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_follow_the_definitions() {
        let ranked: Vec<String> = ["a", "b", "c"].iter().map(|s| s.to_string()).collect();
        let (rr, recall, ndcg) = score(&ranked, &["b".to_string(), "z".to_string()]);
        assert!((rr - 0.5).abs() < 1e-9);
        assert_eq!(recall, [0.0, 0.5, 0.5]);
        let expected = (1.0 / 3f64.log2()) / (1.0 + 1.0 / 3f64.log2());
        assert!((ndcg - expected).abs() < 1e-9);
        assert_eq!(file_key("articles/article-057.md"), "articles/article-057");
    }

    #[test]
    fn reads_query_lines_and_reports_bad_ones() {
        let qs = read_queries(
            "{\"id\":\"1\",\"question\":\"q\",\"relevant\":[\"a\"],\"question_type\":\"x\"}\n\n",
        )
        .expect("valid");
        assert_eq!(qs.len(), 1);
        let err = read_queries("{}\n").expect_err("invalid");
        assert!(err.starts_with("line 1"));
    }
}
