// @ts-check
// --- topics, changes, domains (the whole report's; common.js) ---------------------------------
const topicsView = TopicsView(T);
const changesView = ChangesView(C);
const domainsView = DomainsView(M);

// --- related searches, answer sources, compare locales ------------------------------------
function drawRelated$() {
  const d = $("related");
  d.textContent = "";
  if (state.selected < 0) return;
  const r = R[state.selected];
  drawRelated(d, r[0], locale(r), r[6]);
}
const sourcesView = SourcesView(() => state.rows.map((idx) => [R[idx][0], locale(R[idx]), R[idx][7]]));
function drawCompare$() {
  const d = $("compare");
  d.textContent = "";
  if (state.selected < 0) return;
  const f = folded[state.selected];
  const same = [];
  for (let i = 0; i < R.length; i++) if (folded[i] === f) same.push([locale(R[i]), R[i][7]]);
  drawCompare(d, R[state.selected][0], same);
}

applyFilters();
ready();
