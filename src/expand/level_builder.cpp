#include "paa/expand/level_builder.hpp"

namespace paa {

LevelBuilder::LevelBuilder(const ExpandSpec& spec, std::uint32_t level, std::uint64_t discovered_before)
    : spec_(spec), level_(level), discovered_(discovered_before) {}

bool LevelBuilder::full() const { return spec_.max_keys != 0 && discovered_ >= spec_.max_keys; }

std::vector<DiscoveredKey> LevelBuilder::admit(const Query& parent, std::span<const Candidate> candidates,
                                               KnownKeys& known) {
  std::vector<DiscoveredKey> out;
  for (const auto& candidate : candidates) {
    if (full()) break;
    if (spec_.per_result != 0 && out.size() >= spec_.per_result) break;
    auto query = make_query(candidate.text, parent.hl, parent.gl, parent.city);
    if (!query) continue;  // blank or not a valid query: nothing to ask
    std::string encoded = encode_key(query->key);
    if (known.contains(encoded)) continue;  // only queries new to the job count against per_result
    known.add(encoded);
    ++discovered_;
    ++admitted_;
    out.push_back({std::move(*query), std::move(encoded), candidate.via, level_});
  }
  return out;
}

}  // namespace paa
