#pragma once
// Whole-file reads for assertions, and the files checked in under tests/fixtures/.
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace paa::test {

// The file's bytes; "" when it does not exist.
std::string read_file(const std::filesystem::path& p);
// RFC 4180 rows (quoted fields may hold commas, quotes and line breaks), as the exports write
// them; rows end at '\n'.
std::vector<std::vector<std::string>> parse_csv(const std::string& text);
// The same CSV text with the last `n` fields of every row cut off (line ends kept): for a test
// that checks those columns apart (the topic columns, which it cannot recompute byte for byte).
std::string drop_last_csv_columns(const std::string& text, std::size_t n);

// tests/fixtures/<name> in the source tree (tests/fixtures/README.md lists them). Never written
// to: a test that opens a store copies it first (copy_fixture).
std::filesystem::path fixture_path(std::string_view name);
// Copies tests/fixtures/<name> (a file or a folder, recursively) to `to`, which must not exist;
// returns `to`.
std::filesystem::path copy_fixture(std::string_view name, const std::filesystem::path& to);

}  // namespace paa::test
