// @ts-check
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
    T.topics.forEach((t, i) => t[TOPIC.listed].forEach((q) => { const f = fold(q[TOPIC_LISTED.question]); if (!topicOfQuestion.has(f)) topicOfQuestion.set(f, { topic: i, type: q[TOPIC_LISTED.type] }); }));
  }
  return topicOfQuestion.get(fold(text));
}
const map = MindMap({ topicOf, topics: () => T, colouring: topics, noTopic: "not among the topics' listed questions", onNode: showDetail });

function keyLink(k) {
  const a = el("a", null, k[QUERY.q] + " (" + locale(k) + ")");
  a.href = keyHash(k);
  return a;
}
function showDetail(n) {
  const d = $("detail");
  d.textContent = "";
  const r = state.key;
  if (n && n.data) {
    const t = topicOf(n.data[NODE.question]);
    questionDetail(d, n, t ? "Topic: " + T.topics[t.topic][TOPIC.label] + " (" + T.topics[t.topic][TOPIC.hl] + ") · " + T.types[t.type] : null);
    const p = el("p");
    const a = el("a", null, "Search this question");
    a.href = "#search=" + enc(n.data[NODE.question]);
    p.appendChild(a);
    d.appendChild(p);
    return;
  }
  if (!r) return;
  d.appendChild(el("h2", null, r[KEY.q]));
  d.appendChild(el("p", "muted", locale(r) + " · fetched " + when(r[KEY.fetchedMs])));
  const lineage = el("p", "lineage");
  if (r[KEY.level] > 0) {
    lineage.appendChild(document.createTextNode("Level " + r[KEY.level] + " of the expansion"));
    for (const [label, k] of [[" · parent: ", r[KEY.parent]], [" · seed: ", r[KEY.seed]]]) {
      if (!k) continue;
      lineage.appendChild(document.createTextNode(label));
      lineage.appendChild(keyLink(k));
    }
  } else lineage.textContent = "Level 0: a query of the job, its own seed.";
  d.appendChild(lineage);
  const h = historyLine(r[KEY.history]);
  if (r[KEY.history][HISTORY.versions] > 1) {
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
  const t = await tree(r[KEY.tree]);
  if (seq !== keySeq) return false;
  remember(r, k);
  state.keyNo = k;
  state.key = r;
  state.tree = t;
  map.show(buildTree(r[KEY.q], t[TREE.nodes]));
  const pos = listPosition(k);
  if (pos >= 0) qlist.reveal(pos); else qlist.redraw();
  return true;
}
