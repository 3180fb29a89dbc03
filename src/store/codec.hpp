#pragma once
// Internal: the codec, the byte formats of the store's keys and values (docs/store.md, "Layout"):
// records (paa/store/records.hpp, expansion.hpp) to bytes and back. No I/O, no RocksDB.
// Hot families (results, progress, questions) use a compact versioned binary format;
// meta values (quota, run info) are JSON so `ldb` dumps stay readable.
#include "paa/store/expansion.hpp"
#include "paa/store/records.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace paa::store_detail {

inline constexpr const char* kResultsFamily = "results";
inline constexpr const char* kQuestionsFamily = "questions";
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
std::string lineage_key(std::string_view job, std::string_view key);
std::string level_prefix(std::string_view job, std::uint32_t level);
std::string level_key(std::string_view job, std::uint32_t level, std::uint64_t seq);
std::string expansion_state_key(std::string_view job);
std::string encode_lineage(const Lineage& l);
std::optional<Lineage> decode_lineage(std::string_view bytes);
std::string encode_level_key(const LevelKey& k);  // seq comes from the key
std::optional<LevelKey> decode_level_key(std::string_view key, std::string_view bytes);
std::string encode_expansion_state(const ExpansionState& s);
std::optional<ExpansionState> decode_expansion_state(std::string_view json);

// The smallest string greater than every string starting with `prefix`; "" = no bound.
std::string prefix_successor(std::string_view prefix);

// Values. Decoders return nullopt on damaged bytes.
std::string encode_result(const StoredResult& r);               // key not included
std::optional<StoredResult> decode_result(std::string_view key, std::string_view bytes);
// Only the fetch time, without copying anything (refresh_after's question for every key).
std::optional<std::int64_t> decode_result_fetched_at(std::string_view bytes);

std::string encode_progress(const ProgressEntry& p);
std::optional<ProgressEntry> decode_progress(std::string_view bytes);

std::string encode_question(const QuestionEntry& q);            // normalized not included
std::optional<QuestionEntry> decode_question(std::string_view normalized, std::string_view bytes);

// The question index is updated with blind merges (no read per question; see
// question_count_merge.hpp). An operand adds `delta` to the count and, when given, carries the
// question's display fields and first key; the first fields ever seen for a question win.
std::string encode_question_delta(std::int64_t delta, const QuestionEntry* first_seen);
// Folds a stored entry (nullptr = none) and operands, oldest first, into one full entry; the
// count never goes below 0 (an entry at 0 is hidden from readers). nullopt = damaged bytes.
std::optional<std::string> merge_question_values(const std::string_view* base,
                                                 std::span<const std::string_view> operands);
// Folds consecutive operands (no stored entry) into one operand. nullopt = damaged bytes.
std::optional<std::string> merge_question_deltas(std::span<const std::string_view> operands);

std::string encode_quota(const QuotaState& q);
std::optional<QuotaState> decode_quota(std::string_view json);

std::string encode_shard(const ShardClaim& s);
std::optional<ShardClaim> decode_shard(std::string_view json);
std::string encode_run(const RunInfo& r);
std::optional<RunInfo> decode_run(std::string_view json);

}  // namespace paa::store_detail
