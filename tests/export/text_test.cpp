#include "paa/export/text.hpp"

#include "test_support.hpp"

#include <gtest/gtest.h>

#include <string>

namespace paa::exporting {
namespace {

using test::render;

std::string csv(std::string_view field) {
  return render([&](BufferedOutput& out) { append_csv_field(out, field); });
}
std::string json_string(std::string_view text) {
  return render([&](BufferedOutput& out) { append_json_string(out, text); });
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

TEST(FindRawMember, ReturnsTheValueBytesVerbatim) {
  const std::string json = R"({"a":1, "result" : {"x":[1,2,{"y":"}]\"{"}],"z":null} ,"b":"c"})";
  auto raw = find_raw_member(json, "result");
  ASSERT_TRUE(raw);
  EXPECT_EQ(*raw, R"({"x":[1,2,{"y":"}]\"{"}],"z":null})");
  EXPECT_EQ(find_raw_member(json, "a").value_or("?"), "1");
  EXPECT_EQ(find_raw_member(json, "b").value_or("?"), "\"c\"");
}

TEST(FindRawMember, StringsEndingInEscapedBackslashesDoNotConfuseIt) {
  const std::string json = R"({"k":"ends with \\","result":{"q":"a\\\"b"}})";
  EXPECT_EQ(find_raw_member(json, "result").value_or("?"), R"({"q":"a\\\"b"})");
}

TEST(FindRawMember, LastDuplicateWinsAndEscapedNamesMatch) {
  EXPECT_EQ(find_raw_member(R"({"result":1,"result":2})", "result").value_or("?"), "2");
  EXPECT_EQ(find_raw_member(R"({"r\u0065sult":[true]})", "result").value_or("?"), "[true]");
}

TEST(FindRawMember, MissingMemberOrMalformedTextGivesNothing) {
  EXPECT_FALSE(find_raw_member(R"({"a":1})", "result"));
  EXPECT_FALSE(find_raw_member("{}", "result"));
  EXPECT_FALSE(find_raw_member("[1]", "result"));
  EXPECT_FALSE(find_raw_member(R"({"result":{"a":1})", "result"));
  EXPECT_FALSE(find_raw_member(R"({"result":"unterminated})", "result"));
  EXPECT_FALSE(find_raw_member("", "result"));
}

TEST(FindRawMember, DeepNestingNeedsNoNativeStack) {
  std::string deep = R"({"result":)" + std::string(100000, '[') + std::string(100000, ']') + "}";
  auto raw = find_raw_member(deep, "result");
  ASSERT_TRUE(raw);
  EXPECT_EQ(raw->size(), 200000u);
}

TEST(JsonSingleLine, CopiesSingleLineTextByteForByte) {
  const std::string value = R"({"a" : "x  y", "b":[1, 2]})";
  EXPECT_EQ(render([&](BufferedOutput& out) { append_json_single_line(out, value); }), value);
}

TEST(JsonSingleLine, DropsWhiteSpaceBetweenTokensOfMultiLineText) {
  const std::string value = "{\n  \"a\" : \"x  y \\\" z\",\r\n  \"b\": [1, 2]\n}";
  EXPECT_EQ(render([&](BufferedOutput& out) { append_json_single_line(out, value); }),
            R"({"a":"x  y \" z","b":[1,2]})");
}

TEST(BufferedOutput, KeepsByteOrderAcrossSmallAndLargeAppends) {
  const std::string big(1000, 'x');
  std::string expected;
  const std::string got = render(
      [&](BufferedOutput& out) {
        for (int i = 0; i < 50; ++i) {
          out.append("abc");
          out.put(static_cast<char>('0' + i % 10));
          if (i % 7 == 0) out.append(big);
        }
      },
      16);
  for (int i = 0; i < 50; ++i) {
    expected += "abc";
    expected += static_cast<char>('0' + i % 10);
    if (i % 7 == 0) expected += big;
  }
  EXPECT_EQ(got, expected);
}

class FailingSink final : public ByteSink {
 public:
  explicit FailingSink(std::size_t fail_after) : fail_after_(fail_after) {}
  Result<void> write(std::string_view bytes) override {
    ++calls;
    if (accepted + bytes.size() > fail_after_) return make_error(errc::io, "cannot write x: disk full");
    accepted += bytes.size();
    return {};
  }
  std::size_t accepted = 0;
  int calls = 0;

 private:
  std::size_t fail_after_;
};

TEST(BufferedOutput, FirstSinkErrorIsStickyAndLaterOutputDropped) {
  FailingSink sink(10);
  BufferedOutput out(sink, 8);
  out.append("12345678");
  out.append("abcdefgh");  // second drain fails
  EXPECT_TRUE(out.failed());
  const int calls = sink.calls;
  out.append(std::string(100, 'z'));
  auto flushed = out.flush();
  ASSERT_FALSE(flushed);
  EXPECT_EQ(flushed.error().message, "cannot write x: disk full");
  EXPECT_EQ(sink.calls, calls);
  EXPECT_EQ(sink.accepted, 8u);
}

}  // namespace
}  // namespace paa::exporting
