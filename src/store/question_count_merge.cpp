#include "question_count_merge.hpp"

#include "codec.hpp"

#include <string_view>
#include <vector>

namespace paa::store_detail {
namespace {

std::string_view view(const rocksdb::Slice& s) { return {s.data(), s.size()}; }

template <class Slices>
std::vector<std::string_view> views(const Slices& slices) {
  std::vector<std::string_view> out;
  out.reserve(slices.size());
  for (const auto& s : slices) out.push_back(view(s));
  return out;
}

class QuestionCountMerge final : public rocksdb::MergeOperator {
 public:
  // The name format 2 to 4 stores record for the family.
  const char* Name() const override { return "paa.question_count.v1"; }

  bool FullMergeV2(const MergeOperationInput& in, MergeOperationOutput* out) const override {
    std::string_view base;
    if (in.existing_value) base = view(*in.existing_value);
    auto merged =
        merge_question_values(in.existing_value ? &base : nullptr, views(in.operand_list));
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
