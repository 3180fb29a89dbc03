#pragma once
// Between the feeder's thread and the workers: keys handed out and keys settled (stored, failed
// or given up on a stop). The feeder waits for the two to meet before it makes an expansion's
// next level from the finished one; a stop (or the end of every worker) ends the wait.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>

namespace paa {

class SettleBarrier {
 public:
  // Before a key is handed to a worker: the worker may settle it before the sender goes on.
  void sent() {
    std::lock_guard lock(mu_);
    ++sent_;
  }
  // A worker is done with a key, however it ended.
  void settled() {
    {
      std::lock_guard lock(mu_);
      ++settled_;
    }
    cv_.notify_all();
  }
  // Nobody will settle keys any more (a stop, or every worker ended): every wait ends.
  void stop() {
    {
      std::lock_guard lock(mu_);
      stopped_ = true;
    }
    stopped_seen_ = true;
    cv_.notify_all();
  }
  // Read once per key fed, without the lock.
  bool stopped() const { return stopped_seen_.load(); }
  // Blocks until every key sent so far is settled: true, or false once stopped.
  bool wait_settled() {
    std::unique_lock lock(mu_);
    cv_.wait(lock, [this] { return stopped_ || settled_ >= sent_; });
    return !stopped_;
  }

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  std::uint64_t sent_ = 0;
  std::uint64_t settled_ = 0;
  bool stopped_ = false;
  std::atomic<bool> stopped_seen_{false};
};

}  // namespace paa
