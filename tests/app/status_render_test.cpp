// paa status's report values and their two renderings, from a report written here: the pending
// arithmetic by hand, the text read line by line, the JSON parsed back by Boost.JSON.
#include "paa/app/status_render.hpp"

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

namespace paa::app {
namespace {

// What render_status_text writes, read back through a temporary file.
std::string text_of(const StatusReport& report, const std::string& job_file) {
  std::FILE* f = std::tmpfile();
  EXPECT_NE(f, nullptr);
  render_status_text(f, report, job_file);
  std::string out(static_cast<std::size_t>(std::ftell(f)), '\0');
  std::rewind(f);
  EXPECT_EQ(std::fread(out.data(), 1, out.size(), f), out.size());
  std::fclose(f);
  return out;
}

StatusReport expanded_job() {
  StatusReport r;
  r.store = "stores/coffee.db";
  JobRow row;
  row.stats.job = "coffee";
  row.stats.done = 130;
  row.stats.failed = 2;
  row.stats.cached = 13;
  row.stats.searches_spent = 117;
  row.keys_in_job = 100;
  // Level 0: 100 keys, 98 done, 2 failed; level 1: 60 keys, 32 done; level 2: keys unknown.
  row.levels = {LevelRow{0, 100, 98, 2, 1, 0}, LevelRow{1, 60, 32, 0, 4, 5}, LevelRow{2, std::nullopt, 0, 0, 0, 0}};
  r.jobs.push_back(row);
  r.quota.searches_left = 880;
  r.quota.seen_at_ms = 1'764'000'000'000;  // 2025-11-24T16:00:00Z
  return r;
}

TEST(StatusReport, PendingIsWhatNoLevelHasDoneOrFailedAndUnknownWithoutTheJobFile) {
  const StatusReport r = expanded_job();
  EXPECT_EQ(r.jobs[0].levels[0].pending(), 0u);
  EXPECT_EQ(r.jobs[0].levels[1].pending(), 28u);
  EXPECT_EQ(r.jobs[0].levels[2].pending(), std::nullopt);
  EXPECT_EQ(r.jobs[0].pending(), 28u);  // the levels' sum, not keys_in_job - done - failed
  JobRow plain;
  plain.stats.done = 7;
  plain.stats.failed = 1;
  EXPECT_EQ(plain.pending(), std::nullopt);
  plain.keys_in_job = 10;
  EXPECT_EQ(plain.pending(), 2u);
  EXPECT_EQ(plain.cached_share(), 0.0);
  JobRow none;
  EXPECT_EQ(none.cached_share(), std::nullopt);
}

TEST(StatusText, ShowsEachJobsFiguresItsLevelsAndTheQuota) {
  const std::string text = text_of(expanded_job(), "jobs/coffee.toml");
  EXPECT_EQ(text.rfind("store 'stores/coffee.db'\n", 0), 0u) << text;
  EXPECT_NE(text.find("\njob coffee\n"), std::string::npos);
  EXPECT_NE(text.find("  keys in the job   100 (+60+0 discovered)\n"), std::string::npos) << text;
  EXPECT_NE(text.find("  pending           28\n"), std::string::npos);
  EXPECT_NE(text.find("  cached share      10.0% (13 of 130 done)\n"), std::string::npos);
  EXPECT_NE(text.find("skipped variants"), std::string::npos);  // level 1 skipped some
  EXPECT_NE(text.find("\nquota (last seen 2025-11-24T16:00:00Z)\n"), std::string::npos) << text;
  EXPECT_NE(text.find("  searches left     880\n"), std::string::npos);
  EXPECT_NE(text.find("  PAYG credits      unknown\n"), std::string::npos);
  EXPECT_EQ(text.find("never run"), std::string::npos);
}

TEST(StatusText, ANeverRunJobSaysHowToStartIt) {
  StatusReport r;
  r.store = "stores/tea.db";
  JobRow row;
  row.stats.job = "tea";
  row.keys_in_job = 5;
  r.jobs.push_back(row);
  r.never_run = true;
  const std::string text = text_of(r, "jobs/tea.toml");
  EXPECT_NE(text.find("  pending           5\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\nquota             never seen\n"), std::string::npos);
  EXPECT_NE(text.find("never run: the store 'stores/tea.db' does not exist yet; `paa run jobs/tea.toml` creates it\n"),
            std::string::npos);
}

TEST(StatusJson, CarriesTheSameFiguresWithNullForWhatIsUnknown) {
  const boost::json::value v = boost::json::parse(render_status_json(expanded_job()));
  const auto& job = v.at("jobs").at(0);
  EXPECT_EQ(v.at("store").as_string(), "stores/coffee.db");
  EXPECT_EQ(job.at("name").as_string(), "coffee");
  EXPECT_EQ(job.at("pending").to_number<std::uint64_t>(), 28u);
  EXPECT_DOUBLE_EQ(job.at("cached_share").as_double(), 0.1);
  EXPECT_EQ(job.at("levels").as_array().size(), 3u);
  EXPECT_TRUE(job.at("levels").at(2).at("keys").is_null());
  EXPECT_TRUE(job.at("levels").at(2).at("pending").is_null());
  EXPECT_EQ(job.at("levels").at(1).at("skipped_variants").to_number<std::uint64_t>(), 5u);
  EXPECT_TRUE(job.at("last_run").is_null());
  EXPECT_TRUE(job.at("stability").is_null());
  EXPECT_EQ(v.at("quota").at("searches_left").to_number<std::int64_t>(), 880);
  EXPECT_TRUE(v.at("quota").at("payg_credits_left").is_null());
  EXPECT_EQ(v.at("quota").at("seen_at").as_string(), "2025-11-24T16:00:00Z");
  EXPECT_TRUE(v.at("runs").as_array().empty());
}

}  // namespace
}  // namespace paa::app
