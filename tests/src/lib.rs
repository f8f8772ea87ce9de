//! End-to-end test support: builds the `lexls` binary, starts `lexls serve` and speaks
//! JSON-RPC over its stdio as an editor does (framing by `lsp-server`, the library
//! rust-analyzer uses).

use std::io::{BufReader, Read as _};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

pub mod faults;
pub mod llm;
pub mod rpc;
pub mod trace;

use lsp_server::{Message, Notification, Request, RequestId, Response};
use serde_json::{Value, json};

/// The `lexls` binary (and `lexls-eval` beside it), built once per test process with the
/// profile of the tests.
///
/// # Panics
/// When the binary does not build.
pub fn lexls_bin() -> PathBuf {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| {
        if let Some(bin) = std::env::var_os("LEXLS_BIN") {
            return PathBuf::from(bin);
        }
        // `lexls eval …` runs `lexls-eval` from beside `lexls`: build both.
        #[allow(clippy::expect_used)]
        let eval = escargot::CargoBuild::new()
            .package("lexls")
            .bin("lexls-eval")
            .current_release()
            .run()
            .expect("cargo builds lexls-eval");
        drop(eval);
        #[allow(clippy::expect_used)]
        let built = escargot::CargoBuild::new()
            .package("lexls")
            .bin("lexls")
            // No `--target`: the build shares the dependencies the tests were built with
            // (with `--target` cargo compiles every dependency a second time).
            .current_release()
            .run()
            .expect("cargo builds lexls");
        built.path().to_path_buf()
    })
    .clone()
}

/// The repository root.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map_or_else(|| PathBuf::from(".."), Path::to_path_buf)
}

/// An example workspace of the repository (`examples/<name>`).
pub fn example(name: &str) -> PathBuf {
    repo_root().join("examples").join(name)
}

/// A copy of an example workspace in a temporary directory, for tests that change files.
///
/// # Panics
/// When the example cannot be copied.
pub fn example_copy(name: &str) -> tempfile::TempDir {
    fn copy(from: &Path, to: &Path) -> std::io::Result<()> {
        std::fs::create_dir_all(to)?;
        for entry in std::fs::read_dir(from)? {
            let entry = entry?;
            let target = to.join(entry.file_name());
            if entry.file_type()?.is_dir() {
                copy(&entry.path(), &target)?;
            } else {
                std::fs::copy(entry.path(), target)?;
            }
        }
        Ok(())
    }
    #[allow(clippy::expect_used)]
    let dir = tempfile::tempdir().expect("temp dir");
    #[allow(clippy::expect_used)]
    copy(&example(name), dir.path()).expect("example copied");
    dir
}

/// A test workspace of the repository (`tests/fixtures/<name>`).
pub fn fixture(name: &str) -> PathBuf {
    repo_root().join("tests").join("fixtures").join(name)
}

/// The default embedding model's directory and ONNX Runtime library where lexls looks for
/// them (`LEXLS_MODEL_DIR`, `ORT_DYLIB_PATH`, else the user cache that
/// `scripts/fetch-models.sh` fills), canonical, when both are installed and
/// `LEXLS_NO_MODEL` is unset. Tests that run lexls in a sandbox with another home pass them on.
pub fn model_env() -> Option<(PathBuf, PathBuf)> {
    if std::env::var_os("LEXLS_NO_MODEL").is_some() {
        return None;
    }
    let cache = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))?;
    let dir = std::env::var_os("LEXLS_MODEL_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| cache.join("lexls/models/all-MiniLM-L6-v2"));
    let runtime = std::env::var_os("ORT_DYLIB_PATH")
        .map(PathBuf::from)
        .or_else(|| {
            dir.parent()
                .map(|p| p.join("onnxruntime/libonnxruntime.so.1.31.0"))
        })?;
    let installed = dir.join("model.onnx").is_file()
        && dir.join("tokenizer.json").is_file()
        && runtime.is_file();
    installed.then(|| {
        (
            dir.canonicalize().unwrap_or(dir),
            runtime.canonicalize().unwrap_or(runtime),
        )
    })
}

/// Whether the default embedding model and runtime are installed (by
/// `scripts/fetch-models.sh`) where lexls looks for them ([`model_env`]).
pub fn model_available() -> bool {
    model_env().is_some()
}

