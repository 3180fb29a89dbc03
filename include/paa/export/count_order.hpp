#pragma once
// The question index's rows, most frequent first, in bounded memory. An export of a large
// store's index once kept every row in one vector for a sort: 24 bytes per unique question,
// 476 MiB for a million-key store. Here at most `run_rows` rows are in memory: each full run
// is sorted and written to an unlinked temporary file, and the runs are merged at the end.
// Ties keep the order the rows were added in (the index's fold_text order).
#include "paa/error.hpp"
#include "paa/export/output.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace paa::exporting {

class CountOrder {
 public:
  // A row: its count, and where the caller keeps the rest (offset and length in a spill).
  struct Row {
    std::uint64_t count = 0;
    std::uint64_t offset = 0;
    std::uint64_t length = 0;
    bool operator==(const Row&) const = default;
  };
  // 2^19 rows: 12 MiB in memory, and a million-key store's ~19 million rows in ~37 runs.
  static constexpr std::size_t kDefaultRunRows = std::size_t{1} << 19;

  // The temporary file is only created once a run is full.
  explicit CountOrder(std::size_t run_rows = kDefaultRunRows);
  ~CountOrder();
  CountOrder(const CountOrder&) = delete;
  CountOrder& operator=(const CountOrder&) = delete;

  // Fails only when a full run cannot be written (disk full, TMPDIR unwritable); the order is
  // then unusable.
  Result<void> add(const Row& row);
  std::uint64_t rows() const { return added_; }
  // Every row, highest count first, ties in the order added; stops at the first failing visit.
  // Call once, after the last add().
  Result<void> for_each(const std::function<Result<void>(const Row&)>& visit);

 private:
  struct Run {
    std::uint64_t first = 0;  // row index in the file
    std::uint64_t rows = 0;
  };
  Result<void> write_run();
  Result<void> merge(const std::function<Result<void>(const Row&)>& visit);

  std::size_t run_rows_;
  std::vector<Row> buffer_;
  std::vector<Run> runs_;
  std::uint64_t added_ = 0;
  int fd_ = -1;
  std::string path_;
  std::unique_ptr<FdSink> sink_;  // writes the runs to fd_
};

}  // namespace paa::exporting
