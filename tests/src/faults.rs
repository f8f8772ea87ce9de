//! Support of the fault suite (`tests/tests/fault_suite.rs`, issue 14): cases named by their
//! fault class inject faults into `lexls` and its inputs and check what a user sees — the
//! command line ends with a clear message (never a panic, never a hang), the server keeps
//! answering, and nothing is lost (the workspace's files byte for byte, and an index after
//! recovery equal to a clean one).
//!
//! - [`Suite`] runs the cases and keeps the counts: cases, faults injected, panics, files
//!   lost, hangs (and failed checks); [`Suite::finish`] prints one summary line and fails
//!   when any of panics, files lost, hangs or failures is not zero.
//! - [`Case`] is one case: [`Case::run`] runs a child process under a deadline (killed and
//!   counted as a hang past it) and counts a panic when the process panicked (exit status
//!   101, a signal, `panicked at` on stderr, or the command's internal-error boundary);
//!   [`Case::check_session`] does the same for a language-server session.
//! - [`Sandbox`] gives every run a private `HOME` and cache, no model and no LLM unless
//!   asked; [`Manifest`] hashes every file of a folder; [`MountNs`] is a size-limited
//!   tmpfs (a full disk) in a private mount namespace.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::lexls_bin;

/// How much the suite does: `LEXLS_FAULTS=ci` (bounded, for CI) or `long` (many more seeds
/// and kill points, larger corpora; a benchmark).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Bounded: a few minutes in a debug build.
    Ci,
    /// Many more random seeds and kill points.
    Long,
}

impl Mode {
    /// The mode `LEXLS_FAULTS` asks for (`ci`, `1` or `long`); `None` when unset or empty.
    ///
    /// # Errors
    /// Another value.
    pub fn from_env() -> Result<Option<Self>, String> {
        match std::env::var("LEXLS_FAULTS").ok().as_deref() {
            None | Some("" | "0") => Ok(None),
            Some("ci" | "1") => Ok(Some(Self::Ci)),
            Some("long") => Ok(Some(Self::Long)),
            Some(other) => Err(format!(
                "LEXLS_FAULTS={other}: use ci (bounded, what CI runs) or long (the benchmark)"
            )),
        }
    }

    /// `ci` or `long`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Ci => "ci",
            Self::Long => "long",
        }
    }

    /// `ci` in CI mode, `long` in long mode.
    pub fn pick<T>(self, ci: T, long: T) -> T {
        match self {
            Self::Ci => ci,
            Self::Long => long,
        }
    }
}

/// A small deterministic generator (SplitMix64): a seed gives the same faults every run.
#[derive(Debug, Clone)]
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        (self.next_u64() % n as u64) as usize
    }

    /// A duration in `0..max`, millisecond steps.
    pub fn duration_below(&mut self, max: Duration) -> Duration {
        Duration::from_millis(self.below(max.as_millis().max(1) as usize) as u64)
    }
}

/// The counts of a suite or a case.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// Cases run.
    pub cases: usize,
    /// Faults injected.
    pub faults: usize,
    /// Panics: a process that exited with status 101 or a signal, wrote `panicked at`, or
    /// stopped at its internal-error boundary; a server that answered `InternalError`.
    pub panics: usize,
    /// Files lost: workspace files changed or removed, and documents a recovered index
    /// lacks compared with a clean one.
    pub lost: usize,
    /// Hangs: a process past its deadline, or a request not answered within its bound.
    pub hangs: usize,
    /// Checks that failed (a wrong answer, an unclear message, a case that could not run).
    pub failures: usize,
}

impl std::ops::AddAssign for Counts {
    fn add_assign(&mut self, o: Self) {
        self.cases += o.cases;
        self.faults += o.faults;
        self.panics += o.panics;
        self.lost += o.lost;
        self.hangs += o.hangs;
        self.failures += o.failures;
    }
}

/// The suite: runs cases (those whose name contains one of the filters, or all), keeps the
/// counts and prints them.
pub struct Suite {
    mode: Mode,
    filters: Vec<String>,
    counts: Counts,
    started: Instant,
    failed: Vec<String>,
    skipped: Vec<String>,
}

