// The writer: a dedicated thread, a bounded queue and group commit.
//
// Each group (everything queued, up to kMaxGroup requests) becomes ONE WriteBatch and one
// Write(): every request appends its records behind a save point, so a request that fails
// (bad job name, read error) is rolled back alone, and the rest commit together. One Write is
// all-or-nothing, so each request's result (+ the version it replaced, to history) + progress
// + quota land together. Nothing else: the store keeps facts, and every view derived from them
// (the questions' counts among them) is its reader's (issue #30). What a request writes is the
// write rules' answer (write_rules.hpp) to what it read; the reads go through an overlay of
// what earlier requests of the same group wrote, so two requests touching one key in one group
// see each other.
#include "paa/store/store.hpp"

#include "paa/model/clock.hpp"

#include "codec.hpp"
#include "engine.hpp"
#include "record_batch.hpp"
#include "write_rules.hpp"

#include <algorithm>
#include <atomic>
#include <limits>
#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <thread>
#include <utility>

namespace paa {
namespace {

using namespace store_detail;

constexpr std::size_t kMaxGroup = 256;

// Internal operations that go through the queue so that they are ordered with the writes
// (a quota saved on a 429 must not be overwritten by an older one still queued).
struct RunMark {
  std::string job;
  std::string run_id;
  std::int64_t at_ms = 0;
  bool start = true;
  std::string outcome;
  RunMoney money;
};
// Removes older versions of keys (paa prune): whole keys at a time, so each key is pruned or not.
struct HistoryDrop {
  std::vector<std::string> history_keys;
};
struct ShardMark {
  std::string job;
  std::optional<ShardClaim> shard;
};
struct QuotaOnly {
  QuotaState quota;
};
struct ExpansionWrite {
  std::string job;
  ExpansionStep step;
};
using Op = std::variant<WriteRequest, RunMark, QuotaOnly, ShardMark, ExpansionWrite, HistoryDrop>;

struct QueueItem {
  Op op;
  std::function<void(Result<void>)> done;
};

class RocksStoreWriter final : public StoreWriter {
 public:
  RocksStoreWriter(std::unique_ptr<RocksStore> store, const StoreOptions& options)
      : store_(std::move(store)), options_(options) {
    thread_ = std::thread([this] { run(); });
  }
  ~RocksStoreWriter() override { (void)close(); }

  bool submit(WriteRequest&& request, std::function<void(Result<void>)> done) override {
    {
      std::lock_guard lk(mu_);
      if (closing_ || queued_requests_ >= options_.queue_capacity) return false;
      queue_.push_back(QueueItem{Op(std::move(request)), std::move(done)});
      ++queued_requests_;
    }
    cv_.notify_one();
    return true;
  }

  Result<bool> has_result(std::string_view key) override {
    if (auto r = check_open(); !r) return r.error();
    return store_->exists(store_->results, key, "looking up a result");
  }
  Result<std::optional<ProgressEntry>> progress(std::string_view job,
                                                std::string_view key) override {
    if (auto r = check_open(); !r) return r.error();
    return store_->get_progress(job, key);
  }
  Result<QuotaState> quota() override {
    if (auto r = check_open(); !r) return r.error();
    return store_->get_quota();
  }
  Result<bool> service_reached(std::string_view service) override {
    if (auto r = check_open(); !r) return r.error();
    return store_->get_service_reached(service);
  }
  Result<std::optional<std::int64_t>> fetched_at(std::string_view key) override {
    if (auto r = check_open(); !r) return r.error();
    return store_->get_fetched_at(key);
  }

  Result<std::string> record_run_start(std::string_view job, std::int64_t at_ms) override {
    if (auto r = check_open(); !r) return r.error();
    // Only this process writes run records (the writer lock), so the free name stays free.
    auto id = free_run_name(at_ms, [&](const std::string& name) {
      return store_->exists(store_->meta, std::string(kMetaRunsPrefix) + name, "reading run info");
    });
    if (!id) return id.error();
    if (auto r = run_sync(RunMark{std::string(job), *id, at_ms, true, {}, {}}); !r) return r.error();
    std::lock_guard lk(mu_);
    run_id_ = *id;
    return *id;
  }
  Result<void> record_run_end(std::string_view job, std::int64_t at_ms, std::string_view outcome,
                              const RunMoney& money) override {
    std::string id;
    {
      std::lock_guard lk(mu_);
      id = run_id_;
    }
    return run_sync(RunMark{std::string(job), id, at_ms, false, std::string(outcome), money});
  }
  RunChanges run_changes() const override {
    return RunChanges{new_keys_.load(), changed_.load(), unchanged_.load()};
  }

