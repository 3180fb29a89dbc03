// Each topic's questions new and gone since an earlier point: two planted topics whose trees
// change by hand-chosen questions, counted against what was changed, not against paa's output.
#include "paa/analysis/question_pass.hpp"
#include "paa/analysis/unique_questions.hpp"
#include "paa/topics/question_groups.hpp"
#include "paa/topics/topic_changes.hpp"
#include "paa/topics/topic_links.hpp"
#include "paa/topics/topic_map.hpp"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

namespace paa::topics {
namespace {

Question node(std::string text, std::string url) {
  Question q;
  q.question = std::move(text);
  q.url = std::move(url);
  return q;
}

std::string question(const std::string& thing, int i) { return "How long does a " + thing + " part" + std::to_string(i) + " last?"; }

// A tree of topic `thing`: its questions `ids`, all on the topic's site.
SearchResult tree(const std::string& thing, const std::vector<int>& ids) {
  SearchResult r;
  r.question = thing;
  for (int i : ids) r.children.push_back(node(question(thing, i), "https://www." + thing + ".example/" + std::to_string(i)));
  return r;
}

StoredResult stored(const std::string& q, int n) {
  StoredResult s;
  s.q = q + " " + std::to_string(n);
  s.hl = "en";
  s.gl = "us";
  s.key = s.q + "|en|us";
  s.fetched_at_ms = 1000 + n;
  return s;
}

TEST(TopicChanges, NewQuestionsCountForTheirTopicAndGoneOnesForTheirGroupsTopic) {
  analysis::QuestionPass pass;
  TopicChanges changes;
  // Six keys of each topic. Then: all questions 0-5. Now: the anvil keys lost part5 and two of them
  // gained part6 (new); the kettle keys gained part7 in three (new) and one lost part0; part9 of
  // the anvil, in one key then, is in no tree now (gone, its group in no topic).
  for (int k = 0; k < 6; ++k) {
    std::vector<int> then{0, 1, 2, 3, 4, 5};
    if (k == 0) then.push_back(9);
    std::vector<int> now{0, 1, 2, 3, 4};
    if (k < 2) now.push_back(6);
    const auto earlier = tree("anvil", then), current = tree("anvil", now);
    const auto marked = changes.compare(earlier, current, "en");
    ASSERT_TRUE(pass.add_tree(stored("anvil", k), current.children, {}, &marked));
  }
  for (int k = 0; k < 6; ++k) {
    std::vector<int> then{0, 1, 2, 3, 4, 5};
    std::vector<int> now{1, 2, 3, 4, 5};
    if (k != 0) now.insert(now.begin(), 0);
    if (k < 3) now.push_back(7);
    const auto earlier = tree("kettle", then), current = tree("kettle", now);
    const auto marked = changes.compare(earlier, current, "en");
    ASSERT_TRUE(pass.add_tree(stored("kettle", k), current.children, {}, &marked));
  }
  auto unique = analysis::UniqueQuestions::create();
  auto groups = QuestionGroups::create();
  auto links = TopicLinks::create();
  ASSERT_TRUE(unique && groups && links);
  ASSERT_TRUE(pass.run({unique->get(), groups->get(), links->get(), &changes}));
  ASSERT_TRUE((*groups)->finish());
  auto map = TopicMap::build(**groups, **links, {});
  ASSERT_TRUE(map);
  ASSERT_TRUE(changes.finish(**groups, **map));

  // Which topic holds each planted thing (by one of its questions that stayed).
  std::map<std::string, std::uint32_t> topic_of;
  ASSERT_TRUE((*groups)->for_each_group([&](const GroupRecord& g) -> Result<void> {
    for (const std::string thing : {"anvil", "kettle"}) {
      if (std::string(g.representative) == question(thing, 1)) topic_of[thing] = (*map)->topic_of(g.number);
    }
    return {};
  }));
  ASSERT_EQ(topic_of.size(), 2u);
  ASSERT_NE(topic_of["anvil"], topic_of["kettle"]);
  EXPECT_EQ(changes.keys(), 12u);
  EXPECT_EQ(changes.added(topic_of["anvil"]), 2u);   // part6 in two keys
  EXPECT_EQ(changes.gone(topic_of["anvil"]), 0u);    // part5 and part9: no anvil tree has them now
  EXPECT_EQ(changes.added(topic_of["kettle"]), 3u);  // part7 in three keys
  EXPECT_EQ(changes.gone(topic_of["kettle"]), 1u);   // part0 from one key; its group lives on
  EXPECT_EQ(changes.added_total(), 5u);
  EXPECT_EQ(changes.gone_total(), 8u);               // 6 × anvil part5, anvil part9, kettle part0
  EXPECT_EQ(changes.gone_elsewhere(), 7u);
}

}  // namespace
}  // namespace paa::topics
