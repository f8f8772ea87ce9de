import assert = require("node:assert/strict");
import { describe, it } from "node:test";

import { configurationAnswer, serverOptions } from "../../src/settings";

function reader(values: Record<string, unknown>) {
  return <T>(key: string) => values[key] as T | undefined;
}

describe("serverOptions", () => {
  it("sends nothing when nothing is set, so .lexls.toml stays in charge", () => {
    assert.deepEqual(serverOptions(reader({ modelDir: null, "llm.url": "", "diagnostics.unresolved": null })), {});
  });

  it("maps the settings to the sections of .lexls.toml with camelCase keys", () => {
    const options = serverOptions(
      reader({
        modelDir: " /models/minilm ",
        "diagnostics.unresolved": "error",
        "diagnostics.unresolvedOutside": "hint",
        "diagnostics.missingSubsection": "off",
        "diagnostics.inNotes": true,
        "diagnostics.external": "loud", // not a severity: ignored
        "llm.url": "http://127.0.0.1:11434/v1",
        "llm.model": "llama3.1:8b",
      }),
    );
    assert.deepEqual(options, {
      model: { dir: "/models/minilm" },
      diagnostics: { unresolved: "error", unresolvedOutside: "hint", missingSubsection: "off", inNotes: true },
      llm: { url: "http://127.0.0.1:11434/v1", model: "llama3.1:8b" },
    });
  });

  it("answers the lexls section of workspace/configuration with the same object", () => {
    const options = { diagnostics: { repealed: "error" as const } };
    const answer = configurationAnswer([{ section: "lexls" }, { section: "editor" }], [{ raw: true }, { tabSize: 2 }], options);
    assert.deepEqual(answer, [options, { tabSize: 2 }]);
  });
});
