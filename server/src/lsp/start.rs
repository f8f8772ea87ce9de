//! The start of a session: `initialize` records what the client said; `initialized`
//! registers the file watchers, reads the settings and starts the writer and the forwarding
//! of its events.

use tower_lsp_server::ls_types::{InitializeParams, InitializeResult, MessageType};

use super::backend::Backend;
use super::{events, writer};
use crate::proto;

impl Backend {
    /// `initialize`: records the client's root, settings and capabilities; answers what the
    /// server offers.
    pub(super) fn on_initialize(&self, params: &InitializeParams) -> InitializeResult {
        self.session.initialize(proto::capabilities::client(params));
        proto::capabilities::server()
    }

    /// `initialized`: starts the session's work (once).
    pub(super) async fn on_initialized(&self) {
        let client = self.session.client();
        if client.watch_files
            && let Err(e) = self
                .client
                .register_capability(vec![proto::capabilities::file_watchers()])
                .await
        {
            tracing::warn!("the client refused the file watcher: {e}");
        }
        let (config, problems) = self.read_settings().await;
        for problem in problems {
            self.client
                .show_message(MessageType::ERROR, format!("lexls: {problem}"))
                .await;
        }
        let Some(ends) = self.session.take_writer_ends() else {
            return;
        };
        self.session.started_with(config.clone());
        let mut config = config;
        config.apply_env();
        tokio::spawn(events::forward(
            self.client.clone(),
            ends.events,
            client.progress,
        ));
        writer::spawn(
            self.session.root(),
            config,
            ends.inbox,
            ends.tx,
            ends.events_tx,
            ends.publisher,
        );
    }
}