/// A file URI.
pub fn uri(path: &Path) -> String {
    let path = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    format!("file://{}", path.display()).replace(' ', "%20")
}

/// A language client driving `lexls serve`.
pub struct LspClient {
    child: Child,
    stdin: ChildStdin,
    messages: Receiver<Message>,
    next_id: i32,
    /// Notifications received so far.
    pub notifications: Vec<Notification>,
    /// Requests the server sent to the client (method names).
    pub server_requests: Vec<String>,
    /// What the client answers to `workspace/configuration` for section `lexls`.
    pub settings: Value,
    /// Responses to requests the client is not waiting for (sent with [`Self::send_raw`]).
    pub responses: Vec<Response>,
    /// The server's stderr, when captured ([`Self::spawn_captured`]).
    stderr: Option<Arc<Mutex<Vec<u8>>>>,
    stderr_reader: Option<std::thread::JoinHandle<()>>,
    odd: Arc<Mutex<Vec<Value>>>,
    _index: Option<tempfile::TempDir>,
}

/// Reads one message body framed by a `Content-Length` header; `None` at the end.
fn read_frame(reader: &mut impl std::io::BufRead) -> std::io::Result<Option<Vec<u8>>> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 {
            return Ok(None);
        }
        let line = line.trim_end();
        if line.is_empty() {
            if length.is_some() {
                break;
            }
            continue;
        }
        if let Some((k, v)) = line.split_once(':')
            && k.eq_ignore_ascii_case("content-length")
        {
            length = v.trim().parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length.unwrap_or(0)];
    reader.read_exact(&mut body)?;
    Ok(Some(body))
}

/// How a server session ended ([`LspClient::finish`]).
#[derive(Debug)]
pub struct Finished {
    /// `shutdown` was answered and the server exited with status 0 within 20 seconds.
    pub clean: bool,
    /// `shutdown` was answered.
    pub answered: bool,
    /// The exit status (`None`: the server had to be killed).
    pub status: Option<ExitStatus>,
    /// What the server wrote on stderr (when captured).
    pub stderr: String,
}

const TIMEOUT: Duration = Duration::from_secs(120);

impl LspClient {
    /// Starts `lexls serve` with a private index directory and the given extra environment.
    ///
    /// # Panics
    /// When the server cannot be started.
    pub fn start(env: &[(&str, &str)]) -> Self {
        #[allow(clippy::expect_used)]
        let index = tempfile::tempdir().expect("temp dir");
        let mut cmd = Command::new(lexls_bin());
        cmd.arg("serve")
            .env("LEXLS_INDEX_DIR", index.path())
            .env("LEXLS_LOG", "warn")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        for (k, v) in env {
            cmd.env(k, v);
        }
        Self::launch(cmd, Some(index), false)
    }

    /// Starts a prepared command that runs `lexls serve` (its program, arguments and
    /// environment as given: a wrapper such as `strace` or `nsenter` may come first), with
    /// stdin and stdout piped and stderr captured ([`Self::stderr`], [`Self::finish`]).
    ///
    /// # Panics
    /// When the command cannot be started.
    pub fn spawn_captured(cmd: Command) -> Self {
        Self::launch(cmd, None, true)
    }

