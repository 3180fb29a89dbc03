#!/usr/bin/env bash
# Redraws the README's two pictures from the demo's harvest (jobs/demo.toml against a local
# paa-emulator, as scripts/demo.sh runs it, into a temporary store):
#   docs/report.png     the HTML report (`paa export --format html`), one query selected so that
#                       its mind map and one question's answer show
#   docs/mind-map.png   `paa map` of the same query as PNG (cairo: twice the layout's pixels)
#
#   scripts/pictures.sh                          # binaries from build/release/bin (scripts/demo.sh builds them)
#   PAA_BIN=build/dev/bin scripts/pictures.sh    # or any folder holding paa and paa-emulator
#
# PAA_PICTURE_Q, _HL, _GL, _CITY pick another query (default: "tea for beginners", en-us: a
# tree of 12 questions with a repeated one). PAA_PICTURE_QUESTION names the question whose
# answer the report shows (default: the tree's first). Chromium is /usr/bin/chromium (PAA_CHROMIUM); the report is driven
# by puppeteer-core from build/npm/node_modules (PAA_NODE_MODULES), installed like
# scripts/test.sh does when missing. Builds nothing; writes only the PNGs (with
# PAA_PICTURE_FOLDER, at the end: a third, of a report folder).
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$PAA_ROOT"

bin=${PAA_BIN:-$PAA_ROOT/build/release/bin}
bin=$(cd "$bin" 2>/dev/null && pwd) || { paa_log "no folder ${PAA_BIN:-build/release/bin}: run scripts/demo.sh or set PAA_BIN"; exit 2; }
for b in paa paa-emulator; do
  [ -x "$bin/$b" ] || { paa_log "$bin/$b is missing: run scripts/demo.sh (it builds build/release) or set PAA_BIN"; exit 2; }
done
q=${PAA_PICTURE_Q:-tea for beginners}
hl=${PAA_PICTURE_HL:-en}
gl=${PAA_PICTURE_GL:-us}
city=${PAA_PICTURE_CITY:-}
question=${PAA_PICTURE_QUESTION:-}  # default: the tree's first question, once harvested
chromium=${PAA_CHROMIUM:-/usr/bin/chromium}
modules=${PAA_NODE_MODULES:-$PAA_ROOT/build/npm/node_modules}
if [ ! -x "$chromium" ] || ! command -v node >/dev/null || [ ! -d "$modules/puppeteer-core" ]; then
  [ -n "${PAA_NODE_MODULES:-}" ] && [ ! -d "$modules/puppeteer-core" ] && { paa_log "no puppeteer-core in $modules"; exit 2; }
  paa_install_report_test_deps  # chromium (apt-get), puppeteer-core (npm, into build/npm)
fi

