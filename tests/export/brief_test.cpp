// `paa brief`'s pure parts (docs/brief.md): the order and folding of its questions, the FAQPage
// it writes as JSON-LD, and hostile third-party text kept text in Markdown, HTML and JSON-LD;
// then the brief gathered from an in-memory store.
#include "paa/export/brief/brief.hpp"
#include "paa/export/brief/brief_gather.hpp"
#include "paa/export/brief/markdown_text.hpp"
#include "paa/export/question_rows.hpp"

#include "test_support.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>

#include <gtest/gtest.h>

#include <sstream>

namespace paa::exporting {
namespace {

namespace json = boost::json;
using test::render;

BriefEntry entry(std::string question, std::uint64_t group, std::uint64_t group_count, std::uint32_t depth,
                 std::uint32_t position, bool representative = false, std::string answer = "An answer.") {
  BriefEntry e;
  e.question = std::move(question);
  e.group = group;
  e.group_count = group_count;
  e.depth = depth;
  e.position = position;
  e.representative = representative;
  e.answer = std::move(answer);
  e.url = "https://example.com/" + std::to_string(group);
  e.domain = "example.com";
  return e;
}

std::vector<std::string> questions_of(const std::vector<BriefEntry>& entries) {
  std::vector<std::string> out;
  for (const auto& e : entries) out.push_back(e.question);
  return out;
}

// --- ordering ------------------------------------------------------------------------------

TEST(OrderBriefEntries, MostTreesFirstThenDepthThenPositionThenInputOrder) {
  const auto ordered = order_brief_entries({
      entry("deep popular", 1, 5, 2, 1),
      entry("top second", 2, 3, 1, 2),
      entry("top first", 3, 3, 1, 1),
      entry("most popular", 4, 9, 3, 4),
      entry("tie a", 5, 3, 2, 1),
      entry("tie b", 6, 3, 2, 1),
      entry("rare", 7, 1, 1, 1),
  });
  EXPECT_EQ(questions_of(ordered), (std::vector<std::string>{"most popular", "deep popular", "top first", "top second",
                                                             "tie a", "tie b", "rare"}));
}

TEST(OrderBriefEntries, VariantsFoldUnderTheRepresentativeWhichTakesTheGroupsMostProminentPlace) {
  const auto ordered = order_brief_entries({
      entry("how long do espresso machines last", 1, 4, 1, 1),
      entry("Other question", 2, 4, 1, 2),
      entry("How long does an espresso machine last?", 1, 4, 2, 3, true),
      entry("Espresso machine: how long does it last?", 1, 4, 1, 3),
  });
  ASSERT_EQ(ordered.size(), 2u);
  EXPECT_EQ(ordered[0].question, "How long does an espresso machine last?");
  // The other spellings, most prominent first.
  EXPECT_EQ(ordered[0].variants, (std::vector<std::string>{"how long do espresso machines last",
                                                           "Espresso machine: how long does it last?"}));
  EXPECT_EQ(ordered[0].depth, 1u);
  EXPECT_EQ(ordered[0].position, 1u);
  EXPECT_EQ(ordered[0].url, "https://example.com/1");
  EXPECT_EQ(ordered[1].question, "Other question");
  EXPECT_TRUE(ordered[1].variants.empty());
}

TEST(OrderBriefEntries, WithoutItsRepresentativeAGroupIsHeadedByItsMostProminentSpelling) {
  auto deep = entry("deeper spelling", 1, 2, 3, 1);
  deep.answer = "the deeper one's answer";
  const auto ordered = order_brief_entries({deep, entry("top spelling", 1, 2, 1, 4)});
  ASSERT_EQ(ordered.size(), 1u);
  EXPECT_EQ(ordered[0].question, "top spelling");
  EXPECT_EQ(ordered[0].answer, "An answer.");
  EXPECT_EQ(ordered[0].variants, std::vector<std::string>{"deeper spelling"});
  EXPECT_EQ(ordered[0].depth, 1u);
  EXPECT_EQ(ordered[0].position, 4u);
}

TEST(RankBriefDomains, MostAnswersFirstThenNameAndTheBucketsLast) {
  const auto ranked = rank_brief_domains({{"(no source)", 9}, {"b.example", 2}, {"a.example", 2}, {"(ip address)", 1},
                                          {"big.example", 5}, {"(invalid url)", 3}});
  EXPECT_EQ(ranked, (std::vector<BriefDomain>{{"big.example", 5}, {"a.example", 2}, {"b.example", 2},
                                              {"(ip address)", 1}, {"(invalid url)", 3}, {"(no source)", 9}}));
}

TEST(ParseTopicId, SixteenHexDigitsOrAPrefixOfFourOrMore) {
  const auto whole = parse_topic_id("00ff00FF12345678").value();
  EXPECT_EQ(whole.bits, 0x00ff00ff12345678u);
  EXPECT_EQ(whole.digits, 16u);
  EXPECT_TRUE(whole.matches(0x00ff00ff12345678u));
  EXPECT_FALSE(whole.matches(0x00ff00ff12345679u));
  const auto prefix = parse_topic_id("00fF").value();
  EXPECT_EQ(prefix.digits, 4u);
  EXPECT_TRUE(prefix.matches(0x00ff00ff12345678u));
  EXPECT_TRUE(prefix.matches(0x00ffffffffffffffu));
  EXPECT_FALSE(prefix.matches(0x00fe00ff12345678u));
  EXPECT_FALSE(prefix.matches(0x100ff00ff1234567u));
  EXPECT_TRUE(parse_topic_id("00ff00ff1234567").value().matches(0x00ff00ff1234567fu));
  for (const char* bad : {"", "123", "00ff00ff123456789", "0x00ff00ff123456", "00ff00ff1234567g", "-0ff00ff12345678",
                          "+0ff", " 00ff"}) {
    auto id = parse_topic_id(bad);
    ASSERT_FALSE(id) << bad;
    EXPECT_EQ(id.error().kind(), errc::invalid_input);
    EXPECT_NE(id.error().message.find("16 hex digits"), std::string::npos);
  }
}

// --- hostile text -----------------------------------------------------------------------------

const std::string kScript = "</script><img src=x onerror=alert(1)>";
const std::string kLineSep = "before\u2028after\u2029end";

// A brief whose every text is hostile.
Brief hostile_brief() {
  Brief b;
  b.title = "# Heading " + kScript;
  b.locale = "en-us";
  b.fetched_at_ms = 1795218854123;
  b.versions = 2;
  auto e1 = entry(kScript, 1, 3, 1, 1, true, "Answer " + kScript + "\n# Heading\n- item\n1. first\n| pipe | x |");
  e1.url = "https://evil.example/a b?<x>\"y\"";
  e1.title = "[link](javascript:x) <b>title</b>";
  e1.variants = {"# Heading", "- not a list", "1. not a list", "[link](javascript:x)"};
  e1.status = watch::StabilityStatus::stable;
  e1.type = question::QuestionType::yes_no;
  auto e2 = entry("[link](javascript:x)", 2, 2, 1, 2, true, "| pipe " + kLineSep + " `code` *em* _u_ \\ $5 &amp;");
  e2.url = "javascript:alert(1)";
  e2.domain = "(invalid url)";
  auto e3 = entry("| pipe\nnew line\r\n## injected heading", 3, 1, 2, 1, true, "");
  e3.url = "";
  e3.domain = "(no source)";
  b.entries = {e1, e2, e3};
  b.related = {"# Heading", kScript, "[link](javascript:x)", "- item", "+ item", "1) item", kLineSep};
  b.domains = {{"evil|example.com", 1}, {"(invalid url)", 1}, {"(no source)", 1}};
  return b;
}

// Backslash-escaped Markdown parts, as a reader sees them: the text with each "\x" read as "x".
std::string unescape_markdown(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size()) ++i;
    out.push_back(s[i]);
  }
  return out;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// The '|' of a table row that are not escaped.
std::size_t unescaped_pipes(const std::string& line) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '\\') {
      ++i;
    } else if (line[i] == '|') {
      ++n;
    }
  }
  return n;
}

