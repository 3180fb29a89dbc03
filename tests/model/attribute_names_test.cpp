#include "paa/model/attribute_names.hpp"

#include <gtest/gtest.h>

namespace paa {
namespace {

using Fields = std::vector<std::pair<std::string, std::string>>;

TEST(AttributeNames, KnownNamesOfEachToolBecomeOne) {
  EXPECT_EQ(attribute_name("Intents"), "intent");
  EXPECT_EQ(attribute_name(" CPC (USD) "), "cpc");
  EXPECT_EQ(attribute_name("Keyword Difficulty"), "kd");
  EXPECT_EQ(attribute_name("KD"), "kd");
  EXPECT_EQ(attribute_name("Avg. monthly searches"), "volume");
  EXPECT_EQ(attribute_name("Current position"), "position");
  EXPECT_EQ(attribute_name("SERP Features by Keyword"), "serp_features");
  EXPECT_EQ(attribute_name("Parent Keyword"), "Parent Keyword");
}

TEST(AttributeNames, ColumnsWithoutANameAreDropped) {
  EXPECT_EQ(attribute_name("#"), std::nullopt);
  EXPECT_EQ(attribute_name("  "), std::nullopt);
  EXPECT_EQ(attribute_name("column 6"), std::nullopt);  // what older stores named an unnamed column
  EXPECT_EQ(attribute_name("column six"), "column six");
}

// An older store's entry, as an Ahrefs list gave it before the rule: read as today's import
// would name it; a second name for a meaning already taken keeps its own name.
TEST(AttributeNames, AnOlderEntryIsReadUnderTodaysNames) {
  SeedAttributes attrs;
  attrs.fields = {{"#", "1"}, {"volume", "900"}, {"KD", "8"}, {"CPC", "0.35"}, {"CPC (USD)", "0.40"},
                  {"column 7", "x"}, {"Intents", "Informational"}};
  canonicalise_attributes(attrs);
  EXPECT_EQ(attrs.fields,
            (Fields{{"volume", "900"}, {"kd", "8"}, {"cpc", "0.35"}, {"CPC (USD)", "0.40"}, {"intent", "Informational"}}));
  const SeedAttributes once = attrs;
  canonicalise_attributes(attrs);
  EXPECT_EQ(attrs, once) << "idempotent";
}

}  // namespace
}  // namespace paa
