//! `goti lsp`: a language server for scenario files over any
//! [`lsp_server::Connection`] (stdio from the CLI, memory in the tests).
//! It writes only to the connection it is given.
//!
//! Every change is checked at once (the diagnostics `goti check` gives);
//! after [`IDLE`] without a change, or on save, the document is played (the
//! diagnostics `goti run` gives, and the position after every step for
//! hovers, inlay hints and code actions). `text.rs` maps LSP positions to
//! byte offsets; `analysis.rs` runs the runner; `features.rs` answers.

pub mod analysis;
pub mod features;
pub mod stdio;
pub mod text;

use std::collections::HashMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use lsp_server::{Connection, Message, Notification, Request, Response};
use lsp_types::notification::{self as note, Notification as _};
use lsp_types::request::{self as req, Request as _};
use lsp_types::{
    CodeActionProviderCapability, CodeLensOptions, CompletionOptions, ExecuteCommandOptions,
    HoverProviderCapability, OneOf, PublishDiagnosticsParams, ServerCapabilities,
    TextDocumentSyncCapability, TextDocumentSyncKind, TextDocumentSyncOptions,
    TextDocumentSyncSaveOptions, Url,
};

use analysis::{Analysis, Context};

/// How long a document stays unchanged before it is played.
pub const IDLE: Duration = Duration::from_millis(300);

/// The commands code lenses run.
pub const RUN_COMMAND: &str = "goti.run";
pub const ACCEPT_COMMAND: &str = "goti.accept";

/// What the server can do.
pub fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Options(
            TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(TextDocumentSyncKind::INCREMENTAL),
                save: Some(TextDocumentSyncSaveOptions::Supported(true)),
                ..Default::default()
            },
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec!["(".into(), " ".into(), ".".into()]),
            ..Default::default()
        }),
        definition_provider: Some(OneOf::Left(true)),
        inlay_hint_provider: Some(OneOf::Left(true)),
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        code_lens_provider: Some(CodeLensOptions {
            resolve_provider: Some(false),
        }),
        document_formatting_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        execute_command_provider: Some(ExecuteCommandOptions {
            commands: vec![RUN_COMMAND.into(), ACCEPT_COMMAND.into()],
            ..Default::default()
        }),
        ..Default::default()
    }
}

/// An open document.
#[derive(Debug)]
pub struct Document {
    pub path: PathBuf,
    pub text: String,
    pub version: i32,
    pub context: Context,
    pub analysis: Analysis,
    /// When it was changed without being played since.
    pub changed: Option<Instant>,
    /// Whether the editor has this analysis's diagnostics.
    pub published: bool,
}

impl Document {
    fn new(uri: &Url, text: String, version: i32) -> Document {
        let path = path_of(uri);
        let context = Context::of(&path);
        let analysis = analysis::analyse(&path, &text, &context, false);
        Document {
            path,
            text,
            version,
            context,
            analysis,
            changed: Some(Instant::now()),
            published: false,
        }
    }

    fn recheck(&mut self) {
        self.forget();
        self.analysis = analysis::analyse(&self.path, &self.text, &self.context, false);
        self.changed = Some(Instant::now());
        self.published = false;
    }

    /// Lets go of the last analysis's scenarios before the next is made,
    /// so the two are never held at once.
    fn forget(&mut self) {
        self.analysis.report.scenarios = Vec::new();
    }

    /// Plays the document (the whole run, as `goti run` does).
    pub fn play(&mut self) {
        self.forget();
        self.analysis = analysis::analyse(&self.path, &self.text, &self.context, true);
        self.changed = None;
        self.published = false;
    }
}

/// A document's path: its file, or (an unsaved buffer) a name under the
/// working folder, so `rules file` and snapshots resolve as for a file.
fn path_of(uri: &Url) -> PathBuf {
    uri.to_file_path().unwrap_or_else(|_| {
        let name = uri.path().rsplit('/').next().unwrap_or("untitled.goti");
        PathBuf::from(if name.is_empty() {
            "untitled.goti"
        } else {
            name
        })
    })
}

/// The server: the open documents.
#[derive(Debug, Default)]
pub struct Server {
    pub docs: HashMap<Url, Document>,
    /// Requests that need a played document edited less than [`IDLE`]
    /// ago: answered once it has been played, so a document is replayed
    /// only after [`IDLE`] without an edit, however often an editor asks.
    deferred: Vec<Request>,
}

/// The error that ends the server.
#[derive(Debug)]
pub struct ServeError(pub String);