TEST(MarkdownText, EscapesEverythingThatCouldChangeTheStructure) {
  auto md = [](std::string_view text, bool starts_block = false) {
    return render([&](BufferedOutput& out) { append_markdown_text(out, text, starts_block); });
  };
  EXPECT_EQ(md("# Heading", true), "\\# Heading");
  EXPECT_EQ(md("[link](javascript:x)"), "\\[link\\](javascript:x)");
  EXPECT_EQ(md("![img](x)"), "!\\[img\\](x)");
  EXPECT_EQ(md("| pipe | x |"), "\\| pipe \\| x \\|");
  EXPECT_EQ(md(kScript), "\\</script\\>\\<img src=x onerror=alert(1)\\>");
  EXPECT_EQ(md("`code` *em* _u_ ~~s~~ \\ $5"), "\\`code\\` \\*em\\* \\_u\\_ \\~\\~s\\~\\~ \\\\ \\$5");
  EXPECT_EQ(md("&amp; &#60; Q&A & more"), "\\&amp; \\&\\#60; Q\\&A & more");
  // Line breaks, tabs, controls, U+0085, U+2028, U+2029: one space; the ends trimmed.
  EXPECT_EQ(md("  one\ntwo\r\n\r\nthree\tfour\u0085five\u2028six\u2029seven\x01 "),
            "one two three four five six seven");
  // At a block's start only: lists, ordered lists, heading underlines.
  EXPECT_EQ(md("- item", true), "\\- item");
  EXPECT_EQ(md("+ item", true), "\\+ item");
  EXPECT_EQ(md("= under", true), "\\= under");
  EXPECT_EQ(md("12. item", true), "12\\. item");
  EXPECT_EQ(md("3) item", true), "3\\) item");
  EXPECT_EQ(md("1234567890. not a list", true), "1234567890. not a list");
  EXPECT_EQ(md("- item 2. x"), "- item 2. x");
  EXPECT_EQ(md("\n  - item", true), "\\- item");
  EXPECT_EQ(md("Café – 東京 ☕"), "Café – 東京 ☕");
}

