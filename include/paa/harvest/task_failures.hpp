#pragma once
// Detached coroutines never swallow errors: each is spawned with a handler from here, which logs
// an exception (only bugs throw) and counts it for the run's summary (exit 5).
#include <spdlog/spdlog.h>

#include <cstdint>
#include <exception>

namespace paa {

class TaskFailures {
 public:
  // The completion handler for co_spawn(ex, task, failures.handler("worker")).
  auto handler(const char* what) {
    return [this, what](std::exception_ptr e) {
      if (!e) return;
      ++count_;
      try {
        std::rethrow_exception(e);
      } catch (const std::exception& ex) {
        spdlog::error("{} failed: {}", what, ex.what());
      } catch (...) {
        spdlog::error("{} failed with an unknown exception", what);
      }
    };
  }
  std::uint64_t count() const { return count_; }

 private:
  std::uint64_t count_ = 0;
};

}  // namespace paa
