#include "topic_numbering.hpp"

namespace paa::topics::stages {

Result<TopicNumbering> number_topics(extmem::SortedRuns<TopicRank>& ranks, const std::vector<std::uint64_t>& offsets) {
  TopicNumbering out;
  out.number.assign(offsets.size(), 0);
  out.offsets.reserve(offsets.size());
  std::uint32_t next = 0;
  auto ranked = ranks.for_each([&](const TopicRank& r) -> Result<void> {
    if (r.topic >= offsets.size()) return make_error(errc::io, "the topics' ranks are damaged (a bug in paa)");
    out.number[r.topic] = next++;
    out.offsets.push_back(offsets[r.topic]);
    return {};
  });
  if (!ranked) return ranked.error();
  return out;
}

}  // namespace paa::topics::stages
