#include "paa/harvest/feed_filter.hpp"

namespace paa {

FeedAction feed_action(Feed feed, FeedSource source) {
  using Count = FeedAction::Count;
  switch (feed) {
    case Feed::fetch: return {false, true, Count::none};
    // The due count (refresh_due) covers the job's own keys: a level's refreshes are not in it.
    case Feed::refresh: return {false, true, source == FeedSource::job ? Count::refresh_sent : Count::none};
    case Feed::repeat: return {false, false, Count::duplicate};
    case Feed::stored: return {false, false, Count::already_stored};
    // Nothing is spent: a MarkDone records the list's attributes over the done entry's.
    case Feed::stored_new_attributes: return {true, false, Count::already_stored};
    case Feed::stored_elsewhere: return {true, false, Count::already_stored};
    case Feed::other_shard: return {false, false, Count::none};
  }
  return {};
}

Result<Feed> FeedFilter::decide(std::string_view job, std::string_view key, std::uint64_t hash, FeedLookup& store,
                                const SeedAttributes* attrs) {
  // `hash` is key_hash(key), which is also the shard hash.
  if (shard_ && !shard_->holds_hash(hash)) return Feed::other_shard;
  // Each key at most once per run: a repeat in the job is never fetched twice (for the files as
  // check_job read them: the README asks that they not change during a run).
  if (!repeated_.first_time(hash)) return Feed::repeat;
  if (refresh_.all) return Feed::fetch;
  // Done for the job (its entry read once): stored, or stored with other attributes.
  auto done_here = [&]() -> Result<std::optional<Feed>> {
    auto progress = store.progress(job, key);
    if (!progress) return progress.error();
    if (!*progress || (*progress)->state != ProgressState::done) return std::optional<Feed>();
    if (attrs && (*progress)->attrs != *attrs) return std::optional<Feed>(Feed::stored_new_attributes);
    return std::optional<Feed>(Feed::stored);
  };
  if (refresh_.looks_at_age()) {
    // One read instead of the existence check: the stored result says when it was fetched.
    auto at = store.fetched_at(key);
    if (!at) return at.error();
    if (!*at) return Feed::fetch;
    if (refresh_.due(**at)) return Feed::refresh;
    auto done = done_here();
    if (!done) return done.error();
    return done->value_or(Feed::stored_elsewhere);
  }
  // The job's own progress first: "done" is written in the same batch as the result (or, by
  // MarkDone, only over a stored one) and results are never deleted, so it answers alone. A
  // lookup in the results family costs an index block and a 16 KiB zstd block once the store's
  // indexes outgrow the block cache: the rerun of a finished million-key expansion, whose keys
  // come in discovery order, spent 551 s there (BENCHMARKS.md case 7).
  auto done = done_here();
  if (!done) return done.error();
  if (*done) return **done;
  auto stored = store.has_result(key);
  if (!stored) return stored.error();
  return *stored ? Feed::stored_elsewhere : Feed::fetch;
}

}  // namespace paa
