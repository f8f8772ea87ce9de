//! Security checks as tests (issue 14), by tracing the system calls of `lexls` with
//! `strace -f` (every thread and child process, the embedding worker included):
//!
//! - **Reads**: nothing outside the workspace is opened for reading — not through symbolic
//!   links out of it, an XML external entity, or requests whose URIs name other files
//!   (`/etc/passwd`, a file beside the workspace) — except the index directory, the
//!   embedding model and runtime, the binary, system libraries and locale, `/proc`, `/sys`
//!   and `/dev/{null,urandom}`.
//! - **Writes**: nothing outside the index directory is opened for writing, created,
//!   renamed, deleted or truncated (the default index directory's parents in the cache may
//!   be created), so nothing in the workspace or the home directory.
//! - **Network**: no internet socket is made or connected during `index`, `check`, `ask`
//!   and a server session without an LLM configured; with one, `ask` connects to it (the
//!   positive control).
//!
//! Skipped, saying why, only when `strace` cannot trace here (.ci/install.d/15-strace.sh
//! installs it in CI).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use lexls_tests::faults::{Sandbox, copy_dir, found_text, run_within, tail};
use lexls_tests::llm::{Reply, ScriptedLlm};
use lexls_tests::trace::{self, Report};
use lexls_tests::{LspClient, example, lexls_bin, position_of};
use serde_json::{Value, json};

const QUESTION: &str = "How many business days before use must a candidate be notified?";

/// Whether tracing works here; prints why not.
fn tracing() -> bool {
    match trace::available() {
        Ok(()) => true,
        Err(why) => {
            println!("skipped: {why}");
            false
        }
    }
}

/// A workspace (a copy of the NYC example) with ways out of it: symbolic links to a file
/// and a folder beside it and to `/etc`, and an XML file whose external entities name
/// files outside. Also the folder outside, holding a statute lexls must never read.
struct Escapes {
    _dir: tempfile::TempDir,
    ws: PathBuf,
    outside: PathBuf,
}

impl Escapes {
    fn new() -> Self {
        let dir = tempfile::tempdir().expect("tempdir");
        let base = dir.path().canonicalize().expect("canonical");
        let ws = base.join("ws");
        let outside = base.join("outside");
        copy_dir(&example("nyc-ll144"), &ws);
        std::fs::create_dir_all(&outside).expect("mkdir");
        std::fs::write(
            outside.join("secret.md"),
            "# § 20-871. Outside\n\nZEBRAFISH: candidates must be notified five business days before use.\n",
        )
        .expect("write");
        std::fs::write(outside.join("entity.txt"), "ZEBRAFISH entity\n").expect("write");
        let link = |rel: &str, target: &Path| {
            std::os::unix::fs::symlink(target, ws.join(rel)).expect("symlink");
        };
        link("policy/outside.md", &outside.join("secret.md"));
        link("outside-dir", &outside);
        link("etc", Path::new("/etc"));
        link("policy/passwd.md", Path::new("/etc/passwd"));
        link("loop", Path::new("."));
        std::fs::write(
            ws.join("xxe.xml"),
            format!(
                "<?xml version=\"1.0\"?>\n<!DOCTYPE d [ <!ENTITY a SYSTEM \"file://{}\"> <!ENTITY b SYSTEM \"file:///etc/passwd\"> <!ENTITY % c SYSTEM \"{}\"> %c; ]>\n<uscDoc><main><section><num value=\"1\">§ 1.</num><content>&a; &b;</content></section></main></uscDoc>\n",
                outside.join("entity.txt").display(),
                outside.join("entity.txt").display()
            ),
        )
        .expect("write");
        Self {
            _dir: dir,
            ws,
            outside,
        }
    }
}

/// What any process may read: the system's libraries, locale and configuration of the
/// dynamic loader, `/proc`, `/sys`, a few devices, and the binary.
fn system_reads() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = [
        "/lib",
        "/lib64",
        "/usr/lib",
        "/usr/lib64",
        "/usr/local/lib",
        "/usr/share/locale",
        "/etc/ld.so.cache",
        "/etc/ld.so.preload",
        "/proc",
        "/sys",
        "/dev/null",
        "/dev/urandom",
        "/dev/random",
    ]
    .iter()
    .map(PathBuf::from)
    .collect();
    let bin = lexls_bin();
    dirs.push(bin.canonicalize().unwrap_or(bin));
    dirs
}

