#include "paa/buildinfo/buildinfo.hpp"

#include "paa/version.hpp"

#include <gtest/gtest.h>

namespace paa::buildinfo {
namespace {

TEST(VersionText, NamesProgramProjectVersionAndCommit) {
  EXPECT_EQ(version_text("paa", "1.2.3", "0123456789ab"), "paa (paa-harvester) 1.2.3, commit 0123456789ab");
  EXPECT_EQ(version_text("paa-emulator", "1.2.3", "0123456789ab-dirty"),
            "paa-emulator (paa-harvester) 1.2.3, commit 0123456789ab-dirty");
}

TEST(VersionText, AnEmptyCommitIsUnknown) {
  EXPECT_EQ(version_text("paa", "1.2.3", ""), "paa (paa-harvester) 1.2.3, commit unknown");
}

TEST(VersionText, ThisBuildUsesTheProjectVersionAndAKnownShapeOfCommit) {
  EXPECT_EQ(version(), kVersion);
  const std::string commit(git_commit());
  // A 12-digit hex id, maybe "-dirty", or "unknown" (a build without git), or a PAA_GIT_COMMIT given
  // at configure time, which must at least be one word.
  ASSERT_FALSE(commit.empty());
  EXPECT_EQ(commit.find_first_of(" \t\n\""), std::string::npos) << commit;
  EXPECT_EQ(version_text("paa"), "paa (paa-harvester) " + std::string(kVersion) + ", commit " + commit);
}

}  // namespace
}  // namespace paa::buildinfo
