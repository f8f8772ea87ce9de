#!/usr/bin/env bash
# Runs the headless-Neovim tests of the lexls plugin against the real server.
#   NVIM        the Neovim 0.11 binary (default: nvim on PATH)
#   LEXLS_BIN   the lexls binary (default: target/debug/lexls of the repository)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
plugin="$(dirname "$here")"
repo="$(cd "$plugin/../.." && pwd)"
nvim="${NVIM:-nvim}"
bin="${LEXLS_BIN:-$repo/target/debug/lexls}"
[ -x "$bin" ] || { echo "no lexls binary at $bin (cargo build --locked -p lexls, or set LEXLS_BIN)" >&2; exit 2; }
command -v "$nvim" >/dev/null || { echo "no Neovim at $nvim (set NVIM)" >&2; exit 2; }

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
# A fresh index and no user state or config.
export LEXLS_INDEX_DIR="$tmp/index" XDG_STATE_HOME="$tmp/state" XDG_DATA_HOME="$tmp/data" XDG_CONFIG_HOME="$tmp/config"
export REPO="$repo" LEXLS_BIN="$bin" LEXLS_NVIM_TEST_DIR="$here" LEXLS_LOG=warn
cd "$repo"
"$nvim" --version | head -1
timeout 300 "$nvim" --headless --clean --cmd "set rtp^=$plugin" -c "luafile $here/lexls_spec.lua"
