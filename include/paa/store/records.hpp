#pragma once
// What a store holds and the writes asked of it, as plain values (docs/store.md "Layout"): a
// result, a job's progress on a key, run and shard records, a job's tallies, and the write
// requests of a harvest; and an entry of the question index that stores of format 4 and older
// kept. No I/O; their bytes are src/store/codec.hpp's.
#include "paa/model/envelope.hpp"
#include "paa/model/quota_state.hpp"
#include "paa/model/seed_attributes.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <variant>

namespace paa {

// 2: question-index merge operands. 3: result history (the `history` family, result values
// with run id and "unchanged since"). 4: progress entries with the seed's attributes. 5: no
// question index: a harvest writes facts only (results, history, progress, quota, runs,
// expansion; issue #30), and the `questions` family is an empty placeholder, kept so that a
// release of format 4 opens the store and refuses it by its format. Older stores are upgraded
// when a writer opens them (format 5: their index is dropped; docs/store.md "Format versions").
// 6: result values may carry the answer's tree_digest (a flag and 8 bytes before the body), which
// a release of format 5 would read as part of the body: it refuses the store by its format.
inline constexpr std::uint32_t kStoreFormatVersion = 6;

// A stored result: exactly what the service sent, plus how and when.
struct StoredResult {
  std::string key;   // encode_key(query.key)
  std::string q;     // first-seen spelling
  std::string hl;
  std::string gl;
  std::string city;  // "" = none
  std::string body;  // the 200 body as received (after Content-Encoding is undone)
  std::int64_t fetched_at_ms = 0;  // the latest fetch of this answer
  bool cached = false;
  QuotaFields quota;
  // The fetch that first returned this answer: refreshes that returned the same answer
  // (volatile fields aside, docs/history.md) keep one version with both times. Set by the
  // writer (0 in a PutResult).
  std::int64_t unchanged_since_ms = 0;
  std::string run_id;  // the run of the latest fetch; "" before format 3. Set by the writer.
  // The first fetch of the stretch (when unchanged_since_ms < fetched_at_ms): its run and
  // `cached`, so that the store as it was in between shows that fetch (StoreReader::get_at).
  std::string first_run_id;
  bool first_cached = false;
  // tree_digest of the body's result, set by the writer (format 6): a refresh compares it
  // with the new answer's instead of parsing the stored body. nullopt: an older record.
  std::optional<std::uint64_t> tree_digest = {};
};

// `version` as a reader at `at_ms` saw it: before the latest fetch of an unchanged stretch,
// its first fetch (time, run, cached). Intermediate refreshes of a stretch are not kept.
StoredResult as_seen_at(StoredResult version, std::int64_t at_ms);

// What a writer's refreshes did since it opened (the run's "keys changed").
struct RunChanges {
  std::uint64_t new_keys = 0;   // results stored for keys the store did not have
  std::uint64_t changed = 0;    // refreshes whose answer differed: the old one went to history
  std::uint64_t unchanged = 0;  // refreshes that returned the same answer
};

enum class ProgressState : std::uint8_t { done = 1, failed = 2 };

// Per (job, key): what happened. A done entry whose result came from an earlier job or run
// (skipped, nothing spent) has spent_search = false.
struct ProgressEntry {
  ProgressState state = ProgressState::done;
  std::uint32_t attempts = 0;
  int last_status = 0;       // HTTP status of the last attempt; 0 = no response (network)
  std::string error;         // short, for failed entries
  bool spent_search = false; // this job paid for it (a non-cached 200 it fetched)
  bool cached = false;
  std::int64_t updated_at_ms = 0;
  // The attributes the job's list gave the key (docs/jobs.md "Keyword-tool files"): the other
  // columns of its row; none for inline and .txt queries and for discovered keys (which show
  // their seed's).
  SeedAttributes attrs;
};

// One entry of the deduplicated question index (key: fold_text(question)) of a store of format
// 4 or older. Removed with the analysis pass (#30).
struct QuestionEntry {
  std::string normalized;  // fold_text(question)
  std::string question;    // display text, first seen
  std::optional<std::string> answer;
  std::string url;
  std::string title;
  std::uint64_t count = 0;   // number of stored trees containing it (once per tree)
  std::string first_key;     // encoded key of the first tree it was seen in
};

// The shard of a job a store holds (docs/scaling-out.md).
struct ShardClaim {
  std::uint32_t index = 0;
  std::uint32_t count = 1;
  std::uint32_t hash_version = 1;
  friend bool operator==(const ShardClaim&, const ShardClaim&) = default;
};

// Where a run's searches went (docs/running.md "Money"), recorded when it ends.
struct RunMoney {
  std::uint64_t requests = 0;           // requests sent
  std::uint64_t stored = 0;             // results stored
  std::uint64_t charged = 0;            // stored answers that were charged (not cached)
  std::uint64_t unknown = 0;            // sent, no usable answer: counted as spent
  std::uint64_t unknown_disproved = 0;  // of those: proved free by the service's figures
  std::optional<std::int64_t> balance_fall;  // the service's balance fell by at most this
};

struct RunInfo {
  std::string run_id;  // "20261123-173601" (UTC start; "-2", "-3" when one started that second)
  std::string job;
  std::int64_t started_at_ms = 0;
  std::int64_t ended_at_ms = 0;   // 0 = still running or killed
  std::string outcome;            // "completed", "interrupted", "quota", ... ; "" while running
  std::optional<RunMoney> money;  // set when the run ended
  RunChanges changes;             // set when the run ended
  // Under a job-wide budget: what the run made durable it may have spent, before it spent it
  // (SpendReservation); a run that never ended counts this against the budget.
  std::uint64_t reserved = 0;
};

// A job's tallies over its progress entries (`paa status`), and its last run.
struct JobStats {
  std::string job;
  std::uint64_t done = 0;
  std::uint64_t failed = 0;
  std::uint64_t cached = 0;          // done entries answered from the service's cache
  std::uint64_t searches_spent = 0;  // done entries with spent_search
  RunInfo last_run;

