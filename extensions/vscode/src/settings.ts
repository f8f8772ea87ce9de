// The extension's settings and the options object the server reads. The server takes the
// sections and keys of `.lexls.toml` as JSON, keys in camelCase (`initializationOptions`, and
// the `lexls` section of `workspace/configuration`; docs/lsp-extensions.md), merged over the
// file; so only what the user set explicitly is sent, and an unset setting leaves the
// workspace's `.lexls.toml` in charge.

/** Reads one setting of the `lexls` section (`vscode.WorkspaceConfiguration.get`). */
export type SettingsReader = <T>(key: string) => T | undefined;

export const SEVERITIES = ["error", "warning", "information", "hint", "off"] as const;
export type Severity = (typeof SEVERITIES)[number];

/**
 * The severity settings under `lexls.diagnostics.`: each is also its wire name in the
 * `diagnostics` section (`unresolvedOutside` is `unresolved_outside` of `.lexls.toml`).
 */
export const DIAGNOSTIC_KEYS = [
  "unresolved",
  "unresolvedOutside",
  "missingSubsection",
  "ambiguous",
  "repealed",
  "external",
] as const;

/** The options object, in the shape of `.lexls.toml` with camelCase keys. */
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
  for (const key of DIAGNOSTIC_KEYS) {
    const value = read<string | null>(`diagnostics.${key}`);
    if (typeof value === "string" && (SEVERITIES as readonly string[]).includes(value)) {
      diagnostics[key] = value as Severity;
    }
  }
  // `inNotes`: also check notes, source credits and quoted amendments.
  const inNotes = read<boolean | null>("diagnostics.inNotes");
  if (typeof inNotes === "boolean") {
    diagnostics.inNotes = inNotes;
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
