#!/usr/bin/env python3
"""Reads a `paa export --format xlsx` workbook back with openpyxl and compares it, cell by cell,
with the csv, questions, topics, related, stability, domains and jsonl exports of the same
selection.

usage: check_xlsx.py BOOK.xlsx TREE.csv QUESTIONS.csv RELATED.csv TOPICS.csv --stability STABILITY.csv
                     --domains DOMAINS.csv --jsonl RESULTS.jsonl [--own-domains] [--rows-per-sheet N]
                     [--topic-changes CHANGES.csv] [--expect-text TEXT]... [--expect-row SHEET '{"column index": "text", ...}']...
Checks sheet names and order (continuation sheets past N rows), header rows, every data cell,
row counts, the bold frozen header, autofilters, column widths, the question cell's indent by
depth, hyperlinks on http(s) URLs and real dates in fetched_at, first_seen and last_seen; the
lineage columns (level, parent_q, seed_q) of every row of Questions tree, Related and Stability
against its key's jsonl object (level, parent, seed: the q, and its locale when not the row's);
--topic-changes: the "Topic changes" sheet holds the topic-changes export's rows (without it, its
header is checked alone); --own-domains: the workbook was written with --domain (Stability's owner, Domains' yours
columns, and the questions export's `owner`, checked as its other columns); --expect-row: some data row of SHEET (and its continuation sheets) has those cells.
Prints "tree=N questions=N related=N topics=N stability=N domains=N sheets=N expected_rows=N
discovered_rows=N" on success (discovered_rows: the rows of the three sheets at a level above
0); exits 1 with the first difference.
"""
import argparse
import csv
import datetime
import json
import re
import sys
import unicodedata

import openpyxl
from openpyxl.utils import get_column_letter

TREE = "Questions tree"
QUESTIONS = "Unique questions"
RELATED = "Related"
TOPICS = "Topics"
TOPIC_CHANGES = "Topic changes"
TOPIC_CHANGES_HEADER = ["change", "topic", "label", "from_topic", "into_topic", "trees_before", "trees",
                        "questions_before", "questions", "groups_before", "groups", "volume_before", "volume"]
LINEAGE_HEADER = ["level", "parent_q", "seed_q"]
# The csv export's columns (its lineage included), then fetched_at.
TREE_HEADER = ["q", "hl", "gl", "city", "depth", "position", "parent", "question", "answer", "url",
               "title"] + LINEAGE_HEADER + ["fetched_at"]
QUESTIONS_HEADER = ["question", "answer", "url", "title", "count", "first_q", "first_hl",
                    "first_gl", "first_city", "type", "intent", "variant_of", "group_count", "seeds",
                    "locales", "topic", "topic_label"]
TOPICS_HEADER = ["topic", "label", "hl", "questions", "groups", "trees", "representative",
                 "top_questions"]
RELATED_CSV_HEADER = ["q", "hl", "gl", "city", "position", "related"]
RELATED_HEADER = RELATED_CSV_HEADER + LINEAGE_HEADER
STABILITY = "Stability"
DOMAINS = "Domains"
STABILITY_HEADER = ["q", "hl", "gl", "city", "question", "first_seen", "last_seen", "versions_seen", "versions",
                    "present_now", "status"]
DOMAINS_HEADER = ["domain", "answers", "share", "questions", "keys", "topics"]


def fail(message):
    print(message, file=sys.stderr)
    sys.exit(1)


def read_csv(path):
    with open(path, encoding="utf-8", newline="") as f:
        rows = list(csv.reader(f))
    return rows[0], rows[1:]


