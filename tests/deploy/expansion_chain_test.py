#!/usr/bin/env python3
"""The expansion chains of deploy/ for Kubernetes and AWS Batch cannot run here (the GNU
parallel loop runs for real in ExpandE2EShards); this keeps their files consistent with the CLI:
each command's flags exist, the shards' count is one number everywhere, the barrier's level is
the one the chain fills in, and the shards and the barrier share the stores' volume (an
expanding job's shard stores sit beside the plan, where `paa barrier` finds them).

usage: expansion_chain_test.py ROOT PAA_BINARY
"""
import json
import re
import subprocess
import sys
from pathlib import Path

import yaml


def fail(message):
    print(f"FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def flags_of(paa, command):
    text = subprocess.run([paa, command, "--help"], capture_output=True, text=True, check=True).stdout
    return set(re.findall(r"(--[a-z][a-z0-9-]*)", text))


def check_flags(paa, command):
    known = flags_of(paa, command[1])
    for arg in command[2:]:
        if arg.startswith("--") and arg not in known:
            fail(f"`paa {command[1]}` has no flag {arg}")


def value_after(command, flag):
    return command[command.index(flag) + 1]


def kubernetes(root, paa):
    def load(name):
        text = (root / "deploy/kubernetes" / name).read_text(encoding="utf-8").replace("__LEVEL__", "2")
        return yaml.safe_load(text)

    shards, barrier = load("expand-shards.yaml"), load("expand-barrier.yaml")
    spec = shards["spec"]
    if spec.get("completionMode") != "Indexed":
        fail("the shards' Job is Indexed (JOB_COMPLETION_INDEX gives each pod its shard)")
    run = spec["template"]["spec"]["containers"][0]["command"]
    stop = barrier["spec"]["template"]["spec"]["containers"][0]["command"]
    if run[:2] != ["paa", "run"] or "--shard-from-env" not in run:
        fail(f"the shards run `paa run ... --shard-from-env`, not {run}")
    if "--store" in run:
        fail("an expanding job's shards keep their default store names (paa run refuses --store)")
    if stop[:2] != ["paa", "barrier"]:
        fail(f"the barrier runs `paa barrier`, not {stop}")
    check_flags(paa, run)
    check_flags(paa, stop)
    n = int(value_after(run, "--shards"))
    if n != spec["completions"] or int(value_after(stop, "--shards")) != n:
        fail("--shards is the same number in both Jobs and equals completions")
    if value_after(stop, "--level") != "2" or shards["metadata"]["name"] != "paa-level-2":
        fail("the chain fills in the level: the barrier's --level and the Jobs' names hold __LEVEL__")
    if run[2] != stop[2]:
        fail("the shards and the barrier read the same job file")

    def stores(job):
        pod = job["spec"]["template"]["spec"]
        mounts = {m["name"]: m for m in pod["containers"][0]["volumeMounts"]}
        volumes = {v["name"]: v for v in pod["volumes"]}
        out = [(m["mountPath"], volumes[name]["persistentVolumeClaim"]["claimName"], m.get("subPathExpr"))
               for name, m in mounts.items() if "persistentVolumeClaim" in volumes[name]]
        if len(out) != 1:
            fail("one stores volume per Job")
        return out[0]

    if stores(shards) != stores(barrier) or stores(shards)[2]:
        fail("the shards and the barrier mount the same whole volume (no subPathExpr): the stores sit side by side")
    script = (root / "deploy/kubernetes/expand-chain.sh").read_text(encoding="utf-8")
    for name in ("expand-shards.yaml", "expand-barrier.yaml"):
        if name not in script:
            fail(f"expand-chain.sh applies {name}")


def aws_batch(root, paa):
    harvest = json.loads((root / "deploy/aws-batch/job-definition.json").read_text(encoding="utf-8"))
    barrier = json.loads((root / "deploy/aws-batch/barrier-definition.json").read_text(encoding="utf-8"))
    run = harvest["containerProperties"]["command"]
    stop = barrier["containerProperties"]["command"]
    if "--store" in run:
        fail("the shards keep their default store names (paa run refuses --store for an expanding job's shard)")
    if stop[:2] != ["paa", "barrier"] or stop[2] != run[2]:
        fail("the barrier runs `paa barrier` on the shards' job file")
    check_flags(paa, stop)
    for flag, parameter in (("--shards", "shards"), ("--level", "level")):
        if value_after(stop, flag) != f"Ref::{parameter}" or parameter not in barrier.get("parameters", {}):
            fail(f"the barrier's {flag} is the parameter {parameter} the chain submits")
    if harvest["containerProperties"]["mountPoints"] != barrier["containerProperties"]["mountPoints"]:
        fail("the barrier mounts the shards' stores as they do")
    script = (root / "deploy/aws-batch/expand-chain.sh").read_text(encoding="utf-8")
    for name in (harvest["jobDefinitionName"], barrier["jobDefinitionName"], "--depends-on", "--array-properties"):
        if name not in script:
            fail(f"expand-chain.sh names {name}")


def main():
    root, paa = Path(sys.argv[1]), sys.argv[2]
    kubernetes(root, paa)
    aws_batch(root, paa)
    print("ok: the Kubernetes and AWS Batch expansion chains")


if __name__ == "__main__":
    main()
