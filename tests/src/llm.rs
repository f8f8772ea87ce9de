//! LLM servers for tests: a scripted OpenAI-compatible server ([`ScriptedLlm`]) that serves
//! canned replies, and a real llama.cpp `llama-server` ([`LlamaServer`]) when the environment
//! names one (`LEXLS_TEST_LLAMA_SERVER`, `LEXLS_TEST_LLAMA_MODEL`; see
//! `scripts/llama-server.sh`).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// One canned reply of [`ScriptedLlm`].
#[derive(Debug, Clone)]
pub enum Reply {
    /// Streams the text as chat-completion chunks, then `finish_reason: stop` and
    /// `data: [DONE]`.
    Stream(String),
    /// Waits, then streams the text (a timeout when the wait is past `timeout_s`).
    Delayed(Duration, String),
    /// Streams the text, then stalls without ending the stream.
    Stall(String),
    /// Streams the text and closes the connection without `[DONE]` or a finish reason.
    CutOff(String),
    /// Answers with this HTTP status and body.
    Status(u16, String),
    /// Answers 200 `text/event-stream` with this raw body.
    Raw(String),
    /// Reads the request and never answers (the connection stays open for ten minutes).
    Hang,
    /// Reads the request and closes the connection without a byte of reply.
    Close,
    /// Answers 200 `application/json` (not a stream) with a `Content-Length` of `bytes` and
    /// a body that opens a chat completion and never closes it (`aaaa…`), as fast as the
    /// connection takes it. Stops early when the client closes the connection.
    HugeBody {
        /// Body length, bytes.
        bytes: usize,
    },
    /// Streams this text again and again, one chunk every interval, and never ends.
    Endless(String, Duration),
    /// A well-formed stream of about `bytes` bytes of text as fast as the connection takes
    /// it: chunks of `piece` repeated (about 4 KiB each), then `finish_reason: stop` and
    /// `data: [DONE]`. Stops early when the client closes the connection.
    Huge {
        /// The text repeated.
        piece: String,
        /// Total text, bytes.
        bytes: usize,
    },
}

/// A scripted OpenAI-compatible chat-completions server on a free local port. The `n`-th
/// request gets the `n`-th reply (the last one repeats).
pub struct ScriptedLlm {
    /// Base URL (`http://127.0.0.1:PORT/v1`).
    pub url: String,
    requests: Arc<Mutex<Vec<Value>>>,
}

impl ScriptedLlm {
    /// Starts the server.
    ///
    /// # Panics
    /// When no local port can be bound.
    pub fn start(replies: Vec<Reply>) -> Self {
        #[allow(clippy::expect_used)]
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind a local port");
        #[allow(clippy::expect_used)]
        let port = listener.local_addr().expect("local address").port();
        let requests: Arc<Mutex<Vec<Value>>> = Arc::default();
        let replies = Arc::new(replies);
        let count = Arc::new(AtomicUsize::new(0));
        let seen = requests.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(stream) = stream else { continue };
                let (replies, count, seen) = (replies.clone(), count.clone(), seen.clone());
                std::thread::spawn(move || {
                    let _ = serve_one(stream, &replies, &count, &seen);
                });
            }
        });
        Self {
            url: format!("http://127.0.0.1:{port}/v1"),
            requests,
        }
    }

    /// The JSON bodies of the requests received so far.
    pub fn requests(&self) -> Vec<Value> {
        self.requests.lock().map(|r| r.clone()).unwrap_or_default()
    }
}

fn serve_one(
    stream: TcpStream,
    replies: &[Reply],
    count: &AtomicUsize,
    seen: &Mutex<Vec<Value>>,
) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut length = 0usize;
    let mut request_line = String::new();
    reader.read_line(&mut request_line)?;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 || line.trim().is_empty() {
            break;
        }
        if let Some((k, v)) = line.split_once(':')
            && k.eq_ignore_ascii_case("content-length")
        {
            length = v.trim().parse().unwrap_or(0);
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body)?;
    if let Ok(mut s) = seen.lock() {
        s.push(serde_json::from_slice(&body).unwrap_or(Value::Null));
    }
    let n = count.fetch_add(1, Ordering::SeqCst);
    let Some(reply) = replies.get(n).or(replies.last()) else {
        return Ok(());
    };
    let mut out = stream;
    let sse_head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n";
    match reply {
        Reply::Stream(text) => {
            out.write_all(sse_head.as_bytes())?;
            stream_text(&mut out, text)?;
            finish(&mut out)?;
        }
        Reply::Delayed(wait, text) => {
            std::thread::sleep(*wait);
            out.write_all(sse_head.as_bytes())?;
            stream_text(&mut out, text)?;
            finish(&mut out)?;
        }
        Reply::Stall(text) => {
            out.write_all(sse_head.as_bytes())?;
            stream_text(&mut out, text)?;
            std::thread::sleep(Duration::from_secs(60));
        }
        Reply::CutOff(text) => {
            out.write_all(sse_head.as_bytes())?;
            stream_text(&mut out, text)?;
        }
        Reply::Status(status, body) => {
            write!(
                out,
                "HTTP/1.1 {status} Error\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            )?;
        }
        Reply::Raw(body) => {
            out.write_all(sse_head.as_bytes())?;
            out.write_all(body.as_bytes())?;
        }
        Reply::Hang => std::thread::sleep(Duration::from_secs(600)),
        Reply::Close => {
            out.shutdown(std::net::Shutdown::Both)?;
            return Ok(());
        }
        Reply::HugeBody { bytes } => {
            write!(
                out,
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {bytes}\r\nConnection: close\r\n\r\n"
            )?;
            let head = br#"{"object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":""#;
            let mut buffered = std::io::BufWriter::with_capacity(1 << 16, &mut out);
            buffered.write_all(head)?;
            let block = [b'a'; 1 << 16];
            let mut sent = head.len();
            while sent < *bytes {
                let n = block.len().min(bytes - sent);
                buffered.write_all(&block[..n])?;
                sent += n;
            }
            buffered.flush()?;
        }
        Reply::Endless(text, every) => {
            out.write_all(sse_head.as_bytes())?;
            loop {
                write_chunk(&mut out, text)?;
                std::thread::sleep(*every);
            }
        }
        Reply::Huge { piece, bytes } => {
            out.write_all(sse_head.as_bytes())?;
            let chunk_text = piece.repeat((4096 / piece.len().max(1)).max(1));
            let chunk = json!({
                "object": "chat.completion.chunk",
                "choices": [{"index": 0, "delta": {"content": chunk_text}, "finish_reason": null}],
            });
            let event = format!("data: {chunk}\n\n");
            let mut sent = 0;
            let mut buffered = std::io::BufWriter::with_capacity(1 << 16, &mut out);
            while sent < *bytes {
                buffered.write_all(event.as_bytes())?;
                sent += chunk_text.len();
            }
            buffered.flush()?;
            drop(buffered);
            finish(&mut out)?;
        }
    }
    out.flush()
}

