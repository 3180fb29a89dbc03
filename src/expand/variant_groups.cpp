#include "paa/expand/variant_groups.hpp"

#include "paa/question/field_hash.hpp"
#include "paa/question/question_profile.hpp"

namespace paa {

KeyGrouper::KeyGrouper() : profiler_(std::make_unique<question::QuestionProfiler>()) {}
KeyGrouper::~KeyGrouper() = default;

std::uint64_t KeyGrouper::group(const QueryKey& key) {
  const std::uint64_t variant = profiler_->profile(key.q, key.hl).group;
  return question::FieldHash().add(variant).add(key.hl).add(key.gl).add(key.city).value();
}

std::size_t GroupSet::slot_of(std::uint64_t group) const {
  const std::size_t mask = slots_.size() - 1;
  std::size_t i = static_cast<std::size_t>((group * 0x9e3779b97f4a7c15ull) >> 17) & mask;
  while (slots_[i] != 0 && slots_[i] != group) i = (i + 1) & mask;
  return i;
}

bool GroupSet::contains(std::uint64_t group) {
  if (group == 0) return has_zero_;
  return !slots_.empty() && slots_[slot_of(group)] == group;
}

void GroupSet::grow() {
  std::vector<std::uint64_t> old = std::move(slots_);
  slots_.assign(old.empty() ? 64 : old.size() * 2, 0);
  for (std::uint64_t g : old) {
    if (g != 0) slots_[slot_of(g)] = g;
  }
}

void GroupSet::add(std::uint64_t group) {
  if (group == 0) {
    has_zero_ = true;
    return;
  }
  if ((size_ + 1) * 4 > slots_.size() * 3) grow();
  std::uint64_t& slot = slots_[slot_of(group)];
  if (slot == 0) {
    slot = group;
    ++size_;
  }
}

}  // namespace paa
