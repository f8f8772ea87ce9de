import assert = require("node:assert/strict");
import { beforeEach, describe, it } from "node:test";

import * as vscode from "../mock/vscode";
import {
  ask,
  askAboutSelection,
  CommandDeps,
  DEFAULT_SELECTION_QUESTION,
  formatStatus,
  LexlsClient,
  showIndexStatus,
} from "../../src/commands";
import type { AskResult } from "../../src/protocol";

const RESULT: AskResult = { answer: "- “ten business days” — § 20-871(b)", citations: [], sources: [], warnings: [] };
const POLICY = "file:///ws/policy/acme.md";

class FakeClient implements LexlsClient {
  requests: { method: string; params?: unknown }[] = [];
  constructor(private readonly reply: (method: string, params: unknown) => unknown) {}
  async sendRequest<R>(method: string, ...rest: unknown[]): Promise<R> {
    const params = rest[0];
    this.requests.push(rest.length > 0 ? { method, params } : { method });
    const value = this.reply(method, params);
    if (value instanceof Error || (typeof value === "object" && value !== null && "code" in value)) throw value;
    return value as R;
  }
}

function setup(reply: (method: string, params: unknown) => unknown = () => RESULT, running = true) {
  const client = new FakeClient(reply);
  const shown: { question: string; result: AskResult; context?: string }[] = [];
  let restarts = 0;
  const deps: CommandDeps = {
    client: () => (running ? client : undefined),
    answers: { show: (question, result, context) => shown.push({ question, result, context }) },
    restart: async () => {
      restarts++;
    },
  };
  return { client, shown, deps, restarts: () => restarts };
}

beforeEach(() => vscode.reset());

describe("lexls: Ask…", () => {
  it("asks the typed question under a progress notification and shows the answer", async () => {
    const { client, shown, deps } = setup();
    vscode.script.inputBox.push("  How many business days?  ");
    assert.equal(await ask(deps), RESULT);
    assert.deepEqual(client.requests, [{ method: "lexls/ask", params: { question: "How many business days?" } }]);
    const [progress] = vscode.callsTo("withProgress")[0] as [{ location: number; cancellable: boolean }];
    assert.equal(progress.location, vscode.ProgressLocation.Notification);
    assert.equal(progress.cancellable, true);
    assert.deepEqual(shown, [{ question: "How many business days?", result: RESULT, context: undefined }]);
  });

  it("takes the question from its argument without prompting", async () => {
    const { client, deps } = setup();
    await ask(deps, "What is a bias audit?");
    assert.equal(vscode.callsTo("showInputBox").length, 0);
    assert.deepEqual(client.requests[0].params, { question: "What is a bias audit?" });
  });

  it("does nothing when the input box is dismissed or left empty", async () => {
    const { client, deps } = setup();
    vscode.script.inputBox.push(undefined, "   ");
    assert.equal(await ask(deps), undefined);
    assert.equal(await ask(deps), undefined);
    assert.equal(client.requests.length, 0);
  });

  it("reports a failed request, but not a cancelled one", async () => {
    const failing = setup(() => new Error("index not ready"));
    await ask(failing.deps, "q");
    assert.deepEqual(vscode.callsTo("showErrorMessage"), [["lexls: the question could not be answered: index not ready"]]);
    vscode.reset();
    const cancelled = setup(() => ({ code: -32800, message: "cancelled" }));
    assert.equal(await ask(cancelled.deps, "q"), undefined);
    assert.equal(vscode.callsTo("showErrorMessage").length, 0);
  });

  it("offers a restart when the server is not running", async () => {
    const { deps, restarts } = setup(undefined, false);
    vscode.script.messageChoice.push("Restart Server");
    await ask(deps, "q");
    assert.deepEqual(vscode.callsTo("showErrorMessage"), [["lexls: the language server is not running.", "Restart Server"]]);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(restarts(), 1);
  });
});