impl Suite {
    /// A suite in `mode` running the cases whose name contains one of `filters` (all when
    /// empty).
    pub fn new(mode: Mode, filters: Vec<String>) -> Self {
        Self {
            mode,
            filters,
            counts: Counts::default(),
            started: Instant::now(),
            failed: Vec::new(),
            skipped: Vec::new(),
        }
    }

    /// The mode.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Runs case `name` unless filtered out. A check that fails inside `body` (a panic of
    /// the test code: `assert!`, `expect`) ends the case and counts as a failure; what the
    /// case counted before stays counted.
    pub fn case(&mut self, name: &str, body: impl FnOnce(&mut Case)) {
        if !self.filters.is_empty() && !self.filters.iter().any(|f| name.contains(f.as_str())) {
            return;
        }
        eprintln!("case {name} …");
        let mut case = Case::new(name, self.mode);
        let started = Instant::now();
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| body(&mut case)));
        let mut counts = case.counts;
        counts.cases = 1;
        let verdict = match result {
            Ok(()) if case.skipped.is_some() => {
                let why = case.skipped.clone().unwrap_or_default();
                self.skipped.push(format!("{name}: {why}"));
                counts.cases = 0;
                format!("skipped: {why}")
            }
            Ok(()) if counts.panics + counts.lost + counts.hangs + counts.failures == 0 => {
                "ok".to_string()
            }
            Ok(()) => "FAILED".to_string(),
            Err(panic) => {
                counts.failures += 1;
                let why = panic
                    .downcast_ref::<&str>()
                    .map(|s| (*s).to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a check failed".into());
                case.problems.push(format!("check failed: {why}"));
                "FAILED".to_string()
            }
        };
        for problem in &case.problems {
            eprintln!("  {name}: {problem}");
        }
        if verdict == "FAILED" {
            self.failed.push(name.to_string());
        }
        eprintln!(
            "case {name}: {verdict} — faults {}, panics {}, files lost {}, hangs {}, failures {} ({:.1} s)",
            counts.faults,
            counts.panics,
            counts.lost,
            counts.hangs,
            counts.failures,
            started.elapsed().as_secs_f64()
        );
        self.counts += counts;
    }

    /// The counts so far.
    pub fn counts(&self) -> Counts {
        self.counts
    }

    /// The summary line: `fault suite (ci): N cases, F faults injected, panics P, files
    /// lost L, hangs H, failures X, in S s`.
    pub fn summary(&self) -> String {
        let c = self.counts;
        format!(
            "fault suite ({}): {} cases, {} faults injected, panics {}, files lost {}, hangs {}, failures {}, in {:.0} s",
            self.mode.name(),
            c.cases,
            c.faults,
            c.panics,
            c.lost,
            c.hangs,
            c.failures,
            self.started.elapsed().as_secs_f64()
        )
    }

    /// Prints the summary (and the failed and skipped cases); `true` when nothing panicked,
    /// was lost, hung or failed.
    pub fn finish(&self) -> bool {
        for s in &self.skipped {
            println!("skipped {s}");
        }
        if !self.failed.is_empty() {
            println!("failed cases: {}", self.failed.join(", "));
        }
        println!("{}", self.summary());
        let c = self.counts;
        c.panics + c.lost + c.hangs + c.failures == 0 && c.cases > 0
    }
}

/// One case: its counts and what went wrong.
pub struct Case {
    /// The case's name.
    pub name: String,
    /// The suite's mode.
    pub mode: Mode,
    counts: Counts,
    problems: Vec<String>,
    skipped: Option<String>,
}

impl Case {
    fn new(name: &str, mode: Mode) -> Self {
        Self {
            name: name.to_string(),
            mode,
            counts: Counts::default(),
            problems: Vec::new(),
            skipped: None,
        }
    }

    /// Counts `n` faults injected.
    pub fn inject(&mut self, n: usize) {
        self.counts.faults += n;
    }

