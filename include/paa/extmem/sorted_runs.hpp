#pragma once
// An external merge sort of fixed-size records in bounded memory: at most `run_records`
// records are held; each full run is sorted and written to a scratch file, and the runs are
// merged when the records are read back. The sort is stable: records that compare equal come
// back in the order they were added.
//
// Records are trivially copyable (they are written to the file as bytes); typically a key to
// sort by and where the caller keeps the rest (an offset into a ScratchFile or RecordSpill).
// `Before` is a strict weak order: before(a, b) when a comes first. Added for `questions`
// (rows most frequent first: a million-key store's index once took 476 MiB in one vector),
// the building block of the read side's external sort + reduce. The runs are compressed in
// blocks and given back to the disk as the merge reads them (packed_runs.hpp); the file is
// closed once merged.
#include "paa/error.hpp"
#include "paa/extmem/packed_runs.hpp"
#include "paa/extmem/scratch_file.hpp"

#include <algorithm>
#include <cstring>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <queue>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace paa::extmem {

template <class Record, class Before = std::less<Record>>
class SortedRuns {
  static_assert(std::is_trivially_copyable_v<Record>, "records are written to the scratch file as bytes");

 public:
  // A run's memory: 12 MiB, i.e. 2^19 records of 24 bytes (a million-key store's ~19 million
  // question rows in ~37 runs).
  static constexpr std::size_t kDefaultRunBytes = std::size_t{12} << 20;
  static constexpr std::size_t kDefaultRunRecords = std::max<std::size_t>(kDefaultRunBytes / sizeof(Record), 1);

  // The scratch file (named `<prefix>-XXXXXX` in $TMPDIR) is only created once a run is full.
  // A run size of 0 is a bug, not a request for runs of one record: `{}` for it once made a
  // run per record, every one held open by the merge (4.7 GiB at a million keys).
  explicit SortedRuns(std::size_t run_records = kDefaultRunRecords, Before before = {},
                      std::string prefix = "paa-sorted-runs")
      : run_records_(checked_run_size(run_records)), before_(std::move(before)), prefix_(std::move(prefix)) {}
  SortedRuns(const SortedRuns&) = delete;
  SortedRuns& operator=(const SortedRuns&) = delete;

  // Fails only when a full run cannot be written (disk full, TMPDIR unwritable); the sort is
  // then unusable.
  Result<void> add(const Record& record) {
    if (buffer_.size() == run_records_) {
      if (auto written = write_run(); !written) return written;
    }
    // Reserved whole: untouched pages cost no memory, and growth never overshoots the run.
    if (buffer_.capacity() == 0) buffer_.reserve(run_records_);
    buffer_.push_back(record);
    ++added_;
    return {};
  }
  std::uint64_t size() const { return added_; }

  // The records so far to disk and the run's memory given back: for a sort that waits while
  // other work takes the memory. Adding after it starts a new run.
  Result<void> spill() {
    if (!buffer_.empty()) {
      if (auto written = write_run(); !written) return written;
    }
    buffer_ = {};
    return {};
  }

  // Every record in order; stops at the first failing visit and returns its error. Call once,
  // after the last add().
  Result<void> for_each(const std::function<Result<void>(const Record&)>& visit) {
    if (runs_.empty()) {  // it all fit in memory: no file at all
      sort_buffer();
      for (const Record& record : buffer_) {
        if (auto r = visit(record); !r) return r;
      }
      buffer_ = {};  // called once: the memory goes back now
      return {};
    }
    if (!file_) throw std::logic_error("SortedRuns::for_each called twice (a bug in paa)");
    if (!buffer_.empty()) {
      if (auto written = write_run(); !written) return written;
    }
    buffer_ = {};  // give the run's memory back before the merge takes its own
    if (auto flushed = file_->flush(); !flushed) return flushed;
    auto merged = merge(visit);
    file_.reset();  // called once: the disk goes back now, not with the sort
    return merged;
  }

