#include "paa/policy/spend_ledger.hpp"

#include "paa/model/check.hpp"

#include <algorithm>

namespace paa {

SpendLedger::SpendLedger(std::optional<std::int64_t> stored_balance) : baseline_(stored_balance) {}

SpendLedger::Ticket SpendLedger::on_start() {
  ++in_flight_;
  ++period_starts_;
  return {period_, unknown_, charged_};
}

void SpendLedger::end_one() {
  PAA_CHECK(in_flight_ > 0, "one start, one outcome: an outcome without a start");
  if (in_flight_ > 0) --in_flight_;
}

void SpendLedger::on_charged() {
  end_one();
  ++charged_;
}

void SpendLedger::on_free() { end_one(); }

void SpendLedger::on_unknown() {
  end_one();
  ++unknown_;
}

void SpendLedger::new_period() {
  if (baseline_ && lowest_) {
    fall_before_period_ += *baseline_ - *lowest_;
    fall_known_ = true;
  }
  ++period_;
  released_before_period_ = released_;
  period_release_ = 0;
  period_first_unknown_ = unknown_;
  period_unknown_base_ = unknown_ + in_flight_;
  period_charged_base_ = charged_ + in_flight_;
  period_starts_ = in_flight_;
  baseline_.reset();
  lowest_.reset();
  lowest_unknown_before_ = 0;
}

void SpendLedger::open_period(const Ticket& ticket, std::optional<std::int64_t> balance, bool charged) {
  new_period();
  ++period_starts_;  // not in flight any more, so new_period() did not count it
  if (!balance) return;
  Ticket now = ticket;
  now.period = period_;
  on_balance(now, *balance, charged);
}

void SpendLedger::on_balance(const Ticket& ticket, std::int64_t balance, bool charged) {
  if (ticket.period != period_) return;  // read in an earlier period
  // The balance only falls within a period: a higher one means credits were added (or a renewal
  // went unseen). Figures from before it would understate what was charged: start afresh.
  if (baseline_ && balance > *baseline_) {
    new_period();
    // This answer's request belongs to the new period (it read the higher balance) but is no
    // longer in flight, so new_period() did not count it among the period's starts: without it
    // the bound below, and the run's "balance fell by at most", would be one short.
    ++period_starts_;
  }
  // Every request of the period started before this answer arrived, plus the balance it read,
  // bounds the balance before the period's first request (other clients' charges included).
  const std::int64_t bound_from_here = balance + static_cast<std::int64_t>(period_starts_);
  if (!baseline_ || bound_from_here < *baseline_) baseline_ = bound_from_here;
  if (!lowest_ || balance < *lowest_) {
    lowest_ = balance;
    lowest_unknown_before_ = ticket.unknown_before;
  }
  if (ticket.unknown_before <= period_unknown_base_) return;  // no unknown outcome to settle
  const std::uint64_t settled = ticket.unknown_before - period_unknown_base_;
  const std::uint64_t charged_earlier =
      ticket.charged_before > period_charged_base_ ? ticket.charged_before - period_charged_base_ : 0;
  const std::int64_t most_charged = *baseline_ - balance - (charged ? 1 : 0) -
                                    static_cast<std::int64_t>(charged_earlier);
  if (most_charged < 0) return;  // figures that contradict the model prove nothing
  const std::uint64_t release =
      settled - std::min(settled, static_cast<std::uint64_t>(most_charged));
  period_release_ = std::max(period_release_, release);
  released_ = released_before_period_ + period_release_;
}

std::uint64_t SpendLedger::unknown_after_lowest() const {
  const std::uint64_t from = lowest_ ? lowest_unknown_before_ : period_first_unknown_;
  return unknown_ > from ? unknown_ - from : 0;
}

std::optional<std::int64_t> SpendLedger::balance_fall() const {
  if (baseline_ && lowest_) return fall_before_period_ + (*baseline_ - *lowest_);
  if (fall_known_) return fall_before_period_;
  return std::nullopt;
}

}  // namespace paa
