//! The embedding model in a worker process (`lexls embed-worker`).
//!
//! The language server and the command line run ONNX Runtime in a child process: a fault in
//! the native runtime then ends the worker, not lexls, the model never shares a heap with the
//! index, and the runtime starts with its telemetry off (`ORT_DISABLE_TELEMETRY=1`, which
//! only its environment can say).
//! The protocol is one JSON object per line: the worker first writes `{"ready": model_id}` or
//! `{"error": message}`; then for each `{"texts": [...]}` it reads, it writes
//! `{"vectors": [[f32; dim], ...]}` or `{"error": message}`.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use lexls_index::config::{Config, ModelConfig};
use lexls_index::search::dense::{EmbedError, Embedder, load_embedder};
use serde_json::{Value, json};

/// How long one batch may take before the worker is considered hung.
const CALL_TIMEOUT: Duration = Duration::from_secs(120);

/// Runs the worker loop on stdin/stdout (the `embed-worker` subcommand). The worker ends
/// quietly when the server closes its pipes.
pub fn run_worker(model: &ModelConfig) -> anyhow::Result<std::process::ExitCode> {
    match serve_worker(model) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(std::process::ExitCode::SUCCESS),
        other => Ok(other?),
    }
}

fn serve_worker(model: &ModelConfig) -> std::io::Result<std::process::ExitCode> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let embedder = match load_embedder(model) {
        Ok(e) => e,
        Err(e) => {
            writeln!(out, "{}", json!({"error": e.to_string()}))?;
            return Ok(std::process::ExitCode::SUCCESS);
        }
    };
    writeln!(out, "{}", json!({"ready": embedder.model_id()}))?;
    out.flush()?;
    for line in std::io::stdin().lock().lines() {
        let line = line?;
        let reply = match serde_json::from_str::<OwnedRequest>(&line) {
            Ok(request) => match embedder.embed(&request.texts) {
                Ok(vectors) => serde_json::to_string(&Reply {
                    vectors: Some(vectors),
                    error: None,
                }),
                Err(e) => serde_json::to_string(&Reply::error(e.to_string())),
            },
            Err(e) => serde_json::to_string(&Reply::error(format!(
                "invalid request (expected {{\"texts\": [...]}}): {e}"
            ))),
        }
        .map_err(std::io::Error::other)?;
        writeln!(out, "{reply}")?;
        out.flush()?;
    }
    Ok(std::process::ExitCode::SUCCESS)
}

struct Worker {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Drop for Worker {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An [`Embedder`] that sends texts to a `lexls embed-worker` child process, restarting it
/// once when it has died.
pub struct WorkerEmbedder {
    exe: PathBuf,
    args: Vec<String>,
    id: String,
    worker: Mutex<Option<Worker>>,
}

impl std::fmt::Debug for WorkerEmbedder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WorkerEmbedder")
            .field("id", &self.id)
            .finish()
    }
}

fn worker_args(model: &ModelConfig) -> Vec<String> {
    let mut args = vec!["embed-worker".to_string()];
    if let Some(dir) = &model.dir {
        args.push("--model-dir".into());
        args.push(dir.display().to_string());
    }
    if let Some(rt) = &model.runtime {
        args.push("--runtime".into());
        args.push(rt.display().to_string());
    }
    if let Some(t) = model.threads {
        args.push("--threads".into());
        args.push(t.to_string());
    }
    args.push("--batch-size".into());
    args.push(model.batch_size.to_string());
    args.push("--batch-tokens".into());
    args.push(model.batch_tokens.to_string());
    args
}

