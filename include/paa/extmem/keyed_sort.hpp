#pragma once
// An external merge sort of variable-length records by a byte-string key, in a stated memory
// budget: records are gathered in one arena until it holds `run_bytes`, then sorted and written
// to a scratch file as a run; the runs are merged when the records are read back. Records
// compare by key (bytes, shorter first on a common prefix), then by two numbers the caller
// chooses; equal records come back in the order they were added (stable).
//
// The read side's analysis pass sorts every (question, occurrence) of a selection with it
// (paa/analysis/question_pass.hpp); SortedRuns is its fixed-size sibling. Memory: the arena
// (`run_bytes`) while adding; while merging, one block per run (kPackedBlockBytes and a record).
// Disk: every record once, plus 24 bytes each, compressed in blocks (packed_runs.hpp); what a
// merge has read is given back to the file system as it goes, and the file is closed after the
// last record.
#include "paa/error.hpp"
#include "paa/extmem/packed_runs.hpp"
#include "paa/extmem/scratch_file.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace paa::extmem {

class KeyedSort {
 public:
  static constexpr std::size_t kDefaultRunBytes = std::size_t{32} << 20;

  struct Record {
    std::string_view key;
    std::uint64_t first = 0;   // compared after the key
    std::uint64_t second = 0;  // then this
    std::span<const std::string_view> fields;  // carried along, not compared
  };

  // The scratch file (`<prefix>-XXXXXX` in $TMPDIR, unlinked at once) is created only when a
  // run is full: a selection that fits in `run_bytes` never touches the disk.
  explicit KeyedSort(std::size_t run_bytes = kDefaultRunBytes, std::string prefix = "paa-sorted-keys");
  ~KeyedSort();
  KeyedSort(const KeyedSort&) = delete;
  KeyedSort& operator=(const KeyedSort&) = delete;

  // Fails only when a full run cannot be written (disk full, TMPDIR unwritable).
  Result<void> add(std::string_view key, std::uint64_t first, std::uint64_t second,
                   std::span<const std::string_view> fields);
  Result<void> add(std::string_view key, std::uint64_t first, std::uint64_t second,
                   std::initializer_list<std::string_view> fields) {
    return add(key, first, second, std::span<const std::string_view>(fields.begin(), fields.size()));
  }

  std::uint64_t size() const { return added_; }
  // Runs written to the scratch file so far, and its size in bytes, compressed (for the pass's
  // summary; after the merge, what it was).
  std::size_t runs() const { return runs_.size(); }
  std::uint64_t disk_bytes() const;

  // Every record in order; the views live until the visit returns. Stops at the first failing
  // visit and returns its error. Call once, after the last add().
  Result<void> for_each(const std::function<Result<void>(const Record&)>& visit);

 private:
  struct Entry {
    std::uint64_t offset;  // of the record in the arena
    std::uint32_t key_size;
    std::uint32_t fields_size;  // encoded fields after the key
    std::uint64_t first;
    std::uint64_t second;
  };
  class Cursor;

  void sort_entries();
  Result<void> write_run();
  Result<void> merge(const std::function<Result<void>(const Record&)>& visit);

  std::size_t run_bytes_;
  std::string prefix_;
  std::string arena_;
  std::vector<Entry> entries_;
  std::vector<PackedRun> runs_;
  std::uint64_t added_ = 0;
  std::unique_ptr<ScratchFile> file_;
  std::unique_ptr<RunCodec> codec_;  // made with the file
  std::uint64_t merged_bytes_ = 0;  // the file's size when the merge closed it
};

}  // namespace paa::extmem
