// Protocol tests: the real `lexls serve` on the example workspace, driven over stdio with
// vscode-jsonrpc (the library vscode-languageclient uses), as the extension drives it.
//   LEXLS_BIN   the binary (default: target/debug/lexls of the repository)

import assert = require("node:assert/strict");
import * as cp from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { after, before, describe, it } from "node:test";
import {
  createMessageConnection,
  MessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from "vscode-jsonrpc/node";

import { serverBinary } from "./binary";
import type { AskResult, Range, SelectionArgument, StatusResult } from "../../src/protocol";
import { serverOptions } from "../../src/settings";

const REPO = path.resolve(__dirname, "../../../../..");
const WORKSPACE = path.join(REPO, "examples/nyc-ll144");
const POLICY = path.join(WORKSPACE, "policy/acme-aedt-hiring-policy.md");
const STATUTE = path.join(WORKSPACE, "statute/nyc-admin-code-20-871.md");
const uri = (file: string) => pathToFileURL(file).href;

/** What the extension sends for a user who made unresolved citations errors. */
const OPTIONS = serverOptions(<T>(key: string) =>
  (({ "diagnostics.unresolved": "error", "diagnostics.inNotes": false }) as Record<string, unknown>)[key] as T,
);

/** The LSP position (UTF-16) of `needle` in `text`, plus `delta` characters. */
function positionOf(text: string, needle: string, delta = 0) {
  const at = text.indexOf(needle);
  assert.ok(at >= 0, `${needle} in the file`);
  const before = text.slice(0, at);
  const line = before.split("\n").length - 1;
  const character = at - (before.lastIndexOf("\n") + 1) + delta;
  return { line, character };
}

interface Progress {
  token: string | number;
  value: { kind: string; title?: string; message?: string };
}

describe("lexls serve over stdio", () => {
  let server: cp.ChildProcess;
  let connection: MessageConnection;
  let indexDir: string;
  const progress: Progress[] = [];
  const diagnostics = new Map<string, { message: string; code?: string; severity?: number }[]>();
  const configurationRequests: unknown[] = [];
  let policyText = "";
  let stderr = "";

  before(async () => {
    indexDir = fs.mkdtempSync(path.join(os.tmpdir(), "lexls-vscode-test-"));
    server = cp.spawn(serverBinary(REPO), ["serve"], {
      cwd: WORKSPACE,
      env: { ...process.env, LEXLS_INDEX_DIR: indexDir, LEXLS_LOG: "warn" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    server.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    connection = createMessageConnection(
      new StreamMessageReader(server.stdout as NodeJS.ReadableStream),
      new StreamMessageWriter(server.stdin as NodeJS.WritableStream),
    );
    connection.onRequest("window/workDoneProgress/create", () => null);
    connection.onRequest("client/registerCapability", () => null);
    connection.onRequest("workspace/configuration", (params: { items: unknown[] }) => {
      configurationRequests.push(params);
      return params.items.map(() => ({}));
    });
    connection.onNotification("$/progress", (p: Progress) => {
      progress.push(p);
    });
    connection.onNotification("textDocument/publishDiagnostics", (p: { uri: string; diagnostics: [] }) => {
      diagnostics.set(p.uri, p.diagnostics);
    });
    connection.listen();

    const init = await connection.sendRequest<{
      capabilities: Record<string, unknown>;
      serverInfo: { name: string; version: string };
    }>("initialize", {
      processId: process.pid,
      rootUri: uri(WORKSPACE),
      workspaceFolders: [{ uri: uri(WORKSPACE), name: "nyc-ll144" }],
      capabilities: {
        window: { workDoneProgress: true },
        workspace: { configuration: true, didChangeWatchedFiles: { dynamicRegistration: true } },
        textDocument: { hover: { contentFormat: ["markdown", "plaintext"] } },
      },
      initializationOptions: OPTIONS,
    });
    assert.equal(init.serverInfo.name, "lexls");
    assert.equal(init.capabilities.hoverProvider, true);
    assert.equal(init.capabilities.definitionProvider, true);
    assert.deepEqual(
      (init.capabilities.codeActionProvider as { codeActionKinds: string[] }).codeActionKinds.includes("lexls.ask"),
      true,
    );
    await connection.sendNotification("initialized", {});

    policyText = fs.readFileSync(POLICY, "utf8");
    await connection.sendNotification("textDocument/didOpen", {
      textDocument: { uri: uri(POLICY), languageId: "markdown", version: 1, text: policyText },
    });
    const deadline = Date.now() + 60_000;
    for (;;) {
      const status = await connection.sendRequest<StatusResult>("lexls/status");
      if (status.ready) break;
      assert.ok(Date.now() < deadline, "the server indexed the workspace within 60 s");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });

  after(async () => {
    if (connection) {
      await connection.sendRequest("shutdown").catch(() => undefined);
      await connection.sendNotification("exit").catch(() => undefined);
    }
    const exited = new Promise<number | null>((resolve) => {
      if (server.exitCode !== null) resolve(server.exitCode);
      server.once("exit", (code) => resolve(code));
    });
    const timer = setTimeout(() => server.kill("SIGKILL"), 10_000);
    const code = await exited;
    clearTimeout(timer);
    connection?.dispose();
    fs.rmSync(indexDir, { recursive: true, force: true });
    assert.equal(code, 0, `lexls exits cleanly after shutdown/exit; stderr:\n${stderr}`);
  });

  it("reports indexing progress with the lexls/indexing token", () => {
    const indexing = progress.filter((p) => p.token === "lexls/indexing").map((p) => p.value.kind);
    assert.equal(indexing[0], "begin");
    assert.ok(indexing.includes("end"), JSON.stringify(indexing));
  });

  it("hovers a § 20-871(b) citation in the policy with the cited provision", async () => {
    const position = positionOf(policyText, "§ 20-871(b) no less", 3);
    const hover = await connection.sendRequest<{ contents: { kind: string; value: string }; range: Range }>(
      "textDocument/hover",
      { textDocument: { uri: uri(POLICY) }, position },
    );
    assert.equal(hover.contents.kind, "markdown");
    assert.match(hover.contents.value, /NYC Admin\. Code § 20-871\(b\)/);
    assert.match(hover.contents.value, /ten business days/);
    assert.equal(hover.range.start.line, position.line);
  });

  it("goes to the definition of the citation in the statute", async () => {
    const position = positionOf(policyText, "§ 20-871(b) no less", 3);
    const def = await connection.sendRequest<{ uri: string; range: Range }>("textDocument/definition", {
      textDocument: { uri: uri(POLICY) },
      position,
    });
    assert.equal(def.uri, uri(STATUTE));
    const statute = fs.readFileSync(STATUTE, "utf8");
    assert.equal(def.range.start.line, positionOf(statute, "b. Notices required").line);
  });

  it("publishes a diagnostic for the unresolved § 20-875, an error as the settings say", async () => {
    const deadline = Date.now() + 10_000;
    while (!diagnostics.get(uri(POLICY))?.length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const list = diagnostics.get(uri(POLICY)) ?? [];
    const missing = list.find((d) => d.code === "unresolved-citation" && d.message.includes("20-875"));
    assert.ok(missing, JSON.stringify(list));
    // 1: Error (the default is Warning), as the extension's options say.
    assert.equal(missing.severity, 1, JSON.stringify(missing));
  });

  it("offers Ask about selection on a selection, and lexls/ask answers it citing § 20-871", async () => {
    const start = positionOf(policyText, "(a) Every candidate or employee who resides");
    const end = positionOf(policyText, "used to assess them.", "used to assess them.".length);
    const range = { start, end };
    const actions = await connection.sendRequest<
      { title: string; kind?: string; command?: { command: string; arguments: unknown[] } }[]
    >("textDocument/codeAction", {
      textDocument: { uri: uri(POLICY) },
      range,
      context: { diagnostics: [] },
    });
    const action = actions.find((a) => a.command?.command === "lexls.askAboutSelection");
    assert.ok(action, JSON.stringify(actions));
    assert.equal(action.kind, "lexls.ask");
    const arg = action.command?.arguments[0] as SelectionArgument;
    assert.equal(arg.textDocument.uri, uri(POLICY));
    assert.deepEqual(arg.range, range);
    assert.match(arg.text ?? "", /^\(a\) Every candidate .* used to assess them\.$/s);

    // What the extension sends when the user accepts the proposed question.
    const answer = await connection.sendRequest<AskResult>("lexls/ask", {
      question: "How many business days before using an AEDT must a candidate be notified?",
      textDocument: arg.textDocument,
      range: arg.range,
    });
    assert.match(answer.answer, /business days/);
    const cited = answer.citations.filter((c) => c.target?.startsWith("NYC Admin. Code § 20-871"));
    assert.ok(cited.length > 0, JSON.stringify(answer.citations));
    for (const c of cited) {
      assert.equal(c.resolved, true);
      assert.equal(c.location?.uri, uri(STATUTE));
    }
    const statute = answer.sources.find((s) => s.citation === "NYC Admin. Code § 20-871");
    assert.ok(statute, JSON.stringify(answer.sources));
    assert.equal(statute.kind, "statute");
    assert.equal(statute.authority, 1);
    assert.ok(Array.isArray(answer.warnings));
  });

  it("rejects an empty question with InvalidParams", async () => {
    await assert.rejects(connection.sendRequest("lexls/ask", { question: "  " }), (e: { code: number }) => e.code === -32602);
  });

  it("answers lexls/status with the workspace's counts", async () => {
    // No params, as the extension sends it (vscode-jsonrpc would turn `null` into `[null]`,
    // which the server rejects).
    const status = await connection.sendRequest<StatusResult>("lexls/status");
    assert.equal(status.ready, true);
    // Every Markdown file but PROVENANCE.md, which the workspace's .lexls.toml excludes.
    const files = fs
      .readdirSync(WORKSPACE, { recursive: true })
      .filter((f) => String(f).endsWith(".md") && String(f) !== "PROVENANCE.md");
    assert.equal(status.documents, files.length);
    assert.ok((status.provisions ?? 0) > 11);
    assert.ok((status.unresolved ?? 0) >= 1);
    assert.equal(typeof status.model?.loaded, "boolean");
    assert.match(status.version ?? "", /^\d+\.\d+\.\d+/);
  });
});
