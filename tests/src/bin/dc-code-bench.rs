//! Benchmark of issue 13 on the whole D.C. Code plus a policy that cites it, BM25 and the
//! citation graph only (no model): time to ready on a cold start and on a restart with the
//! index on disk, edit → fresh diagnostics (p50/p99), hover (p50/p99), and the server's
//! resident memory (`VmRSS` and peak `VmHWM` from `/proc`).
//!
//!     cargo run --release -p lexls-tests --bin dc-code-bench [-- UNPACKED_DC_CODE_DIR]
//!
//! `DC_BENCH_EDITS=N` sets the number of edits that keep the workspace's targets (default 100),
//! `DC_BENCH_TARGET_EDITS=N` the number that change them (a section of the policy renumbered
//! and back; default 10), `DC_BENCH_CODE_EDITS=N` the number of edits of a section of the
//! code that the policy and other sections cite (D.C. Code § 2-532, its subsection (a)
//! relabelled (z) and back; default 10), each timed to the section's own diagnostics and
//! checked on the policy's (`§ 2-532(a)` flagged while (a) is gone).
//!
//! `DC_BENCH_EMBED_SECS=N` adds a run with the embedding model (where `scripts/fetch-models.sh`
//! installs it, or `LEXLS_MODEL_DIR` and `ORT_DYLIB_PATH`) on the index the first runs left:
//! for at most N seconds of the background embedding of every passage, the resident memory of
//! the server and of its `embed-worker` child is sampled every two seconds, and the passages
//! embedded a second are reported.
//!
//! Without an argument the D.C. Code pack of `../shared/corpora/dc-code` is unpacked into a
//! temporary directory (about 20 s). The workspace is a temporary copy either way: the policy
//! is written next to the code.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use lexls_tests::{LspClient, lexls_bin, position_of, repo_root};
use serde_json::json;

/// The policy: citations of D.C. Code sections in the forms the Council uses.
const POLICY: &str = "---\ntitle: Records retention policy\n---\n\n# Records retention policy\n\n\
## 1. Purpose\n\nThis policy implements D.C. Code § 1-1001.03 and D.C. Code § 2-531.\n\n\
## 2. Requests\n\nRequests under D.C. Code § 2-532(a) are answered within the time set by \
D.C. Code § 2-532(c).\n\n## 3. Elections\n\nSee D.C. Code §§ 1-1001.05 and 1-1001.08.\n";

/// The line edited in the benchmark; the second form cites a section that does not exist.
const EDIT_LINE: [&str; 2] = [
    "Requests under D.C. Code § 2-532(a) are answered",
    "Requests under D.C. Code § 2-599(a) are answered",
];

fn main() {
    let work = tempfile::tempdir().unwrap_or_else(|e| fail(&format!("temp dir: {e}")));
    let ws = work.path().join("workspace");
    let index = work.path().join("index");
    prepare_workspace(std::env::args().nth(1).map(PathBuf::from), &ws);
    std::fs::create_dir_all(&index).unwrap_or_else(|e| fail(&format!("index dir: {e}")));
    let policy = ws.join("policy/records-policy.md");

    let (cold, cold_rss) = ready(&ws, &index, |client| run_editor_session(client, &policy));
    println!("ready cold: {:.1} s; {cold_rss}", cold.as_secs_f64());
    let (warm, warm_rss) = ready(&ws, &index, |_| {});
    println!("ready on restart: {:.2} s; {warm_rss}", warm.as_secs_f64());
    let embed_secs: u64 = std::env::var("DC_BENCH_EMBED_SECS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    if embed_secs > 0 {
        embedding(&ws, &index, Duration::from_secs(embed_secs));
    }
}

