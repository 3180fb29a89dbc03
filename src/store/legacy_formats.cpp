// Stores of older formats: the format plan, and the old question index (stores of format 4 or
// older): its entries, their merges and the merge operator that folds them.
#include "legacy_formats.hpp"

#include "codec_binary.hpp"
#include "key_layout.hpp"

#include <rocksdb/merge_operator.h>

#include <cstdint>
#include <vector>

namespace paa::store_detail {

FormatPlan plan_format(std::uint32_t stored_version, bool writer) {
  FormatPlan plan;
  plan.newer = stored_version > kStoreFormatVersion;
  if (plan.newer) return plan;
  plan.old_index = stored_version < kFirstFormatWithoutQuestionIndex;
  // Older values are all valid in later formats (2 added question-index merge operands, 3
  // result values with history fields and the history family, created at open, 4 progress
  // entries with the seed's attributes, 6 result values with the answer's digest). Format 5
  // keeps no question index: the old one is dropped and its family created again, empty.
  plan.upgrade = writer && stored_version < kStoreFormatVersion;
  plan.drop_old_index = plan.upgrade && plan.old_index;
  return plan;
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

namespace {

std::string_view slice_view(const rocksdb::Slice& s) { return {s.data(), s.size()}; }

template <class Slices>
std::vector<std::string_view> slice_views(const Slices& slices) {
  std::vector<std::string_view> out;
  out.reserve(slices.size());
  for (const auto& s : slices) out.push_back(slice_view(s));
  return out;
}

class QuestionCountMerge final : public rocksdb::MergeOperator {
 public:
  // The name format 2 to 4 stores record for the family.
  const char* Name() const override { return "paa.question_count.v1"; }

  bool FullMergeV2(const MergeOperationInput& in, MergeOperationOutput* out) const override {
    std::string_view base;
    if (in.existing_value) base = slice_view(*in.existing_value);
    auto merged = merge_question_values(in.existing_value ? &base : nullptr, slice_views(in.operand_list));
    if (!merged) return false;  // damaged bytes: RocksDB reports Corruption to the reader
    out->new_value = std::move(*merged);
    return true;
  }
};

}  // namespace

std::shared_ptr<rocksdb::MergeOperator> make_question_count_merge() {
  return std::make_shared<QuestionCountMerge>();
}

}  // namespace paa::store_detail
