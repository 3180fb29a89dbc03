"use strict";
// paa report, the part both forms share: the single file (report.js reads the data elements of
// its page) and the report folder (folder.js loads data files on demand). DOM helpers, the
// virtual list, the mind map, and the views drawn from one object each (Topics, Changes,
// Domains) or from trees handed over (related searches, answer sources, compare locales).
// Store strings are rendered through textContent / setAttribute only; links only for http(s).
var PAA = (function () {
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
  // A key's locale: r = [q, hl, gl, city, ...] (results, keys, volatile keys, question changes).
  const locale = (r) => r[1] + "-" + r[2] + (r[3] ? "-" + r[3] : "");
  const safeUrl = (u) => (typeof u === "string" && /^https?:\/\//i.test(u) ? u : null);
  const domainOf = (u) => {
    if (!safeUrl(u)) return "";
    try { return new URL(u).hostname.replace(/^www\./, ""); } catch (e) { return ""; }
  };
  const fmt = (n) => n.toLocaleString("en");
  const plural = (n, one, many) => fmt(n) + " " + (n === 1 ? one : many);
  const when = (ms) => new Date(ms).toISOString().slice(0, 16).replace("T", " ") + " UTC";
  const pct = (x) => (100 * x).toFixed(1) + "%";
  // An external link (http(s) only; anything else stays text).
  function outLink(url, text) {
    if (!safeUrl(url)) return el("span", null, text === undefined ? url : text);
    const a = el("a", null, text === undefined ? url : text);
    a.href = url;
    a.target = "_blank";
    a.rel = "noopener noreferrer";
    return a;
  }

  // Pre-order over nested nodes ([question, answer, url, title, [children]?]), iterative: deep
  // trees must not overflow the stack.
  function walk(nodes, fn, depth, parent) {
    const stack = [[nodes || [], 0, depth || 1, parent || null]];
    while (stack.length) {
      const top = stack[stack.length - 1];
      if (top[1] >= top[0].length) { stack.pop(); continue; }
      const node = top[0][top[1]++];
      fn(node, top[2], top[3]);
      if (node[4] && node[4].length) stack.push([node[4], 0, top[2] + 1, node]);
    }
  }

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

  // A row of the query list.
  function queryRow(q, loc, selected) {
    const row = el("div", "vrow" + (selected ? " sel" : ""), q);
    row.setAttribute("role", "option");
    row.setAttribute("aria-selected", selected ? "true" : "false");
    row.title = q;
    row.appendChild(el("span", "sub", loc));
    return row;
  }

  // A virtual list: only the rows in view exist in the DOM. Chromium lays out no element much
  // taller than 33 million pixels, so past MAX_HEIGHT the spacer stays that tall and the scroll
  // position maps proportionally onto the rows (a million queries stay reachable to the last).
  const MAX_HEIGHT = 4000000;
  function VList(container, spacer, rowHeight, render, headerHeight) {
    const offset = headerHeight || 0;
    let count = 0;
    let scheduled = false;
    const view = () => Math.max(1, container.clientHeight - offset);
    // Rows' pixels per scrolled pixel: 1 unless the list is taller than MAX_HEIGHT.
    const scale = () => {
      const total = count * rowHeight;
      return total <= MAX_HEIGHT ? 1 : Math.max(1, (total - view()) / Math.max(1, MAX_HEIGHT - view()));
    };
    function draw() {
      scheduled = false;
      const scroll = Math.max(0, container.scrollTop - offset);
      const k = scale();
      const virtual = scroll * k;
      const first = Math.max(0, Math.floor(virtual / rowHeight) - 5);
      const last = Math.min(count, Math.ceil((virtual + container.clientHeight) / rowHeight) + 5);
      spacer.textContent = "";
      for (let i = first; i < last; i++) {
        const row = render(i);
        row.style.top = i * rowHeight + (scroll - virtual) + "px";
        spacer.appendChild(row);
      }
    }
    const schedule = () => { if (!scheduled) { scheduled = true; requestAnimationFrame(draw); } };
    container.addEventListener("scroll", schedule);
    window.addEventListener("resize", schedule);
    return {
      setCount(n) { count = n; spacer.style.height = Math.min(n * rowHeight, MAX_HEIGHT) + "px"; draw(); },
      redraw: draw,
      schedule,
      reveal(i) {
        const k = scale();
        const top = i * rowHeight;
        if (k === 1) {
          if (top < container.scrollTop) container.scrollTop = top;
          else if (top + rowHeight > container.scrollTop + container.clientHeight) container.scrollTop = top + rowHeight - container.clientHeight;
        } else {
          let virtual = Math.max(0, container.scrollTop - offset) * k;
          if (top < virtual) virtual = top;
          else if (top + rowHeight > virtual + view()) virtual = top + rowHeight - view();
          container.scrollTop = offset + virtual / k;
        }
        draw();
      },
    };
  }

  // The tab bar: aria-selected and the active panel; arrows move between tabs. `pick(name)` is
  // called on a click or an arrow; `select(name)` only marks the tab.
  function Tabs(names, pick) {
    names.forEach((t, i) => {
      const b = $("tab-" + t);
      b.addEventListener("click", () => pick(t));
      b.addEventListener("keydown", (e) => {
        if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
        const n = names[(i + (e.key === "ArrowRight" ? 1 : names.length - 1)) % names.length];
        pick(n);
        $("tab-" + n).focus();
      });
    });
    return {
      select(name) {
        for (const t of names) {
          $("tab-" + t).setAttribute("aria-selected", t === name ? "true" : "false");
          $("panel-" + t).classList.toggle("active", t === name);
        }
      },
    };
  }

  // --- mind map ---------------------------------------------------------------------------
  const NODE_W = 230, GAP_X = 60, GAP_Y = 10, LINE_H = 15, CHARS = 32;
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

  // A query and its stored tree as a node tree, built in pre-order so that a question whose
  // folded text appeared earlier in the tree is marked as repeated.
  function buildTree(q, nodes) {
    const root = { text: q, data: null, kids: [], open: true, depth: 0, repeat: false };
    const seen = new Set();
    const stack = [];
    const push = (list, parent) => { for (let i = (list || []).length - 1; i >= 0; i--) stack.push([list[i], parent]); };
    push(nodes, root);
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

  // Colour by topic: the topics of the drawn tree's questions (folded or not), most questions
  // first; the first PALETTE.length get a colour each, the rest OTHER_TOPIC; the legend says which.
  const PALETTE = ["#c6dbff", "#ffd4a8", "#c4ecbf", "#f7c3d3", "#ddd0f7", "#fff0a0", "#bfe9e9", "#eec9ae", "#d6e6a8", "#e3dccb"];
  const OTHER_TOPIC = "#e4e7ec";

  // The mind map in #map with its tools. opts: topicOf(text) -> [topic number, type] or
  // undefined; topics() -> the topics object (T.topics[n] = [id, label, ...]); noTopic: the
  // legend's words for questions without one; colouring(): called (and awaited) before the first
  // colouring, to load what topicOf needs; onNode(node or null): a question was selected (null:
  // the query itself or nothing).
  function MindMap(opts) {
    let mapRoot = null;
    let view = { x: 20, y: 20, k: 1 };
    let selectedNode = null;
    let colourByTopic = false;
    let mapColours = new Map();  // topic number -> colour
    const svg = $("map");
    const layer = sel("g", {});
    svg.appendChild(layer);

    function colourMap() {
      mapColours = new Map();
      const legend = $("topic-legend");
      legend.textContent = "";
      legend.hidden = !colourByTopic || !mapRoot;
      if (legend.hidden) return;
      const T = opts.topics();
      const counts = new Map();
      let none = 0;
      const s = [...mapRoot.kids];
      while (s.length) {
        const n = s.pop();
        const t = opts.topicOf(n.text);
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
      if (none) entry("#fff", opts.noTopic + " (" + none + ")");
    }

    function pick(n) { selectedNode = n; opts.onNode(n); render(); }
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
        const g = sel("g", { class: "node" + (n === mapRoot ? " root" : "") + (n.repeat ? " repeat" : "") + (n === selectedNode ? " sel" : ""), transform: `translate(${n.x},${n.y})`, tabindex: "0", "data-depth": n.depth });
        const rect = sel("rect", { width: NODE_W, height: n.h, rx: 6 });
        if (colourByTopic && n.data) {
          const t = opts.topicOf(n.text);
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
        g.addEventListener("click", () => pick(n));
        g.addEventListener("keydown", (e) => {
          if (e.key === "Enter") pick(n);
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
    $("color-topics").addEventListener("change", async (e) => {
      const on = e.target.checked;
      if (on && opts.colouring) await opts.colouring();
      colourByTopic = on;
      colourMap();
      if (mapRoot) render();
    });

    return {
      // Draws a node tree (buildTree) fitted to the view; nothing selected.
      show(root) {
        layer.textContent = "";
        selectedNode = null;
        mapRoot = root;
        colourMap();
        render();
        fit();
        opts.onNode(null);
      },
      // No tree: a message in its place.
      clear(message) {
        layer.textContent = "";
        selectedNode = null;
        mapRoot = null;
        const t = sel("text", { x: 10, y: 20 });
        t.textContent = message;
        layer.appendChild(t);
        $("topic-legend").hidden = true;
        opts.onNode(null);
      },
      fit,
    };
  }

  // The detail panel's view of a question of the map (node.data = [question, answer, url, title]).
  // `topicLine`: the topic's words, or null.
  function questionDetail(d, n, topicLine) {
    const [question, answer, url, title] = n.data;
    d.appendChild(el("h2", null, question));
    if (n.repeat) d.appendChild(el("p", "muted", "↺ This question appears earlier in this tree."));
    if (topicLine) d.appendChild(el("p", "muted", topicLine));
    d.appendChild(el("p", "answer", answer || "(no answer)"));
    if (title) d.appendChild(el("p", null, "Source: " + title));
    if (url) {
      const p = el("p");
      p.appendChild(outLink(url));
      d.appendChild(p);
    }
  }
  // A key's versions: [versions, mean churn, last change ms].
  function historyLine(h) {
    const [versions, churn, last] = h;
    return el("p", "history", versions > 1
      ? plural(versions, "version", "versions") + " · mean churn " + (100 * churn).toFixed(1) + "% · last change " +
        new Date(last).toISOString().slice(0, 16).replace("T", " ") + " UTC"
      : "One version: no change recorded.");
  }

  // The first cell of a row that opens (a topic, a volatile key): a ▸ or ▾ button.
  function toggleCell(open, what) {
    const tog = el("button", null, open ? "▾" : "▸");
    tog.setAttribute("aria-expanded", open ? "true" : "false");
    tog.setAttribute("aria-label", (open ? "Hide " : "Show ") + what);
    const td = el("td");
    td.appendChild(tog);
    return td;
  }

  // --- topics (docs/reports.md "Topics") --------------------------------------------------------
  // The whole report's topics (the query filters do not apply), most trees first, as
  // `paa export --format topics` lists them; filtered by a text (label, representative and
  // listed questions) and a question type (topics with questions of that type).
  // T.topics[i] = [id, label, hl, questions, groups, trees, representative, [questions of each
  // type], [[question, type, intent, trees, variant_of], ...]]; types and intents are indexes
  // into T.types / T.intents.
  function TopicsView(T) {
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
        tr.appendChild(toggleCell(open, "the questions of " + t[1]));
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
    return {
      draw: drawTopics,
      // Opens the topic of this id (filters cleared so that it shows); false when not listed.
      open(id) {
        const i = T.topics.findIndex((t) => t[0] === id);
        if (i < 0) return false;
        topicState.open.add(i);
        topicState.text = "";
        topicState.type = -1;
        $("topic-filter").value = "";
        $("topic-type").value = "";
        return true;
      },
    };
  }

  // --- changes (docs/reports.md "Changes") ----------------------------------------------------
  // C.volatile[i] = [q, hl, gl, city, versions, mean_churn, last_change_ms, [stable, intermittent,
  // gone, new], earlier_versions, [[first_fetch_ms, last_fetch_ms, run_id, questions, churn,
  // [[change, question, old, new], ...], more_changes], ...]];
  // C.questions[i] = [q, hl, gl, city, question, status, first_seen_ms, last_seen_ms, versions_seen, versions].
  const runNote = (runs) => runs === 0
    ? "The store records no runs (a store written before run ids, or without paa run)."
    : runs === 1
      ? "The store has one run: a key changes when a later run fetches it again (refresh_after, paa run --refresh)."
      : "The store has " + fmt(runs) + " runs.";
  function ChangesView(C) {
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
        tr.appendChild(toggleCell(open, "the timeline of " + k[0]));
        tr.appendChild(el("td", "q", k[0]));
        tr.appendChild(el("td", "locale", locale(k)));
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
        tr.appendChild(el("td", "locale", locale(r)));
        tr.appendChild(el("td", "first", when(r[6])));
        tr.appendChild(el("td", "last", when(r[7])));
        tr.appendChild(el("td", "num seen", fmt(r[8]) + " of " + fmt(r[9])));
        table.appendChild(tr);
      }
    }
    $("qchange-status").addEventListener("change", (e) => { changesState.status = e.target.value; drawQuestionChanges(); });
    $("qchange-filter").addEventListener("input", (e) => { changesState.text = e.target.value; drawQuestionChanges(); });
    return {
      draw: drawChanges,
      // The volatile key's index (r = [q, hl, gl, city, ...]), or -1.
      indexOf: (r) => C.volatile.findIndex((k) => k[0] === r[0] && k[1] === r[1] && k[2] === r[2] && k[3] === r[3]),
      open(i) { changesState.open.add(i); },
    };
  }

  // --- domains (docs/reports.md "Domains") ----------------------------------------------------
  // M.rows[i] = [domain, answers, share, questions, keys, topics, yours];
  // M.since[i] = [run_id, job, at_ms, keys, moves, [[domain, from, to, won, lost], ...], more_rows].
  function DomainsView(M) {
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
    return { draw: drawDomains };
  }

  // --- related searches, answer sources, compare locales ----------------------------------------
  function drawRelated(d, q, loc, related) {
    d.textContent = "";
    d.appendChild(el("h3", null, "Related searches for “" + q + "” (" + loc + ")"));
    if (!related.length) { d.appendChild(el("p", "muted", "The service returned no related searches.")); return; }
    const ol = el("ol");
    related.forEach((s) => ol.appendChild(el("li", null, s)));
    d.appendChild(ol);
  }

  // The answers' domains of the selected trees, and where a domain (#domain-box) answers.
  // trees() -> [[q, locale, nodes], ...].
  function SourcesView(trees) {
    function draw() {
      const list = trees();
      const m = new Map();
      let total = 0;
      for (const [, , nodes] of list) {
        walk(nodes, (n) => {
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
      d.appendChild(el("p", "muted", fmt(total) + " answers with a source URL in " + plural(list.length, "selected tree", "selected trees") + ", from " + fmt(rows.length) + " domains (top 100 shown)."));
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
      hits();
    }
    function hits() {
      const want = $("domain-box").value.trim().toLowerCase().replace(/^www\./, "");
      const d = $("domain-hits");
      d.textContent = "";
      if (!want) return;
      const found = [];
      for (const [q, loc, nodes] of trees()) {
        walk(nodes, (n) => { const dom = domainOf(n[2]); if (dom === want || dom.endsWith("." + want)) found.push([q, loc, n]); });
      }
      d.appendChild(el("p", null, want + " answers " + fmt(found.length) + " questions in the selection" + (found.length > 200 ? " (first 200 shown)" : "") + "."));
      const ul = el("ul", "plain");
      for (const [q, loc, n] of found.slice(0, 200)) ul.appendChild(el("li", null, n[0] + " — " + q + " (" + loc + ")"));
      d.appendChild(ul);
    }
    $("domain-box").addEventListener("input", hits);
    return { draw };
  }

  // One query's trees in several locales: what they share, what each has alone, their sources.
  // same = [[locale, nodes], ...], the selected key's among them.
  function drawCompare(d, q, same) {
    d.textContent = "";
    d.appendChild(el("h3", null, "“" + q + "” in " + same.length + " locale" + (same.length === 1 ? "" : "s")));
    if (same.length < 2) { d.appendChild(el("p", "muted", "This query is stored in one locale only; harvest it with other hl/gl values to compare markets.")); return; }
    const sets = same.map(([, nodes]) => { const m = new Map(); walk(nodes, (n) => { const k = fold(n[0]); if (!m.has(k)) m.set(k, n[0]); }); return m; });
    const shared = [...sets[0].keys()].filter((k) => sets.every((s) => s.has(k)));
    const sec = el("section");
    sec.appendChild(el("h3", null, "Shared by all (" + shared.length + ")"));
    const ul = el("ul", "plain");
    shared.forEach((k) => ul.appendChild(el("li", null, sets[0].get(k))));
    sec.appendChild(ul);
    d.appendChild(sec);
    const cols = el("div", "cols");
    same.forEach(([loc, nodes], i) => {
      const s = el("section");
      const unique = [...sets[i].keys()].filter((k) => sets.every((o, j) => j === i || !o.has(k)));
      s.appendChild(el("h3", null, loc + ": unique to this market (" + unique.length + ")"));
      const u = el("ul", "plain");
      unique.forEach((k) => u.appendChild(el("li", null, sets[i].get(k))));
      s.appendChild(u);
      const doms = new Map();
      walk(nodes, (n) => { const dom = domainOf(n[2]); if (dom) doms.set(dom, (doms.get(dom) || 0) + 1); });
      s.appendChild(el("p", "muted", "Answer sources: " + ([...doms.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5).map((x) => x[0] + " (" + x[1] + ")").join(", ") || "none")));
      cols.appendChild(s);
    });
    d.appendChild(cols);
  }

  // Stamps the moment the first view is interactive (since navigation start), for the checkers
  // and scripts/bench.sh.
  function ready() {
    document.body.dataset.readyMs = String(Math.round(performance.now()));
    document.body.dataset.ready = "1";
  }

  return {
    $, el, sel, fold, locale, safeUrl, domainOf, fmt, plural, when, pct, outLink, walk, fillSelect, queryRow, VList, Tabs,
    buildTree, MindMap, questionDetail, historyLine, TopicsView, ChangesView, DomainsView, drawRelated, SourcesView,
    drawCompare, ready,
  };
})();
