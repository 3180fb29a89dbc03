#pragma once
// A command's output file, written so that readers never see half of it (docs/exports.md
// "-o FILE: atomic output"): into a temporary file beside the target, fsynced, renamed over
// it, the folder fsynced. On an error, an exception or SIGINT/SIGTERM/SIGHUP the temporary file
// is removed and the target is untouched. An existing target is refused unless `force` (checked
// again atomically at the rename).
#include "paa/error.hpp"
#include "paa/output/sink.hpp"

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace paa {

// What `-o` names: nothing or "-" is standard output (nullopt), anything else a file.
inline std::optional<std::filesystem::path> output_target(const std::string& flag) {
  if (flag.empty() || flag == "-") return std::nullopt;
  return std::filesystem::path(flag);
}

// `produce` writes into the temporary file through a ByteSink.
Result<void> write_file_atomically(const std::filesystem::path& target, bool force,
                                   const std::function<Result<void>(ByteSink&)>& produce);

// The same for a producer that writes the file by name (libxlsxwriter): `produce` gets the
// temporary file's path (the file exists, empty) and may replace its contents.
Result<void> write_path_atomically(const std::filesystem::path& target, bool force,
                                   const std::function<Result<void>(const std::filesystem::path& temp)>& produce);

// Replaces `target` whole with `bytes`, the same way, for a file that only the holder of a lock
// the caller holds ever replaces (a kept analysis's manifest): the temporary file has the fixed
// name fixed_temp_path(target), so that one a SIGKILL left is removed by the next replace.
Result<void> replace_file_under_lock(const std::filesystem::path& target, std::string_view bytes);
std::filesystem::path fixed_temp_path(const std::filesystem::path& target);

// `produce` into `output` atomically (write_file_atomically), or to standard output if none.
Result<void> write_output(const std::optional<std::filesystem::path>& output, bool force,
                          const std::function<Result<void>(ByteSink&)>& produce);

// fsyncs a folder, so that names created or renamed in it survive a power cut. Best effort:
// called after the rename it protects has happened, when there is nothing left to undo.
void fsync_dir(const std::filesystem::path& dir);

}  // namespace paa
