// Shards end to end: N processes of `paa run --shard I/N` against one emulator.
#include "harness.hpp"

#include <gtest/gtest.h>

#include <csignal>
#include <fstream>
#include <algorithm>
#include <set>

namespace paa::e2e {
namespace {

std::string key_of(const boost::json::object& row) {
  auto text = [&](const char* f) { return row.at(f).is_string() ? std::string(row.at(f).as_string()) : std::string(); };
  return text("q") + "|" + text("hl") + "|" + text("gl") + "|" + text("city");
}

// Each exported row without the fields that depend on when it was fetched.
std::multiset<std::string> comparable(const std::vector<boost::json::object>& rows) {
  std::multiset<std::string> out;
  for (auto row : rows) {
    row.erase("fetched_at");
    row.erase("cached");
    out.insert(boost::json::serialize(row));
  }
  return out;
}

class ShardE2E : public ::testing::Test {
 protected:
  TempDir dir;
};

TEST_F(ShardE2E, FourShardProcessesHarvestTheJobOnceBetweenThem) {
  Emulator emu(dir.path(), {"--seed", "21", "--searches", "5000"});
  auto job = write_job(dir.path(), "split", 240, "concurrency = 4\nrate = 0");
  set_locales(job, R"(locales = [ { hl = "en", gl = "us" }, { hl = "de", gl = "de" } ])");
  auto check = run_paa({"check", job.string(), "--shards", "4"}, dir.path());
  ASSERT_EQ(check.exit_code, 0) << check.err;
  EXPECT_NE(check.out.find("shards         4 (shard hash v1)"), std::string::npos) << check.out;

  std::vector<std::unique_ptr<Process>> shards;
  for (int i = 0; i < 4; ++i) {
    std::vector<std::string> argv{PAA_BIN};
    for (auto& a : run_args(job, emu, {"--shard", std::to_string(i) + "/4"})) argv.push_back(a);
    shards.push_back(std::make_unique<Process>(argv, std::map<std::string, std::string>{{"PAA_API_KEY", kApiKey}},
                                               dir.path()));
  }
  for (auto& p : shards) {
    const auto r = p->wait();
    EXPECT_EQ(r.exit_code, 0) << r.err;
  }
  const auto log = emu.log();
  std::set<std::string> asked;
  for (const auto& l : log) asked.insert(key_of(l));
  EXPECT_EQ(log.size(), 480u);
  EXPECT_EQ(asked.size(), 480u) << "no key was asked by two shards";

  std::vector<boost::json::object> union_rows;
  for (int i = 0; i < 4; ++i) {
    const fs::path store = dir / ("split-shard-" + std::to_string(i) + "-of-4.db");
    ASSERT_TRUE(fs::exists(store)) << store;
    // A shard store's job is its shard's keys: nothing pending once that shard is done.
    const auto status = run_paa({"status", job.string(), "--store", store.string(), "--json"}, dir.path());
    ASSERT_EQ(status.exit_code, 0) << status.err;
    EXPECT_EQ(boost::json::parse(status.out).at("jobs").as_array().at(0).at("pending").to_number<std::int64_t>(), 0)
        << status.out;
    const auto failed = run_paa({"status", job.string(), "--store", store.string(), "--failed", "--json"}, dir.path());
    ASSERT_EQ(failed.exit_code, 0) << failed.err;
    EXPECT_EQ(failed.out, "") << "no key of another shard is listed as pending";
    auto rows = export_jsonl(dir.path(), store);
    EXPECT_GT(rows.size(), 60u) << "shard " << i << " is far from a quarter";
    union_rows.insert(union_rows.end(), rows.begin(), rows.end());
  }
  // The same job in one process, against the same trees.
  Emulator single(dir.path(), {"--seed", "21", "--searches", "5000"});
  auto whole = run_paa(run_args(job, single, {"--store", (dir / "whole.db").string()}), dir.path());
  ASSERT_EQ(whole.exit_code, 0) << whole.err;
  EXPECT_EQ(comparable(union_rows), comparable(export_jsonl(dir.path(), dir / "whole.db")));

  // One dataset from the four stores: `export --store` repeated, and `paa merge`.
  std::vector<std::string> stores;
  for (int i = 0; i < 4; ++i) {
    stores.push_back("--store");
    stores.push_back((dir / ("split-shard-" + std::to_string(i) + "-of-4.db")).string());
  }
  auto export_of = [&](std::vector<std::string> from, const std::string& format) {
    std::vector<std::string> args{"export", "--format", format};
    args.insert(args.end(), from.begin(), from.end());
    auto r = run_paa(args, dir.path());
    EXPECT_EQ(r.exit_code, 0) << format << ": " << r.err;
    return r;
  };
  const auto together = export_of(stores, "jsonl");
  EXPECT_EQ(together.err.find("more than one store"), std::string::npos) << "shards never overlap";
  EXPECT_EQ(comparable(parse_jsonl(together.out)), comparable(union_rows));
  std::vector<std::string> merge{"merge", "--into", (dir / "merged.db").string()};
  for (std::size_t i = 1; i < stores.size(); i += 2) merge.push_back(stores[i]);
  auto merged = run_paa(merge, dir.path());
  ASSERT_EQ(merged.exit_code, 0) << merged.err;
  EXPECT_NE(merged.err.find("480 results written, 0 already there"), std::string::npos) << merged.err;
  auto again = run_paa(merge, dir.path());
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_NE(again.err.find("0 results written, 480 already there"), std::string::npos)
      << "a rerun changes nothing: " << again.err;
  for (const char* format : {"jsonl", "json", "csv", "questions", "related"}) {
    EXPECT_EQ(export_of({"--store", (dir / "merged.db").string()}, format).out, export_of(stores, format).out)
        << format << ": the merged store exports as the four stores do";
  }
  auto status = run_paa({"status", "--store", (dir / "merged.db").string()}, dir.path());
  EXPECT_EQ(status.exit_code, 0) << status.err;
  EXPECT_NE(status.out.find("split"), std::string::npos) << status.out;

  // The shards' analysis kept in a folder of its own (--analysis DIR, docs/store.md "The kept
  // analysis"): computed once, read after (whatever the order of --store), the same topics and
  // questions as views that compute their own; stale after a write to any one shard.
  EXPECT_FALSE(fs::exists(dir / "split-shard-0-of-4.db" / "analysis")) << "a shard run does not analyse after itself";
  const std::string kept_dir = (dir / "split-analysis").string();
  auto with = [&](std::vector<std::string> args, std::vector<std::string> from, bool kept) {
    args.insert(args.end(), from.begin(), from.end());
    if (kept) args.insert(args.end(), {"--analysis", kept_dir});
    return run_paa(args, dir.path());
  };
  auto analyzed = with({"analyze"}, stores, true);
  ASSERT_EQ(analyzed.exit_code, 0) << analyzed.err;
  EXPECT_NE(analyzed.err.find("kept it in " + kept_dir), std::string::npos) << analyzed.err;
  EXPECT_TRUE(fs::exists(dir / "split-analysis" / "all-r1" / "manifest.json"));
  std::vector<std::string> reversed;
  for (std::size_t i = stores.size(); i >= 2; i -= 2) reversed.insert(reversed.end(), {"--store", stores[i - 1]});
  auto kept_topics = with({"topics"}, reversed, true);
  ASSERT_EQ(kept_topics.exit_code, 0) << kept_topics.err;
  EXPECT_NE(kept_topics.err.find("read from the analysis kept in " + kept_dir), std::string::npos) << kept_topics.err;
  auto own_topics = with({"topics"}, stores, false);
  ASSERT_EQ(own_topics.exit_code, 0) << own_topics.err;
  EXPECT_EQ(own_topics.err.find("analysis"), std::string::npos) << own_topics.err;
  EXPECT_EQ(kept_topics.out, own_topics.out);
  auto kept_questions = with({"export", "--format", "questions"}, stores, true);
  ASSERT_EQ(kept_questions.exit_code, 0) << kept_questions.err;
  EXPECT_NE(kept_questions.err.find("read from the analysis kept in"), std::string::npos) << kept_questions.err;
  EXPECT_EQ(kept_questions.out, export_of(stores, "questions").out);
  // One store keeps its analysis in its own folder: --analysis is refused, saying where.
  auto one = with({"topics"}, {"--store", stores[1]}, true);
  EXPECT_EQ(one.exit_code, 2) << one.err;
  EXPECT_NE(one.err.find("--analysis DIR is for several --store"), std::string::npos) << one.err;
  // A run of one shard (nothing due: it still records itself) moves the union's state on, but
  // not its results: the union's analysis is checked and carried, not computed again.
  ASSERT_EQ(run_paa(run_args(job, emu, {"--shard", "2/4"}), dir.path()).exit_code, 0);
  auto stale = with({"topics"}, stores, true);
  ASSERT_EQ(stale.exit_code, 0) << stale.err;
  EXPECT_NE(stale.err.find("still answers: the store has changed since, but not what it was computed from (480 "
                           "results checked"),
            std::string::npos)
      << stale.err;
  auto refreshed = with({"export", "--format", "topics"}, stores, true);
  ASSERT_EQ(refreshed.exit_code, 0) << refreshed.err;
  EXPECT_NE(refreshed.err.find("read from the analysis kept in"), std::string::npos) << refreshed.err;
  EXPECT_EQ(refreshed.out, export_of(stores, "topics").out) << "the same results: the same topics, their ids kept";

  // Overlapping stores: each key once, the newest fetch, and the overlap said on stderr.
  auto overlapping = export_of({"--store", (dir / "whole.db").string(), "--store", stores[1]}, "jsonl");
  EXPECT_EQ(std::count(overlapping.out.begin(), overlapping.out.end(), '\n'), 480);
  const auto shard0 = export_jsonl(dir.path(), stores[1]);
  EXPECT_NE(overlapping.err.find(std::to_string(shard0.size()) + " keys are stored in more than one store"),
            std::string::npos)
      << overlapping.err;
}

TEST_F(ShardE2E, AKilledShardResumesPayingOnlyWhatWasInFlight) {
  Emulator emu(dir.path(), {"--seed", "4", "--latency-ms", "5:15"});
  auto job = write_job(dir.path(), "killed", 200, "concurrency = 4\nrate = 0");
  std::vector<std::string> argv{PAA_BIN};
  for (auto& a : run_args(job, emu, {"--shard", "1/2"})) argv.push_back(a);
  {
    Process p(argv, {{"PAA_API_KEY", kApiKey}}, dir.path());
    ASSERT_TRUE(eventually([&] { return emu.requests() >= 20; }, std::chrono::seconds(30)));
    p.signal(SIGKILL);
    EXPECT_EQ(p.wait().exit_code, 128 + SIGKILL);
  }
  const auto before = emu.requests();
  auto again = run_paa(run_args(job, emu, {"--shard", "1/2"}), dir.path());
  ASSERT_EQ(again.exit_code, 0) << again.err;
  const auto rows = export_jsonl(dir.path(), dir / "killed-shard-1-of-2.db");
  std::set<std::string> stored;
  for (const auto& r : rows) stored.insert(key_of(r));
  EXPECT_EQ(stored.size(), rows.size());
  EXPECT_LE(emu.requests(), rows.size() + 4) << "at most the 4 keys in flight at the kill are paid twice";
  EXPECT_GT(before, 0u);
  // The other shard's keys were never touched.
  std::set<std::string> asked;
  for (const auto& l : emu.log()) asked.insert(key_of(l));
  EXPECT_EQ(asked, stored);
}

TEST_F(ShardE2E, AStoreIsNeverResumedWithAnotherShardSetting) {
  Emulator emu(dir.path(), {});
  auto job = write_job(dir.path(), "fixed", 20, "rate = 0");
  const std::string store = (dir / "fixed.db").string();
  ASSERT_EQ(run_paa(run_args(job, emu, {"--shard", "0/2", "--store", store}), dir.path()).exit_code, 0);
  const auto sent = emu.requests();
  auto other = run_paa(run_args(job, emu, {"--shard", "1/2", "--store", store}), dir.path());
  EXPECT_EQ(other.exit_code, 2) << other.err;
  EXPECT_NE(other.err.find("holds shard 0/2 (shard hash v1) of job 'fixed'; this run is shard 1/2"),
            std::string::npos)
      << other.err;
  auto whole = run_paa(run_args(job, emu, {"--store", store}), dir.path());
  EXPECT_EQ(whole.exit_code, 2) << whole.err;
  EXPECT_EQ(emu.requests(), sent) << "nothing was sent";
  // And the other way: a store of the whole job is not resumed as a shard.
  const std::string whole_store = (dir / "whole.db").string();
  ASSERT_EQ(run_paa(run_args(job, emu, {"--store", whole_store}), dir.path()).exit_code, 0);
  const auto whole_sent = emu.requests();
  auto as_shard = run_paa(run_args(job, emu, {"--shard", "0/2", "--store", whole_store}), dir.path());
  EXPECT_EQ(as_shard.exit_code, 2) << as_shard.err;
  EXPECT_EQ(emu.requests(), whole_sent) << "nothing was sent";
}

TEST_F(ShardE2E, ArrayJobEnginesGiveTheShardThroughTheEnvironment) {
  Emulator emu(dir.path(), {});
  auto job = write_job(dir.path(), "slurm", 40, "rate = 0");
  // A Slurm array that starts at 10: task 11 of 10-11 is shard 1/2.
  auto r = run_paa(run_args(job, emu, {"--shard-from-env"}), dir.path(),
                   {{"SLURM_ARRAY_TASK_ID", "11"}, {"SLURM_ARRAY_TASK_MIN", "10"}, {"SLURM_ARRAY_TASK_COUNT", "2"}});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::exists(dir / "slurm-shard-1-of-2.db"));
  auto both = run_paa(run_args(job, emu, {"--shard", "1/4", "--shards", "8"}), dir.path());
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_NE(both.err.find("--shards N goes with --shard-from-env"), std::string::npos) << both.err;
  auto missing = run_paa(run_args(job, emu, {"--shard-from-env"}), dir.path(), {{"JOB_COMPLETION_INDEX", "0"}});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("pass --shards N"), std::string::npos) << missing.err;
  // Each shard its own key: PAA_KEY_{shard}.
  auto keyed = write_job(dir.path(), "keyed", 10, "rate = 0", "api_key_env = \"PAA_KEY_{shard}\"");
  auto with_key = run_paa(run_args(keyed, emu, {"--shard-from-env", "--shards", "2"}), dir.path(),
                          {{"JOB_COMPLETION_INDEX", "0"}, {"PAA_KEY_0", kApiKey}, {"PAA_API_KEY", "<unset>"}});
  EXPECT_EQ(with_key.exit_code, 0) << with_key.err;
  auto unsharded = run_paa(run_args(keyed, emu), dir.path());
  EXPECT_EQ(unsharded.exit_code, 2);
  EXPECT_NE(unsharded.err.find("names one key per shard"), std::string::npos) << unsharded.err;
}

}  // namespace
}  // namespace paa::e2e
