// The applier of the quota: saved alone (QuotaOnly, save_quota), or with a write request (its
// quota and the service it reached, in the batch of its item).
#include "writer_apply.hpp"

#include "paa/model/clock.hpp"

namespace paa::store_detail {

Result<void> apply_quota(const QuotaOnly& quota, ApplyContext& ctx) {
  ctx.batch().put_quota(quota.quota);
  return {};
}

void apply_request_quota(const WriteRequest& request, ApplyContext& ctx) {
  if (request.quota) ctx.batch().put_quota(*request.quota);
  if (!request.reached_service.empty()) ctx.batch().put_service_reached(request.reached_service, unix_now_ms());
}

}  // namespace paa::store_detail
