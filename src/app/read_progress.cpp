#include "paa/app/read_progress.hpp"

#include "paa/harvest/progress.hpp"

#include <cstdio>
#include <unistd.h>

namespace paa::app {

namespace {

double seconds(SteadyTime::duration d) { return std::chrono::duration<double>(d).count(); }

}  // namespace

std::string ReadProgressMeter::line(SteadyTime now) const {
  std::string out = name_;
  char buf[96];
  if (total_ > 0) {
    const std::uint64_t shown = done_ < total_ ? done_ : total_;  // an estimate may be short
    std::snprintf(buf, sizeof buf, " %llu/%llu %.1f%%", static_cast<unsigned long long>(done_),
                  static_cast<unsigned long long>(total_), 100.0 * static_cast<double>(shown) / static_cast<double>(total_));
    out += buf;
    const double in_phase = seconds(now - phase_start_);
    if (done_ > 0 && done_ < total_ && in_phase >= 1.0) {
      const double rate = static_cast<double>(done_) / in_phase;
      out += " | ETA " + format_duration(static_cast<double>(total_ - done_) / rate);
    }
  } else if (done_ > 0) {
    std::snprintf(buf, sizeof buf, " %llu", static_cast<unsigned long long>(done_));
    out += buf;
  }
  out += " | " + format_duration(seconds(now - start_)) + " in all";
  return out;
}

std::optional<std::string> ReadProgressMeter::draw_if_due(SteadyTime now, bool new_phase) {
  const auto since_start = now - start_;
  if (since_start < kQuiet) return std::nullopt;
  if (bar_) {
    if (!new_phase && last_drawn_ && now - *last_drawn_ < kBarPeriod) return std::nullopt;
  } else {
    const bool period_over = last_drawn_ ? now - *last_drawn_ >= kLogPeriod : since_start >= kLogPeriod;
    if (!period_over && !(new_phase && shown_)) return std::nullopt;
  }
  last_drawn_ = now;
  shown_ = true;
  return line(now);
}

std::optional<std::string> ReadProgressMeter::phase(SteadyTime now, std::string_view name, std::uint64_t total) {
  name_ = name;
  total_ = total;
  done_ = 0;
  phase_start_ = now;
  return draw_if_due(now, true);
}

std::optional<std::string> ReadProgressMeter::done(SteadyTime now, std::uint64_t done) {
  done_ = done;
  return draw_if_due(now, false);
}

std::optional<std::string> ReadProgressMeter::finish(SteadyTime now, bool completed) {
  if (!shown_) return std::nullopt;
  return (completed ? "done in " : "stopped after ") + format_duration(seconds(now - start_));
}

ReadProgressDisplay::ReadProgressDisplay(ProgressMode mode)
    : display_(mode), meter_(display_.bar(), std::chrono::steady_clock::now()) {}

ReadProgressDisplay::~ReadProgressDisplay() { finish(); }

void ReadProgressDisplay::phase(std::string_view name, std::uint64_t total) {
  show(meter_.phase(std::chrono::steady_clock::now(), name, total), false);
}

void ReadProgressDisplay::done(std::uint64_t done) { show(meter_.done(std::chrono::steady_clock::now(), done), false); }

void ReadProgressDisplay::finish(bool completed) {
  if (finished_) return;
  finished_ = true;
  show(meter_.finish(std::chrono::steady_clock::now(), completed), true);
}

void ReadProgressDisplay::show(const std::optional<std::string>& line, bool final_line) {
  if (finished_ && !final_line) return;
  if (line && display_.enabled()) display_.show_line(*line, final_line);
}

ProgressMode progress_mode(std::string_view word) {
  if (word == "bar") return ProgressMode::bar;
  if (word == "log") return ProgressMode::log;
  if (word == "none") return ProgressMode::none;
  return ProgressMode::automatic;
}

ProgressMode output_progress_mode(std::string_view word, bool to_stdout) {
  const ProgressMode mode = progress_mode(word);
  return mode == ProgressMode::automatic && to_stdout && ::isatty(1) != 0 ? ProgressMode::none : mode;
}

const char* progress_word(ProgressMode mode) {
  switch (mode) {
    case ProgressMode::bar: return "bar";
    case ProgressMode::log: return "log";
    case ProgressMode::none: return "none";
    case ProgressMode::automatic: break;
  }
  return "auto";
}

}  // namespace paa::app
