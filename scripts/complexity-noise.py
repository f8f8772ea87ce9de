#!/usr/bin/env python3
"""Builds corpus-index/ide/data/complexity-questions.csv from the hand-written question lists
(one question a line, label in the file name: questions-0.txt, questions-1.txt,
questions-2.txt) plus noisy copies of about 30% of them, as the HyPA-RAG paper augmented
its set (§7.1): stray punctuation inside words, noise words, spelling errors, reordered
phrases, lower case without the question mark. Deterministic (seed 144).

usage: scripts/complexity-noise.py DIR_WITH_LISTS OUT.csv
"""
import csv
import random
import sys

rng = random.Random(144)
NOISE_WORDS = ["why", "any", "how", "when", "who", "and", "what", "can", "will"]
PUNCT = list("#$@|`~^*+:'.)(?!%")


def punctuate(q):
    words = q.split()
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(words))
        w = words[i]
        if len(w) > 3:
            j = rng.randrange(1, len(w) - 1)
            words[i] = w[:j] + rng.choice(PUNCT) + w[j:]
    return " ".join(words)


def noise_words(q):
    words = q.split()
    for _ in range(rng.randint(1, 2)):
        words.insert(rng.randrange(len(words) + 1), rng.choice(NOISE_WORDS))
    return " ".join(words)


def misspell(q):
    words = q.split()
    for _ in range(rng.randint(1, 2)):
        i = rng.randrange(len(words))
        w = words[i]
        if len(w) > 4:
            j = rng.randrange(1, len(w) - 2)
            op = rng.choice(["swap", "drop", "double"])
            if op == "swap":
                w = w[:j] + w[j + 1] + w[j] + w[j + 2:]
            elif op == "drop":
                w = w[:j] + w[j + 1:]
            else:
                w = w[:j] + w[j] + w[j:]
            words[i] = w
    return " ".join(words)


def reorder(q):
    words = q.rstrip("?").split()
    if len(words) < 6:
        return q
    cut = rng.randrange(2, len(words) - 2)
    return " ".join(words[cut:] + words[:cut]) + "?"


def casual(q):
    return q.rstrip("?").lower()


NOISES = [punctuate, noise_words, misspell, reorder, casual]


def main():
    src, out = sys.argv[1], sys.argv[2]
    rows = []
    for label in (0, 1, 2):
        with open(f"{src}/questions-{label}.txt", encoding="utf-8") as f:
            questions = [line.strip() for line in f if line.strip()]
        for q in questions:
            rows.append((q, label))
            if rng.random() < 0.3:
                noisy = rng.choice(NOISES)(q)
                if rng.random() < 0.3:
                    noisy = rng.choice(NOISES)(noisy)
                if noisy != q:
                    rows.append((noisy, label))
    with open(out, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["question", "label"])
        w.writerows(rows)
    print(f"{len(rows)} rows -> {out}")


if __name__ == "__main__":
    main()
