#include "paa/model/duration.hpp"

#include <charconv>
#include <limits>

namespace paa {
namespace {
struct Unit {
  char suffix;
  std::int64_t ms;
};
constexpr Unit kUnits[] = {{'w', 7 * 86'400'000LL}, {'d', 86'400'000LL}, {'h', 3'600'000LL},
                           {'m', 60'000LL},         {'s', 1'000LL}};
}  // namespace

Result<std::int64_t> parse_duration(std::string_view text) {
  auto bad = [&](std::string_view why) {
    return make_error(errc::invalid_input, "'" + std::string(text) + "' is not a duration: " +
                                               std::string(why) + "; write it like 30d, 12h, 90m, 45s or 2w");
  };
  if (text.empty()) return bad("it is empty");
  const char suffix = text.back();
  const Unit* unit = nullptr;
  for (const auto& u : kUnits) {
    if (u.suffix == suffix) unit = &u;
  }
  if (unit == nullptr) return bad("it needs a unit (s, m, h, d or w)");
  const std::string_view digits = text.substr(0, text.size() - 1);
  std::int64_t n = 0;
  auto [end, err] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
  if (digits.empty() || err != std::errc{} || end != digits.data() + digits.size()) {
    return bad("it needs a whole number before the unit");
  }
  if (n <= 0) return bad("it must be greater than zero");
  if (n > std::numeric_limits<std::int64_t>::max() / unit->ms) return bad("it is too long");
  return n * unit->ms;
}

Result<std::int64_t> parse_outage_wait(std::string_view text) {
  if (text == "0") return std::int64_t{0};
  return parse_duration(text);
}

std::string duration_text(std::int64_t ms) {
  if (ms == 0) return "0";
  for (const auto& u : kUnits) {
    if (ms > 0 && ms % u.ms == 0) return std::to_string(ms / u.ms) + u.suffix;
  }
  return std::to_string(ms) + "ms";
}

}  // namespace paa
