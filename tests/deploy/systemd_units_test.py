#!/usr/bin/env python3
"""The systemd units of deploy/systemd cannot run here; this keeps them consistent with the CLI,
with the exit-code table and with the copy docs/running.md shows.

usage: systemd_units_test.py ROOT PAA_BINARY
"""
import configparser
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import exit_policy  # noqa: E402


def fail(message):
    print(f"FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def unit(path):
    parser = configparser.ConfigParser(strict=False, interpolation=None, comment_prefixes=("#", ";"))
    parser.optionxform = str
    parser.read(path, encoding="utf-8")
    return parser


def main():
    root, paa = Path(sys.argv[1]), sys.argv[2]
    exit_policy.check_table(root)
    service_path = root / "deploy/systemd/paa-coffee.service"
    timer_path = root / "deploy/systemd/paa-coffee.timer"
    service = unit(service_path)["Service"]
    if service.get("Type") != "oneshot":
        fail("the service is a oneshot: one run per start")
    command = service["ExecStart"].split()
    if command[:2] != ["/usr/bin/paa", "run"]:
        fail(f"ExecStart runs `paa run`, not {command[:2]}")
    help_text = subprocess.run([paa, "run", "--help"], capture_output=True, text=True, check=True).stdout
    known = set(re.findall(r"(--[a-z][a-z0-9-]*)", help_text))
    for arg in command[2:]:
        if arg.startswith("--") and arg not in known:
            fail(f"`paa run` has no flag {arg}")
    success = {int(c) for c in service.get("SuccessExitStatus", "").split()}
    restart = {int(c) for c in service.get("RestartForceExitStatus", "").split()}
    # Resumable stops a person need not see (the next start goes on) count as success; the
    # outage is started again after RestartSec; the final codes wait for a person.
    for code in exit_policy.RETRIED - {1, 130}:
        if code not in success | restart:
            fail(f"exit {code} is resumable: SuccessExitStatus or RestartForceExitStatus must hold it")
    if 6 not in restart or "RestartSec" not in service:
        fail("exit 6 (service unreachable) must start the run again later: RestartForceExitStatus=6 and RestartSec")
    for code in exit_policy.FINAL - {4}:
        if code in success | restart:
            fail(f"exit {code} needs a person: neither a success nor restarted")
    timer = unit(timer_path)["Timer"]
    if "OnCalendar" not in timer or timer.get("Persistent") != "true":
        fail("the timer is calendar-based and Persistent (a start missed while off happens at boot)")
    # docs/running.md shows both files as they are.
    docs = (root / "docs/running.md").read_text(encoding="utf-8")
    for path in (service_path, timer_path):
        if "```ini\n" + path.read_text(encoding="utf-8") + "```" not in docs:
            fail(f"docs/running.md does not show {path.relative_to(root)} as it is")
    print("ok: systemd units")


if __name__ == "__main__":
    main()