/// Writes one chat-completion chunk carrying `text`.
fn write_chunk(out: &mut TcpStream, text: &str) -> std::io::Result<()> {
    let chunk = json!({
        "object": "chat.completion.chunk",
        "choices": [{"index": 0, "delta": {"content": text}, "finish_reason": null}],
    });
    write!(out, "data: {chunk}\n\n")?;
    out.flush()
}

/// Streams `text` in pieces of a few characters, as a model does.
fn stream_text(out: &mut TcpStream, text: &str) -> std::io::Result<()> {
    let chars: Vec<char> = text.chars().collect();
    for piece in chars.chunks(6) {
        let piece: String = piece.iter().collect();
        write_chunk(out, &piece)?;
        std::thread::sleep(Duration::from_millis(2));
    }
    Ok(())
}

fn finish(out: &mut TcpStream) -> std::io::Result<()> {
    let chunk = json!({
        "object": "chat.completion.chunk",
        "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}],
    });
    write!(out, "data: {chunk}\n\ndata: [DONE]\n\n")
}

/// A real `llama-server` on a free port, stopped when dropped.
pub struct LlamaServer {
    /// Base URL (`http://127.0.0.1:PORT`).
    pub url: String,
    child: Child,
    /// The server's stderr, kept for the message when it does not start.
    log: tempfile::NamedTempFile,
}

impl LlamaServer {
    /// Starts `$LEXLS_TEST_LLAMA_SERVER -m $LEXLS_TEST_LLAMA_MODEL -t 1 -c 4096` and waits
    /// for `/health`; `None` (the test is skipped, and says so) when the variables are unset.
    ///
    /// # Panics
    /// When the variables are set but the server exits before it is healthy (the message
    /// gives its exit status and the end of its stderr: a build for another CPU dies with
    /// SIGILL here) or is not healthy within two minutes.
    pub fn start() -> Option<Self> {
        let var = |k: &str| {
            std::env::var_os(k)
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        };
        let (Some(bin), Some(model)) = (
            var("LEXLS_TEST_LLAMA_SERVER"),
            var("LEXLS_TEST_LLAMA_MODEL"),
        ) else {
            eprintln!(
                "skipped: LEXLS_TEST_LLAMA_SERVER and LEXLS_TEST_LLAMA_MODEL are not set (see scripts/llama-server.sh)"
            );
            return None;
        };
        #[allow(clippy::expect_used)]
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        #[allow(clippy::expect_used)]
        let log =
            tempfile::NamedTempFile::new().expect("a temporary file for llama-server's stderr");
        #[allow(clippy::expect_used)]
        let stderr = log.reopen().expect("llama-server's stderr file reopens");
        #[allow(clippy::expect_used)]
        let child = Command::new(&bin)
            .args(["-m"])
            .arg(&model)
            .args(["-t", "1", "-c", "4096", "--host", "127.0.0.1", "--port"])
            .arg(port.to_string())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(stderr)
            .spawn()
            .expect("llama-server starts");
        let mut server = Self {
            url: format!("http://127.0.0.1:{port}"),
            child,
            log,
        };
        let deadline = Instant::now() + Duration::from_secs(120);
        while Instant::now() < deadline {
            if health(port) {
                return Some(server);
            }
            if let Ok(Some(status)) = server.child.try_wait() {
                panic!(
                    "llama-server ({}) exited with {status} before it was healthy; its stderr ends:\n{}",
                    bin.display(),
                    server.stderr_tail()
                );
            }
            std::thread::sleep(Duration::from_millis(250));
        }
        panic!(
            "llama-server did not become healthy on port {port} within 120 s; its stderr ends:\n{}",
            server.stderr_tail()
        );
    }

    /// The last 40 lines of the server's stderr (empty when unreadable).
    fn stderr_tail(&self) -> String {
        let text = std::fs::read_to_string(self.log.path()).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        lines[lines.len().saturating_sub(40)..].join("\n")
    }
}

impl Drop for LlamaServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Whether `GET /health` answers 200.
fn health(port: u16) -> bool {
    let Ok(mut s) = TcpStream::connect(("127.0.0.1", port)) else {
        return false;
    };
    let _ = s.set_read_timeout(Some(Duration::from_secs(2)));
    if write!(
        s,
        "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    )
    .is_err()
    {
        return false;
    }
    let mut head = String::new();
    let _ = BufReader::new(s).read_line(&mut head);
    head.starts_with("HTTP/1.1 200")
}
