#include "paa/topics/topic_identity.hpp"

#include <algorithm>
#include <string_view>
#include <unordered_set>

namespace paa::topics {

const char* name(TopicChangeKind kind) {
  switch (kind) {
    case TopicChangeKind::same: return "same";
    case TopicChangeKind::split: return "split";
    case TopicChangeKind::new_topic: return "new";
    case TopicChangeKind::merged: return "merged";
    case TopicChangeKind::gone: return "gone";
  }
  return "same";
}

const char* trend_word(const TopicChange& c) {
  if (c.kind != TopicChangeKind::same) return name(c.kind);
  const auto before = std::make_pair(c.before.trees, c.before.questions);
  const auto after = std::make_pair(c.after.trees, c.after.questions);
  return after > before ? "grew" : after < before ? "shrank" : "same";
}

TopicTrend trend_since(const TopicSnapshot& previous, std::vector<TopicChange> changes) {
  const bool nothing_changed = std::all_of(changes.begin(), changes.end(), [](const TopicChange& c) {
    return c.kind == TopicChangeKind::same && c.before == c.after;
  });
  if (nothing_changed && previous.trend.compared) return previous.trend;
  return {true, previous.made_ms, previous.results, std::move(changes)};
}

std::uint64_t next_topic_id(std::uint64_t natural) {
  std::uint64_t z = natural + 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

namespace {

constexpr std::uint32_t kNone = ~std::uint32_t{0};

// The (new, previous) topic pairs of the groups both analyses hold, counted: sorted by new, then previous.
struct Shares {
  std::vector<std::uint32_t> now_groups, before_groups;  // n(T), n(O): groups per topic
  std::vector<std::pair<std::uint64_t, std::uint64_t>> counted;  // ((T << 32) | O, s(T, O))
};

Shares count_shares(const TopicSnapshot& previous, const TopicSnapshot& now) {
  Shares s;
  s.now_groups.assign(now.topics.size(), 0);
  s.before_groups.assign(previous.topics.size(), 0);
  auto before = previous.group_topic;
  std::sort(before.begin(), before.end());
  for (const auto& [group, topic] : before) ++s.before_groups[topic];
  std::vector<std::uint64_t> pairs;
  pairs.reserve(now.group_topic.size());
  for (const auto& [group, topic] : now.group_topic) {
    ++s.now_groups[topic];
    const auto at = std::lower_bound(before.begin(), before.end(), std::pair<std::uint64_t, std::uint32_t>{group, 0});
    if (at != before.end() && at->first == group) pairs.push_back((std::uint64_t{topic} << 32) | at->second);
  }
  std::sort(pairs.begin(), pairs.end());
  for (const std::uint64_t p : pairs) {
    if (!s.counted.empty() && s.counted.back().first == p) {
      ++s.counted.back().second;
    } else {
      s.counted.emplace_back(p, 1);
    }
  }
  return s;
}

}  // namespace

TopicIdentity match_topics(const TopicSnapshot& previous, const TopicSnapshot& now) {
  const Shares s = count_shares(previous, now);
  // Each side's partner sharing the most (ties: the smaller number), and how much.
  std::vector<std::uint32_t> best_before(now.topics.size(), kNone), best_now(previous.topics.size(), kNone);
  std::vector<std::uint64_t> best_before_share(now.topics.size(), 0), best_now_share(previous.topics.size(), 0);
  for (const auto& [pair, share] : s.counted) {
    const auto t = static_cast<std::uint32_t>(pair >> 32);
    const auto o = static_cast<std::uint32_t>(pair & 0xffffffffU);
    if (share > best_before_share[t]) best_before_share[t] = share, best_before[t] = o;
    if (share > best_now_share[o] || (share == best_now_share[o] && t < best_now[o])) {
      best_now_share[o] = share, best_now[o] = t;
    }
  }
  const auto most_of = [](std::uint64_t share, std::uint64_t whole) { return share * 2 > whole; };

  TopicIdentity out;
  out.ids.assign(now.topics.size(), 0);
  std::vector<bool> carried(previous.topics.size(), false), keeps(now.topics.size(), false);
  std::unordered_set<std::uint64_t> taken;
  for (const auto& o : previous.topics) taken.insert(o.id);
  for (std::uint32_t t = 0; t < now.topics.size(); ++t) {
    const std::uint32_t o = best_before[t];
    if (o != kNone && most_of(best_before_share[t], s.now_groups[t]) && most_of(best_before_share[t], s.before_groups[o])) {
      out.ids[t] = previous.topics[o].id;
      carried[o] = keeps[t] = true;
    }
  }
  for (std::uint32_t t = 0; t < now.topics.size(); ++t) {
    const std::uint32_t o = best_before[t];
    TopicChange change;
    change.number = t;
    change.label = now.topics[t].label;
    change.after = now.topics[t].figures;
    if (keeps[t]) {
      change.kind = TopicChangeKind::same;
      change.before = previous.topics[o].figures;
    } else {
      std::uint64_t id = now.topics[t].id;
      while (id == 0 || taken.contains(id)) id = next_topic_id(id);
      out.ids[t] = id;
      if (o != kNone && most_of(best_before_share[t], s.now_groups[t])) {
        change.kind = TopicChangeKind::split;
        change.other = previous.topics[o].id;
      } else {
        change.kind = TopicChangeKind::new_topic;
      }
    }
    taken.insert(out.ids[t]);
    change.id = out.ids[t];
    out.changes.push_back(std::move(change));
  }
  for (std::uint32_t o = 0; o < previous.topics.size(); ++o) {
    if (carried[o]) continue;
    TopicChange change;
    change.number = o;
    change.id = previous.topics[o].id;
    change.label = previous.topics[o].label;
    change.before = previous.topics[o].figures;
    const std::uint32_t t = best_now[o];
    if (t != kNone && most_of(best_now_share[o], s.before_groups[o])) {
      change.kind = TopicChangeKind::merged;
      change.other = out.ids[t];
    } else {
      change.kind = TopicChangeKind::gone;
    }
    out.changes.push_back(std::move(change));
  }
  return out;
}

}  // namespace paa::topics
