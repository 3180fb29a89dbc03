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
