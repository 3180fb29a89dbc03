// Micro-benchmark behind src/net/gzip.cpp's choice of libdeflate (BENCHMARKS.md, round 4):
// zlib's streaming inflate (as paa used it) against libdeflate's whole-buffer decode, on real
// gzip bodies saved from the emulator. Not part of the build or of scripts/bench.sh.
//
//   paa-emulator --cert S.pem --key-file S.key --key K --tree-kb 8 --listen 127.0.0.1:0 --port-file port &
//   for i in $(seq 1 200); do curl -s --cacert CA.pem -H 'x-api-key: K' -H 'Accept-Encoding: gzip' \
//     -o bodies/b$i.gz "https://localhost:$(cat port)/api/alsoask?q=sample+$i+coffee&hl=en&gl=us"; done
//   g++ -O2 -std=c++20 scripts/bench/inflate_micro.cpp -o /tmp/inflate_micro -lz -ldeflate
//   taskset -c 1 /tmp/inflate_micro bodies
#include <zlib.h>
#include <libdeflate.h>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>
#include <cstring>
#include <algorithm>

std::size_t isize(std::string_view in) {
  if (in.size() < 18) return 0;
  const unsigned char* p = (const unsigned char*)in.data() + in.size() - 4;
  return p[0] | (p[1] << 8) | (p[2] << 16) | ((std::size_t)p[3] << 24);
}
// zlib's streaming inflate as paa used it, starting with `room` bytes of output and doubling.
std::string zlib_inflate(std::string_view in, std::size_t max_bytes, std::size_t room) {
  z_stream zs{};
  inflateInit2(&zs, 32 + MAX_WBITS);
  std::string out;
  out.resize(std::min<std::size_t>(max_bytes, std::max<std::size_t>(room, 4096)));
  zs.next_in = (Bytef*)in.data(); zs.avail_in = in.size();
  std::size_t produced = 0; int rc = Z_OK;
  while (rc != Z_STREAM_END) {
    if (produced == out.size()) out.resize(std::min(max_bytes, out.size() * 2));
    zs.next_out = (Bytef*)(out.data() + produced); zs.avail_out = out.size() - produced;
    rc = inflate(&zs, Z_NO_FLUSH);
    produced = out.size() - zs.avail_out;
    if (rc != Z_OK && rc != Z_STREAM_END && rc != Z_BUF_ERROR) break;
  }
  inflateEnd(&zs); out.resize(produced); return out;
}
// As paa sized it (4 x the input), and sized from the gzip trailer (is the sizing the gain?).
std::string zlib_cur(std::string_view in, std::size_t max_bytes) { return zlib_inflate(in, max_bytes, in.size() * 4); }
std::string zlib_isize(std::string_view in, std::size_t max_bytes) {
  return zlib_inflate(in, max_bytes, isize(in) != 0 ? isize(in) + 1 : in.size() * 4);
}
libdeflate_decompressor* d = libdeflate_alloc_decompressor();
std::string deflate_isize(std::string_view in, std::size_t max_bytes) {
  std::string out; out.resize(std::min(max_bytes, isize(in)));
  size_t got = 0;
  auto r = libdeflate_gzip_decompress(d, in.data(), in.size(), out.data(), out.size(), &got);
  if (r != LIBDEFLATE_SUCCESS) return {};
  out.resize(got); return out;
}
int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : "bodies";
  std::vector<std::string> bodies;
  for (int i = 1; i <= 200; ++i) { std::ifstream f(dir + "/b" + std::to_string(i) + ".gz"); std::stringstream ss; ss << f.rdbuf(); bodies.push_back(ss.str()); }
  auto run = [&](const char* name, auto fn) {
    std::size_t total = 0;
    auto t0 = std::chrono::steady_clock::now();
    for (int rep = 0; rep < 200; ++rep) for (auto& b : bodies) total += fn(b, 16u << 20).size();
    auto t1 = std::chrono::steady_clock::now();
    std::printf("%-14s %.2f us/body (%zu)\n", name, std::chrono::duration<double, std::micro>(t1 - t0).count() / (200.0 * bodies.size()), total);
  };
  for (int k = 0; k < 3; ++k) { run("zlib", zlib_cur); run("zlib+isize", zlib_isize); run("libdeflate", deflate_isize); }
}
