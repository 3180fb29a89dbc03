// @ts-check
// --- domains (docs/reports.md "Domains") ----------------------------------------------------
// M.rows[i]: a DOMAIN; M.since[i]: a SINCE_RUN with its DOMAIN_MOVEs (records.schema).
function DomainsView(M) {
  const yoursSet = new Set(M.yours);
  const domainState = { text: "", yours: false, since: M.since.length >= 2 ? M.since.length - 2 : M.since.length - 1 };
  $("domain-since").textContent = "";
  if (!M.since.length) $("domain-since").appendChild(el("option", null, "no run to compare from"));
  M.since.forEach((r, i) => {
    const o = el("option", null, "run " + r[SINCE_RUN.runId] + " (" + r[SINCE_RUN.job] + ", ended " + when(r[SINCE_RUN.atMs]) + ")");
    o.value = String(i);
    $("domain-since").appendChild(o);
  });
  if (M.since.length) $("domain-since").value = String(domainState.since);
  $("domain-since").disabled = M.since.length === 0;
  $("domain-yours").disabled = M.yours.length === 0;
  if (!M.yours.length) $("domain-yours").parentElement.title = "paa export --domain YOURS.com marks your domains";
  // The charts: the domains with the most answers (their share), and since each run the answers
  // that changed domain: your domains' won and lost when --domain marked some, else all moves.
  const runLabel = (r) => "run " + r[SINCE_RUN.runId];
  const yoursSince = (r, i) => r[SINCE_RUN.rows].filter((m) => yoursSet.has(m[DOMAIN_MOVE.domain]))
    .reduce((sum, m) => sum + m[i], 0);
  drawCharts($("domain-charts"), [
    ...(M.rows.length ? [barChart("Share of answers: the " + Math.min(10, M.rows.length) + " domains with the most", [["Share", "a"]],
      M.rows.slice(0, 10).map((r) => [r[DOMAIN.domain], [r[DOMAIN.share]]]), pct)] : []),
    ...(M.since.length ? [M.yours.length
      ? barChart("Your domains' answers won and lost since each run", [["Won", "a"], ["Lost", "b"]],
        M.since.map((r) => [runLabel(r), [yoursSince(r, DOMAIN_MOVE.won), yoursSince(r, DOMAIN_MOVE.lost)]]), fmt)
      : barChart("Answers that changed domain since each run", [["Moved", "a"]],
        M.since.map((r) => [runLabel(r), [r[SINCE_RUN.moves]]]), fmt)] : []),
  ]);
  const domainShown = (d) => (!domainState.yours || yoursSet.has(d)) && (!domainState.text || d.includes(domainState.text));
  function domainRow(cells, yours) {
    const tr = el("tr", yours ? "yours" : null);
    for (const [text, cls] of cells) tr.appendChild(el("td", cls, text));
    if (yours) tr.firstChild.appendChild(el("span", "mark", " ★ yours"));
    return tr;
  }
  function drawDomains() {
    const rows = M.rows.filter((r) => domainShown(r[DOMAIN.domain]));
    $("domains-summary").textContent = fmt(M.sourced) + " answers with a source in the whole report (the query filters do not apply), on " +
      plural(M.total, "domain or bucket", "domains and buckets") + ": each answer counts once per tree, its domain the registrable one (www.bbc.co.uk: bbc.co.uk), as paa export --format domains. " +
      (M.yours.length ? "Your domains (--domain): " + M.yours.join(", ") + "." : "Give --domain to mark your domains.") +
      " Showing " + fmt(rows.length) + ".";
    $("domains-more").textContent = M.total > M.rows.length
      ? "The report lists the first " + fmt(M.caps.rows || 0) + " domains (and yours); " + fmt(M.total - M.rows.length) + " more: paa export --format domains lists them all."
      : "";
    const table = $("domains-table");
    table.textContent = "";
    const head = el("tr");
    for (const [label, cls] of [["Domain", ""], ["Answers", "num"], ["Share", "num"], ["Questions", "num"], ["Keys", "num"], ["Topics", "num"]]) {
      head.appendChild(el("th", cls || null, label));
    }
    table.appendChild(head);
    for (const r of rows) {
      const tr = domainRow([[r[DOMAIN.domain], "domain"], [fmt(r[DOMAIN.answers]), "num answers"], [r[DOMAIN.share] === null ? "" : pct(r[DOMAIN.share]), "num share"],
        [fmt(r[DOMAIN.questions]), "num questions"], [fmt(r[DOMAIN.keys]), "num keys"], [fmt(r[DOMAIN.topics]), "num topics"]], r[DOMAIN.yours]);
      tr.dataset.domain = r[DOMAIN.domain];
      table.appendChild(tr);
    }
    drawMoves();
  }
  function drawMoves() {
    const table = $("moves-table");
    table.textContent = "";
    $("moves-more").textContent = "";
    const run = M.since[domainState.since];
    if (!run) {
      $("moves-summary").textContent = "Won and lost compare each key's answers at the end of a run with now; " + runNote(M.runs);
      return;
    }
    const rows = run[SINCE_RUN.rows].filter((r) => domainShown(r[DOMAIN_MOVE.domain]));
    $("moves-summary").textContent = "From the end of run " + run[SINCE_RUN.runId] + " (" + when(run[SINCE_RUN.atMs]) + ") to now, over " + plural(run[SINCE_RUN.keys], "key", "keys") +
      " stored at both: " + plural(run[SINCE_RUN.moves], "question", "questions") + " changed domain (won by the new one, lost by the old; as paa diff --by domain). " +
      runNote(M.runs) + (M.since.length < M.runs ? " The report compares from the latest " + fmt(M.since.length) + "." : "");
    const head = el("tr");
    for (const [label, cls] of [["Domain", ""], ["Answers then", "num"], ["Answers now", "num"], ["Won", "num"], ["Lost", "num"], ["Net", "num"]]) {
      head.appendChild(el("th", cls || null, label));
    }
    table.appendChild(head);
    for (const r of rows) {
      const net = r[DOMAIN_MOVE.won] - r[DOMAIN_MOVE.lost];
      const tr = domainRow([[r[DOMAIN_MOVE.domain], "domain"], [fmt(r[DOMAIN_MOVE.from]), "num from"], [fmt(r[DOMAIN_MOVE.to]), "num to"], [fmt(r[DOMAIN_MOVE.won]), "num won"], [fmt(r[DOMAIN_MOVE.lost]), "num lost"],
        [(net > 0 ? "+" : "") + fmt(net), "num net"]], yoursSet.has(r[DOMAIN_MOVE.domain]));
      tr.dataset.domain = r[DOMAIN_MOVE.domain];
      table.appendChild(tr);
    }
    if (run[SINCE_RUN.moreRows] > 0) $("moves-more").textContent = "The report lists each run's first " + fmt(M.caps.moves || 0) + " domains (and yours); " + fmt(run[SINCE_RUN.moreRows]) + " more: paa diff --by domain --from " + run[SINCE_RUN.runId] + " lists them all.";
  }
  $("domain-filter").addEventListener("input", (e) => { domainState.text = inputValue(e).trim().toLowerCase(); drawDomains(); });
  $("domain-yours").addEventListener("change", (e) => { domainState.yours = inputChecked(e); drawDomains(); });
  $("domain-since").addEventListener("change", (e) => { domainState.since = Number(inputValue(e)); drawMoves(); });
  return { draw: drawDomains };
}
