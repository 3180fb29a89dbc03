// Expansion end to end (issue 14): the keys a depth-2 job discovers equal the keys computed
// here, independently, from the emulator's own trees (its TreeGenerator), at concurrency 1 and
// 64, after SIGKILLs and reruns, under max_searches, and when depth or max_keys is raised.
#include "harness.hpp"

#include "paa/emulator/tree_generator.hpp"
#include "paa/model/query_key.hpp"
#include "support/seed.hpp"

#include <gtest/gtest.h>

#include <csignal>
#include <fstream>
#include <sstream>
#include <map>
#include <random>
#include <set>

namespace paa::e2e {
namespace {

namespace json = boost::json;
using namespace std::chrono_literals;

constexpr std::uint64_t kSeed = 14;

// The questions of a result object in pre-order (parent, then its children, depth first).
void preorder(const json::value& node, std::vector<std::string>& out) {
  const auto* children = node.as_object().if_contains("children");
  if (children == nullptr) return;
  for (const auto& child : children->as_array()) {
    out.emplace_back(child.as_object().at("question").as_string());
    preorder(child, out);
  }
}

// Level by level, as docs/running.md "Expansion" says it is done: parents in order; each
// parent's questions in pre-order; a query new to the job counts against per_result; max_keys
// keeps the first keys. Every key is answered (the emulator never fails here).
std::vector<std::vector<std::string>> expected_levels(const std::vector<std::string>& seeds, int depth,
                                                      std::size_t per_result, std::size_t max_keys) {
  emulator::TreeGenerator gen({.seed = kSeed, .depth = 3, .tree_kb = 0});
  std::set<std::string> known;
  std::vector<std::vector<std::string>> levels(1);
  for (const auto& s : seeds) {
    auto q = make_query(s, "en", "us").value();
    if (known.insert(encode_key(q.key)).second) levels[0].push_back(q.q);
  }
  std::size_t discovered = 0;
  for (int d = 1; d <= depth; ++d) {
    levels.emplace_back();
    for (const auto& parent : levels[static_cast<std::size_t>(d - 1)]) {
      std::vector<std::string> questions;
      preorder(json::parse(gen.result_json({parent, "en", "us", std::nullopt})), questions);
      std::size_t taken = 0;
      for (const auto& text : questions) {
        if ((max_keys && discovered >= max_keys) || (per_result && taken >= per_result)) break;
        auto q = make_query(text, "en", "us");
        if (!q || !known.insert(encode_key(q->key)).second) continue;
        levels.back().push_back(q->q);
        ++taken;
        ++discovered;
      }
    }
  }
  return levels;
}

std::set<std::string> all_of(const std::vector<std::vector<std::string>>& levels) {
  std::set<std::string> out;
  for (const auto& l : levels) out.insert(l.begin(), l.end());
  return out;
}

std::vector<std::string> seeds_of(int n) {
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) out.push_back("query number " + std::to_string(i) + " about coffee & crème");
  return out;
}

fs::path expand_job(const fs::path& dir, const std::string& name, int seeds, const std::string& limits,
                    int depth, std::size_t per_result, std::size_t max_keys) {
  auto job = write_job(dir, name, seeds, limits);
  std::ofstream(job, std::ios::app) << "\n[expand]\ndepth = " << depth << "\nper_result = " << per_result
                                    << "\nmax_keys = " << max_keys << "\n";
  return job;
}

std::set<std::string> stored_queries(const fs::path& dir, const fs::path& store) {
  std::set<std::string> out;
  for (const auto& row : export_jsonl(dir, store)) out.emplace(row.at("q").as_string());
  return out;
}

// Keys per level from `paa status --json` (level 0 first).
std::vector<std::int64_t> level_keys(const fs::path& dir, const fs::path& job) {
  auto r = run_paa({"status", job.string(), "--json"}, dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::vector<std::int64_t> out;
  if (r.exit_code != 0) return out;
  const json::value status = json::parse(r.out);
  const auto& row = status.as_object().at("jobs").as_array().at(0).as_object();
  for (const auto& l : row.at("levels").as_array()) {
    const auto& o = l.as_object();
    EXPECT_EQ(o.at("pending").as_int64(), 0) << r.out;
    EXPECT_EQ(o.at("failed").as_int64(), 0) << r.out;
    out.push_back(o.at("keys").as_int64());
  }
  return out;
}

std::vector<std::int64_t> sizes(const std::vector<std::vector<std::string>>& levels) {
  std::vector<std::int64_t> out;
  for (const auto& l : levels) out.push_back(static_cast<std::int64_t>(l.size()));
  return out;
}

// 200s per q in an emulator log.
std::map<std::string, int> answered(const Emulator& emu) {
  std::map<std::string, int> out;
  for (const auto& l : emu.log()) {
    if (l.at("status").as_int64() == 200) ++out[std::string(l.at("q").as_string())];
  }
  return out;
}

class ExpandE2E : public ::testing::TestWithParam<int> {
 protected:
  TempDir dir;
};

TEST_P(ExpandE2E, DiscoversExactlyTheKeysComputedFromTheServicesTreesWhateverTheConcurrency) {
  const int concurrency = GetParam();
  const auto want = expected_levels(seeds_of(20), 2, 3, 20000);
  ASSERT_GT(want[2].size(), 100u) << "the trees offer enough new questions for a real test";
  Emulator emu(dir.path(), {"--seed", std::to_string(kSeed)});
  auto job = expand_job(dir.path(), "deep", 20, "rate = 0\nconcurrency = " + std::to_string(concurrency), 2, 3, 20000);
  auto r = run_paa(run_args(job, emu), dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("expansion       level 2 of 2 reached, " + std::to_string(want[1].size() + want[2].size()) +
                       " keys discovered in all"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(stored_queries(dir.path(), dir / "deep.db"), all_of(want));
  EXPECT_EQ(level_keys(dir.path(), job), sizes(want));
  for (const auto& [q, n] : answered(emu)) EXPECT_EQ(n, 1) << q << " was paid " << n << " times";

  const auto before = emu.requests();
  auto rerun = run_paa(run_args(job, emu), dir.path());
  ASSERT_EQ(rerun.exit_code, 0) << rerun.err;
  EXPECT_EQ(emu.requests(), before) << "a rerun of a finished job sends nothing";
}

INSTANTIATE_TEST_SUITE_P(Concurrency, ExpandE2E, ::testing::Values(1, 64));

TEST(ExpandE2EKills, FiveKillsAndRerunsDiscoverTheSameKeysPayingTwiceOnlyWhatWasInFlight) {
  TempDir dir;
  const int concurrency = 8;
  const auto want = expected_levels(seeds_of(20), 2, 3, 20000);
  const std::size_t total = all_of(want).size();
  const std::uint32_t rng_seed = test::test_seed("PAA_EXPAND_KILL_SEED");  // printed; replays these kill points
  SCOPED_TRACE("PAA_EXPAND_KILL_SEED=" + std::to_string(rng_seed) + " replays these kill points");
  std::mt19937 rng(rng_seed);
  Emulator emu(dir.path(), {"--seed", std::to_string(kSeed), "--latency-ms", "5:30"});
  auto job = expand_job(dir.path(), "killed", 20, "rate = 0\nconcurrency = " + std::to_string(concurrency), 2, 3, 20000);
  int kills = 0;
  for (int trial = 0; trial < 5; ++trial) {
    // Kill points spread over the whole run, level passes included.
    const std::size_t target = emu.requests() + std::uniform_int_distribution<std::size_t>(1, total / 6)(rng);
    Process p({PAA_BIN, "run", job.string(), "--base-url", emu.base_url(), "--ca-file",
               (certs_dir() / "ca.pem").string(), "--progress", "none"},
              {{"PAA_API_KEY", kApiKey}, {"PAA_BASE_URL", "<unset>"}}, dir.path());
    ASSERT_TRUE(eventually([&] { return p.exited() || emu.requests() >= target; }, 60s));
    p.signal(SIGKILL);
    if (p.wait().exit_code == 128 + SIGKILL) ++kills;
  }
  EXPECT_GT(kills, 0);
  auto last = run_paa(run_args(job, emu), dir.path());
  ASSERT_EQ(last.exit_code, 0) << last.err;
  EXPECT_EQ(stored_queries(dir.path(), dir / "killed.db"), all_of(want));
  EXPECT_EQ(level_keys(dir.path(), job), sizes(want));
  int paid_twice = 0;
  for (const auto& [q, n] : answered(emu)) paid_twice += n - 1;
  EXPECT_LE(paid_twice, kills * concurrency) << "only keys in flight at a kill are asked again";
  const auto before = emu.requests();
  ASSERT_EQ(run_paa(run_args(job, emu), dir.path()).exit_code, 0);
  EXPECT_EQ(emu.requests(), before) << "a rerun of a finished job sends nothing";
}

TEST(ExpandE2EBudget, MaxSearchesHoldsAtEveryLevelAndRerunsFinishTheSameExpansion) {
  TempDir dir;
  const auto want = expected_levels(seeds_of(10), 2, 3, 20000);
  Emulator emu(dir.path(), {"--seed", std::to_string(kSeed)});
  auto job = expand_job(dir.path(), "budget", 10, "rate = 0\nconcurrency = 16", 2, 3, 20000);
  int runs = 0;
  int discovered_pending = 0;
  for (;;) {
    const auto before = answered(emu);
    auto r = run_paa(run_args(job, emu, {"--max-searches", "25"}), dir.path());
    ++runs;
    std::size_t charged = 0;
    for (const auto& [q, n] : answered(emu)) charged += static_cast<std::size_t>(n - (before.count(q) ? before.at(q) : 0));
    EXPECT_LE(charged, 25u) << "run " << runs;
    if (r.exit_code == 0) break;
    ASSERT_EQ(r.exit_code, 4) << r.err;
    ASSERT_LT(runs, 20) << "the budget runs make no progress";
    // `status --failed` lists as pending exactly as many keys as status counts, discovered ones too.
    auto status = run_paa({"status", job.string(), "--json"}, dir.path());
    ASSERT_EQ(status.exit_code, 0) << status.err;
    auto listed = run_paa({"status", job.string(), "--failed", "--json"}, dir.path());
    ASSERT_EQ(listed.exit_code, 0) << listed.err;
    std::int64_t pending = 0;
    for (const auto& row : parse_jsonl(listed.out)) {
      EXPECT_EQ(row.at("state").as_string(), "pending") << "nothing failed under a budget";
      ++pending;
      if (row.at("origin").as_string().starts_with("discovered, level ")) ++discovered_pending;
    }
    EXPECT_EQ(pending, json::parse(status.out).at("jobs").as_array().at(0).at("pending").as_int64()) << listed.out;
  }
  EXPECT_GT(discovered_pending, 0) << "some run stopped with discovered keys pending";
  EXPECT_GE(runs, 5) << "130 keys in runs of 25 searches";
  EXPECT_EQ(stored_queries(dir.path(), dir / "budget.db"), all_of(want));
  EXPECT_EQ(level_keys(dir.path(), job), sizes(want));
}

TEST(ExpandE2EGrow, RaisingDepthPaysOnlyTheNewLevelAndRaisingMaxKeysContinuesWhereTheCapCut) {
  TempDir dir;
  Emulator emu(dir.path(), {"--seed", std::to_string(kSeed)});
  auto job = expand_job(dir.path(), "grow", 10, "rate = 0\nconcurrency = 8", 2, 3, 7);
  ASSERT_EQ(run_paa(run_args(job, emu), dir.path()).exit_code, 0);
  const auto capped = expected_levels(seeds_of(10), 2, 3, 7);
  EXPECT_EQ(stored_queries(dir.path(), dir / "grow.db"), all_of(capped));
  EXPECT_EQ(level_keys(dir.path(), job), sizes(capped));

  // max_keys raised: the cut level goes on from the parent where the cap stopped it.
  job = expand_job(dir.path(), "grow", 10, "rate = 0\nconcurrency = 8", 2, 3, 0);
  const auto before = emu.requests();
  ASSERT_EQ(run_paa(run_args(job, emu), dir.path()).exit_code, 0);
  const auto two = expected_levels(seeds_of(10), 2, 3, 0);
  EXPECT_EQ(stored_queries(dir.path(), dir / "grow.db"), all_of(two));
  EXPECT_EQ(level_keys(dir.path(), job), sizes(two));
  EXPECT_EQ(emu.requests() - before, all_of(two).size() - all_of(capped).size()) << "only new keys are paid";

  // depth raised: only level 3 is asked.
  job = expand_job(dir.path(), "grow", 10, "rate = 0\nconcurrency = 8", 3, 3, 0);
  const auto at_two = emu.requests();
  ASSERT_EQ(run_paa(run_args(job, emu), dir.path()).exit_code, 0);
  const auto three = expected_levels(seeds_of(10), 3, 3, 0);
  EXPECT_EQ(emu.requests() - at_two, three[3].size());
  EXPECT_EQ(stored_queries(dir.path(), dir / "grow.db"), all_of(three));
  for (const auto& [q, n] : answered(emu)) EXPECT_EQ(n, 1) << q;
}

TEST(ExpandE2EJobs, KeysAnotherJobStoredJoinTheJobAtTheirLevelUnpaidAndStillExpand) {
  TempDir dir;
  Emulator emu(dir.path(), {"--seed", std::to_string(kSeed)});
  auto first = expand_job(dir.path(), "first", 10, "rate = 0\nconcurrency = 8", 2, 3, 0);
  ASSERT_EQ(run_paa(run_args(first, emu), dir.path()).exit_code, 0);
  // The same seeds under another name, in the same store: every key is there already.
  auto second = expand_job(dir.path(), "second", 10, "rate = 0\nconcurrency = 8", 2, 3, 0);
  {
    std::string text = read_file(second);
    text.replace(text.find("name = \"second\""), 15, "name = \"second\"\nstore = \"first.db\"");
    std::ofstream(second) << text;
  }
  const auto before = emu.requests();
  auto r = run_paa(run_args(second, emu), dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(emu.requests(), before) << "nothing is paid again";
  const auto want = expected_levels(seeds_of(10), 2, 3, 0);
  EXPECT_EQ(level_keys(dir.path(), second), sizes(want)) << "the stored keys' questions still expanded";
}

// Seeds added later (docs/expansion.md "Seeds added later"), computed here: a round walks the
// new seeds in the job's order and appends to each level, level by level, as a level pass does
// (known: every key the job has; per_result counts only new keys).
std::vector<std::vector<std::string>> expected_round(const std::vector<std::vector<std::string>>& first,
                                                     const std::vector<std::string>& added, int depth,
                                                     std::size_t per_result) {
  emulator::TreeGenerator gen({.seed = kSeed, .depth = 3, .tree_kb = 0});
  std::set<std::string> known;
  for (const auto& level : first) {
    for (const auto& q : level) known.insert(encode_key(make_query(q, "en", "us").value().key));
  }
  std::vector<std::vector<std::string>> levels(1);
  for (const auto& s : added) {
    auto q = make_query(s, "en", "us").value();
    if (known.insert(encode_key(q.key)).second) levels[0].push_back(q.q);
  }
  for (int d = 1; d <= depth; ++d) {
    levels.emplace_back();
    for (const auto& parent : levels[static_cast<std::size_t>(d - 1)]) {
      std::vector<std::string> questions;
      preorder(json::parse(gen.result_json({parent, "en", "us", std::nullopt})), questions);
      std::size_t taken = 0;
      for (const auto& text : questions) {
        if (per_result && taken >= per_result) break;
        auto q = make_query(text, "en", "us");
        if (!q || !known.insert(encode_key(q->key)).second) continue;
        levels.back().push_back(q->q);
        ++taken;
      }
    }
  }
  return levels;
}

TEST(ExpandE2ESeedsAddedLater, AreExpandedToTheJobsDepthPayingOnlyTheirNewKeysOnce) {
  TempDir dir;
  const auto all_seeds = seeds_of(20);
  const std::vector<std::string> first_seeds(all_seeds.begin(), all_seeds.begin() + 12);
  const std::vector<std::string> added(all_seeds.begin() + 12, all_seeds.end());
  const auto first = expected_levels(first_seeds, 2, 3, 20000);
  const auto round = expected_round(first, added, 2, 3);
  ASSERT_EQ(round[0].size(), added.size());
  ASSERT_GT(round[2].size(), 20u) << "the new seeds' trees offer enough new questions for a real test";
  Emulator emu(dir.path(), {"--seed", std::to_string(kSeed)});
  auto job = expand_job(dir.path(), "late", 12, "rate = 0\nconcurrency = 8", 2, 3, 20000);
  auto r = run_paa(run_args(job, emu), dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(stored_queries(dir.path(), dir / "late.db"), all_of(first));
  auto checked = run_paa({"check", job.string()}, dir.path());
  ASSERT_EQ(checked.exit_code, 0) << checked.err;
  EXPECT_NE(checked.out.find("seeds          all expanded"), std::string::npos) << checked.out;

  // Seeds appended to the list: check says what the next run does, and it does it.
  {
    std::ofstream list(dir / "late.txt", std::ios::app);
    for (const auto& s : added) list << s << "\n";
  }
  checked = run_paa({"check", job.string()}, dir.path());
  ASSERT_EQ(checked.exit_code, 0) << checked.err;
  EXPECT_NE(checked.out.find("seeds          8 seeds not expanded yet: the next run expands them (depth 2)"),
            std::string::npos)
      << checked.out;
  const auto before = emu.requests();
  auto second = run_paa(run_args(job, emu), dir.path());
  ASSERT_EQ(second.exit_code, 0) << second.err;
  const std::size_t new_keys = all_of(round).size();
  EXPECT_EQ(emu.requests() - before, new_keys) << "each new seed and each key its expansion found, once";
  std::set<std::string> want = all_of(first);
  for (const auto& q : all_of(round)) want.insert(q);
  EXPECT_EQ(stored_queries(dir.path(), dir / "late.db"), want);
  EXPECT_EQ(level_keys(dir.path(), job),
            (std::vector<std::int64_t>{20, static_cast<std::int64_t>(first[1].size() + round[1].size()),
                                       static_cast<std::int64_t>(first[2].size() + round[2].size())}));
  for (const auto& [q, n] : answered(emu)) EXPECT_EQ(n, 1) << q << " was paid " << n << " times";
  checked = run_paa({"check", job.string()}, dir.path());
  EXPECT_NE(checked.out.find("seeds          all expanded"), std::string::npos) << checked.out;

  // A third run pays nothing.
  const auto after = emu.requests();
  auto third = run_paa(run_args(job, emu), dir.path());
  ASSERT_EQ(third.exit_code, 0) << third.err;
  EXPECT_EQ(emu.requests(), after);
}

// --refresh fetches each key once per run: a key an earlier run discovered by expansion and then
// added to the list (the job's own feed fetches it) is not fetched again by its level; and the
// level's writes keep the attributes the list gives it.
TEST(ExpandE2ERefresh, AKeyTheListGainedIsFetchedOncePerRunAndKeepsTheListsAttributes) {
  TempDir dir;
  const auto seeds = seeds_of(3);
  const auto levels = expected_levels(seeds, 1, 1, 100);
  ASSERT_EQ(levels[1].size(), 3u);
  const std::string gained = levels[1][0];  // discovered by the first run, then listed
  Emulator emu(dir.path(), {"--seed", std::to_string(kSeed)});
  const fs::path job = dir / "again.toml";
  std::ofstream(job) << "query_files = [\"again.csv\"]\nlocales = [ { hl = \"en\", gl = \"us\" } ]\n"
                        "[limits]\nrate = 0\nconcurrency = 4\n[expand]\ndepth = 1\nper_result = 1\n";
  auto write_list = [&](bool with_gained) {
    std::ofstream list(dir / "again.csv");
    list << "keyword,volume\n";
    for (std::size_t i = 0; i < seeds.size(); ++i) list << "\"" << seeds[i] << "\"," << 100 * (i + 1) << "\n";
    if (with_gained) list << "\"" << gained << "\",777\n";
  };
  write_list(false);
  ASSERT_EQ(run_paa(run_args(job, emu), dir.path()).exit_code, 0);
  write_list(true);
  const auto first_log = emu.log().size();
  auto r = run_paa(run_args(job, emu, {"--refresh"}), dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::map<std::string, int> asked;
  const auto log = emu.log();
  for (std::size_t i = first_log; i < log.size(); ++i) ++asked[std::string(log[i].at("q").as_string())];
  EXPECT_EQ(asked[gained], 1) << "listed and discovered: fetched once in the run";
  for (const auto& [q, n] : asked) EXPECT_EQ(n, 1) << q;
  for (const auto& q : all_of(levels)) EXPECT_EQ(asked.count(q), 1u) << q << ": --refresh fetches every key";
  bool found = false;
  for (const auto& row : export_jsonl(dir.path(), dir / "again.db")) {
    if (row.at("q").as_string() != gained) continue;
    found = true;
    ASSERT_TRUE(row.contains("volume")) << json::serialize(row);
    EXPECT_EQ(row.at("volume").as_int64(), 777) << "the list's attributes survive the level's fetch";
  }
  EXPECT_TRUE(found);
}

// Each key's lineage as the jsonl export says it: q hl gl city -> level, parent and seed.
std::map<std::string, std::string> lineage_rows(const std::vector<json::object>& rows) {
  std::map<std::string, std::string> out;
  for (const auto& row : rows) {
    json::object l;
    for (const char* field : {"level", "parent", "seed"}) {
      if (const auto* v = row.if_contains(field)) l[field] = *v;
    }
    const std::string key = json::serialize(json::array{row.at("q"), row.at("hl"), row.at("gl"), row.at("city")});
    EXPECT_TRUE(out.emplace(key, json::serialize(l)).second) << "a key twice: " << key;
  }
  return out;
}

// Expansion across shards (issue 49): four shard processes run a level at a time, `paa barrier`
// between levels; the union of their stores holds exactly the keys, levels and lineage of one
// process's run of the same job (per_result, max_keys and skip_variants included), each key
// fetched once by the shards.
// The union of a job's 4 shard stores, as the jsonl export's lineage rows.
std::map<std::string, std::string> shards_lineage(const fs::path& dir, const std::string& name) {
  std::vector<std::string> cmd{"export", "--format", "jsonl"};
  for (int i = 0; i < 4; ++i) {
    cmd.push_back("--store");
    cmd.push_back((dir / (name + "-shard-" + std::to_string(i) + "-of-4.db")).string());
  }
  auto exported = run_paa(cmd, dir);
  EXPECT_EQ(exported.exit_code, 0) << exported.err;
  return lineage_rows(parse_jsonl(exported.out));
}

// The job of the sharded tests: depth 2, 3 per result, max_keys 120 (it cuts level 2), variants skipped.
fs::path sharded_job(const fs::path& dir, const std::string& name) {
  auto job = expand_job(dir, name, 20, "rate = 0\nconcurrency = 4", 2, 3, 120);
  std::ofstream(job, std::ios::app) << "skip_variants = true\n";
  return job;
}

TEST(ExpandE2EShards, FourShardsALevelAtATimeDiscoverExactlyWhatOneProcessDoes) {
  TempDir dir;
  Emulator emu(dir.path(), {"--seed", std::to_string(kSeed)});
  const auto one = sharded_job(dir.path(), "one");
  auto single = run_paa(run_args(one, emu), dir.path());
  ASSERT_EQ(single.exit_code, 0) << single.err;
  const auto want = lineage_rows(export_jsonl(dir.path(), dir / "one.db"));
  ASSERT_EQ(want.size(), 20u + 120u) << "max_keys cut level 2, so the test covers the cut";

  const auto job = sharded_job(dir.path(), "sharded");
  const std::size_t first_log = emu.log().size();
  const auto shards_run = [&](const std::string& when) {
    for (int i = 0; i < 4; ++i) {
      auto r = run_paa(run_args(job, emu, {"--shard", std::to_string(i) + "/4"}), dir.path());
      ASSERT_EQ(r.exit_code, 0) << when << ", shard " << i << ": " << r.err;
    }
  };
  const auto barrier = [&](int level) {
    return run_paa({"barrier", job.string(), "--shards", "4", "--level", std::to_string(level)}, dir.path());
  };
  auto check = run_paa({"check", job.string(), "--shards", "4"}, dir.path());
  ASSERT_EQ(check.exit_code, 0) << check.err;
  EXPECT_NE(check.out.find("a level at a time over 4 shards"), std::string::npos) << check.out;
  // Before any shard ran, nothing can be planned: every shard is named.
  auto early = barrier(1);
  EXPECT_EQ(early.exit_code, 7) << early.err;
  EXPECT_NE(early.err.find("shard 3/4: no store at"), std::string::npos) << early.err;

  // What runs next, as `paa status JOB --shards 4` says it; and the levels over the 4 stores.
  const auto status = [&]() -> json::object {
    auto r = run_paa({"status", job.string(), "--shards", "4", "--json"}, dir.path());
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return json::parse(r.out).as_object().at("jobs").as_array().at(0).as_object();
  };
  const auto next = [&] { return std::string(status().at("next_step").as_string()); };
  shards_run("the job's keys");
  EXPECT_EQ(next(), "paa barrier " + job.string() + " --shards 4 --level 1");
  auto made = barrier(1);
  ASSERT_EQ(made.exit_code, 0) << made.err;
  auto again = barrier(1);
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_NE(again.err.find("level 1 is planned already"), std::string::npos) << again.err;
  // Level 2 before the shards ran level 1: each shard's pending keys are named.
  auto too_soon = barrier(2);
  EXPECT_EQ(too_soon.exit_code, 7) << too_soon.err;
  EXPECT_NE(too_soon.err.find("pending; rerun it (paa run"), std::string::npos) << too_soon.err;

  EXPECT_TRUE(next().starts_with("the shards' run of level 1")) << next();
  shards_run("level 1");
  ASSERT_EQ(barrier(2).exit_code, 0);
  shards_run("level 2");
  const auto done = status();
  EXPECT_EQ(std::string(done.at("next_step").as_string()), "none: every level is harvested");
  EXPECT_EQ(done.at("pending").as_int64(), 0) << json::serialize(done);
  std::vector<std::int64_t> sharded_levels;
  for (const auto& l : done.at("levels").as_array()) sharded_levels.push_back(l.as_object().at("keys").as_int64());
  EXPECT_EQ(sharded_levels, level_keys(dir.path(), one)) << "the shards' levels add up to one process's";
  auto past = barrier(3);
  EXPECT_EQ(past.exit_code, 2) << past.err;

  EXPECT_EQ(shards_lineage(dir.path(), "sharded"), want);
  // The discovery tree in the single process's order, from the union and from `paa merge` of
  // the shard stores (which carries every shard's levels, not the first store's).
  std::vector<std::string> shard_stores;
  for (int i = 0; i < 4; ++i) shard_stores.push_back((dir / ("sharded-shard-" + std::to_string(i) + "-of-4.db")).string());
  auto one_edges = run_paa({"export", "--store", (dir / "one.db").string(), "--format", "edges"}, dir.path());
  ASSERT_EQ(one_edges.exit_code, 0) << one_edges.err;
  std::vector<std::string> union_edges{"export", "--format", "edges"};
  for (const auto& s : shard_stores) union_edges.insert(union_edges.end(), {"--store", s});
  auto from_union = run_paa(union_edges, dir.path());
  ASSERT_EQ(from_union.exit_code, 0) << from_union.err;
  EXPECT_EQ(from_union.out, one_edges.out);
  std::vector<std::string> merge{"merge", "--into", (dir / "all.db").string()};
  merge.insert(merge.end(), shard_stores.begin(), shard_stores.end());
  ASSERT_EQ(run_paa(merge, dir.path()).exit_code, 0);
  auto from_merged = run_paa({"export", "--store", (dir / "all.db").string(), "--format", "edges"}, dir.path());
  EXPECT_EQ(from_merged.out, one_edges.out);
  EXPECT_EQ(lineage_rows(export_jsonl(dir.path(), dir / "all.db")), want);
  std::map<std::string, int> asked;
  const auto log = emu.log();
  for (std::size_t i = first_log; i < log.size(); ++i) ++asked[std::string(log[i].at("q").as_string())];
  EXPECT_EQ(asked.size(), want.size());
  for (const auto& [q, n] : asked) EXPECT_EQ(n, 1) << q << " was fetched " << n << " times by the shards";

  // A rerun of every shard sends nothing more.
  const auto before = emu.requests();
  shards_run("a rerun");
  EXPECT_EQ(emu.requests(), before);
}

// A shard killed in the middle of level 1: the barrier refuses level 2 naming it (exit 7), the
// shard's rerun pays again only what was in flight, and a barrier run twice plans the level once;
// the union ends with one process's keys and lineage.
TEST(ExpandE2EShards, AShardKilledMidLevelIsNamedByTheBarrierAndResumes) {
  TempDir dir;
  Emulator emu(dir.path(), {"--seed", std::to_string(kSeed), "--latency-ms", "20:60"});
  const auto one = sharded_job(dir.path(), "one");
  ASSERT_EQ(run_paa(run_args(one, emu), dir.path()).exit_code, 0);
  const auto want = lineage_rows(export_jsonl(dir.path(), dir / "one.db"));
  const auto job = sharded_job(dir.path(), "killed");
  const auto shard = [&](int i) { return run_paa(run_args(job, emu, {"--shard", std::to_string(i) + "/4"}), dir.path()); };
  const auto barrier = [&](int level) {
    return run_paa({"barrier", job.string(), "--shards", "4", "--level", std::to_string(level)}, dir.path());
  };
  for (int i = 0; i < 4; ++i) ASSERT_EQ(shard(i).exit_code, 0);
  ASSERT_EQ(barrier(1).exit_code, 0);
  const std::size_t first_log = emu.log().size();
  for (int i : {0, 1, 3}) ASSERT_EQ(shard(i).exit_code, 0);
  const std::size_t target = emu.requests() + 3;
  Process p({PAA_BIN, "run", job.string(), "--shard", "2/4", "--base-url", emu.base_url(), "--ca-file",
             (certs_dir() / "ca.pem").string(), "--progress", "none"},
            {{"PAA_API_KEY", kApiKey}, {"PAA_BASE_URL", "<unset>"}}, dir.path());
  ASSERT_TRUE(eventually([&] { return p.exited() || emu.requests() >= target; }, 60s));
  p.signal(SIGKILL);
  ASSERT_EQ(p.wait().exit_code, 128 + SIGKILL) << "killed in the middle of its share of level 1";
  auto refused = barrier(2);
  EXPECT_EQ(refused.exit_code, 7) << refused.err;
  EXPECT_NE(refused.err.find("shard 2/4: "), std::string::npos) << refused.err;
  EXPECT_EQ(refused.err.find("shard 1/4: "), std::string::npos) << "a finished shard is not named: " << refused.err;
  ASSERT_EQ(shard(2).exit_code, 0);
  ASSERT_EQ(barrier(2).exit_code, 0);
  auto twice = barrier(2);
  EXPECT_EQ(twice.exit_code, 0) << twice.err;
  EXPECT_NE(twice.err.find("level 2 is planned already"), std::string::npos) << twice.err;
  for (int i = 0; i < 4; ++i) ASSERT_EQ(shard(i).exit_code, 0);
  EXPECT_EQ(shards_lineage(dir.path(), "killed"), want);
  std::map<std::string, int> asked;
  const auto log = emu.log();
  for (std::size_t i = first_log; i < log.size(); ++i) {
    if (log[i].at("status").as_int64() == 200) ++asked[std::string(log[i].at("q").as_string())];
  }
  int paid_twice = 0;
  for (const auto& [q, n] : asked) paid_twice += n - 1;
  EXPECT_LE(paid_twice, 4) << "only the killed shard's keys in flight (concurrency 4) are asked again";
}

// Sets the job file's job_max_searches (docs/running.md "Money: the job's budget").
void set_job_budget(const fs::path& job, std::int64_t budget) {
  std::ifstream in(job);
  std::stringstream text;
  text << in.rdbuf();
  std::string s = text.str();
  const auto at = s.find("job_max_searches = ");
  ASSERT_NE(at, std::string::npos) << s;
  s.replace(at, s.find('\n', at) - at, "job_max_searches = " + std::to_string(budget));
  std::ofstream(job, std::ios::trunc) << s;
}

// One budget for the 4 shards (issue 49 item 3): a job_max_searches that ends in the middle of
// level 2. What the shards were charged stays within it, each shard within the share the
// barrier gave it; the keys left are pending, none failed, none fetched twice; `paa check`
// shows the split; a rerun with a raised budget ends with exactly one process's keys and lineage.
TEST(ExpandE2EShards, AJobBudgetEndingMidLevel2HoldsOverTheShardsAndARaisedOneFinishes) {
  TempDir dir;
  const fs::path one_dir = dir / "one";
  fs::create_directories(one_dir);
  std::vector<std::int64_t> sizes_of_one;
  std::map<std::string, std::string> want;
  {
    Emulator solo(one_dir, {"--seed", std::to_string(kSeed)});
    const auto one = sharded_job(one_dir, "one");
    ASSERT_EQ(run_paa(run_args(one, solo), one_dir).exit_code, 0);
    want = lineage_rows(export_jsonl(one_dir, one_dir / "one.db"));
    sizes_of_one = level_keys(one_dir, one);
  }
  ASSERT_EQ(sizes_of_one.size(), 3u);
  ASSERT_GE(sizes_of_one[2], 10) << "level 2 is big enough to end in its middle";
  const std::int64_t budget = sizes_of_one[0] + sizes_of_one[1] + sizes_of_one[2] / 2;
  // Every answer charged (no cache): what the service counts is what the budget is about.
  Emulator emu(dir.path(), {"--seed", std::to_string(kSeed), "--cache-ttl", "0"});
  const auto job = expand_job(dir.path(), "budget", 20,
                              "rate = 0\nconcurrency = 4\njob_max_searches = " + std::to_string(budget), 2, 3, 120);
  std::ofstream(job, std::ios::app) << "skip_variants = true\n";
  const auto shard = [&](int i) { return run_paa(run_args(job, emu, {"--shard", std::to_string(i) + "/4"}), dir.path()); };
  const auto barrier = [&](int level) {
    return run_paa({"barrier", job.string(), "--shards", "4", "--level", std::to_string(level)}, dir.path());
  };
  auto check = run_paa({"check", job.string(), "--shards", "4"}, dir.path());
  ASSERT_EQ(check.exit_code, 0) << check.err;
  EXPECT_NE(check.out.find("job_max_searches = " + std::to_string(budget) + ", split by the seeds"), std::string::npos)
      << check.out;
  EXPECT_NE(check.out.find("may spend "), std::string::npos) << check.out;
  for (int i = 0; i < 4; ++i) ASSERT_EQ(shard(i).exit_code, 0) << "the seeds fit in the budget";
  ASSERT_EQ(barrier(1).exit_code, 0);
  for (int i = 0; i < 4; ++i) ASSERT_EQ(shard(i).exit_code, 0) << "level 1 fits in the budget";
  auto split = barrier(2);
  ASSERT_EQ(split.exit_code, 0) << split.err;
  EXPECT_NE(split.err.find("split for level 2"), std::string::npos) << split.err;
  check = run_paa({"check", job.string(), "--shards", "4"}, dir.path());
  EXPECT_NE(check.out.find("split by the barrier of level 2"), std::string::npos) << check.out;
  {
    // A barrier stopped between planning the level and splitting the budget: check says so,
    // a shard refuses to spend by an older split, and the barrier run again splits it.
    const fs::path kept = dir / "budget-plan-of-4-budget.json";
    ASSERT_TRUE(fs::exists(kept));
    const std::string split_text = [&] {
      std::ifstream in(kept);
      std::stringstream t;
      t << in.rdbuf();
      return t.str();
    }();
    fs::remove(kept);
    check = run_paa({"check", job.string(), "--shards", "4"}, dir.path());
    EXPECT_NE(check.out.find("not split for level 2"), std::string::npos) << check.out;
    const auto refused = shard(0);
    EXPECT_EQ(refused.exit_code, 2);
    EXPECT_NE(refused.err.find("has no split of job_max_searches"), std::string::npos) << refused.err;
    EXPECT_NE(refused.err.find("--level 2"), std::string::npos) << refused.err;
    auto again = barrier(2);
    ASSERT_EQ(again.exit_code, 0) << again.err;
    EXPECT_NE(again.err.find("planned already"), std::string::npos) << again.err;
    std::ifstream in(kept);
    std::stringstream t;
    t << in.rdbuf();
    EXPECT_EQ(t.str(), split_text) << "the same split, from the shards' stores as they are";
  }
  int stopped = 0;
  for (int i = 0; i < 4; ++i) {
    auto r = shard(i);
    ASSERT_TRUE(r.exit_code == 0 || r.exit_code == 4) << r.err;
    if (r.exit_code == 4) {
      ++stopped;
      EXPECT_NE(r.err.find("job_max_searches = " + std::to_string(budget)), std::string::npos) << r.err;
      EXPECT_NE(r.err.find("shard " + std::to_string(i) + "/4's share"), std::string::npos) << r.err;
    }
  }
  EXPECT_GE(stopped, 1) << "the budget ends in level 2";
  const auto charged = [&] {
    std::int64_t n = 0;
    for (const auto& [q, times] : answered(emu)) n += times;
    return n;
  };
  EXPECT_LE(charged(), budget) << "the sum charged over the 4 shards";
  EXPECT_GE(charged(), budget - 8) << "each shard spends its share but for a floor";
  // Left pending, none failed, none fetched twice.
  auto status = run_paa({"status", job.string(), "--shards", "4", "--json"}, dir.path());
  ASSERT_EQ(status.exit_code, 0) << status.err;
  const auto row = json::parse(status.out).as_object().at("jobs").as_array().at(0).as_object();
  EXPECT_EQ(row.at("failed").as_int64(), 0) << status.out;
  EXPECT_GT(row.at("pending").as_int64(), 0) << status.out;
  const auto& counted = row.at("job_budget").as_object();
  EXPECT_EQ(counted.at("max").to_number<std::int64_t>(), budget);
  EXPECT_EQ(counted.at("counted").to_number<std::int64_t>(), charged()) << "what the 4 shards' runs counted, as the service charged";
  for (const auto& [q, n] : answered(emu)) EXPECT_EQ(n, 1) << q;

  // A rerun under the same budget sends nothing; a raised one finishes the job.
  const auto before = emu.requests();
  for (int i = 0; i < 4; ++i) EXPECT_NE(shard(i).exit_code, 2);
  EXPECT_EQ(emu.requests(), before) << "nothing is left of the budget";
  set_job_budget(job, 1000);
  for (int i = 0; i < 4; ++i) ASSERT_EQ(shard(i).exit_code, 0);
  EXPECT_EQ(shards_lineage(dir.path(), "budget"), want);
  for (const auto& [q, n] : answered(emu)) EXPECT_EQ(n, 1) << q << " fetched twice";
  EXPECT_EQ(charged(), static_cast<std::int64_t>(want.size()));
}

// Seeds added to the lists later and a max_keys raised after it cut level 2 (issue 49 item 5):
// over 4 shards, the chain run again (twice: the cut level is made again first, then the new
// seeds' round, as one process does in one run) ends with exactly the keys, levels and lineage
// of one process's two runs of the same job files, every key fetched once by the shards.
TEST(ExpandE2EShards, SeedsAddedLaterAndARaisedMaxKeysEndAsOnOneMachine) {
  TempDir dir;
  const auto grow = [](const fs::path& where, const std::string& name, int seeds, std::size_t max_keys) {
    auto job = expand_job(where, name, seeds, "rate = 0\nconcurrency = 4", 2, 3, max_keys);
    std::ofstream(job, std::ios::app) << "skip_variants = true\n";
    return job;
  };
  const fs::path one_dir = dir / "one";
  fs::create_directories(one_dir);
  std::map<std::string, std::string> want;
  std::vector<std::int64_t> one_levels;
  {
    Emulator solo(one_dir, {"--seed", std::to_string(kSeed)});
    ASSERT_EQ(run_paa(run_args(grow(one_dir, "one", 20, 120), solo), one_dir).exit_code, 0);
    ASSERT_EQ(run_paa(run_args(grow(one_dir, "one", 26, 1000), solo), one_dir).exit_code, 0);
    want = lineage_rows(export_jsonl(one_dir, one_dir / "one.db"));
    one_levels = level_keys(one_dir, one_dir / "one.toml");
  }
  Emulator emu(dir.path(), {"--seed", std::to_string(kSeed), "--cache-ttl", "0"});
  auto job = grow(dir.path(), "later", 20, 120);
  const auto shards_run = [&](const std::string& when) {
    for (int i = 0; i < 4; ++i) {
      auto r = run_paa(run_args(job, emu, {"--shard", std::to_string(i) + "/4"}), dir.path());
      ASSERT_EQ(r.exit_code, 0) << when << ", shard " << i << ": " << r.err;
    }
  };
  const auto chain = [&](const std::string& when) {
    shards_run(when);
    for (int level = 1; level <= 2; ++level) {
      auto b = run_paa({"barrier", job.string(), "--shards", "4", "--level", std::to_string(level)}, dir.path());
      ASSERT_EQ(b.exit_code, 0) << when << ", barrier " << level << ": " << b.err;
      shards_run(when + ", level " + std::to_string(level));
    }
  };
  const auto next = [&] {
    auto r = run_paa({"status", job.string(), "--shards", "4", "--json"}, dir.path());
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return std::string(json::parse(r.out).at("jobs").as_array().at(0).at("next_step").as_string());
  };
  chain("20 seeds, max_keys 120");
  EXPECT_EQ(next(), "none: every level is harvested");
  job = grow(dir.path(), "later", 26, 1000);
  EXPECT_TRUE(next().starts_with("the shards' run of level 0 (6 keys pending)")) << next();
  chain("26 seeds, max_keys 1000: the cut level made again");
  EXPECT_EQ(next(), "paa barrier " + job.string() + " --shards 4 --level 1 (6 seeds added since level 1 was planned)");
  chain("the new seeds' round");
  EXPECT_EQ(next(), "none: every level is harvested");
  EXPECT_EQ(shards_lineage(dir.path(), "later"), want);
  auto status = run_paa({"status", job.string(), "--shards", "4", "--json"}, dir.path());
  const json::value parsed = json::parse(status.out);
  std::vector<std::int64_t> levels;
  for (const auto& l : parsed.at("jobs").as_array().at(0).at("levels").as_array()) {
    levels.push_back(l.at("keys").as_int64());
  }
  EXPECT_EQ(levels, one_levels);
  for (const auto& [q, n] : answered(emu)) EXPECT_EQ(n, 1) << q << " was fetched " << n << " times by the shards";
  EXPECT_EQ(answered(emu).size(), want.size());
}

// The GNU parallel loop of deploy/ (docs/scaling-out.md), run for real: the shards, the barrier,
// a level at a time, to the end; the same keys and lineage as one process.
TEST(ExpandE2EShards, TheGnuParallelLoopRunsTheChainToTheEnd) {
  TempDir dir;
  Emulator emu(dir.path(), {"--seed", std::to_string(kSeed)});
  const auto one = sharded_job(dir.path(), "one");
  ASSERT_EQ(run_paa(run_args(one, emu), dir.path()).exit_code, 0);
  const auto want = lineage_rows(export_jsonl(dir.path(), dir / "one.db"));
  const auto job = sharded_job(dir.path(), "par");
  std::vector<std::string> argv{"/bin/bash", PAA_DEPLOY_DIR "/gnu-parallel/expand-over-shards.sh", job.string(), "4"};
  const auto flags = run_args(job, emu);
  argv.insert(argv.end(), flags.begin() + 2, flags.end());  // after "run JOB"
  Process loop(argv, {{"PAA", PAA_BIN}, {"PAA_API_KEY", kApiKey}}, dir.path());
  auto done = loop.wait();
  ASSERT_EQ(done.exit_code, 0) << done.out << done.err;
  EXPECT_NE(done.err.find("level 2 planned in"), std::string::npos) << done.err;
  EXPECT_EQ(shards_lineage(dir.path(), "par"), want);
}

}  // namespace
}  // namespace paa::e2e
