// @ts-check
// --- changes (docs/reports.md "Changes") ----------------------------------------------------
// C.volatile[i]: a VOLATILE_KEY, with STATUSES and a timeline of VERSIONs of CHANGEs;
// C.questions[i]: a QUESTION_CHANGE (records.schema).
const runNote = (runs) => runs === 0
  ? "The store records no runs (a store written before run ids, or without paa run)."
  : runs === 1
    ? "The store has one run: a key changes when a later run fetches it again (refresh_after, paa run --refresh)."
    : "The store has " + fmt(runs) + " runs.";
// `since`: the Domains data's runs (M.since: SINCE_RUN), whose questions added and removed since
// each run the chart shows.
function ChangesView(C, since) {
  drawCharts($("change-charts"), since && since.length ? [
    barChart("Questions new and gone since each run", [["New", "a"], ["Gone", "b"]],
      since.map((r) => ["run " + r[SINCE_RUN.runId], [r[SINCE_RUN.added], r[SINCE_RUN.removed]]]), fmt),
  ] : []);
  const changesState = { open: new Set(), status: "", text: "" };
  fillSelect($("qchange-status"), "New, gone and intermittent", [["new", "new (" + fmt(C.statuses.new || 0) + ")"],
    ["gone", "gone (" + fmt(C.statuses.gone || 0) + ")"], ["intermittent", "intermittent (" + fmt(C.statuses.intermittent || 0) + ")"]]);
  function drawChanges() {
    $("changes-summary").textContent = plural(C.keys, "key", "keys") + " with " + plural(C.versions, "version", "versions") + "; " +
      fmt(C.changed_keys) + " changed at least once, " + fmt(C.keys - C.changed_keys) + " with one version (no change recorded). " +
      runNote(C.runs) + " Changes of the whole report: the query filters do not apply.";
    $("volatile-note").textContent = C.volatile.length
      ? "Most mean churn first (the share of questions replaced from one version to the next, as paa diff computes it), then most versions. " +
        (C.changed_keys > C.volatile.length ? "the first " + fmt(C.volatile.length) + " of " + fmt(C.changed_keys) + " changed keys (paa export --format stability lists them all). " : "") +
        "Click a key for its timeline: its latest " + fmt(C.caps.versions_per_key || 0) + " versions, each with the first " +
        fmt(C.caps.changes_per_version || 0) + " changes from the version before."
      : "No key has more than one version: no change recorded.";
    const table = $("volatile-table");
    table.textContent = "";
    if (C.volatile.length) {
      const head = el("tr");
      for (const [label, cls] of [["", ""], ["Query", ""], ["Locale", ""], ["Versions", "num"], ["Mean churn", "num"], ["Last change", ""],
        ["New", "num"], ["Gone", "num"], ["Intermittent", "num"]]) head.appendChild(el("th", cls || null, label));
      table.appendChild(head);
    }
    C.volatile.forEach((k, i) => {
      const open = changesState.open.has(i);
      const tr = el("tr", "vkey");
      tr.dataset.key = String(i);
      tr.appendChild(toggleCell(open, "the timeline of " + k[VOLATILE_KEY.q]));
      tr.appendChild(el("td", "q", k[VOLATILE_KEY.q]));
      tr.appendChild(el("td", "locale", locale(k)));
      tr.appendChild(el("td", "num versions", fmt(k[VOLATILE_KEY.versions])));
      tr.appendChild(el("td", "num churn", k[VOLATILE_KEY.meanChurn] === null ? "-" : pct(k[VOLATILE_KEY.meanChurn])));
      tr.appendChild(el("td", "last", k[VOLATILE_KEY.lastChangeMs] === null ? "no change recorded" : when(k[VOLATILE_KEY.lastChangeMs])));
      tr.appendChild(el("td", "num new", fmt(k[VOLATILE_KEY.statuses][STATUSES.added])));
      tr.appendChild(el("td", "num gone", fmt(k[VOLATILE_KEY.statuses][STATUSES.gone])));
      tr.appendChild(el("td", "num intermittent", fmt(k[VOLATILE_KEY.statuses][STATUSES.intermittent])));
      tr.addEventListener("click", () => {
        if (open) changesState.open.delete(i); else changesState.open.add(i);
        drawChanges();
      });
      table.appendChild(tr);
      if (open) table.appendChild(timelineRow(C, k, 9));
    });
    drawQuestionChanges(C, changesState);
  }
  $("qchange-status").addEventListener("change", (e) => { changesState.status = inputValue(e); drawQuestionChanges(C, changesState); });
  $("qchange-filter").addEventListener("input", (e) => { changesState.text = inputValue(e); drawQuestionChanges(C, changesState); });
  return {
    draw: drawChanges,
    // The volatile key's index (r = [q, hl, gl, city, ...]), or -1.
    indexOf: (r) => C.volatile.findIndex((k) => k[QUERY.q] === r[QUERY.q] && k[QUERY.hl] === r[QUERY.hl] && k[QUERY.gl] === r[QUERY.gl] && k[QUERY.city] === r[QUERY.city]),
    open(i) { changesState.open.add(i); },
  };
}

