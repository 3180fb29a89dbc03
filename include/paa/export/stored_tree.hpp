#pragma once
// A stored result as every export reads it: the key's spelling, the parsed tree, and the
// tree's question rows (shared by csv and xlsx's "Questions tree").
#include "paa/error.hpp"
#include "paa/model/envelope.hpp"
#include "paa/store/store.hpp"

#include <cstddef>
#include <functional>
#include <string>
#include <unordered_set>
#include <vector>

namespace paa::exporting {

// A key as the exports show it: the stored result's first-seen spelling (city "" = none).
struct KeySpelling {
  std::string q;
  std::string hl;
  std::string gl;
  std::string city;
  friend bool operator==(const KeySpelling&, const KeySpelling&) = default;
};

KeySpelling spelling_of(const StoredResult& result);

// What names a stored result in an error message: "stored result for q='...' hl=.. gl=..".
std::string describe_stored(const StoredResult& result);

// Parses a stored body; the error (store_damaged) names the result and suggests a re-fetch.
Result<Envelope> parse_stored_result(const StoredResult& result, std::size_t max_question_depth);

// The question rows of one tree after another: depth-first pre-order; with `dedupe`, a question
// whose folded text came earlier in the same tree is dropped with its subtree (the first
// occurrence wins). A row whose visit returns false loses its subtree too.
class TreeRows {
 public:
  explicit TreeRows(bool dedupe) : dedupe_(dedupe) {}
  void walk(const std::vector<Question>& roots, const std::function<bool(const QuestionVisit&)>& row);

 private:
  bool dedupe_;
  std::unordered_set<std::string> seen_;  // this tree's folded questions (--dedupe)
};

}  // namespace paa::exporting
