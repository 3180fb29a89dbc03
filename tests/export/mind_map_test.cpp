#include "paa/export/mind_map/mind_map_layout.hpp"
#include "paa/export/mind_map/mind_map_svg.hpp"

#include "paa/output/sink.hpp"

#include "test_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace paa::exporting {
namespace {

Question q(std::string text, std::vector<Question> children = {}, std::string url = "https://a.example/x") {
  Question out;
  out.question = std::move(text);
  out.answer = "An answer to " + out.question;
  out.url = std::move(url);
  out.title = "T";
  out.children = std::move(children);
  return out;
}

bool overlap(const MindMapNode& a, const MindMapNode& b) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

TEST(WrapText, WrapsAtWordsSplitsLongWordsAndCutsAfterTheLastLine) {
  EXPECT_EQ(wrap_text("What is coffee?", 34), (std::vector<std::string>{"What is coffee?"}));
  EXPECT_EQ(wrap_text("aaa bbb ccc", 7), (std::vector<std::string>{"aaa bbb", "ccc"}));
  EXPECT_EQ(wrap_text("abcdefghij", 4), (std::vector<std::string>{"abcd", "efgh", "ij"}));
  EXPECT_EQ(wrap_text("a b c d e f", 1, 3), (std::vector<std::string>{"a", "b", "…"}));
  EXPECT_EQ(wrap_text("ééééé", 2), (std::vector<std::string>{"éé", "éé", "é"}));  // characters, not bytes
  EXPECT_EQ(wrap_text("", 10), (std::vector<std::string>{""}));
}

TEST(MindMapLayout, PreOrderWithTheQueryAtTheRootAndDepthAsColumns) {
  const std::vector<Question> roots{q("A", {q("A1"), q("A2")}), q("B")};
  const auto map = layout_mind_map("coffee", roots);
  ASSERT_EQ(map.nodes.size(), 5u);
  EXPECT_EQ(map.nodes[0].text, "coffee");
  EXPECT_EQ(map.nodes[1].text, "A");
  EXPECT_EQ(map.nodes[2].text, "A1");
  EXPECT_EQ(map.nodes[2].parent, 1u);
  EXPECT_EQ(map.nodes[4].text, "B");
  EXPECT_EQ(map.nodes[4].parent, 0u);
  EXPECT_EQ(map.nodes[0].x, 0);
  EXPECT_EQ(map.nodes[1].x, kMapNodeWidth + kMapGapX);
  EXPECT_EQ(map.nodes[2].x, 2 * (kMapNodeWidth + kMapGapX));
  // A parent is centred on its children.
  const auto& a = map.nodes[1];
  const double children_mid = (map.nodes[2].y + map.nodes[3].y + map.nodes[3].height) / 2;
  EXPECT_DOUBLE_EQ(a.y + a.height / 2, children_mid);
}

TEST(MindMapLayout, NoTwoNodesOverlapEvenWithTallParentsOfShortChildren) {
  const std::string tall = "a question long enough to wrap over four lines of the node box, and then some more words";
  std::vector<Question> roots;
  for (int i = 0; i < 6; ++i) {
    std::vector<Question> kids;
    for (int k = 0; k < i % 3; ++k) kids.push_back(q("short " + std::to_string(k), {q(tall)}));
    roots.push_back(q(i % 2 ? tall : "short", std::move(kids)));
  }
  const auto map = layout_mind_map(tall, roots);
  for (std::size_t i = 0; i < map.nodes.size(); ++i) {
    for (std::size_t j = i + 1; j < map.nodes.size(); ++j) {
      EXPECT_FALSE(overlap(map.nodes[i], map.nodes[j])) << map.nodes[i].text << " / " << map.nodes[j].text;
    }
    EXPECT_GE(map.nodes[i].y, 0);
    EXPECT_LE(map.nodes[i].y + map.nodes[i].height, map.height + 1e-9);
  }
}

TEST(MindMapLayout, RepeatedQuestionsAreMarkedAfterTheirFirstOccurrenceInPreOrder) {
  const std::vector<Question> roots{q("Is coffee good?", {q("is  COFFEE good?")}), q("Is coffee good?")};
  const auto map = layout_mind_map("coffee", roots);
  EXPECT_FALSE(map.nodes[1].repeat);
  EXPECT_TRUE(map.nodes[2].repeat);
  EXPECT_TRUE(map.nodes[3].repeat);
  EXPECT_GT(map.nodes[3].height, map.nodes[1].height);  // room for the mark
}

TEST(MindMapLayout, DeepTreesNeedNoRecursion) {
  std::vector<Question> roots{q("0")};
  Question* at = &roots[0];
  for (int i = 1; i < 3000; ++i) {
    at->children.push_back(q(std::to_string(i)));
    at = &at->children[0];
  }
  const auto map = layout_mind_map("deep", roots);
  EXPECT_EQ(map.nodes.size(), 3001u);
  EXPECT_EQ(map.nodes.back().depth, 3000);
}

std::string svg(const MindMapLayout& map) {
  return test::render([&](BufferedOutput& out) { write_mind_map_svg(map, out); }, 16);
}

TEST(MindMapSvg, StoreStringsAreEscapedAndOnlyWebUrlsAreLinks) {
  const std::vector<Question> roots{q("</text><script>alert(1)</script> & \"q\" 'x'"),
                                    q("js", {}, "javascript:alert(1)"), q("ctl\x01", {}, "")};
  const auto out = svg(layout_mind_map("<b>coffee</b>", roots));
  EXPECT_TRUE(out.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "));
  EXPECT_EQ(out.find("<script"), std::string::npos);
  EXPECT_EQ(out.find("<b>"), std::string::npos);
  EXPECT_NE(out.find("&lt;/text&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot; &#39;x&#39;"), std::string::npos);
  EXPECT_EQ(out.find("javascript:"), std::string::npos);
  EXPECT_EQ(out.find('\x01'), std::string::npos);
  EXPECT_NE(out.find("ctl\xEF\xBF\xBD"), std::string::npos);
  EXPECT_NE(out.find("<a href=\"https://a.example/x\""), std::string::npos);
}

}  // namespace
}  // namespace paa::exporting