fn start(exe: &PathBuf, args: &[String]) -> Result<(Worker, String), String> {
    let mut child = Command::new(exe)
        .args(args)
        // Microsoft's builds of ONNX Runtime otherwise write a device id and an event
        // database under ~/.cache/Microsoft/DeveloperTools and read /.dockerenv,
        // /etc/os-release and /tmp/.ses when the runtime starts: lexls writes only its index.
        .env("ORT_DISABLE_TELEMETRY", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| format!("cannot start the embedding worker: {e}"))?;
    let stdin = child.stdin.take().ok_or("the worker has no stdin")?;
    let stdout = child.stdout.take().ok_or("the worker has no stdout")?;
    let (tx, lines) = channel();
    std::thread::Builder::new()
        .name("lexls-embed-reader".into())
        .spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        })
        .map_err(|e| e.to_string())?;
    let worker = Worker {
        child,
        stdin,
        lines,
    };
    let first = worker
        .lines
        .recv_timeout(CALL_TIMEOUT)
        .map_err(|_| "the embedding worker did not start".to_string())?;
    let v: Value = serde_json::from_str(&first).map_err(|e| format!("embedding worker: {e}"))?;
    if let Some(id) = v["ready"].as_str() {
        return Ok((worker, id.to_string()));
    }
    Err(v["error"]
        .as_str()
        .unwrap_or("the embedding worker failed to load the model")
        .to_string())
}

impl WorkerEmbedder {
    /// Starts the worker for `config` when its retrieval uses dense vectors
    /// ([`Config::uses_dense`]); with BM25 alone no model is loaded and nothing is embedded.
    ///
    /// # Errors
    /// Why there is no worker (said to the user as the model's status).
    pub fn start_for(config: &Config) -> Result<Self, String> {
        if !config.uses_dense() {
            return Err(lexls_index::search::dense::ModelUnavailable::NotUsed.to_string());
        }
        Self::start(&config.model)
    }

    /// Starts a worker for `model`; `Err` says why dense retrieval is unavailable.
    pub fn start(model: &ModelConfig) -> Result<Self, String> {
        if !model.enabled {
            return Err(lexls_index::search::dense::ModelUnavailable::Disabled.to_string());
        }
        let exe = std::env::current_exe().map_err(|e| e.to_string())?;
        // The `lexls-eval` binary has no `embed-worker` subcommand: its sibling `lexls` does.
        let sibling = exe.with_file_name(format!("lexls{}", std::env::consts::EXE_SUFFIX));
        let exe = if exe.file_stem().is_some_and(|n| n != "lexls") && sibling.is_file() {
            sibling
        } else {
            exe
        };
        let args = worker_args(model);
        let (worker, id) = start(&exe, &args)?;
        Ok(Self {
            exe,
            args,
            id,
            worker: Mutex::new(Some(worker)),
        })
    }

    fn call(worker: &mut Worker, texts: &[String]) -> Result<Vec<Vec<f32>>, String> {
        let line = serde_json::to_string(&Request { texts })
            .map_err(|e| format!("worker request: {e}"))?;
        writeln!(worker.stdin, "{line}").map_err(|e| format!("worker pipe: {e}"))?;
        worker
            .stdin
            .flush()
            .map_err(|e| format!("worker pipe: {e}"))?;
        let reply = worker
            .lines
            .recv_timeout(CALL_TIMEOUT)
            .map_err(|_| "the embedding worker stopped answering".to_string())?;
        // Read into the vectors directly: a batch's reply is about 120 KB of numbers, and a
        // `serde_json::Value` tree of it takes about three times that.
        let reply: Reply =
            serde_json::from_str(&reply).map_err(|e| format!("worker reply: {e}"))?;
        if let Some(err) = reply.error {
            return Err(err);
        }
        let out = reply.vectors.ok_or("worker reply without vectors")?;
        if out.len() != texts.len() {
            return Err("the worker returned a wrong number of vectors".into());
        }
        Ok(out)
    }
}

/// A request to the worker: one line of JSON.
#[derive(serde::Serialize)]
struct Request<'a> {
    texts: &'a [String],
}

/// A [`Request`] as the worker reads it.
#[derive(serde::Deserialize)]
struct OwnedRequest {
    texts: Vec<String>,
}

/// The worker's answer to a [`Request`]: the vectors, one per text, or an error.
#[derive(serde::Serialize, serde::Deserialize)]
struct Reply {
    /// A component that is not finite travels as `null` (JSON has no NaN) and is read back
    /// as NaN, so that vector alone is left out (and computed again), not the batch.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "null_as_nan"
    )]
    vectors: Option<Vec<Vec<f32>>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// Reads `vectors`, each `null` component as NaN.
