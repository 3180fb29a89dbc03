#include "paa/history/tree_diff.hpp"

#include "paa/model/query_key.hpp"

#include <map>
#include <set>
#include <unordered_map>

namespace paa {

std::string_view tree_change_name(TreeChangeKind kind) {
  switch (kind) {
    case TreeChangeKind::added: return "added";
    case TreeChangeKind::removed: return "removed";
    case TreeChangeKind::moved: return "moved";
    case TreeChangeKind::source_changed: return "source_changed";
    case TreeChangeKind::related_added: return "related_added";
    case TreeChangeKind::related_removed: return "related_removed";
  }
  return "?";
}

namespace {

struct Place {
  std::string text;
  int depth = 0;
  int position = 0;
  std::string url;
  std::string title;
  std::string parent;         // display text; "" at depth 1
  std::string parent_folded;  // what a move compares
};

// Distinct questions in first-seen pre-order, with where each was first seen.
struct Flat {
  std::vector<std::string> order;  // folded texts
  std::unordered_map<std::string, Place> places;
};

Flat flatten(const std::vector<Question>& roots) {
  Flat flat;
  walk_preorder(roots, [&](const QuestionVisit& v) {
    std::string folded = fold_or_raw(v.node.question);
    if (folded.empty() || flat.places.contains(folded)) return;
    Place place{v.node.question, v.depth, v.position, v.node.url, v.node.title, {}, {}};
    if (v.parent != nullptr) {
      place.parent = v.parent->question;
      place.parent_folded = fold_or_raw(v.parent->question);
    }
    flat.places.emplace(folded, std::move(place));
    flat.order.push_back(std::move(folded));
  });
  return flat;
}

std::string where(const Place& p) {
  std::string out = "depth " + std::to_string(p.depth) + ", position " + std::to_string(p.position);
  if (!p.parent.empty()) out += ", under \"" + p.parent + "\"";
  return out;
}
// "url | title"; "(no source)" for an answer without either, rather than a bare " | ".
std::string source(const Place& p) {
  if (p.url.empty() && p.title.empty()) return "(no source)";
  return p.url + " | " + p.title;
}

// Related searches as distinct folded texts in the service's order.
std::vector<std::pair<std::string, std::string>> distinct_related(const std::vector<std::string>& related) {
  std::vector<std::pair<std::string, std::string>> out;
  std::set<std::string> seen;
  for (const auto& r : related) {
    std::string folded = fold_or_raw(r);
    if (folded.empty() || !seen.insert(folded).second) continue;
    out.emplace_back(std::move(folded), r);
  }
  return out;
}

}  // namespace

TreeDiff diff_trees(const SearchResult& before, const SearchResult& after) {
  TreeDiff d;
  const Flat old_flat = flatten(before.children);
  const Flat new_flat = flatten(after.children);
  d.questions_before = old_flat.order.size();
  d.questions_after = new_flat.order.size();

  std::size_t common = 0;
  for (const auto& folded : old_flat.order) {
    if (!new_flat.places.contains(folded)) {
      d.changes.push_back({TreeChangeKind::removed, old_flat.places.at(folded).text, "", ""});
    }
  }
  for (const auto& folded : new_flat.order) {
    const Place& now = new_flat.places.at(folded);
    auto it = old_flat.places.find(folded);
    if (it == old_flat.places.end()) {
      d.changes.push_back({TreeChangeKind::added, now.text, "", ""});
      continue;
    }
    ++common;
    const Place& was = it->second;
    if (was.depth != now.depth || was.position != now.position || was.parent_folded != now.parent_folded) {
      d.changes.push_back({TreeChangeKind::moved, now.text, where(was), where(now)});
    }
    if (was.url != now.url || was.title != now.title) {
      d.changes.push_back({TreeChangeKind::source_changed, now.text, source(was), source(now)});
    }
  }
  const std::size_t all = d.questions_before + d.questions_after - common;
  d.churn = all == 0 ? 0.0 : 1.0 - static_cast<double>(common) / static_cast<double>(all);

  const auto old_related = distinct_related(before.related);
  const auto new_related = distinct_related(after.related);
  std::set<std::string> old_set, new_set;
  for (const auto& [folded, text] : old_related) old_set.insert(folded);
  for (const auto& [folded, text] : new_related) new_set.insert(folded);
  for (const auto& [folded, text] : old_related) {
    if (!new_set.contains(folded)) d.changes.push_back({TreeChangeKind::related_removed, text, "", ""});
  }
  for (const auto& [folded, text] : new_related) {
    if (!old_set.contains(folded)) d.changes.push_back({TreeChangeKind::related_added, text, "", ""});
  }
  return d;
}

}  // namespace paa