/// Starts `lexls serve` with the embedding model on `ws` (index in `index`) and samples the
/// memory of the server and its children while it embeds, for at most `limit`.
fn embedding(ws: &Path, index: &Path, limit: Duration) {
    let Some((model, runtime)) = lexls_tests::model_env() else {
        fail(
            "DC_BENCH_EMBED_SECS is set but no embedding model is installed (scripts/fetch-models.sh)",
        );
    };
    let mut cmd = Command::new(lexls_bin());
    cmd.arg("serve")
        .env("LEXLS_INDEX_DIR", index)
        .env("LEXLS_MODEL_DIR", model)
        .env("ORT_DYLIB_PATH", runtime)
        .env_remove("LEXLS_NO_MODEL")
        .env("LEXLS_LOG", "warn")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped());
    let mut client = LspClient::spawn_captured(cmd);
    client.initialize(ws, json!({}));
    client.wait_indexed();
    let pid = client.pid();
    let started = Instant::now();
    let (mut server_peak, mut worker_peak) = (0.0f64, 0.0f64);
    let (mut done, mut total) = (0u64, 0u64);
    let mut first: Option<(Instant, u64)> = None;
    loop {
        let status = client.request("lexls/status", serde_json::Value::Null);
        done = status["embedding"]["done"].as_u64().unwrap_or(done);
        total = status["embedding"]["total"].as_u64().unwrap_or(total);
        if first.is_none() && total > 0 {
            first = Some((Instant::now(), done));
        }
        server_peak = server_peak.max(status_mb(pid, "VmRSS:").unwrap_or(0.0));
        let workers: f64 = descendants(pid)
            .iter()
            .filter_map(|&c| status_mb(c, "VmRSS:"))
            .sum();
        worker_peak = worker_peak.max(workers);
        if status["model"]["loaded"] != true && started.elapsed() > Duration::from_secs(30) {
            fail(&format!("the server did not load the model: {status}"));
        }
        if (total > 0 && done >= total) || started.elapsed() > limit {
            break;
        }
        std::thread::sleep(Duration::from_secs(2));
    }
    let rate = first.map_or(0.0, |(at, from)| {
        (done - from) as f64 / at.elapsed().as_secs_f64().max(1e-9)
    });
    println!(
        "embedding: {done} of {total} passages in {:.0} s ({rate:.1} a second); sampled peak \
         VmRSS: server {server_peak:.0} MB, embed-worker {worker_peak:.0} MB; at the end {}",
        started.elapsed().as_secs_f64(),
        memory(pid)
    );
    client.shutdown();
}

/// A `/proc/PID/status` field in kB, as MB.
fn status_mb(pid: u32, field: &str) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find(|l| l.starts_with(field))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|kb| kb.parse::<f64>().ok())
        .map(|kb| kb / 1024.0)
}

/// The processes below `pid` (children of any of its threads, and theirs).
fn descendants(pid: u32) -> Vec<u32> {
    let mut out = Vec::new();
    let mut queue = vec![pid];
    while let Some(p) = queue.pop() {
        let Ok(tasks) = std::fs::read_dir(format!("/proc/{p}/task")) else {
            continue;
        };
        for task in tasks.flatten() {
            let children =
                std::fs::read_to_string(task.path().join("children")).unwrap_or_default();
            for child in children.split_whitespace().filter_map(|c| c.parse().ok()) {
                out.push(child);
                queue.push(child);
            }
        }
    }
    out
}

/// Starts `lexls serve` on `ws` with its index in `index`, waits for the initial indexing,
/// runs `session`, and returns the time to ready and the memory figures after the session.
fn ready(ws: &Path, index: &Path, session: impl FnOnce(&mut LspClient)) -> (Duration, String) {
    let mut cmd = Command::new(lexls_bin());
    cmd.arg("serve")
        .env("LEXLS_INDEX_DIR", index)
        .env("LEXLS_NO_MODEL", "1")
        .env("LEXLS_LOG", "warn")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped());
    let mut client = LspClient::spawn_captured(cmd);
    let started = Instant::now();
    client.initialize(ws, json!({}));
    client.wait_indexed();
    let took = started.elapsed();
    let at_ready = memory(client.pid());
    session(&mut client);
    let after = memory(client.pid());
    // The server brings its search index up to date 0.8 s after the last edit and then
    // gives free pages back: the size it keeps once the editor is idle.
    std::thread::sleep(Duration::from_secs(2));
    let idle = memory(client.pid());
    client.shutdown();
    (
        took,
        format!("RSS at ready {at_ready}; after the session {after}; idle 2 s later {idle}"),
    )
}

