// --topics: the catalog's parse errors, and what a planted tree holds (checked against the
// catalog written here).
#include "paa/emulator/planted_topics.hpp"
#include "paa/emulator/tree_generator.hpp"

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

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

// Every node of a tree, depth first.
void nodes_of(const boost::json::value& children, std::vector<const boost::json::object*>& out) {
  for (const auto& n : children.as_array()) {
    out.push_back(&n.as_object());
    if (const auto* c = n.as_object().if_contains("children")) nodes_of(*c, out);
  }
}

TreeGenerator planted_generator(std::string_view domains_json, std::uint32_t revision = 0) {
  const std::string text = R"({"noise": 0, "topics": [{"seeds": ["s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9"], "domains": )" +
                           std::string(domains_json) +
                           R"(, "groups": [{"spellings": ["Q1?"]}, {"spellings": ["Q2?"]}, {"spellings": ["Q3?"]},
                                           {"spellings": ["Q4?"]}, {"spellings": ["Q5?"]}]}]})";
  auto catalog = parse_planted_topics(text);
  EXPECT_TRUE(catalog) << catalog.error().message;
  TreeOptions options;
  options.revision = revision;
  options.planted = std::make_shared<const PlantedTopics>(std::move(*catalog));
  return TreeGenerator(options);
}

TEST(PlantedTopics, AnEmptyDomainEntryGivesAQuestionWithoutASource) {
  const TreeGenerator gen = planted_generator(R"([""])");
  std::size_t seen = 0;
  for (const char* q : {"s0", "s1", "s2", "s3"}) {
    const auto result = boost::json::parse(gen.result_json({q, "en", "us", std::nullopt}));
    std::vector<const boost::json::object*> nodes;
    nodes_of(result.at("children"), nodes);
    for (const auto* n : nodes) {
      ++seen;
      EXPECT_FALSE(n->contains("url")) << *n;
      EXPECT_FALSE(n->contains("title")) << *n;
      EXPECT_TRUE(n->contains("answer")) << *n;
    }
  }
  EXPECT_GT(seen, 8u);
}

TEST(PlantedTopics, AUrlEntryIsTheUrlVerbatimAndAHostEntryAPageOnThatHost) {
  const TreeGenerator gen = planted_generator(R"(["url:not a url", "url:mailto:x@example.com", "b\u00fccher.example.de"])");
  std::set<std::string> urls;
  for (const char* q : {"s0", "s1", "s2", "s3", "s4", "s5"}) {
    const auto result = boost::json::parse(gen.result_json({q, "en", "us", std::nullopt}));
    std::vector<const boost::json::object*> nodes;
    nodes_of(result.at("children"), nodes);
    for (const auto* n : nodes) {
      const std::string url(n->at("url").as_string());
      EXPECT_EQ(n->at("title"), n->at("question"));
      if (url.starts_with("https://")) {
        EXPECT_TRUE(url.starts_with("https://bücher.example.de/" + std::string(q) + "-")) << url;
        urls.insert("host");
      } else {
        urls.insert(url);
      }
    }
  }
  EXPECT_EQ(urls, (std::set<std::string>{"not a url", "mailto:x@example.com", "host"}));
}

TEST(PlantedTopics, ARevisedPlantedTreesNewSourceIsOneOfItsTopicsDomains) {
  const std::set<std::string> hosts = {"a.example", "b.example", "c.example", "d.example"};
  std::map<std::string, std::set<std::string>> hosts_of;  // key -> the revised sources' hosts
  std::size_t revised = 0;
  for (std::uint32_t r = 1; r <= 6; ++r) {
    const TreeGenerator gen = planted_generator(R"(["a.example", "b.example", "c.example", "d.example"])", r);
    TreeOptions picks;
    picks.revision = r;
    for (const char* q : {"s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7"}) {
      if (!revision_changes(picks, {q, "en", "us", std::nullopt}, r)) continue;
      ++revised;
      const auto result = boost::json::parse(gen.result_json({q, "en", "us", std::nullopt}));
      const auto& first = result.at("children").as_array().at(0).as_object();
      const std::string url(first.at("url").as_string());
      ASSERT_TRUE(url.starts_with("https://")) << url;
      const std::string host = url.substr(8, url.find('/', 8) - 8);
      EXPECT_TRUE(hosts.contains(host)) << url << ": not one of the topic's domains";
      EXPECT_TRUE(url.ends_with("/" + std::string(q) + "-r" + std::to_string(r))) << url;
      hosts_of[q].insert(host);
    }
  }
  EXPECT_GT(revised, 8u);
  std::size_t moved = 0;
  for (const auto& [q, h] : hosts_of) moved += h.size() > 1;
  EXPECT_GT(moved, 0u) << "a key revised twice moves to another of its topic's domains";
  // The same revision gives the same source.
  const TreeGenerator one = planted_generator(R"(["a.example", "b.example", "c.example", "d.example"])", 3);
  const TreeGenerator two = planted_generator(R"(["a.example", "b.example", "c.example", "d.example"])", 3);
  for (const char* q : {"s0", "s1", "s2", "s3"}) {
    EXPECT_EQ(one.result_json({q, "en", "us", std::nullopt}), two.result_json({q, "en", "us", std::nullopt}));
  }
}

TEST(PlantedTopics, ARevisionToAnEmptyDomainEntryTakesTheSourceAway) {
  std::set<std::string> sources;  // what the revised first questions link to
  for (std::uint32_t r = 1; r <= 6; ++r) {
    const TreeGenerator gen = planted_generator(R"(["a.example", ""])", r);
    TreeOptions picks;
    picks.revision = r;
    for (const char* q : {"s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9"}) {
      if (!revision_changes(picks, {q, "en", "us", std::nullopt}, r)) continue;
      const auto result = boost::json::parse(gen.result_json({q, "en", "us", std::nullopt}));
      const auto& first = result.at("children").as_array().at(0).as_object();
      if (!first.contains("url")) {
        EXPECT_FALSE(first.contains("title")) << first;
        sources.insert("(none)");
      } else {
        EXPECT_EQ(first.at("url"), boost::json::value("https://a.example/" + std::string(q) + "-r" + std::to_string(r)));
        EXPECT_TRUE(first.contains("title")) << first;
        sources.insert("a.example");
      }
    }
  }
  EXPECT_EQ(sources, (std::set<std::string>{"(none)", "a.example"})) << "both entries are drawn";
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
