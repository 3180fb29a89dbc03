// Keyword-tool files end to end (docs/jobs.md "Keyword-tool files", docs/exports.md
// "Attributes"): a job over an Ahrefs, a Semrush, a Google Keyword Planner and a Search Console
// export (tests/job/fixtures/keyword-tools, written by hand in each tool's shape) and a list of
// its own, harvested from the emulator with one level of expansion; the exports read back and
// checked against what the fixtures say, computed here: each tree's attributes (its seed's for
// a discovered key), the csv's attr_ columns, and each question's volume in `questions`.
#include "harness.hpp"

#include "paa/model/query_key.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace paa::e2e {
namespace {


// What each fixture row says, by hand: the seed's attributes (name -> value) and its volume.
struct Seed {
  std::map<std::string, std::string> attrs;
  std::optional<std::uint64_t> volume;
};
// Seeds by "q|hl|gl" (the job asks en-us; the own list's first row asks en-gb).
std::map<std::string, Seed> expected_seeds() {
  return {
      {"best espresso machine|en|us",
       {{{"volume", "1300"}, {"kd", "42"}, {"cpc", "1.20"}, {"Parent Keyword", "espresso machine"},
         {"serp_features", "Featured snippet, People also ask"}},
        1300}},
      // Ahrefs is listed before Search Console: the first row of a key wins.
      {"espresso vs latte|en|us",
       {{{"volume", "900"}, {"kd", "8"}, {"cpc", "0.35"}, {"Parent Keyword", "espresso vs latte"},
         {"serp_features", "People also ask"}},
        900}},
      // Semrush is listed before the own list, whose row has no attributes.
      {"french press ratio|en|us",
       {{{"intent", "Informational"}, {"volume", "2400"}, {"kd", "35"}, {"cpc", "0,95"},
         {"Competitive Density", "0,12"}, {"serp_features", "Featured snippet, People also ask"},
         {"Number of Results", "12400000"}},
        2400}},
      {"cold brew concentrate|en|us",
       {{{"intent", "Commercial"}, {"volume", "1000"}, {"kd", "51"}, {"cpc", "0,80"},
         {"Competitive Density", "0,45"}, {"Number of Results", "3200000"}},
        1000}},
      {"pour over coffee|en|us",
       {{{"Currency", "USD"}, {"volume", "14800"}, {"Three month change", "0%"}, {"YoY change", "-18%"},
         {"Competition", "Low"}, {"Competition (indexed value)", "12"}, {"Top of page bid (low range)", "0.42"},
         {"Top of page bid (high range)", "1.35"}},
        14800}},
      // A range: kept as written, no volume.
      {"moka pot|en|us",
       {{{"Currency", "USD"}, {"volume", "1K \u2013 10K"}, {"Three month change", "0%"}, {"YoY change", "0%"},
         {"Competition", "Medium"}, {"Competition (indexed value)", "40"}, {"Top of page bid (low range)", "0.30"},
         {"Top of page bid (high range)", "0.95"}},
        std::nullopt}},
      {"caf\u00e9 cr\u00e8me|en|us",
       {{{"Currency", "USD"}, {"volume", "90"}, {"Three month change", "0%"}, {"YoY change", "0%"},
         {"Competition", "Low"}, {"Competition (indexed value)", "5"}, {"Top of page bid (low range)", "0.10"},
         {"Top of page bid (high range)", "0.50"}},
        90}},
      {"aeropress recipe|en|us",
       {{{"Clicks", "120"}, {"Impressions", "3400"}, {"CTR", "3.53%"}, {"position", "7.2"}}, std::nullopt}},
      {"chemex vs v60|en|gb", {{{"note", "asked in the UK\nby baristas"}, {"volume", "250"}}, 250}},
  };
}

std::string key_of(const boost::json::value& key) {
  const auto& o = key.as_object();
  return std::string(o.at("q").as_string()) + "|" + std::string(o.at("hl").as_string()) + "|" +
         std::string(o.at("gl").as_string());
}

// Every question text of a tree, in pre-order.
void questions_of(const boost::json::value& children, std::vector<std::string>& out) {
  if (!children.is_array()) return;
  for (const auto& node : children.as_array()) {
    const auto& o = node.as_object();
    if (const auto* q = o.if_contains("question"); q && q->is_string()) out.emplace_back(q->as_string());
    if (const auto* c = o.if_contains("children")) questions_of(*c, out);
  }
}

class KeywordFilesE2E : public ::testing::Test {
 protected:
  TempDir dir;