namespace paa::exporting {
namespace {

// The PDF's links: cairo writes a uri into the PDF's /URI (...) string as it is, so a hostile
// source (a parenthesis closing the string early, a backslash, non-ASCII) is percent-encoded
// first: the link stays one string and nothing after it becomes PDF syntax.
TEST(MindMapPdf, HostileSourceUrlsStayOneLinkString) {
  std::vector<Question> roots{{"Is it safe?", "Yes.", "https://e.example/a)/S/JavaScript/JS(app.alert(1)\\ \xC3\xBC'\"<>", "t", {}},
                              {"Plain?", "Yes.", "https://de.wikipedia.org/wiki/Kaffeem%C3%BChle", "t", {}}};
  const auto map = layout_mind_map("coffee", roots);
  std::string pdf;
  {
    StringSink sink;
    BufferedOutput out(sink);
    ASSERT_TRUE(write_mind_map_pdf(map, out));
    ASSERT_TRUE(out.flush());
    pdf = sink.data;
  }
  std::vector<std::string> uris;
  for (auto at = pdf.find("/URI ("); at != std::string::npos; at = pdf.find("/URI (", at + 1)) {
    const auto end = pdf.find(')', at + 6);
    ASSERT_NE(end, std::string::npos);
    uris.push_back(pdf.substr(at + 6, end - at - 6));
  }
  std::sort(uris.begin(), uris.end());
  EXPECT_EQ(uris, (std::vector<std::string>{"https://de.wikipedia.org/wiki/Kaffeem%C3%BChle",
                                            "https://e.example/a%29/S/JavaScript/JS%28app.alert%281%29%5C%20%C3%BC%27%22%3C%3E"}));
  // The only "JavaScript" in the file is the text inside that one string.
  EXPECT_EQ(pdf.find("JavaScript"), pdf.rfind("JavaScript"));
}

}  // namespace
}  // namespace paa::exporting
