#pragma once
// What the topic graph is drawn from (docs/topics.md "Topics"), gathered by the analysis pass:
// for each (question, tree), where the question stands in the tree and the page its answer
// links to. One 32-byte record per occurrence, in question order, in a scratch file read front
// to back once the variant groups are known (topic_map.hpp).
#include "paa/analysis/question_pass.hpp"
#include "paa/error.hpp"
#include "paa/extmem/scratch_file.hpp"

#include <cstdint>
#include <memory>

namespace paa::topics {

struct TopicLink {
  std::uint64_t question = 0;  // the pass's index
  std::uint64_t tree = 0;
  std::uint32_t position = 0, parent = 0;  // analysis::Occurrence's
  std::uint64_t page = 0;                  // a hash of answer_page(url); 0 = no answer link
};
static_assert(sizeof(TopicLink) == 32);

class TopicLinks final : public analysis::QuestionReducer {
 public:
  static Result<std::unique_ptr<TopicLinks>> create();

  Result<void> begin_question(std::string_view folded, std::uint64_t index) override;
  Result<void> occurrence(const analysis::Occurrence& o) override;
  Result<void> end_question() override { return {}; }

  // After the pass: the records, flushed.
  Result<const extmem::ScratchFile*> file();
  std::uint64_t size() const { return records_; }

 private:
  explicit TopicLinks(std::unique_ptr<extmem::ScratchFile> file) : file_(std::move(file)) {}
  std::unique_ptr<extmem::ScratchFile> file_;
  std::uint64_t question_ = 0;
  std::uint64_t records_ = 0;
};

}  // namespace paa::topics
