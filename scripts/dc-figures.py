#!/usr/bin/env python3
"""Figures of docs/measurements.md on the D.C. Code that lexls's own commands print as JSON.

  scripts/dc-figures.py classes MARKUP.json DC_DIR
      MARKUP.json from `lexls eval markup DC_DIR --json --misses 100000`: the resolution
      disagreements (wrong_target, resolved_elsewhere) of D.C. Code section citations whose
      target is a section of DC_DIR, by class and half, and resolution without the
      deliberate classes (prior editions, former numbers).
  scripts/dc-figures.py halves CHECK.json DC_DIR
      CHECK.json from `lexls check DC_DIR --json`: warnings by code and by half (files in
      sorted path order, even positions development, odd measuring, as `lexls eval markup`).
  scripts/dc-figures.py sample CHECK.json DC_DIR CODE HALF N SEED
      N warnings of CODE (repealed-target, unresolved-citation) of HALF (development,
      measuring), drawn with SEED, each with its message and the text around it (tags
      removed): the samples judged by hand in docs/measurements.md.
  scripts/dc-figures.py undesignated DC_DIR
      Sections with a level the codifier numbered (`<num undesignated="true">`), and how the
      Council's `<cite path>` cites their subdivisions: below that level, or naming it.
"""
import collections
import glob
import json
import os
import random
import re
import sys


def classes(markup_json, root):
    data = json.load(open(markup_json))
    sections = {os.path.basename(p)[:-4]
                for p in glob.glob(os.path.join(root, "**/sections/*.xml"), recursive=True)}
    corpus = next(c for c in data["corpora"] if c["corpus"] == "D.C. Code")
    for half in ("development", "measuring"):
        res = corpus[half]["resolution"]
        counts = collections.Counter()
        for m in data["misses"]:
            if (m["half"] != half or m["kind"] != "dc_code"
                    or m["failure"] not in ("wrong_target", "resolved_elsewhere")
                    or m["target"].rsplit("/", 1)[-1] not in sections):
                continue
            lexls = " ".join(m["lexls"])
            before = m["context"][: m["context"].find("⟦")]
            if re.search(r"act:\d{4}ed", lexls):
                counts["prior edition"] += 1
            elif re.search(r"[Ff]ormer\b[^.]*$", before):
                counts["former number"] += 1
            elif "act:" in lexls:
                counts["section of a named act"] += 1
            else:
                counts["other"] += 1
        wrong = res["in_workspace"] - res["resolved_same"]
        counts["not read, or another kind"] = wrong - sum(counts.values())
        deliberate = counts["prior edition"] + counts["former number"]
        print(half, dict(counts), f"resolution {res['resolved_same'] / res['in_workspace']:.4f}",
              f"without former numbers {res['resolved_same'] / (res['in_workspace'] - deliberate):.4f}")


def halves(check_json, root):
    files = sorted(os.path.relpath(p, root)
                   for p in glob.glob(os.path.join(root, "**/*.xml"), recursive=True))
    half = {f: ("development" if i % 2 == 0 else "measuring") for i, f in enumerate(files)}
    counts = collections.Counter()
    for d in json.load(open(check_json))["diagnostics"]:
        if d["severity"] == "warning":
            counts[(d["code"], half.get(d["path"], "?"))] += 1
    for key, n in sorted(counts.items()):
        print(*key, n)


def sample(check_json, root, code, which, n, seed):
    n, seed = int(n), int(seed)
    files = sorted(os.path.relpath(p, root)
                   for p in glob.glob(os.path.join(root, "**/*.xml"), recursive=True))
    half = {f: ("development" if i % 2 == 0 else "measuring") for i, f in enumerate(files)}
    found = [d for d in json.load(open(check_json))["diagnostics"]
             if d["severity"] == "warning" and d["code"] == code and half.get(d["path"]) == which]
    random.seed(seed)
    print(code, which, len(found))
    for d in random.sample(found, min(n, len(found))):
        line = open(os.path.join(root, d["path"]), encoding="utf-8").read().split("\n")[d["line"] - 1]
        col = d["column"]
        context = re.sub(r"<[^>]+>", "", line[max(0, col - 220):col] + "⟦" + line[col:col + 160])
        print("--", os.path.basename(d["path"]), d["line"], "|", d["message"][:140])
        print("  ", context[-300:].strip())


def undesignated(root):
    paths = [p for p in glob.glob(os.path.join(root, "**/*.xml"), recursive=True)
             if os.path.basename(p) != "index.xml"]
    marked = {}
    for p in paths:
        m = re.search(r'<num undesignated="true">([^<]*)</num>', open(p).read())
        if m:
            marked[os.path.basename(p)[:-4]] = m.group(1)
    counts = collections.Counter()
    for p in paths:
        for m in re.finditer(r'<cite path="§([^"|]+)((?:\|[^"|]+)*)"', open(p).read()):
            label = marked.get(m.group(1))
            if label and m.group(2):
                first = m.group(2).split("|")[1]
                counts["names the added level" if first == label else "below it"] += 1
    print(f"{len(marked)} sections; citations of their subdivisions: {dict(counts)}")


if __name__ == "__main__":
    commands = {"classes": classes, "halves": halves, "sample": sample,
                "undesignated": undesignated}
    if len(sys.argv) < 3 or sys.argv[1] not in commands:
        sys.exit(__doc__)
    commands[sys.argv[1]](*sys.argv[2:])
