#!/usr/bin/env node
// --title and --logo on the report (one file, and a folder's index.html): the page's <title> and
// its header's heading are the title as text (markup in it stays text), the logo an <img> that
// loads from its data: URL under the page's Content-Security-Policy, no script of the title's or
// of an SVG logo's runs, no console error, no request.
//
// usage: NODE_PATH=build/npm/node_modules node check_branding.cjs TITLE LOGO_WIDTH PAGE.html...
// Prints one JSON line on success; exits 1 naming the first failed check.
"use strict";
const path = require("path");
const chromium = require("../support/chromium.cjs");

const [title, logoWidth, ...pages] = process.argv.slice(2);
function check(cond, message) {
  if (!cond) throw new Error(message);
}
(async () => {
  const browser = await chromium.launch();
  const seen = [];
  try {
    for (const file of pages) {
      const page = await browser.newPage();
      const { errors, requests } = chromium.watch(page);
      await page.goto("file://" + path.resolve(file), { waitUntil: "load" });
      await page.waitForSelector('body[data-ready="1"]', { timeout: 30000 });
      const got = await page.evaluate(() => {
        const img = document.querySelector("header img.logo");
        return { title: document.title, h1: document.querySelector("header h1").textContent,
                 logo: img ? img.naturalWidth : -1, pwned: window.__pwned, injected: document.querySelectorAll("header script, header b").length };
      });
      check(got.title === title, `${file}: <title> '${got.title}', want '${title}'`);
      check(got.h1 === title, `${file}: the header says '${got.h1}', want '${title}'`);
      check(got.logo === Number(logoWidth), `${file}: the logo is ${got.logo} px wide (-1: none), want ${logoWidth}`);
      check(got.pwned === undefined && got.injected === 0, `${file}: the title or the logo made markup or ran a script`);
      check(errors.length === 0, `${file}: console errors: ${errors.join(" | ")}`);
      check(requests.length === 0, `${file}: requests: ${requests.join(" ")}`);
      seen.push(got);
      await page.close();
    }
    console.log(JSON.stringify({ pages: seen.length, logo: seen[0].logo }));
  } finally {
    await browser.close();
  }
})().catch((e) => {
  console.error("check_branding: " + e.message);
  process.exit(1);
});
