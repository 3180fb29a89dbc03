#pragma once
// Internal: the merge operator that reads the question index of a store of format 4 or older.
// Removed with the analysis pass (#30).
//
// Format 2 to 4 writers updated the index (the "questions" family) with blind Merges: storing
// a tree added 1 to the count of each of its distinct questions, a refresh subtracted 1 for
// each question that left the tree. Format 5 writes no index and its writer drops the old one
// (engine_open.cpp); until then a reader's StoreReader::scan_questions folds the operands on
// read with this operator (full merges only: a reader never compacts). Byte formats: codec.hpp.
#include <rocksdb/merge_operator.h>

#include <memory>

namespace paa::store_detail {

std::shared_ptr<rocksdb::MergeOperator> make_question_count_merge();

}  // namespace paa::store_detail
