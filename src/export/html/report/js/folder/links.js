// @ts-check
// --- links: the fragments that name a view (#q=…, #search=…, #topic=…, #tab=…) -----------------
const TABS = ["map", "top", "topics", "changes", "domains", "related", "sources", "compare", "search"];
const KEY_TABS = ["map", "related", "sources", "compare"];
// A key's link (r: a record that starts as QUERY), on a tab of its own or its map.
const keyHash = (r, tab) => "#q=" + enc(r[QUERY.q]) + "&hl=" + enc(r[QUERY.hl]) + "&gl=" + enc(r[QUERY.gl]) + "&city=" + enc(r[QUERY.city]) +
  (tab && tab !== "map" ? "&tab=" + tab : "");

/**
 * @typedef {{ view: "key", q: string, hl: string, gl: string, city: string, tab: string }
 *   | { view: "search", text: string } | { view: "topic", id: string } | { view: "tab", tab: string }} Route
 */
// The view a fragment names: #q=…&hl=…&gl=…&city=…[&tab=related|sources|compare] (a key; an
// unknown tab: its map), #search=words, #topic=ID, #tab=NAME; anything else: the map.
/** @param {string} hash @returns {Route} */
function parseRoute(hash) {
  const p = new URLSearchParams(hash.replace(/^#/, ""));
  if (p.has("q")) {
    const tab = KEY_TABS.includes(p.get("tab")) ? p.get("tab") : "map";
    return { view: "key", q: p.get("q"), hl: p.get("hl") || "", gl: p.get("gl") || "", city: p.get("city") || "", tab };
  }
  if (p.has("search")) return { view: "search", text: p.get("search") };
  if (p.has("topic")) return { view: "topic", id: p.get("topic") };
  return { view: "tab", tab: TABS.includes(p.get("tab")) ? p.get("tab") : "map" };
}
