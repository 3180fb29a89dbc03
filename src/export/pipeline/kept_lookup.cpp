#include "kept_lookup.hpp"

#include "kept_rows.hpp"
#include "paa/extmem/kept_bytes.hpp"
#include "paa/model/query_key.hpp"
#include "paa/output/buffered_output.hpp"
#include "paa/output/sink.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <limits>
#include <sys/stat.h>
#include <unistd.h>
#include <unordered_set>

namespace paa::exporting::kept {

namespace {

constexpr std::size_t kEntryBytes = 12;  // the hash, the row (u32)

Error damaged(const std::string& shown, const char* why) {
  return make_error(errc::store_damaged, "cannot read " + shown + ": " + why);
}

}  // namespace

std::uint64_t question_hash(std::string_view folded) { return key_hash(folded); }

Result<void> LookupWriter::add(extmem::ZstdFileWriter& rows, std::string_view question) {
  if (rows_ % kRowsPerFrame == 0) rows.mark_frame();
  if (auto added = entries_.add({question_hash(fold_or_raw(question)), rows_}); !added) return added;
  ++rows_;
  return {};
}

Result<void> LookupWriter::finish(int dir_fd, const extmem::ZstdFileWriter& rows) {
  if (rows_ > std::numeric_limits<std::uint32_t>::max()) return {};
  std::string frames;
  for (const std::uint64_t offset : rows.marks()) extmem::put_value(frames, offset);
  if (auto kept = extmem::write_new_file(dir_fd, kKeptFrames, frames); !kept) return kept;
  const int fd = ::openat(dir_fd, kKeptLookup, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) return make_error(errc::io, std::string("cannot create ") + kKeptLookup + ": " + std::strerror(errno));
  FdSink sink(fd, kKeptLookup);
  BufferedOutput out(sink);
  std::string record;
  auto written = entries_.for_each([&](const Entry& e) -> Result<void> {
    record.clear();
    extmem::put_value(record, e.hash);
    extmem::put_value(record, static_cast<std::uint32_t>(e.row));
    out.append(record);
    return {};
  });
  auto flushed = out.flush();
  ::close(fd);
  if (!written) return written;
  return flushed;
}

RowLookup::RowLookup(int rows_fd, std::string shown, std::uint64_t rows)
    : rows_fd_(rows_fd), shown_(std::move(shown)), rows_(rows) {}

RowLookup::~RowLookup() {
  if (rows_fd_ >= 0) ::close(rows_fd_);
}

Result<std::shared_ptr<RowLookup>> RowLookup::open(int dir_fd, const std::string& rows_name, std::string shown,
                                                   std::uint64_t rows) {
  struct stat st {};
  if (::fstatat(dir_fd, kKeptLookup, &st, 0) != 0 && errno == ENOENT) return std::shared_ptr<RowLookup>();
  const std::string rows_shown = shown + "/" + rows_name;
  const int rows_fd = ::openat(dir_fd, rows_name.c_str(), O_RDONLY | O_CLOEXEC);
  if (rows_fd < 0) return make_error(errc::io, "cannot open " + rows_shown + ": " + std::strerror(errno));
  std::shared_ptr<RowLookup> lookup(new RowLookup(rows_fd, rows_shown, rows));
  const std::uint64_t frames = (rows + kRowsPerFrame - 1) / kRowsPerFrame;
  const std::string frames_shown = shown + "/" + kKeptFrames;
  auto frames_file = extmem::ScratchFile::open_kept(dir_fd, kKeptFrames, frames_shown);
  if (!frames_file) return frames_file.error();
  auto bytes = (*frames_file)->read_all();
  if (!bytes) return bytes.error();
  if (bytes->size() != frames * sizeof(std::uint64_t)) return damaged(frames_shown, "it is not the size its rows need");
  extmem::KeptBytes b(*bytes);
  for (std::uint64_t i = 0; i < frames; ++i) lookup->frames_.push_back(b.value<std::uint64_t>());
  const std::string lookup_shown = shown + "/" + kKeptLookup;
  auto entries = extmem::ScratchFile::open_kept(dir_fd, kKeptLookup, lookup_shown);
  if (!entries) return entries.error();
  if ((*entries)->size() != rows * kEntryBytes) return damaged(lookup_shown, "it is not the size its rows need");
  lookup->lookup_ = std::move(*entries);
  lookup->lookup_shown_ = lookup_shown;
  return lookup;
}

Result<void> RowLookup::rows_of_hash(std::uint64_t hash, std::vector<std::uint64_t>& rows) const {
  char record[kEntryBytes];
  const auto entry = [&](std::uint64_t n, std::uint64_t& h, std::uint32_t& row) -> Result<void> {
    if (auto read = lookup_->read_at(n * kEntryBytes, record, kEntryBytes); !read) return read;
    extmem::KeptBytes b({record, kEntryBytes});
    h = b.value<std::uint64_t>();
    row = b.value<std::uint32_t>();
    return {};
  };
  // The first entry whose hash is not below `hash`, then every entry with it.
  std::uint64_t low = 0, high = rows_;
  std::uint64_t h = 0;
  std::uint32_t row = 0;
  while (low < high) {
    const std::uint64_t mid = low + (high - low) / 2;
    if (auto read = entry(mid, h, row); !read) return read;
    if (h < hash) low = mid + 1;
    else high = mid;
  }
  for (std::uint64_t n = low; n < rows_; ++n) {
    if (auto read = entry(n, h, row); !read) return read;
    if (h != hash) break;
    if (row >= rows_) return damaged(lookup_shown_, "it names a row the analysis has not");
    rows.push_back(row);
  }
  return {};
}

Result<void> RowLookup::find(std::span<const std::string> folded, const topics::TopicMap* map,
                             const QuestionRowVisit& visit) {
  std::vector<std::uint64_t> rows;
  for (const std::string& text : folded) {
    if (auto found = rows_of_hash(question_hash(text), rows); !found) return found;
  }
  std::sort(rows.begin(), rows.end());
  rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
  const std::unordered_set<std::string_view> wanted(folded.begin(), folded.end());
  // Each frame that holds a wanted row, read from its start up to its last wanted row.
  for (std::size_t at = 0; at < rows.size();) {
    const std::uint64_t frame = rows[at] / kRowsPerFrame;
    std::size_t end = at;
    while (end < rows.size() && rows[end] / kRowsPerFrame == frame) ++end;
    auto in = extmem::ZstdFileReader::open_file(rows_fd_, shown_, frames_[frame]);
    if (!in) return in.error();
    std::uint64_t row = frame * kRowsPerFrame;
    std::size_t next = at;
    auto read = read_some_rows(**in, rows[end - 1] - row + 1, map,
                               [&](const analysis::UniqueQuestion& q, const topics::QuestionGroup& g,
                                   const topics::Topic& t) -> Result<void> {
                                 const bool asked = next < end && rows[next] == row;
                                 ++row;
                                 if (!asked) return {};
                                 ++next;
                                 // The hash led here; the text decides (two texts may share a hash).
                                 if (!wanted.contains(fold_or_raw(q.question))) return {};
                                 return visit(q, g, t);
                               });
    if (!read) return read;
    at = end;
  }
  return {};
}

}  // namespace paa::exporting::kept
