#include "paa/model/envelope.hpp"

#include <gtest/gtest.h>

#include <string>

namespace paa {
namespace {

using namespace std::chrono;

std::string error_of(std::string_view body, const ParseLimits& limits = {}) {
  auto r = parse_envelope(body, limits);
  if (r) return "<parsed>";
  return r.error().message;
}

// A question chain `levels` deep: {"question":"q1","children":[{"question":"q2",...}]}.
std::string nested_questions(std::size_t levels) {
  std::string body = R"({"result":{"question":"root","children":[)";
  for (std::size_t i = 1; i <= levels; ++i) {
    body += R"({"question":"q)" + std::to_string(i) + "\"";
    if (i < levels) body += R"(,"children":[)";
  }
  for (std::size_t i = 1; i <= levels; ++i) {
    body += "}";
    if (i < levels) body += "]";
  }
  body += "]}}";
  return body;
}

TEST(Envelope, ParsesTheSpecExampleShape) {
  const std::string body = R"({
    "cached": true, "searchesLeft": 120, "payAsYouGoCreditsLeft": 3, "renewalDate": "2026-12-01",
    "result": {
      "question": "how to brew coffee",
      "related": ["coffee ratio", "cold brew"],
      "children": [
        {"question": "What is the best way to brew coffee?", "answer": "Pour over.",
         "url": "https://example.com/a", "title": "Brewing",
         "children": [{"question": "Is French press better?", "answer": "", "url": null}]},
        {"question": "How much coffee per cup?"}
      ]
    }
  })";
  auto env = parse_envelope(body);
  ASSERT_TRUE(env) << env.error().message;
  EXPECT_TRUE(env->cached);
  EXPECT_EQ(env->quota.searches_left, 120);
  EXPECT_EQ(env->quota.payg_credits_left, 3);
  ASSERT_TRUE(env->quota.renewal_date);
  EXPECT_EQ(*env->quota.renewal_date, year_month_day(year{2026}, month{12}, day{1}));
  EXPECT_EQ(env->result.question, "how to brew coffee");
  EXPECT_EQ(env->result.related, (std::vector<std::string>{"coffee ratio", "cold brew"}));
  ASSERT_EQ(env->result.children.size(), 2u);
  const Question& first = env->result.children[0];
  EXPECT_EQ(first.answer, "Pour over.");
  EXPECT_EQ(first.url, "https://example.com/a");
  EXPECT_EQ(first.title, "Brewing");
  ASSERT_EQ(first.children.size(), 1u);
  EXPECT_EQ(first.children[0].question, "Is French press better?");
  EXPECT_FALSE(first.children[0].answer);  // "" means no answer
  EXPECT_EQ(first.children[0].url, "");    // null means ""
  EXPECT_TRUE(env->result.children[1].children.empty());  // children absent
  EXPECT_FALSE(env->result.children[1].answer);          // answer absent
  EXPECT_EQ(count_questions(env->result.children), 3u);
}

TEST(Envelope, AbsentOptionalFieldsTakeTheirDefaults) {
  auto env = parse_envelope(R"({"result":{}})");
  ASSERT_TRUE(env) << env.error().message;
  EXPECT_FALSE(env->cached);
  EXPECT_FALSE(env->quota.searches_left);
  EXPECT_FALSE(env->quota.payg_credits_left);
  EXPECT_FALSE(env->quota.renewal_date);
  EXPECT_EQ(env->result.question, "");
  EXPECT_TRUE(env->result.related.empty());
  EXPECT_TRUE(env->result.children.empty());
}

TEST(Envelope, NullAnswerMeansNoAnswer) {
  auto env = parse_envelope(R"({"result":{"children":[{"question":"a","answer":null,"title":null}]}})");
  ASSERT_TRUE(env) << env.error().message;
  EXPECT_FALSE(env->result.children[0].answer);
  EXPECT_EQ(env->result.children[0].title, "");
}

TEST(Envelope, UnknownFieldsAreTolerated) {
  auto env = parse_envelope(
      R"({"extra":{"deep":[1,2,{"x":null}]},"result":{"foo":1,"children":[{"question":"a","rank":3,"meta":{}}]}})");
  ASSERT_TRUE(env) << env.error().message;
  EXPECT_EQ(env->result.children[0].question, "a");
}

TEST(Envelope, IntegralDoublesAreAcceptedAsCounts) {
  auto env = parse_envelope(R"({"searchesLeft":100.0,"payAsYouGoCreditsLeft":0,"result":{}})");
  ASSERT_TRUE(env) << env.error().message;
  EXPECT_EQ(env->quota.searches_left, 100);
  EXPECT_EQ(env->quota.payg_credits_left, 0);
}

