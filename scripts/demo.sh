#!/usr/bin/env bash
# The main job, end to end, on a fresh Debian 12 machine: installs what is missing, builds
# Release, starts the local PAA service (paa-emulator) on a free port, harvests jobs/demo.toml
# (its quota runs out mid-run, so the run waits for the renewal once), shows `paa status`
# and exports the dataset into out/ (CSV, JSONL, an xlsx workbook, an HTML report, a mind map).
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$PAA_ROOT"

paa_install_deps
paa_log "building (release)"
paa_build release paa paa-emulator paa_clidocs  # the man pages and completion: README.md names them
bin="$PAA_ROOT/build/release/bin"

bash scripts/make-certs.sh certs >/dev/null

mkdir -p out
rm -rf out/demo.db out/emulator.port
export PAA_API_KEY="$(paa_random_key demo-key)"

# 200 searches for 280 keys; the quota renews 5 s after it runs out.
"$bin/paa-emulator" --cert certs/server.pem --key-file certs/server.key --key "$PAA_API_KEY" \
  --searches 200 --renew-after-seconds 5 --latency-ms 20:120 --fault-500 0.02 \
  --listen 127.0.0.1:0 --port-file out/emulator.port --log out/emulator.log 2>out/emulator.err &
emulator_pid=$!
trap 'kill "$emulator_pid" 2>/dev/null || true; wait "$emulator_pid" 2>/dev/null || true' EXIT
port=$(paa_wait_port out/emulator.port out/emulator.err)
paa_log "paa-emulator listening on https://localhost:$port/api"

paa_log "paa check jobs/demo.toml"
"$bin/paa" check jobs/demo.toml

paa_log "paa run jobs/demo.toml"
"$bin/paa" run jobs/demo.toml --base-url "https://localhost:$port/api" --ca-file certs/ca.pem \
  --probe-interval 2

paa_log "paa status jobs/demo.toml"
"$bin/paa" status jobs/demo.toml

paa_log "exporting into out/"
for format in jsonl csv questions related; do
  ext=$format; [ "$format" = questions ] || [ "$format" = related ] && ext="$format.csv"
  "$bin/paa" export --store out/demo.db --format "$format" -o "out/demo.$ext" --force
done
"$bin/paa" export --store out/demo.db --format xlsx -o out/demo.xlsx --force
"$bin/paa" export --store out/demo.db --format html -o out/demo.html --force
# The same report as a folder: what opens at any size (a million results), with search and links.
"$bin/paa" export --store out/demo.db --format html -o out/demo-report/ --force
# The first stored tree as a mind map.
IFS=$'\t' read -r q hl gl city < <(head -1 out/demo.jsonl | jq -r '[.q, .hl, .gl, (.city // "")] | @tsv')
"$bin/paa" map --store out/demo.db --q "$q" --hl "$hl" --gl "$gl" --city "$city" -o out/demo-map.svg --force
# The same map as a picture for a slide or a client (PNG, twice the size; -o map.pdf for a page).
"$bin/paa" map --store out/demo.db --q "$q" --hl "$hl" --gl "$gl" --city "$city" -o out/demo-map.png --force

# Expansion: the questions of each answer become the next level's queries (docs/expansion.md).
paa_log "paa run jobs/expand.toml: two queries, then two levels of the questions in their answers"
rm -rf out/expand.db
"$bin/paa" check jobs/expand.toml
"$bin/paa" run jobs/expand.toml --store out/expand.db --base-url "https://localhost:$port/api" \
  --ca-file certs/ca.pem --rate 0
"$bin/paa" status jobs/expand.toml --store out/expand.db
"$bin/paa" export --store out/expand.db --format edges -o out/expand-edges.csv --force
paa_log "the discovery tree (out/expand-edges.csv), first rows:"
head -4 out/expand-edges.csv

# History: a month later the service answers differently (the emulator's --revision 1); a refresh
# keeps both answers, and paa diff says what changed (docs/history.md).
paa_log "a month later (the service at --revision 1): refresh the expansion's results, then paa diff"
rm -f out/emulator2.port
"$bin/paa-emulator" --cert certs/server.pem --key-file certs/server.key --key "$PAA_API_KEY" --revision 1 \
  --listen 127.0.0.1:0 --port-file out/emulator2.port --log out/emulator2.log 2>out/emulator2.err &
