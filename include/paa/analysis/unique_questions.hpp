#pragma once
// The unique questions of a selection (the `questions` export and the workbook's "Unique
// questions" sheet): one row per question (fold_text), the number of trees that hold it, its
// texts and search from the tree that holds it and was fetched first (ties in key order), and the summed volume of its distinct seeds.
// A reducer of the analysis pass; rows come back most frequent first, ties in fold_text order,
// in bounded memory: each row goes whole into an external sort by count (its runs compressed,
// read once in order: no row is fetched from disk at a random place).
#include "paa/analysis/question_pass.hpp"
#include "paa/error.hpp"
#include "paa/extmem/keyed_sort.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace paa::analysis {

struct UniqueQuestion {
  std::string_view question;  // as spelled in the tree fetched first
  std::string_view answer;    // "" when none
  std::string_view url;
  std::string_view title;
  std::uint64_t count = 0;    // trees that hold it (once per tree)
  std::string_view first_q, first_hl, first_gl, first_city;
  // The sum over the distinct seeds of those trees that have a volume (saturating); 0 if none.
  std::uint64_t volume = 0;
  // The question's place in the pass's order (fold_text order, from 0): what other reducers of
  // the same pass key their per-question views by.
  std::uint64_t index = 0;
};

class UniqueQuestions final : public QuestionReducer {
 public:
  static Result<std::unique_ptr<UniqueQuestions>> create();

  Result<void> begin_question(std::string_view folded, std::uint64_t index) override;
  Result<void> occurrence(const Occurrence& o) override;
  Result<void> end_question() override;

  // After the pass: every row, most frequent first, ties in fold_text (byte) order. Call once.
  Result<void> for_each(const std::function<Result<void>(const UniqueQuestion&)>& visit);
  std::uint64_t rows() const { return order_.size(); }

 private:
  UniqueQuestions() = default;

  // Keyed by the count's complement, big-endian (the most frequent first), then the index.
  extmem::KeyedSort order_{std::size_t{16} << 20, "paa-question-rows"};
  std::string key_;
  // The question being reduced.
  std::uint64_t index_ = 0;
  std::uint64_t count_ = 0;
  std::uint64_t volume_ = 0;
  bool any_seed_ = false;
  std::uint64_t last_seed_ = 0;
  bool have_first_ = false;
  std::int64_t first_since_ = 0;
  std::uint64_t first_tree_ = 0;
  std::string first_[8];  // question, answer, url, title, q, hl, gl, city
};

}  // namespace paa::analysis
