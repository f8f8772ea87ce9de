//! The process boundary shared by the `lexls` and `lexls-eval` binaries: logging to stderr,
//! panics turned into errors that say what to do.

use std::process::ExitCode;

/// The command boundary: runs `command`, turning a panic in it (a bug, or a store that
/// panics on damaged data) into an error that says what to do (`advice`), so the process
/// exits with status 2 and a message, never with a bare panic (101).
pub fn guarded(
    advice: &str,
    command: impl FnOnce() -> anyhow::Result<ExitCode>,
) -> anyhow::Result<ExitCode> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(command)).unwrap_or_else(|_| {
        Err(anyhow::anyhow!(
            "lexls stopped on an internal error (logged above). {advice}"
        ))
    })
}

/// Lets a command whose output goes to a reader that stops early (`lexls check DIR | head`)
/// end quietly, as Unix tools do, instead of failing on its next write: restores the default
/// action of `SIGPIPE`, which the Rust runtime sets to "ignore" (a write then returns
/// `BrokenPipe` and `println!` panics). Call it first in `main`, before any thread starts,
/// and not for the language server, whose client's going away its own loop handles.
pub fn end_quietly_when_the_reader_stops() {
    #[cfg(unix)]
    #[expect(unsafe_code, reason = "libc's signal has no safe binding")]
    // SAFETY: `signal` only sets this process's disposition of SIGPIPE; it is called before
    // any other thread exists, so no handler is replaced under another thread.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// Logs a panic as one line (with the default report when `RUST_BACKTRACE` asks for a
/// backtrace); the command boundary in [`main`] then says what to do.
pub fn install_panic_hook() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if std::env::var_os("RUST_BACKTRACE").is_some_and(|v| v != "0") {
            default(info);
        } else {
            tracing::error!("internal error: {info}");
        }
    }));
}

/// Logs go to stderr (stdout carries the protocol); `LEXLS_LOG` sets the filter.
pub fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_env("LEXLS_LOG").unwrap_or_else(|_| {
        tracing_subscriber::EnvFilter::new(
            "warn,lexls=info,lexls_syntax=info,lexls_index=info,lexls_ide=info,lexls_eval=info",
        )
    });
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_target(false)
        .without_time()
        .try_init();
}

/// Hands the heap's free pages back to the operating system (glibc's `malloc_trim(0)`).
///
/// Indexing a large workspace allocates and frees gigabytes of short-lived buffers across
/// threads (parsing, analysis, the BM25 writer); glibc keeps the freed pages in its arenas,
/// so a server that has just indexed the whole D.C. Code would otherwise hold hundreds of
/// megabytes it no longer uses. Called once the first snapshot is published. A no-op on
/// other allocators and platforms.
pub fn release_free_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    #[expect(unsafe_code, reason = "glibc's malloc_trim has no safe binding")]
    {
        // SAFETY: `malloc_trim` only walks glibc's own arenas; it takes no pointer and is
        // safe to call from any thread at any time.
        let released = unsafe { libc::malloc_trim(0) };
        tracing::debug!("free heap pages returned to the system: {}", released == 1);
    }
}
