#include "paa/harvest/service_health.hpp"

#include "paa/harvest/progress.hpp"
#include "paa/model/clock.hpp"
#include "paa/model/duration.hpp"

#include <algorithm>

namespace paa {

ServiceSignal service_signal(const HttpResponse& r) {
  ServiceSignal s;
  if (r.tls_refused) return s;  // neutral: the run stops for it anyway
  if (r.status == 0) {
    s.kind = ServiceSignal::Kind::transport;
    s.failure = r.failure == TransportFailure::none ? TransportFailure::other : r.failure;
    s.detail = r.network_error.empty() ? transport_failure_name(s.failure) : r.network_error;
    return s;
  }
  if (r.status >= 500 || r.status == 408) {
    s.kind = ServiceSignal::Kind::server_error;
    s.detail = "HTTP " + std::to_string(r.status);
    return s;
  }
  s.kind = ServiceSignal::Kind::answered;
  return s;
}

int ServiceHealth::outage_attempts() const { return std::max(8, config_.concurrency); }
int ServiceHealth::outage_keys() const { return std::clamp(config_.concurrency, 2, 4); }

ServiceHealth::Gate ServiceHealth::decide(SteadyTime now) const {
  switch (phase_) {
    case Phase::stopped:
      return {Gate::Kind::stop, {}, StopReason::config};
    case Phase::starting:
    case Phase::up:
      return {Gate::Kind::go};
    case Phase::outage:
      break;
  }
  const SteadyTime give_up = down_since_ + config_.outage_wait;
  if (now >= give_up) return {Gate::Kind::stop, {}, StopReason::outage};
  if (probe_in_flight_) return {Gate::Kind::wait_event};
  if (now < next_probe_) return {Gate::Kind::wait_until, std::min(next_probe_, give_up)};
  return {Gate::Kind::go_probe};
}

void ServiceHealth::on_start(bool probe) {
  ++in_flight_;
  if (probe) probe_in_flight_ = true;
}

ServiceHealth::Ended ServiceHealth::on_end(const ServiceSignal& signal, std::uint64_t key_hash, bool probe,
                                           SteadyTime now, std::int64_t now_ms) {
  if (in_flight_ > 0) --in_flight_;
  if (probe) probe_in_flight_ = false;
  switch (signal.kind) {
    case ServiceSignal::Kind::neutral:
      return {};
    case ServiceSignal::Kind::answered: {
      Event event = Event::none;
      if (phase_ == Phase::outage) event = Event::outage_ended;
      if (phase_ != Phase::stopped) phase_ = Phase::up;
      close_streak();
      // An answer that was no use (an unusable body) is the key's own trouble at once.
      return {kOwnFailure, event};
    }
    case ServiceSignal::Kind::server_error:
    case ServiceSignal::Kind::transport:
      break;
  }
  last_detail_ = signal.detail;
  if (phase_ == Phase::stopped) return {};
  if (phase_ == Phase::outage) {
    if (!probe) return {};  // in flight when the outage began: counts for nobody
    next_probe_ = now + probe_delay_;
    probe_delay_ = std::min(probe_delay_ * 2, config_.probe_cap);
    return {kNotCounted, Event::probe_failed};
  }
  add_to_streak(signal, key_hash);
  if (phase_ == Phase::starting && start_rule_met(kStartFailures)) {
    phase_ = Phase::stopped;
    stopped_kind_ = streak_kind_;
    return {kNotCounted, Event::stopped};
  }
  if (streak_failures_ >= outage_attempts() && static_cast<int>(streak_keys_.size()) >= outage_keys()) {
    begin_outage(now, now_ms);
    return {kNotCounted, Event::outage_began};
  }
  return {streak_, Event::none};
}

ServiceHealth::Event ServiceHealth::judge(SteadyTime now, std::int64_t now_ms) {
  if ((phase_ != Phase::starting && phase_ != Phase::up) || streak_failures_ == 0) return Event::none;
  if (phase_ == Phase::starting && start_rule_met(1)) {
    phase_ = Phase::stopped;
    stopped_kind_ = streak_kind_;
    return Event::stopped;
  }
  if (streak_failures_ >= outage_attempts() && streak_keys_.size() >= 2) {
    begin_outage(now, now_ms);
    return Event::outage_began;
  }
  close_streak();  // nothing tells the keys' trouble from the service's: it is theirs
  return Event::none;
}

ServiceHealth::Blame ServiceHealth::blame(std::uint64_t failure) const {
  if (failure == kOwnFailure) return Blame::own;
  if (failure == kNotCounted || std::find(voided_.begin(), voided_.end(), failure) != voided_.end()) return Blame::void_;
  if (failure == streak_ && (phase_ == Phase::starting || phase_ == Phase::up)) return Blame::open;
  return Blame::own;
}

bool ServiceHealth::start_rule_met(int failures) const {
  return !config_.reached_before && streak_failures_ >= failures && streak_one_kind_ &&
         streak_kind_ != TransportFailure::none;
}

void ServiceHealth::add_to_streak(const ServiceSignal& signal, std::uint64_t key_hash) {
  const TransportFailure kind =
      signal.kind == ServiceSignal::Kind::transport ? signal.failure : TransportFailure::none;
  if (streak_failures_ == 0) {
    streak_kind_ = kind;
    streak_one_kind_ = true;
  } else if (kind != streak_kind_) {
    streak_one_kind_ = false;
  }
  ++streak_failures_;
  if (static_cast<int>(streak_keys_.size()) < outage_keys() &&
      std::find(streak_keys_.begin(), streak_keys_.end(), key_hash) == streak_keys_.end()) {
    streak_keys_.push_back(key_hash);
  }
}

void ServiceHealth::close_streak() {
  if (streak_failures_ == 0) return;
  ++streak_;
  streak_failures_ = 0;
  streak_keys_.clear();
  streak_kind_ = TransportFailure::none;
  streak_one_kind_ = true;
}

void ServiceHealth::begin_outage(SteadyTime now, std::int64_t now_ms) {
  voided_.push_back(streak_);
  close_streak();
  phase_ = Phase::outage;
  down_since_ = now;
  down_since_ms_ = now_ms;
  probe_delay_ = config_.probe_base;
  next_probe_ = now + probe_delay_;
  probe_delay_ = std::min(probe_delay_ * 2, config_.probe_cap);
}

std::int64_t ServiceHealth::next_probe_ms(SteadyTime now, std::int64_t now_ms) const {
  const SteadyTime at = std::min(next_probe_, down_since_ + config_.outage_wait);
  return now_ms + std::chrono::duration_cast<std::chrono::milliseconds>(at - now).count();
}

std::chrono::milliseconds ServiceHealth::down_for(SteadyTime now) const {
  if (phase_ != Phase::outage) return std::chrono::milliseconds(0);
  return std::chrono::duration_cast<std::chrono::milliseconds>(now - down_since_);
}

namespace {
// What a start that failed one way means, and what to check.
std::string wrong_address_text(TransportFailure kind, const std::string& service, std::chrono::milliseconds timeout,
                               const std::string& detail) {
  const bool tls = service.rfind("https://", 0) == 0;
  switch (kind) {
    case TransportFailure::refused:
      return service + ": connection refused: is the service running, is the port right?";
    case TransportFailure::dns:
      return service + ": host not found: check the host name";
    case TransportFailure::timeout:
      return service + ": no answer within the timeout (" + duration_text(timeout.count()) +
             "): is the host right, or does a firewall drop the connection?";
    case TransportFailure::plain_on_tls:
      return service + ": the server answered plain HTTP on a TLS connection: use http:// (or the server's TLS port)";
    case TransportFailure::tls_on_plain:
      return service + ": the server answered TLS on a plain HTTP connection: use https://";
    case TransportFailure::closed:
      return service + ": the server closed every connection without answering: " +
             (tls ? "is the port right, or does it speak plain HTTP there (then use http://)?"
                  : "if it speaks TLS on that port, use https://");
    case TransportFailure::tls_handshake:
      return service + ": the TLS handshake failed (" + detail + "): is that port the service's TLS port?";
    case TransportFailure::none:
    case TransportFailure::tls_verify:
    case TransportFailure::other:
      break;
  }
  return service + ": " + detail;
}
}  // namespace

std::string ServiceHealth::stop_message(StopReason reason, std::int64_t now_ms) const {
  if (reason == StopReason::config) {
    const std::string what = wrong_address_text(stopped_kind_, config_.service, config_.timeout, last_detail_);
    return what + (what.ends_with('?') ? " " : ". ") +
           "Check the base URL (--base-url, PAA_BASE_URL or base_url in the job); no key was recorded failed";
  }
  if (reason == StopReason::outage) {
    return "the service at " + config_.service + " has not answered since " +
           format_utc(down_since_ms_, "%Y-%m-%d %H:%M:%S UTC") + " (" +
           format_duration(static_cast<double>(now_ms - down_since_ms_) / 1000.0) + ", outage_wait " +
           duration_text(config_.outage_wait.count()) + "; last: " + last_detail_ +
           "): stopped; no key was recorded failed";
  }
  return "";
}

}  // namespace paa
