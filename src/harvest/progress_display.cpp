#include "paa/harvest/progress_display.hpp"

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <atomic>
#include <cstdio>
#include <memory>
#include <unistd.h>

namespace paa {

namespace {

// Whether a bar is on screen (one ProgressDisplay at a time draws one).
std::atomic<bool> g_bar_on_screen{false};

class BarAwareSink final : public spdlog::sinks::sink {
 public:
  explicit BarAwareSink(std::shared_ptr<spdlog::sinks::sink> inner) : inner_(std::move(inner)) {}
  void log(const spdlog::details::log_msg& msg) override {
    if (g_bar_on_screen.load(std::memory_order_relaxed)) std::fputs("\r\x1b[K", stderr);
    inner_->log(msg);
  }
  void flush() override { inner_->flush(); }
  void set_pattern(const std::string& pattern) override { inner_->set_pattern(pattern); }
  void set_formatter(std::unique_ptr<spdlog::formatter> formatter) override {
    inner_->set_formatter(std::move(formatter));
  }

 private:
  std::shared_ptr<spdlog::sinks::sink> inner_;
};

}  // namespace

std::shared_ptr<spdlog::sinks::sink> bar_aware_stderr_sink() {
  return std::make_shared<BarAwareSink>(std::make_shared<spdlog::sinks::stderr_color_sink_mt>());
}

ProgressDisplay::ProgressDisplay(ProgressMode mode) : mode_(mode) {
  switch (mode) {
    case ProgressMode::automatic: bar_ = ::isatty(2) != 0; break;
    case ProgressMode::bar: bar_ = true; break;
    case ProgressMode::log:
    case ProgressMode::none: break;
  }
  if (bar_) g_bar_on_screen = true;
}

ProgressDisplay::~ProgressDisplay() {
  if (bar_) g_bar_on_screen = false;
}

void ProgressDisplay::show(const ProgressSnapshot& snapshot, bool final_line) const {
  if (!enabled()) return;
  show_line(format_progress(snapshot), final_line);
}

void ProgressDisplay::show_line(const std::string& line, bool final_line) const {
  if (!enabled()) return;
  if (bar_) {
    std::fprintf(stderr, "\r%s\x1b[K%s", line.c_str(), final_line ? "\n" : "");
  } else {
    spdlog::info("progress: {}", line);
  }
}

}  // namespace paa