  Result<PruneCounts> prune_history(const PruneRule& rule) override {
    if (auto r = check_open(); !r) return r.error();
    PruneCounts counts;
    if (store_->history == nullptr) return counts;
    // Walks the history family key by key (a key's versions are adjacent, oldest first), asks
    // versions_to_drop, and removes in atomic batches of whole keys through the queue.
    constexpr std::size_t kKeysPerBatch = 512;
    HistoryDrop pending;
    std::size_t pending_keys = 0;
    std::string key;
    std::vector<std::string> history_keys;
    std::vector<VersionSpan> spans;
    auto flush = [&]() -> Result<void> {
      if (pending.history_keys.empty()) return {};
      auto r = run_sync(std::move(pending));
      pending = HistoryDrop{};
      pending_keys = 0;
      return r;
    };
    auto decide = [&]() -> Result<void> {
      if (key.empty()) return {};
      auto current = store_->get_result(key, /*fill_cache=*/false);
      if (!current) return current.error();
      if (!*current) return {};  // cannot happen: a version is kept only on a refresh
      spans.push_back(VersionSpan{(*current)->unchanged_since_ms, 0});
      for (std::size_t i = 0; i + 1 < spans.size(); ++i) spans[i].until_ms = spans[i + 1].since_ms;
      const auto drop = versions_to_drop(spans, rule);
      ++counts.keys;
      bool any = false;
      for (std::size_t i = 0; i < history_keys.size(); ++i) {
        if (drop[i]) {
          pending.history_keys.push_back(std::move(history_keys[i]));
          ++counts.removed;
          any = true;
        } else {
          ++counts.kept;
        }
      }
      if (any && ++pending_keys >= kKeysPerBatch) return flush();
      return {};
    };
    RocksStore::Cursor c(*store_, store_->history, "");
    for (; c.valid(); c.next()) {
      const std::string_view k = c.key();
      const auto split = split_history_key(k);
      if (!split) return store_->damaged(kHistoryFamily, k);
      const std::string_view owner = split->key;
      if (owner != key) {
        if (auto r = decide(); !r) return r.error();
        key.assign(owner);
        history_keys.clear();
        spans.clear();
      }
      auto version = decode_result(owner, c.value());
      if (!version) return store_->damaged(kHistoryFamily, k);
      history_keys.emplace_back(k);
      spans.push_back(VersionSpan{version->unchanged_since_ms, 0});
    }
    if (!c.status().ok()) return rocks_error(store_->dir(), "reading result history", c.status());
    if (auto r = decide(); !r) return r.error();
    if (auto r = flush(); !r) return r.error();
    return counts;
  }
  Result<void> save_quota(const QuotaState& quota) override { return run_sync(QuotaOnly{quota}); }
  Result<void> claim_shard(std::string_view job, const std::optional<ShardClaim>& shard) override {
    return run_sync(ShardMark{std::string(job), shard});
  }

  Result<std::optional<StoredResult>> result(std::string_view key) override {
    if (auto r = check_open(); !r) return r.error();
    // Level passes read each parent's answer once: caching its blocks only grew the process by
    // ~15 MiB over a plain job of the same keys (bench.sh case 7), within the writer's budget.
    return store_->get_result(key, /*fill_cache=*/false);
  }
  Result<ExpansionState> expansion_state(std::string_view job) override {
    if (auto r = check_open(); !r) return r.error();
    return store_->get_expansion_state(job);
  }
  Result<std::optional<Lineage>> lineage(std::string_view job, std::string_view key) override {
    if (auto r = check_open(); !r) return r.error();
    return store_->get_lineage(job, key);
  }
  Result<std::optional<std::uint32_t>> seed_round(std::string_view job, std::string_view key) override {
    if (auto r = check_open(); !r) return r.error();
    return store_->get_seed_round(job, key);
  }
  Result<void> scan_level(std::string_view job, std::uint32_t level,
                          const std::function<bool(const LevelKey&)>& visit) override {
    if (auto r = check_open(); !r) return r.error();
    return store_->scan_level(job, level, visit);
  }
  Result<void> write_expansion(std::string_view job, ExpansionStep step) override {
    return run_sync(ExpansionWrite{std::string(job), std::move(step)});
  }

