//! `lexls eval retrieval --folds K` and `--suite FILE|default`: every tuned constant and
//! stage switch of the retrieval pipeline cross-validated over questions, per development
//! set and over all sets together, with the held-out figures per stage on and off.
//!
//! Each set's workspace is opened once; every setting of the grid
//! ([`lexls_eval::grid`]) runs over the same snapshot with the questions' vectors
//! cached, and the choice among settings is then arithmetic over the score matrix
//! ([`lexls_eval::folds`]).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use lexls_eval::Query;
use lexls_eval::folds::{self, CvOutcome, PerQuery, SetScores, Summary};
use lexls_eval::grid::{self, Stage, Variant};
use lexls_eval::suite::{self, SuiteSet};

use crate::eval::RetrievalArgs;

/// One set, scored under every setting.
struct Scored {
    name: String,
    folds: Vec<usize>,
    halves: Vec<usize>,
    matrix: Vec<Vec<PerQuery>>,
}

/// The sets to run: the suite, or the one set of `--corpus`/`--queries`.
fn sets_of(args: &RetrievalArgs) -> anyhow::Result<Vec<SuiteSet>> {
    match args.suite.as_deref() {
        Some("default") => {
            let start = args.shared.clone().unwrap_or_else(|| PathBuf::from("."));
            let shared = suite::find_shared(&start).with_context(|| {
                format!(
                    "no shared data folder (with corpora/ and eval/) at or above {}; give it with --shared",
                    start.display()
                )
            })?;
            Ok(suite::default_suite(&shared))
        }
        Some(file) => suite::read_suite(Path::new(file)).map_err(anyhow::Error::msg),
        None => {
            let corpus = args
                .corpus
                .clone()
                .context("--corpus is required without --suite")?;
            let name = args
                .queries
                .as_ref()
                .or(args.sara_cases.as_ref())
                .and_then(|p| p.file_stem())
                .map_or_else(|| "set".to_string(), |s| s.to_string_lossy().into_owned());
            anyhow::ensure!(
                args.queries.is_some() || args.sara_cases.is_some(),
                "--queries or --sara-cases is required without --suite"
            );
            Ok(vec![SuiteSet {
                name,
                corpus,
                queries: args.queries.clone(),
                sara_cases: args.sara_cases.clone(),
            }])
        }
    }
}

/// The folders the relevant files of `queries` are in, as include globs.
pub fn gold_folders(queries: &[Query]) -> Vec<String> {
    let folders: BTreeSet<String> = queries
        .iter()
        .flat_map(|q| q.relevant.iter())
        .map(|r| match r.rsplit_once('/') {
            Some((dir, _)) => format!("{dir}/**"),
            None => "*".to_string(),
        })
        .collect();
    folders.into_iter().collect()
}

/// Scores one set under every setting of `grid`.
fn score_set(
    set: &SuiteSet,
    grid: &[Variant],
    k: usize,
    with_dense: bool,
) -> anyhow::Result<Scored> {
    let (queries, notes) = set.load_queries().map_err(anyhow::Error::msg)?;
    for n in notes {
        tracing::info!("{}: {n}", set.name);
    }
    anyhow::ensure!(!queries.is_empty(), "set {}: no queries", set.name);
    let mut config = lexls::cli::load_config(&set.corpus)?;
    config.index.include = gold_folders(&queries);
    let (engine, _) = lexls::cli::prepare(&set.corpus, config, !with_dense, false)?;
    let snap = grid::with_query_cache(&engine.snapshot());
    let ids: Vec<String> = queries.iter().map(|q| q.id.clone()).collect();
    let started = std::time::Instant::now();
    let name = set.name.clone();
    let threads = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let matrix = grid::score_matrix(&snap, &queries, grid, threads, &|i, n| {
        if i % 8 == 0 || i == n {
            tracing::info!(
                "{name}: {i}/{n} settings ({:.0} s)",
                started.elapsed().as_secs_f64()
            );
        }
    });
    Ok(Scored {
        name: set.name.clone(),
        folds: folds::assign_folds(&ids, k),
        halves: folds::assign_folds(&ids, 2),
        matrix,
    })
}

fn set_scores(scored: &[Scored], halves: bool) -> Vec<SetScores<'_>> {
    scored
        .iter()
        .map(|s| SetScores {
            scores: &s.matrix,
            folds: if halves { &s.halves } else { &s.folds },
        })
        .collect()
}

/// Cross-validation of `allowed` settings on each set alone and on all sets together.
fn run_cv(
    scored: &[Scored],
    k: usize,
    allowed: &[usize],
    halves: bool,
) -> (Vec<CvOutcome>, CvOutcome) {
    let sets = set_scores(scored, halves);
    let k = if halves { 2 } else { k };
    let alone = sets
        .iter()
        .map(|s| folds::cross_validate_sets(std::slice::from_ref(s), k, allowed))
        .collect();
    let joint = folds::cross_validate_sets(&sets, k, allowed);
    (alone, joint)
}

