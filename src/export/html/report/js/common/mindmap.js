// @ts-check
// The mind map in #map: drawing (mapRender), the topic legend (mapLegend), the view's pan and
// zoom (mapFit, mapZoom) and the tools around it (mapControls); MindMap assembles them.

// Colour by topic: the topics of the drawn tree's questions (folded or not), most questions
// first; the first PALETTE.length get a colour each, the rest OTHER_TOPIC; the legend says which.
const PALETTE = ["#c6dbff", "#ffd4a8", "#c4ecbf", "#f7c3d3", "#ddd0f7", "#fff0a0", "#bfe9e9", "#eec9ae", "#d6e6a8", "#e3dccb"];
const OTHER_TOPIC = "#e4e7ec";

/**
 * @typedef {{ topicOf: (text: string) => ({ topic: number, type: number } | undefined), topics: () => any, noTopic: string,
 *   colouring?: () => Promise<unknown>, onNode: (node: any) => void }} MapOptions
 * @typedef {{ opts: MapOptions, root: any, view: { x: number, y: number, k: number }, selected: any,
 *   byTopic: boolean, colours: Map<number, string>, svg: SVGSVGElement, layer: SVGElement }} MapState
 */

// The legend of the topics in the drawn tree, and their colours.
/** @param {MapState} m */
function mapLegend(m) {
  m.colours = new Map();
  const legend = $("topic-legend");
  legend.textContent = "";
  legend.hidden = !m.byTopic || !m.root;
  if (legend.hidden) return;
  const T = m.opts.topics();
  const counts = new Map();
  let none = 0;
  const s = [...m.root.kids];
  while (s.length) {
    const n = s.pop();
    const t = m.opts.topicOf(n.text);
    if (t) counts.set(t.topic, (counts.get(t.topic) || 0) + 1); else none++;
    s.push(...n.kids);
  }
  const order = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  /** @type {(colour: string, text: string, id?: string) => void} */
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
    m.colours.set(t, PALETTE[i]);
    entry(PALETTE[i], T.topics[t][TOPIC.label] + " (" + c + ")", T.topics[t][TOPIC.id]);
  });
  const rest = order.slice(PALETTE.length);
  if (rest.length) entry(OTHER_TOPIC, plural(rest.length, "other topic", "other topics") + " (" + rest.reduce((a, e) => a + e[1], 0) + ")");
  if (none) entry("#fff", m.opts.noTopic + " (" + none + ")");
}

/** @param {MapState} m @param {any} n */
function mapPick(m, n) { m.selected = n; m.opts.onNode(n); mapRender(m); }

// One node of the map: its box, its lines, its repeat mark and its fold toggle.
/** @param {MapState} m @param {any} n */
function mapNode(m, n) {
  const g = sel("g", { class: "node" + (n === m.root ? " root" : "") + (n.repeat ? " repeat" : "") + (n === m.selected ? " sel" : ""), transform: `translate(${n.x},${n.y})`, tabindex: "0", "data-depth": n.depth });
  const rect = sel("rect", { width: NODE_W, height: n.h, rx: 6 });
  if (m.byTopic && n.data) {
    const t = m.opts.topicOf(n.text);
    if (t) rect.style.fill = m.colours.get(t.topic) || OTHER_TOPIC;
  }
  g.appendChild(rect);
  const title = sel("title", {});
  title.textContent = n.text;
  g.appendChild(title);
  const text = sel("text", { x: 8, y: 4 });
  n.lines.forEach((/** @type {string} */ line) => {
    const ts = sel("tspan", { x: 8, dy: LINE_H });
    ts.textContent = line;
    text.appendChild(ts);
  });
  g.appendChild(text);
  if (n.repeat) {
    const mark = sel("text", { class: "mark", x: 8, y: n.lines.length * LINE_H + 16 });
    mark.textContent = "↺ repeated in this tree";
    g.appendChild(mark);
  }
  if (n.kids.length) {
    const c = sel("circle", { cx: NODE_W, cy: n.h / 2, r: 8 });
    const t = sel("text", { class: "tog", x: NODE_W - 4, y: n.h / 2 + 4 });
    t.textContent = n.open ? "−" : "+";
    c.addEventListener("click", (e) => { e.stopPropagation(); n.open = !n.open; mapRender(m); });
    g.appendChild(c);
    g.appendChild(t);
  }
  g.addEventListener("click", () => mapPick(m, n));
  g.addEventListener("keydown", (e) => {
    if (e.key === "Enter") mapPick(m, n);
    if (e.key === " " && n.kids.length) { e.preventDefault(); n.open = !n.open; mapRender(m); }
  });
  return g;
}

