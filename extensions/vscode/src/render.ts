// Renders a `lexls/ask` result as the HTML page of the answer panel. Pure (no VS Code API):
// the answer's Markdown through markdown-it with raw HTML disabled, every citation of the
// answer turned into a link to its location, the sources with their kind and authority, and
// the warnings. Links carry an index into `locations`; the panel opens that location when
// the page posts `{ type: "open", index }`.

import MarkdownIt = require("markdown-it");

import type { AnswerCitation, AskResult, Location } from "./protocol";

export interface RenderOptions {
  /** Nonce allowing the page's one script and style element. */
  nonce: string;
  /** `webview.cspSource`. */
  cspSource: string;
  /** The selected text the question was about, if any. */
  context?: string;
}

export interface RenderedAnswer {
  html: string;
  /** What the links of the page point at, by `data-loc` index. */
  locations: Location[];
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/**
 * The answer without its trailing plain "**Sources**" list: the panel shows the sources
 * itself, with their kind, authority and links.
 */
export function withoutSourcesList(markdown: string): string {
  const lines = markdown.split("\n");
  for (let i = lines.length - 1; i >= 0; i--) {
    if (lines[i].trim() !== "**Sources**") {
      continue;
    }
    const rest = lines.slice(i + 1).filter((l) => l.trim() !== "");
    if (rest.every((l) => /^\s*\d+\.\s/.test(l))) {
      return lines.slice(0, i).join("\n").trimEnd() + "\n";
    }
    break;
  }
  return markdown;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Collects locations, giving each distinct one an index. */
export class LocationTable {
  readonly locations: Location[] = [];
  private readonly seen = new Map<string, number>();

  index(location: Location): number {
    const key = JSON.stringify([location.uri, location.range]);
    let i = this.seen.get(key);
    if (i === undefined) {
      i = this.locations.length;
      this.locations.push(location);
      this.seen.set(key, i);
    }
    return i;
  }
}

function citationTitle(c: AnswerCitation): string {
  if (!c.resolved) {
    return `${c.text}: does not resolve to a provision of the workspace`;
  }
  const target = c.target && c.target !== c.text ? ` → ${c.target}` : "";
  return c.supported
    ? `${c.text}${target}: open the cited provision`
    : `${c.text}${target}: not among the sources of this answer`;
}

/** A markdown-it core rule that wraps each citation of the answer in a link or a marker. */
function citationRule(citations: AnswerCitation[], table: LocationTable) {
  const byText = new Map<string, AnswerCitation>();
  for (const c of citations) {
    if (c.text && !byText.has(c.text)) {
      byText.set(c.text, c);
    }
  }
  const texts = [...byText.keys()].sort((a, b) => b.length - a.length);
  const pattern = texts.length ? new RegExp(texts.map(escapeRegExp).join("|"), "g") : null;

  return (state: MarkdownIt.StateCore): void => {
    if (!pattern) {
      return;
    }
    for (const block of state.tokens) {
      if (block.type !== "inline" || !block.children) {
        continue;
      }
      const out: MarkdownIt.Token[] = [];
      let linkDepth = 0;
      for (const token of block.children) {
        if (token.type === "link_open") linkDepth++;
        if (token.type === "link_close") linkDepth--;
        if (token.type !== "text" || linkDepth > 0) {
          out.push(token);
          continue;
        }
        let last = 0;
        for (const m of token.content.matchAll(pattern)) {
          const at = m.index ?? 0;
          if (at > last) {
            out.push(textToken(state, token.content.slice(last, at), token.level));
          }
          const c = byText.get(m[0]) as AnswerCitation;
          const classes = ["citation"];
          if (!c.resolved) classes.push("unresolved");
          else if (!c.supported) classes.push("unsupported");
          const open = new state.Token("citation_open", c.location ? "a" : "span", 1);
          open.attrSet("class", classes.join(" "));
          open.attrSet("title", citationTitle(c));
          if (c.location) {
            open.attrSet("href", "#");
            open.attrSet("data-loc", String(table.index(c.location)));
          }
          out.push(open, textToken(state, m[0], token.level + 1));
          out.push(new state.Token("citation_close", c.location ? "a" : "span", -1));
          last = at + m[0].length;
        }
        if (last === 0) {
          out.push(token);
        } else if (last < token.content.length) {
          out.push(textToken(state, token.content.slice(last), token.level));
        }
      }
      block.children = out;
    }
  };
}

function textToken(state: MarkdownIt.StateCore, content: string, level: number): MarkdownIt.Token {
  const t = new state.Token("text", "", 0);
  t.content = content;
  t.level = level;
  return t;
}

/** The answer's Markdown as HTML, its citations linked through `table`. */
export function renderMarkdown(
  markdown: string,
  citations: AnswerCitation[],
  table: LocationTable = new LocationTable(),
): string {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
  md.core.ruler.push("lexls_citations", citationRule(citations, table));
  return md.render(markdown);
}

function formatAuthority(authority: number | null | undefined): string {
  return typeof authority === "number" ? authority.toFixed(1) : "?";
}

function sourcesHtml(result: AskResult, table: LocationTable): string {
  if (result.sources.length === 0) {
    return `<p class="empty">No source matched the question.</p>`;
  }
  const items = result.sources.map((s) => {
    const label = escapeHtml(s.citation);
    const link = s.location
      ? `<a class="citation" href="#" data-loc="${table.index(s.location)}" title="Open ${label}">${label}</a>`
      : `<span class="citation">${label}</span>`;
    const heading = s.heading ? ` — ${escapeHtml(s.heading)}` : "";
    const kind = s.kind ? `<span class="badge kind-${escapeHtml(s.kind)}">${escapeHtml(s.kind)}</span>` : "";
    const authority = `<span class="badge authority" title="authority weight">authority ${formatAuthority(s.authority)}</span>`;
    const path = s.path ? `<div class="path">${escapeHtml(s.path)}</div>` : "";
    return `<li>${link}${heading} ${kind} ${authority}${path}</li>`;
  });
  return `<ol class="sources">${items.join("")}</ol>`;
}

function warningsHtml(result: AskResult): string {
  const problems = result.citations.filter((c) => !c.resolved || !c.supported);
  const lines = [
    ...result.warnings,
    ...problems.map((c) =>
      c.resolved
        ? `The answer cites ${c.text}, which is not among its sources.`
        : `The answer cites ${c.text}, which does not resolve in the workspace.`,
    ),
  ];
  if (lines.length === 0) {
    return "";
  }
  const items = lines.map((w) => `<li>${escapeHtml(w)}</li>`).join("");
  return `<section class="warnings" role="alert"><h2>Warnings</h2><ul>${items}</ul></section>`;
}

const STYLE = `
body { font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); color: var(--vscode-foreground); padding: 0 1.2em 1.5em; line-height: 1.5; }
h1 { font-size: 1.25em; margin: 1em 0 0.3em; }
h2 { font-size: 1.05em; margin: 1.4em 0 0.4em; text-transform: uppercase; letter-spacing: 0.04em; opacity: 0.8; }
.context { border-left: 3px solid var(--vscode-textBlockQuote-border, #888); padding: 0.2em 0.8em; margin: 0.5em 0; opacity: 0.85; white-space: pre-wrap; }
.answer em:first-child { opacity: 0.8; }
a.citation { color: var(--vscode-textLink-foreground); text-decoration: none; border-bottom: 1px dotted; cursor: pointer; }
a.citation:hover { color: var(--vscode-textLink-activeForeground); }
.citation.unresolved, .citation.unsupported { color: var(--vscode-editorWarning-foreground, #c90); border-bottom: 1px dashed; }
.sources li { margin: 0.3em 0; }
.badge { display: inline-block; font-size: 0.8em; padding: 0 0.5em; border-radius: 0.8em; background: var(--vscode-badge-background); color: var(--vscode-badge-foreground); margin-left: 0.3em; }
.path { font-family: var(--vscode-editor-font-family); font-size: 0.85em; opacity: 0.7; }
.warnings { border: 1px solid var(--vscode-inputValidation-warningBorder, #c90); background: var(--vscode-inputValidation-warningBackground, transparent); padding: 0.2em 1em; margin-top: 1em; }
.warnings h2 { margin-top: 0.5em; }
`;

const SCRIPT = `
const vscode = acquireVsCodeApi();
document.addEventListener("click", (event) => {
  const link = event.target instanceof Element ? event.target.closest("[data-loc]") : null;
  if (!link) return;
  event.preventDefault();
  vscode.postMessage({ type: "open", index: Number(link.getAttribute("data-loc")) });
});
`;

/** The whole page of the answer panel. */
export function renderAnswerPage(question: string, result: AskResult, options: RenderOptions): RenderedAnswer {
  const table = new LocationTable();
  const answer = renderMarkdown(withoutSourcesList(result.answer), result.citations, table);
  const sources = sourcesHtml(result, table);
  const warnings = warningsHtml(result);
  const context = options.context
    ? `<blockquote class="context">${escapeHtml(options.context)}</blockquote>`
    : "";
  const nonce = escapeHtml(options.nonce);
  const csp = [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
    `img-src ${escapeHtml(options.cspSource)}`,
  ].join("; ");
  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>lexls: ${escapeHtml(question)}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<h1 class="question">${escapeHtml(question)}</h1>
${context}
${warnings}
<section class="answer">${answer}</section>
<h2>Sources</h2>
${sources}
<script nonce="${nonce}">${SCRIPT}</script>
</body>
</html>
`;
  return { html, locations: table.locations };
}
