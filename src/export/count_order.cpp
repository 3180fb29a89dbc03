#include "paa/export/count_order.hpp"

#include "paa/export/output.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <queue>
#include <string_view>
#include <unistd.h>

namespace paa::exporting {
namespace {

constexpr std::uint64_t kRowBytes = sizeof(CountOrder::Row);

// Most frequent first; stable_sort keeps the order added among equal counts.
bool more_frequent(const CountOrder::Row& a, const CountOrder::Row& b) { return a.count > b.count; }

Result<void> read_all(int fd, const std::string& path, char* data, std::uint64_t size, std::uint64_t at) {
  while (size > 0) {
    const ssize_t n = ::pread(fd, data, size, static_cast<off_t>(at));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const int why = errno;
      return make_error(errc::io, "cannot read back temporary file " + path + ": " +
                        (n < 0 ? std::strerror(why) : "it is shorter than written"));
    }
    data += n;
    size -= static_cast<std::uint64_t>(n);
    at += static_cast<std::uint64_t>(n);
  }
  return {};
}

}  // namespace

CountOrder::CountOrder(std::size_t run_rows) : run_rows_(std::max<std::size_t>(run_rows, 1)) {}

CountOrder::~CountOrder() {
  if (fd_ >= 0) ::close(fd_);
}

Result<void> CountOrder::add(const Row& row) {
  if (buffer_.size() == run_rows_) {
    if (auto written = write_run(); !written) return written;
  }
  // Reserved whole: untouched pages cost no memory, and growth never overshoots the run.
  if (buffer_.capacity() == 0) buffer_.reserve(run_rows_);
  buffer_.push_back(row);
  ++added_;
  return {};
}

Result<void> CountOrder::write_run() {
  if (fd_ < 0) {
    auto fd = create_unlinked_temp("paa-export-order", path_);
    if (!fd) return fd.error();
    fd_ = *fd;
    sink_ = std::make_unique<FdSink>(fd_, "temporary file " + path_);
  }
  std::stable_sort(buffer_.begin(), buffer_.end(), more_frequent);
  Run run;
  run.first = runs_.empty() ? 0 : runs_.back().first + runs_.back().rows;
  run.rows = buffer_.size();
  // Runs are appended in order, so the file's own offset is where this one starts.
  if (auto written = sink_->write({reinterpret_cast<const char*>(buffer_.data()), run.rows * kRowBytes});
      !written) {
    return written;
  }
  runs_.push_back(run);
  buffer_.clear();
  return {};
}

Result<void> CountOrder::for_each(const std::function<Result<void>(const Row&)>& visit) {
  if (runs_.empty()) {  // it all fit in memory: no file at all
    std::stable_sort(buffer_.begin(), buffer_.end(), more_frequent);
    for (const Row& row : buffer_) {
      if (auto r = visit(row); !r) return r;
    }
    return {};
  }
  if (!buffer_.empty()) {
    if (auto written = write_run(); !written) return written;
  }
  buffer_ = {};  // give the run's memory back before the merge takes its own
  return merge(visit);
}

Result<void> CountOrder::merge(const std::function<Result<void>(const Row&)>& visit) {
  // One small window per run; a heap picks the most frequent head, the earlier run on ties
  // (runs hold consecutive stretches of the order added, so this keeps that order).
  struct Cursor {
    Run run;
    std::uint64_t next = 0;  // rows of the run read into the window so far
    std::vector<Row> window;
    std::size_t at = 0;
  };
  // The windows together hold at most one run's worth of rows, however many runs there are.
  const std::size_t window_rows = std::clamp<std::size_t>(run_rows_ / std::max<std::size_t>(runs_.size(), 4), 1, 4096);
  std::vector<Cursor> cursors(runs_.size());
  auto refill = [&](Cursor& c) -> Result<void> {
    const std::uint64_t n = std::min<std::uint64_t>(window_rows, c.run.rows - c.next);
    c.window.resize(n);
    c.at = 0;
    if (auto read = read_all(fd_, path_, reinterpret_cast<char*>(c.window.data()), n * kRowBytes,
                             (c.run.first + c.next) * kRowBytes);
        !read) {
      return read;
    }
    c.next += n;
    return {};
  };
  auto later = [&](std::size_t a, std::size_t b) {  // std::priority_queue puts the greatest on top
    const Row& x = cursors[a].window[cursors[a].at];
    const Row& y = cursors[b].window[cursors[b].at];
    if (x.count != y.count) return x.count < y.count;
    return a > b;
  };
  std::priority_queue<std::size_t, std::vector<std::size_t>, decltype(later)> heads(later);
  for (std::size_t i = 0; i < runs_.size(); ++i) {
    cursors[i].run = runs_[i];
    if (auto r = refill(cursors[i]); !r) return r;
    if (!cursors[i].window.empty()) heads.push(i);
  }
  while (!heads.empty()) {
    const std::size_t i = heads.top();
    heads.pop();
    Cursor& c = cursors[i];
    if (auto r = visit(c.window[c.at]); !r) return r;
    if (++c.at == c.window.size()) {
      if (c.next == c.run.rows) continue;  // this run is done
      if (auto r = refill(c); !r) return r;
    }
    heads.push(i);
  }
  return {};
}

}  // namespace paa::exporting
