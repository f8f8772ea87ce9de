// End-to-end: the packaged extension in a real VS Code (code-server), driven by Playwright in
// Debian's Chromium. Opens the example policy, hovers § 20-871(b), runs "lexls: Ask about
// Selection" on a selection, checks the answer panel, screenshots it, follows a citation, shows
// the index status, and runs the server's code action "Ask about selection".
//   URL          the code-server address with ?folder=… (run.sh sets it)
//   SCREENSHOT   where to save the answer panel's screenshot
//   CHROMIUM     the browser (default /usr/bin/chromium)
import assert from "node:assert/strict";
import { test } from "node:test";
import { chromium } from "playwright-core";

const url = process.env.URL;
const screenshot = process.env.SCREENSHOT;
const TIMEOUT = Number(process.env.E2E_TIMEOUT ?? 60_000);

// Runs `act` until `target` is visible, waiting `wait` ms after each try: a hover or a code
// action menu that a loaded machine shows late (or that a stray focus change closes) is asked
// for again instead of failing the run.
async function until(target, act, { tries = 6, wait = 10_000 } = {}) {
  for (let i = 0; i < tries; i++) {
    await act(i);
    try {
      await target.waitFor({ state: "visible", timeout: wait });
      return;
    } catch {
      // not yet: try again
    }
  }
  await target.waitFor({ state: "visible" });
}

async function command(page, title) {
  await page.keyboard.press("F1");
  const input = page.locator(".quick-input-widget input");
  await input.waitFor({ state: "visible" });
  await input.fill(`>${title}`);
  await page.locator(".quick-input-list .monaco-list-row", { hasText: title }).first().waitFor();
  await page.keyboard.press("Enter");
}

