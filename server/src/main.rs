//! `lexls`: a language server for statutes and policies, and the same engine on the command
//! line (`index`, `ask`, `check`, `eval`, `classifier`).

mod cli;
mod embed_worker;
mod lsp;
mod proto;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Language server and command-line tool for statutes, regulations and policies.
#[derive(Debug, Parser)]
#[command(name = "lexls", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

use cli::eval::Mode;

#[derive(Debug, Subcommand)]
enum Command {
    /// Index a workspace (parse, resolve citations, BM25, embeddings) and print a summary.
    Index {
        /// The workspace folder.
        dir: PathBuf,
        /// BM25 and the citation graph only: do not load the embedding model.
        #[arg(long)]
        no_model: bool,
        /// Print the summary as JSON.
        #[arg(long)]
        json: bool,
        /// Delete the workspace's index and build it anew (after an internal error, or to
        /// rule the index out); only lexls's own index directory is touched.
        #[arg(long)]
        rebuild: bool,
    },
    /// Answer a question from the workspace, with cited sources.
    Ask {
        /// The workspace folder.
        #[arg(long, short = 'w', default_value = ".")]
        workspace: PathBuf,
        /// Print the `lexls/ask` result object as JSON.
        #[arg(long)]
        json: bool,
        /// Number of sources.
        #[arg(long)]
        top_k: Option<usize>,
        /// Retrievers.
        #[arg(long, value_enum)]
        mode: Option<Mode>,
        /// BM25 and the citation graph only.
        #[arg(long)]
        no_model: bool,
        /// The question.
        #[arg(required = true, num_args = 1..)]
        question: Vec<String>,
    },
    /// Report citations that do not resolve (`path:line:col: message`); exit status 1 when
    /// any is a warning or an error.
    Check {
        /// The workspace folder.
        dir: PathBuf,
        /// Print diagnostics and external citations as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Print the citations of the text on stdin as JSON (`kind, raw, start, end,
    /// normalized, title, section, subsections, range_end, antecedent`; offsets in Unicode
    /// scalar values).
    Cite {
        /// The code of the document the text belongs to (`"NYC Admin. Code"`, `"27
        /// C.F.R."`), given to citations that name none.
        #[arg(long)]
        namespace: Option<String>,
        /// Read one JSON object a line (`{"text", "context"?}`) and write one
        /// `{"citations": […]}` a line.
        #[arg(long)]
        jsonl: bool,
    },
    /// Run the language server over stdio.
    Serve,
    /// Internal: run the embedding model for the language server (JSON lines on stdio).
    #[command(hide = true)]
    EmbedWorker {
        /// Model directory.
        #[arg(long)]
        model_dir: Option<PathBuf>,
        /// ONNX Runtime library.
        #[arg(long)]
        runtime: Option<PathBuf>,
        /// Intra-op threads.
        #[arg(long)]
        threads: Option<usize>,
        /// Batch size.
        #[arg(long, default_value_t = 32)]
        batch_size: usize,
    },
    /// Train the query-complexity classifier (HyPA-RAG §7).
    Classifier {
        #[command(subcommand)]
        what: ClassifierCommand,
    },
    /// Measure retrieval, citation and classifier quality.
    Eval {
        #[command(subcommand)]
        what: EvalCommand,
    },
}

#[derive(Debug, Subcommand)]
enum ClassifierCommand {
    /// Train a model on a question set and write it (JSON); prints rows, class counts,
    /// vocabulary size and training-set F1.
    Train {
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
        model: cli::classifier::ModelArgs,
    },
}

#[derive(Debug, Subcommand)]
enum EvalCommand {
    /// File-level MRR@10, Recall@1/5/10, nDCG@10 and latency over a query set, through the
    /// retrieval pipeline of `ask` (each stage can be switched off for ablation).
    Retrieval(cli::eval::RetrievalArgs),
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
    Classifier(cli::classifier::EvalArgs),
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
    },
}

fn main() -> ExitCode {
    init_logging();
    install_panic_hook();
    let cli = Cli::parse();
    let advice = cli.command.advice_after_panic();
    match guarded(&advice, || run(cli.command)) {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::from(2)
        }
    }
}

