//! System-call tracing for the security checks (`tests/tests/security.rs`): runs a command
//! under `strace -f` (every thread and child process) and reads from its log which files
//! were opened for reading, which were opened for writing, created, renamed, deleted or
//! truncated, which paths were only looked at (`stat`, `access`, `readlink`), and which
//! sockets were made and connected.
//!
//! Paths are resolved as the kernel saw them: relative names against the directory file
//! descriptor strace shows (`-y`) or the working directory, and the result of a successful
//! `open` is the real path of the file opened (symbolic links resolved), so a link out of
//! the workspace shows as the file it points to.

use std::collections::{BTreeSet, HashMap};
use std::path::{Component, Path, PathBuf};
use std::process::{Command, Stdio};

/// The system calls traced.
const TRACED: &str = "trace=%file,%network,ftruncate";

/// Whether `strace` can trace here: `Err` says why not (not installed, ptrace not
/// permitted), and the checks are skipped saying so.
///
/// # Errors
/// The reason tracing is impossible.
pub fn available() -> Result<(), String> {
    let log = tempfile::NamedTempFile::new().map_err(|e| e.to_string())?;
    let out = Command::new("strace")
        .args(["-f", "-qq", "-e", "trace=openat", "-o"])
        .arg(log.path())
        .args(["--", "true"])
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("strace cannot be run ({e}); install it (apt-get install strace)"))?;
    if !out.status.success() {
        return Err(format!(
            "strace cannot trace here: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    let text = std::fs::read_to_string(log.path()).unwrap_or_default();
    if !text.contains("openat(") {
        return Err("strace ran but recorded no system call".into());
    }
    Ok(())
}

/// `cmd` (program, arguments, environment, working directory) run under `strace`, which
/// writes its log to `log`.
pub fn wrap(cmd: &Command, log: &Path) -> Command {
    let mut traced = Command::new("strace");
    traced
        .args([
            "-f",
            "-qq",
            "-y",
            "-s",
            "4096",
            "-e",
            TRACED,
            "-e",
            "signal=none",
            "-o",
        ])
        .arg(log)
        .arg("--")
        .arg(cmd.get_program())
        .args(cmd.get_args());
    for (k, v) in cmd.get_envs() {
        match v {
            Some(v) => traced.env(k, v),
            None => traced.env_remove(k),
        };
    }
    if let Some(dir) = cmd.get_current_dir() {
        traced.current_dir(dir);
    }
    traced
}

/// What a traced run touched.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// Files and folders opened for reading (also when the open failed): the path asked
    /// for and, when it succeeded, the real path opened.
    pub reads: BTreeSet<PathBuf>,
    /// Paths written: `(system call, path)` for opens with a write flag, creations,
    /// renames (both names), deletions, truncations, permission and time changes.
    pub writes: BTreeSet<(String, PathBuf)>,
    /// Paths only looked at (`stat`, `access`, `readlink`, `O_PATH` opens).
    pub looked_at: BTreeSet<PathBuf>,
    /// `socket` and `connect` calls of the internet families (`AF_INET`, `AF_INET6`), as
    /// logged.
    pub inet: Vec<String>,
    /// Other `socket` and `connect` calls (`AF_UNIX`, …), as logged.
    pub other_sockets: Vec<String>,
    /// System calls read from the log.
    pub calls: usize,
}

impl Report {
    /// Reads are not under any of `allowed` (folders or files).
    pub fn reads_outside(&self, allowed: &[PathBuf]) -> Vec<PathBuf> {
        self.reads
            .iter()
            .filter(|p| !under_any(p, allowed))
            .cloned()
            .collect()
    }

    /// Writes are not under any of `allowed`.
    pub fn writes_outside(&self, allowed: &[PathBuf]) -> Vec<(String, PathBuf)> {
        self.writes
            .iter()
            .filter(|(_, p)| !under_any(p, allowed))
            .cloned()
            .collect()
    }

    /// Every path the run touched in any way (read, written or looked at).
    pub fn touched(&self) -> BTreeSet<PathBuf> {
        let mut all = self.reads.clone();
        all.extend(self.writes.iter().map(|(_, p)| p.clone()));
        all.extend(self.looked_at.iter().cloned());
        all
    }
}

/// `path` is one of `dirs` or lies under one.
pub fn under_any(path: &Path, dirs: &[PathBuf]) -> bool {
    dirs.iter().any(|d| path.starts_with(d))
}

/// Reads the log `strace` wrote for a process started in `cwd`.
///
/// # Panics
/// When the log cannot be read.
pub fn read_log(log: &Path, cwd: &Path) -> Report {
    #[allow(clippy::expect_used)]
    let text = std::fs::read_to_string(log).expect("strace log");
    parse(&text, cwd)
}

/// Parses an `strace -f -y` log.
pub fn parse(text: &str, cwd: &Path) -> Report {
    let mut report = Report::default();
    let mut pending: HashMap<String, String> = HashMap::new();
    for line in text.lines() {
        let Some((pid, rest)) = line.split_once(' ') else {
            continue;
        };
        let rest = rest.trim_start();
        let full = if let Some(head) = rest.strip_suffix(" <unfinished ...>") {
            pending.insert(pid.to_string(), head.to_string());
            continue;
        } else if let Some(resumed) = rest.strip_prefix("<... ") {
            let Some((_, tail)) = resumed.split_once(" resumed>") else {
                continue;
            };
            match pending.remove(pid) {
                Some(head) => format!("{head}{tail}"),
                None => continue,
            }
        } else {
            rest.to_string()
        };
        if let Some(call) = Call::parse(&full) {
            report.calls += 1;
            call.record(cwd, &mut report);
        }
    }
    report
}

/// One system call of the log.
#[derive(Debug)]
struct Call {
    name: String,
    args: Vec<String>,
    result: String,
}

impl Call {
    /// `name(args) = result`.
    fn parse(line: &str) -> Option<Self> {
        let open = line.find('(')?;
        let name = &line[..open];
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return None;
        }
        let (args, close) = split_args(&line[open + 1..])?;
        let after = &line[open + 1 + close + 1..];
        let result = after.trim_start().strip_prefix('=')?.trim().to_string();
        Some(Self {
            name: name.to_string(),
            args,
            result,
        })
    }

    /// The real path of the file descriptor returned (`= 3</real/path>`).
    fn result_path(&self) -> Option<PathBuf> {
        annotated_path(self.result.split_whitespace().next()?)
    }

    fn failed(&self) -> bool {
        self.result.starts_with('-')
    }

    /// The paths named by the arguments: each quoted string, resolved against the
    /// directory descriptor before it (or `cwd`).
    fn paths(&self, cwd: &Path) -> Vec<PathBuf> {
        let mut out = Vec::new();
        for (i, arg) in self.args.iter().enumerate() {
            let Some(name) = unquote(arg) else { continue };
            let base = i
                .checked_sub(1)
                .and_then(|j| self.args.get(j))
                .and_then(|prev| dirfd_path(prev, cwd));
            let path = Path::new(&name);
            let full = if path.is_absolute() {
                path.to_path_buf()
            } else {
                base.unwrap_or_else(|| cwd.to_path_buf()).join(path)
            };
            out.push(normalize(&full));
        }
        out
    }

    fn record(&self, cwd: &Path, report: &mut Report) {
        let name = self.name.as_str();
        let all_args = self.args.join(", ");
        match name {
            "socket" | "connect" | "bind" | "sendto" | "sendmsg" => {
                let line = format!("{name}({all_args}) = {}", self.result);
                if all_args.contains("AF_INET") {
                    report.inet.push(line);
                } else if name == "socket" || name == "connect" {
                    report.other_sockets.push(line);
                }
            }
            "open" | "openat" | "openat2" | "creat" => {
                let write = name == "creat"
                    || ["O_WRONLY", "O_RDWR", "O_CREAT", "O_TRUNC", "O_APPEND"]
                        .iter()
                        .any(|f| all_args.contains(f));
                let mut paths = self.paths(cwd);
                if !self.failed()
                    && let Some(real) = self.result_path()
                {
                    paths.push(real);
                }
                for p in paths {
                    if write {
                        report.writes.insert((name.to_string(), p));
                    } else if all_args.contains("O_PATH") {
                        report.looked_at.insert(p);
                    } else {
                        report.reads.insert(p);
                    }
                }
            }
            "execve" | "execveat" => {
                if let Some(p) = self.paths(cwd).into_iter().next() {
                    report.reads.insert(p);
                }
            }
            "ftruncate" => {
                if let Some(p) = self.args.first().and_then(|a| annotated_path(a)) {
                    report.writes.insert((name.to_string(), p));
                }
            }
            "mkdir" | "mkdirat" | "rename" | "renameat" | "renameat2" | "unlink" | "unlinkat"
            | "rmdir" | "link" | "linkat" | "symlink" | "symlinkat" | "truncate" | "chmod"
            | "fchmodat" | "fchmodat2" | "chown" | "lchown" | "fchownat" | "utime" | "utimes"
            | "utimensat" | "futimesat" | "mknod" | "mknodat" | "setxattr" | "lsetxattr"
            | "removexattr" | "lremovexattr" => {
                let paths = self.paths(cwd);
                // A symlink's target (its first string) is not written, only its name.
                let skip = usize::from(name == "symlink" || name == "symlinkat");
                for p in paths.into_iter().skip(skip) {
                    report.writes.insert((name.to_string(), p));
                }
            }
            _ => {
                for p in self.paths(cwd) {
                    report.looked_at.insert(p);
                }
            }
        }
    }
}

