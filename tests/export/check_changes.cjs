#!/usr/bin/env node
// Opens a `paa export --format html` report of a store with history in headless Chromium
// (puppeteer-core) and checks its Changes and Domains views against EXPECT.json, which the test
// computed from the trees it wrote:
//   {"runs": N, "changed_keys": N,
//    "key": {"q", "locale", "versions", "steps": [{"added": [...], "removed": [...]}, ...],
//            "statuses": {question: "new" | "gone" | "intermittent"}},          (optional)
//    "hostile": {"q", "added": [question]},                                         (optional)
//    "domain": {"name", "answers", "yours"},
//    "moves": {"run", "won": {domain: n}, "lost": {domain: n}}}                      (optional)
//
// usage: NODE_PATH=build/npm/node_modules node check_changes.cjs REPORT.html EXPECT.json SHOTS_DIR
// Prints one JSON line of figures on success; exits 1 naming the first failed check.
"use strict";
const fs = require("fs");
const path = require("path");
const chromium = require("../support/chromium.cjs");

const [reportPath, expectPath, shots] = process.argv.slice(2);
const expect = JSON.parse(fs.readFileSync(expectPath, "utf8"));
const fmt = (n) => n.toLocaleString("en");  // the page's number format

let step = "start";  // named in the failure message, with a screenshot of that moment
let failPage = null;
function check(cond, message) {
  if (!cond) throw new Error(message);
}
const sorted = (a) => [...a].sort();
const same = (a, b) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));

