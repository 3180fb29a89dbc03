// The applier of a run's records: its start (named, and results stored after it carry its
// name) and its end, over what its start recorded and what this writer stored since it opened.
#include "writer_apply.hpp"

#include "codec.hpp"

#include <algorithm>

namespace paa::store_detail {

std::string run_record_key(const RunMark& mark) {
  return mark.run_id.empty() ? std::string(kMetaRunPrefix) + mark.job : std::string(kMetaRunsPrefix) + mark.run_id;
}

Result<void> apply_run_record(const RunMark& mark, ApplyContext& ctx) {
  if (auto r = ctx.check_job(mark.job); !r) return r;
  RocksStore& store = ctx.store();
  RunInfo info;
  if (mark.start) {
    info = run_started(mark.job, mark.run_id, mark.at_ms);
    ctx.run_id_for_results = mark.run_id;  // results stored from now on carry it
  } else {
    const std::string record = run_record_key(mark);
    auto recorded = store.decoded(ctx.read(store.meta, record, "reading run info"), kMetaFamily, record, decode_run);
    if (!recorded) return recorded.error();
    // Everything this writer stored, including what this group applied before this mark.
    info = run_ended(std::move(*recorded).value_or(RunInfo{}), mark.at_ms, mark.outcome, mark.money, ctx.so_far);
  }
  ctx.batch().put_named_run(mark.run_id, info);
  ctx.batch().put_last_run(mark.job, info);
  return {};
}

Result<void> apply_budget_reserve(const std::string& job, const BudgetReserve& reserve, ApplyContext& ctx) {
  if (ctx.run_id_for_results.empty()) {
    return make_error(errc::invalid_input, "a budget reservation outside a run (record the run's start first)");
  }
  RocksStore& store = ctx.store();
  RunMark mark;
  mark.job = job;
  mark.run_id = ctx.run_id_for_results;
  const std::string record = run_record_key(mark);
  auto recorded = store.decoded(ctx.read(store.meta, record, "reading run info"), kMetaFamily, record, decode_run);
  if (!recorded) return recorded.error();
  RunInfo info = std::move(*recorded).value_or(RunInfo{});
  info.reserved = std::max(info.reserved, reserve.reserved);
  ctx.batch().put_named_run(mark.run_id, info);
  ctx.batch().put_last_run(job, info);
  return {};
}

}  // namespace paa::store_detail