describe("lexls: Ask about Selection", () => {
  const range = { start: { line: 39, character: 0 }, end: { line: 40, character: 35 } };

  it("runs the server's code action command with its argument as the context", async () => {
    const { client, shown, deps } = setup();
    vscode.script.inputBox.push("Is ten business days enough?");
    const arg = { text: "§ 20-871(b) no less than ten business days", textDocument: { uri: POLICY }, range };
    await askAboutSelection(deps, arg);
    assert.deepEqual(client.requests, [
      {
        method: "lexls/ask",
        params: { question: "Is ten business days enough?", textDocument: { uri: POLICY }, range },
      },
    ]);
    assert.equal(shown[0].context, arg.text);
  });

  it("proposes a default question and uses it when the box is emptied", async () => {
    const { client, deps } = setup();
    vscode.script.inputBox.push("");
    await askAboutSelection(deps, { textDocument: { uri: POLICY }, range });
    const [box] = vscode.callsTo("showInputBox")[0] as [{ value: string }];
    assert.equal(box.value, DEFAULT_SELECTION_QUESTION);
    assert.equal((client.requests[0].params as { question: string }).question, DEFAULT_SELECTION_QUESTION);
  });

  it("uses the active editor's selection when run from the context menu", async () => {
    const { client, shown, deps } = setup();
    const text = "line zero\nas required by § 20-871(a)(1).\n";
    vscode.window.activeTextEditor = vscode.editor(POLICY, text, new vscode.Selection(1, 15, 1, 29));
    vscode.script.inputBox.push(DEFAULT_SELECTION_QUESTION);
    await askAboutSelection(deps);
    assert.deepEqual(client.requests[0].params, {
      question: DEFAULT_SELECTION_QUESTION,
      textDocument: { uri: POLICY },
      range: { start: { line: 1, character: 15 }, end: { line: 1, character: 29 } },
    });
    assert.equal(shown[0].context, "§ 20-871(a)(1)");
  });

  it("asks for a selection when there is none, and is cancelled by Escape", async () => {
    const { client, deps } = setup();
    vscode.window.activeTextEditor = vscode.editor(POLICY, "text", new vscode.Selection(0, 2, 0, 2));
    await askAboutSelection(deps);
    assert.deepEqual(vscode.callsTo("showInformationMessage"), [["lexls: select the text to ask about first."]]);
    vscode.script.inputBox.push(undefined);
    await askAboutSelection(deps, { textDocument: { uri: POLICY }, range });
    assert.equal(client.requests.length, 0);
  });
});

describe("lexls: Show Index Status", () => {
  const status = {
    ready: true,
    root: "/ws",
    indexDir: "/cache/idx",
    documents: 12,
    provisions: 100,
    citations: 64,
    unresolved: 3,
    external: 8,
    embedding: { done: 66, total: 66 },
    model: { loaded: false, reason: "no model files in /m" },
    llm: { configured: false },
    version: "0.1.0",
  };

  it("formats the counts and the model and LLM state", () => {
    const { message, detail } = formatStatus(status);
    assert.equal(message, "lexls 0.1.0: 12 documents, 100 provisions, 64 citations (3 unresolved, 8 external)");
    assert.equal(
      detail,
      [
        "Workspace: /ws",
        "Index: /cache/idx",
        "Embeddings: 66/66 passages",
        "Embedding model: not loaded (no model files in /m); BM25 and the citation graph only",
        "LLM: not configured (extractive answers)",
      ].join("\n"),
    );
  });

  it("requests lexls/status and shows it in a modal message", async () => {
    const { client, deps } = setup(() => status);
    await showIndexStatus(deps);
    assert.deepEqual(client.requests, [{ method: "lexls/status" }], "sent without params");
    const [message, opts] = vscode.callsTo("showInformationMessage")[0] as [string, { modal: boolean; detail: string }];
    assert.match(message, /^lexls 0\.1\.0: 12 documents/);
    assert.equal(opts.modal, true);
    assert.match(opts.detail, /Embeddings: 66\/66/);
  });
});
