// The seeds' attributes in the exports (docs/exports.md "Attributes"): CSV column names, the
// catalog, what jsonl/csv rows carry (a discovered key its seed's), and the questions' volume.
#include "paa/export/attributes.hpp"
#include "paa/export/exporter.hpp"

#include "support/files.hpp"
#include "test_support.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <gtest/gtest.h>

#include <map>
#include <sstream>

namespace paa::exporting {
namespace {

using test::FakeStoreReader;
using test::make_stored;

TEST(AttributeColumns, SanitisedLowerCaseStableAndDistinct) {
  EXPECT_EQ(attribute_columns({"volume", "KD", "Keyword Difficulty", "CPC (USD)", "Avg. monthly searches", "#",
                               "Top of page bid (low range)", "Suchvolumen \u00c4", "kd", "K-D", "", "  CTR % "}),
            (std::vector<std::string>{"attr_volume", "attr_kd", "attr_keyword_difficulty", "attr_cpc_usd",
                                      "attr_avg_monthly_searches", "attr_column", "attr_top_of_page_bid_low_range",
                                      "attr_suchvolumen_\u00c4", "attr_kd_2", "attr_k_d", "attr_column_2",
                                      "attr_ctr"}));
}

SeedAttributes attrs(std::uint64_t volume, const std::string& kd) {
  SeedAttributes a;
  a.fields = {{"volume", std::to_string(volume)}, {"kd", kd}};
  a.volume = volume;
  return a;
}

// A store with a job whose seed "coffee" (volume 100) discovered "is coffee good" (level 1),
// a seed "tea" with only a kd, and a key of another job without attributes. The attributes are
// as a store's reader returns them: under their canonical names (the codec maps an older store's,
// store_compat_test).
class AttributeExports : public ::testing::Test {
 protected:
  void SetUp() override {
    auto coffee = make_stored("coffee", "en", "us", "", test::body_with_questions({"Why?", "How?"}));
    auto good = make_stored("is coffee good", "en", "us", "", test::body_with_questions({"why?", "When?"}));
    auto tea = make_stored("tea", "en", "us", "", test::body_with_questions({"Why?"}));
    auto mate = make_stored("mate", "es", "us", "", test::body_with_questions({"How?"}));
    coffee_key = coffee.key;
    store.add(coffee, "kw");
    store.add(good, "kw");
    store.add(tea, "kw");
    store.add(mate, "other");
    ProgressEntry seed;
    seed.attrs = attrs(100, "12");
    store.add_progress("kw", coffee.key, seed);
    ProgressEntry tea_entry;
    tea_entry.attrs.fields = {{"kd", "3"}};
    store.add_progress("kw", tea.key, tea_entry);
    LevelKey found;
    found.encoded = good.key;
    found.query = *make_query("is coffee good", "en", "us", "");
    found.lineage = Lineage{1, Via::question, coffee.key, coffee.key};
    store.add_discovered("kw", found);
  }

  std::string run(ExportFormat format, const std::string& job = {}) {
    ExportRequest request;
    request.format.format = format;
    request.job = job;
    StringSink sink;
    BufferedOutput out(sink);
    auto summary = export_store(store, request, out);
    EXPECT_TRUE(summary) << (summary ? "" : summary.error().message);
    return sink.data;
  }

  FakeStoreReader store;
  std::string coffee_key;
};

TEST_F(AttributeExports, TheCatalogNamesEveryAttributeInOrderOfAppearance) {
  auto all = catalog_attributes(store, "");
  ASSERT_TRUE(all);
  EXPECT_EQ(all->names, (std::vector<std::string>{"volume", "kd"}));
  EXPECT_EQ(all->jobs, (std::vector<std::string>{"kw"}));
  EXPECT_TRUE(all->volumes);
  auto other = catalog_attributes(store, "other");
  ASSERT_TRUE(other);
  EXPECT_TRUE(other->empty());
}

TEST_F(AttributeExports, JsonlCarriesEachTreesAttributesADiscoveredKeyItsSeeds) {
  std::map<std::string, std::string> by_q;
  std::istringstream in(run(ExportFormat::jsonl));
  for (std::string line; std::getline(in, line);) {
    auto v = boost::json::parse(line).as_object();
    by_q[std::string(v.at("q").as_string())] =
        boost::json::serialize(v.at("attrs")) + " " + boost::json::serialize(v.at("volume"));
  }
  EXPECT_EQ(by_q, (std::map<std::string, std::string>{{"coffee", R"({"volume":"100","kd":"12"} 100)"},
                                                      {"is coffee good", R"({"volume":"100","kd":"12"} 100)"},
                                                      {"tea", R"({"kd":"3"} null)"},
                                                      {"mate", "{} null"}}));
}

TEST_F(AttributeExports, CsvHasAnAttrColumnEachAfterTheOthers) {
  const std::string csv = run(ExportFormat::csv, "kw");
  const std::string header = csv.substr(0, csv.find('\n'));
  EXPECT_EQ(header, "q,hl,gl,city,depth,position,parent,question,answer,url,title,level,parent_q,seed_q,"
                    "attr_volume,attr_kd");
  EXPECT_NE(csv.find(",1,coffee,coffee,100,12\n"), std::string::npos) << csv;  // the discovered key's rows
  EXPECT_NE(csv.find(",0,,tea,,3\n"), std::string::npos) << csv;
}

TEST_F(AttributeExports, AStoreWithoutAttributesExportsAsBefore) {
  const std::string csv = run(ExportFormat::csv, "other");
  EXPECT_EQ(csv.substr(0, csv.find('\n')), "q,hl,gl,city,depth,position,parent,question,answer,url,title,level,parent_q,seed_q");
  EXPECT_EQ(run(ExportFormat::jsonl, "other").find("attrs"), std::string::npos);
  const std::string questions = run(ExportFormat::questions, "other");
  EXPECT_EQ(questions.substr(0, questions.find('\n')),
            "question,answer,url,title,count,first_q,first_hl,first_gl,first_city,"
            "type,intent,variant_of,group_count,seeds,locales,topic,topic_label");
}

TEST_F(AttributeExports, QuestionsGainTheVolumeOfTheirDistinctSeeds) {
  // why? is in coffee's tree and its discovered key's (seed coffee: 100 once) and in tea's (no
  // volume); how? in coffee's (100) and mate's (none); when? in the discovered key's (100).
  std::map<std::string, std::string> volume;
  std::istringstream in(run(ExportFormat::questions, "kw"));
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, "question,answer,url,title,count,first_q,first_hl,first_gl,first_city,volume,group_volume,"
                  "type,intent,variant_of,group_count,seeds,locales,topic,topic_label");
  while (std::getline(in, line)) {
    const auto row = paa::test::parse_csv(line).at(0);
    volume[row.at(0)] = row.at(9);
  }
  EXPECT_EQ(volume, (std::map<std::string, std::string>{{"Why?", "100"}, {"How?", "100"}, {"When?", "100"}}));
}

}  // namespace
}  // namespace paa::exporting
