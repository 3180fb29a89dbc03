// The appliers' shared reads, the dispatch of an operation to its applier, and a write request
// (its item's applier, then its quota).
#include "writer_apply.hpp"

#include "codec.hpp"

namespace paa::store_detail {

Result<std::optional<std::string>> ApplyContext::read(rocksdb::ColumnFamilyHandle* cf, std::string_view key,
                                                      std::string_view what) const {
  if (auto* v = mine_.find(cf, key)) return *v;
  if (auto* v = group_.find(cf, key)) return *v;
  return store_.get(cf, key, what);
}

Result<bool> ApplyContext::exists(rocksdb::ColumnFamilyHandle* cf, std::string_view key,
                                  std::string_view what) const {
  if (auto* v = mine_.find(cf, key)) return v->has_value();
  if (auto* v = group_.find(cf, key)) return v->has_value();
  return store_.exists(cf, key, what);
}

Result<std::optional<ProgressEntry>> ApplyContext::read_progress(std::string_view job, std::string_view key) const {
  const std::string pkey = progress_key(job, key);
  return store_.decoded(read(store_.progress, pkey, "reading job progress"), kProgressFamily, pkey, decode_progress);
}

Result<void> ApplyContext::check_job(std::string_view job) const {
  if (valid_job_name(job)) return {};
  return make_error(errc::invalid_input, store_name(store_.dir()) + ": invalid job name '" + std::string(job) +
                                             "': it must be non-empty and contain no NUL character");
}

Result<void> apply_op(WriterOp& op, ApplyContext& ctx) {
  struct Dispatch {
    ApplyContext& ctx;
    Result<void> operator()(WriteRequest& request) const { return apply_request(request, ctx); }
    Result<void> operator()(RunMark& mark) const { return apply_run_record(mark, ctx); }
    Result<void> operator()(QuotaOnly& quota) const { return apply_quota(quota, ctx); }
    Result<void> operator()(ShardMark& mark) const { return apply_shard_claim(mark, ctx); }
    Result<void> operator()(ExpansionWrite& write) const { return apply_expansion(write, ctx); }
    Result<void> operator()(HistoryDrop& drop) const { return apply_history_drop(drop, ctx); }
  };
  return std::visit(Dispatch{ctx}, op);
}

const std::string* request_key(const WriteRequest& request) {
  if (auto* put = std::get_if<PutResult>(&request.item)) return &put->result.key;
  if (auto* failed = std::get_if<MarkFailed>(&request.item)) return &failed->key;
  if (auto* done = std::get_if<MarkDone>(&request.item)) return &done->key;
  return nullptr;
}

namespace {

// The attributes the request's progress entry records: its own, or (keep_attrs) the entry's.
Result<SeedAttributes> request_attributes(WriteRequest& request, const ApplyContext& ctx) {
  if (!request.keep_attrs) return std::move(request.attrs);
  const std::string* key = request_key(request);
  if (key == nullptr) return SeedAttributes();
  auto existing = ctx.read_progress(request.job, *key);
  if (!existing) return existing.error();
  return *existing ? std::move((*existing)->attrs) : SeedAttributes();
}

}  // namespace

Result<void> apply_request(WriteRequest& request, ApplyContext& ctx) {
  if (auto r = ctx.check_job(request.job); !r) return r;
  auto attrs = request_attributes(request, ctx);
  if (!attrs) return attrs.error();
  auto applied = std::visit(
      [&](auto& item) -> Result<void> {
        using Item = std::decay_t<decltype(item)>;
        if constexpr (std::is_same_v<Item, PutResult>) return apply_put(request.job, item, *attrs, ctx);
        if constexpr (std::is_same_v<Item, MarkDone>) return apply_mark_done(request.job, item, *attrs, ctx);
        if constexpr (std::is_same_v<Item, MarkFailed>) return apply_mark_failed(request.job, item, *attrs, ctx);
        if constexpr (std::is_same_v<Item, BudgetReserve>) return apply_budget_reserve(request.job, item, ctx);
        return {};  // QuotaUpdate: its quota is the request's, below
      },
      request.item);
  if (!applied) return applied;
  apply_request_quota(request, ctx);
  return {};
}

}  // namespace paa::store_detail