  Result<void> close() override {
    std::lock_guard closing(close_mu_);  // concurrent close() calls wait for the first
    {
      std::lock_guard lk(mu_);
      if (closed_) return close_result_;
      closing_ = true;
    }
    cv_.notify_one();
    if (thread_.joinable()) thread_.join();  // the thread drains the queue first
    std::lock_guard lk(mu_);
    close_result_ = store_->close();  // also releases the writer lock
    closed_ = true;
    return close_result_;
  }

 private:
  Error closed_error() const { return make_error(errc::store, store_name(store_->dir()) + " is closed"); }
  Result<void> check_open() {
    std::lock_guard lk(mu_);
    if (closing_) return closed_error();
    return {};
  }

  // Queued behind the writes already submitted; waits for the commit. These bypass the
  // capacity check (rare, and each caller blocks, so they cannot pile up).
  Result<void> run_sync(Op op) {
    std::mutex m;
    std::condition_variable done_cv;
    std::optional<Result<void>> outcome;
    {
      std::lock_guard lk(mu_);
      if (closing_) return closed_error();
      queue_.push_back(QueueItem{std::move(op), [&](Result<void> r) {
                                   std::lock_guard l(m);
                                   outcome = std::move(r);
                                   done_cv.notify_one();
                                 }});
    }
    cv_.notify_one();
    std::unique_lock l(m);
    done_cv.wait(l, [&] { return outcome.has_value(); });
    return *outcome;
  }

  void run() {
    std::vector<QueueItem> group;
    for (;;) {
      {
        std::unique_lock lk(mu_);
        cv_.wait(lk, [&] { return closing_ || !queue_.empty(); });
        if (queue_.empty()) return;  // closing and drained
        while (!queue_.empty() && group.size() < kMaxGroup) {
          if (std::holds_alternative<WriteRequest>(queue_.front().op)) --queued_requests_;
          group.push_back(std::move(queue_.front()));
          queue_.pop_front();
        }
      }
      commit(group);
      group.clear();
    }
  }

  void commit(std::vector<QueueItem>& group) {
    RecordBatch batch(*store_);
    overlay_.clear();
    group_changes_ = RunChanges{};
    std::vector<Result<void>> outcomes;
    outcomes.reserve(group.size());
    for (auto& item : group) {
      Overlay mine;
      batch.note_into(&mine);
      batch.batch().SetSavePoint();
      put_kind_.reset();
      auto r = std::visit([&](auto& op) { return apply(op, batch, mine); }, item.op);
      if (r) {
        (void)batch.batch().PopSavePoint();
        overlay_.merge_from(std::move(mine));
        if (put_kind_ == PutKind::new_key) ++group_changes_.new_keys;
        if (put_kind_ == PutKind::changed) ++group_changes_.changed;
        if (put_kind_ == PutKind::unchanged) ++group_changes_.unchanged;
      } else {
        (void)batch.batch().RollbackToSavePoint();
      }
      outcomes.push_back(std::move(r));
    }
    if (batch.count() > 0) {
      if (auto written = batch.commit(options_.sync, "writing results"); !written) {
        for (auto& o : outcomes) {
          if (o) o = written.error();
        }
      } else {
        new_keys_ += group_changes_.new_keys;
        changed_ += group_changes_.changed;
        unchanged_ += group_changes_.unchanged;
      }
    }
    overlay_.clear();
    for (std::size_t i = 0; i < group.size(); ++i) {
      if (group[i].done) group[i].done(std::move(outcomes[i]));
    }
  }