/// Runs `cmd` under strace (in `cwd`) and returns its report, after checking it ended.
fn traced_run(what: &str, cmd: &Command, cwd: &Path) -> (Report, lexls_tests::faults::Outcome) {
    let log = tempfile::NamedTempFile::new().expect("log file");
    let mut traced = trace::wrap(cmd, log.path());
    traced.current_dir(cwd);
    let out = run_within(what, traced, Duration::from_secs(300));
    assert!(
        out.status.is_some(),
        "{what}: still running after 300 s under strace"
    );
    assert!(
        !out.stderr.contains("panicked"),
        "{what}: {}",
        tail(&out.stderr, 1500)
    );
    (trace::read_log(log.path(), cwd), out)
}

/// Asserts the three rules on `report`: reads within `read_ok`, writes within `write_ok`
/// (and the `mkdir`s of `parents`), no internet socket; and that nothing under `secret`
/// was read at all.
fn assert_confined(
    what: &str,
    report: &Report,
    read_ok: &[PathBuf],
    write_ok: &[PathBuf],
    parents: &[PathBuf],
    secret: &[PathBuf],
) {
    assert!(report.calls > 20, "{what}: the trace is empty");
    let reads = report.reads_outside(read_ok);
    assert!(
        reads.is_empty(),
        "{what}: read outside the workspace and the index: {reads:#?}"
    );
    let writes: Vec<_> = report
        .writes_outside(write_ok)
        .into_iter()
        .filter(|(call, p)| !(call.starts_with("mkdir") && parents.contains(p)))
        .collect();
    assert!(
        writes.is_empty(),
        "{what}: wrote outside the index directory: {writes:#?}"
    );
    let leaked: Vec<&PathBuf> = report
        .reads
        .iter()
        .chain(report.writes.iter().map(|(_, p)| p))
        .filter(|p| trace::under_any(p, secret))
        .collect();
    assert!(
        leaked.is_empty(),
        "{what}: opened files it must not read: {leaked:#?}"
    );
    assert!(
        report.inet.is_empty(),
        "{what}: network without an LLM configured: {:#?}",
        report.inet
    );
    let looked: Vec<&PathBuf> = report
        .looked_at
        .iter()
        .filter(|p| trace::under_any(p, secret))
        .collect();
    eprintln!(
        "{what}: {} system calls; {} paths read, {} written; outside paths only looked at (stat/readlink): {looked:?}",
        report.calls,
        report.reads.len(),
        report.writes.len()
    );
}

/// The parents of `dir` inside `root` (what `create_dir_all` makes), `dir` excluded.
fn parents_within(dir: &Path, root: &Path) -> Vec<PathBuf> {
    dir.ancestors()
        .skip(1)
        .take_while(|p| p.starts_with(root))
        .map(Path::to_path_buf)
        .collect()
}

#[test]
fn the_command_line_reads_only_the_workspace_writes_only_its_index_and_stays_offline() {
    if !tracing() {
        return;
    }
    let esc = Escapes::new();
    let sb = Sandbox::new();
    let home = sb.home().canonicalize().expect("home");
    let ws = esc.ws.display().to_string();
    let secret = vec![esc.outside.clone(), PathBuf::from("/etc/passwd")];
    let model = lexls_tests::model_env();

    // The default index directory (in the sandbox's cache), then one the user chose.
    let chosen = tempfile::tempdir().expect("index dir");
    let chosen = chosen.path().canonicalize().expect("canonical");
    for index_dir in [None, Some(chosen.clone())] {
        let env: Vec<(&str, &Path)> = index_dir
            .as_deref()
            .map(|d| vec![("LEXLS_INDEX_DIR", d)])
            .unwrap_or_default();
        let (report, out) = traced_run(
            "index",
            &sb.lexls(&["index", "--no-model", "--json", &ws], &env),
            &esc.ws,
        );
        assert!(out.success(), "index: {}", tail(&out.stderr, 1500));
        let summary: Value = serde_json::from_slice(&out.stdout).expect("JSON summary");
        let dir = PathBuf::from(summary["index_dir"].as_str().expect("index_dir"));
        assert!(
            index_dir.is_some() || dir.starts_with(home.join(".cache/lexls/index")),
            "{dir:?}"
        );
        assert!(
            !String::from_utf8_lossy(&out.stdout).contains("ZEBRAFISH"),
            "outside text indexed"
        );
        let mut read_ok = system_reads();
        read_ok.extend([esc.ws.clone(), dir.clone()]);
        let parents = parents_within(&dir, &home);
        assert_confined(
            &format!("index ({dir:?})"),
            &report,
            &read_ok,
            std::slice::from_ref(&dir),
            &parents,
            &secret,
        );

        for (what, args) in [
            ("check", vec!["check", "--json", &ws]),
            (
                "ask",
                vec!["ask", "--no-model", "--json", "-w", &ws, QUESTION],
            ),
            (
                "ask for the outside text",
                vec![
                    "ask",
                    "--no-model",
                    "--json",
                    "-w",
                    &ws,
                    "What does ZEBRAFISH say?",
                ],
            ),
        ] {
            let (report, out) = traced_run(what, &sb.lexls(&args, &env), &esc.ws);
            assert!(
                matches!(out.code(), Some(0 | 1)),
                "{what}: {}",
                tail(&out.stderr, 1500)
            );
            let found = found_text(&String::from_utf8_lossy(&out.stdout));
            assert!(
                !found.contains("ZEBRAFISH"),
                "{what}: outside text in the output: {found}"
            );
            assert_confined(
                what,
                &report,
                &read_ok,
                std::slice::from_ref(&dir),
                &parents,
                &secret,
            );
        }

        // With the embedding model (when installed): it reads its model and runtime, and
        // downloads nothing.
        if let Some((model_dir, runtime)) = &model {
            let mut env = env.clone();
            env.push(("LEXLS_MODEL_DIR", model_dir));
            env.push(("ORT_DYLIB_PATH", runtime));
            let mut cmd = sb.lexls(&["index", "--json", &ws], &env);
            cmd.env_remove("LEXLS_NO_MODEL");
            let (report, out) = traced_run("index with the model", &cmd, &esc.ws);
            assert!(out.success(), "{}", tail(&out.stderr, 1500));
            let mut read_ok = read_ok.clone();
            read_ok.push(model_dir.clone());
            read_ok.extend(runtime.parent().map(Path::to_path_buf));
            assert_confined(
                "index with the model",
                &report,
                &read_ok,
                std::slice::from_ref(&dir),
                &parents,
                &secret,
            );
        } else {
            println!("the embedding model is not installed: traced without it only");
        }
    }
}

