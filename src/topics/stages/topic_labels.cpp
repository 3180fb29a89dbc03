#include "topic_labels.hpp"

#include "paa/extmem/scratch_reader.hpp"

#include <cmath>

namespace paa::topics::stages {

namespace {

struct TopicStem {
  std::uint32_t topic, df;
  std::uint64_t stem;
  std::uint32_t group, pad = 0;
  bool operator<(const TopicStem& o) const {
    if (topic != o.topic) return topic < o.topic;
    return stem != o.stem ? stem < o.stem : group < o.group;
  }
};

// One topic's stems as they come by stem, the best kLabelStems kept.
class BestStems {
 public:
  void count(const TopicStem& r, double language) {
    if (tf_ == 0 || r.stem != stem_) {
      close_stem();
      stem_ = r.stem;
      last_group_ = kNone;
    }
    if (r.group != last_group_) ++tf_;
    last_group_ = r.group;
    df_ = r.df;
    language_ = language;
  }
  LabelStems close_topic() {
    close_stem();
    LabelStems out{};
    for (std::size_t i = 0; i < best_.size(); ++i) out[i] = best_[i].stem;
    best_.clear();
    tf_ = 0;
    return out;
  }

 private:
  struct Scored {
    double score;
    std::uint64_t tf, stem;
    bool operator<(const Scored& b) const {  // better first
      if (score != b.score) return score > b.score;
      if (tf != b.tf) return tf > b.tf;
      return stem < b.stem;
    }
  };
  void close_stem() {
    if (tf_ == 0) return;
    // Held by many of the topic's groups and few of the language's.
    const double idf = std::log(std::max(language_, 2.0) / static_cast<double>(df_));
    const Scored sc{static_cast<double>(tf_) * std::max(idf, 0.01), tf_, stem_};
    const auto at = std::upper_bound(best_.begin(), best_.end(), sc);
    if (static_cast<std::size_t>(at - best_.begin()) < kLabelStems) {
      best_.insert(at, sc);
      if (best_.size() > kLabelStems) best_.pop_back();
    }
    tf_ = 0;
  }
  std::vector<Scored> best_;
  std::uint32_t last_group_ = kNone;
  std::uint64_t stem_ = 0, tf_ = 0, df_ = 0;
  double language_ = 0;
};

}  // namespace

Result<std::vector<LabelStems>> choose_label_stems(const extmem::ScratchFile& notes,
                                                   const std::vector<std::uint32_t>& topic_of, std::uint32_t topics,
                                                   const GroupLanguages& languages, std::size_t memory) {
  std::vector<LabelStems> out(topics, LabelStems{});
  extmem::SortedRuns<TopicStem> by_topic(records_in(memory, sizeof(TopicStem)), {}, "paa-topic-labels");
  extmem::ScratchReader in(notes);
  while (!in.done()) {
    auto note = in.take_value<StemNote>();
    if (!note) return note.error();
    if (auto added = by_topic.add({topic_of[note->group], note->df, note->stem, note->group}); !added) {
      return added.error();
    }
  }
  BestStems best;
  std::uint32_t current = kNone;
  auto scored = by_topic.for_each([&](const TopicStem& r) -> Result<void> {
    if (r.topic != current) {
      if (current != kNone) out[current] = best.close_topic();
      current = r.topic;
    }
    best.count(r, languages.size_of(r.group));
    return {};
  });
  if (!scored) return scored.error();
  if (current != kNone) out[current] = best.close_topic();
  return out;
}

}  // namespace paa::topics::stages
