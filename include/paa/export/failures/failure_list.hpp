#pragma once
// Failed and pending keys (docs/exports.md "failures", docs/store.md "paa status --failed"): a
// job's keys whose progress entry is `failed` and, given the job's own keys, those without any
// progress entry (pending), in key order, streamed. `export --format failures` reads the store
// alone (failed keys); `status --failed` adds the job file's keys (pending ones too).
#include "paa/error.hpp"
#include "paa/export/export_request.hpp"
#include "paa/model/query_key.hpp"
#include "paa/output/buffered_output.hpp"
#include "paa/output/text.hpp"
#include "paa/selection/locale_filter.hpp"
#include "paa/store/store.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace paa::extmem {
class RecordSpill;
}

namespace paa::exporting {

enum class KeyState { failed, pending };
std::string_view key_state_name(KeyState state);  // "failed", "pending"

// One failed or pending key of a job. The views live until the visit returns.
struct FailureRow {
  std::string_view job;
  KeyState state = KeyState::failed;
  // The key as the job file spells it when the job's keys were given and list it, else its
  // normalised (case-folded) form from the store. city "" = none.
  std::string_view q, hl, gl, city;
  std::uint32_t attempts = 0;   // failed: the attempts of the run that gave the key up
  int last_status = 0;          // failed: HTTP status of the last attempt; 0 = no response
  std::string_view message;     // failed: why (as recorded, at most 500 bytes; may be cut mid-character)
  std::int64_t last_attempt_at_ms = 0;  // failed: when the failure was recorded
  std::string_view origin;      // where the job file lists the key ("coffee.txt:17"); "" = not known
};

// The keys of a job file, parked in a scratch file and sorted in key order, the first of
// repeated keys kept. Memory: 8 bytes per key (its place in the file), like `paa check`.
class JobKeys {
 public:
  static Result<std::unique_ptr<JobKeys>> create();
  ~JobKeys();
  JobKeys(const JobKeys&) = delete;
  JobKeys& operator=(const JobKeys&) = delete;

  void add(const Query& query, std::string_view origin);  // before seal()
  Result<void> seal();                                    // once, after the last add()

  struct Key {
    std::string_view encoded, q, hl, gl, city, origin;
  };
  // After seal(): the unique keys, in key order.
  std::uint64_t size() const { return order_.size(); }
  Key at(std::uint64_t i) const;

 private:
  JobKeys() = default;
  std::unique_ptr<extmem::RecordSpill> spill_;
  std::vector<std::uint64_t> order_;  // record offsets
  mutable std::vector<std::string_view> fields_;
};

struct FailureCounts {
  std::uint64_t failed = 0;
  std::uint64_t pending = 0;
};

// Feeds `visit` (false stops) each key of `job` that `filter` matches and that is failed in
// `store` or, when `keys` is given, listed in `keys` without a progress entry (pending); in key
// order (hl, gl, city, then the normalised query). Done keys are left out. `store` null: no store
// yet, every key pending. A failed key `keys` lists takes its spelling and origin from there.
Result<FailureCounts> list_failures(JobProgress* store, std::string_view job, const JobKeys* keys,
                                    const LocaleFilter& filter,
                                    const std::function<bool(const FailureRow&)>& visit);

// `text` as valid UTF-8: each ill-formed sequence becomes U+FFFD (a recorded message may be cut
// mid-character or quote a body's bytes).
std::string valid_utf8(std::string_view text);

// --- the outputs ---------------------------------------------------------------------------

inline constexpr std::string_view kFailuresHeader =
    "job,state,q,hl,gl,city,attempts,last_status,message,last_attempt_at";

// One CSV row of kFailuresHeader (pending: attempts 0, last_status, message and last_attempt_at
// empty).
void append_failure_csv(BufferedOutput& out, const FailureRow& row, bool excel, CsvText text = CsvText::guarded);
// One JSON object and a newline: {"job","state","q","hl","gl","city","attempts","last_status",
// "message","last_attempt_at"} (pending: last_status, message, last_attempt_at null), then
// "origin" (null when unknown) if `with_origin`.
void append_failure_json(BufferedOutput& out, const FailureRow& row, bool with_origin);

// One line for a person (`paa status --failed`), e.g.
//   failed   hl=en gl=us q="Mocha": 6 attempts, last 500 at 2026-11-20T23:54:14Z: 500 Internal server error [coffee.txt:3]
//   pending  hl=en gl=gb city="London" q="Espresso" [coffee.txt:2]
// (status 0: "no response"; control characters of the message shown as spaces).
void append_failure_text(BufferedOutput& out, const FailureRow& row);

// `export --format failures` / `failures-jsonl`: the failed keys of request.job, or of every
// job in name order; --hl/--gl select. Flushed.
Result<ExportSummary> export_failures(StoreReader& store, const ExportRequest& request, BufferedOutput& out);

}  // namespace paa::exporting
