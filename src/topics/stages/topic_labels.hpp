#pragma once
// Internal, the topic map's fifth stage: each topic's label stems, its three most characteristic
// stems: (the topic's groups holding the stem) x ln(groups of the language / groups of the
// language holding it), ties by more groups, then by the stem's hash. Labels are distinct: a
// topic whose three are another's (in any order), that topic being larger (more groups; then
// the lower number), gets a fourth, its next stem that makes the set no other's ("marathon,
// training, plan" and "marathon, training, plan, beginners"). The words shown for them are
// chosen with the records (topic_records.hpp): each stem's most common surface.
#include "stem_links.hpp"

#include <array>
#include <span>
#include <vector>

namespace paa::topics::stages {

constexpr std::size_t kLabelStems = 4;       // the fourth only to tell a label from another's
constexpr std::size_t kPlainLabelStems = 3;
constexpr std::size_t kLabelCandidates = 8;  // a topic's best stems kept to choose a fourth from
using LabelStems = std::array<std::uint64_t, kLabelStems>;  // stem hashes, best first; 0 = none

// The labels made distinct, one topic at a time, the largest first (more groups; then the lower
// number): each topic's candidates best first (at most kLabelCandidates) in, its label out.
// Pure. The labels taken are remembered as 64-bit fingerprints of their stems' set in one
// open-addressing table (16 to 32 bytes a topic): two different sets sharing a fingerprint (odds
// about 1 in 10^7 at a million topics) would only give the smaller topic a fourth stem.
class DistinctLabels {
 public:
  explicit DistinctLabels(std::size_t topics);
  LabelStems choose(std::span<const std::uint64_t> candidates);

 private:
  bool taken(const LabelStems& label) const;
  void take(const LabelStems& label);
  void place(std::uint64_t fingerprint);  // into a free slot, unless there already
  std::vector<std::uint64_t> table_;  // 0 = free
  std::size_t used_ = 0;
};

// The labels of every topic at once: `candidates` of each topic, `groups` each topic's size.
std::vector<LabelStems> distinct_labels(const std::vector<std::vector<std::uint64_t>>& candidates,
                                        const std::vector<std::uint64_t>& groups);

// `notes`: StemLinks's, read once and closed (its disk goes back before the merge). By topic.
Result<std::vector<LabelStems>> choose_label_stems(std::unique_ptr<extmem::ScratchFile> notes,
                                                   const std::vector<std::uint32_t>& topic_of, std::uint32_t topics,
                                                   const GroupLanguages& languages, std::size_t memory);

}  // namespace paa::topics::stages
