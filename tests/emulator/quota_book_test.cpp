#include "paa/emulator/quota_book.hpp"

#include <gtest/gtest.h>

namespace paa::emulator {
namespace {

using namespace std::chrono;
using namespace std::chrono_literals;

const year_month_day renewal{year{2025}, month{4}, day{1}};
const TimePoint t0 = sys_days{year_month_day{year{2025}, month{3}, day{10}}} + 12h;

QuotaBook book(std::int64_t searches, std::int64_t payg, std::optional<seconds> renew_after = std::nullopt,
               bool active = true) {
  return QuotaBook({KeyConfig{"secret-1", active, searches, payg}}, renewal, renew_after);
}

TEST(QuotaBook, FindsKeysBySecretOnly) {
  auto b = book(1, 0);
  ASSERT_TRUE(b.find("secret-1"));
  EXPECT_EQ(*b.find("secret-1"), 0u);
  EXPECT_FALSE(b.find("secret-2"));
  EXPECT_EQ(QuotaBook::key_id(0), "k1");
}

TEST(QuotaBook, SpendsMonthlySearchesFirstThenPaygCreditsThenRefuses) {
  auto b = book(2, 1);
  EXPECT_EQ(b.charge(0, t0), Charge::monthly_search);
  EXPECT_EQ(b.state(0).searches_left, 1);
  EXPECT_EQ(b.charge(0, t0), Charge::monthly_search);
  EXPECT_EQ(b.state(0).searches_left, 0);
  EXPECT_EQ(b.state(0).payg_left, 1);
  EXPECT_EQ(b.charge(0, t0), Charge::payg_credit);
  EXPECT_EQ(b.state(0).payg_left, 0);
  EXPECT_EQ(b.charge(0, t0), Charge::exhausted);
  EXPECT_EQ(b.state(0).searches_left, 0);
  EXPECT_EQ(b.state(0).payg_left, 0);
}

TEST(QuotaBook, KeyWithNothingConfiguredIsExhaustedFromTheStart) {
  auto b = book(0, 0);
  EXPECT_EQ(b.charge(0, t0), Charge::exhausted);
  EXPECT_TRUE(b.state(0).exhausted_at);
}

TEST(QuotaBook, RenewAfterSecondsRefillsAndMovesRenewalDateOnByOneMonth) {
  auto b = book(2, 1, 60s);
  b.charge(0, t0);
  b.charge(0, t0);
  b.charge(0, t0 + 1s);  // the last credit: the key runs out now
  ASSERT_EQ(b.state(0).exhausted_at, t0 + 1s);
  EXPECT_EQ(b.charge(0, t0 + 60s), Charge::exhausted);  // 59 s after running out
  EXPECT_EQ(b.state(0).renewal_date, renewal);
  b.refresh(0, t0 + 61s);
  EXPECT_EQ(b.state(0).searches_left, 2);
  EXPECT_EQ(b.state(0).payg_left, 1);
  EXPECT_EQ(b.state(0).renewal_date, (year_month_day{year{2025}, month{5}, day{1}}));
  EXPECT_FALSE(b.state(0).exhausted_at);
  EXPECT_EQ(b.charge(0, t0 + 62s), Charge::monthly_search);
}

TEST(QuotaBook, WithoutRenewAfterAnExhaustedKeyStaysExhaustedUntilTheRenewalDate) {
  auto b = book(1, 0);
  b.charge(0, t0);
  EXPECT_EQ(b.charge(0, t0 + hours(24 * 10)), Charge::exhausted);
  // On the renewal date the monthly searches come back.
  TimePoint renewal_day = sys_days{renewal} + 1h;
  EXPECT_EQ(b.charge(0, renewal_day), Charge::monthly_search);
  EXPECT_EQ(b.state(0).renewal_date, (year_month_day{year{2025}, month{5}, day{1}}));
}

TEST(QuotaBook, CalendarRenewalDoesNotRefillPaygCredits) {
  auto b = book(1, 1);
  b.charge(0, t0);
  b.charge(0, t0);
  b.refresh(0, sys_days{renewal});
  EXPECT_EQ(b.state(0).searches_left, 1);
  EXPECT_EQ(b.state(0).payg_left, 0);
}

TEST(QuotaBook, AddOneMonthClampsToTheLastDayOfTheMonth) {
  EXPECT_EQ(add_one_month(year{2025} / January / 31), year{2025} / February / 28);
  EXPECT_EQ(add_one_month(year{2024} / January / 31), year{2024} / February / 29);
  EXPECT_EQ(add_one_month(year{2025} / December / 15), year{2026} / January / 15);
}

TEST(QuotaBook, DefaultRenewalIsTheFirstOfNextMonth) {
  EXPECT_EQ(first_of_next_month(t0), year{2025} / April / 1);
  EXPECT_EQ(first_of_next_month(sys_days{year{2025} / December / 31}), year{2026} / January / 1);
}

}  // namespace
TEST(QuotaBook, RenewAfterSecondsAnnouncesTheDayOfTheRealReset) {
  auto b = book(1, 0, 60s);
  b.refresh(0, t0);
  EXPECT_EQ(b.state(0).announced_date, (year_month_day{floor<days>(t0 + 60s)}));
  b.charge(0, t0 + 5s);  // runs out
  EXPECT_EQ(b.state(0).announced_date, (year_month_day{floor<days>(t0 + 65s)}));
  EXPECT_EQ(b.state(0).renewal_date, renewal) << "the calendar date is kept apart";
}

TEST(QuotaBook, WithoutTheKnobTheCalendarDateIsAnnounced) {
  auto b = book(1, 0, std::nullopt);
  b.refresh(0, t0);
  EXPECT_EQ(b.state(0).announced_date, renewal);
}

}  // namespace paa::emulator
