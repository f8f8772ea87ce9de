#!/usr/bin/env bash
# Sets up lexls (model files from PyPI, a release build) and answers a question on the
# example workspace, printing a cited answer.
#   ./scripts/demo.sh ["your question"]
set -euo pipefail
cd "$(dirname "$0")/.."
question="${1:-How many business days before using an AEDT must a candidate be notified?}"
./scripts/fetch-models.sh
cargo build --release --locked -p lexls   # lexls and lexls-eval (what `lexls eval` runs)
./target/release/lexls ask --workspace examples/nyc-ll144 "$question"
