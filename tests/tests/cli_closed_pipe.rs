//! End-to-end: a command whose reader stops early (`lexls cite --jsonl < cases | head -1`)
//! ends quietly with the status a shell gives a command a closed pipe ended (141), instead
//! of reporting an internal error.

#![cfg(unix)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use lexls_tests::lexls_bin;

#[test]
fn a_reader_that_stops_early_ends_the_command_quietly() {
    let mut child = Command::new(lexls_bin())
        .args(["cite", "--jsonl"])
        .env("LEXLS_LOG", "warn")
        .env("RUST_BACKTRACE", "0")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("lexls starts");
    let mut stdin = child.stdin.take().expect("stdin");
    // Far more output than a pipe buffers, so lexls is still writing when the reader goes.
    let writer = std::thread::spawn(move || {
        let line = "{\"text\":\"See 42 U.S.C. § 1983 and D.C. Code § 1-301.01(a).\"}\n";
        for _ in 0..20_000 {
            if stdin.write_all(line.as_bytes()).is_err() {
                break;
            }
        }
    });
    let stdout = child.stdout.take().expect("stdout");
    let mut first = String::new();
    BufReader::new(stdout)
        .read_line(&mut first)
        .expect("a first line");
    assert!(first.contains("42 U.S.C. 1983"), "{first}");
    // `stdout` is dropped here: the reader has stopped.
    let out = child.wait_with_output().expect("lexls ends");
    let _ = writer.join();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !stderr.contains("internal error") && !stderr.contains("panicked"),
        "{stderr}"
    );
    assert_eq!(out.status.code(), Some(141), "{:?}", out.status);
}
