// @ts-check
// --- words, as the report's search index holds them (text::Tokenizer's match form) ----------
// Case folded (toLowerCase and the full foldings it lacks), accents removed, typographic
// apostrophes plain; words are Intl.Segmenter's (ICU's word boundaries, as the index's).
const FOLDS = { "ß": "ss", "ς": "σ", "ſ": "s", "ﬀ": "ff", "ﬁ": "fi", "ﬂ": "fl", "ﬃ": "ffi", "ﬄ": "ffl", "ﬅ": "st", "ﬆ": "st" };
const caseFold = (s) => String(s).toLowerCase().replace(/[ßςſ\ufb00-\ufb06]/g, (c) => FOLDS[c] || c);
const bare = (s) => s.normalize("NFD").replace(/\p{Mn}/gu, "").normalize("NFC");
const segmenter = new Intl.Segmenter("und", { granularity: "word" });
// Each word: w, its tail after an elision-like apostrophe (l'eau -> eau: the index holds the
// tail when the language lists the elision), its parts when it joins pieces (below), and
// whether the text ends with it (a prefix). Chromium's word rules break letters around "." and
// ":" (for URLs) where ICU's may keep one word (win.ini; foo:bar in some versions): such pieces
// are joined, and the search takes the parts when the index lacks the whole.
function wordsOf(text) {
  const folded = caseFold(String(text).replace(/\u2019/g, "'"));
  const pieces = [];
  for (const s of segmenter.segment(folded)) pieces.push({ text: s.segment, end: s.index + s.segment.length, word: s.isWordLike });
  const out = [];
  for (let i = 0; i < pieces.length; i++) {
    if (!pieces[i].word) continue;
    let { text: word, end } = pieces[i];
    const parts = [word];
    while (i + 2 < pieces.length && /^[.:]$/.test(pieces[i + 1].text) && pieces[i + 2].word &&
           /\p{L}$/u.test(word) && /^\p{L}/u.test(pieces[i + 2].text)) {
      word += pieces[i + 1].text + pieces[i + 2].text;
      parts.push(pieces[i + 2].text);
      end = pieces[i + 2].end;
      i += 2;
    }
    const w = bare(word);
    if (!w) continue;
    const at = w.indexOf("'");
    const tail = at > 0 && at + 1 < w.length && [...w.slice(0, at)].length <= 2 ? w.slice(at + 1) : null;
    out.push({ w, tail, parts: parts.length > 1 ? parts.map(bare) : null, last: end === folded.length });
  }
  return out;
}
// The order of the key list within a locale: the query's case-folded text, by code point.
const sortFold = (q) => caseFold(String(q).normalize("NFC").replace(/\s+/g, " ").trim()).normalize("NFC");
function byCodePoint(a, b) {
  const x = [...a], y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i].codePointAt(0) - y[i].codePointAt(0);
    if (d) return d;
  }
  return x.length - y.length;
}
const utf8Hex = (s) => [...new TextEncoder().encode(s)].map((b) => b.toString(16).padStart(2, "0")).join("");
