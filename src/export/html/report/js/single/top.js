// @ts-check
// --- top questions ---------------------------------------------------------------------------
let topRows = [];
let topSort = { key: "count", dir: -1 };
let topList = null;
function drawTop() {
  const m = new Map();
  for (const idx of state.rows) {
    const r = R[idx];
    const inTree = new Set();
    walk(r[RESULT.tree], (n) => {
      const f = fold(n[NODE.question]);
      if (inTree.has(f)) return;
      inTree.add(f);
      let e = m.get(f);
      if (!e) { e = { q: n[NODE.question], count: 0, locs: new Set(), first: idx, trees: [] }; m.set(f, e); }
      e.count++;
      e.locs.add(locale(r));
      e.trees.push(idx);
    });
  }
  topRows = [...m.values()];
  sortTop();
  $("top-summary").textContent = fmt(topRows.length) + " unique questions in " + fmt(state.rows.length) + " selected trees. Click a question to list the queries whose trees hold it.";
  const t = $("top-table");
  if (!topList) {
    t.appendChild(el("div", "head"));
    const body = el("div", "spacer");
    t.appendChild(body);
    topList = VList(t, body, 30, (i) => {
      const e = topRows[i];
      const row = el("div", "vrow");
      row.appendChild(el("span", null, e.q));
      row.appendChild(el("span", null, fmt(e.count)));
      row.appendChild(el("span", null, e.locs.size));
      row.appendChild(el("span", null, R[e.first][RESULT.q]));
      row.title = e.q;
      row.addEventListener("click", () => showTopDetail(e));
      return row;
    }, 30);
  }
  drawTopHead();
  topList.setCount(topRows.length);
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
      topList.setCount(topRows.length);
    });
    const th = el("div");
    th.appendChild(b);
    head.appendChild(th);
  }
}
function sortTop() {
  const { key, dir } = topSort;
  const v = { q: (e) => fold(e.q), count: (e) => e.count, locs: (e) => e.locs.size, first: (e) => folded[e.first] }[key];
  topRows.sort((a, b) => { const x = v(a), y = v(b); return x < y ? -dir : x > y ? dir : b.count - a.count; });
}
function showTopDetail(e) {
  const d = $("top-detail");
  d.textContent = "";
  d.appendChild(el("h3", null, e.q));
  d.appendChild(el("p", "muted", "In " + fmt(e.trees.length) + " trees:"));
  const ul = el("ul", "plain");
  for (const idx of e.trees.slice(0, 200)) {
    const li = el("li");
    const b = el("button", "btn", R[idx][RESULT.q] + " · " + locale(R[idx]));
    b.addEventListener("click", () => { select(idx); show("map"); });
    li.appendChild(b);
    ul.appendChild(li);
  }
  d.appendChild(ul);
  if (e.trees.length > 200) d.appendChild(el("p", "muted", "and " + fmt(e.trees.length - 200) + " more"));
}
