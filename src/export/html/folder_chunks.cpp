#include "paa/export/html/folder_chunks.hpp"

#include "paa/export/html/report_folder.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace paa::exporting {

namespace fs = std::filesystem;

std::string chunk_file(std::string_view kind, std::uint64_t n) {
  return "data/" + std::string(kind) + "/" + std::to_string(n / kFilesPerFolder) + "/" + std::to_string(n) + ".js";
}

std::string search_shard(std::string_view word) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  std::size_t at = 0;
  for (int points = 0; points < 2 && at < word.size(); ++points) {
    const auto lead = static_cast<unsigned char>(word[at]);
    // The code point's length from its lead byte (a stray continuation byte counts as one).
    const std::size_t length = lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
    for (std::size_t i = 0; i < length && at < word.size(); ++i, ++at) {
      const auto byte = static_cast<unsigned char>(word[at]);
      out.push_back(kDigits[byte >> 4]);
      out.push_back(kDigits[byte & 15]);
    }
  }
  return out;
}

std::string shard_file(std::string_view shard) {
  return "data/search/" + std::string(shard.substr(0, 2)) + "/" + std::string(shard) + ".js";
}

std::string data_script(std::string_view kind, std::string_view n, std::string_view payload) {
  std::string s;
  s.reserve(payload.size() + 32);
  s += "paaData(\"";
  s += kind;
  s += "\",";
  s += n;
  s += ',';
  s += payload;
  s += ");\n";
  return s;
}

Result<void> FolderFiles::write(const std::string& relative, std::string_view content) {
  const fs::path file = root_ / relative;
  const std::string dir = file.parent_path().string();
  if (dir != made_dir_) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) return make_error(errc::io, "cannot create " + dir + ": " + ec.message() + "; check the free space");
    made_dir_ = dir;
  }
  const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) {
    return make_error(errc::io, "cannot create " + file.string() + ": " + std::strerror(errno) + "; check the free space");
  }
  FdSink sink(fd, file.string());
  auto written = sink.write(content);
  ::close(fd);
  if (!written) return written;
  ++files_;
  bytes_ += content.size();
  return {};
}

ChunkWriter::ChunkWriter(FolderFiles& files, std::string kind, std::uint64_t per_chunk)
    : files_(files), kind_(std::move(kind)), per_chunk_(per_chunk), out_(sink_, std::size_t{64} << 10) {}

BufferedOutput& ChunkWriter::item() {
  if (in_chunk_ == 0) {
    out_.append("paaData(\"");
    out_.append(kind_);
    out_.append("\",");
    out_.append(std::to_string(items_ / per_chunk_));
    out_.append(",[\n");
  } else {
    out_.append(",\n");
  }
  return out_;
}

Result<void> ChunkWriter::end_item() {
  ++items_;
  if (++in_chunk_ == per_chunk_) return write_chunk();
  return {};
}

Result<void> ChunkWriter::write_chunk() {
  const std::uint64_t n = (items_ - 1) / per_chunk_;
  out_.append("\n]);\n");
  if (auto flushed = out_.flush(); !flushed) return flushed;
  in_chunk_ = 0;
  auto written = files_.write(chunk_file(kind_, n), sink_.data);
  sink_.data.clear();
  return written;
}

Result<void> ChunkWriter::finish() {
  if (in_chunk_ == 0) return {};
  return write_chunk();
}

}  // namespace paa::exporting