def sheet_names(base, rows, per_sheet):
    data = per_sheet - 1
    count = max(1, -(-rows // data))
    return [base] + [f"{base} ({i})" for i in range(2, count + 1)]


# OOXML writes characters XML cannot hold (here: CR) as _xHHHH_; Excel and LibreOffice decode
# them, openpyxl 3.0 leaves inline strings as they are, so decode like Excel does.
XSTRING_ESCAPE = re.compile(r"_x([0-9A-Fa-f]{4})_")


def text(value):
    if value is None:
        return ""
    if isinstance(value, str):
        return XSTRING_ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), value)
    if isinstance(value, bool):
        fail(f"unexpected boolean cell {value!r}")
    if isinstance(value, (int, float)):
        if float(value) != int(value):
            fail(f"unexpected fraction {value!r}")
        return str(int(value))
    return value


def rfc3339_ms(value):
    """A date cell as the csv exports write times: 2026-11-18T11:06:41.000Z (rounded to the ms)."""
    ms = round((value - datetime.datetime(1970, 1, 1)).total_seconds() * 1000)
    whole = datetime.datetime(1970, 1, 1) + datetime.timedelta(milliseconds=ms)
    return whole.strftime("%Y-%m-%dT%H:%M:%S") + f".{ms % 1000:03d}Z"


def cell_text(value):
    """Any cell as the csv exports write it: dates as RFC 3339, fractions (share) with 4 decimals."""
    if isinstance(value, datetime.datetime):
        return rfc3339_ms(value)
    if isinstance(value, float) and value != int(value):
        return f"{value:.4f}"
    return text(value)


def locale_key(key):
    """A key's locale as the store compares it: hl and gl lower-cased, the city folded."""
    city = " ".join(unicodedata.normalize("NFC", key.get("city") or "").split()).casefold()
    return (key["hl"].strip().lower(), key["gl"].strip().lower(), city)


def lineage_cells(obj):
    """The level, parent_q and seed_q cells of a jsonl object's rows: a key's q, followed by its
    locale ("q (hl-gl)", "q (hl-gl, city)") when that is not the row's."""
    def cell(key):
        if key is None:
            return ""
        if locale_key(key) == locale_key(obj):
            return key["q"]
        city = key.get("city") or ""
        return f"{key['q']} ({key['hl']}-{key['gl']}" + (f", {city})" if city else ")")
    return [str(obj["level"]), cell(obj["parent"]), cell(obj["seed"])]


def read_lineages(path):
    """(q, hl, gl, city) as spelled -> the lineage cells of that key's rows."""
    out = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            obj = json.loads(line)
            if obj["level"] == 0 and obj["parent"] is not None:
                fail(f"jsonl: level 0 with a parent: {line}")
            out[(obj["q"], obj["hl"], obj["gl"], obj["city"] or "")] = lineage_cells(obj)
    return out


def check_sheet_layout(ws, header, widths):
    got = [c.value for c in ws[1]]
    if got != header:
        fail(f"{ws.title}: header {got}, want {header}")
    if not all(c.font.b for c in ws[1]):
        fail(f"{ws.title}: header row is not bold")
    if ws.freeze_panes != "A2":
        fail(f"{ws.title}: frozen panes {ws.freeze_panes}, want A2 (header row frozen)")
    want_filter = f"A1:{get_column_letter(len(header))}{ws.max_row}"
    if ws.auto_filter.ref != want_filter:
        fail(f"{ws.title}: autofilter {ws.auto_filter.ref}, want {want_filter}")
    for col, width in widths.items():
        got_width = ws.column_dimensions[col].width
        if got_width is None or got_width < width:
            fail(f"{ws.title}: column {col} width {got_width}, want at least {width}")


