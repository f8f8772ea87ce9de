// Starting, stopping and restarting the language client; the glue between VS Code, the
// server discovery, the settings and the status bar.

import * as os from "node:os";
import * as vscode from "vscode";
import {
  DidChangeConfigurationNotification,
  LanguageClient,
  LanguageClientOptions,
  ServerCapabilities,
  State,
  StaticFeature,
  WorkDoneProgress,
  WorkDoneProgressCreateParams,
  WorkDoneProgressCreateRequest,
} from "vscode-languageclient/node";

import type { LexlsClient } from "./commands";
import { ProgressTracker, ProgressValue } from "./progress";
import { findServer, isExecutableFile, ServerNotFoundError } from "./serverPath";
import { configurationAnswer, RESTART_SETTINGS, serverOptions, ServerOptions } from "./settings";

export const LANGUAGES = ["markdown", "plaintext", "xml", "html"];
const SECTION = "lexls";

function readSettings(): ServerOptions {
  const config = vscode.workspace.getConfiguration(SECTION);
  return serverOptions((key) => config.get(key));
}

/**
 * Takes the server's work-done progress over from the client's default handling (a window
 * progress per token) and feeds it to the status bar.
 */
class StatusProgressFeature implements StaticFeature {
  private readonly handlers = new Map<string, vscode.Disposable>();

  constructor(
    private readonly client: LanguageClient,
    private readonly tracker: ProgressTracker,
    private readonly changed: () => void,
  ) {}

  fillClientCapabilities(capabilities: { window?: { workDoneProgress?: boolean } }): void {
    capabilities.window = { ...capabilities.window, workDoneProgress: true };
  }

  initialize(_capabilities: ServerCapabilities): void {
    this.client.onRequest(WorkDoneProgressCreateRequest.type, (params: WorkDoneProgressCreateParams) => {
      const token = String(params.token);
      if (this.handlers.has(token)) return;
      this.handlers.set(
        token,
        this.client.onProgress(WorkDoneProgress.type, params.token, (value) => {
          this.tracker.update(token, value as ProgressValue);
          this.changed();
        }),
      );
    });
  }

  getState(): { kind: "static" } {
    return { kind: "static" };
  }

  clear(): void {
    for (const handler of this.handlers.values()) handler.dispose();
    this.handlers.clear();
  }
}

export class ServerManager implements vscode.Disposable {
  private client: LanguageClient | undefined;
  private readonly tracker = new ProgressTracker();
  private readonly status: vscode.StatusBarItem;
  private readonly output: vscode.LogOutputChannel;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly context: vscode.ExtensionContext) {
    this.output = vscode.window.createOutputChannel("lexls", { log: true });
    this.status = vscode.window.createStatusBarItem("lexls.status", vscode.StatusBarAlignment.Left, 10);
    this.status.name = "lexls";
    this.status.command = "lexls.showIndexStatus";
    this.disposables.push(
      this.output,
      this.status,
      vscode.workspace.onDidChangeConfiguration((e) => this.onConfigurationChanged(e)),
    );
    this.refreshStatus();
    this.status.show();
  }

  /** The running client, for the command handlers. */
  current(): LexlsClient | undefined {
    return this.client?.isRunning() ? this.client : undefined;
  }

  async start(): Promise<void> {
    this.tracker.reset();
    this.tracker.server = "starting";
    this.refreshStatus();
    let command: string;
    try {
      const found = findServer({
        configured: vscode.workspace.getConfiguration(SECTION).get<string | null>("server.path"),
        extensionPath: this.context.extensionPath,
        workspaceFolder: vscode.workspace.workspaceFolders?.[0]?.uri.fsPath,
        env: process.env,
        platform: process.platform,
        homedir: os.homedir(),
        isExecutable: isExecutableFile,
      });
      command = found.command;
      this.output.info(`starting ${command} serve (found: ${found.source})`);
    } catch (error) {
      this.failed(error);
      return;
    }
    const clientOptions: LanguageClientOptions = {
      documentSelector: LANGUAGES.map((language) => ({ scheme: "file", language })),
      initializationOptions: readSettings(),
      outputChannel: this.output,
      middleware: {
        workspace: {
          configuration: async (params, token, next) => {
            const others = await next(params, token);
            return Array.isArray(others) ? configurationAnswer(params.items, others, readSettings()) : others;
          },
        },
      },
    };
    const client = new LanguageClient(
      "lexls",
      "lexls",
      // No `transport`: with TransportKind.stdio the client would append `--stdio`.
      { command, args: ["serve"] },
      clientOptions,
    );
    client.registerFeature(new StatusProgressFeature(client, this.tracker, () => this.refreshStatus()));
    // Follow the client's own restarts after a crash, and its final stop.
    client.onDidChangeState(({ newState }) => {
      if (this.client !== client) return;
      if (newState === State.Running) this.tracker.server = "running";
      else if (newState === State.Stopped) this.tracker.server = "stopped";
      this.refreshStatus();
    });
    this.client = client;
    try {
      await client.start();
      this.tracker.server = "running";
      this.refreshStatus();
    } catch (error) {
      this.failed(error);
    }
  }

  async stop(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (client) {
      try {
        await client.stop(5000);
      } catch (error) {
        this.output.warn(`stopping the server: ${String(error)}`);
      }
      await client.dispose();
    }
    this.tracker.server = "stopped";
    this.refreshStatus();
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  private failed(error: unknown): void {
    this.tracker.server = "failed";
    this.refreshStatus();
    const message =
      error instanceof ServerNotFoundError
        ? error.message
        : `lexls: the language server did not start: ${error instanceof Error ? error.message : String(error)}`;
    this.output.error(message);
    if (error instanceof ServerNotFoundError) {
      this.output.error(`tried: ${error.tried.join(", ")}`);
    }
    void vscode.window.showErrorMessage(message, "Open Settings", "Show Output").then((choice) => {
      if (choice === "Open Settings") {
        void vscode.commands.executeCommand("workbench.action.openSettings", "lexls.server.path");
      } else if (choice === "Show Output") {
        this.output.show();
      }
    });
  }

  private onConfigurationChanged(e: vscode.ConfigurationChangeEvent): void {
    if (!e.affectsConfiguration(SECTION)) return;
    if (RESTART_SETTINGS.some((s) => e.affectsConfiguration(s))) {
      void vscode.window
        .showInformationMessage("lexls: restart the server to apply the new setting.", "Restart Server")
        .then((choice) => (choice === "Restart Server" ? this.restart() : undefined));
      return;
    }
    const client = this.current() as LanguageClient | undefined;
    void client?.sendNotification(DidChangeConfigurationNotification.type, { settings: { [SECTION]: readSettings() } });
  }

  private refreshStatus(): void {
    const view = this.tracker.view();
    this.status.text = view.text;
    this.status.tooltip = view.tooltip;
  }

  async dispose(): Promise<void> {
    await this.stop();
    for (const d of this.disposables) d.dispose();
  }
}