test("lexls in VS Code: hover, Ask about Selection, answer panel", { timeout: 420_000 }, async (t) => {
  assert.ok(url, "URL");
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-background-networking", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
  t.after(async () => {
    if (process.env.FAILURE_SCREENSHOT) await page.screenshot({ path: process.env.FAILURE_SCREENSHOT }).catch(() => {});
    await browser.close();
  });
  page.setDefaultTimeout(TIMEOUT);
  await page.goto(url);
  await page.locator(".monaco-workbench").waitFor();

  // The status bar item of the extension (activated by the workspace's .lexls.toml).
  const status = page.locator(".statusbar-item", { hasText: "lexls" }).first();
  await status.waitFor();

  // Open the policy.
  await page.keyboard.press("Control+P");
  await page.locator(".quick-input-widget input").fill("acme-aedt-hiring-policy.md");
  await page.locator(".quick-input-list .monaco-list-row", { hasText: "acme-aedt-hiring-policy.md" }).first().waitFor();
  await page.keyboard.press("Enter");
  const editor = page.locator(".editor-instance .monaco-editor").first();
  await editor.locator(".view-line", { hasText: "Acme Corp. Policy" }).first().waitFor();

  // Go to line 40 (`§ 20-871(b) no less than ten business days …`) and wait for the index.
  await page.keyboard.press("Control+G");
  await page.locator(".quick-input-widget input").fill(":40");
  await page.keyboard.press("Enter");
  const line = editor.locator(".view-line", { hasText: "§ 20-871(b) no less than ten business days" });
  await line.waitFor();
  // Wait for the index: the code lenses ("cited by N") come with the first snapshot, and the
  // status bar item, which follows $/progress, shows the ready icon once indexing and
  // embedding are done (while starting it shows a spinner). Embedding begins right after
  // indexing ends, so the ready icon must still be there a moment later.
  // (Code lenses outside the viewport are in the DOM too, hidden.)
  await editor
    .locator(".codelens-decoration[monaco-visible-content-widget=true]", { hasText: "cited by" })
    .first()
    .waitFor({ timeout: 180_000 });
  const ready = page
    .locator(".statusbar-item", { hasText: "lexls" })
    .filter({ has: page.locator(".codicon-law") });
  for (let settled = false; !settled; ) {
    await ready.first().waitFor({ timeout: 180_000 });
    await page.waitForTimeout(2_000);
    settled = await ready.first().isVisible();
  }

  // Hover the citation: the cited provision.
  const box = await line.boundingBox();
  assert.ok(box);
  const hover = page.locator(".monaco-hover", { hasText: "20-871(b)" }).first();
  await until(hover, async (i) => {
    // Off the line and back onto the citation: each try is a fresh hover request.
    await page.mouse.move(box.x + box.width + 400, box.y + 300);
    await page.mouse.move(box.x + 30 + i, box.y + box.height / 2);
  });
  const hoverText = await hover.innerText();
  assert.match(hoverText, /NYC Admin\. Code § 20-871\(b\)/);
  assert.match(hoverText, /ten business days/);
  await page.mouse.move(box.x + box.width + 400, box.y + 300);
  await page.keyboard.press("Escape");

  // Select the line and ask about it; Enter accepts the proposed question.
  await line.click();
  await page.keyboard.press("Home");
  await page.keyboard.press("Shift+End");
  await command(page, "lexls: Ask about Selection");
  // The input box of the command (the palette's widget is reused: wait for its prompt).
  await page.locator(".quick-input-widget", { hasText: "A question about the selected text" }).waitFor();
  const question = page.locator(".quick-input-widget input");
  assert.match(await question.inputValue(), /What does this require/);
  await page.keyboard.press("Enter");

  // The answer panel (a webview: an iframe holding the page's iframe).
  const webview = page.frameLocator("iframe.webview.ready").frameLocator("#active-frame");
  const heading = webview.locator("h1.question");
  await heading.waitFor();
  assert.match(await heading.innerText(), /What does this require/);
  await webview.locator("blockquote.context", { hasText: "§ 20-871(b) no less" }).waitFor();
  const citations = webview.locator(".answer a.citation");
  assert.ok((await citations.count()) > 0, "the answer has citation links");
  const cited = await citations.allInnerTexts();
  assert.ok(cited.some((c) => c.includes("§ 20-871")), cited.join(", "));
  const sources = webview.locator("ol.sources li");
  assert.ok((await sources.count()) > 0);
  assert.match(await sources.first().innerText(), /authority \d\.\d/);
  if (screenshot) {
    await page.screenshot({ path: screenshot });
  }

  // A citation link opens the cited provision.
  const statute = webview.locator(".answer a.citation", { hasText: "NYC Admin. Code § 20-871" }).first();
  await statute.click();
  await page.locator(".tab.active", { hasText: "nyc-admin-code-20-871.md" }).waitFor();

  // The status bar item runs "lexls: Show Index Status" (lexls/status).
  await page.locator(".statusbar-item", { hasText: "lexls" }).first().click();
  const dialog = page.locator(".monaco-dialog-box", { hasText: "documents" });
  await dialog.waitFor();
  assert.match(await dialog.innerText(), /lexls \d+\.\d+\.\d+: 12 documents, \d+ provisions, \d+ citations/);
  await page.keyboard.press("Escape");

  // The server's code action "Ask about selection" (Ctrl+.) runs the same command.
  await page.locator(".tab", { hasText: "acme-aedt-hiring-policy.md" }).click();
  await page.keyboard.press("Control+G");
  await page.locator(".quick-input-widget input").fill(":33");
  await page.keyboard.press("Enter");
  const line33 = editor.locator(".view-line", { hasText: "distribution date of each AEDT" });
  await line33.waitFor();
  // The menu lists the action only for a non-empty selection: select the line on each try.
  const action = page.locator(".action-widget .monaco-list-row", { hasText: "Ask about selection" });
  await until(action, async (i) => {
    if (i > 0) await page.keyboard.press("Escape");
    await line33.click();
    await page.keyboard.press("Home");
    await page.keyboard.press("Shift+End");
    await page.keyboard.press("Control+.");
  });
  await action.click();
  await page.locator(".quick-input-widget", { hasText: "A question about the selected text" }).waitFor();
  await page.keyboard.press("Enter");
  await webview.locator("blockquote.context", { hasText: "distribution date of each AEDT" }).waitFor();
});
