#!/usr/bin/env bash
# The VS Code extension end to end: lexls.vsix installed in code-server, driven by Playwright
# in headless Chromium (hover, "Ask about Selection", the answer panel, a citation link).
# Needs chromium (apt) and code-server (.ci/install.d/40-vscode-e2e.sh installs both); outside
# CI the suite is skipped when chromium is missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! command -v chromium >/dev/null; then
  if [ "${CI:-}" = "true" ]; then
    echo "chromium is missing (.ci/install.d/40-vscode-e2e.sh installs it)" >&2
    exit 1
  fi
  echo "skipped: no chromium (run .ci/install.d/40-vscode-e2e.sh as root to install it)"
  exit 0
fi
bin="$(./scripts/lexls-bin.sh)"
cd extensions/vscode
[ -d node_modules ] || npm ci --no-audit --no-fund
npm run --silent package >/dev/null   # the .vsix of the current sources
mkdir -p ../../target/editor-tests
LEXLS_BIN="$bin" SCREENSHOT="${SCREENSHOT:-$PWD/../../target/editor-tests/vscode-answer.png}" test/e2e/run.sh
