#pragma once
// Where the progress line goes: a status bar redrawn in place on a terminal (log lines wipe it
// first, so a message never ends up glued to it), or a log line every 10 s.
#include "paa/harvest/harvester.hpp"
#include "paa/harvest/progress.hpp"

#include <chrono>
#include <memory>

namespace spdlog {
class logger;
}

namespace paa {

class ProgressDisplay {
 public:
  // On a terminal (or ProgressMode::bar), installs a logger that wipes the bar; the destructor
  // puts the previous one back.
  explicit ProgressDisplay(ProgressMode mode);
  ~ProgressDisplay();
  ProgressDisplay(const ProgressDisplay&) = delete;
  ProgressDisplay& operator=(const ProgressDisplay&) = delete;

  bool enabled() const { return mode_ != ProgressMode::none; }
  bool bar() const { return bar_; }
  std::chrono::milliseconds period() const { return bar_ ? std::chrono::milliseconds(500) : std::chrono::seconds(10); }
  // `final_line`: the bar's last drawing, ended by a newline.
  void show(const ProgressSnapshot& snapshot, bool final_line) const;

 private:
  ProgressMode mode_;
  bool bar_ = false;
  std::shared_ptr<spdlog::logger> previous_;
};

}  // namespace paa
