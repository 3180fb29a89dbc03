#pragma once
#include "paa/error.hpp"

#include <string>
#include <string_view>

namespace paa {
// Decodes a gzip (or zlib) body, refusing to inflate past `max_bytes` (a zip bomb is an error).
Result<std::string> gunzip(std::string_view compressed, std::size_t max_bytes);
// Compresses with gzip framing (used by tests and the emulator's peers).
std::string gzip_compress(std::string_view data);
}  // namespace paa
