//! Panic boundaries: a bug that panics while one request is handled becomes an error reply
//! to that request (or a log line for a notification), never a dead server. Every handler
//! of [`super::backend::Backend`] runs through [`request`] or [`notification`], blocking
//! work through [`blocking`], and the writer thread applies each message through [`catch`].
//!
//! The panic message itself still goes to stderr through the default panic hook.

use std::any::Any;
use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::sync::{Mutex, MutexGuard};

use futures::FutureExt as _;
use tower_lsp_server::jsonrpc::{Error, ErrorCode, Result};

/// The message of a panic payload (`panic!("…")` gives a `&str` or a `String`).
pub fn message(payload: &(dyn Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".into())
}

/// Runs `f`; a panic becomes `Err` with its message.
///
/// State `f` mutates may be left half-updated: the caller decides what to rebuild.
pub fn catch<T>(f: impl FnOnce() -> T) -> std::result::Result<T, String> {
    std::panic::catch_unwind(AssertUnwindSafe(f)).map_err(|p| message(p.as_ref()))
}

/// The error reply for a request whose handler panicked.
fn internal(method: &str, why: &str) -> Error {
    Error {
        code: ErrorCode::InternalError,
        message: format!(
            "lexls hit an internal error in {method} ({why}); the server keeps running"
        )
        .into(),
        data: None,
    }
}

/// Runs a request handler; a panic becomes an `InternalError` reply naming `method`.
pub async fn request<T>(method: &str, handler: impl Future<Output = Result<T>>) -> Result<T> {
    match AssertUnwindSafe(handler).catch_unwind().await {
        Ok(result) => result,
        Err(payload) => {
            let why = message(payload.as_ref());
            tracing::error!("the handler of {method} panicked: {why}");
            Err(internal(method, &why))
        }
    }
}

/// Runs a notification handler; a panic is logged.
pub async fn notification(method: &str, handler: impl Future<Output = ()>) {
    if let Err(payload) = AssertUnwindSafe(handler).catch_unwind().await {
        tracing::error!(
            "the handler of {method} panicked: {}",
            message(payload.as_ref())
        );
    }
}

/// Runs `f` on tokio's blocking pool; a panic there becomes an `InternalError` reply naming
/// `method`.
pub async fn blocking<T: Send + 'static>(
    method: &str,
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T> {
    tokio::task::spawn_blocking(f).await.map_err(|e| {
        let why = match e.try_into_panic() {
            Ok(payload) => message(payload.as_ref()),
            Err(e) => e.to_string(),
        };
        tracing::error!("the blocking work of {method} failed: {why}");
        internal(method, &why)
    })
}

/// Locks `mutex`, also after a panic poisoned it (the values lexls keeps behind its locks
/// stay valid whatever the holder did halfway).
pub fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_is_an_error_with_its_message() {
        assert_eq!(catch(|| 3), Ok(3));
        let err = catch(|| -> u8 { panic!("boom {}", 1) });
        assert_eq!(err, Err("boom 1".to_string()));
    }

    #[tokio::test]
    async fn handlers_that_panic_give_an_internal_error() {
        let ok = request("x", async { Ok(1) }).await;
        assert_eq!(ok.ok(), Some(1));
        let err = request::<u8>("textDocument/hover", async { panic!("bad index") })
            .await
            .err()
            .map(|e| e.message.to_string())
            .unwrap_or_default();
        assert!(
            err.contains("textDocument/hover") && err.contains("bad index"),
            "{err}"
        );
        let blocked = blocking("lexls/ask", || -> u8 { panic!("in the pool") }).await;
        assert!(
            blocked.is_err_and(|e| e.message.contains("in the pool")),
            "a panic on the blocking pool is an error"
        );
    }

    #[test]
    fn a_poisoned_lock_still_locks() {
        let m = std::sync::Arc::new(Mutex::new(1));
        let m2 = m.clone();
        let _ = std::thread::spawn(move || {
            let _g = m2.lock();
            panic!("poison");
        })
        .join();
        assert!(m.is_poisoned());
        *lock(&m) += 1;
        assert_eq!(*lock(&m), 2);
    }
}
