#pragma once
// Helpers shared by the store tests: temporary folders, envelopes, synchronous submits.
#include "paa/store/store.hpp"
#include "support/temp_dir.hpp"

#include <rocksdb/db.h>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace paa::test {

// A simple question tree: `top` questions at depth 1, each with the `nested` ones as children.
struct TreeSpec {
  std::vector<std::string> top;
  std::vector<std::string> nested;  // repeated under every top-level question
};

// A valid 200 body for `q` with the given tree.
std::string make_body(const std::string& q, const TreeSpec& tree, bool cached = false,
                      std::int64_t searches_left = 100);

// A PutResult request for (q, hl, gl, city) whose body is make_body(q, tree).
WriteRequest make_put(const std::string& job, const std::string& q, const TreeSpec& tree,
                      const std::string& hl = "en", const std::string& gl = "us",
                      const std::string& city = "");

std::string key_of(const std::string& q, const std::string& hl = "en",
                   const std::string& gl = "us", const std::string& city = "");

// How with_raw_store opens a store with plain RocksDB.
struct RawOpen {
  bool read_only = false;
  std::optional<std::string> add_family;  // created when given (what a newer paa leaves)
  // Changes a family's options (RocksDB's defaults otherwise): the merge operator, a compaction style.
  std::function<void(const std::string& family, rocksdb::ColumnFamilyOptions&)> configure;
};

// Opens the store at `dir` with plain RocksDB, calls `use` with each family's name and handle,
// and closes it again.
void with_raw_store(const std::filesystem::path& dir, const RawOpen& how,
                    const std::function<void(rocksdb::DB&, const std::string& family, rocksdb::ColumnFamilyHandle*)>& use);

// Reads or (with `value`) writes meta/format_version with plain RocksDB, after creating the
// family `add_family` when given (what a newer paa, or a writer killed mid-upgrade, leaves).
std::string raw_format_version(const std::filesystem::path& dir, std::optional<std::string> value = std::nullopt,
                               std::optional<std::string> add_family = std::nullopt);

// With plain RocksDB (read-only): the keys `family` holds (a merge operand without its operator
// fails the test), the SST files it has, and the store's latest sequence number (each record a
// write batch holds takes one).
std::uint64_t raw_family_keys(const std::filesystem::path& dir, const std::string& family);
std::uint64_t raw_family_files(const std::filesystem::path& dir, const std::string& family);
std::uint64_t raw_latest_sequence(const std::filesystem::path& dir);
bool raw_has_family(const std::filesystem::path& dir, const std::string& family);
// Drops `family` with plain RocksDB, and creates it again (empty) with `create_again`, in one
// open, so that the MANIFEST holds the drop as a writer killed in the middle of an upgrade
// leaves it.
void raw_drop_family(const std::filesystem::path& dir, const std::string& family, bool create_again = false);
// Reads meta/format_version with plain RocksDB, read-only (the MANIFEST stays as it is).
std::string raw_read_format_version(const std::filesystem::path& dir);

// The index partitions of each SST file of `family`, read with plain RocksDB (read-only):
// 0 for a file with a one-block index.
std::vector<std::uint64_t> raw_index_partitions(const std::filesystem::path& dir, const std::string& family);

// The compaction style ("level", "universal", "fifo" or "none") of `family` in the store's
// latest OPTIONS file, i.e. what its last writer opened it with.
std::string raw_compaction_style(const std::filesystem::path& dir, const std::string& family);

// Submits and waits for `done`.
Result<void> submit_and_wait(StoreWriter& writer, WriteRequest request);

}  // namespace paa::test