  // Reads through this request's overlay, then the group's, then the database.
  Result<std::optional<std::string>> read(rocksdb::ColumnFamilyHandle* cf, std::string_view key,
                                          const Overlay& mine, std::string_view what) {
    if (auto* v = mine.find(cf, key)) return *v;
    if (auto* v = overlay_.find(cf, key)) return *v;
    return store_->get(cf, key, what);
  }
  // Like read(), without copying the value out of RocksDB.
  Result<bool> exists(rocksdb::ColumnFamilyHandle* cf, std::string_view key, const Overlay& mine,
                      std::string_view what) {
    if (auto* v = mine.find(cf, key)) return v->has_value();
    if (auto* v = overlay_.find(cf, key)) return v->has_value();
    return store_->exists(cf, key, what);
  }

  Result<void> check_job(std::string_view job) {
    if (valid_job_name(job)) return {};
    return make_error(errc::invalid_input, store_name(store_->dir()) + ": invalid job name '" + std::string(job) +
                      "': it must be non-empty and contain no NUL character");
  }

  Result<std::optional<ProgressEntry>> read_progress(std::string_view job, std::string_view key, const Overlay& mine) {
    const std::string pkey = progress_key(job, key);
    return store_->decoded(read(store_->progress, pkey, mine, "reading job progress"), kProgressFamily, pkey,
                           decode_progress);
  }

  // The attributes the request's progress entry records: its own, or (keep_attrs) the entry's.
  Result<SeedAttributes> attributes_for(WriteRequest& req, const Overlay& mine) {
    if (!req.keep_attrs) return std::move(req.attrs);
    const std::string* key = nullptr;
    if (auto* put = std::get_if<PutResult>(&req.item)) key = &put->result.key;
    if (auto* failed = std::get_if<MarkFailed>(&req.item)) key = &failed->key;
    if (auto* done = std::get_if<MarkDone>(&req.item)) key = &done->key;
    if (key == nullptr) return SeedAttributes();
    auto existing = read_progress(req.job, *key, mine);
    if (!existing) return existing.error();
    return *existing ? std::move((*existing)->attrs) : SeedAttributes();
  }

  Result<void> apply(WriteRequest& req, RecordBatch& batch, Overlay& mine) {
    if (auto r = check_job(req.job); !r) return r;
    return std::visit(
        [&](auto& item) -> Result<void> {
          auto attrs = attributes_for(req, mine);
          if (!attrs) return attrs.error();
          auto r = apply_item(req.job, item, *attrs, batch, mine);
          if (!r) return r;
          if (req.quota) batch.put_quota(*req.quota);
          if (!req.reached_service.empty()) batch.put_service_reached(req.reached_service, unix_now_ms());
          return {};
        },
        req.item);
  }

  Result<void> apply_item(const std::string& job, PutResult& put_result, const SeedAttributes& attrs, RecordBatch& batch,
                          Overlay& mine) {
    StoredResult& result = put_result.result;
    if (!decode_key(result.key)) {
      return make_error(errc::store, store_name(store_->dir()) + ": refusing a result with a malformed key");
    }
    auto old_raw = read(store_->results, result.key, mine, "reading a result");
    if (!old_raw) return old_raw.error();
    std::optional<StoredResult> old;
    if (*old_raw) {
      old = decode_result(result.key, **old_raw);
      if (!old) return store_->damaged(kResultsFamily, result.key);
    }
    const auto plan = plan_put(put_result, std::move(old), run_id_for_results_, unix_now_ms(), attrs);
    put_kind_ = plan.kind;
    if (plan.history_since) {
      auto slot = free_history_slot(*plan.history_since, [&](std::int64_t ms) {
        return exists(store_->history, history_key(result.key, ms), mine, "reading result history");
      });
      if (!slot) return slot.error();
      batch.put_history(result.key, *slot, std::move(**old_raw));  // the old value as it is stored
    }
    batch.put_result(result);
    batch.put_progress(job, result.key, plan.progress);
    return {};
  }

  Result<void> apply_item(const std::string& job, MarkDone& mark, const SeedAttributes& attrs, RecordBatch& batch,
                          Overlay& mine) {
    auto stored = exists(store_->results, mark.key, mine, "reading a result");
    if (!stored) return stored.error();
    auto existing = read_progress(job, mark.key, mine);
    if (!existing) return existing.error();
    auto entry = plan_mark_done(*stored, *existing, unix_now_ms(), attrs);
    if (!entry) return prefixed(store_name(store_->dir()) + ": ", entry.error());
    if (*entry) batch.put_progress(job, mark.key, **entry);
    return {};
  }

