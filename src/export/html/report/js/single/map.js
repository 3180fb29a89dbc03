// @ts-check
// --- mind map ---------------------------------------------------------------------------
const map = MindMap({ topicOf, topics: () => T, noTopic: "not in a listed topic", onNode: showDetail });
function drawMap() {
  if (state.selected < 0) map.clear("No query matches the filters.");
  else map.show(buildTree(R[state.selected][RESULT.q], R[state.selected][RESULT.tree]));
}

function showDetail(n) {
  const d = $("detail");
  d.textContent = "";
  if (!n || !n.data) {
    if (state.selected >= 0) {
      const r = R[state.selected];
      d.appendChild(el("h2", null, r[RESULT.q]));
      d.appendChild(el("p", "muted", locale(r) + " · fetched " + when(r[RESULT.fetchedMs])));
      if (r[RESULT.history]) d.appendChild(keyHistory(r));
      d.appendChild(el("p", "muted", "Select a question to see its answer and source. Click ± to fold a branch; drag to pan, wheel to zoom."));
    }
    return;
  }
  const t = topicOf(n.data[NODE.question]);
  questionDetail(d, n, t ? "Topic: " + T.topics[t.topic][TOPIC.label] + " (" + T.topics[t.topic][TOPIC.hl] + ") · " + T.types[t.type] : null);
}

// The selected key's versions (the result's 9th element), and its timeline when listed.
function keyHistory(r) {
  const p = historyLine(r[RESULT.history]);
  const at = changesView.indexOf(r);
  if (at >= 0) {
    const b = el("button", "btn", "Timeline");
    b.addEventListener("click", () => { changesView.open(at); show("changes"); });
    p.appendChild(document.createTextNode(" "));
    p.appendChild(b);
  }
  return p;
}
