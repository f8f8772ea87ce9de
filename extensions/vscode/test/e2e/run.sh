#!/usr/bin/env bash
# The end-to-end test in a real VS Code: code-server 4.139.1 with lexls.vsix installed, served
# on 127.0.0.1, driven by playwright-core in Debian's chromium (answer.e2e.mjs).
#   LEXLS_BIN     the lexls binary (default: target/debug/lexls of the repository)
#   CODE_SERVER   the code-server launcher (default: installed by install-code-server.sh)
#   SCREENSHOT    where to save a screenshot of the answer panel (default: none)
#   FAILURE_SCREENSHOT  where to save a screenshot of the page when the test fails
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
ext="$(cd "$here/../.." && pwd)"
repo="$(cd "$ext/../.." && pwd)"
bin="${LEXLS_BIN:-$repo/target/debug/lexls}"
code_server="${CODE_SERVER:-$("$here/install-code-server.sh")}"
vsix="$ext/lexls.vsix"
[ -f "$vsix" ] || { echo "no $vsix: run npm run package first" >&2; exit 2; }
command -v chromium >/dev/null || { echo "no chromium (apt-get install chromium)" >&2; exit 2; }

tmp="$(mktemp -d)"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT
mkdir -p "$tmp/user/User" "$tmp/user/Machine" "$tmp/extensions"
cat > "$tmp/user/User/settings.json" <<JSON
{
  "security.workspace.trust.enabled": false,
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "workbench.colorTheme": "Default Dark Modern",
  "telemetry.telemetryLevel": "off",
  "update.mode": "none",
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false,
  "editor.hover.delay": 300,
  "chat.disableAIFeatures": true,
  "workbench.secondarySideBar.defaultVisibility": "hidden"
}
JSON
# lexls.server.path is machine-scoped: a remote VS Code (code-server) reads it from the
# machine's settings, not the user's.
cat > "$tmp/user/Machine/settings.json" <<JSON
{ "lexls.server.path": "$bin" }
JSON
touch "$tmp/config.yaml"
"$code_server" --config "$tmp/config.yaml" --user-data-dir "$tmp/user" --extensions-dir "$tmp/extensions" \
  --install-extension "$vsix"

port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
LEXLS_INDEX_DIR="$tmp/index" LEXLS_LOG=warn "$code_server" \
  --config "$tmp/config.yaml" --bind-addr "127.0.0.1:$port" --auth none --disable-telemetry --disable-update-check \
  --disable-workspace-trust --disable-getting-started-override \
  --user-data-dir "$tmp/user" --extensions-dir "$tmp/extensions" \
  "$repo/examples/nyc-ll144" > "$tmp/code-server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 150); do
  if curl -fsS -o /dev/null "http://127.0.0.1:$port/healthz" 2>/dev/null; then break; fi
  kill -0 "$server_pid" 2>/dev/null || { cat "$tmp/code-server.log" >&2; exit 1; }
  sleep 0.2
done

cd "$ext"
status=0
URL="http://127.0.0.1:$port/?folder=$repo/examples/nyc-ll144" \
  SCREENSHOT="${SCREENSHOT:-}" FAILURE_SCREENSHOT="${FAILURE_SCREENSHOT:-}" \
  node --test "$here/answer.e2e.mjs" || status=$?
if [ "$status" -ne 0 ]; then
  echo "--- code-server log" >&2
  tail -50 "$tmp/code-server.log" >&2
  find "$tmp/user/logs" -name '*lexls*' -type f | while read -r log; do
    echo "--- $log" >&2
    tail -40 "$log" >&2
  done
fi
exit "$status"
