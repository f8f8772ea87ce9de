#!/usr/bin/env python3
"""How many forms of the citation-forms lists lexls reads the same in capitals.

    scripts/small-caps-forms.py [LEXLS] [-v]

Each form of tests/fixtures/citation-forms/{t1-forms,t1-more-forms,codes-own-styles}.txt
has its code name (the text before the first section sign, division or number) put in
capitals, as a name typeset in large and small capitals comes out of a PDF (The Bluebook,
rule 2.1); both are put in `As provided in <form>, the employer shall report.` A form counts
when the capitals give the same normalized citations as the original. Prints the count and
the halves by line parity (-v: each difference).
"""
import json, re, subprocess, sys

LISTS = ["t1-forms.txt", "t1-more-forms.txt", "codes-own-styles.txt"]
lexls = next((a for a in sys.argv[1:] if not a.startswith("-")), "target/release/lexls")
forms = []
for name in LISTS:
    with open(f"tests/fixtures/citation-forms/{name}", encoding="utf-8") as f:
        forms += [l.strip() for l in f if l.strip() and not l.startswith("#")]


def capitals(form):
    m = re.search(r"(§|\bart\.|\bch\.|\btit\.|\d)", form)
    return form[: m.start()].upper() + form[m.start():] if m else None


pairs = [(f, capitals(f)) for f in forms if capitals(f) not in (None, f)]


def normalized(texts):
    lines = "".join(json.dumps({"text": f"As provided in {t}, the employer shall report."}) + "\n" for t in texts)
    out = subprocess.run([lexls, "cite", "--jsonl"], input=lines, capture_output=True, text=True, check=True)
    return [[c.get("normalized") for c in json.loads(l)["citations"]] for l in out.stdout.splitlines()]


mixed = normalized([p[0] for p in pairs])
caps = normalized([p[1] for p in pairs])
same = [m == c for m, c in zip(mixed, caps)]
if "-v" in sys.argv:
    for (_, form), m, c, ok in zip(pairs, mixed, caps, same):
        if not ok:
            print("DIFF", form, "=>", c, "| mixed case:", m)
print(f"{sum(same)}/{len(pairs)} forms in capitals read as in mixed case")
for half in (0, 1):
    idx = range(half, len(pairs), 2)
    print(f"  half {half}: {sum(same[i] for i in idx)}/{len(idx)}")