  Result<void> apply_item(const std::string&, QuotaUpdate&, const SeedAttributes&, RecordBatch&, Overlay&) {
    return {};  // apply() writes the request's quota
  }

  Result<void> apply_item(const std::string& job, MarkFailed& mark, const SeedAttributes& attrs, RecordBatch& batch,
                          Overlay& mine) {
    auto existing = read_progress(job, mark.key, mine);
    if (!existing) return existing.error();
    if (auto entry = plan_mark_failed(mark, *existing, unix_now_ms(), attrs)) batch.put_progress(job, mark.key, *entry);
    return {};
  }

  Result<void> apply(RunMark& mark, RecordBatch& batch, Overlay& mine) {
    if (auto r = check_job(mark.job); !r) return r;
    RunInfo info;
    if (mark.start) {
      info = run_started(mark.job, mark.run_id, mark.at_ms);
      run_id_for_results_ = mark.run_id;  // results stored from now on carry it
    } else {
      const std::string record = mark.run_id.empty() ? std::string(kMetaRunPrefix) + mark.job
                                                     : std::string(kMetaRunsPrefix) + mark.run_id;
      auto recorded = store_->decoded(read(store_->meta, record, mine, "reading run info"), kMetaFamily, record,
                                      decode_run);
      if (!recorded) return recorded.error();
      // Everything this writer stored, including what this group applied before this mark.
      const RunChanges changes{new_keys_.load() + group_changes_.new_keys, changed_.load() + group_changes_.changed,
                               unchanged_.load() + group_changes_.unchanged};
      info = run_ended(std::move(*recorded).value_or(RunInfo{}), mark.at_ms, mark.outcome, mark.money, changes);
    }
    batch.put_named_run(mark.run_id, info);
    batch.put_last_run(mark.job, info);
    return {};
  }

  Result<void> apply(HistoryDrop& drop, RecordBatch& batch, Overlay&) {
    for (auto& k : drop.history_keys) batch.remove(store_->history, std::move(k));
    return {};
  }

  Result<void> apply(ShardMark& mark, RecordBatch& batch, Overlay& mine) {
    if (auto r = check_job(mark.job); !r) return r;
    const std::string key = std::string(kMetaShardPrefix) + mark.job;
    auto recorded = store_->decoded(read(store_->meta, key, mine, "reading the shard record"), kMetaFamily, key,
                                    decode_shard);
    if (!recorded) return recorded.error();
    bool ran_before = false;
    if (!*recorded) {
      auto ran = exists(store_->meta, std::string(kMetaRunPrefix) + mark.job, mine, "reading run info");
      if (!ran) return ran.error();
      ran_before = *ran;
    }
    auto claim = plan_shard_claim(*recorded, ran_before, mark.job, mark.shard);
    if (!claim) return prefixed(store_name(store_->dir()) + " ", claim.error());
    if (*claim) batch.put_shard(mark.job, **claim);
    return {};
  }

  Result<void> apply(ExpansionWrite& w, RecordBatch& batch, Overlay&) {
    if (auto r = check_job(w.job); !r) return r;
    batch.put_expansion_step(w.job, w.step);
    return {};
  }

  Result<void> apply(QuotaOnly& q, RecordBatch& batch, Overlay&) {
    batch.put_quota(q.quota);
    return {};
  }

  std::unique_ptr<RocksStore> store_;
  StoreOptions options_;
  Overlay overlay_;  // writer thread only
  // Writer thread only: the run results are stamped with, and this group's tallies.
  std::string run_id_for_results_;
  std::optional<PutKind> put_kind_;  // the current request's, when it stores a result
  RunChanges group_changes_;
  std::atomic<std::uint64_t> new_keys_{0}, changed_{0}, unchanged_{0};  // committed
  std::string run_id_;  // guarded by mu_: the caller's run

  std::mutex close_mu_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<QueueItem> queue_;  // bounded: queued_requests_ <= queue_capacity
  std::size_t queued_requests_ = 0;
  bool closing_ = false;
  bool closed_ = false;
  Result<void> close_result_;
  std::thread thread_;
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
