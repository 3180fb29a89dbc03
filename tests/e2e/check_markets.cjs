#!/usr/bin/env node
// The report's Compare view over the whole selection (docs/reports.md "Compare locales"): its
// pairs table is the `locale-pairs` export's rows, and each listed variant group's trees per
// locale are the `locales` export's, in the order and within the cap the page states (the
// groups shown in a locale some pair compares, most trees first). Works for both forms:
// the single file (REPORT.html) and the folder (DIR/index.html).
//
// usage: NODE_PATH=build/npm/node_modules node check_markets.cjs REPORT LOCALES.csv PAIRS.csv
// Prints one JSON line of figures on success; exits 1 naming the first failed check.
"use strict";
const fs = require("fs");
const path = require("path");
const chromium = require("../support/chromium.cjs");
const { parseCsv } = require("../support/csv.cjs");

const [reportPath, localesPath, pairsPath] = process.argv.slice(2);
const GROUPS_LISTED = 500;  // kMarketGroupsListed (report_history.hpp)
const fmt = (n) => Number(n).toLocaleString("en");  // the page's number format
const pct = (x) => (100 * x).toFixed(1) + "%";
function check(cond, message) {
  if (!cond) throw new Error(message);
}

const localesText = fs.readFileSync(localesPath, "utf8");
const groups = parseCsv(localesText);
const localeNames = localesText.slice(0, localesText.indexOf("\n")).trim().split(",").slice(7);
const pairs = parseCsv(fs.readFileSync(pairsPath, "utf8"));

(async () => {
  const browser = await chromium.launch();
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1400, height: 860 });
    const { errors, requests } = chromium.watch(page);
    await page.goto("file://" + path.resolve(reportPath), { waitUntil: "load" });
    await page.waitForSelector('body[data-ready="1"]', { timeout: 30000 });
    await page.click("#tab-compare");
    await page.waitForFunction(() => document.querySelectorAll("#market-groups tr").length > 1, { timeout: 30000 });
    const table = (id) => page.$$eval(`#${id} tr`, (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));

    // The pairs: the locale-pairs export's rows, in its order.
    const shownPairs = await table("market-pairs");
    check(JSON.stringify(shownPairs[0]) === JSON.stringify(["Language", "Locale A", "Locale B", "Groups both show", "Only A", "Only B", "Overlap"]),
      "the pairs' header is " + JSON.stringify(shownPairs[0]));
    check(shownPairs.length - 1 === pairs.length, `${shownPairs.length - 1} pairs shown, the export has ${pairs.length}`);
    pairs.forEach((p, i) => {
      const any = Number(p.groups_both) + Number(p.only_a) + Number(p.only_b);
      const want = [p.hl, p.locale_a, p.locale_b, fmt(p.groups_both), fmt(p.only_a), fmt(p.only_b), any ? pct(Number(p.groups_both) / any) : ""];
      check(JSON.stringify(shownPairs[i + 1]) === JSON.stringify(want), `pair ${i}: ${JSON.stringify(shownPairs[i + 1])}, want ${JSON.stringify(want)}`);
    });

    // The groups: of a language with a pair, most trees first (then the export's order, which
    // is group order), each compared locale's trees as the export counts them.
    // (A group is compared where it is shown: one of another language shown in these markets too.)
    const paired = new Set(pairs.flatMap((p) => [p.locale_a, p.locale_b]));
    const columns = localeNames.filter((n) => paired.has(n));
    const want = groups.map((g, i) => [g, i]).filter(([g]) => columns.some((c) => g[c] !== "" && g[c] !== "0"))
      .sort(([a, i], [b, j]) => Number(b.trees) - Number(a.trees) || i - j).slice(0, GROUPS_LISTED)
      .map(([g]) => [g.representative, g.topic_label, fmt(g.trees), ...columns.map((c) => (g[c] === "" ? "" : fmt(g[c])))]);
    const shown = await table("market-groups");
    check(JSON.stringify(shown[0]) === JSON.stringify(["Variant group", "Topic", "Trees", ...columns]), "the groups' header is " + JSON.stringify(shown[0]));
    check(shown.length - 1 === want.length, `${shown.length - 1} groups listed, want ${want.length}`);
    // (Ties in trees keep group order in both: the rows are compared as sets of equal trees.)
    const key = (rows) => rows.map((r) => JSON.stringify(r)).sort().join("\n");
    check(key(shown.slice(1)) === key(want), "the listed groups differ from the export's");
    for (let i = 2; i < shown.length; i++) {
      const a = Number(shown[i - 1][2].replace(/,/g, "")), b = Number(shown[i][2].replace(/,/g, ""));
      check(a >= b, `row ${i} has more trees than the one before`);
    }

    // The filter: only groups some compared market lacks.
    await page.click("#markets-differ");
    const lacking = want.filter((r) => r.slice(3).some((c) => c === "0"));
    const filtered = await table("market-groups");
    check(filtered.length - 1 === lacking.length, `${filtered.length - 1} groups some market lacks, want ${lacking.length}`);
    check(lacking.length > 0 && lacking.length < want.length, "the planted markets have groups both shown everywhere and lacking somewhere");

    check(errors.length === 0, "console errors: " + errors.join("; "));
    check(requests.length === 0, "requests past the page: " + requests.join(", "));
    console.log(JSON.stringify({ pairs: pairs.length, groups: want.length, lacking: lacking.length }));
  } finally {
    await browser.close();
  }
})().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
