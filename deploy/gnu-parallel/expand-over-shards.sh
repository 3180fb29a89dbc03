#!/bin/bash
# An expanding job over N shards with GNU parallel (docs/scaling-out.md "Expansion across
# shards"): the shards' run, then `paa barrier`, a level at a time, then the shards' run once
# more. parallel runs the shards on this machine, or on others with --sshlogin (the stores on a
# shared file system). `paa` is the program the loop runs; it does not schedule anything.
#
# usage: expand-over-shards.sh JOB N [paa run options...]
#   PAA: the paa to run (default: paa on the PATH); PAA_API_KEY (or the job's api_key_env) set.
# Exit status: the barrier's when it stops the chain (7: a shard is not done, rerun this script:
# finished shards send nothing again), else the last shards' run's (0, or the worst shard's).
set -uo pipefail
if [[ $# -lt 2 ]]; then
  echo "usage: $0 JOB N [paa run options...]" >&2
  exit 2
fi
job=$1 shards=$2
shift 2
paa=${PAA:-paa}
depth=$("$paa" check "$job" | sed -n 's/^expansion *depth \([0-9]*\).*/\1/p')
[[ -n "$depth" ]] || { echo "$0: $job has no [expand] (paa check shows no depth)" >&2; exit 2; }

# Every shard runs, whatever another's status: the barrier decides whether the level is done
# (a shard stopped by the quota, 4, or an outage, 6, leaves keys pending: it names them).
run_shards() {
  parallel --will-cite --line-buffer "$paa" run "$job" --shard {}/"$shards" "$@" ::: $(seq 0 $((shards - 1)))
}

status=0
run_shards "$@" || status=$?
for ((level = 1; level <= depth; level++)); do
  "$paa" barrier "$job" --shards "$shards" --level "$level" || exit $?
  status=0
  run_shards "$@" || status=$?
done
exit "$status"
