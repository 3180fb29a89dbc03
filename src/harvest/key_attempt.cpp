#include "paa/harvest/key_attempt.hpp"

#include <algorithm>
#include <functional>

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

KeyAttempt::KeyAttempt(Parts parts, const Config& config, const WorkItem& item)
    : p_(parts), config_(config), item_(item), key_hash_(std::hash<std::string>{}(item.key)) {}

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
      health_probe_ = d.health_probe;
      Action a{Step::send};
      a.probe = d.kind == StartGate::Kind::go_probe;
      a.health_probe = d.health_probe;
      return a;
    }
    case StartGate::Kind::stop:
      // The gate decided it (quota, budget, the service's health): it becomes the run's stop
      // reason. A stop already requested by someone else just ends this key.
      if (p_.gate.stop_reason() == StopReason::none) return stop(d.reason, p_.health.stop_message(d.reason, now_ms));
      return {Step::finished};
    case StartGate::Kind::reserve: {
      Action a{Step::reserve};
      a.reserve_to = p_.gate.begin_reserve();
      a.write = WriteRequest{config_.job, BudgetReserve{a.reserve_to}, std::nullopt, {}};
      return a;
    }
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
  // The service's health sees every attempt's end, exactly once per start.
  ended_ = p_.health.on_end(service_signal(response_), key_hash_, std::exchange(health_probe_, false), now, now_ms);
  Action a = classified(facts, now, now_ms);
  a.event = ended_.event;
  return a;
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
      const bool first_store = p_.health.first_store();
      StoredResult stored{item_.key,   item_.query.q,  item_.query.hl, item_.query.gl,  item_.query.city,
                          std::move(response_.body),  now_ms,         envelope_->cached, envelope_->quota,
                          0,           {},             {},             false};
      a.write = WriteRequest{config_.job,
                             PutResult{std::move(stored), std::move(*envelope_), charged_,
                                       static_cast<std::uint32_t>(attempts_)},
                             p_.quota.state(), item_.attrs};
      a.write->keep_attrs = item_.keep_attrs;
      // The store remembers that this address answered: a failing start is then an outage.
      if (first_store) a.write->reached_service = config_.service;
      envelope_.reset();
      return a;
    }
    case Verdict::retry:
      p_.quota.on_failure(outcome.spend == Spend::unknown, now_ms);
      // A wrong address found at the start: every key would get the same.
      if (p_.health.stopped(now)) return next(now, now_ms);
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
  last_outcome_ = outcome.reason;
  last_status_ = status;
  // A probe's or an outage's failure counts for no key: the gate holds the key for the outage.
  if (ended_.failure == ServiceHealth::kNotCounted) return next(now, now_ms);
  failures_at_.push_back(ended_.failure);
  const auto delay = p_.backoff.next_delay(own_failures());
  if (!delay) return retries_spent(now, now_ms);
  backoff_until_ = now + *delay;
  return next(now, now_ms);
}

int KeyAttempt::own_failures() const {
  return static_cast<int>(std::count_if(failures_at_.begin(), failures_at_.end(), [this](std::uint64_t f) {
    return p_.health.blame(f) != ServiceHealth::Blame::void_;
  }));
}

Action KeyAttempt::retries_spent(SteadyTime, std::int64_t) {
  // Whose failures these are, nobody can tell while the service has answered nothing since.
  if (p_.health.blame(failures_at_.back()) == ServiceHealth::Blame::open) return {Step::hold};
  return record_failed(last_outcome_, last_status_);
}

bool KeyAttempt::ready_to_resume(SteadyTime now) const {
  return p_.gate.stop_reason() != StopReason::none || p_.health.stopped(now) ||
         p_.health.blame(failures_at_.back()) != ServiceHealth::Blame::open;
}

Action KeyAttempt::resume(SteadyTime now, std::int64_t now_ms) {
  if (p_.gate.stop_reason() != StopReason::none) return {Step::finished};
  // An outage voided some of its failures: it goes on (through the gate, which holds it for the
  // outage) with the retries it has left; else they were its own.
  if (own_failures() <= p_.backoff.retries()) return next(now, now_ms);
  return retries_spent(now, now_ms);
}

Action KeyAttempt::record_failed(std::string message, int status) {
  Action a{Step::record_failed};
  a.message = std::move(message);
  a.status = status;
  a.write = WriteRequest{config_.job,
                         MarkFailed{item_.key, static_cast<std::uint32_t>(attempts_), status, a.message},
                         std::nullopt, item_.attrs};
  a.write->keep_attrs = item_.keep_attrs;
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

Action KeyAttempt::on_reserved(const Result<void>& reserved, std::uint64_t reserve_to, SteadyTime now,
                               std::int64_t now_ms) {
  p_.gate.on_reserved(reserve_to, reserved.has_value());
  if (!reserved) {
    return stop(stop_reason_for(reserved.error()),
                "the store failed; the run's reservation of the job's budget was not saved: " +
                    reserved.error().message);
  }
  return next(now, now_ms);
}

}  // namespace paa
