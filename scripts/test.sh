#!/usr/bin/env bash
# Runs every test of lexls: each script of scripts/test.d in order (Rust unit and
# end-to-end tests with and without the embedding model, then the editor and LLM suites).
#   ./scripts/test.sh            all suites
#   ./scripts/test.sh rust       only the suites whose file name contains "rust"
set -euo pipefail
cd "$(dirname "$0")/.."
filter="${1:-}"
status=0
for suite in scripts/test.d/*.sh; do
  case "$(basename "$suite")" in *"$filter"*) ;; *) continue ;; esac
  echo "::group:: $(basename "$suite")"
  start=$(date +%s)
  if bash "$suite"; then
    echo "ok   $(basename "$suite") ($(( $(date +%s) - start )) s)"
  else
    echo "FAIL $(basename "$suite") ($(( $(date +%s) - start )) s)"
    status=1
  fi
  echo "::endgroup::"
done
exit $status
