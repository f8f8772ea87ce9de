// The extension's settings and the options object the server reads. The server takes the
// keys of `.lexls.toml` as JSON (`initializationOptions`, and the `lexls` section of
// `workspace/configuration`), merged over the file; so only what the user set explicitly is
// sent, and an unset setting leaves the workspace's `.lexls.toml` in charge.

/** Reads one setting of the `lexls` section (`vscode.WorkspaceConfiguration.get`). */
export type SettingsReader = <T>(key: string) => T | undefined;

export const SEVERITIES = ["error", "warning", "information", "hint", "off"] as const;
export type Severity = (typeof SEVERITIES)[number];

/** VS Code setting (under `lexls.diagnostics.`) → `.lexls.toml` key of `[diagnostics]`. */
export const DIAGNOSTIC_KEYS: Record<string, string> = {
  unresolved: "unresolved",
  unresolvedOutside: "unresolved_outside",
  missingSubsection: "missing_subsection",
  ambiguous: "ambiguous",
  repealed: "repealed",
  external: "external",
};

/** The options object, in the shape of `.lexls.toml`. */
export interface ServerOptions {
  model?: { dir: string };
  diagnostics?: Record<string, Severity | boolean>;
  llm?: { url?: string; model?: string };
}

function text(read: SettingsReader, key: string): string | undefined {
  const value = read<string | null>(key);
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

/** The options the user set; `{}` when none. */
export function serverOptions(read: SettingsReader): ServerOptions {
  const options: ServerOptions = {};
  const modelDir = text(read, "modelDir");
  if (modelDir) {
    options.model = { dir: modelDir };
  }
  const diagnostics: Record<string, Severity | boolean> = {};
  for (const [setting, key] of Object.entries(DIAGNOSTIC_KEYS)) {
    const value = read<string | null>(`diagnostics.${setting}`);
    if (typeof value === "string" && (SEVERITIES as readonly string[]).includes(value)) {
      diagnostics[key] = value as Severity;
    }
  }
  // `in_notes`: also check notes, source credits and quoted amendments.
  const inNotes = read<boolean | null>("diagnostics.inNotes");
  if (typeof inNotes === "boolean") {
    diagnostics.in_notes = inNotes;
  }
  if (Object.keys(diagnostics).length > 0) {
    options.diagnostics = diagnostics;
  }
  const url = text(read, "llm.url");
  const model = text(read, "llm.model");
  if (url || model) {
    options.llm = { ...(url ? { url } : {}), ...(model ? { model } : {}) };
  }
  return options;
}

/** Settings whose change needs a new server process (the others are sent to it). */
export const RESTART_SETTINGS = ["lexls.server.path", "lexls.modelDir"];

/**
 * The answer to `workspace/configuration`: the `lexls` section in the server's shape (the
 * same object as `initializationOptions`), the other items as VS Code answered them.
 */
export function configurationAnswer(
  items: { section?: string }[],
  others: unknown[],
  options: ServerOptions,
): unknown[] {
  return items.map((item, i) => (item.section === "lexls" ? options : others[i]));
}
