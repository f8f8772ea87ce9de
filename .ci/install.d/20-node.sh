#!/usr/bin/env bash
# The VS Code extension's dependencies (esbuild, vsce, vscode-languageclient, …) from the
# npm registry, exactly as extensions/vscode/package-lock.json pins them.
set -euo pipefail
node_major="$(node -p 'process.versions.node.split(".")[0]')"
if [ "$node_major" -lt 20 ]; then
  echo "Node $node_major is too old: the VS Code extension needs Node 20 or later" >&2
  exit 1
fi
cd extensions/vscode
npm ci --no-audit --no-fund