#[test]
fn the_server_reads_no_file_a_request_names_outside_the_workspace() {
    if !tracing() {
        return;
    }
    let esc = Escapes::new();
    let sb = Sandbox::new();
    let index = tempfile::tempdir().expect("index dir");
    let index = index.path().canonicalize().expect("canonical");
    let log = tempfile::NamedTempFile::new().expect("log");
    let mut env: Vec<(&str, &Path)> = vec![("LEXLS_INDEX_DIR", &index)];
    let model = lexls_tests::model_env();
    if let Some((dir, runtime)) = &model {
        env.push(("LEXLS_MODEL_DIR", dir));
        env.push(("ORT_DYLIB_PATH", runtime));
    }
    let mut cmd = sb.lexls(&["serve"], &env);
    if model.is_some() {
        cmd.env_remove("LEXLS_NO_MODEL");
    }
    let mut traced = trace::wrap(&cmd, log.path());
    traced.current_dir(&esc.ws);
    let mut client = LspClient::spawn_captured(traced);
    client.initialize(&esc.ws, json!({}));
    client.wait_indexed();
    client.wait_embedded();

    let outside_uris = [
        "file:///etc/passwd".to_string(),
        "file:///etc/shadow".to_string(),
        format!("file://{}", esc.outside.join("secret.md").display()),
        format!("file://{}/../outside/secret.md", esc.ws.display()),
        format!("file://{}", esc.ws.join("policy/outside.md").display()),
        format!("file://{}", esc.ws.join("policy/passwd.md").display()),
        format!("file://{}", esc.ws.join("outside-dir/secret.md").display()),
        format!("file://{}", esc.ws.join("etc/passwd").display()),
    ];
    let pos = json!({"line": 0, "character": 4});
    for u in &outside_uris {
        let doc = json!({"uri": u});
        for (method, params) in [
            (
                "textDocument/hover",
                json!({"textDocument": doc, "position": pos}),
            ),
            (
                "textDocument/definition",
                json!({"textDocument": doc, "position": pos}),
            ),
            (
                "textDocument/references",
                json!({"textDocument": doc, "position": pos, "context": {"includeDeclaration": true}}),
            ),
            ("textDocument/documentSymbol", json!({"textDocument": doc})),
            ("textDocument/documentLink", json!({"textDocument": doc})),
            ("textDocument/foldingRange", json!({"textDocument": doc})),
            (
                "textDocument/completion",
                json!({"textDocument": doc, "position": pos}),
            ),
            (
                "lexls/ask",
                json!({"question": "What does this say?", "textDocument": doc,
                       "range": {"start": {"line": 0, "character": 0}, "end": {"line": 3, "character": 0}}}),
            ),
        ] {
            let result = client
                .try_request_within(method, params, Duration::from_secs(60))
                .unwrap_or_else(|| panic!("{method} on {u}: no answer"));
            let text = match &result {
                Ok(v) | Err(v) => found_text(&v.to_string()),
            };
            assert!(
                !text.contains("ZEBRAFISH") && !text.contains("root:x:0"),
                "{method} on {u} shows an outside file: {text}"
            );
        }
        // The editor opens and closes it, and says the file changed on disk.
        client.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": u, "languageId": "markdown", "version": 1, "text": "See § 20-871."}}),
        );
        client.notify("textDocument/didClose", json!({"textDocument": {"uri": u}}));
        client.notify(
            "workspace/didChangeWatchedFiles",
            json!({"changes": [{"uri": u, "type": 1}, {"uri": u, "type": 2}]}),
        );
    }
    // The server goes on answering on the workspace.
    let policy = esc.ws.join("policy/acme-aedt-hiring-policy.md");
    let (doc, text) = client.open(&policy);
    let hover = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": doc}, "position": position_of(&text, "§ 20-873", 0, 2)}),
    );
    assert!(hover.to_string().contains("Enforcement"), "{hover}");
    let symbols = client.request("workspace/symbol", json!({"query": "ZEBRAFISH"}));
    assert_eq!(symbols, json!([]), "a symbol from outside the workspace");
    let asked = client.request(
        "lexls/ask",
        json!({"question": "What does ZEBRAFISH say about notice?"}),
    );
    let found = found_text(&asked.to_string());
    assert!(!found.contains("ZEBRAFISH"), "{found}");
    let finished = client.finish();
    assert!(
        finished.clean,
        "the server did not shut down cleanly: {}",
        tail(&finished.stderr, 1500)
    );

    let report = trace::read_log(log.path(), &esc.ws);
    let mut read_ok = system_reads();
    read_ok.extend([esc.ws.clone(), index.clone()]);
    if let Some((dir, runtime)) = &model {
        read_ok.push(dir.clone());
        read_ok.extend(runtime.parent().map(Path::to_path_buf));
    }
    let secret = vec![
        esc.outside.clone(),
        PathBuf::from("/etc/passwd"),
        PathBuf::from("/etc/shadow"),
    ];
    assert_confined(
        "lexls serve",
        &report,
        &read_ok,
        std::slice::from_ref(&index),
        &[],
        &secret,
    );
}

