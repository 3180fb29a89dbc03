#!/usr/bin/env bash
# libFuzzer: builds tests/fuzz with clang (ASan + UBSan) in build/fuzz and runs each target.
#   scripts/fuzz.sh [SECONDS] [TARGET...]     e.g. scripts/fuzz.sh 30, scripts/fuzz.sh 600 envelope
# Targets: envelope job_file list_reader query_key (default: all). Each runs SECONDS (default 60)
# from its seed corpus (tests/fuzz/corpus/TARGET) plus what earlier runs found
# (build/fuzz/corpus/TARGET). Exits non-zero if any target crashes, leaks, hits UB or breaks an
# invariant; the input that did it is kept in build/fuzz/crashes/TARGET/.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$PAA_ROOT"

seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(envelope job_file list_reader query_key)
case $seconds in '' | *[!0-9]*) echo "usage: scripts/fuzz.sh [SECONDS] [TARGET...]" >&2; exit 2 ;; esac

paa_install_deps
paa_install_packages clang libclang-rt-14-dev

build=build/fuzz
paa_log "building fuzz targets ($build, clang + libFuzzer + ASan + UBSan)"
mkdir -p "$build"
if ! cmake -S tests/fuzz -B "$build" -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
     >"$build/configure.log" 2>&1; then
  cat "$build/configure.log" >&2
  exit 1
fi
fuzz_targets=()
for t in "${targets[@]}"; do fuzz_targets+=("fuzz_$t"); done
if ! cmake --build "$build" --target "${fuzz_targets[@]}" >"$build/build.log" 2>&1; then
  grep -E -B2 -A12 'error|FAILED' "$build/build.log" | head -150 >&2
  paa_log "fuzz build failed; full log: $build/build.log"
  exit 1
fi

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:allocator_may_return_null=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
# fuzz TARGET: one target for SECONDS; its exit status says whether it found anything.
fuzz() {
  local t=$1
  local corpus="$build/corpus/$t" crashes="$build/crashes/$t" log="$build/fuzz-$t.log"
  mkdir -p "$corpus" "$crashes"
  # -rss_limit_mb: the envelope parser must stay bounded (16 MiB bodies); -max_len keeps inputs
  # in the range the parsers see per line/body while letting the fuzzer build nesting bombs.
  "$build/fuzz_$t" "$corpus" "tests/fuzz/corpus/$t" -max_total_time="$seconds" -timeout=10 \
    -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 -artifact_prefix="$crashes/" >"$log" 2>&1
}
# As many targets at a time as there are cores (each is one process): 4 x 30 s take 60 s on two.
jobs=$(nproc)
failed=()
declare -A target_of=()  # (=(): under set -u, a declared but empty array is unbound)
pending=("${targets[@]}")
while [ ${#pending[@]} -gt 0 ] || [ ${#target_of[@]} -gt 0 ]; do
  while [ ${#pending[@]} -gt 0 ] && [ ${#target_of[@]} -lt "$jobs" ]; do
    t=${pending[0]}
    pending=("${pending[@]:1}")
    paa_log "fuzzing $t for ${seconds}s (log: $build/fuzz-$t.log)"
    fuzz "$t" &
    target_of[$!]=$t
  done
  status=0
  wait -n -p done_pid "${!target_of[@]}" || status=$?
  t=${target_of[$done_pid]}
  unset "target_of[$done_pid]"
  log="$build/fuzz-$t.log"
  if [ "$status" -eq 0 ]; then
    stats=$(grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' "$log" |
            sed 's/^stat:://; s/: */=/' | tr '\n' ' ')
    printf '    %-12s ok   %s\n' "$t" "$stats" >&2
  else
    failed+=("$t")
    printf '    %-12s FAILED\n' "$t" >&2
    grep -E -A30 '^==[0-9]+==ERROR|runtime error|invariant failed|deadly signal|Test unit written' "$log" | head -60 >&2
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  paa_log "fuzzing found crashes in: ${failed[*]}; inputs in $build/crashes/; reproduce: $build/fuzz_TARGET FILE"
  exit 1
fi
paa_log "fuzzing: no crash in ${targets[*]} (${seconds}s each)"
