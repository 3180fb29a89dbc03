#pragma once
// Whole-file reads for assertions.
#include <filesystem>
#include <string>

namespace paa::test {

// The file's bytes; "" when it does not exist.
std::string read_file(const std::filesystem::path& p);

}  // namespace paa::test
