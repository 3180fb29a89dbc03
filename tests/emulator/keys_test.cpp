#include "paa/emulator/keys.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <unistd.h>

namespace paa::emulator {
namespace {

std::string write_temp(const std::string& text) {
  static int n = 0;
  auto path = std::filesystem::temp_directory_path() /
              ("paa-emulator-keys-" + std::to_string(::getpid()) + "-" + std::to_string(n++) + ".toml");
  std::ofstream(path) << text;
  return path.string();
}

TEST(KeyFile, ReadsEntriesWithDefaultsForMissingAmounts) {
  auto path = write_temp(R"([[key]]
key = "alpha"
searches = 5
payg = 2

[[key]]
key = "beta"
active = false
)");
  auto keys = load_key_file(path, 1000, 7);
  std::filesystem::remove(path);
  ASSERT_TRUE(keys) << keys.error().message;
  ASSERT_EQ(keys->size(), 2u);
  EXPECT_EQ((*keys)[0].secret, "alpha");
  EXPECT_EQ((*keys)[0].searches, 5);
  EXPECT_EQ((*keys)[0].payg, 2);
  EXPECT_TRUE((*keys)[0].active);
  EXPECT_FALSE((*keys)[1].active);
  EXPECT_EQ((*keys)[1].searches, 1000);
  EXPECT_EQ((*keys)[1].payg, 7);
}

TEST(KeyFile, ErrorsNameFileLineAndProblem) {
  struct Case {
    std::string text, expect;
  } cases[] = {
      {"[[key]]\nkey = \"a\"\nsearches = -1\n", ":3: searches must be"},
      {"[[key]]\nkey = \"bad key\"\n", ":2: key must be 1-128"},
      {"[[key]]\nkey = \"a\"\ncolour = 1\n", ":3: unknown field 'colour'"},
      {"[[key]]\nactive = true\n", "without key"},
      {"[[key]]\nkey = \"a\"\n[[key]]\nkey = \"a\"\n", "listed twice"},
      {"[[key]\n", "invalid TOML"},
      {"", "no [[key]] entries"},
  };
  for (const auto& c : cases) {
    auto path = write_temp(c.text);
    auto keys = load_key_file(path, 1, 0);
    std::filesystem::remove(path);
    ASSERT_FALSE(keys) << c.text;
    EXPECT_NE(keys.error().message.find(path), std::string::npos) << keys.error().message;
    EXPECT_NE(keys.error().message.find(c.expect), std::string::npos) << keys.error().message;
  }
}

TEST(KeyFile, UnreadableFileIsAClearError) {
  auto keys = load_key_file("/nonexistent/keys.toml", 1, 0);
  ASSERT_FALSE(keys);
  EXPECT_NE(keys.error().message.find("cannot open"), std::string::npos);
}

}  // namespace
}  // namespace paa::emulator