#[test]
fn with_an_llm_configured_ask_connects_to_it_and_only_to_it() {
    if !tracing() {
        return;
    }
    let llm = ScriptedLlm::start(vec![Reply::Stream(
        "Candidates must be notified ten business days before use (NYC Admin. Code § 20-871(b))."
            .into(),
    )]);
    let port = llm
        .url
        .split(':')
        .nth(2)
        .and_then(|p| p.split('/').next())
        .expect("port")
        .to_string();
    let esc = Escapes::new();
    let sb = Sandbox::new();
    let index = tempfile::tempdir().expect("index dir");
    let url = PathBuf::from(&llm.url);
    let model = PathBuf::from("scripted");
    let ws = esc.ws.display().to_string();
    let env = [
        ("LEXLS_INDEX_DIR", index.path()),
        ("LEXLS_LLM_URL", url.as_path()),
        ("LEXLS_LLM_MODEL", model.as_path()),
    ];
    let (report, out) = traced_run(
        "ask with an LLM",
        &sb.lexls(&["ask", "--no-model", "--json", "-w", &ws, QUESTION], &env),
        &esc.ws,
    );
    assert!(out.success(), "{}", tail(&out.stderr, 1500));
    let result: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(result["generatedBy"], "scripted", "{result}");
    assert!(!llm.requests().is_empty());
    let connects: Vec<&String> = report
        .inet
        .iter()
        .filter(|l| l.starts_with("connect("))
        .collect();
    assert!(
        connects
            .iter()
            .any(|l| l.contains(&format!("htons({port})")) && l.contains("127.0.0.1")),
        "no connect to the LLM on port {port} was traced: {:#?}",
        report.inet
    );
    assert!(
        connects
            .iter()
            .all(|l| l.contains(&format!("htons({port})")) && l.contains("127.0.0.1")),
        "connections other than the LLM's: {connects:#?}"
    );
}

/// Not a test of lexls: the parser of the traces on a run of `cat` through a symbolic
/// link, so that a silent parser cannot make the checks above pass.
#[test]
fn the_tracer_sees_a_read_through_a_symbolic_link() {
    if !tracing() {
        return;
    }
    let esc = Escapes::new();
    let mut cmd = Command::new("cat");
    cmd.arg(esc.ws.join("policy/outside.md"));
    let (report, out) = traced_run("cat", &cmd, &esc.ws);
    assert!(out.success());
    assert!(
        report.reads.contains(&esc.outside.join("secret.md")),
        "{:#?}",
        report.reads
    );
    assert_eq!(
        report
            .reads_outside(std::slice::from_ref(&esc.ws))
            .iter()
            .filter(|p| p.starts_with(&esc.outside))
            .count(),
        1
    );
}