// A volatile key's timeline: its versions, each with its changes from the one before.
function timelineRow(C, k, span) {
  const tr = el("tr", "timeline");
  tr.dataset.key = String(C.volatile.indexOf(k));
  const td = el("td");
  td.colSpan = span;
  if (k[VOLATILE_KEY.earlierVersions] > 0) td.appendChild(el("p", "muted", plural(k[VOLATILE_KEY.earlierVersions], "earlier version", "earlier versions") + " not shown (the report shows a key's latest " + fmt(C.caps.versions_per_key || 0) + ")."));
  const ol = el("ol", "versions");
  ol.start = k[VOLATILE_KEY.earlierVersions] + 1;
  for (const v of k[VOLATILE_KEY.timeline]) {
    const li = el("li", "version");
    const head = "first fetched " + when(v[VERSION.firstFetchMs]) + (v[VERSION.lastFetchMs] !== v[VERSION.firstFetchMs] ? ", last " + when(v[VERSION.lastFetchMs]) : "") + (v[VERSION.runId] ? " · run " + v[VERSION.runId] : "") +
      " · " + plural(v[VERSION.questions], "question", "questions") + (v[VERSION.churn] === null ? " · the first version" : " · churn " + pct(v[VERSION.churn]));
    li.appendChild(el("div", "head", head));
    if (v[VERSION.churn] !== null) {
      if (!v[VERSION.changes].length) li.appendChild(el("div", "muted", "The same questions and sources; the answers' texts changed."));
      const ul = el("ul", "changes");
      for (const c of v[VERSION.changes]) {
        const item = el("li", c[CHANGE.kind], c[CHANGE.question]);
        item.dataset.change = c[CHANGE.kind];
        if (c[CHANGE.before] || c[CHANGE.after]) item.appendChild(el("span", "was", (c[CHANGE.kind] === "moved" ? "moved: " : "source: ") + c[CHANGE.before] + " → " + c[CHANGE.after]));
        ul.appendChild(item);
      }
      li.appendChild(ul);
      if (v[VERSION.moreChanges] > 0) li.appendChild(el("div", "muted", fmt(v[VERSION.moreChanges]) + " more changes: paa diff --from and --to around this version lists them all."));
    }
    ol.appendChild(li);
  }
  td.appendChild(ol);
  tr.appendChild(td);
  return tr;
}

// The questions that came, went or came and went, filtered by status and text.
function drawQuestionChanges(C, changesState) {
  const want = fold(changesState.text);
  const rows = C.questions.filter((r) => (!changesState.status || r[QUESTION_CHANGE.status] === changesState.status) &&
    (!want || fold(r[QUESTION_CHANGE.question]).includes(want) || fold(r[QUESTION_CHANGE.q]).includes(want)));
  const all = (C.statuses.new || 0) + (C.statuses.gone || 0) + (C.statuses.intermittent || 0);
  $("qchange-note").textContent = all === 0
    ? "No question came or went: every question of every key is in all of its versions."
    : fmt(rows.length) + " shown of " + plural(C.questions.length, "listed question", "listed questions") +
      (all > C.questions.length ? " (" + fmt(all) + " in all; the report lists the " + fmt(C.questions.length) + " most recent, paa export --format stability lists them all)" : "") +
      ". New: in the latest versions only, by when it first appeared; gone: not in the latest version, by when it was last seen; intermittent: absent from a version between two that have it.";
  const table = $("qchange-table");
  table.textContent = "";
  if (!rows.length) return;
  const head = el("tr");
  for (const [label, cls] of [["Question", ""], ["Status", ""], ["Query", ""], ["Locale", ""], ["First seen", ""], ["Last seen", ""], ["In versions", "num"]]) {
    head.appendChild(el("th", cls || null, label));
  }
  table.appendChild(head);
  for (const r of rows) {
    const tr = el("tr", "qchange");
    tr.dataset.status = r[QUESTION_CHANGE.status];
    tr.appendChild(el("td", "question", r[QUESTION_CHANGE.question]));
    tr.appendChild(el("td", "status", r[QUESTION_CHANGE.status]));
    tr.appendChild(el("td", "q", r[QUESTION_CHANGE.q]));
    tr.appendChild(el("td", "locale", locale(r)));
    tr.appendChild(el("td", "first", when(r[QUESTION_CHANGE.firstSeenMs])));
    tr.appendChild(el("td", "last", when(r[QUESTION_CHANGE.lastSeenMs])));
    tr.appendChild(el("td", "num seen", fmt(r[QUESTION_CHANGE.versionsSeen]) + " of " + fmt(r[QUESTION_CHANGE.versions])));
    table.appendChild(tr);
  }
}
