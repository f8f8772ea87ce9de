//! `lexls eval …` and `lexls classifier …` run the `lexls-eval` binary that is installed beside
//! `lexls` (as `git` runs `git-<command>`), so the server binary does not link the evaluation
//! and training code.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};

/// The file name of the evaluation binary.
pub const EVAL_BINARY: &str = "lexls-eval";

/// Where `lexls-eval` is: beside the running `lexls`, else on `PATH`.
///
/// # Errors
/// When it is in neither place (with how to build it).
pub fn locate() -> anyhow::Result<PathBuf> {
    let name = format!("{EVAL_BINARY}{}", std::env::consts::EXE_SUFFIX);
    if let Ok(exe) = std::env::current_exe() {
        let beside = exe.with_file_name(&name);
        if beside.is_file() {
            return Ok(beside);
        }
    }
    if let Some(path) = std::env::var_os("PATH") {
        for dir in std::env::split_paths(&path) {
            let candidate = dir.join(&name);
            if candidate.is_file() {
                return Ok(candidate);
            }
        }
    }
    bail!(
        "`{EVAL_BINARY}` is not installed beside lexls nor on PATH; build both binaries with `cargo build --release -p lexls` (or install them with `cargo install --path server`)"
    )
}

/// Runs `lexls-eval` with `args` and returns its exit status (128 + the signal's number when
/// a signal ended it, as a shell reports it).
///
/// # Errors
/// When `lexls-eval` cannot be found or started.
pub fn run(args: &[OsString]) -> anyhow::Result<ExitCode> {
    let binary = locate()?;
    let status = std::process::Command::new(&binary)
        .args(args)
        .status()
        .with_context(|| format!("cannot run {}", binary.display()))?;
    Ok(match status.code() {
        Some(0) => ExitCode::SUCCESS,
        Some(code) => ExitCode::from(u8::try_from(code).unwrap_or(1)),
        // Ended by a signal (`SIGPIPE` when its reader stopped): the shell's 128 + signal.
        None => ExitCode::from(killed_by(&status).map_or(2, |signal| 128 + signal)),
    })
}

#[cfg(unix)]
fn killed_by(status: &std::process::ExitStatus) -> Option<u8> {
    use std::os::unix::process::ExitStatusExt;
    status
        .signal()
        .and_then(|s| u8::try_from(s).ok())
        .filter(|s| *s < 128)
}

#[cfg(not(unix))]
fn killed_by(_: &std::process::ExitStatus) -> Option<u8> {
    None
}