work=$(mktemp -d /tmp/paa-pictures.XXXXXX)
emulator_pid=""
cleanup() {
  if [ -n "$emulator_pid" ]; then kill "$emulator_pid" 2>/dev/null || true; wait "$emulator_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

bash scripts/make-certs.sh "$work/certs" >/dev/null
PAA_API_KEY=$(paa_random_key pictures)
export PAA_API_KEY
# The trees depend only on the emulator's seed and the query, so these are the demo's answers;
# no faults and quota enough, to be quick.
"$bin/paa-emulator" --cert "$work/certs/server.pem" --key-file "$work/certs/server.key" --key "$PAA_API_KEY" \
  --searches 1000 --listen 127.0.0.1:0 --port-file "$work/port" 2>"$work/emulator.err" &
emulator_pid=$!
port=$(paa_wait_port "$work/port" "$work/emulator.err")

paa_log "harvesting jobs/demo.toml into a temporary store"
if ! "$bin/paa" run jobs/demo.toml --store "$work/demo.db" --base-url "https://localhost:$port/api" \
  --ca-file "$work/certs/ca.pem" --progress none --log-level warn 2>"$work/run.log"; then
  cat "$work/run.log" >&2
  paa_log "the harvest failed"
  exit 1
fi
"$bin/paa" export --store "$work/demo.db" --format html -o "$work/report.html" 2>/dev/null
[ -n "$question" ] || question=$("$bin/paa" get --store "$work/demo.db" --q "$q" --hl "$hl" --gl "$gl" --city "$city" |
  jq -r '.result.children[0].question')

paa_log "docs/mind-map.png: paa map of '$q' ($hl-$gl${city:+ $city}), drawn as PNG by paa itself"
"$bin/paa" map --store "$work/demo.db" --q "$q" --hl "$hl" --gl "$gl" --city "$city" -o "$work/mind-map.png" 2>/dev/null

paa_log "docs/report.png: the report with '$q' selected"
cat >"$work/shoot.cjs" <<'EOF'
// node shoot.cjs REPORT.html OUT.png Q LOCALE QUESTION: the report as a person sees it after
// typing the query's first word in the filter, picking the query and clicking one question.
"use strict";
const puppeteer = require("puppeteer-core");
const [report, out, q, locale, question] = process.argv.slice(2);
(async () => {
  const browser = await puppeteer.launch({
    executablePath: process.env.PAA_CHROMIUM || "/usr/bin/chromium",
    headless: true,
    userDataDir: process.env.PAA_PROFILE,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1400, height: 860, deviceScaleFactor: 2 });
    await page.goto("file://" + report, { waitUntil: "load" });
    await page.waitForSelector('body[data-ready="1"]', { timeout: 30000 });
    await page.type("#q-filter", q.split(" ")[0]);
    await page.waitForFunction(() => {
      const [shown, all] = document.getElementById("count").textContent.split(" of ");
      return all !== undefined && shown !== all.split(" ")[0];
    }, { timeout: 10000 });
    // The list draws only the rows in view: scroll until the query's row is there.
    const row = await page.evaluateHandle(async (want, loc) => {
      const list = document.getElementById("q-list");
      for (let top = 0; ; top += list.clientHeight) {
        list.scrollTop = top;
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        const hit = [...list.querySelectorAll(".vrow")].find((e) => e.firstChild.textContent === want && e.querySelector(".sub").textContent === loc);
        if (hit) { hit.scrollIntoView({ block: "nearest" }); return hit; }
        if (top + list.clientHeight >= list.scrollHeight) return null;
      }
    }, q, locale);
    if (!row.asElement()) throw new Error(`no row '${q}' (${locale}) after filtering`);
    await row.asElement().click();
    await page.waitForFunction((want) => document.querySelector("#map g.node.root > title")?.textContent === want, { timeout: 10000 }, q);
    const clicked = await page.evaluate((want) => {
      const g = [...document.querySelectorAll("#map g.node:not(.root)")].find((n) => n.querySelector("title").textContent === want);
      if (!g) return false;
      g.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      return true;
    }, question);
    if (!clicked) throw new Error(`no question '${question}' in the mind map`);
    await page.waitForFunction((want) => document.querySelector("#detail h2")?.textContent === want, { timeout: 10000 }, question);
    await page.screenshot({ path: out });
  } finally {
    await browser.close();
  }
})().catch((e) => { console.error("pictures: " + e.message); process.exit(1); });
EOF
PAA_CHROMIUM="$chromium" PAA_PROFILE="$work/chromium-report" NODE_PATH="$modules" \
  node "$work/shoot.cjs" "$work/report.html" "$work/report.png" "$q" "$hl-$gl${city:+-$city}" "$question"

cp "$work/report.png" docs/report.png
cp "$work/mind-map.png" docs/mind-map.png
paa_log "wrote docs/report.png and docs/mind-map.png"

# PAA_PICTURE_FOLDER=DIR: also docs/report-folder.png, a report folder (`paa export --format html
# -o DIR/`; the README's is of case 4's million-result store, kept by `PAA_BENCH_KEEP=1
# PAA_BENCH_CASES=11 scripts/bench.sh`) as it opens: its first query, one question clicked.
if [ -n "${PAA_PICTURE_FOLDER:-}" ]; then
  folder=$(cd "$PAA_PICTURE_FOLDER" && pwd)
  [ -f "$folder/paa-report.json" ] || { paa_log "$PAA_PICTURE_FOLDER is not a report folder (no paa-report.json)"; exit 2; }
  cat >"$work/shoot-folder.cjs" <<'JS'
"use strict";
const puppeteer = require("puppeteer-core");
const [index, out] = process.argv.slice(2);
(async () => {
  const browser = await puppeteer.launch({
    executablePath: process.env.PAA_CHROMIUM || "/usr/bin/chromium", headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"],
  });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1400, height: 860, deviceScaleFactor: 2 });
    await page.goto("file://" + index, { waitUntil: "load" });
    await page.waitForSelector('body[data-ready="1"]', { timeout: 30000 });
    await page.waitForSelector("#map g.node:not(.root)", { timeout: 10000 });
    await page.evaluate(() => document.querySelector("#map g.node:not(.root)").dispatchEvent(new MouseEvent("click", { bubbles: true })));
    await page.waitForSelector("#detail h2", { timeout: 10000 });
    await page.screenshot({ path: out });
  } finally {
    await browser.close();
  }
})().catch((e) => { console.error("pictures: " + e.message); process.exit(1); });
JS
  PAA_CHROMIUM="$chromium" NODE_PATH="$modules" node "$work/shoot-folder.cjs" "$folder/index.html" "$work/report-folder.png"
  cp "$work/report-folder.png" docs/report-folder.png
  paa_log "wrote docs/report-folder.png of $PAA_PICTURE_FOLDER"
fi
