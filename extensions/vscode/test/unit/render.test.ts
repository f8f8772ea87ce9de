import assert = require("node:assert/strict");
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { describe, it } from "node:test";

import type { AskResult } from "../../src/protocol";
import { escapeHtml, renderAnswerPage, renderMarkdown, withoutSourcesList } from "../../src/render";

// A real `lexls/ask` result from the example workspace (`lexls ask --json`).
const real: AskResult = JSON.parse(
  readFileSync(path.join(__dirname, "../../../test/fixtures/ask-result.json"), "utf8"),
);
const options = { nonce: "n0nce", cspSource: "vscode-webview://x" };
const loc = (uri: string, line: number) => ({
  uri,
  range: { start: { line, character: 0 }, end: { line, character: 3 } },
});

describe("renderAnswerPage", () => {
  it("links every citation of a real answer to its location", () => {
    const { html, locations } = renderAnswerPage("How many business days?", real, options);
    for (const text of ["NYC Admin. Code § 20-871(b)(1)", "6 RCNY § 5-304(b)(3)"]) {
      const c = real.citations.find((c) => c.text === text);
      assert.ok(c?.location);
      const m = html.match(new RegExp(`<a class="citation"[^>]*data-loc="(\\d+)"[^>]*>${text.replace(/[()]/g, "\\$&")}</a>`));
      assert.ok(m, `${text} is a link`);
      assert.deepEqual(locations[Number(m[1])], c.location);
    }
    // The plain "**Sources**" list of the answer is replaced by the panel's own.
    assert.equal(html.match(/<strong>Sources<\/strong>/g), null);
    assert.match(html, /<ol class="sources">/);
    assert.match(html, /NYC Admin\. Code § 20-871<\/a> — Requirements for automated employment decision tools/);
    assert.match(html, /<span class="badge kind-statute">statute<\/span>/);
    assert.match(html, /<span class="badge kind-regulation">regulation<\/span> <span class="badge authority"[^>]*>authority 0\.9<\/span>/);
    assert.match(html, /statute\/nyc-admin-code-20-871\.md/);
    assert.doesNotMatch(html, /class="warnings"/);
  });

  it("escapes everything that comes from the server or the user", () => {
    const hostile: AskResult = {
      answer: 'Quote: <script>alert(1)</script> and <img src=x onerror="alert(2)"> — § 1-1',
      citations: [{ text: "§ 1-1", target: '"><b>x', resolved: true, supported: true, location: loc("file:///a.md", 2) }],
      sources: [
        {
          citation: "<b>Code</b> § 1",
          heading: "<i>Heading</i>",
          kind: "statute",
          authority: 1,
          path: "a<b>.md",
          location: loc("file:///a.md", 0),
        },
      ],
      warnings: ["<script>warn()</script>"],
    };
    const { html } = renderAnswerPage("<img src=x onerror=alert(3)>?", hostile, { ...options, context: "</blockquote><script>x()</script>" });
    const body = html.slice(html.indexOf("<body>"));
    assert.equal(body.match(/<script/g)?.length, 1, "only the page's own script");
    assert.doesNotMatch(body, /<img|<b>|<i>/);
    assert.match(body, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    assert.match(body, /&lt;b&gt;Code&lt;\/b&gt; § 1/);
    assert.match(body, /&lt;script&gt;warn\(\)&lt;\/script&gt;/);
    assert.match(body, /title="§ 1-1 → &quot;&gt;&lt;b&gt;x: open the cited provision"/);
    assert.match(html, /Content-Security-Policy" content="default-src 'none'; style-src 'nonce-n0nce'; script-src 'nonce-n0nce'/);
  });

  it("marks citations that do not resolve or are not sources, and lists them as warnings", () => {
    const result: AskResult = {
      answer: "See § 20-875 and § 5-302(b).",
      citations: [
        { text: "§ 20-875", target: null, resolved: false, supported: false, location: null },
        { text: "§ 5-302(b)", target: "6 RCNY § 5-302(b)", resolved: true, supported: false, location: loc("file:///r.md", 4) },
      ],
      sources: [],
      warnings: ["dense retrieval unavailable: no model"],
    };
    const { html, locations } = renderAnswerPage("q", result, options);
    assert.match(html, /<span class="citation unresolved" title="§ 20-875: does not resolve[^"]*">§ 20-875<\/span>/);
    assert.match(html, /<a class="citation unsupported"[^>]*data-loc="0"[^>]*>§ 5-302\(b\)<\/a>/);
    assert.deepEqual(locations, [loc("file:///r.md", 4)]);
    assert.match(html, /<section class="warnings" role="alert">/);
    assert.match(html, /<li>dense retrieval unavailable: no model<\/li>/);
    assert.match(html, /<li>The answer cites § 20-875, which does not resolve in the workspace\.<\/li>/);
    assert.match(html, /<li>The answer cites § 5-302\(b\), which is not among its sources\.<\/li>/);
    assert.match(html, /No source matched the question/);
  });
});

describe("renderMarkdown", () => {
  it("prefers the longest citation and leaves code and existing links alone", () => {
    const citations = [
      { text: "§ 20-871", resolved: true, supported: true, location: loc("file:///s.md", 1) },
      { text: "§ 20-871(b)", resolved: true, supported: true, location: loc("file:///s.md", 9) },
    ];
    const html = renderMarkdown("**§ 20-871(b)** and `§ 20-871` and [§ 20-871](https://example.org)", citations);
    assert.match(html, /<strong><a class="citation"[^>]*data-loc="0"[^>]*>§ 20-871\(b\)<\/a><\/strong>/);
    assert.match(html, /<code>§ 20-871<\/code>/);
    assert.match(html, /<a href="https:\/\/example.org">§ 20-871<\/a>/);
  });
});

describe("helpers", () => {
  it("escapeHtml escapes the five characters", () => {
    assert.equal(escapeHtml(`<a href="x" title='y'>&</a>`), "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;");
  });

  it("withoutSourcesList drops only a trailing numbered list", () => {
    assert.equal(withoutSourcesList("- a\n\n**Sources**\n\n1. X\n2. Y\n"), "- a\n");
    const kept = "**Sources**\n\nSee the statute.\n";
    assert.equal(withoutSourcesList(kept), kept);
  });
});
