#include "paa/watch/run_alerts.hpp"

#include "paa/watch/answer_domain.hpp"
#include "paa/watch/distinct_questions.hpp"

#include <algorithm>
#include <unordered_map>

namespace paa::watch {

std::string_view alert_kind_name(AlertKind kind) {
  switch (kind) {
    case AlertKind::lost: return "lost";
    case AlertKind::won: return "won";
    case AlertKind::new_questions: return "new_questions";
    case AlertKind::gone_questions: return "gone_questions";
  }
  return "?";
}

std::optional<AlertKind> parse_alert_kind(std::string_view name) {
  for (const AlertKind kind : kAlertKinds) {
    if (alert_kind_name(kind) == name) return kind;
  }
  return std::nullopt;
}

std::string alert_key_label(std::string_view q, std::string_view hl, std::string_view gl, std::string_view city) {
  std::string out = std::string(q) + " (" + std::string(hl) + "-" + std::string(gl);
  if (!city.empty()) out += ", " + std::string(city);
  return out + ")";
}

RunAlerts::RunAlerts(OwnDomains own, std::vector<AlertKind> kinds, std::size_t max_items)
    : own_(std::move(own)), kinds_(std::move(kinds)), max_items_(max_items) {}

bool RunAlerts::any() const {
  return std::any_of(kinds_.begin(), kinds_.end(), [&](AlertKind k) { return list(k).count > 0; });
}

bool RunAlerts::chosen(AlertKind kind) const { return std::find(kinds_.begin(), kinds_.end(), kind) != kinds_.end(); }

bool RunAlerts::mine(const AnswerDomain& d) const { return d.kind == SourceKind::domain && own_.owns_domain(d.domain); }

void RunAlerts::add(AlertKind kind, AlertItem item) {
  if (!chosen(kind)) return;
  AlertList& list = lists_[static_cast<std::size_t>(kind)];
  ++list.count;
  if (list.items.size() < max_items_) list.items.push_back(std::move(item));
}

void RunAlerts::add_key(const std::string& key, const SearchResult& before, const SearchResult& after) {
  ++keys_;
  struct Then {
    const Question* node;
    AnswerDomain domain;
    bool still = false;  // the tree after the run has it too
  };
  // The questions before the run, in their order, and where each is.
  std::vector<std::pair<std::string, Then>> then;
  std::unordered_map<std::string, std::size_t> index;
  bool answers_here = false;  // the user's domains answer a question of the key, before or after
  for (auto& d : distinct_questions(before.children)) {
    AnswerDomain domain = answer_domain(d.node->url);
    answers_here = answers_here || mine(domain);
    index.emplace(d.folded, then.size());
    then.emplace_back(std::move(d.folded), Then{d.node, std::move(domain)});
  }
  const auto now = distinct_questions(after.children);
  std::vector<AnswerDomain> now_domains;
  now_domains.reserve(now.size());
  for (const auto& d : now) {
    now_domains.push_back(answer_domain(d.node->url));
    answers_here = answers_here || mine(now_domains.back());
  }
  const auto candidate = [&](AlertKind kind, AlertItem item, const std::string& folded) {
    if (chosen(kind)) candidates_.push_back({kind, std::move(item), folded, answers_here});
  };
  for (std::size_t i = 0; i < now.size(); ++i) {
    const AnswerDomain& domain = now_domains[i];
    const auto was = index.find(now[i].folded);
    if (was == index.end()) {
      candidate(AlertKind::new_questions, {now[i].node->question, key, "", domain.name()}, now[i].folded);
      continue;
    }
    Then& t = then[was->second].second;
    t.still = true;
    // A move as `paa diff --by domain` counts one: a source at both points, and another domain.
    if (!t.domain.sourced() || !domain.sourced() || t.domain == domain) continue;
    if (mine(t.domain) && !mine(domain)) {
      add(AlertKind::lost, {now[i].node->question, key, t.domain.name(), domain.name()});
    } else if (!mine(t.domain) && mine(domain)) {
      add(AlertKind::won, {now[i].node->question, key, t.domain.name(), domain.name()});
    }
  }
  for (const auto& [folded, t] : then) {
    if (!t.still) candidate(AlertKind::gone_questions, {t.node->question, key, t.domain.name(), ""}, folded);
  }
}

std::vector<std::string> RunAlerts::candidates() const {
  std::vector<std::string> out;
  out.reserve(candidates_.size());
  for (const Candidate& c : candidates_) out.push_back(c.folded);
  return out;
}

void RunAlerts::finish(const std::unordered_map<std::string, bool>* in_user_topics) {
  by_topics_ = in_user_topics != nullptr;
  for (Candidate& c : candidates_) {
    bool in_scope = c.answers_here;
    if (in_user_topics != nullptr) {
      if (const auto it = in_user_topics->find(c.folded); it != in_user_topics->end()) in_scope = it->second;
    }
    if (in_scope) add(c.kind, std::move(c.item));
  }
  std::vector<Candidate>().swap(candidates_);
}

}  // namespace paa::watch
