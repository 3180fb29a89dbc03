#include "merge_rules.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace paa::store_detail {
namespace {

// One version of a key: the same fetch of the same answer, wherever it is stored.
bool same_version(const StoredResult& a, const StoredResult& b) {
  return a.fetched_at_ms == b.fetched_at_ms && a.unchanged_since_ms == b.unchanged_since_ms &&
         a.cached == b.cached && a.body == b.body;
}

// Every field: a record the target holds like this needs no write.
bool same_record(const StoredResult& a, const StoredResult& b) {
  return same_version(a, b) && a.key == b.key && a.q == b.q && a.hl == b.hl && a.gl == b.gl && a.city == b.city &&
         a.run_id == b.run_id && a.first_run_id == b.first_run_id && a.first_cached == b.first_cached &&
         a.quota.searches_left == b.quota.searches_left && a.quota.payg_credits_left == b.quota.payg_credits_left &&
         a.quota.renewal_date == b.quota.renewal_date;
}

struct Candidate {
  const StoredResult* version;
  std::optional<std::int64_t> slot;  // the target's history slot
  bool target = false;               // held by the target (history or current)
};

void spell_like(StoredResult& r, const StoredResult& first) {
  r.q = first.q;
  r.hl = first.hl;
  r.gl = first.gl;
  r.city = first.city;
}

}  // namespace

KeyMerge plan_key_merge(const HeldVersions& target, std::span<const HeldVersions> sources) {
  std::vector<Candidate> all;
  auto add = [&](const StoredResult& v, std::optional<std::int64_t> slot, bool in_target) {
    for (const auto& c : all) {
      if (same_version(*c.version, v)) return;
    }
    all.push_back(Candidate{&v, slot, in_target});
  };
  for (const auto& [slot, v] : target.history) add(v, slot, true);
  if (target.current) add(*target.current, std::nullopt, true);
  for (const auto& source : sources) {
    for (const auto& [slot, v] : source.history) add(v, std::nullopt, false);
    if (source.current) add(*source.current, std::nullopt, false);
  }
  KeyMerge out;
  if (all.empty()) return out;
  // The newest fetch is current; a source's beats the target's on a tie (as a merge always did).
  std::size_t current = 0;
  std::size_t earliest = 0;
  for (std::size_t i = 1; i < all.size(); ++i) {
    const StoredResult& v = *all[i].version;
    const StoredResult& best = *all[current].version;
    if (v.fetched_at_ms > best.fetched_at_ms ||
        (v.fetched_at_ms == best.fetched_at_ms && all[current].target && !all[i].target)) {
      current = i;
    }
    const StoredResult& first = *all[earliest].version;
    if (std::pair(v.unchanged_since_ms, v.fetched_at_ms) < std::pair(first.unchanged_since_ms, first.fetched_at_ms)) {
      earliest = i;
    }
  }
  const StoredResult& spelling = *all[earliest].version;

  StoredResult now = *all[current].version;
  spell_like(now, spelling);
  if (!target.current || !same_record(*target.current, now)) out.current = std::move(now);

  std::set<std::int64_t> taken;
  for (const auto& [slot, v] : target.history) taken.insert(slot);
  std::vector<std::size_t> homeless;  // versions that need a slot, oldest first
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (i == current) continue;
    if (all[i].slot) {
      StoredResult kept = *all[i].version;
      spell_like(kept, spelling);
      if (!same_record(kept, *all[i].version)) out.history.emplace_back(*all[i].slot, std::move(kept));
    } else {
      homeless.push_back(i);
    }
  }
  std::stable_sort(homeless.begin(), homeless.end(), [&](std::size_t a, std::size_t b) {
    const StoredResult& x = *all[a].version;
    const StoredResult& y = *all[b].version;
    return std::pair(x.unchanged_since_ms, x.fetched_at_ms) < std::pair(y.unchanged_since_ms, y.fetched_at_ms);
  });
  for (std::size_t i : homeless) {
    StoredResult v = *all[i].version;
    spell_like(v, spelling);
    std::int64_t slot = std::max<std::int64_t>(0, v.unchanged_since_ms);
    while (!taken.insert(slot).second) ++slot;
    out.history.emplace_back(slot, std::move(v));
  }
  return out;
}

