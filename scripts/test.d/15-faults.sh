#!/usr/bin/env bash
# The fault suite of issue 14 (tests/tests/fault_suite.rs): kill -9 during indexing, damaged
# and truncated index files, a full disk, malformed JSON-RPC and load, hostile files, and
# misbehaving LLM endpoints; every child under a deadline. Prints one summary line (cases,
# faults injected, panics, files lost, hangs, failures) and fails unless the last four are 0.
#   LEXLS_FAULTS=ci     (default) bounded, a few minutes in a debug build
#   LEXLS_FAULTS=long   the benchmark: many more seeds and kill points, larger corpora
#   ./scripts/test.d/15-faults.sh kill9 llm/   only the cases whose name contains an argument
# The security checks (strace: reads, writes, network) are tests/tests/security.rs, run with
# the Rust suites.
set -euo pipefail
cd "$(dirname "$0")/../.."
export LEXLS_FAULTS="${LEXLS_FAULTS:-ci}"
cargo test --locked -p lexls-tests --test fault_suite -- "$@"