    /// Records a failed check (the case goes on).
    pub fn fail(&mut self, what: impl Into<String>) {
        self.counts.failures += 1;
        self.problems.push(what.into());
    }

    /// Records a failed check when `ok` is false.
    pub fn check(&mut self, ok: bool, what: impl FnOnce() -> String) -> bool {
        if !ok {
            self.fail(what());
        }
        ok
    }

    /// Records `n` files lost.
    pub fn lost(&mut self, n: usize, what: impl Into<String>) {
        if n > 0 {
            self.counts.lost += n;
            self.problems.push(format!("{n} lost: {}", what.into()));
        }
    }

    /// Records a panic.
    pub fn panicked(&mut self, what: impl Into<String>) {
        self.counts.panics += 1;
        self.problems.push(format!("panic: {}", what.into()));
    }

    /// Records a hang.
    pub fn hung(&mut self, what: impl Into<String>) {
        self.counts.hangs += 1;
        self.problems.push(format!("hang: {}", what.into()));
    }

    /// Marks the case as skipped (it counts as no case), saying why.
    pub fn skip(&mut self, why: impl Into<String>) {
        self.skipped = Some(why.into());
    }

    /// Runs `cmd` under `limit` (see [`run_within`]); counts a hang when it had to be
    /// killed and a panic when it panicked. `what` names the run in messages.
    pub fn run(&mut self, what: &str, cmd: Command, limit: Duration) -> Outcome {
        let out = run_within(what, cmd, limit);
        self.count_outcome(&out);
        out
    }

    /// Counts a hang or a panic of `out`.
    pub fn count_outcome(&mut self, out: &Outcome) {
        if out.hung() {
            self.hung(format!(
                "{} still running after {:?}",
                out.what, out.elapsed
            ));
        } else if let Some(why) = out.panic() {
            self.panicked(format!("{}: {why}\n{}", out.what, tail(&out.stderr, 1500)));
        }
    }

    /// Checks that `out` ended with a clear message: a failing exit status other than 101
    /// and a stderr line starting `error:` that says something (at least a few words).
    pub fn expect_clear_error(&mut self, out: &Outcome) -> bool {
        let ok = !out.hung()
            && out.panic().is_none()
            && !out.success()
            && out
                .stderr
                .lines()
                .any(|l| l.starts_with("error:") && l.split_whitespace().count() >= 6);
        self.check(ok, || {
            format!(
                "{}: expected a clear error message, got status {:?}: {}",
                out.what,
                out.status,
                tail(&out.stderr, 800)
            )
        })
    }

    /// Checks that `out` succeeded (exit status 0).
    pub fn expect_success(&mut self, out: &Outcome) -> bool {
        let ok = out.success();
        self.check(ok, || {
            format!(
                "{}: expected success, got status {:?}: {}",
                out.what,
                out.status,
                tail(&out.stderr, 1500)
            )
        })
    }

    /// Compares the workspace's manifest with `before`: every file changed or removed is a
    /// file lost, every file added a failure (lexls writes nothing in the workspace).
    pub fn expect_unchanged(&mut self, root: &Path, before: &Manifest) {
        let after = Manifest::of(root);
        let (lost, added) = before.diff(&after);
        self.lost(
            lost.len(),
            format!("workspace files changed or removed: {lost:?}"),
        );
        if !added.is_empty() {
            self.fail(format!("files appeared in the workspace: {added:?}"));
        }
    }

    /// Checks a language-server session that ended: a server that logged a panic or died
    /// of a signal is a panic, one that had to be killed a hang, one that had ended before
    /// `shutdown` or exited with an error a failure. `what` names the session.
    pub fn check_session(&mut self, what: &str, finished: &crate::Finished) {
        if let Some(why) = panic_in(&finished.stderr) {
            self.panicked(format!("{what}: {why}\n{}", tail(&finished.stderr, 1500)));
        } else if let Some(status) = finished.status
            && crashed(status)
        {
            self.panicked(format!("{what}: the server ended with {status}"));
        } else if finished.status.is_none() {
            self.hung(format!(
                "{what}: the server did not exit within 20 s of shutdown and exit (answered: {})",
                finished.answered
            ));
        } else if !finished.clean {
            self.fail(format!(
                "{what}: the server ended before shutdown, or unclean ({:?}, shutdown answered: {})",
                finished.status, finished.answered
            ));
        }
    }
}

