import assert = require("node:assert/strict");
import { beforeEach, describe, it } from "node:test";

import * as vscode from "../mock/vscode";
import { AnswerPanel } from "../../src/answerPanel";
import type { AskResult } from "../../src/protocol";

const STATUTE = "file:///ws/statute/nyc-admin-code-20-871.md";
const result: AskResult = {
  answer: "- “ten business days” — NYC Admin. Code § 20-871(b)(1)",
  citations: [
    {
      text: "NYC Admin. Code § 20-871(b)(1)",
      target: "NYC Admin. Code § 20-871(b)(1)",
      resolved: true,
      supported: true,
      location: { uri: STATUTE, range: { start: { line: 16, character: 0 }, end: { line: 16, character: 3 } } },
    },
  ],
  sources: [],
  warnings: [],
};

beforeEach(() => vscode.reset());

describe("AnswerPanel", () => {
  it("shows answers in one reused webview beside the editor", () => {
    const panel = new AnswerPanel();
    panel.show("How many business days?", result, "§ 20-871(b)");
    panel.show("Second question", result);
    assert.equal(vscode.panels.length, 1);
    const [webview] = vscode.panels;
    assert.equal(webview.viewType, "lexls.answer");
    assert.deepEqual((webview.options as { enableScripts: boolean }).enableScripts, true);
    assert.equal(webview.title, "lexls: Second question");
    assert.match(webview.webview.html, /<h1 class="question">Second question<\/h1>/);
    assert.deepEqual(webview.revealed.at(-1), [vscode.ViewColumn.Beside, true]);
  });

  it("opens the location of a clicked citation, and ignores other messages", async () => {
    const panel = new AnswerPanel();
    panel.show("q", result);
    const [webview] = vscode.panels;
    await webview.postFromPage({ type: "open", index: 0 });
    await webview.postFromPage({ type: "open", index: 7 });
    await webview.postFromPage({ type: "run", command: "rm -rf /" });
    const opened = vscode.callsTo("showTextDocument");
    assert.equal(opened.length, 1);
    const [uri, options] = opened[0] as [vscode.Uri, { selection: vscode.Range; viewColumn: number }];
    assert.equal(uri.toString(), STATUTE);
    assert.equal(options.viewColumn, vscode.ViewColumn.One);
    assert.deepEqual([options.selection.start.line, options.selection.end.character], [16, 3]);
  });

  it("makes a new webview after the user closed it", () => {
    const panel = new AnswerPanel();
    panel.show("q", result);
    vscode.panels[0].dispose();
    panel.show("q", result);
    assert.equal(vscode.panels.length, 2);
  });
});
