// The byte-level encoders every output shares.
#include "paa/output/text.hpp"

#include "render.hpp"

#include <boost/json/parse.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

namespace paa {
namespace {

using test::render;

std::string csv(std::string_view field) {
  return render([&](BufferedOutput& out) { append_csv_field(out, field); });
}
std::string json_string(std::string_view text) {
  return render([&](BufferedOutput& out) { append_json_string(out, text); });
}
std::string encode(std::string_view text) {
  return render([&](BufferedOutput& out) { append_script_json_string(out, text); }, 8);
}

TEST(CsvField, PlainFieldsAreNotQuoted) {
  EXPECT_EQ(csv("plain text"), "plain text");
  EXPECT_EQ(csv(""), "");
  EXPECT_EQ(csv("Café ☕ 東京"), "Café ☕ 東京");
}

TEST(CsvField, CommasQuotesAndLineBreaksAreQuotedAndQuotesDoubled) {
  EXPECT_EQ(csv("a,b"), "\"a,b\"");
  EXPECT_EQ(csv("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(csv("\""), "\"\"\"\"");
  EXPECT_EQ(csv("line1\nline2"), "\"line1\nline2\"");
  EXPECT_EQ(csv("cr\rhere"), "\"cr\rhere\"");
  EXPECT_EQ(csv("ünï, \"cödé\""), "\"ünï, \"\"cödé\"\"\"");
}

TEST(JsonString, EscapesQuotesBackslashesAndControlCharacters) {
  EXPECT_EQ(json_string("plain"), "\"plain\"");
  EXPECT_EQ(json_string("a\"b\\c"), R"("a\"b\\c")");
  EXPECT_EQ(json_string("l1\nl2\tx\r"), R"("l1\nl2\tx\r")");
  EXPECT_EQ(json_string(std::string("\x01\x1f", 2)), R"("\u0001\u001f")");
  EXPECT_EQ(json_string("東京 ☕"), "\"東京 ☕\"");
}

TEST(Rfc3339, FormatsUtcWithMilliseconds) {
  EXPECT_EQ(format_rfc3339_ms(1795218854123), "2026-11-20T23:54:14.123Z");
  EXPECT_EQ(format_rfc3339_ms(0), "1970-01-01T00:00:00.000Z");
  EXPECT_EQ(format_rfc3339_ms(-1), "1969-12-31T23:59:59.999Z");
  EXPECT_EQ(format_rfc3339_ms(951782400000), "2000-02-29T00:00:00.000Z");
  EXPECT_EQ(format_rfc3339_ms(4102444799999), "2099-12-31T23:59:59.999Z");
}

TEST(ScriptJson, HtmlSignificantCharactersAreUnicodeEscapes) {
  EXPECT_EQ(encode("</script><img src=x onerror=alert(1)>&amp;"),
            R"("\u003c/script\u003e\u003cimg src=x onerror=alert(1)\u003e\u0026amp;")");
  EXPECT_EQ(encode("<!-- x -->"), R"("\u003c!-- x --\u003e")");
}

TEST(ScriptJson, QuotesBackslashesAndControlsAsInJson) {
  EXPECT_EQ(encode("say \"hi\" \\ \n\t\x01"), R"("say \"hi\" \\ \n\t\u0001")");
  EXPECT_EQ(encode("it's"), R"("it's")");
}

TEST(ScriptJson, LineAndParagraphSeparatorsAreEscapedOtherUtf8Kept) {
  EXPECT_EQ(encode("a\u2028b\u2029c"), R"("a\u2028b\u2029c")");
  EXPECT_EQ(encode("Café – 東京 ☕ \u2026"), "\"Café – 東京 ☕ \u2026\"");  // E2 80 A6 is kept
  EXPECT_EQ(encode("\xE2"), "\"\xE2\"");  // a truncated sequence is copied, not read past
}

TEST(ScriptJson, ParsesBackToTheSameText) {
  const std::string text = "</script>\"'<b>&\u2028\n☕";
  EXPECT_EQ(boost::json::parse(encode(text)).as_string(), text);
}

TEST(Decimal, IntegersOfEveryWidthAndSign) {
  EXPECT_EQ(render([](BufferedOutput& out) {
              append_decimal(out, std::uint64_t{18446744073709551615u});
              out.put(' ');
              append_decimal(out, std::int64_t{-42});
              out.put(' ');
              append_decimal(out, 0);
              out.put(' ');
              append_decimal(out, std::uint32_t{7});
            }),
            "18446744073709551615 -42 0 7");
}

TEST(CsvField, FieldsAreSeparatedByCommasEachQuotedAsItNeeds) {
  EXPECT_EQ(render([](BufferedOutput& out) { append_csv_fields(out, {"a", "b,c", "", "d\"e"}); }), "a,\"b,c\",,\"d\"\"e\"");
  EXPECT_EQ(render([](BufferedOutput& out) { append_csv_fields(out, {}); }), "");
}

TEST(KeyColumns, CsvColumnsEndInACommaAndJsonMembersWriteNoCityAsNull) {
  EXPECT_EQ(render([](BufferedOutput& out) { append_csv_key_columns(out, "a, b", "en", "us", ""); }), "\"a, b\",en,us,,");
  EXPECT_EQ(render([](BufferedOutput& out) { append_key_members(out, "q\"", "en", "us", ""); }),
            R"("q":"q\"","hl":"en","gl":"us","city":null)");
  EXPECT_EQ(render([](BufferedOutput& out) { append_key_members(out, "q", "de", "de", "Köln"); }),
            R"("q":"q","hl":"de","gl":"de","city":"Köln")");
}

}  // namespace
}  // namespace paa
