#include "paa/net/base_url.hpp"

#include <gtest/gtest.h>

using namespace paa;

TEST(BaseUrl, HttpsWithPathAndDefaultPort) {
  auto ep = parse_base_url("https://www.example.com/api");
  ASSERT_TRUE(ep) << ep.error().message;
  EXPECT_TRUE(ep->tls);
  EXPECT_EQ(ep->host, "www.example.com");
  EXPECT_EQ(ep->port, "443");
  EXPECT_EQ(ep->base_path, "/api");
  EXPECT_EQ(ep->display(), "https://www.example.com/api");
}

TEST(BaseUrl, PlainHttpPortAndTrailingSlash) {
  auto ep = parse_base_url("http://127.0.0.1:8080/api/");
  ASSERT_TRUE(ep);
  EXPECT_FALSE(ep->tls);
  EXPECT_EQ(ep->port, "8080");
  EXPECT_EQ(ep->base_path, "/api");
  EXPECT_EQ(ep->display(), "http://127.0.0.1:8080/api");
}

TEST(BaseUrl, RejectsWhatCannotBeRight) {
  for (const char* bad : {"ftp://host/api", "host/api", "https://user:pw@host/api", "https://host/api?x=1", ""}) {
    auto ep = parse_base_url(bad);
    EXPECT_FALSE(ep) << bad;
    if (!ep) {
      EXPECT_NE(ep.error().message.find("base URL"), std::string::npos);
    }
  }
}

TEST(AlsoaskTarget, KeepsTheBasePathAndPercentEncodesTheSpelling) {
  auto ep = parse_base_url("https://host/api");
  ASSERT_TRUE(ep);
  Query q;
  q.q = "café & crème/50% off?";
  q.hl = "fr";
  q.gl = "fr";
  EXPECT_EQ(alsoask_target(*ep, q),
            "/api/alsoask?q=caf%C3%A9%20%26%20cr%C3%A8me%2F50%25%20off%3F&hl=fr&gl=fr");
  q.city = "São Paulo";
  EXPECT_EQ(alsoask_target(*ep, q).substr(alsoask_target(*ep, q).find("&city=")),
            "&city=S%C3%A3o%20Paulo");
}

TEST(AlsoaskTarget, WorksWithoutABasePath) {
  auto ep = parse_base_url("https://host");
  ASSERT_TRUE(ep);
  Query q;
  q.q = "a+b=c#d";
  q.hl = "en";
  q.gl = "us";
  EXPECT_EQ(alsoask_target(*ep, q), "/alsoask?q=a%2Bb%3Dc%23d&hl=en&gl=us");
}

TEST(BaseUrl, LoopbackIsThisMachineByNameOrAddress) {
  for (const char* url : {"http://localhost:8080/api", "http://LOCALHOST/api", "http://paa.localhost/api",
                          "http://127.0.0.1:1/api", "http://127.5.6.7/api", "http://[::1]:8443/api"}) {
    EXPECT_TRUE(paa::parse_base_url(url)->loopback()) << url;
  }
  for (const char* url : {"http://paa.example.com/api", "http://10.0.0.1/api", "http://localhost.example.com/api",
                          "http://[::2]/api"}) {
    EXPECT_FALSE(paa::parse_base_url(url)->loopback()) << url;
  }
}
