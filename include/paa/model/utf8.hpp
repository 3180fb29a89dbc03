#pragma once
// Strict UTF-8 validation (ICU's U8_NEXT rules: no overlongs, no surrogates, nothing above
// U+10FFFF), shared by the response parser and the query list readers.
#include <cstddef>
#include <optional>
#include <string_view>

namespace paa {

// Byte offset (0-based) of the first ill-formed sequence, or nullopt when `text` is valid UTF-8.
std::optional<std::size_t> first_invalid_utf8(std::string_view text);

}  // namespace paa
