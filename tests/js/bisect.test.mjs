// Finding a key in its locale's range by bisection (folder/keys.js): keys are sorted by their
// folded query there; the exact spelling wins over one that only folds the same.
import assert from "node:assert/strict";
import { test } from "node:test";
import { loadParts } from "./load.mjs";

// Two locales: en-us holds keys 0-4, de-de keys 5-6 (each sorted by the folded query).
const KEYS = [["Apple", "en", "us", ""], ["banana", "en", "us", ""], ["Banana", "en", "us", ""], ["cherry", "en", "us", ""],
  ["Éclair", "en", "us", ""], ["apfel", "de", "de", ""], ["Birne", "de", "de", ""]];

function make(keys = KEYS, ranges = [["en-us", "en", "us", 0, 5], ["de-de", "de", "de", 5, 2]]) {
  let reads = 0;
  const S = { locales: [] };
  const get = loadParts(["folder/words", "folder/links", "folder/keys"], {
    S,
    enc: encodeURIComponent,
    key: async (k) => { reads++; return keys[k]; },
  });
  const LOCALE = get("LOCALE");
  for (const [name, hl, gl, first, count] of ranges) {
    const l = [];
    Object.assign(l, { [LOCALE.name]: name, [LOCALE.hl]: hl, [LOCALE.gl]: gl, [LOCALE.city]: "", [LOCALE.first]: first, [LOCALE.count]: count });
    S.locales.push(l);
  }
  return { bisect: get("bisect"), localeOf: get("localeOf"), reads: () => reads };
}

test("the exact spelling, else the first key that folds the same", async () => {
  const { bisect } = make();
  assert.equal(await bisect(0, "Banana"), 2);
  assert.equal(await bisect(0, "banana"), 1);
  assert.equal(await bisect(0, "BANANA"), 1);
  assert.equal(await bisect(0, "Apple"), 0);
  assert.equal(await bisect(0, "éclair"), 4);
});

test("only the locale's own range, and -1 when the query is not there", async () => {
  const { bisect } = make();
  assert.equal(await bisect(1, "birne"), 6);
  assert.equal(await bisect(1, "apple"), -1);
  assert.equal(await bisect(0, "durian"), -1);
  assert.equal(await bisect(0, "aardvark"), -1);
});

test("a bisection reads a few keys, not the range", async () => {
  const many = Array.from({ length: 1000 }, (_, i) => ["query " + String(i).padStart(4, "0"), "en", "us", ""]);
  const m = make(many, [["en-us", "en", "us", 0, 1000]]);
  assert.equal(await m.bisect(0, "query 0737"), 737);
  assert.ok(m.reads() <= 14, `read ${m.reads()} keys`);
});

test("localeOf: the locale whose range holds a key number", () => {
  const { localeOf } = make();
  assert.deepEqual([0, 4, 5, 6].map(localeOf), [0, 0, 1, 1]);
});
