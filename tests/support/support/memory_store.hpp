#pragma once
// A StoreWriter in memory for the harvest tests: results and progress in maps; every write
// answered at once, with an error, or never; lookups counted and breakable.
#include "paa/store/store.hpp"

#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace paa::test {

class MemoryStore final : public StoreWriter {
 public:
  enum class Mode { ok, fail, silent };
  Mode mode = Mode::ok;
  bool broken_lookups = false;  // has_result() fails with an I/O error
  bool broken_quota = false;    // quota() fails: the record cannot be read
  bool reached = false;         // service_reached(): the store had an answer from the service
  std::vector<std::string> reached_services;  // WriteRequest::reached_service, as written
  int lookups = 0;
  int result_lookups = 0;  // has_result() alone
  std::map<std::string, std::string, std::less<>> results;  // key -> body
  std::map<std::string, ProgressEntry, std::less<>> progress_of;  // key -> entry (any job)
  std::map<std::string, std::int64_t, std::less<>> fetched_at_of;  // key -> fetched_at_ms (default 0)
  std::vector<std::function<void(Result<void>)>> unanswered;  // Mode::silent
  std::vector<std::uint64_t> reservations;  // BudgetReserve, as written

  bool submit(WriteRequest&& w, std::function<void(Result<void>)> done) override {
    std::lock_guard lock(mu_);
    if (mode == Mode::silent) {
      unanswered.push_back(std::move(done));
      return true;
    }
    if (mode == Mode::fail) {
      done(make_error(errc::store, "No space left on device"));
      return true;
    }
    if (!w.reached_service.empty()) reached_services.push_back(w.reached_service);
    if (auto* put = std::get_if<PutResult>(&w.item)) {
      results[put->result.key] = put->result.body;
      progress_of[put->result.key] = ProgressEntry{};
    } else if (auto* failed = std::get_if<MarkFailed>(&w.item)) {
      ProgressEntry e;
      e.state = ProgressState::failed;
      progress_of[failed->key] = e;
    } else if (auto* mark = std::get_if<MarkDone>(&w.item)) {
      progress_of[mark->key] = ProgressEntry{};
    } else if (auto* reserve = std::get_if<BudgetReserve>(&w.item)) {
      reservations.push_back(reserve->reserved);
    }
    done({});
    return true;
  }
  Result<bool> has_result(std::string_view key) override {
    std::lock_guard lock(mu_);
    ++lookups;
    ++result_lookups;
    if (broken_lookups) return make_error(errc::store, "I/O error");
    return results.count(key) > 0;
  }
  Result<std::optional<ProgressEntry>> progress(std::string_view, std::string_view key) override {
    std::lock_guard lock(mu_);
    ++lookups;
    auto it = progress_of.find(key);
    return it == progress_of.end() ? std::optional<ProgressEntry>() : std::optional<ProgressEntry>(it->second);
  }
  Result<QuotaState> quota() override {
    if (broken_quota) return make_error(errc::store_damaged, "store 'mem': the quota record is damaged");
    return QuotaState{};
  }
  Result<bool> service_reached(std::string_view) override { return reached; }
  Result<std::optional<std::int64_t>> fetched_at(std::string_view key) override {
    std::lock_guard lock(mu_);
    ++lookups;
    if (broken_lookups) return make_error(errc::store, "I/O error");
    if (results.find(key) == results.end()) return std::optional<std::int64_t>();
    auto t = fetched_at_of.find(key);
    return std::optional<std::int64_t>(t == fetched_at_of.end() ? 0 : t->second);
  }
  Result<std::string> record_run_start(std::string_view, std::int64_t) override { return std::string("test-run"); }
  RunChanges run_changes() const override { return {}; }
  Result<std::vector<RunInfo>> recorded_runs() override { return std::vector<RunInfo>(); }
  Result<PruneCounts> prune_history(const PruneRule&) override { return PruneCounts{}; }
  Result<void> record_run_end(std::string_view, std::int64_t, std::string_view, const RunMoney&) override {
    return {};
  }
  Result<void> save_quota(const QuotaState&) override { return {}; }
  Result<void> claim_shard(std::string_view, const std::optional<ShardClaim>&) override { return {}; }
  Result<std::optional<StoredResult>> result(std::string_view key) override {
    std::lock_guard lock(mu_);
    ++lookups;
    if (broken_lookups) return make_error(errc::store, "I/O error");
    auto it = results.find(key);
    if (it == results.end()) return std::optional<StoredResult>();
    StoredResult r;
    r.key = std::string(key);
    r.body = it->second;
    if (auto t = fetched_at_of.find(key); t != fetched_at_of.end()) r.fetched_at_ms = t->second;
    return std::optional<StoredResult>(std::move(r));
  }
  // Expansion in memory: the job's state, lineages and levels (one job per MemoryStore).
  ExpansionState expansion;
  std::map<std::string, Lineage, std::less<>> lineages;
  std::map<std::uint32_t, std::vector<LevelKey>> levels;
  std::map<std::string, std::uint32_t, std::less<>> seed_records;
  Result<std::optional<std::uint32_t>> seed_round(std::string_view, std::string_view key) override {
    std::lock_guard lock(mu_);
    auto it = seed_records.find(key);
    return it == seed_records.end() ? std::optional<std::uint32_t>() : std::optional<std::uint32_t>(it->second);
  }
  Result<ExpansionState> expansion_state(std::string_view) override {
    std::lock_guard lock(mu_);
    return expansion;
  }
  Result<std::optional<Lineage>> lineage(std::string_view, std::string_view key) override {
    std::lock_guard lock(mu_);
    auto it = lineages.find(key);
    return it == lineages.end() ? std::optional<Lineage>() : std::optional<Lineage>(it->second);
  }
  Result<void> scan_level(std::string_view, std::uint32_t level,
                          const std::function<bool(const LevelKey&)>& visit) override {
    std::vector<LevelKey> keys;
    {
      std::lock_guard lock(mu_);
      keys = levels[level];
    }
    for (const auto& k : keys) {
      if (!visit(k)) break;
    }
    return {};
  }
  Result<void> write_expansion(std::string_view, ExpansionStep step) override {
    std::lock_guard lock(mu_);
    for (const auto& s : step.seeds) seed_records[s] = step.seeds_round;
    for (auto& k : step.keys) {
      lineages[k.encoded] = k.lineage;
      levels[step.level].push_back(std::move(k));
    }
    expansion = step.state;
    return {};
  }
  Result<void> close() override { return {}; }

 private:
  std::mutex mu_;
};

}  // namespace paa::test
