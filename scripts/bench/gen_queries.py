#!/usr/bin/env python3
"""Writes N distinct benchmark queries, one per line: gen_queries.py N PREFIX > list.txt

Queries look like keyword-tool output ("PREFIX 0000042 espresso grinder"): distinct, so every
one is a new search for the emulator, and a few words long like real queries.
"""
import sys

WORDS = ["coffee", "espresso", "grinder", "latte", "beans", "roast", "decaf", "milk",
         "kettle", "filter", "brew", "arabica", "mocha", "cold", "french", "press"]

def main() -> None:
    count, prefix = int(sys.argv[1]), sys.argv[2]
    out = sys.stdout
    for i in range(count):
        out.write(f"{prefix} {i:07d} {WORDS[i % 16]} {WORDS[(i // 16) % 16]}\n")

if __name__ == "__main__":
    main()
