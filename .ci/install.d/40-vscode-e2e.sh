#!/usr/bin/env bash
# For the end-to-end test in a real VS Code: Debian's chromium (driven by playwright-core) and
# libkrb5-dev (code-server's native modules), then code-server 4.139.1 on Node 24, both from
# the npm registry (extensions/vscode/test/e2e/install-code-server.sh).
set -euo pipefail
need=()
command -v chromium >/dev/null || need+=(chromium)
dpkg -s libkrb5-dev >/dev/null 2>&1 || need+=(libkrb5-dev)
{ command -v make >/dev/null && command -v g++ >/dev/null; } || need+=(build-essential)
if [ ${#need[@]} -gt 0 ]; then
  sudo=""
  if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" fonts-dejavu-core >/dev/null
fi
extensions/vscode/test/e2e/install-code-server.sh
