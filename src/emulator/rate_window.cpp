#include "paa/emulator/rate_window.hpp"

namespace paa::emulator {

std::optional<std::chrono::seconds> RateWindow::admit(std::size_t id, TimePoint now) {
  if (per_second_ == 0) return std::nullopt;
  using namespace std::chrono;
  Window& w = windows_[id];
  if (w.count == 0 || now - w.start >= seconds{1} || now < w.start) {
    w.start = now;
    w.count = 0;
  }
  if (w.count < per_second_) {
    ++w.count;
    return std::nullopt;
  }
  auto left = ceil<seconds>(w.start + seconds{1} - now);
  return left < seconds{1} ? seconds{1} : left;
}

}  // namespace paa::emulator
