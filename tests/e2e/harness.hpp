#pragma once
// Test harness: temp folders, child processes, the emulator and its JSON request log.
#include <boost/json.hpp>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include <sys/types.h>

namespace paa::e2e {

namespace fs = std::filesystem;

inline constexpr const char* kApiKey = "e2e-secret-key-7f3a9c";

// A fresh folder under the system temp dir, removed at the end.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  const fs::path& path() const { return path_; }
  fs::path operator/(const std::string& name) const { return path_ / name; }

 private:
  fs::path path_;
};

// Certificates from scripts/make-certs.sh, made once per test binary.
const fs::path& certs_dir();

struct ProcessResult {
  int exit_code = -1;  // 128+signal when killed by a signal
  std::string out;
  std::string err;
};

// A child process with stdout/stderr captured to files.
class Process {
 public:
  Process(std::vector<std::string> argv, std::map<std::string, std::string> env, const fs::path& dir);
  ~Process();
  pid_t pid() const { return pid_; }
  void signal(int signo);
  ProcessResult wait();  // waits for exit and collects output
  bool exited();         // true once the process has ended (reaps it; wait() still collects output)
  std::string err_so_far() const;  // what the process has written to stderr up to now

 private:
  pid_t pid_ = -1;
  fs::path out_, err_;
  bool waited_ = false;
  bool reaped_ = false;
  int status_ = 0;
};

// Runs `paa args...` to completion with PAA_API_KEY set (unless env overrides it).
ProcessResult run_paa(const std::vector<std::string>& args, const fs::path& dir,
                      std::map<std::string, std::string> env = {});

// paa-emulator on 127.0.0.1:0 over TLS, with a request log.
class Emulator {
 public:
  Emulator(const fs::path& dir, std::vector<std::string> extra_args, bool tls = true,
           const std::string& cert = "server");
  ~Emulator();
  std::string base_url() const;  // https://localhost:PORT/api
  std::vector<boost::json::object> log() const;  // one object per logged request
  std::size_t requests() const { return log().size(); }
  void stop();

 private:
  fs::path log_;
  std::unique_ptr<Process> process_;
  int port_ = 0;
  bool tls_;
};

// Polls `done` until it returns true or the deadline passes (observable state, not sleeps).
bool eventually(const std::function<bool()>& done, std::chrono::milliseconds deadline);

// Writes a job file with `queries` generated queries and the given [limits] lines.
fs::path write_job(const fs::path& dir, const std::string& name, int queries,
                   const std::string& limits, const std::string& extra_top = {});

std::string read_file(const fs::path& p);

// `paa run JOB` against the emulator, trusting its CA, without a progress display.
std::vector<std::string> run_args(const fs::path& job, const Emulator& emu,
                                  std::vector<std::string> extra = {});
// `paa export --format jsonl` of a store, one object per line (expects exit 0).
std::vector<boost::json::object> export_jsonl(const fs::path& dir, const fs::path& store);
// Every exported result equals, as JSON, the tree the emulator generates for its key.
void expect_trees_match_emulator(const std::vector<boost::json::object>& rows, std::uint64_t seed);
// Requests in an emulator log that got this status.
std::size_t count_status(const std::vector<boost::json::object>& log, int status);

// Every regular file under `root`, recursively, with its size and modification time:
// equal listings mean nothing was created, removed or written.
std::map<std::string, std::pair<std::uintmax_t, std::int64_t>> file_listing(const fs::path& root);

}  // namespace paa::e2e
