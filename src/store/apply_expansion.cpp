// The applier of a level pass's step: the keys it admitted and the job's state after it, in
// one batch (all or nothing).
#include "writer_apply.hpp"

namespace paa::store_detail {

Result<void> apply_expansion(const ExpansionWrite& write, ApplyContext& ctx) {
  if (auto r = ctx.check_job(write.job); !r) return r;
  ctx.batch().put_expansion_step(write.job, write.step);
  return {};
}

}  // namespace paa::store_detail
