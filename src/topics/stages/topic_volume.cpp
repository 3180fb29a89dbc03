#include "topic_volume.hpp"

#include <optional>

namespace paa::topics::stages {

Result<std::vector<std::uint64_t>> volume_per_topic(const GroupSeedSource& seeds,
                                                    const std::vector<std::uint32_t>& topic_of, std::uint32_t topics,
                                                    std::size_t memory) {
  struct TopicSeed {
    std::uint32_t topic, pad;
    std::uint64_t seed, volume;
    bool operator<(const TopicSeed& o) const { return topic != o.topic ? topic < o.topic : seed < o.seed; }
  };
  std::vector<std::uint64_t> volumes(topics, 0);
  extmem::SortedRuns<TopicSeed> pairs(records_in(memory, sizeof(TopicSeed)), {}, "paa-topic-seeds");
  auto listed = seeds([&](const GroupSeed& s) -> Result<void> {
    if (s.group >= topic_of.size() || topic_of[s.group] >= topics) {
      return make_error(errc::io, "the topics' seed file is damaged (a bug in paa)");
    }
    return pairs.add({topic_of[s.group], 0, s.seed, s.volume});
  });
  if (!listed) return listed.error();
  std::optional<TopicSeed> last;
  auto summed = pairs.for_each([&](const TopicSeed& p) -> Result<void> {
    if (!last || last->topic != p.topic || last->seed != p.seed) {
      volumes[p.topic] = analysis::add_volume(volumes[p.topic], p.volume);
    }
    last = p;
    return {};
  });
  if (!summed) return summed.error();
  return volumes;
}

}  // namespace paa::topics::stages
