"""What an engine does with each exit code of paa run (docs/running.md "Exit codes"), checked
against the one exit-code table (include/paa/exit_code.hpp): a code added there and not placed
here fails every deploy test, so no engine's file can miss it."""
import re
import sys
from pathlib import Path

# Resumable: an engine runs the same command again and it goes on where the last stopped.
RETRIED = {1, 5, 6, 130}
# Retrying cannot help: fix the input (2), the key (3), or wait for the quota or budget (4).
FINAL = {2, 3, 4}
# Not failures to act on: 0 done; 70 a bug (reported, not retried in a loop); 7 is `paa barrier`'s
# alone (a shard is not done: the chain reruns the shards, not the barrier), never `paa run`'s.
OTHER = {0, 7, 70}


def table(root: Path):
    """The codes of include/paa/exit_code.hpp."""
    text = (root / "include/paa/exit_code.hpp").read_text(encoding="utf-8")
    return {int(v) for v in re.findall(r"kExit\w+\s*=\s*(\d+)", text)}


def check_table(root: Path):
    codes = table(root)
    unplaced = codes - RETRIED - FINAL - OTHER
    if unplaced:
        print(f"FAIL: exit codes {sorted(unplaced)} of include/paa/exit_code.hpp are neither retried nor final in "
              "tests/deploy/exit_policy.py: say what each engine does with them", file=sys.stderr)
        sys.exit(1)
    stale = (RETRIED | FINAL) - codes
    if stale:
        print(f"FAIL: tests/deploy/exit_policy.py places {sorted(stale)}, which the exit-code table lacks",
              file=sys.stderr)
        sys.exit(1)
