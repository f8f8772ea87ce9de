//! The settings in force: `.lexls.toml` at the root, then `initializationOptions`, then the
//! client's `lexls` settings (`workspace/configuration`), each over the one before, the
//! whole checked as the file is ([`proto::settings`]). Read when the writer starts, and
//! again on `workspace/didChangeConfiguration` and when `.lexls.toml` changes.

use lexls_index::config::Config;
use serde_json::Value;
use tower_lsp_server::ls_types::{ConfigurationItem, MessageType};

use super::backend::Backend;
use crate::proto;

impl Backend {
    /// The settings in force and what was wrong: a `.lexls.toml` that cannot be read gives
    /// the defaults; invalid editor settings give the file's settings alone. The environment
    /// is not applied yet.
    pub(super) async fn read_settings(&self) -> (Config, Vec<String>) {
        let mut problems = Vec::new();
        let file = match Config::load(&self.session.root()) {
            Ok(c) => c,
            Err(e) => {
                problems.push(format!("{e}; using the defaults"));
                Config::default()
            }
        };
        let client = self.session.client();
        let pulled = match client.configuration {
            true => self.pull_settings().await,
            false => None,
        };
        let layers: Vec<&Value> = client.options.iter().chain(pulled.as_ref()).collect();
        match proto::settings::merged(&file, &layers) {
            Ok(config) => (config, problems),
            Err(e) => {
                problems.push(format!("{e}; none of the editor's settings applies"));
                (file, problems)
            }
        }
    }

    /// Reads the settings again (the client's changed, or `.lexls.toml`) and, when they
    /// differ from those in force, has the writer reopen the workspace with them. Invalid
    /// settings leave the current ones in force, with a message naming the key and why.
    pub(super) async fn reload_settings(&self) {
        if !self.session.started() {
            return; // not started yet: `initialized` reads the settings itself
        }
        let (config, problems) = self.read_settings().await;
        if !problems.is_empty() {
            let message = format!(
                "lexls: {}; the previous settings stay in force",
                problems.join("; ")
            );
            self.client.show_message(MessageType::ERROR, message).await;
            return;
        }
        if self.session.reconfigure(config) {
            self.client
                .show_message(
                    MessageType::INFO,
                    "lexls: settings changed; re-indexing the workspace with them",
                )
                .await;
        }
    }

    /// The client's `lexls` settings (`workspace/configuration`), if it has any (an answer
    /// that is not an object with keys counts as none).
    async fn pull_settings(&self) -> Option<Value> {
        let items = vec![ConfigurationItem {
            scope_uri: None,
            section: Some("lexls".into()),
        }];
        match self.client.configuration(items).await {
            Ok(mut values) if !values.is_empty() => {
                Some(values.swap_remove(0)).filter(|v| v.as_object().is_some_and(|m| !m.is_empty()))
            }
            Ok(_) => None,
            Err(e) => {
                tracing::warn!("workspace/configuration failed: {e}");
                None
            }
        }
    }
}
