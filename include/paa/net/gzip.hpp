#pragma once
#include "paa/error.hpp"

#include <string>
#include <string_view>

namespace paa {
// Decodes a gzip (or zlib) body, refusing to inflate past `max_bytes` (a zip bomb is an error).
Result<std::string> gunzip(std::string_view compressed, std::size_t max_bytes);
}  // namespace paa
