#include "paa/export/export_command.hpp"

#include "paa/exit_code.hpp"
#include "paa/export/exporter.hpp"
#include "paa/export/partitioned_export.hpp"
#include "paa/model/query_key.hpp"
#include "paa/store/store.hpp"
#include "paa/store/store_union.hpp"
#include "paa/model/clock.hpp"
#include "paa/store/point_in_time.hpp"
#include "paa/store/store_at_time.hpp"

#include <atomic>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <random>
#include <sys/stat.h>
#include <unistd.h>

namespace paa::exporting {

namespace {

namespace fs = std::filesystem;

// --- removal of the temporary file on SIGINT/SIGTERM/SIGHUP ---------------------------------
// The handler may only touch async-signal-safe state: a fixed buffer and a flag.
char g_temp_path[PATH_MAX];
volatile std::sig_atomic_t g_temp_armed = 0;
constexpr int kCleanupSignals[] = {SIGINT, SIGTERM, SIGHUP};

extern "C" void remove_temp_and_reraise(int sig) {
  if (g_temp_armed) ::unlink(g_temp_path);
  g_temp_armed = 0;
  // SA_RESETHAND restored the default action: die of the same signal (exit status 128+sig).
  ::raise(sig);
}

class SignalCleanup {
 public:
  explicit SignalCleanup(const std::string& path) {
    if (path.size() >= sizeof g_temp_path) return;  // cannot happen: open() would have failed
    std::memcpy(g_temp_path, path.c_str(), path.size() + 1);
    g_temp_armed = 1;
    struct sigaction action {};
    action.sa_handler = remove_temp_and_reraise;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND;
    for (std::size_t i = 0; i < std::size(kCleanupSignals); ++i) {
      ::sigaction(kCleanupSignals[i], &action, &saved_[i]);
    }
  }
  ~SignalCleanup() {
    g_temp_armed = 0;
    for (std::size_t i = 0; i < std::size(kCleanupSignals); ++i) {
      ::sigaction(kCleanupSignals[i], &saved_[i], nullptr);
    }
  }
  SignalCleanup(const SignalCleanup&) = delete;
  SignalCleanup& operator=(const SignalCleanup&) = delete;

 private:
  struct sigaction saved_[std::size(kCleanupSignals)] {};
};

// Removes the temporary file unless released (errors and exceptions alike).
class TempFileGuard {
 public:
  TempFileGuard(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}
  ~TempFileGuard() {
    if (fd_ >= 0) ::close(fd_);
    if (!path_.empty()) ::unlink(path_.c_str());
  }
  TempFileGuard(const TempFileGuard&) = delete;
  TempFileGuard& operator=(const TempFileGuard&) = delete;
  int fd() const { return fd_; }
  int close_fd() {
    const int rc = ::close(fd_);
    fd_ = -1;
    return rc;
  }
  void release() { path_.clear(); }

 private:
  int fd_;
  std::string path_;
};

std::string quoted(const fs::path& p) { return p.string(); }

std::string errno_text(int err) { return std::strerror(err); }

Error write_error(const fs::path& target, int err) {
  return make_error(errc::io, "cannot write " + quoted(target) + ": " + errno_text(err) +
                    "; check the folder's permissions or choose another -o");
}

int fail(std::FILE* err, const Error& e) { return report_failure(err, e); }

// The temporary file exists (created, empty, open as `fd`) while `produce` runs.
Result<void> replace_atomically(const fs::path& target, bool force,
                                const std::function<Result<void>(int fd, const fs::path& temp)>& produce) {
  std::error_code ec;
  const auto status = fs::symlink_status(target, ec);
  if (fs::is_directory(status)) {
    return make_error(errc::invalid_input, quoted(target) + " is a folder; give -o a file name");
  }
  if (fs::exists(status) && !force) {
    return make_error(errc::invalid_input, quoted(target) + " exists; use --force to replace it");
  }
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  if (!fs::is_directory(dir, ec)) {
    return make_error(errc::invalid_input, "cannot write " + quoted(target) + ": folder " + quoted(dir) +
                      " does not exist; create it first");
  }

  // A unique name beside the target, so the final rename stays within one file system.
  std::random_device entropy;
  int fd = -1;
  std::string temp;
  for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
    temp = (dir / ("." + target.filename().string() + ".paa-tmp-" + std::to_string(::getpid()) +
                   "-" + std::to_string(entropy() % 1000000)))
               .string();
    fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && errno != EEXIST) return write_error(target, errno);
  }
  if (fd < 0) return write_error(target, EEXIST);
  TempFileGuard guard(fd, temp);
  SignalCleanup on_signal(temp);

