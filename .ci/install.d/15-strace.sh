#!/usr/bin/env bash
# strace for the security checks (tests/tests/security.rs: what lexls reads, writes and
# connects to), and util-linux's unshare and nsenter for the fault suite's full disk (a
# tmpfs in a private mount namespace).
set -euo pipefail
need=()
command -v strace >/dev/null || need+=(strace)
{ command -v unshare >/dev/null && command -v nsenter >/dev/null; } || need+=(util-linux)
if [ ${#need[@]} -gt 0 ]; then
  sudo=""
  if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
strace -V | head -1