fn null_as_nan<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Vec<Vec<f32>>>, D::Error> {
    let rows: Option<Vec<Vec<Option<f32>>>> = serde::Deserialize::deserialize(d)?;
    Ok(rows.map(|rows| {
        rows.into_iter()
            .map(|row| row.into_iter().map(|x| x.unwrap_or(f32::NAN)).collect())
            .collect()
    }))
}

impl Reply {
    fn error(message: String) -> Self {
        Self {
            vectors: None,
            error: Some(message),
        }
    }
}

impl Embedder for WorkerEmbedder {
    fn model_id(&self) -> &str {
        &self.id
    }

    fn embed(&self, texts: &[String]) -> Result<Vec<Vec<f32>>, EmbedError> {
        let mut guard = self
            .worker
            .lock()
            .map_err(|_| EmbedError("the worker lock is poisoned".into()))?;
        for attempt in 0..2 {
            if guard.is_none() {
                match start(&self.exe, &self.args) {
                    Ok((w, _)) => *guard = Some(w),
                    Err(e) => return Err(EmbedError(e)),
                }
            }
            let Some(worker) = guard.as_mut() else {
                continue;
            };
            match Self::call(worker, texts) {
                Ok(v) => return Ok(v),
                Err(e) => {
                    tracing::warn!("embedding worker: {e}");
                    // A dead or hung worker is replaced once.
                    let alive = worker
                        .child
                        .try_wait()
                        .map(|s| s.is_none())
                        .unwrap_or(false);
                    if !alive || e.contains("stopped answering") {
                        *guard = None;
                    }
                    if attempt == 1 || alive {
                        return Err(EmbedError(e));
                    }
                }
            }
        }
        Err(EmbedError("the embedding worker failed".into()))
    }
}

#[cfg(test)]
mod tests {
    use super::{OwnedRequest, Reply, Request};

    #[test]
    fn the_worker_protocol_carries_texts_and_vectors_as_one_line_of_json() {
        let texts = vec!["§ 20-871(b)".to_string(), "line\nbreak".to_string()];
        let line = serde_json::to_string(&Request { texts: &texts }).expect("request");
        assert!(!line.contains('\n'), "{line}");
        let read: OwnedRequest = serde_json::from_str(&line).expect("read");
        assert_eq!(read.texts, texts);

        let reply = Reply {
            vectors: Some(vec![vec![0.25, -0.5], vec![1.0, 0.0]]),
            error: None,
        };
        let line = serde_json::to_string(&reply).expect("reply");
        assert_eq!(line, r#"{"vectors":[[0.25,-0.5],[1.0,0.0]]}"#);
        let back: Reply = serde_json::from_str(&line).expect("back");
        assert_eq!(back.vectors, reply.vectors);
        assert_eq!(
            serde_json::to_string(&Reply::error("no model".into())).expect("error"),
            r#"{"error":"no model"}"#
        );
    }

    #[test]
    fn a_garbled_reply_fails_the_batch_and_a_component_that_is_not_finite_its_vector() {
        // A garbled answer fails the batch (the run reports it), rather than passing on a
        // vector with components missing.
        assert!(serde_json::from_str::<Reply>(r#"{"vectors":[[0.1,"x"]]}"#).is_err());
        assert!(serde_json::from_str::<OwnedRequest>(r#"{"texts":"one"}"#).is_err());
        // A NaN from the model travels as `null` and comes back as NaN: that vector is
        // left out when it is quantized, the batch's others are kept.
        let line = serde_json::to_string(&Reply {
            vectors: Some(vec![vec![0.1, f32::NAN], vec![0.5, 0.5]]),
            error: None,
        })
        .expect("reply");
        assert_eq!(line, r#"{"vectors":[[0.1,null],[0.5,0.5]]}"#);
        let back: Reply = serde_json::from_str(&line).expect("back");
        let vectors = back.vectors.expect("vectors");
        assert!(vectors[0][1].is_nan());
        assert_eq!(vectors[1], vec![0.5, 0.5]);
    }
}
