#!/usr/bin/env python3
"""What two builds of lexls extract differently from the same files.

    find DIR -type f | scripts/cite-diff.py OLD_LEXLS NEW_LEXLS

Reads each file (XML and HTML with their tags removed and entities unescaped), runs `lexls cite --jsonl` of both
builds on it, and prints per file the (kind, text, normalized) citations only the old build
(-) or only the new one (+) reports, then how many files differ.
"""
import html, json, subprocess, sys, os, re
files=[l.strip() for l in sys.stdin if l.strip()]
texts=[]
for f in files:
    t=open(f,encoding='utf-8',errors='replace').read()
    if f.endswith(('.xml','.html','.htm')):
        t=html.unescape(re.sub(r'<[^>]+>',' ',t))
    texts.append(t)
inp="".join(json.dumps({"text":t})+"\n" for t in texts)
def run(b):
    out=subprocess.run([b,"cite","--jsonl"],input=inp,capture_output=True,text=True).stdout.splitlines()
    return [json.loads(o)["citations"] for o in out]
old=run(sys.argv[1]); new=run(sys.argv[2])
from collections import Counter
tot=0
for f,t,o,n in zip(files,texts,old,new):
    key=lambda c:(c['kind'],c['raw'],c.get('normalized'))
    so=Counter(map(key,o)); sn=Counter(map(key,n))
    lost=so-sn; gained=sn-so
    if lost or gained:
        tot+=1
        print("==",f)
        for k in lost: print("  -",k)
        for k in gained: print("  +",k)
print("files changed:",tot,"of",len(files))
