//! `lexls eval retrieval`.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use corpus_index::ask::retrieve::RetrieveParams;
use corpus_index::config::RetrievalMode;
use corpus_index::eval::{self, RetrievalReport};

/// Arguments of `lexls eval retrieval`.
#[derive(Debug, Clone)]
pub struct RetrievalArgs {
    /// Corpus folder.
    pub corpus: PathBuf,
    /// Query set.
    pub queries: PathBuf,
    /// Retrievers.
    pub mode: RetrievalMode,
    /// Globs to index.
    pub include: Vec<String>,
    /// Skip the model.
    pub no_dense: bool,
    /// JSON output.
    pub json: bool,
    /// Per-query JSON.
    pub per_query: bool,
}

/// Evaluates retrieval on a query set.
pub fn retrieval(args: &RetrievalArgs) -> anyhow::Result<ExitCode> {
    let text = std::fs::read_to_string(&args.queries)
        .with_context(|| format!("cannot read {}", args.queries.display()))?;
    let queries = eval::read_queries(&text)
        .map_err(|e| anyhow::anyhow!("{}: {e}", args.queries.display()))?;
    let mut config = super::load_config(&args.corpus)?;
    config.index.include = if args.include.is_empty() {
        // The folders the gold files live in.
        let folders: BTreeSet<String> = queries
            .iter()
            .flat_map(|q| q.relevant.iter())
            .map(|r| match r.rsplit_once('/') {
                Some((dir, _)) => format!("{dir}/**"),
                None => "*".to_string(),
            })
            .collect();
        folders.into_iter().collect()
    } else {
        args.include.clone()
    };
    let no_model = args.no_dense || args.mode == RetrievalMode::Bm25;
    let (engine, _) = super::prepare(&args.corpus, config, no_model)?;
    let snap = engine.snapshot();
    let params = RetrieveParams {
        mode: args.mode,
        candidates: 50,
        rrf_k: snap.config.retrieval.rrf_k,
    };
    let report = eval::evaluate(
        &queries,
        |q| eval::rank_files(&snap, q, params),
        args.per_query,
    );
    print_report(&report, args.json)?;
    Ok(ExitCode::SUCCESS)
}

fn print_report(report: &RetrievalReport, json: bool) -> anyhow::Result<()> {
    if json {
        println!("{}", serde_json::to_string_pretty(report)?);
    } else {
        println!(
            "queries {}  MRR@10 {:.3}  R@1 {:.3}  R@5 {:.3}  R@10 {:.3}  nDCG@10 {:.3}  p50 {:.1} ms  p95 {:.1} ms",
            report.queries,
            report.mrr,
            report.recall1,
            report.recall5,
            report.recall10,
            report.ndcg10,
            report.latency_ms.p50,
            report.latency_ms.p95
        );
    }
    Ok(())
}
