//! The `LanguageServer` implementation: dispatch only. Each handler runs behind a panic
//! boundary ([`panics`]), locates the document in the current snapshot ([`Session`]),
//! calls a pure function of `lexls_ide::features`, and converts the result
//! ([`crate::proto`]). Settings, the start of a session and `lexls/ask` have modules of
//! their own (`settings.rs`, `start.rs`, `ask.rs`).

use serde_json::{Value, json};
use tower_lsp_server::jsonrpc::{Error, ErrorCode, Result};
use tower_lsp_server::ls_types::*;
use tower_lsp_server::{Client, LanguageServer};

use lexls_ide::features;

use super::panics;
use super::session::{EditorEvent, Session};
use super::writer::Msg;
use crate::proto::{self, Doc};

/// Most workspace symbols in one answer.
const WORKSPACE_SYMBOLS_MAX: usize = 500;

/// The language server: the client and the session's state.
pub struct Backend {
    pub(super) client: Client,
    pub(super) session: Session,
}

impl std::fmt::Debug for Backend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Backend").finish_non_exhaustive()
    }
}

impl Backend {
    /// A backend talking to `client`.
    pub fn new(client: Client) -> Self {
        Self {
            client,
            session: Session::new(),
        }
    }

    /// Answers request `method` on the document at `uri` behind the panic boundary: `f`
    /// gets the document and the byte offset of `pos` (0 without one). `None` when the URI
    /// is not a document of the workspace.
    async fn on_doc<T>(
        &self,
        method: &str,
        uri: &Uri,
        pos: Option<Position>,
        f: impl FnOnce(Doc<'_>, usize) -> Option<T>,
    ) -> Result<Option<T>> {
        panics::request(method, async {
            let Some((snap, id)) = self.session.locate(uri).await else {
                return Ok(None);
            };
            Ok(Doc::of(&snap, id).and_then(|doc| f(doc, pos.map_or(0, |p| doc.offset(p)))))
        })
        .await
    }

    /// [`Self::on_doc`] at a position of a document.
    async fn on_position<T>(
        &self,
        method: &str,
        p: &TextDocumentPositionParams,
        f: impl FnOnce(Doc<'_>, usize) -> Option<T>,
    ) -> Result<Option<T>> {
        self.on_doc(method, &p.text_document.uri, Some(p.position), f)
            .await
    }

    /// `lexls/ask`: answer a question (see `docs/lsp-extensions.md`).
    pub async fn ask(&self, params: proto::ask::AskParams) -> Result<Value> {
        panics::request("lexls/ask", self.answer(params)).await
    }

    /// `lexls/status`: what the index holds. Params are ignored: none, `null` or `{}` (the
    /// framing guard forwards a request without params with `"params": null`).
    pub async fn status(&self, _params: Option<Value>) -> Result<Value> {
        panics::request("lexls/status", async {
            Ok(proto::status::status(&self.session.published()))
        })
        .await
    }

    /// Answers a message the framing guard found malformed (see [`super::framing`]).
    pub async fn invalid_request(&self, params: Value) -> Result<Value> {
        let why = params["error"].as_str().unwrap_or("malformed message");
        Err(Error {
            code: ErrorCode::InvalidRequest,
            message: format!("invalid request: {why}").into(),
            data: None,
        })
    }

    /// Logs a malformed notification (see [`super::framing`]).
    pub async fn invalid_message(&self, params: Value) {
        let why = params["error"].as_str().unwrap_or("malformed message");
        let message = format!("lexls ignored an invalid message: {why}");
        self.client.log_message(MessageType::ERROR, message).await;
    }

    /// Test hook (registered only with `LEXLS_TEST_HOOKS=1`): `lexls/test/panic` with
    /// `{"in": "handler" | "blocking" | "writer"}` panics in the request handler, in its
    /// blocking work, or in the writer thread, to show that each is an error reply or a
    /// recovery and that the server keeps answering.
    pub async fn test_panic(&self, params: Value) -> Result<Value> {
        panics::request("lexls/test/panic", async {
            match params["in"].as_str() {
                Some("handler") => panic!("test hook: a panic in a request handler"),
                Some("blocking") => {
                    panics::blocking("lexls/test/panic", || -> Value {
                        panic!("test hook: a panic in blocking work")
                    })
                    .await
                }
                Some("writer") => {
                    self.session.send(Msg::Panic);
                    Ok(json!("the writer will panic"))
                }
                _ => Err(Error::invalid_params(
                    "`in` must be \"handler\", \"blocking\" or \"writer\"",
                )),
            }
        })
        .await
    }
}

impl LanguageServer for Backend {
    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        panics::request("initialize", async { Ok(self.on_initialize(&params)) }).await
    }

    async fn initialized(&self, _: InitializedParams) {
        panics::notification("initialized", self.on_initialized()).await;
    }

    async fn shutdown(&self) -> Result<()> {
        panics::request("shutdown", async {
            self.session.shutdown().await;
            Ok(())
        })
        .await
    }

    async fn did_change_configuration(&self, _: DidChangeConfigurationParams) {
        let method = "workspace/didChangeConfiguration";
        panics::notification(method, self.reload_settings()).await;
    }

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        let doc = params.text_document;
        panics::notification("textDocument/didOpen", async {
            self.session
                .editor(&doc.uri, EditorEvent::Open(doc.text, doc.version));
        })
        .await;
    }

    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        let (doc, changes) = (params.text_document, params.content_changes);
        panics::notification("textDocument/didChange", async {
            self.session
                .editor(&doc.uri, EditorEvent::Change(changes, doc.version));
        })
        .await;
    }

    async fn did_save(&self, _: DidSaveTextDocumentParams) {
        panics::notification("textDocument/didSave", async {
            self.session.send(Msg::Save)
        })
        .await;
    }

    async fn did_close(&self, params: DidCloseTextDocumentParams) {
        panics::notification("textDocument/didClose", async {
            self.session
                .editor(&params.text_document.uri, EditorEvent::Close);
        })
        .await;
    }

    async fn did_change_watched_files(&self, params: DidChangeWatchedFilesParams) {
        panics::notification("workspace/didChangeWatchedFiles", async {
            if self.session.files_changed(&params.changes) {
                self.reload_settings().await;
            }
        })
        .await;
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        let p = &params.text_document_position_params;
        self.on_position("textDocument/hover", p, |doc, at| {
            features::hover(doc.snap, doc.id, at).map(|h| proto::navigation::hover(&doc, h))
        })
        .await
    }

    async fn goto_definition(
        &self,
        params: GotoDefinitionParams,
    ) -> Result<Option<GotoDefinitionResponse>> {
        let p = &params.text_document_position_params;
        self.on_position("textDocument/definition", p, |doc, at| {
            let target = features::definition(doc.snap, doc.id, at)?;
            proto::navigation::definition(&doc, &target)
        })
        .await
    }

    async fn references(&self, params: ReferenceParams) -> Result<Option<Vec<Location>>> {
        let (p, declaration) = (
            &params.text_document_position,
            params.context.include_declaration,
        );
        self.on_position("textDocument/references", p, |doc, at| {
            let found = features::references(doc.snap, doc.id, at, declaration);
            Some(proto::navigation::references(&doc, &found))
        })
        .await
    }

    async fn document_symbol(
        &self,
        params: DocumentSymbolParams,
    ) -> Result<Option<DocumentSymbolResponse>> {
        let uri = &params.text_document.uri;
        self.on_doc("textDocument/documentSymbol", uri, None, |doc, _| {
            let symbols = features::document_symbols(doc.document());
            Some(proto::navigation::document_symbols(&doc, symbols))
        })
        .await
    }

    async fn symbol(
        &self,
        params: WorkspaceSymbolParams,
    ) -> Result<Option<WorkspaceSymbolResponse>> {
        panics::request("workspace/symbol", async {
            let snap = self.session.snapshot_of_workspace().await;
            let found =
                features::editing::workspace_symbols(&snap, &params.query, WORKSPACE_SYMBOLS_MAX);
            Ok(Some(proto::navigation::workspace_symbols(&snap, found)))
        })
        .await
    }

    async fn document_link(&self, params: DocumentLinkParams) -> Result<Option<Vec<DocumentLink>>> {
        let uri = &params.text_document.uri;
        self.on_doc("textDocument/documentLink", uri, None, |doc, _| {
            let links = features::editing::document_links(doc.snap, doc.id);
            Some(proto::navigation::document_links(&doc, links))
        })
        .await
    }

    async fn completion(&self, params: CompletionParams) -> Result<Option<CompletionResponse>> {
        let p = &params.text_document_position;
        self.on_position("textDocument/completion", p, |doc, at| {
            let offered = features::editing::completions(doc.snap, doc.id, at);
            proto::editing::completion(&doc, offered)
        })
        .await
    }

    async fn code_lens(&self, params: CodeLensParams) -> Result<Option<Vec<CodeLens>>> {
        let uri = &params.text_document.uri;
        self.on_doc("textDocument/codeLens", uri, None, |doc, _| {
            let on = doc.snap.config.editor.code_lens;
            let counts = on.then(|| features::editing::cited_by(doc.snap, doc.id))?;
            Some(proto::editing::code_lenses(&doc, counts))
        })
        .await
    }

    async fn inlay_hint(&self, params: InlayHintParams) -> Result<Option<Vec<InlayHint>>> {
        let (uri, range) = (&params.text_document.uri, params.range);
        self.on_doc("textDocument/inlayHint", uri, None, |doc, _| {
            let on = doc.snap.config.editor.inlay_hints;
            let hints =
                on.then(|| features::editing::inlay_hints(doc.snap, doc.id, doc.span(range)))?;
            Some(proto::editing::inlay_hints(&doc, hints))
        })
        .await
    }

    async fn folding_range(&self, params: FoldingRangeParams) -> Result<Option<Vec<FoldingRange>>> {
        let uri = &params.text_document.uri;
        self.on_doc("textDocument/foldingRange", uri, None, |doc, _| {
            let spans = features::editing::folding_ranges(doc.document());
            Some(proto::editing::folding_ranges(&doc, spans))
        })
        .await
    }

    async fn code_action(&self, params: CodeActionParams) -> Result<Option<CodeActionResponse>> {
        let (uri, range) = (&params.text_document.uri, params.range);
        self.on_doc("textDocument/codeAction", uri, None, |doc, _| {
            let actions = features::code_actions(doc.snap, doc.id, doc.span(range));
            Some(proto::diagnostics::code_actions(&doc, uri, range, actions))
        })
        .await
    }
}
