// The page an answer links to, as the topic graph compares them: registrable domain + path.
#include "paa/topics/answer_page.hpp"

#include <gtest/gtest.h>

namespace paa::topics {
namespace {

TEST(AnswerPage, SchemeSubdomainsQueryFragmentAndTrailingSlashAreNotThePage) {
  EXPECT_EQ(answer_page("https://www.Example.co.uk/guide/?utm_source=x#:~:text=y"), "example.co.uk/guide");
  EXPECT_EQ(answer_page("http://example.co.uk/guide"), "example.co.uk/guide");
  EXPECT_EQ(answer_page("https://m.shop.example.com:8443/a/b"), "example.com/a/b");
  EXPECT_EQ(answer_page("https://user:pw@www.example.com/x"), "example.com/x");
  EXPECT_EQ(answer_page("https://example.com"), "example.com/");
  EXPECT_EQ(answer_page("//cdn.example.org/p"), "example.org/p");
}

TEST(AnswerPage, ThePathKeepsItsCaseAndPrivateSuffixesAreDomains) {
  EXPECT_EQ(answer_page("https://example.com/Guide"), "example.com/Guide");
  EXPECT_NE(answer_page("https://example.com/Guide"), answer_page("https://example.com/guide"));
  // blogspot.com is a public suffix (its private section): two blogs are two sites.
  EXPECT_EQ(answer_page("https://alice.blogspot.com/post"), "alice.blogspot.com/post");
  EXPECT_NE(answer_page("https://alice.blogspot.com/post"), answer_page("https://bob.blogspot.com/post"));
}

TEST(AnswerPage, AddressesAndNamesWithoutASuffixKeepTheirHostAndNoHostIsNoPage) {
  EXPECT_EQ(answer_page("http://192.168.0.1/x"), "192.168.0.1/x");
  EXPECT_EQ(answer_page("http://[2001:db8::1]:8080/x"), "2001:db8::1/x");
  EXPECT_EQ(answer_page("http://localhost/x"), "localhost/x");
  EXPECT_EQ(answer_page("https://espresso-one.example/page"), "espresso-one.example/page");
  EXPECT_EQ(answer_page(""), "");
  EXPECT_EQ(answer_page("https:///x"), "");
}

}  // namespace
}  // namespace paa::topics
