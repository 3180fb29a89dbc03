#pragma once
// What a run changed for the user's domains (docs/jobs.md "[notify]": `on`, `domains`), for the
// notice: the questions whose answer moved away from / to their domains (lost, won: counted as
// `paa diff --by domain --domain` counts moves) and the questions that appeared in / left the
// keys where their domains answer at least one question (new_questions, gone_questions). Fed
// one key at a time, the key's tree before the run and after it. Pure.
#include "paa/model/envelope.hpp"
#include "paa/watch/own_domains.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace paa::watch {

enum class AlertKind : std::uint8_t { lost, won, new_questions, gone_questions };
inline constexpr std::array<AlertKind, 4> kAlertKinds = {AlertKind::lost, AlertKind::won, AlertKind::new_questions,
                                                         AlertKind::gone_questions};
std::string_view alert_kind_name(AlertKind kind);  // "lost", "won", "new_questions", "gone_questions"
std::optional<AlertKind> parse_alert_kind(std::string_view name);

struct AlertItem {
  std::string question;       // as the tree words it (the newer tree's wording when both have it)
  std::string key;            // "q (hl-gl)", "q (hl-gl, city)"
  std::string domain_before;  // who answered it before the run; "" when it was not there
  std::string domain_after;   // and after; "" when it is gone
  friend bool operator==(const AlertItem&, const AlertItem&) = default;
};

struct AlertList {
  std::uint64_t count = 0;
  std::vector<AlertItem> items;  // the first `max_items`, in key order, then the tree's order
};

class RunAlerts {
 public:
  RunAlerts(OwnDomains own, std::vector<AlertKind> kinds, std::size_t max_items);

  // A key of the job whose tree the run changed: `key` as it is shown, its tree before and after.
  void add_key(const std::string& key, const SearchResult& before, const SearchResult& after);

  const std::vector<AlertKind>& kinds() const { return kinds_; }
  const OwnDomains& own() const { return own_; }
  const AlertList& list(AlertKind kind) const { return lists_[static_cast<std::size_t>(kind)]; }
  // Whether any chosen kind has something to say: without, no notice is sent.
  bool any() const;
  std::uint64_t keys() const { return keys_; }

 private:
  void add(AlertKind kind, AlertItem item);

  OwnDomains own_;
  std::vector<AlertKind> kinds_;
  std::size_t max_items_;
  std::array<AlertList, 4> lists_;
  std::uint64_t keys_ = 0;
};

// "q (hl-gl)" or "q (hl-gl, city)": how a notice names a key.
std::string alert_key_label(std::string_view q, std::string_view hl, std::string_view gl, std::string_view city);

}  // namespace paa::watch
