#!/usr/bin/env python3
"""Writes N distinct benchmark queries, one per line: gen_queries.py N PREFIX [--sorted] > list.txt

Queries look like a keyword tool's list ("latte mocha 417 PREFIX": two words and a number, then
PREFIX, so that lists of different prefixes never share a query) and come in random key order, as
a real list does: a store fills them at random places in its key space, not one after the other.
The order is a fixed shuffle seeded by PREFIX, so every run writes the same list. --sorted writes
the very same queries sorted (byte order, which is the store's key order for one locale): the
flattering case, kept only as a second figure beside the random one.
"""
import random
import sys

WORDS = ["coffee", "espresso", "grinder", "latte", "beans", "roast", "decaf", "milk",
         "kettle", "filter", "brew", "arabica", "mocha", "cold", "french", "press",
         "robusta", "cappuccino", "barista", "crema", "drip", "pour", "over", "aeropress",
         "moka", "pot", "burr", "blade", "scale", "tamper", "frother", "cup",
         "mug", "organic", "instant", "iced", "caramel", "vanilla", "oat", "almond",
         "best", "cheap", "how", "to", "make", "home", "machine", "recipe"]


def main() -> None:
    args = [a for a in sys.argv[1:] if a != "--sorted"]
    if len(args) != 2:
        sys.exit("usage: gen_queries.py N PREFIX [--sorted]")
    count, prefix = int(args[0]), args[1]
    pairs = len(WORDS) * (len(WORDS) - 1)
    # Numbers 1..span: at least half the space unused, so the sample is spread over all of it.
    span = max(999, -(-2 * count // pairs))
    rng = random.Random(f"paa-bench-queries:{prefix}")  # a str seed is stable across Python runs
    queries = []
    for index in rng.sample(range(pairs * span), count):  # distinct, in random order
        number, pair = divmod(index, pairs)
        first, second = divmod(pair, len(WORDS) - 1)
        second += second >= first  # two different words
        queries.append(f"{WORDS[first]} {WORDS[second]} {number + 1} {prefix}\n")
    if "--sorted" in sys.argv[1:]:
        queries.sort(key=lambda q: q.encode())
    sys.stdout.writelines(queries)


if __name__ == "__main__":
    main()
