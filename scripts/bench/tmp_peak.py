#!/usr/bin/env python3
"""Runs a command and records the most temporary disk it held: tmp_peak.py OUT DIR -- CMD...

Every 0.1 s (PAA_BENCH_TMP_POLL seconds) it adds up the sizes of the files under DIR that the
command or any of its descendants holds: open file descriptors (/proc/PID/fd, followed with stat,
so files unlinked right after creation, or made with O_TMPFILE, count too: `du` of DIR sees none
of those), memory-mapped files whose descriptor was closed (/proc/PID/map_files, or their mapped
extent from /proc/PID/maps where that is not readable), and the files still named in DIR; a file is
counted once (by device and inode), at the disk it takes (its allocated blocks, not its size: a
sort that has merged part of its runs gives that disk back by punching holes). OUT gets
"PEAK_BYTES SAMPLES". Exits with CMD's status.
Point the command's TMPDIR at a fresh DIR so that nothing else is counted.
"""
import os
import subprocess
import sys
import time


def descendants(root: int) -> list[int]:
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        try:
            for tid in os.listdir(f"/proc/{pid}/task"):
                with open(f"/proc/{pid}/task/{tid}/children", encoding="ascii") as f:
                    todo += [int(c) for c in f.read().split()]
        except OSError:
            pass
    return found


def under(path: str, prefix: str) -> bool:
    return path.startswith(prefix)


def sample(root: int, prefix: str) -> int:
    seen: dict[tuple[int, int], int] = {}

    def add(st: os.stat_result) -> None:
        seen[(st.st_dev, st.st_ino)] = max(seen.get((st.st_dev, st.st_ino), 0), st.st_blocks * 512)

    for pid in descendants(root):
        for kind in ("fd", "map_files"):
            try:
                names = os.listdir(f"/proc/{pid}/{kind}")
            except OSError:
                continue
            for name in names:
                link = f"/proc/{pid}/{kind}/{name}"
                try:
                    if under(os.readlink(link), prefix):
                        add(os.stat(link))
                except OSError:
                    pass
        # Mappings whose link is not readable here (map_files wants privileges): their extent.
        try:
            with open(f"/proc/{pid}/maps", encoding="utf-8", errors="replace") as f:
                for line in f:
                    parts = line.split(maxsplit=5)
                    if len(parts) < 6 or not under(parts[5].rstrip("\n"), prefix):
                        continue
                    start, end = (int(x, 16) for x in parts[0].split("-"))
                    dev_major, dev_minor = (int(x, 16) for x in parts[3].split(":"))
                    ino = int(parts[4])
                    if not any(i == ino for _, i in seen):
                        key = (os.makedev(dev_major, dev_minor), ino)
                        seen[key] = max(seen.get(key, 0), int(parts[2], 16) + end - start)
        except OSError:
            pass
    for folder, _, files in os.walk(prefix.rstrip("/")):
        for name in files:
            try:
                add(os.stat(os.path.join(folder, name), follow_symlinks=False))
            except OSError:
                pass
    return sum(seen.values())


def main() -> None:
    if len(sys.argv) < 5 or sys.argv[3] != "--":
        sys.exit("usage: tmp_peak.py OUT DIR -- CMD...")
    out, folder, cmd = sys.argv[1], sys.argv[2], sys.argv[4:]
    prefix = os.path.realpath(folder) + "/"
    poll = float(os.environ.get("PAA_BENCH_TMP_POLL", "0.1"))
    child = subprocess.Popen(cmd)
    peak = samples = 0
    while child.poll() is None:
        peak = max(peak, sample(child.pid, prefix))
        samples += 1
        time.sleep(poll)
    with open(out, "w", encoding="ascii") as f:
        f.write(f"{peak} {samples}\n")
    sys.exit(child.returncode)


if __name__ == "__main__":
    main()
