#pragma once
// Internal: a family of several stores walked as one, key by key (a k-way merge of cursors),
// for a union of stores (store_union.cpp) and `paa merge` (store_merge.cpp). Stores are few
// (shards of a job), so the smallest key is found by a linear pass rather than a heap.
#include "codec.hpp"
#include "engine.hpp"
#include "merge_rules.hpp"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace paa::store_detail {

// One store's cursor over a family range, with the store for error messages.
struct Source {
  const RocksStore* store;
  std::unique_ptr<RocksStore::Cursor> cursor;
};

// A cursor per store over `prefix` of the family `family` names.
inline std::vector<Source> open_sources(const std::vector<std::unique_ptr<RocksStore>>& stores,
                                        rocksdb::ColumnFamilyHandle* RocksStore::*family, std::string_view prefix) {
  std::vector<Source> sources;
  sources.reserve(stores.size());
  for (const auto& store : stores) {
    sources.push_back(Source{store.get(), std::make_unique<RocksStore::Cursor>(*store, (*store).*family, prefix)});
  }
  return sources;
}

// Calls `visit(key, at)` for each key in order, where `at` lists the sources whose cursor is
// at that key (in the stores' order); then advances them. Stops when visit returns false or
// fails.
template <class Visit>
Result<void> merge_scan(std::vector<Source>& sources, std::string_view what, Visit&& visit) {
  std::vector<Source*> at_key;
  for (;;) {
    std::optional<std::string_view> smallest;
    for (auto& s : sources) {
      if (!s.cursor->valid()) {
        if (!s.cursor->status().ok()) return rocks_error(s.store->dir(), what, s.cursor->status());
        continue;
      }
      if (!smallest || s.cursor->key() < *smallest) smallest = s.cursor->key();
    }
    if (!smallest) return {};
    at_key.clear();
    for (auto& s : sources) {
      if (s.cursor->valid() && s.cursor->key() == *smallest) at_key.push_back(&s);
    }
    const std::string key(*smallest);  // the cursors move below
    Result<bool> go = visit(key, at_key);
    if (!go) return go.error();
    if (!*go) return {};
    for (auto* s : at_key) s->cursor->next();
  }
}

// A job's progress in several stores, key by key, as one: where stores disagree, the entry
// better_progress picks. `visit(key, entry)` -> Result<bool>; false stops.
template <class Visit>
Result<void> scan_progress_of(const std::vector<std::unique_ptr<RocksStore>>& stores, std::string_view job,
                              Visit&& visit) {
  const std::string prefix = progress_prefix(job);
  auto sources = open_sources(stores, &RocksStore::progress, prefix);
  return merge_scan(sources, "scanning job progress",
                    [&](const std::string& key, const std::vector<Source*>& at) -> Result<bool> {
                      std::optional<ProgressEntry> best;
                      for (auto* s : at) {
                        auto p = decode_progress(s->cursor->value());
                        if (!p) return s->store->damaged(kProgressFamily, key);
                        if (!best || better_progress(*p, *best)) best = std::move(p);
                      }
                      return visit(std::string_view(key).substr(prefix.size()), *best);
                    });
}

}  // namespace paa::store_detail
