// @ts-check
// --- related searches, answer sources, compare locales ----------------------------------------
function drawRelated(d, q, loc, related) {
  d.textContent = "";
  d.appendChild(el("h3", null, "Related searches for “" + q + "” (" + loc + ")"));
  if (!related.length) { d.appendChild(el("p", "muted", "The service returned no related searches.")); return; }
  const ol = el("ol");
  related.forEach((s) => ol.appendChild(el("li", null, s)));
  d.appendChild(ol);
}

// The answers' domains of the selected trees, and where a domain (#domain-box) answers.
// trees() -> [[q, locale, nodes], ...].
function SourcesView(trees) {
  function draw() {
    const list = trees();
    const m = new Map();
    let total = 0;
    for (const [, , nodes] of list) {
      walk(nodes, (n) => {
        const dom = domainOf(n[NODE.url]);
        if (!dom) return;
        total++;
        let e = m.get(dom);
        if (!e) { e = { dom, answers: 0, qs: new Map() }; m.set(dom, e); }
        e.answers++;
        e.qs.set(n[NODE.question], (e.qs.get(n[NODE.question]) || 0) + 1);
      });
    }
    const rows = [...m.values()].sort((a, b) => b.answers - a.answers);
    const d = $("sources");
    d.textContent = "";
    d.appendChild(el("p", "muted", fmt(total) + " answers with a source URL in " + plural(list.length, "selected tree", "selected trees") + ", from " + fmt(rows.length) + " domains (top 100 shown)."));
    const table = el("table");
    const hr = el("tr");
    ["Domain", "Answers", "Share", "Top questions"].forEach((h) => hr.appendChild(el("th", null, h)));
    table.appendChild(hr);
    for (const e of rows.slice(0, 100)) {
      const tr = el("tr");
      tr.appendChild(el("td", null, e.dom));
      tr.appendChild(el("td", null, fmt(e.answers)));
      const share = el("td");
      const bar = el("span", "bar");
      bar.style.width = Math.round((100 * e.answers) / total) + "px";
      share.appendChild(bar);
      share.appendChild(document.createTextNode(((100 * e.answers) / total).toFixed(1) + "%"));
      tr.appendChild(share);
      const tq = [...e.qs.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3).map((x) => x[0]);
      tr.appendChild(el("td", null, tq.join(" · ")));
      table.appendChild(tr);
    }
    d.appendChild(table);
    hits();
  }
  function hits() {
    const want = $("domain-box").value.trim().toLowerCase().replace(/^www\./, "");
    const d = $("domain-hits");
    d.textContent = "";
    if (!want) return;
    const found = [];
    for (const [q, loc, nodes] of trees()) {
      walk(nodes, (n) => { const dom = domainOf(n[NODE.url]); if (dom === want || dom.endsWith("." + want)) found.push([q, loc, n]); });
    }
    d.appendChild(el("p", null, want + " answers " + fmt(found.length) + " questions in the selection" + (found.length > 200 ? " (first 200 shown)" : "") + "."));
    const ul = el("ul", "plain");
    for (const [q, loc, n] of found.slice(0, 200)) ul.appendChild(el("li", null, n[NODE.question] + " — " + q + " (" + loc + ")"));
    d.appendChild(ul);
  }
  $("domain-box").addEventListener("input", hits);
  return { draw };
}

// One query's trees in several locales: what they share, what each has alone, their sources.
// same = [[locale, nodes], ...], the selected key's among them.
function drawCompare(d, q, same) {
  d.textContent = "";
  d.appendChild(el("h3", null, "“" + q + "” in " + same.length + " locale" + (same.length === 1 ? "" : "s")));
  if (same.length < 2) { d.appendChild(el("p", "muted", "This query is stored in one locale only; harvest it with other hl/gl values to compare markets.")); return; }
  const sets = same.map(([, nodes]) => { const m = new Map(); walk(nodes, (n) => { const k = fold(n[NODE.question]); if (!m.has(k)) m.set(k, n[NODE.question]); }); return m; });
  const shared = [...sets[0].keys()].filter((k) => sets.every((s) => s.has(k)));
  const sec = el("section");
  sec.appendChild(el("h3", null, "Shared by all (" + shared.length + ")"));
  const ul = el("ul", "plain");
  shared.forEach((k) => ul.appendChild(el("li", null, sets[0].get(k))));
  sec.appendChild(ul);
  d.appendChild(sec);
  const cols = el("div", "cols");
  same.forEach(([loc, nodes], i) => {
    const s = el("section");
    const unique = [...sets[i].keys()].filter((k) => sets.every((o, j) => j === i || !o.has(k)));
    s.appendChild(el("h3", null, loc + ": unique to this market (" + unique.length + ")"));
    const u = el("ul", "plain");
    unique.forEach((k) => u.appendChild(el("li", null, sets[i].get(k))));
    s.appendChild(u);
    const doms = new Map();
    walk(nodes, (n) => { const dom = domainOf(n[NODE.url]); if (dom) doms.set(dom, (doms.get(dom) || 0) + 1); });
    s.appendChild(el("p", "muted", "Answer sources: " + ([...doms.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5).map((x) => x[0] + " (" + x[1] + ")").join(", ") || "none")));
    cols.appendChild(s);
  });
  d.appendChild(cols);
}

