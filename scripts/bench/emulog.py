#!/usr/bin/env python3
"""Reads a paa-emulator --log file (one JSON object per request, `t` = arrival in Unix ms).

emulog.py LOG [--skip N] [--start-ms MS] [--window-ms W]
Prints one JSON object about the requests after the first N lines:
  n            requests
  first_t, last_t, span_s
  mean_rate    (n - 1) / span: the mean rate of request starts (per second)
  max_window   the most starts inside any window shorter than W ms (default 1000)
  first_after_start_ms   first_t - MS (when --start-ms is given)
  status       count per HTTP status
"""
import argparse
import collections
import json


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("log")
    ap.add_argument("--skip", type=int, default=0)
    ap.add_argument("--start-ms", type=int)
    ap.add_argument("--window-ms", type=int, default=1000)
    args = ap.parse_args()
    times = []
    status = collections.Counter()
    with open(args.log, encoding="utf-8", errors="replace") as f:
        for i, line in enumerate(f):
            if i < args.skip or not line.strip():
                continue
            rec = json.loads(line)
            times.append(int(rec["t"]))
            status[str(rec.get("status"))] += 1
    times.sort()
    out = {"n": len(times), "status": dict(status)}
    if times:
        span = (times[-1] - times[0]) / 1000.0
        out.update(first_t=times[0], last_t=times[-1], span_s=span,
                   mean_rate=(len(times) - 1) / span if span > 0 else None)
        # Two pointers: the most starts whose times lie within one window shorter than W.
        best, lo = 0, 0
        for hi, t in enumerate(times):
            while t - times[lo] >= args.window_ms:
                lo += 1
            best = max(best, hi - lo + 1)
        out["max_window"] = best
        if args.start_ms is not None:
            out["first_after_start_ms"] = times[0] - args.start_ms
    print(json.dumps(out))


if __name__ == "__main__":
    main()