/// The command boundary: runs `command`, turning a panic in it (a bug, or a store that
/// panics on damaged data) into an error that says what to do (`advice`), so the process
/// exits with status 2 and a message, never with a bare panic (101).
fn guarded(
    advice: &str,
    command: impl FnOnce() -> anyhow::Result<ExitCode>,
) -> anyhow::Result<ExitCode> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(command)).unwrap_or_else(|_| {
        Err(anyhow::anyhow!(
            "lexls stopped on an internal error (logged above). {advice}"
        ))
    })
}

impl Command {
    /// What the user can do after an internal error in this command.
    fn advice_after_panic(&self) -> String {
        let report = "if it happens again, please report it with the command and the message";
        let rebuild = |dir: &std::path::Path| {
            format!(
                "If it was reading the index, build it anew with `lexls index --rebuild {}`; {report}",
                dir.display()
            )
        };
        match self {
            Command::Index { dir, .. } | Command::Check { dir, .. } => rebuild(dir),
            Command::Ask { workspace, .. } => rebuild(workspace),
            Command::Eval {
                what: EvalCommand::Retrieval(args),
            } => rebuild(args.corpus.as_deref().unwrap_or(std::path::Path::new("."))),
            _ => format!("Please report it with the command and the message ({report})."),
        }
    }
}

/// Logs a panic as one line (with the default report when `RUST_BACKTRACE` asks for a
/// backtrace); the command boundary in [`main`] then says what to do.
fn install_panic_hook() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if std::env::var_os("RUST_BACKTRACE").is_some_and(|v| v != "0") {
            default(info);
        } else {
            tracing::error!("internal error: {info}");
        }
    }));
}

/// Runs one command.
fn run(command: Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Index {
            dir,
            no_model,
            json,
            rebuild,
        } => cli::index::run(&dir, no_model, json, rebuild),
        Command::Ask {
            workspace,
            json,
            top_k,
            mode,
            no_model,
            question,
        } => cli::ask::run(
            &workspace,
            &question.join(" "),
            json,
            top_k,
            mode.map(Into::into),
            no_model,
        ),
        Command::Check { dir, json } => cli::check::run(&dir, json),
        Command::Cite { namespace, jsonl } => cli::cite::run(namespace.as_deref(), jsonl),
        Command::Serve => lsp::serve(),
        Command::EmbedWorker {
            model_dir,
            runtime,
            threads,
            batch_size,
        } => embed_worker::run_worker(&corpus_index::config::ModelConfig {
            dir: model_dir,
            runtime,
            enabled: true,
            batch_size,
            threads,
        }),
        Command::Classifier { what } => match what {
            ClassifierCommand::Train {
                data,
                out,
                classes,
                model,
            } => cli::classifier::train(&data, &out, classes, &model),
        },
        Command::Eval { what } => match what {
            EvalCommand::Retrieval(args) => cli::eval::retrieval(&args),
            EvalCommand::SaraQueries { cases } => cli::eval::sara_queries(&cases),
            EvalCommand::Citations {
                cases,
                json,
                failures,
            } => cli::eval::citations(&cases, json, failures),
            EvalCommand::Xrefs {
                corpus,
                manifest,
                json,
            } => cli::eval::xrefs(&corpus, &manifest, json),
            EvalCommand::Markup {
                paths,
                json,
                misses,
            } => cli::eval::markup(&paths, json, misses),
            EvalCommand::Classifier(args) => cli::classifier::eval(&args),
        },
    }
}

/// Logs go to stderr (stdout carries the protocol); `LEXLS_LOG` sets the filter.
fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_env("LEXLS_LOG").unwrap_or_else(|_| {
        tracing_subscriber::EnvFilter::new("warn,lexls=info,corpus_index=info")
    });
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_target(false)
        .without_time()
        .try_init();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_in_a_command_is_an_error_that_says_what_to_do() {
        let command = Command::Check {
            dir: PathBuf::from("policies"),
            json: false,
        };
        let advice = command.advice_after_panic();
        let result = guarded(&advice, || panic!("a damaged posting list"));
        let message = format!("{:#}", result.expect_err("an error, not a panic"));
        assert!(message.contains("internal error"), "{message}");
        assert!(
            message.contains("lexls index --rebuild policies"),
            "{message}"
        );
        let fine = guarded(&advice, || Ok(ExitCode::SUCCESS));
        assert!(fine.is_ok());
    }
}
