#pragma once
// Internal: what the topic map's stages share (topic_map.cpp runs them in order). The graph's
// nodes are variant groups by number; its edges are weighted pairs, a < b, of one language.
// Each stage takes its inputs as visits (GroupSource, EdgeSource) or plain values, so that a
// test can hand it a few records without an analysis pass.
#include "paa/error.hpp"
#include "paa/extmem/scratch_file.hpp"
#include "paa/extmem/sorted_runs.hpp"
#include "paa/topics/question_groups.hpp"

#include "../leiden.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string_view>
#include <vector>

namespace paa::topics::stages {

using detail::WeightedEdge;

constexpr std::uint32_t kNone = 0xffffffff;
constexpr std::size_t kMostGroupsLinked = 32;  // a page, stem or sibling list shared wider links nobody

// Records of `record` bytes in a sort's budget of `bytes` (never fewer than 1024).
inline std::size_t records_in(std::size_t bytes, std::size_t record) { return std::max<std::size_t>(bytes / record, 1024); }

// A stem of a language, as 8 bytes (never 0: 0 is "no stem" in a label's slots).
std::uint64_t stem_hash(std::string_view hl, std::string_view stem);

using GroupVisit = std::function<Result<void>(const GroupRecord&)>;
using GroupSource = std::function<Result<void>(const GroupVisit&)>;  // every group in number order
using EdgeVisit = std::function<void(const WeightedEdge&)>;
using EdgeSource = std::function<Result<void>(const EdgeVisit&)>;  // every summed edge, by (a, b)

// A group's language: its range's (a language's groups are numbered consecutively), so no
// array of one entry per group.
class GroupLanguages {
 public:
  explicit GroupLanguages(std::vector<LanguageRange> ranges) : ranges_(std::move(ranges)) {}
  std::size_t of(std::uint32_t group) const;
  // How many groups the language of `group` has.
  double size_of(std::uint32_t group) const { return ranges_[of(group)].count; }

 private:
  std::vector<LanguageRange> ranges_;
};

// Where the stages put pairs of groups; a pair may come many times, its weights add up.
class EdgeSink {
 public:
  virtual ~EdgeSink() = default;
  virtual Result<void> add(std::uint32_t a, std::uint32_t b, float weight) = 0;
};

// Every pair of `groups` (distinct, sorted) gets `weight`, when there are few enough of them.
Result<void> link_all(const std::vector<std::uint32_t>& groups, float weight, EdgeSink& edges);

// The pairs' weights added up, in a scratch file that every later stage reads front to back.
class SummedGraph {
 public:
  SummedGraph(std::unique_ptr<extmem::ScratchFile> file, std::unique_ptr<extmem::ScratchFile> strengths,
              std::uint64_t edges)
      : file_(std::move(file)), strengths_(std::move(strengths)), edges_(edges) {}
  Result<void> for_each(const EdgeVisit& visit) const;
  EdgeSource source() const {
    return [this](const EdgeVisit& visit) { return for_each(visit); };
  }
  // Each group's weighted degree, a float by number, to be read front to back (ScratchReader):
  // on disk, since only the records read it, long after the sum (59 MiB at a million keys).
  const extmem::ScratchFile& strengths() const { return *strengths_; }
  std::uint64_t edges() const { return edges_; }

 private:
  std::unique_ptr<extmem::ScratchFile> file_;
  std::unique_ptr<extmem::ScratchFile> strengths_;
  std::uint64_t edges_;
};

// The edges as the stages add them: a pair of two languages or a group with itself is dropped;
// the rest sorted by pair (the same edges added in the same order sum the same every run).
class GraphEdges final : public EdgeSink {
 public:
  GraphEdges(const GroupLanguages& languages, std::uint32_t groups, std::size_t memory);
  Result<void> add(std::uint32_t a, std::uint32_t b, float weight) override;
  // Once, after the last add.
  Result<SummedGraph> sum();

 private:
  struct Order {
    bool operator()(const WeightedEdge& x, const WeightedEdge& y) const { return x.a != y.a ? x.a < y.a : x.b < y.b; }
  };
  const GroupLanguages& languages_;
  std::uint32_t groups_;
  extmem::SortedRuns<WeightedEdge, Order> edges_;
};

}  // namespace paa::topics::stages
