// "Did you mean": the job file's unknown keys, the command line's options, commands and choices.
#include "paa/model/suggest.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace paa::detail {
namespace {

TEST(Suggest, EditDistanceCountsASwapOfNeighboursAsOneEdit) {
  EXPECT_EQ(edit_distance("csv", "cvs"), 1u);
  EXPECT_EQ(edit_distance("concurency", "concurrency"), 1u);
  EXPECT_EQ(edit_distance("", "abc"), 3u);
  EXPECT_EQ(edit_distance("same", "same"), 0u);
}

TEST(Suggest, TheClosestWithinTwoEditsAndOfEquallyCloseTheOneThatStartsLikeTheWord) {
  const std::vector<std::string_view> formats{"text", "csv", "jsonl"};
  EXPECT_EQ(closest_match("jsn", formats), "jsonl");  // csv is as close, but does not start with j
  EXPECT_EQ(closest_match("cvs", formats), "csv");
  EXPECT_EQ(closest_match("xml", formats), std::nullopt);
  const std::vector<std::string_view> keys{"hl", "gl", "city"};
  EXPECT_EQ(closest_match("x", keys), std::nullopt) << "a distance as long as the name suggests nothing";
  EXPECT_EQ(closest_match("cty", keys), "city");
}

}  // namespace
}  // namespace paa::detail
