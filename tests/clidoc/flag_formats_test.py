#!/usr/bin/env python3
"""The formats each `paa export` flag takes, as the help says them and as the docs list them.

The help of such a flag ends with "[formats: a, b, c]", made from the views' registry
(app::export_formats_taking). Its row in docs/exports.md's flag table must begin with the same
formats, backticked ("| `--excel` | `csv`, `questions`, ...: what it does |"), so the docs cannot
drift from the code. Fails naming the flag, both lists and the difference.

Also: every `--format` mistake a page of the docs shows ("paa: --format: 'cvs' is not one of
...") is what paa says today.

usage: flag_formats_test.py PAA_BINARY docs/exports.md [MORE_DOCS.md...]
"""
import json
import re
import subprocess
import sys


def fail(message):
    print(message, file=sys.stderr)
    sys.exit(1)


def export_options(binary):
    cli = json.loads(subprocess.run([binary, "__describe-cli"], check=True, capture_output=True, text=True).stdout)
    for sub in cli["subcommands"]:
        if sub["name"] == "export":
            return sub["options"]
    fail("paa __describe-cli has no export command")


def main():
    binary, doc = sys.argv[1], sys.argv[2]
    rows = {}
    for line in open(doc, encoding="utf-8"):
        m = re.match(r"\| `(--[\w-]+)[^|]*\| (.*)", line)
        if m:
            rows.setdefault(m.group(1), []).append(m.group(2))
            # A row may name two flags ("`--from POINT`, `--to POINT`").
            for other in re.findall(r"`(--[\w-]+)", line.split("|")[1])[1:]:
                rows.setdefault(other, []).append(m.group(2))
    checked = 0
    for option in export_options(binary):
        desc = option.get("description", "")
        m = re.search(r"\[formats: ([^\]]*)\]$", desc)
        if not m:
            continue
        want = [f.strip() for f in m.group(1).split(",") if f.strip()]
        names = [n for n in option.get("names", []) if n.startswith("--")]
        if not names:
            fail(f"an option with formats but no long name: {option}")
        flag = names[0]
        if flag not in rows:
            fail(f"{doc}: no row for {flag} in the flag table; its help says it takes {', '.join(want)}")
        lead = re.match(r"((?:`[\w-]+`(?:, | and | or |/)?)+)", rows[flag][0])
        got = re.findall(r"`([\w-]+)`", lead.group(1)) if lead else []
        if sorted(got) != sorted(want):
            fail(f"{doc}: the {flag} row begins with the formats {got}; the registry says {want} "
                 f"(missing {sorted(set(want) - set(got))}, extra {sorted(set(got) - set(want))})")
        checked += 1
    if checked < 8:
        fail(f"only {checked} flags carry [formats: ...] in their help; the check expects --excel, --raw, --dedupe, "
             "--resolution, --partition-by, --part-size, --at, --from, --to, --since and --domain")
    shown = 0
    for page in sys.argv[2:]:
        for line in open(page, encoding="utf-8"):
            m = re.match(r"paa: --format: '([^']*)' is not one of .*", line.rstrip("\n"))
            if not m:
                continue
            said = subprocess.run([binary, "export", "--store", "x", "--format", m.group(1)], capture_output=True,
                                  text=True).stderr.splitlines()
            if not said or said[0] != m.group(0):
                fail(f"{page} shows\n  {m.group(0)}\npaa says\n  {said[0] if said else '(nothing)'}")
            shown += 1
    print(f"{checked} flags: their formats agree; {shown} --format mistakes shown as paa says them")


if __name__ == "__main__":
    main()