  if (auto produced = produce(guard.fd(), temp); !produced) return produced.error();
  if (::fsync(guard.fd()) != 0) return write_error(target, errno);
  if (guard.close_fd() != 0) return write_error(target, errno);
  if (force) {
    if (::rename(temp.c_str(), target.c_str()) != 0) return write_error(target, errno);
  } else if (::renameat2(AT_FDCWD, temp.c_str(), AT_FDCWD, target.c_str(), RENAME_NOREPLACE) != 0) {
    const int err = errno;
    if (err == EEXIST) {
      return make_error(errc::invalid_input, quoted(target) + " appeared while exporting; use --force to replace it");
    }
    // File systems without RENAME_NOREPLACE: the existence check above has to do.
    if ((err != EINVAL && err != ENOSYS && err != ENOTSUP) ||
        ::rename(temp.c_str(), target.c_str()) != 0) {
      return write_error(target, err);
    }
  }
  guard.release();
  fsync_dir(dir);
  return {};
}

}  // namespace

int report_failure(std::FILE* err, const Error& e) {
  std::fprintf(err, "paa: %s\n", e.message.c_str());
  return exit_code_for(e);
}

Result<void> check_store_folder(const fs::path& dir) {
  std::error_code ec;
  if (dir.empty() || !fs::is_directory(dir, ec)) {
    return make_error(errc::invalid_input,
                      "store '" + dir.string() + "' not found; pass --store the folder `paa run` writes to");
  }
  return {};
}

Result<void> write_output(const std::optional<fs::path>& output, bool force,
                          const std::function<Result<void>(ByteSink&)>& produce) {
  if (output) return write_file_atomically(*output, force, produce);
  FdSink stdout_sink(STDOUT_FILENO, "standard output");
  return produce(stdout_sink);
}

Result<void> write_file_atomically(const fs::path& target, bool force,
                                   const std::function<Result<void>(ByteSink&)>& produce) {
  return replace_atomically(target, force, [&](int fd, const fs::path&) {
    FdSink sink(fd, quoted(target));
    return produce(sink);
  });
}

Result<void> write_path_atomically(const fs::path& target, bool force,
                                   const std::function<Result<void>(const fs::path& temp)>& produce) {
  return replace_atomically(target, force, [&](int, const fs::path& temp) { return produce(temp); });
}

