// The writer: the ports of ports.hpp over one RocksDB primary instance. Reads of the writer's
// own instance run on the caller's thread; every write goes through the writer thread
// (writer_thread.hpp: the bounded queue, group commit, durability callbacks), where each
// operation's applier (writer_apply.hpp) turns it into records.
#include "paa/store/store.hpp"

#include "engine.hpp"
#include "writer_apply.hpp"
#include "writer_thread.hpp"

#include <mutex>
#include <utility>

namespace paa {
namespace {

using namespace store_detail;

class RocksStoreWriter final : public StoreWriter {
 public:
  RocksStoreWriter(std::unique_ptr<RocksStore> store, const StoreOptions& options)
      : store_(std::move(store)), thread_(*store_, options) {}
  ~RocksStoreWriter() override { (void)close(); }

  bool submit(WriteRequest&& request, std::function<void(Result<void>)> done) override {
    return thread_.submit(std::move(request), std::move(done));
  }

  Result<bool> has_result(std::string_view key) override {
    if (auto r = thread_.check_open(); !r) return r.error();
    return store_->exists(store_->results, key, "looking up a result");
  }
  Result<std::optional<ProgressEntry>> progress(std::string_view job, std::string_view key) override {
    if (auto r = thread_.check_open(); !r) return r.error();
    return store_->get_progress(job, key);
  }
  Result<QuotaState> quota() override {
    if (auto r = thread_.check_open(); !r) return r.error();
    return store_->get_quota();
  }
  Result<bool> service_reached(std::string_view service) override {
    if (auto r = thread_.check_open(); !r) return r.error();
    return store_->get_service_reached(service);
  }
  Result<std::optional<std::int64_t>> fetched_at(std::string_view key) override {
    if (auto r = thread_.check_open(); !r) return r.error();
    return store_->get_fetched_at(key);
  }

  Result<std::string> record_run_start(std::string_view job, std::int64_t at_ms) override {
    if (auto r = thread_.check_open(); !r) return r.error();
    // Only this process writes run records (the writer lock), so the free name stays free.
    auto id = free_run_name(at_ms, [&](const std::string& name) {
      return store_->exists(store_->meta, std::string(kMetaRunsPrefix) + name, "reading run info");
    });
    if (!id) return id.error();
    if (auto r = thread_.run_sync(RunMark{std::string(job), *id, at_ms, true, {}, {}}); !r) return r.error();
    std::lock_guard lk(run_mu_);
    run_id_ = *id;
    return *id;
  }
  Result<void> record_run_end(std::string_view job, std::int64_t at_ms, std::string_view outcome,
                              const RunMoney& money) override {
    std::string id;
    {
      std::lock_guard lk(run_mu_);
      id = run_id_;
    }
    return thread_.run_sync(RunMark{std::string(job), id, at_ms, false, std::string(outcome), money});
  }
  RunChanges run_changes() const override { return thread_.committed(); }
  Result<std::vector<RunInfo>> recorded_runs() override {
    if (auto r = thread_.check_open(); !r) return r.error();
    return store_->get_runs();
  }

  Result<PruneCounts> prune_history(const PruneRule& rule) override {
    if (auto r = thread_.check_open(); !r) return r.error();
    return plan_prune(*store_, rule, [&](HistoryDrop drop) { return thread_.run_sync(std::move(drop)); });
  }
  Result<void> save_quota(const QuotaState& quota) override { return thread_.run_sync(QuotaOnly{quota}); }
  Result<void> claim_shard(std::string_view job, const std::optional<ShardClaim>& shard) override {
    return thread_.run_sync(ShardMark{std::string(job), shard});
  }

  Result<std::optional<StoredResult>> result(std::string_view key) override {
    if (auto r = thread_.check_open(); !r) return r.error();
    // Level passes read each parent's answer once: caching its blocks only grew the process by
    // ~15 MiB over a plain job of the same keys (bench.sh case 7), within the writer's budget.
    return store_->get_result(key, /*fill_cache=*/false);
  }
  Result<ExpansionState> expansion_state(std::string_view job) override {
    if (auto r = thread_.check_open(); !r) return r.error();
    return store_->get_expansion_state(job);
  }
  Result<std::optional<Lineage>> lineage(std::string_view job, std::string_view key) override {
    if (auto r = thread_.check_open(); !r) return r.error();
    return store_->get_lineage(job, key);
  }
  Result<std::optional<std::uint32_t>> seed_round(std::string_view job, std::string_view key) override {
    if (auto r = thread_.check_open(); !r) return r.error();
    return store_->get_seed_round(job, key);
  }
  Result<void> scan_level(std::string_view job, std::uint32_t level,
                          const std::function<bool(const LevelKey&)>& visit) override {
    if (auto r = thread_.check_open(); !r) return r.error();
    return store_->scan_level(job, level, visit);
  }
  Result<void> write_expansion(std::string_view job, ExpansionStep step) override {
    return thread_.run_sync(ExpansionWrite{std::string(job), std::move(step)});
  }

  Result<void> close() override {
    std::lock_guard closing(close_mu_);  // concurrent close() calls wait for the first
    if (closed_) return close_result_;
    thread_.stop();  // drains the queue first
    close_result_ = store_->close();  // also releases the writer lock
    closed_ = true;
    return close_result_;
  }

 private:
  std::unique_ptr<RocksStore> store_;
  WriterThread thread_;  // after store_: stopped before the store goes

  std::mutex run_mu_;
  std::string run_id_;  // guarded by run_mu_: the caller's run

  std::mutex close_mu_;
  bool closed_ = false;  // guarded by close_mu_
  Result<void> close_result_;
};

}  // namespace

Result<std::unique_ptr<StoreWriter>> StoreWriter::open(const std::filesystem::path& dir,
                                                       const StoreOptions& options) {
  if (options.queue_capacity == 0) {
    return make_error(errc::invalid_input, store_name(dir) + ": the writer queue capacity must be at least 1");
  }
  auto store = RocksStore::open(dir, RocksStore::Mode::primary);
  if (!store) return store.error();
  return std::unique_ptr<StoreWriter>(new RocksStoreWriter(std::move(*store), options));
}

}  // namespace paa
