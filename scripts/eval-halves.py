#!/usr/bin/env python3
"""Statute and regulation F1 of a citation case file, whole and by halves.

    scripts/eval-halves.py [--lexls BIN] [CASES...]

CASES default to `../shared/eval/citations/cases.jsonl` and the probe set
`tests/fixtures/citation-probe/probe.jsonl`. Each file is split by the parity of the number
that ends a case's id (`citeurl-062` is even: the development half; odd ids the measuring
half; an id without a number counts as even), and `lexls eval citations --json` scores the
whole file and each half. Prints, per file and half, the statute-kind F1 of the real and the
synthetic cases and the span accuracy of the real ones: the figures the measurements give
as "development / measuring".
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

ap = argparse.ArgumentParser()
ap.add_argument("cases", nargs="*")
ap.add_argument("--lexls", default="target/release/lexls")
args = ap.parse_args()
files = args.cases or [
    "../shared/eval/citations/cases.jsonl",
    "tests/fixtures/citation-probe/probe.jsonl",
]


def parity(case):
    number = case["id"].rsplit("-", 1)[-1]
    return int(number) % 2 if number.isdigit() else 0


def score(path):
    out = subprocess.run(
        [args.lexls, "eval", "citations", "--cases", path, "--json"],
        capture_output=True, text=True,
    )
    if out.returncode:
        sys.exit(f"lexls eval citations failed on {path}: {out.stderr.strip()}")
    d = json.loads(out.stdout)
    parts = []
    for key in ("real", "synthetic"):
        f1 = d.get(key, {}).get("statute_kinds", {}).get("f1")
        if f1 is not None:
            parts.append(f"{key} F1 {f1:.3f}")
    if "real" in d:
        parts.append(f"spans {d['real']['span_accuracy']:.3f}")
    return ", ".join(parts)


with tempfile.TemporaryDirectory() as tmp:
    for path in files:
        with open(path, encoding="utf-8") as f:
            rows = [json.loads(line) for line in f if line.strip()]
        halves = {
            "all": rows,
            "development (even ids)": [r for r in rows if parity(r) == 0],
            "measuring (odd ids)": [r for r in rows if parity(r) == 1],
        }
        print(os.path.basename(path))
        for name, half in halves.items():
            half_path = os.path.join(tmp, "half.jsonl")
            with open(half_path, "w", encoding="utf-8") as f:
                f.writelines(json.dumps(r) + "\n" for r in half)
            print(f"  {name}: {len(half)} cases, {score(half_path)}")
