#pragma once
// Where the progress line goes: a status bar redrawn in place on a terminal (log lines wipe it
// first, so a message never ends up glued to it), or a log line every 10 s. The default logger is
// main's (app::configure_process) and never swapped: its sink, bar_aware_stderr_sink(), wipes
// the bar while one is on screen.
#include "paa/harvest/harvester.hpp"
#include "paa/harvest/progress.hpp"

#include <chrono>
#include <memory>
#include <string>

namespace spdlog::sinks {
class sink;
}

namespace paa {

class ProgressDisplay {
 public:
  // On a terminal (or ProgressMode::bar), a bar is on screen until the destructor.
  explicit ProgressDisplay(ProgressMode mode);
  ~ProgressDisplay();
  ProgressDisplay(const ProgressDisplay&) = delete;
  ProgressDisplay& operator=(const ProgressDisplay&) = delete;

  bool enabled() const { return mode_ != ProgressMode::none; }
  bool bar() const { return bar_; }
  std::chrono::milliseconds period() const { return bar_ ? std::chrono::milliseconds(500) : std::chrono::seconds(10); }
  // `final_line`: the bar's last drawing, ended by a newline.
  void show(const ProgressSnapshot& snapshot, bool final_line) const;
  // Any one line, drawn the same way (the read side's progress, app/read_progress.hpp).
  void show_line(const std::string& line, bool final_line) const;

 private:
  ProgressMode mode_;
  bool bar_ = false;
};

// Log lines on standard error, in colour on a terminal; while a ProgressDisplay's bar is on
// screen, each line wipes it first (the next tick redraws it).
std::shared_ptr<spdlog::sinks::sink> bar_aware_stderr_sink();

}  // namespace paa
