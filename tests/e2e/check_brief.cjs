#!/usr/bin/env node
// Opens a `paa brief --format html` page from file:// in headless Chromium (puppeteer-core) and
// checks that the hostile texts it shows stayed text: no script ran (an onerror or javascript:
// link would set window.__pwned), no element or attribute came from them, every expected question
// and answer shows as exactly its characters, links go to http(s) only, the FAQPage JSON-LD in the
// page parses, and there was no console error and no request.
//
// usage: NODE_PATH=build/npm/node_modules node check_brief.cjs BRIEF.html EXPECT.json
// EXPECT.json: {"entries": N, "questions": [text, ...], "answers": [text, ...], "faq_names": [text, ...]}
// Prints one JSON line of figures on success; exits 1 naming the first failed check.
"use strict";
const fs = require("fs");
const path = require("path");
const chromium = require("../support/chromium.cjs");

const [briefPath, expectPath] = process.argv.slice(2);
const expect = JSON.parse(fs.readFileSync(expectPath, "utf8"));
function check(cond, message) {
  if (!cond) throw new Error(message);
}
// What the brief's own markup uses; anything else came from a text.
const OURS = new Set(["header", "h1", "p", "code", "time", "main", "section", "h2", "ol", "li", "h3", "span", "div",
  "ul", "a", "table", "thead", "tbody", "tr", "th", "td", "footer"]);

(async () => {
  const browser = await chromium.launch();
  try {
    const page = await browser.newPage();
    // The page itself is its only request.
    const { errors, requests } = chromium.watch(page, (url) => url === "file://" + path.resolve(briefPath));
    // "load" waits for every image, so a planted <img onerror> has had its chance; two frames
    // more for anything deferred to rendering.
    await page.goto("file://" + path.resolve(briefPath), { waitUntil: "load" });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

    check(await page.evaluate(() => window.__pwned) === undefined, "a script from the hostile text ran (window.__pwned is set)");
    const foreign = await page.evaluate((ours) => [...document.body.querySelectorAll("*")]
      .filter((e) => !ours.includes(e.localName)).map((e) => e.outerHTML.slice(0, 80)), [...OURS]);
    check(foreign.length === 0, "elements that are not the brief's: " + foreign.join(" | "));
    const handlers = await page.evaluate(() => [...document.querySelectorAll("*")]
      .flatMap((e) => [...e.attributes].map((a) => a.name)).filter((n) => n.startsWith("on")));
    check(handlers.length === 0, "event handler attributes: " + handlers.join(" "));
    const scripts = await page.$$eval("script", (s) => s.map((e) => e.type));
    check(scripts.length === 1 && scripts[0] === "application/ld+json", "script elements: " + JSON.stringify(scripts));
    const links = await page.$$eval("a[href]", (as) => as.map((a) => a.getAttribute("href")));
    check(links.every((h) => /^https?:\/\//i.test(h)), "a link that is not http(s): " + links.find((h) => !/^https?:\/\//i.test(h)));

    const entries = await page.$$eval("li.entry", (els) => els.map((e) => ({
      q: e.querySelector("h3").textContent,
      answer: e.querySelector(".answer").textContent,
    })));
    check(entries.length === expect.entries, `${entries.length} entries, want ${expect.entries}`);
    for (const q of expect.questions) {
      check(entries.some((e) => e.q === q), "question not shown as its text: " + JSON.stringify(q));
    }
    for (const a of expect.answers) {
      check(entries.some((e) => e.answer === a), "answer not shown as its text: " + JSON.stringify(a));
    }
    const ld = JSON.parse(await page.$eval('script[type="application/ld+json"]', (s) => s.textContent));
    check(ld["@context"] === "https://schema.org" && ld["@type"] === "FAQPage", "the page's JSON-LD is not an FAQPage");
    const names = ld.mainEntity.map((q) => q.name);
    check(JSON.stringify(names) === JSON.stringify(expect.faq_names),
      "the page's FAQPage questions " + JSON.stringify(names) + ", want " + JSON.stringify(expect.faq_names));
    check(errors.length === 0, "console errors: " + errors.join(" | "));
    check(requests.length === 0, "requests: " + requests.join(" "));
    console.log(JSON.stringify({ entries: entries.length, links: links.length, faq: names.length }));
  } finally {
    await browser.close();
  }
})().catch((e) => {
  console.error("check_brief: " + e.message);
  process.exit(1);
});
