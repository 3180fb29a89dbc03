#include "codec.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>

namespace paa::store_detail {
namespace {

// Every value starts with a format byte so a later version can change the layout.
constexpr std::uint8_t kRecordV1 = 1;
// Progress entries with the seed's attributes (format 4).
constexpr std::uint8_t kProgressWithAttributes = 2;
// Results only: V1 plus "unchanged since" and the run id (store format 3).
constexpr std::uint8_t kResultV2 = 2;

class ByteWriter {
 public:
  explicit ByteWriter(std::string& out) : out_(out) {}
  void u8(std::uint8_t v) { out_.push_back(static_cast<char>(v)); }
  void varint(std::uint64_t v) {
    while (v >= 0x80) {
      out_.push_back(static_cast<char>((v & 0x7f) | 0x80));
      v >>= 7;
    }
    out_.push_back(static_cast<char>(v));
  }
  // Zigzag keeps small negative numbers (e.g. status 0, -1 offsets) short.
  void i64(std::int64_t v) {
    varint((static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63));
  }
  void str(std::string_view s) {
    varint(s.size());
    out_.append(s);
  }
  void raw(std::string_view s) { out_.append(s); }
  void fixed64(std::uint64_t v) {  // little-endian, 8 bytes: a hash has no small values
    for (int i = 0; i < 8; ++i) out_.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
  }

 private:
  std::string& out_;
};

class ByteReader {
 public:
  explicit ByteReader(std::string_view in) : in_(in) {}
  bool ok() const { return ok_; }
  bool at_end() const { return in_.empty(); }
  std::uint8_t u8() {
    if (in_.empty()) return fail(), 0;
    auto v = static_cast<std::uint8_t>(in_.front());
    in_.remove_prefix(1);
    return v;
  }
  std::uint64_t varint() {
    std::uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (in_.empty()) return fail(), 0;
      auto b = static_cast<std::uint8_t>(in_.front());
      in_.remove_prefix(1);
      v |= static_cast<std::uint64_t>(b & 0x7f) << shift;
      if ((b & 0x80) == 0) return v;
    }
    return fail(), 0;
  }
  std::uint64_t fixed64() {
    if (in_.size() < 8) return fail(), 0;
    std::uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v |= static_cast<std::uint64_t>(static_cast<std::uint8_t>(in_[i])) << (8 * i);
    in_.remove_prefix(8);
    return v;
  }
  std::int64_t i64() {
    std::uint64_t z = varint();
    return static_cast<std::int64_t>((z >> 1) ^ (~(z & 1) + 1));
  }
  std::string_view str() {
    std::uint64_t n = varint();
    if (!ok_ || n > in_.size()) return fail(), std::string_view{};
    auto s = in_.substr(0, n);
    in_.remove_prefix(n);
    return s;
  }
  std::string_view rest() {
    auto s = in_;
    in_ = {};
    return s;
  }

 private:
  void fail() {
    ok_ = false;
    in_ = {};
  }
  std::string_view in_;
  bool ok_ = true;
};

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
enum ProgressFlags : std::uint8_t { kSpent = 1, kProgressCached = 2 };

namespace json = boost::json;

json::value optional_int(const std::optional<std::int64_t>& v) {
  return v ? json::value(*v) : json::value(nullptr);
}
// Reads an integer field; absent or null -> nullopt; anything else non-integral -> failure.
bool read_optional_int(const json::object& o, std::string_view name,
                       std::optional<std::int64_t>& out) {
  const json::value* v = o.if_contains(name);
  if (v == nullptr || v->is_null()) return out.reset(), true;
  boost::system::error_code ec;
  auto n = v->to_number<std::int64_t>(ec);
  if (ec) return false;
  out = n;
  return true;
}

// A JSON object, or nullopt when `text` is not one.
std::optional<json::object> parse_object(std::string_view text) {
  boost::system::error_code ec;
  json::value v = json::parse(text, ec);
  if (ec || !v.is_object()) return std::nullopt;
  return std::move(v.get_object());
}

// A count read with read_optional_int: absent or negative is 0.
std::uint64_t count_of(const std::optional<std::int64_t>& n) {
  return static_cast<std::uint64_t>(std::max<std::int64_t>(0, n.value_or(0)));
}

}  // namespace


