#pragma once
// The feeder of `paa run`: on a thread of its own (it reads the disk, never the io thread's
// business), it streams the job's keys, asks FeedFilter about each one, does what feed_action
// says, and hands the keys to fetch to the workers; with [expand], it then makes and feeds each
// level once the one before is settled (docs/running.md "How a run works", "Expansion").
#include "paa/error.hpp"
#include "paa/harvest/feed_filter.hpp"
#include "paa/harvest/harvester.hpp"
#include "paa/harvest/settle_barrier.hpp"
#include "paa/harvest/work_item.hpp"
#include "paa/store/store.hpp"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <semaphore>

namespace paa {

// What the feeder has counted so far; read by the progress display while it runs.
struct FeedCounters {
  std::atomic<std::uint64_t> total_keys{0};  // the job's keys, plus each level's as it is made
  std::atomic<std::uint64_t> already_stored{0};
  std::atomic<std::uint64_t> duplicates{0};
  std::atomic<std::uint64_t> refresh_sent{0};
  std::atomic<std::uint32_t> level{0};       // the expansion level being fed (0: the job's keys)
  std::atomic<std::uint64_t> discovered{0};  // keys the job's expansion has discovered, all levels
  std::atomic<std::uint64_t> variants_skipped{0};  // skip_variants: candidates skipped, all levels
};

class Feeder {
 public:
  // Hands a key to a worker, blocking this thread until a worker's channel takes it; false once
  // the run stops. An empty key ends one worker's input.
  using Send = std::function<bool(WorkItem)>;

  Feeder(const HarvestOptions& options, StoreWriter& store, SettleBarrier& settle, FeedCounters& counters,
         Send send);

  // Feeds everything, then one end-of-input item per worker. The error that cut it short (the
  // job's files, the store), if any: the run stops with it.
  std::optional<Error> run();

 private:
  bool feed_job();
  bool feed_level(std::uint32_t level, std::uint64_t from_seq = 0);
  bool expand_new_seeds(ExpansionState& state);
  // Does what feed_action says for one decision; false when the feed must end.
  bool act(Feed feed, FeedSource source, WorkItem item);
  void expand_levels();
  void follow_plan();  // an expanding job's shard: its share of each planned level
  bool resume_cut_short_pass();
  std::optional<ExpansionState> make_level(std::uint32_t level, const ExpansionState& state);
  bool mark_done_elsewhere(const WorkItem& item);
  // Every level is made from a finished one: every key sent settled, every bookkeeping write
  // acknowledged.
  bool wait_settled();
  std::optional<Error> await_bookkeeping_writes();
  void fail(const Error& e) {
    if (!error_) error_ = e;
  }

  const HarvestOptions& opt_;
  StoreWriter& store_;
  SettleBarrier& settle_;
  FeedCounters& counters_;
  Send send_;
  std::optional<Error> error_;
  // The feeder's own bookkeeping writes (MarkDone) in flight: kFeederStoreWrites at most, so
  // the store's bounded queue always has room for the workers' writes, which hold paid results.
  // Shared with their callbacks, which may come after the feeder is gone.
  struct Bookkeeping {
    std::counting_semaphore<> slots{static_cast<std::ptrdiff_t>(kFeederStoreWrites)};
    std::mutex mu;
    std::optional<Error> first_error;  // a key the run believes settled that is not
  };
  std::shared_ptr<Bookkeeping> bookkeeping_ = std::make_shared<Bookkeeping>();
};

}  // namespace paa
