#include "paa/export/stored_tree.hpp"

#include "paa/model/query_key.hpp"

#include <algorithm>

namespace paa::exporting {

KeySpelling spelling_of(const StoredResult& r) { return {r.q, r.hl, r.gl, r.city}; }

std::string describe_stored(const StoredResult& r) {
  std::string s = "stored result for q='" + r.q + "' hl=" + r.hl + " gl=" + r.gl;
  if (!r.city.empty()) s += " city='" + r.city + "'";
  return s;
}

Result<Envelope> parse_stored_result(const StoredResult& r, std::size_t max_question_depth) {
  ParseLimits limits;
  limits.max_body_bytes = std::max<std::size_t>(limits.max_body_bytes, r.body.size());
  limits.max_question_depth = max_question_depth;
  auto env = parse_envelope(r.body, limits);
  if (!env) {
    return make_error(errc::store_damaged, describe_stored(r) + " cannot be read: " + env.error().message +
                      "; the store may be damaged (re-fetch this key)");
  }
  return env;
}

void TreeRows::walk(const std::vector<Question>& roots, const std::function<bool(const QuestionVisit&)>& row) {
  seen_.clear();
  walk_preorder_pruning(roots, [&](const QuestionVisit& v) {
    if (dedupe_ && !seen_.insert(fold_or_raw(v.node.question)).second) {
      return false;  // an earlier node of this tree had it: drop it and its subtree
    }
    return row(v);
  });
}

}  // namespace paa::exporting
