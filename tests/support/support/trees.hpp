#pragma once
// Hand-built answers for the history and watch tests (tree_diff, diff_report, stability, domains).
#include "paa/model/envelope.hpp"

#include <string>
#include <vector>

namespace paa::test {

inline Question node(std::string text, std::vector<Question> children = {}, std::string url = "",
                     std::string title = "") {
  Question q;
  q.question = std::move(text);
  q.children = std::move(children);
  q.url = std::move(url);
  q.title = std::move(title);
  return q;
}

inline SearchResult tree(std::vector<Question> roots, std::vector<std::string> related = {}) {
  SearchResult r;
  r.question = "coffee";
  r.children = std::move(roots);
  r.related = std::move(related);
  return r;
}

}  // namespace paa::test
