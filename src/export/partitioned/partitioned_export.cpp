#include "paa/export/partitioned/partitioned_export.hpp"

#include "paa/export/format_writer.hpp"
#include "paa/export/attributes.hpp"
#include "paa/export/pipeline/result_scan.hpp"
#include "paa/output/atomic_file.hpp"
#include "paa/output/atomic_folder.hpp"
#include "paa/output/buffered_output.hpp"
#include "paa/output/sink.hpp"

#include <boost/json.hpp>
#include <openssl/evp.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <cstdio>
#include <fcntl.h>
#include <stdexcept>
#include <map>
#include <memory>
#include <unistd.h>

namespace paa::exporting {

namespace fs = std::filesystem;

namespace {

// Parts open at once: enough for every locale of a typical job; the least recently written is
// closed beyond it (its next rows start a new part), so file descriptors stay bounded.
constexpr std::size_t kMaxOpenParts = 64;
constexpr std::size_t kPartBuffer = std::size_t{256} << 10;

std::string hex(const unsigned char* bytes, unsigned size) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  for (unsigned i = 0; i < size; ++i) {
    out.push_back(kDigits[bytes[i] >> 4]);
    out.push_back(kDigits[bytes[i] & 15]);
  }
  return out;
}

// A part, a folder or the manifest that could not be written: an I/O failure (exit 1), not usage.
Error io_error(const fs::path& path, std::string_view what, int err) {
  return make_error(errc::io, "cannot " + std::string(what) + " " + path.string() + ": " + std::strerror(err) +
                                  "; check the folder's permissions and free space");
}

// Counts and hashes what goes to the file.
class HashingFileSink final : public ByteSink {
 public:
  HashingFileSink(int fd, const std::string& name) : file_(fd, name), ctx_(EVP_MD_CTX_new()) {
    if (ctx_ == nullptr || EVP_DigestInit_ex(ctx_, EVP_sha256(), nullptr) != 1) {
      throw std::runtime_error("OpenSSL: cannot start a SHA-256 digest");
    }
  }
  ~HashingFileSink() override { EVP_MD_CTX_free(ctx_); }
  HashingFileSink(const HashingFileSink&) = delete;
  HashingFileSink& operator=(const HashingFileSink&) = delete;

  Result<void> write(std::string_view bytes) override {
    EVP_DigestUpdate(ctx_, bytes.data(), bytes.size());
    bytes_ += bytes.size();
    return file_.write(bytes);
  }
  std::uint64_t bytes() const { return bytes_; }
  std::string sha256() {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned size = 0;
    EVP_DigestFinal_ex(ctx_, digest, &size);
    return hex(digest, size);
  }

 private:
  FdSink file_;
  EVP_MD_CTX* ctx_;
  std::uint64_t bytes_ = 0;
};

// One part file being written.
struct OpenPart {
  std::string rel_path;
  int fd = -1;
  std::unique_ptr<HashingFileSink> sink;
  std::unique_ptr<BufferedOutput> out;
  std::unique_ptr<FormatWriter> writer;
  std::uint64_t last_use = 0;
};

class PartitionWriter final : public ResultSink {
 public:
  PartitionWriter(const ExportRequest& request, fs::path root)
      : request_(request), root_(std::move(root)),
        extension_(request.format.format == ExportFormat::csv ? ".csv" : ".jsonl") {}
  ~PartitionWriter() {
    for (auto& [path, part] : open_) {
      if (part.fd >= 0) ::close(part.fd);
    }
  }
  PartitionWriter(const PartitionWriter&) = delete;
  PartitionWriter& operator=(const PartitionWriter&) = delete;

  Result<bool> add(const ScannedResult& scanned) override {
    const StoredResult& result = scanned.result;
    const std::string folder = partition_path(request_.partition->columns, result);
    auto it = open_.find(folder);
    if (it == open_.end()) {
      if (open_.size() >= kMaxOpenParts) {
        auto oldest = std::min_element(open_.begin(), open_.end(), [](const auto& a, const auto& b) {
          return a.second.last_use < b.second.last_use;
        });
        if (auto closed = close(oldest); !closed) return closed.error();
      }
      auto opened = open(folder);
      if (!opened) return opened.error();
      it = *opened;
    }
    OpenPart& part = it->second;
    part.last_use = ++clock_;
    if (auto added = part.writer->add(scanned); !added) return added.error();
    if (part.out->failed()) return *part.out->error();
    if (part.out->bytes_written() >= request_.partition->part_size) {
      if (auto closed = close(it); !closed) return closed.error();
    }
    return true;
  }

  Result<std::vector<PartFile>> finish() {
    while (!open_.empty()) {
      if (auto closed = close(open_.begin()); !closed) return closed.error();
    }
    std::sort(files_.begin(), files_.end(),
              [](const PartFile& a, const PartFile& b) { return a.path < b.path; });
    return files_;
  }

 private:
  using Parts = std::map<std::string, OpenPart>;

