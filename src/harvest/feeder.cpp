#include "paa/harvest/feeder.hpp"

#include "paa/harvest/expansion_levels.hpp"
#include "paa/harvest/shard_levels.hpp"
#include "paa/job/job_file.hpp"
#include "paa/job/shard.hpp"

#include <spdlog/spdlog.h>

namespace paa {

Feeder::Feeder(const HarvestOptions& options, StoreWriter& store, SettleBarrier& settle, FeedCounters& counters,
               Send send)
    : opt_(options), store_(store), settle_(settle), counters_(counters), send_(std::move(send)) {}

std::optional<Error> Feeder::run() {
  // A level pass an earlier run left unfinished is finished before anything is fed: its parents'
  // outcomes must be the ones it began with (a retried key must not become a parent midway).
  // An expanding job's shard makes no level: it feeds its share of those the barrier planned.
  const bool follows_plan = opt_.job.expand.enabled() && opt_.shard.has_value();
  const bool resumed = !opt_.job.expand.enabled() || follows_plan || resume_cut_short_pass();
  if (resumed && feed_job() && opt_.job.expand.enabled()) {
    if (follows_plan) {
      follow_plan();
    } else {
      expand_levels();
    }
  }
  // End of input: one empty item per worker, after every real one (the channel is FIFO).
  for (int i = 0; i < opt_.job.limits.concurrency; ++i) {
    if (!send_(WorkItem{})) break;
  }
  // Every bookkeeping write acknowledged before the run ends (or the store is failing).
  if (auto e = await_bookkeeping_writes()) fail(*e);
  return error_;
}

bool Feeder::feed_job() {
  auto reader = JobReader::open(opt_.job);
  if (!reader) {
    fail(reader.error());
    return false;
  }
  // Only keys the job lists more than once need remembering: a set of every key was 16 MiB
  // for a million-key job, all of it held for the whole run (BENCHMARKS.md case 4).
  FeedFilter filter(opt_.repeated_key_hashes, opt_.refresh, opt_.shard);
  for (;;) {
    if (settle_.stopped()) return false;
    auto next = reader->next();
    if (!next) {
      fail(next.error());
      return false;
    }
    if (!*next) return true;
    JobItem& item = **next;
    std::string key = encode_key(item.query.key);
    auto feed = filter.decide(opt_.job.name, key, key_hash(key), store_, &item.attrs);
    if (!feed) {
      fail(feed.error());
      return false;
    }
    if (!act(*feed, FeedSource::job, WorkItem{std::move(item.query), std::move(key), std::move(item.attrs)})) return false;
  }
}

bool Feeder::feed_level(std::uint32_t level, std::uint64_t from_seq) {
  // Discovered keys are unique in the job: no repeats to remember; shards do not expand.
  FeedFilter filter({}, opt_.refresh.for_levels());
  bool ok = true;
  auto scanned = store_.scan_level(opt_.job.name, level, [&](const LevelKey& k) {
    if (k.seq < from_seq) return true;           // a round feeds its own keys only
    if (settle_.stopped()) return ok = false;  // a stop ends the scan, not only the next send
    auto feed = filter.decide(opt_.job.name, k.encoded, 0, store_);
    if (!feed) {
      fail(feed.error());
      return ok = false;
    }
    // A level's key has no attributes of its own: its entry keeps those a list gave it.
    return ok = act(*feed, FeedSource::level, WorkItem{k.query, k.encoded, {}, /*keep_attrs=*/true});
  });
  if (!scanned) {
    fail(scanned.error());
    return false;
  }
  return ok;
}

bool Feeder::act(Feed feed, FeedSource source, WorkItem item) {
  const FeedAction action = feed_action(feed, source);
  if (action.mark_done && !mark_done_elsewhere(item)) return false;
  switch (action.count) {
    case FeedAction::Count::none: break;
    case FeedAction::Count::already_stored: ++counters_.already_stored; break;
    case FeedAction::Count::duplicate: ++counters_.duplicates; break;
    case FeedAction::Count::refresh_sent: ++counters_.refresh_sent; break;
  }
  if (!action.send) return true;
  settle_.sent();  // before the send: a worker may settle the key before this thread goes on
  return send_(std::move(item));
}

bool Feeder::mark_done_elsewhere(const WorkItem& item) {
  // Done here, nothing spent. At most kFeederStoreWrites in flight: a burst of these must
  // never fill the queue that the workers' paid results go through.
  bookkeeping_->slots.acquire();
  WriteRequest w{opt_.job.name, MarkDone{item.key}, std::nullopt, item.attrs};
  w.keep_attrs = item.keep_attrs;
  if (!store_.submit(std::move(w), [bookkeeping = bookkeeping_](Result<void> r) {
        if (!r) {
          std::lock_guard lock(bookkeeping->mu);
          if (!bookkeeping->first_error) bookkeeping->first_error = r.error();
        }
        bookkeeping->slots.release();
      })) {
    bookkeeping_->slots.release();
    fail(make_error(errc::store, "the store's write queue is full (a bug: please report it)"));
    return false;
  }
  return true;
}

std::optional<Error> Feeder::await_bookkeeping_writes() {
  std::size_t held = 0;
  while (held < kFeederStoreWrites && bookkeeping_->slots.try_acquire_for(opt_.store_ack_timeout)) ++held;
  bookkeeping_->slots.release(static_cast<std::ptrdiff_t>(held));
  if (held < kFeederStoreWrites) {
    return make_error(errc::store, "the store did not acknowledge a write within " +
                                       std::to_string(opt_.store_ack_timeout.count()) + " ms");
  }
  std::lock_guard lock(bookkeeping_->mu);
  return bookkeeping_->first_error;
}

bool Feeder::wait_settled() {
  if (!settle_.wait_settled()) return false;
  if (auto e = await_bookkeeping_writes()) {
    fail(*e);
    return false;
  }
  return !settle_.stopped();
}

bool Feeder::resume_cut_short_pass() {
  const ExpandSpec& spec = opt_.job.expand;
  auto stored = store_.expansion_state(opt_.job.name);
  if (!stored) {
    fail(stored.error());
    return false;
  }
  if (stored->in_round()) {
    // A round's append pass under way (docs/expansion.md "Seeds added later").
    if (!stored->pass_under_way()) return true;
    const std::uint32_t level = stored->pass_level();
    counters_.level = level;
    spdlog::info("level {}: finishing the new seeds' pass an earlier run began, before anything is sent", level);
    return make_level(level, *stored).has_value();
  }
  // A pass under way, or a level max_keys cut that a higher max_keys now reopens.
  const ExpansionState state = reopen_cut_level(*stored, spec);
  const bool under_way = state.pass_parents > 0 || state.pass_admitted > 0 || state.built != stored->built;
  if (!under_way || state.built >= static_cast<std::uint32_t>(spec.depth)) return true;
  const std::uint32_t level = state.built + 1;
  counters_.level = level;
  spdlog::info("level {}: finishing the level an earlier run began, before anything is sent", level);
  return make_level(level, state).has_value();
}

std::optional<ExpansionState> Feeder::make_level(std::uint32_t level, const ExpansionState& state) {
  auto built = build_level(opt_.job, opt_.repeated_key_hashes, level, state, store_, opt_.max_body,
                           [this] { return settle_.stopped(); });
  if (!built) {
    fail(built.error());
    return std::nullopt;
  }
  if (!*built) return std::nullopt;  // stopped; the next run resumes the pass
  const ExpansionState& made = **built;
  counters_.discovered = made.discovered();
  counters_.variants_skipped = made.skipped();
  const std::string skipped = opt_.job.expand.skip_variants
                                  ? ", " + std::to_string(made.skipped_at(level)) + " variants skipped"
                                  : std::string();
  const bool appended = state.in_round();
  const std::uint64_t added = made.level_keys[level - 1] - (appended ? state.level_keys[level - 1] : 0);
  spdlog::info("level {}: {} new queries{} ({} discovered in all{}{})", level, added,
               appended ? " from the new seeds" : "", made.discovered(), skipped,
               made.cut_level != 0 || (appended && opt_.job.expand.max_keys != 0 &&
                                       made.discovered() >= opt_.job.expand.max_keys)
                   ? ", max_keys reached"
                   : "");
  return made;
}

void Feeder::expand_levels() {
  const ExpandSpec& spec = opt_.job.expand;
  // A level is made from a finished level only: every key of it stored or failed for good.
  // After a stop, the next run finishes the level first.
  if (!wait_settled()) return;
  auto stored_state = store_.expansion_state(opt_.job.name);
  if (!stored_state) return fail(stored_state.error());
  ExpansionState state = reopen_cut_level(*stored_state, spec);
  counters_.discovered = state.discovered();
  counters_.variants_skipped = state.skipped();
  for (std::uint32_t level = 1; level <= static_cast<std::uint32_t>(spec.depth); ++level) {
    // A round under way appends to the levels it began with before a deeper one is made.
    if (state.built < level && state.in_round()) break;
    counters_.level = level;
    if (state.built < level) {
      spdlog::info("level {}: finding new queries in the answers of level {}", level, level - 1);
      auto made = make_level(level, state);
      if (!made) return;  // failed (fail() said why) or stopped
      state = std::move(*made);
    }
    counters_.total_keys += state.level_keys[level - 1];
    if (!feed_level(level)) return;
    if (!wait_settled()) return;
  }
  expand_new_seeds(state);
}

void Feeder::follow_plan() {
  const ExpandSpec& spec = opt_.job.expand;
  const Shard& shard = *opt_.shard;
  const auto next_step = [&](std::uint32_t level) {
    spdlog::info("level {} is not planned yet: once every shard has run, `{}` plans it (docs/scaling-out.md)", level,
                 barrier_command(opt_.job.file.string(), shard.count, level));
  };
  if (!store_exists(opt_.plan)) return next_step(1);
  auto plan = StoreReader::open(opt_.plan);
  if (!plan) return fail(prefixed("the plan " + opt_.plan.string() + ": ", plan.error()));
  auto planned = (*plan)->expansion_state(opt_.job.name);
  if (!planned) return fail(planned.error());
  auto own = store_.expansion_state(opt_.job.name);
  if (!own) return fail(own.error());
  for (std::uint32_t level = 1; level <= static_cast<std::uint32_t>(spec.depth); ++level) {
    if (planned->built < level) return next_step(level);
    counters_.level = level;
    std::uint64_t share = level <= own->built ? own->level_keys.at(level - 1) : 0;
    // Copied when the plan has more of the level than the shard copied from (a level planned,
    // or grown by a round of new seeds or a raised max_keys); else the records are the shard's.
    const std::uint64_t plan_keys = planned->level_keys[level - 1];
    if (level_share_stale(*own, level, plan_keys)) {
      auto copied = copy_level_share(**plan, store_, opt_.job.name, level, shard, plan_keys);
      if (!copied) return fail(copied.error());
      *own = std::move(*copied);
      share = own->level_keys[level - 1];
      spdlog::info("level {}: {} of the plan's {} queries are shard {}'s", level, share, plan_keys, shard.label());
    }
    counters_.total_keys += share;
    if (!feed_level(level)) return;
  }
}

bool Feeder::expand_new_seeds(ExpansionState& state) {
  const ExpandSpec& spec = opt_.job.expand;
  if (!state.in_round()) {
    if (!state.seeds_recorded && state.built >= 1) {
      // Level 1 was made before seed records were kept: the job's keys as they are now count
      // as expanded.
      auto recorded = record_seeds(opt_.job, opt_.repeated_key_hashes, state, store_);
      if (!recorded) {
        fail(recorded.error());
        return false;
      }
      state = std::move(*recorded);
      spdlog::info("the job's keys are recorded as expanded (its level 1 was made before seed records were kept)");
    }
    auto begun = begin_round(state, spec);
    if (!begun) return true;
    auto fresh = count_new_seeds(opt_.job, opt_.repeated_key_hashes, *begun,
                                 [this](std::string_view k) { return store_.seed_round(opt_.job.name, k); });
    if (!fresh) {
      fail(fresh.error());
      return false;
    }
    if (*fresh == 0) return true;
    spdlog::info("{} seeds added to the job's lists since level 1 was made: expanding them (depth {})", *fresh,
                 begun->round_levels);
    state = std::move(*begun);
  }
  while (state.in_round()) {
    const std::uint32_t level = state.pass_level();
    const std::uint64_t from = state.round_start[level - 1];
    counters_.level = level;
    auto made = make_level(level, state);
    if (!made) return false;  // failed (fail() said why) or stopped
    state = std::move(*made);
    counters_.total_keys += state.level_keys[level - 1] - from;
    if (!feed_level(level, from)) return false;
    if (!wait_settled()) return false;
  }
  // A depth raised while the round was under way: the deeper levels, from whole levels.
  if (state.built < static_cast<std::uint32_t>(spec.depth)) expand_levels();
  return true;
}

}  // namespace paa
