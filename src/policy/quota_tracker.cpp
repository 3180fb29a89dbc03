#include "paa/policy/quota_tracker.hpp"

#include <algorithm>

namespace paa {

std::int64_t QuotaTracker::renewal_instant_ms(std::chrono::year_month_day date) {
  const auto days = std::chrono::sys_days(date);
  return std::chrono::duration_cast<std::chrono::milliseconds>(days.time_since_epoch()).count();
}

namespace {
// The service's balance: a charge lowers one of the two figures.
std::optional<std::int64_t> balance_of(const std::optional<std::int64_t>& searches,
                                       const std::optional<std::int64_t>& payg) {
  if (!searches) return std::nullopt;
  return *searches + payg.value_or(0);
}
}  // namespace

QuotaTracker::QuotaTracker(Config config, const QuotaState& stored, std::int64_t now_ms)
    : config_(config),
      state_(stored),
      ledger_(balance_of(stored.searches_left, stored.payg_credits_left)) {
  const auto left = reported_allowance();
  if (state_.exhausted_until_ms || (left && *left == 0)) {
    // Remembered exhaustion: one probe now, whatever the mode (the quota may have been topped up).
    state_.exhausted_until_ms = state_.exhausted_until_ms.value_or(now_ms);
    next_probe_ms_ = now_ms;
    ++exhaustions_;
  }
}

std::optional<std::int64_t> QuotaTracker::reported_allowance() const {
  if (!state_.searches_left) return std::nullopt;
  std::int64_t left = std::max<std::int64_t>(0, *state_.searches_left);
  if (config_.use_payg) {
    if (!state_.payg_credits_left) return std::nullopt;  // unknown PAYG: don't guess a cap
    left += std::max<std::int64_t>(0, *state_.payg_credits_left);
  }
  return left;
}

QuotaTracker::Decision QuotaTracker::decide(std::int64_t now_ms) const {
  const auto in_flight = static_cast<std::int64_t>(ledger_.in_flight());
  if (config_.max_searches > 0 &&
      static_cast<std::int64_t>(ledger_.counted()) >= config_.max_searches) {
    return {in_flight == 0 ? Gate::stop_budget : Gate::wait_event};
  }
  if (config_.job_allowance && ledger_.counted() >= *config_.job_allowance) {
    return {in_flight == 0 ? Gate::stop_job_budget : Gate::wait_event};
  }
  if (exhausted()) {
    if (in_flight > 0) return {Gate::wait_event};
    if (stop_after_failed_probe_) return {Gate::stop_quota};
    if (now_ms >= next_probe_ms_) return {Gate::go_probe};
    if (config_.on_quota == OnQuota::stop) return {Gate::stop_quota};
    return {Gate::wait_until, next_probe_ms_};
  }
  // A quota never seen (a new store): the first request goes alone, and its answer tells how much
  // is left before the window opens (5 searches left and 64 connections: not 64 requests, 59 of
  // them into a 429).
  if (state_.seen_at_ms == 0 && in_flight > 0) return {Gate::wait_event};
  if (auto reported = reported_allowance()) {
    // Unknown outcomes after the lowest figure may have been charged: they count as spent.
    const std::int64_t left = *reported - static_cast<std::int64_t>(ledger_.unknown_after_lowest());
    // Known empty (or as many in flight as may be left): wait for them. settle() marks an idle,
    // reportedly empty quota exhausted; one left only by unknown outcomes gets one request at
    // a time until the figures tell.
    if (in_flight >= left) return {in_flight > 0 ? Gate::wait_event : Gate::go};
  }
  return {Gate::go};
}

SpendLedger::Ticket QuotaTracker::on_start(bool probe) {
  if (probe) probe_in_flight_ = true;
  return ledger_.on_start();
}

bool QuotaTracker::finish_probe() {
  const bool was_probe = probe_in_flight_;
  probe_in_flight_ = false;
  return was_probe;
}

void QuotaTracker::on_success(const SpendLedger::Ticket& ticket, const QuotaFields& f, bool cached,
                              std::int64_t now_ms) {
  const bool was_probe = finish_probe();
  if (cached) {
    ledger_.on_free();
  } else {
    ledger_.on_charged();
  }
  // A new period starts with a successful probe or a later renewal date. Other successes may
  // be old news (served before the quota ran out), so they never clear an exhaustion.
  const bool new_period =
      was_probe ||
      (f.renewal_date && state_.renewal_date && *f.renewal_date > *state_.renewal_date);
  if (f.searches_left) {
    state_.searches_left = new_period || !state_.searches_left
                               ? *f.searches_left
                               : std::min(*state_.searches_left, *f.searches_left);
  }
  if (f.payg_credits_left) {
    state_.payg_credits_left = new_period || !state_.payg_credits_left
                                   ? *f.payg_credits_left
                                   : std::min(*state_.payg_credits_left, *f.payg_credits_left);
  }
  if (f.renewal_date && (new_period || !state_.renewal_date)) state_.renewal_date = f.renewal_date;
  latest_ = f;
  state_.seen_at_ms = now_ms;
  const auto balance = balance_of(f.searches_left, f.payg_credits_left);
  if (new_period) {
    state_.exhausted_until_ms.reset();
    stop_after_failed_probe_ = false;
    ledger_.open_period(ticket, balance, !cached);  // this answer's request is the period's first
  } else if (balance) {
    ledger_.on_balance(ticket, *balance, !cached);
  }
  settle(now_ms);
}

void QuotaTracker::settle(std::int64_t now_ms) {
  if (exhausted() || ledger_.in_flight() > 0) return;
  if (auto left = reported_allowance(); left && *left == 0) mark_exhausted(now_ms);
}

std::int64_t QuotaTracker::next_probe_for(std::int64_t now_ms) const {
  if (state_.renewal_date) {
    const std::int64_t at = renewal_instant_ms(*state_.renewal_date);
    if (at > now_ms) return at;
  }
  return now_ms + config_.probe_interval.count();
}

void QuotaTracker::mark_exhausted(std::int64_t now_ms) {
  ++exhaustions_;
  next_probe_ms_ = next_probe_for(now_ms);
  state_.exhausted_until_ms = next_probe_ms_;
}

void QuotaTracker::on_exhausted(std::int64_t now_ms) {
  const bool was_probe = finish_probe();
  ledger_.on_free();
  if (was_probe && config_.on_quota == OnQuota::stop) stop_after_failed_probe_ = true;
  mark_exhausted(now_ms);
}

void QuotaTracker::on_failure(bool unknown, std::int64_t now_ms) {
  const bool was_probe = finish_probe();
  if (unknown) {
    ledger_.on_unknown();
  } else {
    ledger_.on_free();
  }
  // A probe that failed for another reason (5xx, network) told us nothing: may probe again.
  if (was_probe) next_probe_ms_ = now_ms;
  settle(now_ms);
}

}  // namespace paa
