// The search index's postings: delta-coded numbers (decode), their union and frontier
// (postingOf) and intersection (folder/search.js).
import assert from "node:assert/strict";
import { test } from "node:test";
import { loadParts } from "./load.mjs";

const get = loadParts(["folder/words", "folder/search"]);
const plain = (x) => JSON.parse(JSON.stringify(Array.from(x)));

test("decode sums the deltas into ascending numbers", () => {
  assert.deepEqual(plain(get("decode")([3, 1, 4, 10])), [3, 4, 8, 18]);
  assert.deepEqual(plain(get("decode")([0])), [0]);
  assert.deepEqual(plain(get("decode")([])), []);
});

test("postingOf unites the entries' lists and keeps the smallest capped list's end as frontier", () => {
  const SEARCH_ENTRY = get("SEARCH_ENTRY");
  const entry = (word, questions, keys) => {
    const e = [];
    e[SEARCH_ENTRY.word] = word;
    e[SEARCH_ENTRY.questions] = questions.count;
    e[SEARCH_ENTRY.questionDeltas] = questions.deltas;
    e[SEARCH_ENTRY.keys] = keys.count;
    e[SEARCH_ENTRY.keyDeltas] = keys.deltas;
    return e;
  };
  const a = entry("coffee", { count: 2, deltas: [1, 4] }, { count: 9, deltas: [2, 2] });
  const b = entry("coffees", { count: 2, deltas: [5, 5] }, { count: 2, deltas: [0, 3] });
  const questions = get("postingOf")([a, b], "questions");
  assert.deepEqual(plain(questions.list), [1, 5, 10]);
  assert.equal(questions.frontier, Infinity);
  const keys = get("postingOf")([a, b], "keys");
  assert.deepEqual(plain(keys.list), [0, 2, 3, 4]);
  assert.equal(keys.frontier, 4, "coffee's key list is capped (9 keys, 2 listed): unknown past 4");
});

test("intersect keeps the numbers in both ascending lists", () => {
  assert.deepEqual(plain(get("intersect")([1, 3, 5, 7], [2, 3, 7, 9])), [3, 7]);
  assert.deepEqual(plain(get("intersect")([1, 2], [])), []);
});
