#pragma once
// The progress of a read-side command (`paa export`, `paa topics`, `paa analyze`, `paa brief`;
// docs/exports.md "Progress"), shown as `paa run` shows its own: a bar redrawn in place on a
// terminal, a log line otherwise. ReadProgressMeter decides what to show and when, from the
// reports and a clock passed in (pure); ReadProgressDisplay is the WorkProgress the work reports
// to, drawing the meter's lines on standard error.
#include "paa/harvest/harvester.hpp"
#include "paa/harvest/progress_display.hpp"
#include "paa/limiter/token_bucket.hpp"
#include "paa/model/work_progress.hpp"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace paa::app {

// A work that ends within kQuiet shows nothing. After it, a bar is redrawn every kBarPeriod and
// at each new phase; log lines come every kLogPeriod (the first after kLogPeriod) and at each new
// phase after the first line.
class ReadProgressMeter {
 public:
  static constexpr std::chrono::milliseconds kQuiet{2000};
  static constexpr std::chrono::milliseconds kBarPeriod{500};
  static constexpr std::chrono::milliseconds kLogPeriod{10000};

  ReadProgressMeter(bool bar, SteadyTime start) : bar_(bar), start_(start), phase_start_(start) {}

  // Each returns the line to show now, if one is due.
  std::optional<std::string> phase(SteadyTime now, std::string_view name, std::uint64_t total);
  std::optional<std::string> done(SteadyTime now, std::uint64_t done);
  // The last line ("done in 58s", or "stopped after 58s" when the work failed), when anything
  // was shown: a bar ends with it.
  std::optional<std::string> finish(SteadyTime now, bool completed = true);
  bool shown() const { return shown_; }

  // "reading results 41200/100000 41.2% | ETA 17s | 24s in all"; without a total, the count
  // alone; before any count, the phase's name.
  std::string line(SteadyTime now) const;

 private:
  std::optional<std::string> draw_if_due(SteadyTime now, bool new_phase);

  bool bar_;
  SteadyTime start_;
  SteadyTime phase_start_;
  std::optional<SteadyTime> last_drawn_;
  bool shown_ = false;
  std::string name_;
  std::uint64_t total_ = 0;
  std::uint64_t done_ = 0;
};

class ReadProgressDisplay final : public WorkProgress {
 public:
  // `mode` as --progress gives it: automatic is a bar on a terminal, log lines otherwise.
  explicit ReadProgressDisplay(ProgressMode mode);
  ~ReadProgressDisplay() override;
  void phase(std::string_view name, std::uint64_t total) override;
  void done(std::uint64_t done) override;
  void end() override { finish(); }
  // Ends the bar (once): its last line with a newline; later reports are not shown. The
  // destructor calls it. `completed`: whether the work succeeded (the last line says which).
  void finish(bool completed = true);

 private:
  void show(const std::optional<std::string>& line, bool final_line);
  ProgressDisplay display_;
  ReadProgressMeter meter_;
  bool finished_ = false;
};

// --progress's word (auto, bar, log, none) as a mode, for `paa run` and the read side alike;
// auto for anything else (the parser checks). progress_word is the way back.
ProgressMode progress_mode(std::string_view word);
// The same for a command that writes its output to standard output as it goes (`to_stdout`):
// when that is a terminal, auto shows no bar between its lines (bar and log still do).
ProgressMode output_progress_mode(std::string_view word, bool to_stdout);
const char* progress_word(ProgressMode mode);

}  // namespace paa::app
