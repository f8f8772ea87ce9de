// The lexls binary the protocol tests start: $LEXLS_BIN, else a debug build of the repository.
import * as fs from "node:fs";
import * as path from "node:path";

export function serverBinary(repo: string): string {
  const fromEnv = process.env.LEXLS_BIN;
  if (fromEnv) return fromEnv;
  const candidates = [
    path.join(repo, "target/debug/lexls"),
    path.join(repo, "target/x86_64-unknown-linux-gnu/debug/lexls"),
  ];
  const found = candidates.find((c) => fs.existsSync(c));
  if (!found) {
    throw new Error(`no lexls binary: set LEXLS_BIN or run \`cargo build --locked -p lexls\` (looked for ${candidates.join(", ")})`);
  }
  return found;
}
