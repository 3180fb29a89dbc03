// The one way the page checkers (tests/export/check_*.cjs, tests/e2e/check_brief.cjs) open
// headless Chromium and watch a page: every console error or warning, page error and dialog is
// recorded in `errors`, and every request whose url `allowed` refuses in `requests` (by default
// anything but file: and data:, so a report that reaches the network fails its check).
const puppeteer = require("puppeteer-core");

function launch(extraArgs = []) {
  return puppeteer.launch({
    executablePath: process.env.PAA_CHROMIUM || "/usr/bin/chromium",
    headless: true,
    // A cold first start beside an ASan ctest -j2 took over puppeteer's 30 s (a fresh clone's CI,
    // ExportLineageE2E); a hung Chromium still fails, at two minutes.
    timeout: 120000,
    // CI runs as root in a container: no sandbox, no GPU, no /dev/shm to speak of.
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--no-default-browser-check",
           ...extraArgs],
  });
}

const localOnly = (url) => url.startsWith("file:") || url.startsWith("data:");

function watch(page, allowed = localOnly) {
  const errors = [];
  const requests = [];
  // (A failed load's message names no file: its location does.)
  page.on("console", (m) => {
    if (m.type() !== "error" && m.type() !== "warn") return;
    const at = m.location() && m.location().url;
    errors.push(m.type() + ": " + m.text() + (at ? " (" + at + ")" : ""));
  });
  page.on("pageerror", (e) => errors.push("page error: " + e.message));
  page.on("dialog", async (d) => { errors.push("dialog: " + d.message()); await d.dismiss(); });
  page.on("request", (r) => { if (!allowed(r.url())) requests.push(r.url()); });
  return { errors, requests };
}

// What a person would call broken in the page as shown now: a search box whose placeholder is
// cut off (its text, in the box's own font, wider than the box's text area), and a blank band
// taller than `maxGap` px between two visible siblings of an open panel or section (a heading
// and what it heads drifting apart). Returns a list of descriptions, empty when none.
async function layoutDefects(page, maxGap = 24) {
  return page.evaluate((maxGap) => {
    const found = [];
    const visible = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
    const canvas = document.createElement("canvas").getContext("2d");
    for (const input of document.querySelectorAll("input[placeholder]")) {
      if (!visible(input) || input.value) continue;
      const cs = getComputedStyle(input);
      canvas.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      const room = input.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
      const need = canvas.measureText(input.placeholder).width;
      // type=search keeps room for its clear button on the right.
      if (need > room - (input.type === "search" ? 14 : 0)) {
        found.push(`#${input.id}'s placeholder "${input.placeholder}" needs ${Math.ceil(need)}px, the box has ${Math.floor(room)}px`);
      }
    }
    for (const box of document.querySelectorAll(".panel.active, .panel.active section")) {
      const kids = [...box.children].filter(visible);
      for (let i = 1; i < kids.length; i++) {
        const gap = kids[i].getBoundingClientRect().top - kids[i - 1].getBoundingClientRect().bottom;
        if (gap > maxGap) {
          const name = (e) => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + ` "${e.textContent.trim().slice(0, 30)}"`;
          found.push(`${Math.round(gap)}px blank between ${name(kids[i - 1])} and ${name(kids[i])} in #${box.id || box.parentElement.id}`);
        }
      }
    }
    return found;
  }, maxGap);
}

module.exports = { launch, watch, localOnly, layoutDefects };
