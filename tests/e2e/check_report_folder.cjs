#!/usr/bin/env node
// Opens a report folder (`paa export --format html -o DIR/`) in headless Chromium (puppeteer-core)
// from file:// or from a static HTTP server, and uses it as a person would: the first view, paging
// to the last query, search, a deep link and its lineage, every tab, back and forward, hostile
// text. Fails on any console error or warning, and on any request that leaves the folder (file://)
// or the origin (http://).
//
// usage: NODE_PATH=build/npm/node_modules node check_report_folder.cjs URL_OF_INDEX EXPECT.json SHOTS_DIR [timing]
// EXPECT.json (written by tests/e2e/report_folder_e2e_test.cpp; a key is {"q", "hl", "gl", "city"}):
//   keys        how many results the report holds (the list's count)
//   first_key   the list's first key: shown, and its tree drawn, when the page opens without a fragment (optional)
//   last_key    the list's last key (number keys - 1): paging reaches it and opens its tree
//   search      {"words": text, "question": a question known to be in the store,
//                "matches": how many unique questions hold every word of `words` as a whole word, or null}
//               The search is for `words` as whole words (#search=WORDS%20): `question` is among the results,
//               every result shown (question and query) holds every word, and when the page says its count
//               is complete it is `matches`.
//   deep_link   key + {"root_questions": the tree's first-level questions in order, "level": N,
//                "parent": key, "seed": key} (optional; lineage checked when level > 0)
//   hostile     {"q": text, "queries": [text or key, ...]}: queries whose text must stay text (optional):
//               each opened (a text: found through the list's filter by its words; a key: by its link)
//               with every view of its tree; then a search for q. Nothing may run, no element or
//               attribute may come from them, links are http(s) or views of the report.
// "timing" measures a big folder for scripts/bench.sh and checks only that it works: uses keys, last_key
// and search.words; opens 50 trees spread over the list, then collects garbage and reads the heap.
// Prints one JSON line of figures on success (interactive_ms, files_loaded_first, tree_open_ms,
// first_search_ms; in timing mode also tree_open_median_ms, tree_open_max_ms and js_heap_mb after
// the 50 trees); exits 1 naming the failed check otherwise.
"use strict";
const fs = require("fs");
const path = require("path");
const chromium = require("../support/chromium.cjs");

const [url, expectPath, shots, mode] = process.argv.slice(2);
const expect = JSON.parse(fs.readFileSync(expectPath, "utf8"));
const timing = mode === "timing";
const fmt = (n) => n.toLocaleString("en");  // the page's number format
// Folded as the page's search folds (case, accents), for "holds every word" by substring.
const fold = (s) => String(s).toLowerCase().replace(/ß/g, "ss").replace(/\u2019/g, "'").normalize("NFD").replace(/\p{Mn}/gu, "").normalize("NFC");
const wordsOf = (s) => [...new Intl.Segmenter("und", { granularity: "word" }).segment(fold(s))].filter((x) => x.isWordLike).map((x) => x.segment);
const enc = encodeURIComponent;
const keyHash = (k) => `#q=${enc(k.q)}&hl=${enc(k.hl)}&gl=${enc(k.gl)}&city=${enc(k.city || "")}`;
const localeOf = (k) => k.hl + "-" + k.gl + (k.city ? "-" + k.city : "");

