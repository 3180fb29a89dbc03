#pragma once
// Where a key of an expanding job came from (docs/running.md "Expansion"): level 0 keys are
// the job's own; a key of level d+1 was found in the stored answer of its parent, of level d.
#include <cstdint>
#include <string>
#include <string_view>

namespace paa {

// What part of the parent's answer the query was taken from.
enum class Via : std::uint8_t { question = 1, related = 2 };

inline std::string_view via_name(Via via) { return via == Via::related ? "related" : "question"; }

struct Lineage {
  std::uint32_t level = 0;
  Via via = Via::question;
  std::string parent;  // encoded key of the parent; "" at level 0
  std::string seed;    // encoded key of the level-0 key it descends from
  friend bool operator==(const Lineage&, const Lineage&) = default;
};

}  // namespace paa