(async () => {
  const browser = await chromium.launch();
  const figures = {};
  try {
    const page = await browser.newPage();
    failPage = page;
    await page.setViewport({ width: 1400, height: 900 });
    const { errors, requests } = chromium.watch(page);
    await page.goto("file://" + path.resolve(reportPath), { waitUntil: "load" });
    await page.waitForSelector('body[data-ready="1"]', { timeout: 30000 });
    const inert = async (where) => {
      check((await page.evaluate(() => window.__pwned)) === undefined, `a hostile string ran as script (${where})`);
      check((await page.$$("img, iframe, object, embed")).length === 0, `a hostile string became an element (${where})`);
    };

    // Changes: the summary says how many runs and changed keys.
    step = "changes summary";
    await page.click("#tab-changes");
    await page.waitForFunction(() => document.getElementById("changes-summary").textContent.length > 0, { timeout: 20000 });
    const summary = await page.$eval("#changes-summary", (e) => e.textContent);
    check(summary.includes(fmt(expect.changed_keys) + " changed at least once"), `the summary '${summary}' does not say ${expect.changed_keys} keys changed`);
    const runWords = expect.runs === 1 ? "The store has one run" : `The store has ${fmt(expect.runs)} runs`;
    check(summary.includes(runWords), `the summary '${summary}' does not say '${runWords}'`);
    const listed = await page.$$eval("#volatile-table tr.vkey", (trs) => trs.length);
    check(listed === expect.changed_keys, `${listed} volatile keys listed, want ${expect.changed_keys}`);
    if (expect.changed_keys === 0) {
      const note = await page.$eval("#volatile-note", (e) => e.textContent);
      check(note.includes("no change recorded"), `the volatile keys' note '${note}' does not say no change was recorded`);
    }
    figures.volatile_keys = listed;
    // As a person sees it: the heading and its note together, no placeholder cut off.
    const defects = await chromium.layoutDefects(page);
    check(defects.length === 0, "the Changes view: " + defects.join("; "));

    // The key known to have changed: its versions, and each version's added and removed questions.
    if (expect.key) {
      step = "a key's timeline";
      const k = expect.key;
      const at = await page.$$eval("#volatile-table tr.vkey", (trs, q, loc) =>
        trs.findIndex((tr) => tr.querySelector("td.q").textContent === q && tr.querySelector("td.locale").textContent === loc), k.q, k.locale);
      check(at >= 0, `the key '${k.q}' (${k.locale}) is not among the volatile keys`);
      const row = `#volatile-table tr.vkey[data-key="${at}"]`;
      const versions = await page.$eval(row + " td.versions", (td) => td.textContent);
      check(versions === fmt(k.versions), `'${k.q}' shows ${versions} versions, want ${k.versions}`);
      await page.click(row);
      const timeline = `#volatile-table tr.timeline[data-key="${at}"]`;
      await page.waitForSelector(timeline, { timeout: 20000 });
      const shown = await page.$$eval(timeline + " li.version", (lis) => lis.map((li) => {
        const of = (kind) => [...li.querySelectorAll(`ul.changes li[data-change="${kind}"]`)].map((x) => x.firstChild.textContent);
        return { added: of("added"), removed: of("removed") };
      }));
      check(shown.length === k.versions, `the timeline of '${k.q}' shows ${shown.length} versions, want ${k.versions}`);
      k.steps.forEach((want, i) => {
        const got = shown[i + 1];
        check(same(got.added, want.added), `version ${i + 2} of '${k.q}' adds ${JSON.stringify(got.added)}, want ${JSON.stringify(want.added)}`);
        check(same(got.removed, want.removed), `version ${i + 2} of '${k.q}' removes ${JSON.stringify(got.removed)}, want ${JSON.stringify(want.removed)}`);
      });
      figures.timeline_versions = shown.length;
      await page.screenshot({ path: path.join(shots, "changes.png") });

      step = "new and gone questions";
      const rows = await page.$$eval("#qchange-table tr.qchange", (trs) => trs.map((tr) => ({
        question: tr.querySelector("td.question").textContent, status: tr.dataset.status, q: tr.querySelector("td.q").textContent,
      })));
      for (const [question, status] of Object.entries(k.statuses)) {
        check(rows.some((r) => r.q === k.q && r.question === question && r.status === status), `'${question}' of '${k.q}' is not listed as ${status}`);
      }
      const mine = rows.filter((r) => r.q === k.q).length;
      check(mine === Object.keys(k.statuses).length, `${mine} new, gone or intermittent questions of '${k.q}' listed, want ${Object.keys(k.statuses).length}`);
      // The status filter leaves that status alone.
      await page.select("#qchange-status", "gone");
      const gone = await page.$$eval("#qchange-table tr.qchange", (trs) => trs.map((tr) => tr.dataset.status));
      check(gone.length > 0 && gone.every((s) => s === "gone"), `the status filter 'gone' shows ${JSON.stringify(gone)}`);
      await page.select("#qchange-status", "");
      figures.question_changes = rows.length;

      // The key's versions in the mind map's detail, and its Timeline button.
      step = "the key in the mind map";
      await page.click("#tab-map");
      await page.$eval("#q-filter", (e, v) => { e.value = v; e.dispatchEvent(new Event("input")); }, k.q);
      await page.waitForFunction((q) => {
        const rows = document.querySelectorAll("#q-list .vrow");
        return rows.length === 1 && rows[0].firstChild.textContent === q;
      }, { timeout: 20000 }, k.q);
      const detail = await page.$eval("#detail p.history", (p) => p.textContent);
      check(detail.startsWith(`${k.versions} versions · mean churn `), `the detail says '${detail}'`);
      await page.click("#detail p.history button");
      await page.waitForSelector(timeline, { timeout: 20000 });
      await page.$eval("#q-filter", (e) => { e.value = ""; e.dispatchEvent(new Event("input")); });
    }

    // Hostile questions in a timeline and in the list stay text.
    if (expect.hostile) {
      step = "hostile text in the Changes view";
      await page.click("#tab-changes");
      const at = await page.$$eval("#volatile-table tr.vkey", (trs, q) => trs.findIndex((tr) => tr.querySelector("td.q").textContent === q), expect.hostile.q);
      check(at >= 0, "the hostile key is not among the volatile keys");
      const timeline = `#volatile-table tr.timeline[data-key="${at}"]`;
      if (!(await page.$(timeline))) await page.click(`#volatile-table tr.vkey[data-key="${at}"]`);
      await page.waitForSelector(timeline, { timeout: 20000 });
      const added = await page.$$eval(timeline + ' ul.changes li[data-change="added"]', (lis) => lis.map((li) => li.firstChild.textContent));
      check(same(added, expect.hostile.added), `the hostile key's timeline adds ${JSON.stringify(added)}, want ${JSON.stringify(expect.hostile.added)}`);
      const listedQs = await page.$$eval("#qchange-table td.question", (tds) => tds.map((td) => td.textContent));
      for (const q of expect.hostile.added) check(listedQs.includes(q), `the hostile question is not listed as text among new questions`);
      await inert("Changes");
    }

    // The charts (expect.charts, worked out by the test from the trees it wrote): new and gone
    // questions since each run; the domains' shares; the planted (your) domain's won and lost.
    if (expect.charts) {
      step = "charts";
      await page.click("#tab-changes");
      const bars = (box, series) => page.$$eval(`${box} rect[data-series="${series}"]`,
        (rs) => rs.map((r) => [r.getAttribute("data-label"), Number(r.getAttribute("data-value"))]));
      const since = expect.charts.since;
      const runsShown = await bars("#change-charts", "New");
      check(runsShown.length === since.length, `the new-and-gone chart has ${runsShown.length} runs, want ${since.length}`);
      const col = (rows, i) => JSON.stringify(rows.map((r) => r[i]));
      check(col(runsShown, 1) === JSON.stringify(since.map((r) => r[0])), `new since each run ${col(runsShown, 1)}, want ${JSON.stringify(since.map((r) => r[0]))}`);
      const gone = await bars("#change-charts", "Gone");
      check(col(gone, 1) === JSON.stringify(since.map((r) => r[1])), `gone since each run ${col(gone, 1)}, want ${JSON.stringify(since.map((r) => r[1]))}`);
      const named = await page.$eval("#change-charts svg", (svg) => svg.getAttribute("role") === "img" && svg.getAttribute("aria-label"));
      check(named && (await page.$$("#change-charts table.chart-data tr")).length === since.length + 1, "the chart has no name or no table behind it");
      await page.click("#tab-domains");
      const shares = await bars("#domain-charts", "Share");
      check(shares.length === expect.charts.shares.length && shares.every(([label, v], i) => label === expect.charts.shares[i][0] &&
        Math.abs(v - expect.charts.shares[i][1]) < 1e-3), `the share chart draws ${JSON.stringify(shares)}, want ${JSON.stringify(expect.charts.shares)}`);
      const won = await bars("#domain-charts", "Won"), lost = await bars("#domain-charts", "Lost");
      check(col(won, 1) === JSON.stringify(since.map((r) => r[2])) && col(lost, 1) === JSON.stringify(since.map((r) => r[3])),
        `your domains won ${col(won, 1)} and lost ${col(lost, 1)} since each run, want ${JSON.stringify(since.map((r) => [r[2], r[3]]))}`);
      figures.charts = { since: since.length, shares: shares.length };
    }

    // Domains: the planted domain's answers, yours marked, only yours, won and lost since a run.
    step = "domains";
    await page.click("#tab-domains");
    await page.waitForSelector("#domains-table tr[data-domain]", { timeout: 20000 });
    const d = expect.domain;
    const row = `#domains-table tr[data-domain="${d.name}"]`;
    check(await page.$(row), `the domain ${d.name} is not listed`);
    const answers = await page.$eval(row + " td.answers", (td) => td.textContent);
    check(answers === fmt(d.answers), `${d.name} shows ${answers} answers, want ${d.answers}`);
    const isYours = await page.$eval(row, (tr) => tr.classList.contains("yours"));
    check(isYours === d.yours, `${d.name} is ${isYours ? "" : "not "}marked yours, want ${d.yours ? "" : "not "}marked`);
    figures.domain_answers = Number(answers.replace(/,/g, ""));
    if (d.yours) {
      await page.click("#domain-yours");
      const left = await page.$$eval("#domains-table tr[data-domain]", (trs) => trs.map((tr) => [tr.dataset.domain, tr.classList.contains("yours")]));
      check(left.length > 0 && left.every(([, y]) => y), `only yours shows ${JSON.stringify(left)}`);
      await page.click("#domain-yours");
    } else {
      check(await page.$eval("#domain-yours", (c) => c.disabled), "'Only your domains' is enabled without --domain");
    }
    // The filter finds the planted domain.
    await page.type("#domain-filter", d.name);
    const filtered = await page.$$eval("#domains-table tr[data-domain]", (trs) => trs.map((tr) => tr.dataset.domain));
    check(filtered.includes(d.name) && filtered.every((x) => x.includes(d.name)), `filtering for ${d.name} shows ${JSON.stringify(filtered)}`);
    await page.$eval("#domain-filter", (e) => { e.value = ""; e.dispatchEvent(new Event("input")); });
    // Won and lost: one option per run, and a store of one run says so.
    const options = await page.$$eval("#domain-since option", (os) => os.map((o) => o.value));
    check(options.length === Math.min(expect.runs, 10), `${options.length} runs to compare from, want ${Math.min(expect.runs, 10)}`);
    const moves = await page.$eval("#moves-summary", (e) => e.textContent);
    if (expect.runs === 1) check(moves.includes("The store has one run"), `the won and lost summary '${moves}' does not say the store has one run`);
    if (expect.moves) {
      step = "won and lost";
      const value = await page.$$eval("#domain-since option", (os, run) => (os.find((o) => o.textContent.startsWith("run " + run + " ")) || {}).value, expect.moves.run);
      check(value !== undefined, `no option for run ${expect.moves.run}`);
      await page.select("#domain-since", value);
      for (const [kind, cls] of [["won", "won"], ["lost", "lost"]]) {
        for (const [domain, n] of Object.entries(expect.moves[kind])) {
          const got = await page.$eval(`#moves-table tr[data-domain="${domain}"] td.${cls}`, (td) => td.textContent).catch(() => null);
          check(got === fmt(n), `${domain} ${kind} ${got} since run ${expect.moves.run}, want ${n}`);
        }
      }
      figures.moves_rows = await page.$$eval("#moves-table tr[data-domain]", (trs) => trs.length);
    }
    await page.screenshot({ path: path.join(shots, "domains.png") });
    await inert("Domains");

    check(errors.length === 0, "console errors: " + errors.join(" | "));
    check(requests.length === 0, "network requests: " + requests.join(" "));
    console.log(JSON.stringify(figures));
  } catch (e) {
    if (failPage) await failPage.screenshot({ path: path.join(shots, "changes-failure.png") }).catch(() => {});
    throw e;
  } finally {
    await browser.close();
  }
})().catch((e) => {
  console.error(`check_changes: at '${step}': ${e.message} (screenshot: changes-failure.png)`);
  process.exit(1);
});
