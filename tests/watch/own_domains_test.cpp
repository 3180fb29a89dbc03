// --domain: your domains reduced like answers', and the owner marks.
#include "paa/watch/own_domains.hpp"

#include <gtest/gtest.h>

namespace paa::watch {
namespace {

TEST(OwnDomains, HostsAndUrlsReduceToTheirRegistrableDomain) {
  auto own = OwnDomains::parse({"www.Example.co.uk", "https://blog.example.com/x", "example.com"});
  ASSERT_TRUE(own) << own.error().message;
  EXPECT_EQ(own->domains(), (std::vector<std::string>{"example.co.uk", "example.com"}));
  EXPECT_TRUE(own->owns("https://shop.example.co.uk/p"));
  EXPECT_FALSE(own->owns("https://example.org/p"));
  EXPECT_FALSE(own->owns(""));
}

TEST(OwnDomains, AnAddressOrNothingIsNoDomain) {
  for (const char* bad : {"192.0.2.1", "", "exa mple.com", "https://"}) {
    auto own = OwnDomains::parse({bad});
    ASSERT_FALSE(own) << bad;
    EXPECT_NE(own.error().message.find("--domain"), std::string::npos);
  }
}

TEST(OwnDomains, OwnerMarksYoursLostCompetitorAndNone) {
  auto own = OwnDomains::parse({"mine.com"});
  ASSERT_TRUE(own);
  EXPECT_EQ(own->owner("https://www.mine.com/a"), Owner::yours);
  EXPECT_EQ(own->owner("https://theirs.com/a"), Owner::competitor);
  EXPECT_EQ(own->owner(""), Owner::none);
  EXPECT_EQ(own->owner("https://theirs.com/a", {"https://mine.com/old"}), Owner::lost);
  EXPECT_EQ(own->owner("", {"https://mine.com/old"}), Owner::lost);
  EXPECT_EQ(own->owner("https://mine.com/a", {"https://theirs.com/old"}), Owner::yours);
  EXPECT_EQ(owner_name(Owner::lost), "lost");
}

}  // namespace
}  // namespace paa::watch