    fn launch(mut cmd: Command, index: Option<tempfile::TempDir>, capture: bool) -> Self {
        cmd.stdin(Stdio::piped()).stdout(Stdio::piped());
        if capture {
            cmd.stderr(Stdio::piped());
        }
        #[allow(clippy::expect_used)]
        let mut child = cmd.spawn().expect("lexls serve starts");
        #[allow(clippy::expect_used)]
        let stdin = child.stdin.take().expect("stdin");
        #[allow(clippy::expect_used)]
        let stdout = child.stdout.take().expect("stdout");
        let (stderr, stderr_reader) = match child.stderr.take() {
            Some(mut pipe) => {
                let log: Arc<Mutex<Vec<u8>>> = Arc::default();
                let sink = log.clone();
                let reader = std::thread::spawn(move || {
                    let mut buf = [0u8; 8192];
                    while let Ok(n) = pipe.read(&mut buf) {
                        if n == 0 {
                            break;
                        }
                        if let Ok(mut log) = sink.lock() {
                            // Keep the first 8 MiB: a log that long already says enough.
                            let room = (8usize << 20).saturating_sub(log.len());
                            log.extend_from_slice(&buf[..n.min(room)]);
                        }
                    }
                });
                (Some(log), Some(reader))
            }
            None => (None, None),
        };
        let (tx, rx) = channel();
        let odd: Arc<Mutex<Vec<Value>>> = Arc::default();
        let odd_sink = odd.clone();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Ok(Some(body)) = read_frame(&mut reader) {
                match serde_json::from_slice::<Message>(&body) {
                    Ok(msg) => {
                        if tx.send(msg).is_err() {
                            break;
                        }
                    }
                    Err(_) => {
                        let value = serde_json::from_slice(&body).unwrap_or_else(|_| {
                            Value::String(String::from_utf8_lossy(&body).into_owned())
                        });
                        if let Ok(mut odd) = odd_sink.lock() {
                            odd.push(value);
                        }
                    }
                }
            }
        });
        Self {
            child,
            stdin,
            messages: rx,
            next_id: 1,
            notifications: Vec::new(),
            server_requests: Vec::new(),
            settings: json!({}),
            responses: Vec::new(),
            stderr,
            stderr_reader,
            odd,
            _index: index,
        }
    }

    /// Messages from the server that are not LSP messages `lsp-server` reads (a response
    /// whose id is null, as JSON-RPC answers a request whose id could not be read).
    pub fn odd_messages(&self) -> Vec<Value> {
        self.odd.lock().map(|o| o.clone()).unwrap_or_default()
    }

    /// What the server wrote on stderr so far (empty unless captured).
    pub fn stderr(&self) -> String {
        self.stderr
            .as_ref()
            .and_then(|log| {
                log.lock()
                    .ok()
                    .map(|l| String::from_utf8_lossy(&l).into_owned())
            })
            .unwrap_or_default()
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The exit status when the server has exited.
    pub fn exit_status(&mut self) -> Option<ExitStatus> {
        self.child.try_wait().ok().flatten()
    }

    fn send(&mut self, msg: Message) {
        #[allow(clippy::expect_used)]
        msg.write(&mut self.stdin)
            .expect("server accepts the message");
    }

    /// Handles one incoming message; returns a response to `id` if it is one.
    fn handle(&mut self, msg: Message, id: &RequestId) -> Option<Response> {
        match msg {
            Message::Response(r) if &r.id == id => return Some(r),
            Message::Response(r) => self.responses.push(r),
            Message::Notification(n) => self.notifications.push(n),
            Message::Request(req) => {
                self.server_requests.push(req.method.clone());
                let result = match req.method.as_str() {
                    "workspace/configuration" => json!([self.settings.clone()]),
                    _ => Value::Null,
                };
                self.send(Message::Response(Response::new_ok(req.id, result)));
            }
        }
        None
    }

    /// Sends a request and waits for its response (`Err` carries a JSON-RPC error).
    ///
    /// # Panics
    /// When the server does not answer within two minutes.
    pub fn try_request(&mut self, method: &str, params: Value) -> Result<Value, Value> {
        match self.try_request_within(method, params, TIMEOUT) {
            Some(result) => result,
            None => panic!("no response to {method} within {TIMEOUT:?}"),
        }
    }

    /// Sends a request and waits at most `timeout` for its response: `None` when none
    /// came (`Err` carries a JSON-RPC error).
    ///
    /// # Panics
    /// When the server exits.
    pub fn try_request_within(
        &mut self,
        method: &str,
        params: Value,
        timeout: Duration,
    ) -> Option<Result<Value, Value>> {
        let id = self.next_id;
        self.next_id += 1;
        self.send(Message::Request(Request::new(
            RequestId::from(id),
            method.to_string(),
            params,
        )));
        self.wait_response(id, timeout)
    }

    /// Waits at most `timeout` for the response to request `id` (also among those already
    /// received): `None` when none came.
    ///
    /// # Panics
    /// When the server exits.
    pub fn wait_response(&mut self, id: i32, timeout: Duration) -> Option<Result<Value, Value>> {
        let id = RequestId::from(id);
        let result = |resp: Response| match resp.response_result {
            Err(e) => Err(json!({"code": e.code, "message": e.message})),
            Ok(v) => Ok(v),
        };
        if let Some(i) = self.responses.iter().position(|r| r.id == id) {
            return Some(result(self.responses.remove(i)));
        }
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.messages.recv_timeout(left) {
                Ok(msg) => {
                    if let Some(resp) = self.handle(msg, &id) {
                        return Some(result(resp));
                    }
                }
                Err(RecvTimeoutError::Timeout) => return None,
                Err(RecvTimeoutError::Disconnected) => panic!("the server exited"),
            }
        }
    }

    /// Sends a request and returns its result.
    ///
    /// # Panics
    /// On a JSON-RPC error or no answer.
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        match self.try_request(method, params) {
            Ok(v) => v,
            Err(e) => panic!("{method} failed: {e}"),
        }
    }

    /// Sends a notification.
    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(Message::Notification(Notification::new(
            method.to_string(),
            params,
        )));
    }

    /// Writes raw bytes to the server (for malformed-input tests).
    ///
    /// # Panics
    /// When the pipe is closed.
    pub fn send_raw(&mut self, bytes: &[u8]) {
        use std::io::Write as _;
        #[allow(clippy::expect_used)]
        self.stdin.write_all(bytes).expect("write");
        #[allow(clippy::expect_used)]
        self.stdin.flush().expect("flush");
    }

    /// Waits for a notification matching `method` and `pred` (also among those already
    /// received) and returns its params.
    ///
    /// # Panics
    /// When none arrives within two minutes.
    pub fn wait_notification(&mut self, method: &str, pred: impl Fn(&Value) -> bool) -> Value {
        match self.wait_notification_within(method, pred, TIMEOUT) {
            Some(params) => params,
            None => panic!("no {method} notification within {TIMEOUT:?}"),
        }
    }

    /// Waits at most `timeout` for a notification matching `method` and `pred` (also among
    /// those already received) and returns its params; `None` when none came.
    pub fn wait_notification_within(
        &mut self,
        method: &str,
        pred: impl Fn(&Value) -> bool,
        timeout: Duration,
    ) -> Option<Value> {
        if let Some(n) = self
            .notifications
            .iter()
            .rev()
            .find(|n| n.method == method && pred(&n.params))
        {
            return Some(n.params.clone());
        }
        let deadline = Instant::now() + timeout;
        let none = RequestId::from(-1);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.messages.recv_timeout(left) {
                Ok(msg) => {
                    let _ = self.handle(msg, &none);
                    if let Some(n) = self.notifications.last()
                        && n.method == method
                        && pred(&n.params)
                    {
                        return Some(n.params.clone());
                    }
                }
                Err(_) => return None,
            }
        }
    }

    /// `initialize` + `initialized` on `root`, with work-done progress support.
    pub fn initialize(&mut self, root: &Path, options: Value) -> Value {
        let result = self.request(
            "initialize",
            json!({
                "processId": null,
                "rootUri": uri(root),
                "workspaceFolders": [{"uri": uri(root), "name": "workspace"}],
                "initializationOptions": options,
                "capabilities": {
                    "window": {"workDoneProgress": true},
                    "workspace": {
                        "configuration": true,
                        "didChangeWatchedFiles": {"dynamicRegistration": true},
                    },
                    "textDocument": {"hover": {"contentFormat": ["markdown"]}},
                },
            }),
        );
        self.notify("initialized", json!({}));
        result
    }

    /// Waits until the initial indexing finished (its progress ended).
    pub fn wait_indexed(&mut self) {
        self.wait_notification("$/progress", |p| {
            p["token"] == "lexls/indexing" && p["value"]["kind"] == "end"
        });
    }

    /// Waits until every passage is embedded (or the server has no model), so that an
    /// answer does not depend on how far the background embedding got.
    ///
    /// # Panics
    /// When that takes more than two minutes.
    pub fn wait_embedded(&mut self) {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
        loop {
            let s = self.request("lexls/status", Value::Null);
            let e = &s["embedding"];
            if s["model"]["loaded"] != true || (e["total"].is_u64() && e["done"] == e["total"]) {
                return;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "passages still being embedded after 2 minutes: {s}"
            );
            std::thread::sleep(std::time::Duration::from_millis(200));
        }
    }

    /// Opens a file of the workspace in the "editor"; returns its URI and text.
    ///
    /// # Panics
    /// When the file cannot be read.
    pub fn open(&mut self, path: &Path) -> (String, String) {
        #[allow(clippy::expect_used)]
        let text = std::fs::read_to_string(path).expect("file to open");
        let uri = uri(path);
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}}),
        );
        (uri, text)
    }

    /// `textDocument/definition` at `pos` of `uri`.
    pub fn definition(&mut self, uri: &str, pos: &Value) -> Value {
        self.request(
            "textDocument/definition",
            json!({"textDocument": {"uri": uri}, "position": pos}),
        )
    }

    /// The quick fixes `textDocument/codeAction` offers for `diagnostic` of `uri`.
    ///
    /// # Panics
    /// When the result is not a list of actions.
    pub fn quick_fixes(&mut self, uri: &str, diagnostic: &Value) -> Vec<Value> {
        let actions = self.request(
            "textDocument/codeAction",
            json!({"textDocument": {"uri": uri}, "range": diagnostic["range"], "context": {"diagnostics": [diagnostic]}}),
        );
        #[allow(clippy::expect_used)]
        actions
            .as_array()
            .expect("actions")
            .iter()
            .filter(|a| a["kind"] == "quickfix")
            .cloned()
            .collect()
    }

    /// Shuts the server down and waits for it to exit; returns its exit status success.
    pub fn shutdown(self) -> bool {
        self.finish().clean
    }

    /// Shuts the server down (`shutdown`, answered within a minute, then `exit`) and waits
    /// at most 20 seconds for it to exit (then kills it); says how it ended, with its stderr when captured. Never
    /// panics, also when the server is gone already.
    pub fn finish(mut self) -> Finished {
        let answered = self.exit_status().is_none()
            && matches!(self.try_finish_request("shutdown"), Some(Ok(_)));
        if answered {
            use std::io::Write as _;
            let exit = Message::Notification(Notification::new("exit".into(), Value::Null));
            let _ = exit
                .write(&mut self.stdin)
                .and_then(|()| self.stdin.flush());
        }
        let deadline = Instant::now() + Duration::from_secs(20);
        let mut status = None;
        while Instant::now() < deadline {
            if let Ok(Some(s)) = self.child.try_wait() {
                status = Some(s);
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        if status.is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
        if let Some(reader) = self.stderr_reader.take() {
            let _ = reader.join();
        }
        Finished {
            clean: answered && status.is_some_and(|s| s.success()),
            answered,
            status,
            stderr: self.stderr(),
        }
    }

    /// Sends `method` (no params) and waits a minute for its answer, without panicking when
    /// the server is gone.
    fn try_finish_request(&mut self, method: &str) -> Option<Result<Value, Value>> {
        use std::io::Write as _;
        let id = self.next_id;
        self.next_id += 1;
        let msg = Message::Request(Request::new(
            RequestId::from(id),
            method.to_string(),
            Value::Null,
        ));
        msg.write(&mut self.stdin)
            .and_then(|()| self.stdin.flush())
            .ok()?;
        let id = RequestId::from(id);
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let msg = self.messages.recv_timeout(left).ok()?;
            if let Some(resp) = self.handle(msg, &id) {
                return Some(match resp.response_result {
                    Err(e) => Err(json!({"code": e.code, "message": e.message})),
                    Ok(v) => Ok(v),
                });
            }
        }
    }
}

impl Drop for LspClient {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The 0-based line of the first occurrence of `needle` in the file at `path`.
///
/// # Panics
/// When the file cannot be read or does not contain `needle`.
pub fn line_of(path: &Path, needle: &str) -> u64 {
    #[allow(clippy::expect_used)]
    let text = std::fs::read_to_string(path).expect("file");
    #[allow(clippy::expect_used)]
    let at = text.find(needle).expect("needle in file");
    text[..at].matches('\n').count() as u64
}

/// The LSP position (line, UTF-16 character) of the `nth` occurrence of `needle` in
/// `text`, plus `offset` characters.
///
/// # Panics
/// When `needle` does not occur `nth + 1` times.
pub fn position_of(text: &str, needle: &str, nth: usize, offset: usize) -> Value {
    #[allow(clippy::expect_used)]
    let (at, _) = text
        .match_indices(needle)
        .nth(nth)
        .expect("needle occurs in the text");
    let before = &text[..at];
    let line = before.matches('\n').count();
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let col: usize = text[line_start..at].encode_utf16().count() + offset;
    json!({"line": line, "character": col})
}
