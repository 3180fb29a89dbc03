// The appliers of a key marked done (stored by an earlier run or job) or failed for good: the
// job's progress entry, as plan_mark_done and plan_mark_failed decide.
#include "writer_apply.hpp"

#include "paa/model/clock.hpp"

namespace paa::store_detail {

Result<void> apply_mark_done(const std::string& job, const MarkDone& mark, const SeedAttributes& attrs,
                             ApplyContext& ctx) {
  RocksStore& store = ctx.store();
  auto stored = ctx.exists(store.results, mark.key, "reading a result");
  if (!stored) return stored.error();
  auto existing = ctx.read_progress(job, mark.key);
  if (!existing) return existing.error();
  auto entry = plan_mark_done(*stored, *existing, unix_now_ms(), attrs);
  if (!entry) return prefixed(store_name(store.dir()) + ": ", entry.error());
  if (*entry) ctx.batch().put_progress(job, mark.key, **entry);
  return {};
}

Result<void> apply_mark_failed(const std::string& job, const MarkFailed& mark, const SeedAttributes& attrs,
                               ApplyContext& ctx) {
  auto existing = ctx.read_progress(job, mark.key);
  if (!existing) return existing.error();
  if (auto entry = plan_mark_failed(mark, *existing, unix_now_ms(), attrs)) {
    ctx.batch().put_progress(job, mark.key, *entry);
  }
  return {};
}

}  // namespace paa::store_detail
