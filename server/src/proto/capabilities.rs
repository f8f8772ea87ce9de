//! What the client can do (read from `initialize`), what the server offers, and the file
//! watchers it registers.

use std::path::PathBuf;

use tower_lsp_server::ls_types::{
    CodeActionKind, CodeActionOptions, CodeActionProviderCapability, CodeLensOptions,
    CompletionOptions, DidChangeWatchedFilesRegistrationOptions, DocumentLinkOptions,
    FileSystemWatcher, FoldingRangeProviderCapability, GlobPattern, HoverProviderCapability,
    InitializeParams, InitializeResult, OneOf, Registration, ServerCapabilities, ServerInfo,
    TextDocumentSyncCapability, TextDocumentSyncKind, TextDocumentSyncOptions,
    TextDocumentSyncSaveOptions, WorkDoneProgressOptions,
};

use super::diagnostics::ASK_ACTION_KIND;

/// File types lexls indexes, for the client's file watcher.
pub const WATCHED: &str = "**/*.{md,markdown,txt,text,xml,html,htm}";

/// The workspace settings file; the client watches it too.
pub const SETTINGS_FILE: &str = lexls_index::config::CONFIG_FILE;

/// What the client said about itself in `initialize` that the server acts on.
#[derive(Debug, Clone, Default)]
pub struct Client {
    /// The workspace root: the first workspace folder, else `rootUri` (`None`: neither is a
    /// file path).
    pub root: Option<PathBuf>,
    /// `initializationOptions`: the editor's settings (see [`super::settings`]).
    pub options: Option<serde_json::Value>,
    /// `window.workDoneProgress`: server-initiated progress is shown.
    pub progress: bool,
    /// `workspace.configuration`: `workspace/configuration` is answered.
    pub configuration: bool,
    /// `workspace.didChangeWatchedFiles.dynamicRegistration`: file watchers may be registered.
    pub watch_files: bool,
}

/// What `initialize` tells about the client.
pub fn client(params: &InitializeParams) -> Client {
    let workspace = params.capabilities.workspace.as_ref();
    #[allow(deprecated)]
    let root = match params.workspace_folders.as_ref().and_then(|f| f.first()) {
        Some(folder) => super::path(&folder.uri),
        None => params.root_uri.as_ref().and_then(super::path),
    };
    Client {
        root,
        options: params.initialization_options.clone(),
        progress: params
            .capabilities
            .window
            .as_ref()
            .and_then(|w| w.work_done_progress)
            .unwrap_or(false),
        configuration: workspace.and_then(|w| w.configuration).unwrap_or(false),
        watch_files: workspace
            .and_then(|w| w.did_change_watched_files.as_ref())
            .and_then(|d| d.dynamic_registration)
            .unwrap_or(false),
    }
}

/// The answer to `initialize`: incremental text sync with saves, the features lexls
/// implements, and the server's name and version.
pub fn server() -> InitializeResult {
    InitializeResult {
        capabilities: ServerCapabilities {
            text_document_sync: Some(TextDocumentSyncCapability::Options(
                TextDocumentSyncOptions {
                    open_close: Some(true),
                    change: Some(TextDocumentSyncKind::INCREMENTAL),
                    save: Some(TextDocumentSyncSaveOptions::Supported(true)),
                    ..TextDocumentSyncOptions::default()
                },
            )),
            hover_provider: Some(HoverProviderCapability::Simple(true)),
            definition_provider: Some(OneOf::Left(true)),
            references_provider: Some(OneOf::Left(true)),
            document_symbol_provider: Some(OneOf::Left(true)),
            completion_provider: Some(CompletionOptions {
                trigger_characters: Some(vec!["§".into(), " ".into()]),
                ..CompletionOptions::default()
            }),
            document_link_provider: Some(DocumentLinkOptions {
                resolve_provider: Some(false),
                work_done_progress_options: WorkDoneProgressOptions::default(),
            }),
            workspace_symbol_provider: Some(OneOf::Left(true)),
            code_lens_provider: Some(CodeLensOptions {
                resolve_provider: Some(false),
            }),
            inlay_hint_provider: Some(OneOf::Left(true)),
            folding_range_provider: Some(FoldingRangeProviderCapability::Simple(true)),
            code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
                code_action_kinds: Some(vec![
                    CodeActionKind::QUICKFIX,
                    CodeActionKind::new(ASK_ACTION_KIND),
                ]),
                ..CodeActionOptions::default()
            })),
            ..ServerCapabilities::default()
        },
        server_info: Some(ServerInfo {
            name: "lexls".into(),
            version: Some(env!("CARGO_PKG_VERSION").into()),
        }),
        offset_encoding: None,
    }
}

/// The registration of `workspace/didChangeWatchedFiles` for the indexed file types and
/// the settings file, so that files changed outside the editor are indexed again.
pub fn file_watchers() -> Registration {
    let options = DidChangeWatchedFilesRegistrationOptions {
        watchers: vec![
            FileSystemWatcher {
                glob_pattern: GlobPattern::String(WATCHED.into()),
                kind: None,
            },
            FileSystemWatcher {
                glob_pattern: GlobPattern::String(format!("**/{SETTINGS_FILE}")),
                kind: None,
            },
        ],
    };
    Registration {
        id: "lexls-watch-files".into(),
        method: "workspace/didChangeWatchedFiles".into(),
        register_options: serde_json::to_value(options).ok(),
    }
}