impl std::fmt::Display for ServeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ServeError {}

impl From<lsp_server::ProtocolError> for ServeError {
    fn from(e: lsp_server::ProtocolError) -> ServeError {
        ServeError(format!("language server protocol: {e}"))
    }
}

/// Answers `initialize`, then serves until `shutdown` and `exit`.
pub fn serve(connection: &Connection) -> Result<(), ServeError> {
    let caps = serde_json::to_value(capabilities()).map_err(|e| ServeError(e.to_string()))?;
    connection.initialize_with(caps)?;
    let mut server = Server::default();
    server.run(connection)
}

trait InitializeWith {
    fn initialize_with(&self, caps: serde_json::Value) -> Result<(), lsp_server::ProtocolError>;
}

impl InitializeWith for Connection {
    fn initialize_with(&self, caps: serde_json::Value) -> Result<(), lsp_server::ProtocolError> {
        let result = serde_json::json!({
            "capabilities": caps,
            "serverInfo": { "name": "goti", "version": env!("CARGO_PKG_VERSION") },
        });
        let (id, _params) = self.initialize_start()?;
        self.initialize_finish(id, result)
    }
}

impl Server {
    /// The message loop: a message is answered as it comes; with none for
    /// [`IDLE`], changed documents are played.
    pub fn run(&mut self, connection: &Connection) -> Result<(), ServeError> {
        loop {
            let waiting = self.docs.values().filter_map(|d| d.changed).min();
            let message = match waiting {
                None => match connection.receiver.recv() {
                    Ok(m) => m,
                    Err(_) => return Ok(()),
                },
                Some(since) => {
                    let wait = IDLE.saturating_sub(since.elapsed());
                    match connection.receiver.recv_timeout(wait) {
                        Ok(m) => m,
                        Err(e) if e.is_timeout() => {
                            self.play_idle(connection)?;
                            for r in std::mem::take(&mut self.deferred) {
                                self.respond(connection, r)?;
                            }
                            continue;
                        }
                        Err(_) => return Ok(()),
                    }
                }
            };
            match message {
                Message::Request(r) => {
                    if connection.handle_shutdown(&r)? {
                        return Ok(());
                    }
                    if self.must_wait(&r) {
                        self.deferred.push(r);
                        continue;
                    }
                    self.respond(connection, r)?;
                }
                Message::Notification(n) => {
                    if n.method == note::Exit::METHOD {
                        return Ok(());
                    }
                    self.notification(connection, n)?;
                }
                Message::Response(_) => {}
            }
        }
    }

    /// Whether `r` needs its document played while it is still being
    /// edited (changed less than [`IDLE`] ago and not played since).
    fn must_wait(&self, r: &Request) -> bool {
        const PLAYED: [&str; 5] = [
            req::HoverRequest::METHOD,
            req::InlayHintRequest::METHOD,
            req::CodeActionRequest::METHOD,
            req::CodeLensRequest::METHOD,
            req::ExecuteCommand::METHOD,
        ];
        if !PLAYED.contains(&r.method.as_str()) {
            return false;
        }
        let uri = r.params["textDocument"]["uri"]
            .as_str()
            .or_else(|| r.params["arguments"][0].as_str())
            .and_then(|u| Url::parse(u).ok());
        uri.and_then(|u| self.docs.get(&u))
            .is_some_and(|d| !d.analysis.played && d.changed.is_some_and(|t| t.elapsed() < IDLE))
    }

    /// Answers a request, then publishes what playing it found.
    fn respond(&mut self, connection: &Connection, r: Request) -> Result<(), ServeError> {
        let response = self.request(connection, r);
        send(connection, Message::Response(response))?;
        // A request that played a document: its diagnostics too.
        let stale: Vec<Url> = self
            .docs
            .iter()
            .filter(|(_, d)| !d.published)
            .map(|(u, _)| u.clone())
            .collect();
        for uri in stale {
            self.publish(connection, &uri)?;
        }
        Ok(())
    }

    /// Plays every document idle for [`IDLE`] and publishes what it found.
    fn play_idle(&mut self, connection: &Connection) -> Result<(), ServeError> {
        let due: Vec<Url> = self
            .docs
            .iter()
            .filter(|(_, d)| d.changed.is_some_and(|t| t.elapsed() >= IDLE))
            .map(|(u, _)| u.clone())
            .collect();
        for uri in due {
            if let Some(doc) = self.docs.get_mut(&uri) {
                doc.play();
            }
            self.publish(connection, &uri)?;
        }
        Ok(())
    }

