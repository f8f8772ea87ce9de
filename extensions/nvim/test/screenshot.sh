#!/usr/bin/env bash
# Captures the answer window of :LexlsAsk in a real terminal (tmux) on the example workspace:
# docs/screenshots/nvim-answer.txt (the screen as text) and, with Debian's chromium,
# docs/screenshots/nvim-answer.png (the screen's colours rendered as HTML).
#   NVIM, LEXLS_BIN as for run.sh.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
plugin="$(dirname "$here")"
repo="$(cd "$plugin/../.." && pwd)"
nvim="${NVIM:-nvim}"
bin="${LEXLS_BIN:-$repo/target/debug/lexls}"
out="$repo/docs/screenshots"
mkdir -p "$out"
tmp="$(mktemp -d)"
session="lexls-shot-$$"
trap 'tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$tmp"' EXIT

cat > "$tmp/init.lua" <<LUA
vim.opt.runtimepath:prepend('$plugin')
vim.o.termguicolors = true
vim.o.laststatus = 2
require('lexls').setup({ cmd = { '$bin', 'serve' } })
LUA
question="How many business days before using an AEDT must a candidate be notified?"
tmux new-session -d -s "$session" -x 120 -y 42 \
  "cd '$repo/examples/nyc-ll144' && LEXLS_INDEX_DIR='$tmp/index' XDG_STATE_HOME='$tmp/state' '$nvim' --clean -u '$tmp/init.lua' policy/acme-aedt-hiring-policy.md"
# Wait for the index and the passage embeddings, then ask.
for _ in $(seq 1 100); do
  tmux send-keys -t "$session" ":lua vim.g.lexls_ready = (function() local c = vim.lsp.get_clients({name='lexls'})[1]; local r = c and c:request_sync('lexls/status', nil, 2000); local s = r and r.result; return s and s.ready and (not s.model.loaded or (s.embedding.total > 0 and s.embedding.done >= s.embedding.total)) end)() and 1 or 0" Enter
  sleep 0.3
  tmux send-keys -t "$session" ":echo 'ready=' .. g:lexls_ready" Enter
  sleep 0.2
  if tmux capture-pane -p -t "$session" | grep -q "ready=1"; then break; fi
done
tmux send-keys -t "$session" ":call cursor(40, 1) | LexlsAsk $question" Enter
for _ in $(seq 1 100); do
  sleep 0.2
  if tmux capture-pane -p -t "$session" | grep -q "## Sources"; then break; fi
done
sleep 0.5
tmux capture-pane -p -t "$session" > "$out/nvim-answer.txt"
tmux capture-pane -p -e -t "$session" > "$tmp/screen.ansi"
grep -q "## Sources" "$out/nvim-answer.txt" || { echo "no answer window on the screen" >&2; cat "$out/nvim-answer.txt" >&2; exit 1; }
echo "wrote $out/nvim-answer.txt"

command -v chromium >/dev/null || { echo "no chromium: skipping the PNG" >&2; exit 0; }
python3 - "$tmp/screen.ansi" "$tmp/screen.html" <<'PY'
import html, re, sys
PALETTE = ["#1e1e1e", "#cd3131", "#0dbc79", "#e5e510", "#2472c8", "#bc3fbc", "#11a8cd", "#e5e5e5",
           "#666666", "#f14c4c", "#23d18b", "#f5f543", "#3b8eea", "#d670d6", "#29b8db", "#ffffff"]
def xterm(n):
    if n < 16: return PALETTE[n]
    if n < 232:
        n -= 16; steps = [0, 95, 135, 175, 215, 255]
        return "#%02x%02x%02x" % (steps[n // 36], steps[n // 6 % 6], steps[n % 6])
    v = 8 + 10 * (n - 232); return "#%02x%02x%02x" % (v, v, v)
fg_default, bg_default = "#d4d4d4", "#14161b"
def render(text):
    out, fg, bg, bold, italic, reverse, underline = [], None, None, False, False, False, False
    for part in re.split(r"(\x1b\[[0-9;:]*m)", text):
        m = re.fullmatch(r"\x1b\[([0-9;:]*)m", part)
        if not m:
            if part:
                f, b = (bg or bg_default, fg or fg_default) if reverse else (fg, bg)
                style = []
                if f: style.append("color:" + f)
                if b: style.append("background:" + b)
                if bold: style.append("font-weight:bold")
                if italic: style.append("font-style:italic")
                if underline: style.append("text-decoration:underline")
                out.append('<span style="%s">%s</span>' % (";".join(style), html.escape(part)))
            continue
        codes = [int(c) if c else 0 for c in m.group(1).replace(":", ";").split(";")]
        i = 0
        while i < len(codes):
            c = codes[i]
            if c == 0: fg = bg = None; bold = italic = reverse = underline = False
            elif c == 1: bold = True
            elif c == 3: italic = True
            elif c == 4: underline = True
            elif c == 7: reverse = True
            elif c == 22: bold = False
            elif c == 23: italic = False
            elif c == 24: underline = False
            elif c == 27: reverse = False
            elif 30 <= c <= 37: fg = PALETTE[c - 30]
            elif 90 <= c <= 97: fg = PALETTE[c - 82]
            elif 40 <= c <= 47: bg = PALETTE[c - 40]
            elif 100 <= c <= 107: bg = PALETTE[c - 92]
            elif c == 39: fg = None
            elif c == 49: bg = None
            elif c in (38, 48) and i + 1 < len(codes):
                if codes[i + 1] == 2 and i + 4 < len(codes):
                    color = "#%02x%02x%02x" % tuple(codes[i + 2:i + 5]); i += 4
                elif codes[i + 1] == 5 and i + 2 < len(codes):
                    color = xterm(codes[i + 2]); i += 2
                else:
                    color = None
                if c == 38: fg = color
                else: bg = color
            i += 1
    return "".join(out)
body = "\n".join(render(line) for line in open(sys.argv[1], encoding="utf-8").read().rstrip("\n").split("\n"))
open(sys.argv[2], "w", encoding="utf-8").write(
    '<!DOCTYPE html><meta charset="utf-8"><style>body{margin:0;background:%s}'
    'pre{margin:0;padding:10px;font:14px/1.18 "DejaVu Sans Mono",monospace;color:%s}</style><pre>%s</pre>'
    % (bg_default, fg_default, body))
PY
chromium --headless --no-sandbox --disable-gpu --disable-background-networking --hide-scrollbars \
  --window-size=1040,760 --screenshot="$out/nvim-answer.png" "file://$tmp/screen.html" >/dev/null 2>&1
echo "wrote $out/nvim-answer.png"
