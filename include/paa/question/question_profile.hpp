#pragma once
// What the topic analysis knows of one question from its text and language alone: its type, its
// intent, its content stems and so its variant group (docs/topics.md "Variant groups"). Two
// questions of one language are variants when they have the same type and the same set of
// content stems; the group's id hashes those three, so it is the same in every harvest and
// every store ("espresso machines: how long do they last in 2026?" and "How long does an
// espresso machine last?" share it; "... espresso grinder last?" does not).
#include "paa/text/tokenizer.hpp"
#include "paa/question/question_type.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace paa::question {

struct QuestionProfile {
  QuestionType type = QuestionType::other;
  Intent intent = Intent::informational;
  std::string hl;                  // the primary language ("pt-BR" -> pt)
  std::vector<std::string> stems;  // sorted, each once; a question of stop words only keeps its words
  std::vector<std::string> surfaces;  // of each stem, the word that gave it as written (case folded)
  std::uint64_t group = 0;         // the variant group's id
};

// FNV-1a of type, language and stems: fixed by the format, never by the platform or a seed.
std::uint64_t variant_group_id(QuestionType type, std::string_view hl, const std::vector<std::string>& stems);
// The id as the exports write it: 16 lowercase hex digits.
std::string variant_group_hex(std::uint64_t id);

// Not thread-safe (it owns a Tokenizer): one per thread.
class QuestionProfiler {
 public:
  QuestionProfile profile(std::string_view question, std::string_view hl);

 private:
  text::Tokenizer tokenizer_;
};

}  // namespace paa::question
