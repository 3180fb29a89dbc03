#pragma once
// The language tables' texts, compiled in from src/text/languages/*.txt by embed_languages.cmake
// (so an installed paa needs no data files next to it).
#include <cstddef>
#include <string_view>

namespace paa::text::detail {

struct EmbeddedLanguage {
  std::string_view hl;
  std::string_view text;
};
extern const EmbeddedLanguage kEmbeddedLanguages[];
extern const std::size_t kEmbeddedLanguageCount;

}  // namespace paa::text::detail
