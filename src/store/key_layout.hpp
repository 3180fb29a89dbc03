#pragma once
// Internal: where the store keeps each record (docs/store.md, "Layout"): its column families,
// the meta family's names, and the keys of progress, history and expansion records. Pure.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace paa::store_detail {

inline constexpr const char* kResultsFamily = "results";
// The question index of formats 2 to 4; since format 5 an empty placeholder (docs/store.md).
inline constexpr const char* kQuestionsFamily = "questions";
inline constexpr std::uint32_t kFirstFormatWithoutQuestionIndex = 5;
inline constexpr const char* kProgressFamily = "progress";
inline constexpr const char* kMetaFamily = "meta";
// Added after format 2 shipped: stores from before have no such family until a writer opens them.
inline constexpr const char* kExpansionFamily = "expansion";
// Format 3: the versions a refresh replaced. Stores from before have none until a writer opens them.
inline constexpr const char* kHistoryFamily = "history";

inline constexpr std::string_view kMetaFormatVersion = "format_version";
inline constexpr std::string_view kMetaQuota = "quota";
inline constexpr std::string_view kMetaRunPrefix = "run/";  // + job name
inline constexpr std::string_view kMetaShardPrefix = "shard/";  // + job name: ShardClaim JSON
inline constexpr std::string_view kMetaRunsPrefix = "runs/";    // + run id: RunInfo JSON
// + a base URL as displayed: the last time a run stored an answer from it (decimal Unix ms).
// Older releases ignore it.
inline constexpr std::string_view kMetaReachedPrefix = "reached/";

// history key = encoded key + unchanged_since_ms (u64 BE): a key's versions in time order.
// Encoded keys are prefix-free (each field is terminated), so the key is the scan prefix.
std::string history_key(std::string_view key, std::int64_t since_ms);
// A history key's encoded key and time; nullopt when it is too short to be one.
struct HistoryKey {
  std::string_view key;
  std::int64_t slot = 0;
};
std::optional<HistoryKey> split_history_key(std::string_view history_key);

// progress key = job + 0x00 + encoded key. Job names may not contain 0x00 (checked).
std::string progress_prefix(std::string_view job);
std::string progress_key(std::string_view job, std::string_view key);
bool valid_job_name(std::string_view job);

// expansion family keys (docs/store.md "Expansion"):
//   'L' job 0x00 encoded key            -> the key's lineage in the job
//   'F' job 0x00 level(u32 BE) seq(u64 BE) -> a key of that level, in discovery order
//   'S' job                             -> the job's ExpansionState (JSON)
//   'P' job 0x00 encoded key            -> a seed record: the round (u32 BE) whose level-1 pass
//                                          walked the key as a parent (0: the job's level 1)
std::string lineage_key(std::string_view job, std::string_view key);
std::string seed_record_key(std::string_view job, std::string_view key);
std::string level_prefix(std::string_view job, std::uint32_t level);
std::string level_key(std::string_view job, std::uint32_t level, std::uint64_t seq);
std::string expansion_state_key(std::string_view job);

// The smallest string greater than every string starting with `prefix`; "" = no bound.
std::string prefix_successor(std::string_view prefix);

}  // namespace paa::store_detail
