// The applier of a shard claim: recorded on a job's first run, checked against the record on
// every later one (plan_shard_claim).
#include "writer_apply.hpp"

#include "codec.hpp"

namespace paa::store_detail {

Result<void> apply_shard_claim(const ShardMark& mark, ApplyContext& ctx) {
  if (auto r = ctx.check_job(mark.job); !r) return r;
  RocksStore& store = ctx.store();
  const std::string key = std::string(kMetaShardPrefix) + mark.job;
  auto recorded = store.decoded(ctx.read(store.meta, key, "reading the shard record"), kMetaFamily, key, decode_shard);
  if (!recorded) return recorded.error();
  bool ran_before = false;
  if (!*recorded) {
    auto ran = ctx.exists(store.meta, std::string(kMetaRunPrefix) + mark.job, "reading run info");
    if (!ran) return ran.error();
    ran_before = *ran;
  }
  auto claim = plan_shard_claim(*recorded, ran_before, mark.job, mark.shard);
  if (!claim) return prefixed(store_name(store.dir()) + " ", claim.error());
  if (*claim) ctx.batch().put_shard(mark.job, **claim);
  return {};
}

}  // namespace paa::store_detail
