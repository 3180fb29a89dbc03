#pragma once
// Per-key quota accounting (pure: the current time is always an argument).
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace paa::emulator {

using Clock = std::chrono::system_clock;
using TimePoint = Clock::time_point;

struct KeyConfig {
  std::string secret;
  bool active = true;
  std::int64_t searches = 1000;  // monthly searches
  std::int64_t payg = 0;         // pay-as-you-go credits
};

struct KeyQuota {
  bool active = true;
  std::int64_t searches_left = 0;
  std::int64_t payg_left = 0;
  std::chrono::year_month_day renewal_date{};     // the calendar renewal
  std::chrono::year_month_day announced_date{};   // what responses report as renewalDate
  std::optional<TimePoint> exhausted_at;  // when searches and credits both reached 0
};

enum class Charge { monthly_search, payg_credit, exhausted };

// Adds one month, clamping to the month's last day (Jan 31 -> Feb 28/29).
std::chrono::year_month_day add_one_month(std::chrono::year_month_day d);
// The first day of the month after `now` (UTC): the default renewal date.
std::chrono::year_month_day first_of_next_month(TimePoint now);

class QuotaBook {
 public:
  // renew_after: refill this long after a key ran out (nullopt: only on the calendar renewal date).
  QuotaBook(std::vector<KeyConfig> keys, std::chrono::year_month_day renewal_date,
            std::optional<std::chrono::seconds> renew_after);

  std::optional<std::size_t> find(std::string_view secret) const;
  std::size_t size() const { return configs_.size(); }
  const KeyQuota& state(std::size_t id) const { return states_[id]; }
  const KeyConfig& config(std::size_t id) const { return configs_[id]; }

  // Applies any renewal that is due at `now`. Call before reading or charging a key.
  void refresh(std::size_t id, TimePoint now);
  // One non-cached success: a monthly search, else a PAYG credit, else exhausted (nothing spent).
  Charge charge(std::size_t id, TimePoint now);

  // "k1" for the first configured key: log and stats never show the secret.
  static std::string key_id(std::size_t id) { return "k" + std::to_string(id + 1); }

 private:
  void refill(std::size_t id, bool with_payg);
  void announce(std::size_t id, TimePoint now);

  std::vector<KeyConfig> configs_;
  std::vector<KeyQuota> states_;
  std::unordered_map<std::string, std::size_t> by_secret_;
  std::optional<std::chrono::seconds> renew_after_;
};

}  // namespace paa::emulator
