#include "paa/extmem/scratch_map.hpp"

#include <cerrno>
#include <cstring>
#include <sys/mman.h>
#include <unistd.h>
#include <utility>

namespace paa::extmem {
namespace {
constexpr std::uint64_t kPage = 4096;
}  // namespace

Result<ScratchMap> ScratchMap::map(int fd, std::uint64_t size, const std::string& path, Access access,
                                   std::uint64_t resident_budget) {
  ScratchMap mapped;
  mapped.budget_ = resident_budget;
  if (size == 0) return mapped;
  void* at = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
  if (at == MAP_FAILED) {
    const int why = errno;
    return make_error(errc::io, "cannot read back temporary file " + path + ": " + std::strerror(why));
  }
  if (access == Access::random) ::madvise(at, size, MADV_RANDOM);
  mapped.data_ = static_cast<const char*>(at);
  mapped.size_ = size;
  return mapped;
}

ScratchMap::ScratchMap(ScratchMap&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)),
      size_(std::exchange(other.size_, 0)),
      budget_(other.budget_),
      since_drop_(std::exchange(other.since_drop_, 0)) {}

ScratchMap& ScratchMap::operator=(ScratchMap&& other) noexcept {
  if (this != &other) {
    unmap();
    data_ = std::exchange(other.data_, nullptr);
    size_ = std::exchange(other.size_, 0);
    budget_ = other.budget_;
    since_drop_ = std::exchange(other.since_drop_, 0);
  }
  return *this;
}

ScratchMap::~ScratchMap() { unmap(); }

void ScratchMap::unmap() {
  if (data_ != nullptr) ::munmap(const_cast<char*>(data_), size_);
  data_ = nullptr;
  size_ = 0;
}

void ScratchMap::read(std::uint64_t bytes) const {
  since_drop_ += (bytes / kPage + 2) * kPage;
  if (since_drop_ < budget_ || data_ == nullptr) return;
  // Best effort: should it fail, the pages stay (memory, not correctness).
  ::madvise(const_cast<char*>(data_), size_, MADV_DONTNEED);
  since_drop_ = 0;
}

}  // namespace paa::extmem
