#!/bin/bash
# An expanding job over N shards on AWS Batch (docs/scaling-out.md "Expansion across shards"):
# submits the whole chain at once and returns. Each level is an array job of N children of the
# paa-harvest definition (job-definition.json: `paa run --shard-from-env`); between two levels a
# job of the paa-barrier definition (barrier-definition.json) depends on the array (dependsOn),
# and the next array on the barrier. AWS Batch runs a dependent job only after its dependency
# succeeded, so a shard that fails for good (exit 2, 3 or 4) stops the chain there: fix what it
# says, then submit this script again (finished shards send nothing more; a planned level is not
# made twice).
#
# usage: expand-chain.sh JOB_QUEUE N DEPTH
#   (the job file and the stores are the definitions': /data/job.toml on the shared volume)
set -euo pipefail
if [[ $# -ne 3 ]]; then
  echo "usage: $0 JOB_QUEUE N DEPTH" >&2
  exit 2
fi
queue=$1 shards=$2 depth=$3

submit() {  # NAME DEFINITION [DEPENDENCY] [more aws batch submit-job options...]
  local name=$1 definition=$2 after=${3:-}
  shift 3 || shift $#
  aws batch submit-job --job-name "$name" --job-queue "$queue" --job-definition "$definition" \
    ${after:+--depends-on jobId="$after"} "$@" --query jobId --output text
}

prev=$(submit paa-level-0 paa-harvest "" --array-properties size="$shards")
echo "level 0 (the job's keys): array job $prev"
for ((level = 1; level <= depth; level++)); do
  barrier=$(submit "paa-barrier-$level" paa-barrier "$prev" --parameters shards="$shards",level="$level")
  prev=$(submit "paa-level-$level" paa-harvest "$barrier" --array-properties size="$shards")
  echo "level $level: barrier job $barrier, then array job $prev"
done
