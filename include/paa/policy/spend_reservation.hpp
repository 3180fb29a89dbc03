#pragma once
// A run under a job-wide budget makes durable how much it may have spent before it spends it:
// a reservation in its run record, raised a step at a time. A killed run counts its reservation
// against the budget (docs/running.md "Money: the job's budget"), so the budget holds across a
// crash, and a crash costs at most one step of it. Pure.
#include <algorithm>
#include <cstdint>
#include <optional>

namespace paa {

class SpendReservation {
 public:
  // `cap`: what the run may count in all (nullopt: no job budget, nothing is reserved);
  // `step`: how much one reservation adds.
  SpendReservation(std::optional<std::uint64_t> cap, std::uint64_t step)
      : cap_(cap), step_(std::max<std::uint64_t>(step, 1)) {}

  enum class Need { covered, wait, reserve };
  // Before a start that makes the ledger count `counted_after`: covered (go), wait (a raise is
  // being written: wait for it), or reserve (write raise_to() first, then on_reserved()).
  Need need(std::uint64_t counted_after) const {
    if (!cap_ || counted_after <= reserved_) return Need::covered;
    return writing_ ? Need::wait : Need::reserve;
  }
  // What to write; marks the raise as being written.
  std::uint64_t raise_to() {
    writing_ = true;
    return std::min(*cap_, reserved_ + step_);
  }
  // The raise is durable (`ok`), or failed (nothing more is reserved; the run stops).
  void on_reserved(std::uint64_t reserved, bool ok) {
    writing_ = false;
    if (ok) reserved_ = std::max(reserved_, reserved);
  }
  bool active() const { return cap_.has_value(); }
  std::uint64_t reserved() const { return reserved_; }

 private:
  std::optional<std::uint64_t> cap_;
  std::uint64_t step_;
  std::uint64_t reserved_ = 0;
  bool writing_ = false;
};

}  // namespace paa
