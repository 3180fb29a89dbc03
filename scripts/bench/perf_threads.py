#!/usr/bin/env python3
"""Per-thread flat profile from `perf script -F tid,ip,sym,dso -G` on stdin.

Usage: perf script -i perf.data -F tid,ip,sym,dso -G | scripts/bench/perf_threads.py [THREADS] [MIN_PCT]
Prints each of the busiest THREADS (default 4) threads' share of all samples, then the
symbols above MIN_PCT (default 1.5) percent of that thread's samples.
"""
import collections
import sys

threads = int(sys.argv[1]) if len(sys.argv) > 1 else 4
min_pct = float(sys.argv[2]) if len(sys.argv) > 2 else 1.5
per_symbol = collections.Counter()
per_thread = collections.Counter()
for line in sys.stdin:
    parts = line.split(None, 2)
    if len(parts) < 3:
        continue
    tid, symbol = parts[0], parts[2].strip()
    # Drop the long template arguments: the function name is enough to read the profile.
    symbol = symbol.replace("(/usr/lib/x86_64-linux-gnu/", "(")[:120]
    per_symbol[(tid, symbol)] += 1
    per_thread[tid] += 1
total = sum(per_thread.values()) or 1
for tid, n in per_thread.most_common(threads):
    print(f"thread {tid}: {100 * n / total:.1f}% of samples")
    for (t, symbol), m in per_symbol.most_common():
        if t == tid and 100 * m / n >= min_pct:
            print(f"  {100 * m / n:5.1f}%  {symbol}")
