#include "paa/harvest/progress_display.hpp"

#include <spdlog/sinks/base_sink.h>
#include <spdlog/spdlog.h>

#include <cstdio>
#include <mutex>
#include <unistd.h>

namespace paa {

namespace {
// Log lines while the status bar is on screen: wipe the bar first; the next tick redraws it.
class BarAwareSink final : public spdlog::sinks::base_sink<std::mutex> {
 protected:
  void sink_it_(const spdlog::details::log_msg& msg) override {
    spdlog::memory_buf_t line;
    formatter_->format(msg, line);
    std::fputs("\r\x1b[K", stderr);
    std::fwrite(line.data(), 1, line.size(), stderr);
  }
  void flush_() override { std::fflush(stderr); }
};
}  // namespace

ProgressDisplay::ProgressDisplay(ProgressMode mode) : mode_(mode) {
  switch (mode) {
    case ProgressMode::automatic: bar_ = ::isatty(2) != 0; break;
    case ProgressMode::bar: bar_ = true; break;
    case ProgressMode::log:
    case ProgressMode::none: break;
  }
  if (!bar_) return;
  previous_ = spdlog::default_logger();
  auto logger = std::make_shared<spdlog::logger>("paa", std::make_shared<BarAwareSink>());
  logger->set_level(previous_->level());
  logger->set_pattern("[%Y-%m-%d %H:%M:%S] %l: %v");
  spdlog::set_default_logger(logger);
}

ProgressDisplay::~ProgressDisplay() {
  if (previous_) spdlog::set_default_logger(previous_);
}

void ProgressDisplay::show(const ProgressSnapshot& snapshot, bool final_line) const {
  if (!enabled()) return;
  const std::string line = format_progress(snapshot);
  if (bar_) {
    std::fprintf(stderr, "\r%s\x1b[K%s", line.c_str(), final_line ? "\n" : "");
  } else {
    spdlog::info("progress: {}", line);
  }
}

}  // namespace paa
