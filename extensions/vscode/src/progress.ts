// What the status bar item says, from the server's work-done progress (`$/progress` with the
// tokens `lexls/indexing` and `lexls/embedding`). Pure: a small state machine and a function
// from its state to the item's text and tooltip.

import { EMBEDDING_TOKEN, INDEXING_TOKEN } from "./protocol";

/** The `value` of a `$/progress` notification (LSP `WorkDoneProgress*`). */
export interface ProgressValue {
  kind: "begin" | "report" | "end";
  title?: string;
  message?: string;
  percentage?: number;
}

interface Task {
  title: string;
  message?: string;
  percentage?: number;
  done: boolean;
}

export type ServerState = "starting" | "running" | "stopped" | "failed";

export interface StatusView {
  text: string;
  tooltip: string;
  busy: boolean;
}

const LABELS: Record<string, string> = {
  [INDEXING_TOKEN]: "indexing",
  [EMBEDDING_TOKEN]: "embedding",
};

export class ProgressTracker {
  private readonly tasks = new Map<string, Task>();
  server: ServerState = "starting";

  /** Applies one `$/progress` value for `token`. */
  update(token: string, value: ProgressValue): void {
    const task = this.tasks.get(token);
    switch (value.kind) {
      case "begin":
        this.tasks.set(token, {
          title: value.title ?? token,
          message: value.message,
          percentage: value.percentage,
          done: false,
        });
        break;
      case "report":
        if (task) {
          task.message = value.message ?? task.message;
          task.percentage = value.percentage ?? task.percentage;
          task.done = false;
        } else {
          this.tasks.set(token, { title: token, message: value.message, percentage: value.percentage, done: false });
        }
        break;
      case "end":
        this.tasks.set(token, {
          title: task?.title ?? token,
          message: value.message ?? task?.message,
          percentage: 100,
          done: true,
        });
        break;
    }
  }

  /** Forgets all progress (the server restarted). */
  reset(): void {
    this.tasks.clear();
  }

  view(): StatusView {
    const lines: string[] = [];
    if (this.server === "failed") {
      return { text: "$(error) lexls", tooltip: "lexls did not start: see Output → lexls", busy: false };
    }
    if (this.server === "stopped") {
      return { text: "$(circle-slash) lexls", tooltip: "lexls is stopped", busy: false };
    }
    let active: [string, Task] | undefined;
    for (const [token, task] of this.tasks) {
      const label = LABELS[token] ?? token;
      const state = task.done ? "done" : "running";
      lines.push(`${label}: ${task.message ?? task.title} (${state})`);
      if (!task.done && !active) {
        active = [token, task];
      }
    }
    if (active) {
      const [token, task] = active;
      const pct = typeof task.percentage === "number" ? ` ${Math.round(task.percentage)}%` : "";
      return {
        text: `$(sync~spin) lexls: ${LABELS[token] ?? token}${pct}`,
        tooltip: [task.title, ...lines].join("\n"),
        busy: true,
      };
    }
    if (this.server === "starting") {
      return { text: "$(sync~spin) lexls", tooltip: "lexls is starting", busy: true };
    }
    return {
      text: "$(law) lexls",
      tooltip: ["lexls is ready: click for the index status", ...lines].join("\n"),
      busy: false,
    };
  }
}
