#pragma once
// How the release before store format 5 (src/store/engine_open.cpp at a830b50) opened a store,
// with plain RocksDB: every family the store has and its own (results, questions, progress,
// meta; a writer also expansion and history, created when missing), the questions family with
// its merge operator, then (a reader) TryCatchUpWithPrimary, then meta/format_version, which it
// compares with the 4 it reads up to ("written by a newer paa (format 5; this paa reads up to
// 4): upgrade paa"). White-box: the merge operator is src/store's.
#include <filesystem>
#include <string>

namespace paa::test {

// The format version it reads, or "refused: <RocksDB's status>" when RocksDB refused the store.
std::string open_as_the_previous_release(const std::filesystem::path& dir, bool writer);

}  // namespace paa::test
