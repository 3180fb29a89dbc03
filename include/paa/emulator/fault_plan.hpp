#pragma once
// Per-request realism and fault draws (seeded, so a run can be replayed).
#include "paa/emulator/rng.hpp"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string_view>

namespace paa::emulator {

// charge_drop: the search is charged, then the connection is reset without an answer.
// outage: a planned outage (OutagePlan) met the request: 503, or the connection refused.
enum class Fault { none, error_500, reset, truncate, invalid_json, slow, hostile, charge_drop, outage };

// formulas: a valid answer whose texts would be spreadsheet formulas (OWASP "CSV Injection").
enum class HostileMode {
  none, deep_nesting, huge, invalid_utf8, array_top_level, searches_left_string, missing_result, formulas
};

std::string_view fault_name(Fault f, HostileMode h);  // "" for Fault::none
std::optional<HostileMode> parse_hostile_mode(std::string_view name);

struct FaultRates {
  double error_500 = 0, reset = 0, truncate = 0, invalid_json = 0, slow = 0, charge_drop = 0;
  HostileMode hostile = HostileMode::none;
  double hostile_rate = 1.0;  // share of requests that get the hostile body when a mode is set
  double chunked_share = 0.1;
  int latency_min_ms = 0, latency_max_ms = 0;

  double fault_sum() const { return error_500 + reset + truncate + invalid_json + slow + charge_drop; }
};

struct Draw {
  Fault fault = Fault::none;
  bool chunked = false;
  std::chrono::milliseconds latency{0};
};

class FaultPlan {
 public:
  FaultPlan(FaultRates rates, std::uint64_t seed) : rates_(rates), rng_(seed ^ 0xFA017u) {}

  // At most one fault per request; a hostile body wins over the other faults.
  Draw draw();

 private:
  FaultRates rates_;
  Rng rng_;
};

}  // namespace paa::emulator
