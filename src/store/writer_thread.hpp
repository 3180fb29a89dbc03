#pragma once
// Internal: the writer's thread, its bounded queue and group commit (docs/store.md "Guarantees").
//
// Each group (everything queued, up to kMaxGroup operations) becomes ONE WriteBatch and one
// Write(): every operation appends its records (its applier's, writer_apply.hpp) behind a save
// point, so one that fails (bad job name, read error) is rolled back alone, and the rest commit
// together. One Write is all-or-nothing, so each request's result (+ the version it replaced, to
// history) + progress + quota land together. Nothing else: the store keeps facts, and every view
// derived from them (the questions' counts among them) is its reader's (issue #30). Each
// operation's callback runs on this thread once its group is durable, or with the error that
// stopped it.
#include "engine.hpp"
#include "record_batch.hpp"
#include "writer_apply.hpp"

#include "paa/store/store.hpp"

#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace paa::store_detail {

class WriterThread {
 public:
  static constexpr std::size_t kMaxGroup = 256;

  // Starts the thread. `store` outlives this.
  WriterThread(RocksStore& store, const StoreOptions& options);
  ~WriterThread() { stop(); }
  WriterThread(const WriterThread&) = delete;
  WriterThread& operator=(const WriterThread&) = delete;

  // Enqueues a write request (ResultSink::submit): false, and `request` untouched, when
  // options.queue_capacity requests are queued or after stop().
  bool submit(WriteRequest&& request, std::function<void(Result<void>)> done);
  // Queued behind everything submitted; waits for the commit. These bypass the capacity check
  // (rare, and each caller blocks, so they cannot pile up).
  Result<void> run_sync(WriterOp op);
  // The store's "is closed" error once stop() began.
  Result<void> check_open();
  // Drains the queue and joins the thread. Idempotent.
  void stop();
  // What committed writes did since the thread started.
  RunChanges committed() const { return RunChanges{new_keys_.load(), changed_.load(), unchanged_.load()}; }

 private:
  struct QueueItem {
    WriterOp op;
    std::function<void(Result<void>)> done;
  };
  Error closed_error() const;
  void run();
  void commit(std::vector<QueueItem>& group);

  RocksStore& store_;
  const StoreOptions options_;
  // Writer thread only: the run results are stamped with.
  std::string run_id_for_results_;
  std::atomic<std::uint64_t> new_keys_{0}, changed_{0}, unchanged_{0};  // committed

  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<QueueItem> queue_;  // bounded: queued_requests_ <= queue_capacity
  std::size_t queued_requests_ = 0;
  bool closing_ = false;
  std::mutex stop_mu_;  // concurrent stop() calls wait for the first
  std::thread thread_;  // last: started once everything above is
};

}  // namespace paa::store_detail
