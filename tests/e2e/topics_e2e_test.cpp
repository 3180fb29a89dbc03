// The topic analysis end to end (docs/topics.md): paa-emulator plants topics from a catalog
// written by hand (tests/fixtures/topics/planted.json: variant groups, their types and intents,
// the seeds that hold each hub), `paa run` harvests the seeds, and the questions export is
// checked against that catalog, never against paa's own output: variant groups pairwise
// (precision and recall), types and intents, and each planted hub's figures.
#include "harness.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace paa::e2e {
namespace {

struct Planted {
  std::size_t group = 0;  // index over all topics' groups
  std::string type, intent;
  std::size_t hubs = 0;  // seeds that hold it; 0: not a hub
};

TEST(TopicsE2E, PlantedVariantGroupsTypesIntentsAndHubsAreFoundAsPlanted) {
  TempDir dir;
  const fs::path catalog = test::fixture_path("topics/planted.json");
  const auto root = boost::json::parse(read_file(catalog)).as_object();
  std::map<std::string, Planted> planted;  // spelling -> its group
  std::string list;
  std::size_t groups = 0;
  for (const auto& tv : root.at("topics").as_array()) {
    const auto& t = tv.as_object();
    for (const auto& s : t.at("seeds").as_array()) list += std::string(s.as_string()) + "\n";
    for (const auto& gv : t.at("groups").as_array()) {
      const auto& g = gv.as_object();
      Planted p{groups++, std::string(g.at("type").as_string()), std::string(g.at("intent").as_string()),
                g.contains("hubs") ? g.at("hubs").as_array().size() : 0};
      for (const auto& s : g.at("spellings").as_array()) planted[std::string(s.as_string())] = p;
    }
  }
  std::ofstream(dir.path() / "seeds.txt") << list;
  const fs::path job = dir.path() / "topics.toml";
  std::ofstream(job) << "name = \"topics\"\nquery_files = [\"seeds.txt\"]\n"
                     << "locales = [ { hl = \"en\", gl = \"us\" } ]\n[limits]\nconcurrency = 4\nrate = 0\n";
  Emulator emu(dir.path(), {"--seed", "31", "--topics", catalog.string()});
  auto run = run_paa(run_args(job, emu), dir.path());
  ASSERT_EQ(run.exit_code, 0) << run.err;
  auto exported = run_paa({"export", "--store", (dir.path() / "topics.db").string(), "--format", "questions", "-o",
                           "q.csv"},
                          dir.path());
  ASSERT_EQ(exported.exit_code, 0) << exported.err;
  const auto rows = parse_csv(read_file(dir.path() / "q.csv"));
  ASSERT_GT(rows.size(), 30u) << "the seeds' trees hold most of the planted spellings";
  std::map<std::string, std::size_t> col;
  for (std::size_t i = 0; i < rows[0].size(); ++i) col[rows[0][i]] = i;
  for (const char* c : {"question", "type", "intent", "variant_of", "group_count", "seeds", "locales"}) {
    ASSERT_TRUE(col.contains(c)) << c;
  }

  struct Row {
    const Planted* truth;
    std::string found;  // the found group: its representative's spelling
    const std::vector<std::string>* cells;
  };
  std::vector<Row> got;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const auto& r = rows[i];
    const std::string& q = r[col["question"]];
    ASSERT_TRUE(planted.contains(q)) << "not a planted question: " << q;
    const std::string& variant_of = r[col["variant_of"]];
    got.push_back({&planted.at(q), variant_of.empty() ? q : variant_of, &r});
  }

  // Variant groups, pairwise over the export's rows.
  std::size_t tp = 0, fp = 0, fn = 0;
  for (std::size_t i = 0; i < got.size(); ++i) {
    for (std::size_t j = i + 1; j < got.size(); ++j) {
      const bool same_planted = got[i].truth->group == got[j].truth->group;
      const bool same_found = got[i].found == got[j].found;
      tp += same_planted && same_found;
      fp += !same_planted && same_found;
      fn += same_planted && !same_found;
    }
  }
  ASSERT_GT(tp, 10u) << "the harvest holds several spellings of planted groups";
  const double precision = static_cast<double>(tp) / static_cast<double>(tp + fp);
  const double recall = static_cast<double>(tp) / static_cast<double>(tp + fn);
  RecordProperty("rows", static_cast<int>(got.size()));
  RecordProperty("pairs_tp_fp_fn", std::to_string(tp) + "/" + std::to_string(fp) + "/" + std::to_string(fn));
  EXPECT_GE(precision, 0.95) << "tp " << tp << " fp " << fp;
  EXPECT_GE(recall, 0.9) << "tp " << tp << " fn " << fn;

  // Types and intents as planted.
  std::size_t types = 0, intents = 0;
  for (const auto& g : got) {
    const auto& r = *g.cells;
    types += r[col["type"]] == g.truth->type;
    intents += r[col["intent"]] == g.truth->intent;
    EXPECT_EQ(r[col["type"]], g.truth->type) << r[col["question"]];
    EXPECT_EQ(r[col["intent"]], g.truth->intent) << r[col["question"]];
  }
  EXPECT_GE(static_cast<double>(types), 0.95 * static_cast<double>(got.size()));
  EXPECT_GE(static_cast<double>(intents), 0.95 * static_cast<double>(got.size()));

  // Hubs: a planted hub is in exactly its seeds' trees (each its own key, one locale).
  std::set<std::size_t> hubs_seen;
  for (const auto& g : got) {
    if (g.truth->hubs == 0) continue;
    hubs_seen.insert(g.truth->group);
    const auto& r = *g.cells;
    const std::string want = std::to_string(g.truth->hubs);
    EXPECT_EQ(r[col["group_count"]], want) << r[col["question"]];
    EXPECT_EQ(r[col["seeds"]], want) << r[col["question"]];
    EXPECT_EQ(r[col["locales"]], "1") << r[col["question"]];
  }
  EXPECT_EQ(hubs_seen.size(), 6u) << "every planted hub is in the export";
}

}  // namespace
}  // namespace paa::e2e
