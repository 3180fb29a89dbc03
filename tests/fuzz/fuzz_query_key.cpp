// The key normaliser: make_query on arbitrary (q, hl, gl, city), encode/decode_key round
// trips, idempotent folding, and the order-preserving encoding. Never crashes.
#include "fuzz_support.hpp"

#include "paa/model/query_key.hpp"

#include <fuzzer/FuzzedDataProvider.h>

#include <cstdint>
#include <tuple>

namespace {

void check_key(const paa::QueryKey& k) {
  const std::string enc = paa::encode_key(k);
  auto dec = paa::decode_key(enc);
  PAA_FUZZ_CHECK(dec && *dec == k);
  PAA_FUZZ_CHECK(enc.rfind(paa::encode_locale_prefix(k.hl, k.gl), 0) == 0);
  PAA_FUZZ_CHECK(enc.rfind(paa::encode_locale_prefix(k.hl), 0) == 0);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  const std::string q = in.ConsumeRandomLengthString(256);
  const std::string hl = in.ConsumeRandomLengthString(12);
  const std::string gl = in.ConsumeRandomLengthString(6);
  const std::string city = in.ConsumeRandomLengthString(64);
  const std::string raw = in.ConsumeRemainingBytesAsString();

  // Folding and cleaning are idempotent, and folding a cleaned text is folding the original.
  if (auto folded = paa::fold_text(q)) {
    auto twice = paa::fold_text(*folded);
    PAA_FUZZ_CHECK(twice && *twice == *folded);
    auto cleaned = paa::clean_text(q);
    PAA_FUZZ_CHECK(cleaned);
    auto cleaned_twice = paa::clean_text(*cleaned);
    PAA_FUZZ_CHECK(cleaned_twice && *cleaned_twice == *cleaned);
    auto folded_cleaned = paa::fold_text(*cleaned);
    PAA_FUZZ_CHECK(folded_cleaned && *folded_cleaned == *folded);
  } else {
    PAA_FUZZ_CHECK(!paa::clean_text(q));
  }

  auto query = paa::make_query(q, hl, gl, city);
  auto half_q = paa::make_clean_query(q);
  auto half_l = paa::make_clean_locale(hl, gl, city);
  PAA_FUZZ_CHECK(static_cast<bool>(query) == (half_q && half_l));
  if (query) {
    check_key(query->key);
    const paa::Query combined = paa::combine_query(*half_q, *half_l);
    PAA_FUZZ_CHECK(combined.key == query->key && combined.q == query->q && combined.city == query->city);
    // The request spelling is stable and normalises to the same key.
    auto again = paa::make_query(query->q, query->hl, query->gl, query->city);
    PAA_FUZZ_CHECK(again && again->key == query->key && again->q == query->q);
    PAA_FUZZ_CHECK(paa::key_hash(paa::encode_key(query->key)) == paa::key_hash(paa::encode_key(again->key)));
  }

  // Arbitrary field bytes (NUL, 0xFF, ...) round-trip, and the encoding sorts like the tuple.
  FuzzedDataProvider fields(reinterpret_cast<const std::uint8_t*>(raw.data()), raw.size());
  paa::QueryKey a{fields.ConsumeRandomLengthString(16), fields.ConsumeRandomLengthString(4),
                  fields.ConsumeRandomLengthString(4), fields.ConsumeRandomLengthString(8)};
  paa::QueryKey b{fields.ConsumeRandomLengthString(16), fields.ConsumeRandomLengthString(4),
                  fields.ConsumeRandomLengthString(4), fields.ConsumeRandomLengthString(8)};
  check_key(a);
  check_key(b);
  const auto ta = std::tie(a.hl, a.gl, a.city, a.q);
  const auto tb = std::tie(b.hl, b.gl, b.city, b.q);
  const int by_tuple = ta < tb ? -1 : (tb < ta ? 1 : 0);
  const int cmp = paa::encode_key(a).compare(paa::encode_key(b));
  PAA_FUZZ_CHECK((cmp < 0 ? -1 : (cmp > 0 ? 1 : 0)) == by_tuple);

  // decode_key on raw bytes: an accepted encoding is canonical.
  if (auto dec = paa::decode_key(raw)) PAA_FUZZ_CHECK(paa::encode_key(*dec) == raw);
  return 0;
}
