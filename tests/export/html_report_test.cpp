#include "paa/export/html/html_report.hpp"

#include "test_support.hpp"

#include <boost/json/parse.hpp>

#include <gtest/gtest.h>

namespace paa::exporting {
namespace {

const std::string kHostile = R"(</script><img src=x onerror="window.__pwned=1">'quoted' & <!-- )";

std::string report(const std::vector<StoredResult>& results, const std::vector<std::string>& jobs) {
  StringSink sink;
  {
    BufferedOutput out(sink, 64);
    HtmlReportWriter writer(out, jobs);
    writer.begin();
    const std::uint32_t first_job[] = {0};
    for (const auto& r : results) {
      auto env = parse_envelope(r.body);
      EXPECT_TRUE(env) << env.error().message;
      writer.add(r, *env, first_job);
    }
    writer.finish();
    EXPECT_TRUE(out.flush());
  }
  return sink.data;
}

// The text of every data element, in order: the results chunks, then the meta object.
std::vector<std::string> data_elements(const std::string& page) {
  std::vector<std::string> out;
  for (const std::string open : {R"(<script type="application/json" class="paa-results">)",
                                 R"(<script type="application/json" id="paa-meta">)"}) {
    for (auto start = page.find(open); start != std::string::npos; start = page.find(open, start + 1)) {
      const auto end = page.find("</script>", start);
      out.push_back(page.substr(start + open.size(), end - start - open.size()));
    }
  }
  return out;
}

// The page's data as one object: {"results":[...], "jobs":[...], "newest_fetched_at":...}.
boost::json::object data_of(const std::string& page, const boost::json::parse_options& po = {}) {
  auto texts = data_elements(page);
  EXPECT_FALSE(texts.empty());
  boost::json::object doc = boost::json::parse(texts.back(), {}, po).as_object();
  boost::json::array results;
  for (std::size_t i = 0; i + 1 < texts.size(); ++i) {
    const boost::json::value chunk = boost::json::parse(texts[i], {}, po);
    for (const auto& r : chunk.as_array()) results.push_back(r);
  }
  doc["results"] = std::move(results);
  return doc;
}

TEST(HtmlReport, OneSelfContainedPageWithAPolicyThatAllowsNoNetwork) {
  const auto page = report({test::make_stored("coffee", "en", "us", "", test::kCoffeeBody)}, {"first"});
  EXPECT_TRUE(page.starts_with("<!doctype html>"));
  EXPECT_NE(page.find("Content-Security-Policy\" content=\"default-src 'none';"), std::string::npos);
  EXPECT_TRUE(page.ends_with("</body>\n</html>\n"));
  // No address outside the data but XML namespace names (which are never fetched).
  std::string outside_data = page.substr(0, page.find("<script type=\"application/json\"")) +
                             page.substr(page.find("</script>", page.find("id=\"paa-meta\"")));
  for (const std::string ns : {"http://www.w3.org/2000/svg"}) {
    for (auto p = outside_data.find(ns); p != std::string::npos; p = outside_data.find(ns)) outside_data.erase(p, ns.size());
  }
  for (const char* remote : {"http://", "https://", "src=\"", "href=\"", "@import", "url("}) {
    EXPECT_EQ(outside_data.find(remote), std::string::npos) << remote;
  }
}

TEST(HtmlReport, TheDataIsJsonWithTheTreesNestedAndNothingHtmlCanSee) {
  auto hostile = test::make_stored(kHostile, "en", "gb", "London",
                                   test::body_with_questions({"<b>bold</b>", "say \\\"hi\\\""}));
  const auto page = report({test::make_stored("coffee", "en", "us", "", test::kCoffeeBody), hostile},
                           {"first", "</script>"});
  for (const auto& data : data_elements(page)) {
    EXPECT_EQ(data.find('<'), std::string::npos);
    EXPECT_EQ(data.find('>'), std::string::npos);
    EXPECT_EQ(data.find('&'), std::string::npos);
  }
  // Every script element that ends is one the writer opened: one results chunk, the meta
  // object, the code both report forms share (common.js), the page's script.
  std::size_t opens = 0, ends = 0;
  for (auto p = page.find("<script"); p != std::string::npos; p = page.find("<script", p + 1)) ++opens;
  for (auto p = page.find("</script"); p != std::string::npos; p = page.find("</script", p + 1)) ++ends;
  EXPECT_EQ(ends, 4u);
  EXPECT_EQ(opens, ends);

  const auto doc = data_of(page);
  const auto& results = doc.at("results").as_array();
  ASSERT_EQ(results.size(), 2u);
  const auto& coffee = results[0].as_array();
  EXPECT_EQ(coffee[0].as_string(), "coffee");
  EXPECT_EQ(coffee[3].as_string(), "");
  EXPECT_EQ(coffee[4].as_int64(), 1795218854123);
  EXPECT_EQ(coffee[5].as_array().size(), 1u);
  EXPECT_EQ(coffee[6].as_array()[1].as_string(), "coffee, \"beans\"");
  const auto& tree = coffee[7].as_array();
  ASSERT_EQ(tree.size(), 2u);
  const auto& first = tree[0].as_array();
  EXPECT_EQ(first[0].as_string(), "Is coffee good?");
  EXPECT_EQ(first[1].as_string(), "Yes, \"mostly\".\nSee below.");
  EXPECT_EQ(first[3].as_string(), "Café ☕");
  const auto& why = first[4].as_array()[0].as_array();
  EXPECT_EQ(why[0].as_string(), "Why?");
  EXPECT_EQ(why[1].as_string(), "");  // a null answer
  EXPECT_EQ(why.size(), 4u);          // no children: no fifth element
  EXPECT_EQ(tree[1].as_array()[4].as_array()[0].as_array()[0].as_string(), "Only under the duplicate");

  const auto& h = results[1].as_array();
  EXPECT_EQ(h[0].as_string(), hostile.q);
  EXPECT_TRUE(hostile.q.starts_with("</script><img src=x onerror="));
  EXPECT_EQ(h[3].as_string(), "London");
  EXPECT_EQ(h[7].as_array()[0].as_array()[0].as_string(), "<b>bold</b>");
  EXPECT_EQ(doc.at("jobs").as_array()[1].as_string(), "</script>");
  EXPECT_EQ(doc.at("newest_fetched_at").as_int64(), 1795218854123);
}

TEST(HtmlReport, AnEmptySelectionIsStillAPage) {
  const auto page = report({}, {});
  const auto doc = data_of(page);
  EXPECT_TRUE(doc.at("results").as_array().empty());
  EXPECT_EQ(data_elements(page).size(), 1u);  // the meta object alone
  EXPECT_NE(page.find("<script>\n\"use strict\";"), std::string::npos);
}

TEST(HtmlReport, ResultsAreSplitIntoElementsOf200InOrder) {
  std::vector<StoredResult> results;
  for (int i = 0; i < 450; ++i) {
    results.push_back(test::make_stored("q " + std::to_string(i), "en", "us", "", test::kCoffeeBody));
  }
  const auto page = report(results, {"first"});
  EXPECT_EQ(data_elements(page).size(), 3u + 1u);
  const auto doc = data_of(page);
  const auto& all = doc.at("results").as_array();
  ASSERT_EQ(all.size(), 450u);
  for (int i = 0; i < 450; ++i) EXPECT_EQ(all[static_cast<std::size_t>(i)].as_array()[0].as_string(), "q " + std::to_string(i));
}

// The text of each element that opens with `open`, in order.
std::vector<std::string> elements(const std::string& page, const std::string& open) {
  std::vector<std::string> out;
  for (auto start = page.find(open); start != std::string::npos; start = page.find(open, start + 1)) {
    const auto end = page.find("</script>", start);
    out.push_back(page.substr(start + open.size(), end - start - open.size()));
  }
  return out;
}

TEST(HtmlReport, TopicsFollowTheResultsAsJsonEscapedForThePage) {
  StringSink sink;
  {
    BufferedOutput out(sink, 64);
    HtmlReportWriter writer(out, {"first"});
    writer.begin();
    auto r = test::make_stored("coffee", "en", "us", "", test::kCoffeeBody);
    auto env = parse_envelope(r.body);
    ASSERT_TRUE(env);
    const std::uint32_t first_job[] = {0};
    writer.add(r, *env, first_job);
    for (std::uint64_t i = 0; i < kTopicQuestionsPerElement + 1; ++i) {
      writer.add_topic_question(i == 0 ? kHostile : "q " + std::to_string(i), static_cast<std::uint32_t>(i % 2),
                                question::QuestionType::cost);
    }
    ReportTopic t;
    t.id = "00000000000000ff";
    t.label = kHostile;
    t.hl = "en";
    t.representative = "</script>";
    t.questions = 3;
    t.groups = 2;
    t.trees = 7;
    t.volume = 4400;
    t.types[static_cast<std::size_t>(question::QuestionType::cost)] = 3;
    t.listed.push_back({kHostile, question::QuestionType::cost, question::Intent::commercial, 5, ""});
    t.listed.push_back({"q 1", question::QuestionType::cost, question::Intent::transactional, 2, kHostile});
    t.change = "split";
    t.trees_before = 4;
    t.questions_before = 1;
    t.from = kHostile;
    ReportTopicTrend trend;
    trend.compared = true;
    trend.since_ms = 1795218854123;
    trend.since_results = 12;
    trend.counts = {{"grew", 0}, {"split", 1}, {"gone", 1}};
    trend.ended_total = 1;
    trend.ended.push_back({"merged", "00000000000000aa", kHostile, "</script>", 5, 6});
    writer.add_topics({t, ReportTopic{}}, 9, true, {}, trend);
    writer.finish();
    ASSERT_TRUE(out.flush());
  }
  const std::string& page = sink.data;
  const auto questions = elements(page, R"(<script type="application/json" class="paa-topic-questions">)");
  const auto topic_data = elements(page, R"(<script type="application/json" id="paa-topics">)");
  ASSERT_EQ(questions.size(), 2u);  // elements of kTopicQuestionsPerElement
  ASSERT_EQ(topic_data.size(), 1u);
  // After the results, before the meta object and the script.
  EXPECT_LT(page.find("class=\"paa-results\""), page.find("class=\"paa-topic-questions\""));
  EXPECT_LT(page.find("id=\"paa-topics\""), page.find("id=\"paa-meta\""));
  for (const auto& texts : {questions, topic_data}) {
    for (const auto& data : texts) {
      EXPECT_EQ(data.find('<'), std::string::npos);
      EXPECT_EQ(data.find('>'), std::string::npos);
      EXPECT_EQ(data.find('&'), std::string::npos);
    }
  }
  const auto first = boost::json::parse(questions[0]).as_array();
  EXPECT_EQ(first.size(), kTopicQuestionsPerElement);
  EXPECT_EQ(first[0].as_array()[0].as_string(), kHostile);
  EXPECT_EQ(first[1].as_array()[1].as_int64(), 1);
  EXPECT_EQ(first[1].as_array()[2].as_int64(), static_cast<int>(question::QuestionType::cost));
  EXPECT_EQ(boost::json::parse(questions[1]).as_array().size(), 1u);

  const auto doc = boost::json::parse(topic_data[0]).as_object();
  EXPECT_EQ(doc.at("total").as_int64(), 9);
  EXPECT_EQ(doc.at("questions_per_topic").as_int64(), static_cast<std::int64_t>(kQuestionsPerTopic));
  const auto& types = doc.at("types").as_array();
  ASSERT_EQ(types.size(), question::kQuestionTypes.size());
  EXPECT_EQ(types[static_cast<std::size_t>(question::QuestionType::cost)].as_string(), "cost");
  EXPECT_EQ(doc.at("intents").as_array()[static_cast<std::size_t>(question::Intent::commercial)].as_string(), "commercial");
  const auto& listed = doc.at("topics").as_array();
  ASSERT_EQ(listed.size(), 2u);
  const auto& topic = listed[0].as_array();
  EXPECT_EQ(topic[0].as_string(), "00000000000000ff");
  EXPECT_EQ(topic[1].as_string(), kHostile);
  EXPECT_EQ(topic[2].as_string(), "en");
  EXPECT_EQ(topic[3].as_int64(), 3);
  EXPECT_EQ(topic[4].as_int64(), 2);
  EXPECT_EQ(topic[5].as_int64(), 7);
  EXPECT_EQ(topic[6].as_int64(), 4400);  // its volume
  EXPECT_EQ(topic[7].as_string(), "</script>");
  EXPECT_EQ(topic[8].as_array()[static_cast<std::size_t>(question::QuestionType::cost)].as_int64(), 3);
  EXPECT_TRUE(doc.at("volumes").as_bool()) << "a listed topic has demand: the page shows the column";
  const auto& second = topic[9].as_array()[1].as_array();
  EXPECT_EQ(second[0].as_string(), "q 1");
  EXPECT_EQ(second[2].as_int64(), static_cast<int>(question::Intent::transactional));
  EXPECT_EQ(second[3].as_int64(), 2);
  EXPECT_EQ(second[4].as_string(), kHostile);
  EXPECT_TRUE(listed[1].as_array()[9].as_array().empty());
  EXPECT_EQ(topic[10].as_string(), "split");
  EXPECT_EQ(topic[11].as_int64(), 4);
  EXPECT_EQ(topic[12].as_int64(), 1);
  EXPECT_EQ(topic[13].as_string(), kHostile);
  EXPECT_EQ(listed[1].as_array()[10].as_string(), "") << "no trend: no change";
  const auto& trend = doc.at("trend").as_object();
  EXPECT_TRUE(trend.at("compared").as_bool());
  EXPECT_EQ(trend.at("since_ms").as_int64(), 1795218854123);
  EXPECT_EQ(trend.at("since_results").as_int64(), 12);
  EXPECT_EQ(trend.at("counts").as_array()[1].as_array()[0].as_string(), "split");
  EXPECT_EQ(trend.at("counts").as_array()[1].as_array()[1].as_int64(), 1);
  const auto& ended = trend.at("ended").as_array();
  ASSERT_EQ(ended.size(), 1u);
  EXPECT_EQ(ended[0].as_array()[0].as_string(), "merged");
  EXPECT_EQ(ended[0].as_array()[2].as_string(), kHostile);
  EXPECT_EQ(ended[0].as_array()[3].as_int64(), 5);
  EXPECT_EQ(ended[0].as_array()[5].as_string(), "</script>");
}

TEST(HtmlReport, ChangesAndDomainsFollowTheTopicsAsJsonEscapedForThePage) {
  StringSink sink;
  {
    BufferedOutput out(sink, 64);
    HtmlReportWriter writer(out, {"first"});
    writer.begin();
    auto r = test::make_stored(kHostile, "en", "us", "", test::kCoffeeBody);
    auto env = parse_envelope(r.body);
    ASSERT_TRUE(env);
    const std::uint32_t first_job[] = {0};
    watch::KeyStability history;
    history.versions = 3;
    history.mean_churn = 0.375;
    history.last_change_ms = 1795218854123;
    writer.add(r, *env, first_job, &history);
    watch::KeyStability one;
    one.versions = 1;
    writer.add(test::make_stored("tea", "en", "us", "", test::kCoffeeBody), *env, first_job, &one);
    writer.add_topics({}, 0, false, {}, {});

    ReportChanges changes;
    changes.keys = 2;
    changes.changed_keys = 1;
    changes.versions = 4;
    changes.runs = 3;
    changes.statuses = {5, 1, 2, 3};
    ReportVolatileKey key;
    key.key = {kHostile, "en", "us", "</script>"};
    key.summary = history;
    key.summary.gone = 2;
    key.summary.added = 3;
    key.earlier_versions = 1;
    ReportVersion first;
    first.first_fetch_ms = 1000;
    first.last_fetch_ms = 2000;
    first.run_id = "20261118-110640";
    first.questions = 3;
    ReportVersion second;
    second.first_fetch_ms = 3000;
    second.last_fetch_ms = 3000;
    second.questions = 4;
    second.churn = 0.5;
    second.changes.push_back({TreeChangeKind::added, kHostile, "", ""});
    second.changes.push_back({TreeChangeKind::moved, "Why?", "depth 1, position 1", "depth 2, position 1, under \"<b>\""});
    second.more_changes = 7;
    key.versions = {first, second};
    changes.volatile_keys.push_back(key);
    changes.questions.push_back({{kHostile, "en", "us", ""}, kHostile, watch::StabilityStatus::added, 3000, 4000, 1, 3});
    writer.add_changes(changes);

    ReportDomains domains;
    domains.sourced = 10;
    domains.total = 3;
    domains.yours = {"planted.com"};
    domains.runs = 3;
    DomainRowFigures planted;
    planted.domain = "planted.com";
    planted.answers = 4;
    planted.share = 0.4;
    planted.questions = 3;
    planted.keys = 2;
    planted.topics = 1;
    planted.yours = true;
    DomainRowFigures none;
    none.domain = "(no source)";
    none.kind = watch::SourceKind::no_source;
    none.answers = 2;
    domains.rows = {planted, none};
    ReportRunMoves moves;
    moves.run_id = "20261118-110640";
    moves.job = kHostile;
    moves.at_ms = 1795000060000;
    moves.keys = 2;
    moves.moves = 1;
    moves.rows.push_back({"planted.com", {3, 4, 1, 0}});
    moves.more_rows = 2;
    domains.since.push_back(moves);
    writer.add_domains(domains);
    writer.finish();
    ASSERT_TRUE(out.flush());
  }
  const std::string& page = sink.data;
  const auto change_data = elements(page, R"(<script type="application/json" id="paa-changes">)");
  const auto domain_data = elements(page, R"(<script type="application/json" id="paa-domains">)");
  ASSERT_EQ(change_data.size(), 1u);
  ASSERT_EQ(domain_data.size(), 1u);
  EXPECT_LT(page.find("id=\"paa-topics\""), page.find("id=\"paa-changes\""));
  EXPECT_LT(page.find("id=\"paa-changes\""), page.find("id=\"paa-domains\""));
  EXPECT_LT(page.find("id=\"paa-domains\""), page.find("id=\"paa-meta\""));
  for (const auto* texts : {&change_data, &domain_data}) {
    for (const auto& data : *texts) {
      EXPECT_EQ(data.find('<'), std::string::npos);
      EXPECT_EQ(data.find('>'), std::string::npos);
      EXPECT_EQ(data.find('&'), std::string::npos);
    }
  }

  // The results' 9th element: versions, mean churn, last change (none with one version).
  const auto results = data_of(page).at("results").as_array();
  ASSERT_EQ(results.size(), 2u);
  const auto& h = results[0].as_array()[8].as_array();
  EXPECT_EQ(h[0].as_int64(), 3);
  EXPECT_DOUBLE_EQ(h[1].as_double(), 0.375);
  EXPECT_EQ(h[2].as_int64(), 1795218854123);
  const auto& single = results[1].as_array()[8].as_array();
  EXPECT_EQ(single[0].as_int64(), 1);
  EXPECT_TRUE(single[1].is_null());
  EXPECT_TRUE(single[2].is_null());

  const auto c = boost::json::parse(change_data[0]).as_object();
  EXPECT_EQ(c.at("keys").as_int64(), 2);
  EXPECT_EQ(c.at("runs").as_int64(), 3);
  EXPECT_EQ(c.at("statuses").at("new").as_int64(), 3);
  EXPECT_EQ(c.at("statuses").at("intermittent").as_int64(), 1);
  EXPECT_EQ(c.at("caps").at("keys").as_int64(), static_cast<std::int64_t>(kVolatileKeysListed));
  const auto& k = c.at("volatile").as_array()[0].as_array();
  EXPECT_EQ(k[0].as_string(), kHostile);
  EXPECT_EQ(k[3].as_string(), "</script>");
  EXPECT_EQ(k[4].as_int64(), 3);
  EXPECT_DOUBLE_EQ(k[5].as_double(), 0.375);
  EXPECT_EQ(k[7].as_array()[2].as_int64(), 2);  // gone
  EXPECT_EQ(k[7].as_array()[3].as_int64(), 3);  // new
  EXPECT_EQ(k[8].as_int64(), 1);
  const auto& versions = k[9].as_array();
  ASSERT_EQ(versions.size(), 2u);
  EXPECT_EQ(versions[0].as_array()[2].as_string(), "20261118-110640");
  EXPECT_TRUE(versions[0].as_array()[4].is_null());
  EXPECT_DOUBLE_EQ(versions[1].as_array()[4].as_double(), 0.5);
  const auto& diff = versions[1].as_array()[5].as_array();
  ASSERT_EQ(diff.size(), 2u);
  EXPECT_EQ(diff[0].as_array()[0].as_string(), "added");
  EXPECT_EQ(diff[0].as_array()[1].as_string(), kHostile);
  EXPECT_EQ(diff[1].as_array()[0].as_string(), "moved");
  EXPECT_EQ(diff[1].as_array()[3].as_string(), "depth 2, position 1, under \"<b>\"");
  EXPECT_EQ(versions[1].as_array()[6].as_int64(), 7);
  const auto& q = c.at("questions").as_array()[0].as_array();
  EXPECT_EQ(q[4].as_string(), kHostile);
  EXPECT_EQ(q[5].as_string(), "new");
  EXPECT_EQ(q[9].as_int64(), 3);

  const auto d = boost::json::parse(domain_data[0]).as_object();
  EXPECT_EQ(d.at("sourced").as_int64(), 10);
  EXPECT_EQ(d.at("yours").as_array()[0].as_string(), "planted.com");
  const auto& rows = d.at("rows").as_array();
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].as_array()[0].as_string(), "planted.com");
  EXPECT_DOUBLE_EQ(rows[0].as_array()[2].as_double(), 0.4);
  EXPECT_TRUE(rows[0].as_array()[6].as_bool());
  EXPECT_TRUE(rows[1].as_array()[2].is_null());  // (no source) has no share
  const auto& since = d.at("since").as_array()[0].as_array();
  EXPECT_EQ(since[1].as_string(), kHostile);
  EXPECT_EQ(since[5].as_array()[0].as_array()[3].as_int64(), 1);  // won
  EXPECT_EQ(since[6].as_int64(), 2);
}

TEST(HtmlReport, DeepTreesAreWrittenWithoutRecursion) {
  Envelope env;
  env.result.question = "deep";
  std::vector<Question>* level = &env.result.children;
  for (int i = 0; i < 5000; ++i) {
    level->push_back(Question{"q" + std::to_string(i), std::nullopt, "", "", {}});
    level = &level->back().children;
  }
  StringSink sink;
  {
    BufferedOutput out(sink);
    HtmlReportWriter writer(out, {});
    writer.begin();
    writer.add(test::make_stored("deep", "en", "us", "", "{}"), env, {});
    writer.finish();
    ASSERT_TRUE(out.flush());
  }
  boost::json::parse_options po;
  po.max_depth = 20000;
  EXPECT_EQ(data_of(sink.data, po).at("results").as_array().size(), 1u);
}

}  // namespace
}  // namespace paa::exporting
