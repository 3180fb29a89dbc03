#pragma once
// [expand] skip_variants (docs/expansion.md "Skipping variants"): a discovered question whose
// variant group already has a key of the job, in the same locale, is not admitted. A key's group
// is the topic analysis's variant group of its query text in its language
// (paa/question/question_profile.hpp), mixed with its locale: the same question in another
// locale is another market's answer, never a variant. The groups the job knows come in through
// KnownGroups (a GroupSet rebuilt from the store in production, so a resumed pass sees the
// groups an uninterrupted one would have).
#include "paa/model/query_key.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace paa {

namespace question {
class QuestionProfiler;
}

class KnownGroups {
 public:
  virtual ~KnownGroups() = default;
  virtual bool contains(std::uint64_t group) = 0;
  virtual void add(std::uint64_t group) = 0;
};

// A key's variant group in its locale: pure (language tables compiled in), the same in every run
// of one release. Not thread-safe (it owns a tokenizer): one per thread.
class KeyGrouper {
 public:
  KeyGrouper();
  ~KeyGrouper();
  KeyGrouper(const KeyGrouper&) = delete;
  KeyGrouper& operator=(const KeyGrouper&) = delete;
  std::uint64_t group(const QueryKey& key);

 private:
  std::unique_ptr<question::QuestionProfiler> profiler_;
};

// A set of 8-byte group ids, open addressing (linear probing), at most 3/4 full: 11 to 22 bytes
// per group (a million keys' groups: 16 MiB).
class GroupSet final : public KnownGroups {
 public:
  bool contains(std::uint64_t group) override;
  void add(std::uint64_t group) override;
  std::size_t size() const { return size_ + (has_zero_ ? 1 : 0); }
  std::size_t bytes() const { return slots_.size() * sizeof(std::uint64_t); }

 private:
  std::size_t slot_of(std::uint64_t group) const;
  void grow();
  std::vector<std::uint64_t> slots_;  // 0: empty (the id 0 is kept in has_zero_)
  std::size_t size_ = 0;              // non-zero ids held
  bool has_zero_ = false;
};

}  // namespace paa
