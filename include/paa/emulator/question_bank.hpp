#pragma once
// The emulator's questions as people write them (docs/emulator.md "Generated trees"): a
// per-language bank of real question shapes filled with the query's subject, never with the
// query itself, so that a question used as a query (expansion) gives questions about its
// subject ("How long does an espresso machine last?" asks about "espresso machine"), not a
// question nested inside another. Pure functions of the text and the language.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace paa::emulator {

// `natural` (the default): the bank below. `legacy`: the first releases' templates filled with
// the whole query ("How long does cheap How much does … cost? last?"), kept so that the bench
// can measure both side by side (--questions legacy).
enum class QuestionStyle : std::uint8_t { natural, legacy };
std::optional<QuestionStyle> parse_question_style(std::string_view name);

struct QuestionBank {
  // Shapes: "{s}" is the subject; in English "{be}"/"{Be}" and "{do}" agree with it ("is"/"are",
  // "does"/"do": a subject whose last word ends in s, not ss/us/is, is plural).
  std::span<const std::string_view> shapes;
  // Narrower subjects for nested questions: "{q}" the subject; before it a word that goes in
  // front ("cheap {q}"), after it a phrase that closes the question ("{q} at home": "How long
  // does espresso last at home?").
  std::span<const std::string_view> modifiers;
  // The words a question opens with, for a question that is none of the shapes: what is left
  // after them is its subject.
  std::span<const std::string_view> openings;
};

// The bank of `hl`'s primary language (en, es, de, fr; any other: English).
const QuestionBank& question_bank(std::string_view hl);

// What `query` asks about: the subject a question of the bank was made from (a modifier before
// it kept, "cheap espresso"; a phrase after it dropped); for another question, its words after the opening words, without the
// question marks; a query that is no question, itself (trimmed).
std::string question_subject(std::string_view query, std::string_view hl);

// `shape` about `subject` narrowed by `modifier` ("{q}", "cheap {q}", "{q} at home").
std::string natural_question(std::string_view shape, std::string_view subject, std::string_view modifier);

}  // namespace paa::emulator