/** @param {MapState} m */
function mapRender(m) {
  m.layer.textContent = "";
  const nodes = layout(m.root);
  const edges = sel("g", {});
  m.layer.appendChild(edges);
  for (const n of nodes) {
    if (n.open) {
      for (const k of n.kids) {
        const x1 = n.x + NODE_W, y1 = n.y + n.h / 2, x2 = k.x, y2 = k.y + k.h / 2, mx = (x1 + x2) / 2;
        edges.appendChild(sel("path", { class: "edge", d: `M${x1},${y1} C${mx},${y1} ${mx},${y2} ${x2},${y2}` }));
      }
    }
    m.layer.appendChild(mapNode(m, n));
  }
  mapApply(m);
}

/** @param {MapState} m */
function mapBounds(m) {
  const nodes = layout(m.root);
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const n of nodes) { x0 = Math.min(x0, n.x); y0 = Math.min(y0, n.y); x1 = Math.max(x1, n.x + NODE_W + 10); y1 = Math.max(y1, n.y + n.h); }
  return { x0, y0, x1, y1 };
}
// The whole tree as it is drawn (folds and topic colours included), as a standalone SVG: the
// page's styles written onto each element (the file has no stylesheet), the view's pan and zoom
// left out. Then saved as .svg, or drawn twice its size on a canvas and saved as .png; the
// file's name is the query's. A browser that refuses the canvas says so (paa map draws a PNG).
const MAP_STYLE_PROPS = ["fill", "stroke", "stroke-width", "stroke-dasharray", "font-size", "font-family", "font-weight", "opacity"];
/** @param {MapState} m */
function mapSvgText(m) {
  const b = mapBounds(m);
  const w = b.x1 - b.x0 + 20, h = b.y1 - b.y0 + 20;
  const clone = /** @type {SVGSVGElement} */ (m.svg.cloneNode(false));
  clone.removeAttribute("id");
  clone.setAttribute("xmlns", "http://www.w3.org/2000/svg");
  clone.setAttribute("viewBox", `${b.x0 - 10} ${b.y0 - 10} ${w} ${h}`);
  clone.setAttribute("width", String(Math.ceil(w)));
  clone.setAttribute("height", String(Math.ceil(h)));
  const bg = document.createElementNS("http://www.w3.org/2000/svg", "rect");
  for (const [k, v] of Object.entries({ x: b.x0 - 10, y: b.y0 - 10, width: w, height: h, fill: "#ffffff" })) bg.setAttribute(k, String(v));
  clone.appendChild(bg);
  const layer = /** @type {Element} */ (m.layer.cloneNode(true));
  layer.removeAttribute("transform");
  clone.appendChild(layer);
  // Copy each drawn element's computed style (same order in both trees).
  const from = [m.layer, ...m.layer.querySelectorAll("*")], to = [layer, ...layer.querySelectorAll("*")];
  from.forEach((e, i) => {
    const cs = getComputedStyle(e);
    const style = MAP_STYLE_PROPS.map((p) => p + ":" + cs.getPropertyValue(p)).join(";");
    to[i].setAttribute("style", style);
    to[i].removeAttribute("class");
  });
  return { text: new XMLSerializer().serializeToString(clone), w, h };
}
/** @param {MapState} m @param {string} kind */
function mapDownload(m, kind) {
  if (!m.root) return;
  const { text, w, h } = mapSvgText(m);
  const name = (String(m.root.text).replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-+|-+$/g, "").slice(0, 60) || "mind-map") + "." + kind;
  // Files as Blobs (a data: url is capped in length, a big tree's PNG is not).
  const save = (/** @type {Blob} */ blob) => {
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 60000);
  };
  const svgBlob = new Blob([text], { type: "image/svg+xml" });
  if (kind === "svg") return save(svgBlob);
  const tooBig = () => $("detail").appendChild(el("p", "muted",
    "The tree is too large for a PNG here: save the SVG, or run paa map -o map.pdf."));
  // Twice the SVG file's width and height (whole pixels, as its attributes say), within what a
  // canvas takes.
  const cw = 2 * Math.ceil(w), ch = 2 * Math.ceil(h);
  if (cw > 16384 || ch > 16384 || cw * ch > 120e6) return tooBig();
  const img = new Image();
  img.onload = () => {
    const canvas = document.createElement("canvas");
    canvas.width = cw;
    canvas.height = ch;
    const g = canvas.getContext("2d");
    if (!g) return tooBig();
    g.drawImage(img, 0, 0, cw, ch);
    canvas.toBlob((png) => (png ? save(png) : tooBig()), "image/png");
  };
  img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(text);
}
/** @param {MapState} m */
function mapApply(m) { m.layer.setAttribute("transform", `translate(${m.view.x},${m.view.y}) scale(${m.view.k})`); }
/** @param {MapState} m */
function mapFit(m) {
  if (!m.root) return;
  const b = mapBounds(m);
  const w = m.svg.clientWidth || 800, h = m.svg.clientHeight || 600;
  const k = Math.min(1.2, (w - 40) / (b.x1 - b.x0), (h - 60) / (b.y1 - b.y0));
  m.view = { k, x: 20 - b.x0 * k, y: 40 - b.y0 * k + Math.max(0, (h - 60 - (b.y1 - b.y0) * k) / 2) };
  mapApply(m);
}
/** @param {MapState} m @param {number} f @param {number} [cx] @param {number} [cy] */
function mapZoom(m, f, cx, cy) {
  const view = m.view;
  const k = Math.max(0.05, Math.min(4, view.k * f));
  cx = cx === undefined ? m.svg.clientWidth / 2 : cx;
  cy = cy === undefined ? m.svg.clientHeight / 2 : cy;
  view.x = cx - ((cx - view.x) * k) / view.k;
  view.y = cy - ((cy - view.y) * k) / view.k;
  view.k = k;
  mapApply(m);
}

