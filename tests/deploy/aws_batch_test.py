#!/usr/bin/env python3
"""The AWS Batch job definition of deploy/aws-batch cannot run here; this keeps it consistent
with the CLI and the exit-code table.

usage: aws_batch_test.py ROOT PAA_BINARY
"""
import fnmatch
import json
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import exit_policy  # noqa: E402


def fail(message):
    print(f"FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def main():
    root, paa = Path(sys.argv[1]), sys.argv[2]
    exit_policy.check_table(root)
    definition = json.loads((root / "deploy/aws-batch/job-definition.json").read_text(encoding="utf-8"))
    command = definition["containerProperties"]["command"]
    if command[:2] != ["paa", "run"] or "--shard-from-env" not in command:
        fail("the container runs `paa run ... --shard-from-env` (AWS_BATCH_JOB_ARRAY_INDEX gives the shard)")
    help_text = subprocess.run([paa, "run", "--help"], capture_output=True, text=True, check=True).stdout
    known = set(re.findall(r"(--[a-z][a-z0-9-]*)", help_text))
    for arg in command[2:]:
        if arg.startswith("--") and arg not in known:
            fail(f"`paa run` has no flag {arg}")
    secrets = {s["name"] for s in definition["containerProperties"].get("secrets", [])}
    if "PAA_API_KEY" not in secrets:
        fail("PAA_API_KEY comes from a secret")
    rules = definition["retryStrategy"]["evaluateOnExit"]

    # AWS Batch: the first rule that matches decides (patterns are globs).
    def action(code):
        for rule in rules:
            if "onExitCode" in rule and fnmatch.fnmatchcase(str(code), rule["onExitCode"]):
                return rule["action"]
        return "RETRY"  # no rule matched: retried while attempts remain

    for code in sorted(exit_policy.RETRIED):
        if action(code) != "RETRY":
            fail(f"exit {code} must be retried, found {action(code)}")
    for code in sorted(exit_policy.FINAL):
        if action(code) != "EXIT":
            fail(f"exit {code} must not be retried (EXIT), found {action(code)}")
    if definition["retryStrategy"].get("attempts", 1) < 2:
        fail("retryStrategy.attempts must allow retries")
    print("ok: AWS Batch job definition")


if __name__ == "__main__":
    main()
