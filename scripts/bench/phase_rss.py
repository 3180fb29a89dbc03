#!/usr/bin/env python3
"""Peak memory by phase: phase_rss.py -- CMD... (CMD run with `--progress log`).

Samples CMD's VmRSS every 50 ms and attributes each sample to the phase that CMD's progress log
on standard error last named ("sorting the questions", "labelling the topics", ...); prints one
line per phase, in order, with the most RSS seen while it ran. Other standard-error lines pass
through. Exits with CMD's status. Used in BENCHMARKS.md round 19 (heaptrack sees no jemalloc
allocation, so it cannot say which phase holds the memory).
"""
import re
import subprocess
import sys
import threading
import time


def main() -> int:
    cmd = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else sys.argv[1:]
    proc = subprocess.Popen(cmd, stderr=subprocess.PIPE, text=True)
    phase = ["start"]
    order = ["start"]
    peaks: dict[str, int] = {}

    def read_stderr() -> None:
        for line in proc.stderr:
            if "progress:" in line:
                name = re.split(r"\d", line.split("progress:", 1)[1].split("|")[0])[0].strip()
                if name and name != phase[0]:
                    phase[0] = name
                    order.append(name)
            else:
                sys.stderr.write(line)

    reader = threading.Thread(target=read_stderr)
    reader.start()
    while proc.poll() is None:
        try:
            with open(f"/proc/{proc.pid}/status", encoding="ascii") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        kb = int(line.split()[1])
                        peaks[phase[0]] = max(peaks.get(phase[0], 0), kb)
        except OSError:
            pass
        time.sleep(0.05)
    reader.join()
    for name in order:
        if name in peaks:
            print(f"{peaks[name] / 1024:8.1f} MiB  {name}")
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())
