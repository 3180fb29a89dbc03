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

Action KeyAttempt::on_response(HttpResponse response, SteadyTime now, std::int64_t now_ms) {
  response_ = std::move(response);
  envelope_.reset();
  // Requests are counted as sent when they were: a refused certificate or a connect failure
  // sent nothing (the API key never left the machine).
  if (response_.request_sent) {
    ++p_.tally.requests;
    if (++sent_ > 1) ++p_.tally.retries;
  }
  std::string parse_error;
  if (response_.status == 200 && response_.body_error.empty()) {
    if (auto parsed = parse_envelope(response_.body, config_.limits)) {
      envelope_ = std::move(*parsed);
    } else {
      parse_error = parsed.error().message;
    }
  }
  ResponseFacts facts;
  facts.status = response_.status;
  facts.retry_after = response_.retry_after;
  facts.network_error = response_.network_error;
  facts.body_error = response_.body_error.empty() ? std::string_view(parse_error) : std::string_view(response_.body_error);
  facts.body_excerpt = response_.body;
  facts.request_sent = response_.request_sent;
  facts.stale = response_.stale;
  facts.tls_refused = response_.tls_refused;
  facts.content_type = response_.content_type;
  return classified(facts, now, now_ms);
}

Action KeyAttempt::classified(const ResponseFacts& facts, SteadyTime now, std::int64_t now_ms) {
  const Outcome outcome = classify(facts, std::chrono::system_clock::time_point(std::chrono::milliseconds(now_ms)));
  last_outcome_ = outcome.reason;
  if (outcome.verdict == Verdict::store && !envelope_) {
    // A 200 without a parsed envelope is a transient failure, never a result.
    ResponseFacts unusable = facts;
    unusable.body_error = "unusable body";
    return classified(unusable, now, now_ms);
  }
  switch (outcome.verdict) {
    case Verdict::store: {
      charged_ = !envelope_->cached;
      p_.quota.on_success(ticket_, envelope_->quota, envelope_->cached, now_ms);
      p_.rate.on_success(now);
      rate_limited_ = 0;
      Action a{Step::store};
      StoredResult stored{item_.key,   item_.query.q,  item_.query.hl, item_.query.gl,  item_.query.city,
                          std::move(response_.body),  now_ms,         envelope_->cached, envelope_->quota,
                          0,           {},             {},             false};
      a.write = WriteRequest{config_.job,
                             PutResult{std::move(stored), std::move(*envelope_), charged_,
                                       static_cast<std::uint32_t>(attempts_)},
                             p_.quota.state(), item_.attrs};
      envelope_.reset();
      return a;
    }
    case Verdict::retry:
      p_.quota.on_failure(outcome.spend == Spend::unknown, now_ms);
      return retry_or_fail(outcome, facts.status, now, now_ms);
    case Verdict::fail_key:
      p_.quota.on_failure(false, now_ms);
      return record_failed(outcome.reason, facts.status);
    case Verdict::stop_auth:
      p_.quota.on_failure(false, now_ms);
      return stop(StopReason::auth, auth_failure_message(facts.status, config_.api_key_env));
    case Verdict::stop_config:
      // Every key would get the same: a wrong address is the run's problem, not the key's.
      p_.quota.on_failure(outcome.spend == Spend::unknown, now_ms);
      return stop(StopReason::config, config_failure_message(outcome, config_.service));
    case Verdict::stop_tls:
      // The key was not sent. Nothing else will verify either.
      p_.quota.on_failure(false, now_ms);
      return stop(StopReason::tls, outcome.reason);
    case Verdict::rate_limited:
      p_.quota.on_failure(false, now_ms);
      p_.rate.on_rate_limited(now, *outcome.retry_after);
      ++p_.tally.rate_limited;
      if (++rate_limited_ > config_.max_rate_limited_in_a_row) {
        return record_failed("rate limited " + std::to_string(rate_limited_ - 1) + " times in a row", facts.status);
      }
      return next(now, now_ms);  // the gate holds every start until the pause ends
    case Verdict::quota_exhausted: {
      p_.quota.on_exhausted(now_ms);
      // Remembered, so a rerun before the renewal sends one probe, not a burst. The gate then
      // waits for the renewal (or stops the run) before this key goes again.
      Action a{Step::save_quota};
      a.write = WriteRequest{config_.job, QuotaUpdate{}, p_.quota.state(), {}};
      return a;
    }
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
  if (!delay) return record_failed(outcome.reason, status);
  backoff_until_ = now + *delay;
  return next(now, now_ms);
}

Action KeyAttempt::record_failed(std::string message, int status) {
  Action a{Step::record_failed};
  a.message = std::move(message);
  a.status = status;
  a.write = WriteRequest{config_.job,
                         MarkFailed{item_.key, static_cast<std::uint32_t>(attempts_), status, a.message},
                         std::nullopt, item_.attrs};
  writing_failure_ = true;
  return a;
}

Action KeyAttempt::on_written(const Result<void>& written) {
  if (!written) {
    const Error& e = written.error();
    return stop(stop_reason_for(e), writing_failure_ ? "the store failed: " + e.message
                                                     : "the store failed; this result was not saved: " + e.message);
  }
  if (writing_failure_) {
    ++p_.tally.failed;
  } else {
    ++p_.tally.stored;
    if (!charged_) ++p_.tally.cached;
  }
  return {Step::finished};
}

Action KeyAttempt::on_quota_saved(const Result<void>& saved, SteadyTime now, std::int64_t now_ms) {
  if (!saved) {
    return stop(stop_reason_for(saved.error()),
                "the store failed; the exhausted quota was not saved (a rerun would not know it): " +
                    saved.error().message);
  }
  return next(now, now_ms);
}

}  // namespace paa
