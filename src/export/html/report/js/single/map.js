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
      d.appendChild(lineageLine(r));
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

// The selected key's place in an expansion: its level, and its parent and seed as links that
// select them (or their text when the report does not hold them: another job's, filtered out).
function lineageLine(r) {
  const p = el("p", "lineage");
  const level = r[RESULT.level] || 0;
  if (level === 0) {
    p.textContent = "Level 0: a query of the job, its own seed.";
    return p;
  }
  p.appendChild(document.createTextNode("Level " + level + " of the expansion"));
  for (const [label, k] of [[" · parent: ", r[RESULT.parent]], [" · seed: ", r[RESULT.seed]]]) {
    if (!k) continue;
    p.appendChild(document.createTextNode(label));
    const text = k[QUERY.q] + " (" + locale(k) + ")";
    const at = R.findIndex((x) => x[RESULT.q] === k[QUERY.q] && x[RESULT.hl] === k[QUERY.hl] && x[RESULT.gl] === k[QUERY.gl] &&
      x[RESULT.city] === k[QUERY.city]);
    if (at < 0) {
      p.appendChild(document.createTextNode(text));
      continue;
    }
    const a = el("a", null, text);
    a.href = "#";
    a.addEventListener("click", (e) => {
      e.preventDefault();
      // Its row may be filtered out: clear the filters so that the list shows it.
      if (!state.rows.includes(at)) {
        state.text = ""; state.loc = ""; state.job = -1;
        for (const id of ["q-filter", "loc-filter", "job-filter"]) /** @type {HTMLInputElement} */ ($(id)).value = "";
        applyFilters();
      }
      select(at);
      selectionChanged();
    });
    p.appendChild(a);
  }
  return p;
}
