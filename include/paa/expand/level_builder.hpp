#pragma once
// One level of an expansion, built deterministically: level d+1 from the results of level d,
// offered parent by parent in level d's order. Pure: the keys the job already knows come in
// through KnownKeys (the store in production, a set in tests), so the outcome depends only on
// the parents' order and their trees — not on concurrency, arrival order or restarts.
#include "paa/expand/candidates.hpp"
#include "paa/expand/variant_groups.hpp"
#include "paa/job/expand_spec.hpp"
#include "paa/model/query_key.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace paa {

// The keys a job knows at any level or in its frontier (encoded keys, encode_key()).
class KnownKeys {
 public:
  virtual ~KnownKeys() = default;
  virtual bool contains(std::string_view encoded_key) = 0;
  virtual void add(std::string_view encoded_key) = 0;
};

struct DiscoveredKey {
  Query query;          // in the parent's locale, spelled as the question is written
  std::string encoded;  // encode_key(query.key)
  Via via = Via::question;
  std::uint32_t level = 0;
};

// At most how many keys an expansion of `seeds` keys can discover: max_keys, or the sum over
// levels of seeds x per_result^level when that is smaller; nullopt = no bound (per_result and
// max_keys both 0). Saturates at UINT64_MAX.
std::optional<std::uint64_t> max_discovered(const ExpandSpec& spec, std::uint64_t seeds);

class LevelBuilder {
 public:
  // `level` is the level being built (1 or more); `discovered_before` the job's discovered keys
  // in earlier levels (they count against max_keys).
  LevelBuilder(const ExpandSpec& spec, std::uint32_t level, std::uint64_t discovered_before);

  // The keys `parent` admits, in order: each candidate becomes a query in the parent's locale;
  // invalid queries, filtered ones and keys the job knows are skipped; with skip_variants, so is
  // a new key whose variant group `groups` holds (counted in skipped()); the first `per_result`
  // new ones are kept, while the job stays under `max_keys`. Admitted keys are added to `known`
  // and their groups to `groups`. Call it for the parents in the order of their level.
  // `groups` is required with skip_variants and unused without.
  std::vector<DiscoveredKey> admit(const Query& parent, std::span<const Candidate> candidates,
                                   KnownKeys& known, KnownGroups* groups = nullptr);

  bool full() const;                                      // max_keys reached
  std::uint64_t admitted() const { return admitted_; }    // in this level
  std::uint64_t skipped() const { return skipped_; }      // variants not admitted, in this level
  std::uint32_t level() const { return level_; }

 private:
  const ExpandSpec& spec_;
  std::uint32_t level_;
  std::uint64_t discovered_;  // the job's, all levels
  std::uint64_t admitted_ = 0;
  std::uint64_t skipped_ = 0;
  std::unique_ptr<KeyGrouper> grouper_;  // with skip_variants
};

}  // namespace paa