TEST(MarkdownText, DestinationsCannotEndTheLinkOrTheLine) {
  auto dest = [](std::string_view url) {
    return render([&](BufferedOutput& out) { append_markdown_destination(out, url); });
  };
  EXPECT_EQ(dest("https://a.example/x y?<b>\\c\n)"), "<https://a.example/x%20y?%3Cb%3E%5Cc%0A)>");
  EXPECT_TRUE(is_web_url("HTTPS://a.example"));
  EXPECT_TRUE(is_web_url("http://a"));
  EXPECT_FALSE(is_web_url("javascript:alert(1)"));
  EXPECT_FALSE(is_web_url("https://"));
  EXPECT_FALSE(is_web_url("ftp://a.example"));
}

TEST(BriefMarkdown, HostileTextStaysInsideItsOwnLine) {
  const std::string md = render([](BufferedOutput& out) { write_brief_markdown(hostile_brief(), out); });
  const auto lines = lines_of(md);
  // Our structure only: one title, three sections, three questions.
  std::vector<std::string> headings;
  for (const auto& l : lines) {
    if (l.starts_with("#")) headings.push_back(l.substr(0, l.find(' ')));
  }
  EXPECT_EQ(headings, (std::vector<std::string>{"#", "##", "###", "###", "###", "##", "##"}));
  EXPECT_EQ(lines[0], "# \\# Heading \\</script\\>\\<img src=x onerror=alert(1)\\>");
  for (const auto& l : lines) {
    // Every line is ours: a heading, a list item, a table row, the summary or blank.
    const bool ours = l.empty() || l.starts_with("#") || l.starts_with("- ") || l.starts_with("  - ") ||
                      l.starts_with("| ") || l.starts_with("People Also Ask brief") || l == "None stored.";
    EXPECT_TRUE(ours) << l;
    EXPECT_EQ(l.find('\r'), std::string::npos);
    EXPECT_EQ(l.find("\u2028"), std::string::npos);
    EXPECT_EQ(l.find("\u2029"), std::string::npos);
    // No raw HTML, no link but ours (to http(s) only), no entity.
    for (std::size_t i = 0; i < l.size(); ++i) {
      if (l[i] == '\\') {
        ++i;
        continue;
      }
      if (l[i] == '<') {
        EXPECT_TRUE(l.compare(i, 14, "<https://evil.") == 0) << l;
      }
      if (l[i] == '[') {
        EXPECT_TRUE(l.starts_with("- Source: [")) << l;
      }
    }
  }
  // The variants and related searches are list items of their own, never lists or headings.
  EXPECT_NE(md.find("  - \\# Heading\n  - \\- not a list\n  - 1\\. not a list\n  - \\[link\\](javascript:x)\n"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("- \\# Heading\n- \\</script\\>"), std::string::npos);
  EXPECT_NE(md.find("- \\- item\n- \\+ item\n- 1\\) item\n- before after end\n"), std::string::npos) << md;
  // A multi-line answer is one line; a javascript: source is not linked.
  EXPECT_NE(md.find("- Search snippet (a research note, not your answer): Answer \\</script\\>\\<img src=x onerror=alert(1)\\> \\# Heading - item 1. first \\| "
                    "pipe \\| x \\|\n"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("- Source: javascript:alert(1) (not a web address: not linked) · (invalid url)\n"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("- Source: [\\[link\\](javascript:x) \\<b\\>title\\</b\\>](<https://evil.example/a%20b?%3Cx%3E\"y\">)"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("### 3. \\| pipe new line \\#\\# injected heading\n"), std::string::npos) << md;
  EXPECT_NE(md.find("- Search snippet (a research note, not your answer): none stored\n- Source: none stored\n"),
            std::string::npos);
  // The table keeps two columns whatever a domain holds.
  std::size_t rows = 0;
  for (const auto& l : lines) {
    if (!l.starts_with("| ")) continue;
    ++rows;
    EXPECT_EQ(unescaped_pipes(l), 3u) << l;
  }
  EXPECT_EQ(rows, 2u + 3u);
  EXPECT_NE(md.find("| evil\\|example.com | 1 |"), std::string::npos);
  // What a reader sees is the text itself.
  EXPECT_NE(unescape_markdown(md).find("- [link](javascript:x)\n"), std::string::npos);
}

TEST(BriefMarkdown, ShowsFactsVariantsAnswerAndSource) {
  Brief b;
  b.title = "espresso machine";
  b.locale = "en-us";
  b.versions = 1;
  auto e = entry("How long does an espresso machine last?", 1, 3, 1, 2, true, "About 10 years.");
  e.type = question::QuestionType::time;
  e.status = watch::StabilityStatus::added;
  e.title = "Espresso guide";
  e.variants = {"how long do espresso machines last"};
  b.entries = {e};
  b.related = {"espresso machine price"};
  b.domains = {{"example.com", 1}};
  const std::string md = render([&](BufferedOutput& out) { write_brief_markdown(b, out); });
  EXPECT_EQ(md,
            "# espresso machine\n\n"
            "People Also Ask brief (en-us): 1 question, 1 with a search snippet; stability over 1 stored version.\n\n"
            "## Questions, most important first\n\n"
            "### 1. How long does an espresso machine last?\n\n"
            "- Type: time · stability: new · in 3 stored trees · depth 1, position 2\n"
            "- Also asked as:\n"
            "  - how long do espresso machines last\n"
            "- Search snippet (a research note, not your answer): About 10 years.\n"
            "- Source: [Espresso guide](<https://example.com/1>) · example.com\n\n"
            "## Related searches\n\n"
            "- espresso machine price\n\n"
            "## Who holds the answers\n\n"
            "| Domain | Answers |\n| --- | ---: |\n| example.com | 1 |\n");
}

TEST(BriefHtml, HostileTextIsEscapedTextAndOnlyWebSourcesAreLinked) {
  const std::string html = render([](BufferedOutput& out) { write_brief_html(hostile_brief(), out); });
  EXPECT_NE(html.find("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "), std::string::npos);
  EXPECT_EQ(html.find("<img"), std::string::npos);
  EXPECT_EQ(html.find("javascript:alert"), html.rfind("javascript:alert"));  // once: the unlinked text
  EXPECT_EQ(html.find("href=\"javascript"), std::string::npos);
  EXPECT_NE(html.find("<h1># Heading &lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;</h1>"), std::string::npos);
  EXPECT_NE(html.find("<h3>&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;</h3>"), std::string::npos);
  EXPECT_NE(html.find("<span class=\"unlinked\">javascript:alert(1)</span>"), std::string::npos);
  EXPECT_NE(html.find("<a href=\"https://evil.example/a b?&lt;x&gt;&quot;y&quot;\" rel=\"nofollow noopener noreferrer\">"
                      "[link](javascript:x) &lt;b&gt;title&lt;/b&gt;</a>"),
            std::string::npos)
      << html;
  // One script element: the JSON-LD data block, which nothing in it can close.
  std::size_t scripts = 0;
  for (auto at = html.find("<script"); at != std::string::npos; at = html.find("<script", at + 1)) ++scripts;
  EXPECT_EQ(scripts, 1u);
  const auto open = html.find("<script type=\"application/ld+json\" id=\"faq-jsonld\">");
  ASSERT_NE(open, std::string::npos);
  const auto close = html.find("</script>", open);
  EXPECT_EQ(close, html.rfind("</script>"));
  const auto data = html.substr(html.find('>', open) + 1, close - html.find('>', open) - 1);
  EXPECT_EQ(json::parse(data).at("@type").as_string(), "FAQPage");
  // Every element is ours: the hostile texts added none.
  for (const char* tag : {"<b>", "<i>", "<script>", "<a href=\"javascript", "<!--"}) {
    EXPECT_EQ(html.find(tag), std::string::npos) << tag;
  }
}

// --- JSON-LD ------------------------------------------------------------------------------

// Without the user's answers: a skeleton of every question, each answer marked to be written,
// none the service's snippet; the names are the groups' representative spellings.
TEST(BriefJsonLd, WithoutOwnAnswersItIsASkeletonOfEveryQuestionNeverASnippet) {
  Brief b;
  b.entries = {entry("First?", 1, 5, 1, 1, true, "One."), entry("No answer?", 2, 4, 1, 2, true, ""),
               entry("second", 4, 2, 1, 4, false, "Two.\nLines.")};
  b.entries[2].group_spelling = "What is second?";
  const std::string text = render([&](BufferedOutput& out) { write_brief_jsonld(b, out); });
  const json::value doc = json::parse(text);
  const json::object& page = doc.as_object();
  EXPECT_EQ(page.at("@context").as_string(), "https://schema.org");
  EXPECT_EQ(page.at("@type").as_string(), "FAQPage");
  const json::array& main = page.at("mainEntity").as_array();
  ASSERT_EQ(main.size(), 3u);
  const char* const names[] = {"First?", "No answer?", "What is second?"};
  for (std::size_t i = 0; i < main.size(); ++i) {
    const json::object& q = main[i].as_object();
    EXPECT_EQ(q.size(), 3u);
    EXPECT_EQ(q.at("@type").as_string(), "Question");
    EXPECT_EQ(q.at("name").as_string(), names[i]);
    const json::object& a = q.at("acceptedAnswer").as_object();
    EXPECT_EQ(a.size(), 2u);
    EXPECT_EQ(a.at("@type").as_string(), "Answer");
    EXPECT_EQ(a.at("text").as_string(), kAnswerToWrite);
  }
  EXPECT_EQ(text.find("One."), std::string::npos);
  EXPECT_EQ(text.find("Two."), std::string::npos);
}

// With them: the questions they answer, in the brief's order, with their texts; the others are
// not on the page, so not in its structured data.
TEST(BriefJsonLd, WithOwnAnswersItHoldsTheAnsweredQuestionsInOrder) {
  Brief b;
  b.own_answers = true;
  b.entries = {entry("First?", 1, 5, 1, 1, true, "Snippet one."), entry("Unanswered?", 2, 4, 1, 2, true, "Snippet."),
               entry("Second?", 4, 2, 1, 4, true, "")};
  b.entries[0].own_answer = "Ours, one.";
  b.entries[0].own_question = "First?";
  b.entries[2].own_answer = "Ours,\ntwo.";
  b.entries[2].own_question = "Second?";
  const std::string text = render([&](BufferedOutput& out) { write_brief_jsonld(b, out); });
  const json::value doc = json::parse(text);
  const json::array& main = doc.at("mainEntity").as_array();
  ASSERT_EQ(main.size(), 2u);
  EXPECT_EQ(main[0].at("name").as_string(), "First?");
  EXPECT_EQ(main[0].at("acceptedAnswer").at("text").as_string(), "Ours, one.");
  EXPECT_EQ(main[1].at("name").as_string(), "Second?");
  EXPECT_EQ(main[1].at("acceptedAnswer").at("text").as_string(), "Ours,\ntwo.");
  EXPECT_EQ(text.find("Snippet"), std::string::npos);
}

TEST(BriefJsonLd, WithOwnAnswersNoneOfWhichFitsItIsAnEmptyFaqPage) {
  Brief b;
  b.own_answers = true;
  b.entries = {entry("No answer?", 1, 1, 1, 1, true, "Snippet.")};
  const std::string text = render([&](BufferedOutput& out) { write_brief_jsonld(b, out); });
  EXPECT_EQ(json::parse(text).at("mainEntity").as_array().size(), 0u);
}

TEST(BriefJsonLd, HostileTextCannotCloseTheScriptElementAndReadsBackExactly) {
  Brief b = hostile_brief();
  b.own_answers = true;
  b.entries[0].own_answer = kScript + " <!-- " + kLineSep + " \"quoted\" \\ & </SCRIPT >";
  b.entries[1].own_answer = "[x](javascript:y)";
  b.entries[0].own_question = b.entries[0].question;
  b.entries[1].own_question = b.entries[1].question;
  const std::string text = render([&](BufferedOutput& out) { write_brief_jsonld(b, out); });
  EXPECT_EQ(text.find('<'), std::string::npos);
  EXPECT_EQ(text.find('>'), std::string::npos);
  EXPECT_EQ(text.find("\u2028"), std::string::npos);
  EXPECT_EQ(text.find("\u2029"), std::string::npos);
  EXPECT_NE(text.find("\\u003c/script\\u003e"), std::string::npos);
  EXPECT_NE(text.find("\\u2028"), std::string::npos);
  const json::value doc = json::parse(text);
  const json::array& main = doc.at("mainEntity").as_array();
  ASSERT_EQ(main.size(), 2u);  // the third entry has no answer of the user's
  EXPECT_EQ(main[0].at("name").as_string(), kScript);
  EXPECT_EQ(main[0].at("acceptedAnswer").at("text").as_string(), b.entries[0].own_answer);
  EXPECT_EQ(main[1].at("name").as_string(), "[link](javascript:x)");
  EXPECT_EQ(main[1].at("acceptedAnswer").at("text").as_string(), b.entries[1].own_answer);
}

// --- gathered from a store ----------------------------------------------------------------------

std::string body(const std::string& q, const std::string& children, const std::string& related = "[]") {
  return R"({"result":{"question":")" + q + R"(","related":)" + related + R"(,"children":[)" + children + "]}}";
}
std::string node(const std::string& question, const std::string& url, const std::string& children = "") {
  return R"({"question":")" + question + R"(","answer":"About )" + question + R"(","url":")" + url + R"(","title":"T")" +
         (children.empty() ? "" : R"(,"children":[)" + children + "]") + "}";
}

TEST(GatherQueryBrief, GroupCountsFromTheWholeStoreVariantsFoldedDomainsAndRelated) {
  test::FakeStoreReader store;
  // The brief's tree: two spellings of one group (the other spelling is the representative: it is
  // in more trees), a question asked in one other tree, a nested question, one without a source.
  store.add(test::make_stored("espresso", "en", "us", "",
                              body("espresso",
                                   node("how long do espresso machines last", "https://www.a.com/1",
                                        node("Is espresso bitter?", "https://b.com/2")) +
                                       "," + node("Why is espresso bitter?", "https://a.com/3") + "," +
                                       node("How long does an espresso machine last?", "") ,
                                   R"(["espresso beans","espresso vs coffee"])"),
                              1000));
  store.add(test::make_stored("coffee", "en", "us", "",
                              body("coffee", node("How long does an espresso machine last?", "https://c.com/") +
                                                 "," + node("Why is espresso bitter?", "https://c.com/b")),
                              2000));
  store.add(test::make_stored("latte", "en", "us", "",
                              body("latte", node("How long does an espresso machine last?", "https://c.com/")),
                              3000));
  auto brief = gather_query_brief(store, make_query("Espresso", "EN", "us").value(), "store 'x'");
  ASSERT_TRUE(brief) << brief.error().message;
  EXPECT_EQ(brief->title, "espresso");
  EXPECT_EQ(brief->locale, "en-us");
  EXPECT_EQ(brief->versions, 1u);
  ASSERT_EQ(brief->entries.size(), 3u);
  const BriefEntry& first = brief->entries[0];
  EXPECT_EQ(first.question, "How long does an espresso machine last?");  // the store's representative
  EXPECT_EQ(first.variants, std::vector<std::string>{"how long do espresso machines last"});
  EXPECT_EQ(first.group_count, 3u);
  EXPECT_EQ(first.depth, 1u);
  EXPECT_EQ(first.position, 1u);
  EXPECT_EQ(first.type, question::QuestionType::time);
  EXPECT_EQ(first.domain, "(no source)");
  EXPECT_EQ(first.status, watch::StabilityStatus::stable);
  EXPECT_EQ(brief->entries[1].question, "Why is espresso bitter?");
  EXPECT_EQ(brief->entries[1].group_count, 2u);
  EXPECT_EQ(brief->entries[1].type, question::QuestionType::why);
  EXPECT_EQ(brief->entries[2].question, "Is espresso bitter?");
  EXPECT_EQ(brief->entries[2].depth, 2u);
  EXPECT_EQ(brief->entries[2].type, question::QuestionType::yes_no);
  EXPECT_EQ(brief->related, (std::vector<std::string>{"espresso beans", "espresso vs coffee"}));
  EXPECT_EQ(brief->domains, (std::vector<BriefDomain>{{"a.com", 2}, {"b.com", 1}, {"(no source)", 1}}));
}

TEST(GatherQueryBrief, AKeyNotStoredIsNotFoundNamingTheNearestAndPaaStatus) {
  test::FakeStoreReader store;
  store.add(test::make_stored("espresso", "en", "us", "", body("espresso", node("Q?", "https://a.com"))), "job");
  auto brief = gather_query_brief(store, make_query("espresso", "en", "gb").value(), "store 'x.db'");
  ASSERT_FALSE(brief);
  EXPECT_EQ(brief.error().kind(), errc::not_found);
  const std::string& m = brief.error().message;
  EXPECT_TRUE(m.starts_with("no result stored for q='espresso' hl=en gl=gb in store 'x.db': harvest it first or check "
                            "the spelling (`paa status`"))
      << m;
  EXPECT_NE(m.find("the nearest stored: q='espresso' hl=en gl=us"), std::string::npos) << m;
}

TEST(GatherTopicBrief, TheTopicsQuestionsWithTheirPlacesRelatedAndDomains) {
  test::FakeStoreReader store;
  store.add(test::make_stored("espresso", "en", "us", "",
                              body("espresso",
                                   node("How long does an espresso machine last?", "https://a.com/1",
                                        node("how long do espresso machines last", "https://b.com/1")) +
                                       "," + node("Why is espresso bitter?", "https://a.com/2"),
                                   R"(["espresso beans","Espresso  Beans","grinder"])"),
                              1000));
  store.add(test::make_stored("espresso machine", "en", "us", "",
                              body("espresso machine",
                                   node("Why is espresso bitter?", "https://a.com/2") + "," +
                                       node("How long does an espresso machine last?", "https://a.com/1"),
                                   R"(["espresso beans"])"),
                              2000));
  // Find the topic of these questions the way a user does: its id from the topics' rows.
  analysis::QuestionPass pass;
  std::optional<std::uint64_t> id;
  for (const auto* key : {"espresso", "espresso machine"}) {
    auto r = store.get(encode_key(make_query(key, "en", "us").value().key)).value().value();
    ASSERT_TRUE(pass.add_tree(r, parse_envelope(r.body).value().result.children));
  }
  ASSERT_TRUE(for_each_question_row(pass, {}, [&](const analysis::UniqueQuestion&, const topics::QuestionGroup&,
                                                  const topics::Topic& t) -> Result<void> {
    if (!id) id = t.id;
    EXPECT_EQ(*id, t.id) << "one topic";
    return {};
  }));
  ASSERT_TRUE(id);
  // Its first digits find it as the whole id does.
  auto brief = gather_topic_brief(store, parse_topic_id(topics::topic_hex(*id).substr(0, 6)).value(), 1.0, "store 'x'");
  ASSERT_TRUE(brief) << brief.error().message;
  EXPECT_EQ(brief->kind, BriefKind::topic);
  EXPECT_EQ(brief->topic_id, topics::topic_hex(*id));
  EXPECT_EQ(brief->locale, "en");
  EXPECT_EQ(brief->trees, 2u);
  ASSERT_EQ(brief->entries.size(), 2u);
  EXPECT_EQ(brief->entries[0].question, "How long does an espresso machine last?");
  EXPECT_EQ(brief->entries[0].variants, std::vector<std::string>{"how long do espresso machines last"});
  EXPECT_EQ(brief->entries[0].group_count, 2u);
  EXPECT_EQ(brief->entries[0].depth, 1u);
  EXPECT_EQ(brief->entries[0].position, 1u);  // its most prominent place: the first tree's top
  EXPECT_EQ(brief->entries[0].status, watch::StabilityStatus::stable);
  EXPECT_EQ(brief->entries[1].question, "Why is espresso bitter?");
  EXPECT_EQ(brief->entries[1].position, 1u);
  EXPECT_EQ(brief->related, (std::vector<std::string>{"espresso beans", "grinder"}));
  // The answers in the topic's trees, a question once per tree.
  EXPECT_EQ(brief->domains, (std::vector<BriefDomain>{{"a.com", 4}, {"b.com", 1}}));

  auto unknown = gather_topic_brief(store, TopicIdPrefix{*id ^ 1}, 1.0, "store 'x'");
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().kind(), errc::not_found);
  EXPECT_NE(unknown.error().message.find("no topic " + topics::topic_hex(*id ^ 1) + " in store 'x' at resolution 1 (it has 1 topics)"),
            std::string::npos)
      << unknown.error().message;
}

// A prefix that starts several topics' ids names them and asks for more digits; it never picks one.
TEST(GatherTopicBrief, APrefixOfSeveralTopicsIdsNamesThemAndPicksNone) {
  test::FakeStoreReader store;
  store.add(test::make_stored("espresso", "en", "us", "", body("espresso", node("Why is espresso bitter?", "https://a.com/2")),
                              1000));
  store.add(test::make_stored("monstera", "en", "us", "",
                              body("monstera", node("How often should you water a monstera?", "https://b.com/1")), 2000));
  auto brief = gather_topic_brief(store, TopicIdPrefix{0, 0}, 1.0, "store 'x'");  // no digit: every id starts so
  ASSERT_FALSE(brief);
  EXPECT_EQ(brief.error().kind(), errc::invalid_input);
  const std::string& m = brief.error().message;
  EXPECT_NE(m.find("starts 2 topics' ids: "), std::string::npos) << m;
  EXPECT_NE(m.find("give more of its digits"), std::string::npos) << m;
  EXPECT_NE(m.find("espresso"), std::string::npos) << m;  // each by its id and label
  EXPECT_NE(m.find("monstera"), std::string::npos) << m;
}

}  // namespace
}  // namespace paa::exporting
