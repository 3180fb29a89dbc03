#include "paa/store/store_merge.hpp"

#include "codec.hpp"
#include "engine.hpp"
#include "merge_rules.hpp"
#include "multi_scan.hpp"
#include "record_batch.hpp"

#include <optional>
#include <set>

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

// A source's history, walked beside its results: a key's versions are the history entries
// that start with the key (encoded keys are prefix-free, so they sort as their keys do).
class HistoryWalk {
 public:
  explicit HistoryWalk(const RocksStore& store)
      : store_(store), cursor_(store.history ? std::make_unique<RocksStore::Cursor>(store, store.history, "") : nullptr) {}

  // The key's older versions, oldest first; the walk moves past them.
  Result<std::vector<std::pair<std::int64_t, StoredResult>>> versions_of(std::string_view key) {
    std::vector<std::pair<std::int64_t, StoredResult>> out;
    if (!cursor_) return out;
    for (; cursor_->valid(); cursor_->next()) {
      auto split = split_history_key(cursor_->key());
      if (!split) return store_.damaged(kHistoryFamily, cursor_->key());
      if (split->key > key) break;
      if (split->key < key) continue;  // a version without a current result: none is written so
      auto version = decode_result(key, cursor_->value());
      if (!version) return store_.damaged(kHistoryFamily, cursor_->key());
      out.emplace_back(split->slot, std::move(*version));
    }
    if (!cursor_->status().ok()) return rocks_error(store_.dir(), "reading result history", cursor_->status());
    return out;
  }

 private:
  const RocksStore& store_;
  std::unique_ptr<RocksStore::Cursor> cursor_;
};

// Runs first: every run record of the sources (one per id, the shards of one run together) and
// each job's last run, the sources' last runs together. A rerun writes the same.
struct SourceRuns {
  std::vector<std::vector<RunInfo>> runs;  // each source's, oldest first
  std::vector<std::string> names;          // "store 'x.db'"
};

Result<SourceRuns> read_runs(const std::vector<std::unique_ptr<RocksStore>>& from) {
  SourceRuns out;
  for (const auto& source : from) {
    auto some = source->get_runs();
    if (!some) return some.error();
    out.runs.push_back(std::move(*some));
    out.names.push_back(store_name(source->dir()));
  }
  return out;
}

Result<void> merge_runs(const std::vector<std::unique_ptr<RocksStore>>& from, const SourceRuns& runs,
                        RocksStore& store, const std::vector<std::string>& jobs, BatchedWrites& writes,
                        MergeSummary& summary) {
  auto held = store.get_runs();
  if (!held) return held.error();
  auto merged = plan_run_merge(*held, runs.runs, runs.names, store_name(store.dir()));
  if (!merged) return merged.error();
  for (const auto& run : *merged) {
    writes.records().put_named_run(run.run_id, run);
    ++summary.runs;
  }
  for (const auto& job : jobs) {
    std::vector<RunInfo> last;
    for (const auto& source : from) {
      auto run = source->get_run(job);
      if (!run) return run.error();
      if (run->started_at_ms != 0) last.push_back(std::move(*run));
    }
    if (!last.empty()) writes.records().put_last_run(job, combine_runs(last));
  }
  return writes.commit(false);
}

// Every key: all its versions from every source, with the target's, in one batch (merge_rules.hpp).
Result<void> merge_results(const std::vector<std::unique_ptr<RocksStore>>& from, RocksStore& store,
                           BatchedWrites& writes, MergeSummary& summary,
                           const std::function<void(std::uint64_t)>& on_progress) {
  auto sources = open_sources(from, &RocksStore::results, "");
  std::vector<HistoryWalk> histories;
  for (const auto& source : from) histories.emplace_back(*source);
  std::uint64_t seen = 0;
  return merge_scan(sources, "scanning results", [&](const std::string& key, const std::vector<Source*>& at) -> Result<bool> {
    if (on_progress && ++seen % kProgressEvery == 0) on_progress(seen);
    if (at.size() > 1) ++summary.overlaps;
    std::vector<HeldVersions> held(at.size());
    for (std::size_t i = 0; i < at.size(); ++i) {
      const auto s = static_cast<std::size_t>(at[i] - sources.data());
      auto history = histories[s].versions_of(key);
      if (!history) return history.error();
      held[i].history = std::move(*history);
      held[i].current = decode_result(key, at[i]->cursor->value());
      if (!held[i].current) return at[i]->store->damaged(kResultsFamily, key);
    }
    HeldVersions target;
    auto target_history = store.get_history(key);
    if (!target_history) return target_history.error();
    target.history = std::move(*target_history);
    auto target_current = store.get_result(key);
    if (!target_current) return target_current.error();
    target.current = std::move(*target_current);

    const KeyMerge plan = plan_key_merge(target, held);
    if (plan.empty()) {
      ++summary.unchanged;
      return true;
    }
    if (plan.current) writes.records().put_result(*plan.current);
    for (const auto& [slot, version] : plan.history) writes.records().put_history(key, slot, version);
    summary.versions += plan.history.size();
    ++summary.results;
    if (auto added = writes.added(); !added) return added.error();
    return true;
  });
}

