#!/usr/bin/env python3
"""Independent check of `paa export` CSV output against the JSONL export of the same selection.

usage: check_csv.py FORMAT OUT.jsonl OUT.csv [--excel] [--dedupe]
FORMAT is csv, related or questions. Reads the CSV back with Python's csv module and compares
every row, field by field, with rows computed here from the JSONL objects. Prints the number
of data rows on success; exits 1 with a diff on a mismatch.
"""
import csv
import re
import json
import sys
import unicodedata


def fold(text):
    # Close enough to fold_text for the test data: NFC, white space collapsed, casefold.
    return " ".join(unicodedata.normalize("NFC", text).split()).casefold()


def text(node, field):
    value = node.get(field)
    return "" if value is None else value


def preorder(roots, dedupe):
    """(node, parent, depth, position) in depth-first pre-order; dedupe drops subtrees."""
    seen = set()
    stack = [(roots, 0, None, 1)]
    while stack:
        siblings, index, parent, depth = stack.pop()
        if index == len(siblings):
            continue
        stack.append((siblings, index + 1, parent, depth))
        node = siblings[index]
        if dedupe:
            key = fold(node["question"])
            if key in seen:
                continue
            seen.add(key)
        yield node, parent, depth, index + 1
        children = node.get("children") or []
        if children:
            stack.append((children, 0, node, depth + 1))


TOPIC_COLUMNS = ["type", "intent", "variant_of", "group_count", "seeds", "locales", "topic", "topic_label"]
TYPES = {"comparison", "cost", "time", "list", "definition", "how", "why", "place", "who", "yes_no", "other"}
INTENTS = {"transactional", "commercial", "navigational", "informational"}


def check_topic_columns(objects, got):
    """The questions export's topic columns (docs/topics.md): paa's grouping (variant_of) taken
    as given, each group's figures counted here from the trees. Returns the rows without them."""
    header = got[0]
    n = len(header) - len(TOPIC_COLUMNS)
    assert header[n:] == TOPIC_COLUMNS, f"topic columns: {header[n:]}"
    group_of = {}
    for row in got[1:]:
        assert row[n] in TYPES and row[n + 1] in INTENTS, f"type/intent: {row}"
        group_of[fold(row[0])] = fold(row[n + 2] or row[0])
    trees, seeds, locales = {}, {}, {}
    for o in objects:
        for node, _, _, _ in preorder(o["result"].get("children") or [], False):
            g = group_of[fold(node["question"])]
            key = (o["q"], o["hl"], o["gl"], o["city"] or "")
            trees.setdefault(g, set()).add(key)
            seeds.setdefault(g, set()).add(key)  # no expansion in these stores: each key its own seed
            locales.setdefault(g, set()).add((o["hl"], o["gl"]))
    for row in got[1:]:
        g = group_of[fold(row[0])]
        want = [str(len(trees[g])), str(len(seeds[g])), str(len(locales[g]))]
        assert row[n + 3:n + 6] == want, f"group figures of {row[0]!r}: got {row[n + 3:n + 6]}, want {want}"
    # A variant group lies in one topic: its questions share the topic's id and label.
    topic_of = {}
    for row in got[1:]:
        assert re.fullmatch(r"[0-9a-f]{16}", row[n + 6]), f"topic id of {row[0]!r}: {row[n + 6]!r}"
        g = group_of[fold(row[0])]
        assert topic_of.setdefault(g, (row[n + 6], row[n + 7])) == (row[n + 6], row[n + 7]), \
            f"the variants of {g!r} are in two topics"
    return [row[:n] for row in got]


def expected_rows(fmt, objects, dedupe):
    if fmt == "csv":
        yield ["q", "hl", "gl", "city", "depth", "position", "parent", "question", "answer", "url", "title",
               "level", "parent_q", "seed_q"]
        for o in objects:
            key = [o["q"], o["hl"], o["gl"], o["city"] or ""]
            # The lineage columns repeat the JSONL object's level, parent and seed on every row.
            lineage = [str(o["level"]), o["parent"]["q"] if o["parent"] else "", o["seed"]["q"]]
            for node, parent, depth, position in preorder(o["result"].get("children") or [], dedupe):
                yield key + [str(depth), str(position), parent["question"] if parent else "",
                             node["question"], text(node, "answer"), text(node, "url"), text(node, "title")] + lineage
    elif fmt == "related":
        yield ["q", "hl", "gl", "city", "position", "related"]
        for o in objects:
            key = [o["q"], o["hl"], o["gl"], o["city"] or ""]
            for i, related in enumerate(o["result"].get("related") or [], 1):
                yield key + [str(i), related]
    elif fmt == "questions":
        yield ["question", "answer", "url", "title", "count", "first_q", "first_hl", "first_gl", "first_city"]
        entries = {}
        for o in objects:
            in_tree = set()
            for node, _, _, _ in preorder(o["result"].get("children") or [], False):
                key = fold(node["question"])
                if key in in_tree:
                    continue
                in_tree.add(key)
                if key not in entries:
                    entries[key] = [node["question"], text(node, "answer"), text(node, "url"),
                                    text(node, "title"), 0, o["q"], o["hl"], o["gl"], o["city"] or ""]
                entries[key][4] += 1
        for key in sorted(entries, key=lambda k: (-entries[k][4], k.encode())):
            row = entries[key]
            row[4] = str(row[4])
            yield row
    else:
        raise SystemExit(f"unknown format {fmt}")


def main():
    fmt, jsonl_path, csv_path = sys.argv[1:4]
    excel = "--excel" in sys.argv[4:]
    dedupe = "--dedupe" in sys.argv[4:]
    with open(jsonl_path, encoding="utf-8") as f:
        objects = [json.loads(line) for line in f]
    raw = open(csv_path, "rb").read()
    if excel:
        assert raw.startswith(b"\xef\xbb\xbf"), "excel: missing UTF-8 BOM"
        assert raw.endswith(b"\r\n"), "excel: last line not CRLF"
    else:
        assert not raw.startswith(b"\xef\xbb\xbf"), "unexpected BOM"
    with open(csv_path, encoding="utf-8-sig" if excel else "utf-8", newline="") as f:
        got = list(csv.reader(f))
    if fmt == "questions":
        got = check_topic_columns(objects, got)
    want = list(expected_rows(fmt, objects, dedupe))
    if got != want:
        for i, (g, w) in enumerate(zip(got, want)):
            if g != w:
                print(f"row {i} differs:\n got  {g}\n want {w}", file=sys.stderr)
                break
        print(f"rows: got {len(got)}, want {len(want)}", file=sys.stderr)
        sys.exit(1)
    print(len(got) - 1)


if __name__ == "__main__":
    main()
