// @ts-check
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
  if (prefix && points.length > 1) return entries.filter((e) => e[SEARCH_ENTRY.word].startsWith(w));
  const e = entries.find((x) => x[SEARCH_ENTRY.word] === w);
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
  const [count, deltas] = kind === "questions"
    ? [SEARCH_ENTRY.questions, SEARCH_ENTRY.questionDeltas] : [SEARCH_ENTRY.keys, SEARCH_ENTRY.keyDeltas];
  let frontier = Infinity;
  const lists = entries.map((e) => {
    const nums = decode(e[deltas]);
    if (e[count] > nums.length) frontier = Math.min(frontier, nums[nums.length - 1]);
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
    const entries = await entriesOf(x.w, prefix);
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
      for (const [n, read] of byPage.get(p)) if (read.every((t) => holds(records[j][n % per][kind === "keys" ? KEY.q : QUESTION.question], t))) numbers.push(n);
    });
  }
  numbers.sort((a, b) => a - b);
  return { numbers, exact: byPage.size <= VERIFY_PAGES, terms };
}
