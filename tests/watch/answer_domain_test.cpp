// Registrable domains by the Public Suffix List (ICANN and private sections), IDNs in both
// spellings, and the buckets of urls that name no domain: expectations written by hand.
#include "paa/watch/answer_domain.hpp"

#include <gtest/gtest.h>

namespace paa::watch {
namespace {

std::string domain(std::string_view url) { return answer_domain(url).name(); }

TEST(AnswerDomain, SubdomainsFoldIntoTheRegistrableDomainOfTheIcannSection) {
  EXPECT_EQ(domain("https://www.bbc.co.uk/news/1"), "bbc.co.uk");
  EXPECT_EQ(domain("https://news.bbc.co.uk"), "bbc.co.uk");
  EXPECT_EQ(domain("https://blog.example.com/x?y#z"), "example.com");
  EXPECT_EQ(domain("http://example.com"), "example.com");
  EXPECT_EQ(domain("https://shop.example.com.au/p"), "example.com.au");
  EXPECT_EQ(domain("HTTPS://WWW.Example.COM:8443/Path"), "example.com");
  EXPECT_EQ(domain("https://user:pw@a.b.example.org./x"), "example.org");
  EXPECT_EQ(answer_domain("https://www.bbc.co.uk/").kind, SourceKind::domain);
}

TEST(AnswerDomain, PrivateSuffixesMakeEachSiteItsOwnDomain) {
  EXPECT_EQ(domain("https://alice.github.io/post"), "alice.github.io");
  EXPECT_EQ(domain("https://bob.github.io/post"), "bob.github.io");
  EXPECT_EQ(domain("https://x.alice.blogspot.com"), "alice.blogspot.com");
}

TEST(AnswerDomain, AnIdnIsOneDomainInPunycodeAndInUnicodeShownInUnicode) {
  EXPECT_EQ(domain("https://bücher.example.de/x"), "example.de");
  EXPECT_EQ(domain("https://www.bücher.de/x"), "bücher.de");
  EXPECT_EQ(domain("https://www.xn--bcher-kva.de/x"), "bücher.de");
  EXPECT_EQ(domain("https://WWW.BÜCHER.DE"), "bücher.de");
  EXPECT_EQ(domain("https://例え.テスト.jp/"), "テスト.jp");
}

TEST(AnswerDomain, IpAddressesAreCountedApart) {
  EXPECT_EQ(answer_domain("http://192.0.2.7/x").kind, SourceKind::ip_address);
  EXPECT_EQ(domain("http://192.0.2.7:8080/x"), "(ip address)");
  EXPECT_EQ(domain("http://[2001:db8::1]:8080/x"), "(ip address)");
  // Four numbers is an address; three is a (strange) name without a suffix.
  EXPECT_EQ(answer_domain("http://1.2.3/x").kind, SourceKind::domain);
}

TEST(AnswerDomain, UrlsThatDoNotParseAreInvalidAndEmptyOnesHaveNoSource) {
  for (const char* bad : {"not a url", "example.com/x", "//example.com/x", "mailto:a@example.com",
                          "ftp://example.com/x", "https://", "https:///x", "https://exa mple.com/x",
                          "https://<script>/x", "https://a..b.com/", "https://[::1/x", "javascript:alert(1)"}) {
    EXPECT_EQ(answer_domain(bad).kind, SourceKind::invalid_url) << bad;
    EXPECT_EQ(domain(bad), "(invalid url)") << bad;
  }
  EXPECT_EQ(answer_domain("").kind, SourceKind::no_source);
  EXPECT_EQ(answer_domain("  ").kind, SourceKind::no_source);
  EXPECT_EQ(domain(""), "(no source)");
  EXPECT_FALSE(answer_domain("").sourced());
  EXPECT_TRUE(answer_domain("not a url").sourced());
}

TEST(AnswerDomain, ANameWithoutAKnownSuffixKeepsItsHost) {
  EXPECT_EQ(domain("http://localhost/x"), "localhost");
  EXPECT_EQ(domain("https://intranet.corp/x"), "intranet.corp");
  // A public suffix on its own is nobody's registrable domain: it is shown as it is.
  EXPECT_EQ(domain("https://github.io/"), "github.io");
}

}  // namespace
}  // namespace paa::watch
