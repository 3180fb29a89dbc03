#pragma once
// A StoreReader in memory for the readers' tests (exports, reports): results, progress, the
// question index and an expansion, added by the test; lookups counted.
#include "paa/store/store.hpp"

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace paa::test {

class FakeStoreReader final : public StoreReader {
 public:
  void add(StoredResult r, const std::string& job = {}) {
    if (!job.empty()) progress_[job][r.key] = ProgressEntry{};
    results_[r.key] = std::move(r);
  }
  void add_progress(const std::string& job, const std::string& key, ProgressEntry entry) {
    progress_[job][key] = entry;
  }
  void add_question(QuestionEntry entry) { questions_[entry.normalized] = std::move(entry); }
  // A key `job` discovered (level >= 1), appended to its level in discovery order. The job's
  // expansion state counts it as built.
  void add_discovered(const std::string& job, LevelKey key) {
    if (!progress_.contains(job)) progress_[job];
    auto& state = expansion_[job];
    const auto level = key.lineage.level;
    if (state.level_keys.size() < level) state.level_keys.resize(level);
    key.seq = state.level_keys[level - 1]++;
    state.built = std::max<std::uint32_t>(state.built, level);
    lineages_[job][key.encoded] = key.lineage;
    levels_[job][level].push_back(std::move(key));
  }

  Result<void> catch_up() override { return {}; }
  // The store's state as a kept analysis is tagged with (none unless a test sets one).
  std::optional<std::uint64_t> fake_state;
  std::optional<std::uint64_t> state() const override { return fake_state; }
  // RocksDB's estimate of the results (none unless a test sets one).
  std::optional<std::uint64_t> fake_results_estimate;
  std::optional<std::uint64_t> results_estimate() const override { return fake_results_estimate; }
  Result<std::optional<StoredResult>> get(std::string_view key) override {
    ++gets;
    auto it = results_.find(std::string(key));
    if (it == results_.end()) return std::optional<StoredResult>();
    return std::optional<StoredResult>(it->second);
  }
  Result<QuotaState> quota() override { return QuotaState{}; }
  Result<std::optional<ProgressEntry>> progress(std::string_view job, std::string_view key) override {
    auto j = progress_.find(std::string(job));
    if (j == progress_.end()) return std::optional<ProgressEntry>();
    auto it = j->second.find(std::string(key));
    if (it == j->second.end()) return std::optional<ProgressEntry>();
    return std::optional<ProgressEntry>(it->second);
  }
  Result<std::vector<std::string>> job_names() override {
    std::vector<std::string> out;
    for (const auto& [name, entries] : progress_) out.push_back(name);
    return out;
  }
  Result<std::vector<JobStats>> jobs() override {
    std::vector<JobStats> out;
    for (const auto& [name, entries] : progress_) out.push_back(stats(name));
    return out;
  }
  Result<JobStats> job_stats(std::string_view job) override {
    return stats(std::string(job));
  }
  Result<void> scan_results(std::string_view prefix,
                            const std::function<bool(const StoredResult&)>& visit) override {
    for (auto it = results_.lower_bound(std::string(prefix));
         it != results_.end() && it->first.starts_with(prefix); ++it) {
      if (!visit(it->second)) break;
    }
    return {};
  }
  Result<void> scan_progress(
      std::string_view job,
      const std::function<bool(std::string_view, const ProgressEntry&)>& visit) override {
    for (const auto& [key, entry] : progress_[std::string(job)]) {
      if (!visit(key, entry)) break;
    }
    return {};
  }
  Result<void> scan_questions(const std::function<bool(const QuestionEntry&)>& visit) override {
    for (const auto& [k, entry] : questions_) {
      if (!visit(entry)) break;
    }
    return {};
  }

  Result<ExpansionState> expansion_state(std::string_view job) override {
    auto it = expansion_.find(std::string(job));
    return it == expansion_.end() ? ExpansionState{} : it->second;
  }
  Result<std::optional<Lineage>> lineage(std::string_view job, std::string_view key) override {
    ++lineage_reads;
    auto j = lineages_.find(std::string(job));
    if (j == lineages_.end()) return std::optional<Lineage>();
    auto it = j->second.find(std::string(key));
    if (it == j->second.end()) return std::optional<Lineage>();
    return std::optional<Lineage>(it->second);
  }
  Result<void> scan_level(std::string_view job, std::uint32_t level,
                          const std::function<bool(const LevelKey&)>& visit) override {
    for (const auto& key : levels_[std::string(job)][level]) {
      if (!visit(key)) break;
    }
    return {};
  }

  int gets = 0;
  int lineage_reads = 0;

 private:
  JobStats stats(const std::string& job) {
    JobStats s;
    s.job = job;
    s.done = progress_[job].size();
    return s;
  }
  std::map<std::string, StoredResult> results_;
  std::map<std::string, std::map<std::string, ProgressEntry>> progress_;
  std::map<std::string, QuestionEntry> questions_;
  std::map<std::string, ExpansionState> expansion_;
  std::map<std::string, std::map<std::string, Lineage>> lineages_;
  std::map<std::string, std::map<std::uint32_t, std::vector<LevelKey>>> levels_;
};

}  // namespace paa::test
