#include "paa/policy/spend_ledger.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

using namespace paa;

TEST(SpendLedger, EveryRequestCountsFromItsStartUntilItsEndSaysOtherwise) {
  SpendLedger l;
  l.on_start();
  l.on_start();
  l.on_start();
  EXPECT_EQ(l.counted(), 3u);
  l.on_free();  // a cached answer, a 4xx, a 429
  EXPECT_EQ(l.counted(), 2u);
  l.on_charged();
  l.on_unknown();
  EXPECT_EQ(l.counted(), 2u) << "1 charged + 1 unknown outcome";
  EXPECT_EQ(l.charged(), 1u);
  EXPECT_EQ(l.unknown(), 1u);
  EXPECT_EQ(l.in_flight(), 0u);
}

TEST(SpendLedger, UnknownOutcomesThatWereChargedAreNeverReleased) {
  SpendLedger l(100);  // the store's last balance of this period
  for (int i = 0; i < 3; ++i) {
    l.on_start();
    l.on_unknown();  // charged, then the connection dropped
  }
  const auto t = l.on_start();
  l.on_charged();
  l.on_balance(t, 96, true);  // 100 - 3 dropped - this one
  EXPECT_EQ(l.released(), 0u);
  EXPECT_EQ(l.counted(), 4u);
  EXPECT_EQ(l.balance_fall(), 4);
}

TEST(SpendLedger, TheServicesFiguresReleaseUnknownOutcomesThatChargedNothing) {
  SpendLedger l(100);
  for (int i = 0; i < 3; ++i) {
    l.on_start();
    l.on_unknown();  // e.g. a reset before the service charged
  }
  EXPECT_EQ(l.counted(), 3u);
  const auto t = l.on_start();
  l.on_charged();
  l.on_balance(t, 99, true);
  EXPECT_EQ(l.released(), 3u);
  EXPECT_EQ(l.counted(), 1u);
}

TEST(SpendLedger, PartlyChargedUnknownOutcomesReleaseOnlyWhatIsProved) {
  SpendLedger l(100);
  for (int i = 0; i < 4; ++i) {
    l.on_start();
    l.on_unknown();
  }
  const auto t = l.on_start();
  l.on_free();                 // served from the cache: its balance is after 2 of the 4 charged
  l.on_balance(t, 98, false);
  EXPECT_EQ(l.released(), 2u);
  EXPECT_EQ(l.counted(), 2u);
}

TEST(SpendLedger, AnswerToARequestStartedBeforeTheDropSettlesNothing) {
  SpendLedger l(100);
  l.on_start();                // A
  const auto b = l.on_start(); // B starts while A is in flight
  l.on_unknown();              // A drops: maybe charged after B was served
  l.on_charged();
  l.on_balance(b, 99, true);
  EXPECT_EQ(l.released(), 0u);
  EXPECT_EQ(l.counted(), 2u);
}

TEST(SpendLedger, WithoutAStoredBalanceTheFirstAnswerBoundsItByEveryStartBeforeIt) {
  SpendLedger l;  // first run on this key: the balance before the run is unknown
  l.on_start();
  l.on_unknown();  // not charged in truth: the balance was 100 before and after
  auto t = l.on_start();
  l.on_charged();
  l.on_balance(t, 99, true);
  EXPECT_EQ(l.released(), 0u) << "the balance before could have been 101: the drop may have been charged";
  l.on_start();
  l.on_unknown();  // not charged either
  t = l.on_start();
  l.on_charged();
  l.on_balance(t, 98, true);
  EXPECT_EQ(l.released(), 1u) << "101 - 98 - 1 - 1 earlier charge = 1 of the 2 unknowns at most";
  EXPECT_EQ(l.counted(), 3u);
}

TEST(SpendLedger, OtherClientsOfTheKeyNeverMakeItCountLessThanItCouldHaveSpent) {
  SpendLedger l(1000);
  for (int i = 0; i < 5; ++i) {
    l.on_start();
    l.on_unknown();  // none charged
  }
  const auto t = l.on_start();
  l.on_charged();
  l.on_balance(t, 990, true);  // another client spent 9 meanwhile
  EXPECT_EQ(l.released(), 0u);
  EXPECT_EQ(l.counted(), 6u);
}

TEST(SpendLedger, ARisingBalanceProvesNothing) {
  SpendLedger l(100);
  l.on_start();
  l.on_unknown();
  const auto t = l.on_start();
  l.on_charged();
  l.on_balance(t, 140, true);  // credits bought during the run
  EXPECT_EQ(l.released(), 0u);
  EXPECT_EQ(l.counted(), 2u);
}

// The service's quota reset (an emulator restarted, credits bought) before the run's first
// answer: the store's balance is lower than every figure now. The fall is the new period's, and
// counts the request whose answer showed the rise (it was "30 charged, fell by at most 29").
TEST(SpendLedger, AResetBeforeTheFirstAnswerCountsThatAnswersRequestInTheFall) {
  SpendLedger l(970);  // the last run's figure
  for (std::int64_t balance = 999; balance >= 970; --balance) {
    const auto t = l.on_start();
    l.on_charged();
    l.on_balance(t, balance, true);
  }
  EXPECT_EQ(l.counted(), 30u);
  EXPECT_EQ(l.balance_fall(), 30);
}

