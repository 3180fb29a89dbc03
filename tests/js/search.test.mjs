// The report folder's search (folder/words.js, folder/search.js) over a small index made here
// as the C++ writer makes it: a word's shard is the UTF-8 hex of its first two code points.
import assert from "node:assert/strict";
import { test } from "node:test";
import { loadParts } from "./load.mjs";

const QUESTIONS = ["How to make coffee?", "Coffee grinder reviews", "How to grind beans", "L'eau du café"];
const plain = (x) => JSON.parse(JSON.stringify(x));

// The index of QUESTIONS; `caps`: word -> how many of its numbers the list keeps.
function make(caps = {}) {
  const files = new Map();
  const S = { keys: { per_page: 100 }, questions: { per_page: 2 }, search: { cap: 10 } };
  const get = loadParts(["folder/words", "folder/search"], {
    S,
    load: async (path) => files.get(path),
    chunk: async (kind, page) => files.get(`${kind}/${page}`),
  });
  const [wordsOf, utf8Hex, SEARCH_ENTRY, QUESTION] = ["wordsOf", "utf8Hex", "SEARCH_ENTRY", "QUESTION"].map(get);
  const postings = new Map();
  QUESTIONS.forEach((q, n) => {
    for (const x of wordsOf(q)) {
      for (const w of [x.w, x.tail].filter(Boolean)) {
        if (!postings.has(w)) postings.set(w, new Set());
        postings.get(w).add(n);
      }
    }
  });
  const shards = new Map();
  for (const [word, set] of [...postings].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const nums = [...set].slice(0, caps[word] ?? set.size);
    const e = [];
    e[SEARCH_ENTRY.word] = word;
    e[SEARCH_ENTRY.questions] = set.size;
    e[SEARCH_ENTRY.questionDeltas] = nums.map((n, i) => n - (i ? nums[i - 1] : 0));
    e[SEARCH_ENTRY.keys] = 0;
    e[SEARCH_ENTRY.keyDeltas] = [];
    const hex = utf8Hex([...word].slice(0, 2).join(""));
    if (!shards.has(hex)) shards.set(hex, []);
    shards.get(hex).push(e);
  }
  files.set("data/search/shards.js", [...shards.keys()]);
  for (const [hex, entries] of shards) files.set(`data/search/${hex.slice(0, 2)}/${hex}.js`, entries);
  for (let p = 0; p * 2 < QUESTIONS.length; p++) {
    files.set(`questions/${p}`, QUESTIONS.slice(p * 2, p * 2 + 2).map((q) => {
      const rec = [];
      rec[QUESTION.question] = q;
      return rec;
    }));
  }
  return get("search");
}

test("every word must be in a question; the last one is a prefix", async () => {
  const search = make();
  assert.deepEqual(plain((await search("coffee", "questions")).numbers), [0, 1]);
  assert.deepEqual(plain((await search("coffee gr", "questions")).numbers), [1]);
  assert.deepEqual(plain((await search("how to gri", "questions")).numbers), [2]);
  assert.deepEqual(plain((await search("coffee beans", "questions")).numbers), []);
});

test("whole words only when asked, and case and accents do not count", async () => {
  const search = make();
  assert.deepEqual(plain((await search("gri", "questions", { whole: true })).numbers), []);
  assert.deepEqual(plain((await search("CAFE", "questions")).numbers), [3]);
  assert.deepEqual(plain((await search("eau", "questions")).numbers), [3], "l'eau: the index holds the tail");
});

test("a text without words finds nothing to search", async () => {
  assert.equal(await make()("  ?! ", "questions"), null);
});

test("past a capped list's end the questions' texts decide", async () => {
  // "how" keeps one number (0) of its two: question 2 is past its frontier, read from its page.
  const found = await make({ how: 1 })("how beans", "questions");
  assert.deepEqual(plain(found.numbers), [2]);
  assert.equal(found.exact, true);
  const capped = await make({ how: 1 })("how", "questions");
  assert.deepEqual(plain(capped.numbers), [0]);
  assert.equal(capped.exact, false, "only capped lists: more may hold the word");
});
