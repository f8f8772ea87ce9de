#!/usr/bin/env bash
# The LLM answer path through a real llama.cpp `llama-server` serving SmolLM2-135M-Instruct
# (built once and cached by scripts/llama-server.sh), on the NYC LL144 example. The scripted
# server cases (timeouts, HTTP errors, malformed and cut-off streams, unsupported citations)
# run with the Rust suites.
set -euo pipefail
cd "$(dirname "$0")/../.."
eval "$(./scripts/llama-server.sh)"
export LEXLS_TEST_LLAMA_SERVER LEXLS_TEST_LLAMA_MODEL
cargo test --locked -p lexls-ide --test llm_llama -- --nocapture
