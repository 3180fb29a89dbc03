#!/usr/bin/env python3
"""The man pages against the command line (ctest CliDoc.ManPages).

For every page of every program (paa, paa-<command>, paa-emulator): docs/man/<page>.md exists and
names only options that exist, and the page as man(1) renders it has no troff warnings and shows
every option of its command and every argument. Usage:

    man_pages_test.py --program build/bin/paa --program build/bin/paa-emulator \
                      --man-dir build/man --prose docs/man
"""

import argparse
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
import clidoc  # noqa: E402


def render(path: str) -> str:
    """The page as a reader sees it: plain text, no hyphenation, wide lines."""
    env = dict(os.environ, MANWIDTH="250", LC_ALL="C.UTF-8")
    env.pop("MAN_KEEP_FORMATTING", None)
    proc = subprocess.run(
        ["man", "--warnings", "--no-hyphenation", "--no-justification", "-P", "cat", "-l", path],
        capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        raise AssertionError(f"man -l {path} failed ({proc.returncode}): {proc.stderr}")
    if proc.stderr.strip():
        raise AssertionError(f"man -l {path}: troff warnings:\n{proc.stderr}")
    return proc.stdout


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--program", action="append", required=True)
    parser.add_argument("--man-dir", required=True)
    parser.add_argument("--prose", required=True)
    args = parser.parse_args()

    problems = []
    expected_prose = {"README.md"}
    checked = 0
    programs = [clidoc.describe(program) for program in args.program]
    # The prose may mention the flags of any of the programs (paa-emulator's page shows `paa run`).
    all_options = set().union(*(clidoc.program_options(cli) for cli in programs))
    for cli in programs:
        for page in clidoc.pages_of(cli):
            expected_prose.add(f"{page.name}.md")
            prose = clidoc.read_prose(args.prose, page.name)
            if prose is None:
                problems.append(f"{args.prose}/{page.name}.md is missing: write the prose of `{' '.join(page.command)}` "
                                f"(see {args.prose}/README.md)")
            else:
                problems += clidoc.prose_problems(page, prose, all_options)
            path = os.path.join(args.man_dir, f"{page.name}.1")
            if not os.path.exists(path):
                problems.append(f"{path} was not generated")
                continue
            try:
                text = render(path)
            except AssertionError as e:
                problems.append(str(e))
                continue
            words = set(re.findall(r"[\w-]+", text))
            wanted = clidoc.option_names(page.cli) + [p["name"].upper() for p in page.cli["positionals"]]
            wanted += [sub["name"] for sub in page.commands]
            for word in wanted:
                checked += 1
                if word.lstrip("-") and word not in words:
                    problems.append(f"{path}: `{' '.join(page.command)}` has {word}, the rendered page does not show it")
            if not re.search(r"^NAME\n\s+" + re.escape(page.name) + " - ", text, re.M):
                problems.append(f"{path}: no NAME line for {page.name}")
    for name in sorted(os.listdir(args.prose)):
        if name.endswith(".md") and name not in expected_prose:
            problems.append(f"{args.prose}/{name}: no such command (a page for a command that was removed?)")

    for p in problems:
        print("FAIL:", p)
    print(f"{checked} options, arguments and commands looked for on the pages; {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