 private:
  static constexpr std::uint64_t kRecordBytes = sizeof(Record);

  struct Run {
    PackedRun packed;
    std::uint64_t records = 0;
  };

  void sort_buffer() {
    std::stable_sort(buffer_.begin(), buffer_.end(), [this](const Record& a, const Record& b) { return before_(a, b); });
  }

  Result<void> write_run() {
    if (!file_) {
      auto file = ScratchFile::create(prefix_, std::size_t{64} << 10);
      if (!file) return file.error();
      file_ = std::move(*file);
      codec_ = std::make_unique<RunCodec>();
    }
    sort_buffer();
    const std::uint64_t offset = file_->size();
    codec_->append(*file_, {reinterpret_cast<const char*>(buffer_.data()), buffer_.size() * kRecordBytes});
    auto run = codec_->end_run(*file_, offset);
    if (!run) return run.error();
    runs_.push_back({*run, buffer_.size()});
    buffer_.clear();
    return {};
  }

  Result<void> merge(const std::function<Result<void>(const Record&)>& visit) {
    // One small window per run; a heap picks the first head in order, the earlier run on ties
    // (runs hold consecutive stretches of the order added, so this keeps that order).
    struct Cursor {
      std::unique_ptr<PackedRunReader> in;
      std::uint64_t left = 0;  // records of the run not yet in the window
      std::vector<Record> window;
      std::size_t at = 0;
    };
    // A window of at most a block's records per run, fewer when the runs are many.
    const std::size_t window_records = std::clamp<std::size_t>(run_records_ / std::max<std::size_t>(runs_.size(), 4),
                                                               1, std::max<std::size_t>(kPackedBlockBytes / kRecordBytes, 1));
    std::vector<Cursor> cursors(runs_.size());
    auto refill = [&](Cursor& c) -> Result<void> {
      const std::uint64_t n = std::min<std::uint64_t>(window_records, c.left);
      c.window.resize(n);
      c.at = 0;
      if (auto got = c.in->ensure(n * kRecordBytes); !got) return got;
      std::memcpy(static_cast<void*>(c.window.data()), c.in->view().data(), n * kRecordBytes);
      c.in->consume(n * kRecordBytes);
      c.left -= n;
      return {};
    };
    auto later = [&](std::size_t a, std::size_t b) {  // std::priority_queue puts the greatest on top
      const Record& x = cursors[a].window[cursors[a].at];
      const Record& y = cursors[b].window[cursors[b].at];
      if (before_(y, x)) return true;
      if (before_(x, y)) return false;
      return a > b;
    };
    std::priority_queue<std::size_t, std::vector<std::size_t>, decltype(later)> heads(later);
    for (std::size_t i = 0; i < runs_.size(); ++i) {
      cursors[i].in = std::make_unique<PackedRunReader>(*file_, runs_[i].packed, *codec_);
      cursors[i].left = runs_[i].records;
      if (auto r = refill(cursors[i]); !r) return r;
      if (!cursors[i].window.empty()) heads.push(i);
    }
    while (!heads.empty()) {
      const std::size_t i = heads.top();
      heads.pop();
      Cursor& c = cursors[i];
      if (auto r = visit(c.window[c.at]); !r) return r;
      if (++c.at == c.window.size()) {
        if (c.left == 0) continue;  // this run is done
        if (auto r = refill(c); !r) return r;
      }
      heads.push(i);
    }
    return {};
  }

  static std::size_t checked_run_size(std::size_t run_records) {
    if (run_records == 0) throw std::logic_error("SortedRuns: a run of 0 records; give a run size");
    return run_records;
  }

  std::size_t run_records_;
  Before before_;
  std::string prefix_;
  std::vector<Record> buffer_;
  std::vector<Run> runs_;
  std::uint64_t added_ = 0;
  std::unique_ptr<ScratchFile> file_;  // the runs, once one was full
  std::unique_ptr<RunCodec> codec_;     // made with the file
};

}  // namespace paa::extmem
