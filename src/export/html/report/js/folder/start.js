// @ts-check
// --- start: the summary, the first page of the list, the first view -----------------------------
async function start() {
  $("meta").textContent = plural(S.results, "stored result", "stored results") + ", " + plural(S.locales.length, "locale", "locales") +
    ", " + plural(S.jobs.length, "job", "jobs") +
    (S.results ? "; newest result fetched " + when(S.newest_fetched_at) : "") +
    (S.at !== null && S.at !== undefined ? "; as stored at " + (typeof S.at === "number" ? when(S.at) : S.at) : "");
  fillSelect($("loc-filter"), "All locales (" + fmt(S.keys.count) + ")", S.locales.map((l, i) => [String(i), l[LOCALE.name] + " (" + fmt(l[LOCALE.count]) + ")"]));
  fillSelect($("job-filter"), "All jobs", S.jobs.map((j, i) => [String(i), j + " (" + fmt((S.job_keys[i] || [0])[0]) + ")"]));
  drawCount();
  qlist.setCount(listCount());
  if (!S.keys.count) map.clear("The report holds no results.");
  if (location.hash) await route(location.hash);
  else if (S.keys.count) await openKey(0);
  ready();
}
const boot = document.createElement("script");
boot.src = "data/report.js";
boot.onload = () => {
  boot.remove();
  if (!S) { failed(new Error("data/report.js holds no summary")); return; }
  start().catch(failed);
};
boot.onerror = () => failed(new Error("cannot load data/report.js"));
document.head.appendChild(boot);
