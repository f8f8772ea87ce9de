#!/usr/bin/env bash
# The Neovim plugin: headless Neovim 0.11 driving the real `lexls serve` on the example
# workspace (hover, definition, diagnostics, :LexlsAsk, :LexlsAskSelection, the code
# action's command, :checkhealth).
set -euo pipefail
cd "$(dirname "$0")/../.."
bin="$(./scripts/lexls-bin.sh)"
nvim="${NVIM:-$(extensions/nvim/test/install-nvim.sh)}"
NVIM="$nvim" LEXLS_BIN="$bin" extensions/nvim/test/run.sh
