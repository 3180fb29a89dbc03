#include "paa/policy/quota_tracker.hpp"

#include <gtest/gtest.h>

using namespace paa;
using namespace std::chrono;
using Gate = QuotaTracker::Gate;

namespace {
constexpr std::int64_t kNow = 1'795'000'000'000;  // 2026-11-19, in ms
constexpr std::int64_t kHour = 3'600'000;

QuotaFields fields(std::optional<std::int64_t> searches, std::optional<std::int64_t> payg = 0,
                   year_month_day renews = 2026y / December / 1d) {
  QuotaFields f;
  f.searches_left = searches;
  f.payg_credits_left = payg;
  f.renewal_date = renews;
  return f;
}

QuotaTracker::Config config(OnQuota mode = OnQuota::wait, bool payg = false, std::int64_t max = 0) {
  QuotaTracker::Config c;
  c.on_quota = mode;
  c.use_payg = payg;
  c.max_searches = max;
  c.probe_interval = milliseconds(kHour);
  return c;
}
}  // namespace

TEST(QuotaTracker, UnknownQuotaLetsRequestsGo) {
  QuotaTracker q(config(), {}, kNow);
  EXPECT_EQ(q.decide(kNow).gate, Gate::go);
}

TEST(QuotaTracker, AQuotaNeverSeenSendsTheFirstRequestAloneThenOpensTheWindow) {
  QuotaTracker q(config(), {}, kNow);
  const auto first = q.on_start(false);
  EXPECT_EQ(q.decide(kNow).gate, Gate::wait_event) << "nothing known yet: no second request";
  q.on_success(first, fields(4), false, kNow);  // 4 left after its charge
  for (int i = 0; i < 4; ++i) {
    ASSERT_EQ(q.decide(kNow).gate, Gate::go) << i;
    q.on_start(false);
  }
  EXPECT_EQ(q.decide(kNow).gate, Gate::wait_event) << "4 in flight of the 4 left";
}

TEST(QuotaTracker, AFirstRequestThatToldNothingLeavesTheNextOneAloneToo) {
  QuotaTracker q(config(), {}, kNow);
  q.on_start(false);
  q.on_failure(/*unknown=*/true, kNow);  // a 500: no figures
  EXPECT_EQ(q.decide(kNow).gate, Gate::go);
  q.on_start(false);
  EXPECT_EQ(q.decide(kNow).gate, Gate::wait_event);
}

TEST(QuotaTracker, AQuotaTheStoreRemembersOpensTheWindowAtOnce) {
  QuotaState stored;
  stored.searches_left = 50;
  stored.seen_at_ms = kNow - kHour;
  QuotaTracker q(config(), stored, kNow);
  q.on_start(false);
  EXPECT_EQ(q.decide(kNow).gate, Gate::go);
}

TEST(QuotaTracker, NeverMoreInFlightThanSearchesLeft) {
  QuotaTracker q(config(), {}, kNow);
  q.on_start(false);
  q.on_success({}, fields(3), false, kNow);
  for (int i = 0; i < 3; ++i) {
    ASSERT_EQ(q.decide(kNow).gate, Gate::go) << i;
    q.on_start(false);
  }
  EXPECT_EQ(q.decide(kNow).gate, Gate::wait_event) << "3 left, 3 in flight";
}

TEST(QuotaTracker, ZeroLeftWithoutPaygIsExhaustedWithoutSendingAnything) {
  QuotaTracker q(config(OnQuota::stop), {}, kNow);
  q.on_start(false);
  q.on_success({}, fields(0, 50), false, kNow);
  EXPECT_TRUE(q.exhausted());
  EXPECT_EQ(q.decide(kNow).gate, Gate::stop_quota);
}

TEST(QuotaTracker, PaygExtendsTheAllowanceOnlyWhenAllowed) {
  QuotaTracker with(config(OnQuota::stop, /*payg=*/true), {}, kNow);
  with.on_start(false);
  with.on_success({}, fields(0, 2), false, kNow);
  EXPECT_FALSE(with.exhausted());
  EXPECT_EQ(with.decide(kNow).gate, Gate::go);
  with.on_start(false);
  with.on_start(false);
  EXPECT_EQ(with.decide(kNow).gate, Gate::wait_event);
  with.on_success({}, fields(0, 1), false, kNow);
  with.on_success({}, fields(0, 0), false, kNow);
  EXPECT_TRUE(with.exhausted());
}

