#pragma once
// Internal: some sections of a language's tables as one merged set (LanguageTables::merged, in
// the order named), remembered for the last tables asked. Every question asks, and merged()
// takes a lock and a map lookup: one of these per call site, thread_local.
#include "paa/text/language.hpp"

#include <cstdint>
#include <span>
#include <string_view>

namespace paa::question::detail {

class SectionCache {
 public:
  // `names` must outlive the cache (a static array).
  explicit SectionCache(std::span<const std::string_view> names) : names_(names) {}

  const text::PatternSet& of(const text::LanguageTables& tables) {
    // The serial too: another tables object may later live at the same address (a test's).
    if (tables_ != &tables || serial_ != tables.serial) {
      set_ = &tables.merged(names_);
      tables_ = &tables;
      serial_ = tables.serial;
    }
    return *set_;
  }

 private:
  std::span<const std::string_view> names_;
  const text::LanguageTables* tables_ = nullptr;
  std::uint64_t serial_ = 0;
  const text::PatternSet* set_ = nullptr;
};

}  // namespace paa::question::detail
