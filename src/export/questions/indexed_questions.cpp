#include "paa/export/questions/indexed_questions.hpp"

#include "paa/extmem/record_spill.hpp"
#include "paa/model/query_key.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace paa::exporting {

namespace {

// first_key -> spelling, for the question index. Questions of one tree share a first_key,
// so a small cache saves most lookups; cleared when full to keep memory bounded.
class FirstSeenCache {
 public:
  explicit FirstSeenCache(StoreReader& store) : store_(store) {}

  Result<FirstSeen> lookup(const std::string& first_key) {
    if (auto it = cache_.find(first_key); it != cache_.end()) return it->second;
    auto stored = store_.get(first_key);
    if (!stored) return stored.error();
    FirstSeen first;
    if (*stored) {
      first = {(*stored)->q, (*stored)->hl, (*stored)->gl, (*stored)->city};
    } else if (auto key = decode_key(first_key)) {
      // The index points at a result that is not there: fall back to the normalised key.
      first = {key->q, key->hl, key->gl, key->city};
    }
    if (cache_.size() >= kCapacity) cache_.clear();
    cache_.emplace(first_key, first);
    return first;
  }

 private:
  static constexpr std::size_t kCapacity = 4096;
  StoreReader& store_;
  std::unordered_map<std::string, FirstSeen> cache_;
};

}  // namespace

Result<void> scan_indexed_questions(StoreReader& store,
                                    const std::function<Result<void>(const QuestionEntry&, const FirstSeen&)>& visit) {
  FirstSeenCache firsts(store);
  std::optional<Error> failure;
  auto scanned = store.scan_questions([&](const QuestionEntry& entry) {
    if (entry.count == 0) return true;
    auto first = firsts.lookup(entry.first_key);
    Result<void> visited = first ? visit(entry, *first) : Result<void>(first.error());
    if (!visited) failure = visited.error();
    return !failure;
  });
  if (!scanned) return scanned.error();
  if (failure) return *failure;
  return {};
}

Result<void> for_each_indexed_question(StoreReader& store, const std::function<Result<void>(const QuestionRow&)>& visit) {
  auto spill = extmem::RecordSpill::create();
  if (!spill) return spill.error();
  CountOrder order = make_count_order();
  auto scanned = scan_indexed_questions(store, [&](const QuestionEntry& entry, const FirstSeen& first) {
    const std::uint64_t offset = (*spill)->append({entry.question, entry.answer.value_or(std::string()),
                                                   entry.url, entry.title, first.q, first.hl, first.gl,
                                                   first.city});
    return order.add({entry.count, offset, 0});
  });
  if (!scanned) return scanned.error();
  if (auto sealed = (*spill)->seal(); !sealed) return sealed;
  std::vector<std::string_view> f;
  FirstSeen first;
  return order.for_each([&](const CountedRow& row) {
    (*spill)->at(row.offset, f);
    first = {std::string(f[4]), std::string(f[5]), std::string(f[6]), std::string(f[7])};
    return visit({f[0], f[1], f[2], f[3], row.count, &first});
  });
}

}  // namespace paa::exporting
