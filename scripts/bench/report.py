#!/usr/bin/env python3
"""Renders BENCHMARKS.md from what scripts/bench.sh measured.

report.py WORKDIR FINDINGS.md OUT.md
WORKDIR holds machine.txt (key<TAB>value), results.tsv (case, metric, target, measured,
ratio, met, detail), commands.tsv (case, command) and samples.tsv (case, metric, values).
"""
import collections
import sys
from pathlib import Path

TITLES = {
    "1": "1. Throughput against the client limit (wrk vs `paa run`)",
    "2": "2. Latency-bound (200 ms per request, 64 connections)",
    "3": "3. Rate-bound (--rate 50 --burst 10)",
    "4": "4. Scale (a generated 1,000,000-query job in random key order)",
    "5": "5. Export, and the analysis pass (`--format questions`)",
    "6": "6. The emulator alone under wrk",
    "7": "7. Expansion at scale (a depth-2 job discovering ~1,000,000 keys)",
    "8": "8. Peers: the programs users would write instead (curl to files, aiohttp + SQLite, Scrapy)",
    "9": "9. History (issue 16): an unchanged refresh, a 30% change, `paa diff` and `export --at`",
    "10": "10. Many slow connections (1,024 connections, 1 s per answer)",
    "11": "11. The HTML report in headless Chromium (time to interactive), and the report folder",
    "12": "12. Expansion with and without `skip_variants` (planted variant groups)",
    "14": "14. Expansion across 4 shards, a level at a time (`paa barrier` between levels)",
}


def rows(path: Path):
    if not path.exists():
        return []
    return [line.rstrip("\n").split("\t") for line in path.read_text(encoding="utf-8").splitlines() if line]


def main() -> None:
    work, findings, out = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
    machine = dict(r[:2] for r in rows(work / "machine.txt"))
    results = collections.defaultdict(list)
    for r in rows(work / "results.tsv"):
        results[r[0]].append(r[1:])
    commands = collections.defaultdict(list)
    for r in rows(work / "commands.tsv"):
        if r[1] not in commands[r[0]]:
            commands[r[0]].append(r[1])
    samples = collections.defaultdict(list)
    for r in rows(work / "samples.tsv"):
        samples[r[0]].append((r[1], r[2]))

    lines = [
        "# Benchmarks",
        "",
        "Written by `scripts/bench.sh" + {"quick": " --quick", "smoke": " --smoke"}.get(machine.get("mode"), "") +
        "` (do not edit by hand: the next run rewrites this file; the findings below the tables come",
        "from `scripts/bench/findings.md`). Every comparison was measured in the same run, side by side.",
        "",
        "| | |",
        "|---|---|",
    ]
    for key in ("date", "commit", "mode", "cores", "cpu", "kernel", "memory", "pinning", "build"):
        if key in machine:
            lines.append(f"| {key} | {machine[key]} |")
    lines.append("")
    if machine.get("mode") == "quick":
        lines += ["**Quick mode**: one repetition, tiny sizes, a few seconds per case. These figures keep the",
                  "script from rotting; they are not the benchmark (run `scripts/bench.sh` for that).", ""]
    for case in sorted(TITLES, key=int):
        if case not in results and case not in commands:
            continue
        lines += [f"## {TITLES[case]}", ""]
        if results[case]:
            lines += ["| metric | target | measured (median) | ratio | met? |", "|---|---|---|---|---|"]
            for metric, target, measured, ratio, met, *rest in results[case]:
                lines.append(f"| {metric} | {target} | {measured} | {ratio} | {met} |")
            lines.append("")
            details = [r[5] for r in results[case] if len(r) > 5 and r[5]]
            for d in details:
                lines.append(f"- {d}")
            if details:
                lines.append("")
        if samples[case]:
            lines.append("Every repetition: " + "; ".join(f"{m}: {v}" for m, v in samples[case]) + ".")
            lines.append("")
        if commands[case]:
            lines += ["Commands (`$E` = the emulator's address, `$K` = the bench key, `$CA` = its CA):", "", "```"]
            lines += commands[case]
            lines += ["```", ""]
    if findings.exists():
        lines += [findings.read_text(encoding="utf-8").rstrip(), ""]
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
