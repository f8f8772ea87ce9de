#!/usr/bin/env bash
# Property-based fuzzing of every parser and of the citation extractor (corpus-index/index/src/fuzz.rs),
# in release mode, for a given time per target.
#   ./scripts/fuzz.sh                      each target for 3600 s (the long run)
#   ./scripts/fuzz.sh 120                  each target for 120 s
#   ./scripts/fuzz.sh 600 dc citations     only these targets
# Targets: markdown text uslm akn html dc citations. Environment: LEXLS_FUZZ_CASE_MS (limit of
# one input, in CPU time of its thread, default 5000), LEXLS_FUZZ_SEED (explore other inputs
# than the default run), FUZZ_JOBS (targets run at once, default 1). Each target prints its inputs per second;
# a failing input is shrunk and saved to target/fuzz-failures/, and the script exits 1.
# A plain `cargo test` runs the same targets on 256 inputs each (512 for citations).
set -euo pipefail
cd "$(dirname "$0")/.."
secs="${1:-3600}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(markdown text uslm akn html dc citations)
fi
jobs="${FUZZ_JOBS:-1}"
log_dir=target/fuzz-logs
mkdir -p "$log_dir"
cargo test --release -p lexls-index --lib --no-run
run_one() {
  local target="$1" log="$log_dir/$1.log"
  if LEXLS_FUZZ_SECS="$secs" cargo test --release -q -p lexls-index --lib \
      "fuzz::fuzz_$target" -- --exact --nocapture > "$log" 2>&1; then
    echo "ok   $target: $(grep -h "^fuzz $target:" "$log" | tail -1)"
  else
    echo "FAIL $target (see $log and target/fuzz-failures/)"
    return 1
  fi
}
export -f run_one
export secs log_dir
printf '%s\n' "${targets[@]}" | xargs -P "$jobs" -I{} bash -c 'run_one "$@"' _ {}
