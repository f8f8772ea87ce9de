#!/usr/bin/env bash
# Builds the lexls binary (debug, as `cargo test` does; a no-op when it is up to date) and
# prints its path, wherever cargo's target directory is. Used by the editor test suites.
#   LEXLS_BIN set: prints it without building.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${LEXLS_BIN:-}" ]; then
  echo "$LEXLS_BIN"
  exit 0
fi
cargo build --locked -p lexls --bin lexls --message-format=json-render-diagnostics \
  | python3 -c '
import json, sys
exe = None
for line in sys.stdin:
    try:
        msg = json.loads(line)
    except ValueError:
        continue
    if msg.get("reason") == "compiler-artifact" and msg.get("target", {}).get("name") == "lexls" and msg.get("executable"):
        exe = msg["executable"]
if not exe:
    sys.exit("cargo build did not report the lexls executable")
print(exe)
'