// Markets over the whole report (docs/reports.md "Compare locales"): K.locales[i] a
// MARKET_LOCALE, K.pairs[i] a MARKET_PAIR, K.rows[i] a MARKET_GROUP (records.schema), as the
// locales and locale-pairs exports count them.
function MarketsView(K) {
  let drawn = false;
  let differ = false;
  // The locales some pair compares: the others' language is asked in one locale only.
  const compared = [...new Set(K.pairs.flatMap((p) => [p[MARKET_PAIR.a], p[MARKET_PAIR.b]]))].sort((a, b) => a - b);
  const name = (i) => K.locales[i][MARKET_LOCALE.name];
  function drawPairs() {
    const table = $("market-pairs");
    table.textContent = "";
    if (!K.pairs.length) return;
    const head = el("tr");
    for (const [label, cls] of [["Language", ""], ["Locale A", ""], ["Locale B", ""], ["Groups both show", "num"], ["Only A", "num"], ["Only B", "num"], ["Overlap", "num"]]) {
      head.appendChild(el("th", cls || null, label));
    }
    table.appendChild(head);
    for (const p of K.pairs) {
      const both = p[MARKET_PAIR.both], any = both + p[MARKET_PAIR.onlyA] + p[MARKET_PAIR.onlyB];
      const tr = el("tr");
      for (const [text, cls] of [[K.locales[p[MARKET_PAIR.a]][MARKET_LOCALE.hl], ""], [name(p[MARKET_PAIR.a]), ""], [name(p[MARKET_PAIR.b]), ""],
        [fmt(both), "num"], [fmt(p[MARKET_PAIR.onlyA]), "num"], [fmt(p[MARKET_PAIR.onlyB]), "num"], [any ? pct(both / any) : "", "num"]]) {
        tr.appendChild(el("td", cls || null, text));
      }
      table.appendChild(tr);
    }
  }
  // A group some locale of its language lacks (0 there).
  const lacking = (r) => compared.some((i) => r[MARKET_GROUP.counts][i] === 0);
  function drawGroups() {
    const table = $("market-groups");
    table.textContent = "";
    const rows = differ ? K.rows.filter(lacking) : K.rows;
    $("markets-more").textContent = K.compared > K.rows.length
      ? "The report lists the " + fmt(K.rows.length) + " groups with the most trees of the " + fmt(K.compared) + " compared; paa export --format locales lists them all."
      : "";
    if (!K.rows.length) return;
    const head = el("tr");
    for (const [label, cls] of [["Variant group", ""], ["Topic", ""], ["Trees", "num"], ...compared.map((i) => [name(i), "num"])]) {
      head.appendChild(el("th", cls || null, label));
    }
    table.appendChild(head);
    for (const r of rows) {
      const tr = el("tr");
      tr.appendChild(el("td", null, r[MARKET_GROUP.representative]));
      tr.appendChild(el("td", null, r[MARKET_GROUP.topic]));
      tr.appendChild(el("td", "num", fmt(r[MARKET_GROUP.trees])));
      for (const i of compared) {
        const n = r[MARKET_GROUP.counts][i];
        // Blank: another language's locale, which compares nothing; 0: not shown in this market.
        tr.appendChild(el("td", n === 0 ? "num absent" : "num", n === null ? "" : fmt(n)));
      }
      table.appendChild(tr);
    }
  }
  function draw() {
    if (drawn) return;
    drawn = true;
    $("markets-summary").textContent = K.pairs.length
      ? "Each variant group shown in a market of a language asked in two locales or more, and the trees of each locale that hold one of its questions (0: that market does not show it), over the whole report (the query filters do not apply), as paa export --format locales and locale-pairs count them. Across languages nothing is compared."
      : "Every language of this report is asked in one locale only: harvest it with other gl values (or cities) to compare markets.";
    drawPairs();
    drawGroups();
    $("markets-differ").disabled = !K.rows.length;
  }
  $("markets-differ").addEventListener("change", (e) => { differ = inputChecked(e); drawGroups(); });
  return { draw };
}