/// Opens the policy, measures hovers and edits.
fn run_editor_session(client: &mut LspClient, policy: &Path) {
    let (uri, text) = client.open(policy);
    client.wait_notification("textDocument/publishDiagnostics", |p| p["uri"] == uri);
    let pos = position_of(&text, "§ 2-532(c)", 0, 3);
    let mut hovers: Vec<Duration> = (0..500)
        .map(|_| {
            let t = Instant::now();
            let h = client.request(
                "textDocument/hover",
                json!({"textDocument": {"uri": uri}, "position": pos}),
            );
            if !h["contents"]["value"].is_string() {
                fail(&format!("no hover on a D.C. Code citation: {h}"));
            }
            t.elapsed()
        })
        .collect();
    report("hover", &mut hovers);

    let rounds: i32 = std::env::var("DC_BENCH_EDITS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(100);
    let mut edits = Vec::new();
    for version in 2..2 + rounds {
        let broken = version % 2 == 0;
        let new_text = text.replace(EDIT_LINE[0], EDIT_LINE[usize::from(broken)]);
        let t = Instant::now();
        client.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": version},
                   "contentChanges": [{"text": new_text}]}),
        );
        let fresh = client.wait_notification("textDocument/publishDiagnostics", |p| {
            p["uri"] == uri && p["version"] == version
        });
        let flagged = fresh["diagnostics"]
            .as_array()
            .is_some_and(|d| d.iter().any(is_unresolved_2_599));
        if flagged != broken {
            fail(&format!("version {version}: diagnostics {fresh}"));
        }
        edits.push(t.elapsed());
    }
    report("edit → fresh diagnostics", &mut edits);

    // Edits that change what the policy offers as targets (its section 3 renumbered 4 and
    // back): nothing of the last snapshot can be reused, the workspace is resolved again.
    let renumbering: i32 = std::env::var("DC_BENCH_TARGET_EDITS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(10);
    let mut renumbered = Vec::new();
    for version in 2 + rounds..2 + rounds + renumbering {
        let new_text = if version % 2 == 0 {
            text.replace("## 3. Elections", "## 4. Elections")
        } else {
            text.clone()
        };
        let t = Instant::now();
        client.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": version},
                   "contentChanges": [{"text": new_text}]}),
        );
        client.wait_notification("textDocument/publishDiagnostics", |p| {
            p["uri"] == uri && p["version"] == version
        });
        renumbered.push(t.elapsed());
    }
    report(
        "edit that renumbers a section of the policy → fresh diagnostics",
        &mut renumbered,
    );
    edit_code_section(client, policy, &uri);
}

