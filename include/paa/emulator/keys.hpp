#pragma once
// The --keys TOML file:  [[key]] key = "...", active = true, searches = 1000, payg = 0
#include "paa/emulator/quota_book.hpp"
#include "paa/error.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace paa::emulator {

// Missing searches/payg take the given defaults (--searches, --payg). Errors name file, line and fix.
Result<std::vector<KeyConfig>> load_key_file(const std::string& path, std::int64_t default_searches,
                                             std::int64_t default_payg);

}  // namespace paa::emulator
