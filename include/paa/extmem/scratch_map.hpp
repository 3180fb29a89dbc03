#pragma once
// A scratch file (scratch_file.hpp) mapped for reading, with its resident pages bounded.
// Pages read through a mapping stay in the process's resident set until unmapped: reading a
// million-key store's 5 GB question spill at random places showed as gigabytes of RSS (page
// cache, but counted against the process in `top` and `time`). read() counts what was read and
// past kResidentBudget drops the mapped pages (MADV_DONTNEED: the file is unchanged, so they
// fault back in from the page cache when read again; views into the mapping stay valid).
#include "paa/error.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

namespace paa::extmem {

class ScratchMap {
 public:
  static constexpr std::uint64_t kResidentBudget = std::uint64_t{64} << 20;
  enum class Access { normal, random };  // random: no readahead

  // Maps the first `size` bytes of `fd` (size 0: nothing mapped, data() is null).
  static Result<ScratchMap> map(int fd, std::uint64_t size, const std::string& path, Access access,
                                std::uint64_t resident_budget = kResidentBudget);
  ScratchMap() = default;
  ScratchMap(ScratchMap&& other) noexcept;
  ScratchMap& operator=(ScratchMap&& other) noexcept;
  ~ScratchMap();

  const char* data() const { return data_; }
  std::uint64_t size() const { return size_; }
  // Call after reading `bytes` of the mapping (counted in whole pages, plus two: a read at a
  // random place may straddle pages); drops the resident pages once the budget is reached.
  // The kernel may map a few neighbouring cached pages per fault, so the bound is approximate
  // (21 MiB resident measured against the 64 MiB budget on a 668 MB spill).
  void read(std::uint64_t bytes) const;

 private:
  void unmap();
  const char* data_ = nullptr;
  std::uint64_t size_ = 0;
  std::uint64_t budget_ = kResidentBudget;
  mutable std::uint64_t since_drop_ = 0;
};

}  // namespace paa::extmem
