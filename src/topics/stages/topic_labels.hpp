#pragma once
// Internal, the topic map's fifth stage: each topic's label stems, its three most characteristic
// stems: (the topic's groups holding the stem) x ln(groups of the language / groups of the
// language holding it), ties by more groups, then by the stem's hash. The words shown for them
// are chosen with the records (topic_records.hpp): each stem's most common surface.
#include "stem_links.hpp"

#include <array>

namespace paa::topics::stages {

constexpr std::size_t kLabelStems = 3;
using LabelStems = std::array<std::uint64_t, kLabelStems>;  // stem hashes, best first; 0 = none

// `notes`: StemLinks's. By topic.
Result<std::vector<LabelStems>> choose_label_stems(const extmem::ScratchFile& notes,
                                                   const std::vector<std::uint32_t>& topic_of, std::uint32_t topics,
                                                   const GroupLanguages& languages, std::size_t memory);

}  // namespace paa::topics::stages
