#pragma once
// How long read-side work says how far it is (docs/exports.md "Progress"): the phase it is in
// and how much of it is done. The work only reports; the command decides whether and how it is
// shown (app/read_progress.hpp), so a report costs a counter and, every kStep items, one call.
#include <cstdint>
#include <string_view>

namespace paa {

class WorkProgress {
 public:
  virtual ~WorkProgress() = default;
  // A new phase: what it does ("reading results") and how much it has to do (0: not known).
  virtual void phase(std::string_view name, std::uint64_t total = 0) = 0;
  // How much of the phase is done so far.
  virtual void done(std::uint64_t done) = 0;
  // The work is over and its output follows (a summary for the terminal): nothing more is shown.
  virtual void end() {}
};

// Counts one phase's items and reports every kStep-th (nothing when `progress` is null).
class ProgressCount {
 public:
  static constexpr std::uint64_t kStep = 1024;
  ProgressCount(WorkProgress* progress, std::string_view phase, std::uint64_t total = 0) : progress_(progress) {
    if (progress_ != nullptr) progress_->phase(phase, total);
  }
  void add(std::uint64_t n = 1) {
    const std::uint64_t before = count_;
    count_ += n;
    if (progress_ != nullptr && before / kStep != count_ / kStep) progress_->done(count_);
  }
  std::uint64_t count() const { return count_; }

 private:
  WorkProgress* progress_;
  std::uint64_t count_ = 0;
};

// A phase without a count: its name is shown with the time it has taken.
inline void progress_phase(WorkProgress* progress, std::string_view phase, std::uint64_t total = 0) {
  if (progress != nullptr) progress->phase(phase, total);
}

}  // namespace paa
