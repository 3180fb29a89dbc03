#include "writer_thread.hpp"

#include <optional>
#include <utility>

namespace paa::store_detail {

WriterThread::WriterThread(RocksStore& store, const StoreOptions& options) : store_(store), options_(options) {
  thread_ = std::thread([this] { run(); });
}

bool WriterThread::submit(WriteRequest&& request, std::function<void(Result<void>)> done) {
  {
    std::lock_guard lk(mu_);
    if (closing_ || queued_requests_ >= options_.queue_capacity) return false;
    queue_.push_back(QueueItem{WriterOp(std::move(request)), std::move(done)});
    ++queued_requests_;
  }
  cv_.notify_one();
  return true;
}

Error WriterThread::closed_error() const { return make_error(errc::store, store_name(store_.dir()) + " is closed"); }

Result<void> WriterThread::check_open() {
  std::lock_guard lk(mu_);
  if (closing_) return closed_error();
  return {};
}

Result<void> WriterThread::run_sync(WriterOp op) {
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

void WriterThread::stop() {
  std::lock_guard stopping(stop_mu_);
  {
    std::lock_guard lk(mu_);
    closing_ = true;
  }
  cv_.notify_one();
  if (thread_.joinable()) thread_.join();  // the thread drains the queue first
}

void WriterThread::run() {
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

namespace {

void tally(RunChanges& changes, const std::optional<PutKind>& kind) {
  if (kind == PutKind::new_key) ++changes.new_keys;
  if (kind == PutKind::changed) ++changes.changed;
  if (kind == PutKind::unchanged) ++changes.unchanged;
}

}  // namespace

void WriterThread::commit(std::vector<QueueItem>& group) {
  RecordBatch batch(store_);
  Overlay group_overlay;  // what this group's operations wrote so far
  RunChanges group_changes;
  // Only this thread adds to the tallies, after the group's Write: they hold still until then.
  const RunChanges before = committed();
  std::vector<Result<void>> outcomes;
  outcomes.reserve(group.size());
  for (auto& item : group) {
    Overlay mine;
    batch.note_into(&mine);
    batch.batch().SetSavePoint();
    ApplyContext ctx(store_, batch, group_overlay, mine, run_id_for_results_,
                     RunChanges{before.new_keys + group_changes.new_keys, before.changed + group_changes.changed,
                                before.unchanged + group_changes.unchanged});
    auto r = apply_op(item.op, ctx);
    if (r) {
      (void)batch.batch().PopSavePoint();
      group_overlay.merge_from(std::move(mine));
      tally(group_changes, ctx.put_kind);
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
      new_keys_ += group_changes.new_keys;
      changed_ += group_changes.changed;
      unchanged_ += group_changes.unchanged;
    }
  }
  for (std::size_t i = 0; i < group.size(); ++i) {
    if (group[i].done) group[i].done(std::move(outcomes[i]));
  }
}

}  // namespace paa::store_detail
