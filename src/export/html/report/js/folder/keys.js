// @ts-check
// --- keys: where a query is, and links to it ------------------------------------------------
const known = new Map();  // keyHash -> key number, of keys seen (bounded)
function remember(r, k) {
  const h = keyHash(r);
  known.delete(h);
  known.set(h, k);
  if (known.size > 5000) known.delete(known.keys().next().value);
}
function localeOf(k) {
  let lo = 0, hi = S.locales.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (S.locales[mid][LOCALE.first] <= k) lo = mid; else hi = mid - 1;
  }
  return lo;
}
const sameKey = (r, q, hl, gl, city) => r[QUERY.q] === q && r[QUERY.hl] === hl && r[QUERY.gl] === gl && r[QUERY.city] === city;
// The key of this query in locale li by bisection of its range (keys are sorted by their folded
// query there): the exact spelling, else one that folds the same; -1 when none.
async function bisect(li, q) {
  const l = S.locales[li];
  const hl = l[LOCALE.hl], gl = l[LOCALE.gl], city = l[LOCALE.city], first = l[LOCALE.first], n = l[LOCALE.count];
  const target = sortFold(q);
  let lo = first, hi = first + n - 1;
  while (lo <= hi) {
    const mid = Math.floor((lo + hi) / 2);
    const c = byCodePoint(sortFold((await key(mid))[KEY.q]), target);
    if (c < 0) lo = mid + 1;
    else if (c > 0) hi = mid - 1;
    else {
      let a = mid, b = mid;
      while (a > first && sortFold((await key(a - 1))[KEY.q]) === target) a--;
      while (b + 1 < first + n && sortFold((await key(b + 1))[KEY.q]) === target) b++;
      for (let k = a; k <= b; k++) if (sameKey(await key(k), q, hl, gl, city)) return k;
      return a;
    }
  }
  return -1;
}
// A key's number from its q, hl, gl, city: the search index (the query's words), then the
// key pages of the candidates; bisection when the index cannot tell (only common words).
async function findKey(q, hl, gl, city) {
  const h = keyHash([q, hl, gl, city]);
  if (known.has(h)) return known.get(h);
  const li = S.locales.findIndex((l) => l[LOCALE.hl] === hl && l[LOCALE.gl] === gl && l[LOCALE.city] === city);
  if (li < 0) return -1;
  const range = [S.locales[li][LOCALE.first], S.locales[li][LOCALE.first] + S.locales[li][LOCALE.count]];
  const found = await search(q, "keys", { whole: true, range });
  if (found && found.numbers.length <= 64) {
    for (const k of found.numbers) if (sameKey(await key(k), q, hl, gl, city)) return k;
    if (found.exact) {
      for (const k of found.numbers) if (sortFold((await key(k))[KEY.q]) === sortFold(q)) return k;
    }
  }
  return bisect(li, q);
}
// The same query (folded) in the other locales: the selected key's number first among them.
async function sameQuery(r, k) {
  const target = sortFold(r[KEY.q]);
  const found = new Map([[localeOf(k), k]]);
  const res = await search(r[KEY.q], "keys", { whole: true });
  const some = res ? res.numbers.slice(0, 400) : [];
  for (const n of some) {
    const li = localeOf(n);
    if (!found.has(li) && sortFold((await key(n))[KEY.q]) === target) found.set(li, n);
  }
  if (!res || !res.exact || res.numbers.length > some.length) {
    for (let li = 0; li < S.locales.length && li < 64; li++) {
      if (found.has(li)) continue;
      const n = await bisect(li, r[KEY.q]);
      if (n >= 0) found.set(li, n);
    }
  }
  return [...found.values()].sort((a, b) => a - b);
}
