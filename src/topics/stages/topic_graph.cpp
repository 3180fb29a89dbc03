#include "topic_graph.hpp"

#include "paa/extmem/scratch_reader.hpp"
#include "paa/question/field_hash.hpp"

#include <optional>

namespace paa::topics::stages {

std::uint64_t stem_hash(std::string_view hl, std::string_view stem) {
  return paa::question::FieldHash().add(hl).add(stem).value() | 1;
}

std::size_t GroupLanguages::of(std::uint32_t group) const {
  const auto at = std::upper_bound(ranges_.begin(), ranges_.end(), group,
                                   [](std::uint32_t v, const LanguageRange& r) { return v < r.first; });
  return static_cast<std::size_t>(at - ranges_.begin()) - 1;
}

Result<void> link_all(const std::vector<std::uint32_t>& groups, float weight, EdgeSink& edges) {
  if (groups.size() < 2 || groups.size() > kMostGroupsLinked) return {};
  for (std::size_t i = 0; i < groups.size(); ++i) {
    for (std::size_t j = i + 1; j < groups.size(); ++j) {
      if (auto added = edges.add(groups[i], groups[j], weight); !added) return added;
    }
  }
  return {};
}

Result<void> SummedGraph::for_each(const EdgeVisit& visit) const {
  extmem::ScratchReader in(*file_);
  while (!in.done()) {
    auto e = in.take_value<WeightedEdge>();
    if (!e) return e.error();
    visit(*e);
  }
  return {};
}

GraphEdges::GraphEdges(const GroupLanguages& languages, std::uint32_t groups, std::size_t memory)
    : languages_(languages), groups_(groups), edges_(records_in(memory, sizeof(WeightedEdge)), {}, "paa-topic-edges") {}

Result<void> GraphEdges::add(std::uint32_t a, std::uint32_t b, float weight) {
  if (a == b || languages_.of(a) != languages_.of(b)) return {};
  return edges_.add({std::min(a, b), std::max(a, b), weight});
}

Result<SummedGraph> GraphEdges::sum() {
  auto summed = extmem::ScratchFile::create("paa-topic-graph");
  if (!summed) return summed.error();
  std::vector<float> strength(groups_, 0.0f);
  std::uint64_t count = 0;
  std::optional<WeightedEdge> open;
  auto flush_edge = [&] {
    (*summed)->out().append({reinterpret_cast<const char*>(&*open), sizeof *open});
    strength[open->a] += open->weight;
    strength[open->b] += open->weight;
    ++count;
  };
  auto added = edges_.for_each([&](const WeightedEdge& e) -> Result<void> {
    if (open && open->a == e.a && open->b == e.b) {
      open->weight += e.weight;
      return {};
    }
    if (open) flush_edge();
    open = e;
    return {};
  });
  if (!added) return added.error();
  if (open) flush_edge();
  if (auto flushed = (*summed)->flush(); !flushed) return flushed.error();
  auto strengths = extmem::ScratchFile::create("paa-topic-strengths");
  if (!strengths) return strengths.error();
  (*strengths)->out().append({reinterpret_cast<const char*>(strength.data()), strength.size() * sizeof(float)});
  if (auto flushed = (*strengths)->flush(); !flushed) return flushed.error();
  return SummedGraph(std::move(*summed), std::move(*strengths), count);
}

}  // namespace paa::topics::stages