    fn notification(&mut self, connection: &Connection, n: Notification) -> Result<(), ServeError> {
        match n.method.as_str() {
            note::DidOpenTextDocument::METHOD => {
                let Ok(p) =
                    serde_json::from_value::<lsp_types::DidOpenTextDocumentParams>(n.params)
                else {
                    return Ok(());
                };
                let doc = p.text_document;
                self.docs.insert(
                    doc.uri.clone(),
                    Document::new(&doc.uri, doc.text, doc.version),
                );
                self.publish(connection, &doc.uri)
            }
            note::DidChangeTextDocument::METHOD => {
                let Ok(p) =
                    serde_json::from_value::<lsp_types::DidChangeTextDocumentParams>(n.params)
                else {
                    return Ok(());
                };
                let uri = p.text_document.uri;
                if let Some(doc) = self.docs.get_mut(&uri) {
                    for change in &p.content_changes {
                        text::apply_change(&mut doc.text, change);
                    }
                    doc.version = p.text_document.version;
                    doc.recheck();
                }
                self.publish(connection, &uri)
            }
            note::DidSaveTextDocument::METHOD => {
                let Ok(p) =
                    serde_json::from_value::<lsp_types::DidSaveTextDocumentParams>(n.params)
                else {
                    return Ok(());
                };
                let uri = p.text_document.uri;
                if let Some(doc) = self.docs.get_mut(&uri) {
                    if let Some(text) = p.text {
                        doc.text = text;
                    }
                    // A saved ruleset file or goti.yaml may have changed too.
                    doc.context = Context::of(&doc.path);
                    doc.play();
                }
                self.publish(connection, &uri)
            }
            note::DidCloseTextDocument::METHOD => {
                let Ok(p) =
                    serde_json::from_value::<lsp_types::DidCloseTextDocumentParams>(n.params)
                else {
                    return Ok(());
                };
                self.docs.remove(&p.text_document.uri);
                // The editor forgets the file's problems with it.
                let clear = PublishDiagnosticsParams::new(p.text_document.uri, vec![], None);
                notify::<note::PublishDiagnostics>(connection, clear)
            }
            _ => Ok(()),
        }
    }

    /// Sends a document's diagnostics.
    pub fn publish(&mut self, connection: &Connection, uri: &Url) -> Result<(), ServeError> {
        let Some(doc) = self.docs.get_mut(uri) else {
            return Ok(());
        };
        doc.published = true;
        let params = PublishDiagnosticsParams::new(
            uri.clone(),
            features::diagnostics(doc),
            Some(doc.version),
        );
        notify::<note::PublishDiagnostics>(connection, params)
    }

    fn request(&mut self, connection: &Connection, r: Request) -> Response {
        let id = r.id.clone();
        let result = match r.method.as_str() {
            req::HoverRequest::METHOD => self.answer(r, |s, p: lsp_types::HoverParams| {
                let at = &p.text_document_position_params;
                s.played(&at.text_document.uri)
                    .and_then(|d| features::hover(d, at.position))
            }),
            req::Completion::METHOD => self.answer(r, |s, p: lsp_types::CompletionParams| {
                let at = &p.text_document_position;
                s.doc(&at.text_document.uri)
                    .map(|d| features::completion(d, at.position))
            }),
            req::GotoDefinition::METHOD => {
                self.answer(r, |s, p: lsp_types::GotoDefinitionParams| {
                    let at = &p.text_document_position_params;
                    s.doc(&at.text_document.uri)
                        .and_then(|d| features::definition(d, at.position))
                })
            }
            req::InlayHintRequest::METHOD => self.answer(r, |s, p: lsp_types::InlayHintParams| {
                s.played(&p.text_document.uri)
                    .map(|d| features::inlay_hints(d, p.range))
            }),
            req::CodeActionRequest::METHOD => {
                self.answer(r, |s, p: lsp_types::CodeActionParams| {
                    let uri = p.text_document.uri.clone();
                    s.played(&uri)
                        .map(|d| features::code_actions(d, &uri, p.range))
                })
            }
            req::CodeLensRequest::METHOD => self.answer(r, |s, p: lsp_types::CodeLensParams| {
                let uri = p.text_document.uri.clone();
                s.played(&uri).map(|d| features::code_lenses(d, &uri))
            }),
            req::Formatting::METHOD => {
                self.answer(r, |s, p: lsp_types::DocumentFormattingParams| {
                    s.doc(&p.text_document.uri).map(features::formatting)
                })
            }
            req::DocumentSymbolRequest::METHOD => {
                self.answer(r, |s, p: lsp_types::DocumentSymbolParams| {
                    s.doc(&p.text_document.uri).map(features::symbols)
                })
            }
            req::ExecuteCommand::METHOD => {
                let out = self.answer(r, |s, p: lsp_types::ExecuteCommandParams| {
                    Some(s.execute(&p))
                });
                // The command's result is also what the editor shows.
                if let Ok(Some(serde_json::Value::String(message))) =
                    out.as_ref().map(|v| v.get("message").cloned())
                {
                    let kind = if out.as_ref().ok().and_then(|v| v.get("ok"))
                        == Some(&serde_json::Value::Bool(true))
                    {
                        lsp_types::MessageType::INFO
                    } else {
                        lsp_types::MessageType::ERROR
                    };
                    let _ = notify::<note::ShowMessage>(
                        connection,
                        lsp_types::ShowMessageParams { typ: kind, message },
                    );
                }
                let uris: Vec<Url> = self.docs.keys().cloned().collect();
                for uri in uris {
                    let _ = self.publish(connection, &uri);
                }
                out
            }
            _ => Err((
                lsp_server::ErrorCode::MethodNotFound as i32,
                format!("goti lsp does not answer {}", r.method),
            )),
        };
        match result {
            Ok(value) => Response::new_ok(id, value),
            Err((code, message)) => Response::new_err(id, code, message),
        }
    }

