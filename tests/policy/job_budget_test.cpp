#include "paa/policy/job_budget.hpp"
#include "paa/policy/spend_reservation.hpp"

#include <gtest/gtest.h>

#include <numeric>
#include <random>
#include <vector>

using namespace paa;

namespace {
std::uint64_t sum_of_allowances(const BudgetSplit& s, std::uint64_t budget) {
  std::uint64_t sum = 0;
  for (std::uint32_t i = 0; i < s.base.size(); ++i) sum += shard_allowance(s, budget, i);
  return sum;
}
}  // namespace

TEST(JobBudget, ARunThatEndedCountsWhatItsLedgerCountedOneThatDidNotItsReservation) {
  RunSpendFigures ended{.ended = true, .charged = 40, .unknown = 5, .unknown_disproved = 2, .reserved = 64};
  EXPECT_EQ(run_spend(ended), 43u) << "charged + unknown outcomes not disproved; the reservation was only a bound";
  RunSpendFigures killed{.ended = false, .charged = 0, .unknown = 0, .unknown_disproved = 0, .reserved = 48};
  EXPECT_EQ(run_spend(killed), 48u) << "a killed run may have spent up to what it made durable";
  EXPECT_EQ(run_spend(RunSpendFigures{}), 0u) << "a run that reserved nothing spent nothing under the budget";
}

TEST(JobBudget, TheSeedsSplitIsInProportionToEachShardsKeys) {
  const std::vector<std::uint64_t> keys{100, 100, 200};
  const BudgetSplit s = seed_split(keys);
  EXPECT_EQ(s.level, 0u);
  EXPECT_EQ(shard_allowance(s, 1000, 0), 250u);
  EXPECT_EQ(shard_allowance(s, 1000, 1), 250u);
  EXPECT_EQ(shard_allowance(s, 1000, 2), 500u);
  EXPECT_EQ(shard_allowance(s, 1000, 3), 0u) << "no such shard";
}

TEST(JobBudget, SharesAreFloorsSoTheyNeverAddUpToMoreThanTheBudget) {
  const std::vector<std::uint64_t> keys{1, 1, 1};
  const BudgetSplit s = seed_split(keys);
  EXPECT_EQ(shard_allowance(s, 10, 0), 3u);
  EXPECT_EQ(sum_of_allowances(s, 10), 9u) << "the searches a floor leaves are nobody's until the next split";
}

TEST(JobBudget, AShardThatFinishedUnderItsShareLeavesTheRestToTheNextSplit) {
  // Level 1: 100 split 50/50; shard 0 spent 20, shard 1 all of its 50. Level 2's keys: 1 and 3.
  const std::vector<std::uint64_t> counted{20, 50};
  const std::vector<std::uint64_t> keys{1, 3};
  const BudgetSplit s = level_split(2, counted, keys);
  EXPECT_EQ(shard_allowance(s, 100, 0), 20u + 7u) << "what it spent, and a quarter of the 30 left (7.5, floored)";
  EXPECT_EQ(shard_allowance(s, 100, 1), 50u + 22u);
  EXPECT_LE(sum_of_allowances(s, 100), 100u);
}

TEST(JobBudget, RaisingTheBudgetRaisesEveryShareWithoutANewSplit) {
  const std::vector<std::uint64_t> counted{30, 30};
  const std::vector<std::uint64_t> keys{1, 1};
  const BudgetSplit s = level_split(1, counted, keys);
  EXPECT_EQ(shard_allowance(s, 60, 0), 30u) << "spent: nothing left to split";
  EXPECT_EQ(shard_allowance(s, 100, 0), 50u);
  EXPECT_EQ(shard_allowance(s, 100, 1), 50u);
}

TEST(JobBudget, ABudgetLoweredBelowWhatWasSpentLeavesEveryShardWhereItIs) {
  const std::vector<std::uint64_t> counted{30, 40};
  const std::vector<std::uint64_t> keys{5, 5};
  const BudgetSplit s = level_split(1, counted, keys);
  EXPECT_EQ(shard_allowance(s, 50, 0), 30u);
  EXPECT_EQ(shard_allowance(s, 50, 1), 40u);
  EXPECT_EQ(run_allowance(shard_allowance(s, 50, 1), 40), 0u) << "the shard's next run may spend nothing";
}

TEST(JobBudget, ALevelWithoutKeysGivesNobodyMore) {
  const std::vector<std::uint64_t> counted{3, 4};
  const std::vector<std::uint64_t> keys{0, 0};
  const BudgetSplit s = level_split(3, counted, keys);
  EXPECT_EQ(shard_allowance(s, 100, 0), 3u);
  EXPECT_EQ(shard_allowance(s, 100, 1), 4u);
}

TEST(JobBudget, NoSplitEverAddsUpToMoreThanTheBudget) {
  std::mt19937_64 rng(49);
  for (int trial = 0; trial < 2000; ++trial) {
    const std::size_t shards = 1 + rng() % 16;
    const std::uint64_t budget = rng() % 100000;
    std::vector<std::uint64_t> keys(shards), counted(shards);
    std::uint64_t spent = 0;
    for (std::size_t i = 0; i < shards; ++i) {
      keys[i] = rng() % 5 == 0 ? 0 : rng() % 1000000;
      counted[i] = budget > spent ? rng() % (budget - spent + 1) / shards : 0;
      spent += counted[i];
    }
    const BudgetSplit s = level_split(1, counted, keys);
    ASSERT_LE(sum_of_allowances(s, budget), budget) << "trial " << trial;
    for (std::uint32_t i = 0; i < shards; ++i) ASSERT_GE(shard_allowance(s, budget, i), counted[i]);
  }
  // Budgets near the top of the range do not overflow.
  const std::vector<std::uint64_t> keys{UINT64_MAX / 2, UINT64_MAX / 2};
  const BudgetSplit big = seed_split(keys);
  EXPECT_LE(sum_of_allowances(big, INT64_MAX), static_cast<std::uint64_t>(INT64_MAX));
}

TEST(SpendReservation, WithoutAJobBudgetEveryStartIsCovered) {
  SpendReservation r(std::nullopt, 16);
  EXPECT_FALSE(r.active());
  EXPECT_EQ(r.need(1'000'000), SpendReservation::Need::covered);
}

TEST(SpendReservation, AStartPastTheReservationWaitsForARaiseToBeDurable) {
  SpendReservation r(40, 16);
  EXPECT_EQ(r.need(1), SpendReservation::Need::reserve);
  EXPECT_EQ(r.raise_to(), 16u);
  EXPECT_EQ(r.need(1), SpendReservation::Need::wait) << "one raise at a time; the others wait for it";
  r.on_reserved(16, true);
  EXPECT_EQ(r.need(16), SpendReservation::Need::covered);
  EXPECT_EQ(r.need(17), SpendReservation::Need::reserve);
  EXPECT_EQ(r.raise_to(), 32u);
  r.on_reserved(32, true);
  EXPECT_EQ(r.need(33), SpendReservation::Need::reserve);
  EXPECT_EQ(r.raise_to(), 40u) << "never past what the run may spend";
  r.on_reserved(40, true);
  EXPECT_EQ(r.reserved(), 40u);
}

TEST(SpendReservation, AFailedRaiseReservesNothing) {
  SpendReservation r(100, 10);
  EXPECT_EQ(r.raise_to(), 10u);
  r.on_reserved(10, false);
  EXPECT_EQ(r.reserved(), 0u);
  EXPECT_EQ(r.need(1), SpendReservation::Need::reserve) << "not waiting for a write that ended";
}
