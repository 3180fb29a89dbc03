#!/usr/bin/env python3
"""The tests of one ctest pass that did not run, judged against tests/disabled.txt.

usage: ctest_not_run.py JUNIT_XML DISABLED_TXT [--strict] [--complete]

Reads ctest's --output-junit report and prints every test that did not run: skipped
(GTEST_SKIP, a SKIP_RETURN_CODE), disabled (a DISABLED_ test, ctest's DISABLED property) or not
run (its executable missing), each with its reason. Exits 1 when

  - a test is disabled without a line in DISABLED_TXT (always: a disabled test never hides);
  - --strict (CI=true): a test was skipped or not run, whatever the reason;
  - --complete (the pass selected every test): a line of DISABLED_TXT names a test that ran, or
    that the pass does not have (the list stays true).

DISABLED_TXT: one test per line, the name ctest shows (without DISABLED_), " -- " and why;
blank lines and lines starting with # are ignored.
"""
import re
import sys
import xml.etree.ElementTree as ET


def read_disabled(path):
    listed = {}
    problems = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            name, sep, reason = line.partition(" -- ")
            if not sep or not name.strip() or not reason.strip():
                problems.append(f"{path}:{number}: want 'Test.Name -- why it is disabled', got '{line}'")
                continue
            listed[name.strip()] = reason.strip()
    return listed, problems


def skip_reason(case):
    """GoogleTest's message for GTEST_SKIP (the lines after 'Skipped'), else ctest's."""
    out = case.findtext("system-out") or ""
    m = re.search(r": Skipped\n(.*?)\n?\[  SKIPPED \]", out, re.S)
    if m and m.group(1).strip():
        return " ".join(m.group(1).split())
    skipped = case.find("skipped")
    if skipped is not None and skipped.get("message"):
        return skipped.get("message")
    return " ".join(out.split())[:200] or "no reason given"


def main(argv):
    args = [a for a in argv if not a.startswith("--")]
    flags = {a for a in argv if a.startswith("--")}
    if len(args) != 2 or flags - {"--strict", "--complete"}:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    junit, disabled_txt = args
    strict, complete = "--strict" in flags, "--complete" in flags
    listed, errors = read_disabled(disabled_txt)

    ran, skipped, disabled = set(), [], []
    for case in ET.parse(junit).getroot().iter("testcase"):
        name, status = case.get("name"), case.get("status")
        if status == "disabled":
            disabled.append(name)
        elif status == "notrun":
            skipped.append((name, skip_reason(case)))
        else:
            ran.add(name)

    for name, reason in skipped:
        print(f"    not run: {name}: {reason}", file=sys.stderr)
        if strict:
            errors.append(f"{name} did not run ({reason}); with CI=true every test must run")
    for name in disabled:
        if name in listed:
            print(f"    disabled: {name}: {listed[name]} ({disabled_txt})", file=sys.stderr)
        else:
            errors.append(f"{name} is disabled but not listed in {disabled_txt} with a reason")
    if complete:
        for name in listed:
            if name in ran:
                errors.append(f"{name} runs now: remove its line from {disabled_txt}")
            elif name not in disabled and name not in {n for n, _ in skipped}:
                errors.append(f"{name}, listed in {disabled_txt}, is not a test of this pass")

    for e in errors:
        print(f"    ERROR: {e}", file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
