#pragma once
// Deterministic, realistic-looking PAA trees: the same (seed, q, hl, gl, city) always gives the same bytes.
#include "paa/emulator/planted_topics.hpp"
#include "paa/emulator/question_bank.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace paa::emulator {

struct TreeOptions {
  std::uint64_t seed = 0;
  int depth = 3;             // levels including the top level (1 = top-level questions only)
  std::size_t tree_kb = 0;   // 0: natural size; else pad answers so the whole envelope is about N KiB
  // Later revisions of the service's answers (--revision): at each revision r >= 1 about a
  // third of the keys change (see kRevisionChangeShare), each changed key in every way paa diff
  // reports: its first two questions swap places, its last question is replaced (its subtree
  // moves under the new one), its first question's source changes, and one related search is
  // replaced. At an even revision r that picks a key revision r - 1 also picked, the last
  // question is not replaced but restored: the one revision r - 1 replaced comes back and the
  // "(update r-1)" question goes, so that question is in the answers of r - 2 and r and not
  // r - 1 (intermittent). A planted tree's new first source is one of its topic's `domains`
  // (entry (r + k) mod n, k drawn per key), a generated tree's one of its language's hosts.
  // Keys a revision does not pick keep their bytes.
  std::uint32_t revision = 0;
  // --topics: the trees of the seeds this catalog names hold its planted questions.
  std::shared_ptr<const PlantedTopics> planted = nullptr;
  // --questions: generated questions from the bank of real shapes about the query's subject
  // (question_bank.hpp), or the first releases' templates around the whole query. Both draw
  // the same numbers, so a key's tree has the same shape (questions, answers, depth) in both.
  QuestionStyle style = QuestionStyle::natural;
};

inline constexpr double kRevisionChangeShare = 0.3;


struct TreeQuery {
  std::string_view q, hl, gl;
  std::optional<std::string_view> city;
};

// Bytes of the envelope around the result object, used to aim --tree-kb at the whole body.
inline constexpr std::size_t envelope_overhead_bytes = 110;

// Whether revision `revision` (>= 1) changes this key's answer (the same draw the generator makes).
bool revision_changes(const TreeOptions& options, const TreeQuery& query, std::uint32_t revision);

class TreeGenerator {
 public:
  explicit TreeGenerator(TreeOptions options) : options_(options) {}

  // The serialized `result` object: {"question":q,"related":[...],"children":[...]}.
  std::string result_json(const TreeQuery& query) const;


 private:
  TreeOptions options_;
};

}  // namespace paa::emulator
