#pragma once
// What the topic map's stage tests share: a sink that keeps the pairs it is given, and groups
// written by hand.
#include "stages/topic_graph.hpp"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace paa::topics::stages::testing {

class KeptEdges final : public EdgeSink {
 public:
  Result<void> add(std::uint32_t a, std::uint32_t b, float weight) override {
    pairs[{std::min(a, b), std::max(a, b)}] += weight;
    ++calls;
    return {};
  }
  float at(std::uint32_t a, std::uint32_t b) const {
    const auto it = pairs.find({a, b});
    return it == pairs.end() ? 0.0f : it->second;
  }
  std::map<std::pair<std::uint32_t, std::uint32_t>, float> pairs;
  std::size_t calls = 0;
};

// A group whose strings live as long as it does.
struct OwnedGroup {
  std::uint32_t number = 0;
  std::uint64_t id = 0, trees = 1, members = 1;
  std::string hl = "en", representative;
  std::vector<std::string> stems, surfaces;  // surfaces default to the stems

  GroupRecord record() const {
    GroupRecord r;
    r.number = number;
    r.id = id;
    r.trees = trees;
    r.members = members;
    r.hl = hl;
    r.representative = representative;
    for (const auto& s : stems) r.stems.push_back(s);
    for (const auto& s : surfaces.empty() ? stems : surfaces) r.surfaces.push_back(s);
    return r;
  }
};

inline OwnedGroup group(std::uint32_t number, std::vector<std::string> stems, std::string hl = "en") {
  OwnedGroup g;
  g.number = number;
  g.stems = std::move(stems);
  g.hl = std::move(hl);
  return g;
}

inline GroupSource source_of(const std::vector<OwnedGroup>& groups) {
  return [&groups](const GroupVisit& visit) -> Result<void> {
    for (const OwnedGroup& g : groups) {
      if (auto visited = visit(g.record()); !visited) return visited;
    }
    return {};
  };
}

inline EdgeSource source_of(const std::vector<WeightedEdge>& edges) {
  return [&edges](const EdgeVisit& visit) -> Result<void> {
    for (const WeightedEdge& e : edges) visit(e);
    return {};
  };
}

// One language: groups [0, n).
inline std::vector<LanguageRange> one_language(std::uint32_t n) { return {LanguageRange{"en", 0, n}}; }

}  // namespace paa::topics::stages::testing
