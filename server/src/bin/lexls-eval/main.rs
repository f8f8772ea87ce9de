//! `lexls-eval`: evaluation and classifier training, run by `lexls eval …` and
//! `lexls classifier …` (or directly). Kept out of the server binary.

mod classifier;
mod eval;
mod eval_cv;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use lexls::process::{READER_STOPPED, guarded, init_logging, install_panic_hook, reader_stopped};

/// Measure retrieval, citation, cross-reference, markup and classifier quality; train the
/// query-complexity classifier.
#[derive(Debug, Parser)]
#[command(name = "lexls eval", bin_name = "lexls eval", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// File-level MRR@10, Recall@1/5/10, nDCG@10 and latency over a query set, through the
    /// retrieval pipeline of `ask` (each stage can be switched off for ablation).
    Retrieval(eval::RetrievalArgs),
    /// Writes the SARA retrieval query set built from a case file (`sara-v1/cases.jsonl`):
    /// each entailment case's facts and question with every citation removed, relevant =
    /// its Internal Revenue Code section file.
    SaraQueries {
        /// The case file (JSON lines).
        #[arg(long)]
        cases: PathBuf,
    },
    /// Precision, recall and F1 per kind, span accuracy and short-form resolution accuracy
    /// of citation extraction over a case file (`shared/eval/citations/cases.jsonl`).
    Citations {
        /// The case file (JSON lines).
        #[arg(long)]
        cases: PathBuf,
        /// Print JSON.
        #[arg(long)]
        json: bool,
        /// List the cases with errors.
        #[arg(long)]
        failures: bool,
    },
    /// Macro precision, recall, F1, per-class scores and confusion matrix of the
    /// query-complexity classifier on a question set, or of grouped N-fold
    /// cross-validation on it (`--cv N`).
    Classifier(classifier::EvalArgs),
    /// Precision and recall of resolved cross-references against a corpus's official
    /// markup (`manifest.json` of `shared/corpora/cfr-title27`, `us-code-titles`).
    Xrefs {
        /// The corpus folder.
        #[arg(long)]
        corpus: PathBuf,
        /// The manifest: a JSON array of `{file, identifier, refs}`.
        #[arg(long)]
        manifest: PathBuf,
        /// Print JSON (`in_corpus.precision`, `in_corpus.recall`, `external.recall`, …).
        #[arg(long)]
        json: bool,
    },
    /// Recall per kind of reference, precision where the markup is complete (the D.C.
    /// Code) and resolution, scored against the publisher's own reference markup (USLM
    /// `<ref href>`, D.C. `<cite path>`, Akoma Ntoso `<ref href>`) of the files given, per
    /// corpus, for the development (even) and measuring (odd) halves of each corpus's
    /// files in sorted path order. Packed files (`.xz`, `.tar.xz`) are not read: unpack them.
    Markup {
        /// Files or folders (read recursively); together they are the workspace citations
        /// resolve in.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Print JSON (`corpora[].development`, `.measuring`: `total`, `per_kind`,
        /// `resolution`, `precision`; `miss_classes`, `misses`).
        #[arg(long)]
        json: bool,
        /// List up to N misses per corpus, kind and failure (spread over the files), and
        /// the most frequent forms of misses.
        #[arg(long, value_name = "N", default_value_t = 0)]
        misses: usize,
        /// Draw N citations per corpus at random among those lexls resolves in the
        /// measuring half (the same every run), for judging by hand (`resolved_sample`).
        #[arg(long, value_name = "N", default_value_t = 0)]
        resolved_sample: usize,
    },
    /// Train a model on a question set and write it (JSON); prints rows, class counts,
    /// vocabulary size and training-set F1.
    TrainClassifier {
        /// The question set: CSV with columns `question,label` (0 one context, 1 two, 2
        /// three or more).
        #[arg(long)]
        data: PathBuf,
        /// Where to write the model.
        #[arg(long)]
        out: PathBuf,
        /// 3 (one, two, three or more contexts) or 2 (labels 1 and 2 merged).
        #[arg(long, default_value_t = 3)]
        classes: u8,
        #[command(flatten)]
        model: classifier::ModelArgs,
    },
}

fn main() -> ExitCode {
    init_logging();
    install_panic_hook();
    let cli = Cli::parse();
    let advice = match &cli.command {
        Command::Retrieval(args) => format!(
            "If it was reading the index, build it anew with `lexls index --rebuild {}`; if it happens again, please report it with the command and the message",
            args.corpus
                .as_deref()
                .unwrap_or(std::path::Path::new("."))
                .display()
        ),
        _ => "Please report it with the command and the message.".to_owned(),
    };
    match guarded(&advice, || run(cli.command)) {
        Ok(code) => code,
        Err(err) if reader_stopped(&err) => ExitCode::from(READER_STOPPED),
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::from(2)
        }
    }
}

/// Runs one command.
fn run(command: Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Retrieval(args) => eval::retrieval(&args),
        Command::SaraQueries { cases } => eval::sara_queries(&cases),
        Command::Citations {
            cases,
            json,
            failures,
        } => eval::citations(&cases, json, failures),
        Command::Xrefs {
            corpus,
            manifest,
            json,
        } => eval::xrefs(&corpus, &manifest, json),
        Command::Markup {
            paths,
            json,
            misses,
            resolved_sample,
        } => eval::markup(&paths, json, misses, resolved_sample),
        Command::Classifier(args) => classifier::eval(&args),
        Command::TrainClassifier {
            data,
            out,
            classes,
            model,
        } => classifier::train(&data, &out, classes, &model),
    }
}
