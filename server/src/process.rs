//! The process boundary shared by the `lexls` and `lexls-eval` binaries: logging to stderr,
//! panics turned into errors that say what to do.

use std::process::ExitCode;

/// The command boundary: runs `command`, turning a panic in it (a bug, or a store that
/// panics on damaged data) into an error that says what to do (`advice`), so the process
/// exits with status 2 and a message, never with a bare panic (101).
///
/// A command whose reader stopped early (`lexls check DIR | head`) ends quietly with
/// [`READER_STOPPED`]: `println!` panics on the closed pipe (the Rust runtime ignores
/// `SIGPIPE`, so the write fails instead of ending the process), which is no error of lexls.
/// The signal's default action is not restored instead: a command that writes to a child
/// (the embedding worker) must see a worker that died as an error, not die with it.
pub fn guarded(
    advice: &str,
    command: impl FnOnce() -> anyhow::Result<ExitCode>,
) -> anyhow::Result<ExitCode> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(command)) {
        Ok(result) => result,
        Err(payload) if is_closed_stdout(panic_message(payload.as_ref())) => {
            Ok(ExitCode::from(READER_STOPPED))
        }
        Err(_) => Err(anyhow::anyhow!(
            "lexls stopped on an internal error (logged above). {advice}"
        )),
    }
}

/// The exit status of a command whose reader stopped early: 128 + `SIGPIPE` (13), as a shell
/// reports a command that a closed pipe ended.
pub const READER_STOPPED: u8 = 141;

/// Whether a command's error is a write to a closed pipe (`writeln!(stdout, …)?` after the
/// reader stopped early): the command ends with [`READER_STOPPED`], quietly.
pub fn reader_stopped(err: &anyhow::Error) -> bool {
    let broken = Some(std::io::ErrorKind::BrokenPipe);
    err.chain().any(|cause| {
        cause.downcast_ref::<std::io::Error>().map(std::io::Error::kind) == broken
            // `serde_json::to_writer` wraps the write's error.
            || cause
                .downcast_ref::<serde_json::Error>()
                .and_then(serde_json::Error::io_error_kind)
                == broken
    })
}

/// Whether a panic's message is `println!`'s on a closed standard output (`failed printing
/// to stdout: Broken pipe (os error 32)`).
fn is_closed_stdout(message: &str) -> bool {
    message.contains("failed printing to stdout") && message.contains("Broken pipe")
}

/// The message a panic was raised with (`panic!("…")` with or without arguments).
fn panic_message(payload: &(dyn std::any::Any + Send)) -> &str {
    payload
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| payload.downcast_ref::<&str>().copied())
        .unwrap_or("")
}

/// Logs a panic as one line (with the default report when `RUST_BACKTRACE` asks for a
/// backtrace); the command boundary in [`main`] then says what to do.
pub fn install_panic_hook() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        // A reader that stopped early is no internal error (see [`guarded`]).
        if is_closed_stdout(&info.to_string()) {
            return;
        }
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

/// The size from which glibc serves an allocation with its own mapping (its default
/// before it adapts: 128 KiB).
const MMAP_THRESHOLD_BYTES: i32 = 128 * 1024;

/// Makes glibc's allocator give large buffers back to the system when they are freed.
///
/// glibc serves an allocation of at least `M_MMAP_THRESHOLD` bytes with a mapping of its
/// own and unmaps it on free, but by default it raises that threshold to the size of each
/// such buffer freed (up to 32 MiB): after indexing, the large buffers of parsing, of the
/// BM25 writer and of each snapshot's tables come from the arenas instead, where what is left
/// between them once they are freed stays resident ([`release_free_memory`] can only give
/// back whole free pages). Fixed at its default, the threshold stays where it is. Measured
/// with `dc-code-bench` on the whole D.C. Code: resident memory at ready 393–398 → 383–387
/// MB, after an editing session and 2 s idle 402–415 → 390–394 MB, peak while indexing
/// 480–482 → 429–438 MB; the cold start as fast, edits that change targets about 6 ms slower
/// (their snapshot's large tables get fresh pages). Called at the start of `main`, before
/// any thread starts. A no-op on other allocators and platforms.
pub fn tune_allocator() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    #[expect(unsafe_code, reason = "glibc's mallopt has no safe binding")]
    {
        // SAFETY: `mallopt` only sets a parameter of glibc's allocator; it takes no pointer.
        let set = unsafe { libc::mallopt(libc::M_MMAP_THRESHOLD, MMAP_THRESHOLD_BYTES) };
        if set != 1 {
            tracing::debug!("the allocator's mmap threshold could not be set");
        }
    }
}

/// Hands the heap's free pages back to the operating system (glibc's `malloc_trim(0)`).
///
/// Indexing a large workspace allocates and frees gigabytes of short-lived buffers across
/// threads (parsing, analysis, the BM25 writer); glibc keeps the freed pages in its arenas,
/// so a server that has just indexed the whole D.C. Code would otherwise hold hundreds of
/// megabytes it no longer uses. Called once the first snapshot is published, and after
/// edits and embedding batches once the search index is up to date (2–5 ms on the whole
/// D.C. Code). A no-op on other allocators and platforms.
pub fn release_free_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    #[expect(unsafe_code, reason = "glibc's malloc_trim has no safe binding")]
    {
        // SAFETY: `malloc_trim` only walks glibc's own arenas; it takes no pointer and is
        // safe to call from any thread at any time.
        let started = std::time::Instant::now();
        let released = unsafe { libc::malloc_trim(0) };
        tracing::debug!(
            "free heap pages returned to the system: {} (in {:.2?})",
            released == 1,
            started.elapsed()
        );
    }
}
