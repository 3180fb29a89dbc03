// @ts-check
// --- topics, changes, domains (common.js), loaded when their tab opens -----------------------
let topicsViewMade = null;
const topicsView = () => (topicsViewMade = topicsViewMade || TopicsView(T));
let changesView = null;
async function changes() {
  if (!changesView) changesView = ChangesView(await whole("changes"), (await whole("domains")).since);
  return changesView;
}
let domainsView = null;
async function domains() {
  if (!domainsView) domainsView = DomainsView(await whole("domains"));
}
let marketsView = null;
async function markets() {
  if (!marketsView) marketsView = MarketsView(await whole("markets"));
  marketsView.draw();
}
async function openTimeline(r) {
  const view = await changes();
  const at = view.indexOf(r);
  if (at >= 0) view.open(at);
  navigate("#tab=changes");
}

// --- related searches, answer sources, compare locales (the selected key's tree) ---------------
function drawRelated$() {
  const d = $("related");
  d.textContent = "";
  if (!state.key) { d.appendChild(el("p", "muted", "Select a query.")); return; }
  drawRelated(d, state.key[KEY.q], locale(state.key), state.tree[TREE.related]);
}
const sourcesView = SourcesView(() => (state.key ? [[state.key[KEY.q], locale(state.key), state.tree[TREE.nodes]]] : []));
let compareSeq = 0;
async function drawCompare$() {
  const seq = ++compareSeq;
  await markets();
  const d = $("compare");
  d.textContent = "";
  const r = state.key;
  if (!r) { d.appendChild(el("p", "muted", "Select a query.")); return; }
  d.appendChild(el("p", "muted", "Looking for “" + r[KEY.q] + "” in the other locales…"));
  const same = [];
  for (const k of await sameQuery(r, state.keyNo)) {
    const x = k === state.keyNo ? r : await key(k);
    same.push([locale(x), k === state.keyNo ? state.tree[TREE.nodes] : (await tree(x[KEY.tree]))[TREE.nodes]]);
  }
  if (seq === compareSeq && state.key === r) drawCompare(d, r[KEY.q], same);
}