    /// Parses a request's parameters and answers it (`None`: `null`).
    fn answer<P, R>(
        &mut self,
        r: Request,
        f: impl FnOnce(&mut Self, P) -> Option<R>,
    ) -> Result<serde_json::Value, (i32, String)>
    where
        P: serde::de::DeserializeOwned,
        R: serde::Serialize,
    {
        let params: P = serde_json::from_value(r.params).map_err(|e| {
            (
                lsp_server::ErrorCode::InvalidParams as i32,
                format!("{}: {e}", r.method),
            )
        })?;
        let answer = f(self, params);
        serde_json::to_value(answer)
            .map_err(|e| (lsp_server::ErrorCode::InternalError as i32, e.to_string()))
    }

    fn doc(&self, uri: &Url) -> Option<&Document> {
        self.docs.get(uri)
    }

    /// The document, played if it was not yet (what hints and lenses show).
    fn played(&mut self, uri: &Url) -> Option<&Document> {
        let doc = self.docs.get_mut(uri)?;
        if !doc.analysis.played {
            doc.play();
        }
        Some(doc)
    }

    /// `goti.run [uri, scenario]` and `goti.accept [uri, snapshot files...]`.
    fn execute(&mut self, p: &lsp_types::ExecuteCommandParams) -> serde_json::Value {
        let uri = p
            .arguments
            .first()
            .and_then(|v| v.as_str())
            .and_then(|s| Url::parse(s).ok());
        let Some(uri) = uri else {
            return serde_json::json!({"ok": false, "message": "goti: the command names no document"});
        };
        match p.command.as_str() {
            RUN_COMMAND => {
                let name = p
                    .arguments
                    .get(1)
                    .and_then(|v| v.as_str())
                    .map(str::to_string);
                match self.played(&uri) {
                    Some(doc) => features::run_result(doc, name.as_deref()),
                    None => {
                        serde_json::json!({"ok": false, "message": "goti: that document is not open"})
                    }
                }
            }
            ACCEPT_COMMAND => {
                let files: Vec<PathBuf> = p.arguments[1..]
                    .iter()
                    .filter_map(|v| v.as_str().map(PathBuf::from))
                    .collect();
                let out = features::accept(self.docs.get(&uri), &files);
                if let Some(doc) = self.docs.get_mut(&uri) {
                    doc.play();
                }
                out
            }
            other => {
                serde_json::json!({"ok": false, "message": format!("goti: no command {other}")})
            }
        }
    }
}

fn send(connection: &Connection, m: Message) -> Result<(), ServeError> {
    connection
        .sender
        .send(m)
        .map_err(|_| ServeError("the editor closed the connection".into()))
}

fn notify<N: lsp_types::notification::Notification>(
    connection: &Connection,
    params: N::Params,
) -> Result<(), ServeError> {
    send(
        connection,
        Message::Notification(Notification::new(N::METHOD.to_string(), params)),
    )
}
