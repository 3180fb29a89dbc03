#!/usr/bin/env node
// The single-file report's lineage (docs/reports.md): a discovered key's detail names its level,
// its parent and its seed, as the jsonl export of the same job says them, and the parent and
// seed are links that select those keys (their trees drawn).
//
// usage: NODE_PATH=build/npm/node_modules node check_report_lineage.cjs REPORT.html LINEAGE.jsonl
// Prints one JSON line of figures on success; exits 1 naming the first failed check.
"use strict";
const fs = require("fs");
const path = require("path");
const chromium = require("../support/chromium.cjs");

const [reportPath, jsonlPath] = process.argv.slice(2);
const rows = fs.readFileSync(jsonlPath, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
const localeOf = (k) => k.hl + "-" + k.gl + (k.city ? "-" + k.city : "");  // the page's locale()
function check(cond, message) {
  if (!cond) throw new Error(message);
}

(async () => {
  const deep = rows.find((r) => r.level === 2);
  const seedRow = rows.find((r) => r.level === 0);
  check(deep && seedRow, "the jsonl export has no level-2 key or no seed");
  const browser = await chromium.launch();
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1400, height: 860 });
    const { errors, requests } = chromium.watch(page);
    await page.goto("file://" + path.resolve(reportPath), { waitUntil: "load" });
    await page.waitForSelector('body[data-ready="1"]', { timeout: 30000 });
    const root = () => page.$eval("#map g.node.root > title", (t) => t.textContent);
    const pick = async (k) => {
      await page.$eval("#q-filter", (e, q) => { e.value = q; e.dispatchEvent(new Event("input")); }, k.q);
      await page.waitForFunction((q, loc) => [...document.querySelectorAll("#q-list .vrow")]
        .some((r) => r.textContent.startsWith(q) && r.textContent.includes(loc)), { timeout: 20000 }, k.q, localeOf(k));
      const clicked = await page.evaluate((q, loc) => {
        const row = [...document.querySelectorAll("#q-list .vrow")].find((r) => r.textContent.startsWith(q) && r.textContent.includes(loc));
        if (row) row.click();
        return !!row;
      }, k.q, localeOf(k));
      check(clicked, `no row '${k.q}' (${localeOf(k)}) in the query list`);
      await page.waitForFunction((q) => document.querySelector("#map g.node.root > title")?.textContent === q, { timeout: 20000 }, k.q);
    };

    // A seed: level 0, its own seed.
    await pick(seedRow);
    const seedLine = await page.$eval("#detail .lineage", (p) => p.textContent);
    check(seedLine === "Level 0: a query of the job, its own seed.", `a seed's lineage says '${seedLine}'`);

    // The level-2 key: its parent and seed as the jsonl export names them, as links.
    await pick(deep);
    const line = await page.$eval("#detail .lineage", (p) => [p.textContent, p.querySelectorAll("a").length]);
    const want = `Level 2 of the expansion · parent: ${deep.parent.q} (${localeOf(deep.parent)}) · seed: ${deep.seed.q} (${localeOf(deep.seed)})`;
    check(line[0] === want, `the lineage says '${line[0]}', want '${want}'`);
    check(line[1] === 2, `${line[1]} links in the lineage, want the parent and the seed`);
    await page.$$eval("#detail .lineage a", (as) => as[0].click());
    await page.waitForFunction((q) => document.querySelector("#map g.node.root > title")?.textContent === q, { timeout: 20000 }, deep.parent.q);
    const parentLine = await page.$eval("#detail .lineage", (p) => p.textContent);
    check(parentLine.startsWith("Level 1 of the expansion"), `the parent's lineage says '${parentLine}'`);
    await page.$$eval("#detail .lineage a", (as) => as[as.length - 1].click());
    await page.waitForFunction((q) => document.querySelector("#map g.node.root > title")?.textContent === q, { timeout: 20000 }, deep.seed.q);
    check(await root() === deep.seed.q, "the seed link does not select the seed");

    check(errors.length === 0, "console errors: " + errors.join(" | "));
    check(requests.length === 0, "requests: " + requests.join(" "));
    console.log(JSON.stringify({ level2: deep.q, parent: deep.parent.q, seed: deep.seed.q }));
  } finally {
    await browser.close();
  }
})().catch((e) => {
  console.error("check_report_lineage: " + e.message);
  process.exit(1);
});
