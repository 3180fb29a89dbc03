#include "paa/selection/nearest_keys.hpp"

#include "paa/model/suggest.hpp"

namespace paa {

NearestKeys::NearestKeys(QueryKey wanted, std::size_t keep) : wanted_(std::move(wanted)), keep_(keep) {}

std::size_t NearestKeys::score(const QueryKey& stored) const {
  const std::size_t locale = (stored.hl != wanted_.hl) + (stored.gl != wanted_.gl) + (stored.city != wanted_.city);
  if (stored.q == wanted_.q) return locale;  // 1..3: the same query elsewhere
  // A close spelling: at most 2 edits, or one in five characters for long queries.
  const std::size_t a = stored.q.size();
  const std::size_t b = wanted_.q.size();
  const std::size_t limit = std::max<std::size_t>(2, b / 5);
  if ((a > b ? a - b : b - a) > limit) return std::string::npos;
  const std::size_t d = detail::edit_distance(stored.q, wanted_.q);
  if (d > limit || d >= b) return std::string::npos;
  return 4 + d * 4 + locale;
}

void NearestKeys::consider(const QueryKey& stored) {
  const std::size_t order = considered_++;
  if (stored == wanted_) return;
  const std::size_t s = score(stored);
  if (s == std::string::npos) return;
  for (const auto& kept : best_) {
    if (kept == stored) return;  // the same key under a second job
  }
  std::size_t at = best_.size();
  while (at > 0 && scores_[at - 1].score > s) --at;
  if (at >= keep_) return;
  best_.insert(best_.begin() + static_cast<std::ptrdiff_t>(at), stored);
  scores_.insert(scores_.begin() + static_cast<std::ptrdiff_t>(at), Scored{s, order});
  if (best_.size() > keep_) {
    best_.pop_back();
    scores_.pop_back();
  }
}

std::string describe_key(const QueryKey& key) {
  std::string what = "q='" + key.q + "' hl=" + key.hl + " gl=" + key.gl;
  if (!key.city.empty()) what += " city='" + key.city + "'";
  return what;
}

}  // namespace paa
