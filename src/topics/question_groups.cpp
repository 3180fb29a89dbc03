#include "paa/topics/question_groups.hpp"

#include "paa/question/field_hash.hpp"

#include "open_group.hpp"
#include "record_fields.hpp"

#include "paa/extmem/scratch_reader.hpp"

#include <charconv>
#include <algorithm>
#include <cstring>

namespace paa::topics {

namespace {

using detail::get;
using detail::get_string;
using detail::put;
using detail::put_string;

// Group ids sort as numbers: big-endian bytes.
void big_endian(std::string& out, std::uint64_t v) {
  out.clear();
  for (int shift = 56; shift >= 0; shift -= 8) out.push_back(static_cast<char>((v >> shift) & 0xff));
}

std::uint64_t locale_hash(std::string_view hl, std::string_view gl) { return question::FieldHash().add(hl).add(gl).value(); }

// The per-question file's record: where the group is, and the question's own labels.
struct ByQuestion {
  std::uint64_t group_offset;
  std::uint32_t group_bytes;
  std::uint32_t group_number;
  std::uint8_t representative;
  std::uint8_t type;
  std::uint8_t intent;
  std::uint8_t pad[5];
};
static_assert(sizeof(ByQuestion) == 24);

// A group record: its numbers (id, trees, seeds, locales, members, type, number, volume), then
// its representative's spelling; then (for for_each_group) its language and its stems with
// their surfaces, each string as a 4-byte length and its bytes.
constexpr std::size_t kGroupNumbers = 8;

}  // namespace

Result<std::unique_ptr<QuestionGroups>> QuestionGroups::create(std::size_t memory) {
  auto file = extmem::ScratchFile::create("paa-group-records");
  if (!file) return file.error();
  auto seeds = extmem::ScratchFile::create("paa-group-seeds");
  if (!seeds) return seeds.error();
  return std::unique_ptr<QuestionGroups>(new QuestionGroups(std::move(*file), std::move(*seeds), memory));
}

Result<void> QuestionGroups::begin_question(std::string_view, std::uint64_t index) {
  index_ = index;
  count_ = 0;
  have_first_ = false;
  trees_.clear();
  return {};
}

Result<void> QuestionGroups::occurrence(const analysis::Occurrence& o) {
  ++count_;
  trees_.push_back({o.tree, o.root, locale_hash(o.hl, o.gl), o.volume ? o.seed : 0, o.volume.value_or(0)});
  // The tree fetched first speaks for the question, as in the `questions` row.
  if (!have_first_ || o.fetched_before(first_)) {
    have_first_ = true;
    first_.since_ms = o.since_ms;
    first_.tree = o.tree;
    first_question_.assign(o.question);
    first_hl_.assign(o.hl);
  }
  return {};
}

Result<void> QuestionGroups::end_question() {
  if (count_ == 0) return {};
  const question::QuestionProfile p = profiler_.profile(first_question_, first_hl_);
  // By language, then id: one language's groups are numbered consecutively.
  big_endian(key_, p.group);
  key_.insert(0, p.hl + '\0');
  words_.clear();
  put_string(words_, p.hl);
  put_string(words_, std::to_string(p.stems.size()));
  for (std::size_t i = 0; i < p.stems.size(); ++i) {
    put_string(words_, p.stems[i]);
    put_string(words_, p.surfaces[i]);
  }
  numbers_.clear();
  put(numbers_, index_);
  put(numbers_, count_);
  put(numbers_, static_cast<std::uint64_t>(first_.since_ms) ^ (std::uint64_t{1} << 63));
  put(numbers_, first_.tree);
  put(numbers_, static_cast<std::uint64_t>(p.type));
  put(numbers_, static_cast<std::uint64_t>(p.intent));
  if (auto added = by_group_.add(key_, 0, index_, {numbers_, first_question_, words_}); !added) return added;
  for (const TreeRef& t : trees_) {
    numbers_.clear();
    put(numbers_, t.root);
    put(numbers_, t.locale);
    // The seed and its volume only when there is one: most stores have no volumes, and these
    // 16 bytes per occurrence went through the sort for nothing.
    if (t.volume != 0) {
      put(numbers_, t.seed);
      put(numbers_, t.volume);
    }
    if (auto added = by_group_.add(key_, 1, t.tree, {numbers_}); !added) return added;
  }
  return {};
}

Result<void> QuestionGroups::finish() {
  if (auto reduced = reduce_by_group(); !reduced) return reduced;
  return write_question_order();
}

Result<void> QuestionGroups::reduce_by_group() {
  detail::OpenGroup group;
  bool open = false;
  std::string current;
  auto visited = by_group_.for_each([&](const extmem::KeyedSort::Record& r) -> Result<void> {
    if (open && r.key != current) {
      if (auto closed = close_group(group, current); !closed) return closed;
      group.clear();
    }
    if (!open || r.key != current) {
      open = true;
      current.assign(r.key);
    }
    const std::string_view n = r.fields[0];
    if (r.first == 0) {
      group.add_member({get(n, 0), get(n, 1), get(n, 2), get(n, 3), static_cast<std::uint8_t>(get(n, 4)),
                        static_cast<std::uint8_t>(get(n, 5)), std::string(r.fields[1]), std::string(r.fields[2])});
    } else {
      const bool demand = n.size() >= 4 * 8;
      group.add_tree(r.second, get(n, 0), get(n, 1), demand ? get(n, 2) : 0, demand ? get(n, 3) : 0);
    }
    return {};
  });
  if (!visited) return visited;
  if (open) {
    if (auto closed = close_group(group, current); !closed) return closed;
  }
  if (auto flushed = seeds_file_->flush(); !flushed) return flushed;
  return groups_file_->flush();
}

// `key`: the sort's, the language, a 0 byte and the id's 8 bytes big-endian.
Result<void> QuestionGroups::close_group(const detail::OpenGroup& group, std::string_view key) {
  const detail::GroupMember& rep = group.representative();
  std::uint64_t id = 0;
  for (unsigned char c : key.substr(key.size() - 8)) id = (id << 8) | c;
  const std::string_view hl = key.substr(0, key.size() - 9);
  const std::uint32_t number = groups_++;
  if (languages_.empty() || languages_.back().hl != hl) languages_.push_back({std::string(hl), number, 0});
  ++languages_.back().count;
  numbers_.clear();
  put(numbers_, id);
  put(numbers_, group.trees());
  put(numbers_, group.seeds());
  put(numbers_, group.locales());
  put(numbers_, group.members().size());
  put(numbers_, rep.type);
  put(numbers_, number);
  put(numbers_, group.volume());
  for (const auto& [seed, volume] : group.volume_seeds()) {
    const GroupSeed gs{number, 0, seed, volume};
    seeds_file_->out().append({reinterpret_cast<const char*>(&gs), sizeof gs});
  }
  if (seeds_file_->out().failed()) return *seeds_file_->out().error();
  const std::uint64_t offset = groups_file_->size();
  // [whole length][numbers][spelling][language, stems and surfaces]: of() reads the numbers
  // and the spelling (`bytes` from offset + 4); for_each_group the whole.
  put_string(numbers_, rep.spelling);
  const auto bytes = static_cast<std::uint32_t>(numbers_.size());
  const auto whole = static_cast<std::uint32_t>(bytes + rep.words.size());
  groups_file_->out().append({reinterpret_cast<const char*>(&whole), 4});
  groups_file_->out().append(numbers_);
  groups_file_->out().append(rep.words);
  for (const auto& m : group.members()) {
    if (auto added = members_.add({m.index, offset + 4, bytes, number, &m == &rep, m.type, m.intent}); !added) {
      return added;
    }
  }
  return {};
}

// Back into question order: a file of one ByQuestion per question, read by index.
Result<void> QuestionGroups::write_question_order() {
  auto file = extmem::ScratchFile::create("paa-question-groups");
  if (!file) return file.error();
  by_question_ = std::move(*file);
  std::uint64_t expected = 0;
  auto written = members_.for_each([&](const Member& m) -> Result<void> {
    if (m.index != expected) {
      return make_error(errc::io, "the variant groups' scratch file is damaged (question " + std::to_string(expected) +
                                      " missing)");
    }
    ++expected;
    ByQuestion b{};
    b.group_offset = m.group_offset;
    b.group_bytes = m.group_bytes;
    b.group_number = m.group_number;
    b.representative = m.representative ? 1 : 0;
    b.type = m.type;
    b.intent = m.intent;
    by_question_->out().append({reinterpret_cast<const char*>(&b), sizeof b});
    return {};
  });
  if (!written) return written;
  return by_question_->flush();
}

Result<QuestionGroup> QuestionGroups::of(std::uint64_t index) {
  QuestionGroup g;
  if (!by_question_ || (index + 1) * sizeof(ByQuestion) > by_question_->size()) {
    return make_error(errc::io, "no variant group for question " + std::to_string(index) + " (a bug in paa)");
  }
  ByQuestion b;
  const std::uint64_t in_window = (index - window_first_) * sizeof b;  // (wraps when before it)
  if (index < window_first_ || in_window + sizeof b > window_.size()) {
    constexpr std::uint64_t kWindow = 4096 / sizeof(ByQuestion) * sizeof(ByQuestion);
    const std::uint64_t bytes = std::min<std::uint64_t>(kWindow, by_question_->size() - index * sizeof b);
    window_.resize(bytes);
    if (auto read = by_question_->read_at(index * sizeof b, window_.data(), bytes); !read) {
      window_.clear();
      return read.error();
    }
    window_first_ = index;
  }
  std::memcpy(&b, window_.data() + (index - window_first_) * sizeof b, sizeof b);
  group_record_.resize(b.group_bytes);
  if (auto read = groups_file_->read_at(b.group_offset, group_record_.data(), b.group_bytes); !read) {
    return read.error();
  }
  if (group_record_.size() < kGroupNumbers * 8) return make_error(errc::io, "the variant groups' scratch file is damaged");
  const std::string_view n(group_record_.data(), kGroupNumbers * 8);
  g.group = get(n, 0);
  g.trees = get(n, 1);
  g.seeds = get(n, 2);
  g.locales = get(n, 3);
  g.members = get(n, 4);
  g.volume = get(n, 7);
  g.number = b.group_number;
  g.type = static_cast<question::QuestionType>(b.type);
  g.intent = static_cast<question::Intent>(b.intent);
  std::string_view rest = std::string_view(group_record_).substr(kGroupNumbers * 8);
  if (!get_string(rest, g.representative)) return make_error(errc::io, "the variant groups' scratch file is damaged");
  g.is_representative = b.representative != 0;
  return g;
}

Result<void> QuestionGroups::for_each_group(const std::function<Result<void>(const GroupRecord&)>& visit) const {
  extmem::ScratchReader in(*groups_file_);
  GroupRecord g;
  std::string_view count;
  while (!in.done()) {
    auto whole = in.take_value<std::uint32_t>();
    if (!whole) return whole.error();
    auto record = in.take(*whole);
    if (!record) return record.error();
    bool ok = record->size() >= kGroupNumbers * 8;
    std::string_view rest = ok ? record->substr(kGroupNumbers * 8) : std::string_view();
    if (ok) {
      const std::string_view n = record->substr(0, kGroupNumbers * 8);
      g.id = get(n, 0);
      g.trees = get(n, 1);
      g.seeds = get(n, 2);
      g.locales = get(n, 3);
      g.members = get(n, 4);
      g.type = static_cast<question::QuestionType>(get(n, 5));
      g.number = static_cast<std::uint32_t>(get(n, 6));
      g.volume = get(n, 7);
      ok = get_string(rest, g.representative) && get_string(rest, g.hl) && get_string(rest, count);
    }
    g.stems.clear();
    g.surfaces.clear();
    std::size_t stems = 0;
    if (ok) ok = std::from_chars(count.data(), count.data() + count.size(), stems).ec == std::errc();
    for (std::size_t i = 0; ok && i < stems; ++i) {
      std::string_view stem, surface;
      ok = get_string(rest, stem) && get_string(rest, surface);
      g.stems.push_back(stem);
      g.surfaces.push_back(surface);
    }
    if (!ok) return make_error(errc::io, "the variant groups' scratch file is damaged");
    if (auto visited = visit(g); !visited) return visited;
  }
  return {};
}

Result<void> QuestionGroups::for_each_question(
    const std::function<Result<void>(std::uint64_t index, std::uint32_t group)>& visit) const {
  extmem::ScratchReader in(*by_question_);
  for (std::uint64_t index = 0; !in.done(); ++index) {
    auto b = in.take_value<ByQuestion>();
    if (!b) return b.error();
    if (auto visited = visit(index, b->group_number); !visited) return visited;
  }
  return {};
}

std::uint64_t QuestionGroups::question_count() const { return by_question_->size() / sizeof(ByQuestion); }

Result<void> QuestionGroups::for_each_group_seed(const std::function<Result<void>(const GroupSeed&)>& visit) const {
  extmem::ScratchReader in(*seeds_file_);
  while (!in.done()) {
    auto seed = in.take_value<GroupSeed>();
    if (!seed) return seed.error();
    if (auto visited = visit(*seed); !visited) return visited;
  }
  return {};
}

}  // namespace paa::topics
