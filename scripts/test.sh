#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test. Exits non-zero on any failure.
# CI=true: warnings are errors, and the sanitizer build runs the suite too.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$PAA_ROOT"

paa_install_deps
paa_install_report_test_deps

preset=dev
[ "${CI:-}" = "true" ] && preset=ci

paa_log "building ($preset)"
paa_build "$preset"
paa_log "testing ($preset)"
ctest --preset "$preset" -j2 --timeout 600

if [ "${CI:-}" = "true" ] || [ "${PAA_SANITIZE:-}" = "1" ]; then
  paa_log "building (asan: AddressSanitizer + UndefinedBehaviorSanitizer)"
  paa_build asan
  paa_log "testing (asan)"
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --preset asan -j2 --timeout 900

  # Threads meet in the store's writer, the harvester's feeder and the io thread: their suites,
  # and the end-to-end runs of a TSan-built paa, under ThreadSanitizer.
  paa_log "building (tsan: ThreadSanitizer)"
  paa_build tsan
  paa_log "testing (tsan)"
  TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:suppressions=$PAA_ROOT/tests/tsan.supp" \
    ctest --preset tsan -j2 --timeout 900 -R '^(Store|StartGate|Harvester|RunE2E|ReliabilityE2E|MoneyE2E|Budgets/MoneyE2E)' \
      -E '^(StoreCrash|StoreSingleWriter\.WriterInAnotherProcess)' # fork()s threads: TSan cannot

  paa_log "fuzzing (30 s per target)"
  bash scripts/fuzz.sh 30

  # Keeps the benchmark from rotting; timings are not judged (its report stays in build/).
  paa_log "benchmark smoke run (scripts/bench.sh --quick)"
  PAA_BENCH_OUT="$PAA_ROOT/build/bench-quick.md" bash scripts/bench.sh --quick >"$PAA_ROOT/build/bench-quick.log" 2>&1 ||
    { tail -40 "$PAA_ROOT/build/bench-quick.log" >&2; paa_log "bench.sh --quick failed"; exit 1; }
fi
