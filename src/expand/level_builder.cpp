#include "paa/expand/level_builder.hpp"

#include <algorithm>
#include <stdexcept>

namespace paa {

std::optional<std::uint64_t> max_discovered(const ExpandSpec& spec, std::uint64_t seeds) {
  if (!spec.enabled()) return 0;
  constexpr std::uint64_t kMax = UINT64_MAX;
  auto mul = [&](std::uint64_t a, std::uint64_t b) { return b != 0 && a > kMax / b ? kMax : a * b; };
  std::optional<std::uint64_t> by_fanout;
  if (spec.per_result != 0) {
    std::uint64_t level = seeds, sum = 0;
    for (int d = 0; d < spec.depth; ++d) {
      level = mul(level, spec.per_result);
      sum = sum > kMax - level ? kMax : sum + level;
    }
    by_fanout = sum;
  }
  if (spec.max_keys == 0) return by_fanout;
  return by_fanout ? std::min(*by_fanout, spec.max_keys) : spec.max_keys;
}

LevelBuilder::LevelBuilder(const ExpandSpec& spec, std::uint32_t level, std::uint64_t discovered_before)
    : spec_(spec),
      level_(level),
      discovered_(discovered_before),
      grouper_(spec.skip_variants ? std::make_unique<KeyGrouper>() : nullptr) {}

bool LevelBuilder::full() const { return spec_.max_keys != 0 && discovered_ >= spec_.max_keys; }

std::vector<DiscoveredKey> LevelBuilder::admit(const Query& parent, std::span<const Candidate> candidates,
                                               KnownKeys& known, KnownGroups* groups) {
  if (grouper_ && groups == nullptr) throw std::logic_error("LevelBuilder: skip_variants without the job's groups");
  std::vector<DiscoveredKey> out;
  for (const auto& candidate : candidates) {
    if (full()) break;
    if (spec_.per_result != 0 && out.size() >= spec_.per_result) break;
    auto query = make_query(candidate.text, parent.hl, parent.gl, parent.city);
    if (!query) continue;  // blank or not a valid query: nothing to ask
    std::string encoded = encode_key(query->key);
    if (known.contains(encoded)) continue;  // only queries new to the job count against per_result
    if (grouper_) {
      // A variant of a key the job has is skipped like a known key: it does not count against
      // per_result either.
      const std::uint64_t group = grouper_->group(query->key);
      if (groups->contains(group)) {
        ++skipped_;
        continue;
      }
      groups->add(group);
    }
    known.add(encoded);
    ++discovered_;
    ++admitted_;
    out.push_back({std::move(*query), std::move(encoded), candidate.via, level_});
  }
  return out;
}

}  // namespace paa
