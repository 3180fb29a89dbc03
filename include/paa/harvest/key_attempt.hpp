#pragma once
// One key's life in a run, as a state machine: it takes facts (the gate's answer, the HTTP
// response as the connection gave it, the store's answer to a write, the time) and returns the
// next action, with what to write when it is a write. Pure: no sockets, no disk, no clock of
// its own; the coroutine in harvester.cpp only performs the actions. It owns the rule that
// every start the quota tracker grants is closed by exactly one outcome call, and it keeps the
// run's tally.
//
//   next() ──send──> on_response() ──store/record_failed──> on_written() ──> finished
//     ^  │                │
//     │  ├─reserve ──> on_reserved() ──> next()   (a job-wide budget's reservation raised)
//     │  └─wait_*──┐      ├─ quota exhausted: save_quota ──> on_quota_saved() ──> next()
//     └────────────┘      ├─ back-off, rate limit, an outage: wait_*, then next()
//                         ├─ retries spent, the service silent since: hold ──> resume()
//                         └─ 401/403, certificate, a wrong address, a failed write or quota
//                            save, an outage past outage_wait: stop_run
//
// A transient failure counts against the key only when it is the key's own: the service's
// health (ServiceHealth) voids the failures of an outage, and a key whose retries are spent
// while the service has answered nothing since is held until the health can tell.
#include "paa/harvest/start_gate.hpp"
#include "paa/harvest/stop_reason.hpp"
#include "paa/harvest/work_item.hpp"
#include "paa/model/envelope.hpp"
#include "paa/net/http_response.hpp"
#include "paa/policy/outcome_policy.hpp"
#include "paa/policy/retry_backoff.hpp"
#include "paa/store/store.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace paa {

// What the run did, for its summary. Updated by every KeyAttempt of the run.
struct RunTally {
  std::uint64_t requests = 0;      // requests sent (every byte written): attempts that went out
  std::uint64_t retries = 0;       // of those: sent after a key's first
  std::uint64_t resent_stale = 0;  // of those: resent at once after a stale kept-alive connection
  std::uint64_t rate_limited = 0;  // 429 with Retry-After
  std::uint64_t stored = 0;        // results stored by this run
  std::uint64_t cached = 0;        // of those: served from the service's cache
  std::uint64_t failed = 0;        // keys recorded failed
};

class KeyAttempt {
 public:
  struct Config {
    std::string job;                          // the job the writes are for
    std::string api_key_env = "PAA_API_KEY";  // named in the 401/403 message
    int max_rate_limited_in_a_row = 1000;     // then the key is recorded failed
    ParseLimits limits;                       // for the 200 bodies
    std::string service;                      // the base URL as displayed, for messages
  };

  // The run's shared decision parts.
  struct Parts {
    StartGate& gate;
    QuotaTracker& quota;
    RateController& rate;
    RetryBackoff& backoff;
    RunTally& tally;
    ServiceHealth& health;
  };

  enum class Step {
    wait_event,     // wait until another request ends (or the run stops), then next()
    wait_until,     // wait until `until` (or a change), then next()
    send,           // send the request, then on_response()
    store,          // write `write` (the answer), then on_written()
    record_failed,  // write `write` (the failure: `message`, `status`), then on_written()
    save_quota,     // write `write` (the quota state: an exhaustion), then on_quota_saved()
    reserve,        // write `write` (the run's reservation under a job-wide budget, raised to
                    // `reserve_to`), then on_reserved()
    stop_run,       // stop the run: `reason`, `message`; nothing more for this key
    hold,           // set the key aside (its worker takes another): its retries are spent but
                    // the service has answered nothing since its failures began; resume() once
                    // ready_to_resume()
    finished,       // nothing more for this key: stored, failed, or left for the next run
  };
  struct Action {
    Action(Step s = Step::finished, SteadyTime u = {}) : step(s), until(u) {}
    Step step;
    SteadyTime until;                       // wait_until
    StopReason reason = StopReason::none;   // stop_run
    std::string message;                    // stop_run, record_failed
    int status = 0;                         // record_failed: the last HTTP status (0: none)
    bool probe = false;                     // send: this request probes an exhausted quota
    bool health_probe = false;              // send: this request probes the service in an outage
    ServiceHealth::Event event = ServiceHealth::Event::none;  // what the last answer did to the health
    std::optional<WriteRequest> write;      // store, record_failed, save_quota, reserve
    std::uint64_t reserve_to = 0;           // reserve
  };

  KeyAttempt(Parts parts, const Config& config, const WorkItem& item);

  // What to do now: wait, send, or stop (the gate's decision; a back-off in progress).
  Action next(SteadyTime now, std::int64_t now_ms);
  // The response to the request sent last, as the connection gave it (its 200 body is parsed
  // here: an unusable one is a transient failure, never a result).
  Action on_response(HttpResponse response, SteadyTime now, std::int64_t now_ms);
  // The store's answer to the write of `store` or `record_failed`. A failed write stops the run
  // with the stop reason of its kind (a store failure; bad input when the writer refused it).
  Action on_written(const Result<void>& written);
  // The store's answer to `save_quota`. An exhaustion that was not saved is one a crash forgets:
  // the run stops, as for a failed result write.
  Action on_quota_saved(const Result<void>& saved, SteadyTime now, std::int64_t now_ms);
  // The store's answer to `reserve`. A raise that was not made durable is one a crash forgets
  // (a rerun could spend it again): the run stops, as for a failed result write.
  Action on_reserved(const Result<void>& reserved, std::uint64_t reserve_to, SteadyTime now, std::int64_t now_ms);
  // A held key: true once the service's health has settled whose its failures are (or the run
  // is stopping); then resume() says what comes next.
  bool ready_to_resume(SteadyTime now) const;
  Action resume(SteadyTime now, std::int64_t now_ms);

  int attempts() const { return attempts_; }
  // What the last response meant, in short ("500 ...", "connection reset"): for the log.
  const std::string& last_outcome() const { return last_outcome_; }
  // The stored answer was charged (for its progress entry).
  bool charged() const { return charged_; }

 private:
  Action classified(const ResponseFacts& facts, SteadyTime now, std::int64_t now_ms);
  Action retry_or_fail(const Outcome& outcome, int status, SteadyTime now, std::int64_t now_ms);
  Action retries_spent(SteadyTime now, std::int64_t now_ms);
  Action record_failed(std::string message, int status);
  int own_failures() const;

  Parts p_;
  const Config& config_;
  const WorkItem& item_;
  SpendLedger::Ticket ticket_{};
  HttpResponse response_;            // the last response: its body becomes the stored result
  std::optional<Envelope> envelope_;  // its parsed body (a 200 that parsed)
  std::string last_outcome_;
  int attempts_ = 0;            // starts granted (the progress entry's attempts)
  int sent_ = 0;                // of those: requests that went out
  int rate_limited_ = 0;       // 429s with Retry-After in a row
  bool resent_stale_ = false;  // the last attempt was a resend after a stale connection
  bool charged_ = false;
  bool writing_failure_ = false;
  std::optional<SteadyTime> backoff_until_;
  // The service's health: this key's hash, whether the attempt in flight is the outage's probe,
  // what the last answer's end said, and each counted transient failure's place (its streak).
  std::uint64_t key_hash_ = 0;
  bool health_probe_ = false;
  ServiceHealth::Ended ended_;
  std::vector<std::uint64_t> failures_at_;
  int last_status_ = 0;
};

}  // namespace paa
