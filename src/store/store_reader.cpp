// Readers are RocksDB secondary instances: they never take the writer lock, work whether or not
// a writer runs, and see the writer's WAL up to the last catch-up.
#include "paa/store/store.hpp"

#include "engine.hpp"
#include "versions_scan.hpp"

#include <mutex>

namespace paa {
namespace {

using namespace store_detail;

class RocksStoreReader final : public StoreReader {
 public:
  explicit RocksStoreReader(std::unique_ptr<RocksStore> store) : store_(std::move(store)) {}

  Result<void> catch_up() override {
    history_it_.reset();  // it shows the store as it was when made
    auto s = store_->db()->TryCatchUpWithPrimary();
    if (!s.ok()) return rocks_error(store_->dir(), "catching up with the writer", s);
    return store_->re_read_format_version();  // a writer may have upgraded the store since
  }
  Result<std::optional<StoredResult>> get(std::string_view key) override {
    return store_->get_result(key);
  }
  Result<QuotaState> quota() override { return store_->get_quota(); }
  std::optional<std::uint64_t> state() const override { return store_->db()->GetLatestSequenceNumber(); }
  std::optional<std::uint64_t> results_estimate() const override {
    std::uint64_t keys = 0;
    if (!store_->db()->GetIntProperty(store_->results, "rocksdb.estimate-num-keys", &keys)) return std::nullopt;
    return keys;
  }
  Result<std::vector<std::string>> job_names() override { return store_->job_names(); }
  Result<std::vector<JobStats>> jobs() override {
    auto names = store_->job_names();
    if (!names) return names.error();
    std::vector<JobStats> out;
    for (const auto& name : *names) {
      auto stats = store_->job_stats(name);
      if (!stats) return stats.error();
      out.push_back(std::move(*stats));
    }
    return out;
  }
  Result<JobStats> job_stats(std::string_view job) override { return store_->job_stats(job); }
  Result<void> scan_results(std::string_view prefix,
                            const std::function<bool(const StoredResult&)>& visit) override {
    return store_->scan_results(prefix, visit);
  }
  Result<void> scan_progress(
      std::string_view job,
      const std::function<bool(std::string_view, const ProgressEntry&)>& visit) override {
    return store_->scan_progress(job, visit);
  }
  // Removed with the analysis pass (#30).
  Result<void> scan_questions(const std::function<bool(const QuestionEntry&)>& visit) override {
    return store_->scan_questions(visit);
  }
  bool has_question_index() const override { return store_->has_question_index(); }
  Result<std::optional<StoredResult>> get_at(std::string_view key, std::int64_t at_ms,
                                             const StoredResult* current) override {
    return store_->get_at(key, at_ms, current);
  }
  Result<void> scan_results_at(std::string_view prefix, std::int64_t at_ms,
                               const std::function<bool(const StoredResult&)>& visit) override {
    return store_->scan_results_at(prefix, at_ms, visit);
  }
  Result<std::vector<StoredResult>> versions(std::string_view key) override {
    // One history iterator for every call (stability reads each selected key's versions):
    // made on first use, dropped by catch_up.
    std::lock_guard lock(history_mutex_);
    if (!history_it_) history_it_ = store_->new_history_iterator();
    return store_->get_versions(key, history_it_.get());
  }
  Result<std::vector<RunInfo>> runs() override { return store_->get_runs(); }
  Result<ExpansionState> expansion_state(std::string_view job) override {
    return store_->get_expansion_state(job);
  }
  Result<std::optional<ShardClaim>> shard_of(std::string_view job) override { return store_->get_shard(job); }
  Result<std::optional<Lineage>> lineage(std::string_view job, std::string_view key) override {
    return store_->get_lineage(job, key);
  }
  Result<std::optional<std::uint32_t>> seed_round(std::string_view job, std::string_view key) override {
    return store_->get_seed_round(job, key);
  }
  Result<std::optional<ProgressEntry>> progress(std::string_view job, std::string_view key) override {
    return store_->get_progress(job, key);
  }
  Result<void> scan_level(std::string_view job, std::uint32_t level,
                          const std::function<bool(const LevelKey&)>& visit) override {
    return store_->scan_level(job, level, visit);
  }

 private:
  std::unique_ptr<RocksStore> store_;
  std::mutex history_mutex_;
  std::unique_ptr<rocksdb::Iterator> history_it_;  // declared after store_: destroyed before it
};

}  // namespace

Result<std::optional<StoredResult>> StoreReader::get_at(std::string_view key, std::int64_t at_ms,
                                                        const StoredResult* current) {
  if (current == nullptr) {
    auto r = get(key);
    if (!r) return r.error();
    if (!*r || (*r)->unchanged_since_ms > at_ms) return std::optional<StoredResult>();
    return std::optional<StoredResult>(as_seen_at(std::move(**r), at_ms));
  }
  if (current->unchanged_since_ms > at_ms) return std::optional<StoredResult>();
  return std::optional<StoredResult>(as_seen_at(*current, at_ms));
}

Result<void> StoreReader::scan_results_at(std::string_view prefix, std::int64_t at_ms,
                                          const std::function<bool(const StoredResult&)>& visit) {
  return store_detail::scan_versions(
      [&](const std::function<bool(const StoredResult&)>& each) { return scan_results(prefix, each); },
      [&](const StoredResult& current) { return get_at(current.key, at_ms, &current); }, visit);
}

Result<std::vector<StoredResult>> StoreReader::versions(std::string_view key) {
  auto r = get(key);
  if (!r) return r.error();
  std::vector<StoredResult> out;
  if (*r) out.push_back(std::move(**r));
  return out;
}

Result<std::unique_ptr<StoreReader>> StoreReader::open(const std::filesystem::path& dir) {
  auto store = RocksStore::open(dir, RocksStore::Mode::secondary);
  if (!store) return store.error();
  return std::unique_ptr<StoreReader>(new RocksStoreReader(std::move(*store)));
}

}  // namespace paa
