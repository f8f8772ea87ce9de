// The handlers of the extension's commands. They talk to the server through the small
// `LexlsClient` interface and show answers through `AnswerSink`, so they are tested against a
// mocked `vscode` module and a fake client.

import * as vscode from "vscode";

import {
  ASK_METHOD,
  AskParams,
  AskResult,
  isSelectionArgument,
  Range,
  SelectionArgument,
  STATUS_METHOD,
  StatusResult,
} from "./protocol";

/** What the handlers need of the language client. */
export interface LexlsClient {
  sendRequest<R>(method: string, params: unknown, token?: vscode.CancellationToken): Promise<R>;
  /** A request without params (`lexls/status`). */
  sendRequest<R>(method: string): Promise<R>;
}

/** Where answers go (the answer panel). */
export interface AnswerSink {
  show(question: string, result: AskResult, context?: string): void;
}

export interface CommandDeps {
  /** The running client, or undefined when the server is not running. */
  client(): LexlsClient | undefined;
  answers: AnswerSink;
  restart(): Promise<void>;
}

/** Proposed (and used when the box is left empty) for "Ask about Selection". */
export const DEFAULT_SELECTION_QUESTION = "What does this require, and which provisions govern it?";
/** How much of the selection the answer panel quotes. */
const CONTEXT_CHARS = 600;
/** JSON-RPC `RequestCancelled`. */
const REQUEST_CANCELLED = -32800;

function notRunning(deps: CommandDeps): undefined {
  void vscode.window
    .showErrorMessage("lexls: the language server is not running.", "Restart Server")
    .then((choice) => (choice === "Restart Server" ? deps.restart() : undefined));
  return undefined;
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === "object" && error !== null && "message" in error) {
    return String((error as { message: unknown }).message);
  }
  return String(error);
}

function isCancellation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === REQUEST_CANCELLED;
}

function excerpt(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const trimmed = text.trim();
  return trimmed.length > CONTEXT_CHARS ? `${trimmed.slice(0, CONTEXT_CHARS)}…` : trimmed;
}

/** Sends `lexls/ask` under a progress notification and shows the answer. */
export async function runAsk(deps: CommandDeps, params: AskParams, context?: string): Promise<AskResult | undefined> {
  const client = deps.client();
  if (!client) return notRunning(deps);
  try {
    const result = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: "lexls: answering…", cancellable: true },
      (_progress, token) => client.sendRequest<AskResult>(ASK_METHOD, params, token),
    );
    deps.answers.show(params.question, result, excerpt(context));
    return result;
  } catch (error) {
    if (!isCancellation(error)) {
      void vscode.window.showErrorMessage(`lexls: the question could not be answered: ${errorText(error)}`);
    }
    return undefined;
  }
}

/** "lexls: Ask…": a question from an input box (or the argument), about the whole workspace. */
export async function ask(deps: CommandDeps, question?: unknown): Promise<AskResult | undefined> {
  let text = typeof question === "string" ? question.trim() : "";
  if (!text) {
    const typed = await vscode.window.showInputBox({
      title: "lexls: Ask",
      prompt: "A question about the statutes and policies of the workspace",
      placeHolder: "How many business days before using an AEDT must a candidate be notified?",
      ignoreFocusOut: true,
    });
    text = typed?.trim() ?? "";
  }
  if (!text) return undefined;
  return runAsk(deps, { question: text });
}

function toLspRange(selection: vscode.Range): Range {
  return {
    start: { line: selection.start.line, character: selection.start.character },
    end: { line: selection.end.line, character: selection.end.character },
  };
}

/** The selection the command is about: the code action's argument, else the editor's. */
export function selectionFrom(arg: unknown, editor: vscode.TextEditor | undefined): SelectionArgument | undefined {
  if (isSelectionArgument(arg)) return arg;
  if (!editor || editor.selection.isEmpty) return undefined;
  return {
    text: editor.document.getText(editor.selection),
    textDocument: { uri: editor.document.uri.toString() },
    range: toLspRange(editor.selection),
  };
}

/**
 * "lexls: Ask about Selection", and the command `lexls.askAboutSelection` of the server's
 * code action (whose one argument is `{ text, textDocument: { uri }, range }`).
 */
export async function askAboutSelection(deps: CommandDeps, arg?: unknown): Promise<AskResult | undefined> {
  const selection = selectionFrom(arg, vscode.window.activeTextEditor);
  if (!selection) {
    void vscode.window.showInformationMessage("lexls: select the text to ask about first.");
    return undefined;
  }
  const typed = await vscode.window.showInputBox({
    title: "lexls: Ask about Selection",
    prompt: "A question about the selected text (Enter keeps the proposed one)",
    value: DEFAULT_SELECTION_QUESTION,
    valueSelection: [0, DEFAULT_SELECTION_QUESTION.length],
    ignoreFocusOut: true,
  });
  if (typed === undefined) return undefined; // Escape
  const question = typed.trim() || DEFAULT_SELECTION_QUESTION;
  return runAsk(
    deps,
    { question, textDocument: selection.textDocument, range: selection.range },
    selection.text,
  );
}

/** The index status as a one-line summary and detail lines. */
export function formatStatus(status: StatusResult): { message: string; detail: string } {
  const version = status.version ? ` ${status.version}` : "";
  const state = status.ready === false ? " (indexing…)" : "";
  const message =
    `lexls${version}${state}: ${status.documents ?? 0} documents, ${status.provisions ?? 0} provisions, ` +
    `${status.citations ?? 0} citations (${status.unresolved ?? 0} unresolved, ${status.external ?? 0} external)`;
  const detail: string[] = [];
  if (status.root) detail.push(`Workspace: ${status.root}`);
  if (status.indexDir) detail.push(`Index: ${status.indexDir}`);
  if (status.embedding) {
    detail.push(`Embeddings: ${status.embedding.done}/${status.embedding.total} passages`);
  }
  if (status.model) {
    detail.push(
      status.model.loaded
        ? "Embedding model: loaded (hybrid retrieval)"
        : `Embedding model: not loaded (${status.model.reason ?? "no reason given"}); BM25 and the citation graph only`,
    );
  }
  if (status.llm) {
    detail.push(status.llm.configured ? "LLM: configured" : "LLM: not configured (extractive answers)");
  }
  return { message, detail: detail.join("\n") };
}

/** "lexls: Show Index Status". */
export async function showIndexStatus(deps: CommandDeps): Promise<StatusResult | undefined> {
  const client = deps.client();
  if (!client) return notRunning(deps);
  try {
    // Without params: vscode-jsonrpc would send `null` as `[null]`, which the server rejects.
    const status = await client.sendRequest<StatusResult>(STATUS_METHOD);
    const { message, detail } = formatStatus(status);
    void vscode.window.showInformationMessage(message, { modal: true, detail });
    return status;
  } catch (error) {
    void vscode.window.showErrorMessage(`lexls: cannot read the index status: ${errorText(error)}`);
    return undefined;
  }
}
