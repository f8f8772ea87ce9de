//! `lexls eval retrieval`, `lexls eval citations`, `lexls eval xrefs` and `lexls eval markup`.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use lexls::cli::Mode;
use lexls_eval as eval;
use lexls_eval::RetrievalReport;
use lexls_ide::ask::pipeline::PipelineOptions;
use lexls_ide::ask::{Models, rerank};
use lexls_index::config::{FusionMethod, RetrievalMode};

/// Arguments of `lexls eval retrieval`.
#[derive(Debug, Clone, clap::Args)]
pub struct RetrievalArgs {
    /// The corpus folder the query set's `relevant` paths are relative to.
    #[arg(long, required_unless_present = "suite")]
    pub corpus: Option<PathBuf>,
    /// The query set (JSON lines: id, question, relevant).
    #[arg(long, required_unless_present_any = ["suite", "sara_cases"])]
    pub queries: Option<PathBuf>,
    /// A SARA case file (`sara-v1/cases.jsonl`) to build the queries from, citations
    /// removed (with `--folds`; see `lexls eval sara-queries`).
    #[arg(long, conflicts_with = "queries", requires = "folds")]
    pub sara_cases: Option<PathBuf>,
    /// Cross-validate every tuned constant and stage switch over K folds of the questions
    /// (folds by question id) and report the figures on the folds not used for tuning.
    #[arg(long, value_name = "K")]
    pub folds: Option<usize>,
    /// Cross-validate over several development sets: `default` (EU AI Act, NYC LL144,
    /// AILA 2019, SARA under the shared data folder) or a JSON file of sets
    /// (`[{name, corpus, queries | sara_cases}]`); 5 folds unless `--folds`.
    #[arg(long, value_name = "FILE|default")]
    pub suite: Option<String>,
    /// The settings cross-validated with `--folds`/`--suite`: `bm25` (BM25 alone or fused at
    /// α 0.2, 0.3, 0.45 or a calibrated α, times analysis, BM25F, proximity, k1/b and
    /// granularity; every other stage off), `stages` (the HyPA-RAG stages on and off) or
    /// `fusion` (BM25 alone, each score normalisation at α 0.1 to 0.9, and RRF).
    #[arg(long, value_enum, default_value = "bm25")]
    pub grid: GridKind,
    /// With `--folds`/`--suite`: also write every setting's reciprocal rank on every
    /// question to this file (JSON: per set its name, question ids, folds, and `rr[setting][question]`;
    /// the settings' names), for analyses the report does not print.
    #[arg(long, value_name = "FILE")]
    pub matrix: Option<PathBuf>,
    /// The shared data folder for `--suite default` (default: found at or above the
    /// current folder).
    #[arg(long)]
    pub shared: Option<PathBuf>,
    /// Retrievers (default: `[retrieval] mode` of the workspace, BM25 unless set).
    #[arg(long, value_enum)]
    pub mode: Option<Mode>,
    /// Only index files matching these globs (default: the folders the relevant files are
    /// in).
    #[arg(long)]
    pub include: Vec<String>,
    /// BM25 only, without loading the model.
    #[arg(long)]
    pub no_dense: bool,
    /// Without the knowledge graph.
    #[arg(long)]
    pub no_kg: bool,
    /// Without query rewrites (and without pulling cited provisions first).
    #[arg(long)]
    pub no_rewrite: bool,
    /// Without the cross-encoder reranker (`[reranker]`).
    #[arg(long)]
    pub no_rerank: bool,
    /// Fixed top-k instead of the complexity class's.
    #[arg(long, value_name = "N")]
    pub fixed_k: Option<usize>,
    /// Weighted fusion with this weight of the dense scores (0–1), instead of the
    /// configured fusion.
    #[arg(long, value_name = "A")]
    pub alpha: Option<f32>,
    /// Reciprocal rank fusion (k = `[retrieval] rrf_k`) instead of the configured fusion.
    #[arg(long, conflicts_with = "alpha")]
    pub rrf: bool,
    /// Print JSON (`queries, mrr@10, recall@1, recall@5, recall@10, ndcg@10,
    /// latency_ms.p50, latency_ms.p95`).
    #[arg(long)]
    pub json: bool,
    /// Include per-query results in the JSON.
    #[arg(long)]
    pub per_query: bool,
}