TEST(QuotaTracker, WaitModeWaitsUntilRenewalMidnightUtcThenProbesOnce) {
  QuotaTracker q(config(OnQuota::wait), {}, kNow);
  q.on_start(false);
  q.on_success({}, fields(5), false, kNow);
  q.on_start(false);
  q.on_exhausted(kNow);
  const std::int64_t renew = QuotaTracker::renewal_instant_ms(2026y / December / 1d);
  EXPECT_EQ(renew, 1'796'083'200'000);  // 2026-12-01T00:00:00Z
  const auto d = q.decide(kNow);
  EXPECT_EQ(d.gate, Gate::wait_until);
  EXPECT_EQ(d.until_ms, renew);
  EXPECT_EQ(q.state().exhausted_until_ms, renew);
  EXPECT_EQ(q.decide(renew).gate, Gate::go_probe);
  q.on_start(true);
  EXPECT_EQ(q.decide(renew).gate, Gate::wait_event) << "only one probe at a time";
}

TEST(QuotaTracker, RefusedProbeWaitsAProbeIntervalThenProbesAgain) {
  QuotaTracker q(config(OnQuota::wait), {}, kNow);
  q.on_start(false);
  q.on_exhausted(kNow);  // renewal date unknown: probe after an interval
  EXPECT_EQ(q.decide(kNow).until_ms, kNow + kHour);
  q.on_start(true);
  q.on_exhausted(kNow + kHour);
  EXPECT_EQ(q.decide(kNow + kHour).gate, Gate::wait_until);
  EXPECT_EQ(q.decide(kNow + kHour).until_ms, kNow + 2 * kHour);
}

TEST(QuotaTracker, SuccessfulProbeStartsANewPeriodAtFullSpeed) {
  QuotaTracker q(config(OnQuota::wait), {}, kNow);
  q.on_start(false);
  q.on_success({}, fields(0), false, kNow);
  ASSERT_TRUE(q.exhausted());
  const std::int64_t later = kNow + 30 * 24 * kHour;
  ASSERT_EQ(q.decide(later).gate, Gate::go_probe);
  q.on_start(true);
  q.on_success({}, fields(1000, 0, 2027y / January / 1d), false, later);
  EXPECT_FALSE(q.exhausted());
  EXPECT_EQ(q.state().searches_left, 1000);
  EXPECT_EQ(q.decide(later).gate, Gate::go);
}

TEST(QuotaTracker, OutOfOrderResponsesKeepTheLowestSearchesLeft) {
  QuotaTracker q(config(), {}, kNow);
  for (int i = 0; i < 3; ++i) q.on_start(false);
  q.on_success({}, fields(10), false, kNow);
  q.on_success({}, fields(8), false, kNow);
  q.on_success({}, fields(9), false, kNow);  // served earlier, arrived later
  EXPECT_EQ(q.state().searches_left, 8);
}

TEST(QuotaTracker, LaterRenewalDateStartsANewPeriod) {
  QuotaTracker q(config(), {}, kNow);
  q.on_start(false);
  q.on_start(false);
  q.on_success({}, fields(2), false, kNow);
  q.on_success({}, fields(999, 0, 2027y / January / 1d), false, kNow);
  EXPECT_EQ(q.state().searches_left, 999);
}

TEST(QuotaTracker, OldSuccessAfterExhaustionDoesNotReopenTheQuota) {
  QuotaTracker q(config(OnQuota::wait), {}, kNow);
  q.on_start(false);
  q.on_start(false);
  q.on_exhausted(kNow);                  // request A refused
  q.on_success({}, fields(3), false, kNow);  // request B, served before the quota ran out
  EXPECT_TRUE(q.exhausted());
}

TEST(QuotaTracker, RememberedExhaustionAllowsExactlyOneProbeEvenInStopMode) {
  QuotaState stored;
  stored.exhausted_until_ms = kNow + 10 * 24 * kHour;
  stored.searches_left = 0;
  QuotaTracker q(config(OnQuota::stop), stored, kNow);
  ASSERT_EQ(q.decide(kNow).gate, Gate::go_probe);
  q.on_start(true);
  q.on_exhausted(kNow);
  EXPECT_EQ(q.decide(kNow).gate, Gate::stop_quota);
}

TEST(QuotaTracker, StoredZeroSearchesLeftCountsAsExhausted) {
  QuotaState stored;
  stored.searches_left = 0;
  QuotaTracker q(config(OnQuota::wait), stored, kNow);
  EXPECT_TRUE(q.exhausted());
  EXPECT_EQ(q.decide(kNow).gate, Gate::go_probe);
}

TEST(QuotaTracker, StopModeEndsTheRunOnceInFlightRequestsDrain) {
  QuotaTracker q(config(OnQuota::stop), {}, kNow);
  q.on_start(false);
  q.on_start(false);
  q.on_exhausted(kNow);
  EXPECT_EQ(q.decide(kNow).gate, Gate::wait_event);
  q.on_failure(false, kNow);
  EXPECT_EQ(q.decide(kNow).gate, Gate::stop_quota);
}

