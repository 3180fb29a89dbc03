#pragma once
// Internal: the merge operator of the question index that stores of format 2 to 4 kept (the
// "questions" family). Format 5 writes no index, and its first writer drops the old one
// (engine_open.cpp); until then every instance that opens such a store needs this operator:
//
// - Format 2 to 4 writers updated the index with blind Merges in the batch of each result:
//   storing a tree added 1 to the count of each of its distinct questions, a refresh subtracted
//   1 for each question that left the tree. The WAL of such a writer that was killed holds those
//   operands, and RocksDB stops replaying a WAL at the first operand of a family without a merge
//   operator: every later result and progress entry would be lost. With it, the WAL replays
//   whole, writer or reader (a writer's recovery flush keeps the operands as they are).
// - A reader's StoreReader::scan_questions of an old index (removed with the analysis pass, #30)
//   folds the operands on read (full merges; nothing compacts the family any more).
//
// Byte formats: codec.hpp.
#include <rocksdb/merge_operator.h>

#include <memory>

namespace paa::store_detail {

std::shared_ptr<rocksdb::MergeOperator> make_question_count_merge();

}  // namespace paa::store_detail
