// The report folder's links: the fragment each view has (keyHash) and the view a fragment
// names (parseRoute), folder/links.js.
import assert from "node:assert/strict";
import { test } from "node:test";
import { loadParts } from "./load.mjs";

const get = loadParts(["folder/links"], { enc: encodeURIComponent });
const parseRoute = (hash) => JSON.parse(JSON.stringify(get("parseRoute")(hash)));
const keyHash = get("keyHash");

test("a key's link names it and its tab; the map is the default tab", () => {
  assert.equal(keyHash(["caffè latte", "it", "it", ""]), "#q=caff%C3%A8%20latte&hl=it&gl=it&city=");
  assert.equal(keyHash(["a&b=c", "en", "us", "London"], "map"), "#q=a%26b%3Dc&hl=en&gl=us&city=London");
  assert.equal(keyHash(["tea", "en", "gb", ""], "compare"), "#q=tea&hl=en&gl=gb&city=&tab=compare");
});

test("a key's link leads back to the key and its tab", () => {
  for (const [r, tab] of [[["a&b=c #1", "en", "us", "New York"], "related"], [["tea", "de", "de", ""], "map"], [["x+y", "fr", "fr", ""], "sources"]]) {
    assert.deepEqual(parseRoute(keyHash(r, tab)), { view: "key", q: r[0], hl: r[1], gl: r[2], city: r[3], tab });
  }
});

test("a key with a tab that is not a key's view shows its map", () => {
  assert.equal(parseRoute("#q=tea&hl=en&gl=gb&tab=topics").tab, "map");
  assert.deepEqual(parseRoute("#q=tea"), { view: "key", q: "tea", hl: "", gl: "", city: "", tab: "map" });
});

test("search, topic and tab fragments; anything else is the map", () => {
  assert.deepEqual(parseRoute("#search=espresso%20machine"), { view: "search", text: "espresso machine" });
  assert.deepEqual(parseRoute("#topic=t-12"), { view: "topic", id: "t-12" });
  assert.deepEqual(parseRoute("#tab=domains"), { view: "tab", tab: "domains" });
  assert.deepEqual(parseRoute("#tab=nothing"), { view: "tab", tab: "map" });
  assert.deepEqual(parseRoute(""), { view: "tab", tab: "map" });
});
