#!/usr/bin/env bash
# A job array on a real Slurm cluster of one machine: installs slurm-wlm and munge if missing,
# starts munged (unless one answers), slurmctld and slurmd with a private configuration under
# build/slurm-demo/, starts paa-emulator, submits `sbatch --array=0-3` of
# `paa run --shard-from-env`, waits, merges the four shard stores, exports, and checks that
# every key was harvested exactly once and that the merged store exports as the four do. Then an
# expanding job's chain (deploy/slurm/expand-chain.sh: an array per level, a barrier job between
# two, one job budget): the same keys and lineage as one process, each asked once.
# PAA_SLURM_BIN=build/dev/bin uses programs built already instead of the release build.
# Needs root (or sudo) for the daemons. scripts/test.sh runs it when PAA_SLURM=1.
# Stops every daemon it started, whatever happens; leaves the system's own ones alone.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$PAA_ROOT"

sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo)

paa_install_deps
paa_install_packages slurm-wlm munge
if [ -n "${PAA_SLURM_BIN:-}" ]; then
  bin=$PAA_SLURM_BIN  # programs built already (build/dev/bin): no release build
else
  paa_log "building (release)"
  paa_build release paa paa-emulator
  bin="$PAA_ROOT/build/release/bin"
fi
bash scripts/make-certs.sh certs >/dev/null

work="$PAA_ROOT/build/slurm-demo"
started=()   # pid files of the daemons this script started
stop_all() {
  local f
  for f in "${started[@]}"; do
    [ -s "$f" ] && "${sudo[@]}" kill "$(cat "$f")" 2>/dev/null || true
  done
  [ -n "${emulator_pid:-}" ] && kill "$emulator_pid" 2>/dev/null || true
}
trap stop_all EXIT

# A clean slate: daemons of an earlier run of this script (their pid files are ours), then files.
for f in "$work"/slurmctld.pid "$work"/slurmd.pid; do
  [ -s "$f" ] && "${sudo[@]}" kill "$(cat "$f")" 2>/dev/null || true
done
rm -rf "$work"
mkdir -p "$work"/spool "$work"/state "$work"/log

# munge: Slurm's authentication. Use the running one, or start it as the munge user.
if ! munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
  paa_log "starting munged"
  "${sudo[@]}" install -d -o munge -g munge -m 0755 /run/munge
  "${sudo[@]}" runuser -u munge -- /usr/sbin/munged
  started+=(/run/munge/munged.pid)
  for _ in $(seq 100); do munge -n 2>/dev/null | unmunge >/dev/null 2>&1 && break; sleep 0.1; done
fi
munge -n | unmunge >/dev/null || { paa_log "munge does not work"; exit 1; }

