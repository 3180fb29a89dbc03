#pragma once
// Variant groups and hubs (docs/topics.md "Variant groups", "Hubs"): a reducer of the analysis
// pass. Each question of the pass gets its profile (type, intent, variant group) from the
// spelling and language of the tree fetched first; then, per group, in one external sort by
// group: its representative (its most natural spelling: open_group.hpp),
// `trees` (the stored keys whose tree holds any of its variants), `seeds` (the distinct level-0
// keys those trees descend from) and `locales` (distinct hl/gl). Memory: the sorts' budgets
// plus one group's distinct seeds and locales at a time. The answers are two scratch files,
// 24 bytes per question and one record per group, read by pread: rows ask them in no order of
// theirs, and a mapping read at random places grew to the whole file on a kernel that maps
// large folios (a 180 MB file all resident under an 8 MiB budget, BENCHMARKS.md case 5).
#include "paa/analysis/question_pass.hpp"
#include "paa/error.hpp"
#include "paa/extmem/keyed_sort.hpp"
#include "paa/extmem/scratch_file.hpp"
#include "paa/extmem/sorted_runs.hpp"
#include "paa/question/question_profile.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace paa::topics {

namespace detail {
class OpenGroup;  // src/topics/open_group.hpp
}

// What a question's row shows of its variant group.
struct QuestionGroup {
  question::QuestionType type = question::QuestionType::other;
  question::Intent intent = question::Intent::informational;
  std::uint64_t group = 0;            // question::variant_group_id of its representative
  std::string_view representative;    // the group's most natural spelling
  bool is_representative = false;     // this question is that spelling
  std::uint64_t trees = 0;            // group_count
  std::uint64_t seeds = 0;
  std::uint64_t locales = 0;
  std::uint64_t members = 0;          // the group's distinct questions
  std::uint64_t volume = 0;           // group_volume: each distinct seed's volume once; 0 = none
  std::uint32_t number = 0;           // the group's place in the pass (GroupRecord::number)
};

// A whole group, as the topic analysis reads it (QuestionGroups::for_each_group).
struct GroupRecord {
  std::uint32_t number = 0;  // 0.. in (language, id) order: one language's groups are consecutive
  std::uint64_t id = 0;
  std::uint64_t trees = 0, seeds = 0, locales = 0, members = 0;
  std::uint64_t volume = 0;  // QuestionGroup::volume
  question::QuestionType type = question::QuestionType::other;
  std::string_view hl;              // primary language
  std::string_view representative;
  std::vector<std::string_view> stems, surfaces;  // the representative's (question::QuestionProfile)
};

// A distinct seed with a volume among a group's trees: what a topic's volume is summed from,
// each seed once over all its groups (docs/topics.md "Demand").
struct GroupSeed {
  std::uint32_t group = 0, pad = 0;
  std::uint64_t seed = 0;  // analysis::Occurrence::seed
  std::uint64_t volume = 0;
};
static_assert(sizeof(GroupSeed) == 24);

// The groups of one language: numbers [first, first + count).
struct LanguageRange {
  std::string hl;
  std::uint32_t first = 0, count = 0;
};

class QuestionGroups final : public analysis::QuestionReducer {
 public:
  // `memory`: its sort's budget, half the pass's own: the two are filled and merged at once.
  static Result<std::unique_ptr<QuestionGroups>> create(std::size_t memory = extmem::KeyedSort::kDefaultRunBytes / 2);

  Result<void> begin_question(std::string_view folded, std::uint64_t index) override;
  Result<void> occurrence(const analysis::Occurrence& o) override;
  Result<void> end_question() override;

  // After the pass: reduces by group. Call once, before of().
  Result<void> finish();
  // The group of the pass's index-th question (UniqueQuestion::index); the views live until the
  // next call. Fails only when the scratch files cannot be read.
  Result<QuestionGroup> of(std::uint64_t index);

  // After finish(): every group in number order (the views live until the next visit), and
  // every question's group number in question order; both read their files front to back.
  Result<void> for_each_group(const std::function<Result<void>(const GroupRecord&)>& visit) const;
  Result<void> for_each_question(const std::function<Result<void>(std::uint64_t index, std::uint32_t group)>& visit) const;
  // After finish(): each group's distinct seeds with a volume, in group number order (none when
  // no seed of the selection has a volume).
  Result<void> for_each_group_seed(const std::function<Result<void>(const GroupSeed&)>& visit) const;
  std::uint32_t group_count() const { return groups_; }
  // After finish(): how many questions for_each_question visits.
  std::uint64_t question_count() const;
  const std::vector<LanguageRange>& languages() const { return languages_; }

 private:
  struct TreeRef {
    std::uint64_t tree, root, locale;
    std::uint64_t seed, volume;  // seed 0 = none with a volume
  };
  struct Member {  // a question's place in its group, sorted back into question order
    std::uint64_t index;
    std::uint64_t group_offset;  // of the group's record in groups_file_
    std::uint32_t group_bytes;
    std::uint32_t group_number;
    bool representative;
    std::uint8_t type, intent;
    bool operator<(const Member& other) const { return index < other.index; }
  };
  // finish's steps: each group's record and members, then the members back in question order.
  Result<void> reduce_by_group();
  Result<void> close_group(const detail::OpenGroup& group, std::string_view key);
  Result<void> write_question_order();

  QuestionGroups(std::unique_ptr<extmem::ScratchFile> groups, std::unique_ptr<extmem::ScratchFile> seeds,
                 std::size_t memory)
      : groups_file_(std::move(groups)), seeds_file_(std::move(seeds)), by_group_(memory, "paa-variant-groups") {}

  question::QuestionProfiler profiler_;
  std::unique_ptr<extmem::ScratchFile> groups_file_;
  std::unique_ptr<extmem::ScratchFile> seeds_file_;  // GroupSeed records
  extmem::KeyedSort by_group_;
  extmem::SortedRuns<Member> members_{(std::size_t{4} << 20) / sizeof(Member), {}, "paa-group-members"};
  std::unique_ptr<extmem::ScratchFile> by_question_;
  std::string group_record_;
  // of()'s window on by_question_: the rows ask in count order, which within a count (most
  // questions have 1) is question order, so one 4 KiB read serves the next ~170 calls; a
  // random index costs one read, as before. (Two preads a row were ~18 % of the analysis's time.)
  std::string window_;
  std::uint64_t window_first_ = 0;

  // The question being reduced.
  std::uint64_t index_ = 0;
  std::uint64_t count_ = 0;
  bool have_first_ = false;
  analysis::Occurrence first_;
  std::string first_question_, first_hl_;
  std::vector<TreeRef> trees_;
  std::string numbers_, key_, words_;
  std::uint32_t groups_ = 0;
  std::vector<LanguageRange> languages_;
};

}  // namespace paa::topics
