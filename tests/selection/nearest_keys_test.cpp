// The keys a "no stored result" message names: the same query elsewhere first, then spellings.
#include "paa/selection/nearest_keys.hpp"

#include <gtest/gtest.h>

namespace paa {
namespace {

QueryKey key(std::string q, std::string hl, std::string gl, std::string city = {}) {
  return QueryKey{std::move(q), std::move(hl), std::move(gl), std::move(city)};
}

TEST(NearestKeys, TheSameQueryInAnotherCityComesBeforeACloseSpelling) {
  NearestKeys nearest(key("moka pot", "de", "de"));
  nearest.consider(key("moka pots", "de", "de"));
  nearest.consider(key("moka pot", "de", "de", "berlin"));
  nearest.consider(key("french press", "de", "de"));
  nearest.consider(key("moka pot", "en", "us"));
  ASSERT_EQ(nearest.best().size(), 3u);
  EXPECT_EQ(nearest.best()[0], key("moka pot", "de", "de", "berlin")) << "one field apart";
  EXPECT_EQ(nearest.best()[1], key("moka pot", "en", "us")) << "two fields apart";
  EXPECT_EQ(nearest.best()[2], key("moka pots", "de", "de")) << "a spelling after the same query";
  EXPECT_EQ(nearest.considered(), 4u);
}

TEST(NearestKeys, FarSpellingsAreLeftOutAndTheBestFewKeptInTheOrderSeen) {
  NearestKeys nearest(key("espresso", "en", "us"), 2);
  nearest.consider(key("latte", "en", "us"));
  nearest.consider(key("expresso", "en", "gb"));
  nearest.consider(key("espreso", "en", "us"));
  nearest.consider(key("espresso", "en", "us"));  // the key itself is not "near"
  nearest.consider(key("espressos", "en", "us"));
  nearest.consider(key("espreso", "en", "us"));  // the same key again (a second job)
  ASSERT_EQ(nearest.best().size(), 2u);
  EXPECT_EQ(nearest.best()[0], key("espreso", "en", "us"));
  EXPECT_EQ(nearest.best()[1], key("espressos", "en", "us")) << "as near as espreso, seen later";
}

TEST(NearestKeys, NothingCloseIsAnEmptyList) {
  NearestKeys nearest(key("ab", "en", "us"));
  nearest.consider(key("xy", "en", "us"));
  nearest.consider(key("coffee", "en", "us"));
  EXPECT_TRUE(nearest.best().empty());
  EXPECT_EQ(describe_key(key("moka pot", "de", "de", "berlin")), "q='moka pot' hl=de gl=de city='berlin'");
}

}  // namespace
}  // namespace paa
