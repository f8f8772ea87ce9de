#!/usr/bin/env bash
# Builds the mixed workspace of issue 11's noise figure: the shared corpora as published
# (no converted Markdown except the policy), and prints its path.
#
#   ./scripts/noise-workspace.sh [DEST] [SHARED]
#     DEST     where to build it (default: a new temp dir); must not exist or be empty
#     SHARED   the shared corpora (default: ../shared/corpora, i.e. /work/shared/corpora)
#
# Then: lexls check "$DEST" --json > warnings.json   (see docs/measurements.md, "Noise")
#
# Contents (one folder per corpus, so counts can be given per corpus):
#   cfr/     27 C.F.R. parts 40–end, GPO USLM (cfr-title27/original/*.xml)
#   usc/     14, 17, 35, 41 and 44 U.S.C., OLRC USLM (us-code-titles/original/*.xml)
#   eu/      Regulation (EU) 2024/1689, Official Journal HTML (eu-ai-act/original/*.html)
#   gdpr/    Regulation (EU) 2016/679, Official Journal HTML (gdpr/original/*.html)
#   nyc/     Local Law 144 and its rule: the text of the published PDFs (nyc-ll144/text/*.txt,
#            one file holding several sections and the notice of adoption) and the code sections
#            one a file (nyc-ll144/sections/*.md, NYC Admin. Code §§ 20-870–20-874, 6 RCNY
#            §§ 5-300–5-304)
#   india/   the AILA 2019 statutes of India as distributed (aila-2019-statutes/original/Object_statutes)
#   policy/  the example policy (examples/nyc-ll144/policy) with one citation broken on purpose:
#            `§ 5-302(b)` becomes `§ 5-302(g)` (6 RCNY § 5-302 has no (g)); its `§ 20-875`
#            (a section LL144 does not have) is a second true problem.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
dest="${1:-$(mktemp -d /tmp/lexls-noise.XXXXXX)}"
shared="${2:-$repo/../shared/corpora}"
[ -d "$shared" ] || shared=/work/shared/corpora
if [ -d "$dest" ] && [ -n "$(ls -A "$dest")" ]; then
  echo "noise-workspace: $dest is not empty" >&2
  exit 2
fi
mkdir -p "$dest"/{cfr,usc,eu,gdpr,nyc/text,nyc/sections,india,policy}
cp "$shared"/cfr-title27/original/*.xml "$dest/cfr/"
cp "$shared"/us-code-titles/original/*.xml "$dest/usc/"
cp "$shared"/eu-ai-act/original/*.html "$dest/eu/"
cp "$shared"/gdpr/original/*.html "$dest/gdpr/"
cp "$shared"/nyc-ll144/text/*.txt "$dest/nyc/text/"
cp "$shared"/nyc-ll144/sections/*.md "$dest/nyc/sections/"
cp "$shared"/aila-2019-statutes/original/Object_statutes/*.txt "$dest/india/"
policy="$dest/policy/acme-aedt-hiring-policy.md"
cp "$repo/examples/nyc-ll144/policy/acme-aedt-hiring-policy.md" "$policy"
grep -q '§ 5-302(b)' "$policy" || { echo "noise-workspace: policy changed, cannot break it" >&2; exit 2; }
sed -i 's/§ 5-302(b)/§ 5-302(g)/' "$policy"
cat > "$dest/.lexls.toml" <<'EOF'
# The mixed workspace of the noise figure (scripts/noise-workspace.sh).
[[documents]]
glob = "policy/**"
kind = "policy"
EOF
echo "$dest"
