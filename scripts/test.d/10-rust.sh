#!/usr/bin/env bash
# Formatting, lints, and the Rust tests twice: with the embedding model (dense path) and
# without it (BM25 fallback and its warning).
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo fmt --all -- --check
cargo clippy --locked --all-targets -- -D warnings
./scripts/fetch-models.sh
cargo test --locked --workspace
echo "--- again without the embedding model (BM25 + citation graph fallback)"
LEXLS_MODEL_DIR=/nonexistent/lexls-model cargo test --locked --workspace
