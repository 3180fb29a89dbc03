// paa prune: which old versions go, key by key (versions_to_drop over each key's spans), and
// the applier that removes them, in batches of whole keys so that each key is pruned or not.
#include "writer_apply.hpp"

#include "codec.hpp"

namespace paa::store_detail {

bool prune_key(std::vector<std::string>& history_keys, std::vector<VersionSpan>& spans,
               std::int64_t current_since_ms, const PruneRule& rule, std::vector<std::string>& dropped,
               PruneCounts& counts) {
  spans.push_back(VersionSpan{current_since_ms, 0});
  // Each older version lasted until the next one began.
  for (std::size_t i = 0; i + 1 < spans.size(); ++i) spans[i].until_ms = spans[i + 1].since_ms;
  const auto drop = versions_to_drop(spans, rule);
  ++counts.keys;
  bool any = false;
  for (std::size_t i = 0; i < history_keys.size(); ++i) {
    if (drop[i]) {
      dropped.push_back(std::move(history_keys[i]));
      ++counts.removed;
      any = true;
    } else {
      ++counts.kept;
    }
  }
  return any;
}

Result<PruneCounts> plan_prune(const RocksStore& store, const PruneRule& rule,
                               const std::function<Result<void>(HistoryDrop)>& drop) {
  PruneCounts counts;
  if (store.history == nullptr) return counts;
  // A key's versions are adjacent in the history family, oldest first.
  constexpr std::size_t kKeysPerBatch = 512;
  HistoryDrop pending;
  std::size_t pending_keys = 0;
  std::string key;
  std::vector<std::string> history_keys;
  std::vector<VersionSpan> spans;
  auto flush = [&]() -> Result<void> {
    if (pending.history_keys.empty()) return {};
    auto r = drop(std::move(pending));
    pending = HistoryDrop{};
    pending_keys = 0;
    return r;
  };
  auto decide = [&]() -> Result<void> {
    if (key.empty()) return {};
    auto current = store.get_result(key, /*fill_cache=*/false);
    if (!current) return current.error();
    if (!*current) return {};  // cannot happen: a version is kept only on a refresh
    const bool any = prune_key(history_keys, spans, (*current)->unchanged_since_ms, rule, pending.history_keys, counts);
    if (any && ++pending_keys >= kKeysPerBatch) return flush();
    return {};
  };
  RocksStore::Cursor c(store, store.history, "");
  for (; c.valid(); c.next()) {
    const std::string_view k = c.key();
    const auto split = split_history_key(k);
    if (!split) return store.damaged(kHistoryFamily, k);
    const std::string_view owner = split->key;
    if (owner != key) {
      if (auto r = decide(); !r) return r.error();
      key.assign(owner);
      history_keys.clear();
      spans.clear();
    }
    auto version = decode_result(owner, c.value());
    if (!version) return store.damaged(kHistoryFamily, k);
    history_keys.emplace_back(k);
    spans.push_back(VersionSpan{version->unchanged_since_ms, 0});
  }
  if (!c.status().ok()) return rocks_error(store.dir(), "reading result history", c.status());
  if (auto r = decide(); !r) return r.error();
  if (auto r = flush(); !r) return r.error();
  return counts;
}

Result<void> apply_history_drop(HistoryDrop& drop, ApplyContext& ctx) {
  for (auto& k : drop.history_keys) ctx.batch().remove(ctx.store().history, std::move(k));
  return {};
}

}  // namespace paa::store_detail
