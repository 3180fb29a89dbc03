#include "topic_records.hpp"

#include "paa/extmem/keyed_sort.hpp"
#include "paa/extmem/scratch_reader.hpp"

#include "../record_fields.hpp"

#include <cstring>
#include <map>
#include <stdexcept>

namespace paa::topics::stages {

using detail::get;
using detail::get_string;
using detail::put;
using detail::put_string;

namespace {

constexpr std::size_t kTopQuestions = 5;

void big_endian32(std::string& out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<char>((v >> shift) & 0xff));
}

// A group as the sort by topic carries it: its numbers, representative, language, and its words
// that are one of its topic's label stems ((slot, surface) each).
// `strengths`: the graph's, read in step with the groups (in number order).
Result<void> add_group(extmem::KeyedSort& by_topic, const GroupRecord& g, const TopicFacts& facts,
                       extmem::ScratchReader& strengths, std::string& key, std::string& numbers, std::string& words) {
  if (strengths.offset() != std::uint64_t{g.number} * sizeof(float)) {
    throw std::logic_error("the topics' records read the groups out of order (a bug in paa)");
  }
  auto strength = strengths.take_value<float>();
  if (!strength) return strength.error();
  numbers.clear();
  put(numbers, g.trees);
  put(numbers, g.members);
  put(numbers, g.id);
  double st = *strength;
  std::uint64_t bits = 0;
  std::memcpy(&bits, &st, 8);
  put(numbers, bits);
  words.clear();
  const LabelStems& wanted = facts.label_stems[facts.topic_of[g.number]];
  for (std::size_t i = 0; i < g.stems.size(); ++i) {
    const std::uint64_t h = stem_hash(g.hl, g.stems[i]);
    for (std::size_t k = 0; k < kLabelStems; ++k) {
      if (wanted[k] != 0 && wanted[k] == h) {
        words.push_back(static_cast<char>(k));
        put_string(words, g.surfaces[i]);
      }
    }
  }
  key.clear();
  big_endian32(key, facts.topic_of[g.number]);
  return by_topic.add(key, g.number, 0, {numbers, g.representative, g.hl, words});
}

// The topic being summed up from its groups.
class OneTopic {
 public:
  Result<void> add(const extmem::KeyedSort::Record& r) {
    const std::string_view n = r.fields[0];
    double st = 0;
    const std::uint64_t bits = get(n, 3);
    std::memcpy(&st, &bits, 8);
    Top candidate{get(n, 0), get(n, 2), st, std::string(r.fields[1])};
    questions_ += get(n, 1);
    ++groups_;
    hl_.assign(r.fields[2]);
    const auto at = std::upper_bound(top_.begin(), top_.end(), candidate);
    if (static_cast<std::size_t>(at - top_.begin()) < kTopQuestions) {
      top_.insert(at, std::move(candidate));
      if (top_.size() > kTopQuestions) top_.pop_back();
    }
    std::string_view w = r.fields[3];
    while (!w.empty()) {
      const auto slot = static_cast<std::size_t>(w.front());
      w.remove_prefix(1);
      std::string_view surface;
      if (slot >= kLabelStems || !get_string(w, surface)) return make_error(errc::io, "the topics' scratch file is damaged");
      ++surfaces_[slot][std::string(surface)];
    }
    return {};
  }
  // The record (without its length) and the topic's id; then ready for the next topic.
  std::uint64_t close(std::uint64_t trees, std::uint64_t volume, std::string& record) {
    record.clear();
    const std::uint64_t id = top_.front().id;
    put(record, id);
    put(record, questions_);
    put(record, groups_);
    put(record, trees);
    put(record, volume);
    put_string(record, hl_);
    put_string(record, label());
    put(record, top_.size());
    for (const Top& t : top_) put_string(record, t.spelling);
    top_.clear();
    for (auto& m : surfaces_) m.clear();
    questions_ = groups_ = 0;
    return id;
  }

