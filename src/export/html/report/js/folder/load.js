// @ts-check
// paa report, the folder form (include/paa/export/html/report_folder.hpp, docs/reports.md "The
// report folder"), js/folder/*.js joined into folder.js by assemble.cmake: the page holds no
// data. Each data file is a script that calls paaReport() or paaData(); they are loaded with
// <script> elements (Chromium refuses fetch from file://), only those the view needs, and only
// names the summary or the shard list vouch for: a missing file would be an error in the console.
// Nothing holds every key, tree or question: pages, chunks and shards are cached, the big ones in
// a small LRU, so that memory stays bounded at a million keys.
const enc = encodeURIComponent;

// --- loading ----------------------------------------------------------------------------
let S = null;  // the summary (data/report.js)
const arrived = new Map();  // "kind:n" -> payload, from a data file that just ran
window.paaReport = (summary) => { S = summary; };
window.paaData = (kind, n, payload) => { arrived.set(kind + ":" + n, payload); };
// Files kept per kind, least recently used dropped first (a tree chunk is up to ~1 MB of JSON).
const KEEP = { keys: 48, trees: 6, questions: 32, search: 32 };
const cache = new Map();  // path -> {kind, promise, value}, in order of use
function load(path, kind, n) {
  let e = cache.get(path);
  if (e) {
    cache.delete(path);
    cache.set(path, e);
    return e.promise;
  }
  e = { kind, value: undefined };
  e.promise = new Promise((resolve, reject) => {
    const s = document.createElement("script");
    s.src = path;
    // A script's load event follows its own run at once, so its paaData() call has arrived.
    s.onload = () => {
      s.remove();
      const id = kind + ":" + n;
      if (!arrived.has(id)) { cache.delete(path); reject(new Error(path + " holds no " + kind + " " + n)); return; }
      e.value = arrived.get(id);
      arrived.delete(id);
      resolve(e.value);
    };
    s.onerror = () => { s.remove(); cache.delete(path); reject(new Error("cannot load " + path)); };
    document.head.appendChild(s);
  });
  cache.set(path, e);
  const keep = KEEP[kind];
  if (keep) {
    let held = 0;
    for (const x of cache.values()) held += x.kind === kind ? 1 : 0;
    for (const [p, x] of cache) {
      if (held <= keep) break;
      if (x.kind === kind && x !== e) { cache.delete(p); held--; }
    }
  }
  return e.promise;
}
const chunkPath = (kind, n) => "data/" + kind + "/" + Math.floor(n / S.folder_files) + "/" + n + ".js";
const chunk = (kind, n) => load(chunkPath(kind, n), kind, n);
const loaded = (kind, n) => { const e = cache.get(chunkPath(kind, n)); return e && e.value; };
const whole = (name) => load("data/" + name + ".js", name, 0);
// The records (records.schema): KEY, TREE, QUESTION.
const keyPage = (k) => Math.floor(k / S.keys.per_page);
const key = async (k) => (await chunk("keys", keyPage(k)))[k % S.keys.per_page];
const keyNow = (k) => { const p = loaded("keys", keyPage(k)); return p && p[k % S.keys.per_page]; };
const tree = async (t) => (await chunk("trees", Math.floor(t / S.trees.per_chunk)))[t % S.trees.per_chunk];
const questionPage = (n) => Math.floor(n / S.questions.per_page);
const questionNow = (n) => { const p = loaded("questions", questionPage(n)); return p && p[n % S.questions.per_page]; };
// A row's data is loading: draw it again when it has come (or say why not).
const whenLoaded = (promise, list) => promise.then(() => list.schedule(), failed);
function failed(e) {
  $("meta").textContent = "This report folder is incomplete: " + e.message + ".";
}