// Requests may stay in the folder (file://) or the origin (http://).
const base = new URL(url);
const folder = base.href.slice(0, base.href.lastIndexOf("/") + 1);
const allowed = base.protocol === "file:"
  ? (u) => u.startsWith("data:") || (u.startsWith(folder) && !u.slice(folder.length).split(/[?#]/)[0].split("/").includes(".."))
  : (u) => u.startsWith("data:") || new URL(u).origin === base.origin;

let step = "start";  // named in the failure message, with a screenshot of that moment
let failPage = null;
function check(cond, message) {
  if (!cond) throw new Error(message);
}

(async () => {
  const browser = await chromium.launch(["--enable-precise-memory-info"]);
  const figures = {};
  try {
    const page = await browser.newPage();
    failPage = page;
    await page.setViewport({ width: 1400, height: 900 });
    const { errors, requests } = chromium.watch(page, allowed);
    let loads = 0;  // every request, the page's own included
    page.on("request", () => { loads++; });
    const index = url.split("#")[0];
    const rootTitle = () => page.$eval("#map g.node.root > title", (t) => t.textContent).catch(() => null);
    const waitRoot = (q) => page.waitForFunction((want) => {
      const t = document.querySelector("#map g.node.root > title");
      return t && t.textContent === want;
    }, { timeout: 30000 }, q);
    const activeTab = () => page.$eval('nav [aria-selected="true"]', (b) => b.id.replace("tab-", ""));
    const inert = async (where) => {
      check((await page.evaluate(() => window.__pwned)) === undefined, `a hostile string ran as script (${where})`);
      const foreign = await page.evaluate(() => [...document.querySelectorAll("img, iframe, object, embed, frame, body script:not([src=\"common.js\"]):not([src=\"folder.js\"]), link:not([rel=stylesheet]):not([rel=icon][href=\"favicon.ico\"])")].map((e) => e.outerHTML.slice(0, 80)));
      check(foreign.length === 0, `a hostile string became an element (${where}): ${foreign.join(" | ")}`);
      const handlers = await page.evaluate(() => [...document.querySelectorAll("*")].flatMap((e) => [...e.attributes].map((a) => a.name)).filter((n) => n.startsWith("on")));
      check(handlers.length === 0, `event handler attributes (${where}): ${handlers.join(" ")}`);
      const links = await page.$$eval("a[href]", (as) => as.map((a) => a.getAttribute("href")));
      const bad = links.find((h) => !/^https?:\/\//i.test(h) && !h.startsWith("#"));
      check(bad === undefined, `a link that is neither http(s) nor a view of the report (${where}): ${bad}`);
    };
    // Opens a fragment the way a person follows a link: a fragment navigation in the same page.
    const go = async (hash) => { await page.evaluate((h) => { location.hash = h; }, hash); };
    const searchDone = (words) => page.waitForFunction((w) => {
      const s = document.getElementById("search-summary");
      return s.dataset.state === "done" && document.getElementById("search-box").value === w;
    }, { timeout: 30000 }, words);

    // A person's browser is already running: warm Chromium's loader up on the folder's own style
    // sheet, then time the page from navigation start to interactive (the page stamps it).
    step = "interactive";
    await page.goto(folder + "report.css", { waitUntil: "load" });
    const warm = loads;
    await page.goto(index, { waitUntil: "load" });
    await page.waitForSelector('body[data-ready="1"]', { timeout: 30000 });
    figures.interactive_ms = Number(await page.$eval("body", (b) => b.dataset.readyMs));
    const count = await page.$eval("#count", (e) => e.textContent);
    check(count === `${fmt(expect.keys)} ${expect.keys === 1 ? "query" : "queries"}`, `the count says '${count}', want ${expect.keys} queries`);
    if (expect.first_key) {
      const root = await rootTitle();
      check(root === expect.first_key.q, `the first view draws '${root}', want the first key '${expect.first_key.q}'`);
    }
    figures.files_loaded_first = loads - warm;
    if (!timing) await page.screenshot({ path: path.join(shots, "folder.png") });

    // Paging: the end of the list is the last key; its tree opens.
    step = "paging";
    let t = Date.now();
    await page.$eval("#q-list", (l) => { l.scrollTop = l.scrollHeight; });
    const last = expect.keys - 1;
    await page.waitForFunction((k) => { const r = document.querySelector(`#q-list .vrow[data-key="${k}"]`); return r && r.getBoundingClientRect().bottom <= document.getElementById("q-list").getBoundingClientRect().bottom + 1; },
      { timeout: 30000 }, last);
    const lastRow = await page.$eval(`#q-list .vrow[data-key="${last}"]`, (r) => [r.firstChild.textContent, r.querySelector(".sub").textContent]);
    check(lastRow[0] === expect.last_key.q && lastRow[1] === localeOf(expect.last_key),
      `the list ends with '${lastRow.join(" / ")}', want '${expect.last_key.q} / ${localeOf(expect.last_key)}'`);
    t = Date.now();
    await page.click(`#q-list .vrow[data-key="${last}"]`);
    await waitRoot(expect.last_key.q);
    figures.tree_open_ms = Date.now() - t;
    const hashNow = await page.evaluate(() => location.hash);
    check(hashNow === keyHash(expect.last_key), `selecting the last key links it as '${hashNow}', want '${keyHash(expect.last_key)}'`);

    // The job filter: exactly the keys that job finished (its jsonl export), then all again.
    if (expect.job) {
      step = "job filter";
      const wantKeys = new Set(expect.job.keys);
      const jobValue = await page.$$eval("#job-filter option", (os, name) => (os.find((o) => o.textContent.startsWith(name + " (")) || {}).value, expect.job.name);
      check(jobValue !== undefined, `no option for job '${expect.job.name}'`);
      await page.select("#job-filter", jobValue);
      await page.waitForFunction((n) => document.getElementById("count").textContent.startsWith(n + " of "), { timeout: 30000 }, fmt(wantKeys.size));
      await page.$eval("#q-list", (l) => { l.scrollTop = 0; });
      await page.waitForFunction(() => document.querySelector("#q-list .vrow[data-key]"), { timeout: 30000 });
      const shown = await page.$$eval("#q-list .vrow[data-key]", (rs) => rs.map((r) => r.firstChild.textContent + "\t" + r.querySelector(".sub").textContent));
      check(shown.length > 0 && shown.every((r) => wantKeys.has(r)), `the job filter lists ${shown.filter((r) => !wantKeys.has(r)).slice(0, 3).join(" | ")}, not keys of ${expect.job.name}`);
      figures.job_keys = wantKeys.size;
      await page.select("#job-filter", "");
      await page.waitForFunction((n) => document.getElementById("count").textContent === n, { timeout: 30000 }, fmt(expect.keys) + " queries");
    }

    // Search: whole words (a space after the last), from a link.
    step = "search";
    const words = expect.search.words + " ";
    t = Date.now();
    await go("#search=" + enc(words));
    await searchDone(words);
    figures.first_search_ms = Date.now() - t;
    check((await activeTab()) === "search", "a #search= link does not open the Search view");
    const qCount = await page.$eval("#search-questions-count", (e) => e.textContent);
    const shownTotal = Number(qCount.split(" ")[0].replace(/,/g, ""));
    figures.search = { words: expect.search.words, questions: shownTotal, complete: qCount.endsWith("every word.") };

    if (timing) {
      // Trees: 50 spread over the list, each opened from its row; then the heap after a collection.
      step = "fifty trees";
      await page.click("#tab-map");
      const times = [];
      for (let i = 0; i < 50; i++) {
        const k = Math.floor((i * (expect.keys - 1)) / 49);
        await page.evaluate((pos, n) => {
          const l = document.getElementById("q-list");
          l.scrollTop = (pos / n) * (l.scrollHeight - l.clientHeight);
          return new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));  // drawn again
        }, k, expect.keys - 1);
        // The middle row in view, once its page has come.
        const [key, q] = await (await page.waitForFunction(() => {
          const rows = [...document.querySelectorAll("#q-list .vrow[data-key]")];
          const r = rows[Math.floor(rows.length / 2)];
          return !document.querySelector("#q-list .vrow.pending") && r && [r.dataset.key, r.firstChild.textContent];
        }, { timeout: 30000 })).jsonValue();
        const t0 = Date.now();
        await page.click(`#q-list .vrow[data-key="${key}"]`);
        await waitRoot(q);
        times.push(Date.now() - t0);
      }
      times.sort((a, b) => a - b);
      figures.tree_open_median_ms = times[Math.floor(times.length / 2)];
      figures.tree_open_max_ms = times[times.length - 1];
      const cdp = await page.target().createCDPSession();
      await cdp.send("HeapProfiler.collectGarbage");
      figures.js_heap_mb = Math.round(((await page.metrics()).JSHeapUsedSize / 1048576) * 10) / 10;
      figures.dom_nodes = await page.evaluate(() => document.getElementsByTagName("*").length);
      check(errors.length === 0, "console errors: " + errors.join(" | "));
      check(requests.length === 0, "requests outside the report: " + requests.join(" "));
      console.log(JSON.stringify(figures));
      return;
    }

    // Every listed result holds every word; the known question is among them.
    const want = wordsOf(expect.search.words);
    const collect = async (list, attr) => {
      const seen = new Map();
      const height = await page.$eval(list, (l) => l.scrollHeight);
      for (let top = 0; ; top += 400) {
        await page.$eval(list, (l, y) => { l.scrollTop = y; }, top);
        await page.waitForFunction((sel) => !document.querySelector(sel + " .vrow.pending"), { timeout: 30000 }, list);
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        for (const [n, text] of await page.$$eval(`${list} .vrow[${attr}]`, (rows, a) => rows.map((r) => [r.getAttribute(a), r.firstChild.textContent]), attr)) seen.set(n, text);
        if (top + 400 >= height || seen.size >= 3000) break;
      }
      await page.$eval(list, (l) => { l.scrollTop = 0; });
      return seen;
    };
    const questions = await collect("#search-questions", "data-question");
    check(questions.size === Math.min(shownTotal, 3000), `${questions.size} questions listed, the count says ${shownTotal}`);
    for (const [, text] of questions) {
      const have = fold(text);
      for (const w of want) check(have.includes(w), `the result '${text}' does not hold '${w}'`);
    }
    check([...questions.values()].includes(expect.search.question), `the search does not find '${expect.search.question}'`);
    if (typeof expect.search.matches === "number" && figures.search.complete) {
      check(shownTotal === expect.search.matches, `${shownTotal} questions hold every word of '${expect.search.words}', want ${expect.search.matches}`);
    }
    const keysFound = await collect("#search-keys", "data-key");
    for (const [, text] of keysFound) {
      const have = fold(text);
      for (const w of want) check(have.includes(w), `the query '${text}' does not hold '${w}'`);
    }
    await page.screenshot({ path: path.join(shots, "folder-search.png") });
    // A question's detail links to its first query, which opens.
    await page.click("#search-questions .vrow[data-question]");
    await page.waitForSelector("#search-detail a[href^='#q=']", { timeout: 30000 });
    const firstQuery = await page.$eval("#search-detail a[href^='#q=']", (a) => [a.getAttribute("href"), a.textContent]);
    await page.click("#search-detail a[href^='#q=']");
    await page.waitForFunction(() => document.querySelector('nav [aria-selected="true"]').id === "tab-map", { timeout: 30000 });
    const root = await rootTitle();
    check(firstQuery[1].startsWith(root + " ("), `the first query link '${firstQuery[1]}' opens '${root}'`);

    // A deep link opens its key's tree; its lineage links to its parent and seed.
    if (expect.deep_link) {
      step = "deep link";
      const d = expect.deep_link;
      await page.goto(index + keyHash(d), { waitUntil: "load" });
      await page.waitForSelector('body[data-ready="1"]', { timeout: 30000 });
      await waitRoot(d.q);
      const roots = await page.$$eval('#map g.node[data-depth="1"] > title', (ts) => ts.map((x) => x.textContent));
      check(JSON.stringify(roots) === JSON.stringify(d.root_questions), `the deep link's tree starts with ${JSON.stringify(roots)}, want ${JSON.stringify(d.root_questions)}`);
      const detail = await page.$eval("#detail", (e) => e.textContent);
      check(detail.includes(localeOf(d)), `the detail '${detail}' lacks the locale ${localeOf(d)}`);
      if (d.level > 0) {
        step = "lineage";
        const lineage = await page.$eval("#detail .lineage", (p) => [p.textContent, ...[...p.querySelectorAll("a")].map((a) => a.getAttribute("href"))]);
        check(lineage[0].startsWith(`Level ${d.level} `), `the lineage says '${lineage[0]}', want level ${d.level}`);
        check(lineage[1] === keyHash(d.parent) && lineage[2] === keyHash(d.seed),
          `the lineage links ${lineage.slice(1).join(" ")}, want the parent ${keyHash(d.parent)} and the seed ${keyHash(d.seed)}`);
        await page.click("#detail .lineage a");
        await waitRoot(d.parent.q);
        await page.goBack();
        await waitRoot(d.q);
        await page.$$eval("#detail .lineage a", (as) => as[1].click());
        await waitRoot(d.seed.q);
        await page.goBack();
        await waitRoot(d.q);
      }
      await page.screenshot({ path: path.join(shots, "folder-deep-link.png") });
    }

    // Every tab renders, and has a link of its own.
    step = "tabs";
    const tabs = {
      top: "#top-table .vrow[data-question]",
      topics: "#topic-summary:not(:empty)",
      changes: "#changes-summary:not(:empty)",
      domains: "#domains-summary:not(:empty)",
      related: "#related h3",
      sources: "#sources p",
      compare: "#compare h3",
      search: "#search-summary[data-state=done]",
      map: "#map g.node.root",
    };
    const rendered = async (name) => {
      await page.waitForFunction((n, sel) => document.querySelector('nav [aria-selected="true"]').id === "tab-" + n && document.querySelector(sel),
        { timeout: 30000 }, name, tabs[name]);
    };
    for (const name of Object.keys(tabs)) {
      await page.click("#tab-" + name);
      await rendered(name);
      // As a person sees it: no placeholder cut off, no blank band under a heading.
      const defects = await chromium.layoutDefects(page);
      check(defects.length === 0, `the ${name} view: ${defects.join("; ")}`);
    }
    // Colour by topic (the topics' listed questions) shows its legend, and hides it again.
    await page.click("#color-topics");
    await page.waitForSelector("#topic-legend:not([hidden]) strong", { timeout: 30000 });
    figures.map_topics = await page.$$eval("#topic-legend div[data-topic]", (ds) => ds.length);
    await page.click("#color-topics");
    await page.waitForSelector("#topic-legend[hidden]", { timeout: 30000 });
    await page.click("#tab-top");
    await rendered("top");
    await page.click("#top-table .vrow[data-question]");
    await page.waitForSelector("#top-detail a[href^='#q=']", { timeout: 30000 });
    const topic = await page.$("#top-detail a[href^='#topic=']");
    if (topic) {
      const href = await page.$eval("#top-detail a[href^='#topic=']", (a) => a.getAttribute("href"));
      await topic.click();
      const id = decodeURIComponent(href.slice("#topic=".length));
      await page.waitForFunction((i) => [...document.querySelectorAll("#topic-table tr.qs")].some((tr) => tr.dataset.topic === i), { timeout: 30000 }, id);
      figures.topic_link = id;
    }
    await page.click("#tab-topics");
    await rendered("topics");
    await page.screenshot({ path: path.join(shots, "folder-topics.png") });

    // Back and forward restore the views in order: the map of the last key, then domains, then a search.
    step = "back and forward";
    await go(keyHash(expect.last_key));
    await waitRoot(expect.last_key.q);
    await page.click("#tab-domains");
    await rendered("domains");
    await go("#search=" + enc(words));
    await searchDone(words);
    await page.goBack();
    await rendered("domains");
    await page.goBack();
    await rendered("map");
    check((await rootTitle()) === expect.last_key.q, "back does not restore the last key's map");
    await page.goForward();
    await rendered("domains");
    await page.goForward();
    await searchDone(words);
    check((await activeTab()) === "search", "forward does not restore the search");

    // Hostile queries: found by their words, shown as text in the list, the map and every tab.
    if (expect.hostile) {
      step = "hostile text";
      for (const h of expect.hostile.queries || [expect.hostile.q]) {
        const q = typeof h === "string" ? h : h.q;
        if (typeof h === "string") {
          if (!wordsOf(q).length) continue;  // no word to find it by
          await page.$eval("#q-filter", (e, v) => { e.value = v; e.dispatchEvent(new Event("input")); }, q);
          await page.waitForFunction((v) => [...document.querySelectorAll("#q-list .vrow[data-key]")].some((r) => r.firstChild.textContent === v), { timeout: 30000 }, q);
          await page.evaluate((v) => [...document.querySelectorAll("#q-list .vrow[data-key]")].find((r) => r.firstChild.textContent === v).click(), q);
        } else {
          await go(keyHash(h));
        }
        await waitRoot(q);
        await page.click("#map g.node:not(.root) rect").catch(() => {});
        for (const name of ["related", "sources", "compare", "map"]) {
          await page.click("#tab-" + name);
          await rendered(name);
        }
        await inert("the query " + JSON.stringify(q));
      }
      await page.$eval("#q-filter", (e) => { e.value = ""; e.dispatchEvent(new Event("input")); });
      await page.waitForFunction((n) => document.getElementById("count").textContent.startsWith(n + " "), { timeout: 30000 }, fmt(expect.keys));
      await go("#search=" + enc(expect.hostile.q));
      await searchDone(expect.hostile.q);
      await inert("the search for " + JSON.stringify(expect.hostile.q));
      await page.screenshot({ path: path.join(shots, "folder-hostile.png") });
    }

    // Printing gives the current mind map one page.
    step = "print";
    await page.click("#tab-map");
    await rendered("map");
    await page.evaluate(() => window.dispatchEvent(new Event("beforeprint")));
    const pdf = Buffer.from(await page.pdf({ landscape: true, format: "A4" })).toString("latin1");
    figures.print_pages = (pdf.match(/\/Type\s*\/Page\b/g) || []).length;
    check(figures.print_pages === 1, `printing the map takes ${figures.print_pages} pages, want 1`);
    await page.evaluate(() => window.dispatchEvent(new Event("afterprint")));

    step = "console and requests";
    await inert("the end");
    const meta = await page.$eval("#meta", (e) => e.textContent);
    check(!meta.startsWith("This report folder is incomplete"), meta);
    check(errors.length === 0, "console errors: " + errors.join(" | "));
    check(requests.length === 0, "requests outside the report: " + requests.join(" "));
    figures.files_loaded = loads;
    console.log(JSON.stringify(figures));
  } catch (e) {
    if (failPage) await failPage.screenshot({ path: path.join(shots, "folder-failure.png") }).catch(() => {});
    throw e;
  } finally {
    await browser.close();
  }
})().catch((e) => {
  console.error(`check_report_folder: at '${step}': ${e.message} (screenshot: folder-failure.png)`);
  process.exit(1);
});
