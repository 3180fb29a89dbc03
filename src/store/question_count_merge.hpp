#pragma once
// Internal: the RocksDB merge operator of the question index (the "questions" family).
//
// Storing a tree adds 1 to the count of each of its distinct questions (and a refresh subtracts
// 1 for each question that left the tree) with a blind Merge: no read per question. Before, each
// question cost a point lookup and a rewrite of its whole entry on the writer thread, 15% of a
// harvest's CPU (perf, BENCHMARKS.md). The operands sit in the same WriteBatch as the result, so
// counts stay exact across crashes. Every instance that opens the store (writer and readers)
// needs this operator to read the family. Byte formats: codec.hpp.
#include <rocksdb/merge_operator.h>

#include <memory>

namespace paa::store_detail {

std::shared_ptr<rocksdb::MergeOperator> make_question_count_merge();

}  // namespace paa::store_detail
