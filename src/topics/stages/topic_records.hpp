#pragma once
// Internal, the topic map's sixth stage: one record per topic, from its groups sorted by topic.
// Its id is its representative's variant group id: the group in the most trees (ties by weighted
// degree, then id); its label the most common word of each label stem among its groups; its top
// questions the five first groups' representatives in that order. Records are a 4-byte length
// and the fields (record_fields.hpp), in a scratch file read back by offset.
#include "topic_labels.hpp"

#include "paa/topics/topic_map.hpp"

namespace paa::topics::stages {

// Orders the topics for their numbers (topic_numbering.hpp): most demand first (all 0 when no
// seed has a volume), then most trees, then id.
struct TopicRank {
  std::uint64_t volume, trees, id;
  std::uint32_t topic, pad;
  bool operator<(const TopicRank& o) const {
    if (volume != o.volume) return volume > o.volume;
    return trees != o.trees ? trees > o.trees : (id != o.id ? id < o.id : topic < o.topic);
  }
};

// What the records are made of, by group or by topic (the earlier stages' answers).
struct TopicFacts {
  const std::vector<std::uint32_t>& topic_of;     // by group
  const SummedGraph& graph;                       // each group's weighted degree
  const std::vector<LabelStems>& label_stems;     // by topic
  const std::vector<std::uint64_t>& trees;        // by topic
  const std::vector<std::uint64_t>& volumes;      // by topic (topic_volume.hpp)
};

class TopicRecords {
 public:
  explicit TopicRecords(std::size_t memory);
  // Once: every topic's record written, its offset kept and its rank added.
  Result<void> write(const GroupSource& groups, const TopicFacts& facts);

  std::unique_ptr<extmem::ScratchFile> file;
  std::vector<std::uint64_t> offsets;  // by topic
  extmem::SortedRuns<TopicRank> ranks;

 private:
  std::size_t memory_;
};

// Topic `number`'s record at `offset`; `buffer` holds what the views point into.
Result<Topic> read_topic_record(const extmem::ScratchFile& file, std::uint64_t offset, std::uint32_t number,
                                std::string& buffer);

}  // namespace paa::topics::stages
