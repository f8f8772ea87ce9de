// Finding the lexls binary: the `lexls.server.path` setting, then the binary bundled in the
// extension (`server/lexls`), then `PATH`. Nothing is ever downloaded. Pure: the file system
// and the environment are passed in, so the search is tested without VS Code.

import * as fs from "node:fs";
import * as path from "node:path";

/** Where the binary was found. */
export type ServerSource = "setting" | "bundled" | "path";

export interface FoundServer {
  command: string;
  source: ServerSource;
}

export interface Discovery {
  /** The `lexls.server.path` setting (unset: null, undefined or empty). */
  configured?: string | null;
  /** The extension's install directory. */
  extensionPath: string;
  /** The first workspace folder, for `${workspaceFolder}` in the setting. */
  workspaceFolder?: string;
  /** `process.env`-like: `PATH` (and `PATHEXT` on Windows). */
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  homedir: string;
  /** True when `file` exists, is a regular file and may be executed. */
  isExecutable: (file: string) => boolean;
}

/** Why no binary could be used, with the fix; `message` is shown to the user as is. */
export class ServerNotFoundError extends Error {
  constructor(
    message: string,
    readonly tried: string[],
  ) {
    super(message);
    this.name = "ServerNotFoundError";
  }
}

const BUILD_HINT =
  "Build it with `cargo build --release --bin lexls` in the lexls repository and put " +
  "target/release on PATH, or set \"lexls.server.path\" to the binary.";

/** Expands a leading `~` and `${workspaceFolder}` in a configured path. */
export function expandPath(value: string, d: Pick<Discovery, "homedir" | "workspaceFolder">): string {
  let out = value.trim();
  if (out === "~" || out.startsWith("~/")) {
    out = path.join(d.homedir, out.slice(1));
  }
  if (out.includes("${workspaceFolder}")) {
    out = out.split("${workspaceFolder}").join(d.workspaceFolder ?? "");
  }
  return out;
}

function binaryName(platform: NodeJS.Platform): string {
  return platform === "win32" ? "lexls.exe" : "lexls";
}

/** The candidates on PATH, in order. */
export function pathCandidates(env: Discovery["env"], platform: NodeJS.Platform): string[] {
  const sep = platform === "win32" ? ";" : ":";
  const dirs = (env.PATH ?? env.Path ?? "").split(sep).filter((d) => d.length > 0);
  const name = binaryName(platform);
  const join = platform === "win32" ? path.win32.join : path.posix.join;
  return dirs.map((dir) => join(dir, name));
}

/**
 * The binary to start. Throws {@link ServerNotFoundError} when the setting names a file
 * that is not an executable (no silent fallback: the user asked for that one), or when
 * neither a bundled binary nor one on PATH exists.
 */
export function findServer(d: Discovery): FoundServer {
  const configured = d.configured?.trim();
  if (configured) {
    const command = expandPath(configured, d);
    if (d.isExecutable(command)) {
      return { command, source: "setting" };
    }
    throw new ServerNotFoundError(
      `lexls: "lexls.server.path" is set to ${command}, which is not an executable file. ` +
        `Fix the setting, or clear it to use the bundled binary or lexls on PATH.`,
      [command],
    );
  }
  const tried: string[] = [];
  const bundled = path.join(d.extensionPath, "server", binaryName(d.platform));
  tried.push(bundled);
  if (d.isExecutable(bundled)) {
    return { command: bundled, source: "bundled" };
  }
  for (const candidate of pathCandidates(d.env, d.platform)) {
    tried.push(candidate);
    if (d.isExecutable(candidate)) {
      return { command: candidate, source: "path" };
    }
  }
  throw new ServerNotFoundError(
    `lexls: the language server binary was not found (not bundled in the extension, not on PATH). ${BUILD_HINT}`,
    tried,
  );
}

/** `isExecutable` for the real file system. */
export function isExecutableFile(file: string): boolean {
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) {
      return false;
    }
    if (process.platform === "win32") {
      return true;
    }
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
