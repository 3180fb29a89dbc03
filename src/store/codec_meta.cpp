// The codec of the meta family's JSON values: the quota, shard claims and runs.
#include "codec.hpp"

#include "codec_json.hpp"

#include <cstdint>

namespace paa::store_detail {
namespace json = boost::json;

std::string encode_quota(const QuotaState& q) {
  json::object o;
  o["searches_left"] = optional_int(q.searches_left);
  o["payg_credits_left"] = optional_int(q.payg_credits_left);
  o["renewal_date"] =
      q.renewal_date ? json::value(format_date(*q.renewal_date)) : json::value(nullptr);
  o["seen_at_ms"] = q.seen_at_ms;
  o["exhausted_until_ms"] = optional_int(q.exhausted_until_ms);
  return json::serialize(o);
}

std::optional<QuotaState> decode_quota(std::string_view text) {
  const auto object = parse_object(text);
  if (!object) return std::nullopt;
  const auto& o = *object;
  QuotaState q;
  std::optional<std::int64_t> seen;
  if (!read_optional_int(o, "searches_left", q.searches_left) ||
      !read_optional_int(o, "payg_credits_left", q.payg_credits_left) ||
      !read_optional_int(o, "seen_at_ms", seen) ||
      !read_optional_int(o, "exhausted_until_ms", q.exhausted_until_ms))
    return std::nullopt;
  q.seen_at_ms = seen.value_or(0);
  if (const json::value* d = o.if_contains("renewal_date"); d != nullptr && !d->is_null()) {
    if (!d->is_string()) return std::nullopt;
    q.renewal_date = parse_date(d->get_string());
    if (!q.renewal_date) return std::nullopt;
  }
  return q;
}

std::string encode_shard(const ShardClaim& s) {
  return json::serialize(json::object{{"index", s.index}, {"count", s.count}, {"hash", s.hash_version}});
}

std::optional<ShardClaim> decode_shard(std::string_view text) {
  const auto object = parse_object(text);
  if (!object) return std::nullopt;
  std::optional<std::int64_t> index, count, hash;
  const auto& o = *object;
  if (!read_optional_int(o, "index", index) || !read_optional_int(o, "count", count) ||
      !read_optional_int(o, "hash", hash) || !index || !count || !hash)
    return std::nullopt;
  return ShardClaim{static_cast<std::uint32_t>(*index), static_cast<std::uint32_t>(*count),
                    static_cast<std::uint32_t>(*hash)};
}

std::string encode_run(const RunInfo& r) {
  json::object o;
  if (!r.run_id.empty()) o["run_id"] = r.run_id;
  if (!r.job.empty()) o["job"] = r.job;
  o["started_at_ms"] = r.started_at_ms;
  o["ended_at_ms"] = r.ended_at_ms;
  o["outcome"] = r.outcome;
  if (r.money) {
    const RunMoney& m = *r.money;
    json::object money{{"requests", m.requests},
                       {"stored", m.stored},
                       {"charged", m.charged},
                       {"unknown", m.unknown},
                       {"unknown_disproved", m.unknown_disproved}};
    if (m.balance_fall) money["balance_fall"] = *m.balance_fall;
    o["money"] = std::move(money);
  }
  if (r.reserved != 0) o["reserved"] = r.reserved;
  if (r.ended_at_ms != 0) {
    o["changes"] = json::object{{"new", r.changes.new_keys},
                                {"changed", r.changes.changed},
                                {"unchanged", r.changes.unchanged}};
  }
  return json::serialize(o);
}

std::optional<RunInfo> decode_run(std::string_view text) {
  const auto object = parse_object(text);
  if (!object) return std::nullopt;
  const auto& o = *object;
  RunInfo r;
  std::optional<std::int64_t> started, ended, reserved;
  if (!read_optional_int(o, "started_at_ms", started) ||
      !read_optional_int(o, "ended_at_ms", ended) || !read_optional_int(o, "reserved", reserved))
    return std::nullopt;
  r.reserved = count_of(reserved);
  r.started_at_ms = started.value_or(0);
  r.ended_at_ms = ended.value_or(0);
  if (const json::value* s = o.if_contains("outcome"); s != nullptr && s->is_string())
    r.outcome = std::string(s->get_string());
  if (const json::value* s = o.if_contains("run_id"); s != nullptr && s->is_string())
    r.run_id = std::string(s->get_string());
  if (const json::value* s = o.if_contains("job"); s != nullptr && s->is_string())
    r.job = std::string(s->get_string());
  if (const json::value* c = o.if_contains("changes"); c != nullptr && c->is_object()) {
    std::optional<std::int64_t> fresh, changed, unchanged;
    const auto& co = c->get_object();
    if (!read_optional_int(co, "new", fresh) || !read_optional_int(co, "changed", changed) ||
        !read_optional_int(co, "unchanged", unchanged))
      return std::nullopt;
    r.changes = RunChanges{count_of(fresh), count_of(changed), count_of(unchanged)};
  }
  if (const json::value* m = o.if_contains("money"); m != nullptr && m->is_object()) {
    const auto& mo = m->get_object();
    std::optional<std::int64_t> requests, stored, charged, unknown, disproved, fall;
    if (!read_optional_int(mo, "requests", requests) || !read_optional_int(mo, "stored", stored) ||
        !read_optional_int(mo, "charged", charged) || !read_optional_int(mo, "unknown", unknown) ||
        !read_optional_int(mo, "unknown_disproved", disproved) ||
        !read_optional_int(mo, "balance_fall", fall))
      return std::nullopt;
    r.money = RunMoney{count_of(requests), count_of(stored), count_of(charged), count_of(unknown), count_of(disproved), fall};
  }
  return r;
}

}  // namespace paa::store_detail
