"use strict";
// paa report, the folder form (include/paa/export/html/report_folder.hpp, docs/reports.md "The
// report folder"): the page holds no data. Each data file is a script that calls paaReport() or
// paaData(); they are loaded with <script> elements (Chromium refuses fetch from file://), only
// those the view needs, and only names the summary or the shard list vouch for: a missing file
// would be an error in the console. Nothing holds every key, tree or question: pages, chunks and
// shards are cached, the big ones in a small LRU, so that memory stays bounded at a million keys.
(function () {
  const { $, el, fold, locale, fmt, plural, when, fillSelect, queryRow, VList, Tabs, buildTree, MindMap,
          questionDetail, historyLine, TopicsView, ChangesView, DomainsView, drawRelated, SourcesView, drawCompare } = PAA;
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
  // key = [q, hl, gl, city, fetched_ms, tree, level, parent, seed, [versions, churn, last change]]
  const keyPage = (k) => Math.floor(k / S.keys.per_page);
  const key = async (k) => (await chunk("keys", keyPage(k)))[k % S.keys.per_page];
  const keyNow = (k) => { const p = loaded("keys", keyPage(k)); return p && p[k % S.keys.per_page]; };
  // tree = [[related, ...], [node, ...]]
  const tree = async (t) => (await chunk("trees", Math.floor(t / S.trees.per_chunk)))[t % S.trees.per_chunk];
  // question = [question, trees, first q, hl, gl, city, topic | -1, type]
  const questionPage = (n) => Math.floor(n / S.questions.per_page);
  const questionNow = (n) => { const p = loaded("questions", questionPage(n)); return p && p[n % S.questions.per_page]; };
  // A row's data is loading: draw it again when it has come (or say why not).
  const whenLoaded = (promise, list) => promise.then(() => list.schedule(), failed);
  function failed(e) {
    $("meta").textContent = "This report folder is incomplete: " + e.message + ".";
  }

  // --- words, as the report's search index holds them (text::Tokenizer's match form) ----------
  // Case folded (toLowerCase and the full foldings it lacks), accents removed, typographic
  // apostrophes plain; words are Intl.Segmenter's (ICU's word boundaries, as the index's).
  const FOLDS = { "ß": "ss", "ς": "σ", "ſ": "s", "ﬀ": "ff", "ﬁ": "fi", "ﬂ": "fl", "ﬃ": "ffi", "ﬄ": "ffl", "ﬅ": "st", "ﬆ": "st" };
  const caseFold = (s) => String(s).toLowerCase().replace(/[ßςſ\ufb00-\ufb06]/g, (c) => FOLDS[c] || c);
  const bare = (s) => s.normalize("NFD").replace(/\p{Mn}/gu, "").normalize("NFC");
  const segmenter = new Intl.Segmenter("und", { granularity: "word" });
  // Each word: w, its tail after an elision-like apostrophe (l'eau -> eau: the index holds the
  // tail when the language lists the elision), its parts when it joins pieces (below), and
  // whether the text ends with it (a prefix). Chromium's word rules break letters around "." and
  // ":" (for URLs) where ICU's may keep one word (win.ini; foo:bar in some versions): such pieces
  // are joined, and the search takes the parts when the index lacks the whole.
  function wordsOf(text) {
    const folded = caseFold(String(text).replace(/\u2019/g, "'"));
    const pieces = [];  // [text, end, word-like]
    for (const s of segmenter.segment(folded)) pieces.push([s.segment, s.index + s.segment.length, s.isWordLike]);
    const out = [];
    for (let i = 0; i < pieces.length; i++) {
      if (!pieces[i][2]) continue;
      let [word, end] = pieces[i];
      const parts = [word];
      while (i + 2 < pieces.length && /^[.:]$/.test(pieces[i + 1][0]) && pieces[i + 2][2] &&
             /\p{L}$/u.test(word) && /^\p{L}/u.test(pieces[i + 2][0])) {
        word += pieces[i + 1][0] + pieces[i + 2][0];
        parts.push(pieces[i + 2][0]);
        end = pieces[i + 2][1];
        i += 2;
      }
      const w = bare(word);
      if (!w) continue;
      const at = w.indexOf("'");
      const tail = at > 0 && at + 1 < w.length && [...w.slice(0, at)].length <= 2 ? w.slice(at + 1) : null;
      out.push({ w, tail, parts: parts.length > 1 ? parts.map(bare) : null, last: end === folded.length });
    }
    return out;
  }
  // The order of the key list within a locale: the query's case-folded text, by code point.
  const sortFold = (q) => caseFold(String(q).normalize("NFC").replace(/\s+/g, " ").trim()).normalize("NFC");
  function byCodePoint(a, b) {
    const x = [...a], y = [...b];
    for (let i = 0; i < Math.min(x.length, y.length); i++) {
      const d = x[i].codePointAt(0) - y[i].codePointAt(0);
      if (d) return d;
    }
    return x.length - y.length;
  }
  const utf8Hex = (s) => [...new TextEncoder().encode(s)].map((b) => b.toString(16).padStart(2, "0")).join("");

  // --- search -------------------------------------------------------------------------------
  let shardNames = null;
  async function shards() {
    if (!shardNames) shardNames = load("data/search/shards.js", "shards", 0).then((names) => new Set(names));
    return shardNames;
  }
  // The index entries of a word (a prefix: of every word that starts with it; a word of one
  // code point is matched whole, its shard holds it alone).
  async function entriesOf(w, prefix) {
    const points = [...w];
    const hex = utf8Hex(points.slice(0, 2).join(""));
    if (!(await shards()).has(hex)) return [];
    const entries = await load("data/search/" + hex.slice(0, 2) + "/" + hex + ".js", "search", hex);
    if (prefix && points.length > 1) return entries.filter((e) => e[0].startsWith(w));
    const e = entries.find((x) => x[0] === w);
    return e ? [e] : [];
  }
  function decode(deltas) {
    const out = new Array(deltas.length);
    let v = 0;
    for (let i = 0; i < deltas.length; i++) out[i] = v += deltas[i];
    return out;
  }
  // The numbers of entries' postings (kind: "questions" or "keys"), ascending. A list holds its
  // first `cap` numbers only: past the smallest capped list's last number (`frontier`) whether a
  // number holds the word is unknown.
  function postingOf(entries, kind) {
    const at = kind === "questions" ? 1 : 3;
    let frontier = Infinity;
    const lists = entries.map((e) => {
      const nums = decode(e[at + 1]);
      if (e[at] > nums.length) frontier = Math.min(frontier, nums[nums.length - 1]);
      return nums;
    });
    let list = lists.length === 1 ? lists[0] : [];
    if (lists.length > 1) {
      const all = Uint32Array.from(lists.flat()).sort();
      list = [];
      for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) list.push(all[i]);
    }
    return { list, frontier };
  }
  function intersect(a, b) {
    const out = [];
    for (let i = 0, j = 0; i < a.length && j < b.length;) {
      if (a[i] === b[j]) { out.push(a[i]); i++; j++; } else if (a[i] < b[j]) i++; else j++;
    }
    return out;
  }
  // Whether a text (a query or a question) holds a term, read with the same words.
  function holds(text, term) {
    const is = (s) => (term.prefix ? s.startsWith(term.word) : s === term.word);
    return wordsOf(text).some((x) => is(x.w) || (x.tail !== null && is(x.tail)) || (x.parts !== null && x.parts.some(is)));
  }
  const VERIFY_PAGES = 64;  // pages read at the most to check numbers past a capped list's end
  // The keys or questions that hold every word of `text` (the last one as a prefix when the text
  // ends with it, unless opts.whole), ascending: {numbers, exact, terms}; exact is false when a
  // capped list may have left matches out. opts.range = [first, end) of key numbers.
  async function search(text, kind, opts) {
    opts = opts || {};
    const words = wordsOf(text);
    if (!words.length) return null;
    const terms = [];
    const add = (word, prefix, entries) => {
      if (!terms.some((t) => t.word === word && t.prefix === prefix)) terms.push({ word, prefix, p: postingOf(entries, kind) });
    };
    for (let i = 0; i < words.length; i++) {
      const x = words[i];
      const prefix = !opts.whole && i === words.length - 1 && x.last;
      let entries = await entriesOf(x.w, prefix);
      if (entries.length || (!x.tail && !x.parts)) { add(x.w, prefix, entries); continue; }
      if (x.tail) { add(x.tail, prefix, await entriesOf(x.tail, prefix)); continue; }
      for (let j = 0; j < x.parts.length; j++) {
        const last = prefix && j === x.parts.length - 1;
        add(x.parts[j], last, await entriesOf(x.parts[j], last));
      }
    }
    const complete = terms.filter((t) => t.p.frontier === Infinity);
    const capped = terms.filter((t) => t.p.frontier !== Infinity);
    const start = (complete.length ? complete : capped).map((t) => t.p.list).sort((a, b) => a.length - b.length);
    let base = start.reduce((acc, l) => intersect(acc, l));
    if (opts.range) base = base.filter((n) => n >= opts.range[0] && n < opts.range[1]);
    if (!complete.length) return { numbers: base, exact: false, terms };
    // Complete lists found every candidate; a capped one decides up to its frontier, the text past it.
    const sets = capped.map((t) => [t, new Set(t.p.list)]);
    const numbers = [];
    const unsure = [];  // [number, [terms whose text must be read]]
    for (const n of base) {
      let ok = true;
      const read = [];
      for (const [t, set] of sets) {
        if (n <= t.p.frontier) { if (!set.has(n)) { ok = false; break; } } else read.push(t);
      }
      if (ok) (read.length ? unsure : numbers).push(read.length ? [n, read] : n);
    }
    // Their pages are read a few at a time (the LRU keeps fewer than VERIFY_PAGES), first pages first.
    const per = kind === "keys" ? S.keys.per_page : S.questions.per_page;
    const byPage = new Map();
    for (const [n, read] of unsure) {
      const p = Math.floor(n / per);
      if (!byPage.has(p)) byPage.set(p, []);
      byPage.get(p).push([n, read]);
    }
    const pages = [...byPage.keys()].slice(0, VERIFY_PAGES);
    for (let i = 0; i < pages.length; i += 8) {
      const batch = pages.slice(i, i + 8);
      const records = await Promise.all(batch.map((p) => chunk(kind, p)));
      batch.forEach((p, j) => {
        for (const [n, read] of byPage.get(p)) if (read.every((t) => holds(records[j][n % per][0], t))) numbers.push(n);
      });
    }
    numbers.sort((a, b) => a - b);
    return { numbers, exact: byPage.size <= VERIFY_PAGES, terms };
  }

  // --- keys: where a query is, and links to it ------------------------------------------------
  const keyHash = (r, tab) => "#q=" + enc(r[0]) + "&hl=" + enc(r[1]) + "&gl=" + enc(r[2]) + "&city=" + enc(r[3]) +
    (tab && tab !== "map" ? "&tab=" + tab : "");
  const known = new Map();  // keyHash -> key number, of keys seen (bounded)
  function remember(r, k) {
    const h = keyHash(r);
    known.delete(h);
    known.set(h, k);
    if (known.size > 5000) known.delete(known.keys().next().value);
  }
  function localeOf(k) {
    let lo = 0, hi = S.locales.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (S.locales[mid][4] <= k) lo = mid; else hi = mid - 1;
    }
    return lo;
  }
  const sameKey = (r, q, hl, gl, city) => r[0] === q && r[1] === hl && r[2] === gl && r[3] === city;
  // The key of this query in locale li by bisection of its range (keys are sorted by their folded
  // query there): the exact spelling, else one that folds the same; -1 when none.
  async function bisect(li, q) {
    const [, hl, gl, city, first, n] = S.locales[li];
    const target = sortFold(q);
    let lo = first, hi = first + n - 1;
    while (lo <= hi) {
      const mid = Math.floor((lo + hi) / 2);
      const c = byCodePoint(sortFold((await key(mid))[0]), target);
      if (c < 0) lo = mid + 1;
      else if (c > 0) hi = mid - 1;
      else {
        let a = mid, b = mid;
        while (a > first && sortFold((await key(a - 1))[0]) === target) a--;
        while (b + 1 < first + n && sortFold((await key(b + 1))[0]) === target) b++;
        for (let k = a; k <= b; k++) if (sameKey(await key(k), q, hl, gl, city)) return k;
        return a;
      }
    }
    return -1;
  }
  // A key's number from its q, hl, gl, city: the search index (the query's words), then the
  // key pages of the candidates; bisection when the index cannot tell (only common words).
  async function findKey(q, hl, gl, city) {
    const h = keyHash([q, hl, gl, city]);
    if (known.has(h)) return known.get(h);
    const li = S.locales.findIndex((l) => l[1] === hl && l[2] === gl && l[3] === city);
    if (li < 0) return -1;
    const range = [S.locales[li][4], S.locales[li][4] + S.locales[li][5]];
    const found = await search(q, "keys", { whole: true, range });
    if (found && found.numbers.length <= 64) {
      for (const k of found.numbers) if (sameKey(await key(k), q, hl, gl, city)) return k;
      if (found.exact) {
        for (const k of found.numbers) if (sortFold((await key(k))[0]) === sortFold(q)) return k;
      }
    }
    return bisect(li, q);
  }
  // The same query (folded) in the other locales: the selected key's number first among them.
  async function sameQuery(r, k) {
    const target = sortFold(r[0]);
    const found = new Map([[localeOf(k), k]]);
    const res = await search(r[0], "keys", { whole: true });
    const some = res ? res.numbers.slice(0, 400) : [];
    for (const n of some) {
      const li = localeOf(n);
      if (!found.has(li) && sortFold((await key(n))[0]) === target) found.set(li, n);
    }
    if (!res || !res.exact || res.numbers.length > some.length) {
      for (let li = 0; li < S.locales.length && li < 64; li++) {
        if (found.has(li)) continue;
        const n = await bisect(li, r[0]);
        if (n >= 0) found.set(li, n);
      }
    }
    return [...found.values()].sort((a, b) => a - b);
  }

  // --- the query list -----------------------------------------------------------------------
  const state = { loc: -1, text: "", keys: null, exact: true, keyNo: -1, key: null, tree: null };
  const range = () => (state.loc >= 0 ? [S.locales[state.loc][4], S.locales[state.loc][5]] : [0, S.keys.count]);
  const listCount = () => (state.keys ? state.keys.length : range()[1]);
  const listKey = (i) => (state.keys ? state.keys[i] : range()[0] + i);
  function listPosition(k) {
    if (state.keys) return state.keys.indexOf(k);
    const [first, n] = range();
    return k >= first && k < first + n ? k - first : -1;
  }
  // A list's row of key or question n: made from its record, or a placeholder while its page loads.
  function recordRow(list, kind, n, make) {
    const rec = kind === "keys" ? keyNow(n) : questionNow(n);
    if (rec) return make(rec);
    whenLoaded(chunk(kind, kind === "keys" ? keyPage(n) : questionPage(n)), list);
    const row = el("div", "vrow pending", "…");
    row.appendChild(el("span", "sub", (kind === "keys" ? "query " : "question ") + fmt(n + 1)));
    return row;
  }
  const qlist = VList($("q-list"), $("q-list").firstElementChild, 40, (i) => recordRow(qlist, "keys", listKey(i), (r) => {
    const k = listKey(i);
    const row = queryRow(r[0], locale(r), k === state.keyNo);
    row.dataset.key = String(k);
    row.addEventListener("click", () => { remember(r, k); navigate(keyHash(r)); });
    return row;
  }));
  $("q-list").addEventListener("keydown", async (e) => {
    const count = listCount();
    const pos = listPosition(state.keyNo);
    const step = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 }[e.key];
    let next;
    if (step) next = Math.max(0, Math.min(count - 1, pos + step));
    else if (e.key === "Home") next = 0;
    else if (e.key === "End") next = count - 1;
    else return;
    e.preventDefault();
    if (next < 0 || next === pos) return;
    qlist.reveal(next);
    const r = await key(listKey(next));
    remember(r, listKey(next));
    navigate(keyHash(r), true);
  });
  function drawCount() {
    const all = range()[1];
    $("count").textContent = state.keys
      ? fmt(state.keys.length) + " of " + fmt(all) + " queries" +
        (state.exact ? "" : " (the first ones: a word is in more than " + fmt(S.search.cap) + " queries)")
      : plural(all, "query", "queries");
  }
  let filterSeq = 0;
  async function applyFilter() {
    const seq = ++filterSeq;
    let keys = null, exact = true;
    if (wordsOf(state.text).length) {
      const [first, n] = range();
      const found = await search(state.text, "keys", { range: [first, first + n] });
      if (seq !== filterSeq) return;
      keys = found.numbers;
      exact = found.exact;
    }
    state.keys = keys;
    state.exact = exact;
    drawCount();
    $("q-list").scrollTop = 0;  // the matches from the first
    qlist.setCount(listCount());
  }
  let filterTimer = 0;
  $("q-filter").addEventListener("input", (e) => {
    state.text = e.target.value;
    clearTimeout(filterTimer);
    filterTimer = setTimeout(() => applyFilter().catch(failed), 200);
  });
  $("loc-filter").addEventListener("change", (e) => {
    state.loc = e.target.value === "" ? -1 : Number(e.target.value);
    applyFilter().catch(failed);
  });

  // --- the mind map and the detail panel --------------------------------------------------------
  // Colour by topic: the questions topics.js lists (each topic's first ones) give their topic.
  let T = null;
  let topicOfQuestion = null;
  async function topics() {
    if (!T) T = await whole("topics");
    return T;
  }
  function topicOf(text) {
    if (!T) return undefined;
    if (!topicOfQuestion) {
      topicOfQuestion = new Map();
      T.topics.forEach((t, i) => t[8].forEach((q) => { const f = fold(q[0]); if (!topicOfQuestion.has(f)) topicOfQuestion.set(f, [i, q[1]]); }));
    }
    return topicOfQuestion.get(fold(text));
  }
  const map = MindMap({ topicOf, topics: () => T, colouring: topics, noTopic: "not among the topics' listed questions", onNode: showDetail });

  function keyLink(k) {
    const a = el("a", null, k[0] + " (" + locale(k) + ")");
    a.href = keyHash(k);
    return a;
  }
  function showDetail(n) {
    const d = $("detail");
    d.textContent = "";
    const r = state.key;
    if (n && n.data) {
      const t = topicOf(n.data[0]);
      questionDetail(d, n, t ? "Topic: " + T.topics[t[0]][1] + " (" + T.topics[t[0]][2] + ") · " + T.types[t[1]] : null);
      const p = el("p");
      const a = el("a", null, "Search this question");
      a.href = "#search=" + enc(n.data[0]);
      p.appendChild(a);
      d.appendChild(p);
      return;
    }
    if (!r) return;
    d.appendChild(el("h2", null, r[0]));
    d.appendChild(el("p", "muted", locale(r) + " · fetched " + when(r[4])));
    const lineage = el("p", "lineage");
    if (r[6] > 0) {
      lineage.appendChild(document.createTextNode("Level " + r[6] + " of the expansion"));
      for (const [label, k] of [[" · parent: ", r[7]], [" · seed: ", r[8]]]) {
        if (!k) continue;
        lineage.appendChild(document.createTextNode(label));
        lineage.appendChild(keyLink(k));
      }
    } else lineage.textContent = "Level 0: a query of the job, its own seed.";
    d.appendChild(lineage);
    const h = historyLine(r[9]);
    if (r[9][0] > 1) {
      const b = el("button", "btn", "Timeline");
      b.addEventListener("click", () => openTimeline(r).catch(failed));
      h.appendChild(document.createTextNode(" "));
      h.appendChild(b);
    }
    d.appendChild(h);
    d.appendChild(el("p", "muted", "Select a question to see its answer and source. Click ± to fold a branch; drag to pan, wheel to zoom."));
  }

  let keySeq = 0;
  // Shows key k's tree (its key page and tree chunk loaded); false when another key came first.
  async function openKey(k) {
    const seq = ++keySeq;
    const r = await key(k);
    const t = await tree(r[5]);
    if (seq !== keySeq) return false;
    remember(r, k);
    state.keyNo = k;
    state.key = r;
    state.tree = t;
    map.show(buildTree(r[0], t[1]));
    const pos = listPosition(k);
    if (pos >= 0) qlist.reveal(pos); else qlist.redraw();
    return true;
  }

  // --- tabs and links ---------------------------------------------------------------------------
  const TABS = ["map", "top", "topics", "changes", "domains", "related", "sources", "compare", "search"];
  const KEY_TABS = ["map", "related", "sources", "compare"];
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
    const p = new URLSearchParams(hash.replace(/^#/, ""));
    if (p.has("q")) {
      const tab = KEY_TABS.includes(p.get("tab")) ? p.get("tab") : "map";
      const k = await findKey(p.get("q"), p.get("hl") || "", p.get("gl") || "", p.get("city") || "");
      if (routed !== hash) return;
      if (k < 0) {
        keySeq++;
        state.key = null;
        state.keyNo = -1;
        state.tree = null;
        qlist.redraw();
        map.clear("“" + p.get("q") + "” (" + [p.get("hl"), p.get("gl"), p.get("city")].filter(Boolean).join("-") + ") is not in this report.");
      } else if (k === state.keyNo) {
        keySeq++;  // the same key keeps its map as it is (folds, zoom); a key still loading is dropped
      } else if (!(await openKey(k))) return;
      await show(tab);
    } else if (p.has("search")) {
      await show("search");
      await runSearch(p.get("search"));
    } else if (p.has("topic")) {
      await topics();
      if (routed !== hash) return;
      const view = topicsView();
      const open = view.open(p.get("topic"));
      await show("topics");
      if (open) {
        const row = document.querySelector(`#topic-table tr.topic[data-topic="${CSS.escape(p.get("topic"))}"]`);
        if (row) row.scrollIntoView({ block: "center" });
      }
    } else {
      const tab = TABS.includes(p.get("tab")) ? p.get("tab") : "map";
      if (KEY_TABS.includes(tab) && !state.key && S.keys.count > 0) await openKey(listKey(0));
      if (routed !== hash) return;
      await show(tab);
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

  // --- topics, changes, domains (common.js), loaded when their tab opens -----------------------
  let topicsViewMade = null;
  const topicsView = () => (topicsViewMade = topicsViewMade || TopicsView(T));
  let changesView = null;
  async function changes() {
    if (!changesView) changesView = ChangesView(await whole("changes"));
    return changesView;
  }
  let domainsView = null;
  async function domains() {
    if (!domainsView) domainsView = DomainsView(await whole("domains"));
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
    drawRelated(d, state.key[0], locale(state.key), state.tree[0]);
  }
  const sourcesView = SourcesView(() => (state.key ? [[state.key[0], locale(state.key), state.tree[1]]] : []));
  let compareSeq = 0;
  async function drawCompare$() {
    const d = $("compare");
    const seq = ++compareSeq;
    d.textContent = "";
    const r = state.key;
    if (!r) { d.appendChild(el("p", "muted", "Select a query.")); return; }
    d.appendChild(el("p", "muted", "Looking for “" + r[0] + "” in the other locales…"));
    const same = [];
    for (const k of await sameQuery(r, state.keyNo)) {
      const x = k === state.keyNo ? r : await key(k);
      same.push([locale(x), k === state.keyNo ? state.tree[1] : (await tree(x[5]))[1]]);
    }
    if (seq === compareSeq && state.key === r) drawCompare(d, r[0], same);
  }

  // --- top questions: the question pages in order (most trees first) ------------------------------
  let topList = null;
  function questionRowText(rec) {
    return [rec[0], fmt(rec[1]), locale(rec.slice(2)), rec[2]];
  }
  function drawTop() {
    $("top-summary").textContent = plural(S.questions.count, "unique question", "unique questions") + " in " +
      plural(S.results, "tree", "trees") + ", most trees first. Click a question for its topic and its first query.";
    if (topList) return;
    const t = $("top-table");
    const head = el("div", "head");
    for (const label of ["Question", "Trees", "Locale", "First query"]) head.appendChild(el("div", null, label));
    t.appendChild(head);
    const body = el("div", "spacer");
    t.appendChild(body);
    topList = VList(t, body, 30, (i) => recordRow(topList, "questions", i, (rec) => {
      const row = el("div", "vrow");
      for (const text of questionRowText(rec)) row.appendChild(el("span", null, text));
      row.title = rec[0];
      row.dataset.question = String(i);
      row.addEventListener("click", () => questionInfo($("top-detail"), rec).catch(failed));
      return row;
    }), 30);
    topList.setCount(S.questions.count);
  }
  // A question's record: its trees, topic and type, its first query, a search for it.
  async function questionInfo(d, rec) {
    await topics();
    d.textContent = "";
    d.appendChild(el("h3", null, rec[0]));
    const topic = rec[6] >= 0 ? T.topics[rec[6]] : null;
    const p = el("p", "muted", "In " + plural(rec[1], "tree", "trees") + " · " + (T.types[rec[7]] || "") + " question · ");
    if (topic) {
      p.appendChild(document.createTextNode("topic "));
      const a = el("a", null, topic[1] + " (" + topic[2] + ")");
      a.href = "#topic=" + enc(topic[0]);
      p.appendChild(a);
    } else p.appendChild(document.createTextNode("not in a listed topic"));
    d.appendChild(p);
    const first = el("p", null, "First query: ");
    first.appendChild(keyLink(rec.slice(2, 6)));
    d.appendChild(first);
    const s = el("p");
    const a = el("a", null, "Search this question");
    a.href = "#search=" + enc(rec[0]);
    s.appendChild(a);
    d.appendChild(s);
  }

  // --- the search view: #search=words ---------------------------------------------------------
  let searchText = "";
  let searchSeq = 0;
  const found = { keys: [], questions: [] };
  const keyResults = VList($("search-keys"), $("search-keys").firstElementChild, 40, (i) => recordRow(keyResults, "keys", found.keys[i], (r) => {
    const row = el("a", "vrow", r[0]);
    row.href = keyHash(r);
    row.title = r[0];
    row.dataset.key = String(found.keys[i]);
    row.addEventListener("click", () => remember(r, found.keys[i]));  // the link then needs no search
    row.appendChild(el("span", "sub", locale(r)));
    return row;
  }));
  const questionResults = VList($("search-questions"), $("search-questions").firstElementChild, 40, (i) => recordRow(questionResults, "questions", found.questions[i], (rec) => {
    const row = el("div", "vrow", rec[0]);
    row.title = rec[0];
    row.dataset.question = String(found.questions[i]);
    row.appendChild(el("span", "sub", plural(rec[1], "tree", "trees") + " · first: " + rec[2] + " (" + locale(rec.slice(2)) + ")"));
    row.addEventListener("click", () => questionInfo($("search-detail"), rec).catch(failed));
    return row;
  }));
  async function runSearch(text) {
    searchText = text;
    if ($("search-box").value !== text) $("search-box").value = text;
    const seq = ++searchSeq;
    const summary = $("search-summary");
    summary.dataset.state = "searching";
    $("search-detail").textContent = "";
    const words = wordsOf(text);
    let qs = null, ks = null;
    if (words.length) [qs, ks] = await Promise.all([search(text, "questions"), search(text, "keys")]);
    if (seq !== searchSeq) return;
    found.questions = qs ? qs.numbers : [];
    found.keys = ks ? ks.numbers : [];
    if (!words.length) {
      summary.textContent = "Type words: the queries and questions that hold every one of them are listed.";
      $("search-keys-count").textContent = $("search-questions-count").textContent = "";
    } else {
      summary.textContent = "Every word of: " + qs.terms.map((t) => "“" + t.word + (t.prefix ? "…" : "") + "”").join(", ") +
        " (a word ending in … is the start of a word).";
      const cap = fmt(S.search.cap);
      $("search-questions-count").textContent = fmt(found.questions.length) + (found.questions.length === 1 ? " question holds" : " questions hold") +
        " every word" + (qs.exact ? "." : ": the most common ones (a word is in more than " + cap + " questions; the index keeps those in the most trees).");
      $("search-keys-count").textContent = fmt(found.keys.length) + (found.keys.length === 1 ? " query holds" : " queries hold") +
        " every word" + (ks.exact ? "." : ": the first ones in the list's order (a word is in more than " + cap + " queries; the index keeps the first).");
    }
    $("search-keys").scrollTop = $("search-questions").scrollTop = 0;
    keyResults.setCount(found.keys.length);
    questionResults.setCount(found.questions.length);
    summary.dataset.state = "done";
  }
  let searchTimer = 0;
  $("search-box").addEventListener("input", (e) => {
    clearTimeout(searchTimer);
    const text = e.target.value;
    searchTimer = setTimeout(() => navigate(text ? "#search=" + enc(text) : "#tab=search", location.hash.startsWith("#search=")), 250);
  });

  // --- start: the summary, the first page of the list, the first view -----------------------------
  async function start() {
    $("meta").textContent = plural(S.results, "stored result", "stored results") + ", " + plural(S.locales.length, "locale", "locales") +
      ", " + plural(S.jobs.length, "job", "jobs") +
      (S.results ? "; newest result fetched " + when(S.newest_fetched_at) : "") +
      (S.at !== null && S.at !== undefined ? "; as stored at " + (typeof S.at === "number" ? when(S.at) : S.at) : "");
    fillSelect($("loc-filter"), "All locales (" + fmt(S.keys.count) + ")", S.locales.map((l, i) => [String(i), l[0] + " (" + fmt(l[5]) + ")"]));
    drawCount();
    qlist.setCount(listCount());
    if (!S.keys.count) map.clear("The report holds no results.");
    if (location.hash) await route(location.hash);
    else if (S.keys.count) await openKey(0);
    PAA.ready();
  }
  const boot = document.createElement("script");
  boot.src = "data/report.js";
  boot.onload = () => {
    boot.remove();
    if (!S) { failed(new Error("data/report.js holds no summary")); return; }
    start().catch(failed);
  };
  boot.onerror = () => failed(new Error("cannot load data/report.js"));
  document.head.appendChild(boot);
})();
