// @ts-check
// The detail panel's view of a question of the map (node.data: a NODE record).
// `topicLine`: the topic's words, or null.
function questionDetail(d, n, topicLine) {
  const question = n.data[NODE.question], answer = n.data[NODE.answer], url = n.data[NODE.url], title = n.data[NODE.title];
  d.appendChild(el("h2", null, question));
  if (n.repeat) d.appendChild(el("p", "muted", "↺ This question appears earlier in this tree."));
  if (topicLine) d.appendChild(el("p", "muted", topicLine));
  d.appendChild(el("p", "answer", answer || "(no answer)"));
  if (title) d.appendChild(el("p", null, "Source: " + title));
  if (url) {
    const p = el("p");
    p.appendChild(outLink(url));
    d.appendChild(p);
  }
}
// A key's versions: [versions, mean churn, last change ms].
function historyLine(h) {
  const versions = h[HISTORY.versions], churn = h[HISTORY.churn], last = h[HISTORY.lastChangeMs];
  return el("p", "history", versions > 1
    ? plural(versions, "version", "versions") + " · mean churn " + (100 * churn).toFixed(1) + "% · last change " +
      new Date(last).toISOString().slice(0, 16).replace("T", " ") + " UTC"
    : "One version: no change recorded.");
}

// The first cell of a row that opens (a topic, a volatile key): a ▸ or ▾ button.
function toggleCell(open, what) {
  const tog = el("button", null, open ? "▾" : "▸");
  tog.setAttribute("aria-expanded", open ? "true" : "false");
  tog.setAttribute("aria-label", (open ? "Hide " : "Show ") + what);
  const td = el("td");
  td.appendChild(tog);
  return td;
}
