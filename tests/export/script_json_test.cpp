#include "paa/export/script_json.hpp"

#include "test_support.hpp"

#include <boost/json/parse.hpp>

#include <gtest/gtest.h>

namespace paa::exporting {
namespace {

std::string encode(std::string_view text) {
  return test::render([&](BufferedOutput& out) { append_script_json_string(out, text); }, 8);
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

}  // namespace
}  // namespace paa::exporting
