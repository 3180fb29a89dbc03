#!/usr/bin/env bash
# scripts/bench/compare_builds.sh BEFORE_BIN AFTER_BIN [OUT.md]: two builds of paa side by side in
# one run, alternating, on the workloads of BENCHMARKS.md cases 4, 9 and 10 (issue 43's memory and
# CPU targets): a fill of N random-order keys, an unchanged refresh against its harvest, and 1,024
# connections with 1 s answers. Each BIN is a folder with paa and paa-emulator (the emulator of
# AFTER serves both). Sizes: PAA_CMP_FILL (default 1,000,000), PAA_CMP_HISTORY (100,000),
# PAA_CMP_SLOW (50,000); PAA_CMP_REPS repetitions of the two smaller workloads (default 2).
# Pinned like bench.sh: the emulator on CPU 0, paa on CPU 1. Writes a Markdown table.
set -euo pipefail
before=$(realpath "${1:?the folder of the first build}")
after=$(realpath "${2:?the folder of the second build}")
out=${3:-/dev/stdout}
root=$(cd "$(dirname "$0")/../.." && pwd)
source "$root/scripts/lib/common.sh"
fill=${PAA_CMP_FILL:-1000000}
history=${PAA_CMP_HISTORY:-100000}
slow=${PAA_CMP_SLOW:-50000}
reps=${PAA_CMP_REPS:-2}
work=$(mktemp -d /tmp/paa-compare.XXXXXX)
emu_pid=""
stop_emulator() { if [ -n "$emu_pid" ]; then kill "$emu_pid" 2>/dev/null || true; wait "$emu_pid" 2>/dev/null || true; emu_pid=""; fi; }
trap 'stop_emulator; rm -rf "$work"' EXIT
bash "$root/scripts/make-certs.sh" "$work/certs" >/dev/null
export PAA_API_KEY=compare-key
start_emulator() {
  rm -f "$work/port"
  taskset -c 0 "$after/paa-emulator" --cert "$work/certs/server.pem" --key-file "$work/certs/server.key" \
    --key "$PAA_API_KEY" --searches 1000000000 --cache-ttl 0 --port-file "$work/port" "$@" 2>>"$work/emulator.log" &
  emu_pid=$!
  port=$(paa_wait_port "$work/port" "$work/emulator.log")
}
job() {  # job NAME COUNT: a job of COUNT random-order generated queries
  python3 "$root/scripts/bench/gen_queries.py" "$2" "" >"$work/$1.txt"
  printf 'query_files = ["%s.txt"]\nlocales = [{ hl = "en", gl = "us" }]\n' "$1" >"$work/$1.toml"
}
# run BIN JOB STORE CONCURRENCY [flags...]: prints "peak_kib cpu_seconds"
run() {
  local bin=$1 name=$2 store=$3 concurrency=$4; shift 4
  /usr/bin/time -f '%M %U %S' -o "$work/time" taskset -c 1 "$bin/paa" run "$work/$name.toml" --store "$store" \
    --base-url "https://localhost:$port/api" --ca-file "$work/certs/ca.pem" --progress none \
    --concurrency "$concurrency" --rate 0 "$@" >/dev/null 2>>"$work/paa.log"
  awk '{printf "%d %.2f\n", $1, $2 + $3}' "$work/time"
}
bin_of() { if [ "$1" = after ]; then echo "$after"; else echo "$before"; fi; }  # before|after -> its folder
rows=()
row() { rows+=("| $1 | $2 | $3 | $4 |"); }
mib() { python3 -c "print(format($1 / 1024, '.1f'))"; }
us() { python3 -c "print(format($1 * 1e6 / $2, '.0f'))"; }

paa_log "fill: $fill random-order keys, each build once"
job fill "$fill"
start_emulator
for b in before after; do
  bin=$(bin_of "$b")
  rm -rf "$work/fill.db"
  read -r kib cpu < <(run "$bin" fill "$work/fill.db" 64)
  row "fill of $fill keys: peak RSS" "$b" "$(mib "$kib") MiB" "$(us "$cpu" "$fill") µs CPU per key"
  rm -rf "$work/fill.db"
done
stop_emulator

paa_log "history: $history keys, harvest then an unchanged refresh, $reps times per build"
job hist "$history"
start_emulator --tree-kb 8
for r in $(seq "$reps"); do
  for b in before after; do
    bin=$(bin_of "$b")
    rm -rf "$work/h.db"
    read -r hkib hcpu < <(run "$bin" hist "$work/h.db" 64)
    sleep 2  # refresh_after 1s: every key due
    read -r rkib rcpu < <(run "$bin" hist "$work/h.db" 64 --refresh-after 1s)
    row "unchanged refresh of $history keys vs their harvest (rep $r)" "$b" \
      "$(us "$rcpu" "$history") vs $(us "$hcpu" "$history") µs CPU per key" \
      "$(python3 -c "print(format($rcpu / $hcpu, '.2f'))") × the harvest's CPU; peaks $(mib "$rkib") and $(mib "$hkib") MiB"
  done
done
rm -rf "$work/h.db"
stop_emulator

paa_log "slow: $slow keys at 1,024 connections, 1 s answers, $reps times per build"
job slow "$slow"
start_emulator --tree-kb 8 --latency-ms 1000:1000
for r in $(seq "$reps"); do
  for b in before after; do
    bin=$(bin_of "$b")
    rm -rf "$work/slow.db"
    read -r kib cpu < <(run "$bin" slow "$work/slow.db" 1024)
    row "1,024 connections, $slow keys (rep $r): peak RSS" "$b" "$(mib "$kib") MiB" "$(us "$cpu" "$slow") µs CPU per key"
  done
done
stop_emulator

{
  echo "| workload | build | measured | also |"
  echo "|---|---|---|---|"
  printf '%s\n' "${rows[@]}"
  echo
  echo "before: $("$before/paa" --version); after: $("$after/paa" --version)"
} >"$out"
