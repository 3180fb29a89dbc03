// The applier of a fetched result (PutResult): the result, the version it replaced (to
// history, when the answer changed) and the job's progress entry, as plan_put decides.
#include "writer_apply.hpp"

#include "codec.hpp"
#include "paa/model/clock.hpp"

namespace paa::store_detail {

Result<void> apply_put(const std::string& job, PutResult& put, const SeedAttributes& attrs, ApplyContext& ctx) {
  RocksStore& store = ctx.store();
  StoredResult& result = put.result;
  if (!decode_key(result.key)) {
    return make_error(errc::store, store_name(store.dir()) + ": refusing a result with a malformed key");
  }
  auto old_raw = ctx.read(store.results, result.key, "reading a result");
  if (!old_raw) return old_raw.error();
  std::optional<StoredResult> old;
  if (*old_raw) {
    old = decode_result(result.key, **old_raw);
    if (!old) return store.damaged(kResultsFamily, result.key);
  }
  const auto plan = plan_put(put, std::move(old), ctx.run_id_for_results, unix_now_ms(), attrs);
  ctx.put_kind = plan.kind;
  if (plan.history_since) {
    auto slot = free_history_slot(*plan.history_since, [&](std::int64_t ms) {
      return ctx.exists(store.history, history_key(result.key, ms), "reading result history");
    });
    if (!slot) return slot.error();
    ctx.batch().put_history(result.key, *slot, std::move(**old_raw));  // the old value as it is stored
  }
  ctx.batch().put_result(result);
  ctx.batch().put_progress(job, result.key, plan.progress);
  return {};
}

}  // namespace paa::store_detail
