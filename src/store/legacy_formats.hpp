#pragma once
// Internal: everything about stores of older formats in one place (docs/store.md "Format
// versions"), so that what a later format may drop is found here:
//
// - plan_format: what opening a store of a stored format version does (refuse a newer one, read
//   an old question index, upgrade), a pure decision the engine carries out (engine_open.cpp).
// - The question index that stores of format 2 to 4 kept (the "questions" family): its entries'
//   bytes and its merge operator. Format 5 writes no index, and its first writer drops the old
//   one; until then every instance that opens such a store needs the operator:
//   - Format 2 to 4 writers updated the index with blind Merges in the batch of each result:
//     storing a tree added 1 to the count of each of its distinct questions, a refresh
//     subtracted 1 for each question that left the tree. The WAL of such a writer that was
//     killed holds those operands, and RocksDB stops replaying a WAL at the first operand of a
//     family without a merge operator: every later result and progress entry would be lost.
//     With it, the WAL replays whole, writer or reader (a writer's recovery flush keeps the
//     operands as they are).
//   - A reader's StoreReader::scan_questions of an old index (removed with the analysis pass,
//     #30) folds the operands on read (full merges; nothing compacts the family any more).
//
// The codecs of results and progress entries read their older record versions themselves
// (codec_result.cpp, codec_progress.cpp): each is one branch of its decoder.
#include "paa/store/records.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace rocksdb {
class MergeOperator;
}

namespace paa::store_detail {

// What opening a store whose meta records `stored_version` does (`writer`: the primary instance).
struct FormatPlan {
  bool newer = false;          // written by a newer paa: refused ("upgrade paa")
  bool old_index = false;      // format 4 or older: the questions family may hold the old index
  bool upgrade = false;        // a writer records the current version (after the steps below)
  bool drop_old_index = false; // a writer drops the old index and creates the family again, empty
};
FormatPlan plan_format(std::uint32_t stored_version, bool writer);

// The old question index's values (normalized not included in the bytes).
std::string encode_question(const QuestionEntry& q);
std::optional<QuestionEntry> decode_question(std::string_view normalized, std::string_view bytes);

// Its values were updated with blind merges: an operand added `delta` to the count and, when
// given, carried the question's display fields and first key; the first fields ever seen for a
// question win. Folds a stored entry (nullptr = none) and operands, oldest first, into one full
// entry; the count never goes below 0 (an entry at 0 is hidden from readers). nullopt = damaged.
std::optional<std::string> merge_question_values(const std::string_view* base,
                                                 std::span<const std::string_view> operands);

// The index's merge operator ("paa.question_count.v1", the name format 2 to 4 stores record).
std::shared_ptr<rocksdb::MergeOperator> make_question_count_merge();

}  // namespace paa::store_detail
