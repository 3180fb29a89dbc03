#!/usr/bin/env python3
"""Temporary disk by scratch file: tmp_split.py DIR -- CMD...

Like tmp_peak.py (point CMD's TMPDIR at a fresh DIR), but for CMD's own open files only, split
by their names without the random suffix (`paa-analysis`, `paa-group-records`, ...): prints the
peak sample's split, then each name's own peak, in allocated bytes. Exits with CMD's status.
Used in BENCHMARKS.md round 19 to find which of the analysis's scratch files hold the disk.
"""
import collections
import os
import re
import subprocess
import sys
import time


def main() -> int:
    folder = sys.argv[1]
    cmd = sys.argv[sys.argv.index("--") + 1:]
    proc = subprocess.Popen(cmd)
    best_total, best_split, best_at = 0, {}, 0.0
    peaks: collections.Counter = collections.Counter()
    started = time.time()
    while proc.poll() is None:
        sizes, names = {}, {}
        try:
            fds = os.listdir(f"/proc/{proc.pid}/fd")
        except OSError:
            fds = []
        for fd in fds:
            link = f"/proc/{proc.pid}/fd/{fd}"
            try:
                target = os.readlink(link)
                if target.startswith(folder):
                    st = os.stat(link)
                    key = (st.st_dev, st.st_ino)
                    sizes[key] = st.st_blocks * 512
                    names[key] = re.sub(r"-[A-Za-z0-9]{6}( \(deleted\))?$", "", os.path.basename(target))
            except OSError:
                pass
        split: collections.Counter = collections.Counter()
        for key, size in sizes.items():
            split[names[key]] += size
        for name, size in split.items():
            peaks[name] = max(peaks[name], size)
        total = sum(sizes.values())
        if total > best_total:
            best_total, best_split, best_at = total, dict(split), time.time() - started
        time.sleep(0.1)
    print(f"peak {best_total} bytes at {best_at:.1f} s", file=sys.stderr)
    for name, size in sorted(best_split.items(), key=lambda item: -item[1]):
        print(f"  {name}: {size}", file=sys.stderr)
    print("each file's own peak", file=sys.stderr)
    for name, size in peaks.most_common():
        print(f"  {name}: {size}", file=sys.stderr)
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())
