//! `lexls classifier train` and `lexls eval classifier`: the query-complexity classifier
//! of the HyPA-RAG paper (§7).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, bail};
use lexls_ide::classify::features::FeatureOptions;
use lexls_ide::classify::metrics::Report;
use lexls_ide::classify::{self, Classifier, TrainOptions};

/// Model settings shared by `train` and `eval --cv`.
#[derive(Debug, Clone, clap::Args)]
pub struct ModelArgs {
    /// Inverse regularisation strength of the logistic regression (larger fits closer).
    #[arg(long, default_value_t = TrainOptions::default().c)]
    pub c: f64,
    /// Word n-gram lengths, `MIN-MAX` (`0-0` for none).
    #[arg(long, default_value = "1-3", value_parser = parse_range)]
    pub word_ngrams: (usize, usize),
    /// Character n-gram lengths inside words, `MIN-MAX` (`0-0` for none).
    #[arg(long, default_value = "2-5", value_parser = parse_range)]
    pub char_ngrams: (usize, usize),
    /// Keep n-grams found in at least this many training questions.
    #[arg(long, default_value_t = FeatureOptions::default().min_df)]
    pub min_df: usize,
    /// L-BFGS iterations at most.
    #[arg(long, default_value_t = TrainOptions::default().max_iterations)]
    pub max_iterations: u64,
}

impl ModelArgs {
    fn options(&self) -> TrainOptions {
        TrainOptions {
            features: FeatureOptions {
                word_ngrams: self.word_ngrams,
                char_ngrams: self.char_ngrams,
                min_df: self.min_df,
            },
            c: self.c,
            max_iterations: self.max_iterations,
        }
    }
}

fn parse_range(s: &str) -> Result<(usize, usize), String> {
    let (a, b) = s
        .split_once('-')
        .ok_or_else(|| format!("`{s}` is not MIN-MAX (e.g. 2-5)"))?;
    let parse = |x: &str| {
        x.trim()
            .parse::<usize>()
            .map_err(|_| format!("`{s}` is not MIN-MAX (e.g. 2-5)"))
    };
    let (a, b) = (parse(a)?, parse(b)?);
    if a > b {
        return Err(format!("`{s}`: MIN is larger than MAX"));
    }
    Ok((a, b))
}

fn check_classes(classes: u8) -> anyhow::Result<()> {
    if !(2..=3).contains(&classes) {
        bail!("--classes must be 2 or 3, not {classes}");
    }
    Ok(())
}

fn read_rows(data: &Path) -> anyhow::Result<Vec<(String, u8)>> {
    let text = std::fs::read_to_string(data).with_context(|| {
        format!(
            "cannot read {} (give a CSV file with columns question,label)",
            data.display()
        )
    })?;
    let rows = classify::read_csv(&text).map_err(|e| {
        anyhow::anyhow!(
            "{}:{e} (columns question,label; labels 0, 1 or 2)",
            data.display()
        )
    })?;
    if rows.is_empty() {
        bail!("{}: no questions", data.display());
    }
    Ok(rows)
}

