// Won and lost answers between two points, and the domains' row order.
#include "paa/watch/domain_moves.hpp"

#include "support/trees.hpp"

#include <gtest/gtest.h>

#include <map>

namespace paa::watch {
namespace {

using test::node;
using test::tree;

std::map<std::string, DomainFigures> by_domain(const DomainMoves& m) {
  std::map<std::string, DomainFigures> out;
  for (const auto& r : m.rows()) out[r.domain] = r.figures;
  return out;
}

TEST(DomainMoves, AQuestionWhoseSourceMovesIsWonByItsNewDomainAndLostByItsOld) {
  DomainMoves m;
  m.add_key(tree({node("A?", {}, "https://www.a.co.uk/1"), node("B?", {}, "https://b.com/1"),
                  node("C?", {}, "https://news.a.co.uk/2"), node("Gone?", {}, "https://b.com/9")}),
            tree({node("A?", {}, "https://b.com/2"), node("B?", {}, "https://blog.b.com/7"),
                  node("C?", {}, "https://a.co.uk/3"), node("New?", {}, "https://a.co.uk/4")}));
  const auto f = by_domain(m);
  // A moved a.co.uk -> b.com; B and C stayed on their domain (other pages); Gone and New are not moves.
  EXPECT_EQ(f.at("b.com"), (DomainFigures{2, 2, 1, 0}));
  EXPECT_EQ(f.at("a.co.uk"), (DomainFigures{2, 2, 0, 1}));
  EXPECT_EQ(f.at("b.com").net(), 1);
  EXPECT_EQ(f.at("a.co.uk").net(), -1);
  EXPECT_EQ(m.moves(), 1u);
  EXPECT_EQ(m.keys(), 1u);
}

TEST(DomainMoves, GainingOrLosingASourceIsNoMoveButBucketsAreDomains) {
  DomainMoves m;
  m.add_key(tree({node("A?", {}, ""), node("B?", {}, "https://x.com/1"), node("C?", {}, "http://192.0.2.1/")}),
            tree({node("A?", {}, "https://x.com/1"), node("B?", {}, ""), node("C?", {}, "https://x.com/2")}));
  const auto f = by_domain(m);
  EXPECT_EQ(f.at("x.com"), (DomainFigures{1, 2, 1, 0}));
  EXPECT_EQ(f.at("(ip address)"), (DomainFigures{1, 0, 0, 1}));
  EXPECT_EQ(f.at("(no source)"), (DomainFigures{1, 1, 0, 0}));
}

TEST(DomainMoves, ARepeatedQuestionCountsOnceAtItsFirstPlace) {
  DomainMoves m;
  m.add_key(tree({node("A?", {node("a?", {}, "https://z.com/")}, "https://y.com/")}),
            tree({node("A?", {}, "https://y.com/")}));
  EXPECT_EQ(by_domain(m).at("y.com"), (DomainFigures{1, 1, 0, 0}));
  EXPECT_FALSE(by_domain(m).contains("z.com"));
}

TEST(DomainMoves, RowsGoByAnswersThenNameWithTheBucketsLast) {
  DomainMoves m;
  m.add_key(tree({}), tree({node("1?", {}, "https://b.com/"), node("2?", {}, "https://a.com/"), node("3?", {}, ""),
                            node("4?", {}, "bad url"), node("5?", {}, "https://c.com/"), node("6?", {}, "https://c.com/x"),
                            node("7?", {}, "http://10.0.0.1/")}));
  std::vector<std::string> order;
  for (const auto& r : m.rows()) order.push_back(r.domain);
  EXPECT_EQ(order, (std::vector<std::string>{"c.com", "a.com", "b.com", "(ip address)", "(invalid url)", "(no source)"}));
}

}  // namespace
}  // namespace paa::watch
