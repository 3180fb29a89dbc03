// The codec of the old question index (stores of format 4 or older): its entries and their merges.
#include "codec.hpp"

#include "codec_binary.hpp"

#include <cstdint>

namespace paa::store_detail {

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

}  // namespace paa::store_detail
