#include "paa/emulator/keys.hpp"

#include "support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <string>

namespace paa::emulator {
namespace {

using test::TempDir;

TEST(KeyFile, ReadsEntriesWithDefaultsForMissingAmounts) {
  const TempDir dir;
  const auto path = dir.write("keys.toml", R"([[key]]
key = "alpha"
searches = 5
payg = 2

[[key]]
key = "beta"
active = false
)");
  auto keys = load_key_file(path.string(), 1000, 7);
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
  const TempDir dir;
  int n = 0;
  for (const auto& c : cases) {
    const auto path = dir.write("keys-" + std::to_string(n++) + ".toml", c.text);
    auto keys = load_key_file(path.string(), 1, 0);
    ASSERT_FALSE(keys) << c.text;
    EXPECT_NE(keys.error().message.find(path.string()), std::string::npos) << keys.error().message;
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
