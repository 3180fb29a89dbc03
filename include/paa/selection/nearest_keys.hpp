#pragma once
// The stored keys nearest to one that is not stored (`paa get` and `paa map` of a missing key):
// the same query in another language, country or city first, then close spellings of it. Pure:
// the caller feeds it every stored key once (in key order) and asks for the best few.
#include "paa/model/query_key.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace paa {

class NearestKeys {
 public:
  explicit NearestKeys(QueryKey wanted, std::size_t keep = 5);

  void consider(const QueryKey& stored);
  // The nearest first; of equally near keys, the one considered first.
  const std::vector<QueryKey>& best() const { return best_; }
  std::size_t considered() const { return considered_; }

 private:
  struct Scored {
    std::size_t score;
    std::size_t order;
  };
  // Lower is nearer; npos: not near at all.
  std::size_t score(const QueryKey& stored) const;

  QueryKey wanted_;
  std::size_t keep_;
  std::size_t considered_ = 0;
  std::vector<QueryKey> best_;
  std::vector<Scored> scores_;  // parallel to best_
};

// "q='moka pot' hl=de gl=de city='Berlin'", as the not-found message names keys.
std::string describe_key(const QueryKey& key);

}  // namespace paa
