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
    ids: Vec<String>,
    folds: Vec<usize>,
    halves: Vec<usize>,
    matrix: Vec<Vec<PerQuery>>,
    notes: Vec<String>,
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
    let (matrix, notes) = grid::score_matrix(&snap, &queries, grid, threads, &|i, n| {
        if i % 40 == 0 || i == n {
            tracing::info!(
                "{name}: {i}/{n} settings ({:.0} s)",
                started.elapsed().as_secs_f64()
            );
        }
    });
    Ok(Scored {
        name: set.name.clone(),
        ids: ids.clone(),
        folds: folds::assign_folds(&ids, k),
        halves: folds::assign_folds(&ids, 2),
        matrix,
        notes,
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
    let grid = match args.grid {
        crate::eval::GridKind::Bm25 => grid::bm25_grid(with_dense),
        crate::eval::GridKind::Stages => grid::default_grid(with_dense),
        crate::eval::GridKind::Fusion => grid::fusion_grid(with_dense),
    };
    let mut scored = Vec::new();
    for set in &sets {
        scored.push(score_set(set, &grid, k, with_dense)?);
    }
    if let Some(path) = &args.matrix {
        let dump = serde_json::json!({
            "settings": grid.iter().map(Variant::name).collect::<Vec<_>>(),
            "sets": scored.iter().map(|s| serde_json::json!({
                "name": s.name,
                "ids": s.ids,
                "folds": s.folds,
                "halves": s.halves,
                "rr": s.matrix.iter().map(|row| row.iter().map(|q| q.rr).collect::<Vec<_>>()).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
        });
        std::fs::write(path, serde_json::to_string(&dump)?)
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    let all: Vec<usize> = (0..grid.len()).collect();
    let name = |i: usize| grid.get(i).map_or_else(String::new, Variant::name);
    let (alone, joint) = run_cv(&scored, k, &all, false);
    let (alone_h, joint_h) = run_cv(&scored, k, &all, true);

    // Fixed settings, untuned: BM25 alone, and the defaults before cross-validation
    // (HyPA-RAG's stages in the stage grid; hybrid at α 0.3 in the BM25 grid).
    let fixed = |v: &Variant| grid.iter().position(|g| g == v);
    let bm25 = 0usize;
    let old_default = match args.grid {
        crate::eval::GridKind::Stages => fixed(&Variant {
            dense: with_dense,
            fusion: lexls_index::search::Fusion::weighted(0.45),
            rewrite: true,
            kg: true,
            adaptive: true,
            authority: true,
            prf: false,
            calibrated: false,
            analysis: lexls_index::search::bm25::Analysis::default(),
            bm25: lexls_index::search::bm25::Bm25Params::default(),
        }),
        crate::eval::GridKind::Bm25 | crate::eval::GridKind::Fusion => {
            grid.iter().position(|g| g.name() == "a0.30")
        }
    };
    let whole = |row: usize| -> Vec<Summary> {
        scored
            .iter()
            .map(|s| Summary::of(s.matrix.get(row).into_iter().flatten()))
            .collect()
    };
    // Stages on and off, cross-validated over all sets together.
    let stage_rows: Vec<(Stage, CvOutcome, CvOutcome)> = Stage::ALL
        .iter()
        .filter(|st| {
            let on = grid.iter().filter(|v| st.of(v)).count();
            on > 0 && on < grid.len()
        })
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
    if args.grid != crate::eval::GridKind::Stages {
        println!();
        println!(
            "Constants, each value held fixed, every other setting cross-validated over all sets (held-out MRR@10; mean):"
        );
        for (dimension, values) in constant_values(&grid) {
            for (label, members) in values {
                let cv = folds::cross_validate_sets(&set_scores(&scored, false), k, &members);
                let cells: Vec<String> = (0..scored.len())
                    .map(|i| format!("{:>15.3}", cv.held_out[i].mrr))
                    .collect();
                println!(
                    "  {:<12} {:<10}{}   {:.3}",
                    dimension,
                    label,
                    cells.join(""),
                    mean(cv.held_out.iter().map(|s| s.mrr))
                );
            }
        }
    }
    if args.grid == crate::eval::GridKind::Bm25
        && let Some(base) = default_variant(&grid)
    {
        println!();
        println!(
            "One at a time from the default {} (every other constant at its default; the item's own values cross-validated; held-out MRR@10 on / off):",
            grid[base].name()
        );
        let sets = set_scores(&scored, false);
        for (d, dimension) in DIMENSIONS.iter().enumerate() {
            let others = |v: &Variant| -> Vec<String> {
                labels(v)
                    .into_iter()
                    .enumerate()
                    .filter(|(j, _)| *j != d)
                    .map(|(_, l)| l)
                    .collect()
            };
            let base_labels = labels(&grid[base]);
            let alike: Vec<usize> = (0..grid.len())
                .filter(|&i| others(&grid[i]) == others(&grid[base]))
                .collect();
            let on: Vec<usize> = alike
                .iter()
                .copied()
                .filter(|&i| labels(&grid[i])[d] != base_labels[d])
                .collect();
            if on.is_empty() {
                continue;
            }
            let cv_on = folds::cross_validate_sets(&sets, k, &on);
            let cv_off = folds::cross_validate_sets(&sets, k, &[base]);
            let cells: Vec<String> = (0..scored.len())
                .map(|i| {
                    format!(
                        "{:>15}",
                        format!(
                            "{:.3} / {:.3}",
                            cv_on.held_out[i].mrr, cv_off.held_out[i].mrr
                        )
                    )
                })
                .collect();
            let better = (0..scored.len())
                .filter(|&i| cv_on.held_out[i].mrr > cv_off.held_out[i].mrr)
                .count();
            let worst = (0..scored.len())
                .map(|i| {
                    if cv_off.held_out[i].mrr > 0.0 {
                        cv_on.held_out[i].mrr / cv_off.held_out[i].mrr - 1.0
                    } else {
                        0.0
                    }
                })
                .fold(f64::INFINITY, f64::min);
            let chosen: Vec<String> = cv_on
                .folds
                .iter()
                .map(|f| labels(&grid[f.chosen])[d].clone())
                .collect();
            println!(
                "  {:<12} not {:<10}{}   better on {better}/{}, worst {:+.1}%; chosen {}",
                dimension,
                base_labels[d],
                cells.join(""),
                scored.len(),
                worst * 100.0,
                chosen.join(", ")
            );
        }
    }
    if args.grid == crate::eval::GridKind::Bm25
        && let Some(base) = default_variant(&grid)
        && scored.len() > 2
    {
        // The constants the defaults tune (fusion, analysis, k1/b), everything else at the
        // default; and the whole grid.
        let base_labels = labels(&grid[base]);
        let tuned: Vec<usize> = all
            .iter()
            .copied()
            .filter(|&i| {
                let l = labels(&grid[i]);
                !grid[i].calibrated && [2, 3, 5].iter().all(|&d| l[d] == base_labels[d])
            })
            .collect();
        println!();
        println!(
            "Leave one set out (the setting best on the other sets' questions, measured on the set; MRR@10):"
        );
        for (label, allowed) in [("whole grid", &all), ("fusion × analysis × k1/b", &tuned)] {
            let sets = set_scores(&scored, false);
            let mut cells = Vec::new();
            let mut chosen = Vec::new();
            for held in 0..scored.len() {
                let others: Vec<SetScores<'_>> = sets
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| *i != held)
                    .map(|(_, s)| *s)
                    .collect();
                if let Some((c, _)) = folds::choose(&others, allowed, |_| true) {
                    cells.push(format!("{:>15.3}", whole(c)[held].mrr));
                    chosen.push(name(c));
                }
            }
            println!("  {label:<26}{}", cells.join(""));
            println!("  {:<26}chosen: {}", "", chosen.join(", "));
        }
    }
    if let Some((c, _)) = chosen_all {
        println!();
        println!(
            "The setting chosen on every question, per set (untuned figures, every question):"
        );
        for (i, s) in scored.iter().enumerate() {
            println!("  {:<10} {}", s.name, fmt_summary(&whole(c)[i]));
        }
    }
    // The calibrations at the default's BM25 settings (one per set).
    let suffix = default_variant(&grid)
        .map(|b| grid[b].name())
        .and_then(|n| {
            n.split_once('+')
                .map(|(_, rest)| format!("for acal+{rest}"))
        })
        .unwrap_or_else(|| "for acal".to_string());
    let notes: Vec<(&String, &String)> = scored
        .iter()
        .flat_map(|s| s.notes.iter().map(move |n| (&s.name, n)))
        .filter(|(_, n)| n.ends_with(&suffix))
        .collect();
    if !notes.is_empty() {
        println!();
        println!("Calibrations at the default's BM25 settings:");
        for (s, n) in notes {
            println!("  {s}: {n}");
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The dimensions of the BM25 grid, in the order of [`labels`].
const DIMENSIONS: [&str; 6] = [
    "fusion",
    "analysis",
    "BM25F",
    "proximity",
    "k1/b",
    "granularity",
];

/// A variant's value in each of [`DIMENSIONS`].
fn labels(v: &Variant) -> Vec<String> {
    vec![
        v.name().split('+').next().unwrap_or_default().to_string(),
        v.analysis.name().to_string(),
        v.bm25
            .context_weight
            .map_or("one text".into(), |w| format!("context {w}")),
        if v.bm25.proximity { "on" } else { "off" }.to_string(),
        format!("{}/{}", v.bm25.k1, v.bm25.b),
        v.bm25.granularity.name().to_string(),
    ]
}

/// The grid's setting of lexls's defaults: `[retrieval]`'s fusion and BM25 constants and
/// the default analysis.
fn default_variant(grid: &[Variant]) -> Option<usize> {
    let r = lexls_index::config::RetrievalConfig::default();
    let params = r.bm25_params();
    grid.iter().position(|v| {
        v.dense
            && !v.calibrated
            && v.fusion == r.fusion()
            && v.analysis == lexls_index::search::bm25::Analysis::default()
            && v.bm25 == params
    })
}

/// The values of one constant, each with the settings (grid indices) that hold it.
type Values = Vec<(String, Vec<usize>)>;

/// The grid's multi-valued constants and, for each value, the settings that hold it.
fn constant_values(grid: &[Variant]) -> Vec<(&'static str, Values)> {
    let by = |f: &dyn Fn(&Variant) -> String| -> Values {
        let mut out: Values = Vec::new();
        for (i, v) in grid.iter().enumerate() {
            let label = f(v);
            match out.iter_mut().find(|(l, _)| *l == label) {
                Some((_, m)) => m.push(i),
                None => out.push((label, vec![i])),
            }
        }
        out
    };
    vec![
        (
            "fusion",
            by(&|v| v.name().split('+').next().unwrap_or_default().to_string()),
        ),
        (
            "normalization",
            by(&|v| match (v.dense, v.fusion) {
                (false, _) => "BM25 alone".into(),
                (true, lexls_index::search::Fusion::Rrf { .. }) => "RRF".into(),
                (true, lexls_index::search::Fusion::Weighted { norm, .. }) => norm.name().into(),
            }),
        ),
        (
            "α",
            by(&|v| match (v.dense, v.fusion) {
                (true, lexls_index::search::Fusion::Weighted { alpha, .. }) => {
                    format!("{alpha:.1}")
                }
                _ => "—".into(),
            }),
        ),
        (
            "BM25F",
            by(&|v| {
                v.bm25
                    .context_weight
                    .map_or("one text".into(), |w| format!("context {w}"))
            }),
        ),
        ("k1/b", by(&|v| format!("{}/{}", v.bm25.k1, v.bm25.b))),
        (
            "granularity",
            by(&|v| v.bm25.granularity.name().to_string()),
        ),
    ]
}
