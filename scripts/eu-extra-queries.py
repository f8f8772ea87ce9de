#!/usr/bin/env python3
"""Writes the EU AI Act questions outside the dev set as a query set for `lexls eval retrieval`.

The dev set (shared/eval/eu-ai-act.jsonl) holds the questions of
shared/corpora/eu-ai-act/eval/eu_ai_act_test_300_new.derived_labels.jsonl whose reference
answer shares >= 50% of its word 4-grams with a file. This writes the others, each labelled
with every file holding at least THRESHOLD of the answer's 4-grams (questions with none are
left out), in the format of shared/eval/README.md:

    scripts/eu-extra-queries.py ../shared 0.1 > /tmp/eu-extra.jsonl
    lexls eval retrieval --corpus ../shared/corpora/eu-ai-act --queries /tmp/eu-extra.jsonl
"""
import json
import sys


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    shared, threshold = sys.argv[1], float(sys.argv[2])
    with open(f"{shared}/eval/eu-ai-act.jsonl", encoding="utf-8") as f:
        dev = {json.loads(line)["id"] for line in f if line.strip()}
    labels = f"{shared}/corpora/eu-ai-act/eval/eu_ai_act_test_300_new.derived_labels.jsonl"
    with open(labels, encoding="utf-8") as f:
        for line in f:
            q = json.loads(line)
            if q["id"] in dev:
                continue
            relevant = [
                a["file"].rsplit(".", 1)[0]
                for a in q["answer_files"]
                if a["answer_4gram_recall"] >= threshold
            ]
            if relevant:
                print(json.dumps({"id": q["id"], "question": q["question"],
                                  "relevant": relevant, "question_type": q["question_type"]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
