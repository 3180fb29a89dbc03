#pragma once
// What a run changed for the user's domains (docs/jobs.md "[notify]": `on`, `domains`), for the
// notice: the questions whose answer moved away from / to their domains (lost, won: counted as
// `paa diff --by domain --domain` counts moves) and the questions that appeared in / left the
// topics where their domains answer at least one question, or without topics the keys where
// they do (new_questions, gone_questions). Fed one key at a time, the key's tree before the run
// and after it; then finish() with the topics' verdicts, when the caller has topics. Pure.
#include "paa/model/envelope.hpp"
#include "paa/watch/answer_domain.hpp"
#include "paa/watch/own_domains.hpp"

#include <array>
#include <cstdint>
#include <unordered_map>
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

  // The new and gone questions seen so far (folded texts), whose topics the caller may look up.
  std::vector<std::string> candidates() const;
  // Counts the new and gone questions, in the order seen: with `in_user_topics` (folded text ->
  // whether its topic is one where the user's domains answer), by their topic; a text it does
  // not know (a question gone from every tree), and every text without it, by their key (the
  // user's domains answer a question of the key, before or after). Call once, after add_key.
  void finish(const std::unordered_map<std::string, bool>* in_user_topics);
  // "topics" when finish had topics, else "keys".
  std::string_view scope() const { return by_topics_ ? "topics" : "keys"; }

  const std::vector<AlertKind>& kinds() const { return kinds_; }
  const OwnDomains& own() const { return own_; }
  const AlertList& list(AlertKind kind) const { return lists_[static_cast<std::size_t>(kind)]; }
  // Whether any chosen kind has something to say: without, no notice is sent.
  bool any() const;
  std::uint64_t keys() const { return keys_; }

 private:
  bool chosen(AlertKind kind) const;
  bool mine(const AnswerDomain& d) const;  // a domain of the user's (no bucket is)
  void add(AlertKind kind, AlertItem item);

  struct Candidate {
    AlertKind kind;
    AlertItem item;
    std::string folded;
    bool answers_here;  // the user's domains answer a question of its key
  };
  OwnDomains own_;
  std::vector<Candidate> candidates_;
  bool by_topics_ = false;
  std::vector<AlertKind> kinds_;
  std::size_t max_items_;
  std::array<AlertList, 4> lists_;
  std::uint64_t keys_ = 0;
};

// "q (hl-gl)" or "q (hl-gl, city)": how a notice names a key.
std::string alert_key_label(std::string_view q, std::string_view hl, std::string_view gl, std::string_view city);

}  // namespace paa::watch
