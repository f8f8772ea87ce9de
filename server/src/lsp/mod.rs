//! The language server.

/// Runs the language server over stdio.
pub fn serve() -> anyhow::Result<std::process::ExitCode> {
    anyhow::bail!("not yet")
}
