#!/usr/bin/env bash
# The full-count crash trials (issue 7), on a dev build:
#   - paa run SIGKILLed at PAA_CRASH_TRIALS (default 25) random moments against paa-emulator
#     (latency 20-80 ms, concurrency 16, 300 keys), then rerun to completion: every key stored
#     once, every tree as served, no key asked twice except those in flight at a kill;
#   - the store crash test: a writer process SIGKILLed 24 times mid-write, every acknowledged
#     result intact and nothing half-written;
#   - the rest of the reliability e2e suite (hostile bodies, bad input, secrets).
# Usage: scripts/reliability.sh [TRIALS]
# Each crash test prints its seed (PAA_CRASH_SEED=N, PAA_STORE_CRASH_SEED=N); setting it replays the
# kill points of that run.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$PAA_ROOT"

trials=${1:-${PAA_CRASH_TRIALS:-25}}
case $trials in '' | *[!0-9]*) echo "usage: scripts/reliability.sh [TRIALS]" >&2; exit 2 ;; esac
[ "$trials" -ge 1 ] || { echo "scripts/reliability.sh: TRIALS must be at least 1" >&2; exit 2; }

paa_install_deps
paa_log "building (dev)"
paa_build dev paa paa-emulator reliability_e2e_test paa_store_crash_test

paa_log "store crash test (writer SIGKILLed mid-write)"
build/dev/tests/store/paa_store_crash_test

paa_log "crash trials: $trials kills of paa run, then a rerun to completion"
PAA_CRASH_TRIALS=$trials build/dev/tests/e2e/reliability_e2e_test \
  --gtest_filter='ReliabilityE2E.KilledRuns*'

paa_log "the rest of the reliability suite"
build/dev/tests/e2e/reliability_e2e_test --gtest_filter='-ReliabilityE2E.KilledRuns*'
paa_log "reliability: all passed"