fn fmt_summary(s: &Summary) -> String {
    format!(
        "MRR@10 {:.3}  nDCG@10 {:.3}  R@1 {:.3}  R@5 {:.3}  R@10 {:.3}",
        s.mrr, s.ndcg, s.recall[0], s.recall[1], s.recall[2]
    )
}

fn mean(xs: impl Iterator<Item = f64>) -> f64 {
    let v: Vec<f64> = xs.collect();
    if v.is_empty() {
        0.0
    } else {
        v.iter().sum::<f64>() / v.len() as f64
    }
}

/// Runs the cross-validation and prints (or returns as JSON) its report.
///
/// # Errors
/// A set that cannot be read or opened, or fewer than 2 folds.
pub fn cv(args: &RetrievalArgs) -> anyhow::Result<ExitCode> {
    let k = args.folds.unwrap_or(5);
    anyhow::ensure!(k >= 2, "--folds must be at least 2");
    let sets = sets_of(args)?;
    let with_dense = !args.no_dense && args.mode != Some(lexls::cli::Mode::Bm25);
    let grid = grid::default_grid(with_dense);
    let mut scored = Vec::new();
    for set in &sets {
        scored.push(score_set(set, &grid, k, with_dense)?);
    }
    let all: Vec<usize> = (0..grid.len()).collect();
    let name = |i: usize| grid.get(i).map_or_else(String::new, Variant::name);
    let (alone, joint) = run_cv(&scored, k, &all, false);
    let (alone_h, joint_h) = run_cv(&scored, k, &all, true);

    // Fixed settings, untuned: BM25 alone, and the defaults before cross-validation.
    let fixed = |v: &Variant| grid.iter().position(|g| g == v);
    let bm25 = 0usize;
    let old_default = fixed(&Variant {
        dense: with_dense,
        fusion: lexls_index::search::Fusion::Weighted { alpha: 0.45 },
        rewrite: true,
        kg: true,
        adaptive: true,
        authority: true,
        prf: false,
    });
    let whole = |row: usize| -> Vec<Summary> {
        scored
            .iter()
            .map(|s| Summary::of(s.matrix.get(row).into_iter().flatten()))
            .collect()
    };
    // Stages on and off, cross-validated over all sets together.
    let stage_rows: Vec<(Stage, CvOutcome, CvOutcome)> = Stage::ALL
        .iter()
        .filter(|st| with_dense || **st != Stage::Dense)
        .map(|&st| {
            let on: Vec<usize> = all.iter().copied().filter(|&i| st.of(&grid[i])).collect();
            let off: Vec<usize> = all.iter().copied().filter(|&i| !st.of(&grid[i])).collect();
            let sets = set_scores(&scored, false);
            (
                st,
                folds::cross_validate_sets(&sets, k, &on),
                folds::cross_validate_sets(&sets, k, &off),
            )
        })
        .collect();
    let chosen_all = folds::choose(&set_scores(&scored, false), &all, |_| true);

    if args.json {
        let per_set: Vec<serde_json::Value> = scored
            .iter()
            .enumerate()
            .map(|(i, s)| {
                serde_json::json!({
                    "set": s.name,
                    "queries": s.folds.len(),
                    "tuned_alone": {"held_out": alone[i].held_out[0], "spread": alone[i].spread(0),
                        "folds": alone[i].folds.iter().map(|f| serde_json::json!({"fold": f.fold, "chosen": name(f.chosen), "tuning_mrr": f.tuning_mrr, "measured": f.measured[0]})).collect::<Vec<_>>()},
                    "tuned_alone_halves": {"held_out": alone_h[i].held_out[0], "halves": alone_h[i].folds.iter().map(|f| serde_json::json!({"half": f.fold, "chosen": name(f.chosen), "development_mrr": f.tuning_mrr, "measuring": f.measured[0]})).collect::<Vec<_>>()},
                    "tuned_jointly": {"held_out": joint.held_out[i], "spread": joint.spread(i)},
                    "tuned_jointly_halves": {"held_out": joint_h.held_out[i]},
                    "bm25_untuned": whole(bm25)[i],
                    "previous_default_untuned": old_default.map(|d| whole(d)[i]),
                    "stages": stage_rows.iter().map(|(st, on, off)| serde_json::json!({"stage": st.name(), "on": on.held_out[i], "off": off.held_out[i]})).collect::<Vec<_>>(),
                })
            })
            .collect();
        let report = serde_json::json!({
            "folds": k,
            "settings": grid.len(),
            "sets": per_set,
            "joint_folds": joint.folds.iter().map(|f| serde_json::json!({"fold": f.fold, "chosen": name(f.chosen), "tuning_mrr": f.tuning_mrr, "measured_mrr": f.measured.iter().map(|m| m.mrr).collect::<Vec<_>>()})).collect::<Vec<_>>(),
            "chosen_on_all_questions": chosen_all.map(|(c, m)| serde_json::json!({"setting": name(c), "mean_mrr": m})),
        });
        println!("{}", serde_json::to_string_pretty(&report)?);
        return Ok(ExitCode::SUCCESS);
    }

    println!(
        "{k}-fold cross-validation over {} settings (folds by question id); figures on the folds not used for tuning",
        grid.len()
    );
    println!();
    println!("Tuned on each set alone:");
    for (i, s) in scored.iter().enumerate() {
        let (lo, hi, sd) = alone[i].spread(0);
        println!(
            "  {:<10} {:>4} q  held-out {}  (folds {lo:.3}–{hi:.3}, sd {sd:.3})",
            s.name,
            s.folds.len(),
            fmt_summary(&alone[i].held_out[0])
        );
        let chosen: Vec<String> = alone[i].folds.iter().map(|f| name(f.chosen)).collect();
        println!("             chosen per fold: {}", chosen.join(", "));
        let halves: Vec<String> = alone_h[i]
            .folds
            .iter()
            .map(|f| {
                format!(
                    "tuned on half {} ({:.3}) → half {} {:.3}",
                    1 - f.fold,
                    f.tuning_mrr,
                    f.fold,
                    f.measured[0].mrr
                )
            })
            .collect();
        println!("             halves: {}", halves.join("; "));
    }
    println!();
    println!("Tuned on all sets together (one setting per fold for every set):");
    for (i, s) in scored.iter().enumerate() {
        let (lo, hi, sd) = joint.spread(i);
        println!(
            "  {:<10} held-out {}  (folds {lo:.3}–{hi:.3}, sd {sd:.3}); halves MRR@10 {:.3}",
            s.name,
            fmt_summary(&joint.held_out[i]),
            joint_h.held_out[i].mrr
        );
    }
    println!(
        "  mean       held-out MRR@10 {:.3}",
        mean(joint.held_out.iter().map(|s| s.mrr))
    );
    for f in &joint.folds {
        let measured: Vec<String> = f.measured.iter().map(|m| format!("{:.3}", m.mrr)).collect();
        println!(
            "  fold {}: chosen {} (tuning mean MRR@10 {:.3}); measured {}",
            f.fold,
            name(f.chosen),
            f.tuning_mrr,
            measured.join(" / ")
        );
    }
    if let Some((c, m)) = chosen_all {
        println!(
            "  chosen on every question (the default to ship): {} (mean MRR@10 {m:.3}, not a held-out figure)",
            name(c)
        );
    }
    println!();
    println!("Untuned references (every question):");
    for (i, s) in scored.iter().enumerate() {
        let b = whole(bm25)[i].mrr;
        let d = old_default.map_or(String::from("—"), |d| format!("{:.3}", whole(d)[i].mrr));
        println!(
            "  {:<10} BM25 alone {b:.3}   previous default ({}) {d}",
            s.name,
            old_default.map_or_else(String::new, name)
        );
    }
    println!();
    println!("Stages, cross-validated over all sets together (held-out MRR@10, on / off):");
    let header: Vec<String> = scored.iter().map(|s| format!("{:>15}", s.name)).collect();
    println!("  {:<22}{}   verdict", "stage", header.join(""));
    for (st, on, off) in &stage_rows {
        let cells: Vec<String> = (0..scored.len())
            .map(|i| {
                let cell = format!("{:.3} / {:.3}", on.held_out[i].mrr, off.held_out[i].mrr);
                format!("{cell:>15}")
            })
            .collect();
        let better = (0..scored.len())
            .filter(|&i| on.held_out[i].mrr > off.held_out[i].mrr)
            .count();
        let worst = (0..scored.len())
            .map(|i| {
                if off.held_out[i].mrr > 0.0 {
                    on.held_out[i].mrr / off.held_out[i].mrr - 1.0
                } else {
                    0.0
                }
            })
            .fold(f64::INFINITY, f64::min);
        let earns = better * 2 > scored.len() && worst >= -0.01;
        println!(
            "  {:<22}{}   {} (better on {better}/{}, worst {:+.1}%)",
            st.name(),
            cells.join(""),
            if earns { "on" } else { "off" },
            scored.len(),
            worst * 100.0
        );
    }
    Ok(ExitCode::SUCCESS)
}
