#pragma once
// Internal: the engine's write path. Records go into one RocksDB WriteBatch as the codec's bytes
// under the engine's families and keys, and commit all or nothing: the writer (writer_thread.cpp)
// puts a request's records in one, `paa merge` a key's versions. A batch can note what it puts
// in an Overlay, which the writer reads before the batch commits (read-your-writes in a group).
#include "engine.hpp"
#include "write_rules.hpp"

#include "paa/store/expansion.hpp"
#include "paa/store/records.hpp"

#include <rocksdb/write_batch.h>

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace paa::store_detail {

// Values written earlier in the current group, per family: nullopt = deleted.
class Overlay {
 public:
  // Looked up with a string_view: no key copy (and allocation) per read.
  using Key = std::pair<const void*, std::string>;
  struct Less {
    using is_transparent = void;
    static std::pair<const void*, std::string_view> view(const Key& k) { return {k.first, k.second}; }
    static std::pair<const void*, std::string_view> view(const std::pair<const void*, std::string_view>& k) {
      return k;
    }
    template <class A, class B>
    bool operator()(const A& a, const B& b) const {
      return view(a) < view(b);
    }
  };
  const std::optional<std::string>* find(const void* cf, std::string_view key) const {
    auto it = map_.find(std::pair<const void*, std::string_view>{cf, key});
    return it == map_.end() ? nullptr : &it->second;
  }
  void set(const void* cf, std::string key, std::optional<std::string> value) {
    map_.insert_or_assign(Key{cf, std::move(key)}, std::move(value));
  }
  // Moves the other's entries over (keys are not copied); a later value replaces an earlier one.
  void merge_from(Overlay&& other);
  void clear() { map_.clear(); }

 private:
  std::map<Key, std::optional<std::string>, Less> map_;
};

class RecordBatch {
 public:
  explicit RecordBatch(const RocksStore& store) : store_(store) {}
  RecordBatch(const RecordBatch&) = delete;
  RecordBatch& operator=(const RecordBatch&) = delete;

  // Where puts and removals are noted too (nullptr: nowhere).
  void note_into(Overlay* overlay) { overlay_ = overlay; }
  rocksdb::WriteBatch& batch() { return batch_; }  // save points
  std::uint32_t count() const { return batch_.Count(); }
  std::size_t bytes() const { return batch_.GetDataSize(); }

  void put(rocksdb::ColumnFamilyHandle* cf, std::string key, std::string value);
  void remove(rocksdb::ColumnFamilyHandle* cf, std::string key);

  void put_result(const StoredResult& result);  // under result.key
  // A version in the key's history under `slot` (its unchanged-since time, or the free one after).
  void put_history(std::string_view key, std::int64_t slot, const StoredResult& version);
  void put_history(std::string_view key, std::int64_t slot, std::string bytes);  // as stored
  void put_progress(std::string_view job, std::string_view key, const ProgressEntry& entry);
  void put_quota(const QuotaState& quota);
  void put_service_reached(std::string_view service, std::int64_t at_ms);  // meta reached/<service>
  void put_named_run(std::string_view run_id, const RunInfo& run);  // meta runs/<id>; none without an id
  void put_last_run(std::string_view job, const RunInfo& run);      // meta run/<job>
  void put_shard(std::string_view job, const ShardClaim& shard);
  void put_expansion_step(std::string_view job, const ExpansionStep& step);

  // Writes the batch (fsyncs the WAL first with `sync`) and empties it; "<what> failed" else.
  Result<void> commit(bool sync, std::string_view what);

 private:
  const RocksStore& store_;
  rocksdb::WriteBatch batch_;
  Overlay* overlay_ = nullptr;
};

}  // namespace paa::store_detail
