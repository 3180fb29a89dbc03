#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test. Exits non-zero on any failure.
# CI=true: warnings are errors, the suite runs under the sanitizers (every test under ASan +
# UBSan, the threaded ones under TSan) while the `ci` preset builds the programs as shipped, and
# a test that is skipped or does not run fails the run (tests/disabled.txt lists the deliberately
# disabled). PAA_SANITIZE=1 on a developer's machine: the dev pass, then the same sanitizer passes.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$PAA_ROOT"

paa_install_deps
paa_install_report_test_deps

# CI compiles the tests once, under ASan + UBSan, and runs all of them there: a second,
# uninstrumented pass of the same tests cost a cold build of every test binary (most of the
# compile time) for no check the sanitized pass lacks. `ci` builds the programs (-O2, warnings
# are errors) for the package and the benchmark smoke run.
preset=dev
[ "${CI:-}" = "true" ] && preset=ci

paa_log "building ($preset)"
paa_build "$preset"
if [ "$preset" = dev ]; then
  paa_log "testing ($preset)"
  paa_ctest "$preset" -j2 --timeout 600
fi

# The Debian package of this build: apt-get install, paa --version, paa check, man, apt-get remove.
# A skip is fine on a developer's machine; with CI=true it fails the run, like a skipped ctest.
package_test_skipped() {
  paa_log "SKIPPED the package install test: $1"
  if [ "${CI:-}" = "true" ]; then paa_log "with CI=true every test must run"; exit 1; fi
}
if [ "${PAA_SKIP_PACKAGE_TEST:-}" = "1" ]; then
  package_test_skipped "PAA_SKIP_PACKAGE_TEST=1"
elif [ "$(id -u)" -eq 0 ] || sudo -n true 2>/dev/null; then
  paa_log "package test (cpack, apt-get install, paa, man, apt-get remove)"
  deb=$(bash scripts/package.sh "$preset")
  bash tests/package/install_test.sh "$deb"
else
  package_test_skipped "it installs and removes a package, which needs root or passwordless sudo"
fi

if [ "${CI:-}" = "true" ] || [ "${PAA_SANITIZE:-}" = "1" ]; then
  paa_log "building (asan: AddressSanitizer + UndefinedBehaviorSanitizer)"
  paa_build asan
  paa_log "testing (asan)"
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 LSAN_OPTIONS="suppressions=$PAA_ROOT/tests/lsan.supp" \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    paa_ctest asan -j2 --timeout 900

  # Threads meet in the store's writer, the harvester's feeder and the io thread: their suites,
  # and the end-to-end runs of a TSan-built paa, under ThreadSanitizer. Only the binaries marked
  # TSAN (paa_test) are built; the check makes sure they hold every test the selection names.
  tsan_select='^(Store|StartGate|Harvester|RunE2E|ReliabilityE2E|MoneyE2E|Budgets/MoneyE2E)'
  tsan_exclude='^(StoreCrash|StoreSingleWriter\.WriterInAnotherProcess)'  # fork()s threads: TSan cannot
  (cd "$PAA_ROOT" && ctest --preset asan -N -R "$tsan_select" -E "$tsan_exclude" --show-only=json-v1 \
     >"$PAA_ROOT/build/tsan-selection.json")
  python3 scripts/lib/tsan_binaries.py "$PAA_ROOT/build/tsan-selection.json" "$PAA_ROOT/build/asan/tsan-tests.txt"
  paa_log "building (tsan: ThreadSanitizer)"
  paa_build tsan paa_tsan_tests
  paa_log "testing (tsan)"
  TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:suppressions=$PAA_ROOT/tests/tsan.supp" \
    paa_ctest tsan -j2 --timeout 900 -R "$tsan_select" -E "$tsan_exclude"

  paa_log "fuzzing (30 s per target)"
  bash scripts/fuzz.sh 30

  # Keeps the benchmark from rotting; timings are not judged (its report stays in build/), so it
  # measures the programs the package was made from instead of compiling the release preset.
  paa_log "benchmark smoke run (scripts/bench.sh --smoke)"
  PAA_BENCH_PRESET=$preset PAA_BENCH_OUT="$PAA_ROOT/build/bench-smoke.md" bash scripts/bench.sh --smoke \
    >"$PAA_ROOT/build/bench-smoke.log" 2>&1 ||
    { tail -40 "$PAA_ROOT/build/bench-smoke.log" >&2; paa_log "bench.sh --smoke failed"; exit 1; }
fi

# A real Slurm cluster of one machine running a 4-task array of shards (installs slurm-wlm and
# munge, starts their daemons): only on request.
if [ "${PAA_SLURM:-}" = "1" ]; then
  paa_log "Slurm job array (scripts/slurm-demo.sh)"
  bash scripts/slurm-demo.sh
fi
