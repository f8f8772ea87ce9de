#!/usr/bin/env python3
"""How many citation forms of a list `lexls cite` reads whole.

    scripts/citation-forms.py LIST... [--lexls BIN] [-v]

Each non-comment line of a LIST (tests/fixtures/citation-forms/*.txt) is put in the
sentence `As provided in <form>, the employer shall report.`; a form is read whole when one
citation's text is the form, or the form without its date parenthetical (the rule of the
test `citation_forms_of_the_grammar_are_read_whole`). Prints the misses (all forms with -v)
and `read / forms` per list. With --lexls an older build gives the "before" figure.
"""
import argparse, json, subprocess

ap = argparse.ArgumentParser()
ap.add_argument("lists", nargs="+")
ap.add_argument("--lexls", default="target/release/lexls")
ap.add_argument("-v", action="store_true")
args = ap.parse_args()
for path in args.lists:
    forms = [l.strip() for l in open(path, encoding="utf-8") if l.strip() and not l.startswith("#")]
    lines = "".join(json.dumps({"text": f"As provided in {f}, the employer shall report."}) + "\n" for f in forms)
    out = subprocess.run([args.lexls, "cite", "--jsonl"], input=lines, capture_output=True, text=True, check=True)
    read = 0
    for form, line in zip(forms, out.stdout.splitlines()):
        cites = json.loads(line)["citations"]
        undated = form.rsplit(" (", 1)[0] if form.endswith(")") and " (" in form else form
        whole = any(c["raw"] in (form, undated) for c in cites)
        read += whole
        if args.v or not whole:
            print("ok  " if whole else "MISS", form, "=>", [(c["kind"], c["raw"], c.get("normalized")) for c in cites])
    print(f"{path}: {read} / {len(forms)}")
