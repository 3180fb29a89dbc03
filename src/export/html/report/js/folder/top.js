// @ts-check
// --- top questions: the question pages in order (most trees first) ------------------------------
let topList = null;
function questionRowText(rec) {
  return [rec[QUESTION.question], fmt(rec[QUESTION.trees]), locale(rec.slice(QUESTION.q)), rec[QUESTION.q]];
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
    row.title = rec[QUESTION.question];
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
  d.appendChild(el("h3", null, rec[QUESTION.question]));
  const topic = rec[QUESTION.topic] >= 0 ? T.topics[rec[QUESTION.topic]] : null;
  const p = el("p", "muted", "In " + plural(rec[QUESTION.trees], "tree", "trees") + " · " + (T.types[rec[QUESTION.type]] || "") + " question · ");
  if (topic) {
    p.appendChild(document.createTextNode("topic "));
    const a = el("a", null, topic[TOPIC.label] + " (" + topic[TOPIC.hl] + ")");
    a.href = "#topic=" + enc(topic[TOPIC.id]);
    p.appendChild(a);
  } else p.appendChild(document.createTextNode("not in a listed topic"));
  d.appendChild(p);
  const first = el("p", null, "First query: ");
  first.appendChild(keyLink(rec.slice(QUESTION.q, QUESTION.city + 1)));
  d.appendChild(first);
  const s = el("p");
  const a = el("a", null, "Search this question");
  a.href = "#search=" + enc(rec[QUESTION.question]);
  s.appendChild(a);
  d.appendChild(s);
}
