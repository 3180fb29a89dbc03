#pragma once
// Internal, the topic map's first stage: groups that share a content stem (a topic word: not a
// number nor a function word, topic_words.hpp). A stem of a language
// held by at most 32 of its groups adds idf / ln(groups of the language) to each pair of them
// (idf = ln(groups of the language / groups holding it)); a language of two groups or fewer
// links nothing this way. Stems travel as 8-byte hashes (fixed-size records sort fast; a
// collision of two stems costs at most a spurious weak link). Each group's stems are also noted
// with how many groups hold them, for the labels (topic_labels.hpp).
#include "topic_graph.hpp"

#include "paa/text/language.hpp"

#include <string>

namespace paa::topics::stages {

struct StemNote {  // a group's stem and how many groups of its language hold it
  std::uint64_t stem;
  std::uint32_t group, df;
};

class StemLinks {
 public:
  StemLinks(const GroupLanguages& languages, std::size_t memory);
  Result<void> add(const GroupRecord& group);
  // Once, after the last add: the pairs into `edges`, and the notes (StemNote records, by stem).
  Result<std::unique_ptr<extmem::ScratchFile>> finish(EdgeSink& edges);

 private:
  struct StemRef {
    std::uint64_t stem;
    std::uint32_t group, pad;
    bool operator<(const StemRef& o) const { return stem != o.stem ? stem < o.stem : group < o.group; }
  };
  Result<void> close(EdgeSink& edges, extmem::ScratchFile& notes);

  const GroupLanguages& languages_;
  extmem::SortedRuns<StemRef> stems_;
  std::vector<std::uint32_t> members_;  // the groups of the stem being read
  std::uint64_t current_ = 0;
  std::string tables_hl_;  // the language of the groups being added, and its tables
  const text::LanguageTables* tables_ = nullptr;
};

}  // namespace paa::topics::stages
