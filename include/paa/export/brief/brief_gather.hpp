#pragma once
// A Brief (brief.hpp) read from a store (docs/brief.md "What a brief holds"). Group counts,
// types and variant groups are the store's, as `paa export --format questions` computes them:
// read from the store's kept analysis when it is current (docs/store.md "The kept analysis"),
// else computed by a pass over every stored tree and kept. A query brief then reads its own
// key's versions alone; a topic brief reads the trees a second time for its questions' places,
// its trees' related searches and their answer domains.
#include "paa/error.hpp"
#include "paa/export/brief/brief.hpp"
#include "paa/export/export_request.hpp"
#include "paa/model/query_key.hpp"
#include "paa/model/work_progress.hpp"
#include "paa/store/store.hpp"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string_view>

namespace paa::exporting {

// The topic brief lists this many related searches of its trees (most trees first).
inline constexpr std::size_t kTopicRelatedListed = 20;

// Where a brief's analysis comes from, and who hears of its work.
struct BriefSource {
  // The store's folder, whose kept analysis gives the groups and topics; none: computed for
  // this brief alone (and not kept).
  std::optional<std::filesystem::path> store_folder;
  WorkProgress* progress = nullptr;  // told how far the reads are (may be null)
  ExportSummary* summary = nullptr;  // gets the analysis's notes and warnings (may be null)
};

// One key's brief: its current tree's distinct questions (depth and position where each first
// appears in pre-order), variants folded, each with its stability over every stored version of
// the key; its related searches; the domains of its distinct questions' answers. not_found,
// naming the key, the nearest stored keys and `paa status`, when the store holds no result for it.
// `store_name`: how messages name the store ("store 'DIR'").
Result<Brief> gather_query_brief(StoreReader& store, const Query& query, std::string_view store_name,
                                 const BriefSource& source = {});

// One topic's brief (`resolution`: the clustering's, docs/topics.md): each unique question of the
// topic with the answer of the tree fetched first that holds it (the `questions` export's),
// variants folded; depth and position: its most prominent place in any of the topic's trees; its
// stability: in the key its answer comes from; the related searches of the trees that hold the
// topic's questions (the first kTopicRelatedListed, most trees first); the domains of the
// answers in those trees (a question once per tree). not_found when no topic has that id.
// A topic as the user named it: its id as `paa topics` prints it (16 hex digits) or the first
// kMinTopicIdDigits or more of them, as git takes a commit's.
struct TopicIdPrefix {
  std::uint64_t bits = 0;  // the digits given, at the top of the id
  unsigned digits = 16;
  bool matches(std::uint64_t id) const {
    const unsigned shift = 64 - 4 * digits;
    return digits == 0 || (id >> shift) == (bits >> shift);
  }
};
inline constexpr unsigned kMinTopicIdDigits = 4;

// not_found when no topic's id starts so; invalid_input naming the candidates when several do.
Result<Brief> gather_topic_brief(StoreReader& store, const TopicIdPrefix& topic_id, double resolution,
                                 std::string_view store_name, const BriefSource& source = {});

// 4 to 16 hex digits (any case); invalid_input otherwise.
Result<TopicIdPrefix> parse_topic_id(std::string_view text);

}  // namespace paa::exporting
