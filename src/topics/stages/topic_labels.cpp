#include "topic_labels.hpp"

#include "paa/extmem/scratch_reader.hpp"
#include "paa/extmem/sorted_runs.hpp"
#include "paa/topics/topic_identity.hpp"

#include <algorithm>
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

// The set's fingerprint: its stems in order through splitmix64 (next_topic_id); never 0 (a free slot).
std::uint64_t fingerprint(const LabelStems& label) {
  std::uint64_t h = 0;
  for (const std::uint64_t stem : as_set(label)) h = next_topic_id(h ^ stem);
  return h == 0 ? 1 : h;
}

// A topic's label candidates on their way to DistinctLabels, largest topic first.
struct LabelCandidates {
  std::uint64_t groups = 0;
  std::uint32_t topic = 0, count = 0;
  std::array<std::uint64_t, kLabelCandidates> stems{};
  bool operator<(const LabelCandidates& o) const {
    return groups != o.groups ? groups > o.groups : topic < o.topic;
  }
};

}  // namespace

DistinctLabels::DistinctLabels(std::size_t topics) {
  std::size_t slots = 1024;
  while (slots < topics * 2) slots *= 2;  // at most half full
  table_.assign(slots, 0);
}

bool DistinctLabels::taken(const LabelStems& label) const {
  const std::uint64_t f = fingerprint(label);
  const std::size_t mask = table_.size() - 1;
  for (std::size_t at = f & mask;; at = (at + 1) & mask) {
    if (table_[at] == f) return true;
    if (table_[at] == 0) return false;
  }
}

void DistinctLabels::place(std::uint64_t f) {
  const std::size_t mask = table_.size() - 1;
  std::size_t at = f & mask;
  while (table_[at] != 0) {
    if (table_[at] == f) return;
    at = (at + 1) & mask;
  }
  table_[at] = f;
  ++used_;
}

void DistinctLabels::take(const LabelStems& label) {
  if ((used_ + 1) * 2 > table_.size()) {  // more topics than announced: twice the room
    std::vector<std::uint64_t> old(table_.size() * 2, 0);
    old.swap(table_);
    used_ = 0;
    for (const std::uint64_t f : old) {
      if (f != 0) place(f);
    }
  }
  place(fingerprint(label));
}

LabelStems DistinctLabels::choose(std::span<const std::uint64_t> c) {
  LabelStems label{};
  if (c.empty()) return label;
  for (std::size_t i = 0; i < c.size() && i < kPlainLabelStems; ++i) label[i] = c[i];
  if (taken(label)) {
    // The next stem that tells it apart; none: the label stays shared.
    for (std::size_t i = kPlainLabelStems; i < c.size(); ++i) {
      LabelStems longer = label;
      longer[kPlainLabelStems] = c[i];
      if (!taken(longer)) {
        label = longer;
        break;
      }
    }
  }
  take(label);
  return label;
}

std::vector<LabelStems> distinct_labels(const std::vector<std::vector<std::uint64_t>>& candidates,
                                        const std::vector<std::uint64_t>& groups) {
  std::vector<std::uint32_t> order(candidates.size());
  for (std::uint32_t t = 0; t < order.size(); ++t) order[t] = t;
  std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return groups[a] > groups[b]; });
  std::vector<LabelStems> out(candidates.size(), LabelStems{});
  DistinctLabels labels(candidates.size());
  for (const std::uint32_t t : order) out[t] = labels.choose(candidates[t]);
  return out;
}

Result<std::vector<LabelStems>> choose_label_stems(std::unique_ptr<extmem::ScratchFile> notes,
                                                   const std::vector<std::uint32_t>& topic_of, std::uint32_t topics,
                                                   const GroupLanguages& languages, std::size_t memory) {
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
  std::vector<std::uint64_t> groups(topics, 0);
  for (const std::uint32_t t : topic_of) {
    if (t < topics) ++groups[t];
  }
  // Each topic's candidates, then the topics largest first: on disk, never a list per topic.
  extmem::SortedRuns<LabelCandidates> by_size(records_in(memory, sizeof(LabelCandidates)), {}, "paa-topic-candidates");
  BestStems best;
  std::uint32_t current = kNone;
  const auto close = [&]() -> Result<void> {
    LabelCandidates c{groups[current], current, 0, {}};
    for (const std::uint64_t stem : best.close_topic()) c.stems[c.count++] = stem;
    return by_size.add(c);
  };
  auto scored = by_topic.for_each([&](const TopicStem& r) -> Result<void> {
    if (r.topic != current) {
      if (current != kNone) {
        if (auto closed = close(); !closed) return closed;
      }
      current = r.topic;
    }
    best.count(r, languages.size_of(r.group));
    return {};
  });
  if (!scored) return scored.error();
  if (current != kNone) {
    if (auto closed = close(); !closed) return closed.error();
  }
  std::vector<std::uint64_t>().swap(groups);
  std::vector<LabelStems> out(topics, LabelStems{});
  DistinctLabels labels(topics);
  auto chosen = by_size.for_each([&](const LabelCandidates& c) -> Result<void> {
    out[c.topic] = labels.choose({c.stems.data(), c.count});
    return {};
  });
  if (!chosen) return chosen.error();
  return out;
}

}  // namespace paa::topics::stages
