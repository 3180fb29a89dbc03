// The pure parts of the partitioned export: columns, sizes, folder names.
#include "paa/export/pipeline/partition_spec.hpp"
#include "paa/model/query_key.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace paa::exporting {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

TEST(PartitionColumns, HlGlInTheOrderGivenAndNothingElse) {
  EXPECT_THAT(parse_partition_columns("hl,gl").value(), ElementsAre(PartitionColumn::hl, PartitionColumn::gl));
  EXPECT_THAT(parse_partition_columns(" GL , hl").value(), ElementsAre(PartitionColumn::gl, PartitionColumn::hl));
  EXPECT_THAT(parse_partition_columns("gl").value(), ElementsAre(PartitionColumn::gl));
  EXPECT_THAT(parse_partition_columns("hl,city").error().message, HasSubstr("'city' is not a partition column"));
  EXPECT_THAT(parse_partition_columns("hl,hl").error().message, HasSubstr("'hl' is given twice"));
  EXPECT_FALSE(parse_partition_columns(""));
  EXPECT_FALSE(parse_partition_columns("hl,"));
}

TEST(PartSize, DecimalAndBinaryUnits) {
  EXPECT_EQ(parse_byte_size("256MB").value(), 256'000'000u);
  EXPECT_EQ(parse_byte_size("256mb").value(), 256'000'000u);
  EXPECT_EQ(parse_byte_size("1GiB").value(), 1ull << 30);
  EXPECT_EQ(parse_byte_size("500k").value(), 500'000u);
  EXPECT_EQ(parse_byte_size("4 MiB").value(), 4ull << 20);
  EXPECT_EQ(parse_byte_size("1048576").value(), 1048576u);
  EXPECT_THAT(parse_byte_size("12 parsecs").error().message, HasSubstr("write it like 256MB"));
  EXPECT_THAT(parse_byte_size("-1MB").error().message, HasSubstr("is not a size"));
  EXPECT_THAT(parse_byte_size("10").error().message, HasSubstr("too small"));
  EXPECT_FALSE(parse_byte_size("99999999999999999999GB"));
}

TEST(PartitionPath, HiveStyleFoldersInColumnOrderFromTheNormalisedKey) {
  StoredResult r;
  r.key = encode_key(make_query("Coffee", "EN", "Us").value().key);
  r.hl = "EN";  // the first-seen spelling: `EN` and `en` must still be one partition
  r.gl = "Us";
  EXPECT_EQ(partition_path({PartitionColumn::hl, PartitionColumn::gl}, r), "hl=en/gl=us");
  EXPECT_EQ(partition_path({PartitionColumn::gl}, r), "gl=us");
}

}  // namespace
}  // namespace paa::exporting