/// The end of `text`, at most `n` bytes (on a character boundary).
pub fn tail(text: &str, n: usize) -> &str {
    let mut at = text.len().saturating_sub(n);
    while !text.is_char_boundary(at) {
        at += 1;
    }
    &text[at..]
}

/// What a child process did.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// What ran (for messages).
    pub what: String,
    /// The exit status; `None` when it was killed at its deadline (a hang).
    pub status: Option<ExitStatus>,
    /// Its stdout.
    pub stdout: Vec<u8>,
    /// Its stderr (lossy UTF-8).
    pub stderr: String,
    /// How long it ran.
    pub elapsed: Duration,
}

impl Outcome {
    /// Killed at its deadline.
    pub fn hung(&self) -> bool {
        self.status.is_none()
    }

    /// Exit status 0.
    pub fn success(&self) -> bool {
        self.status.is_some_and(|s| s.success())
    }

    /// The exit code, when it exited.
    pub fn code(&self) -> Option<i32> {
        self.status.and_then(|s| s.code())
    }

    /// Why this counts as a panic, if it does: exit status 101, death by a signal, a
    /// `panicked at` or stack overflow on stderr, or the CLI's internal-error boundary.
    pub fn panic(&self) -> Option<String> {
        if let Some(why) = panic_in(&self.stderr) {
            return Some(why);
        }
        let status = self.status?;
        if status.code() == Some(101) {
            return Some("exit status 101".into());
        }
        crashed(status).then(|| format!("ended with {status}"))
    }

    /// stdout as JSON.
    ///
    /// # Panics
    /// When it is not JSON (a failed check).
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.stdout).unwrap_or_else(|e| {
            panic!(
                "{}: stdout is not JSON ({e}): {}\nstderr: {}",
                self.what,
                String::from_utf8_lossy(&self.stdout[..self.stdout.len().min(500)]),
                tail(&self.stderr, 800)
            )
        })
    }
}

/// A panic reported in a log: `panicked at`, a stack overflow, or lexls's internal-error
/// boundaries (the command line's, the server's handlers' and writer's).
pub fn panic_in(log: &str) -> Option<String> {
    for needle in ["panicked at", "has overflowed its stack", "internal error"] {
        if let Some(line) = log.lines().find(|l| l.contains(needle)) {
            return Some(line.trim().chars().take(300).collect());
        }
    }
    None
}

/// Ended by a signal (a crash: the suite kills only processes past their deadline, and
/// counts those as hangs).
fn crashed(status: ExitStatus) -> bool {
    use std::os::unix::process::ExitStatusExt as _;
    status.signal().is_some()
}

/// Reads a pipe to its end on a thread (so that a chatty child never blocks on a full pipe).
fn drain(pipe: Option<impl std::io::Read + Send + 'static>) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut out = Vec::new();
        if let Some(mut pipe) = pipe {
            let _ = pipe.read_to_end(&mut out);
        }
        out
    })
}

/// Runs `cmd` with stdout and stderr captured; kills it (SIGKILL) when it runs longer than
/// `limit` (the outcome has no status then).
pub fn run_within(what: &str, mut cmd: Command, limit: Duration) -> Outcome {
    cmd.stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let started = Instant::now();
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => panic!("{what}: cannot start {:?}: {e}", cmd.get_program()),
    };
    let out = drain(child.stdout.take());
    let err = drain(child.stderr.take());
    let status = wait_within(&mut child, limit);
    Outcome {
        what: what.to_string(),
        status,
        stdout: out.join().unwrap_or_default(),
        stderr: String::from_utf8_lossy(&err.join().unwrap_or_default()).into_owned(),
        elapsed: started.elapsed(),
    }
}