 private:
  struct Top {
    std::uint64_t trees, id;
    double strength;
    std::string spelling;
    bool operator<(const Top& b) const {  // before b
      if (trees != b.trees) return trees > b.trees;
      if (strength != b.strength) return strength > b.strength;
      return id < b.id;
    }
  };
  std::string label() const {
    std::string label;
    for (const auto& counted : surfaces_) {
      std::string word;
      std::uint64_t most = 0;
      for (const auto& [w, n] : counted) {
        if (n > most) {
          most = n;
          word = w;
        }
      }
      if (word.empty()) continue;
      if (!label.empty()) label += ", ";
      label += word;
    }
    return label;
  }
  std::string hl_;
  std::uint64_t questions_ = 0, groups_ = 0;
  std::vector<Top> top_;  // best first, at most kTopQuestions
  std::array<std::map<std::string, std::uint64_t>, kLabelStems> surfaces_;
};

}  // namespace

TopicRecords::TopicRecords(std::size_t memory)
    : ranks(records_in(memory / 4, sizeof(TopicRank)), {}, "paa-topic-ranks"), memory_(memory) {}

Result<void> TopicRecords::write(const GroupSource& groups, const TopicFacts& facts) {
  auto created = extmem::ScratchFile::create("paa-topic-records");
  if (!created) return created.error();
  file = std::move(*created);
  offsets.assign(facts.trees.size(), 0);
  extmem::KeyedSort by_topic(memory_, "paa-topic-summaries");
  std::string key, numbers, words;
  extmem::ScratchReader strengths(facts.graph.strengths());
  auto listed = groups([&](const GroupRecord& g) { return add_group(by_topic, g, facts, strengths, key, numbers, words); });
  if (!listed) return listed;
  OneTopic topic;
  std::uint32_t current = kNone;
  std::string record;
  auto close = [&]() -> Result<void> {
    const std::uint64_t trees = facts.trees[current];
    const std::uint64_t volume = facts.volumes[current];
    const std::uint64_t id = topic.close(trees, volume, record);
    offsets[current] = file->size();
    const auto bytes = static_cast<std::uint32_t>(record.size());
    file->out().append({reinterpret_cast<const char*>(&bytes), 4});
    file->out().append(record);
    return ranks.add({volume, trees, id, current, 0});
  };
  auto summed_up = by_topic.for_each([&](const extmem::KeyedSort::Record& r) -> Result<void> {
    std::uint32_t t = 0;
    for (int i = 0; i < 4; ++i) t = (t << 8) | static_cast<unsigned char>(r.key[static_cast<std::size_t>(i)]);
    if (t != current) {
      if (current != kNone) {
        if (auto closed = close(); !closed) return closed;
      }
      current = t;
    }
    return topic.add(r);
  });
  if (!summed_up) return summed_up;
  if (current != kNone) {
    if (auto closed = close(); !closed) return closed;
  }
  return file->flush();
}

Result<Topic> read_topic_record(const extmem::ScratchFile& file, std::uint64_t offset, std::uint32_t number,
                                std::string& buffer) {
  std::uint32_t bytes = 0;
  if (auto read = file.read_at(offset, reinterpret_cast<char*>(&bytes), 4); !read) return read.error();
  buffer.resize(bytes);
  if (auto read = file.read_at(offset + 4, buffer.data(), bytes); !read) return read.error();
  Topic t;
  t.number = number;
  std::string_view in = buffer;
  bool ok = in.size() >= 40;
  if (ok) {
    t.id = get(in, 0);
    t.questions = get(in, 1);
    t.groups = get(in, 2);
    t.trees = get(in, 3);
    t.volume = get(in, 4);
    in.remove_prefix(40);
    ok = get_string(in, t.hl) && get_string(in, t.label) && in.size() >= 8;
  }
  if (ok) {
    const std::uint64_t n = get(in, 0);
    in.remove_prefix(8);
    for (std::uint64_t i = 0; ok && i < n; ++i) {
      std::string_view q;
      ok = get_string(in, q);
      t.top_questions.push_back(q);
    }
  }
  if (!ok || t.top_questions.empty()) return make_error(errc::io, "the topics' scratch file is damaged");
  t.representative = t.top_questions.front();
  return t;
}

}  // namespace paa::topics::stages
