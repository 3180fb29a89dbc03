// @ts-check
// --- topics (docs/reports.md "Topics") --------------------------------------------------------
// What the topics did since the analysis before (T.trend), shown once: the line of counts, the
// change filter's choices and the merged and gone topics' table. Returns whether there is a
// trend and each listed topic's Change cell text.
function topicTrend(T) {
  const trend = T.trend || { compared: false, unreadable: "", counts: [], ended: [], ended_total: 0, since_ms: 0, since_results: 0 };
  const signed = (n) => (n > 0 ? "+" : n < 0 ? "\u2212" : "") + fmt(Math.abs(n));
  // "grew +2 trees", "split from <label>", "new", "same".
  function changeText(t) {
    const word = t[TOPIC.change];
    if (word === "grew" || word === "shrank") {
      const trees = t[TOPIC.trees] - t[TOPIC.treesBefore];
      const questions = t[TOPIC.questions] - t[TOPIC.questionsBefore];
      return word + " " + (trees !== 0 ? signed(trees) + (Math.abs(trees) === 1 ? " tree" : " trees")
        : signed(questions) + (Math.abs(questions) === 1 ? " question" : " questions"));
    }
    if (word === "split" && t[TOPIC.from]) return "split from " + t[TOPIC.from];
    return word;
  }
  if (trend.unreadable) {
    $("topic-trend").hidden = false;
    $("topic-trend").textContent = "What changed since the analysis before cannot be read (" + trend.unreadable + "): paa analyze --full computes it anew.";
  } else if (trend.compared) {
    const shown = trend.counts.filter(([, n]) => n > 0).map(([word, n]) => fmt(n) + " " + (word === "same" ? "the same size" : word));
    $("topic-trend").hidden = false;
    $("topic-trend").textContent = "Since the analysis of " + (trend.since_ms > 0 ? when(trend.since_ms) : "an unknown time") +
      " (" + plural(trend.since_results, "result", "results") + "): " + (shown.length ? shown.join(", ") : "no topics") + ".";
    const listedOf = new Map();
    for (const t of T.topics) listedOf.set(t[TOPIC.change], (listedOf.get(t[TOPIC.change]) || 0) + 1);
    $("topic-change-filter").hidden = false;
    fillSelect($("topic-change"), "All changes", ["grew", "shrank", "new", "split", "same"]
      .filter((w) => listedOf.get(w)).map((w) => [w, w + " (" + plural(listedOf.get(w), "topic", "topics") + ")"]));
    if (trend.ended.length) {
      $("topic-ended").hidden = false;
      $("topic-ended-note").textContent = (trend.ended_total > trend.ended.length
        ? "The " + fmt(trend.ended.length) + " with the most trees of " + fmt(trend.ended_total) + "; paa export --format topic-changes lists them all."
        : plural(trend.ended_total, "earlier topic", "earlier topics") + ", most trees first.");
      const table = $("topic-ended-table");
      const head = el("tr");
      [["Change", ""], ["Topic", ""], ["Trees before", "num"], ["Questions before", "num"], ["Into", ""]]
        .forEach(([h, cls]) => head.appendChild(el("th", cls || null, h)));
      table.appendChild(head);
      for (const e of trend.ended) {
        const tr = el("tr", "ended");
        tr.dataset.topic = e[TOPIC_ENDED.id];
        tr.appendChild(el("td", "change", e[TOPIC_ENDED.change]));
        tr.appendChild(el("td", "label", e[TOPIC_ENDED.label]));
        tr.appendChild(el("td", "num trees", fmt(e[TOPIC_ENDED.treesBefore])));
        tr.appendChild(el("td", "num questions", fmt(e[TOPIC_ENDED.questionsBefore])));
        tr.appendChild(el("td", "into", e[TOPIC_ENDED.into]));
        table.appendChild(tr);
      }
    }
  }
  return { compared: trend.compared, changeText };
}

