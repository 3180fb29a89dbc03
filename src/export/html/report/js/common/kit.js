// @ts-check
// paa report, the part both forms share (the single file: report.js; the report folder:
// folder.js), joined into common.js by assemble.cmake. Its page kit: DOM helpers and formats.
// Store strings are rendered through textContent / setAttribute only; links only for http(s).
const SVG = "http://www.w3.org/2000/svg";
// The page's elements by id. Typed as inputs, which have everything the page reads of its
// controls (value, checked, disabled) and of its other elements.
/** @type {(id: string) => HTMLInputElement} */
const $ = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id));
// The value (or checked state) of an input or select an event came from.
/** @param {Event} e */
const inputValue = (e) => /** @type {HTMLInputElement} */ (e.target).value;
/** @param {Event} e */
const inputChecked = (e) => /** @type {HTMLInputElement} */ (e.target).checked;
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
const locale = (r) => r[QUERY.hl] + "-" + r[QUERY.gl] + (r[QUERY.city] ? "-" + r[QUERY.city] : "");
const safeUrl = (u) => (typeof u === "string" && /^https?:\/\//i.test(u) ? u : null);
const domainOf = (u) => {
  if (!safeUrl(u)) return "";
  try { return new URL(u).hostname.replace(/^www\./, ""); } catch { return ""; }
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
    if (node[NODE.children] && node[NODE.children].length) stack.push([node[NODE.children], 0, top[2] + 1, node]);
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

// Stamps the moment the first view is interactive (since navigation start), for the checkers
// and scripts/bench.sh.
function ready() {
  document.body.dataset.readyMs = String(Math.round(performance.now()));
  document.body.dataset.ready = "1";
}
