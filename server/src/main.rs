//! `lexls`: a language server for statutes and policies, and the same engine on the command
//! line (`index`, `ask`, `check`, `eval`, `classifier`).

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

use lexls::cli::{self, Mode};
use lexls::process::{
    READER_STOPPED, guarded, init_logging, install_panic_hook, reader_stopped, tune_allocator,
};
use lexls::{embed_worker, lsp};

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
        /// Passages handed to the embedder at a time.
        #[arg(long, default_value_t = 32)]
        batch_size: usize,
        /// Word pieces per run of the model at most, padding included.
        #[arg(long, default_value_t = 1024)]
        batch_tokens: usize,
    },
    /// Train the query-complexity classifier (HyPA-RAG §7): runs `lexls-eval train-classifier`
    /// (see `lexls-eval train-classifier --help`).
    #[command(disable_help_flag = true)]
    Classifier {
        /// Arguments of `lexls-eval` after `classifier`.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<std::ffi::OsString>,
    },
    /// Measure retrieval, citation, cross-reference, markup and classifier quality: runs the
    /// `lexls-eval` binary installed beside `lexls` (see `lexls-eval --help`).
    #[command(disable_help_flag = true)]
    Eval {
        /// Arguments of `lexls-eval`.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<std::ffi::OsString>,
    },
}

fn main() -> ExitCode {
    init_logging();
    tune_allocator();
    install_panic_hook();
    let cli = Cli::parse();
    let advice = cli.command.advice_after_panic();
    match guarded(&advice, || run(cli.command)) {
        Ok(code) => code,
        Err(err) if reader_stopped(&err) => ExitCode::from(READER_STOPPED),
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::from(2)
        }
    }
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
            _ => format!("Please report it with the command and the message ({report})."),
        }
    }
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
            batch_tokens,
        } => embed_worker::run_worker(&lexls_index::config::ModelConfig {
            dir: model_dir,
            runtime,
            enabled: true,
            batch_size,
            batch_tokens,
            threads,
            ..lexls_index::config::ModelConfig::default()
        }),
        Command::Classifier { args } => {
            let mut forwarded = vec![std::ffi::OsString::from("train-classifier")];
            forwarded.extend(args.into_iter().skip_while(|a| a == "train"));
            lexls::eval_binary::run(&forwarded)
        }
        Command::Eval { args } => lexls::eval_binary::run(&args),
    }
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
