// Entry point: wires the server manager, the answer panel and the command handlers together.

import * as vscode from "vscode";

import { AnswerPanel } from "./answerPanel";
import { ServerManager } from "./client";
import { ask, askAboutSelection, CommandDeps, showIndexStatus } from "./commands";
import { ASK_ABOUT_SELECTION_COMMAND } from "./protocol";

let manager: ServerManager | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  manager = new ServerManager(context);
  const answers = new AnswerPanel();
  const server = manager;
  const deps: CommandDeps = {
    client: () => server.current(),
    answers,
    restart: () => server.restart(),
  };
  context.subscriptions.push(
    answers,
    vscode.commands.registerCommand("lexls.ask", (question?: unknown) => ask(deps, question)),
    // Both the palette / context menu entry and the server's code action run this command.
    vscode.commands.registerCommand(ASK_ABOUT_SELECTION_COMMAND, (arg?: unknown) => askAboutSelection(deps, arg)),
    vscode.commands.registerCommand("lexls.restartServer", () => server.restart()),
    vscode.commands.registerCommand("lexls.showIndexStatus", () => showIndexStatus(deps)),
  );
  await server.start();
}

export async function deactivate(): Promise<void> {
  await manager?.dispose();
  manager = undefined;
}
