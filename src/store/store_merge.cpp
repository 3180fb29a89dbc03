#include "paa/store/store_merge.hpp"

#include "paa/model/envelope.hpp"
#include "paa/store/store_union.hpp"

#include "codec.hpp"
#include "engine.hpp"
#include "record_batch.hpp"
#include "write_rules.hpp"

#include <optional>

namespace paa {
namespace {

using namespace store_detail;
namespace fs = std::filesystem;

constexpr std::size_t kBatchRecords = 1000;
constexpr std::size_t kBatchBytes = 16u << 20;
constexpr std::uint64_t kProgressEvery = 10000;

// A batch that commits itself when it grows past its bounds.
class BatchedWrites {
 public:
  explicit BatchedWrites(RocksStore& store) : records_(store) {}

  RecordBatch& records() { return records_; }

  Result<void> added() {
    if (++added_ < kBatchRecords && records_.bytes() < kBatchBytes) return {};
    return commit(false);
  }

  // The last commit syncs the WAL: when merge_stores returns, everything is durable.
  Result<void> commit(bool sync) {
    if (auto r = records_.commit(sync, "writing merged results"); !r) return r;
    added_ = 0;
    return {};
  }

 private:
  RecordBatch records_;
  std::size_t added_ = 0;
};

bool same_fetch(const StoredResult& a, const StoredResult& b) {
  return a.fetched_at_ms == b.fetched_at_ms && a.cached == b.cached && a.body == b.body;
}

}  // namespace

Result<MergeSummary> merge_stores(const fs::path& into, const std::vector<fs::path>& sources,
                                  const std::function<void(std::uint64_t)>& on_progress) {
  if (sources.empty()) {
    return make_error(errc::invalid_input, "no store to merge; name the stores after --into");
  }
  std::error_code ec;
  for (std::size_t i = 0; i < sources.size(); ++i) {
    if (!fs::is_directory(sources[i], ec)) {
      return make_error(errc::invalid_input, "store '" + sources[i].string() + "' not found");
    }
    if (fs::exists(into, ec) && fs::equivalent(sources[i], into, ec)) {
      return make_error(errc::invalid_input, "store '" + sources[i].string() +
                                                 "' is also the --into store; merge into a new folder");
    }
    for (std::size_t j = 0; j < i; ++j) {
      if (fs::equivalent(sources[i], sources[j], ec)) {
        return make_error(errc::invalid_input,
                          "store '" + sources[i].string() + "' is given twice; name each store once");
      }
    }
  }
  auto from = StoreUnion::open(sources);
  if (!from) return from.error();
  auto target = RocksStore::open(into, RocksStore::Mode::primary);
  if (!target) return target.error();
  RocksStore& store = **target;

  MergeSummary summary;
  BatchedWrites writes(store);
  std::optional<Error> failure;
  std::uint64_t seen = 0;
  auto copied = (*from)->scan_results("", [&](const StoredResult& result) {
    auto fail = [&](Error e) {
      failure = std::move(e);
      return false;
    };
    if (on_progress && ++seen % kProgressEvery == 0) on_progress(seen);
    auto old = store.get_result(result.key);
    if (!old) return fail(old.error());
    if (*old && (same_fetch(**old, result) || (*old)->fetched_at_ms > result.fetched_at_ms)) {
      ++summary.unchanged;
      return true;
    }
    auto fresh = parse_envelope(result.body);
    if (!fresh) {
      return fail(make_error(errc::store_unusable, "a stored result of '" + result.q +
                                                       "' no longer parses: " + fresh.error().message));
    }
    std::optional<Envelope> old_tree;
    if (*old) {
      if (auto parsed = parse_envelope((*old)->body)) old_tree = std::move(*parsed);
    }
    writes.records().merge_questions(question_deltas(result.key, old_tree ? &*old_tree : nullptr, *fresh));
    // The target's own answer is replaced by a newer one: it is kept as a version, as a refresh
    // keeps it (docs/history.md).
    if (*old && store.history != nullptr) {
      writes.records().put_history(result.key, (*old)->unchanged_since_ms, **old);
    }
    writes.records().put_result(result);
    ++summary.results;
    if (auto added = writes.added(); !added) return fail(added.error());
    return true;
  });
  if (!copied) return copied.error();
  if (failure) return *failure;
  summary.overlaps = (*from)->overlapping_keys();

  // Progress and the last run of every job: plain overwrites, so a rerun writes the same.
  auto jobs = (*from)->job_names();
  if (!jobs) return jobs.error();
  for (const auto& job : *jobs) {
    auto scanned = (*from)->scan_progress(job, [&](std::string_view key, const ProgressEntry& entry) {
      writes.records().put_progress(job, key, entry);
      ++summary.progress;
      if (auto added = writes.added(); !added) {
        failure = added.error();
        return false;
      }
      return true;
    });
    if (!scanned) return scanned.error();
    if (failure) return *failure;
    auto run = (*from)->last_run(job);  // not job_stats(): the progress was just scanned
    if (!run) return run.error();
    if (run->started_at_ms != 0) {
      writes.records().put_last_run(job, *run);
    }
  }
  summary.jobs = std::move(*jobs);
  if (auto committed = writes.commit(true); !committed) return committed.error();
  if (auto closed = store.close(); !closed) return closed.error();
  return summary;
}

}  // namespace paa
