#!/usr/bin/env python3
"""Every test binary whose tests the ThreadSanitizer pass selects is one that pass builds.

usage: tsan_binaries.py CTEST_JSON TSAN_TESTS_TXT

CTEST_JSON: `ctest -N --show-only=json-v1` with the pass's -R/-E, in a build that holds every
binary (the asan or dev preset); TSAN_TESTS_TXT: the binaries marked TSAN (paa_test), one a line,
as tests/CMakeLists.txt writes them. A test in an unmarked binary would silently not run under
TSan: the script names the binary to mark, and fails.
"""
import json
import sys
from pathlib import Path


def main():
    selected = json.loads(Path(sys.argv[1]).read_text())
    marked = {line.strip() for line in Path(sys.argv[2]).read_text().splitlines() if line.strip()}
    missing = {}
    for test in selected.get("tests", []):
        binary = Path(test["command"][0]).name
        if binary not in marked:
            missing.setdefault(binary, []).append(test["name"])
    if not selected.get("tests"):
        print("tsan_binaries.py: the ThreadSanitizer pass selects no test", file=sys.stderr)
        return 1
    for binary, tests in sorted(missing.items()):
        print(f"tsan_binaries.py: {binary} holds tests the ThreadSanitizer pass selects ({tests[0]}, ...) but is "
              f"not marked TSAN in its paa_test(): mark it, or the pass runs without them", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
