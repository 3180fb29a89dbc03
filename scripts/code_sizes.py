#!/usr/bin/env python3
"""Sizes a reader can hold (docs/development.md "Sizes"): the code files of src/ over 600 lines
and the functions over 120, C++ and JavaScript alike.

usage: scripts/code_sizes.py [--check]

Needs Universal Ctags (Debian's universal-ctags) for the C++ functions.

Prints every file and function over its limit, longest first, and the allowed exceptions
(docs/development.md lists them with their reasons: data files such as language tables are not
code). --check exits 1 when one that is not an exception is over.
"""
import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FILE_LIMIT = 600
FUNCTION_LIMIT = 120
CODE = {".cpp", ".hpp", ".h", ".js", ".cjs", ".mjs"}
# Exceptions, each with its reason in docs/development.md "Sizes": files, and functions as
# "path:name".
EXCEPTIONS_FILES = set()
EXCEPTIONS_FUNCTIONS = set()


def cpp_functions(paths):
    """(path, name, first line, lines) of each C++ function, by Universal Ctags."""
    if not paths:
        return []
    # Debian names Universal Ctags ctags-universal (ctags is an alternative that may be another).
    ctags = shutil.which("ctags-universal") or "ctags"
    out = subprocess.run([ctags, "--languages=C++", "--kinds-C++=f", "--fields=+ne", "-x",
                          "--_xformat=%{end} %{line} %N %F"] + [str(p) for p in paths],
                         capture_output=True, text=True, check=True).stdout
    found = []
    for line in out.splitlines():
        parts = line.split(" ", 3)
        if len(parts) < 4 or not parts[0].isdigit():
            continue
        end, start, name, path = int(parts[0]), int(parts[1]), parts[2], parts[3]
        found.append((path, name, start, end - start + 1))
    return found


JS_FUNCTION = re.compile(r"(?:function\s*\*?\s*([A-Za-z_$][\w$]*)?\s*\(|([A-Za-z_$][\w$]*)\s*(?:=|:)\s*(?:async\s*)?"
                         r"(?:function\b[^(]*\(|\([^()]*\)\s*=>\s*\{|[A-Za-z_$][\w$]*\s*=>\s*\{))")


def js_functions(path):
    """(path, name, first line, lines) of each JavaScript function: from its header to the brace
    that closes its body (strings, template literals and comments skipped; an unbalanced
    brace inside a regular expression literal would miscount: ours hold only \\p{Mn})."""
    text = path.read_text(encoding="utf-8")
    found = []
    for m in JS_FUNCTION.finditer(text):
        name = m.group(1) or m.group(2) or "(anonymous)"
        i = text.find("{", m.end() - 1)
        if i < 0:
            continue
        depth, j, n = 0, i, len(text)
        while j < n:
            c = text[j]
            if c in "\"'`":
                q, j = c, j + 1
                while j < n and text[j] != q:
                    j += 2 if text[j] == "\\" else 1
            elif text.startswith("//", j):
                j = text.find("\n", j)
                j = n if j < 0 else j
            elif text.startswith("/*", j):
                j = text.find("*/", j)
                j = n if j < 0 else j + 1
            elif c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
                if depth == 0:
                    break
            j += 1
        start = text.count("\n", 0, m.start()) + 1
        end = text.count("\n", 0, j) + 1
        found.append((str(path), name, start, end - start + 1))
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--check", action="store_true")
    a = parser.parse_args()
    files = sorted(p for p in (ROOT / "src").rglob("*") if p.suffix in CODE and p.is_file())
    over = []
    for p in files:
        lines = p.read_text(encoding="utf-8", errors="replace").count("\n")
        rel = p.relative_to(ROOT).as_posix()
        if lines > FILE_LIMIT:
            over.append(("file", rel, lines, rel in EXCEPTIONS_FILES))
    functions = cpp_functions([p for p in files if p.suffix in {".cpp", ".hpp", ".h"}])
    for p in files:
        if p.suffix in {".js", ".cjs", ".mjs"}:
            functions += js_functions(p)
    for path, name, start, lines in functions:
        rel = Path(path).resolve().relative_to(ROOT).as_posix()
        if lines > FUNCTION_LIMIT:
            key = f"{rel}:{name}"
            over.append(("function", f"{key} (line {start})", lines, key in EXCEPTIONS_FUNCTIONS))
    over.sort(key=lambda o: -o[2])
    failing = [o for o in over if not o[3]]
    for kind, what, lines, allowed in over:
        print(f"{lines:5d}  {kind:8s}  {what}{'  (an exception: docs/development.md)' if allowed else ''}")
    print(f"{len(failing)} over the limits ({FILE_LIMIT} lines a file, {FUNCTION_LIMIT} a function), "
          f"{len(over) - len(failing)} allowed exceptions", file=sys.stderr)
    return 1 if a.check and failing else 0


if __name__ == "__main__":
    sys.exit(main())
