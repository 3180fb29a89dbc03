#pragma once
// The service's health, decided apart from any key's (docs/running.md "Outages"). It sees the
// end of every attempt and says what the run does: go on; pause every key for an outage (one
// probe at a time, with back-off) and resume when the service answers; or stop: a wrong address
// at the start (exit 2), or an outage longer than outage_wait (exit 6, resumable).
//
//   starting ──answer──> up <──answer── outage ──outage_wait passed──> stop (6)
//      │                 └──streak──────────^
//      └──kStartFailures of one transport kind, base URL never reached──> stopped (2)
//
// Failures (no response, or 5xx/408) since the service's last answer form a *streak*. A streak
// becomes an outage when it holds at least max(8, concurrency) attempts on at least
// clamp(concurrency, 2, 4) distinct keys; its failures are then void: they count against no
// key, and neither do the probes'. A key's failure in a streak counts once an answer to some
// request closes the streak; until then a key whose retries are spent is held, not failed
// (KeyAttempt::Step::hold). When nothing else can settle a streak (no attempt in flight, no key
// waiting to start), judge() settles it from what it holds.
//
// Pure: both clocks come in as arguments.
#include "paa/harvest/stop_reason.hpp"
#include "paa/limiter/token_bucket.hpp"
#include "paa/net/http_response.hpp"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace paa {

// What the end of one attempt says of the service.
struct ServiceSignal {
  enum class Kind {
    answered,      // the service answered (any status but 5xx and 408)
    server_error,  // 5xx or 408
    transport,     // no response; `failure` says why
    neutral,       // says nothing: a refused certificate (the run stops for it)
  };
  Kind kind = Kind::neutral;
  TransportFailure failure = TransportFailure::none;
  std::string detail;  // what happened, for messages: the network error, or "503 ..."
};
// The signal of a response as the connection gave it.
ServiceSignal service_signal(const HttpResponse& response);

class ServiceHealth {
 public:
  struct Config {
    std::string service;  // the base URL as displayed
    int concurrency = 8;
    // The store has had an answer from this base URL before: a failing start is an outage (a
    // cron run started during one must not lose its night), never a wrong address.
    bool reached_before = false;
    std::chrono::milliseconds outage_wait{std::chrono::hours(2)};  // 0: stop as soon as one begins
    std::chrono::milliseconds probe_base{std::chrono::seconds(2)};  // the first probe's delay, doubling
    std::chrono::milliseconds probe_cap{std::chrono::minutes(5)};
    std::chrono::milliseconds timeout{std::chrono::seconds(60)};    // --timeout, for the messages
  };
  // At the start, against a base URL this store has never reached: this many failures of one
  // transport kind, before any answer, are a wrong address. With kStartFailures = 3, refused,
  // DNS and TLS failures stop the run within ~3 s even at concurrency 1 (back-off 1 s, 2 s).
  static constexpr int kStartFailures = 3;

  enum class Phase { starting, up, outage, stopped };
  enum class Event { none, outage_began, probe_failed, outage_ended, stopped };

  struct Gate {
    enum class Kind { go, go_probe, wait_event, wait_until, stop };
    Kind kind = Kind::go;
    SteadyTime until{};
    StopReason reason = StopReason::none;  // stop: config or outage
  };

  // A failure's place, as on_end() hands it to the key: in a streak (its id), the key's own at
  // once (an answer that was unusable), or not counted (a probe's, an outage's, a neutral one).
  static constexpr std::uint64_t kNotCounted = 0;
  static constexpr std::uint64_t kOwnFailure = ~std::uint64_t{0};
  struct Ended {
    std::uint64_t failure = kNotCounted;
    Event event = Event::none;
  };
  // Whose a failure is: not known yet (its streak is open), the key's, or void (an outage's).
  enum class Blame { open, own, void_ };

  explicit ServiceHealth(Config config) : config_(std::move(config)) {}

  // May an attempt start now? stop (a wrong address; an outage past outage_wait), wait (an
  // outage: for the next probe, or for the probe in flight), go_probe (the outage's one probe).
  Gate decide(SteadyTime now) const;
  // An attempt decide() allowed goes out.
  void on_start(bool probe);
  // An attempt ended. `key_hash`: which key (distinct keys make an outage); `probe`: it was
  // decide()'s go_probe.
  Ended on_end(const ServiceSignal& signal, std::uint64_t key_hash, bool probe, SteadyTime now, std::int64_t now_ms);
  // Nothing else can settle the open streak (no attempt in flight, no key to try): a start of
  // one transport kind against a never-reached address is a wrong address; a streak of the
  // outage's size on two keys or more is an outage; anything else is the keys' own.
  Event judge(SteadyTime now, std::int64_t now_ms);

  Blame blame(std::uint64_t failure) const;
  Phase phase() const { return phase_; }
  bool stopped(SteadyTime now) const { return decide(now).kind == Gate::Kind::stop; }
  // The message of a stop decide() or on_end() gave: what happened and what to check.
  std::string stop_message(StopReason reason, std::int64_t now_ms) const;
  // The run's first stored answer: true once (the store then records that this address answered).
  bool first_store() { return !std::exchange(stored_, true); }

  // For the progress line and the log: an outage's start and its next probe (Unix ms), and the
  // last failure's text.
  std::int64_t down_since_ms() const { return down_since_ms_; }
  std::int64_t next_probe_ms(SteadyTime now, std::int64_t now_ms) const;
  const std::string& last_failure() const { return last_detail_; }
  std::chrono::milliseconds down_for(SteadyTime now) const;
  int in_flight() const { return in_flight_; }
  int outage_attempts() const;
  int outage_keys() const;

 private:
  void add_to_streak(const ServiceSignal& signal, std::uint64_t key_hash);
  void close_streak();
  void begin_outage(SteadyTime now, std::int64_t now_ms);
  bool start_rule_met(int failures) const;

  Config config_;
  Phase phase_ = Phase::starting;
  int in_flight_ = 0;
  bool probe_in_flight_ = false;
  bool stored_ = false;
  // The open streak.
  std::uint64_t streak_ = 1;
  int streak_failures_ = 0;
  std::vector<std::uint64_t> streak_keys_;  // distinct, at most outage_keys()
  TransportFailure streak_kind_ = TransportFailure::none;  // the one transport kind of every failure so far
  bool streak_one_kind_ = true;
  std::vector<std::uint64_t> voided_;  // streaks that became outages (one per outage)
  // The outage.
  SteadyTime down_since_{};
  std::int64_t down_since_ms_ = 0;
  SteadyTime next_probe_{};
  std::chrono::milliseconds probe_delay_{0};
  // A wrong address: the kind that stopped the run.
  TransportFailure stopped_kind_ = TransportFailure::none;
  std::string last_detail_;
};

}  // namespace paa