TEST(Envelope, FractionalCountIsAnError) {
  EXPECT_EQ(error_of(R"({"searchesLeft":1.5,"result":{}})"), "searchesLeft: expected a whole number, got 1.5");
}

TEST(Envelope, SearchesLeftAsStringIsAnError) {
  EXPECT_EQ(error_of(R"({"searchesLeft":"100","result":{}})"), "searchesLeft: expected number, got string");
}

TEST(Envelope, MissingResultIsAnError) {
  EXPECT_EQ(error_of(R"({"cached":false})"), "result: missing");
}

TEST(Envelope, ResultMustBeAnObject) {
  EXPECT_EQ(error_of(R"({"result":[]})"), "result: expected object, got array");
}

TEST(Envelope, TopLevelArrayIsAnError) {
  EXPECT_EQ(error_of(R"([{"result":{}}])"), "response body: expected a JSON object, got array");
}

TEST(Envelope, CachedMustBeBoolean) {
  EXPECT_EQ(error_of(R"({"cached":"yes","result":{}})"), "cached: expected boolean, got string");
}

TEST(Envelope, WrongTypeDeepInTheTreeNamesTheJsonPath) {
  const std::string body = R"({"result":{"children":[{},{},{},
      {"question":"d","children":[{"question":7}]}]}})";
  EXPECT_EQ(error_of(body), "result.children[3].children[0].question: expected string, got number");
}

TEST(Envelope, WrongAnswerTypeNamesTheJsonPath) {
  EXPECT_EQ(error_of(R"({"result":{"children":[{"question":"a","answer":{"text":"x"}}]}})"),
            "result.children[0].answer: expected string, got object");
}

TEST(Envelope, QuestionThatIsNotAnObjectNamesItsIndex) {
  EXPECT_EQ(error_of(R"({"result":{"children":[{"question":"a","children":["b"]}]}})"),
            "result.children[0].children[0]: expected object, got string");
}

TEST(Envelope, ChildrenMustBeAnArray) {
  EXPECT_EQ(error_of(R"({"result":{"children":[{"children":{}}]}})"),
            "result.children[0].children: expected array, got object");
}

TEST(Envelope, RelatedElementsMustBeStrings) {
  EXPECT_EQ(error_of(R"({"result":{"related":["a",null]}})"), "result.related[1]: expected string, got null");
}

TEST(Envelope, RenewalDateMustBeARealCalendarDate) {
  EXPECT_EQ(error_of(R"({"renewalDate":"2026-02-30","result":{}})"),
            R"(renewalDate: expected a calendar date like 2026-12-01, got "2026-02-30")");
  EXPECT_EQ(error_of(R"({"renewalDate":"01/12/2026","result":{}})"),
            R"(renewalDate: expected a calendar date like 2026-12-01, got "01/12/2026")");
  EXPECT_EQ(error_of(R"({"renewalDate":20261201,"result":{}})"), "renewalDate: expected string, got number");
}

TEST(Envelope, HundredLevelTreeParses) {
  auto env = parse_envelope(nested_questions(100));
  ASSERT_TRUE(env) << env.error().message;
  EXPECT_EQ(count_questions(env->result.children), 100u);
  int deepest = 0;
  walk_preorder(env->result.children, [&](const QuestionVisit& v) { deepest = std::max(deepest, v.depth); });
  EXPECT_EQ(deepest, 100);
}

TEST(Envelope, ThousandLevelTreeParsesAtTheLimit) {
  auto env = parse_envelope(nested_questions(1000));
  ASSERT_TRUE(env) << env.error().message;
  EXPECT_EQ(count_questions(env->result.children), 1000u);
}

TEST(Envelope, TreeDeeperThanTheQuestionLimitIsRejected) {
  ParseLimits limits;
  limits.max_question_depth = 10;
  EXPECT_EQ(error_of(nested_questions(10), limits), "<parsed>");
  const std::string message = error_of(nested_questions(11), limits);
  EXPECT_NE(message.find("questions nest deeper than 10 levels"), std::string::npos) << message;
}

TEST(Envelope, ArrayNestingBombFailsCleanly) {
  const std::string body = R"({"result":{"children":)" + std::string(10000, '[') + std::string(10000, ']') + "}}";
  const std::string message = error_of(body);
  EXPECT_NE(message.find("nests deeper than"), std::string::npos) << message;
}

TEST(Envelope, ObjectNestingBombFailsCleanly) {
  std::string body;
  for (int i = 0; i < 10000; ++i) body += R"({"a":)";
  body += "1";
  body += std::string(10000, '}');
  const std::string message = error_of(body);
  EXPECT_NE(message.find("nests deeper than"), std::string::npos) << message;
}

