#include "paa/harvest/feed_filter.hpp"

namespace paa {

Result<Feed> FeedFilter::decide(std::string_view job, std::string_view key, std::uint64_t hash,
                                StoreWriter& store) {
  // `hash` is key_hash(key), which is also the shard hash.
  if (shard_ && !shard_->holds_hash(hash)) return Feed::other_shard;
  // Each key at most once per run: a repeat in the job is never fetched twice (for the files as
  // check_job read them: the README asks that they not change during a run).
  if (!repeated_.first_time(hash)) return Feed::repeat;
  if (refresh_.all) return Feed::fetch;
  if (refresh_.looks_at_age()) {
    // One read instead of the existence check: the stored result says when it was fetched.
    auto at = store.fetched_at(key);
    if (!at) return at.error();
    if (!*at) return Feed::fetch;
    if (refresh_.due(**at)) return Feed::refresh;
  } else {
    auto stored = store.has_result(key);
    if (!stored) return stored.error();
    if (!*stored) return Feed::fetch;
  }
  auto progress = store.progress(job, key);
  if (!progress) return progress.error();
  if (*progress && (*progress)->state == ProgressState::done) return Feed::stored;
  return Feed::stored_elsewhere;
}

}  // namespace paa
