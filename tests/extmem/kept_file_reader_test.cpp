#include "paa/extmem/kept_file_reader.hpp"

#include "paa/extmem/kept_bytes.hpp"
#include "paa/extmem/scratch_file.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

namespace paa::extmem {
namespace {

// A scratch file holding `bytes`, flushed.
std::unique_ptr<ScratchFile> file_of(const std::string& bytes) {
  auto file = ScratchFile::create("paa-test-kept");
  if (!file) throw std::runtime_error(file.error().message);
  (*file)->out().append(bytes);
  if (auto flushed = (*file)->flush(); !flushed) throw std::runtime_error(flushed.error().message);
  return std::move(*file);
}

// What put_value, put_array and put_text wrote reads back as KeptBytes reads it in memory, an
// array larger than the reader's 1 MiB chunk included (read past the chunk, straight into it).
TEST(KeptFileReader, ReadsWhatPutWroteSmallFieldsAndArraysPastTheChunk) {
  std::vector<std::uint64_t> big(300'000);  // 2.4 MB
  std::iota(big.begin(), big.end(), std::uint64_t{7});
  const std::vector<std::uint32_t> small{1, 2, 3};
  std::string bytes;
  put_value<std::uint8_t>(bytes, 5);
  put_array(bytes, small);
  put_text(bytes, "espresso, machines");
  put_array(bytes, big);
  put_value<std::int64_t>(bytes, -3);
  auto file = file_of(bytes);
  KeptFileReader in(*file);
  EXPECT_EQ(in.value<std::uint8_t>(), 5);
  EXPECT_EQ(in.array<std::uint32_t>(), small);
  EXPECT_EQ(in.text(), "espresso, machines");
  EXPECT_EQ(in.array<std::uint64_t>(), big);
  EXPECT_EQ(in.value<std::int64_t>(), -3);
  EXPECT_TRUE(in.ok());
  EXPECT_TRUE(in.done());
  EXPECT_FALSE(in.error());
}

// A count or a length past the file's end is damage: not ok, nothing allocated for it, no error.
TEST(KeptFileReader, ACountPastTheEndIsNotOkAndNoReadError) {
  std::string bytes;
  put_value<std::uint64_t>(bytes, std::uint64_t{1} << 40);  // an array's count
  bytes.append(16, 'x');
  auto file = file_of(bytes);
  KeptFileReader in(*file);
  EXPECT_TRUE(in.array<std::uint64_t>().empty());
  EXPECT_FALSE(in.ok());
  EXPECT_FALSE(in.done());
  EXPECT_FALSE(in.error());
  std::string text;
  put_text(text, "cut");
  text.resize(text.size() - 1);
  auto cut = file_of(text);
  KeptFileReader short_text(*cut);
  EXPECT_EQ(short_text.text(), "");
  EXPECT_FALSE(short_text.ok());
}

}  // namespace
}  // namespace paa::extmem
