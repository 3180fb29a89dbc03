// The topic analysis end to end (docs/topics.md): paa-emulator plants topics from a catalog
// written by hand (tests/fixtures/topics/planted.json: variant groups, their types and intents,
// the seeds that hold each hub), `paa run` harvests the seeds, and the questions export is
// checked against that catalog, never against paa's own output: variant groups pairwise
// (precision and recall), types and intents, and each planted hub's figures.
#include "harness.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cctype>
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

// A question's text as paa tells questions apart (docs/topics.md: case folded, white space
// collapsed; punctuation kept), for the planted texts, which are ASCII.
std::string folded(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (std::isspace(static_cast<unsigned char>(c)) != 0) {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

void tree_questions(const boost::json::value& children, std::set<std::string>& out) {
  if (!children.is_array()) return;
  for (const auto& node : children.as_array()) {
    const auto& o = node.as_object();
    if (const auto* q = o.if_contains("question"); q != nullptr && q->is_string()) out.insert(folded(std::string(q->as_string())));
    if (const auto* c = o.if_contains("children")) tree_questions(*c, out);
  }
}

// Markets compared (issue 48): the planted seeds asked in en-us, en-gb and en-au and de-de; the
// locales export's trees per group and locale, and the locale pairs' figures, counted here from
// the jsonl trees, each question's group taken from the questions export (variant_of).
TEST(TopicsE2E, LocalesCompareEachVariantGroupAcrossTheMarketsOfALanguage) {
  TempDir dir;
  const fs::path catalog = test::fixture_path("topics/planted.json");
  const auto root = boost::json::parse(read_file(catalog)).as_object();
  // The emulator's planted trees depend on the query alone: the markets differ by what each is
  // asked (a row's own hl/gl), as a job over each market's keyword list does.
  std::string list = "q,hl,gl\n";
  std::size_t seed_no = 0;
  for (const auto& tv : root.at("topics").as_array()) {
    for (const auto& s : tv.at("seeds").as_array()) {
      const std::string q(s.as_string());
      const std::vector<std::string> markets =
          seed_no % 4 == 0 ? std::vector<std::string>{"us", "gb", "au"}
          : seed_no % 4 == 1 ? std::vector<std::string>{"us"}
          : seed_no % 4 == 2 ? std::vector<std::string>{"gb", "au"}
                       : std::vector<std::string>{"au"};
      for (const auto& gl : markets) list += "\"" + q + "\",en," + gl + "\n";
      if (seed_no % 5 == 0) list += "\"" + q + "\",de,de\n";
      ++seed_no;
    }
  }
  std::ofstream(dir.path() / "seeds.csv") << list;
  const fs::path job = dir.path() / "markets.toml";
  std::ofstream(job) << "name = \"markets\"\nquery_files = [\"seeds.csv\"]\n"
                     << "locales = [ { hl = \"en\", gl = \"us\" } ]\n[limits]\nconcurrency = 4\nrate = 0\n";
  Emulator emu(dir.path(), {"--seed", "31", "--topics", catalog.string()});
  auto run = run_paa(run_args(job, emu), dir.path());
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const std::string store = (dir.path() / "markets.db").string();
  for (const auto& [format, file] : std::vector<std::pair<std::string, std::string>>{
           {"questions", "q.csv"}, {"jsonl", "t.jsonl"}, {"locales", "l.csv"}, {"locale-pairs", "p.csv"}}) {
    auto r = run_paa({"export", "--store", store, "--format", format, "-o", file}, dir.path());
    ASSERT_EQ(r.exit_code, 0) << format << ": " << r.err;
  }

  // Each question's group (its representative), by its folded text: one unique question, one
  // group, whichever language's trees hold it.
  const auto qrows = parse_csv(read_file(dir.path() / "q.csv"));
  std::map<std::string, std::size_t> qc;
  for (std::size_t i = 0; i < qrows[0].size(); ++i) qc[qrows[0][i]] = i;
  std::map<std::string, std::string> group_of;  // folded -> representative
  for (std::size_t i = 1; i < qrows.size(); ++i) {
    const auto& r = qrows[i];
    const std::string& rep = r[qc["variant_of"]].empty() ? r[qc["question"]] : r[qc["variant_of"]];
    group_of[folded(r[qc["question"]])] = rep;
  }
  // Per group: the trees of each locale that hold one of its questions.
  std::map<std::string, std::map<std::string, std::set<std::string>>> trees;  // rep -> locale -> keys
  std::set<std::string> locales;
  for (const auto& t : parse_jsonl(read_file(dir.path() / "t.jsonl"))) {
    const std::string hl(t.at("hl").as_string()), locale = hl + "-" + std::string(t.at("gl").as_string());
    locales.insert(locale);
    std::set<std::string> qs;
    tree_questions(t.at("result").at("children"), qs);
    for (const auto& q : qs) {
      const auto g = group_of.find(q);
      ASSERT_NE(g, group_of.end()) << "a question of a tree not in the questions export: " << q;
      trees[g->second][locale].insert(std::string(t.at("q").as_string()));
    }
  }
  ASSERT_EQ(locales, (std::set<std::string>{"de-de", "en-au", "en-gb", "en-us"}));

  const auto lrows = parse_csv(read_file(dir.path() / "l.csv"));
  ASSERT_EQ(lrows.at(0), (std::vector<std::string>{"group", "hl", "representative", "topic", "topic_label", "trees",
                                                  "locales", "de-de", "en-au", "en-gb", "en-us"}));
  ASSERT_EQ(lrows.size() - 1, trees.size()) << "one row per variant group";
  std::size_t in_all_three = 0, in_some = 0;
  for (std::size_t i = 1; i < lrows.size(); ++i) {
    const auto& r = lrows[i];
    const auto want = trees.find(r[2]);
    ASSERT_NE(want, trees.end()) << r[1] << " " << r[2];
    std::set<std::pair<std::string, std::string>> all;
    for (const auto& [locale, ks] : want->second) {
      for (const auto& k : ks) all.insert({locale, k});
    }
    EXPECT_EQ(r[5], std::to_string(all.size())) << r[2];
    EXPECT_EQ(r[6], std::to_string(want->second.size())) << r[2];
    std::size_t column = 7;
    for (const auto& locale : locales) {
      const auto n = want->second.contains(locale) ? want->second.at(locale).size() : 0;
      const bool other_language = locale.substr(0, 2) != r[1];
      EXPECT_EQ(r[column], other_language && n == 0 ? std::string() : std::to_string(n)) << r[2] << " in " << locale;
      ++column;
    }
    std::size_t english = 0;
    for (const auto& [locale, ks] : want->second) english += locale.starts_with("en-");
    in_all_three += english == 3;
    in_some += english == 1 || english == 2;
  }
  // Both kinds, so that the comparison has something to show.
  EXPECT_GE(in_all_three, 3u) << "groups shown in every English market";
  EXPECT_GE(in_some, 3u) << "groups shown in some English markets, not all";

  // The pairs: the same language only; both, only one, only the other.
  std::map<std::string, std::array<std::size_t, 3>> pairs;
  for (const auto& [rep, by_locale] : trees) {
    for (const auto& a : locales) {
      for (const auto& b : locales) {
        if (a >= b || a.substr(0, 2) != b.substr(0, 2)) continue;
        const bool in_a = by_locale.contains(a), in_b = by_locale.contains(b);
        auto& n = pairs[a + "|" + b];
        n[0] += in_a && in_b;
        n[1] += in_a && !in_b;
        n[2] += !in_a && in_b;
      }
    }
  }
  const auto prows = parse_csv(read_file(dir.path() / "p.csv"));
  ASSERT_EQ(prows.at(0), (std::vector<std::string>{"hl", "locale_a", "locale_b", "groups_both", "only_a", "only_b",
                                                  "overlap"}));
  ASSERT_EQ(prows.size() - 1, 3u) << "en-au|en-gb, en-au|en-us, en-gb|en-us; de-de has no pair";
  for (std::size_t i = 1; i < prows.size(); ++i) {
    const auto& r = prows[i];
    const auto& n = pairs[r[1] + "|" + r[2]];
    EXPECT_EQ(r[0], "en");
    EXPECT_EQ((std::vector<std::string>{r[3], r[4], r[5]}),
              (std::vector<std::string>{std::to_string(n[0]), std::to_string(n[1]), std::to_string(n[2])}))
        << r[1] << " " << r[2];
  }

  // The report's Compare view over the whole selection, in Chromium, against the exports of the
  // same selection: the whole store's from the kept analysis (`paa run` kept it) as a single
  // file, and --hl en's (a selection the analysis is not kept for: a pass of its own) as a folder.
  struct Selection {
    std::vector<std::string> filter;
    std::string report, page;
  };
  for (const auto& [filter, report, page] : {Selection{{}, "report.html", "report.html"},
                                            Selection{{"--hl", "en"}, "folder/", "folder/index.html"}}) {
    const std::string tag = filter.empty() ? "all" : "en";
    for (const auto& [format, out] : std::vector<std::pair<std::string, std::string>>{
             {"locales", tag + "-l.csv"}, {"locale-pairs", tag + "-p.csv"}, {"html", report}}) {
      std::vector<std::string> cmd{"export", "--store", store, "--format", format, "-o", out};
      cmd.insert(cmd.end(), filter.begin(), filter.end());
      auto r = run_paa(cmd, dir.path());
      ASSERT_EQ(r.exit_code, 0) << out << ": " << r.err;
    }
    test::Process node({"/usr/bin/node", PAA_E2E_DIR "/check_markets.cjs", (dir.path() / page).string(),
                        (dir.path() / (tag + "-l.csv")).string(), (dir.path() / (tag + "-p.csv")).string()},
                       {{"NODE_PATH", PAA_NODE_MODULES}}, dir.path());
    auto checked = node.wait();
    EXPECT_EQ(checked.exit_code, 0) << page << ": " << checked.out << checked.err;
  }
  // (The single file's exports are the ones checked above against the trees.)
  EXPECT_EQ(read_file(dir.path() / "all-l.csv"), read_file(dir.path() / "l.csv"));
}

}  // namespace
}  // namespace paa::e2e