/// Trains a model on a CSV and writes it; prints rows, class counts, vocabulary size and
/// the F1 on the training set.
///
/// # Errors
/// An unreadable or malformed CSV, a class without examples, an unwritable output.
pub fn train(data: &Path, out: &Path, classes: u8, args: &ModelArgs) -> anyhow::Result<ExitCode> {
    check_classes(classes)?;
    let rows = read_rows(data)?;
    let started = std::time::Instant::now();
    let model = Classifier::train(&rows, classes, &args.options())
        .map_err(|e| anyhow::anyhow!("{}: {e}", data.display()))?;
    let seconds = started.elapsed().as_secs_f64();
    model
        .save(out)
        .map_err(|e| anyhow::anyhow!("{e} (check that the folder exists and is writable)"))?;
    let report = model.evaluate(&rows);
    let counts: Vec<String> = model
        .trained_on
        .class_counts
        .iter()
        .enumerate()
        .map(|(c, n)| format!("{c}: {n}"))
        .collect();
    println!(
        "{} rows ({})  {} classes  vocabulary {} n-grams  training-set macro F1 {:.3}  {:.1} s  -> {}",
        rows.len(),
        counts.join(", "),
        classes,
        model.vectorizer.dims(),
        report.macro_f1,
        seconds,
        out.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// Arguments of `lexls eval classifier`.
#[derive(Debug, Clone, clap::Args)]
pub struct EvalArgs {
    /// A model written by `lexls classifier train` (default: the built-in model).
    #[arg(long, conflicts_with = "cv")]
    pub model: Option<PathBuf>,
    /// The question set: CSV with columns `question,label`.
    #[arg(long)]
    pub data: PathBuf,
    /// Score 2 classes (labels 1 and 2 merged) or 3 (default: the model's; 3 with
    /// `--cv`).
    #[arg(long)]
    pub classes: Option<u8>,
    /// Train and score by N-fold cross-validation on the data, near-duplicate
    /// questions kept in one fold.
    #[arg(long, value_name = "N")]
    pub cv: Option<usize>,
    /// With `--cv`: plain stratified folds (rows, not near-duplicate groups; inflated
    /// when the set holds augmented copies of questions).
    #[arg(long, requires = "cv")]
    pub ungrouped: bool,
    /// With `--cv`: questions whose word TF-IDF vectors have at least this cosine are
    /// one group.
    #[arg(long, default_value_t = lexls_ide::classify::cv::DEFAULT_GROUP_THRESHOLD)]
    pub group_threshold: f32,
    /// With `--cv`: the seed of the fold assignment.
    #[arg(long, default_value_t = 42)]
    pub seed: u64,
    /// Model settings for `--cv`.
    #[command(flatten)]
    pub model_args: ModelArgs,
    /// Print JSON (`macro_precision, macro_recall, macro_f1, per_class, confusion`).
    #[arg(long)]
    pub json: bool,
}

/// Scores a saved (or the built-in) model on a CSV, or cross-validates training on it.
///
/// # Errors
/// An unreadable or malformed CSV or model file; `--classes 3` with a 2-class model.
pub fn eval(args: &EvalArgs) -> anyhow::Result<ExitCode> {
    if let Some(c) = args.classes {
        check_classes(c)?;
    }
    let rows = read_rows(&args.data)?;
    if let Some(k) = args.cv {
        let classes = args.classes.unwrap_or(3);
        let threshold = (!args.ungrouped).then_some(args.group_threshold);
        let started = std::time::Instant::now();
        let result = classify::cross_validate(
            &rows,
            classes,
            &args.model_args.options(),
            k,
            threshold,
            args.seed,
        )
        .map_err(|e| anyhow::anyhow!("{}: {e}", args.data.display()))?;
        if args.json {
            let mut value = serde_json::to_value(&result)?;
            value["options"] = serde_json::to_value(args.model_args.options())?;
            value["seed"] = args.seed.into();
            println!("{}", serde_json::to_string_pretty(&value)?);
        } else {
            let how = match threshold {
                Some(t) => format!(
                    "grouped {k}-fold CV ({} near-duplicate groups, cosine >= {t})",
                    result.groups
                ),
                None => format!("plain stratified {k}-fold CV"),
            };
            println!(
                "{how}, seed {}, {:.0} s; fold macro F1 {}",
                args.seed,
                started.elapsed().as_secs_f64(),
                result
                    .fold_f1
                    .iter()
                    .map(|f| format!("{f:.3}"))
                    .collect::<Vec<_>>()
                    .join(" ")
            );
            print_report(&result.report);
        }
        return Ok(ExitCode::SUCCESS);
    }
    let loaded;
    let model: &Classifier = match &args.model {
        Some(path) => {
            loaded = Classifier::load(path)?;
            &loaded
        }
        None => Classifier::builtin(),
    };
    let classes = args.classes.unwrap_or(model.classes);
    if classes > model.classes {
        bail!(
            "the model has {} classes; it cannot be scored with --classes {classes}",
            model.classes
        );
    }
    let started = std::time::Instant::now();
    let predicted: Vec<u8> = rows
        .iter()
        .map(|(q, _)| {
            let c = model.predict(q);
            if classes == 2 {
                c.to_two_classes().class
            } else {
                c.class
            }
        })
        .collect();
    let per_question_us = started.elapsed().as_secs_f64() * 1e6 / rows.len() as f64;
    let gold: Vec<u8> = rows
        .iter()
        .map(|(_, l)| classify::label_for(*l, classes))
        .collect();
    let report = Report::new(&gold, &predicted, classes);
    if args.json {
        let mut value = serde_json::to_value(&report)?;
        value["microseconds_per_question"] = per_question_us.into();
        println!("{}", serde_json::to_string_pretty(&value)?);
    } else {
        println!(
            "{} ({} questions, {per_question_us:.0} µs per question)",
            args.model
                .as_ref()
                .map_or_else(|| "built-in model".to_string(), |p| p.display().to_string()),
            rows.len()
        );
        print_report(&report);
    }
    Ok(ExitCode::SUCCESS)
}

fn print_report(r: &Report) {
    println!(
        "macro P {:.3}  R {:.3}  F1 {:.3}  accuracy {:.3}  ({} classes, {} rows)",
        r.macro_precision, r.macro_recall, r.macro_f1, r.accuracy, r.classes, r.rows
    );
    for c in &r.per_class {
        println!(
            "  class {}  P {:.3}  R {:.3}  F1 {:.3}  support {}",
            c.class, c.precision, c.recall, c.f1, c.support
        );
    }
    println!("  confusion (rows gold, columns predicted):");
    for (g, row) in r.confusion.iter().enumerate() {
        let cells: Vec<String> = row.iter().map(|n| format!("{n:>5}")).collect();
        println!("    {g}: {}", cells.join(""));
    }
}
