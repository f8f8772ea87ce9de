// The answer side panel: one webview, reused, showing the page `render.ts` makes; a click on a
// citation or a source opens its location in the editor.

import { randomBytes } from "node:crypto";
import * as vscode from "vscode";

import type { AnswerSink } from "./commands";
import type { AskResult, Location } from "./protocol";
import { renderAnswerPage } from "./render";

export const ANSWER_VIEW_TYPE = "lexls.answer";

export class AnswerPanel implements AnswerSink, vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private locations: Location[] = [];

  show(question: string, result: AskResult, context?: string): void {
    const panel = this.ensurePanel();
    const rendered = renderAnswerPage(question, result, {
      nonce: randomBytes(16).toString("hex"),
      cspSource: panel.webview.cspSource,
      context,
    });
    this.locations = rendered.locations;
    panel.title = `lexls: ${question.length > 40 ? `${question.slice(0, 40)}…` : question}`;
    panel.webview.html = rendered.html;
    panel.reveal(vscode.ViewColumn.Beside, true);
  }

  private ensurePanel(): vscode.WebviewPanel {
    if (this.panel) return this.panel;
    const panel = vscode.window.createWebviewPanel(
      ANSWER_VIEW_TYPE,
      "lexls: Answer",
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      { enableScripts: true, enableFindWidget: true, localResourceRoots: [] },
    );
    panel.webview.onDidReceiveMessage((message: unknown) => this.onMessage(message));
    panel.onDidDispose(() => {
      this.panel = undefined;
      this.locations = [];
    });
    this.panel = panel;
    return panel;
  }

  private async onMessage(message: unknown): Promise<void> {
    const m = message as { type?: unknown; index?: unknown };
    if (m?.type !== "open" || typeof m.index !== "number") return;
    const location = this.locations[m.index];
    if (location) await openLocation(location);
  }

  dispose(): void {
    this.panel?.dispose();
  }
}

/** Opens a protocol location in the first editor column, selecting its range. */
export async function openLocation(location: Location): Promise<void> {
  const { start, end } = location.range;
  const range = new vscode.Range(start.line, start.character, end.line, end.character);
  await vscode.window.showTextDocument(vscode.Uri.parse(location.uri), {
    viewColumn: vscode.ViewColumn.One,
    selection: range,
    preview: true,
  });
}