  Result<Parts::iterator> open(const std::string& folder) {
    std::error_code ec;
    fs::create_directories(root_ / folder, ec);
    if (ec) return io_error(root_ / folder, "create", ec.value());
    char name[32];
    std::snprintf(name, sizeof name, "part-%05u", next_index_[folder]++);
    OpenPart part;
    part.rel_path = folder.empty() ? std::string(name) + extension_ : folder + "/" + name + extension_;
    const fs::path file = root_ / part.rel_path;
    part.fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (part.fd < 0) return io_error(file, "create", errno);
    part.sink = std::make_unique<HashingFileSink>(part.fd, file.string());
    part.out = std::make_unique<BufferedOutput>(*part.sink, kPartBuffer);
    part.writer = make_format_writer(request_.format, *part.out);
    part.writer->begin();
    return open_.emplace(folder, std::move(part)).first;
  }

  Result<void> close(Parts::iterator it) {
    OpenPart& part = it->second;
    const fs::path file = root_ / part.rel_path;
    if (auto finished = part.writer->finish(); !finished) return finished;
    if (auto flushed = part.out->flush(); !flushed) return flushed;
    if (::fsync(part.fd) != 0) return io_error(file, "write", errno);
    const int rc = ::close(part.fd);
    part.fd = -1;
    if (rc != 0) return io_error(file, "write", errno);
    files_.push_back({part.rel_path, part.writer->records(), part.sink->bytes(), part.sink->sha256()});
    open_.erase(it);
    return {};
  }

  const ExportRequest& request_;
  fs::path root_;
  std::string extension_;
  Parts open_;
  std::map<std::string, std::uint32_t> next_index_;
  std::vector<PartFile> files_;
  std::uint64_t clock_ = 0;
};

std::string manifest(const ExportRequest& request, const std::vector<PartFile>& files) {
  boost::json::object m;
  m["format"] = format_name(request.format.format);
  boost::json::array columns;
  for (auto c : request.partition->columns) columns.emplace_back(partition_column_name(c));
  m["partition_by"] = std::move(columns);
  std::uint64_t rows = 0;
  std::uint64_t bytes = 0;
  boost::json::array list;
  for (const auto& f : files) {
    rows += f.rows;
    bytes += f.bytes;
    list.push_back(boost::json::object{{"path", f.path}, {"rows", f.rows}, {"bytes", f.bytes},
                                       {"sha256", f.sha256}});
  }
  m["rows"] = rows;
  m["bytes"] = bytes;
  m["files"] = std::move(list);
  return boost::json::serialize(m) + "\n";
}

// Only a folder this command wrote (it has the manifest) or an empty one may be replaced.
bool replaceable(const fs::path& dir) {
  std::error_code ec;
  return fs::is_regular_file(dir / "_SUCCESS", ec) || fs::is_empty(dir, ec);
}

// The parts and the manifest into `temp` (published by write_folder_atomically).
Result<void> write_parts(StoreReader& store, const ExportRequest& request, const fs::path& temp,
                         PartitionedSummary& summary) {
  PartitionWriter parts(request, temp);
  auto scanned = scan_results(store, request, format_needs(request.format), {&parts},
                              summary.export_summary);
  if (!scanned) return scanned.error();
  auto files = parts.finish();
  if (!files) return files.error();
  summary.files = std::move(*files);
  for (const auto& f : summary.files) summary.export_summary.records += f.rows;

  // The manifest last: write_folder_atomically makes everything durable, then publishes it.
  return write_small_file(temp / "_SUCCESS", manifest(request, summary.files));
}

}  // namespace

Result<PartitionedSummary> export_partitioned(StoreReader& store, const ExportRequest& asked,
                                              const fs::path& dir, bool force) {
  ExportRequest request = asked;
  if (!request.partition) return make_error(errc::invalid_input, "a partitioned export needs its columns (--partition-by)");
  if (auto catalogued = catalog_selection(store, request); !catalogued) return catalogued.error();
  const auto format = request.format.format;
  if (format != ExportFormat::jsonl && format != ExportFormat::csv) {
    return make_error(errc::invalid_input, "--partition-by writes jsonl or csv, not " +
                                               std::string(format_name(format)));
  }
  PartitionedSummary summary;
  FolderTarget target{dir, force, replaceable, "is not a partitioned export (no _SUCCESS manifest)"};
  auto written = write_folder_atomically(target, [&](const fs::path& temp) -> Result<void> {
    return write_parts(store, request, temp, summary);
  });
  if (!written) return written.error();
  return summary;
}

Result<ExportSummary> export_partitioned_folder(StoreReader& store, const ExportRequest& request,
                                                const fs::path& dir, bool force) {
  auto written = export_partitioned(store, request, dir, force);
  if (!written) return written.error();
  ExportSummary summary = written->export_summary;
  summary.parts = written->files.size();
  return summary;
}

}  // namespace paa::exporting
