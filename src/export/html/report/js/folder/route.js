// @ts-check
// --- tabs and links ---------------------------------------------------------------------------
let activeTab = "map";
const tabBar = Tabs(TABS, (name) => {
  if (KEY_TABS.includes(name) && state.key) navigate(keyHash(state.key, name));
  else if (name === "search" && searchText) navigate("#search=" + enc(searchText));
  else navigate("#tab=" + name);
});
function navigate(hash, replace) {
  if (hash === location.hash) return;
  history[replace ? "replaceState" : "pushState"](null, "", hash);
  route(hash).catch(failed);
}
// Back and forward (history entries), links in the page and typed fragments.
window.addEventListener("popstate", () => route(location.hash).catch(failed));
window.addEventListener("hashchange", () => route(location.hash).catch(failed));
let routed = null;
// Shows the view a fragment names: #q=…&hl=…&gl=…&city=…[&tab=related|sources|compare],
// #search=words, #topic=ID, #tab=NAME; nothing: the first query's mind map.
async function route(hash) {
  if (hash === routed) return;
  routed = hash;
  const to = parseRoute(hash);
  if (to.view === "key") {
    const k = await findKey(to.q, to.hl, to.gl, to.city);
    if (routed !== hash) return;
    if (k < 0) {
      keySeq++;
      state.key = null;
      state.keyNo = -1;
      state.tree = null;
      qlist.redraw();
      map.clear("“" + to.q + "” (" + [to.hl, to.gl, to.city].filter(Boolean).join("-") + ") is not in this report.");
    } else if (k === state.keyNo) {
      keySeq++;  // the same key keeps its map as it is (folds, zoom); a key still loading is dropped
    } else if (!(await openKey(k))) return;
    await show(to.tab);
  } else if (to.view === "search") {
    await show("search");
    await runSearch(to.text);
  } else if (to.view === "topic") {
    await topics();
    if (routed !== hash) return;
    const view = topicsView();
    const open = view.open(to.id);
    await show("topics");
    if (open) {
      const row = document.querySelector(`#topic-table tr.topic[data-topic="${CSS.escape(to.id)}"]`);
      if (row) row.scrollIntoView({ block: "center" });
    }
  } else {
    if (KEY_TABS.includes(to.tab) && !state.key && S.keys.count > 0) await openKey(listKey(0));
    if (routed !== hash) return;
    await show(to.tab);
  }
}

async function show(name) {
  activeTab = name;
  tabBar.select(name);
  if (name === "map") map.fit();
  if (name === "related") drawRelated$();
  if (name === "sources") sourcesView.draw();
  if (name === "compare") await drawCompare$();
  if (name === "top") drawTop();
  if (name === "topics") { await topics(); if (activeTab === name) topicsView().draw(); }
  if (name === "changes") { await changes(); if (activeTab === name) changesView.draw(); }
  if (name === "domains") { await domains(); if (activeTab === name) domainsView.draw(); }
}