/// Waits for `child` at most `limit`, then kills it; its status, `None` when killed.
pub fn wait_within(child: &mut Child, limit: Duration) -> Option<ExitStatus> {
    let deadline = Instant::now() + limit;
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Some(status),
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(10)),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return None;
            }
        }
    }
}

/// A private `HOME` and cache for the runs of a case; `lexls` runs without a model, an LLM
/// or backtraces unless the case sets them.
pub struct Sandbox {
    home: tempfile::TempDir,
    /// Commands to put before `lexls` (`nsenter -t PID -m --`).
    pub wrap: Vec<OsString>,
}

impl Default for Sandbox {
    fn default() -> Self {
        Self::new()
    }
}

impl Sandbox {
    /// A new sandbox.
    ///
    /// # Panics
    /// When no temporary directory can be made.
    pub fn new() -> Self {
        #[allow(clippy::expect_used)]
        let home = tempfile::tempdir().expect("temp home");
        Self {
            home,
            wrap: Vec::new(),
        }
    }

    /// The private home.
    pub fn home(&self) -> &Path {
        self.home.path()
    }

    /// `lexls <args>` with the sandbox's home and cache, `LEXLS_LOG=warn`, no model, no
    /// LLM, no `LEXLS_INDEX_DIR` (pass one in `env`), no backtraces, and no
    /// `LD_LIBRARY_PATH` (which `cargo test` sets to its target folders; lexls needs none).
    pub fn lexls(&self, args: &[&str], env: &[(&str, &Path)]) -> Command {
        let mut cmd = match self.wrap.split_first() {
            Some((first, rest)) => {
                let mut c = Command::new(first);
                c.args(rest).arg(lexls_bin());
                c
            }
            None => Command::new(lexls_bin()),
        };
        cmd.args(args)
            .env("HOME", self.home.path())
            .env("XDG_CACHE_HOME", self.home.path().join(".cache"))
            .env("LEXLS_LOG", "warn")
            .env("RUST_BACKTRACE", "0")
            .env("LEXLS_NO_MODEL", "1")
            .env_remove("LEXLS_INDEX_DIR")
            .env_remove("LEXLS_ALLOW_WORKSPACE_INDEX_DIR")
            .env_remove("LEXLS_LLM_URL")
            .env_remove("LEXLS_LLM_MODEL")
            .env_remove("LEXLS_TEST_HOOKS")
            .env_remove("LD_LIBRARY_PATH");
        for (k, v) in env {
            cmd.env(k, v);
        }
        cmd
    }
}

/// One entry of a [`Manifest`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Item {
    /// A file: its length and BLAKE3 hash.
    File(u64, String),
    /// A directory.
    Dir,
    /// A symbolic link and its target (not followed).
    Link(PathBuf),
}

/// Every entry under a folder (relative path → what it is), symbolic links not followed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Manifest(pub BTreeMap<PathBuf, Item>);

impl Manifest {
    /// The manifest of `dir`.
    ///
    /// # Panics
    /// When `dir` cannot be listed.
    pub fn of(dir: &Path) -> Self {
        let mut out = BTreeMap::new();
        let mut todo = vec![dir.to_path_buf()];
        while let Some(d) = todo.pop() {
            let Ok(read) = std::fs::read_dir(&d) else {
                continue;
            };
            for entry in read.filter_map(Result::ok) {
                let path = entry.path();
                let rel = path.strip_prefix(dir).unwrap_or(&path).to_path_buf();
                let Ok(kind) = entry.file_type() else {
                    continue;
                };
                let item = if kind.is_symlink() {
                    Item::Link(std::fs::read_link(&path).unwrap_or_default())
                } else if kind.is_dir() {
                    todo.push(path);
                    Item::Dir
                } else {
                    match std::fs::File::open(&path) {
                        Ok(mut f) => {
                            let mut hasher = blake3::Hasher::new();
                            let mut buf = vec![0u8; 1 << 16];
                            let mut len = 0u64;
                            while let Ok(n) = f.read(&mut buf) {
                                if n == 0 {
                                    break;
                                }
                                len += n as u64;
                                hasher.update(&buf[..n]);
                            }
                            Item::File(len, hasher.finalize().to_hex().to_string())
                        }
                        Err(_) => Item::File(u64::MAX, String::new()),
                    }
                };
                out.insert(rel, item);
            }
        }
        Self(out)
    }

