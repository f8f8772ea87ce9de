//! End-to-end: what lexls may write and delete, and what it does with a damaged index
//! (issue 14). Every run has its own `HOME` and `XDG_CACHE_HOME`, so the real home and
//! cache are never touched; the workspace is a copy of `examples/nyc-ll144`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use lexls_tests::{example_copy, lexls_bin};
use serde_json::Value;

const QUESTION: &str = "How many business days before use must a candidate be notified?";

/// A private home and cache for the runs of one test.
struct Sandbox {
    home: tempfile::TempDir,
}

impl Sandbox {
    fn new() -> Self {
        Self {
            home: tempfile::tempdir().expect("temp home"),
        }
    }

    fn cache(&self) -> PathBuf {
        self.home.path().join(".cache")
    }

    /// `lexls <args>` in `cwd` with the sandbox's home, the extra `env`, no
    /// `LEXLS_INDEX_DIR` unless given, and no backtraces.
    fn command(&self, cwd: &Path, env: &[(&str, &Path)], args: &[&str]) -> Command {
        let mut cmd = Command::new(lexls_bin());
        cmd.args(args)
            .current_dir(cwd)
            .env("HOME", self.home.path())
            .env("XDG_CACHE_HOME", self.cache())
            .env("LEXLS_LOG", "warn")
            .env("RUST_BACKTRACE", "0")
            .env_remove("LEXLS_INDEX_DIR")
            .env_remove("LEXLS_ALLOW_WORKSPACE_INDEX_DIR")
            .stdin(Stdio::null());
        for (k, v) in env {
            cmd.env(k, v);
        }
        cmd
    }

    fn run(&self, cwd: &Path, env: &[(&str, &Path)], args: &[&str]) -> Output {
        self.command(cwd, env, args).output().expect("lexls runs")
    }
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Every file under `dir` (relative path → bytes) and every directory (→ `None`).
fn tree(dir: &Path) -> BTreeMap<PathBuf, Option<Vec<u8>>> {
    let mut out = BTreeMap::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for entry in std::fs::read_dir(&d).expect("list").filter_map(Result::ok) {
            let path = entry.path();
            let rel = path.strip_prefix(dir).expect("under dir").to_path_buf();
            if entry.file_type().expect("type").is_dir() {
                out.insert(rel, None);
                todo.push(path);
            } else {
                out.insert(rel, Some(std::fs::read(&path).expect("read")));
            }
        }
    }
    out
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for entry in std::fs::read_dir(from)
        .expect("list")
        .filter_map(Result::ok)
    {
        let target = to.join(entry.file_name());
        if entry.file_type().expect("type").is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).expect("copy");
        }
    }
}

/// The example workspace as a repository: a `.git` folder and an entry named `store` that
/// is not a sled database.
fn repository() -> tempfile::TempDir {
    let ws = example_copy("nyc-ll144");
    std::fs::create_dir_all(ws.path().join(".git/refs/heads")).expect("mkdir");
    std::fs::write(ws.path().join(".git/HEAD"), "ref: refs/heads/main\n").expect("write");
    std::fs::write(
        ws.path().join(".git/config"),
        "[core]\n\trepositoryformatversion = 0\n",
    )
    .expect("write");
    std::fs::write(ws.path().join("store"), "not a sled database\n").expect("write");
    ws
}

#[test]
fn an_index_dir_that_is_the_workspace_deletes_nothing() {
    let sandbox = Sandbox::new();
    let runs: [&[&str]; 3] = [
        &["check", "."],
        &["index", "--no-model", "."],
        &["ask", "--no-model", "-w", ".", QUESTION],
    ];
    // `[index] dir = "."` in the repository's own settings, then LEXLS_INDEX_DIR.
    for via_env in [false, true] {
        let ws = repository();
        if !via_env {
            std::fs::write(ws.path().join(".lexls.toml"), "[index]\ndir = \".\"\n").expect("write");
        }
        let before = tree(ws.path());
        for args in runs {
            let env: Vec<(&str, &Path)> = if via_env {
                vec![("LEXLS_INDEX_DIR", ws.path())]
            } else {
                Vec::new()
            };
            let out = sandbox.run(ws.path(), &env, args);
            let err = stderr(&out);
            assert!(
                !out.status.success() && out.status.code() != Some(101),
                "{args:?} (env: {via_env}) must fail with a message: {err}"
            );
            assert!(
                err.contains("is the workspace") && err.contains("[index] dir"),
                "{args:?}: the message says what is wrong and what to do: {err}"
            );
            assert!(
                tree(ws.path()) == before,
                "{args:?} (env: {via_env}) changed the repository"
            );
        }
    }
}