emulator2_pid=$!
trap 'kill "$emulator_pid" "$emulator2_pid" 2>/dev/null || true; wait 2>/dev/null || true' EXIT
port2=$(paa_wait_port out/emulator2.port out/emulator2.err)
first_run=$("$bin/paa" status jobs/expand.toml --store out/expand.db --json | jq -r '.runs[0].run_id')
sleep 1.1  # the demo's "month": the stored results must be older than --refresh-after
"$bin/paa" run jobs/expand.toml --store out/expand.db --base-url "https://localhost:$port2/api" \
  --ca-file certs/ca.pem --rate 0 --refresh-after 1s
"$bin/paa" diff --store out/expand.db --from "$first_run" --format csv -o out/expand-changes.csv --force
"$bin/paa" diff --store out/expand.db --from "$first_run" --detail 2 -o out/expand-changes.txt --force
head -24 out/expand-changes.txt
# Watching the box (docs/watch.md): each question's status over the two harvests, and who won or
# lost the answers between them.
"$bin/paa" export --store out/expand.db --format stability -o out/expand-stability.csv --force
"$bin/paa" diff --store out/expand.db --from "$first_run" --by domain -o out/expand-domains.txt --force
head -12 out/expand-domains.txt

# Topics (docs/topics.md): a service that plants three subjects' questions; their 15 seeds and
# one level of expansion (skip_variants: no question paid for twice), then paa topics.
paa_log "paa run jobs/topics.toml against planted topics, then paa topics"
rm -rf out/topics.db out/emulator3.port
"$bin/paa-emulator" --cert certs/server.pem --key-file certs/server.key --key "$PAA_API_KEY" --seed 31 \
  --topics tests/fixtures/topics/planted.json \
  --listen 127.0.0.1:0 --port-file out/emulator3.port --log out/emulator3.log 2>out/emulator3.err &
emulator3_pid=$!
trap 'kill "$emulator_pid" "$emulator2_pid" "$emulator3_pid" 2>/dev/null || true; wait 2>/dev/null || true' EXIT
port3=$(paa_wait_port out/emulator3.port out/emulator3.err)
"$bin/paa" run jobs/topics.toml --base-url "https://localhost:$port3/api" --ca-file certs/ca.pem --progress none
"$bin/paa" topics jobs/topics.toml
"$bin/paa" export jobs/topics.toml --format topics -o out/topics.csv --force
# Who owns the answers, and a writer's brief for one query (docs/watch.md, docs/brief.md).
"$bin/paa" export jobs/topics.toml --format domains -o out/topics-domains.csv --force
head -6 out/topics-domains.csv
"$bin/paa" brief jobs/topics.toml --q "espresso machine" --hl en --gl us --format html -o out/brief.html --force
"$bin/paa" brief jobs/topics.toml --q "espresso machine" --hl en --gl us -o out/brief.md --force
head -16 out/brief.md

for f in out/topics.csv out/topics-domains.csv out/brief.html out/expand-stability.csv out/demo.jsonl out/demo.csv out/demo.questions.csv out/demo.related.csv out/demo.xlsx out/demo.html \
  out/demo-map.svg out/demo-map.png out/expand-edges.csv out/expand-changes.csv; do
  printf '    %10s bytes  %s\n' "$(stat -c %s "$f")" "$f"
done
printf '    %10s bytes  %s (%s files)\n' "$(du -sb out/demo-report | cut -f1)" out/demo-report/ "$(find out/demo-report -type f | wc -l)"
paa_log "done: open out/demo.html in a browser (file://$PAA_ROOT/out/demo.html, works offline; the same"
paa_log "      report as a folder, for any size: out/demo-report/index.html, with search and links),"
paa_log "      out/demo.xlsx in Excel or LibreOffice, out/demo-map.svg or out/demo-map.png in a slide;"
paa_log "      out/demo.csv in a spreadsheet, or jq . out/demo.jsonl; out/expand-edges.csv in Gephi;"
paa_log "      out/expand-changes.csv: what changed between the two harvests, one row per change;"
paa_log "      out/topics.csv: one row per topic (paa export --format topics); out/topics-domains.csv: who owns"
paa_log "      the answers; out/brief.html: what a page on 'espresso machine' should answer;"
paa_log "      out/expand-stability.csv: each question stable, new, gone or intermittent;"
paa_log "      the manual: man -l build/release/man/paa.1 (paa-run.1, paa-export.1, ... beside it)"
