#!/usr/bin/env bash
# Rust components and Python's pip (for the model wheels) are on the CI machine; make sure.
set -euo pipefail
rustup component add rustfmt clippy 2>/dev/null || true
python3 -m pip --version >/dev/null