namespace {
void write_lineage(ByteWriter& w, const Lineage& l) {
  w.varint(l.level);
  w.u8(static_cast<std::uint8_t>(l.via));
  w.str(l.parent);
  w.str(l.seed);
}
bool read_lineage(ByteReader& r, Lineage& l) {
  l.level = static_cast<std::uint32_t>(r.varint());
  const auto via = r.u8();
  if (via != static_cast<std::uint8_t>(Via::question) && via != static_cast<std::uint8_t>(Via::related)) return false;
  l.via = static_cast<Via>(via);
  l.parent = std::string(r.str());
  l.seed = std::string(r.str());
  return r.ok();
}
}  // namespace

std::string encode_lineage(const Lineage& l) {
  std::string out;
  ByteWriter w(out);
  w.u8(kRecordV1);
  write_lineage(w, l);
  return out;
}

std::optional<Lineage> decode_lineage(std::string_view bytes) {
  ByteReader r(bytes);
  if (r.u8() != kRecordV1) return std::nullopt;
  Lineage l;
  if (!read_lineage(r, l) || !r.at_end()) return std::nullopt;
  return l;
}

std::string encode_level_key(const LevelKey& k) {
  std::string out;
  ByteWriter w(out);
  w.u8(kRecordV1);
  w.str(k.query.q);
  w.str(k.query.hl);
  w.str(k.query.gl);
  w.str(k.query.city);
  write_lineage(w, k.lineage);
  return out;
}

std::optional<LevelKey> decode_level_key(std::string_view key, std::string_view bytes) {
  if (key.size() < 8) return std::nullopt;
  LevelKey k;
  for (std::size_t i = key.size() - 8; i < key.size(); ++i) {
    k.seq = (k.seq << 8) | static_cast<std::uint8_t>(key[i]);
  }
  ByteReader r(bytes);
  if (r.u8() != kRecordV1) return std::nullopt;
  const auto q = r.str();
  const auto hl = r.str();
  const auto gl = r.str();
  const auto city = r.str();
  if (!r.ok() || !read_lineage(r, k.lineage) || !r.at_end()) return std::nullopt;
  // The stored spelling was made by make_query: it makes the same key again.
  auto query = make_query(q, hl, gl, city);
  if (!query) return std::nullopt;
  k.query = std::move(*query);
  k.encoded = encode_key(k.query.key);
  return k;
}

