#include "paa/export/jsonl/raw_json.hpp"

#include "test_support.hpp"

#include <gtest/gtest.h>

#include <string>

namespace paa::exporting {
namespace {

using test::render;

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

}  // namespace
}  // namespace paa::exporting
