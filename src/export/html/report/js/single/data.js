// @ts-check
// paa report, the single file (js/single/*.js joined into report.js by assemble.cmake): reads
// the data elements of its page and renders with the parts it shares with the report folder's
// page (common.js, inlined before this script).
// R[i]: a RESULT, its tree of NODEs (records.schema).
const R = [];
for (const part of document.querySelectorAll("script.paa-results")) {
  for (const r of JSON.parse(part.textContent)) R.push(r);
}
const dataOf = (id, empty) => { const e = document.getElementById(id); return e ? JSON.parse(e.textContent) : empty; };
const D = dataOf("paa-meta", { jobs: [], newest_fetched_at: 0 });
// The selection's topics (docs/reports.md "Topics").
const T = dataOf("paa-topics", { types: [], intents: [], total: 0, questions_per_topic: 0, volumes: false, topics: [],
  trend: { compared: false, unreadable: "", since_ms: 0, since_results: 0, counts: [], ended_total: 0, ended: [] } });
const C = dataOf("paa-changes", { keys: 0, changed_keys: 0, versions: 0, runs: 0, statuses: {}, caps: {}, volatile: [], questions: [] });
const M = dataOf("paa-domains", { sourced: 0, total: 0, yours: [], runs: 0, caps: {}, rows: [], since: [] });
// The markets compared over the whole report (docs/reports.md "Compare locales").
const K = dataOf("paa-markets", { compared: 0, caps: {}, locales: [], pairs: [], rows: [] });
// Folded question -> [topic, type], for the mind map; read when first needed.
let topicOfQuestion = null;
function topicOf(text) {
  if (!topicOfQuestion) {
    topicOfQuestion = new Map();
    for (const part of document.querySelectorAll("script.paa-topic-questions")) {
      for (const e of JSON.parse(part.textContent)) {
        const f = fold(e[TOPIC_QUESTION.question]);
        if (!topicOfQuestion.has(f)) topicOfQuestion.set(f, { topic: e[TOPIC_QUESTION.topic], type: e[TOPIC_QUESTION.type] });
      }
    }
  }
  return topicOfQuestion.get(fold(text));
}

const folded = R.map((r) => fold(r[RESULT.q]));
const locales = new Map();
R.forEach((r) => locales.set(locale(r), (locales.get(locale(r)) || 0) + 1));
const jobCounts = D.jobs.map(() => 0);
R.forEach((r) => r[RESULT.jobs].forEach((j) => jobCounts[j]++));

const state = { text: "", loc: "", job: -1, rows: [], selected: -1 };
