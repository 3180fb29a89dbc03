#pragma once
// Internal, the topic map's first stage: multi-word terms as units (docs/topics.md "Topics").
// The terms of each language are found from its groups' representatives (term_finder.hpp:
// frequent 2-3 word n-grams whose words go together far more often than by chance, "blood
// pressure", "side effects", "type 2 diabetes"); then every later stage reads a group with each
// term it holds as one unit in place of its words' stems: one stem (its words' stems, a space
// apart, which no single stem has: "side effects" and "side effect" are one) shown as the words
// people wrote ("blood pressure").
// So a term links the groups that share it, not every group that says "blood" or "pressure",
// and a label names it whole. A number or function word inside a term stays in it ("type 2
// diabetes"); alone it still links and names nothing (topic_words.hpp).
//
// Memory: one TermFinder (its Space-Saving counters, TermOptions::capacity keys each) while a
// language is counted, then the chosen terms. Cost: a language of more than kMostCounted groups
// is counted on an even sample of them (every k-th by id; a term is frequent by definition, and
// its floor of questions grows by k with it); a group is read again by the tokenizer only when
// it has every content stem of one of the terms.
#include "topic_graph.hpp"

#include "paa/extmem/scratch_file.hpp"
#include "paa/extmem/scratch_reader.hpp"
#include "paa/text/tokenizer.hpp"
#include "paa/topics/term_finder.hpp"

#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace paa::topics::stages {

class TermUnits {
 public:
  static constexpr std::uint64_t kMostCounted = 100000;  // groups counted per language, at most

  // `languages`: the groups of each language (QuestionGroups::languages), for the sample.
  TermUnits(TermOptions options, const std::vector<LanguageRange>& languages);

  // The first pass: every group, in number order (a language's groups come together).
  void count(const GroupRecord& group);
  // Once, after the last count.
  void choose();
  // `group` as the later stages read it: its terms as units. The views live until the next call
  // (or are `group`'s own when it holds no term). Every group it changes is also written to a
  // scratch file, so that a later pass over the groups in the same order reads them back with
  // replay() instead of the tokenizer (a second tokenization was 2 % of the topics export, perf).
  Result<const GroupRecord*> of(const GroupRecord& group);
  // After a whole pass of of(), in the same order: the same record, read back. A record the
  // pass goes by unread is an error (the passes did not visit the same groups), and so is of()
  // once replay() has begun.
  Result<const GroupRecord*> replay(const GroupRecord& group);

  std::size_t terms() const { return chosen_; }
  // A language's terms as their words' stems ("blood pressur"), for tests and --verbose.
  std::vector<std::string> terms_of(const std::string& hl) const;

 private:
  void close_language();
  std::string stem(const text::Word& word, std::string_view hl);  // a number is itself

  TermOptions options_;
  std::unordered_map<std::string, std::uint64_t> stride_;  // by language: count every k-th group
  text::Tokenizer tokenizer_;
  std::string counting_;  // the language being counted
  std::uint64_t counting_stride_ = 1;
  std::unique_ptr<TermFinder> finder_;
  std::unordered_map<std::string, std::unordered_set<std::string>> terms_;  // by language
  // By language: of each term, the content stems a group holding it has (a profile's stems),
  // indexed by the first of them; a group lacking all of some term's is not read again.
  struct Needs {
    std::unordered_map<std::string, std::vector<std::size_t>> by_first;
    std::vector<std::vector<std::string>> stems;
    bool always = false;  // a term of no content word: every group is read
  };
  std::unordered_map<std::string, Needs> needs_;
  bool may_hold(const Needs& needs, const GroupRecord& group) const;
  std::size_t chosen_ = 0;
  GroupRecord unit_;
  std::vector<std::string> owned_;  // the units' strings
  std::unique_ptr<extmem::ScratchFile> written_;  // of()'s changed groups: number, then the stems
  std::unique_ptr<extmem::ScratchReader> reading_;
  std::string record_;          // of()'s record being written
  std::string replayed_;        // replay()'s next record, as read
  std::string_view pending_;    // of replayed_, past its header
  std::uint32_t pending_number_ = 0, pending_count_ = 0;
  bool has_pending_ = false;
};

}  // namespace paa::topics::stages
