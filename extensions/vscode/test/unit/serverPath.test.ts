import assert = require("node:assert/strict");
import { describe, it } from "node:test";

import { Discovery, findServer, ServerNotFoundError } from "../../src/serverPath";

function discovery(executables: string[], overrides: Partial<Discovery> = {}): Discovery {
  const present = new Set(executables);
  return {
    configured: null,
    extensionPath: "/ext/lexls-0.1.0",
    workspaceFolder: "/home/ana/policies",
    env: { PATH: "/usr/local/bin:/home/ana/.cargo/bin:/usr/bin" },
    platform: "linux",
    homedir: "/home/ana",
    isExecutable: (file) => present.has(file),
    ...overrides,
  };
}

describe("findServer", () => {
  it("uses lexls.server.path first, expanding ~ and ${workspaceFolder}", () => {
    const all = ["/home/ana/bin/lexls", "/ext/lexls-0.1.0/server/lexls", "/usr/bin/lexls"];
    assert.deepEqual(findServer(discovery(all, { configured: "~/bin/lexls" })), {
      command: "/home/ana/bin/lexls",
      source: "setting",
    });
    const inWorkspace = "/home/ana/policies/target/release/lexls";
    assert.deepEqual(
      findServer(discovery([inWorkspace], { configured: "${workspaceFolder}/target/release/lexls" })),
      { command: inWorkspace, source: "setting" },
    );
  });

  it("does not fall back when the configured path is not an executable", () => {
    const d = discovery(["/usr/bin/lexls"], { configured: "/opt/lexls/lexls" });
    assert.throws(
      () => findServer(d),
      (e: unknown) =>
        e instanceof ServerNotFoundError &&
        e.message.includes("/opt/lexls/lexls") &&
        e.message.includes('"lexls.server.path"'),
    );
  });

  it("prefers the binary bundled in the extension over PATH", () => {
    const found = findServer(discovery(["/ext/lexls-0.1.0/server/lexls", "/usr/bin/lexls"], { configured: "  " }));
    assert.deepEqual(found, { command: "/ext/lexls-0.1.0/server/lexls", source: "bundled" });
  });

  it("searches PATH in order", () => {
    const found = findServer(discovery(["/usr/bin/lexls", "/home/ana/.cargo/bin/lexls"]));
    assert.deepEqual(found, { command: "/home/ana/.cargo/bin/lexls", source: "path" });
  });

  it("looks for lexls.exe with ;-separated PATH on Windows", () => {
    const d = discovery(["C:\\tools\\lexls.exe"], {
      platform: "win32",
      extensionPath: "C:\\ext",
      env: { Path: "C:\\Windows;C:\\tools" },
    });
    assert.deepEqual(findServer(d), { command: "C:\\tools\\lexls.exe", source: "path" });
  });

  it("explains the fix when nothing is found, listing what it tried", () => {
    try {
      findServer(discovery([]));
      assert.fail("expected an error");
    } catch (e) {
      assert.ok(e instanceof ServerNotFoundError);
      assert.match(e.message, /cargo build --release --bin lexls/);
      assert.match(e.message, /lexls\.server\.path/);
      assert.deepEqual(e.tried, [
        "/ext/lexls-0.1.0/server/lexls",
        "/usr/local/bin/lexls",
        "/home/ana/.cargo/bin/lexls",
        "/usr/bin/lexls",
      ]);
    }
  });
});
