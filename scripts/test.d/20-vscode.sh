#!/usr/bin/env bash
# The VS Code extension: unit tests against a mocked vscode module, protocol tests against
# the real `lexls serve` over stdio (vscode-jsonrpc), and packaging of the .vsix.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin="$(./scripts/lexls-bin.sh)"
cd extensions/vscode
[ -d node_modules ] || npm ci --no-audit --no-fund
npm run --silent test:unit
LEXLS_BIN="$bin" npm run --silent test:protocol
npm run --silent package
python3 - lexls.vsix <<'PY'
import sys, zipfile
names = set(zipfile.ZipFile(sys.argv[1]).namelist())
missing = {"extension/package.json", "extension/dist/extension.js", "extension/readme.md"} - names
if missing:
    sys.exit(f"lexls.vsix lacks {sorted(missing)}")
print(f"lexls.vsix: {len(names)} files")
PY
