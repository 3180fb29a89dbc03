#pragma once
// `paa diff --by domain` (docs/watch.md "Won and lost"): per domain, its answers at --from and
// at --to, and the questions it won or lost. Fed one key at a time, the key's tree at both
// points. Pure.
//
// A question counts once per tree (distinct_questions.hpp). Won and lost: a question of the key
// at both points, with a source at both, whose domain differs: the --to domain won it, the
// --from domain lost it. The buckets "(ip address)" and "(invalid url)" take part as domains;
// a question without a source at either side is not a move (it is in the from/to answers).
#include "paa/model/envelope.hpp"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace paa::watch {

struct DomainFigures {
  std::uint64_t from = 0;  // answers on the domain at --from
  std::uint64_t to = 0;    // and at --to
  std::uint64_t won = 0;
  std::uint64_t lost = 0;
  std::int64_t net() const { return static_cast<std::int64_t>(won) - static_cast<std::int64_t>(lost); }
  friend bool operator==(const DomainFigures&, const DomainFigures&) = default;
};

struct DomainRow {
  std::string domain;  // a registrable domain or a bucket's name
  DomainFigures figures;
};

class DomainMoves {
 public:
  // A key present at both points (a key at one side only is not compared).
  void add_key(const SearchResult& before, const SearchResult& after);

  // Every domain with a non-zero figure: by `to` (most first), then by name; buckets last.
  std::vector<DomainRow> rows() const;
  std::uint64_t keys() const { return keys_; }
  std::uint64_t moves() const { return moves_; }

 private:
  std::unordered_map<std::string, DomainFigures> figures_;
  std::uint64_t keys_ = 0;
  std::uint64_t moves_ = 0;
};

// How the domains views order their rows: answers (or `to`) most first, then the name, then
// the buckets in the order (ip address), (invalid url), (no source). `a_count`/`b_count` are the
// figures sorted by.
bool domain_row_before(const std::string& a, std::uint64_t a_count, const std::string& b, std::uint64_t b_count);

}  // namespace paa::watch