def data_rows(book, names):
    """Data rows (cells) of the sheets `names`, in order."""
    for name in names:
        ws = book[name]
        for row in ws.iter_rows(min_row=2):
            yield ws, row


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("book")
    parser.add_argument("tree_csv")
    parser.add_argument("questions_csv")
    parser.add_argument("related_csv")
    parser.add_argument("topics_csv")
    parser.add_argument("--stability", required=True)
    parser.add_argument("--domains", required=True)
    parser.add_argument("--jsonl", required=True)
    parser.add_argument("--own-domains", action="store_true")
    parser.add_argument("--topic-changes")
    parser.add_argument("--rows-per-sheet", type=int, default=1048576)
    parser.add_argument("--expect-text", action="append", default=[])
    parser.add_argument("--expect-row", nargs=2, action="append", default=[], metavar=("SHEET", "CELLS"))
    args = parser.parse_args()
    stability_csv_header = STABILITY_HEADER + (["owner"] if args.own_domains else [])
    # The workbook's Stability sheet: the export's columns, the key's lineage, then owner.
    stability_header = STABILITY_HEADER + LINEAGE_HEADER + (["owner"] if args.own_domains else [])
    domains_header = DOMAINS_HEADER + (["yours"] if args.own_domains else [])
    lineages = read_lineages(args.jsonl)
    discovered = 0

    def check_lineage(ws, cells, first):
        """The lineage cells from column `first` on are those of the row's key (its first 4 cells)."""
        nonlocal discovered
        key = tuple(text(c.value) for c in cells[:4])
        want = lineages.get(key)
        if want is None:
            fail(f"{ws.title} row {cells[0].row}: key {key} is not in the jsonl export")
        level = cells[first].value
        if isinstance(level, bool) or not isinstance(level, (int, float)):
            fail(f"{ws.title} row {cells[0].row}: level {level!r} is not a number")
        got = [text(c.value) for c in cells[first:first + 3]]
        if got != want:
            fail(f"{ws.title} row {cells[0].row}: lineage {got}, want {want} (the key's jsonl object)")
        if level > 0:
            discovered += 1

    tree_header, tree = read_csv(args.tree_csv)
    # The workbook's tree sheet has the csv export's first 14 columns (its lineage ones included);
    # the attr_ columns are not checked here.
    if tree_header[:14] != TREE_HEADER[:14]:
        fail(f"csv export header {tree_header[:14]}, want {TREE_HEADER[:14]}")
    # The seeds' attributes: the csv's attr_ columns after seed_q, the sheet's after fetched_at.
    tree_sheet_header = TREE_HEADER + tree_header[14:]
    tree = [row[:14] for row in tree]
    questions_csv_header, questions = read_csv(args.questions_csv)
    # With the seeds' volumes both exports (and so the sheets) gain their demand columns:
    # volume and group_volume after first_city, a topic's volume after trees.
    questions_header = list(QUESTIONS_HEADER)
    if "volume" in questions_csv_header:
        questions_header[9:9] = ["volume", "group_volume"]
    if args.own_domains:
        questions_header.append("owner")
    if questions_csv_header != questions_header:
        fail(f"questions export header {questions_csv_header}, want {questions_header}")
    # The sheet is the export, every column of it: checked as the csv's header and cells, so the
    # two cannot drift apart.
    questions_header = questions_csv_header
    topics_want = list(TOPICS_HEADER)
    if "volume" in questions_header:
        topics_want[6:6] = ["volume"]
    related_csv_header, related = read_csv(args.related_csv)
    if related_csv_header != RELATED_CSV_HEADER:
        fail(f"related export header {related_csv_header}, want {RELATED_CSV_HEADER}")
    topics_header, topics = read_csv(args.topics_csv)
    if topics_header != topics_want:
        fail(f"topics export header {topics_header}, want {topics_want}")
    got_header, stability = read_csv(args.stability)
    if got_header != stability_csv_header:
        fail(f"stability export header {got_header}, want {stability_csv_header}")
    got_header, domains = read_csv(args.domains)
    if got_header != domains_header:
        fail(f"domains export header {got_header}, want {domains_header}")
    topic_changes = None
    if args.topic_changes:
        got_header, topic_changes = read_csv(args.topic_changes)
        if got_header != TOPIC_CHANGES_HEADER:
            fail(f"topic-changes export header {got_header}, want {TOPIC_CHANGES_HEADER}")
    book = openpyxl.load_workbook(args.book)

    tree_names = sheet_names(TREE, len(tree), args.rows_per_sheet)
    question_names = sheet_names(QUESTIONS, len(questions), args.rows_per_sheet)
    related_names = sheet_names(RELATED, len(related), args.rows_per_sheet)
    topic_names = sheet_names(TOPICS, len(topics), args.rows_per_sheet)
    change_names = [TOPIC_CHANGES] if topic_changes is None else sheet_names(TOPIC_CHANGES, len(topic_changes),
                                                                            args.rows_per_sheet)
    stability_names = sheet_names(STABILITY, len(stability), args.rows_per_sheet)
    domain_names = sheet_names(DOMAINS, len(domains), args.rows_per_sheet)
    want_names = tree_names + question_names + topic_names + change_names + related_names + stability_names + domain_names
    if book.sheetnames != want_names:
        fail(f"sheets {book.sheetnames}, want {want_names}")

    for name in tree_names:
        check_sheet_layout(book[name], tree_sheet_header, {"H": 50, "I": 50})
    for name in question_names:
        check_sheet_layout(book[name], questions_header, {"A": 50})
    for name in related_names:
        check_sheet_layout(book[name], RELATED_HEADER, {"F": 30})
    for name in topic_names:
        check_sheet_layout(book[name], topics_want, {"H" if "volume" in topics_want else "G": 50})
    for name in change_names:
        check_sheet_layout(book[name], TOPIC_CHANGES_HEADER, {"C": 25})
    for name in stability_names:
        check_sheet_layout(book[name], stability_header, {"E": 50})
    for name in domain_names:
        check_sheet_layout(book[name], domains_header, {"A": 25})

    seen_text = set()
    got = 0
    links = 0
    for (ws, cells), want in zip(data_rows(book, tree_names), tree):
        got += 1
        values = [text(c.value) for c in cells[:11]]
        if values != want[:11]:
            fail(f"{ws.title} row {cells[0].row}: {values}\n want {want[:11]}")
        check_lineage(ws, cells, 11)
        # The csv's lineage columns hold the same keys' q (the workbook's adds a locale only
        # when it is not the row's, which an expansion never makes).
        lineage = [text(c.value) for c in cells[11:14]]
        if any(g != w and not g.startswith(w + " (") for g, w in zip(lineage, want[11:14])):
            fail(f"{ws.title} row {cells[0].row}: lineage {lineage}, the csv export's {want[11:14]}")
        depth = int(want[4])
        indent = cells[7].alignment.indent or 0
        if indent != min(depth - 1, 15):
            fail(f"{ws.title} row {cells[0].row}: question indent {indent} at depth {depth}")
        url = want[9]
        if url.startswith(("http://", "https://")):
            if cells[9].hyperlink is None or cells[9].hyperlink.target != url:
                fail(f"{ws.title} row {cells[0].row}: url {url!r} is not a hyperlink to itself")
            links += 1
        elif cells[9].hyperlink is not None:
            fail(f"{ws.title} row {cells[0].row}: {url!r} should not be a link")
        fetched = cells[14].value
        if not isinstance(fetched, datetime.datetime):
            fail(f"{ws.title} row {cells[0].row}: fetched_at {fetched!r} is not a date")
        if cells[14].number_format != "yyyy-mm-dd hh:mm:ss":
            fail(f"{ws.title}: fetched_at shown as {cells[14].number_format!r}")
        seen_text.update(v for v in values if isinstance(v, str))
    if got != len(tree):
        fail(f"{TREE}: {got} data rows, the csv export has {len(tree)}")
    if tree and links == 0:
        fail("no hyperlinks found")

    def compare_rows(names, want_rows, ncols, label, export):
        got = 0
        for (ws, cells), want in zip(data_rows(book, names), want_rows):
            got += 1
            values = [text(c.value) for c in cells[:ncols]]
            if values != want:
                fail(f"{ws.title} row {cells[0].row}: {values}\n want {want}")
            seen_text.update(values)
        if got != len(want_rows):
            fail(f"{label}: {got} data rows, the {export} export has {len(want_rows)}")

    compare_rows(question_names, questions, len(questions_header), QUESTIONS,
                 "questions")
    compare_rows(related_names, related, len(RELATED_CSV_HEADER), RELATED, "related")
    for ws, cells in data_rows(book, related_names):
        check_lineage(ws, cells, len(RELATED_CSV_HEADER))
    compare_rows(topic_names, topics, len(topics_want), TOPICS, "topics")
    if topic_changes is not None:
        compare_rows(change_names, topic_changes, len(TOPIC_CHANGES_HEADER), TOPIC_CHANGES, "topic-changes")

    # Stability: first_seen and last_seen are dates (the csv's RFC 3339 times, to the millisecond).
    got = 0
    for (ws, cells), want in zip(data_rows(book, stability_names), stability):
        got += 1
        check_lineage(ws, cells, len(STABILITY_HEADER))
        values = []
        for i, c in enumerate(cells[:len(stability_header)]):
            if len(STABILITY_HEADER) <= i < len(STABILITY_HEADER) + len(LINEAGE_HEADER):
                continue  # the lineage: checked above; the export has none
            if i in (5, 6):
                if not isinstance(c.value, datetime.datetime):
                    fail(f"{ws.title} row {c.row}: {stability_header[i]} {c.value!r} is not a date")
                if c.number_format != "yyyy-mm-dd hh:mm:ss":
                    fail(f"{ws.title}: {stability_header[i]} shown as {c.number_format!r}")
                values.append(rfc3339_ms(c.value))
            else:
                values.append(text(c.value))
        if values != want:
            fail(f"{ws.title} row {cells[0].row}: {values}\n want {want}")
        seen_text.update(values)
    if got != len(stability):
        fail(f"{STABILITY}: {got} data rows, the stability export has {len(stability)}")
    # Domains: share is a fraction shown as a percentage (the csv's 4 decimals).
    got = 0
    for (ws, cells), want in zip(data_rows(book, domain_names), domains):
        got += 1
        values = []
        for i, c in enumerate(cells[:len(domains_header)]):
            if i == 2 and c.value is not None:
                if c.number_format != "0.00%":
                    fail(f"{ws.title}: share shown as {c.number_format!r}")
                values.append(f"{c.value:.4f}")
            else:
                values.append(text(c.value))
        if values != want:
            fail(f"{ws.title} row {cells[0].row}: {values}\n want {want}")
        seen_text.update(values)
    if got != len(domains):
        fail(f"{DOMAINS}: {got} data rows, the domains export has {len(domains)}")

    for sheet, cells in args.expect_row:
        wanted = {int(k): v for k, v in json.loads(cells).items()}
        names = {STABILITY: stability_names, DOMAINS: domain_names, TREE: tree_names, QUESTIONS: question_names,
                 RELATED: related_names, TOPICS: topic_names}[sheet]
        found = False
        for ws, row in data_rows(book, names):
            values = [cell_text(c.value) for c in row]
            if all(i < len(values) and values[i] == v for i, v in wanted.items()):
                found = True
                break
        if not found:
            fail(f"{sheet}: no row with {wanted}")

    for expected in args.expect_text:
        if not any(expected in v for v in seen_text):
            fail(f"text {expected!r} not found in any cell")
    print(f"tree={len(tree)} questions={len(questions)} related={len(related)} topics={len(topics)} "
          f"stability={len(stability)} domains={len(domains)} "
          f"topic_changes={'-' if topic_changes is None else len(topic_changes)} sheets={len(want_names)} "
          f"expected_rows={len(args.expect_row)} discovered_rows={discovered}")


if __name__ == "__main__":
    main()
