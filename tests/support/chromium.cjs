// The one way the page checkers (tests/export/check_*.cjs, tests/e2e/check_brief.cjs) open
// headless Chromium and watch a page: every console error or warning, page error and dialog is
// recorded in `errors`, and every request whose url `allowed` refuses in `requests` (by default
// anything but file: and data:, so a report that reaches the network fails its check).
const puppeteer = require("puppeteer-core");

function launch(extraArgs = []) {
  return puppeteer.launch({
    executablePath: process.env.PAA_CHROMIUM || "/usr/bin/chromium",
    headless: true,
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

module.exports = { launch, watch, localOnly };