RunInfo combine_runs(std::span<const RunInfo> runs) {
  RunInfo out;
  if (runs.empty()) return out;
  out = runs.front();
  bool running = false;
  std::vector<std::string> outcomes;
  std::optional<RunMoney> money;
  RunChanges changes;
  for (const auto& r : runs) {
    if (r.run_id != out.run_id) out.run_id.clear();
    if (r.job != out.job) out.job.clear();
    out.started_at_ms = std::min(out.started_at_ms, r.started_at_ms);
    out.ended_at_ms = std::max(out.ended_at_ms, r.ended_at_ms);
    running = running || r.ended_at_ms == 0;
    if (!r.outcome.empty() && std::find(outcomes.begin(), outcomes.end(), r.outcome) == outcomes.end()) {
      outcomes.push_back(r.outcome);
    }
    if (r.money) {
      if (!money) money.emplace();
      money->requests += r.money->requests;
      money->stored += r.money->stored;
      money->charged += r.money->charged;
      money->unknown += r.money->unknown;
      money->unknown_disproved += r.money->unknown_disproved;
      if (r.money->balance_fall) money->balance_fall = money->balance_fall.value_or(0) + *r.money->balance_fall;
    }
    changes.new_keys += r.changes.new_keys;
    changes.changed += r.changes.changed;
    changes.unchanged += r.changes.unchanged;
  }
  out.money = money;
  out.changes = changes;
  out.outcome.clear();
  if (running) {
    out.ended_at_ms = 0;
  } else {
    for (const auto& o : outcomes) out.outcome += (out.outcome.empty() ? "" : "+") + o;
  }
  return out;
}

Result<std::vector<RunInfo>> plan_run_merge(const std::vector<RunInfo>& target,
                                            const std::vector<std::vector<RunInfo>>& sources,
                                            const std::vector<std::string>& names, const std::string& target_name) {
  // By id, in the order met; the runs of one id with where each came from.
  std::map<std::string, std::vector<std::pair<RunInfo, std::string>>> by_id;
  std::vector<std::string> order;
  for (std::size_t s = 0; s < sources.size(); ++s) {
    for (const auto& run : sources[s]) {
      if (run.run_id.empty()) continue;  // runs from before run ids are not listed
      auto& same = by_id[run.run_id];
      if (same.empty()) order.push_back(run.run_id);
      same.emplace_back(run, s < names.size() ? names[s] : std::string());
    }
  }
  auto refuse = [](const std::string& id, const std::pair<RunInfo, std::string>& a,
                   const std::pair<RunInfo, std::string>& b) {
    return make_error(errc::invalid_input,
                      "run " + id + " is a run of job '" + a.first.job + "' in " + a.second + " and of job '" +
                          b.first.job + "' in " + b.second +
                          ": one store cannot hold both under one name; merge them into separate stores");
  };
  for (const auto& [id, same] : by_id) {
    for (const auto& other : same) {
      if (other.first.job != same.front().first.job) return refuse(id, same.front(), other);
    }
  }
  for (const auto& run : target) {
    auto it = by_id.find(run.run_id);
    if (it != by_id.end() && it->second.front().first.job != run.job) {
      return refuse(run.run_id, it->second.front(), {run, target_name});
    }
  }
  std::vector<RunInfo> out;
  for (const auto& id : order) {
    std::vector<RunInfo> same;
    for (auto& [run, from] : by_id[id]) same.push_back(run);
    out.push_back(combine_runs(same));
  }
  return out;
}

ExpansionState combine_expansion_states(std::span<const ClaimedExpansion> states) {
  if (states.empty()) return ExpansionState{};
  ExpansionState shards;
  std::vector<std::uint32_t> indexes;
  for (const auto& [state, claim] : states) {
    if (!claim || std::find(indexes.begin(), indexes.end(), claim->index) != indexes.end()) return states.front().state;
    indexes.push_back(claim->index);
    shards.built = std::max(shards.built, state.built);
    if (shards.level_keys.size() < state.level_keys.size()) shards.level_keys.resize(state.level_keys.size(), 0);
    for (std::size_t l = 0; l < state.level_keys.size(); ++l) shards.level_keys[l] += state.level_keys[l];
  }
  return shards;
}

}  // namespace paa::store_detail
