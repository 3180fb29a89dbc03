// The codec of results: the value of a key's current answer and of each older version.
#include "codec.hpp"

#include "codec_binary.hpp"

#include <chrono>
#include <cstdint>

namespace paa::store_detail {
namespace {

// Results only: V1 plus "unchanged since" and the run id (store format 3).
constexpr std::uint8_t kResultV2 = 2;

std::int64_t to_days(std::chrono::year_month_day d) {
  return std::chrono::sys_days(d).time_since_epoch().count();
}
std::chrono::year_month_day from_days(std::int64_t days) {
  return std::chrono::year_month_day(std::chrono::sys_days(std::chrono::days(days)));
}

enum ResultFlags : std::uint8_t {
  kCached = 1,
  kHasSearchesLeft = 2,
  kHasPayg = 4,
  kHasRenewal = 8,
  kFirstCached = 16,  // format 3: the first fetch of an unchanged stretch was cached
  kHasDigest = 32,    // format 6: the answer's tree_digest follows the quota fields
};

}  // namespace

std::string encode_result(const StoredResult& r) {
  std::string out;
  out.reserve(r.body.size() + r.q.size() + r.run_id.size() + 64);
  ByteWriter w(out);
  w.u8(kResultV2);
  w.str(r.q);
  w.str(r.hl);
  w.str(r.gl);
  w.str(r.city);
  w.i64(r.fetched_at_ms);
  // Usually equal to the fetch time: stored as the (small, non-negative) distance back from it.
  w.i64(r.fetched_at_ms - r.unchanged_since_ms);
  w.str(r.run_id);
  w.str(r.first_run_id);
  std::uint8_t flags = 0;
  if (r.cached) flags |= kCached;
  if (r.first_cached) flags |= kFirstCached;
  if (r.quota.searches_left) flags |= kHasSearchesLeft;
  if (r.quota.payg_credits_left) flags |= kHasPayg;
  if (r.quota.renewal_date) flags |= kHasRenewal;
  if (r.tree_digest) flags |= kHasDigest;
  w.u8(flags);
  if (r.quota.searches_left) w.i64(*r.quota.searches_left);
  if (r.quota.payg_credits_left) w.i64(*r.quota.payg_credits_left);
  if (r.quota.renewal_date) w.i64(to_days(*r.quota.renewal_date));
  if (r.tree_digest) w.fixed64(*r.tree_digest);
  w.raw(r.body);  // the rest of the value, byte for byte
  return out;
}

namespace {
// The fields every result format starts with (views into the value, nothing copied).
struct ResultHead {
  std::uint8_t version = 0;
  std::string_view q, hl, gl, city;
  std::int64_t fetched_at_ms = 0;
};
std::optional<ResultHead> read_result_head(ByteReader& rd) {
  ResultHead h;
  h.version = rd.u8();
  if (h.version != kRecordV1 && h.version != kResultV2) return std::nullopt;
  h.q = rd.str();
  h.hl = rd.str();
  h.gl = rd.str();
  h.city = rd.str();
  h.fetched_at_ms = rd.i64();
  if (!rd.ok()) return std::nullopt;
  return h;
}
}  // namespace

std::optional<StoredResult> decode_result(std::string_view key, std::string_view bytes) {
  ByteReader rd(bytes);
  auto head = read_result_head(rd);
  if (!head) return std::nullopt;
  StoredResult r;
  r.key = std::string(key);
  r.q = std::string(head->q);
  r.hl = std::string(head->hl);
  r.gl = std::string(head->gl);
  r.city = std::string(head->city);
  r.fetched_at_ms = head->fetched_at_ms;
  r.unchanged_since_ms = r.fetched_at_ms;
  if (head->version == kResultV2) {
    r.unchanged_since_ms = r.fetched_at_ms - rd.i64();
    r.run_id = std::string(rd.str());
    r.first_run_id = std::string(rd.str());
  }
  std::uint8_t flags = rd.u8();
  r.cached = (flags & kCached) != 0;
  r.first_cached = head->version == kResultV2 ? (flags & kFirstCached) != 0 : r.cached;
  if (flags & kHasSearchesLeft) r.quota.searches_left = rd.i64();
  if (flags & kHasPayg) r.quota.payg_credits_left = rd.i64();
  if (flags & kHasRenewal) {
    auto d = from_days(rd.i64());
    if (!d.ok()) return std::nullopt;
    r.quota.renewal_date = d;
  }
  if (flags & kHasDigest) r.tree_digest = rd.fixed64();
  if (!rd.ok()) return std::nullopt;
  r.body = std::string(rd.rest());
  return r;
}

std::optional<std::int64_t> decode_result_fetched_at(std::string_view bytes) {
  ByteReader rd(bytes);
  auto head = read_result_head(rd);
  if (!head) return std::nullopt;
  return head->fetched_at_ms;
}

}  // namespace paa::store_detail