  fs::path keyword_job() {
    const std::vector<std::string> files{"ahrefs.csv", "semrush.csv", "keyword-planner.csv", "search-console.csv",
                                         "own-list.csv"};
    std::string list;
    for (const auto& f : files) {
      fs::copy_file(fs::path(PAA_KEYWORD_TOOL_FIXTURES) / f, dir.path() / f);
      list += (list.empty() ? "\"" : ", \"") + f + "\"";
    }
    const fs::path job = dir.path() / "kw.toml";
    std::ofstream(job) << "name = \"kw\"\nquery_files = [" << list << "]\n"
                       << "locales = [ { hl = \"en\", gl = \"us\" } ]\n"
                       << "[limits]\nconcurrency = 4\nrate = 0\n"
                       << "[expand]\ndepth = 1\nper_result = 2\n";
    return job;
  }

  std::string export_to(const std::vector<std::string>& args, const std::string& file) {
    std::vector<std::string> a{"export", "--store", (dir.path() / "kw.db").string(), "-o", file};
    a.insert(a.end(), args.begin(), args.end());
    auto r = run_paa(a, dir.path());
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return read_file(dir.path() / file);
  }
};

TEST_F(KeywordFilesE2E, KeywordToolExportsCarryTheirAttributesToJsonlCsvAndTheQuestionsVolume) {
  Emulator emu(dir.path(), {"--seed", "34"});
  const fs::path job = keyword_job();
  auto check = run_paa({"check", job.string()}, dir.path());
  ASSERT_EQ(check.exit_code, 0) << check.err;
  auto run = run_paa(run_args(job, emu), dir.path());
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const auto seeds = expected_seeds();

  // jsonl: every tree carries its seed's attributes; a discovered key its seed's.
  const auto rows = parse_jsonl(export_to({"--format", "jsonl"}, "kw.jsonl"));
  std::set<std::string> seen_seeds;
  std::size_t discovered = 0;
  for (const auto& row : rows) {
    const std::string seed = key_of(row.at("seed"));
    ASSERT_TRUE(seeds.contains(seed)) << seed;
    const Seed& want = seeds.at(seed);
    std::map<std::string, std::string> attrs;
    for (const auto& [name, value] : row.at("attrs").as_object()) attrs[std::string(name)] = std::string(value.as_string());
    EXPECT_EQ(attrs, want.attrs) << seed;
    if (want.volume) {
      EXPECT_EQ(row.at("volume").to_number<std::uint64_t>(), *want.volume) << seed;
    } else {
      EXPECT_TRUE(row.at("volume").is_null()) << seed;
    }
    if (row.at("level").to_number<int>() == 0) {
      seen_seeds.insert(seed);
    } else {
      ++discovered;
    }
  }
  EXPECT_EQ(seen_seeds.size(), seeds.size()) << "every seed stored once";
  EXPECT_GT(discovered, 0u) << "the expansion discovered keys";

  // csv: the attr_ columns after the existing ones; each row holds its tree's seed's values.
  const auto csv = parse_csv(export_to({"--format", "csv"}, "kw.csv"));
  ASSERT_GT(csv.size(), 1u);
  const auto& header = csv.front();
  std::map<std::string, std::size_t> col;
  for (std::size_t i = 0; i < header.size(); ++i) col[header[i]] = i;
  ASSERT_EQ(header[13], "seed_q") << "the existing columns keep their places";
  // One column per meaning (docs/jobs.md "One name per attribute"): Ahrefs' KD and Semrush's
  // Keyword Difficulty are attr_kd, CPC and CPC (USD) attr_cpc, Intent attr_intent.
  const std::map<std::string, std::string> columns{
      {"volume", "attr_volume"},         {"kd", "attr_kd"},       {"cpc", "attr_cpc"},
      {"intent", "attr_intent"}, {"note", "attr_note"}, {"Clicks", "attr_clicks"}, {"position", "attr_position"},
      {"Avg. monthly searches", "attr_volume"}, {"Top of page bid (low range)", "attr_top_of_page_bid_low_range"}};
  for (const auto& [name, column] : columns) ASSERT_TRUE(col.contains(column)) << column;
  for (const char* second : {"attr_keyword_difficulty", "attr_cpc_usd", "attr_serp_features_2", "attr_kd_2"}) {
    EXPECT_FALSE(col.contains(second)) << "a second column for one meaning: " << second;
  }
  for (std::size_t i = 1; i < csv.size(); ++i) {
    const auto& r = csv[i];
    ASSERT_EQ(r.size(), header.size()) << "row " << i;
    // The csv names the seed by its q; the seeds' q are distinct here.
    const Seed* want = nullptr;
    for (const auto& [key, seed] : seeds) {
      if (key.substr(0, key.find('|')) == r[col["seed_q"]]) want = &seed;
    }
    ASSERT_NE(want, nullptr) << r[col["seed_q"]];
    for (const auto& [name, column] : columns) {
      if (name == "Avg. monthly searches") continue;  // it is `volume`
      const auto it = want->attrs.find(name);
      EXPECT_EQ(r[col[column]], it == want->attrs.end() ? std::string() : it->second) << column << " row " << i;
    }
  }

  // questions: volume = the summed volume of the distinct seeds whose trees hold the question,
  // computed here from the jsonl trees and the fixtures.
  // (A question a tree repeats counts once for it; one held by several trees of one seed counts
  // that seed once: QuestionVolumes' unit tests, as the emulator's trees of one seed share none.)
  std::map<std::string, std::set<std::string>> seeds_of;  // folded question -> seeds
  for (const auto& row : rows) {
    std::vector<std::string> texts;
    questions_of(row.at("result").as_object().at("children"), texts);
    for (const auto& t : texts) seeds_of[fold_or_raw(t)].insert(key_of(row.at("seed")));
  }
  std::map<std::string, std::uint64_t> truth;
  std::size_t with_volume = 0;
  for (const auto& [question, its_seeds] : seeds_of) {
    std::uint64_t sum = 0;
    for (const auto& s : its_seeds) sum += seeds.at(s).volume.value_or(0);
    truth[question] = sum;
    with_volume += sum > 0;
  }
  EXPECT_GT(with_volume, 0u);
  EXPECT_LT(with_volume, truth.size()) << "the questions of moka pot and aeropress recipe have none";
  // From the store's question index, and recounted from the job's trees: the same volumes.
  int n = 0;
  for (const auto& args : std::vector<std::vector<std::string>>{{"--format", "questions"},
                                                                {"--format", "questions", "--job", "kw"}}) {
    const auto questions = parse_csv(export_to(args, "kw-questions-" + std::to_string(++n) + ".csv"));
    ASSERT_GT(questions.size(), 1u);
    // volume and group_volume: after first_city, before the topic columns (docs/exports.md).
    const std::size_t volume = 9, group_volume = 10;
    ASSERT_EQ(questions.front().at(volume - 1), "first_city");
    ASSERT_EQ(questions.front().at(volume), "volume");
    ASSERT_EQ(questions.front().at(group_volume), "group_volume");
    ASSERT_EQ(questions.front().at(group_volume + 1), "type");
    const std::size_t variant_of = group_volume + 3, topic = group_volume + 7;
    ASSERT_EQ(questions.front().at(variant_of), "variant_of");
    ASSERT_EQ(questions.front().at(topic), "topic");
    EXPECT_EQ(questions.size() - 1, truth.size()) << args.size();
    // A group (its representative's text: variant_of, or the row's own question) and a topic
    // reach the seeds of all their questions; each distinct seed's volume counts once.
    std::map<std::string, std::set<std::string>> group_seeds, topic_seeds;
    for (std::size_t i = 1; i < questions.size(); ++i) {
      const std::string folded = fold_or_raw(questions[i][0]);
      ASSERT_TRUE(truth.contains(folded)) << questions[i][0];
      EXPECT_EQ(questions[i].at(volume), std::to_string(truth[folded])) << questions[i][0];
      const std::string& rep = questions[i].at(variant_of).empty() ? questions[i][0] : questions[i].at(variant_of);
      group_seeds[fold_or_raw(rep)].insert(seeds_of[folded].begin(), seeds_of[folded].end());
      topic_seeds[questions[i].at(topic)].insert(seeds_of[folded].begin(), seeds_of[folded].end());
    }
    auto demand = [&](const std::set<std::string>& of) {
      std::uint64_t sum = 0;
      for (const auto& s : of) sum += seeds.at(s).volume.value_or(0);
      return sum;
    };
    std::size_t grouped = 0;
    for (std::size_t i = 1; i < questions.size(); ++i) {
      const auto& q = questions[i];
      const std::string& rep = q.at(variant_of).empty() ? q[0] : q.at(variant_of);
      EXPECT_EQ(q.at(group_volume), std::to_string(demand(group_seeds[fold_or_raw(rep)]))) << q[0];
      grouped += !q.at(variant_of).empty();
    }
    EXPECT_GT(grouped, 0u) << "some questions are variants of another: their group sums both";
    // topics: a `volume` after `trees`, each topic's distinct seeds' volumes, most demand first.
    if (args.size() > 2) continue;
    const auto listed = parse_csv(export_to({"--format", "topics"}, "kw-topics.csv"));
    ASSERT_GT(listed.size(), 2u);
    ASSERT_EQ(listed.front().at(5), "trees");
    ASSERT_EQ(listed.front().at(6), "volume");
    std::uint64_t before = UINT64_MAX;
    for (std::size_t i = 1; i < listed.size(); ++i) {
      ASSERT_TRUE(topic_seeds.contains(listed[i].at(0))) << listed[i].at(0);
      const std::uint64_t want = demand(topic_seeds[listed[i].at(0)]);
      EXPECT_EQ(listed[i].at(6), std::to_string(want)) << listed[i].at(1);
      EXPECT_LE(want, before) << "most demand first: " << listed[i].at(1);
      before = want;
    }
    // Briefs: a query's entries carry their group's volume, most demand first (every question
    // of pour over coffee's tree is held by that seed's tree: 14,800 at least); a topic's
    // summary its volume.
    auto brief = run_paa({"brief", "--store", (dir.path() / "kw.db").string(), "--q", "pour over coffee", "--hl",
                          "en", "--gl", "us"},
                         dir.path());
    ASSERT_EQ(brief.exit_code, 0) << brief.err;
    std::vector<std::uint64_t> shown;
    for (std::size_t at = brief.out.find(", volume "); at != std::string::npos; at = brief.out.find(", volume ", at + 1)) {
      shown.push_back(std::stoull(brief.out.substr(at + 9)));
    }
    ASSERT_FALSE(shown.empty()) << brief.out;
    for (std::size_t i = 0; i < shown.size(); ++i) {
      EXPECT_GE(shown[i], 14800u) << brief.out;
      if (i > 0) {
        EXPECT_LE(shown[i], shown[i - 1]) << "most demand first\n" << brief.out;
      }
    }
    auto topic_brief = run_paa({"brief", "--store", (dir.path() / "kw.db").string(), "--topic", listed[1].at(0)},
                               dir.path());
    ASSERT_EQ(topic_brief.exit_code, 0) << topic_brief.err;
    EXPECT_NE(topic_brief.out.find(", volume " + std::to_string(demand(topic_seeds[listed[1].at(0)])) + "."),
              std::string::npos)
        << topic_brief.out.substr(0, 400);
  }
}

// The workbook of a store whose seeds have volumes, read back by openpyxl and compared cell by
// cell with the csv exports of the same store (tests/export/check_xlsx.py): "Unique questions"
// with volume and group_volume after first_city, "Topics" with volume after trees; and its
// report's Topics view in Chromium.
TEST_F(KeywordFilesE2E, TheWorkbookAndTheReportCarryTheDemandOfTheExports) {
  Emulator emu(dir.path(), {"--seed", "34"});
  auto run = run_paa(run_args(keyword_job(), emu), dir.path());
  ASSERT_EQ(run.exit_code, 0) << run.err;
  for (const auto& [format, file] : std::vector<std::pair<std::string, std::string>>{
           {"csv", "x-tree.csv"}, {"questions", "x-q.csv"}, {"related", "x-rel.csv"}, {"topics", "x-topics.csv"},
           {"stability", "x-stability.csv"}, {"domains", "x-domains.csv"}, {"jsonl", "x-lineage.jsonl"},
           {"xlsx", "x.xlsx"}}) {
    export_to({"--format", format}, file);
  }
  const std::string questions = read_file(dir.path() / "x-q.csv");
  ASSERT_NE(questions.find(",first_city,volume,group_volume,type,"), std::string::npos) << questions.substr(0, 200);
  const fs::path d = dir.path();
  test::Process python({PAA_PYTHON, PAA_EXPORT_SCRIPTS "/check_xlsx.py", (d / "x.xlsx").string(),
                        (d / "x-tree.csv").string(), (d / "x-q.csv").string(), (d / "x-rel.csv").string(),
                        (d / "x-topics.csv").string(), "--stability", (d / "x-stability.csv").string(), "--domains",
                        (d / "x-domains.csv").string(), "--jsonl", (d / "x-lineage.jsonl").string()},
                       {}, d);
  auto checked = python.wait();
  EXPECT_EQ(checked.exit_code, 0) << checked.out << checked.err;
  EXPECT_NE(checked.out.find("topics="), std::string::npos) << checked.out;

  // The report in headless Chromium: its Topics view has the topics export's volume on every
  // row, in its order (tests/export/check_topics.cjs checks every figure against the exports).
  export_to({"--format", "html"}, "x.html");
  test::Process node({"/usr/bin/node", PAA_EXPORT_SCRIPTS "/check_topics.cjs", (d / "x.html").string(),
                      (d / "x-topics.csv").string(), (d / "x-q.csv").string(), (d / "x-lineage.jsonl").string(),
                      d.string()},
                     {{"NODE_PATH", PAA_NODE_MODULES}}, d);
  auto shown = node.wait();
  EXPECT_EQ(shown.exit_code, 0) << shown.out << shown.err;
  EXPECT_NE(shown.out.find("\"type_filter\""), std::string::npos) << shown.out;
}

// A rerun of the same job after the list's volumes changed spends nothing and records them.
TEST_F(KeywordFilesE2E, AnEditedListRelabelsStoredKeysWithoutSpending) {
  Emulator emu(dir.path(), {"--seed", "35"});
  const fs::path list = dir.path() / "k.csv";
  std::ofstream(list) << "Keyword;Volume\ncoffee;100\ntea;200\n";
  const fs::path job = dir.path() / "kw.toml";
  std::ofstream(job) << "name = \"kw\"\nquery_files = [\"k.csv\"]\nlocales = [ { hl = \"en\", gl = \"us\" } ]\n"
                     << "[limits]\nrate = 0\n";
  ASSERT_EQ(run_paa(run_args(job, emu), dir.path()).exit_code, 0);
  ASSERT_EQ(emu.requests(), 2u);
  std::ofstream(list) << "Keyword;Volume\ncoffee;150\ntea;200\n";
  auto again = run_paa(run_args(job, emu), dir.path());
  ASSERT_EQ(again.exit_code, 0) << again.err;
  std::map<std::string, std::uint64_t> volumes;
  for (const auto& row : parse_jsonl(export_to({"--format", "jsonl"}, "kw.jsonl"))) {
    volumes[std::string(row.at("q").as_string())] = row.at("volume").to_number<std::uint64_t>();
  }
  EXPECT_EQ(volumes, (std::map<std::string, std::uint64_t>{{"coffee", 150}, {"tea", 200}}));
  EXPECT_EQ(emu.requests(), 2u) << "the rerun sent nothing";
}

// Workbooks as Ahrefs and Semrush export them, one sheet named beside its file: harvested, and
// each tool's names for an attribute one column in the csv export (attr_kd, not attr_KD beside
// attr_Keyword Difficulty; Ahrefs' '#' no column at all).
TEST_F(KeywordFilesE2E, WorkbooksFromTwoToolsGiveOneColumnPerMeaning) {
  Emulator emu(dir.path(), {"--seed", "36"});
  for (const char* f : {"ahrefs.xlsx", "semrush.xlsx"}) fs::copy_file(fs::path(PAA_KEYWORD_TOOL_FIXTURES) / f, dir.path() / f);
  const fs::path job = dir.path() / "kw.toml";
  std::ofstream(job) << "name = \"kw\"\nquery_files = [{ file = \"ahrefs.xlsx\", sheet = \"Keywords\" }, \"semrush.xlsx\"]\n"
                     << "locales = [ { hl = \"en\", gl = \"us\" } ]\n[limits]\nconcurrency = 4\nrate = 0\n";
  auto run = run_paa(run_args(job, emu), dir.path());
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(emu.requests(), 4u);
  std::map<std::string, std::map<std::string, std::string>> attrs;
  for (const auto& row : parse_jsonl(export_to({"--format", "jsonl"}, "kw.jsonl"))) {
    auto& a = attrs[std::string(row.at("q").as_string())];
    for (const auto& [name, value] : row.at("attrs").as_object()) a[std::string(name)] = std::string(value.as_string());
  }
  EXPECT_EQ(attrs["best espresso machine"],
            (std::map<std::string, std::string>{{"kd", "42"}, {"volume", "1300"}, {"cpc", "1.2"}, {"CPS", "1.05"},
                                                {"Parent Keyword", "espresso machine"},
                                                {"serp_features", "Featured snippet, People also ask"},
                                                {"Traffic potential", "5400"}, {"intent", "Commercial"}}));
  EXPECT_EQ(attrs["cold brew concentrate"],
            (std::map<std::string, std::string>{{"intent", "Commercial"}, {"volume", "1000"}, {"Trend", "1.00,0.67,0.54"},
                                                {"kd", "51"}, {"cpc", "0.8"}, {"Competitive Density", "0.45"},
                                                {"Number of Results", "3200000"}}));
  const std::string csv = export_to({"--format", "csv"}, "kw.csv");
  const std::string header = csv.substr(0, csv.find('\n'));
  for (const char* one : {",attr_kd,", ",attr_cpc,", ",attr_intent,", ",attr_serp_features,"}) {
    EXPECT_NE((header + ",").find(one), std::string::npos) << one << " in " << header;
  }
  for (const char* none : {"attr_KD", "attr_Keyword Difficulty", "attr_Intents", "attr_Difficulty", "attr_CPC (USD)", "attr_#",
                           "attr_column"}) {
    EXPECT_EQ(header.find(none), std::string::npos) << none << " in " << header;
  }
}

// A zip bomb (256 MiB of XML in 256 KiB) and a billion-laughs workbook: `paa check` refuses each
// with one line naming the file, in the memory a valid workbook takes (64 MiB at most, the
// figure docs/jobs.md states; under a sanitizer, what the valid one took plus 32 MiB).
TEST_F(KeywordFilesE2E, HostileWorkbooksAreRefusedWithinAStatedMemory) {
  const auto check = [&](const fs::path& fixture) {
    fs::copy_file(fixture, dir.path() / fixture.filename(), fs::copy_options::overwrite_existing);
    const fs::path job = dir.path() / "h.toml";
    std::ofstream(job) << "name = \"h\"\nquery_files = [\"" << fixture.filename().string()
                       << "\"]\nlocales = [ { hl = \"en\", gl = \"us\" } ]\n";
    return run_paa({"check", job.string()}, dir.path());
  };
  const auto valid = check(fs::path(PAA_KEYWORD_TOOL_FIXTURES) / "semrush.xlsx");
  ASSERT_EQ(valid.exit_code, 0) << valid.err;
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  const long limit_kib = valid.max_rss_kib + 32 * 1024;
#else
  const long limit_kib = 64 * 1024;
#endif
  for (const char* name : {"bomb.xlsx", "laughs.xlsx", "encrypted.xlsx", "damaged.xlsx"}) {
    const auto r = check(fs::path(PAA_HOSTILE_FIXTURES) / name);
    EXPECT_EQ(r.exit_code, 2) << name << "\n" << r.err;
    EXPECT_NE(r.err.find((dir.path() / name).string() + ": "), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << "one line: " << r.err;
    EXPECT_LE(r.max_rss_kib, limit_kib) << name << " (a valid workbook: " << valid.max_rss_kib << " KiB)";
  }
}

}  // namespace
}  // namespace paa::e2e
