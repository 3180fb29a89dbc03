#include "paa/emulator/fault_plan.hpp"
#include "paa/emulator/http_wire.hpp"
#include "paa/emulator/json_text.hpp"

#include <gtest/gtest.h>
#include <zlib.h>

namespace paa::emulator {
namespace {

std::string gunzip(std::string_view in) {
  z_stream zs{};
  EXPECT_EQ(inflateInit2(&zs, 16 + MAX_WBITS), Z_OK);
  std::string out(1 << 20, '\0');
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  zs.avail_in = static_cast<uInt>(in.size());
  zs.next_out = reinterpret_cast<Bytef*>(out.data());
  zs.avail_out = static_cast<uInt>(out.size());
  EXPECT_EQ(inflate(&zs, Z_FINISH), Z_STREAM_END);
  out.resize(out.size() - zs.avail_out);
  inflateEnd(&zs);
  return out;
}

TEST(Wire, HeadCarriesLengthConnectionAndRetryAfter) {
  std::string h;
  append_head(h, ResponseHead{429, 33, false, false, false, 1, false});
  EXPECT_EQ(h.rfind("HTTP/1.1 429 Too Many Requests\r\n", 0), 0u);
  EXPECT_NE(h.find("Content-Length: 33\r\n"), std::string::npos);
  EXPECT_NE(h.find("Retry-After: 1\r\n"), std::string::npos);
  EXPECT_NE(h.find("Connection: close\r\n\r\n"), std::string::npos);
  h.clear();
  append_head(h, ResponseHead{200, 10, true, true, true, 0, false});
  EXPECT_NE(h.find("Transfer-Encoding: chunked\r\n"), std::string::npos);
  EXPECT_EQ(h.find("Content-Length"), std::string::npos);
  EXPECT_NE(h.find("Content-Encoding: gzip\r\n"), std::string::npos);
  EXPECT_EQ(h.find("Retry-After"), std::string::npos);
}

TEST(Wire, ChunkedEncodingSplitsAndTerminates) {
  std::string out;
  append_chunked(out, "abcdefghij", 3);
  EXPECT_EQ(out, "4\r\nabcd\r\n4\r\nefgh\r\n2\r\nij\r\n0\r\n\r\n");
}

TEST(Wire, GzipRoundTripsAndTheEncoderIsReusable) {
  GzipEncoder enc;
  std::string body(20000, 'x'), gz;
  enc.compress(body, gz);
  EXPECT_LT(gz.size(), body.size());
  EXPECT_EQ(gunzip(gz), body);
  enc.compress("{\"a\":1}", gz);
  EXPECT_EQ(gunzip(gz), "{\"a\":1}");
}

TEST(Wire, AcceptEncodingParsing) {
  EXPECT_TRUE(accepts_gzip("gzip"));
  EXPECT_TRUE(accepts_gzip("deflate, GZIP;q=0.5"));
  EXPECT_TRUE(accepts_gzip("br, *"));
  EXPECT_FALSE(accepts_gzip("gzip;q=0"));
  EXPECT_FALSE(accepts_gzip("identity"));
  EXPECT_FALSE(accepts_gzip("x-gzip2"));
  EXPECT_FALSE(accepts_gzip(""));
}

TEST(JsonText, EscapesAndReplacesInvalidUtf8) {
  std::string out;
  append_json_quoted(out, "a\"b\\c\n\x01 é \xFF");
  EXPECT_EQ(out, "\"a\\\"b\\\\c\\n\\u0001 é \xEF\xBF\xBD\"");
  EXPECT_TRUE(is_valid_utf8("ß ñ € 😀"));
  EXPECT_FALSE(is_valid_utf8("\xC0\xAF"));          // overlong
  EXPECT_FALSE(is_valid_utf8("\xED\xA0\x80"));      // surrogate
  EXPECT_FALSE(is_valid_utf8("\xE2\x82"));          // truncated
}

TEST(JsonText, PercentDecoding) {
  std::string out;
  EXPECT_TRUE(percent_decode("caf%C3%A9+au+lait%21", out));
  EXPECT_EQ(out, "café au lait!");
  EXPECT_FALSE(percent_decode("%4", out));
  EXPECT_FALSE(percent_decode("%G0", out));
  EXPECT_TRUE(percent_decode("", out));
  EXPECT_EQ(out, "");
}

TEST(FaultPlan, SameSeedSameDrawsAndRatesAreRoughlyHonoured) {
  FaultRates r;
  r.error_500 = 0.2;
  r.reset = 0.1;
  r.chunked_share = 0.5;
  r.latency_min_ms = 5;
  r.latency_max_ms = 9;
  FaultPlan a(r, 1), b(r, 1);
  int n500 = 0, nreset = 0, chunked = 0;
  for (int i = 0; i < 10000; ++i) {
    Draw x = a.draw(), y = b.draw();
    EXPECT_EQ(x.fault, y.fault);
    EXPECT_GE(x.latency.count(), 5);
    EXPECT_LE(x.latency.count(), 9);
    n500 += x.fault == Fault::error_500;
    nreset += x.fault == Fault::reset;
    chunked += x.chunked;
  }
  EXPECT_NEAR(n500, 2000, 300);
  EXPECT_NEAR(nreset, 1000, 200);
  EXPECT_NEAR(chunked, 5000, 400);
}

TEST(FaultPlan, HostileModeNamesRoundTrip) {
  for (auto name : {"deep-nesting", "huge", "invalid-utf8", "array-top-level", "searchesLeft-string", "missing-result"}) {
    auto m = parse_hostile_mode(name);
    ASSERT_TRUE(m) << name;
    EXPECT_EQ(fault_name(Fault::hostile, *m), name);
  }
  EXPECT_FALSE(parse_hostile_mode("nope"));
}

}  // namespace
}  // namespace paa::emulator
