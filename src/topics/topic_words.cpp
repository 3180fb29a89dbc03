#include "paa/topics/topic_words.hpp"

#include "paa/text/fold.hpp"

#include <algorithm>
#include <string>

namespace paa::topics {

bool is_topic_word(std::string_view surface, const text::LanguageTables* tables) {
  // A letter: ASCII's, or any non-ASCII byte (a word of another script has no digits there).
  const bool has_letter = std::any_of(surface.begin(), surface.end(), [](char c) {
    const auto u = static_cast<unsigned char>(c);
    return u >= 0x80 || (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z');
  });
  if (!has_letter) return false;
  if (tables == nullptr) return true;
  // The lists are folded for matching; most words are ASCII, which folding leaves as they are.
  const bool ascii = std::all_of(surface.begin(), surface.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
  const std::string folded = ascii ? std::string(surface) : text::fold_for_matching(surface);
  return !tables->in_list("function", folded) && !tables->in_list("unit", folded);
}

}  // namespace paa::topics