#[test]
fn a_directory_lexls_did_not_make_is_neither_written_nor_deleted() {
    let sandbox = Sandbox::new();
    let ws = example_copy("nyc-ll144");
    let mine = tempfile::tempdir().expect("tempdir");
    std::fs::write(mine.path().join("notes.txt"), "my notes\n").expect("write");
    std::fs::write(mine.path().join("store"), "my store, not sled\n").expect("write");
    let before = tree(mine.path());
    let out = sandbox.run(
        ws.path(),
        &[("LEXLS_INDEX_DIR", mine.path())],
        &["index", "--no-model", "."],
    );
    let err = stderr(&out);
    assert!(!out.status.success(), "refused: {err}");
    assert!(
        err.contains("lexls-index.json") && err.contains("remove"),
        "says why and what to do: {err}"
    );
    assert!(tree(mine.path()) == before, "the directory is untouched");

    // An empty directory is fine, and lexls marks it as its own.
    let empty = tempfile::tempdir().expect("tempdir");
    let out = sandbox.run(
        ws.path(),
        &[("LEXLS_INDEX_DIR", empty.path())],
        &["index", "--no-model", "."],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(empty.path().join("lexls-index.json").is_file());
}

#[test]
fn a_workspace_setting_cannot_send_the_index_outside_the_cache() {
    let sandbox = Sandbox::new();
    let ws = example_copy("nyc-ll144");
    let outside = tempfile::tempdir().expect("tempdir");
    let target = outside.path().join("index");
    std::fs::write(
        ws.path().join(".lexls.toml"),
        format!("[index]\ndir = \"{}\"\n", target.display()),
    )
    .expect("write");
    let out = sandbox.run(ws.path(), &[], &["index", "--no-model", "."]);
    let err = stderr(&out);
    assert!(!out.status.success(), "refused: {err}");
    assert!(
        err.contains("outside lexls's index cache")
            && err.contains("LEXLS_ALLOW_WORKSPACE_INDEX_DIR"),
        "says how the user allows it: {err}"
    );
    assert!(!target.exists(), "nothing written outside the cache");

    // The user allows it.
    let out = sandbox.run(
        ws.path(),
        &[("LEXLS_ALLOW_WORKSPACE_INDEX_DIR", Path::new("1"))],
        &["index", "--no-model", "."],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(target.join("lexls-index.json").is_file());

    // Inside lexls's own index cache the workspace may choose.
    let cached = sandbox.cache().join("lexls/index/chosen-by-workspace");
    std::fs::write(
        ws.path().join(".lexls.toml"),
        format!("[index]\ndir = \"{}\"\n", cached.display()),
    )
    .expect("write");
    let out = sandbox.run(ws.path(), &[], &["index", "--no-model", "."]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(cached.join("lexls-index.json").is_file());
}

/// Runs `cmd`, killing it after `limit`; `None` when it had to be killed.
fn run_within(mut cmd: Command, limit: Duration) -> Option<Output> {
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawns");
    let started = Instant::now();
    while started.elapsed() < limit {
        if child.try_wait().expect("wait").is_some() {
            return Some(child.wait_with_output().expect("output"));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = child.kill();
    let _ = child.wait();
    None
}

#[test]
fn the_file_system_root_and_the_home_directory_are_refused_at_once() {
    let sandbox = Sandbox::new();
    // A home with a statute in it, as a user's home has documents.
    let statute = lexls_tests::example("nyc-ll144").join("statute/nyc-admin-code-20-871.md");
    std::fs::copy(&statute, sandbox.home.path().join("20-871.md")).expect("copy");
    let home = sandbox.home.path().to_path_buf();
    let cases: [(&[&str], &str); 4] = [
        (&["check", "/"], "file system root"),
        (&["index", "--no-model", "/"], "file system root"),
        (&["check", "."], "home directory"),
        (
            &["ask", "--no-model", "-w", ".", QUESTION],
            "home directory",
        ),
    ];
    for (args, what) in cases {
        let cmd = sandbox.command(&home, &[], args);
        let out = run_within(cmd, Duration::from_secs(20))
            .unwrap_or_else(|| panic!("{args:?} still running after 20 s"));
        let err = stderr(&out);
        assert!(!out.status.success(), "{args:?} refused: {err}");
        assert!(
            err.contains(what) && err.contains("Open the folder that holds"),
            "{args:?}: {err}"
        );
    }
    assert!(
        !sandbox.cache().join("lexls/index").exists(),
        "no index was started"
    );
}

/// Whether this process runs as root (where permissions do not stop reads).
fn running_as_root() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("Uid:"))
                .and_then(|l| l.split_whitespace().nth(2).map(|euid| euid == "0"))
        })
        .unwrap_or(false)
}

#[test]
fn a_file_or_an_unreadable_folder_is_reported_as_what_it_is() {
    let sandbox = Sandbox::new();
    let ws = example_copy("nyc-ll144");
    let file = ws.path().join("statute/nyc-admin-code-20-871.md");
    for args in [
        vec!["check".to_string(), file.display().to_string()],
        vec![
            "ask".into(),
            "-w".into(),
            file.display().to_string(),
            QUESTION.into(),
        ],
    ] {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = sandbox.run(ws.path(), &[], &args);
        let err = stderr(&out);
        assert!(!out.status.success(), "{err}");
        assert!(err.contains("is a file, not a folder"), "{args:?}: {err}");
        assert!(
            !err.contains(".lexls.toml"),
            "not a configuration problem: {err}"
        );
    }

    // An unreadable folder. Root reads any folder, so as root the run drops to `nobody`
    // with setpriv (util-linux); without it the case is skipped, saying so.
    let parent = tempfile::tempdir().expect("tempdir");
    let locked = parent.path().join("policies");
    copy_dir(ws.path(), &locked);
    let set_mode = |p: &Path, mode: u32| {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(p, std::fs::Permissions::from_mode(mode)).expect("chmod");
    };
    set_mode(parent.path(), 0o755);
    set_mode(&locked, 0o000);
    let locked_arg = locked.display().to_string();
    let mut cmd = sandbox.command(parent.path(), &[], &["check", &locked_arg]);
    if running_as_root() {
        let setpriv = Command::new("setpriv")
            .args(["--reuid=65534", "--regid=65534", "--clear-groups", "true"])
            .status();
        if !setpriv.is_ok_and(|s| s.success()) {
            set_mode(&locked, 0o755);
            println!("skipped the unreadable-folder case: running as root without setpriv");
            return;
        }
        let mut as_nobody = Command::new("setpriv");
        as_nobody
            .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(lexls_bin())
            .args(["check", &locked_arg])
            .current_dir(parent.path())
            .env("HOME", parent.path())
            .env("XDG_CACHE_HOME", parent.path().join("cache"))
            .env("RUST_BACKTRACE", "0")
            .env_remove("LEXLS_INDEX_DIR");
        cmd = as_nobody;
    }
    let out = cmd.output().expect("runs");
    set_mode(&locked, 0o755);
    let err = stderr(&out);
    assert!(!out.status.success(), "{err}");
    assert!(
        err.contains("cannot read the workspace folder") && err.contains("permissions"),
        "{err}"
    );
    assert!(
        !err.contains(".lexls.toml"),
        "not a configuration problem: {err}"
    );
}

/// A small deterministic generator (SplitMix64), so each seed damages the same bytes.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Writes 1 to 200 random bytes over the used part of `file` (sled's log is mostly zeros
/// past its end).
fn damage(file: &Path, rng: &mut Rng) {
    let mut bytes = std::fs::read(file).expect("read");
    let used = bytes
        .iter()
        .rposition(|b| *b != 0)
        .map_or(bytes.len(), |i| i + 1);
    for _ in 0..=rng.below(200) {
        let at = rng.below(used.max(1));
        bytes[at] = (rng.next() & 0xff) as u8;
    }
    std::fs::write(file, bytes).expect("write");
}

/// The sources (`citation`) of `lexls ask --json`.
fn sources(out: &Output) -> Vec<String> {
    let value: Value = serde_json::from_slice(&out.stdout).expect("JSON answer");
    value["sources"]
        .as_array()
        .expect("sources")
        .iter()
        .map(|s| s["citation"].as_str().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn a_damaged_index_answers_as_a_clean_one_and_index_rebuilds_it() {
    let sandbox = Sandbox::new();
    let ws = example_copy("nyc-ll144");
    let scratch = tempfile::tempdir().expect("tempdir");
    let clean = scratch.path().join("clean");
    let work = scratch.path().join("work");
    let ask = |index: &Path| {
        sandbox.run(
            ws.path(),
            &[("LEXLS_INDEX_DIR", index)],
            &["ask", "--no-model", "--json", "-w", ".", QUESTION],
        )
    };
    let out = sandbox.run(
        ws.path(),
        &[("LEXLS_INDEX_DIR", &clean)],
        &["index", "--no-model", "."],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let reference = ask(&clean);
    assert!(reference.status.success(), "{}", stderr(&reference));
    let reference = sources(&reference);
    assert!(!reference.is_empty());

    // tantivy's segment files and sled's files.
    let mut files: Vec<PathBuf> = tree(&clean)
        .into_iter()
        .filter_map(|(rel, bytes)| bytes.filter(|b| !b.is_empty()).map(|_| rel))
        .filter(|rel| {
            let name = rel.to_string_lossy();
            let segment = [".term", ".idx", ".pos", ".store", ".fieldnorm", ".fast"]
                .iter()
                .any(|ext| name.ends_with(ext));
            (name.starts_with("bm25/") && segment) || name.starts_with("store/")
        })
        .collect();
    files.sort();
    assert!(
        files.iter().any(|f| f.starts_with("bm25")) && files.iter().any(|f| f.starts_with("store")),
        "{files:?}"
    );

    for seed in 0..16u64 {
        let mut rng = Rng(seed);
        let file = files[rng.below(files.len())].clone();
        let state = rng.0;
        let damaged = || {
            let _ = std::fs::remove_dir_all(&work);
            copy_dir(&clean, &work);
            damage(&work.join(&file), &mut Rng(state));
        };

        // `ask` on the damaged index: the clean index's sources, or a clear error.
        damaged();
        let out = ask(&work);
        let err = stderr(&out);
        assert_ne!(
            out.status.code(),
            Some(101),
            "seed {seed} ({file:?}) panicked: {err}"
        );
        if out.status.success() {
            assert_eq!(
                sources(&out),
                reference,
                "seed {seed} ({file:?}): another answer from a damaged index; {err}"
            );
        } else {
            assert!(err.contains("error:"), "seed {seed} ({file:?}): {err}");
        }

        // `index` on the damaged index rebuilds it: the next run is clean.
        damaged();
        let out = sandbox.run(
            ws.path(),
            &[("LEXLS_INDEX_DIR", &work)],
            &["index", "--no-model", "."],
        );
        assert!(
            out.status.success(),
            "seed {seed} ({file:?}): {}",
            stderr(&out)
        );
        let out = ask(&work);
        let err = stderr(&out);
        assert!(out.status.success(), "seed {seed} ({file:?}): {err}");
        assert!(
            !err.contains("cannot be used") && !err.contains("damaged"),
            "seed {seed} ({file:?}): not clean after `lexls index`: {err}"
        );
        assert_eq!(sources(&out), reference, "seed {seed} ({file:?})");
    }
}

#[test]
fn a_damaged_document_record_is_parsed_again_not_quoted() {
    let sandbox = Sandbox::new();
    let ws = example_copy("nyc-ll144");
    let index = tempfile::tempdir().expect("tempdir");
    let env = [("LEXLS_INDEX_DIR", index.path())];
    let out = sandbox.run(ws.path(), &env, &["index", "--no-model", "."]);
    assert!(out.status.success(), "{}", stderr(&out));

    // Damage the stored record of § 20-871 under sled's own checksums (as a bad disk block
    // read back, or a bug, would): bytes of its compressed document change.
    {
        let db = sled::Config::new()
            .path(index.path().join("store"))
            .flush_every_ms(None)
            .open()
            .expect("the store opens");
        let files = db.open_tree("files").expect("files tree");
        let key = "statute/nyc-admin-code-20-871.md";
        let mut value = files.get(key).expect("get").expect("stored").to_vec();
        assert!(value.len() > 200, "the record holds the document");
        let middle = value.len() / 2;
        for byte in &mut value[middle..middle + 16] {
            *byte ^= 0x5a;
        }
        files.insert(key, value).expect("insert");
        db.flush().expect("flush");
    }

    let out = sandbox.run(ws.path(), &env, &["ask", "--no-model", "-w", ".", QUESTION]);
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    assert!(
        !err.contains("in use by another lexls process"),
        "the store must be read, not bypassed: {err}"
    );
    let answer = String::from_utf8_lossy(&out.stdout);
    assert!(
        answer.contains("ten business days"),
        "the answer quotes the file, read again:\n{answer}"
    );
    assert!(err.contains("damaged"), "the damage is logged: {err}");
}

#[test]
fn rebuild_and_takeover_touch_only_lexls_own_entries() {
    let sandbox = Sandbox::new();
    let ws = example_copy("nyc-ll144");
    let index = tempfile::tempdir().expect("tempdir");
    let env = [("LEXLS_INDEX_DIR", index.path())];
    let out = sandbox.run(ws.path(), &env, &["index", "--no-model", "."]);
    assert!(out.status.success(), "{}", stderr(&out));
    std::fs::write(index.path().join("README.txt"), "kept\n").expect("write");

    // `--rebuild` parses everything again, and deletes nothing but `store/` and `bm25/`.
    let out = sandbox.run(
        ws.path(),
        &env,
        &["index", "--no-model", "--json", "--rebuild", "."],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let summary: Value = serde_json::from_slice(&out.stdout).expect("JSON summary");
    assert_eq!(summary["reused"], 0, "{summary}");
    assert!(
        summary["parsed"].as_u64().is_some_and(|n| n >= 10),
        "{summary}"
    );
    assert_eq!(
        std::fs::read_to_string(index.path().join("README.txt")).expect("kept"),
        "kept\n"
    );

    // An index an earlier lexls left in its own cache (no marker, only `store/` and
    // `bm25/`) is taken over, marked, and used.
    let legacy = sandbox.cache().join("lexls/index/legacy");
    std::fs::create_dir_all(&legacy).expect("mkdir");
    for entry in ["store", "bm25"] {
        copy_dir(&index.path().join(entry), &legacy.join(entry));
    }
    std::fs::write(
        ws.path().join(".lexls.toml"),
        format!("[index]\ndir = \"{}\"\n", legacy.display()),
    )
    .expect("write");
    let out = sandbox.run(ws.path(), &[], &["index", "--no-model", "."]);
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("took over"), "{err}");
    assert!(legacy.join("lexls-index.json").is_file());
}

#[test]
fn damaged_embeddings_are_computed_again_not_used() {
    let Some((model, runtime)) = lexls_tests::model_env() else {
        println!("skipped: the embedding model is not installed (scripts/fetch-models.sh)");
        return;
    };
    let sandbox = Sandbox::new();
    let ws = example_copy("nyc-ll144");
    // Dense retrieval on (BM25 alone is the default, which embeds nothing).
    let toml = ws.path().join(".lexls.toml");
    let settings = std::fs::read_to_string(&toml).unwrap_or_default();
    std::fs::write(
        &toml,
        format!("{settings}\n[retrieval]\nmode = \"hybrid\"\n"),
    )
    .expect("settings");
    let index = tempfile::tempdir().expect("tempdir");
    let env = [
        ("LEXLS_INDEX_DIR", index.path()),
        ("LEXLS_MODEL_DIR", model.as_path()),
        ("ORT_DYLIB_PATH", runtime.as_path()),
    ];
    let out = sandbox.run(ws.path(), &env, &["index", "--json", "."]);
    assert!(out.status.success(), "{}", stderr(&out));
    let summary: Value = serde_json::from_slice(&out.stdout).expect("JSON summary");
    assert!(
        summary["embedded"].as_u64().is_some_and(|n| n > 0),
        "{summary}"
    );
    let ask = || sandbox.run(ws.path(), &env, &["ask", "--json", "-w", ".", QUESTION]);
    let reference = ask();
    assert!(reference.status.success(), "{}", stderr(&reference));
    let reference = sources(&reference);

    // Damage every cached embedding: one bit of its last component in the embedding file
    // (`embeddings.q8`: a header line, then records of `length (u32) | key | scale |
    // components | checksum (8 bytes)`), which lexls's checksum must catch.
    {
        let path = index.path().join("store").join("embeddings.q8");
        let mut bytes = std::fs::read(&path).expect("the embedding file");
        let mut at = bytes.iter().position(|&b| b == b'\n').expect("header line") + 1;
        let mut damaged = 0;
        while at + 4 <= bytes.len() {
            let len = u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
            let end = at + 4 + len as usize;
            bytes[end - 1] ^= 0x20;
            damaged += 1;
            at = end + 8;
        }
        assert!(damaged > 0);
        std::fs::write(&path, &bytes).expect("write");
    }

    let out = ask();
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    assert!(
        !err.contains("in use by another lexls process"),
        "the store must be read, not bypassed: {err}"
    );
    assert!(err.contains("damaged"), "the damage is logged: {err}");
    assert_eq!(sources(&out), reference, "{err}");
}
