#include "paa/job/shard.hpp"
#include "paa/model/query_key.hpp"

#include <gtest/gtest.h>

#include <map>
#include <string>

using namespace paa;

namespace {
std::string key_of(const std::string& q, const std::string& hl, const std::string& gl, const std::string& city = "") {
  return encode_key(make_query(q, hl, gl, city).value().key);
}

EnvLookup env(std::map<std::string, std::string> vars) {
  auto held = std::make_shared<std::map<std::string, std::string>>(std::move(vars));
  return [held](const char* name) -> const char* {
    auto it = held->find(name);
    return it == held->end() ? nullptr : it->second.c_str();
  };
}
}  // namespace

// Published in the docs/scaling-out.md: changing any of these breaks every sharded store.
TEST(Shard, HashVersionOneTestVectors) {
  EXPECT_EQ(kShardHashVersion, 1u);
  struct Vector {
    const char *q, *hl, *gl, *city;
    std::uint64_t hash;
  };
  const Vector vectors[] = {
      {"coffee", "en", "us", "", 12338293626454508170ull},
      {"espresso vs latte", "en", "us", "", 16383338000113770744ull},
      {"Kaffee", "de", "de", "Berlin", 3357709147837320012ull},
  };
  for (const auto& v : vectors) {
    EXPECT_EQ(shard_hash(key_of(v.q, v.hl, v.gl, v.city)), v.hash) << v.q;
  }
  EXPECT_TRUE((Shard{2, 4}.holds(key_of("coffee", "en", "us"))));
  EXPECT_TRUE((Shard{0, 4}.holds(key_of("Kaffee", "de", "de", "Berlin"))));
}

TEST(Shard, EveryKeyIsInExactlyOneShard) {
  for (std::uint32_t n : {1u, 2u, 3u, 7u}) {
    for (int i = 0; i < 200; ++i) {
      const auto key = key_of("query " + std::to_string(i), "en", "us");
      int holders = 0;
      for (std::uint32_t s = 0; s < n; ++s) holders += Shard{s, n}.holds(key) ? 1 : 0;
      EXPECT_EQ(holders, 1) << key;
    }
  }
}

TEST(Shard, ParsesIndexSlashCountAndRefusesTheRest) {
  EXPECT_EQ(parse_shard("2/4").value(), (Shard{2, 4}));
  EXPECT_EQ(parse_shard("0/1").value(), (Shard{0, 1}));
  for (const char* bad : {"4/4", "2", "a/4", "2/0", "-1/4", "2/4/8", ""}) {
    auto r = parse_shard(bad);
    EXPECT_FALSE(r) << bad;
    if (!r) {
      EXPECT_EQ(r.error().code, errc::invalid_input);
    }
  }
  EXPECT_NE(parse_shard("4/4").error().message.find("not in 0..3"), std::string::npos);
}

TEST(Shard, KubernetesIndexedJobTakesTheCountFromTheFlag) {
  EXPECT_EQ(shard_from_env(env({{"JOB_COMPLETION_INDEX", "3"}}), 4).value(), (Shard{3, 4}));
  auto no_count = shard_from_env(env({{"JOB_COMPLETION_INDEX", "3"}}), std::nullopt);
  ASSERT_FALSE(no_count);
  EXPECT_NE(no_count.error().message.find("--shards N"), std::string::npos);
  EXPECT_FALSE(shard_from_env(env({{"JOB_COMPLETION_INDEX", "4"}}), 4)) << "index past the count";
}

TEST(Shard, SlurmArraysNeedNotStartAtZero) {
  auto s = shard_from_env(env({{"SLURM_ARRAY_TASK_ID", "12"}, {"SLURM_ARRAY_TASK_MIN", "10"},
                               {"SLURM_ARRAY_TASK_COUNT", "4"}}),
                          std::nullopt);
  EXPECT_EQ(s.value(), (Shard{2, 4}));
  auto missing = shard_from_env(env({{"SLURM_ARRAY_TASK_ID", "12"}, {"SLURM_ARRAY_TASK_COUNT", "4"}}), std::nullopt);
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().message.find("SLURM_ARRAY_TASK_MIN is not set"), std::string::npos);
  auto disagree = shard_from_env(env({{"SLURM_ARRAY_TASK_ID", "1"}, {"SLURM_ARRAY_TASK_MIN", "0"},
                                      {"SLURM_ARRAY_TASK_COUNT", "4"}}),
                                 8);
  ASSERT_FALSE(disagree);
  EXPECT_NE(disagree.error().message.find("SLURM_ARRAY_TASK_COUNT=4"), std::string::npos);
  auto stepped = shard_from_env(env({{"SLURM_ARRAY_TASK_ID", "2"}, {"SLURM_ARRAY_TASK_MIN", "0"},
                                     {"SLURM_ARRAY_TASK_COUNT", "4"}, {"SLURM_ARRAY_TASK_STEP", "2"}}),
                                std::nullopt);
  EXPECT_FALSE(stepped);
}

// `sbatch --array=2` to rerun one failed task must not become shard 0/1 (the whole job, paid again).
TEST(Shard, AResubmittedSlurmTaskIsNeverTheWholeJob) {
  const std::map<std::string, std::string> one_task{
      {"SLURM_ARRAY_TASK_ID", "2"}, {"SLURM_ARRAY_TASK_MIN", "2"}, {"SLURM_ARRAY_TASK_COUNT", "1"}};
  auto alone = shard_from_env(env(one_task), std::nullopt);
  ASSERT_FALSE(alone);
  EXPECT_NE(alone.error().message.find("--shard I/N"), std::string::npos) << alone.error().message;
  auto checked = shard_from_env(env(one_task), 4);
  ASSERT_FALSE(checked);
  EXPECT_NE(checked.error().message.find("disagrees with SLURM_ARRAY_TASK_COUNT=1"), std::string::npos);
}

TEST(Shard, AwsBatchArrays) {
  EXPECT_EQ(shard_from_env(env({{"AWS_BATCH_JOB_ARRAY_INDEX", "0"}, {"AWS_BATCH_JOB_ARRAY_SIZE", "5"}}),
                           std::nullopt)
                .value(),
            (Shard{0, 5}));
  auto bad = shard_from_env(env({{"AWS_BATCH_JOB_ARRAY_INDEX", "x"}, {"AWS_BATCH_JOB_ARRAY_SIZE", "5"}}),
                            std::nullopt);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("AWS_BATCH_JOB_ARRAY_INDEX='x' is not a whole number"), std::string::npos);
}

TEST(Shard, NoEngineVariableSaysWhichOnesWereLookedFor) {
  auto r = shard_from_env(env({}), 4);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("JOB_COMPLETION_INDEX"), std::string::npos);
  EXPECT_NE(r.error().message.find("SLURM_ARRAY_TASK_ID"), std::string::npos);
  EXPECT_NE(r.error().message.find("AWS_BATCH_JOB_ARRAY_INDEX"), std::string::npos);
}

TEST(Shard, EachShardHasItsOwnStoreAndMayHaveItsOwnKey) {
  EXPECT_EQ(shard_store("jobs/coffee.db", Shard{2, 4}), std::filesystem::path("jobs/coffee-shard-2-of-4.db"));
  EXPECT_EQ(shard_store("out/store", Shard{0, 2}), std::filesystem::path("out/store-shard-0-of-2"));
  EXPECT_EQ(shard_key_env("PAA_KEY_{shard}", Shard{3, 4}), "PAA_KEY_3");
  EXPECT_EQ(shard_key_env("PAA_API_KEY", Shard{3, 4}), "PAA_API_KEY");
}
