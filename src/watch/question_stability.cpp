#include "paa/watch/question_stability.hpp"

#include "paa/watch/distinct_questions.hpp"

#include <algorithm>

namespace paa::watch {

std::string_view stability_status_name(StabilityStatus status) {
  switch (status) {
    case StabilityStatus::stable: return "stable";
    case StabilityStatus::intermittent: return "intermittent";
    case StabilityStatus::gone: return "gone";
    case StabilityStatus::added: return "new";
  }
  return "?";
}

std::optional<StabilityStatus> parse_stability_status(std::string_view name) {
  for (auto s : {StabilityStatus::stable, StabilityStatus::intermittent, StabilityStatus::gone, StabilityStatus::added}) {
    if (stability_status_name(s) == name) return s;
  }
  return std::nullopt;
}

VersionRange versions_in_window(const std::vector<std::int64_t>& first_fetches, std::int64_t from_ms,
                                std::int64_t to_ms) {
  // Versions are in first-fetch order: the ones current at some time of [from, to] are the
  // last one at or before `from` and every one after it up to `to`.
  const auto upto = [&](std::int64_t t) {
    return static_cast<std::size_t>(std::upper_bound(first_fetches.begin(), first_fetches.end(), t) - first_fetches.begin());
  };
  VersionRange range;
  range.end = upto(to_ms);
  const std::size_t at_from = upto(from_ms);
  range.begin = at_from == 0 ? 0 : at_from - 1;
  if (range.begin > range.end) range.begin = range.end;
  return range;
}

double question_churn(const std::unordered_set<std::string>& before, const std::unordered_set<std::string>& after) {
  std::size_t common = 0;
  for (const auto& q : before) common += after.contains(q) ? 1 : 0;
  const std::size_t all = before.size() + after.size() - common;
  return all == 0 ? 0.0 : 1.0 - static_cast<double>(common) / static_cast<double>(all);
}

void StabilityTimeline::add_version(const VersionTimes& times, const SearchResult& tree) {
  const auto index = static_cast<std::uint32_t>(times_.size());
  times_.push_back(times);
  std::unordered_set<std::string> now;
  for (auto& d : distinct_questions(tree.children)) {
    auto [it, inserted] = seen_.try_emplace(d.folded);
    Seen& s = it->second;
    if (inserted) {
      order_.push_back(d.folded);
      s.first_url = d.node->url;
    }
    s.question = d.node->question;
    s.url = d.node->url;
    s.seen_in.push_back(index);
    s.urls.push_back(d.node->url);
    now.insert(std::move(d.folded));
  }
  if (index > 0) churn_sum_ += question_churn(previous_, now);
  previous_ = std::move(now);
}

StabilityStatus StabilityTimeline::status_of(const Seen& s) const {
  const auto n = static_cast<std::uint32_t>(times_.size());
  if (s.seen_in.size() == n) return StabilityStatus::stable;
  for (std::size_t i = 1; i < s.seen_in.size(); ++i) {
    if (s.seen_in[i] != s.seen_in[i - 1] + 1) return StabilityStatus::intermittent;
  }
  if (s.seen_in.back() != n - 1) return StabilityStatus::gone;
  return StabilityStatus::added;
}

std::vector<QuestionStability> StabilityTimeline::questions() const {
  std::vector<QuestionStability> out;
  out.reserve(order_.size());
  const auto n = static_cast<std::uint32_t>(times_.size());
  for (const auto& folded : order_) {
    const Seen& s = seen_.at(folded);
    QuestionStability q;
    q.folded = folded;
    q.question = s.question;
    q.url = s.url;
    q.first_url = s.first_url;
    q.first_seen_ms = times_[s.seen_in.front()].first_fetch_ms;
    q.last_seen_ms = times_[s.seen_in.back()].last_fetch_ms;
    q.versions_seen = static_cast<std::uint32_t>(s.seen_in.size());
    q.versions = n;
    q.present_now = s.seen_in.back() == n - 1;
    q.status = status_of(s);
    q.seen_in = s.seen_in;
    q.urls = s.urls;
    out.push_back(std::move(q));
  }
  return out;
}

KeyStability StabilityTimeline::summary() const {
  KeyStability k;
  k.versions = static_cast<std::uint32_t>(times_.size());
  if (k.versions >= 2) {
    k.mean_churn = churn_sum_ / static_cast<double>(k.versions - 1);
    k.last_change_ms = times_.back().first_fetch_ms;
  }
  for (const auto& [folded, s] : seen_) {
    switch (status_of(s)) {
      case StabilityStatus::stable: ++k.stable; break;
      case StabilityStatus::intermittent: ++k.intermittent; break;
      case StabilityStatus::gone: ++k.gone; break;
      case StabilityStatus::added: ++k.added; break;
    }
  }
  return k;
}

}  // namespace paa::watch
