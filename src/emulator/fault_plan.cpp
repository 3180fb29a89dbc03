#include "paa/emulator/fault_plan.hpp"

namespace paa::emulator {

namespace {
struct HostileName {
  HostileMode mode;
  std::string_view name;
};
constexpr HostileName hostile_names[] = {
    {HostileMode::deep_nesting, "deep-nesting"},       {HostileMode::huge, "huge"},
    {HostileMode::invalid_utf8, "invalid-utf8"},       {HostileMode::array_top_level, "array-top-level"},
    {HostileMode::searches_left_string, "searchesLeft-string"}, {HostileMode::missing_result, "missing-result"},
    {HostileMode::formulas, "formulas"},
};
}  // namespace

std::string_view fault_name(Fault f, HostileMode h) {
  switch (f) {
    case Fault::none: return "";
    case Fault::error_500: return "500";
    case Fault::reset: return "reset";
    case Fault::truncate: return "truncate";
    case Fault::invalid_json: return "invalid-json";
    case Fault::slow: return "slow";
    case Fault::charge_drop: return "charge-drop";
    case Fault::outage: return "outage";
    case Fault::hostile:
      for (const auto& n : hostile_names)
        if (n.mode == h) return n.name;
      return "hostile";
  }
  return "";
}

std::optional<HostileMode> parse_hostile_mode(std::string_view name) {
  for (const auto& n : hostile_names)
    if (n.name == name) return n.mode;
  return std::nullopt;
}

Draw FaultPlan::draw() {
  Draw d;
  if (rates_.latency_max_ms > 0)
    d.latency = std::chrono::milliseconds(rng_.between(rates_.latency_min_ms, rates_.latency_max_ms));
  d.chunked = rng_.chance(rates_.chunked_share);
  if (rates_.hostile != HostileMode::none && rng_.chance(rates_.hostile_rate)) {
    d.fault = Fault::hostile;
    return d;
  }
  if (rates_.fault_sum() <= 0) return d;
  double x = rng_.unit();
  const std::pair<double, Fault> table[] = {{rates_.error_500, Fault::error_500}, {rates_.reset, Fault::reset},
                                            {rates_.truncate, Fault::truncate},   {rates_.invalid_json, Fault::invalid_json},
                                            {rates_.slow, Fault::slow},           {rates_.charge_drop, Fault::charge_drop}};
  for (const auto& [p, f] : table) {
    if (x < p) {
      d.fault = f;
      break;
    }
    x -= p;
  }
  return d;
}

}  // namespace paa::emulator
