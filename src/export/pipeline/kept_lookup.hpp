#pragma once
// Internal: a few questions' rows found in the kept analysis without reading the others
// (docs/store.md "The kept analysis"), for the views that ask of a handful of questions
// (`paa brief QUERY`). The rows file (questions.zst) is written in frames of kRowsPerFrame rows;
// `questions.frames` holds where each frame begins, and `questions.lookup` each question's hash
// (of its folded text) and row, sorted: a hash is found by binary search, its frame decompressed
// alone, and the row's text compared, so a hash two questions share costs a frame, never a
// wrong row.
#include "paa/error.hpp"
#include "paa/export/question_rows.hpp"
#include "paa/extmem/scratch_file.hpp"
#include "paa/extmem/sorted_runs.hpp"
#include "paa/extmem/zstd_file.hpp"

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

namespace paa::exporting::kept {

inline constexpr std::uint64_t kRowsPerFrame = 1024;
inline constexpr const char* kKeptFrames = "questions.frames";
inline constexpr const char* kKeptLookup = "questions.lookup";

// The hash a question is looked up by: of its folded text (fold_or_raw, as the pass keys it).
std::uint64_t question_hash(std::string_view folded);

// Written beside the rows as they stream: told of each row before it is appended.
class LookupWriter {
 public:
  // Before row `question` (as spelled) is appended to `rows`: a new frame every kRowsPerFrame.
  Result<void> add(extmem::ZstdFileWriter& rows, std::string_view question);
  // After `rows` is finished: the two files into the folder open as `dir_fd`. Past 2^32 rows
  // none is written (then a view reads the rows whole).
  Result<void> finish(int dir_fd, const extmem::ZstdFileWriter& rows);

 private:
  struct Entry {
    std::uint64_t hash;
    std::uint64_t row;
  };
  struct ByHash {
    bool operator()(const Entry& a, const Entry& b) const {
      return a.hash != b.hash ? a.hash < b.hash : a.row < b.row;
    }
  };
  extmem::SortedRuns<Entry, ByHash> entries_{extmem::SortedRuns<Entry, ByHash>::kDefaultRunRecords, {},
                                             "paa-kept-lookup"};
  std::uint64_t rows_ = 0;
};

// The lookup of a kept analysis, opened through its folder (`dir_fd`): its files are held open,
// so a swap or removal of the folder meanwhile cannot mix two analyses. Null when the analysis
// has none.
class RowLookup {
 public:
  static Result<std::shared_ptr<RowLookup>> open(int dir_fd, const std::string& rows_name, std::string shown,
                                                 std::uint64_t rows);
  ~RowLookup();
  RowLookup(const RowLookup&) = delete;
  RowLookup& operator=(const RowLookup&) = delete;

  // The rows of these questions (folded texts), in row order, each once; a text the analysis
  // has not is skipped. store_damaged when a file is not what the manifest wrote. `map`: as
  // read_some_rows's.
  Result<void> find(std::span<const std::string> folded, const topics::TopicMap* map, const QuestionRowVisit& visit);

 private:
  RowLookup(int rows_fd, std::string shown, std::uint64_t rows);
  Result<void> rows_of_hash(std::uint64_t hash, std::vector<std::uint64_t>& rows) const;
  int rows_fd_;         // the rows file (questions.zst)
  std::string shown_;   // the rows file as messages name it
  std::uint64_t rows_;
  std::vector<std::uint64_t> frames_;
  std::unique_ptr<extmem::ScratchFile> lookup_;
  std::string lookup_shown_;
};

}  // namespace paa::exporting::kept
