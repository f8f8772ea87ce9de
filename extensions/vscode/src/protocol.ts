// The custom parts of the lexls protocol (docs/lsp-extensions.md), as plain JSON types.

export interface Position {
  line: number;
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

export interface Location {
  uri: string;
  range: Range;
}

export const ASK_METHOD = "lexls/ask";
export const STATUS_METHOD = "lexls/status";
/** The command of the server's "Ask about selection" code action; the client runs it. */
export const ASK_ABOUT_SELECTION_COMMAND = "lexls.askAboutSelection";
export const INDEXING_TOKEN = "lexls/indexing";
export const EMBEDDING_TOKEN = "lexls/embedding";

export interface AskParams {
  question: string;
  textDocument?: { uri: string };
  range?: Range;
  topK?: number;
}

export interface AnswerCitation {
  text: string;
  target?: string | null;
  resolved: boolean;
  supported: boolean;
  location?: Location | null;
}

export interface AnswerSource {
  citation: string;
  heading?: string | null;
  location?: Location | null;
  path?: string | null;
  score?: number;
  kind?: string | null;
  authority?: number | null;
}

export interface AskResult {
  answer: string;
  citations: AnswerCitation[];
  sources: AnswerSource[];
  warnings: string[];
}

/** The argument of `lexls.askAboutSelection` as the code action sends it. */
export interface SelectionArgument {
  text?: string;
  textDocument: { uri: string };
  range: Range;
}

export interface StatusResult {
  ready?: boolean;
  root?: string | null;
  indexDir?: string | null;
  documents?: number;
  provisions?: number;
  citations?: number;
  unresolved?: number;
  external?: number;
  embedding?: { done: number; total: number };
  model?: { loaded: boolean; reason?: string };
  llm?: { configured: boolean; [key: string]: unknown };
  version?: string;
}

export function isSelectionArgument(value: unknown): value is SelectionArgument {
  if (typeof value !== "object" || value === null) {
    return false;
  }
  const v = value as Partial<SelectionArgument>;
  return (
    typeof v.textDocument?.uri === "string" &&
    typeof v.range?.start?.line === "number" &&
    typeof v.range?.end?.line === "number"
  );
}