TEST(Envelope, QuestionNestingBombFailsCleanly) {
  const std::string message = error_of(nested_questions(10000));
  EXPECT_NE(message.find("nests deeper than"), std::string::npos) << message;
}

TEST(Envelope, InvalidUtf8IsRejected) {
  const std::string body = "{\"result\":{\"question\":\"caf\xC3\"}}";
  EXPECT_EQ(error_of(body), "response body is not valid UTF-8 (byte 27)");
  EXPECT_NE(error_of("{\"result\":{\"question\":\"\xED\xA0\x80\"}}").find("not valid UTF-8"), std::string::npos);
}

TEST(Envelope, BodyOverTheSizeLimitIsRejectedBeforeParsing) {
  ParseLimits limits;
  limits.max_body_bytes = 16;
  EXPECT_EQ(error_of(R"({"result":{"question":"x"}})", limits),
            "response body is 27 bytes, over the limit of 16 bytes");
}

TEST(Envelope, MalformedJsonIsAnError) {
  const std::string message = error_of(R"({"result":{)");
  EXPECT_EQ(message.rfind("response body is not valid JSON", 0), 0u) << message;
  EXPECT_NE(error_of("").find("not valid JSON"), std::string::npos);
}

TEST(Dates, ParseAndFormatRoundTrip) {
  auto d = parse_date("2028-02-29");
  ASSERT_TRUE(d);
  EXPECT_EQ(format_date(*d), "2028-02-29");
  EXPECT_FALSE(parse_date("2027-02-29"));
  EXPECT_FALSE(parse_date("2026-13-01"));
  EXPECT_FALSE(parse_date("2026-1-01"));
  EXPECT_FALSE(parse_date("2026-01-01T00:00"));
  EXPECT_FALSE(parse_date("+026-01-01"));
  EXPECT_FALSE(parse_date(""));
}

TEST(QuestionTree, WalkPreorderReportsDepthPositionAndParent) {
  std::vector<Question> roots(2);
  roots[0].question = "a";
  roots[0].children.resize(2);
  roots[0].children[0].question = "a1";
  roots[0].children[1].question = "a2";
  roots[0].children[0].children.resize(1);
  roots[0].children[0].children[0].question = "a1x";
  roots[1].question = "b";
  std::vector<std::string> seen;
  walk_preorder(roots, [&](const QuestionVisit& v) {
    seen.push_back(v.node.question + "@" + std::to_string(v.depth) + "#" + std::to_string(v.position) + "<" +
                   (v.parent ? v.parent->question : "-"));
  });
  EXPECT_EQ(seen, (std::vector<std::string>{"a@1#1<-", "a1@2#1<a", "a1x@3#1<a1", "a2@2#2<a", "b@1#2<-"}));
  EXPECT_EQ(count_questions(roots), 5u);
  EXPECT_EQ(count_questions({}), 0u);
}

TEST(TreeDigest, EqualAnswersHaveEqualDigestsAndEveryFieldCounts) {
  auto tree = [](std::string answer) {
    SearchResult r;
    r.question = "coffee";
    r.related = {"tea", "latte"};
    Question q{"Why?", std::move(answer), "https://a.example/x", "Title", {}};
    q.children.push_back(Question{"How?", std::nullopt, "", "", {}});
    r.children.push_back(q);
    return r;
  };
  const SearchResult base = tree("Because");
  EXPECT_EQ(tree_digest(base), tree_digest(tree("Because")));
  EXPECT_NE(tree_digest(base), tree_digest(tree("Because!")));
  SearchResult no_answer = base;
  no_answer.children[0].answer.reset();
  SearchResult empty_answer = base;
  empty_answer.children[0].answer = "";
  EXPECT_NE(tree_digest(no_answer), tree_digest(empty_answer)) << "as == tells them apart";
  SearchResult moved = base;  // "Because" + "https..." split differently
  moved.children[0].answer = "Becausehttps://a.example/x";
  moved.children[0].url = "";
  EXPECT_NE(tree_digest(base), tree_digest(moved));
  SearchResult flat = base;  // the child as a sibling instead
  flat.children.push_back(flat.children[0].children[0]);
  flat.children[0].children.clear();
  EXPECT_NE(tree_digest(base), tree_digest(flat));
  SearchResult related = base;
  related.related = {"tealatte"};
  EXPECT_NE(tree_digest(base), tree_digest(related));
  related.related = {"latte", "tea"};
  EXPECT_NE(tree_digest(base), tree_digest(related)) << "order counts";
  EXPECT_EQ(tree_digest(SearchResult{}), tree_digest(SearchResult{}));
  EXPECT_EQ(tree_digest(SearchResult{}), 0xcd7c1b51d3c06bcbULL) << "fixed by the definition, kept in stores";
}

}  // namespace
}  // namespace paa
