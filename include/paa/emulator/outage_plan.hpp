#pragma once
// A planned outage (--down-after, --down-for, --down-mode): from the Nth request on, the service
// goes away for a while, then comes back. Pure: the server asks it about each request and the
// clock comes in as an argument.
#include "paa/emulator/quota_book.hpp"

#include <chrono>
#include <cstdint>
#include <optional>

namespace paa::emulator {

enum class OutageMode {
  refuse,       // connections refused: the listening socket closes, open ones are reset
  unavailable,  // every request answered 503 Service Unavailable
};

struct OutageConfig {
  std::uint64_t after_requests = 0;  // 0: no outage; N: the Nth request is the first one it meets
  std::chrono::seconds duration{0};  // 0: it never ends
  OutageMode mode = OutageMode::refuse;
};

class OutagePlan {
 public:
  explicit OutagePlan(OutageConfig config) : config_(config) {}

  // A request arrived (counted): whether the outage meets it (its mode) or not.
  std::optional<OutageMode> on_request(TimePoint now);
  // Whether the service is away at `now` (counting nothing); and until when (nullopt: for good).
  bool down(TimePoint now) const;
  std::optional<TimePoint> up_at() const;

 private:
  OutageConfig config_;
  std::uint64_t seen_ = 0;
  std::optional<TimePoint> began_;
};

}  // namespace paa::emulator
