#!/bin/bash
# An expanding job over the shards of expand-shards.yaml (docs/scaling-out.md "Expansion across
# shards"): for each level, the shards' Indexed Job, then the barrier Job, each waited for with
# kubectl; no operator, no controller of our own. Run it from a machine with kubectl (or as a
# Job with a service account allowed to create and watch Jobs). A shard index that fails for
# good fails its Job; the barrier runs anyway and decides (exit 7 names the shards not done, and
# the chain stops). Running the script again resumes: finished shards send nothing, and a
# planned level is not made twice (delete the level's finished Jobs first, or kubectl apply
# leaves them as they are).
#
# usage: expand-chain.sh DEPTH      (the volume, the Secret and the ConfigMap as in indexed-job.yaml)
set -euo pipefail
if [[ $# -ne 1 ]]; then
  echo "usage: $0 DEPTH" >&2
  exit 2
fi
depth=$1
here=$(dirname "$0")

# Applies FILE for LEVEL and waits until its Job completes or fails; 0 when it completed.
run_job() {
  local file=$1 level=$2 name
  name=$(sed -n "s/^  name: \(.*\)__LEVEL__$/\1$level/p" "$file")
  sed "s/__LEVEL__/$level/g" "$file" | kubectl apply -f -
  kubectl wait --for=condition=complete "job/$name" --timeout=48h &
  local complete=$!
  kubectl wait --for=condition=failed "job/$name" --timeout=48h &
  local failed=$!
  wait -n "$complete" "$failed" || true
  kill "$complete" "$failed" 2>/dev/null || true
  [[ $(kubectl get "job/$name" -o jsonpath='{.status.conditions[?(@.type=="Complete")].status}') == True ]]
}

run_job "$here/expand-shards.yaml" 0 || echo "level 0: some shard failed; the barrier decides"
for ((level = 1; level <= depth; level++)); do
  run_job "$here/expand-barrier.yaml" "$level" || { echo "level $level: the barrier did not plan it (kubectl logs job/paa-barrier-$level)" >&2; exit 1; }
  if ! run_job "$here/expand-shards.yaml" "$level"; then
    echo "level $level: some shard failed (kubectl describe job/paa-level-$level)" >&2
    [[ $level -lt $depth ]] || exit 1  # the last level has no barrier to decide
  fi
done