/// Which grid of settings `--folds` cross-validates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum GridKind {
    /// Issue 12's BM25 and fusion items ([`lexls_eval::grid::bm25_grid`]).
    Bm25,
    /// The HyPA-RAG stages ([`lexls_eval::grid::default_grid`]).
    Stages,
    /// The fusion's normalisation and weight ([`lexls_eval::grid::fusion_grid`]).
    Fusion,
}

/// Evaluates retrieval on a query set.
pub fn retrieval(args: &RetrievalArgs) -> anyhow::Result<ExitCode> {
    if args.folds.is_some() || args.suite.is_some() {
        return crate::eval_cv::cv(args);
    }
    let (Some(corpus), Some(queries_path)) = (&args.corpus, &args.queries) else {
        anyhow::bail!("--corpus and --queries are required without --folds or --suite");
    };
    let text = std::fs::read_to_string(queries_path)
        .with_context(|| format!("cannot read {}", queries_path.display()))?;
    let queries = eval::read_queries(&text)
        .map_err(|e| anyhow::anyhow!("{}: {e}", queries_path.display()))?;
    let mut config = lexls::cli::load_config(corpus)?;
    config.index.include = if args.include.is_empty() {
        // The folders the gold files live in.
        crate::eval_cv::gold_folders(&queries)
    } else {
        args.include.clone()
    };
    if let Some(alpha) = args.alpha {
        anyhow::ensure!(
            (0.0..=1.0).contains(&alpha),
            "--alpha {alpha} is outside [0, 1]"
        );
        config.retrieval.fusion = FusionMethod::Weighted;
        config.retrieval.alpha = alpha;
    }
    if args.rrf {
        config.retrieval.fusion = FusionMethod::Rrf;
    }
    let mode: RetrievalMode = args.mode.map_or(config.retrieval.mode, Into::into);
    let no_model = args.no_dense || mode == RetrievalMode::Bm25;
    let (engine, _) = lexls::cli::prepare(corpus, config, no_model, false)?;
    let snap = engine.snapshot();
    let mut opts = PipelineOptions::from_snapshot(&snap);
    opts.mode = if no_model { RetrievalMode::Bm25 } else { mode };
    opts.stages.dense = !no_model;
    opts.stages.kg &= !args.no_kg;
    opts.stages.rewrite &= !args.no_rewrite;
    opts.stages.rerank &= !args.no_rerank;
    if let Some(k) = args.fixed_k {
        anyhow::ensure!(k > 0, "--fixed-k must be at least 1");
        opts.fixed_k = Some(k);
    }
    let models = Models::default();
    let reranker = if opts.stages.rerank {
        match models.reranker(&snap) {
            Some(Ok(r)) => Some(r),
            Some(Err(e)) => anyhow::bail!("[reranker] dir: {e}"),
            None => None,
        }
    } else {
        None
    };
    let reranker = reranker.as_deref().map(|r| r as &dyn rerank::Reranker);
    let report = eval::evaluate(
        &queries,
        |q| eval::rank_files(&snap, q, &opts, &models, reranker),
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

/// Writes the SARA query set (JSON lines: id, question, relevant) built from a case file
/// to stdout, and on stderr how many cases were left out and why.
///
/// # Errors
/// An unreadable case file or a line that is not a case.
pub fn sara_queries(cases: &std::path::Path) -> anyhow::Result<ExitCode> {
    let text = std::fs::read_to_string(cases)
        .with_context(|| format!("cannot read {}", cases.display()))?;
    let built = lexls_eval::sara::sara_queries(&text)
        .map_err(|e| anyhow::anyhow!("{}: {e}", cases.display()))?;
    for q in &built.queries {
        println!("{}", serde_json::to_string(q)?);
    }
    eprintln!(
        "{} queries; {} cases left out",
        built.queries.len(),
        built.dropped.len()
    );
    for (id, why) in &built.dropped {
        eprintln!("  {id}: {why}");
    }
    Ok(ExitCode::SUCCESS)
}

/// Scores citation extraction on a case file (`shared/eval/citations/cases.jsonl` format).
///
/// # Errors
/// An unreadable case file or a line that is not a case.
pub fn citations(cases: &std::path::Path, json: bool, failures: bool) -> anyhow::Result<ExitCode> {
    use lexls_eval::citations::{self as cit, STATUTE_KINDS, Scores};
    let text = std::fs::read_to_string(cases)
        .with_context(|| format!("cannot read {}", cases.display()))?;
    let cases_read =
        cit::read_cases(&text).map_err(|e| anyhow::anyhow!("{}: {e}", cases.display()))?;
    let (real, synthetic) = cit::evaluate(&cases_read);
    let summary = |s: &Scores| {
        let kinds: serde_json::Map<String, serde_json::Value> = s
            .per_kind
            .iter()
            .map(|(k, c)| {
                (
                    k.clone(),
                    serde_json::json!({"precision": c.precision(), "recall": c.recall(),
                        "f1": c.f1(), "tp": c.tp, "fp": c.fp, "fn": c.fn_}),
                )
            })
            .collect();
        let target = s.total(STATUTE_KINDS);
        let all = s.total(&[]);
        serde_json::json!({
            "cases": s.cases,
            "statute_kinds": {"precision": target.precision(), "recall": target.recall(), "f1": target.f1()},
            "overall": {"precision": all.precision(), "recall": all.recall(), "f1": all.f1()},
            "per_kind": kinds,
            "span_accuracy": ratio(s.spans),
            "spans_asserted": s.spans.0,
            "resolution_accuracy": ratio(s.resolution),
            "short_forms_asserted": s.resolution.0,
            "must_not_match": {"entries": s.must_not_match.0, "violated": s.must_not_match.1},
        })
    };
    let mut report = serde_json::json!({
        "real": summary(&real),
        "synthetic": summary(&synthetic),
    });
    if failures {
        report["failures"] = serde_json::to_value(
            real.failures
                .iter()
                .chain(&synthetic.failures)
                .collect::<Vec<_>>(),
        )?;
    }
    if json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        for (name, s) in [("real", &real), ("synthetic", &synthetic)] {
            let t = s.total(STATUTE_KINDS);
            let a = s.total(&[]);
            println!(
                "{name}: {} cases  statute kinds P {:.3} R {:.3} F1 {:.3}  all kinds F1 {:.3}  spans {:.3}  short forms {:.3} ({})  must_not_match violated {}/{}",
                s.cases,
                t.precision(),
                t.recall(),
                t.f1(),
                a.f1(),
                ratio(s.spans),
                ratio(s.resolution),
                s.resolution.0,
                s.must_not_match.1,
                s.must_not_match.0
            );
            for (k, c) in &s.per_kind {
                println!(
                    "  {k:<20} P {:.3}  R {:.3}  F1 {:.3}  (tp {}, fp {}, fn {})",
                    c.precision(),
                    c.recall(),
                    c.f1(),
                    c.tp,
                    c.fp,
                    c.fn_
                );
            }
        }
        if failures {
            for f in real.failures.iter().chain(&synthetic.failures) {
                println!(
                    "{}: missed {:?} extra {:?} misresolved {:?}",
                    f.id, f.missed, f.extra, f.misresolved
                );
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn ratio((total, ok): (usize, usize)) -> f64 {
    if total == 0 {
        1.0
    } else {
        ok as f64 / total as f64
    }
}

/// Compares resolved citations with a corpus's official cross-reference markup.
///
/// # Errors
/// An unreadable or malformed manifest, or a corpus folder lexls cannot open.
pub fn xrefs(
    corpus: &std::path::Path,
    manifest: &std::path::Path,
    json: bool,
) -> anyhow::Result<ExitCode> {
    use lexls_eval::xrefs::{self, ManifestEntry};
    let text = std::fs::read_to_string(manifest)
        .with_context(|| format!("cannot read {}", manifest.display()))?;
    let entries: Vec<ManifestEntry> = serde_json::from_str(&text).with_context(|| {
        format!(
            "{}: not a manifest (a JSON array of {{file, identifier, refs}})",
            manifest.display()
        )
    })?;
    let mut config = lexls::cli::load_config(corpus)?;
    let folders: BTreeSet<String> = entries
        .iter()
        .map(|e| match e.file.rsplit_once('/') {
            Some((dir, _)) => format!("{dir}/*"),
            None => "*".to_string(),
        })
        .collect();
    config.index.include = folders.into_iter().collect();
    let started = std::time::Instant::now();
    let (engine, _) = lexls::cli::prepare(corpus, config, true, false)?;
    let indexed = started.elapsed();
    let report = xrefs::evaluate(&engine.snapshot(), &entries);
    if json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        println!(
            "{} sections ({:.1} s to index)  in-corpus P {:.3} R {:.3} ({} found, {} marked up, {} both)  external R {:.3} ({}/{})",
            report.sections,
            indexed.as_secs_f64(),
            report.in_corpus.precision,
            report.in_corpus.recall,
            report.in_corpus.found,
            report.in_corpus.gold,
            report.in_corpus.matched,
            report.external.recall,
            report.external.matched,
            report.external.gold,
        );
        println!(
            "  first item of each list or range only (the publisher's markup convention): P {:.3} R {:.3}",
            report.in_corpus_first_items.precision, report.in_corpus_first_items.recall
        );
        for fp in report.examples.false_positives.iter().take(20) {
            println!("  found, not marked up: {fp}");
        }
        for fnn in report.examples.false_negatives.iter().take(20) {
            println!("  marked up, not found: {fnn}");
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Scores citation extraction and resolution against the official reference markup of the
/// files under `paths` (folders are read recursively; `.xml`, `.html`, `.md` and `.txt`
/// files are read, packed files such as `.xz` and `.tar.xz` are not: unpack them first).
///
/// # Errors
/// A path that does not exist or a file that cannot be read.
pub fn markup(
    paths: &[PathBuf],
    json: bool,
    misses: usize,
    resolved_sample: usize,
) -> anyhow::Result<ExitCode> {
    use lexls_eval::markup::{self as mk, Input};
    let mut inputs = Vec::new();
    let mut packed = 0usize;
    for path in paths {
        let meta =
            std::fs::metadata(path).with_context(|| format!("cannot read {}", path.display()))?;
        if meta.is_dir() {
            let prefix = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            collect(path, path, &prefix, &mut inputs, &mut packed)?;
        } else {
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            if is_packed(&name) {
                packed += 1;
                continue;
            }
            let text = read_file(path)?;
            inputs.push(Input {
                path: path.clone(),
                rel_path: name,
                text,
            });
        }
    }
    if packed > 0 {
        tracing::warn!(
            "{packed} packed files (.xz, .gz, .zip, .tar) were skipped: lexls eval markup reads unpacked files only (e.g. `xz -dk FILE.xz`, `tar -xJf FILE.tar.xz -C DIR`)"
        );
    }
    anyhow::ensure!(
        !inputs.is_empty(),
        "no files to score under the given paths"
    );
    let threads = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let started = std::time::Instant::now();
    let report = mk::evaluate_sampled(inputs, misses, threads, resolved_sample);
    let elapsed = started.elapsed();
    if json {
        println!("{}", serde_json::to_string_pretty(&report)?);
        return Ok(ExitCode::SUCCESS);
    }
    println!(
        "{} files ({} without publisher markup) in {:.1} s",
        report.files,
        report.files_without_markup,
        elapsed.as_secs_f64()
    );
    for c in &report.corpora {
        println!("{}:", c.corpus.name());
        for (name, h) in [("development", &c.development), ("measuring", &c.measuring)] {
            println!(
                "  {name:<11} {} files  recall {:.3} ({}/{})  span recall {:.3}  resolution {:.3} ({}/{} in workspace)",
                h.files,
                h.total.recall,
                h.total.found,
                h.total.references,
                h.total.span_recall,
                h.resolution.accuracy,
                h.resolution.resolved_same,
                h.resolution.in_workspace,
            );
            if let Some(p) = &h.precision {
                println!(
                    "    precision {:.3} ({}/{})  span precision {:.3}",
                    p.precision, p.correct, p.citations, p.span_precision
                );
            }
            if let Some(p) = &h.precision_as_written {
                println!(
                    "    precision as written {:.3} ({}/{})",
                    p.precision, p.correct, p.citations
                );
            }
            for (kind, r) in &h.per_kind {
                println!(
                    "    {kind:<18} recall {:.3}  span {:.3}  ({}/{})",
                    r.recall, r.span_recall, r.found, r.references
                );
            }
        }
    }
    if misses > 0 {
        println!("most frequent forms of misses:");
        for m in report.miss_classes.iter().take(misses.max(20)) {
            println!(
                "  {:>6}  {:<16} {:<18} {:<12} {}",
                m.count,
                m.corpus.name(),
                m.kind,
                m.failure,
                m.shape
            );
        }
        println!("misses (a sample):");
        for m in &report.misses {
            println!(
                "  {} [{}] {} {} {}: {}  (lexls: {})",
                m.file,
                m.half,
                m.failure,
                m.kind,
                m.target,
                m.context,
                if m.lexls.is_empty() {
                    "nothing".to_string()
                } else {
                    m.lexls.join("; ")
                }
            );
        }
    }
    if !report.resolved_sample.is_empty() {
        println!("resolved citations (a random sample of the measuring halves):");
        for s in &report.resolved_sample {
            println!(
                "  {}: {}  → {}  (marked: {})",
                s.file,
                s.context,
                s.target,
                if s.marked.is_empty() {
                    "nothing".to_string()
                } else {
                    s.marked.join("; ")
                }
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn is_packed(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    [".xz", ".gz", ".bz2", ".zst", ".zip", ".tar", ".tgz"]
        .iter()
        .any(|ext| lower.ends_with(ext))
}

fn read_file(path: &std::path::Path) -> anyhow::Result<String> {
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    let (text, _) = lexls_index::workspace::walk::decode(bytes);
    Ok(text)
}

/// The files under `dir` that lexls reads, with paths relative to `base` under `prefix`.
fn collect(
    base: &std::path::Path,
    dir: &std::path::Path,
    prefix: &str,
    out: &mut Vec<lexls_eval::markup::Input>,
    packed: &mut usize,
) -> anyhow::Result<()> {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .with_context(|| format!("cannot read {}", dir.display()))?
        .filter_map(Result::ok)
        .collect();
    entries.sort_by_key(std::fs::DirEntry::path);
    for entry in entries {
        let path = entry.path();
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        if kind.is_dir() {
            collect(base, &path, prefix, out, packed)?;
            continue;
        }
        if !kind.is_file() {
            continue;
        }
        let name = entry.file_name().to_string_lossy().into_owned();
        if is_packed(&name) {
            *packed += 1;
            continue;
        }
        let readable = path
            .extension()
            .and_then(|e| e.to_str())
            .and_then(lexls_syntax::model::Format::from_extension)
            .is_some();
        if !readable {
            continue;
        }
        let rel = lexls_index::workspace::walk::rel_path(base, &path);
        let rel_path = if prefix.is_empty() {
            rel
        } else {
            format!("{prefix}/{rel}")
        };
        out.push(lexls_eval::markup::Input {
            path: path.clone(),
            rel_path,
            text: read_file(&path)?,
        });
    }
    Ok(())
}