# Free ports for slurmctld and slurmd (so a cluster already on this machine is not disturbed).
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
node=$(hostname -s)
cat >"$work/slurm.conf" <<CONF
ClusterName=paademo
SlurmctldHost=$node
SlurmctldPort=$(free_port)
SlurmdPort=$(free_port)
AuthType=auth/munge
CryptoType=crypto/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
ReturnToService=2
NodeName=$node CPUs=$(nproc) State=UNKNOWN
PartitionName=demo Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$work/slurm.conf"
paa_log "starting slurmctld and slurmd ($SLURM_CONF)"
"${sudo[@]}" env SLURM_CONF="$SLURM_CONF" slurmctld -i
started+=("$work/slurmctld.pid")
"${sudo[@]}" env SLURM_CONF="$SLURM_CONF" slurmd
started+=("$work/slurmd.pid")
for _ in $(seq 100); do sinfo -h -o %t 2>/dev/null | grep -q idle && break; sleep 0.2; done
sinfo -h -o %t | grep -q idle || { tail -20 "$work"/log/*.log >&2; paa_log "the Slurm node did not come up"; exit 1; }
sinfo

export PAA_API_KEY="$(paa_random_key slurm-demo)"
"$bin/paa-emulator" --cert certs/server.pem --key-file certs/server.key --key "$PAA_API_KEY" \
  --searches 100000 --cache-ttl 0 --latency-ms 5:40 --listen 127.0.0.1:0 --port-file "$work/emulator.port" \
  --log "$work/emulator.log" 2>"$work/emulator.err" &
emulator_pid=$!
url="https://localhost:$(paa_wait_port "$work/emulator.port" "$work/emulator.err")/api"

# The demo's keywords in two locales, split over a 4-task array whose indexes start at 10.
cp jobs/demo-keywords.txt "$work/"
cat >"$work/slurm.toml" <<JOB
name = "slurm"
query_files = ["demo-keywords.txt"]
locales = [ { hl = "en", gl = "us" }, { hl = "de", gl = "de" } ]
[limits]
concurrency = 4
rate = 0
JOB
keys=$("$bin/paa" check "$work/slurm.toml" | awk '/^unique keys/ {print $3}')
paa_log "sbatch --array=10-13: $keys keys in 4 shards"
sbatch --wait --parsable --array=10-13 --output="$work/task-%a.out" --error="$work/task-%a.err" \
  --chdir="$work" --wrap "'$bin/paa' run slurm.toml --shard-from-env --base-url '$url' --ca-file '$PAA_ROOT/certs/ca.pem' --progress none" \
  || { tail -5 "$work"/task-*.err >&2; paa_log "the array job failed"; exit 1; }

stores=()
for i in 0 1 2 3; do stores+=("$work/slurm-shard-$i-of-4.db"); done
paa_log "paa merge --into $work/all.db (4 shard stores)"
"$bin/paa" merge --into "$work/all.db" "${stores[@]}"
store_args=()
for s in "${stores[@]}"; do store_args+=(--store "$s"); done
"$bin/paa" export "${store_args[@]}" --format jsonl -o "$work/shards.jsonl"
"$bin/paa" export --store "$work/all.db" --format jsonl -o "$work/merged.jsonl"
"$bin/paa" export --store "$work/all.db" --format csv --partition-by hl,gl -o "$work/dataset"

rows=$(wc -l <"$work/merged.jsonl")
requests=$(jq -s 'map(select(.status == 200)) | length' "$work/emulator.log")
distinct=$(jq -r 'select(.status == 200) | [.q, .hl, .gl] | @tsv' "$work/emulator.log" | sort -u | wc -l)
cmp -s "$work/shards.jsonl" "$work/merged.jsonl" || { paa_log "FAIL: the merged store exports differently"; exit 1; }
[ "$rows" -eq "$keys" ] || { paa_log "FAIL: $rows results for $keys keys"; exit 1; }
[ "$requests" -eq "$keys" ] && [ "$distinct" -eq "$keys" ] ||
  { paa_log "FAIL: $requests answers for $distinct distinct keys; expected $keys, each once"; exit 1; }
paa_log "ok: $keys keys, each asked once by one of 4 Slurm tasks; merged store = the 4 stores; dataset in $work/dataset"

# The expansion chain (deploy/slurm/expand-chain.sh, docs/scaling-out.md "Expansion across
# shards"): depth 2 over 4 shards, an array job per level and a barrier job between two, with
# one budget for all (job_max_searches); the union of the shard stores must hold exactly the
# keys, levels and lineage of one process's run of the same job, each key asked once by the shards.
grep -v '^#' jobs/demo-keywords.txt | grep . | head -12 >"$work/seeds.txt"
expand_job() {
  cat <<JOB
name = "$1"
query_files = ["seeds.txt"]
locales = [ { hl = "en", gl = "us" } ]
[limits]
concurrency = 4
rate = 0
job_max_searches = 100000
[expand]
depth = 2
per_result = 3
max_keys = 300
skip_variants = true
JOB
}
expand_job one >"$work/one.toml"
expand_job chain >"$work/chain.toml"
run_flags=(--base-url "$url" --ca-file "$PAA_ROOT/certs/ca.pem" --progress none)
paa_log "one process: paa run one.toml (the reference)"
(cd "$work" && "$bin/paa" run one.toml "${run_flags[@]}" 2>"$work/one.err") ||
  { tail -5 "$work/one.err" >&2; paa_log "FAIL: the single-process run"; exit 1; }
before=$(wc -l <"$work/emulator.log")
started_at=$(date +%s.%N)
paa_log "deploy/slurm/expand-chain.sh chain.toml 4"
chain_out=$(cd "$work" && PAA="$bin/paa" bash "$PAA_ROOT/deploy/slurm/expand-chain.sh" chain.toml 4 "${run_flags[@]}")
echo "$chain_out"
last=$(echo "$chain_out" | sed -n 's/^level [0-9]*: barrier job [0-9]*, then array job \([0-9]*\)$/\1/p' | tail -1)
[ -n "$last" ] || { paa_log "FAIL: expand-chain.sh named no last array job"; exit 1; }
# Waits for the chain: a job that runs after the last array, whatever its end.
sbatch --wait --parsable --dependency=afterany:"$last" --output=/dev/null --wrap true >/dev/null
elapsed=$(python3 -c "import sys; print(float(sys.argv[1]) - float(sys.argv[2]))" "$(date +%s.%N)" "$started_at")
(cd "$work" && "$bin/paa" status chain.toml --shards 4) | tee "$work/chain-status.txt"
grep -q "none: every level is harvested" "$work/chain-status.txt" ||
  { tail -20 "$work"/slurm-*.out >&2; paa_log "FAIL: the chain did not harvest every level"; exit 1; }
lineage() { jq -c '[.q, .hl, .gl, .level, .parent, .seed]' | sort; }
chain_stores=()
for i in 0 1 2 3; do chain_stores+=(--store "$work/chain-shard-$i-of-4.db"); done
"$bin/paa" export "${chain_stores[@]}" --format jsonl | lineage >"$work/chain.lineage"
"$bin/paa" export --store "$work/one.db" --format jsonl | lineage >"$work/one.lineage"
cmp -s "$work/one.lineage" "$work/chain.lineage" ||
  { diff "$work/one.lineage" "$work/chain.lineage" | head -20 >&2; paa_log "FAIL: the chain's keys and lineage differ from one process's"; exit 1; }
expanded=$(wc -l <"$work/one.lineage")
asked=$(tail -n +"$((before + 1))" "$work/emulator.log" | jq -r 'select(.status == 200) | [.q, .hl, .gl] | @tsv' | sort | uniq -c |
  awk '$1 > 1 {twice++} END {print NR, twice + 0}')
read -r distinct twice <<<"$asked"
[ "$distinct" -eq "$expanded" ] && [ "$twice" -eq 0 ] ||
  { paa_log "FAIL: the shards asked $distinct distinct keys ($twice more than once); expected $expanded, each once"; exit 1; }
paa_log "ok: expansion over 4 Slurm shards, a level at a time: $expanded keys in $(printf %.1f "$elapsed") s, the same keys and lineage as one process, each asked once"
