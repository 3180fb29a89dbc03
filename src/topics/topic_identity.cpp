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

bool no_topic_changed(const std::vector<TopicChange>& changes) {
  return std::all_of(changes.begin(), changes.end(), [](const TopicChange& c) {
    return c.kind == TopicChangeKind::same && c.before == c.after;
  });
}

TopicTrend trend_since(TopicTrend previous_trend, std::int64_t previous_made_ms, std::uint64_t previous_results,
                       std::vector<TopicChange> changes) {
  if (no_topic_changed(changes) && previous_trend.compared) return previous_trend;  // moved out
  return {true, previous_made_ms, previous_results, std::move(changes)};
}

std::uint64_t next_topic_id(std::uint64_t natural) {
  std::uint64_t z = natural + 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

namespace {

constexpr std::uint32_t kNone = ~std::uint32_t{0};

TopicSide side_of(const TopicSnapshot& snapshot) {
  TopicSide side;
  side.groups.assign(snapshot.topics.size(), 0);
  for (const auto& t : snapshot.topics) side.ids.push_back(t.id);
  for (const auto& [group, topic] : snapshot.group_topic) ++side.groups[topic];
  return side;
}

}  // namespace

void count_share(TopicShares& shares, std::uint64_t pair) {
  if (!shares.empty() && shares.back().first == pair) {
    ++shares.back().second;
  } else {
    shares.emplace_back(pair, 1);
  }
}

TopicShares count_shares(std::vector<std::uint64_t> pairs) {
  std::sort(pairs.begin(), pairs.end());
  TopicShares counted;
  for (const std::uint64_t p : pairs) count_share(counted, p);
  return counted;
}

TopicIdentity match_topic_ids(const TopicSide& previous, const TopicSide& now, const TopicShares& shares) {
  const std::size_t before_count = previous.ids.size(), now_count = now.ids.size();
  // Each side's partner sharing the most (ties: the smaller number), and how much.
  std::vector<std::uint32_t> best_before(now_count, kNone), best_now(before_count, kNone);
  std::vector<std::uint32_t> best_before_share(now_count, 0), best_now_share(before_count, 0);
  for (const auto& [pair, share] : shares) {
    const auto t = static_cast<std::uint32_t>(pair >> 32);
    const auto o = static_cast<std::uint32_t>(pair & 0xffffffffU);
    if (share > best_before_share[t]) best_before_share[t] = share, best_before[t] = o;
    if (share > best_now_share[o] || (share == best_now_share[o] && t < best_now[o])) {
      best_now_share[o] = share, best_now[o] = t;
    }
  }
  const auto most_of = [](std::uint64_t share, std::uint64_t whole) { return share * 2 > whole; };

  TopicIdentity out;
  out.ids.assign(now_count, 0);
  out.kept_from.assign(now_count, kNone);
  std::vector<bool> carried(before_count, false), keeps(now_count, false);
  for (std::uint32_t t = 0; t < now_count; ++t) {
    const std::uint32_t o = best_before[t];
    if (o != kNone && most_of(best_before_share[t], now.groups[t]) && most_of(best_before_share[t], previous.groups[o])) {
      out.ids[t] = previous.ids[o];
      out.kept_from[t] = o;
      carried[o] = keeps[t] = true;
    }
  }
  // Ids no new topic may take: the previous analysis's, and the new ones' own (distinct groups).
  const auto sorted = [](std::vector<std::uint64_t> ids) {
    std::sort(ids.begin(), ids.end());
    return ids;
  };
  const std::vector<std::uint64_t> previous_sorted = sorted(previous.ids), now_sorted = sorted(now.ids);
  std::unordered_set<std::uint64_t> hashed;  // ids taken by hashing: rare
  const auto is_taken = [&](std::uint64_t id) {
    return id == 0 || std::binary_search(previous_sorted.begin(), previous_sorted.end(), id) ||
           std::binary_search(now_sorted.begin(), now_sorted.end(), id) || hashed.contains(id);
  };
  out.changes.reserve(now_count);
  for (std::uint32_t t = 0; t < now_count; ++t) {
    const std::uint32_t o = best_before[t];
    TopicChange change;
    change.number = t;
    if (keeps[t]) {
      change.kind = TopicChangeKind::same;
    } else {
      std::uint64_t id = now.ids[t];
      // Its own natural id is free unless a previous topic had it.
      if (id == 0 || std::binary_search(previous_sorted.begin(), previous_sorted.end(), id)) {
        do id = next_topic_id(id); while (is_taken(id));
        hashed.insert(id);
      }
      out.ids[t] = id;
      if (o != kNone && most_of(best_before_share[t], now.groups[t])) {
        change.kind = TopicChangeKind::split;
        change.other = previous.ids[o];
      } else {
        change.kind = TopicChangeKind::new_topic;
      }
    }
    change.id = out.ids[t];
    out.changes.push_back(std::move(change));
  }
  for (std::uint32_t o = 0; o < before_count; ++o) {
    if (carried[o]) continue;
    TopicChange change;
    change.number = o;
    change.id = previous.ids[o];
    const std::uint32_t t = best_now[o];
    if (t != kNone && most_of(best_now_share[o], previous.groups[o])) {
      change.kind = TopicChangeKind::merged;
      change.other = out.ids[t];
    } else {
      change.kind = TopicChangeKind::gone;
    }
    out.changes.push_back(std::move(change));
  }
  return out;
}

TopicIdentity match_topics(const TopicSnapshot& previous, const TopicSnapshot& now) {
  const TopicSide before = side_of(previous), after = side_of(now);
  std::vector<std::pair<std::uint64_t, std::uint32_t>> by_group = previous.group_topic;
  std::sort(by_group.begin(), by_group.end());
  std::vector<std::uint64_t> pairs;
  for (const auto& [group, topic] : now.group_topic) {
    const auto at = std::lower_bound(by_group.begin(), by_group.end(), std::pair<std::uint64_t, std::uint32_t>{group, 0});
    if (at != by_group.end() && at->first == group) pairs.push_back((std::uint64_t{topic} << 32) | at->second);
  }
  TopicIdentity identity = match_topic_ids(before, after, count_shares(std::move(pairs)));
  for (TopicChange& c : identity.changes) {
    const bool previous_side = c.kind == TopicChangeKind::merged || c.kind == TopicChangeKind::gone;
    if (previous_side) {
      c.label = previous.topics[c.number].label;
      c.before = previous.topics[c.number].figures;
      continue;
    }
    c.label = now.topics[c.number].label;
    c.after = now.topics[c.number].figures;
    if (c.kind == TopicChangeKind::same) c.before = previous.topics[identity.kept_from[c.number]].figures;
  }
  return identity;
}

}  // namespace paa::topics
