// resolve_run_config: which setting wins and which combination is refused, step by step with a
// job and an environment written here (no process variables, no files, no service).
#include "paa/app/run_config.hpp"
#include "paa/harvest/shard_levels.hpp"
#include "paa/exit_code.hpp"

#include <gtest/gtest.h>

#include <map>
#include <string>

namespace paa::app {
namespace {

JobSpec coffee_job() {
  JobSpec job;
  job.file = "jobs/coffee.toml";
  job.name = "coffee";
  job.store = "stores/coffee.db";
  job.base_url = "https://paa.example/api";
  job.queries = {"coffee"};
  job.limits.concurrency = 4;
  job.limits.rate = 1.0;
  return job;
}

using Vars = std::map<std::string, std::string>;

// The process's variables as a map; what it returns lives as long as the map.
class Environment {
 public:
  explicit Environment(Vars vars) : vars_(std::move(vars)) {}
  EnvLookup lookup() const {
    return [this](const char* name) -> const char* {
      const auto it = vars_.find(name);
      return it == vars_.end() ? nullptr : it->second.c_str();
    };
  }

 private:
  std::map<std::string, std::string> vars_;
};

const Environment kWithKey(Vars{{"PAA_API_KEY", "k-123"}});

std::string error_of(const Result<RunConfig>& r) { return r ? std::string("(no error)") : r.error().message; }

TEST(ResolveRunConfig, WithNoFlagsTheJobsSettingsStandAndTheKeyComesFromItsVariable) {
  auto c = resolve_run_config({}, coffee_job(), kWithKey.lookup());
  ASSERT_TRUE(c) << error_of(c);
  EXPECT_EQ(c->spec.limits.concurrency, 4);
  EXPECT_EQ(c->spec.limits.rate, 1.0);
  EXPECT_EQ(c->spec.store, "stores/coffee.db");
  EXPECT_EQ(c->job_store, "stores/coffee.db");
  EXPECT_FALSE(c->shard);
  EXPECT_EQ(c->harvest.api_key, "k-123");
  EXPECT_EQ(c->harvest.endpoint.display(), "https://paa.example/api");
  EXPECT_EQ(c->harvest.progress, ProgressMode::automatic);
  EXPECT_FALSE(c->refresh_all);
  EXPECT_FALSE(c->store.sync);
}

TEST(ResolveRunConfig, FlagsGoOverTheJobsLimitsStoreAndRefreshRule) {
  RunFlags f;
  f.concurrency = 16;
  f.rate = 2.5;
  f.burst = 3;
  f.max_searches = 100;
  f.on_quota = "stop";
  f.use_payg = true;
  f.timeout_s = 9;
  f.retries = 0;
  f.outage_wait = "30m";
  f.store = "elsewhere.db";
  f.refresh_after = "2w";
  f.sync = true;
  auto c = resolve_run_config(f, coffee_job(), kWithKey.lookup());
  ASSERT_TRUE(c) << error_of(c);
  const Limits& l = c->spec.limits;
  EXPECT_EQ(l.concurrency, 16);
  EXPECT_EQ(l.rate, 2.5);
  EXPECT_EQ(l.burst, 3);
  EXPECT_EQ(l.max_searches, 100);
  EXPECT_EQ(l.on_quota, OnQuota::stop);
  EXPECT_TRUE(l.use_payg);
  EXPECT_EQ(l.timeout_s, 9);
  EXPECT_EQ(l.retries, 0);
  EXPECT_EQ(l.outage_wait_ms, 30 * 60'000);
  EXPECT_EQ(c->spec.store, "elsewhere.db");
  EXPECT_EQ(c->job_store, "stores/coffee.db");  // what `paa status JOB` reads without --store
  EXPECT_EQ(c->spec.refresh_after_ms, 14 * 86'400'000LL);
  EXPECT_TRUE(c->store.sync);
}

TEST(ResolveRunConfig, RefreshWithARefreshAfterIsRefusedEvenWhenTheJobFileSetsIt) {
  RunFlags f;
  f.refresh = true;
  JobSpec job = coffee_job();
  job.refresh_after_ms = 86'400'000;
  auto c = resolve_run_config(f, job, kWithKey.lookup());
  ASSERT_FALSE(c);
  EXPECT_EQ(c.error().code, make_error_code(errc::invalid_input));
  EXPECT_NE(error_of(c).find("use one of them"), std::string::npos) << error_of(c);
  RunFlags only_refresh;
  only_refresh.refresh = true;
  auto fine = resolve_run_config(only_refresh, coffee_job(), kWithKey.lookup());
  ASSERT_TRUE(fine) << error_of(fine);
  EXPECT_TRUE(fine->refresh_all);
}

TEST(ResolveRunConfig, ABadDurationNamesItsFlag) {
  RunFlags wait;
  wait.outage_wait = "soon";
  EXPECT_EQ(error_of(resolve_run_config(wait, coffee_job(), kWithKey.lookup())).rfind("--outage-wait: ", 0), 0u);
  RunFlags after;
  after.refresh_after = "1 fortnight";
  EXPECT_EQ(error_of(resolve_run_config(after, coffee_job(), kWithKey.lookup())).rfind("--refresh-after: ", 0), 0u);
}

TEST(ResolveRunConfig, TheAddressIsTheFlagsThenPaaBaseUrlThenTheJobs) {
  const Environment env(Vars{{"PAA_API_KEY", "k"}, {"PAA_BASE_URL", "https://from-env.example/api"}});
  RunFlags flag;
  flag.base_url = "https://from-flag.example/api";
  auto c = resolve_run_config(flag, coffee_job(), env.lookup());
  ASSERT_TRUE(c) << error_of(c);
  EXPECT_EQ(c->harvest.endpoint.display(), "https://from-flag.example/api");
  auto e = resolve_run_config({}, coffee_job(), env.lookup());
  ASSERT_TRUE(e) << error_of(e);
  EXPECT_EQ(e->harvest.endpoint.display(), "https://from-env.example/api");
  JobSpec none = coffee_job();
  none.base_url.clear();
  auto missing = resolve_run_config({}, none, kWithKey.lookup());
  EXPECT_EQ(error_of(missing), "no service address: set base_url in jobs/coffee.toml, PAA_BASE_URL, or pass --base-url "
                               "https://host/api");
}

TEST(ResolveRunConfig, PlainHttpGoesOnlyToThisMachineUnlessAllowed) {
  JobSpec remote = coffee_job();
  remote.base_url = "http://paa.example/api";
  auto refused = resolve_run_config({}, remote, kWithKey.lookup());
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, make_error_code(errc::invalid_input));
  EXPECT_NE(error_of(refused).find("--allow-plain-http"), std::string::npos);
  RunFlags allow;
  allow.allow_plain_http = true;
  EXPECT_TRUE(resolve_run_config(allow, remote, kWithKey.lookup()));
  JobSpec local = coffee_job();
  local.base_url = "http://127.0.0.1:8080/api";
  EXPECT_TRUE(resolve_run_config({}, local, kWithKey.lookup()));
}

TEST(ResolveRunConfig, NoKeyInTheNamedVariableIsRefusedWithHowToSetIt) {
  const Environment empty(Vars{{"PAA_API_KEY", ""}});
  auto c = resolve_run_config({}, coffee_job(), empty.lookup());
  EXPECT_EQ(error_of(c), "no API key: set the environment variable PAA_API_KEY (export PAA_API_KEY=...; the job's "
                         "api_key_env names it)");
}

TEST(ResolveRunConfig, TheKeptAnalysisFollowsARunWorthALookUnlessTurnedOffOrAShards) {
  auto whole = resolve_run_config({}, coffee_job(), kWithKey.lookup());
  ASSERT_TRUE(whole) << error_of(whole);
  EXPECT_TRUE(whole->analysis_after_run);
  // After a run whose results are worth a look: done, stopped by quota, some keys failed.
  for (const int code : {kExitOk, kExitQuota, kExitPartial}) EXPECT_TRUE(analysis_after_run(*whole, code)) << code;
  // Not after bad usage, a rejected key, an outage, an interrupt, a failed store or a bug.
  for (const int code : {kExitUsage, kExitAuth, kExitUnreachable, kExitInterrupted, kExitFailure, kExitInternal}) {
    EXPECT_FALSE(analysis_after_run(*whole, code)) << code;
  }
  RunFlags off;
  off.no_analysis = true;
  auto flagged = resolve_run_config(off, coffee_job(), kWithKey.lookup());
  ASSERT_TRUE(flagged);
  EXPECT_FALSE(analysis_after_run(*flagged, kExitOk)) << "--no-analysis";
  JobSpec job = coffee_job();
  job.analysis_after_run = false;
  auto unset_in_job = resolve_run_config({}, job, kWithKey.lookup());
  ASSERT_TRUE(unset_in_job);
  EXPECT_FALSE(analysis_after_run(*unset_in_job, kExitOk)) << "[analysis] after_run = false";
  // A shard's run: off unless its job asks (the shards' analysis is made over all their stores).
  RunFlags shard;
  shard.shard = "2/4";
  auto sharded = resolve_run_config(shard, coffee_job(), kWithKey.lookup());
  ASSERT_TRUE(sharded) << error_of(sharded);
  EXPECT_FALSE(analysis_after_run(*sharded, kExitOk));
  job.analysis_after_run = true;
  auto asked = resolve_run_config(shard, job, kWithKey.lookup());
  ASSERT_TRUE(asked);
  EXPECT_TRUE(analysis_after_run(*asked, kExitOk));
  RunFlags both = shard;
  both.no_analysis = true;
  auto refused = resolve_run_config(both, job, kWithKey.lookup());
  ASSERT_TRUE(refused);
  EXPECT_FALSE(analysis_after_run(*refused, kExitOk)) << "the flag goes over the job";
}

TEST(ResolveRunConfig, AShardGetsItsOwnStoreAndItsOwnKeyVariable) {
  RunFlags f;
  f.shard = "2/4";
  JobSpec job = coffee_job();
  job.api_key_env = "PAA_KEY_{shard}";
  const Environment env(Vars{{"PAA_KEY_2", "k-two"}});
  auto c = resolve_run_config(f, job, env.lookup());
  ASSERT_TRUE(c) << error_of(c);
  ASSERT_TRUE(c->shard);
  EXPECT_EQ(c->shard->count, 4u);
  EXPECT_EQ(c->harvest.shard->count, 4u);
  EXPECT_EQ(c->spec.store, "stores/coffee-shard-2-of-4.db");
  EXPECT_EQ(c->harvest.api_key, "k-two");
  // Without a shard, a per-shard key variable cannot be read.
  auto unsharded = resolve_run_config({}, job, env.lookup());
  EXPECT_NE(error_of(unsharded).find("names one key per shard"), std::string::npos) << error_of(unsharded);
  // --store says where, shard or not.
  f.store = "mine.db";
  auto placed = resolve_run_config(f, job, env.lookup());
  ASSERT_TRUE(placed) << error_of(placed);
  EXPECT_EQ(placed->spec.store, "mine.db");
}

TEST(ResolveRunConfig, TheShardFromAnArrayJobsVariablesAndTheFlagsThatCannotGoTogether) {
  RunFlags from_env;
  from_env.shard_from_env = true;
  from_env.shards = 4;
  const Environment k8s(Vars{{"PAA_API_KEY", "k"}, {"JOB_COMPLETION_INDEX", "1"}});
  auto c = resolve_run_config(from_env, coffee_job(), k8s.lookup());
  ASSERT_TRUE(c) << error_of(c);
  EXPECT_EQ(c->shard->index, 1u);
  EXPECT_EQ(c->shard->count, 4u);
  RunFlags both = from_env;
  both.shards.reset();
  both.shard = "1/2";
  EXPECT_EQ(error_of(resolve_run_config(both, coffee_job(), k8s.lookup())),
            "--shard and --shard-from-env: use one of them");
  RunFlags shards_alone;
  shards_alone.shards = 4;
  EXPECT_NE(error_of(resolve_run_config(shards_alone, coffee_job(), k8s.lookup())).find("goes with --shard-from-env"),
            std::string::npos);
  RunFlags shard_and_shards;
  shard_and_shards.shard = "1/4";
  shard_and_shards.shards = 4;
  EXPECT_NE(error_of(resolve_run_config(shard_and_shards, coffee_job(), k8s.lookup())).find("already says N"),
            std::string::npos);
}

// An expanding job's shard feeds the levels the barrier planned: the plan beside its store; its
// stores keep their default names, where the barrier finds them (docs/scaling-out.md).
TEST(ResolveRunConfig, AnExpandingJobsShardFollowsThePlanBesideTheJobsStore) {
  RunFlags f;
  f.shard = "1/2";
  JobSpec job = coffee_job();
  job.expand.depth = 2;
  auto c = resolve_run_config(f, job, kWithKey.lookup());
  ASSERT_TRUE(c) << error_of(c);
  EXPECT_EQ(c->harvest.plan, plan_store(job.store, 2));
  EXPECT_EQ(c->spec.store, shard_store(job.store, Shard{1, 2}));
  EXPECT_EQ(plan_store("jobs/coffee.db", 4), std::filesystem::path("jobs/coffee-plan-of-4.db"));

  f.store = "elsewhere.db";
  auto moved = resolve_run_config(f, job, kWithKey.lookup());
  EXPECT_NE(error_of(moved).find("[expand] and --store with a shard"), std::string::npos) << error_of(moved);

  // Without [expand], or without a shard: no plan.
  RunFlags plain;
  auto whole = resolve_run_config(plain, job, kWithKey.lookup());
  ASSERT_TRUE(whole) << error_of(whole);
  EXPECT_TRUE(whole->harvest.plan.empty());
}

TEST(ResolveRunConfig, TheHarvestsKnobsFromTheFlags) {
  RunFlags f;
  f.progress = "log";
  f.backoff_base_ms = 5000;
  f.backoff_cap_ms = 100;  // below the base: the base is the cap
  f.outage_probe_base_ms = 10;
  f.outage_probe_cap_ms = 20;
  f.max_body_mib = 2;
  f.probe_interval_s = 60;
  f.notify_timeout_s = 5;
  f.ca_file = "ca.pem";
  auto c = resolve_run_config(f, coffee_job(), kWithKey.lookup());
  ASSERT_TRUE(c) << error_of(c);
  const HarvestOptions& h = c->harvest;
  EXPECT_EQ(h.progress, ProgressMode::log);
  EXPECT_EQ(h.backoff_base, std::chrono::milliseconds(5000));
  EXPECT_EQ(h.backoff_cap, std::chrono::milliseconds(5000));
  EXPECT_EQ(h.outage_probe_base, std::chrono::milliseconds(10));
  EXPECT_EQ(h.outage_probe_cap, std::chrono::milliseconds(20));
  EXPECT_EQ(h.max_body, std::size_t{2} << 20);
  EXPECT_EQ(h.probe_interval, std::chrono::minutes(1));
  EXPECT_EQ(h.ca_file, "ca.pem");
  EXPECT_EQ(c->notify.ca_file, "ca.pem");
  EXPECT_EQ(c->notify.bound, std::chrono::seconds(5));
  EXPECT_EQ(c->store.queue_capacity, store_queue_capacity(4));
}

}  // namespace
}  // namespace paa::app
