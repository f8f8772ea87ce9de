import assert = require("node:assert/strict");
import { describe, it } from "node:test";

import { ProgressTracker } from "../../src/progress";

describe("ProgressTracker", () => {
  it("shows indexing, then embedding, then ready", () => {
    const t = new ProgressTracker();
    assert.equal(t.view().text, "$(sync~spin) lexls");
    t.server = "running";
    t.update("lexls/indexing", { kind: "begin", title: "Indexing statutes and policies", percentage: 0 });
    t.update("lexls/indexing", { kind: "report", message: "6/12 files", percentage: 50 });
    let view = t.view();
    assert.equal(view.text, "$(sync~spin) lexls: indexing 50%");
    assert.ok(view.busy);
    assert.match(view.tooltip, /Indexing statutes and policies/);
    assert.match(view.tooltip, /6\/12 files/);

    t.update("lexls/indexing", { kind: "end", message: "12 files (12 parsed, 0 unchanged)" });
    t.update("lexls/embedding", { kind: "begin", title: "Embedding 66 passages" });
    t.update("lexls/embedding", { kind: "report", message: "32/66 passages", percentage: 48 });
    view = t.view();
    assert.equal(view.text, "$(sync~spin) lexls: embedding 48%");
    assert.match(view.tooltip, /indexing: 12 files \(12 parsed, 0 unchanged\) \(done\)/);

    t.update("lexls/embedding", { kind: "end", message: "66 passages embedded" });
    view = t.view();
    assert.equal(view.text, "$(law) lexls");
    assert.equal(view.busy, false);
    assert.match(view.tooltip, /embedding: 66 passages embedded \(done\)/);
  });

  it("says when the server failed or stopped, and forgets progress on reset", () => {
    const t = new ProgressTracker();
    t.update("lexls/indexing", { kind: "begin", title: "Indexing" });
    t.server = "failed";
    assert.equal(t.view().text, "$(error) lexls");
    t.server = "stopped";
    assert.equal(t.view().text, "$(circle-slash) lexls");
    t.reset();
    t.server = "running";
    assert.equal(t.view().text, "$(law) lexls");
  });
});
