#pragma once
// The emulator's decision logic, free of I/O: one request in, one Reply out. The server is a thin shell.
#include "paa/emulator/fault_plan.hpp"
#include "paa/emulator/lru_map.hpp"
#include "paa/emulator/outage_plan.hpp"
#include "paa/emulator/quota_book.hpp"
#include "paa/emulator/rate_window.hpp"
#include "paa/emulator/response_cache.hpp"
#include "paa/emulator/tree_generator.hpp"

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace paa::emulator {

struct ServiceConfig {
  std::vector<KeyConfig> keys;
  std::string prefix = "/api";
  std::chrono::year_month_day renewal_date{};  // !ok(): the first day of next month
  std::optional<std::chrono::seconds> renew_after;
  std::chrono::seconds cache_ttl{3600};
  std::size_t cache_entries = 100000;
  std::size_t tree_cache_entries = 4096;
  unsigned rate_limit = 0;
  TreeOptions tree;
  FaultRates faults;
  // Planted failures: a request whose q is exactly one of these (as decoded) always gets the
  // 500 fault, after its draw (so the other requests' draws are unchanged).
  std::vector<std::string> fail_queries;
  OutageConfig outage;  // --down-after, --down-for, --down-mode
  std::uint64_t seed = 0;
};

// Shape check of an x-api-key value: 1..128 characters from [A-Za-z0-9._-].
bool is_well_formed_key(std::string_view key);

struct RequestView {
  std::string_view method;
  std::string_view target;  // origin-form: /api/alsoask?q=...
  std::optional<std::string_view> api_key;
};

// Reused across the requests of a connection so its buffers keep their capacity.
struct Reply {
  unsigned status = 0;       // 0: no response at all (connection reset)
  std::string body;
  unsigned retry_after = 0;  // seconds; 0: no Retry-After header
  bool allow_get = false;    // 405: send "Allow: GET"
  Fault fault = Fault::none;
  HostileMode hostile = HostileMode::none;
  bool chunked = false;
  std::chrono::milliseconds latency{0};
  bool huge = false;  // `body` holds only the envelope head: stream HugeBody(body) instead
  bool logged = true; // false for /_emulator/stats
  bool refuse = false; // a planned outage in refuse mode: reset this connection, refuse new ones

  // What the log line reports.
  std::string key_id;
  std::optional<std::string> q, hl, gl, city;
  bool cached = false;
  bool charged = false;  // a search was taken from the key's quota

  void reset();
};

// Appends {"cached":..,"searchesLeft":..,"payAsYouGoCreditsLeft":..,"renewalDate":"..","result":
void append_envelope_head(std::string& out, bool cached, const KeyQuota& quota);

// One JSON log line (with the trailing newline) for a request.
void format_log_line(std::string& out, const Reply& reply, std::int64_t unix_ms, std::uint64_t conn);

// The 100 MB hostile body, produced piece by piece so it is never held in memory.
class HugeBody {
 public:
  HugeBody(std::string head, std::size_t target_bytes = 100u << 20);
  std::size_t size() const { return total_; }
  // Replaces `out` with the next piece of at most about `max` bytes; false once everything was produced.
  bool next(std::string& out, std::size_t max);

 private:
  std::string prefix_, suffix_;
  std::size_t count_ = 0, element_bytes_ = 0, total_ = 0;
  std::size_t next_element_ = 0;
  int phase_ = 0;
  void append_element(std::string& out, std::size_t i) const;
};

class Service {
 public:
  explicit Service(ServiceConfig config, TimePoint now = Clock::now());

  // Thread-safe. Decides status, body and delivery for one request and counts it for the stats.
  void handle(const RequestView& request, TimePoint now, Reply& out);
  std::string stats_json(TimePoint now);
  // A planned outage: when the service comes back (nullopt: it is not away, or away for good).
  std::optional<TimePoint> outage_up_at();

  const ServiceConfig& config() const { return config_; }

 private:
  // handle()'s steps, in order; each that can refuse the request fills `out` with the refusal.
  bool decode_parameters(std::string_view query, Reply& out);  // false: a bad percent-encoding
  std::optional<std::size_t> admit(const RequestView& request, bool malformed_query, TimePoint now, Reply& out);
  Draw draw_delivery(Reply& out);
  bool reply_with_fault(std::size_t id, Fault fault, Reply& out);  // false: the answer is still due
  void reply_with_answer(std::size_t id, Fault fault, TimePoint now, Reply& out);
  std::shared_ptr<const std::string> tree_json(const Reply& out);

  void error(Reply& out, unsigned status, std::string_view message);
  void hostile_body(Reply& out, std::size_t id);
  void count(const Reply& out);

  ServiceConfig config_;
  std::string endpoint_;
  std::mutex mutex_;
  QuotaBook quota_;
  ResponseCache cache_;
  RateWindow rate_;
  FaultPlan faults_;
  OutagePlan outage_;
  TreeGenerator trees_;
  LruMap<std::shared_ptr<const std::string>> tree_cache_;
  std::string key_buf_, decode_buf_;
  std::map<unsigned, std::uint64_t> status_counts_;
  std::map<std::string, std::uint64_t, std::less<>> fault_counts_;
  std::uint64_t requests_ = 0;
};

}  // namespace paa::emulator