// A probe that succeeds opens the period with its own answer: its charge counts in the fall
// (the probe read 100, so the balance was 101 before it; the next answer reads 99: 2, not 1).
TEST(SpendLedger, AnAnswerThatOpensAPeriodCountsItsOwnCharge) {
  SpendLedger l(50);  // the period before: exhausted
  const auto probe = l.on_start();
  l.on_charged();
  l.open_period(probe, 100, true);
  const auto next = l.on_start();
  l.on_charged();
  l.on_balance(next, 99, true);
  EXPECT_EQ(l.balance_fall(), 2);
  EXPECT_EQ(l.counted(), 2u);
}

TEST(SpendLedger, ANewPeriodKeepsReleasesAndIgnoresOlderTickets) {
  SpendLedger l(100);
  l.on_start();
  l.on_unknown();
  auto t = l.on_start();
  l.on_charged();
  l.on_balance(t, 99, true);
  ASSERT_EQ(l.released(), 1u);
  const auto old = l.on_start();
  l.new_period();  // the quota renewed
  l.on_unknown();  // `old` was in flight across the renewal
  l.on_balance(old, 500, false);
  EXPECT_EQ(l.released(), 1u);
  t = l.on_start();
  l.on_charged();
  l.on_balance(t, 499, true);
  EXPECT_EQ(l.released(), 1u) << "the unknown outcome in flight across the renewal is never released";
  EXPECT_EQ(l.counted(), 3u);
}

TEST(SpendLedger, UnknownOutcomesAfterTheLowestBalanceCountAgainstWhatIsLeft) {
  SpendLedger l(100);
  auto t = l.on_start();
  l.on_charged();
  l.on_balance(t, 99, true);
  EXPECT_EQ(l.unknown_after_lowest(), 0u);
  l.on_start();
  l.on_unknown();
  l.on_start();
  l.on_unknown();
  EXPECT_EQ(l.unknown_after_lowest(), 2u);
  t = l.on_start();
  l.on_charged();
  l.on_balance(t, 96, true);
  EXPECT_EQ(l.unknown_after_lowest(), 0u) << "the answer read a balance that includes both";
}

// A service and its clients, in random order: whatever the interleaving, the charges the
// service made for this run never exceed what the ledger counts.
TEST(SpendLedger, NeverCountsFewerSearchesThanTheServiceCharged) {
  for (std::uint32_t seed = 1; seed <= 300; ++seed) {
    std::mt19937 rng(seed);
    auto chance = [&](double p) { return std::uniform_real_distribution<>(0, 1)(rng) < p; };
    const int concurrency = 1 + static_cast<int>(rng() % 8);
    const double drop = 0.1 + 0.5 * (rng() % 100) / 100.0;
    const bool shared = chance(0.3);
    std::int64_t balance = 10'000;
    SpendLedger l(chance(0.5) ? std::optional<std::int64_t>(balance + (rng() % 3)) : std::nullopt);
    struct Req {
      SpendLedger::Ticket ticket;
      bool served = false, charged = false, cached = false, dropped = false;
      std::int64_t read = 0;
    };
    std::vector<Req> flight;
    std::uint64_t truly_charged = 0;  // charges of ended requests
    for (int step = 0, started = 0; step < 4000 && (started < 400 || !flight.empty()); ++step) {
      if (shared && chance(0.05)) --balance;  // another client
      const int pick = static_cast<int>(rng() % 3);
      if (pick == 0 && started < 400 && static_cast<int>(flight.size()) < concurrency) {
        flight.push_back({l.on_start()});
        ++started;
      } else if (pick == 1 && !flight.empty()) {  // the service handles one
        Req& r = flight[rng() % flight.size()];
        if (!r.served) {
          r.served = true;
          r.cached = chance(0.1);
          r.dropped = chance(drop);
          r.charged = !r.cached && !(r.dropped && chance(0.5));  // some drops come before the charge
          if (r.charged) --balance;
          r.read = balance;
        }
      } else if (pick == 2 && !flight.empty()) {  // one ends at our side
        const std::size_t i = rng() % flight.size();
        Req r = flight[i];
        if (!r.served && !chance(0.2)) continue;
        flight.erase(flight.begin() + static_cast<std::ptrdiff_t>(i));
        if (!r.served || r.dropped) {  // reset, timeout: charged only if the service got that far
          truly_charged += r.charged ? 1 : 0;
          l.on_unknown();
        } else {
          truly_charged += r.charged ? 1 : 0;
          if (r.charged) {
            l.on_charged();
          } else {
            l.on_free();
          }
          l.on_balance(r.ticket, r.read, r.charged);
        }
      }
      ASSERT_GE(l.charged() + l.unknown() - l.released(), truly_charged) << "seed " << seed << " step " << step;
    }
  }
}

TEST(SpendLedgerDeathTest, AnOutcomeWithoutAStartIsABugNotAQuietZero) {
  // "One start, one outcome": a second outcome for one start would make the budget forget a
  // request in flight. Test builds check the rule (PAA_CHECKS).
  for (int outcome = 0; outcome < 3; ++outcome) {
    SpendLedger ledger;
    ledger.on_start();
    if (outcome == 0) ledger.on_charged();
    if (outcome == 1) ledger.on_free();
    if (outcome == 2) ledger.on_unknown();
    EXPECT_DEATH(ledger.on_free(), "broken invariant: one start, one outcome");
    EXPECT_DEATH(ledger.on_charged(), "broken invariant: one start, one outcome");
    EXPECT_DEATH(ledger.on_unknown(), "broken invariant: one start, one outcome");
  }
}
