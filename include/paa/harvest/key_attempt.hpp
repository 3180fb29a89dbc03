#pragma once
// One key's life in a run, as a state machine: it takes facts (the gate's answer, what the
// transport saw, the store's acknowledgement, the time) and returns the next action. Pure:
// no sockets, no disk, no clock of its own; the coroutine in harvester.cpp only performs
// the actions. It owns the rule that every start the quota tracker grants is closed by
// exactly one outcome call, and it keeps the run's tally.
//
//   next() ──send──> on_response() ──store/record_failed──> on_written() ──> finished
//     ^  │                │
//     │  └─wait_*──┐      ├─ back-off, rate limit, quota wait: wait_*, then next()
//     └────────────┘      └─ 401/403, certificate, store failure: stop_run
#include "paa/harvest/start_gate.hpp"
#include "paa/harvest/stop_reason.hpp"
#include "paa/model/envelope.hpp"
#include "paa/policy/outcome_policy.hpp"
#include "paa/policy/retry_backoff.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace paa {

// What the run did, for its summary. Updated by every KeyAttempt of the run.
struct RunTally {
  std::uint64_t requests = 0;      // requests sent (attempts)
  std::uint64_t retries = 0;       // attempts after a key's first
  std::uint64_t resent_stale = 0;  // of those: resent at once after a stale kept-alive connection
  std::uint64_t rate_limited = 0;  // 429 with Retry-After
  std::uint64_t stored = 0;        // results stored by this run
  std::uint64_t cached = 0;        // of those: served from the service's cache
  std::uint64_t failed = 0;        // keys recorded failed
};

class KeyAttempt {
 public:
  struct Config {
    std::string api_key_env = "PAA_API_KEY";  // named in the 401/403 message
    int max_rate_limited_in_a_row = 1000;     // then the key is recorded failed
  };

  // The run's shared decision parts.
  struct Parts {
    StartGate& gate;
    QuotaTracker& quota;
    RateController& rate;
    RetryBackoff& backoff;
    RunTally& tally;
  };

  enum class Step {
    wait_event,     // wait until another request ends (or the run stops), then next()
    wait_until,     // wait until `until` (or a change), then next()
    send,           // send the request, then on_response()
    store,          // write the answer (PutResult), then on_written()
    record_failed,  // write the failure (`message`, `status`), then on_written()
    save_quota,     // persist the quota state (an exhaustion), then next()
    stop_run,       // stop the run: `reason`, `message`; nothing more for this key
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
  };

  KeyAttempt(Parts parts, const Config& config) : p_(parts), config_(config) {}

  // What to do now: wait, send, or stop (the gate's decision; a back-off in progress).
  Action next(SteadyTime now, std::int64_t now_ms);
  // What the transport saw for the request sent last. `envelope`: the 200 body, parsed and
  // valid (then facts.body_error is empty), else null.
  Action on_response(const ResponseFacts& facts, const Envelope* envelope, SteadyTime now,
                     std::int64_t now_ms);
  // The store's answer to the write asked for (store, record_failed): nullopt = durable.
  Action on_written(const std::optional<std::string>& error);

  int attempts() const { return attempts_; }
  // The stored answer was charged (for its progress entry).
  bool charged() const { return charged_; }

 private:
  Action retry_or_fail(const Outcome& outcome, int status, SteadyTime now, std::int64_t now_ms);

  Parts p_;
  const Config& config_;
  SpendLedger::Ticket ticket_{};
  int attempts_ = 0;
  int failures_ = 0;           // transient failures so far (the back-off's attempt number)
  int rate_limited_ = 0;       // 429s with Retry-After in a row
  bool resent_stale_ = false;  // the last attempt was a resend after a stale connection
  bool charged_ = false;
  bool writing_failure_ = false;
  std::optional<SteadyTime> backoff_until_;
};

}  // namespace paa