    /// Entries of `self` changed or missing in `after`, and entries new in `after`.
    pub fn diff(&self, after: &Self) -> (Vec<PathBuf>, Vec<PathBuf>) {
        let lost = self
            .0
            .iter()
            .filter(|(k, v)| after.0.get(*k) != Some(*v))
            .map(|(k, _)| k.clone())
            .collect();
        let added = after
            .0
            .keys()
            .filter(|k| !self.0.contains_key(*k))
            .cloned()
            .collect();
        (lost, added)
    }

    /// The files (not directories or links), relative paths.
    pub fn files(&self) -> Vec<PathBuf> {
        self.0
            .iter()
            .filter(|(_, v)| matches!(v, Item::File(..)))
            .map(|(k, _)| k.clone())
            .collect()
    }
}

/// Copies the folder `from` to `to` (files and folders; links are copied as links),
/// making everything writable.
///
/// # Panics
/// When a file cannot be copied.
pub fn copy_dir(from: &Path, to: &Path) {
    use std::os::unix::fs::PermissionsExt as _;
    #[allow(clippy::expect_used)]
    std::fs::create_dir_all(to).expect("mkdir");
    let _ = std::fs::set_permissions(to, std::fs::Permissions::from_mode(0o755));
    #[allow(clippy::expect_used)]
    for entry in std::fs::read_dir(from)
        .expect("list")
        .filter_map(Result::ok)
    {
        let target = to.join(entry.file_name());
        #[allow(clippy::expect_used)]
        let kind = entry.file_type().expect("type");
        if kind.is_symlink() {
            #[allow(clippy::expect_used)]
            let link = std::fs::read_link(entry.path()).expect("readlink");
            #[allow(clippy::expect_used)]
            std::os::unix::fs::symlink(link, &target).expect("symlink");
        } else if kind.is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            #[allow(clippy::expect_used)]
            std::fs::copy(entry.path(), &target).expect("copy");
            let _ = std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o644));
        }
    }
}

/// Writes 1 to `max` random bytes over random places of the used part of `file` (sled's
/// files are mostly zeros past their end); the number of bytes written.
///
/// # Panics
/// When the file cannot be read or written.
pub fn damage(file: &Path, rng: &mut Rng, max: usize) -> usize {
    #[allow(clippy::expect_used)]
    let mut bytes = std::fs::read(file).expect("read");
    if bytes.is_empty() {
        bytes = vec![0; 1 + rng.below(64)];
    }
    let used = bytes
        .iter()
        .rposition(|b| *b != 0)
        .map_or(bytes.len(), |i| i + 1);
    let n = 1 + rng.below(max.max(1));
    for _ in 0..n {
        let at = rng.below(used.max(1));
        let mut value = (rng.next_u64() & 0xff) as u8;
        if value == bytes[at] {
            value ^= 0x5a;
        }
        bytes[at] = value;
    }
    #[allow(clippy::expect_used)]
    std::fs::write(file, bytes).expect("write");
    n
}

/// Cuts `file` to a random length below its length (0 included); the new length.
///
/// # Panics
/// When the file cannot be read or written.
pub fn truncate(file: &Path, rng: &mut Rng) -> u64 {
    #[allow(clippy::expect_used)]
    let len = std::fs::metadata(file).expect("metadata").len();
    let to = match rng.below(4) {
        0 => 0,
        1 => len / 2,
        2 => len.saturating_sub(1),
        _ => rng.below(len as usize) as u64,
    };
    #[allow(clippy::expect_used)]
    let f = std::fs::OpenOptions::new()
        .write(true)
        .open(file)
        .expect("open");
    #[allow(clippy::expect_used)]
    f.set_len(to).expect("truncate");
    to
}

/// A private mount namespace holding a tmpfs of a chosen size at a directory: a disk that
/// fills up. Commands run in it through [`MountNs::wrap`] (`nsenter`); the mount vanishes
/// with the namespace when the holder process is dropped.
pub struct MountNs {
    holder: Child,
    dir: PathBuf,
}

