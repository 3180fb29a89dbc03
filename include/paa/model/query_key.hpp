#pragma once
// The identity of one search, (q, hl, gl, city), and its byte encoding for the store.
#include "paa/error.hpp"

#include <cstdint>
#include <string>
#include <string_view>

namespace paa {

// Normalised for deduplication: two spellings of the same search compare equal.
//   q, city: Unicode NFC, trimmed, runs of Unicode white space collapsed to one U+0020,
//            full case folding (ICU). Empty city means "no city".
//   hl, gl:  trimmed, ASCII-lowercased, validated.
struct QueryKey {
  std::string q;
  std::string hl;
  std::string gl;
  std::string city;
  friend bool operator==(const QueryKey&, const QueryKey&) = default;
};

// One search as the user first spelled it (NFC, trimmed, white space collapsed, case kept):
// the request sends this spelling; `key` is what deduplicates.
struct Query {
  QueryKey key;
  std::string q;
  std::string hl;
  std::string gl;
  std::string city;
};

// NFC + trim + collapse white space; case kept. Error on invalid UTF-8.
Result<std::string> clean_text(std::string_view utf8);
// clean_text + full Unicode case folding. Used for q, city and question texts.
Result<std::string> fold_text(std::string_view utf8);
// fold_text, or the text itself if it is not valid UTF-8 (never the case for parsed bodies):
// the key of a question when deduplicating or counting.
std::string fold_or_raw(std::string_view utf8);

// hl: 2-3 ASCII letters, optionally '-' or '_' and a 2-4 letter/digit region (pt-BR, zh_Hant).
Result<std::string> normalize_hl(std::string_view hl);
// gl: exactly 2 ASCII letters.
Result<std::string> normalize_gl(std::string_view gl);

// Validates and normalises one search. Errors name the field ("q is empty", "invalid hl 'x': ...").
Result<Query> make_query(std::string_view q, std::string_view hl, std::string_view gl,
                         std::string_view city = {});

// The two halves of make_query, for callers that pair one q with many locales (job expansion).
struct CleanQuery {
  std::string text;    // request spelling: NFC, trimmed, collapsed, case kept
  std::string folded;  // key form
};
// Errors: "q is empty", "q: invalid UTF-8 ...", "q: control character U+0001 ...".
Result<CleanQuery> make_clean_query(std::string_view q);

struct CleanLocale {
  std::string hl, gl, city;              // request spelling (trimmed; city cleaned)
  std::string key_hl, key_gl, key_city;  // key form
};
Result<CleanLocale> make_clean_locale(std::string_view hl, std::string_view gl,
                                      std::string_view city = {});
// Same result as make_query(q, hl, gl, city) for the inputs that produced the halves.
Query combine_query(const CleanQuery& q, const CleanLocale& locale);

// Unambiguous, order-preserving encoding: hl, gl, city, q; each field with 0x00 escaped as
// 0x00 0xFF and terminated by 0x00 0x01. Distinct keys never share an encoding.
std::string encode_key(const QueryKey& key);
Result<QueryKey> decode_key(std::string_view bytes);
// Every encoded key with this (already normalised) hl, and gl if not empty, starts with this.
std::string encode_locale_prefix(std::string_view hl, std::string_view gl = {});

// 64-bit hash of an encoded key (for compact "seen" sets in checks and schedulers).
std::uint64_t key_hash(std::string_view encoded_key);

}  // namespace paa
