#!/usr/bin/env node
// Loads a `paa export --format html` report from file:// in headless Chromium (puppeteer-core)
// and checks its Topics view and the mind map's colour by topic against the `topics` and
// `questions` exports (CSV) of the same selection: every number is the exports', every filter's
// result is computed here from the exports, independently of the page.
//
// With CHANGES.csv (the `topic-changes` export of the same analysis), also what the topics did
// since the analysis before: the line of counts, each listed topic's Change cell, the change
// filter, and the merged and gone topics' table.
//
// usage: NODE_PATH=build/npm/node_modules node check_topics.cjs REPORT.html TOPICS.csv QUESTIONS.csv EXPORT.jsonl SHOTS_DIR [CHANGES.csv]
// Prints one JSON line of figures on success; exits 1 naming the first failed check.
"use strict";
const fs = require("fs");
const path = require("path");
const chromium = require("../support/chromium.cjs");
const { parseCsv } = require("../support/csv.cjs");

const [reportPath, topicsPath, questionsPath, jsonlPath, shots, changesPath] = process.argv.slice(2);
const TOPICS_LISTED = 500;       // kTopicsListed (html_report.hpp)
const ENDED_LISTED = 100;        // kReportTopicsEnded
const QUESTIONS_PER_TOPIC = 50;  // kQuestionsPerTopic

