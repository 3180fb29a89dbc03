// The topic analysis end to end (docs/topics.md): paa-emulator plants topics from a catalog
// written by hand (tests/fixtures/topics/planted.json: variant groups, their types and intents,
// the seeds that hold each hub), `paa run` harvests the seeds, and the questions export is
// checked against that catalog, never against paa's own output: variant groups pairwise
// (precision and recall), types and intents, and each planted hub's figures.
#include "harness.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace paa::e2e {
namespace {

struct Planted {
  std::size_t topic = 0;  // index of its topic in the catalog
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
  std::size_t groups = 0, topics = 0;
  for (const auto& tv : root.at("topics").as_array()) {
    const auto& t = tv.as_object();
    const std::size_t topic = topics++;
    for (const auto& s : t.at("seeds").as_array()) list += std::string(s.as_string()) + "\n";
    for (const auto& gv : t.at("groups").as_array()) {
      const auto& g = gv.as_object();
      Planted p{topic, groups++, std::string(g.at("type").as_string()), std::string(g.at("intent").as_string()),
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
  for (const char* c :
       {"question", "type", "intent", "variant_of", "group_count", "seeds", "locales", "topic", "topic_label"}) {
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

  // Topics: purity (each found topic's rows mostly from one planted topic), and each planted
  // topic mostly in one or two found topics.
  std::map<std::string, std::map<std::size_t, std::size_t>> found_topics;  // found -> planted -> rows
  std::map<std::size_t, std::map<std::string, std::size_t>> planted_topics;
  for (const auto& g : got) {
    const std::string& found = (*g.cells)[col["topic"]];
    ++found_topics[found][g.truth->topic];
    ++planted_topics[g.truth->topic][found];
  }
  std::size_t pure = 0;
  for (const auto& [found, by_planted] : found_topics) {
    std::size_t most = 0;
    for (const auto& [t, n] : by_planted) most = std::max(most, n);
    pure += most;
  }
  const double purity = static_cast<double>(pure) / static_cast<double>(got.size());
  RecordProperty("topics_found", static_cast<int>(found_topics.size()));
  RecordProperty("purity", std::to_string(purity));
  EXPECT_GE(purity, 0.85) << found_topics.size() << " topics found";
  ASSERT_EQ(planted_topics.size(), topics);
  for (const auto& [t, by_found] : planted_topics) {
    std::vector<std::size_t> sizes;
    std::size_t all = 0;
    for (const auto& [f, n] : by_found) {
      sizes.push_back(n);
      all += n;
    }
    std::sort(sizes.rbegin(), sizes.rend());
    const std::size_t top_two = sizes[0] + (sizes.size() > 1 ? sizes[1] : 0);
    EXPECT_GE(static_cast<double>(top_two), 0.8 * static_cast<double>(all))
        << "planted topic " << t << " is spread over " << by_found.size() << " found topics";
  }
  // A variant group lies in one topic.
  std::map<std::string, std::string> topic_of_group;
  for (const auto& g : got) {
    const auto [at, first] = topic_of_group.emplace(g.found, (*g.cells)[col["topic"]]);
    EXPECT_EQ(at->second, (*g.cells)[col["topic"]]) << "the variants of " << g.found << " are in two topics";
  }

  // The topics export agrees with the questions export, row by row of its own.
  auto topics_export = run_paa({"export", "--store", (dir.path() / "topics.db").string(), "--format", "topics",
                                "-o", "t.csv"},
                               dir.path());
  ASSERT_EQ(topics_export.exit_code, 0) << topics_export.err;
  const auto trows = parse_csv(read_file(dir.path() / "t.csv"));
  ASSERT_EQ(trows.at(0), (std::vector<std::string>{"topic", "label", "hl", "questions", "groups", "trees",
                                                  "representative", "top_questions"}));
  std::map<std::string, std::size_t> questions_of;
  std::map<std::string, std::set<std::string>> groups_of;
  std::map<std::string, std::string> label_of;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const std::string& t = rows[i][col["topic"]];
    ++questions_of[t];
    groups_of[t].insert(rows[i][col["variant_of"]].empty() ? rows[i][col["question"]] : rows[i][col["variant_of"]]);
    label_of[t] = rows[i][col["topic_label"]];
  }
  ASSERT_EQ(trows.size() - 1, questions_of.size());
  std::uint64_t last_trees = UINT64_MAX;
  for (std::size_t i = 1; i < trows.size(); ++i) {
    const auto& r = trows[i];
    ASSERT_TRUE(questions_of.contains(r[0])) << r[0];
    EXPECT_EQ(r[1], label_of[r[0]]);
    EXPECT_EQ(r[2], "en");
    EXPECT_EQ(std::stoull(r[3]), questions_of[r[0]]) << r[0];
    EXPECT_EQ(std::stoull(r[4]), groups_of[r[0]].size()) << r[0];
    EXPECT_LE(std::stoull(r[5]), last_trees) << "most trees first";
    last_trees = std::stoull(r[5]);
    EXPECT_TRUE(groups_of[r[0]].contains(r[6])) << "the representative is one of its groups: " << r[6];
  }

  // `paa topics` prints the same count.
  auto summary = run_paa({"topics", "--store", (dir.path() / "topics.db").string()}, dir.path());
  ASSERT_EQ(summary.exit_code, 0) << summary.err;
  EXPECT_NE(summary.out.find("paa topics: " + std::to_string(trows.size() - 1) + " topics from"), std::string::npos)
      << summary.out;
  RecordProperty("summary", summary.out);
}

}  // namespace
}  // namespace paa::e2e
