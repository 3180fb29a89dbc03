// @ts-check
// --- filters and the query list ---------------------------------------------------------
fillSelect($("loc-filter"), "All locales (" + fmt(R.length) + ")",
  [...locales.keys()].sort().map((k) => [k, k + " (" + fmt(locales.get(k)) + ")"]));
fillSelect($("job-filter"), "All jobs", D.jobs.map((j, i) => [String(i), j + " (" + fmt(jobCounts[i]) + ")"]));
$("meta").textContent = plural(R.length, "stored result", "stored results") + ", " + plural(locales.size, "locale", "locales") +
  ", " + plural(D.jobs.length, "job", "jobs") +
  (R.length ? "; newest result fetched " + new Date(D.newest_fetched_at).toISOString().slice(0, 16).replace("T", " ") + " UTC" : "");

function applyFilters() {
  const t = fold(state.text);
  const rows = [];
  for (let i = 0; i < R.length; i++) {
    if (t && !folded[i].includes(t)) continue;
    if (state.loc && locale(R[i]) !== state.loc) continue;
    if (state.job >= 0 && !R[i][RESULT.jobs].includes(state.job)) continue;
    rows.push(i);
  }
  state.rows = rows;
  $("count").textContent = fmt(rows.length) + " of " + fmt(R.length) + " queries";
  list.setCount(rows.length);
  if (!rows.includes(state.selected)) select(rows.length ? rows[0] : -1);
  selectionChanged();
}

const list = VList($("q-list"), $("q-list").firstElementChild, 40, (i) => {
  const idx = state.rows[i];
  const row = queryRow(R[idx][RESULT.q], locale(R[idx]), idx === state.selected);
  row.addEventListener("click", () => { select(idx); selectionChanged(); });
  return row;
});
$("q-list").addEventListener("keydown", (e) => {
  const pos = state.rows.indexOf(state.selected);
  let next;
  if (e.key === "ArrowDown") next = Math.min(state.rows.length - 1, pos + 1);
  else if (e.key === "ArrowUp") next = Math.max(0, pos - 1);
  else return;
  e.preventDefault();
  if (next >= 0 && next !== pos) { select(state.rows[next]); list.reveal(next); }
});

let debounce = 0;
$("q-filter").addEventListener("input", (e) => {
  state.text = inputValue(e);
  clearTimeout(debounce);
  debounce = setTimeout(applyFilters, R.length > 20000 ? 150 : 0);
});
$("loc-filter").addEventListener("change", (e) => { state.loc = inputValue(e); applyFilters(); });
$("job-filter").addEventListener("change", (e) => { state.job = inputValue(e) === "" ? -1 : Number(inputValue(e)); applyFilters(); });

function select(idx) {
  state.selected = idx;
  list.redraw();
  drawMap();
  if (activeTab === "related") drawRelated$();
  if (activeTab === "compare") drawCompare$();
}

// --- tabs -------------------------------------------------------------------------------
let activeTab = "map";
const tabs = ["map", "top", "topics", "changes", "domains", "related", "sources", "compare"];
const dirty = {};
const tabBar = Tabs(tabs, show);
function show(name) {
  activeTab = name;
  tabBar.select(name);
  if (name === "map") map.fit();
  if (name === "related") drawRelated$();
  if (name === "compare") drawCompare$();
  if (name === "topics") topicsView.draw();
  if (name === "changes") changesView.draw();
  if (name === "domains") domainsView.draw();
  if ((name === "top" || name === "sources") && dirty[name] !== false) {
    dirty[name] = false;
    if (name === "top") drawTop(); else sourcesView.draw();
  }
}
function selectionChanged() {
  dirty.top = dirty.sources = true;
  if (activeTab === "top" || activeTab === "sources") show(activeTab);
}
