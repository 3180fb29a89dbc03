#include "paa/net/gzip.hpp"

#include "paa/emulator/http_wire.hpp"

#include <gtest/gtest.h>
#include <zlib.h>

using namespace paa;

namespace {
// What a server sends: the emulator's encoder (gzip framing).
std::string gzip_compress(std::string_view data) {
  emulator::GzipEncoder encoder;
  std::string out;
  encoder.compress(data, out);
  return out;
}
}  // namespace

TEST(Gzip, RoundTrips) {
  std::string text;
  for (int i = 0; i < 10000; ++i) text += "question " + std::to_string(i) + " ünïcødé\n";
  auto back = gunzip(gzip_compress(text), 16u << 20);
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_EQ(*back, text);
}

TEST(Gzip, RefusesToInflatePastTheLimit) {
  const std::string bomb = gzip_compress(std::string(10u << 20, 'a'));
  EXPECT_LT(bomb.size(), 64u << 10);
  auto r = gunzip(bomb, 1u << 20);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("limit"), std::string::npos);
}

TEST(Gzip, TruncatedAndCorruptInputAreErrors) {
  const std::string z = gzip_compress(std::string(100000, 'x') + "tail");
  EXPECT_FALSE(gunzip(z.substr(0, z.size() / 2), 1u << 20));
  EXPECT_FALSE(gunzip("definitely not gzip", 1u << 20));
  EXPECT_FALSE(gunzip("", 1u << 20));
}

TEST(Gzip, AZlibStreamIsDecodedToo) {
  std::string text;
  for (int i = 0; i < 5000; ++i) text += "related " + std::to_string(i) + "\n";
  std::string z(compressBound(text.size()), '\0');
  uLongf n = z.size();
  ASSERT_EQ(compress2(reinterpret_cast<Bytef*>(z.data()), &n, reinterpret_cast<const Bytef*>(text.data()),
                      text.size(), 6), Z_OK);
  z.resize(n);
  auto back = gunzip(z, 16u << 20);
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_EQ(*back, text);
}

TEST(Gzip, ASizeTrailerThatDisagreesWithTheDataIsAnError) {
  // The trailer sizes the output buffer; the data must still match it.
  std::string z = gzip_compress(std::string(50000, 'q'));
  z[z.size() - 4] = 10;
  z[z.size() - 3] = 0;
  z[z.size() - 2] = 0;
  z[z.size() - 1] = 0;
  auto r = gunzip(z, 1u << 20);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("corrupt"), std::string::npos) << r.error().message;
}
