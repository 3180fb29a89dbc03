#include "paa/policy/retry_after.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <ctime>
#include <string>

namespace paa {

std::optional<std::chrono::seconds> parse_retry_after(std::string_view value,
                                                      std::chrono::system_clock::time_point now) {
  while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) value.remove_prefix(1);
  while (!value.empty() && (value.back() == ' ' || value.back() == '\t')) value.remove_suffix(1);
  if (value.empty()) return std::nullopt;
  constexpr long long kDay = 24 * 3600;
  long long secs = 0;
  auto [p, ec] = std::from_chars(value.data(), value.data() + value.size(), secs);
  if (p == value.data() + value.size() && value.front() != '-') {
    if (ec == std::errc::result_out_of_range) return std::chrono::seconds(kDay);
    if (ec == std::errc()) return std::chrono::seconds(std::min(secs, kDay));
  }
  // HTTP-date (IMF-fixdate): "Sun, 06 Nov 1994 08:49:37 GMT".
  std::tm tm{};
  char month[4] = {};
  char wday[4] = {};
  const std::string text(value);
  if (std::sscanf(text.c_str(), "%3s, %d %3s %d %d:%d:%d GMT", wday, &tm.tm_mday, month, &tm.tm_year,
                  &tm.tm_hour, &tm.tm_min, &tm.tm_sec) != 7) {
    return std::nullopt;
  }
  static constexpr std::string_view kMonths = "JanFebMarAprMayJunJulAugSepOctNovDec";
  const auto pos = kMonths.find(std::string_view(month, 3));
  if (pos == std::string_view::npos || pos % 3 != 0) return std::nullopt;
  tm.tm_mon = static_cast<int>(pos / 3);
  tm.tm_year -= 1900;
  const std::time_t at = timegm(&tm);
  const auto delta = std::chrono::system_clock::from_time_t(at) - now;
  const auto s = std::chrono::duration_cast<std::chrono::seconds>(delta);
  return std::clamp(s, std::chrono::seconds(0), std::chrono::seconds(kDay));
}

}  // namespace paa