  // Adds one progress entry of the job to the tallies.
  void count(const ProgressEntry& p) {
    if (p.state == ProgressState::done) {
      ++done;
      if (p.cached) ++cached;
      if (p.spent_search) ++searches_spent;
    } else {
      ++failed;
    }
  }
};

// --- writes -------------------------------------------------------------------------------

// A fetched result: stores it (the version it replaces to history when the answer changed) and
// marks (job, key) done, all in one WriteBatch.
struct PutResult {
  StoredResult result;
  Envelope envelope;  // the parsed body: a refresh compares its answer with the stored one
  bool spent_search = false;
  std::uint32_t attempts = 1;
};
// A key already stored by an earlier run or job: marks (job, key) done, spends nothing.
// Fails if no result is stored for the key; keeps an existing done entry as it is.
struct MarkDone {
  std::string key;
};
// A key that failed for good in this run: marks (job, key) failed (a later run retries it).
// A key already done for the job stays done.
struct MarkFailed {
  std::string key;
  std::uint32_t attempts = 0;
  int last_status = 0;
  std::string error;
};

// Nothing for a key: persists the request's `quota` alone (e.g. after a 429), ordered with
// the other writes and without blocking the caller.
struct QuotaUpdate {};
// The running run's reservation under a job-wide budget (paa/policy/spend_reservation.hpp),
// raised to `reserved` in its run record.
struct BudgetReserve {
  std::uint64_t reserved = 0;
};

struct WriteRequest {
  std::string job;
  std::variant<PutResult, MarkDone, MarkFailed, QuotaUpdate, BudgetReserve> item;
  std::optional<QuotaState> quota;  // persisted in the same batch when set
  // The key's attributes in the job's list: the (job, key) progress entry the item writes
  // records them (replacing what it held). Ignored by QuotaUpdate and BudgetReserve.
  SeedAttributes attrs;
  // A key the job's lists did not give (a level's): the entry keeps the attributes it holds,
  // and `attrs` is not used.
  bool keep_attrs = false;
  // The service at this base URL answered (the run's first stored result): recorded in the same
  // batch, so that a later run that cannot reach it waits for an outage to end instead of
  // taking it for a wrong address (ResultSink::service_reached).
  std::string reached_service = {};
};

}  // namespace paa
