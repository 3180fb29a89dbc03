#!/usr/bin/env node
// Loads a `paa export --format html` report from file:// in headless Chromium (puppeteer-core)
// and checks it as a person would use it. The expectations come from the jsonl export of the
// same selection.
//
// usage: NODE_PATH=build/npm/node_modules node check_report.cjs REPORT.html EXPORT.jsonl SHOTS_DIR [timing]
// Prints one JSON line of figures on success; exits 1 naming the first failed check.
// "timing" only measures a large report: time to interactive, a filter, the top questions.
"use strict";
const fs = require("fs");
const path = require("path");
const chromium = require("../support/chromium.cjs");

const [reportPath, jsonlPath, shots, mode] = process.argv.slice(2);
const results = fs.readFileSync(jsonlPath, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
const fmt = (n) => n.toLocaleString("en");  // the page's number format
const fold = (s) => String(s).normalize("NFC").toLowerCase().replace(/\s+/g, " ").trim();
const hostile = results.find((r) => r.q.includes("onerror"));

let step = "start";  // named in the failure message, with a screenshot of that moment
let failPage = null;
function check(cond, message) {
  if (!cond) throw new Error(message);
}

(async () => {
  const browser = await chromium.launch();
  const figures = {};
  try {
    const page = await browser.newPage();
    failPage = page;
    await page.setViewport({ width: 1400, height: 860 });
    const { errors, requests } = chromium.watch(page);

    // A person's browser is already running: warm Chromium's file loader up on a tiny page,
    // then time the report from navigation start to interactive (the page stamps it).
    const warm = path.join(require("os").tmpdir(), `paa-warm-${process.pid}.html`);
    fs.writeFileSync(warm, "<!doctype html><title>warm</title><p>warm</p>");
    await page.goto("file://" + warm, { waitUntil: "load" });
    fs.unlinkSync(warm);
    await page.goto("file://" + path.resolve(reportPath), { waitUntil: "load" });
    await page.waitForSelector('body[data-ready="1"]', { timeout: 30000 });
    figures.interactive_ms = Number(await page.$eval("body", (b) => b.dataset.readyMs));
    figures.dom_nodes = await page.evaluate(() => document.getElementsByTagName("*").length);
    if (mode === "timing") {
      let t = Date.now();
      const needle = results[results.length - 1].q;
      const want = results.filter((r) => fold(r.q).includes(fold(needle))).length;
      await page.$eval("#q-filter", (e, v) => { e.value = v; e.dispatchEvent(new Event("input")); }, needle);
      await page.waitForFunction((w) => document.getElementById("count").textContent.startsWith(w.toLocaleString("en") + " of "), { timeout: 20000 }, want);
      figures.filter_ms = Date.now() - t;
      await page.$eval("#q-filter", (e) => { e.value = ""; e.dispatchEvent(new Event("input")); });
      await page.waitForFunction((w) => document.getElementById("count").textContent.startsWith(w.toLocaleString("en") + " of "), { timeout: 20000 }, results.length);
      t = Date.now();
      await page.click("#tab-top");
      await page.waitForSelector("#top-table .vrow", { timeout: 20000 });
      figures.top_questions_ms = Date.now() - t;
      figures.dom_nodes_after = await page.evaluate(() => document.getElementsByTagName("*").length);
      check(errors.length === 0, "console errors: " + errors.join(" | "));
      check(requests.length === 0, "network requests: " + requests.join(" "));
      console.log(JSON.stringify(figures));
      return;
    }

    // The list shows every query; the first one's tree is drawn.
    step = "first tree";
    const count = await page.$eval("#count", (e) => e.textContent);
    check(count === `${fmt(results.length)} of ${fmt(results.length)} queries`, `count says '${count}', want all ${results.length}`);
    const titles = await page.$$eval("#map g.node > title", (ts) => ts.map((t) => t.textContent));
    check(titles[0] === results[0].q, `mind map root is '${titles[0]}', want '${results[0].q}'`);
    for (const q of results[0].result.children || []) {
      check(titles.includes(q.question), `mind map lacks the first query's question '${q.question}'`);
    }
    figures.map_nodes = titles.length;
    await page.screenshot({ path: path.join(shots, "report.png") });
    const map = await page.$(".mapwrap");
    await map.screenshot({ path: path.join(shots, "report-map.png") });

    // Selecting a question shows its answer and a link to its source.
    step = "question detail";
    const firstQ = (results[0].result.children || [])[0];
    if (firstQ) {
      await page.click("#map g.node:not(.root) rect");
      const detail = await page.$eval("#detail", (d) => d.textContent);
      check(detail.includes(firstQ.question), "the detail panel does not show the selected question");
      if (firstQ.url && /^https?:/.test(firstQ.url)) {
        const href = await page.$eval("#detail a", (a) => a.getAttribute("href"));
        check(href === firstQ.url, `detail link ${href}, want ${firstQ.url}`);
      }
    }

    // Filtering by text leaves exactly the matching queries.
    step = "text filter";
    // The second query's full text: it matches itself and any query that contains it.
    const needle = results[Math.min(1, results.length - 1)].q;
    const want = results.filter((r) => fold(r.q).includes(fold(needle))).length;
    // Typed like a person; each key schedules a filter pass, the count shows the last one.
    await page.type("#q-filter", needle);
    await page.waitForFunction((w) => document.getElementById("count").textContent.startsWith(w.toLocaleString("en") + " of "), { timeout: 20000 }, want);
    const shown = await page.$$eval("#q-list .vrow", (rows) => rows.map((r) => r.firstChild.textContent));
    check(shown.length === want, `${shown.length} rows shown after filtering, want ${want}`);
    for (const s of shown) check(fold(s).includes(fold(needle)), `row '${s}' does not match '${needle}'`);
    figures.filter = { text: needle, matches: want };

    // Locale filter counts.
    step = "locale filter";
    const loc = results[0].hl + "-" + results[0].gl + (results[0].city ? "-" + results[0].city : "");
    await page.$eval("#q-filter", (e) => { e.value = ""; e.dispatchEvent(new Event("input")); });
    await page.waitForFunction((w) => document.getElementById("count").textContent.startsWith(w.toLocaleString("en") + " of "), { timeout: 20000 }, results.length);
    await page.select("#loc-filter", loc);
    const inLocale = results.filter((r) => r.hl + "-" + r.gl + (r.city ? "-" + r.city : "") === loc).length;
    await page.waitForFunction((w) => document.getElementById("count").textContent.startsWith(w.toLocaleString("en") + " of "), { timeout: 20000 }, inLocale);
    await page.select("#loc-filter", "");

    // Hostile strings render as text and never run.
    step = "hostile strings";
    if (hostile) {
      // One input event, so that no later re-render replaces the row about to be clicked.
      const hostileCount = results.filter((r) => fold(r.q).includes("onerror")).length;
      await page.$eval("#q-filter", (e) => { e.value = "onerror"; e.dispatchEvent(new Event("input")); });
      await page.waitForFunction((w) => document.getElementById("count").textContent.startsWith(w.toLocaleString("en") + " of "), { timeout: 20000 }, hostileCount);
      await page.click("#q-list .vrow");
      const t = await page.$$eval("#map g.node > title", (ts) => ts.map((x) => x.textContent));
      check(t[0] === hostile.q, `the hostile query is not shown as text: '${t[0]}'`);
      for (const q of hostile.result.children || []) check(t.includes(q.question), `hostile question '${q.question}' not shown as text`);
      await page.click("#map g.node:not(.root) rect");
      await page.click("#tab-related");
      await page.click("#tab-top");
      await page.click("#tab-sources");
      await page.click("#tab-compare");
      await page.click("#tab-changes");
      await page.click("#tab-domains");
      await page.click("#tab-map");
      const pwned = await page.evaluate(() => window.__pwned);
      check(pwned === undefined, "a hostile string ran as script");
      const imgs = await page.evaluate(() => document.querySelectorAll("img, iframe, object, embed").length);
      check(imgs === 0, "a hostile string became an element");
      await page.$eval("#q-filter", (e) => { e.value = ""; e.dispatchEvent(new Event("input")); });
      await page.waitForFunction((w) => document.getElementById("count").textContent.startsWith(w.toLocaleString("en") + " of "), { timeout: 20000 }, results.length);
    }

    // The other views render from the selection.
    step = "other views";
    await page.click("#tab-top");
    await page.waitForSelector("#top-table .vrow", { timeout: 20000 });
    figures.top_rows_in_dom = await page.$$eval("#top-table .vrow", (r) => r.length);
    await page.click("#top-table .vrow");
    check((await page.$$("#top-detail li")).length > 0, "selecting a top question lists no queries");
    await page.screenshot({ path: path.join(shots, "report-top.png") });
    // Topics (checked against the topics export by check_topics.cjs): hostile questions listed
    // under their topic stay text.
    await page.click("#tab-topics");
    await page.waitForSelector("#topic-table tr.topic", { timeout: 20000 });
    for (const id of await page.$$eval("#topic-table tr.topic", (trs) => trs.map((tr) => tr.dataset.topic))) {
      await page.click(`#topic-table tr.topic[data-topic="${id}"]`);
      await page.waitForSelector(`#topic-table tr.qs[data-topic="${id}"]`, { timeout: 20000 });
    }
    if (hostile) {
      const listed = await page.$$eval("#topic-table td.question", (tds) => tds.map((td) => td.textContent));
      check(listed.some((q) => q.includes("onerror")), "the Topics view does not list the hostile questions as text");
      check((await page.evaluate(() => window.__pwned)) === undefined, "a hostile question ran in the Topics view");
      check((await page.$$("#topic-table img, #topic-table script")).length === 0, "the Topics view made markup of a question");
    }
    // Changes and Domains (checked against the trees written by check_changes.cjs): a store
    // without history says no change was recorded; the domains are listed.
    await page.click("#tab-changes");
    const noChange = await page.$eval("#volatile-note", (e) => e.textContent);
    check(noChange.includes("no change recorded"), `the Changes view of a store without history says '${noChange}'`);
    await page.click("#tab-domains");
    await page.waitForSelector("#domains-table tr[data-domain]", { timeout: 20000 });
    figures.domains_rows = await page.$$eval("#domains-table tr[data-domain]", (r) => r.length);
    check((await page.evaluate(() => window.__pwned)) === undefined, "a hostile string ran in the Changes or Domains view");
    await page.click("#tab-related");
    const related = await page.$$eval("#related li", (li) => li.map((x) => x.textContent));
    figures.related_shown = related.length;
    await page.click("#tab-sources");
    check((await page.$$("#sources tr")).length > 1, "no answer sources");
    await page.type("#domain-box", "example.com");
    await page.click("#tab-compare");
    await page.click("#tab-map");

    // Every view as a person sees it: no placeholder cut off, no blank band between a heading
    // and what it heads.
    step = "layout";
    for (const tab of ["map", "top", "topics", "changes", "domains", "related", "sources", "compare"]) {
      await page.click("#tab-" + tab);
      const defects = await chromium.layoutDefects(page);
      check(defects.length === 0, `the ${tab} view: ${defects.join("; ")}`);
    }
    await page.click("#tab-map");

    // Printing gives the current mind map one page.
    step = "print";
    await page.evaluate(() => window.dispatchEvent(new Event("beforeprint")));
    const pdf = Buffer.from(await page.pdf({ landscape: true, format: "A4" })).toString("latin1");
    figures.print_pages = (pdf.match(/\/Type\s*\/Page\b/g) || []).length;
    check(figures.print_pages === 1, `printing the map takes ${figures.print_pages} pages, want 1`);
    await page.evaluate(() => window.dispatchEvent(new Event("afterprint")));

    // The mind map's download buttons: the whole tree as an SVG file and as a PNG twice its size,
    // saved where Chromium is told to (DevTools' download events say when each file is whole).
    step = "download the map";
    const saved = fs.mkdtempSync(path.join(require("os").tmpdir(), "paa-map-"));
    const cdp = await page.target().createCDPSession();
    await cdp.send("Browser.setDownloadBehavior", { behavior: "allowAndName", downloadPath: saved, eventsEnabled: true });
    const download = (button) => new Promise((resolve, reject) => {
      let name = "";
      const begin = (e) => { name = e.suggestedFilename; };
      const progress = (e) => {
        if (e.state === "inProgress") return;
        cdp.off("Browser.downloadWillBegin", begin);
        cdp.off("Browser.downloadProgress", progress);
        if (e.state === "completed") resolve({ name, file: path.join(saved, e.guid) }); else reject(new Error(button + ": download " + e.state));
      };
      cdp.on("Browser.downloadWillBegin", begin);
      cdp.on("Browser.downloadProgress", progress);
      page.click(button).catch(reject);
    });
    const rootQ = await page.$eval("#map g.node.root > title", (t) => t.textContent);
    const svgFile = await download("#download-svg");
    const svgText = fs.readFileSync(svgFile.file, "utf8");
    check(svgFile.name.endsWith(".svg") && svgText.startsWith("<svg"), `the SVG download is '${svgFile.name}': ${svgText.slice(0, 40)}`);
    const [, sw, sh] = svgText.match(/^<svg[^>]* width="(\d+)" height="(\d+)"/) || [];
    check(sw && sh, "the SVG download has no width and height");
    const escapeXml = (t) => t.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    check(svgText.includes(escapeXml(rootQ)), `the SVG download does not hold its query '${rootQ}'`);
    check(!svgText.includes("class=") && svgText.includes("style="), "the SVG download depends on the page's stylesheet");
    const pngFile = await download("#download-png");
    const png = fs.readFileSync(pngFile.file);
    check(pngFile.name.endsWith(".png") && png.subarray(1, 4).toString() === "PNG", `the PNG download is '${pngFile.name}', not a PNG`);
    const pw = png.readUInt32BE(16), ph = png.readUInt32BE(20);
    check(pw === 2 * Number(sw) && ph === 2 * Number(sh), `the PNG is ${pw}x${ph}, want twice the SVG's ${sw}x${sh}`);
    figures.map_download = { svg: svgFile.name, png: [pw, ph] };
    fs.rmSync(saved, { recursive: true, force: true });

    check(errors.length === 0, "console errors: " + errors.join(" | "));
    check(requests.length === 0, "network requests: " + requests.join(" "));
    console.log(JSON.stringify(figures));
  } catch (e) {
    if (failPage) await failPage.screenshot({ path: path.join(shots, "report-failure.png") }).catch(() => {});
    throw e;
  } finally {
    await browser.close();
  }
})().catch((e) => {
  console.error(`check_report: at '${step}': ${e.message} (screenshot: report-failure.png)`);
  process.exit(1);
});