const fmt = (n) => Number(n).toLocaleString("en");  // the page's number format
const fold = (s) => String(s).normalize("NFC").toLowerCase().replace(/\s+/g, " ").trim();
const topics = parseCsv(fs.readFileSync(topicsPath, "utf8"));
const questions = parseCsv(fs.readFileSync(questionsPath, "utf8"));
const listed = topics.slice(0, TOPICS_LISTED);
const questionsOf = new Map(topics.map((t) => [t.topic, []]));
for (const q of questions) questionsOf.get(q.topic).push(q);
const byFold = new Map(questions.map((q) => [fold(q.question), q]));
const results = fs.readFileSync(jsonlPath, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
// The distinct topics of a stored tree's questions.
function treeTopics(nodes) {
  const found = new Set();
  const stack = [...(nodes || [])];
  while (stack.length) {
    const n = stack.pop();
    const q = byFold.get(fold(n.question));
    if (q) found.add(q.topic);
    stack.push(...(n.children || []));
  }
  return found;
}

let step = "start";
let failPage = null;
function check(cond, message) {
  if (!cond) throw new Error(message);
}
const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

(async () => {
  check(topics.length >= 2, `the store has ${topics.length} topics; the check needs two or more`);
  const browser = await chromium.launch();
  const figures = { topics: topics.length, questions: questions.length };
  try {
    const page = await browser.newPage();
    failPage = page;
    await page.setViewport({ width: 1400, height: 860 });
    const { errors, requests } = chromium.watch(page);
    await page.goto("file://" + path.resolve(reportPath), { waitUntil: "load" });
    await page.waitForSelector('body[data-ready="1"]', { timeout: 30000 });

    const summaryStarts = (k) => page.waitForFunction((w) => document.getElementById("topic-summary").textContent.startsWith(w),
      { timeout: 20000 }, `${fmt(k)} of ${fmt(listed.length)} topic`);
    const rows = () => page.$$eval("#topic-table tr.topic", (trs) => trs.map((tr) => {
      const cell = (c) => { const td = tr.querySelector("td." + c); return td ? td.textContent : null; };
      return { id: tr.dataset.topic, shownId: cell("id"), label: cell("label"), hl: cell("hl"), questions: cell("questions"), groups: cell("groups"),
               trees: cell("trees"), volume: cell("volume"), representative: cell("rep"), ofType: cell("of-type") };
    }));

    // Every listed topic with the topics export's figures, in its order.
    step = "topics view";
    await page.click("#tab-topics");
    await page.waitForSelector("#topic-table tr.topic", { timeout: 20000 });
    await summaryStarts(listed.length);
    const shown = await rows();
    check(shown.length === listed.length, `${shown.length} topics shown, the topics export has ${listed.length}`);
    listed.forEach((t, i) => {
      const s = shown[i];
      for (const [k, want] of [["id", t.topic], ["shownId", t.topic], ["label", t.label], ["hl", t.hl], ["questions", fmt(t.questions)],
                               ["groups", fmt(t.groups)], ["trees", fmt(t.trees)], ["representative", t.representative],
                               // A Volume column only when the seeds have volumes (the export's `volume`).
                               ["volume", t.volume === undefined ? null : fmt(t.volume)]]) {
        check(s[k] === want, `topic ${i + 1}: ${k} '${s[k]}', the topics export says '${want}'`);
      }
      check(Number(t.questions) === questionsOf.get(t.topic).length,
        `topic ${t.topic}: ${t.questions} questions in the topics export, ${questionsOf.get(t.topic).length} rows in the questions export`);
    });
    // The charts: the first ten topics' trees (or volume), and every question by type and by
    // intent, counted here from the questions export.
    step = "topic charts";
    const bars = (title) => page.$$eval("#topic-charts figure", (figs, t) => {
      const fig = figs.find((f) => f.querySelector("figcaption").textContent.startsWith(t));
      return fig ? [...fig.querySelectorAll("rect[data-label]")].map((r) => [r.getAttribute("data-label"), Number(r.getAttribute("data-value"))]) : null;
    }, title);
    const byVolume = topics[0].volume !== undefined;
    const largest = await bars("Largest topics");
    const wantLargest = listed.slice(0, 10).map((t) => [t.label, Number(byVolume ? t.volume : t.trees)]);
    check(JSON.stringify(largest) === JSON.stringify(wantLargest), `the largest topics chart ${JSON.stringify(largest)}, want ${JSON.stringify(wantLargest)}`);
    for (const [title, column] of [["Questions by type", "type"], ["Questions by intent", "intent"]]) {
      const counts = new Map();
      for (const q of questions) counts.set(q[column], (counts.get(q[column]) || 0) + 1);
      const want = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
      const drawn = await bars(title);
      check(JSON.stringify(drawn) === JSON.stringify(want), `'${title}' draws ${JSON.stringify(drawn)}, the questions export counts ${JSON.stringify(want)}`);
    }
    figures.charts = (await page.$$("#topic-charts figure")).length;

    const more = await page.$eval("#topic-more", (e) => e.textContent);
    check(topics.length > TOPICS_LISTED ? more.includes(fmt(topics.length - TOPICS_LISTED) + " more") : more === "",
      `'${more}' for ${topics.length} topics`);

    // Each topic opens to its questions, most trees first, with the questions export's type,
    // intent and trees (of many topics: the first ten and those past the cap).
    step = "topic questions";
    const opened = listed.length <= 50 ? listed
      : listed.filter((t, i) => i < 10 || Number(t.questions) > QUESTIONS_PER_TOPIC).slice(0, 20);
    for (const t of opened) {
      await page.click(`#topic-table tr.topic[data-topic="${t.topic}"]`);
      await page.waitForSelector(`#topic-table tr.qs[data-topic="${t.topic}"]`, { timeout: 20000 });
      const qs = await page.$$eval(`#topic-table tr.qs[data-topic="${t.topic}"] tr.q`, (trs) =>
        trs.map((tr) => [...tr.children].map((td) => td.textContent)));
      const all = questionsOf.get(t.topic);
      check(qs.length === Math.min(QUESTIONS_PER_TOPIC, all.length), `topic ${t.topic} lists ${qs.length} of its ${all.length} questions`);
      const want = [...all].sort((a, b) => Number(b.count) - Number(a.count));
      qs.forEach(([question, type, intent, trees, variantOf], i) => {
        const q = byFold.get(fold(question));
        check(q && q.topic === t.topic, `'${question}' is listed under ${t.topic}, the questions export has it under ${q && q.topic}`);
        check(type === q.type && intent === q.intent && trees === fmt(q.count) && variantOf === q.variant_of,
          `'${question}': ${type}/${intent}/${trees}/'${variantOf}', the questions export says ${q.type}/${q.intent}/${q.count}/'${q.variant_of}'`);
        check(Number(q.count) === Number(want[i].count), `'${question}' is listed ${i + 1}th, not most trees first`);
      });
      if (all.length > QUESTIONS_PER_TOPIC) {
        const note = await page.$eval(`#topic-table tr.qs[data-topic="${t.topic}"] p`, (p) => p.textContent);
        check(note.includes(fmt(all.length - QUESTIONS_PER_TOPIC) + " more"), `topic ${t.topic}: '${note}'`);
      }
    }
    await page.screenshot({ path: path.join(shots, "report-topics.png") });

    // The type filter: the topics holding questions of a type (the type held by the fewest
    // topics, but by one at least), with how many.
    step = "type filter";
    const typeCounts = new Map();  // type -> topic -> questions
    for (const q of questions) {
      if (!typeCounts.has(q.type)) typeCounts.set(q.type, new Map());
      const m = typeCounts.get(q.type);
      m.set(q.topic, (m.get(q.topic) || 0) + 1);
    }
    const [type, perTopic] = [...typeCounts.entries()].sort((a, b) => a[1].size - b[1].size || (a[0] < b[0] ? -1 : 1))[0];
    const wantTyped = listed.filter((t) => perTopic.has(t.topic));
    check(wantTyped.length < listed.length, `type '${type}' is in every topic; the check needs one that is not`);
    const typeValue = await page.$$eval("#topic-type option", (os, ty) => (os.find((o) => o.textContent.startsWith(ty + " (")) || {}).value, type);
    check(typeValue !== undefined, `no option for type '${type}'`);
    await page.select("#topic-type", typeValue);
    await summaryStarts(wantTyped.length);
    let got = await rows();
    check(same(got.map((r) => r.id), wantTyped.map((t) => t.topic)),
      `type '${type}' shows ${got.map((r) => r.id).join(" ")}, want ${wantTyped.map((t) => t.topic).join(" ")}`);
    got.forEach((r) => check(r.ofType === fmt(perTopic.get(r.id)), `topic ${r.id} has ${r.ofType} '${type}' questions shown, want ${perTopic.get(r.id)}`));
    const typesListed = await page.$$eval("#topic-table tr.qs td.type", (tds) => tds.map((td) => td.textContent));
    check(typesListed.every((t) => t === type), `with type '${type}' the open topics list ${typesListed.join(",")}`);
    figures.type_filter = { type, topics: wantTyped.length };

    // The text filter: the topics whose label, representative or a question holds the text (the
    // word of five letters or more held by the fewest topics).
    step = "text filter";
    await page.select("#topic-type", "");
    await summaryStarts(listed.length);
    // The page lists (and searches) a topic's first questions: most trees first, ties in
    // case-folded order (as the questions export).
    const firstQuestions = (t) => [...questionsOf.get(t.topic)]
      .sort((a, b) => Number(b.count) - Number(a.count) || (fold(a.question) < fold(b.question) ? -1 : 1))
      .slice(0, QUESTIONS_PER_TOPIC);
    const matches = (t, needle) => [t.topic, t.label, t.representative, ...firstQuestions(t).map((q) => q.question)]
      .some((s) => fold(s).includes(needle));
    const words = new Set();
    for (const q of questions) for (const w of fold(q.question).split(/[^\p{L}\p{N}]+/u)) if (w.length >= 5) words.add(w);
    const needle = [...words].map((w) => [w, listed.filter((t) => matches(t, w)).length])
      .filter(([, n]) => n > 0 && n < listed.length).sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1))[0][0];
    const wantText = listed.filter((t) => matches(t, needle));
    await page.type("#topic-filter", needle.toUpperCase());  // case does not matter
    await summaryStarts(wantText.length);
    got = await rows();
    check(same(got.map((r) => r.id), wantText.map((t) => t.topic)),
      `'${needle}' shows ${got.map((r) => r.id).join(" ")}, want ${wantText.map((t) => t.topic).join(" ")}`);
    figures.text_filter = { text: needle, topics: wantText.length };

    // A topic's id, or its first digits, finds it (what `paa brief --topic` takes).
    step = "id filter";
    await page.$eval("#topic-filter", (e) => { e.value = ""; e.dispatchEvent(new Event("input")); });
    await summaryStarts(listed.length);
    const idPrefix = listed[listed.length - 1].topic.slice(0, 8);
    const wantId = listed.filter((t) => matches(t, idPrefix));
    await page.type("#topic-filter", idPrefix);
    await summaryStarts(wantId.length);
    got = await rows();
    check(same(got.map((r) => r.id), wantId.map((t) => t.topic)), `'${idPrefix}' shows ${got.map((r) => r.id).join(" ")}`);
    await page.$eval("#topic-filter", (e) => { e.value = ""; e.dispatchEvent(new Event("input")); });
    await summaryStarts(listed.length);
    await page.type("#topic-filter", needle);
    await summaryStarts(wantText.length);

    // Both: the intersection.
    step = "both filters";
    const wantBoth = wantText.filter((t) => perTopic.has(t.topic));
    await page.select("#topic-type", typeValue);
    await summaryStarts(wantBoth.length);
    got = await rows();
    check(same(got.map((r) => r.id), wantBoth.map((t) => t.topic)), `'${needle}' and '${type}' show ${got.map((r) => r.id).join(" ")}`);
    await page.select("#topic-type", "");
    await page.$eval("#topic-filter", (e) => { e.value = ""; e.dispatchEvent(new Event("input")); });
    await summaryStarts(listed.length);

    if (changesPath) {
      step = "topic changes";
      const changes = parseCsv(fs.readFileSync(changesPath, "utf8"));
      const ended = (c) => c.change === "merged" || c.change === "gone";
      const now = new Map(changes.filter((c) => !ended(c)).map((c) => [c.topic, c]));
      const labelOf = new Map(changes.map((c) => [c.topic, c.label]));
      const counts = new Map();
      for (const c of changes) counts.set(c.change, (counts.get(c.change) || 0) + 1);
      const line = await page.$eval("#topic-trend", (e) => (e.hidden ? null : e.textContent));
      check(line && line.startsWith("Since the analysis of "), `the trend line is '${line}'`);
      for (const [word, n] of counts) {
        const want = fmt(n) + " " + (word === "same" ? "the same size" : word);
        check(line.includes(want), `the trend line '${line}' lacks '${want}'`);
      }
      const signed = (n) => (n > 0 ? "+" : n < 0 ? "\u2212" : "") + fmt(Math.abs(n));
      const wantCell = (c) => {
        if (c.change === "grew" || c.change === "shrank") {
          const trees = Number(c.trees) - Number(c.trees_before), qs = Number(c.questions) - Number(c.questions_before);
          return c.change + " " + (trees !== 0 ? signed(trees) + (Math.abs(trees) === 1 ? " tree" : " trees")
            : signed(qs) + (Math.abs(qs) === 1 ? " question" : " questions"));
        }
        return c.change === "split" ? "split from " + labelOf.get(c.from_topic) : c.change;
      };
      const cells = await page.$$eval("#topic-table tr.topic", (trs) => trs.map((tr) => [tr.dataset.topic, tr.querySelector("td.change").textContent]));
      check(cells.length === listed.length, `${cells.length} topics with a Change cell, ${listed.length} listed`);
      for (const [id, text] of cells) {
        const c = now.get(id);
        check(c, `topic ${id} is not in the topic-changes export`);
        check(text === wantCell(c), `topic ${id}: Change '${text}', the topic-changes export says '${wantCell(c)}'`);
      }
      // The change filter: the listed topics of the rarest change among them.
      const listedChanges = new Map();
      for (const t of listed) listedChanges.set(now.get(t.topic).change, (listedChanges.get(now.get(t.topic).change) || 0) + 1);
      const [word] = [...listedChanges.entries()].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1))[0];
      const wantChanged = listed.filter((t) => now.get(t.topic).change === word);
      await page.select("#topic-change", word);
      await summaryStarts(wantChanged.length);
      const changedRows = await rows();
      check(same(changedRows.map((r) => r.id), wantChanged.map((t) => t.topic)), `change '${word}' shows ${changedRows.map((r) => r.id).join(" ")}`);
      await page.select("#topic-change", "");
      await summaryStarts(listed.length);
      // The merged and gone: most trees before first, then questions, then id.
      const gone = changes.filter(ended).sort((a, b) => Number(b.trees_before) - Number(a.trees_before) ||
        Number(b.questions_before) - Number(a.questions_before) || (a.topic < b.topic ? -1 : a.topic > b.topic ? 1 : 0)).slice(0, ENDED_LISTED);
      const shownEnded = await page.$$eval("#topic-ended-table tr.ended", (trs) => trs.map((tr) => [tr.dataset.topic, ...[...tr.children].map((td) => td.textContent)]));
      const sectionHidden = await page.$eval("#topic-ended", (e) => e.hidden);
      check(sectionHidden === (gone.length === 0), `the merged and gone section is ${sectionHidden ? "hidden" : "shown"} for ${gone.length} topics`);
      check(shownEnded.length === gone.length, `${shownEnded.length} merged or gone topics shown, want ${gone.length}`);
      gone.forEach((c, i) => {
        const want = [c.topic, c.change, c.label, fmt(c.trees_before), fmt(c.questions_before), c.change === "merged" ? labelOf.get(c.into_topic) : ""];
        check(same(shownEnded[i], want), `merged or gone row ${i + 1}: ${JSON.stringify(shownEnded[i])}, want ${JSON.stringify(want)}`);
      });
      figures.changes = { rows: changes.length, filter: word, listed_with_it: wantChanged.length, ended_shown: gone.length };
      await page.screenshot({ path: path.join(shots, "report-topic-changes.png"), fullPage: true });
    }

    // Colour by topic: each question's box takes its topic's colour in the legend.
    // On the tree with the most topics.
    step = "colour by topic";
    const [widest] = [...results].sort((a, b) => treeTopics(b.result.children).size - treeTopics(a.result.children).size);
    const loc = widest.hl + "-" + widest.gl + (widest.city ? "-" + widest.city : "");
    await page.$eval("#q-filter", (e, v) => { e.value = v; e.dispatchEvent(new Event("input")); }, widest.q);
    await page.waitForFunction((q, l) => [...document.querySelectorAll("#q-list .vrow")].some((r) => r.firstChild.textContent === q && r.querySelector(".sub").textContent === l),
      { timeout: 20000 }, widest.q, loc);
    await page.evaluate((q, l) => [...document.querySelectorAll("#q-list .vrow")].find((r) => r.firstChild.textContent === q && r.querySelector(".sub").textContent === l).click(), widest.q, loc);
    await page.waitForFunction((q) => document.querySelector("#map g.node.root > title").textContent === q, { timeout: 20000 }, widest.q);
    await page.click("#tab-map");
    await page.click("#expand");
    const fills = () => page.$$eval("#map g.node:not(.root)", (gs) => gs.map((g) => [g.querySelector("title").textContent, getComputedStyle(g.querySelector("rect")).fill]));
    const before = await fills();
    check(before.length > 0, "the mind map has no questions");
    check((await page.$eval("#topic-legend", (l) => l.hidden)), "the legend shows before colouring by topic");
    await page.click("#color-topics");
    await page.waitForSelector("#topic-legend:not([hidden]) div[data-topic]", { timeout: 20000 });
    const legend = new Map(await page.$$eval("#topic-legend div[data-topic]", (ds) => ds.map((d) => [d.dataset.topic, getComputedStyle(d.querySelector(".swatch")).backgroundColor])));
    const after = await fills();
    check(new Set(legend.values()).size === legend.size, "two topics share a colour in the legend");
    const inMap = new Set();
    after.forEach(([question, fill], i) => {
      const q = byFold.get(fold(question));
      check(q, `'${question}' is not in the questions export`);
      inMap.add(q.topic);
      if (legend.has(q.topic)) check(fill === legend.get(q.topic), `'${question}' (topic ${q.topic}) is ${fill}, its legend colour is ${legend.get(q.topic)}`);
      check(fill !== before[i][1] || !legend.has(q.topic), `'${question}' kept its colour`);
    });
    for (const id of legend.keys()) check(inMap.has(id), `the legend lists topic ${id}, no question of the map is in it`);
    // A question of a topic past the listed ones stays white: the legend names listed topics only.
    const listedIds = new Set(listed.map((t) => t.topic));
    const colourable = [...inMap].filter((id) => listedIds.has(id)).length;
    check(legend.size === Math.min(10, colourable), `the legend lists ${legend.size} of the map's ${colourable} listed topics`);
    check(inMap.size === treeTopics(widest.result.children).size, `the map of '${widest.q}' shows ${inMap.size} topics, its tree has ${treeTopics(widest.result.children).size}`);
    const legendText = await page.$eval("#topic-legend", (l) => l.textContent);
    for (const id of legend.keys()) check(legendText.includes(topics.find((t) => t.topic === id).label), `the legend lacks topic ${id}'s label`);
    figures.map = { nodes: after.length, topics: inMap.size };
    await (await page.$(".mapwrap")).screenshot({ path: path.join(shots, "report-map-topics.png") });
    await page.click("#color-topics");
    await page.waitForSelector("#topic-legend[hidden]", { timeout: 20000 });
    const again = await fills();
    check(same(again.map((x) => x[1]), before.map((x) => x[1])), "unticking colour by topic does not restore the boxes' colours");

    check(errors.length === 0, "console errors: " + errors.join(" | "));
    check(requests.length === 0, "network requests: " + requests.join(" "));
    console.log(JSON.stringify(figures));
  } catch (e) {
    if (failPage) await failPage.screenshot({ path: path.join(shots, "report-topics-failure.png") }).catch(() => {});
    throw e;
  } finally {
    await browser.close();
  }
})().catch((e) => {
  console.error(`check_topics: at '${step}': ${e.message} (screenshot: report-topics-failure.png)`);
  process.exit(1);
});
