#include "topic_labels.hpp"

#include "paa/extmem/scratch_reader.hpp"

#include <algorithm>
#include <cmath>
#include <set>

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

// One topic's stems as they come by stem, the best kLabelCandidates kept.
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
  std::vector<std::uint64_t> close_topic() {
    close_stem();
    std::vector<std::uint64_t> out;
    out.reserve(best_.size());
    for (const auto& b : best_) out.push_back(b.stem);
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
    if (static_cast<std::size_t>(at - best_.begin()) < kLabelCandidates) {
      best_.insert(at, sc);
      if (best_.size() > kLabelCandidates) best_.pop_back();
    }
    tf_ = 0;
  }
  std::vector<Scored> best_;
  std::uint32_t last_group_ = kNone;
  std::uint64_t stem_ = 0, tf_ = 0, df_ = 0;
  double language_ = 0;
};

// A label as a set: its stems sorted, so that the same three in another order are the same.
LabelStems as_set(LabelStems label) {
  std::sort(label.begin(), label.end());
  return label;
}

}  // namespace

std::vector<LabelStems> distinct_labels(const std::vector<std::vector<std::uint64_t>>& candidates,
                                        const std::vector<std::uint64_t>& groups) {
  std::vector<std::uint32_t> order(candidates.size());
  for (std::uint32_t t = 0; t < order.size(); ++t) order[t] = t;
  std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return groups[a] > groups[b]; });
  std::vector<LabelStems> out(candidates.size(), LabelStems{});
  std::set<LabelStems> used;
  for (const std::uint32_t t : order) {
    const auto& c = candidates[t];
    LabelStems label{};
    for (std::size_t i = 0; i < c.size() && i < kPlainLabelStems; ++i) label[i] = c[i];
    if (!c.empty() && used.contains(as_set(label))) {
      // The next stem that tells it apart; none: the label stays shared.
      for (std::size_t i = kPlainLabelStems; i < c.size(); ++i) {
        LabelStems longer = label;
        longer[kPlainLabelStems] = c[i];
        if (!used.contains(as_set(longer))) {
          label = longer;
          break;
        }
      }
    }
    if (!c.empty()) used.insert(as_set(label));
    out[t] = label;
  }
  return out;
}

Result<std::vector<LabelStems>> choose_label_stems(std::unique_ptr<extmem::ScratchFile> notes,
                                                   const std::vector<std::uint32_t>& topic_of, std::uint32_t topics,
                                                   const GroupLanguages& languages, std::size_t memory) {
  std::vector<std::vector<std::uint64_t>> candidates(topics);
  extmem::SortedRuns<TopicStem> by_topic(records_in(memory, sizeof(TopicStem)), {}, "paa-topic-labels");
  {
    extmem::ScratchReader in(*notes);
    while (!in.done()) {
      auto note = in.take_value<StemNote>();
      if (!note) return note.error();
      if (auto added = by_topic.add({topic_of[note->group], note->df, note->stem, note->group}); !added) {
        return added.error();
      }
    }
  }
  notes.reset();  // read once: its disk goes back before the sort's runs are merged
  BestStems best;
  std::uint32_t current = kNone;
  auto scored = by_topic.for_each([&](const TopicStem& r) -> Result<void> {
    if (r.topic != current) {
      if (current != kNone) candidates[current] = best.close_topic();
      current = r.topic;
    }
    best.count(r, languages.size_of(r.group));
    return {};
  });
  if (!scored) return scored.error();
  if (current != kNone) candidates[current] = best.close_topic();
  std::vector<std::uint64_t> groups(topics, 0);
  for (const std::uint32_t t : topic_of) {
    if (t < topics) ++groups[t];
  }
  return distinct_labels(candidates, groups);
}

}  // namespace paa::topics::stages
