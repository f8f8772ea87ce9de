//! Forwards the writer's events to the client: diagnostics, log lines, messages, progress.

use std::collections::HashSet;

use tokio::sync::mpsc::UnboundedReceiver;
use tower_lsp_server::Client;
use tower_lsp_server::ls_types::{ProgressToken, notification};

use super::writer::{Event, Step};
use crate::proto;

/// Forwards the writer's events until it stops. Progress goes out only when the client
/// supports server-initiated progress (`progress`); a token is created before its first
/// step and again before each `begin`, and a step whose token the client refused is
/// dropped.
pub async fn forward(client: Client, mut rx: UnboundedReceiver<Event>, progress: bool) {
    let mut created: HashSet<&'static str> = HashSet::new();
    while let Some(event) = rx.recv().await {
        match event {
            Event::Diagnostics {
                uri,
                diagnostics,
                version,
            } => client.publish_diagnostics(uri, diagnostics, version).await,
            Event::Log(kind, msg) => {
                tracing::info!("{msg}");
                client.log_message(kind, msg).await;
            }
            Event::Show(kind, msg) => {
                tracing::warn!("{msg}");
                client.show_message(kind, msg).await;
            }
            Event::Progress { token, step } => {
                if !progress {
                    continue;
                }
                let token_value = ProgressToken::String(token.to_string());
                if (created.insert(token) || matches!(step, Step::Begin(_)))
                    && client
                        .create_work_done_progress(token_value.clone())
                        .await
                        .is_err()
                {
                    continue;
                }
                if matches!(step, Step::End(_)) {
                    created.remove(token);
                }
                client
                    .send_notification::<notification::Progress>(proto::progress::params(
                        token_value,
                        proto::progress::step(step),
                    ))
                    .await;
            }
        }
    }
}
