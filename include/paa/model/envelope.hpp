#pragma once
// The service's response envelope and recursive question tree, parsed into plain types.
#include "paa/error.hpp"

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace paa {

struct Question {
  std::string question;
  std::optional<std::string> answer;  // absent, null and "" all mean "no answer"
  std::string url;                    // "" when absent or null
  std::string title;                  // "" when absent or null
  std::vector<Question> children;     // absent children == empty
  friend bool operator==(const Question&, const Question&) = default;
};

struct SearchResult {
  std::string question;  // the original search query
  std::vector<std::string> related;
  std::vector<Question> children;
  // The answer as history compares it (docs/history.md): the envelope's quota and `cached`
  // fields, and JSON spelling, do not take part.
  friend bool operator==(const SearchResult&, const SearchResult&) = default;
};

// Quota fields as reported by one response; absent fields stay empty.
struct QuotaFields {
  std::optional<std::int64_t> searches_left;
  std::optional<std::int64_t> payg_credits_left;
  std::optional<std::chrono::year_month_day> renewal_date;  // always .ok() when set
};

struct Envelope {
  bool cached = false;  // absent == false
  QuotaFields quota;
  SearchResult result;
};

struct ParseLimits {
  std::size_t max_body_bytes = 16u << 20;  // checked before parsing
  std::size_t max_question_depth = 1000;   // a legitimate 100-level tree must parse
};

// Parses a 200 body. Errors are precise and carry the JSON path of the fault, e.g.
// "result.children[3].children[0].question: expected string, got number".
// Never recurses on the native stack in proportion to the input's nesting.
Result<Envelope> parse_envelope(std::string_view body, const ParseLimits& limits = {});

// Parses "YYYY-MM-DD" into a valid calendar date.
std::optional<std::chrono::year_month_day> parse_date(std::string_view text);
std::string format_date(std::chrono::year_month_day date);

// Depth-first pre-order walk without native recursion.
// depth is 1 for top-level questions, position is 1-based among siblings, parent is null at depth 1.
struct QuestionVisit {
  const Question& node;
  const Question* parent;
  int depth;
  int position;
};
void walk_preorder(const std::vector<Question>& roots,
                   const std::function<void(const QuestionVisit&)>& visit);
// The same walk; a visit that returns false skips that node's subtree (e.g. a repeated question).
void walk_preorder_pruning(const std::vector<Question>& roots,
                           const std::function<bool(const QuestionVisit&)>& visit);

// Number of question nodes in a tree (all depths).
std::size_t count_questions(const std::vector<Question>& roots);

// A 64-bit digest of the answer as history compares it (SearchResult's ==: the query, the related
// searches and every question's text, answer, url, title and children, in order): equal results
// have equal digests, and different ones differ but with probability about 2^-64. Fixed by this
// definition (src/model/envelope.cpp: the fields eight bytes a step, each closed by a marker),
// never by the platform: it is kept in the store (StoredResult::tree_digest).
std::uint64_t tree_digest(const SearchResult& result);

}  // namespace paa
