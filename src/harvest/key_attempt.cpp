#include "paa/harvest/key_attempt.hpp"

namespace paa {

using Step = KeyAttempt::Step;
using Action = KeyAttempt::Action;

namespace {
Action stop(StopReason reason, std::string message) {
  Action a{Step::stop_run};
  a.reason = reason;
  a.message = std::move(message);
  return a;
}
}  // namespace

Action KeyAttempt::next(SteadyTime now, std::int64_t now_ms) {
  // A stop ends a back-off too: the key is left for the next run.
  if (p_.gate.stop_reason() != StopReason::none) return {Step::finished};
  if (backoff_until_ && now < *backoff_until_) return {Step::wait_until, *backoff_until_};
  backoff_until_.reset();
  const auto d = p_.gate.decide(now, now_ms);
  switch (d.kind) {
    case StartGate::Kind::go:
    case StartGate::Kind::go_probe: {
      ticket_ = p_.gate.on_start(d, now);
      ++attempts_;
      ++p_.tally.requests;
      if (attempts_ > 1) ++p_.tally.retries;
      Action a{Step::send};
      a.probe = d.kind == StartGate::Kind::go_probe;
      return a;
    }
    case StartGate::Kind::stop:
      // The gate decided it (quota, budget): it becomes the run's stop reason. A stop already
      // requested by someone else just ends this key.
      if (p_.gate.stop_reason() == StopReason::none) return stop(d.reason, "");
      return {Step::finished};
    case StartGate::Kind::wait_event:
      return {Step::wait_event};
    case StartGate::Kind::wait_until:
      return {Step::wait_until, d.until};
  }
  return {Step::finished};
}

Action KeyAttempt::on_response(const ResponseFacts& facts, const Envelope* envelope, SteadyTime now,
                               std::int64_t now_ms) {
  const Outcome outcome = classify(facts);
  if (outcome.verdict == Verdict::store && envelope == nullptr) {
    // A 200 the caller could not use is a transient failure, never a result.
    ResponseFacts unusable = facts;
    unusable.body_error = "unusable body";
    return on_response(unusable, nullptr, now, now_ms);
  }
  switch (outcome.verdict) {
    case Verdict::store:
      charged_ = !envelope->cached;
      p_.quota.on_success(ticket_, envelope->quota, envelope->cached, now_ms);
      p_.rate.on_success(now);
      rate_limited_ = 0;
      return {Step::store};
    case Verdict::retry:
      p_.quota.on_failure(outcome.spend == Spend::unknown, now_ms);
      return retry_or_fail(outcome, facts.status, now, now_ms);
    case Verdict::fail_key: {
      p_.quota.on_failure(false, now_ms);
      Action a{Step::record_failed};
      a.message = outcome.reason;
      a.status = facts.status;
      writing_failure_ = true;
      return a;
    }
    case Verdict::stop_auth:
      p_.quota.on_failure(false, now_ms);
      return stop(StopReason::auth, auth_failure_message(facts.status, config_.api_key_env));
    case Verdict::stop_tls:
      // The key was not sent. Nothing else will verify either.
      p_.quota.on_failure(false, now_ms);
      return stop(StopReason::tls, outcome.reason);
    case Verdict::rate_limited: {
      p_.quota.on_failure(false, now_ms);
      p_.rate.on_rate_limited(now, *outcome.retry_after);
      ++p_.tally.rate_limited;
      if (++rate_limited_ > config_.max_rate_limited_in_a_row) {
        Action a{Step::record_failed};
        a.message = "rate limited " + std::to_string(rate_limited_ - 1) + " times in a row";
        a.status = facts.status;
        writing_failure_ = true;
        return a;
      }
      return next(now, now_ms);  // the gate holds every start until the pause ends
    }
    case Verdict::quota_exhausted:
      p_.quota.on_exhausted(now_ms);
      // Remembered, so a rerun before the renewal sends one probe, not a burst. The gate then
      // waits for the renewal (or stops the run) before this key goes again.
      return {Step::save_quota};
  }
  return {Step::finished};
}

Action KeyAttempt::retry_or_fail(const Outcome& outcome, int status, SteadyTime now,
                                 std::int64_t now_ms) {
  if (outcome.resend_now && !resent_stale_) {
    // The server had closed the kept-alive connection: send again at once (through the gate,
    // like any request), once; it does not count against the key's retries.
    resent_stale_ = true;
    ++p_.tally.resent_stale;
    return next(now, now_ms);
  }
  resent_stale_ = false;
  const auto delay = p_.backoff.next_delay(++failures_);
  if (!delay) {
    Action a{Step::record_failed};
    a.message = outcome.reason;
    a.status = status;
    writing_failure_ = true;
    return a;
  }
  backoff_until_ = now + *delay;
  return next(now, now_ms);
}

Action KeyAttempt::on_written(const std::optional<std::string>& error) {
  if (error) {
    return stop(StopReason::store_failure,
                writing_failure_ ? "the store failed: " + *error
                                 : "the store failed; this result was not saved: " + *error);
  }
  if (writing_failure_) {
    ++p_.tally.failed;
  } else {
    ++p_.tally.stored;
    if (!charged_) ++p_.tally.cached;
  }
  return {Step::finished};
}

}  // namespace paa
