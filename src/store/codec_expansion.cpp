// The codec of the expansion family: lineage, level records, seed rounds, the expansion state.
#include "codec.hpp"

#include "codec_binary.hpp"
#include "codec_json.hpp"

#include <cstdint>

namespace paa::store_detail {
namespace json = boost::json;

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
  if (!s.plan_copied.empty()) {
    json::array copied;
    for (auto n : s.plan_copied) copied.emplace_back(n);
    o["plan_copied"] = std::move(copied);
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
  if (const auto* copied = o.if_contains("plan_copied")) {
    if (!copied->is_array()) return std::nullopt;
    for (const auto& n : copied->get_array()) {
      s.plan_copied.push_back(n.to_number<std::uint64_t>(ec));
      if (ec) return std::nullopt;
    }
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

}  // namespace paa::store_detail
