#include "paa/harvest/progress.hpp"
#include "paa/harvest/quota_notice.hpp"

#include <gtest/gtest.h>

using namespace paa;

TEST(Progress, LineShowsCountsRateEtaQuotaAndState) {
  ProgressSnapshot s;
  s.total = 5000;
  s.done = 1234;
  s.failed = 3;
  s.fetched = 1000;
  s.cached = 20;
  s.requests_per_s = 38.2;
  s.searches_left = 872;
  s.renewal_date = "2026-12-01";
  s.state = "running";
  EXPECT_EQ(format_progress(s),
            "1234/5000 24.7% | 38.2 req/s | ETA 1m39s | failed 3 | cached 2% | left 872 (renews "
            "2026-12-01) | running");
}

TEST(Progress, UnknownRateAndQuotaAreShownAsUnknown) {
  ProgressSnapshot s;
  s.total = 10;
  s.state = "waiting";
  EXPECT_EQ(format_progress(s), "0/10 0.0% | 0.0 req/s | ETA - | failed 0 | cached 0% | left ? | waiting");
}

TEST(Progress, KeysDueForRefreshAreCountedDown) {
  ProgressSnapshot s;
  s.total = 10;
  s.refresh_due = 6;
  s.refresh_sent = 2;
  s.state = "running";
  EXPECT_EQ(format_progress(s),
            "0/10 0.0% | 0.0 req/s | ETA - | failed 0 | refresh 2/6 due | cached 0% | left ? | running");
}

TEST(Progress, DurationsAreHumanSized) {
  EXPECT_EQ(format_duration(0), "0s");
  EXPECT_EQ(format_duration(59.4), "59s");
  EXPECT_EQ(format_duration(61), "1m01s");
  EXPECT_EQ(format_duration(3 * 3600 + 120), "3h02m");
  EXPECT_EQ(format_duration(3 * 86400 + 7200), "3d02h");
  EXPECT_EQ(format_duration(-1), "?");
}

TEST(QuotaWaitNotice, SaysAtOnceUntilWhenHowLongAndHowToStopOncePerExhaustion) {
  constexpr std::int64_t kNow = 1'795'000'000'000;  // 2026-11-19 ...
  QuotaTracker::Config config;
  config.on_quota = OnQuota::wait;
  QuotaTracker quota(config, {}, kNow);
  QuotaWaitNotice notice;
  EXPECT_FALSE(notice.next(quota, OnQuota::wait, kNow)) << "nothing to say before an exhaustion";
  auto ticket = quota.on_start(false);
  (void)ticket;
  quota.on_exhausted(kNow);  // a 429 without Retry-After, no renewal date known: an hour's wait
  const auto said = notice.next(quota, OnQuota::wait, kNow);
  ASSERT_TRUE(said);
  EXPECT_NE(said->find("quota exhausted; waiting until 2026-11-18 "), std::string::npos) << *said;
  EXPECT_NE(said->find("(1h00m)"), std::string::npos) << *said;
  EXPECT_NE(said->find("Ctrl-C to stop"), std::string::npos) << *said;
  EXPECT_NE(said->find("on_quota = \"stop\""), std::string::npos) << *said;
  EXPECT_FALSE(notice.next(quota, OnQuota::wait, kNow + 1000)) << "said once";
}

TEST(QuotaWaitNotice, AStoppingRunSaysNothingHereItsSummaryDoes) {
  constexpr std::int64_t kNow = 1'795'000'000'000;
  QuotaTracker quota({}, {}, kNow);
  quota.on_start(false);
  quota.on_exhausted(kNow);
  QuotaWaitNotice notice;
  EXPECT_FALSE(notice.next(quota, OnQuota::stop, kNow));
}