int run_export_command(const ExportCommandOptions& options, std::FILE* err) {
  const auto format = parse_export_format(options.format);
  if (!format) {
    return fail(err, make_error(errc::invalid_input, "unknown --format '" + options.format +
                         "'; use one of jsonl, json, csv, questions, related, xlsx, html, edges"));
  }
  if (*format == ExportFormat::xlsx && !options.output) {
    return fail(err, make_error(errc::invalid_input, "xlsx is a binary file and is not written to standard output; "
                     "give -o FILE.xlsx"));
  }
  ExportRequest request;
  request.format.format = *format;
  request.format.dedupe = options.dedupe;
  request.format.excel = options.excel;
  request.job = options.job;
  if (options.excel && *format != ExportFormat::csv && *format != ExportFormat::questions &&
      *format != ExportFormat::related && *format != ExportFormat::edges) {
    return fail(err, make_error(errc::invalid_input, "--excel applies to the CSV formats (csv, questions, related, edges), not " +
                         options.format));
  }
  std::optional<PartitionedRequest> partitioned;
  if (!options.partition_by.empty()) {
    if (*format != ExportFormat::jsonl && *format != ExportFormat::csv) {
      return fail(err, make_error(errc::invalid_input, "--partition-by writes jsonl or csv, not " + options.format));
    }
    if (options.excel) return fail(err, make_error(errc::invalid_input, "--excel is for spreadsheets, not a partitioned dataset"));
    if (!options.output) return fail(err, make_error(errc::invalid_input, "--partition-by needs -o DIR, the folder to write"));
    auto columns = parse_partition_columns(options.partition_by);
    if (!columns) return fail(err, columns.error());
    partitioned.emplace();
    partitioned->columns = std::move(*columns);
    if (!options.part_size.empty()) {
      auto size = parse_byte_size(options.part_size);
      if (!size) return fail(err, size.error());
      partitioned->part_size = *size;
    }
  } else if (!options.part_size.empty()) {
    return fail(err, make_error(errc::invalid_input, "--part-size applies with --partition-by"));
  }
  if (!options.hl.empty()) {
    auto hl = normalize_hl(options.hl);
    if (!hl) return fail(err, prefixed("--hl: ", hl.error()));
    request.hl = *hl;
  }
  if (!options.gl.empty()) {
    auto gl = normalize_gl(options.gl);
    if (!gl) return fail(err, prefixed("--gl: ", gl.error()));
    request.gl = *gl;
  }

  if (options.stores.empty()) return fail(err, make_error(errc::invalid_input, "no --store given"));
  std::error_code ec;
  for (std::size_t i = 0; i < options.stores.size(); ++i) {
    const auto& dir = options.stores[i];
    if (auto found = check_store_folder(dir); !found) return fail(err, found.error());
    for (std::size_t j = 0; j < i; ++j) {
      if (fs::equivalent(dir, options.stores[j], ec)) {
        return fail(err, make_error(errc::invalid_input, "store '" + dir.string() + "' is given twice; give each --store once"));
      }
    }
  }
  // One store, or several read as one (shards): the same export either way.
  StoreUnion* store_union = nullptr;
  Result<std::unique_ptr<StoreReader>> store = make_error(errc::store_unusable, "no store");
  if (options.stores.size() == 1) {
    store = StoreReader::open(options.stores.front());
  } else if (auto opened = StoreUnion::open(options.stores)) {
    store_union = opened->get();
    store = std::unique_ptr<StoreReader>(std::move(*opened));
    request.recount_questions = true;
  } else {
    store = opened.error();
  }
  if (!store) {
    return fail(err, store.error());
  }
  if (!options.at.empty()) {
    // The versions current then (docs/history.md): each store keeps its own history.
    if (store_union != nullptr) {
      return fail(err, make_error(errc::invalid_input, "--at reads one store's history (each shard store keeps its own): export the shard stores one by one"));
    }
    auto runs = (*store)->runs();
    if (!runs) return fail(err, runs.error());
    auto point = resolve_point(options.at, *runs, unix_now_ms());
    if (!point) return fail(err, prefixed("--at: ", point.error()));
    std::fprintf(err, "paa: exporting the store as it was at %s\n", point->label.c_str());
    store = store_at_time(std::move(*store), point->at_ms);
    request.recount_questions = true;  // the question index is today's
  }
  const std::string stores_named =
      options.stores.size() == 1 ? "store '" + options.stores.front().string() + "'"
                                 : std::to_string(options.stores.size()) + " stores";
  if (!request.job.empty()) {
    auto jobs = (*store)->job_names();
    if (!jobs) return fail(err, jobs.error());
    std::string names;
    bool known = false;
    for (const auto& job : *jobs) {
      known = known || job == request.job;
      names += (names.empty() ? "" : ", ") + job;
    }
    if (!known) {
      return fail(err, make_error(errc::invalid_input, "no job '" + request.job + "' in " + stores_named +
                           (names.empty() ? std::string("; it holds no jobs yet")
                                          : "; its jobs are: " + names)));
    }
  }

  auto report_overlaps = [&] {
    if (store_union == nullptr || store_union->overlapping_keys() == 0) return;
    std::fprintf(err,
                 "paa: %llu keys are stored in more than one store; each was exported once, its "
                 "most recent fetch\n",
                 static_cast<unsigned long long>(store_union->overlapping_keys()));
  };
  auto report_missing = [&](const ExportSummary& done) {
    if (done.missing_results == 0) return;
    if (!options.at.empty()) {
      std::fprintf(err, "paa: %llu done keys of job '%s' were stored after --at and are not in this export\n",
                   static_cast<unsigned long long>(done.missing_results), request.job.c_str());
      return;
    }
    std::fprintf(err,
                 "paa: warning: %llu done keys of job '%s' have no stored result and were skipped\n",
                 static_cast<unsigned long long>(done.missing_results), request.job.c_str());
  };
  if (partitioned) {
    partitioned->selection = request;
    auto written = export_partitioned(**store, *partitioned, *options.output, options.force);
    if (!written) return fail(err, written.error());
    report_overlaps();
    report_missing(written->export_summary);
    std::fprintf(err, "paa: wrote %llu %s in %zu parts to %s (manifest: _SUCCESS)\n",
                 static_cast<unsigned long long>(written->export_summary.records),
                 *format == ExportFormat::jsonl ? "objects" : "rows", written->files.size(),
                 options.output->c_str());
    return kExitOk;
  }

  ExportSummary summary;
  auto produce = [&](ByteSink& sink) -> Result<void> {
    BufferedOutput out(sink);
    auto exported = export_store(**store, request, out);
    if (!exported) return exported.error();
    summary = *exported;
    return {};
  };
  Result<void> done;
  if (*format == ExportFormat::xlsx) {
    XlsxOptions xlsx;
    xlsx.dedupe = options.dedupe;
    xlsx.rows_per_sheet = options.xlsx_rows_per_sheet;
    done = write_path_atomically(*options.output, options.force, [&](const fs::path& temp) -> Result<void> {
      auto exported = export_store_xlsx(**store, request, temp, xlsx);
      if (!exported) return exported.error();
      summary = *exported;
      return {};
    });
  } else {
    done = write_output(options.output, options.force, produce);
  }
  if (!done) {
    return fail(err, done.error());
  }
  report_overlaps();
  report_missing(summary);
  for (const auto& note : summary.notes) std::fprintf(err, "paa: note: %s\n", note.c_str());
  if (*format == ExportFormat::xlsx) {
    std::fprintf(err, "paa: wrote %llu question rows, %llu unique questions and %llu related searches to %s\n",
                 static_cast<unsigned long long>(summary.records),
                 static_cast<unsigned long long>(summary.question_rows),
                 static_cast<unsigned long long>(summary.related_rows), options.output->c_str());
  } else if (options.output) {
    std::fprintf(err, "paa: wrote %llu %s to %s\n", static_cast<unsigned long long>(summary.records),
                 *format == ExportFormat::html ? "results"
                 : *format == ExportFormat::jsonl || *format == ExportFormat::json ? "objects"
                                                                                   : "rows",
                 options.output->c_str());
  }
  return kExitOk;
}

}  // namespace paa::exporting
