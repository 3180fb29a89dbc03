// --topics: the catalog's parse errors, and what a planted tree holds (checked against the
// catalog written here).
#include "paa/emulator/planted_topics.hpp"
#include "paa/emulator/tree_generator.hpp"

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include <set>
#include <string>

namespace paa::emulator {
namespace {

constexpr std::string_view kCatalog = R"({
  "noise": 0,
  "topics": [
    {"name": "a", "seeds": ["alpha one", "alpha two"], "domains": ["a.example"],
     "groups": [{"spellings": ["A hub?", "a hub"], "hubs": ["alpha one"]},
                {"spellings": ["A1?", "a1"]}, {"spellings": ["A2?"]}, {"spellings": ["A3?"]}]},
    {"name": "b", "seeds": ["beta"], "domains": ["b.example"],
     "groups": [{"spellings": ["B1?"]}, {"spellings": ["B2?"]}]}
  ]})";

void collect(const boost::json::value& children, std::set<std::string>& questions, std::set<std::string>& hosts) {
  for (const auto& n : children.as_array()) {
    const auto& o = n.as_object();
    questions.insert(std::string(o.at("question").as_string()));
    const std::string url(o.at("url").as_string());
    hosts.insert(url.substr(8, url.find('/', 8) - 8));
    if (o.contains("children")) collect(o.at("children"), questions, hosts);
  }
}

TEST(PlantedTopics, ASeedsTreeHoldsItsTopicsQuestionsAndItsHubsOnly) {
  auto catalog = parse_planted_topics(kCatalog);
  ASSERT_TRUE(catalog) << catalog.error().message;
  TreeOptions options;
  options.planted = std::make_shared<const PlantedTopics>(std::move(*catalog));
  TreeGenerator gen(options);
  auto tree = [&](std::string_view q, std::set<std::string>& questions, std::set<std::string>& hosts) {
    const auto result = boost::json::parse(gen.result_json({q, "en", "us", std::nullopt}));
    collect(result.at("children"), questions, hosts);
  };
  const std::set<std::string> a = {"A hub?", "a hub", "A1?", "a1", "A2?", "A3?"};
  std::set<std::string> q1, h1, q2, h2, q3, h3;
  tree("alpha one", q1, h1);
  tree("alpha two", q2, h2);
  tree("beta", q3, h3);
  EXPECT_TRUE(q1.contains("A hub?") || q1.contains("a hub")) << "the hub's seed always holds it";
  for (const auto& q : q1) EXPECT_TRUE(a.contains(q)) << q;
  for (const auto& q : q2) EXPECT_TRUE(a.contains(q) && q != "A hub?" && q != "a hub") << q;
  for (const auto& q : q3) EXPECT_TRUE(q == "B1?" || q == "B2?") << q;
  EXPECT_EQ(h1, std::set<std::string>{"a.example"});
  EXPECT_EQ(h3, std::set<std::string>{"b.example"});
  // A key the catalog does not name: the usual tree, byte for byte.
  EXPECT_EQ(gen.result_json({"gamma", "en", "us", std::nullopt}),
            TreeGenerator(TreeOptions{}).result_json({"gamma", "en", "us", std::nullopt}));
}

TEST(PlantedTopics, AMistakeInTheCatalogNamesTheField) {
  auto error = [](std::string_view text) {
    auto r = parse_planted_topics(text);
    return r ? std::string("no error") : r.error().message;
  };
  EXPECT_EQ(error("[").substr(0, 9), "not JSON:");
  EXPECT_EQ(error(R"({"topics": []})"), "\"topics\" must be a non-empty array");
  EXPECT_EQ(error(R"({"noise": 2, "topics": [{}]})"), "\"noise\" must be from 0 to 1");
  EXPECT_EQ(error(R"({"topics": [{"seeds": ["x"], "domains": ["d"], "groups": [{"spellings": []}]}]})"),
            "topics[0].groups[0]: \"spellings\" is empty");
  EXPECT_EQ(error(R"({"topics": [{"domains": ["d"], "groups": []}]})"), "topics[0]: \"seeds\" is missing");
  EXPECT_EQ(error(R"({"topics": [{"seeds": ["x"], "domains": ["d"], "groups": [{"spellings": ["q"], "hubs": [1]}]}]})"),
            "topics[0].groups[0]: \"hubs\" must hold strings only");
}

}  // namespace
}  // namespace paa::emulator
