#include "paa/analysis/unique_questions.hpp"

#include <vector>

namespace paa::analysis {

Result<std::unique_ptr<UniqueQuestions>> UniqueQuestions::create() {
  return std::unique_ptr<UniqueQuestions>(new UniqueQuestions());
}

Result<void> UniqueQuestions::begin_question(std::string_view, std::uint64_t index) {
  index_ = index;
  count_ = 0;
  volume_ = 0;
  any_seed_ = false;
  have_first_ = false;
  return {};
}

Result<void> UniqueQuestions::occurrence(const Occurrence& o) {
  ++count_;
  // Occurrences come grouped by seed: a seed adds its volume once, however many trees it has.
  if (o.volume && o.seed != 0 && !(any_seed_ && o.seed == last_seed_)) {
    any_seed_ = true;
    last_seed_ = o.seed;
    volume_ = add_volume(volume_, *o.volume);
  }
  // The tree fetched first speaks for the question (occurrences come grouped by seed).
  Occurrence first;
  first.since_ms = first_since_;
  first.tree = first_tree_;
  if (!have_first_ || o.fetched_before(first)) {
    have_first_ = true;
    first_since_ = o.since_ms;
    first_tree_ = o.tree;
    const std::string_view fields[8] = {o.question, o.answer, o.url, o.title, o.q, o.hl, o.gl, o.city};
    for (int i = 0; i < 8; ++i) first_[i].assign(fields[i]);
  }
  return {};
}

Result<void> UniqueQuestions::end_question() {
  if (count_ == 0) return {};
  key_.resize(8);
  const std::uint64_t rank = ~count_;
  for (int i = 0; i < 8; ++i) key_[static_cast<std::size_t>(i)] = static_cast<char>(rank >> (56 - 8 * i));
  return order_.add(key_, index_, volume_, {first_[0], first_[1], first_[2], first_[3], first_[4], first_[5], first_[6], first_[7]});
}

Result<void> UniqueQuestions::for_each(const std::function<Result<void>(const UniqueQuestion&)>& visit) {
  return order_.for_each([&](const extmem::KeyedSort::Record& row) -> Result<void> {
    std::uint64_t rank = 0;
    for (unsigned char c : row.key) rank = (rank << 8) | c;
    const auto& f = row.fields;
    return visit({f[0], f[1], f[2], f[3], ~rank, f[4], f[5], f[6], f[7], row.second, row.first});
  });
}

}  // namespace paa::analysis
