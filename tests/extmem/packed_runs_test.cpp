// Runs packed in zstd blocks: read back byte for byte however they are taken, several runs in
// one file read side by side, and a run cut short is a clear error, never a short read.
#include "paa/extmem/packed_runs.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

namespace paa::extmem {
namespace {

std::string bytes_of(std::size_t n, unsigned seed) {
  std::mt19937 random(seed);
  std::string out;
  while (out.size() < n) {
    // Words that repeat (compressible) and noise (not), so blocks vary in packed size.
    out += (random() % 3 == 0) ? std::string(1 + random() % 40, static_cast<char>(random())) : "question answer ";
  }
  out.resize(n);
  return out;
}

// `size` bytes taken in pieces of random sizes (a byte, or more than a block), then the end.
std::string read_all(PackedRunReader& in, std::size_t size, std::mt19937& random) {
  std::string out;
  while (out.size() < size) {
    const std::size_t n = std::min<std::size_t>(1 + random() % 70000, size - out.size());
    auto got = in.ensure(n);
    EXPECT_TRUE(got) << got.error().message;
    if (!got) break;
    out.append(in.view().substr(0, n));
    in.consume(n);
  }
  EXPECT_TRUE(in.done());
  EXPECT_FALSE(in.ensure(1)) << "past the end";
  return out;
}

TEST(PackedRuns, RunsReadBackByteForByteSideBySideAndTakeLessDisk) {
  auto file = ScratchFile::create("paa-test-packed");
  ASSERT_TRUE(file);
  RunCodec codec;
  const std::vector<std::string> plain{bytes_of(300000, 1), bytes_of(1, 2), bytes_of(kPackedBlockBytes, 3),
                                       bytes_of(100001, 4)};
  std::vector<PackedRun> runs;
  for (const std::string& p : plain) {
    const std::uint64_t offset = (*file)->size();
    codec.append(**file, p.substr(0, p.size() / 3));  // appended in pieces, across blocks
    codec.append(**file, p.substr(p.size() / 3));
    auto run = codec.end_run(**file, offset);
    ASSERT_TRUE(run);
    runs.push_back(*run);
  }
  ASSERT_TRUE((*file)->flush());
  EXPECT_LT((*file)->size(), (300000 + 1 + kPackedBlockBytes + 100001) * 3 / 4);
  std::mt19937 random(7);
  // Read in reverse order of writing: each run is independent of the others.
  for (std::size_t i = plain.size(); i-- > 0;) {
    PackedRunReader in(**file, runs[i], codec);
    EXPECT_EQ(read_all(in, plain[i].size(), random), plain[i]) << i;
  }
}

TEST(PackedRuns, ARunCutShortIsAnErrorThatSaysSo) {
  auto file = ScratchFile::create("paa-test-packed");
  ASSERT_TRUE(file);
  RunCodec codec;
  const std::string plain = bytes_of(200000, 5);
  codec.append(**file, plain);
  auto run = codec.end_run(**file, 0);
  ASSERT_TRUE(run);
  ASSERT_TRUE((*file)->flush());
  PackedRun cut = *run;
  cut.bytes -= 10;  // its last block's end is missing
  PackedRunReader in(**file, cut, codec);
  Result<void> got;
  std::size_t read = 0;
  while (got && read < plain.size()) {
    got = in.ensure(std::min<std::size_t>(1000, plain.size() - read));
    if (got) {
      const std::size_t n = std::min<std::size_t>(1000, in.view().size());
      read += n;
      in.consume(n);
    }
  }
  ASSERT_FALSE(got);
  EXPECT_NE(got.error().message.find("cut short or damaged"), std::string::npos) << got.error().message;
  EXPECT_LT(read, plain.size());
}

}  // namespace
}  // namespace paa::extmem
