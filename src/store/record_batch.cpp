#include "record_batch.hpp"

#include "codec.hpp"

namespace paa::store_detail {

void Overlay::merge_from(Overlay&& other) {
  while (!other.map_.empty()) {
    auto node = other.map_.extract(other.map_.begin());
    auto it = map_.find(node.key());
    if (it != map_.end()) {
      it->second = std::move(node.mapped());
    } else {
      map_.insert(std::move(node));
    }
  }
}

void RecordBatch::put(rocksdb::ColumnFamilyHandle* cf, std::string key, std::string value) {
  batch_.Put(cf, key, value);
  if (overlay_ != nullptr) overlay_->set(cf, std::move(key), std::move(value));
}

void RecordBatch::put_service_reached(std::string_view service, std::int64_t at_ms) {
  put(store_.meta, std::string(kMetaReachedPrefix) + std::string(service), std::to_string(at_ms));
}

void RecordBatch::remove(rocksdb::ColumnFamilyHandle* cf, std::string key) {
  batch_.Delete(cf, key);
  if (overlay_ != nullptr) overlay_->set(cf, std::move(key), std::nullopt);
}

void RecordBatch::put_result(const StoredResult& result) {
  put(store_.results, result.key, encode_result(result));
}

void RecordBatch::put_history(std::string_view key, std::int64_t slot, const StoredResult& version) {
  put_history(key, slot, encode_result(version));
}

void RecordBatch::put_history(std::string_view key, std::int64_t slot, std::string bytes) {
  put(store_.history, history_key(key, slot), std::move(bytes));
}

void RecordBatch::put_progress(std::string_view job, std::string_view key, const ProgressEntry& entry) {
  put(store_.progress, progress_key(job, key), encode_progress(entry));
}

void RecordBatch::put_quota(const QuotaState& quota) {
  put(store_.meta, std::string(kMetaQuota), encode_quota(quota));
}

void RecordBatch::put_named_run(std::string_view run_id, const RunInfo& run) {
  if (run_id.empty()) return;
  put(store_.meta, std::string(kMetaRunsPrefix) + std::string(run_id), encode_run(run));
}

void RecordBatch::put_last_run(std::string_view job, const RunInfo& run) {
  put(store_.meta, std::string(kMetaRunPrefix) + std::string(job), encode_run(run));
}

void RecordBatch::put_shard(std::string_view job, const ShardClaim& shard) {
  put(store_.meta, std::string(kMetaShardPrefix) + std::string(job), encode_shard(shard));
}

void RecordBatch::put_expansion_step(std::string_view job, const ExpansionStep& step) {
  for (const auto& key : step.keys) {
    put(store_.expansion, lineage_key(job, key.encoded), encode_lineage(key.lineage));
    put(store_.expansion, level_key(job, step.level, key.seq), encode_level_key(key));
  }
  for (const auto& seed : step.seeds) put(store_.expansion, seed_record_key(job, seed), encode_seed_round(step.seeds_round));
  put(store_.expansion, expansion_state_key(job), encode_expansion_state(step.state));
}

Result<void> RecordBatch::commit(bool sync, std::string_view what) {
  if (batch_.Count() == 0 && !sync) return {};
  rocksdb::WriteOptions wo;
  wo.sync = sync;
  auto s = store_.db()->Write(wo, &batch_);
  if (!s.ok()) return rocks_error(store_.dir(), what, s);
  batch_.Clear();
  return {};
}

}  // namespace paa::store_detail
