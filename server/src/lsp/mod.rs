//! The language server (`lexls serve`): tower-lsp-server over stdio.
//!
//! Handlers only dispatch (see [`backend`]); the session's state is one value (see
//! [`session`]); a single writer thread owns the workspace state (see [`writer`]); requests
//! read immutable snapshots and never wait on each other. Protocol conversion is in
//! [`crate::proto`].

mod ask;
mod backend;
mod buffers;
mod events;
mod framing;
mod panics;
mod session;
mod settings;
mod start;
pub(crate) mod writer;

use std::process::ExitCode;

use tower_lsp_server::{LspService, Server};

/// How many requests may be in flight at once. Handlers that wait for the client (progress
/// creation) would hang with tower-lsp's default of 4.
const CONCURRENCY: usize = 64;

/// With this environment variable set to `1`, the server also answers the test hooks
/// (`lexls/test/panic`); without it they do not exist.
pub const TEST_HOOKS: &str = "LEXLS_TEST_HOOKS";

/// Runs the language server over stdio until the client exits.
pub fn serve() -> anyhow::Result<ExitCode> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let mut builder = LspService::build(backend::Backend::new)
            .custom_method("lexls/ask", backend::Backend::ask)
            .custom_method("lexls/status", backend::Backend::status)
            .custom_method(framing::INVALID_REQUEST, backend::Backend::invalid_request)
            .custom_method(framing::INVALID_MESSAGE, backend::Backend::invalid_message);
        if std::env::var_os(TEST_HOOKS).is_some_and(|v| v == "1") {
            tracing::warn!("{TEST_HOOKS}=1: the test hooks are on");
            builder = builder.custom_method("lexls/test/panic", backend::Backend::test_panic);
        }
        let (service, socket) = builder.finish();
        let (guarded, input) = tokio::io::duplex(1 << 16);
        tokio::spawn(framing::guard(tokio::io::stdin(), guarded));
        Server::new(input, tokio::io::stdout(), socket)
            .concurrency_level(CONCURRENCY)
            .serve(service)
            .await;
    });
    // The stdin reader may still be blocked in a read; do not wait for it.
    runtime.shutdown_timeout(std::time::Duration::from_millis(200));
    Ok(ExitCode::SUCCESS)
}
