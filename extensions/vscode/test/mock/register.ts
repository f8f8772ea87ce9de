// Loaded with `node --require` before the unit tests: `require("vscode")` gets the mock.
import Module = require("node:module");
import * as path from "node:path";

const mock = path.join(__dirname, "vscode.js");
type Resolve = (request: string, ...rest: unknown[]) => string;
const internal = Module as unknown as { _resolveFilename: Resolve };
const original = internal._resolveFilename;
internal._resolveFilename = function (request: string, ...rest: unknown[]): string {
  return request === "vscode" ? mock : original.call(this, request, ...rest);
};