TEST(QuotaTracker, BudgetCountsInFlightRequestsAndCachedAnswersAreFree) {
  QuotaTracker q(config(OnQuota::wait, false, /*max=*/2), {}, kNow);
  q.on_start(false);
  q.on_start(false);
  EXPECT_EQ(q.decide(kNow).gate, Gate::wait_event);
  q.on_success({}, fields(100), /*cached=*/true, kNow);
  EXPECT_EQ(q.decide(kNow).gate, Gate::go) << "a cached answer spent nothing";
  q.on_start(false);
  q.on_success({}, fields(99), false, kNow);
  q.on_success({}, fields(98), false, kNow);
  EXPECT_EQ(q.ledger().charged(), 2u);
  EXPECT_EQ(q.decide(kNow).gate, Gate::stop_budget);
}

TEST(QuotaTracker, FailedProbeForAnotherReasonMayProbeAgain) {
  QuotaState stored;
  stored.exhausted_until_ms = kNow + kHour;
  QuotaTracker q(config(OnQuota::wait), stored, kNow);
  ASSERT_EQ(q.decide(kNow).gate, Gate::go_probe);
  q.on_start(true);
  q.on_failure(/*unknown=*/true, kNow + 5);  // a 500: says nothing about the quota
  EXPECT_EQ(q.decide(kNow + 5).gate, Gate::go_probe);
}

TEST(QuotaTracker, UnknownOutcomesCountAgainstTheBudgetEvenIfEveryOneWasChargedAndDropped) {
  QuotaTracker q(config(OnQuota::wait, false, /*max=*/3), {}, kNow);
  int sent = 0;
  while (q.decide(kNow).gate == Gate::go) {
    q.on_start(false);
    ++sent;
    q.on_failure(/*unknown=*/true, kNow);  // charged, then the connection dropped
  }
  EXPECT_EQ(sent, 3);
  EXPECT_EQ(q.decide(kNow).gate, Gate::stop_budget);
  EXPECT_EQ(q.ledger().unknown(), 3u);
}

TEST(QuotaTracker, RequestsNeverFullySentAndFreeAnswersLeaveTheBudgetAlone) {
  QuotaTracker q(config(OnQuota::wait, false, /*max=*/1), {}, kNow);
  for (int i = 0; i < 5; ++i) {
    ASSERT_EQ(q.decide(kNow).gate, Gate::go) << i;
    q.on_start(false);
    q.on_failure(/*unknown=*/false, kNow);  // connect refused, 404, 429 with Retry-After
  }
  EXPECT_EQ(q.ledger().counted(), 0u);
}

TEST(QuotaTracker, TheServicesFiguresGiveBackBudgetHeldByUnknownOutcomes) {
  QuotaState stored;
  stored.searches_left = 100;
  stored.payg_credits_left = 0;
  stored.renewal_date = 2026y / December / 1d;
  QuotaTracker q(config(OnQuota::wait, false, /*max=*/3), stored, kNow);
  q.on_start(false);
  q.on_failure(true, kNow);  // reset before the service charged
  q.on_start(false);
  q.on_failure(true, kNow);
  const auto t = q.on_start(false);
  EXPECT_EQ(q.decide(kNow).gate, Gate::wait_event) << "3 counted: 2 unknown + 1 in flight";
  q.on_success(t, fields(99), false, kNow);
  EXPECT_EQ(q.ledger().released(), 2u);
  EXPECT_EQ(q.decide(kNow).gate, Gate::go) << "the balance fell by 1: the two resets charged nothing";
}

TEST(QuotaTracker, UnknownOutcomesCountAgainstTheSearchesLeft) {
  QuotaTracker q(config(), {}, kNow);
  auto t = q.on_start(false);
  q.on_success(t, fields(3), false, kNow);
  q.on_start(false);
  q.on_failure(true, kNow);
  q.on_start(false);
  q.on_failure(true, kNow);
  ASSERT_EQ(q.decide(kNow).gate, Gate::go) << "3 left, 2 of them maybe spent";
  q.on_start(false);
  EXPECT_EQ(q.decide(kNow).gate, Gate::wait_event);
  q.on_failure(true, kNow);
  EXPECT_FALSE(q.exhausted()) << "not known to be empty: the service never said 0";
  EXPECT_EQ(q.decide(kNow).gate, Gate::go) << "one request at a time until the figures tell";
  q.on_start(false);
  EXPECT_EQ(q.decide(kNow).gate, Gate::wait_event);
}

TEST(QuotaTracker, TheLatestFiguresAreKeptBesideTheLowestOfThePeriod) {
  QuotaState seen;
  seen.searches_left = 1000;
  seen.seen_at_ms = kNow - kHour;
  QuotaTracker q(config(), seen, kNow);
  const auto first = q.on_start(false);
  const auto second = q.on_start(false);
  q.on_success(first, fields(937), false, kNow);
  q.on_success(second, fields(978), false, kNow);  // credits bought meanwhile, or an older answer
  EXPECT_EQ(q.state().searches_left, 937) << "spending goes by the lowest";
  ASSERT_TRUE(q.latest_figures());
  EXPECT_EQ(q.latest_figures()->searches_left, 978) << "and the service's latest is kept to show";
}
