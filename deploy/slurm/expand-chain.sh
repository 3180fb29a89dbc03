#!/bin/bash
# An expanding job over N shards on Slurm (docs/scaling-out.md "Expansion across shards"):
# submits the whole chain at once and returns, Slurm runs it. Each level is a job array of N
# tasks (`paa run --shard-from-env --shards N`); between two levels a one-task barrier job runs
# after the array ends, whatever its tasks' status (afterany: the barrier decides, and exits 7
# naming the shards to rerun when one is not done); the next array runs only after the barrier
# succeeded (afterok). A chain stopped at a barrier is resumed by submitting this script again:
# the shards that finished send nothing more, and a planned level is not made twice.
#
# usage: expand-chain.sh JOB N [paa run options...]
#   PAA: the paa on the compute nodes (default: paa); SBATCH_* variables and a job's #SBATCH
#   defaults apply as usual (partition, account, time). The stores live on a shared file system.
set -euo pipefail
if [[ $# -lt 2 ]]; then
  echo "usage: $0 JOB N [paa run options...]" >&2
  exit 2
fi
job=$1 shards=$2
shift 2
paa=${PAA:-paa}
depth=$("$paa" check "$job" | sed -n 's/^expansion *depth \([0-9]*\).*/\1/p')
[[ -n "$depth" ]] || { echo "$0: $job has no [expand] (paa check shows no depth)" >&2; exit 2; }
extra=$(printf ' %q' "$@")

# The shards' run of one level, after `$1` (a job id, or none).
shards_job() {
  sbatch --parsable --job-name=paa-shards --array=0-$((shards - 1)) ${1:+--dependency=afterok:$1} \
    --wrap "exec $paa run $(printf %q "$job") --shard-from-env --shards $shards$extra"
}

prev=$(shards_job "")
echo "level 0 (the job's keys): array job $prev"
for ((level = 1; level <= depth; level++)); do
  barrier=$(sbatch --parsable --job-name=paa-barrier --dependency=afterany:"$prev" \
    --wrap "exec $paa barrier $(printf %q "$job") --shards $shards --level $level")
  prev=$(shards_job "$barrier")
  echo "level $level: barrier job $barrier, then array job $prev"
done
echo "submitted; squeue -u \$USER shows the chain"