namespace {
// Encoded keys hold NUL and arbitrary bytes; JSON strings in the state carry them as hex.
std::string encode_hex(std::string_view bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (unsigned char c : bytes) {
    out.push_back(kDigits[c >> 4]);
    out.push_back(kDigits[c & 15]);
  }
  return out;
}
std::optional<std::string> decode_hex(std::string_view hex) {
  if (hex.size() % 2 != 0) return std::nullopt;
  auto digit = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
  };
  std::string out;
  out.reserve(hex.size() / 2);
  for (std::size_t i = 0; i < hex.size(); i += 2) {
    const int hi = digit(hex[i]), lo = digit(hex[i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out.push_back(static_cast<char>(hi * 16 + lo));
  }
  return out;
}
}  // namespace

std::string encode_seed_round(std::uint32_t round) {
  std::string out(4, '\0');
  for (int i = 0; i < 4; ++i) out[static_cast<std::size_t>(i)] = static_cast<char>((round >> (8 * (3 - i))) & 0xff);
  return out;
}
std::optional<std::uint32_t> decode_seed_round(std::string_view bytes) {
  if (bytes.size() != 4) return std::nullopt;
  std::uint32_t round = 0;
  for (char c : bytes) round = (round << 8) | static_cast<std::uint8_t>(c);
  return round;
}

std::string encode_expansion_state(const ExpansionState& s) {
  json::array levels;
  for (auto n : s.level_keys) levels.emplace_back(n);
  json::object o{{"built", s.built},
                                      {"level_keys", std::move(levels)},
                                      {"pass_parents", s.pass_parents},
                                      {"pass_admitted", s.pass_admitted},
                                      {"cut_level", s.cut_level},
                                      {"cut_parents", s.cut_parents},
                                      {"cut_admitted", s.cut_admitted},
                                      {"pass_last_parent", encode_hex(s.pass_last_parent)},
                                      {"cut_last_parent", encode_hex(s.cut_last_parent)}};
  // skip_variants' counts, written only when there are any (a store without them reads as 0).
  if (!s.level_skipped.empty()) {
    json::array skipped;
    for (std::size_t i = 0; i < s.level_keys.size(); ++i) skipped.emplace_back(s.skipped_at(static_cast<std::uint32_t>(i + 1)));
    o["level_skipped"] = std::move(skipped);
  }
  if (s.pass_skipped != 0) o["pass_skipped"] = s.pass_skipped;
  if (s.cut_skipped != 0) o["cut_skipped"] = s.cut_skipped;
  // Seeds added later: absent in a state written before seed records were kept.
  if (s.seeds_recorded) o["seeds_recorded"] = true;
  if (s.round != 0) o["round"] = s.round;
  if (s.in_round()) {
    json::array start;
    for (auto n : s.round_start) start.emplace_back(n);
    o["round_levels"] = s.round_levels;
    o["round_appended"] = s.round_appended;
    o["round_start"] = std::move(start);
  }
  return json::serialize(o);
}

std::optional<ExpansionState> decode_expansion_state(std::string_view text) {
  const auto object = parse_object(text);
  if (!object) return std::nullopt;
  const auto& o = *object;
  boost::system::error_code ec;
  std::optional<std::int64_t> built, parents, admitted;
  if (!read_optional_int(o, "built", built) || !read_optional_int(o, "pass_parents", parents) ||
      !read_optional_int(o, "pass_admitted", admitted) || !built || !parents || !admitted || *built < 0 ||
      *parents < 0 || *admitted < 0)
    return std::nullopt;
  const auto* levels = o.if_contains("level_keys");
  if (levels == nullptr || !levels->is_array() || levels->get_array().size() != static_cast<std::size_t>(*built))
    return std::nullopt;
  ExpansionState s;
  s.built = static_cast<std::uint32_t>(*built);
  for (const auto& n : levels->get_array()) {
    auto count = n.to_number<std::uint64_t>(ec);
    if (ec) return std::nullopt;
    s.level_keys.push_back(count);
  }
  s.pass_parents = static_cast<std::uint64_t>(*parents);
  s.pass_admitted = static_cast<std::uint64_t>(*admitted);
  std::optional<std::int64_t> cut_level, cut_parents, cut_admitted;
  if (!read_optional_int(o, "cut_level", cut_level) || !read_optional_int(o, "cut_parents", cut_parents) ||
      !read_optional_int(o, "cut_admitted", cut_admitted) || cut_level.value_or(0) < 0 ||
      cut_parents.value_or(0) < 0 || cut_admitted.value_or(0) < 0)
    return std::nullopt;
  s.cut_level = static_cast<std::uint32_t>(cut_level.value_or(0));
  s.cut_parents = static_cast<std::uint64_t>(cut_parents.value_or(0));
  s.cut_admitted = static_cast<std::uint64_t>(cut_admitted.value_or(0));
  for (auto [name, field] : {std::pair{"pass_last_parent", &s.pass_last_parent},
                             std::pair{"cut_last_parent", &s.cut_last_parent}}) {
    const auto* hex = o.if_contains(name);
    if (hex == nullptr) continue;
    if (!hex->is_string()) return std::nullopt;
    auto bytes = decode_hex(hex->get_string());
    if (!bytes) return std::nullopt;
    *field = std::move(*bytes);
  }
  // skip_variants' counts (absent before they were kept: 0).
  if (const auto* skipped = o.if_contains("level_skipped")) {
    if (!skipped->is_array() || skipped->get_array().size() != s.level_keys.size()) return std::nullopt;
    for (const auto& n : skipped->get_array()) {
      s.level_skipped.push_back(n.to_number<std::uint64_t>(ec));
      if (ec) return std::nullopt;
    }
    s.trim_skipped();
  }
  std::optional<std::int64_t> pass_skipped, cut_skipped;
  if (!read_optional_int(o, "pass_skipped", pass_skipped) || !read_optional_int(o, "cut_skipped", cut_skipped) ||
      pass_skipped.value_or(0) < 0 || cut_skipped.value_or(0) < 0)
    return std::nullopt;
  s.pass_skipped = static_cast<std::uint64_t>(pass_skipped.value_or(0));
  s.cut_skipped = static_cast<std::uint64_t>(cut_skipped.value_or(0));
  // Seeds added later (absent before seed records were kept: false, no round).
  if (const auto* recorded = o.if_contains("seeds_recorded")) {
    if (!recorded->is_bool()) return std::nullopt;
    s.seeds_recorded = recorded->get_bool();
  }
  std::optional<std::int64_t> round, round_levels, round_appended;
  if (!read_optional_int(o, "round", round) || !read_optional_int(o, "round_levels", round_levels) ||
      !read_optional_int(o, "round_appended", round_appended) || round.value_or(0) < 0 ||
      round_levels.value_or(0) < 0 || round_appended.value_or(0) < 0 ||
      round_levels.value_or(0) > static_cast<std::int64_t>(s.built) ||
      round_appended.value_or(0) >= std::max<std::int64_t>(round_levels.value_or(0), 1))
    return std::nullopt;
  s.round = static_cast<std::uint32_t>(round.value_or(0));
  s.round_levels = static_cast<std::uint32_t>(round_levels.value_or(0));
  s.round_appended = static_cast<std::uint32_t>(round_appended.value_or(0));
  if (const auto* start = o.if_contains("round_start")) {
    if (!start->is_array()) return std::nullopt;
    for (const auto& n : start->get_array()) {
      s.round_start.push_back(n.to_number<std::uint64_t>(ec));
      if (ec) return std::nullopt;
    }
  }
  if (s.round_start.size() != s.round_levels) return std::nullopt;
  return s;
}


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

std::string encode_progress(const ProgressEntry& p) {
  std::string out;
  ByteWriter w(out);
  w.u8(kRecordV1);
  w.u8(static_cast<std::uint8_t>(p.state));
  w.varint(p.attempts);
  w.i64(p.last_status);
  std::uint8_t flags = 0;
  if (p.spent_search) flags |= kSpent;
  if (p.cached) flags |= kProgressCached;
  w.u8(flags);
  w.i64(p.updated_at_ms);
  w.str(p.error);
  if (!p.attrs.empty()) {
    // Format 4: the same, then the attributes; an entry without them keeps format 1's bytes.
    out[0] = static_cast<char>(kProgressWithAttributes);
    w.varint(p.attrs.fields.size());
    for (const auto& [name, value] : p.attrs.fields) {
      w.str(name);
      w.str(value);
    }
    w.u8(p.attrs.volume ? 1 : 0);
    if (p.attrs.volume) w.varint(*p.attrs.volume);
  }
  return out;
}

std::optional<ProgressEntry> decode_progress(std::string_view bytes) {
  ByteReader rd(bytes);
  const auto format = rd.u8();
  if (format != kRecordV1 && format != kProgressWithAttributes) return std::nullopt;
  ProgressEntry p;
  auto state = rd.u8();
  if (state != static_cast<std::uint8_t>(ProgressState::done) &&
      state != static_cast<std::uint8_t>(ProgressState::failed))
    return std::nullopt;
  p.state = static_cast<ProgressState>(state);
  p.attempts = static_cast<std::uint32_t>(rd.varint());
  p.last_status = static_cast<int>(rd.i64());
  auto flags = rd.u8();
  p.spent_search = (flags & kSpent) != 0;
  p.cached = (flags & kProgressCached) != 0;
  p.updated_at_ms = rd.i64();
  p.error = std::string(rd.str());
  if (format == kProgressWithAttributes) {
    const std::uint64_t n = rd.varint();
    for (std::uint64_t i = 0; i < n && rd.ok(); ++i) {
      std::string name(rd.str());
      std::string value(rd.str());
      p.attrs.fields.emplace_back(std::move(name), std::move(value));
    }
    const auto has_volume = rd.u8();
    if (has_volume > 1) return std::nullopt;
    if (has_volume == 1) p.attrs.volume = rd.varint();
  }
  if (!rd.ok() || !rd.at_end()) return std::nullopt;
  return p;
}

std::string encode_question(const QuestionEntry& q) {
  std::string out;
  ByteWriter w(out);
  w.u8(kRecordV1);
  w.str(q.question);
  w.u8(q.answer ? 1 : 0);
  if (q.answer) w.str(*q.answer);
  w.str(q.url);
  w.str(q.title);
  w.varint(q.count);
  w.str(q.first_key);
  return out;
}

std::optional<QuestionEntry> decode_question(std::string_view normalized, std::string_view bytes) {
  ByteReader rd(bytes);
  if (rd.u8() != kRecordV1) return std::nullopt;
  QuestionEntry q;
  q.normalized = std::string(normalized);
  q.question = std::string(rd.str());
  if (rd.u8() != 0) q.answer = std::string(rd.str());
  q.url = std::string(rd.str());
  q.title = std::string(rd.str());
  q.count = rd.varint();
  q.first_key = std::string(rd.str());
  if (!rd.ok() || !rd.at_end()) return std::nullopt;
  return q;
}

namespace {

constexpr std::uint8_t kQuestionDeltaV1 = 2;  // never kRecordV1: operands and entries differ

struct QuestionDelta {
  std::int64_t delta = 0;
  std::optional<QuestionEntry> first_seen;
};

std::optional<QuestionDelta> decode_question_delta(std::string_view bytes) {
  ByteReader rd(bytes);
  if (rd.u8() != kQuestionDeltaV1) return std::nullopt;
  QuestionDelta d;
  d.delta = rd.i64();
  if (rd.u8() != 0) {
    auto entry = decode_question({}, rd.rest());
    if (!entry) return std::nullopt;
    d.first_seen = std::move(entry);
  }
  if (!rd.ok() || !rd.at_end()) return std::nullopt;
  return d;
}

// Adds the operands to (count, fields); false on damaged bytes.
bool fold_deltas(std::int64_t& count, std::optional<QuestionEntry>& fields,
                 std::span<const std::string_view> operands) {
  for (auto bytes : operands) {
    auto d = decode_question_delta(bytes);
    if (!d) return false;
    count += d->delta;
    if (!fields && d->first_seen) fields = std::move(d->first_seen);
  }
  return true;
}

}  // namespace

std::optional<std::string> merge_question_values(const std::string_view* base,
                                                 std::span<const std::string_view> operands) {
  std::int64_t count = 0;
  std::optional<QuestionEntry> fields;
  if (base) {
    fields = decode_question({}, *base);
    if (!fields) return std::nullopt;
    count = static_cast<std::int64_t>(fields->count);
    if (fields->question.empty()) fields.reset();  // only decrements were ever seen
  }
  if (!fold_deltas(count, fields, operands)) return std::nullopt;
  QuestionEntry out = fields ? std::move(*fields) : QuestionEntry{};
  out.count = count > 0 ? static_cast<std::uint64_t>(count) : 0;
  return encode_question(out);
}

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
  std::optional<std::int64_t> started, ended;
  if (!read_optional_int(o, "started_at_ms", started) ||
      !read_optional_int(o, "ended_at_ms", ended))
    return std::nullopt;
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
