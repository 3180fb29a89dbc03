#include "paa/policy/quota_tracker.hpp"

#include <algorithm>

namespace paa {

std::int64_t QuotaTracker::renewal_instant_ms(std::chrono::year_month_day date) {
  const auto days = std::chrono::sys_days(date);
  return std::chrono::duration_cast<std::chrono::milliseconds>(days.time_since_epoch()).count();
}

QuotaTracker::QuotaTracker(Config config, const QuotaState& stored, std::int64_t now_ms)
    : config_(config), state_(stored) {
  const auto left = allowance();
  if (state_.exhausted_until_ms || (left && *left == 0)) {
    // Remembered exhaustion: one probe now, whatever the mode (the quota may have been topped up).
    state_.exhausted_until_ms = state_.exhausted_until_ms.value_or(now_ms);
    next_probe_ms_ = now_ms;
  }
}

std::optional<std::int64_t> QuotaTracker::allowance() const {
  if (!state_.searches_left) return std::nullopt;
  std::int64_t left = std::max<std::int64_t>(0, *state_.searches_left);
  if (config_.use_payg) {
    if (!state_.payg_credits_left) return std::nullopt;  // unknown PAYG: don't guess a cap
    left += std::max<std::int64_t>(0, *state_.payg_credits_left);
  }
  return left;
}

QuotaTracker::Decision QuotaTracker::decide(std::int64_t now_ms) const {
  if (config_.max_searches > 0 && spent_ + in_flight_ >= config_.max_searches) {
    return {in_flight_ == 0 && spent_ >= config_.max_searches ? Gate::stop_budget : Gate::wait_event};
  }
  if (exhausted()) {
    if (in_flight_ > 0) return {Gate::wait_event};
    if (stop_after_failed_probe_) return {Gate::stop_quota};
    if (now_ms >= next_probe_ms_) return {Gate::go_probe};
    if (config_.on_quota == OnQuota::stop) return {Gate::stop_quota};
    return {Gate::wait_until, next_probe_ms_};
  }
  if (auto left = allowance(); left && in_flight_ >= *left) {
    // Known empty (or as many in flight as are left): wait for them; an idle empty quota
    // is exhaustion without spending a request on it.
    // settle() marks an idle empty quota exhausted, so something is in flight here.
    return {in_flight_ > 0 ? Gate::wait_event : Gate::go_probe};
  }
  return {Gate::go};
}

void QuotaTracker::on_start(bool probe) {
  ++in_flight_;
  if (probe) probe_in_flight_ = true;
}

void QuotaTracker::finish_one(bool was_probe) {
  in_flight_ = std::max(0, in_flight_ - 1);
  if (was_probe) probe_in_flight_ = false;
}

void QuotaTracker::on_success(const QuotaFields& f, bool cached, std::int64_t now_ms) {
  const bool was_probe = probe_in_flight_;
  finish_one(was_probe);
  if (!cached) ++spent_;
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
  state_.seen_at_ms = now_ms;
  if (new_period) {
    state_.exhausted_until_ms.reset();
    stop_after_failed_probe_ = false;
  }
  settle(now_ms);
}

void QuotaTracker::settle(std::int64_t now_ms) {
  if (exhausted() || in_flight_ > 0) return;
  if (auto left = allowance(); left && *left == 0) mark_exhausted(now_ms);
}

std::int64_t QuotaTracker::next_probe_for(std::int64_t now_ms) const {
  if (state_.renewal_date) {
    const std::int64_t at = renewal_instant_ms(*state_.renewal_date);
    if (at > now_ms) return at;
  }
  return now_ms + config_.probe_interval.count();
}

void QuotaTracker::mark_exhausted(std::int64_t now_ms) {
  next_probe_ms_ = next_probe_for(now_ms);
  state_.exhausted_until_ms = next_probe_ms_;
}

void QuotaTracker::on_exhausted(std::int64_t now_ms) {
  const bool was_probe = probe_in_flight_;
  finish_one(was_probe);
  if (was_probe && config_.on_quota == OnQuota::stop) stop_after_failed_probe_ = true;
  mark_exhausted(now_ms);
}

void QuotaTracker::on_other(std::int64_t now_ms) {
  const bool was_probe = probe_in_flight_;
  finish_one(was_probe);
  // A probe that failed for another reason (5xx, network) told us nothing: may probe again.
  if (was_probe) next_probe_ms_ = now_ms;
  settle(now_ms);
}

}  // namespace paa