// Wheel zoom, drag to pan, the zoom / fit / fold buttons, printing and colour by topic.
/** @param {MapState} m */
function mapControls(m) {
  const svg = m.svg;
  svg.addEventListener("wheel", (e) => { e.preventDefault(); const r = svg.getBoundingClientRect(); mapZoom(m, e.deltaY < 0 ? 1.15 : 1 / 1.15, e.clientX - r.left, e.clientY - r.top); }, { passive: false });
  /** @type {{ x: number, y: number } | null} */
  let drag = null;
  svg.addEventListener("pointerdown", (e) => { if (e.target === svg) { drag = { x: e.clientX - m.view.x, y: e.clientY - m.view.y }; svg.setPointerCapture(e.pointerId); } });
  svg.addEventListener("pointermove", (e) => { if (drag) { m.view.x = e.clientX - drag.x; m.view.y = e.clientY - drag.y; mapApply(m); } });
  svg.addEventListener("pointerup", () => { drag = null; });
  $("zoom-in").addEventListener("click", () => mapZoom(m, 1.25));
  $("zoom-out").addEventListener("click", () => mapZoom(m, 0.8));
  $("fit").addEventListener("click", () => mapFit(m));
  /** @param {boolean} open */
  const setAll = (open) => { if (!m.root) return; const s = [m.root]; while (s.length) { const n = s.pop(); if (n !== m.root) n.open = open; s.push(...n.kids); } mapRender(m); mapFit(m); };
  $("download-svg").addEventListener("click", () => mapDownload(m, "svg"));
  $("download-png").addEventListener("click", () => mapDownload(m, "png"));
  $("expand").addEventListener("click", () => setAll(true));
  $("collapse").addEventListener("click", () => setAll(false));
  // Printing: the whole tree scaled into the page (the print style gives the map the page).
  window.addEventListener("beforeprint", () => {
    if (!m.root) return;
    const b = mapBounds(m);
    svg.setAttribute("viewBox", `${b.x0 - 10} ${b.y0 - 10} ${b.x1 - b.x0 + 20} ${b.y1 - b.y0 + 20}`);
    m.layer.removeAttribute("transform");
  });
  window.addEventListener("afterprint", () => { svg.removeAttribute("viewBox"); mapApply(m); });
  $("color-topics").addEventListener("change", async (e) => {
    const on = /** @type {HTMLInputElement} */ (e.target).checked;
    if (on && m.opts.colouring) await m.opts.colouring();
    m.byTopic = on;
    mapLegend(m);
    if (m.root) mapRender(m);
  });
}

// The mind map in #map with its tools. opts: topicOf(text) -> {topic: its number, type} or
// undefined; topics() -> the topics object (T.topics[n] = [id, label, ...]); noTopic: the
// legend's words for questions without one; colouring(): called (and awaited) before the first
// colouring, to load what topicOf needs; onNode(node or null): a question was selected (null:
// the query itself or nothing).
/** @param {MapOptions} opts */
function MindMap(opts) {
  const svg = /** @type {SVGSVGElement} */ (/** @type {unknown} */ ($("map")));
  const layer = sel("g", {});
  svg.appendChild(layer);
  /** @type {MapState} */
  const m = { opts, root: null, view: { x: 20, y: 20, k: 1 }, selected: null, byTopic: false, colours: new Map(), svg, layer };
  mapControls(m);
  return {
    // Draws a node tree (buildTree) fitted to the view; nothing selected.
    show(/** @type {any} */ root) {
      layer.textContent = "";
      m.selected = null;
      m.root = root;
      mapLegend(m);
      mapRender(m);
      mapFit(m);
      opts.onNode(null);
    },
    // No tree: a message in its place.
    clear(/** @type {string} */ message) {
      layer.textContent = "";
      m.selected = null;
      m.root = null;
      const t = sel("text", { x: 10, y: 20 });
      t.textContent = message;
      layer.appendChild(t);
      $("topic-legend").hidden = true;
      opts.onNode(null);
    },
    fit: () => mapFit(m),
  };
}
