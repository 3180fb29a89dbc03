#include "stem_links.hpp"

#include "paa/topics/topic_words.hpp"

#include <cmath>

namespace paa::topics::stages {

StemLinks::StemLinks(const GroupLanguages& languages, std::size_t memory)
    : languages_(languages), stems_(records_in(memory, sizeof(StemRef)), {}, "paa-topic-stem-sort") {}

Result<void> StemLinks::add(const GroupRecord& group) {
  if (group.hl != tables_hl_) {  // one language's groups come together
    tables_hl_ = std::string(group.hl);
    tables_ = text::language_tables(group.hl);
  }
  for (std::size_t i = 0; i < group.stems.size(); ++i) {
    // A number or a function word neither links nor names (topic_words.hpp).
    if (!is_topic_word(i < group.surfaces.size() ? group.surfaces[i] : group.stems[i], tables_)) continue;
    if (auto added = stems_.add({stem_hash(group.hl, group.stems[i]), group.number, 0}); !added) return added;
  }
  return {};
}

Result<void> StemLinks::close(EdgeSink& edges, extmem::ScratchFile& notes) {
  members_.erase(std::unique(members_.begin(), members_.end()), members_.end());
  const double language = languages_.size_of(members_.front());
  const double df = static_cast<double>(members_.size());
  if (language > 2) {
    const double idf = std::log(language / df);
    if (auto linked = link_all(members_, static_cast<float>(idf / std::log(language)), edges); !linked) return linked;
  }
  for (const std::uint32_t g : members_) {
    const StemNote note{current_, g, static_cast<std::uint32_t>(members_.size())};
    notes.out().append({reinterpret_cast<const char*>(&note), sizeof note});
  }
  members_.clear();
  return {};
}

Result<std::unique_ptr<extmem::ScratchFile>> StemLinks::finish(EdgeSink& edges) {
  auto notes = extmem::ScratchFile::create("paa-topic-stems");
  if (!notes) return notes.error();
  auto grouped = stems_.for_each([&](const StemRef& r) -> Result<void> {
    if (!members_.empty() && r.stem != current_) {
      if (auto closed = close(edges, **notes); !closed) return closed;
    }
    current_ = r.stem;
    members_.push_back(r.group);
    return {};
  });
  if (!grouped) return grouped.error();
  if (!members_.empty()) {
    if (auto closed = close(edges, **notes); !closed) return closed.error();
  }
  if (auto flushed = (*notes)->flush(); !flushed) return flushed.error();
  return std::move(*notes);
}

}  // namespace paa::topics::stages
