// Shared stems: weights worked out by hand from the rule in stem_links.hpp.
#include "stages/stem_links.hpp"
#include "stage_support.hpp"

#include "paa/extmem/scratch_reader.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <set>
#include <tuple>

namespace paa::topics::stages {
namespace {

using testing::KeptEdges;
using testing::OwnedGroup;

std::set<std::tuple<std::uint64_t, std::uint32_t, std::uint32_t>> read_notes(const extmem::ScratchFile& file) {
  std::set<std::tuple<std::uint64_t, std::uint32_t, std::uint32_t>> notes;
  extmem::ScratchReader in(file);
  while (!in.done()) {
    auto note = in.take_value<StemNote>();
    EXPECT_TRUE(note);
    if (!note) break;
    notes.insert({note->stem, note->group, note->df});
  }
  return notes;
}

// The groups through StemLinks: the edges into `edges`, the notes back (nullptr on a failure,
// which the caller asserts).
std::unique_ptr<extmem::ScratchFile> link(const std::vector<OwnedGroup>& groups, const GroupLanguages& languages,
                                          KeptEdges& edges) {
  StemLinks stems(languages, 1024);
  for (const auto& g : groups) EXPECT_TRUE(stems.add(g.record()));
  auto notes = stems.finish(edges);
  EXPECT_TRUE(notes) << (notes ? "" : notes.error().message);
  return notes ? std::move(*notes) : nullptr;
}

TEST(StemLinks, GroupsSharingAStemAreLinkedByHowRareItIsInTheirLanguage) {
  const std::vector<OwnedGroup> groups{testing::group(0, {"gizmo", "price"}), testing::group(1, {"gizmo"}),
                                       testing::group(2, {"gizmo", "colour"}), testing::group(3, {"colour"})};
  const GroupLanguages languages(testing::one_language(4));
  KeptEdges edges;
  auto notes = link(groups, languages, edges);
  ASSERT_TRUE(notes);
  // gizmo: 3 of 4 groups, ln(4/3)/ln 4; colour: 2 of 4, ln 2/ln 4 = 0.5; price: one group, no pair.
  const float gizmo = static_cast<float>(std::log(4.0 / 3.0) / std::log(4.0));
  EXPECT_EQ(edges.pairs.size(), 4u);
  EXPECT_FLOAT_EQ(edges.at(0, 1), gizmo);
  EXPECT_FLOAT_EQ(edges.at(0, 2), gizmo);
  EXPECT_FLOAT_EQ(edges.at(1, 2), gizmo);
  EXPECT_FLOAT_EQ(edges.at(2, 3), 0.5f);
  const auto noted = read_notes(*notes);
  const std::uint64_t g = stem_hash("en", "gizmo"), c = stem_hash("en", "colour"), p = stem_hash("en", "price");
  EXPECT_EQ(noted, (std::set<std::tuple<std::uint64_t, std::uint32_t, std::uint32_t>>{
                       {g, 0, 3}, {g, 1, 3}, {g, 2, 3}, {c, 2, 2}, {c, 3, 2}, {p, 0, 1}}));
}

TEST(StemLinks, NumbersAndFunctionWordsNeitherLinkNorAreNoted) {
  // "Can you reverse type 2 diabetes?", "What is the key 2 pain tablet?", "How long does X take?"
  const std::vector<OwnedGroup> groups{testing::group(0, {"2", "revers", "diabet", "take"}),
                                       testing::group(1, {"2", "key", "pain", "tablet", "take"}),
                                       testing::group(2, {"diabet", "long"}), testing::group(3, {"pain", "long"})};
  const GroupLanguages languages(testing::one_language(4));
  KeptEdges edges;
  auto notes = link(groups, languages, edges);
  ASSERT_TRUE(notes);
  EXPECT_EQ(edges.pairs.size(), 2u) << "diabet links 0-2, pain 1-3; 2, take and long link nothing";
  EXPECT_GT(edges.at(0, 2), 0.0f);
  EXPECT_GT(edges.at(1, 3), 0.0f);
  for (const auto& [stem, group, df] : read_notes(*notes)) {
    EXPECT_NE(stem, stem_hash("en", "2"));
    EXPECT_NE(stem, stem_hash("en", "take"));
    EXPECT_NE(stem, stem_hash("en", "long"));
  }
}

TEST(StemLinks, ALanguageOfTwoGroupsOrAStemOfMoreThanThirtyTwoLinksNobodyButIsStillNoted) {
  std::vector<OwnedGroup> groups{testing::group(0, {"ding"}, "de"), testing::group(1, {"ding"}, "de")};
  for (std::uint32_t n = 2; n < 2 + 33; ++n) groups.push_back(testing::group(n, {"common"}));
  for (std::uint32_t n = 35; n < 45; ++n) groups.push_back(testing::group(n, {"rare" + std::to_string(n)}));
  const GroupLanguages languages({{"de", 0, 2}, {"en", 2, 43}});
  KeptEdges edges;
  auto notes = link(groups, languages, edges);
  ASSERT_TRUE(notes);
  EXPECT_TRUE(edges.pairs.empty());
  EXPECT_EQ(read_notes(*notes).size(), 2u + 33 + 10);
}

}  // namespace
}  // namespace paa::topics::stages
