#pragma once
// How stable each question of a key is over the key's versions (docs/watch.md "Stability"):
// fed the versions of one key in a window, oldest first, it tells for each question that
// appears in any of them where it was seen and its status. Questions are compared as `paa diff`
// compares them (distinct_questions.hpp). Pure: the caller reads the store.
#include "paa/model/envelope.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace paa::watch {

// The first status that applies, in this order.
enum class StabilityStatus : std::uint8_t {
  stable,        // in every version of the window (a key with one version: every question)
  intermittent,  // absent from some version between two that have it
  gone,          // in earlier versions, not in the last
  added,         // not in the first version; in every version since it appeared ("new")
};

std::string_view stability_status_name(StabilityStatus status);  // "stable", "new", ...
std::optional<StabilityStatus> parse_stability_status(std::string_view name);

// A version's fetch times as a reader at the window's end sees them (as_seen_at).
struct VersionTimes {
  std::int64_t first_fetch_ms = 0;  // the fetch that first returned this answer
  std::int64_t last_fetch_ms = 0;   // the latest fetch that returned it
};

// The versions of a key a window holds: the one current at `from_ms` (the latest first fetched
// at or before it), then every one first fetched after it, up to `to_ms`. `first_fetches`: each
// version's first fetch, oldest first. Returns [begin, end) into them; empty when the key had
// no version by `to_ms`.
struct VersionRange {
  std::size_t begin = 0;
  std::size_t end = 0;
  std::size_t size() const { return end - begin; }
};
VersionRange versions_in_window(const std::vector<std::int64_t>& first_fetches, std::int64_t from_ms,
                                std::int64_t to_ms);

struct QuestionStability {
  std::string folded;
  std::string question;        // as the latest version that has it spells it
  std::string url;             // its source in the latest version that has it ("" = none)
  std::string first_url;       // its source in the first version that has it
  std::int64_t first_seen_ms = 0;  // first fetch of the first version that has it
  std::int64_t last_seen_ms = 0;   // latest fetch of the last version that has it
  std::uint32_t versions_seen = 0;
  std::uint32_t versions = 0;      // the key's versions in the window
  bool present_now = false;        // in the last version of the window
  StabilityStatus status = StabilityStatus::stable;
  std::vector<std::uint32_t> seen_in;  // the versions that have it (0 = the window's first)
  std::vector<std::string> urls;       // its source in each of them (aligned with seen_in)
};

// One key over its window.
struct KeyStability {
  std::uint32_t versions = 0;
  std::optional<double> mean_churn;            // over consecutive versions; none with one version
  std::optional<std::int64_t> last_change_ms;  // first fetch of the last version; none with one
  std::uint32_t stable = 0, intermittent = 0, gone = 0, added = 0;  // questions by status
};

class StabilityTimeline {
 public:
  // The next version of the window (oldest first).
  void add_version(const VersionTimes& times, const SearchResult& tree);

  // Each question that appears in any version, in order of first appearance (the first
  // version's pre-order, then each later version's new questions in its pre-order).
  std::vector<QuestionStability> questions() const;
  KeyStability summary() const;
  std::uint32_t versions() const { return static_cast<std::uint32_t>(times_.size()); }

 private:
  struct Seen {
    std::string question, url, first_url;
    std::vector<std::uint32_t> seen_in;
    std::vector<std::string> urls;
  };
  StabilityStatus status_of(const Seen& seen) const;

  std::vector<VersionTimes> times_;
  std::vector<std::string> order_;
  std::unordered_map<std::string, Seen> seen_;
  std::unordered_set<std::string> previous_;  // the last version's questions
  double churn_sum_ = 0;
};

// Churn between two versions as `paa diff` computes it: 1 - |A ∩ B| / |A ∪ B| over distinct
// questions; 0 when both are empty.
double question_churn(const std::unordered_set<std::string>& before, const std::unordered_set<std::string>& after);

}  // namespace paa::watch