impl MountNs {
    /// Mounts a tmpfs of `size` (`256k`, `2m`) at `dir` in a new mount namespace.
    ///
    /// # Errors
    /// Why it cannot be done here (no `unshare`, not permitted): the case is skipped then.
    pub fn tmpfs(dir: &Path, size: &str) -> Result<Self, String> {
        let script = format!(
            "mount -t tmpfs -o size={size},mode=0755 lexls-full-disk \"$1\" && echo ready && exec sleep 3600"
        );
        let mut holder = Command::new("unshare")
            .args(["-m", "--propagation", "private", "sh", "-c", &script, "sh"])
            .arg(dir)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot run unshare: {e}"))?;
        let mut line = String::new();
        if let Some(out) = holder.stdout.take() {
            use std::io::BufRead as _;
            let _ = std::io::BufReader::new(out).read_line(&mut line);
        }
        if line.trim() != "ready" {
            let _ = holder.kill();
            let mut err = String::new();
            if let Some(mut e) = holder.stderr.take() {
                let _ = e.read_to_string(&mut err);
            }
            let _ = holder.wait();
            return Err(format!(
                "cannot mount a tmpfs in a private mount namespace (unshare -m needs root or user namespaces): {}",
                err.trim()
            ));
        }
        let ns = Self {
            holder,
            dir: dir.to_path_buf(),
        };
        // Never act in our own namespace: the holder must be in another one.
        let mine = std::fs::read_link("/proc/self/ns/mnt").ok();
        let theirs = std::fs::read_link(format!("/proc/{}/ns/mnt", ns.holder.id())).ok();
        if mine.is_none() || mine == theirs {
            return Err("the tmpfs holder is not in a mount namespace of its own".into());
        }
        Ok(ns)
    }

    /// The command prefix that runs a program in the namespace.
    pub fn wrap(&self) -> Vec<OsString> {
        vec![
            "nsenter".into(),
            "-t".into(),
            self.holder.id().to_string().into(),
            "-m".into(),
            "--".into(),
        ]
    }

    /// Gives the tmpfs a new size (space returns, or runs out).
    ///
    /// # Errors
    /// The mount's message.
    pub fn resize(&self, size: &str) -> Result<(), String> {
        let out = Command::new("nsenter")
            .args([
                "-t",
                &self.holder.id().to_string(),
                "-m",
                "--",
                "mount",
                "-o",
            ])
            .arg(format!("remount,size={size}"))
            .arg(&self.dir)
            .output()
            .map_err(|e| e.to_string())?;
        if out.status.success() {
            Ok(())
        } else {
            Err(String::from_utf8_lossy(&out.stderr).into_owned())
        }
    }

    /// The manifest of the tmpfs as the namespace sees it (through `/proc/PID/root`).
    pub fn manifest(&self) -> Manifest {
        let seen = PathBuf::from(format!("/proc/{}/root", self.holder.id()))
            .join(self.dir.strip_prefix("/").unwrap_or(&self.dir));
        Manifest::of(&seen)
    }
}

impl Drop for MountNs {
    fn drop(&mut self) {
        let _ = self.holder.kill();
        let _ = self.holder.wait();
    }
}

/// The text of an output without the parts that echo the question (`rewrites`,
/// `kg_keywords`, `question`): what lexls says it found. Not JSON: the text as it is.
pub fn found_text(output: &str) -> String {
    match serde_json::from_str::<Value>(output) {
        Ok(mut v) => {
            strip_echoes(&mut v);
            v.to_string()
        }
        Err(_) => output.to_string(),
    }
}

fn strip_echoes(v: &mut Value) {
    match v {
        Value::Object(map) => {
            for key in ["rewrites", "kgKeywords", "question"] {
                map.remove(key);
            }
            map.values_mut().for_each(strip_echoes);
        }
        Value::Array(items) => items.iter_mut().for_each(strip_echoes),
        _ => {}
    }
}
