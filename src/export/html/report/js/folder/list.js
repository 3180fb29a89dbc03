// @ts-check
// --- the query list -----------------------------------------------------------------------
const state = { loc: -1, job: -1, text: "", keys: null, exact: true, keyNo: -1, key: null, tree: null };
const range = () => (state.loc >= 0 ? [S.locales[state.loc][LOCALE.first], S.locales[state.loc][LOCALE.count]] : [0, S.keys.count]);
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
  const row = queryRow(r[KEY.q], locale(r), k === state.keyNo);
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
// A job's done keys (their numbers, ascending): its chunks of differences (data/jobs/J), summed.
const jobKeysMade = new Map();
async function jobKeys(j) {
  if (!jobKeysMade.has(j)) {
    jobKeysMade.set(j, (async () => {
      const numbers = [];
      let at = 0;
      for (let c = 0; c < S.job_keys[j][1]; c++) {
        for (const d of await chunk("jobs/" + j, c)) numbers.push(at += d);
      }
      return numbers;
    })().catch((e) => { jobKeysMade.delete(j); throw e; }));  // a failed load is tried again next time
  }
  return jobKeysMade.get(j);
}
let filterSeq = 0;
async function applyFilter() {
  const seq = ++filterSeq;
  let keys = null, exact = true;
  const [first, n] = range();
  if (wordsOf(state.text).length) {
    const found = await search(state.text, "keys", { range: [first, first + n] });
    if (seq !== filterSeq) return;
    keys = found.numbers;
    exact = found.exact;
  }
  if (state.job >= 0) {
    // The job's keys in the locale's range, and among the words' matches when there are words.
    const all = await jobKeys(state.job);
    if (seq !== filterSeq) return;
    const inRange = all.filter((k) => k >= first && k < first + n);
    if (keys) {
      const matched = new Set(keys);
      keys = inRange.filter((k) => matched.has(k));
    } else keys = inRange;
  }
  state.keys = keys;
  state.exact = exact;
  drawCount();
  $("q-list").scrollTop = 0;  // the matches from the first
  qlist.setCount(listCount());
}
let filterTimer = 0;
$("q-filter").addEventListener("input", (e) => {
  state.text = inputValue(e);
  clearTimeout(filterTimer);
  filterTimer = setTimeout(() => applyFilter().catch(failed), 200);
});
$("job-filter").addEventListener("change", (e) => {
  state.job = inputValue(e) === "" ? -1 : Number(inputValue(e));
  applyFilter().catch(failed);
});
$("loc-filter").addEventListener("change", (e) => {
  state.loc = inputValue(e) === "" ? -1 : Number(inputValue(e));
  applyFilter().catch(failed);
});
