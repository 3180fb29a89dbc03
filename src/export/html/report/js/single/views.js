// @ts-check
// --- topics, changes, domains (the whole report's; common.js) ---------------------------------
const topicsView = TopicsView(T);
const changesView = ChangesView(C, M.since);
const domainsView = DomainsView(M);
const marketsView = MarketsView(K);

// --- related searches, answer sources, compare locales ------------------------------------
function drawRelated$() {
  const d = $("related");
  d.textContent = "";
  if (state.selected < 0) return;
  const r = R[state.selected];
  drawRelated(d, r[RESULT.q], locale(r), r[RESULT.related]);
}
const sourcesView = SourcesView(() => state.rows.map((idx) => [R[idx][RESULT.q], locale(R[idx]), R[idx][RESULT.tree]]));
function drawCompare$() {
  marketsView.draw();
  const d = $("compare");
  d.textContent = "";
  if (state.selected < 0) return;
  const f = folded[state.selected];
  const same = [];
  for (let i = 0; i < R.length; i++) if (folded[i] === f) same.push([locale(R[i]), R[i][RESULT.tree]]);
  drawCompare(d, R[state.selected][RESULT.q], same);
}

applyFilters();
ready();
