#pragma once
// Where a run's searches went, and how many may still be spent. Pure.
//
// Every request that could spend a search counts as spent from the moment it goes out. Its end
// settles it: an answer the service charged (a stored, non-cached 200), an end that charged
// nothing (a cached 200, 401/403, 4xx, 429, a request never fully sent), or an *unknown*
// outcome: the request was sent and no usable answer came back (reset, timeout, truncated or
// unusable body, 5xx). Unknown outcomes stay counted as spent until the service's own figures
// prove otherwise (docs/running.md "Money: the budget and unknown outcomes").
//
// Reconciliation. Within one billing period the service's searchesLeft + payAsYouGoCreditsLeft
// (its "balance") only goes down, by one per charge. A request R reads the balance when the
// service answers it. Every request that had *ended at our side before R started* was charged,
// if at all, before R was served (a service charges while it handles a request, before the
// answer or the drop reaches us). So, with B an upper bound of the balance before the period's
// first request of this run:
//
//     unknown outcomes charged among those that ended before R started
//         <= B - balance(R) - (1 if R itself was charged) - charged answers received before R started
//
// Anything else (other clients of the key, our own requests served meanwhile) only makes the
// right side larger, so the bound stays an upper bound: the reconciliation can release unknown
// outcomes, never count fewer searches than this run can have spent, and never count more than
// it sent. B comes from the store's last figure of the same period (the balance only falls)
// or from the first answer of the period (its balance plus every request started before it).
#include <cstdint>
#include <optional>

namespace paa {

class SpendLedger {
 public:
  // Taken when a request starts; given back with its answer's figures.
  struct Ticket {
    std::uint64_t period = 0;
    std::uint64_t unknown_before = 0;  // unknown outcomes settled as such before this start
    std::uint64_t charged_before = 0;  // charged answers received before this start
  };

  // `stored_balance`: the store's last balance, if it belongs to the current period.
  explicit SpendLedger(std::optional<std::int64_t> stored_balance = std::nullopt);

  Ticket on_start();
  void on_charged();  // a stored, non-cached answer
  void on_free();     // an end that charged nothing
  void on_unknown();  // sent, no usable answer
  // An answer's balance (searchesLeft + payAsYouGoCreditsLeft). Call after on_charged/on_free.
  void on_balance(const Ticket& ticket, std::int64_t balance, bool charged);
  // An answer that opens a new billing period (a successful probe, a later renewal date): the
  // period starts, with the answering request counted among its starts (it read the new
  // period's balance), and its balance, if any, taken as the period's first figure.
  void open_period(const Ticket& ticket, std::optional<std::int64_t> balance, bool charged);
  // A new billing period (renewal, or a successful probe after an exhaustion): balances of the
  // old period say nothing about the new one. Releases made so far stay.
  void new_period();

  // What counts against max_searches: charged, plus unknown outcomes not disproved, plus in flight.
  std::uint64_t counted() const { return charged_ + unknown_ - released_ + in_flight_; }
  std::uint64_t in_flight() const { return in_flight_; }
  std::uint64_t charged() const { return charged_; }
  std::uint64_t unknown() const { return unknown_; }
  // Unknown outcomes the service's figures prove were not charged.
  std::uint64_t released() const { return released_; }
  // Unknown outcomes the lowest balance of the period may not include yet: they count against
  // the searches known to be left.
  std::uint64_t unknown_after_lowest() const;
  // The fall of the balance during this run, per the service: first (upper bound) minus lowest.
  // Nullopt before two figures of one period; summed over periods.
  std::optional<std::int64_t> balance_fall() const;

 private:
  void end_one();

  std::uint64_t period_ = 0;
  std::uint64_t in_flight_ = 0;
  std::uint64_t charged_ = 0;
  std::uint64_t unknown_ = 0;
  std::uint64_t released_ = 0;
  std::uint64_t released_before_period_ = 0;  // releases of earlier periods, kept
  std::uint64_t period_release_ = 0;          // the best release proved in this period
  // When the period began: unknown outcomes so far, and so far plus those in flight (which may
  // have been charged in the old period: never released by the new period's figures).
  std::uint64_t period_first_unknown_ = 0;
  std::uint64_t period_unknown_base_ = 0;
  std::uint64_t period_charged_base_ = 0;     // likewise for charged answers
  std::uint64_t period_starts_ = 0;           // requests started in the period (with those in flight)
  std::optional<std::int64_t> baseline_;      // upper bound of the balance before the period
  std::optional<std::int64_t> lowest_;        // lowest balance seen in the period
  std::uint64_t lowest_unknown_before_ = 0;   // ticket of the answer that read `lowest_`
  std::int64_t fall_before_period_ = 0;
  bool fall_known_ = false;
};

}  // namespace paa