// Progress of every job, a done entry over a failed one: plain overwrites, so a rerun writes the same.
Result<void> merge_progress(const std::vector<std::unique_ptr<RocksStore>>& from, const std::vector<std::string>& jobs,
                            BatchedWrites& writes, MergeSummary& summary) {
  for (const auto& job : jobs) {
    auto scanned = scan_progress_of(from, job, [&](std::string_view key, const ProgressEntry& entry) -> Result<bool> {
      writes.records().put_progress(job, key, entry);
      ++summary.progress;
      if (auto added = writes.added(); !added) return added.error();
      return true;
    });
    if (!scanned) return scanned.error();
  }
  return {};
}

// A job's expansion state from the sources that have one (combine_expansion_states).
Result<ExpansionState> merged_expansion_state(const std::string& key, const std::vector<Source*>& at) {
  const std::string job = key.substr(1);
  std::vector<ClaimedExpansion> states;
  for (auto* s : at) {
    auto state = decode_expansion_state(s->cursor->value());
    if (!state) return s->store->damaged(kExpansionFamily, key);
    auto claim = s->store->get_shard(job);
    if (!claim) return claim.error();
    states.push_back({std::move(*state), *claim});
  }
  return combine_expansion_states(states);
}

// Every job's expansion records (lineage, levels, seed records: the same in every source that
// has them) and its state, from every source, not only the first.
Result<void> merge_expansion(const std::vector<std::unique_ptr<RocksStore>>& from, RocksStore& store,
                             BatchedWrites& writes) {
  if (store.expansion == nullptr) return {};
  std::vector<Source> sources;
  for (const auto& source : from) {
    if (source->expansion == nullptr) continue;
    sources.push_back(Source{source.get(), std::make_unique<RocksStore::Cursor>(*source, source->expansion, "")});
  }
  return merge_scan(sources, "scanning the expansion", [&](const std::string& key, const std::vector<Source*>& at) -> Result<bool> {
    if (!key.empty() && key.front() == 'S') {
      auto state = merged_expansion_state(key, at);
      if (!state) return state.error();
      writes.records().put(store.expansion, key, encode_expansion_state(*state));
    } else {
      writes.records().put(store.expansion, key, std::string(at.front()->cursor->value()));
    }
    if (auto added = writes.added(); !added) return added.error();
    return true;
  });
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
  std::vector<std::unique_ptr<RocksStore>> from;
  for (const auto& dir : sources) {
    auto store = RocksStore::open(dir, RocksStore::Mode::secondary);
    if (!store) return store.error();
    from.push_back(std::move(*store));
  }
  // Runs of different jobs under one id are refused before the target is even created.
  auto runs = read_runs(from);
  if (!runs) return runs.error();
  if (auto clash = plan_run_merge({}, runs->runs, runs->names, {}); !clash) return clash.error();
  auto target = RocksStore::open(into, RocksStore::Mode::primary);
  if (!target) return target.error();
  RocksStore& store = **target;

  std::set<std::string> job_set;
  for (const auto& source : from) {
    auto some = source->job_names();
    if (!some) return some.error();
    job_set.insert(some->begin(), some->end());
  }
  std::vector<std::string> jobs(job_set.begin(), job_set.end());

  MergeSummary summary;
  BatchedWrites writes(store);
  // Runs before results: a result's run id always names a run of the merged store.
  if (auto r = merge_runs(from, *runs, store, jobs, writes, summary); !r) return r.error();
  if (auto r = merge_results(from, store, writes, summary, on_progress); !r) return r.error();
  if (auto r = merge_progress(from, jobs, writes, summary); !r) return r.error();
  if (auto r = merge_expansion(from, store, writes); !r) return r.error();
  summary.jobs = std::move(jobs);
  if (auto committed = writes.commit(true); !committed) return committed.error();
  if (auto closed = store.close(); !closed) return closed.error();
  return summary;
}

}  // namespace paa
