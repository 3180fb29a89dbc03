#!/usr/bin/env python3
"""The Kubernetes manifest cannot run here; this keeps it consistent with the CLI.

usage: kubernetes_manifest_test.py MANIFEST PAA_BINARY
"""
import re
import subprocess
import sys
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
import exit_policy  # noqa: E402


def fail(message):
    print(f"FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def main():
    manifest, paa = sys.argv[1], sys.argv[2]
    with open(manifest, encoding="utf-8") as f:
        docs = [d for d in yaml.safe_load_all(f) if d]
    jobs = [d for d in docs if d.get("kind") == "Job"]
    if len(jobs) != 1:
        fail(f"expected one Job, found {len(jobs)}")
    job = jobs[0]
    if job.get("apiVersion") != "batch/v1":
        fail("the Job must be batch/v1")
    spec = job["spec"]
    if spec.get("completionMode") != "Indexed":
        fail("completionMode must be Indexed (JOB_COMPLETION_INDEX gives each pod its shard)")
    pod = spec["template"]["spec"]
    if pod.get("restartPolicy") != "Never":
        fail("podFailurePolicy needs restartPolicy: Never")
    containers = [c for c in pod["containers"] if c["name"] == "paa"]
    if len(containers) != 1:
        fail("one container named paa")
    paa_container = containers[0]
    command = paa_container["command"]
    if command[:2] != ["paa", "run"]:
        fail(f"the container runs `paa run`, not {command[:2]}")
    if "--shard-from-env" not in command:
        fail("the command must take its shard from the environment (--shard-from-env)")
    shards = int(command[command.index("--shards") + 1])
    if shards != spec["completions"]:
        fail(f"--shards {shards} must equal completions ({spec['completions']})")
    if spec.get("parallelism", shards) > shards:
        fail(f"parallelism {spec['parallelism']} is more than the {shards} shards")

    # Every flag of the command is one `paa run` has.
    help_text = subprocess.run([paa, "run", "--help"], capture_output=True, text=True, check=True).stdout
    known = set(re.findall(r"(--[a-z][a-z0-9-]*)", help_text))
    for arg in command[2:]:
        if arg.startswith("--") and arg not in known:
            fail(f"`paa run` has no flag {arg}")

    # The key comes from a Secret, under the variable the job file names by default.
    env = {e["name"]: e for e in paa_container.get("env", [])}
    if "secretKeyRef" not in env.get("PAA_API_KEY", {}).get("valueFrom", {}):
        fail("PAA_API_KEY must come from a Secret (secretKeyRef)")

    # Each index its own store folder.
    store = command[command.index("--store") + 1]
    mounts = [m for m in paa_container["volumeMounts"] if store.startswith(m["mountPath"].rstrip("/") + "/")]
    if len(mounts) != 1 or "$(JOB_COMPLETION_INDEX)" not in mounts[0].get("subPathExpr", ""):
        fail(f"the store {store} must be on a mount whose subPathExpr holds $(JOB_COMPLETION_INDEX)")
    # ...of one volume every index can mount, wherever it runs.
    volume = next(v for v in pod["volumes"] if v["name"] == mounts[0]["name"])
    claim = volume.get("persistentVolumeClaim", {}).get("claimName")
    claims = {d["metadata"]["name"]: d for d in docs if d.get("kind") == "PersistentVolumeClaim"}
    if claim not in claims or "ReadWriteMany" not in claims[claim]["spec"].get("accessModes", []):
        fail(f"the stores' claim {claim} must be in the manifest with accessModes ReadWriteMany")

    # Exit codes: those exit_policy retries (1, 5, 6, 130) are retried; the final ones (2, 3, 4)
    # are not (docs/running.md "Exit codes").
    # The first matching rule wins: an evicted paa exits 130, so the eviction rule must come
    # before any exit-code rule, or evictions count as failures.
    rules = spec["podFailurePolicy"]["rules"]
    disruption = [i for i, r in enumerate(rules)
                  if any(c.get("type") == "DisruptionTarget" for c in r.get("onPodConditions", []))]
    if not disruption or rules[disruption[0]]["action"] != "Ignore":
        fail("an Ignore rule for the DisruptionTarget pod condition is missing")
    first_exit_rule = min((i for i, r in enumerate(rules) if r.get("onExitCodes")), default=len(rules))
    if disruption[0] > first_exit_rule:
        fail("the DisruptionTarget rule must come before the exit-code rules (first match wins)")
    action_for = {}
    for rule in rules:
        codes = rule.get("onExitCodes")
        if not codes:
            continue
        if codes.get("operator") != "In" or codes.get("containerName") != "paa":
            fail("exit-code rules name the paa container and use operator In")
        for code in codes["values"]:
            action_for.setdefault(code, rule["action"])
    exit_policy.check_table(Path(manifest).resolve().parents[2])
    for code in sorted(exit_policy.FINAL):
        if action_for.get(code) not in ("FailIndex", "FailJob"):
            fail(f"exit {code} must not be retried (FailIndex), found {action_for.get(code)}")
    for code in sorted(exit_policy.RETRIED):
        if action_for.get(code) != "Count":
            fail(f"exit {code} must be retried (Count), found {action_for.get(code)}")
    if any(a == "FailIndex" for a in action_for.values()) and "backoffLimitPerIndex" not in spec:
        fail("FailIndex needs backoffLimitPerIndex")
    print(f"ok: {shards} shards, exit codes {sorted(action_for.items())}")


if __name__ == "__main__":
    main()
