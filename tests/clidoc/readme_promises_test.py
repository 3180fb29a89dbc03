#!/usr/bin/env python3
"""What the README promises after `scripts/demo.sh` is what the demo builds.

The README names files under build/release/ (the man pages, `man -l build/release/man/paa.1`);
scripts/demo.sh builds the release preset with a list of targets. Each promised file must come
from a target the demo builds (the man pages and completion: `paa_clidocs`), and must exist in
the build tree under test (this preset was built whole, so its man/ and completion/ say what
the demo's targets make).

usage: readme_promises_test.py README.md scripts/demo.sh BUILD_DIR
"""
import re
import sys
from pathlib import Path

# Which target makes which folder of a preset's build tree.
MAKERS = {"bin": {"paa", "paa-emulator"}, "man": {"paa_clidocs"}, "completion": {"paa_clidocs"}}
# Made by another script, checked by its own test: the package (tests/package/install_test.sh).
OTHERS = {"package"}


def fail(message):
    print(message, file=sys.stderr)
    sys.exit(1)


def main():
    readme, demo, build = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
    promised = sorted(set(re.findall(r"build/release/([\w./-]+)", readme.read_text(encoding="utf-8"))))
    if not promised:
        fail(f"{readme} names no file under build/release/: the check has nothing to check")
    builds = re.findall(r"^paa_build release (.+)$", demo.read_text(encoding="utf-8"), re.M)
    if len(builds) != 1:
        fail(f"{demo}: want one 'paa_build release TARGETS' line, found {len(builds)}")
    targets = set(builds[0].split("#")[0].split())
    promised = [p for p in promised if p.split("/")[0] not in OTHERS]
    for path in promised:
        folder = path.split("/")[0]
        makers = MAKERS.get(folder)
        if makers is None:
            fail(f"{readme} promises build/release/{path}: no known target makes build/release/{folder}/")
        if not makers & targets:
            fail(f"{readme} promises build/release/{path}, but {demo} builds only {sorted(targets)}: "
                 f"add {sorted(makers)[0]}")
        if not (build / path).exists():
            fail(f"{readme} promises build/release/{path}; this build has no {build / path}")
    print(f"{len(promised)} promised files, made by {sorted(targets)}")


if __name__ == "__main__":
    main()
