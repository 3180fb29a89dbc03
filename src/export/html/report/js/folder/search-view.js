// @ts-check
// --- the search view: #search=words ---------------------------------------------------------
let searchText = "";
let searchSeq = 0;
const found = { keys: [], questions: [] };
const keyResults = VList($("search-keys"), $("search-keys").firstElementChild, 40, (i) => recordRow(keyResults, "keys", found.keys[i], (r) => {
  const row = el("a", "vrow", r[KEY.q]);
  row.href = keyHash(r);
  row.title = r[KEY.q];
  row.dataset.key = String(found.keys[i]);
  row.addEventListener("click", () => remember(r, found.keys[i]));  // the link then needs no search
  row.appendChild(el("span", "sub", locale(r)));
  return row;
}));
const questionResults = VList($("search-questions"), $("search-questions").firstElementChild, 40, (i) => recordRow(questionResults, "questions", found.questions[i], (rec) => {
  const row = el("div", "vrow", rec[QUESTION.question]);
  row.title = rec[QUESTION.question];
  row.dataset.question = String(found.questions[i]);
  row.appendChild(el("span", "sub", plural(rec[QUESTION.trees], "tree", "trees") + " · first: " + rec[QUESTION.q] + " (" + locale(rec.slice(QUESTION.q)) + ")"));
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
  const text = inputValue(e);
  searchTimer = setTimeout(() => navigate(text ? "#search=" + enc(text) : "#tab=search", location.hash.startsWith("#search=")), 250);
});