/// Splits `args…) = result` at top-level commas; the arguments and the index of the
/// closing parenthesis.
fn split_args(text: &str) -> Option<(Vec<String>, usize)> {
    let mut args = Vec::new();
    let mut depth = 0usize;
    let mut in_str = false;
    let mut escaped = false;
    let mut start = 0;
    for (i, c) in text.char_indices() {
        if in_str {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_str = false;
            }
            continue;
        }
        match c {
            '"' => in_str = true,
            '(' | '[' | '{' | '<' => depth += 1,
            ']' | '}' | '>' => depth = depth.saturating_sub(1),
            ')' if depth == 0 => {
                let last = text[start..i].trim();
                if !last.is_empty() {
                    args.push(last.to_string());
                }
                return Some((args, i));
            }
            ')' => depth -= 1,
            ',' if depth == 0 => {
                args.push(text[start..i].trim().to_string());
                start = i + 1;
            }
            _ => {}
        }
    }
    None
}

/// The string of a quoted argument (`"…"`, possibly followed by `...` when cut), with
/// strace's escapes undone.
fn unquote(arg: &str) -> Option<String> {
    let body = arg.strip_prefix('"')?;
    let end = body.rfind('"')?;
    let body = &body[..end];
    let mut out = Vec::new();
    let bytes = body.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'\\' && i + 1 < bytes.len() {
            let c = bytes[i + 1];
            match c {
                b'x' if i + 3 < bytes.len() + 1 => {
                    let hex = std::str::from_utf8(&bytes[i + 2..(i + 4).min(bytes.len())]).ok()?;
                    out.push(u8::from_str_radix(hex, 16).ok()?);
                    i += 4;
                    continue;
                }
                b'0'..=b'7' => {
                    let mut j = i + 1;
                    let mut v = 0u32;
                    while j < bytes.len() && j < i + 4 && (b'0'..=b'7').contains(&bytes[j]) {
                        v = v * 8 + u32::from(bytes[j] - b'0');
                        j += 1;
                    }
                    out.push(v as u8);
                    i = j;
                    continue;
                }
                b'n' => out.push(b'\n'),
                b't' => out.push(b'\t'),
                b'r' => out.push(b'\r'),
                other => out.push(other),
            }
            i += 2;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    Some(String::from_utf8_lossy(&out).into_owned())
}

/// The path in `3</path>` or `AT_FDCWD</path>`.
fn annotated_path(arg: &str) -> Option<PathBuf> {
    let start = arg.find("</")?;
    let end = arg.rfind('>')?;
    (end > start + 1).then(|| PathBuf::from(&arg[start + 1..end]))
}

/// The directory a directory-descriptor argument stands for: `AT_FDCWD` (the working
/// directory), `AT_FDCWD</dir>` or `5</dir>`.
fn dirfd_path(arg: &str, cwd: &Path) -> Option<PathBuf> {
    if let Some(p) = annotated_path(arg) {
        return Some(p);
    }
    (arg == "AT_FDCWD").then(|| cwd.to_path_buf())
}

/// `path` with `.` and `..` applied (lexically).
pub fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_log_gives_reads_writes_and_sockets() {
        let log = r#"100 openat(AT_FDCWD</work>, "/etc/ld.so.cache", O_RDONLY|O_CLOEXEC) = 3</etc/ld.so.cache>
100 openat(AT_FDCWD</work>, "ws/link.md", O_RDONLY|O_CLOEXEC) = 4</outside/secret.md>
101 openat(5</idx/bm25>, "meta.json", O_RDWR|O_CREAT|O_TRUNC, 0644 <unfinished ...>
100 statx(AT_FDCWD</work>, "/etc/passwd", AT_STATX_SYNC_AS_STAT, STATX_ALL, 0x7ffc) = 0
101 <... openat resumed>) = 6</idx/bm25/meta.json>
100 renameat2(AT_FDCWD</work>, "/idx/a.tmp", AT_FDCWD</work>, "/idx/a", RENAME_NOREPLACE) = 0
100 unlinkat(7</idx/store>, "snap.01", 0) = 0
100 openat(AT_FDCWD, "missing/x", O_RDONLY) = -1 ENOENT (No such file or directory)
100 socket(AF_INET, SOCK_STREAM|SOCK_CLOEXEC|SOCK_NONBLOCK, IPPROTO_TCP) = 8<socket:[1]>
100 connect(8<socket:[1]>, {sa_family=AF_INET, sin_port=htons(8080), sin_addr=inet_addr("127.0.0.1")}, 16) = -1 EINPROGRESS (Operation now in progress)
100 socket(AF_UNIX, SOCK_STREAM, 0) = 9<socket:[2]>
"#;
        let r = parse(log, Path::new("/work"));
        assert!(r.reads.contains(Path::new("/etc/ld.so.cache")));
        assert!(r.reads.contains(Path::new("/work/ws/link.md")));
        assert!(r.reads.contains(Path::new("/outside/secret.md")));
        assert!(r.reads.contains(Path::new("/work/missing/x")));
        assert!(
            r.writes
                .contains(&("openat".into(), PathBuf::from("/idx/bm25/meta.json")))
        );
        assert!(
            r.writes
                .contains(&("renameat2".into(), PathBuf::from("/idx/a.tmp")))
        );
        assert!(
            r.writes
                .contains(&("unlinkat".into(), PathBuf::from("/idx/store/snap.01")))
        );
        assert!(r.looked_at.contains(Path::new("/etc/passwd")));
        assert_eq!(r.inet.len(), 2, "{:?}", r.inet);
        assert_eq!(r.other_sockets.len(), 1);
        assert_eq!(
            r.reads_outside(&[PathBuf::from("/work"), PathBuf::from("/etc")]),
            vec![PathBuf::from("/outside/secret.md")]
        );
    }
}
