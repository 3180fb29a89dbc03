#include "paa/model/query_key.hpp"
#include "paa/model/utf8.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

namespace paa {
namespace {

QueryKey key_of(std::string_view q, std::string_view hl = "en", std::string_view gl = "us",
                std::string_view city = {}) {
  auto query = make_query(q, hl, gl, city);
  EXPECT_TRUE(query) << query.error().message;
  return query ? query->key : QueryKey{};
}

std::string error_of(std::string_view q, std::string_view hl = "en", std::string_view gl = "us",
                     std::string_view city = {}) {
  auto query = make_query(q, hl, gl, city);
  return query ? "<ok>" : query.error().message;
}

TEST(QueryKey, CaseAndWhiteSpaceVariantsShareAKey) {
  EXPECT_EQ(key_of("Café  Crème"), key_of("café crème"));
  EXPECT_EQ(key_of("café crème").q, "café crème");
  EXPECT_EQ(key_of("  \tHow to brew\n coffee  "), key_of("how to brew coffee"));
}

TEST(QueryKey, RequestSpellingKeepsCaseButIsCleaned) {
  auto query = make_query("  Café \t  Crème ", " en ", " US ");
  ASSERT_TRUE(query);
  EXPECT_EQ(query->q, "Café Crème");
  EXPECT_EQ(query->gl, "US");
  EXPECT_EQ(query->key.gl, "us");
  EXPECT_EQ(query->hl, "en");
}

TEST(QueryKey, NfdInputMatchesNfc) {
  const std::string nfc = "caf\xC3\xA9";    // U+00E9
  const std::string nfd = "cafe\xCC\x81";   // e + U+0301
  EXPECT_EQ(key_of(nfc), key_of(nfd));
  auto query = make_query(nfd, "fr", "fr");
  ASSERT_TRUE(query);
  EXPECT_EQ(query->q, nfc);  // the request spelling is NFC too
}

TEST(QueryKey, GermanSharpSFoldsToSs) {
  EXPECT_EQ(key_of("Straße"), key_of("STRASSE"));
  EXPECT_EQ(key_of("Straße"), key_of("strasse"));
  EXPECT_EQ(key_of("Straße").q, "strasse");
  EXPECT_EQ(key_of("\xE1\xBA\x9E").q, "ss");  // capital sharp s U+1E9E
}

TEST(QueryKey, TurkishDottedCapitalIFoldsToIWithCombiningDot) {
  // Default (non-Turkic) full folding: U+0130 -> "i" + U+0307, which is NFC already.
  EXPECT_EQ(key_of("\xC4\xB0stanbul").q, "i\xCC\x87stanbul");
  EXPECT_NE(key_of("\xC4\xB0stanbul"), key_of("istanbul"));
  // Dotless i (U+0131) has no case folding of its own, and capital I folds to plain i.
  EXPECT_EQ(key_of("\xC4\xB1stanbul").q, "\xC4\xB1stanbul");
  EXPECT_EQ(key_of("ISTANBUL"), key_of("istanbul"));
}

TEST(QueryKey, UnicodeWhiteSpaceCollapses) {
  const QueryKey plain = key_of("coffee beans");
  EXPECT_EQ(key_of("coffee\xC2\xA0" "beans"), plain);              // NBSP
  EXPECT_EQ(key_of("coffee\xE2\x80\x89" "beans"), plain);          // thin space
  EXPECT_EQ(key_of("coffee\xE3\x80\x80" "beans"), plain);          // ideographic space
  EXPECT_EQ(key_of("\xE3\x80\x80" "coffee \r\n beans\xC2\xA0"), plain);
}

TEST(QueryKey, EmojiSurvive) {
  const QueryKey key = key_of("best ☕ in town 🇮🇹");
  EXPECT_EQ(key.q, "best ☕ in town 🇮🇹");
}

TEST(QueryKey, EmptyQueryIsAnError) {
  EXPECT_EQ(error_of(""), "q is empty");
  EXPECT_EQ(error_of(" \t\xC2\xA0 "), "q is empty");
}

TEST(QueryKey, InvalidUtf8IsAnError) {
  EXPECT_EQ(error_of("caf\xC3"), "q: invalid UTF-8 at byte 4; save the text as UTF-8");
  EXPECT_EQ(error_of("coffee", "en", "us", "\xFF"), "city: invalid UTF-8 at byte 1; save the text as UTF-8");
  EXPECT_EQ(error_of("\xC0\xAF"), "q: invalid UTF-8 at byte 1; save the text as UTF-8");  // overlong '/'
}

TEST(QueryKey, ControlCharactersOtherThanWhiteSpaceAreRejected) {
  EXPECT_EQ(error_of(std::string("a\x01" "b")), "q: control character U+0001 at character 2; remove it");
  EXPECT_EQ(error_of(std::string("a\0b", 3)), "q: control character U+0000 at character 2; remove it");
  EXPECT_EQ(error_of("a\x7F"), "q: control character U+007F at character 2; remove it");
  EXPECT_EQ(error_of("coffee", "en", "us", "Ber\x1Blin"), "city: control character U+001B at character 4; remove it");
}

TEST(QueryKey, EmptyCityIsNoCity) {
  EXPECT_EQ(key_of("coffee", "de", "de", "  "), key_of("coffee", "de", "de"));
  EXPECT_EQ(key_of("coffee", "de", "de", " BERLIN ").city, "berlin");
  EXPECT_NE(key_of("coffee", "de", "de", "Berlin"), key_of("coffee", "de", "de"));
}

TEST(QueryKey, SplitHalvesCombineToMakeQuery) {
  auto q = make_clean_query("  Straße\u00A0Café ");
  auto locale = make_clean_locale(" pt_BR ", "BR", " São  Paulo ");
  ASSERT_TRUE(q && locale);
  const Query combined = combine_query(*q, *locale);
  const Query direct = make_query("  Straße\u00A0Café ", " pt_BR ", "BR", " São  Paulo ").value();
  EXPECT_EQ(combined.key, direct.key);
  EXPECT_EQ(combined.q, direct.q);
  EXPECT_EQ(combined.hl, direct.hl);
  EXPECT_EQ(combined.gl, direct.gl);
  EXPECT_EQ(combined.city, "São Paulo");
  EXPECT_EQ(combined.key.city, "são paulo");
  EXPECT_EQ(make_clean_query(" ").error().message, "q is empty");
}

TEST(Locale, HlAcceptsLanguageWithOptionalRegion) {
  EXPECT_EQ(normalize_hl("en").value(), "en");
  EXPECT_EQ(normalize_hl(" DE ").value(), "de");
  EXPECT_EQ(normalize_hl("pt-BR").value(), "pt-br");
  EXPECT_EQ(normalize_hl("zh_Hant").value(), "zh-hant");
  EXPECT_EQ(normalize_hl("fil").value(), "fil");
}

TEST(Locale, HlRejectsOtherShapesWithAnExample) {
  const std::string expected =
      "invalid hl 'english': expected a 2-3 letter language code with an optional region, like en, de or pt-BR";
  EXPECT_EQ(normalize_hl("english").error().message, expected);
  EXPECT_FALSE(normalize_hl("e"));
  EXPECT_FALSE(normalize_hl("en-"));
  EXPECT_FALSE(normalize_hl("en-B"));
  EXPECT_FALSE(normalize_hl("en-BRAZI"));
  EXPECT_FALSE(normalize_hl("e1"));
  EXPECT_FALSE(normalize_hl("en/us"));
  EXPECT_EQ(normalize_hl("").error().message, "hl is empty: expected a language code like en, de or pt-BR");
}

TEST(Locale, GlIsExactlyTwoLetters) {
  EXPECT_EQ(normalize_gl("US").value(), "us");
  EXPECT_EQ(normalize_gl("usa").error().message, "invalid gl 'usa': expected a 2-letter country code like us, de or fr");
  EXPECT_FALSE(normalize_gl("u1"));
  EXPECT_FALSE(normalize_gl("ü"));
  EXPECT_EQ(normalize_gl(" ").error().message, "gl is empty: expected a 2-letter country code like us, de or fr");
  EXPECT_EQ(error_of("coffee", "en", "usa"), "invalid gl 'usa': expected a 2-letter country code like us, de or fr");
}

TEST(Locale, HlSeparatorSpellingsShareAKey) {
  EXPECT_EQ(key_of("x", "pt_BR", "br"), key_of("x", "pt-br", "BR"));
}

TEST(KeyEncoding, DecodeInvertsEncode) {
  const QueryKey key{"how to brew coffee", "en", "us", "new york"};
  auto decoded = decode_key(encode_key(key));
  ASSERT_TRUE(decoded) << decoded.error().message;
  EXPECT_EQ(*decoded, key);
}

TEST(KeyEncoding, LocalePrefixIsAPrefixOfEveryKeyInThatLocale) {
  const std::string encoded = encode_key(QueryKey{"q", "en", "us", ""});
  EXPECT_EQ(encoded.rfind(encode_locale_prefix("en"), 0), 0u);
  EXPECT_EQ(encoded.rfind(encode_locale_prefix("en", "us"), 0), 0u);
  EXPECT_NE(encoded.rfind(encode_locale_prefix("en", "u"), 0), 0u);
  EXPECT_NE(encode_key(QueryKey{"q", "eng", "us", ""}).rfind(encode_locale_prefix("en"), 0), 0u);
}

TEST(KeyEncoding, MalformedBytesAreRejected) {
  EXPECT_FALSE(decode_key(""));
  EXPECT_FALSE(decode_key(std::string("en\0\x01", 4)));                // fields missing
  EXPECT_FALSE(decode_key(std::string("en\0\x02", 4)));                // bad escape
  std::string trailing = encode_key(QueryKey{"q", "en", "us", ""}) + "x";
  EXPECT_FALSE(decode_key(trailing));
}

TEST(KeyEncoding, DistinctTuplesNeverCollide) {
  // Tricky pieces: separators and escape bytes that a naive join would confuse.
  const std::vector<std::string> pieces = {
      "", "a", "/", "a/b", std::string("\0", 1), std::string("\0\x01", 2), std::string("\0\xFF", 2),
      "\xFF", std::string("a\0", 2), std::string("\x01", 1), "\x01\x00", "ab", "b", "a b"};
  std::set<std::string> encodings;
  std::vector<QueryKey> keys;
  for (const auto& hl : {std::string("en"), std::string("en\0", 3)}) {
    for (const auto& city : pieces) {
      for (const auto& q : pieces) {
        keys.push_back(QueryKey{q, hl, "us", city});
      }
    }
  }
  std::set<std::uint64_t> hashes;
  for (const QueryKey& key : keys) {
    const std::string encoded = encode_key(key);
    auto decoded = decode_key(encoded);
    ASSERT_TRUE(decoded);
    EXPECT_EQ(*decoded, key);
    encodings.insert(encoded);
    hashes.insert(key_hash(encoded));
  }
  // pieces holds duplicates only by value, so count distinct tuples directly.
  std::set<std::tuple<std::string, std::string, std::string, std::string>> tuples;
  for (const QueryKey& k : keys) tuples.insert({k.hl, k.gl, k.city, k.q});
  EXPECT_EQ(encodings.size(), tuples.size());
  EXPECT_EQ(hashes.size(), tuples.size());
}

TEST(KeyEncoding, OrderFollowsFieldsThenBytes) {
  // Shorter field sorts before its extensions, so a locale's keys form one contiguous range.
  EXPECT_LT(encode_key(QueryKey{"zzz", "en", "us", ""}), encode_key(QueryKey{"a", "en", "us", "a"}));
  EXPECT_LT(encode_key(QueryKey{"a", "en", "us", ""}), encode_key(QueryKey{"a", "en", "usa", ""}));
  EXPECT_LT(encode_key(QueryKey{"a", "en", "us", ""}), encode_key(QueryKey{std::string("a\0", 2), "en", "us", ""}));
}

TEST(KeyHash, IsDeterministic) {
  const std::string encoded = encode_key(QueryKey{"coffee", "en", "us", ""});
  EXPECT_EQ(key_hash(encoded), key_hash(encoded));
  EXPECT_NE(key_hash(encoded), key_hash(encode_key(QueryKey{"coffee", "en", "gb", ""})));
}

TEST(FoldText, FoldsAndCleans) {
  EXPECT_EQ(fold_text("  Wie  GEHT's ").value(), "wie geht's");
  EXPECT_EQ(clean_text("  Wie  GEHT's ").value(), "Wie GEHT's");
  EXPECT_FALSE(fold_text("\xE2\x82"));
}

TEST(Utf8, FirstInvalidByteIsReported) {
  EXPECT_FALSE(first_invalid_utf8("plain ascii and caf\xC3\xA9 and \xF0\x9F\x98\x80"));
  EXPECT_EQ(first_invalid_utf8("ab\x80"), 2u);
  EXPECT_EQ(first_invalid_utf8("\xED\xA0\x80"), 0u);   // surrogate
  EXPECT_EQ(first_invalid_utf8("\xF4\x90\x80\x80"), 0u);  // above U+10FFFF
  EXPECT_EQ(first_invalid_utf8("ok\xE2\x82"), 2u);       // truncated
}

}  // namespace
}  // namespace paa
