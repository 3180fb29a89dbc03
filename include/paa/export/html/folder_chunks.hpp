#pragma once
// The report folder's data files (paa/export/html/report_folder.hpp): where each one lives
// (numbers and hex only, never store text) and a writer that fills numbered chunk files one item
// at a time, each file a script that hands its items to the page: paaData("KIND", N, [item, ...]);
#include "paa/error.hpp"
#include "paa/output/buffered_output.hpp"
#include "paa/output/sink.hpp"

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace paa::exporting {

// "data/KIND/F/N.js", F = N / kFilesPerFolder.
std::string chunk_file(std::string_view kind, std::uint64_t n);
// A word's search shard: the hex of the UTF-8 bytes of its first two code points (its only one
// when it has one), lower case.
std::string search_shard(std::string_view word);
// "data/search/HH/HEX.js", HH = the shard's first two digits.
std::string shard_file(std::string_view shard);

// Files under a root folder, counted (the manifest and the bench report them).
class FolderFiles {
 public:
  explicit FolderFiles(std::filesystem::path root) : root_(std::move(root)) {}
  // Writes `relative` (its folders created as needed); errc::io naming the file on failure.
  Result<void> write(const std::string& relative, std::string_view content);
  std::uint64_t files() const { return files_; }
  std::uint64_t bytes() const { return bytes_; }

 private:
  std::filesystem::path root_;
  std::string made_dir_;  // the folder created last (chunks come in order, folder by folder)
  std::uint64_t files_ = 0;
  std::uint64_t bytes_ = 0;
};

// Items into files of `per_chunk` items each: item() starts the next one (the comma before it is
// written), its JSON is appended to the returned output, end_item() writes the chunk when full.
class ChunkWriter {
 public:
  ChunkWriter(FolderFiles& files, std::string kind, std::uint64_t per_chunk);
  BufferedOutput& item();
  Result<void> end_item();
  Result<void> finish();  // the last, partial chunk
  std::uint64_t items() const { return items_; }
  std::uint64_t chunks() const { return (items_ + per_chunk_ - 1) / per_chunk_; }

 private:
  Result<void> write_chunk();
  FolderFiles& files_;
  std::string kind_;
  std::uint64_t per_chunk_;
  StringSink sink_;
  BufferedOutput out_;
  std::uint64_t items_ = 0;
  std::uint64_t in_chunk_ = 0;
};

// paaData("KIND", N, PAYLOAD);\n around a payload that is already JSON.
std::string data_script(std::string_view kind, std::string_view n, std::string_view payload);

}  // namespace paa::exporting