/// Relabels subsection (a) of D.C. Code § 2-532, which the policy and other sections cite,
/// and back; times each edit to the section's diagnostics of that version and checks that
/// the policy's diagnostics sent for the edit say whether `§ 2-532(a)` exists.
fn edit_code_section(client: &mut LspClient, policy: &Path, policy_uri: &str) {
    let Some(ws) = policy.parent().and_then(Path::parent) else {
        fail("the policy is in the workspace's policy folder")
    };
    let section = ws.join("us/dc/council/code/titles/2/sections/2-532.xml");
    let (uri, text) = client.open(&section);
    client.wait_notification("textDocument/publishDiagnostics", |p| {
        p["uri"] == uri && p["version"] == 1
    });
    let rounds: i32 = std::env::var("DC_BENCH_CODE_EDITS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(10);
    let mut times = Vec::new();
    for version in 2..2 + rounds {
        let gone = version % 2 == 0;
        let new_text = if gone {
            text.replacen("<num>(a)</num>", "<num>(z)</num>", 1)
        } else {
            text.clone()
        };
        // Only what this edit makes the server send is looked at.
        client.notifications.clear();
        let t = Instant::now();
        client.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": version},
                   "contentChanges": [{"text": new_text}]}),
        );
        client.wait_notification("textDocument/publishDiagnostics", |p| {
            p["uri"] == uri && p["version"] == version
        });
        times.push(t.elapsed());
        let flags = |p: &serde_json::Value| {
            p["diagnostics"].as_array().is_some_and(|d| {
                d.iter().any(|d| {
                    d["message"]
                        .as_str()
                        .is_some_and(|m| m.contains("2-532(a)") && m.contains("has no"))
                })
            })
        };
        let policy = client.wait_notification_within(
            "textDocument/publishDiagnostics",
            |p| p["uri"] == policy_uri && flags(p) == gone,
            Duration::from_secs(30),
        );
        if policy.is_none() {
            fail(&format!(
                "version {version} of § 2-532: the policy's diagnostics do not say whether \
                 § 2-532(a) exists"
            ));
        }
    }
    report(
        "edit that relabels a subsection of a cited code section → fresh diagnostics",
        &mut times,
    );
}

/// Whether diagnostic `d` is the one for the broken `§ 2-599(a)`.
fn is_unresolved_2_599(d: &serde_json::Value) -> bool {
    d["message"].as_str().is_some_and(|m| m.contains("2-599"))
}

/// Prints p50/p99/max of `times` (nothing to print when there are none: `DC_BENCH_EDITS=0`).
fn report(what: &str, times: &mut [Duration]) {
    if times.is_empty() {
        println!("{what}: none measured");
        return;
    }
    times.sort();
    let pct = |p: f64| times[((times.len() - 1) as f64 * p).round() as usize];
    println!(
        "{what} over {}: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        times.len(),
        pct(0.5).as_secs_f64() * 1e3,
        pct(0.99).as_secs_f64() * 1e3,
        times[times.len() - 1].as_secs_f64() * 1e3
    );
}

/// `VmRSS` (with its split into anonymous memory, the heap, and mapped files, the BM25
/// index and the binary) and `VmHWM` of process `pid`, in MB.
fn memory(pid: u32) -> String {
    let field = |name: &str| {
        status_mb(pid, name).map_or_else(|| "?".to_owned(), |mb| format!("{mb:.0} MB"))
    };
    format!(
        "VmRSS {} (anonymous {}, files {}), peak VmHWM {}",
        field("VmRSS:"),
        field("RssAnon:"),
        field("RssFile:"),
        field("VmHWM:")
    )
}

/// Fills `ws` with the D.C. Code (copied from `given`, or unpacked from the shared pack) and
/// the policy.
fn prepare_workspace(given: Option<PathBuf>, ws: &Path) {
    std::fs::create_dir_all(ws.join("policy")).unwrap_or_else(|e| fail(&format!("{e}")));
    let status = match given {
        Some(dir) => Command::new("cp")
            .arg("-r")
            .arg(dir.join("us"))
            .arg(dir.join("index.xml"))
            .arg(ws)
            .status(),
        None => {
            let pack = repo_root().join("../shared/corpora/dc-code/dc-code-2024-10-20.tar.xz");
            Command::new("tar")
                .arg("-xJf")
                .arg(&pack)
                .arg("-C")
                .arg(ws)
                .status()
        }
    };
    if !status.is_ok_and(|s| s.success()) {
        fail("cannot copy or unpack the D.C. Code (give the unpacked folder as argument)");
    }
    std::fs::write(ws.join("policy/records-policy.md"), POLICY)
        .unwrap_or_else(|e| fail(&format!("cannot write the policy: {e}")));
}

fn fail(message: &str) -> ! {
    eprintln!("dc-code-bench: {message}");
    std::process::exit(2)
}
