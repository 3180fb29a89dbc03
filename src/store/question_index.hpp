#pragma once
// Internal: the question index's side of storing a tree, shared by the writer and `paa merge`.
#include "paa/model/envelope.hpp"
#include "paa/store/records.hpp"

#include <rocksdb/db.h>
#include <rocksdb/write_batch.h>

#include <optional>
#include <string_view>

namespace paa::store_detail {

// Stages the merge operands (question_count_merge.hpp) that move the index from the result
// stored under `key` before (`old`, nullopt = none; its body is parsed here) to the tree
// `fresh`: +1 for each question new to the tree (with `key` as its first-seen tree), -1 for
// each question that left it. Each question counts once per tree.
void stage_question_deltas(rocksdb::WriteBatch& batch, rocksdb::ColumnFamilyHandle* questions,
                           std::string_view key, const std::optional<StoredResult>& old,
                           const Envelope& fresh);
// The same with the old tree already parsed (nullptr = none).
void stage_question_deltas(rocksdb::WriteBatch& batch, rocksdb::ColumnFamilyHandle* questions,
                           std::string_view key, const Envelope* old_tree, const Envelope& fresh);

}  // namespace paa::store_detail
