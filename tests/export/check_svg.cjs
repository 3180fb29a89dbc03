#!/usr/bin/env node
// Renders a `paa map` SVG in headless Chromium (puppeteer-core), saves a PNG and checks that
// the picture is not blank and that the page logged no error.
// usage: NODE_PATH=build/npm/node_modules node check_svg.cjs MAP.svg OUT.png
"use strict";
const path = require("path");
const chromium = require("../support/chromium.cjs");

const [svgPath, pngPath] = process.argv.slice(2);
(async () => {
  const browser = await chromium.launch();
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto("file://" + path.resolve(svgPath), { waitUntil: "load" });
    const size = await page.evaluate(() => {
      const svg = document.documentElement;
      return { tag: svg.tagName, w: Math.ceil(svg.width.baseVal.value), h: Math.ceil(svg.height.baseVal.value), nodes: svg.querySelectorAll("g rect").length };
    });
    if (size.tag !== "svg") throw new Error("not an SVG document: " + size.tag);
    await page.setViewport({ width: Math.min(size.w, 4000), height: Math.min(size.h, 4000) });
    const shot = Buffer.from(await page.screenshot({ type: "png" }));
    require("fs").writeFileSync(pngPath, shot);
    const png = shot.toString("base64");
    // Count non-white pixels by drawing the screenshot on a canvas in a blank page.
    const blank = await browser.newPage();
    const ink = await blank.evaluate(async (data) => {
      const img = new Image();
      img.src = "data:image/png;base64," + data;
      await img.decode();
      const c = document.createElement("canvas");
      c.width = img.width;
      c.height = img.height;
      const ctx = c.getContext("2d");
      ctx.drawImage(img, 0, 0);
      const px = ctx.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < px.length; i += 4) if (px[i] < 240 || px[i + 1] < 240 || px[i + 2] < 240) n++;
      return n / (px.length / 4);
    }, png);
    if (ink < 0.01) throw new Error("the rendered map is blank (" + ink + " ink)");
    if (errors.length) throw new Error("errors: " + errors.join(" | "));
    console.log(JSON.stringify({ width: size.w, height: size.h, question_boxes: size.nodes - 1, ink: Number(ink.toFixed(3)) }));
  } finally {
    await browser.close();
  }
})().catch((e) => {
  console.error("check_svg: " + e.message);
  process.exit(1);
});
