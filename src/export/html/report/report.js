"use strict";
// paa report, the single file: reads the data elements of its page and renders with the parts it
// shares with the report folder's page (common.js, inlined before this script).
(function () {
  const { $, el, fold, locale, fmt, plural, when, walk, fillSelect, queryRow, VList, Tabs, buildTree, MindMap,
          questionDetail, historyLine, TopicsView, ChangesView, DomainsView, drawRelated, SourcesView, drawCompare } = PAA;
  // R[i] = [q, hl, gl, city, fetched_ms, [job indexes], [related], tree, [versions, churn, last change]?]
  // tree node = [question, answer, url, title, [children]?]
  const R = [];
  for (const part of document.querySelectorAll("script.paa-results")) {
    for (const r of JSON.parse(part.textContent)) R.push(r);
  }
  const dataOf = (id, empty) => { const e = document.getElementById(id); return e ? JSON.parse(e.textContent) : empty; };
  const D = dataOf("paa-meta", { jobs: [], newest_fetched_at: 0 });
  // The selection's topics (docs/reports.md "Topics").
  const T = dataOf("paa-topics", { types: [], intents: [], total: 0, questions_per_topic: 0, topics: [] });
  const C = dataOf("paa-changes", { keys: 0, changed_keys: 0, versions: 0, runs: 0, statuses: {}, caps: {}, volatile: [], questions: [] });
  const M = dataOf("paa-domains", { sourced: 0, total: 0, yours: [], runs: 0, caps: {}, rows: [], since: [] });
  // Folded question -> [topic, type], for the mind map; read when first needed.
  let topicOfQuestion = null;
  function topicOf(text) {
    if (!topicOfQuestion) {
      topicOfQuestion = new Map();
      for (const part of document.querySelectorAll("script.paa-topic-questions")) {
        for (const e of JSON.parse(part.textContent)) {
          const f = fold(e[0]);
          if (!topicOfQuestion.has(f)) topicOfQuestion.set(f, [e[1], e[2]]);
        }
      }
    }
    return topicOfQuestion.get(fold(text));
  }

  const folded = R.map((r) => fold(r[0]));
  const locales = new Map();
  R.forEach((r) => locales.set(locale(r), (locales.get(locale(r)) || 0) + 1));
  const jobCounts = D.jobs.map(() => 0);
  R.forEach((r) => r[5].forEach((j) => jobCounts[j]++));

  const state = { text: "", loc: "", job: -1, rows: [], selected: -1 };

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
      if (state.job >= 0 && !R[i][5].includes(state.job)) continue;
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
    const row = queryRow(R[idx][0], locale(R[idx]), idx === state.selected);
    row.addEventListener("click", () => { select(idx); selectionChanged(); });
    return row;
  });
  $("q-list").addEventListener("keydown", (e) => {
    const pos = state.rows.indexOf(state.selected);
    let next = pos;
    if (e.key === "ArrowDown") next = Math.min(state.rows.length - 1, pos + 1);
    else if (e.key === "ArrowUp") next = Math.max(0, pos - 1);
    else return;
    e.preventDefault();
    if (next >= 0 && next !== pos) { select(state.rows[next]); list.reveal(next); }
  });

  let debounce = 0;
  $("q-filter").addEventListener("input", (e) => {
    state.text = e.target.value;
    clearTimeout(debounce);
    debounce = setTimeout(applyFilters, R.length > 20000 ? 150 : 0);
  });
  $("loc-filter").addEventListener("change", (e) => { state.loc = e.target.value; applyFilters(); });
  $("job-filter").addEventListener("change", (e) => { state.job = e.target.value === "" ? -1 : Number(e.target.value); applyFilters(); });

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

  // --- mind map ---------------------------------------------------------------------------
  const map = MindMap({ topicOf, topics: () => T, noTopic: "not in a listed topic", onNode: showDetail });
  function drawMap() {
    if (state.selected < 0) map.clear("No query matches the filters.");
    else map.show(buildTree(R[state.selected][0], R[state.selected][7]));
  }

  function showDetail(n) {
    const d = $("detail");
    d.textContent = "";
    if (!n || !n.data) {
      if (state.selected >= 0) {
        const r = R[state.selected];
        d.appendChild(el("h2", null, r[0]));
        d.appendChild(el("p", "muted", locale(r) + " · fetched " + when(r[4])));
        if (r[8]) d.appendChild(keyHistory(r));
        d.appendChild(el("p", "muted", "Select a question to see its answer and source. Click ± to fold a branch; drag to pan, wheel to zoom."));
      }
      return;
    }
    const t = topicOf(n.data[0]);
    questionDetail(d, n, t ? "Topic: " + T.topics[t[0]][1] + " (" + T.topics[t[0]][2] + ") · " + T.types[t[1]] : null);
  }

  // The selected key's versions (the result's 9th element), and its timeline when listed.
  function keyHistory(r) {
    const p = historyLine(r[8]);
    const at = changesView.indexOf(r);
    if (at >= 0) {
      const b = el("button", "btn", "Timeline");
      b.addEventListener("click", () => { changesView.open(at); show("changes"); });
      p.appendChild(document.createTextNode(" "));
      p.appendChild(b);
    }
    return p;
  }

  // --- top questions ------------------------------------------------------------------------
  let top = [];
  let topSort = { key: "count", dir: -1 };
  let topList = null;
  function drawTop() {
    const m = new Map();
    for (const idx of state.rows) {
      const r = R[idx];
      const inTree = new Set();
      walk(r[7], (n) => {
        const f = fold(n[0]);
        if (inTree.has(f)) return;
        inTree.add(f);
        let e = m.get(f);
        if (!e) { e = { q: n[0], count: 0, locs: new Set(), first: idx, trees: [] }; m.set(f, e); }
        e.count++;
        e.locs.add(locale(r));
        e.trees.push(idx);
      });
    }
    top = [...m.values()];
    sortTop();
    $("top-summary").textContent = fmt(top.length) + " unique questions in " + fmt(state.rows.length) + " selected trees. Click a question to list the queries whose trees hold it.";
    const t = $("top-table");
    if (!topList) {
      t.appendChild(el("div", "head"));
      const body = el("div", "spacer");
      t.appendChild(body);
      topList = VList(t, body, 30, (i) => {
        const e = top[i];
        const row = el("div", "vrow");
        row.appendChild(el("span", null, e.q));
        row.appendChild(el("span", null, fmt(e.count)));
        row.appendChild(el("span", null, e.locs.size));
        row.appendChild(el("span", null, R[e.first][0]));
        row.title = e.q;
        row.addEventListener("click", () => showTopDetail(e));
        return row;
      }, 30);
    }
    drawTopHead();
    topList.setCount(top.length);
    $("top-detail").textContent = "";
  }
  function drawTopHead() {
    const head = $("top-table").firstElementChild;
    head.textContent = "";
    for (const [key, label] of [["q", "Question"], ["count", "Trees"], ["locs", "Locales"], ["first", "First query"]]) {
      const b = el("button", null, label + (topSort.key === key ? (topSort.dir < 0 ? " ▼" : " ▲") : ""));
      b.addEventListener("click", () => {
        topSort = { key, dir: topSort.key === key ? -topSort.dir : (key === "q" || key === "first" ? 1 : -1) };
        sortTop();
        drawTopHead();
        topList.setCount(top.length);
      });
      const th = el("div");
      th.appendChild(b);
      head.appendChild(th);
    }
  }
  function sortTop() {
    const { key, dir } = topSort;
    const v = { q: (e) => fold(e.q), count: (e) => e.count, locs: (e) => e.locs.size, first: (e) => folded[e.first] }[key];
    top.sort((a, b) => { const x = v(a), y = v(b); return x < y ? -dir : x > y ? dir : b.count - a.count; });
  }
  function showTopDetail(e) {
    const d = $("top-detail");
    d.textContent = "";
    d.appendChild(el("h3", null, e.q));
    d.appendChild(el("p", "muted", "In " + fmt(e.trees.length) + " trees:"));
    const ul = el("ul", "plain");
    for (const idx of e.trees.slice(0, 200)) {
      const li = el("li");
      const b = el("button", "btn", R[idx][0] + " · " + locale(R[idx]));
      b.addEventListener("click", () => { select(idx); show("map"); });
      li.appendChild(b);
      ul.appendChild(li);
    }
    d.appendChild(ul);
    if (e.trees.length > 200) d.appendChild(el("p", "muted", "and " + fmt(e.trees.length - 200) + " more"));
  }

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
  PAA.ready();
})();
