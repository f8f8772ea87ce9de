// A small stand-in for the `vscode` module: the parts the command handlers and the answer
// panel use. Every call is recorded in `calls`; answers to prompts come from `script`.
/* eslint-disable @typescript-eslint/no-explicit-any */

export interface Call {
  method: string;
  args: unknown[];
}

export const calls: Call[] = [];

/** Scripted answers, consumed in order. */
export const script = {
  inputBox: [] as (string | undefined)[],
  messageChoice: [] as (string | undefined)[],
};

function record(method: string, args: unknown[]): void {
  calls.push({ method, args });
}

export function callsTo(method: string): unknown[][] {
  return calls.filter((c) => c.method === method).map((c) => c.args);
}

export class Position {
  constructor(
    readonly line: number,
    readonly character: number,
  ) {}
}

export class Range {
  readonly start: Position;
  readonly end: Position;
  constructor(startLine: number | Position, startCharacter: number | Position, endLine?: number, endCharacter?: number) {
    if (startLine instanceof Position && startCharacter instanceof Position) {
      this.start = startLine;
      this.end = startCharacter;
    } else {
      this.start = new Position(startLine as number, startCharacter as number);
      this.end = new Position(endLine ?? 0, endCharacter ?? 0);
    }
  }
  get isEmpty(): boolean {
    return this.start.line === this.end.line && this.start.character === this.end.character;
  }
}

export class Selection extends Range {}

export class Uri {
  private constructor(
    readonly scheme: string,
    readonly path: string,
  ) {}
  static parse(value: string): Uri {
    const at = value.indexOf(":");
    return new Uri(value.slice(0, at), value.slice(at + 1).replace(/^\/\//, ""));
  }
  static file(path: string): Uri {
    return new Uri("file", path);
  }
  get fsPath(): string {
    return this.path;
  }
  toString(): string {
    return `${this.scheme}://${this.path}`;
  }
}

export enum ViewColumn {
  Active = -1,
  Beside = -2,
  One = 1,
  Two = 2,
}

export enum ProgressLocation {
  SourceControl = 1,
  Window = 10,
  Notification = 15,
}

export enum StatusBarAlignment {
  Left = 1,
  Right = 2,
}

/** A cancellation token that is never cancelled. */
export const neverCancelled = {
  isCancellationRequested: false,
  onCancellationRequested: () => ({ dispose() {} }),
};

export class MockWebviewPanel {
  title: string;
  disposed = false;
  revealed: unknown[] = [];
  private messageHandler: ((message: unknown) => unknown) | undefined;
  private disposeHandler: (() => void) | undefined;
  readonly webview = {
    html: "",
    cspSource: "vscode-webview://mock",
    onDidReceiveMessage: (handler: (message: unknown) => unknown) => {
      this.messageHandler = handler;
      return { dispose() {} };
    },
  };
  constructor(
    readonly viewType: string,
    title: string,
    readonly options: unknown,
  ) {
    this.title = title;
  }
  reveal(...args: unknown[]): void {
    this.revealed.push(args);
  }
  onDidDispose(handler: () => void) {
    this.disposeHandler = handler;
    return { dispose() {} };
  }
  dispose(): void {
    this.disposed = true;
    this.disposeHandler?.();
  }
  /** What the page's script would post. */
  async postFromPage(message: unknown): Promise<void> {
    await this.messageHandler?.(message);
  }
}

export const panels: MockWebviewPanel[] = [];

function message(method: string) {
  return (...args: unknown[]) => {
    record(method, args);
    return Promise.resolve(script.messageChoice.shift());
  };
}

export const window = {
  activeTextEditor: undefined as any,
  showInputBox: (options?: unknown) => {
    record("showInputBox", [options]);
    return Promise.resolve(script.inputBox.shift());
  },
  showErrorMessage: message("showErrorMessage"),
  showWarningMessage: message("showWarningMessage"),
  showInformationMessage: message("showInformationMessage"),
  withProgress: async <R>(options: unknown, task: (progress: unknown, token: unknown) => Promise<R>): Promise<R> => {
    record("withProgress", [options]);
    return task({ report() {} }, neverCancelled);
  },
  createWebviewPanel: (viewType: string, title: string, _column: unknown, options: unknown) => {
    record("createWebviewPanel", [viewType, title]);
    const panel = new MockWebviewPanel(viewType, title, options);
    panels.push(panel);
    return panel;
  },
  showTextDocument: (uri: Uri, options: unknown) => {
    record("showTextDocument", [uri, options]);
    return Promise.resolve(undefined);
  },
};

export const commands = {
  executeCommand: (command: string, ...args: unknown[]) => {
    record("executeCommand", [command, ...args]);
    return Promise.resolve(undefined);
  },
};

/** An editor on `uri` whose document has `text`, with `selection`. */
export function editor(uri: string, text: string, selection: Selection): unknown {
  const lines = text.split("\n");
  const offset = (p: Position) =>
    lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  return {
    selection,
    document: {
      uri: Uri.parse(uri),
      getText: (range?: Range) => (range ? text.slice(offset(range.start), offset(range.end)) : text),
    },
  };
}

/** Forgets recorded calls, scripted answers, panels and the active editor. */
export function reset(): void {
  calls.length = 0;
  script.inputBox.length = 0;
  script.messageChoice.length = 0;
  panels.length = 0;
  window.activeTextEditor = undefined;
}
