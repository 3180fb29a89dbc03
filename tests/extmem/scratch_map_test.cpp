#include "paa/extmem/scratch_map.hpp"

#include "paa/extmem/scratch_file.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <unistd.h>

namespace paa::extmem {
namespace {

constexpr std::uint64_t kFileBytes = std::uint64_t{8} << 20;

char pattern(std::uint64_t i) { return static_cast<char>((i * 7) % 251); }

// A scratch file of kFileBytes known bytes; the descriptor is closed with the object.
struct PatternFile {
  PatternFile() {
    auto made = create_unlinked_temp("paa-test-scratch", path);
    if (!made) throw std::runtime_error(made.error().message);
    fd = *made;
    std::string block(1 << 20, '\0');
    for (std::uint64_t at = 0; at < kFileBytes; at += block.size()) {
      for (std::size_t i = 0; i < block.size(); ++i) block[i] = pattern(at + i);
      if (::pwrite(fd, block.data(), block.size(), static_cast<off_t>(at)) != static_cast<ssize_t>(block.size())) {
        throw std::runtime_error("cannot write " + path);
      }
    }
  }
  ~PatternFile() { ::close(fd); }
  int fd = -1;
  std::string path;
};

// The resident KiB of the mapping that starts at `start` (/proc/self/smaps).
std::uint64_t resident_kib(const void* start) {
  std::ifstream smaps("/proc/self/smaps");
  char wanted[32];
  std::snprintf(wanted, sizeof wanted, "%" PRIxPTR "-", reinterpret_cast<std::uintptr_t>(start));
  std::string line;
  bool inside = false;
  while (std::getline(smaps, line)) {
    // A mapping's header ("start-end perms offset dev inode path") has no ':' before its
    // first space; its fields ("Rss:   4 kB") do.
    const bool header = line.find(':') == std::string::npos || line.find(' ') < line.find(':');
    if (header) inside = line.starts_with(wanted);
    if (inside && line.starts_with("Rss:")) {
      std::istringstream fields(line.substr(4));
      std::uint64_t kib = 0;
      fields >> kib;
      return kib;
    }
  }
  ADD_FAILURE() << "no mapping at " << wanted << " in /proc/self/smaps";
  return 0;
}

// Reads the whole mapping a page at a time (the content checked), and returns the most of it
// that was resident at once.
std::uint64_t read_all_pages(const ScratchMap& map) {
  std::uint64_t peak = 0;
  for (std::uint64_t at = 0; at < map.size(); at += 4096) {
    EXPECT_EQ(map.data()[at], pattern(at)) << "at byte " << at;
    map.read(4096);
    if ((at / 4096) % 32 == 0) peak = std::max(peak, resident_kib(map.data()));
  }
  return peak;
}

TEST(ScratchMap, PagesReadPastTheBudgetAreDroppedAndReadBackIntact) {
  PatternFile file;
  auto map = ScratchMap::map(file.fd, kFileBytes, file.path, ScratchMap::Access::random, 1 << 20);
  ASSERT_TRUE(map) << map.error().message;
  const std::uint64_t peak = read_all_pages(*map);
  EXPECT_LE(peak, 2048u) << "KiB resident at most, against a 1 MiB budget";
  // A second pass reads every page again from the page cache: same bytes.
  read_all_pages(*map);
}

// The control: without a budget to reach, the whole file stays resident (so the test above
// measures what it claims).
TEST(ScratchMap, WithinTheBudgetEveryPageReadStaysResident) {
  PatternFile file;
  auto map = ScratchMap::map(file.fd, kFileBytes, file.path, ScratchMap::Access::random);
  ASSERT_TRUE(map) << map.error().message;
  read_all_pages(*map);
  EXPECT_GE(resident_kib(map->data()), kFileBytes / 1024 - 64);
}

TEST(ScratchMap, AnEmptyFileMapsToNothing) {
  PatternFile file;
  auto map = ScratchMap::map(file.fd, 0, file.path, ScratchMap::Access::normal);
  ASSERT_TRUE(map);
  EXPECT_EQ(map->data(), nullptr);
  EXPECT_EQ(map->size(), 0u);
  map->read(100);  // nothing to drop
}

}  // namespace
}  // namespace paa::extmem
