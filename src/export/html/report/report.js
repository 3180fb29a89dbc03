"use strict";
// paa report: everything below renders store strings through textContent / setAttribute only.
(function () {
  // R[i] = [q, hl, gl, city, fetched_ms, [job indexes], [related], tree]
  // tree node = [question, answer, url, title, [children]?]
  const R = [];
  for (const part of document.querySelectorAll("script.paa-results")) {
    for (const r of JSON.parse(part.textContent)) R.push(r);
  }
  const D = JSON.parse(document.getElementById("paa-meta").textContent);
  const SVG = "http://www.w3.org/2000/svg";
  const $ = (id) => document.getElementById(id);
  const el = (tag, cls, text) => {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  };
  const sel = (tag, attrs) => {
    const e = document.createElementNS(SVG, tag);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    return e;
  };
  const fold = (s) => String(s).normalize("NFC").toLowerCase().replace(/\s+/g, " ").trim();
  const locale = (r) => r[1] + "-" + r[2] + (r[3] ? "-" + r[3] : "");
  const safeUrl = (u) => (typeof u === "string" && /^https?:\/\//i.test(u) ? u : null);
  const domainOf = (u) => {
    if (!safeUrl(u)) return "";
    try { return new URL(u).hostname.replace(/^www\./, ""); } catch (e) { return ""; }
  };
  const fmt = (n) => n.toLocaleString("en");
  // The selection's topics (docs/reports.md "Topics"): T.topics[i] = [id, label, hl, questions,
  // groups, trees, representative, [questions of each type], [[question, type, intent, trees,
  // variant_of], ...]]; types and intents are indexes into T.types / T.intents.
  const TE = document.getElementById("paa-topics");
  const T = TE ? JSON.parse(TE.textContent) : { types: [], intents: [], total: 0, questions_per_topic: 0, topics: [] };
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
  function walk(nodes, fn, depth, parent) {
    // Iterative pre-order: deep trees must not overflow the stack.
    const stack = [[nodes || [], 0, depth || 1, parent || null]];
    while (stack.length) {
      const top = stack[stack.length - 1];
      if (top[1] >= top[0].length) { stack.pop(); continue; }
      const node = top[0][top[1]++];
      fn(node, top[2], top[3]);
      if (node[4] && node[4].length) stack.push([node[4], 0, top[2] + 1, node]);
    }
  }

  const folded = R.map((r) => fold(r[0]));
  const locales = new Map();
  R.forEach((r) => locales.set(locale(r), (locales.get(locale(r)) || 0) + 1));
  const jobCounts = D.jobs.map(() => 0);
  R.forEach((r) => r[5].forEach((j) => jobCounts[j]++));

  const state = { text: "", loc: "", job: -1, rows: [], selected: -1 };

  // --- filters and the query list ---------------------------------------------------------
  function fillSelect(select, allLabel, entries) {
    select.textContent = "";
    const all = el("option", null, allLabel);
    all.value = "";
    select.appendChild(all);
    for (const [value, label] of entries) {
      const o = el("option", null, label);
      o.value = value;
      select.appendChild(o);
    }
  }
  fillSelect($("loc-filter"), "All locales (" + fmt(R.length) + ")",
    [...locales.keys()].sort().map((k) => [k, k + " (" + fmt(locales.get(k)) + ")"]));
  fillSelect($("job-filter"), "All jobs", D.jobs.map((j, i) => [String(i), j + " (" + fmt(jobCounts[i]) + ")"]));
  const plural = (n, one, many) => fmt(n) + " " + (n === 1 ? one : many);
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

  // A virtual list: only the rows in view exist in the DOM.
  function VList(container, spacer, rowHeight, render, headerHeight) {
    const offset = headerHeight || 0;
    let count = 0;
    let scheduled = false;
    function draw() {
      scheduled = false;
      const scroll = Math.max(0, container.scrollTop - offset);
      const first = Math.max(0, Math.floor(scroll / rowHeight) - 5);
      const last = Math.min(count, Math.ceil((scroll + container.clientHeight) / rowHeight) + 5);
      spacer.textContent = "";
      for (let i = first; i < last; i++) {
        const row = render(i);
        row.style.top = i * rowHeight + "px";
        spacer.appendChild(row);
      }
    }
    const schedule = () => { if (!scheduled) { scheduled = true; requestAnimationFrame(draw); } };
    container.addEventListener("scroll", schedule);
    window.addEventListener("resize", schedule);
    return {
      setCount(n) { count = n; spacer.style.height = n * rowHeight + "px"; draw(); },
      redraw: draw,
      reveal(i) {
        const top = i * rowHeight;
        if (top < container.scrollTop) container.scrollTop = top;
        else if (top + rowHeight > container.scrollTop + container.clientHeight) container.scrollTop = top + rowHeight - container.clientHeight;
        draw();
      },
    };
  }

  const list = VList($("q-list"), $("q-list").firstElementChild, 40, (i) => {
    const idx = state.rows[i];
    const r = R[idx];
    const row = el("div", "vrow" + (idx === state.selected ? " sel" : ""), r[0]);
    row.setAttribute("role", "option");
    row.setAttribute("aria-selected", idx === state.selected ? "true" : "false");
    row.title = r[0];
    row.appendChild(el("span", "sub", locale(r)));
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
    if (activeTab === "related") drawRelated();
    if (activeTab === "compare") drawCompare();
  }

  // --- tabs -------------------------------------------------------------------------------
  let activeTab = "map";
  const tabs = ["map", "top", "topics", "changes", "domains", "related", "sources", "compare"];
  const dirty = {};
  function show(name) {
    activeTab = name;
    for (const t of tabs) {
      $("tab-" + t).setAttribute("aria-selected", t === name ? "true" : "false");
      $("panel-" + t).classList.toggle("active", t === name);
    }
    if (name === "map") fit();
    if (name === "related") drawRelated();
    if (name === "compare") drawCompare();
    if (name === "topics") drawTopics();
    if (name === "changes") drawChanges();
    if (name === "domains") drawDomains();
    if ((name === "top" || name === "sources") && dirty[name] !== false) {
      dirty[name] = false;
      if (name === "top") drawTop(); else drawSources();
    }
  }
  tabs.forEach((t, i) => {
    const b = $("tab-" + t);
    b.addEventListener("click", () => show(t));
    b.addEventListener("keydown", (e) => {
      if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
      const n = tabs[(i + (e.key === "ArrowRight" ? 1 : tabs.length - 1)) % tabs.length];
      show(n);
      $("tab-" + n).focus();
    });
  });
  function selectionChanged() {
    dirty.top = dirty.sources = true;
    if (activeTab === "top" || activeTab === "sources") show(activeTab);
  }

  // --- mind map ---------------------------------------------------------------------------
  const NODE_W = 230, GAP_X = 60, GAP_Y = 10, LINE_H = 15, CHARS = 32;
  let mapRoot = null;
  let view = { x: 20, y: 20, k: 1 };
  const svg = $("map");
  const layer = sel("g", {});
  svg.appendChild(layer);

  function wrap(text) {
    const words = String(text).split(/\s+/);
    const lines = [];
    let line = "";
    for (const w of words) {
      if (line && (line + " " + w).length > CHARS) { lines.push(line); line = w; } else line = line ? line + " " + w : w;
      while (line.length > CHARS) { lines.push(line.slice(0, CHARS)); line = line.slice(CHARS); }
    }
    if (line) lines.push(line);
    if (lines.length > 4) { lines.length = 4; lines[3] = lines[3].slice(0, CHARS - 1) + "…"; }
    return lines.length ? lines : [""];
  }

  // The selected result as a node tree, built in pre-order so that a question whose folded
  // text appeared earlier in the tree is marked as repeated.
  function buildTree(idx) {
    const r = R[idx];
    const root = { text: r[0], data: null, kids: [], open: true, depth: 0, repeat: false };
    const seen = new Set();
    const stack = [];
    const push = (nodes, parent) => { for (let i = (nodes || []).length - 1; i >= 0; i--) stack.push([nodes[i], parent]); };
    push(r[7], root);
    while (stack.length) {
      const [n, parent] = stack.pop();
      const f = fold(n[0]);
      const node = { text: n[0], data: n, kids: [], open: parent.depth < 2, depth: parent.depth + 1, repeat: seen.has(f) };
      seen.add(f);
      parent.kids.push(node);
      push(n[4], node);
    }
    return root;
  }

  // Tidy layout, left to right (the same as `paa map`, src/export/mind_map_layout.cpp): depth
  // gives x; every subtree owns a horizontal band as tall as its node or its children's bands
  // stacked, whichever is taller; sibling bands are stacked with a gap and each node is centred
  // in its band. Bands of different subtrees never overlap, so neither do nodes.
  function layout(root) {
    const order = [];
    const stack = [root];
    while (stack.length) {
      const n = stack.pop();
      n.lines = n.lines || wrap(n.text);
      n.h = n.lines.length * LINE_H + 12 + (n.repeat ? LINE_H : 0);
      n.x = n.depth * (NODE_W + GAP_X);
      order.push(n);
      const kids = n.open ? n.kids : [];
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
    }
    for (let i = order.length - 1; i >= 0; i--) {
      const n = order[i];
      const kids = n.open ? n.kids : [];
      let sum = kids.length ? GAP_Y * (kids.length - 1) : 0;
      for (const k of kids) sum += k.band;
      n.kidsBand = sum;
      n.band = Math.max(n.h, sum);
    }
    root.top = 0;
    for (const n of order) {
      n.y = n.top + (n.band - n.h) / 2;
      let top = n.top + (n.band - n.kidsBand) / 2;
      for (const k of n.open ? n.kids : []) { k.top = top; top += k.band + GAP_Y; }
    }
    return order;
  }

  let selectedNode = null;
  function drawMap() {
    layer.textContent = "";
    selectedNode = null;
    if (state.selected < 0) {
      const t = sel("text", { x: 10, y: 20 });
      t.textContent = "No query matches the filters.";
      layer.appendChild(t);
      $("topic-legend").hidden = true;
      showDetail(null);
      return;
    }
    mapRoot = buildTree(state.selected);
    colourMap();
    render();
    fit();
    showDetail(null);
  }

  // Colour by topic: the topics of the drawn tree's questions (folded or not), most questions
  // first; the first PALETTE.length get a colour each, the rest OTHER_TOPIC; the legend says which.
  const PALETTE = ["#c6dbff", "#ffd4a8", "#c4ecbf", "#f7c3d3", "#ddd0f7", "#fff0a0", "#bfe9e9", "#eec9ae", "#d6e6a8", "#e3dccb"];
  const OTHER_TOPIC = "#e4e7ec";
  let colourByTopic = false;
  let mapColours = new Map();  // topic number -> colour
  function colourMap() {
    mapColours = new Map();
    const legend = $("topic-legend");
    legend.textContent = "";
    legend.hidden = !colourByTopic || !mapRoot || state.selected < 0;
    if (legend.hidden) return;
    const counts = new Map();
    let none = 0;
    const s = [...mapRoot.kids];
    while (s.length) {
      const n = s.pop();
      const t = topicOf(n.text);
      if (t) counts.set(t[0], (counts.get(t[0]) || 0) + 1); else none++;
      s.push(...n.kids);
    }
    const order = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    const entry = (colour, text, id) => {
      const d = el("div");
      const sw = el("span", "swatch");
      sw.style.background = colour;
      d.appendChild(sw);
      d.appendChild(el("span", null, text));
      if (id) d.dataset.topic = id;
      legend.appendChild(d);
    };
    legend.appendChild(el("strong", null, "Topics in this map"));
    order.slice(0, PALETTE.length).forEach(([t, c], i) => {
      mapColours.set(t, PALETTE[i]);
      entry(PALETTE[i], T.topics[t][1] + " (" + c + ")", T.topics[t][0]);
    });
    const rest = order.slice(PALETTE.length);
    if (rest.length) entry(OTHER_TOPIC, plural(rest.length, "other topic", "other topics") + " (" + rest.reduce((a, e) => a + e[1], 0) + ")");
    if (none) entry("#fff", "not in a listed topic (" + none + ")");
  }
  $("color-topics").addEventListener("change", (e) => {
    colourByTopic = e.target.checked;
    colourMap();
    if (mapRoot) render();
  });

  function render() {
    layer.textContent = "";
    const nodes = layout(mapRoot);
    const edges = sel("g", {});
    layer.appendChild(edges);
    for (const n of nodes) {
      if (n.open) {
        for (const k of n.kids) {
          const x1 = n.x + NODE_W, y1 = n.y + n.h / 2, x2 = k.x, y2 = k.y + k.h / 2, mx = (x1 + x2) / 2;
          edges.appendChild(sel("path", { class: "edge", d: `M${x1},${y1} C${mx},${y1} ${mx},${y2} ${x2},${y2}` }));
        }
      }
      const g = sel("g", { class: "node" + (n === mapRoot ? " root" : "") + (n.repeat ? " repeat" : "") + (n === selectedNode ? " sel" : ""), transform: `translate(${n.x},${n.y})`, tabindex: "0" });
      const rect = sel("rect", { width: NODE_W, height: n.h, rx: 6 });
      if (colourByTopic && n.data) {
        const t = topicOf(n.text);
        if (t) rect.style.fill = mapColours.get(t[0]) || OTHER_TOPIC;
      }
      g.appendChild(rect);
      const title = sel("title", {});
      title.textContent = n.text;
      g.appendChild(title);
      const text = sel("text", { x: 8, y: 4 });
      n.lines.forEach((line) => {
        const ts = sel("tspan", { x: 8, dy: LINE_H });
        ts.textContent = line;
        text.appendChild(ts);
      });
      g.appendChild(text);
      if (n.repeat) {
        const m = sel("text", { class: "mark", x: 8, y: n.lines.length * LINE_H + 16 });
        m.textContent = "↺ repeated in this tree";
        g.appendChild(m);
      }
      if (n.kids.length) {
        const c = sel("circle", { cx: NODE_W, cy: n.h / 2, r: 8 });
        const t = sel("text", { class: "tog", x: NODE_W - 4, y: n.h / 2 + 4 });
        t.textContent = n.open ? "−" : "+";
        c.addEventListener("click", (e) => { e.stopPropagation(); n.open = !n.open; render(); });
        g.appendChild(c);
        g.appendChild(t);
      }
      g.addEventListener("click", () => { selectedNode = n; showDetail(n); render(); });
      g.addEventListener("keydown", (e) => {
        if (e.key === "Enter") { selectedNode = n; showDetail(n); render(); }
        if (e.key === " " && n.kids.length) { e.preventDefault(); n.open = !n.open; render(); }
      });
      layer.appendChild(g);
    }
    applyView();
  }

  function bounds() {
    const nodes = layout(mapRoot);
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const n of nodes) { x0 = Math.min(x0, n.x); y0 = Math.min(y0, n.y); x1 = Math.max(x1, n.x + NODE_W + 10); y1 = Math.max(y1, n.y + n.h); }
    return { x0, y0, x1, y1 };
  }
  function applyView() { layer.setAttribute("transform", `translate(${view.x},${view.y}) scale(${view.k})`); }
  function fit() {
    if (!mapRoot) return;
    const b = bounds();
    const w = svg.clientWidth || 800, h = svg.clientHeight || 600;
    const k = Math.min(1.2, (w - 40) / (b.x1 - b.x0), (h - 60) / (b.y1 - b.y0));
    view = { k, x: 20 - b.x0 * k, y: 40 - b.y0 * k + Math.max(0, (h - 60 - (b.y1 - b.y0) * k) / 2) };
    applyView();
  }
  function zoom(f, cx, cy) {
    const k = Math.max(0.05, Math.min(4, view.k * f));
    cx = cx === undefined ? svg.clientWidth / 2 : cx;
    cy = cy === undefined ? svg.clientHeight / 2 : cy;
    view.x = cx - ((cx - view.x) * k) / view.k;
    view.y = cy - ((cy - view.y) * k) / view.k;
    view.k = k;
    applyView();
  }
  svg.addEventListener("wheel", (e) => { e.preventDefault(); const r = svg.getBoundingClientRect(); zoom(e.deltaY < 0 ? 1.15 : 1 / 1.15, e.clientX - r.left, e.clientY - r.top); }, { passive: false });
  let drag = null;
  svg.addEventListener("pointerdown", (e) => { if (e.target === svg) { drag = { x: e.clientX - view.x, y: e.clientY - view.y }; svg.setPointerCapture(e.pointerId); } });
  svg.addEventListener("pointermove", (e) => { if (drag) { view.x = e.clientX - drag.x; view.y = e.clientY - drag.y; applyView(); } });
  svg.addEventListener("pointerup", () => { drag = null; });
  $("zoom-in").addEventListener("click", () => zoom(1.25));
  $("zoom-out").addEventListener("click", () => zoom(0.8));
  $("fit").addEventListener("click", fit);
  const setAll = (open) => { if (!mapRoot) return; const s = [mapRoot]; while (s.length) { const n = s.pop(); if (n !== mapRoot) n.open = open; s.push(...n.kids); } render(); fit(); };
  $("expand").addEventListener("click", () => setAll(true));
  $("collapse").addEventListener("click", () => setAll(false));
  // Printing: the whole tree scaled into the page (the print style gives the map the page).
  window.addEventListener("beforeprint", () => {
    if (!mapRoot) return;
    const b = bounds();
    svg.setAttribute("viewBox", `${b.x0 - 10} ${b.y0 - 10} ${b.x1 - b.x0 + 20} ${b.y1 - b.y0 + 20}`);
    layer.removeAttribute("transform");
  });
  window.addEventListener("afterprint", () => { svg.removeAttribute("viewBox"); applyView(); });

  function showDetail(n) {
    const d = $("detail");
    d.textContent = "";
    if (!n || !n.data) {
      if (state.selected >= 0) {
        const r = R[state.selected];
        d.appendChild(el("h2", null, r[0]));
        d.appendChild(el("p", "muted", locale(r) + " · fetched " + new Date(r[4]).toISOString().slice(0, 16).replace("T", " ") + " UTC"));
        if (r[8]) d.appendChild(keyHistory(r));
        d.appendChild(el("p", "muted", "Select a question to see its answer and source. Click ± to fold a branch; drag to pan, wheel to zoom."));
      }
      return;
    }
    const [question, answer, url, title] = n.data;
    d.appendChild(el("h2", null, question));
    if (n.repeat) d.appendChild(el("p", "muted", "↺ This question appears earlier in this tree."));
    const t = topicOf(question);
    if (t) d.appendChild(el("p", "muted", "Topic: " + T.topics[t[0]][1] + " (" + T.topics[t[0]][2] + ") · " + T.types[t[1]]));
    d.appendChild(el("p", "answer", answer || "(no answer)"));
    if (title) d.appendChild(el("p", null, "Source: " + title));
    if (url) {
      const p = el("p");
      if (safeUrl(url)) {
        const a = el("a", null, url);
        a.href = url;
        a.target = "_blank";
        a.rel = "noopener noreferrer";
        p.appendChild(a);
      } else p.textContent = url;
      d.appendChild(p);
    }
  }

  // The selected key's versions (the result's 9th element), and its timeline when listed.
  function keyHistory(r) {
    const [versions, churn, last] = r[8];
    const p = el("p", "history", versions > 1
      ? plural(versions, "version", "versions") + " · mean churn " + (100 * churn).toFixed(1) + "% · last change " +
        new Date(last).toISOString().slice(0, 16).replace("T", " ") + " UTC"
      : "One version: no change recorded.");
    const at = C.volatile.findIndex((k) => k[0] === r[0] && k[1] === r[1] && k[2] === r[2] && k[3] === r[3]);
    if (at >= 0) {
      const b = el("button", "btn", "Timeline");
      b.addEventListener("click", () => { changesState.open.add(at); show("changes"); });
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

  // --- topics -----------------------------------------------------------------------------
  // The whole report's topics (the query filters do not apply), most trees first, as
  // `paa export --format topics` lists them; filtered by a text (label, representative and
  // listed questions) and a question type (topics with questions of that type).
  const topicState = { text: "", type: -1, open: new Set() };
  let topicTexts = null;
  fillSelect($("topic-type"), "All question types", T.types.map((name, i) => {
    let n = 0;
    for (const t of T.topics) n += t[7][i];
    return [String(i), name + " (" + plural(n, "question", "questions") + ")"];
  }));
  function drawTopics() {
    if (!topicTexts) topicTexts = T.topics.map((t) => [t[1], t[6], ...t[8].map((q) => q[0])].map(fold).join("\u0000"));
    const want = fold(topicState.text);
    const ty = topicState.type;
    const rows = [];
    T.topics.forEach((t, i) => {
      if (ty >= 0 && !t[7][ty]) return;
      if (want && !topicTexts[i].includes(want)) return;
      rows.push(i);
    });
    $("topic-summary").textContent = fmt(rows.length) + " of " + plural(T.topics.length, "topic", "topics") +
      (T.total > T.topics.length ? " listed (" + fmt(T.total) + " in all)" : "") +
      ", most trees first. Topics of the whole report: the query filters do not apply. Click a topic to list its questions.";
    $("topic-more").textContent = T.total > T.topics.length
      ? "The report lists the first " + fmt(T.topics.length) + " topics; " + fmt(T.total - T.topics.length) +
        " more: paa export --format topics lists them all (topics-jsonl with every question)."
      : "";
    const table = $("topic-table");
    table.textContent = "";
    const head = el("tr");
    const cols = [["", ""], ["Topic", ""], ["Language", ""], ["Questions", "num"], ["Groups", "num"], ["Trees", "num"], ["Representative question", ""]];
    if (ty >= 0) cols.push([T.types[ty] + " questions", "num"]);
    for (const [label, cls] of cols) head.appendChild(el("th", cls || null, label));
    table.appendChild(head);
    for (const i of rows) {
      const t = T.topics[i];
      const open = topicState.open.has(i);
      const tr = el("tr", "topic");
      tr.dataset.topic = t[0];
      const tog = el("button", null, open ? "▾" : "▸");
      tog.setAttribute("aria-expanded", open ? "true" : "false");
      tog.setAttribute("aria-label", (open ? "Hide" : "Show") + " the questions of " + t[1]);
      const first = el("td");
      first.appendChild(tog);
      tr.appendChild(first);
      tr.appendChild(el("td", "label", t[1]));
      tr.appendChild(el("td", "hl", t[2]));
      tr.appendChild(el("td", "num questions", fmt(t[3])));
      tr.appendChild(el("td", "num groups", fmt(t[4])));
      tr.appendChild(el("td", "num trees", fmt(t[5])));
      tr.appendChild(el("td", "rep", t[6]));
      if (ty >= 0) tr.appendChild(el("td", "num of-type", fmt(t[7][ty])));
      tr.addEventListener("click", () => {
        if (open) topicState.open.delete(i); else topicState.open.add(i);
        drawTopics();
      });
      table.appendChild(tr);
      if (open) table.appendChild(topicQuestions(t, cols.length, ty));
    }
  }
  function topicQuestions(t, span, ty) {
    const tr = el("tr", "qs");
    tr.dataset.topic = t[0];
    const td = el("td");
    td.colSpan = span;
    const qs = t[8].filter((q) => ty < 0 || q[1] === ty);
    const inner = el("table");
    const head = el("tr");
    ["Question", "Type", "Intent", "Trees", "Variant of"].forEach((h) => head.appendChild(el("th", h === "Trees" ? "num" : null, h)));
    inner.appendChild(head);
    for (const q of qs) {
      const r = el("tr", "q");
      r.appendChild(el("td", "question", q[0]));
      r.appendChild(el("td", "type", T.types[q[1]]));
      r.appendChild(el("td", "intent", T.intents[q[2]]));
      r.appendChild(el("td", "num", fmt(q[3])));
      r.appendChild(el("td", "variant", q[4]));
      inner.appendChild(r);
    }
    td.appendChild(inner);
    const all = ty < 0 ? t[3] : t[7][ty];
    if (all > qs.length) {
      td.appendChild(el("p", "muted", fmt(all - qs.length) + " more " + (ty < 0 ? "" : T.types[ty] + " ") +
        "questions: the report lists each topic's first " + fmt(T.questions_per_topic) +
        " questions (most trees first); paa export --format topics-jsonl lists every question of every topic."));
    }
    tr.appendChild(td);
    return tr;
  }
  $("topic-filter").addEventListener("input", (e) => { topicState.text = e.target.value; drawTopics(); });
  $("topic-type").addEventListener("change", (e) => { topicState.type = e.target.value === "" ? -1 : Number(e.target.value); drawTopics(); });

  // --- changes (docs/reports.md "Changes") ----------------------------------------------------
  // C.volatile[i] = [q, hl, gl, city, versions, mean_churn, last_change_ms, [stable, intermittent,
  // gone, new], earlier_versions, [[first_fetch_ms, last_fetch_ms, run_id, questions, churn,
  // [[change, question, old, new], ...], more_changes], ...]];
  // C.questions[i] = [q, hl, gl, city, question, status, first_seen_ms, last_seen_ms, versions_seen, versions].
  const dataOf = (id, empty) => { const e = document.getElementById(id); return e ? JSON.parse(e.textContent) : empty; };
  const C = dataOf("paa-changes", { keys: 0, changed_keys: 0, versions: 0, runs: 0, statuses: {}, caps: {}, volatile: [], questions: [] });
  const when = (ms) => new Date(ms).toISOString().slice(0, 16).replace("T", " ") + " UTC";
  const pct = (x) => (100 * x).toFixed(1) + "%";
  const keyLocale = (k) => k[1] + "-" + k[2] + (k[3] ? "-" + k[3] : "");
  const runNote = (runs) => runs === 0
    ? "The store records no runs (a store written before run ids, or without paa run)."
    : runs === 1
      ? "The store has one run: a key changes when a later run fetches it again (refresh_after, paa run --refresh)."
      : "The store has " + fmt(runs) + " runs.";
  const changesState = { open: new Set(), status: "", text: "" };
  fillSelect($("qchange-status"), "New, gone and intermittent", [["new", "new (" + fmt(C.statuses.new || 0) + ")"],
    ["gone", "gone (" + fmt(C.statuses.gone || 0) + ")"], ["intermittent", "intermittent (" + fmt(C.statuses.intermittent || 0) + ")"]]);
  function drawChanges() {
    $("changes-summary").textContent = plural(C.keys, "key", "keys") + " with " + plural(C.versions, "version", "versions") + "; " +
      fmt(C.changed_keys) + " changed at least once, " + fmt(C.keys - C.changed_keys) + " with one version (no change recorded). " +
      runNote(C.runs) + " Changes of the whole report: the query filters do not apply.";
    $("volatile-note").textContent = C.volatile.length
      ? "Most mean churn first (the share of questions replaced from one version to the next, as paa diff computes it), then most versions. " +
        (C.changed_keys > C.volatile.length ? "the first " + fmt(C.volatile.length) + " of " + fmt(C.changed_keys) + " changed keys (paa export --format stability lists them all). " : "") +
        "Click a key for its timeline: its latest " + fmt(C.caps.versions_per_key || 0) + " versions, each with the first " +
        fmt(C.caps.changes_per_version || 0) + " changes from the version before."
      : "No key has more than one version: no change recorded.";
    const table = $("volatile-table");
    table.textContent = "";
    if (C.volatile.length) {
      const head = el("tr");
      for (const [label, cls] of [["", ""], ["Query", ""], ["Locale", ""], ["Versions", "num"], ["Mean churn", "num"], ["Last change", ""],
        ["New", "num"], ["Gone", "num"], ["Intermittent", "num"]]) head.appendChild(el("th", cls || null, label));
      table.appendChild(head);
    }
    C.volatile.forEach((k, i) => {
      const open = changesState.open.has(i);
      const tr = el("tr", "vkey");
      tr.dataset.key = String(i);
      const tog = el("button", null, open ? "▾" : "▸");
      tog.setAttribute("aria-expanded", open ? "true" : "false");
      tog.setAttribute("aria-label", (open ? "Hide" : "Show") + " the timeline of " + k[0]);
      const first = el("td");
      first.appendChild(tog);
      tr.appendChild(first);
      tr.appendChild(el("td", "q", k[0]));
      tr.appendChild(el("td", "locale", keyLocale(k)));
      tr.appendChild(el("td", "num versions", fmt(k[4])));
      tr.appendChild(el("td", "num churn", k[5] === null ? "-" : pct(k[5])));
      tr.appendChild(el("td", "last", k[6] === null ? "no change recorded" : when(k[6])));
      tr.appendChild(el("td", "num new", fmt(k[7][3])));
      tr.appendChild(el("td", "num gone", fmt(k[7][2])));
      tr.appendChild(el("td", "num intermittent", fmt(k[7][1])));
      tr.addEventListener("click", () => {
        if (open) changesState.open.delete(i); else changesState.open.add(i);
        drawChanges();
      });
      table.appendChild(tr);
      if (open) table.appendChild(timelineRow(k, 9));
    });
    drawQuestionChanges();
  }
  function timelineRow(k, span) {
    const tr = el("tr", "timeline");
    tr.dataset.key = String(C.volatile.indexOf(k));
    const td = el("td");
    td.colSpan = span;
    if (k[8] > 0) td.appendChild(el("p", "muted", plural(k[8], "earlier version", "earlier versions") + " not shown (the report shows a key's latest " + fmt(C.caps.versions_per_key || 0) + ")."));
    const ol = el("ol", "versions");
    ol.start = k[8] + 1;
    for (const v of k[9]) {
      const li = el("li", "version");
      const head = "first fetched " + when(v[0]) + (v[1] !== v[0] ? ", last " + when(v[1]) : "") + (v[2] ? " · run " + v[2] : "") +
        " · " + plural(v[3], "question", "questions") + (v[4] === null ? " · the first version" : " · churn " + pct(v[4]));
      li.appendChild(el("div", "head", head));
      if (v[4] !== null) {
        if (!v[5].length) li.appendChild(el("div", "muted", "The same questions and sources; the answers' texts changed."));
        const ul = el("ul", "changes");
        for (const c of v[5]) {
          const item = el("li", c[0], c[1]);
          item.dataset.change = c[0];
          if (c[2] || c[3]) item.appendChild(el("span", "was", (c[0] === "moved" ? "moved: " : "source: ") + c[2] + " → " + c[3]));
          ul.appendChild(item);
        }
        li.appendChild(ul);
        if (v[6] > 0) li.appendChild(el("div", "muted", fmt(v[6]) + " more changes: paa diff --from and --to around this version lists them all."));
      }
      ol.appendChild(li);
    }
    td.appendChild(ol);
    tr.appendChild(td);
    return tr;
  }
  function drawQuestionChanges() {
    const want = fold(changesState.text);
    const rows = C.questions.filter((r) => (!changesState.status || r[5] === changesState.status) &&
      (!want || fold(r[4]).includes(want) || fold(r[0]).includes(want)));
    const all = (C.statuses.new || 0) + (C.statuses.gone || 0) + (C.statuses.intermittent || 0);
    $("qchange-note").textContent = all === 0
      ? "No question came or went: every question of every key is in all of its versions."
      : fmt(rows.length) + " shown of " + plural(C.questions.length, "listed question", "listed questions") +
        (all > C.questions.length ? " (" + fmt(all) + " in all; the report lists the " + fmt(C.questions.length) + " most recent, paa export --format stability lists them all)" : "") +
        ". New: in the latest versions only, by when it first appeared; gone: not in the latest version, by when it was last seen; intermittent: absent from a version between two that have it.";
    const table = $("qchange-table");
    table.textContent = "";
    if (!rows.length) return;
    const head = el("tr");
    for (const [label, cls] of [["Question", ""], ["Status", ""], ["Query", ""], ["Locale", ""], ["First seen", ""], ["Last seen", ""], ["In versions", "num"]]) {
      head.appendChild(el("th", cls || null, label));
    }
    table.appendChild(head);
    for (const r of rows) {
      const tr = el("tr", "qchange");
      tr.dataset.status = r[5];
      tr.appendChild(el("td", "question", r[4]));
      tr.appendChild(el("td", "status", r[5]));
      tr.appendChild(el("td", "q", r[0]));
      tr.appendChild(el("td", "locale", keyLocale(r)));
      tr.appendChild(el("td", "first", when(r[6])));
      tr.appendChild(el("td", "last", when(r[7])));
      tr.appendChild(el("td", "num seen", fmt(r[8]) + " of " + fmt(r[9])));
      table.appendChild(tr);
    }
  }
  $("qchange-status").addEventListener("change", (e) => { changesState.status = e.target.value; drawQuestionChanges(); });
  $("qchange-filter").addEventListener("input", (e) => { changesState.text = e.target.value; drawQuestionChanges(); });

  // --- domains (docs/reports.md "Domains") ----------------------------------------------------
  // M.rows[i] = [domain, answers, share, questions, keys, topics, yours];
  // M.since[i] = [run_id, job, at_ms, keys, moves, [[domain, from, to, won, lost], ...], more_rows].
  const M = dataOf("paa-domains", { sourced: 0, total: 0, yours: [], runs: 0, caps: {}, rows: [], since: [] });
  const yoursSet = new Set(M.yours);
  const domainState = { text: "", yours: false, since: M.since.length >= 2 ? M.since.length - 2 : M.since.length - 1 };
  $("domain-since").textContent = "";
  if (!M.since.length) $("domain-since").appendChild(el("option", null, "no run to compare from"));
  M.since.forEach((r, i) => {
    const o = el("option", null, "run " + r[0] + " (" + r[1] + ", ended " + when(r[2]) + ")");
    o.value = String(i);
    $("domain-since").appendChild(o);
  });
  if (M.since.length) $("domain-since").value = String(domainState.since);
  $("domain-since").disabled = M.since.length === 0;
  $("domain-yours").disabled = M.yours.length === 0;
  if (!M.yours.length) $("domain-yours").parentElement.title = "paa export --domain YOURS.com marks your domains";
  const domainShown = (d) => (!domainState.yours || yoursSet.has(d)) && (!domainState.text || d.includes(domainState.text));
  function domainRow(cells, yours) {
    const tr = el("tr", yours ? "yours" : null);
    for (const [text, cls] of cells) tr.appendChild(el("td", cls, text));
    if (yours) tr.firstChild.appendChild(el("span", "mark", " ★ yours"));
    return tr;
  }
  function drawDomains() {
    const rows = M.rows.filter((r) => domainShown(r[0]));
    $("domains-summary").textContent = fmt(M.sourced) + " answers with a source in the whole report (the query filters do not apply), on " +
      plural(M.total, "domain or bucket", "domains and buckets") + ": each answer counts once per tree, its domain the registrable one (www.bbc.co.uk: bbc.co.uk), as paa export --format domains. " +
      (M.yours.length ? "Your domains (--domain): " + M.yours.join(", ") + "." : "Give --domain to mark your domains.") +
      " Showing " + fmt(rows.length) + ".";
    $("domains-more").textContent = M.total > M.rows.length
      ? "The report lists the first " + fmt(M.caps.rows || 0) + " domains (and yours); " + fmt(M.total - M.rows.length) + " more: paa export --format domains lists them all."
      : "";
    const table = $("domains-table");
    table.textContent = "";
    const head = el("tr");
    for (const [label, cls] of [["Domain", ""], ["Answers", "num"], ["Share", "num"], ["Questions", "num"], ["Keys", "num"], ["Topics", "num"]]) {
      head.appendChild(el("th", cls || null, label));
    }
    table.appendChild(head);
    for (const r of rows) {
      const tr = domainRow([[r[0], "domain"], [fmt(r[1]), "num answers"], [r[2] === null ? "" : pct(r[2]), "num share"],
        [fmt(r[3]), "num questions"], [fmt(r[4]), "num keys"], [fmt(r[5]), "num topics"]], r[6]);
      tr.dataset.domain = r[0];
      table.appendChild(tr);
    }
    drawMoves();
  }
  function drawMoves() {
    const table = $("moves-table");
    table.textContent = "";
    $("moves-more").textContent = "";
    const run = M.since[domainState.since];
    if (!run) {
      $("moves-summary").textContent = "Won and lost compare each key's answers at the end of a run with now; " + runNote(M.runs);
      return;
    }
    const rows = run[5].filter((r) => domainShown(r[0]));
    $("moves-summary").textContent = "From the end of run " + run[0] + " (" + when(run[2]) + ") to now, over " + plural(run[3], "key", "keys") +
      " stored at both: " + plural(run[4], "question", "questions") + " changed domain (won by the new one, lost by the old; as paa diff --by domain). " +
      runNote(M.runs) + (M.since.length < M.runs ? " The report compares from the latest " + fmt(M.since.length) + "." : "");
    const head = el("tr");
    for (const [label, cls] of [["Domain", ""], ["Answers then", "num"], ["Answers now", "num"], ["Won", "num"], ["Lost", "num"], ["Net", "num"]]) {
      head.appendChild(el("th", cls || null, label));
    }
    table.appendChild(head);
    for (const r of rows) {
      const net = r[3] - r[4];
      const tr = domainRow([[r[0], "domain"], [fmt(r[1]), "num from"], [fmt(r[2]), "num to"], [fmt(r[3]), "num won"], [fmt(r[4]), "num lost"],
        [(net > 0 ? "+" : "") + fmt(net), "num net"]], yoursSet.has(r[0]));
      tr.dataset.domain = r[0];
      table.appendChild(tr);
    }
    if (run[6] > 0) $("moves-more").textContent = "The report lists each run's first " + fmt(M.caps.moves || 0) + " domains (and yours); " + fmt(run[6]) + " more: paa diff --by domain --from " + run[0] + " lists them all.";
  }
  $("domain-filter").addEventListener("input", (e) => { domainState.text = e.target.value.trim().toLowerCase(); drawDomains(); });
  $("domain-yours").addEventListener("change", (e) => { domainState.yours = e.target.checked; drawDomains(); });
  $("domain-since").addEventListener("change", (e) => { domainState.since = Number(e.target.value); drawMoves(); });

  // --- related searches -------------------------------------------------------------------
  function drawRelated() {
    const d = $("related");
    d.textContent = "";
    if (state.selected < 0) return;
    const r = R[state.selected];
    d.appendChild(el("h3", null, "Related searches for “" + r[0] + "” (" + locale(r) + ")"));
    if (!r[6].length) { d.appendChild(el("p", "muted", "The service returned no related searches.")); return; }
    const ol = el("ol");
    r[6].forEach((s) => ol.appendChild(el("li", null, s)));
    d.appendChild(ol);
  }

  // --- answer sources ---------------------------------------------------------------------
  function drawSources() {
    const m = new Map();
    let total = 0;
    for (const idx of state.rows) {
      walk(R[idx][7], (n) => {
        const dom = domainOf(n[2]);
        if (!dom) return;
        total++;
        let e = m.get(dom);
        if (!e) { e = { dom, answers: 0, qs: new Map() }; m.set(dom, e); }
        e.answers++;
        e.qs.set(n[0], (e.qs.get(n[0]) || 0) + 1);
      });
    }
    const rows = [...m.values()].sort((a, b) => b.answers - a.answers);
    const d = $("sources");
    d.textContent = "";
    d.appendChild(el("p", "muted", fmt(total) + " answers with a source URL in " + fmt(state.rows.length) + " selected trees, from " + fmt(rows.length) + " domains (top 100 shown)."));
    const table = el("table");
    const hr = el("tr");
    ["Domain", "Answers", "Share", "Top questions"].forEach((h) => hr.appendChild(el("th", null, h)));
    table.appendChild(hr);
    for (const e of rows.slice(0, 100)) {
      const tr = el("tr");
      tr.appendChild(el("td", null, e.dom));
      tr.appendChild(el("td", null, fmt(e.answers)));
      const share = el("td");
      const bar = el("span", "bar");
      bar.style.width = Math.round((100 * e.answers) / total) + "px";
      share.appendChild(bar);
      share.appendChild(document.createTextNode(((100 * e.answers) / total).toFixed(1) + "%"));
      tr.appendChild(share);
      const tq = [...e.qs.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3).map((x) => x[0]);
      tr.appendChild(el("td", null, tq.join(" · ")));
      table.appendChild(tr);
    }
    d.appendChild(table);
    domainHits();
  }
  function domainHits() {
    const want = $("domain-box").value.trim().toLowerCase().replace(/^www\./, "");
    const d = $("domain-hits");
    d.textContent = "";
    if (!want) return;
    const hits = [];
    for (const idx of state.rows) {
      walk(R[idx][7], (n) => { const dom = domainOf(n[2]); if (dom === want || dom.endsWith("." + want)) hits.push([idx, n]); });
    }
    d.appendChild(el("p", null, want + " answers " + fmt(hits.length) + " questions in the selection" + (hits.length > 200 ? " (first 200 shown)" : "") + "."));
    const ul = el("ul", "plain");
    for (const [idx, n] of hits.slice(0, 200)) ul.appendChild(el("li", null, n[0] + " — " + R[idx][0] + " (" + locale(R[idx]) + ")"));
    d.appendChild(ul);
  }
  $("domain-box").addEventListener("input", domainHits);

  // --- compare locales --------------------------------------------------------------------
  function drawCompare() {
    const d = $("compare");
    d.textContent = "";
    if (state.selected < 0) return;
    const f = folded[state.selected];
    const same = [];
    for (let i = 0; i < R.length; i++) if (folded[i] === f) same.push(i);
    d.appendChild(el("h3", null, "“" + R[state.selected][0] + "” in " + same.length + " locale" + (same.length === 1 ? "" : "s")));
    if (same.length < 2) { d.appendChild(el("p", "muted", "This query is stored in one locale only; harvest it with other hl/gl values to compare markets.")); return; }
    const sets = same.map((idx) => { const m = new Map(); walk(R[idx][7], (n) => { const k = fold(n[0]); if (!m.has(k)) m.set(k, n[0]); }); return m; });
    const shared = [...sets[0].keys()].filter((k) => sets.every((s) => s.has(k)));
    const sec = el("section");
    sec.appendChild(el("h3", null, "Shared by all (" + shared.length + ")"));
    const ul = el("ul", "plain");
    shared.forEach((k) => ul.appendChild(el("li", null, sets[0].get(k))));
    sec.appendChild(ul);
    d.appendChild(sec);
    const cols = el("div", "cols");
    same.forEach((idx, i) => {
      const s = el("section");
      const unique = [...sets[i].keys()].filter((k) => sets.every((o, j) => j === i || !o.has(k)));
      s.appendChild(el("h3", null, locale(R[idx]) + ": unique to this market (" + unique.length + ")"));
      const u = el("ul", "plain");
      unique.forEach((k) => u.appendChild(el("li", null, sets[i].get(k))));
      s.appendChild(u);
      const doms = new Map();
      walk(R[idx][7], (n) => { const dom = domainOf(n[2]); if (dom) doms.set(dom, (doms.get(dom) || 0) + 1); });
      s.appendChild(el("p", "muted", "Answer sources: " + ([...doms.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5).map((x) => x[0] + " (" + x[1] + ")").join(", ") || "none")));
      cols.appendChild(s);
    });
    d.appendChild(cols);
  }

  applyFilters();
  document.body.dataset.readyMs = String(Math.round(performance.now()));  // since navigation start
  document.body.dataset.ready = "1";
})();