// The whole report's topics (the query filters do not apply), most demand first when the seeds
// have volumes (T.volumes), then most trees, as `paa export --format topics` lists them; filtered by a text (id, label, representative and
// listed questions) and a question type (topics with questions of that type).
// T.topics[i]: a TOPIC, its listed questions TOPIC_LISTED (records.schema); types and intents
// are indexes into T.types / T.intents. T.trend: what the topics did since the analysis before
// (docs/topics.md "A topic's identity"): a line of counts, a Change column and filter, and the
// earlier topics that merged or are gone (TOPIC_ENDED).
// The whole report's charts: its largest topics (as the list orders them), and every question by
// type and by intent (T.type_counts, T.intent_counts).
function drawTopicCharts(T) {
  const mix = (names, counts) => names.map((n, i) => [n, [counts[i] || 0]]).filter((r) => r[1][0] > 0)
    .sort((a, b) => b[1][0] - a[1][0] || (a[0] < b[0] ? -1 : 1));
  drawCharts($("topic-charts"), T.topics.length ? [
    barChart(T.volumes ? "Largest topics by demand (the seeds' volumes)" : "Largest topics by trees",
      [[T.volumes ? "Volume" : "Trees", "a"]],
      T.topics.slice(0, 10).map((t) => [t[TOPIC.label], [T.volumes ? t[TOPIC.volume] : t[TOPIC.trees]]]), fmt),
    barChart("Questions by type", [["Questions", "a"]], mix(T.types, T.type_counts || []), fmt),
    barChart("Questions by intent", [["Questions", "a"]], mix(T.intents, T.intent_counts || []), fmt),
  ] : []);
}
function TopicsView(T) {
  const topicState = { text: "", type: -1, change: "", open: new Set() };
  const trend = topicTrend(T);
  drawTopicCharts(T);
  let topicTexts = null;
  fillSelect($("topic-type"), "All question types", T.types.map((name, i) => {
    let n = 0;
    for (const t of T.topics) n += t[TOPIC.ofType][i];
    return [String(i), name + " (" + plural(n, "question", "questions") + ")"];
  }));
  function drawTopics() {
    if (!topicTexts) topicTexts = T.topics.map((t) => [t[TOPIC.id], t[TOPIC.label], t[TOPIC.representative], ...t[TOPIC.listed].map((q) => q[TOPIC_LISTED.question])].map(fold).join("\u0000"));
    const want = fold(topicState.text);
    const ty = topicState.type;
    const rows = [];
    T.topics.forEach((t, i) => {
      if (ty >= 0 && !t[TOPIC.ofType][ty]) return;
      if (want && !topicTexts[i].includes(want)) return;
      if (topicState.change && t[TOPIC.change] !== topicState.change) return;
      rows.push(i);
    });
    $("topic-summary").textContent = fmt(rows.length) + " of " + plural(T.topics.length, "topic", "topics") +
      (T.total > T.topics.length ? " listed (" + fmt(T.total) + " in all)" : "") +
      (T.volumes ? ", most demand first (the seeds' volumes)." : ", most trees first.") + " Topics of the whole report: the query filters do not apply. Click a topic to list its questions.";
    $("topic-more").textContent = T.total > T.topics.length
      ? "The report lists the first " + fmt(T.topics.length) + " topics; " + fmt(T.total - T.topics.length) +
        " more: paa export --format topics lists them all (topics-jsonl with every question)."
      : "";
    const table = $("topic-table");
    table.textContent = "";
    const head = el("tr");
    const cols = [["", ""], ["Topic", ""], ["Language", ""], ["Questions", "num"], ["Groups", "num"], ["Trees", "num"]];
    if (T.volumes) cols.push(["Volume", "num"]);
    cols.push(["Representative question", ""]);
    if (ty >= 0) cols.push([T.types[ty] + " questions", "num"]);
    if (trend.compared) cols.push(["Change", ""]);
    cols.push(["Id", ""]);  // what `paa brief --topic` takes
    for (const [label, cls] of cols) head.appendChild(el("th", cls || null, label));
    table.appendChild(head);
    for (const i of rows) {
      const t = T.topics[i];
      const open = topicState.open.has(i);
      const tr = el("tr", "topic");
      tr.dataset.topic = t[TOPIC.id];
      tr.appendChild(toggleCell(open, "the questions of " + t[TOPIC.label]));
      tr.appendChild(el("td", "label", t[TOPIC.label]));
      tr.appendChild(el("td", "hl", t[TOPIC.hl]));
      tr.appendChild(el("td", "num questions", fmt(t[TOPIC.questions])));
      tr.appendChild(el("td", "num groups", fmt(t[TOPIC.groups])));
      tr.appendChild(el("td", "num trees", fmt(t[TOPIC.trees])));
      if (T.volumes) tr.appendChild(el("td", "num volume", fmt(t[TOPIC.volume])));
      tr.appendChild(el("td", "rep", t[TOPIC.representative]));
      if (ty >= 0) tr.appendChild(el("td", "num of-type", fmt(t[TOPIC.ofType][ty])));
      if (trend.compared) tr.appendChild(el("td", "change", trend.changeText(t)));
      tr.appendChild(el("td", "id", t[TOPIC.id]));
      tr.addEventListener("click", () => {
        if (open) topicState.open.delete(i); else topicState.open.add(i);
        drawTopics();
      });
      table.appendChild(tr);
      if (open) table.appendChild(topicQuestions(t, cols.length, ty));
    }
  }
  function topicQuestions(t, span, ty) {
    const tr = el("tr", "qs");
    tr.dataset.topic = t[TOPIC.id];
    const td = el("td");
    td.colSpan = span;
    const qs = t[TOPIC.listed].filter((q) => ty < 0 || q[TOPIC_LISTED.type] === ty);
    const inner = el("table");
    const head = el("tr");
    ["Question", "Type", "Intent", "Trees", "Variant of"].forEach((h) => head.appendChild(el("th", h === "Trees" ? "num" : null, h)));
    inner.appendChild(head);
    for (const q of qs) {
      const r = el("tr", "q");
      r.appendChild(el("td", "question", q[TOPIC_LISTED.question]));
      r.appendChild(el("td", "type", T.types[q[TOPIC_LISTED.type]]));
      r.appendChild(el("td", "intent", T.intents[q[TOPIC_LISTED.intent]]));
      r.appendChild(el("td", "num", fmt(q[TOPIC_LISTED.trees])));
      r.appendChild(el("td", "variant", q[TOPIC_LISTED.variantOf]));
      inner.appendChild(r);
    }
    td.appendChild(inner);
    const all = ty < 0 ? t[TOPIC.questions] : t[TOPIC.ofType][ty];
    if (all > qs.length) {
      td.appendChild(el("p", "muted", fmt(all - qs.length) + " more " + (ty < 0 ? "" : T.types[ty] + " ") +
        "questions: the report lists each topic's first " + fmt(T.questions_per_topic) +
        " questions (most trees first); paa export --format topics-jsonl lists every question of every topic."));
    }
    tr.appendChild(td);
    return tr;
  }
  $("topic-filter").addEventListener("input", (e) => { topicState.text = inputValue(e); drawTopics(); });
  $("topic-type").addEventListener("change", (e) => { topicState.type = inputValue(e) === "" ? -1 : Number(inputValue(e)); drawTopics(); });
  $("topic-change").addEventListener("change", (e) => { topicState.change = inputValue(e); drawTopics(); });
  return {
    draw: drawTopics,
    // Opens the topic of this id (filters cleared so that it shows); false when not listed.
    open(id) {
      const i = T.topics.findIndex((t) => t[TOPIC.id] === id);
      if (i < 0) return false;
      topicState.open.add(i);
      topicState.text = "";
      topicState.type = -1;
      topicState.change = "";
      $("topic-filter").value = "";
      $("topic-type").value = "";
      $("topic-change").value = "";
      return true;
    },
  };
}
