#pragma once
// A child process with stdout/stderr captured to files, and polling with a deadline.
#include <chrono>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include <sys/types.h>

namespace paa::test {

struct ProcessResult {
  int exit_code = -1;  // 128+signal when killed by a signal
  std::string out;
  std::string err;
  long max_rss_kib = 0;  // the child's peak resident memory (wait4's ru_maxrss)
};

class Process {
 public:
  // `env` adds to (or, with the value "<unset>", removes from) this process's environment;
  // the child runs in `dir`, where its captures go (proc-*.out, proc-*.err).
  Process(std::vector<std::string> argv, std::map<std::string, std::string> env,
          const std::filesystem::path& dir);
  ~Process();  // SIGKILLs a child still running
  Process(const Process&) = delete;
  Process& operator=(const Process&) = delete;

  pid_t pid() const { return pid_; }
  void signal(int signo);
  ProcessResult wait();  // waits for exit and collects output
  bool exited();         // true once the process has ended (reaps it; wait() still collects output)
  std::string err_so_far() const;  // what the process has written to stderr up to now

 private:
  pid_t pid_ = -1;
  std::filesystem::path out_, err_;
  bool waited_ = false;
  bool reaped_ = false;
  int status_ = 0;
  long max_rss_kib_ = 0;
};

// Polls `done` until it returns true or the deadline passes (observable state, not sleeps).
bool eventually(const std::function<bool()>& done, std::chrono::milliseconds deadline);

}  // namespace paa::test
