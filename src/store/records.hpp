#pragma once
// Internal: the byte formats of the store's keys and values (see /tmp/paa-docs/store.md).
// Hot families (results, progress, questions) use a compact versioned binary format;
// meta values (quota, run info) are JSON so `ldb` dumps stay readable.
#include "paa/store/store.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace paa::store_detail {

inline constexpr const char* kResultsFamily = "results";
inline constexpr const char* kQuestionsFamily = "questions";
inline constexpr const char* kProgressFamily = "progress";
inline constexpr const char* kMetaFamily = "meta";

inline constexpr std::string_view kMetaFormatVersion = "format_version";
inline constexpr std::string_view kMetaQuota = "quota";
inline constexpr std::string_view kMetaRunPrefix = "run/";  // + job name

// progress key = job + 0x00 + encoded key. Job names may not contain 0x00 (checked).
std::string progress_prefix(std::string_view job);
std::string progress_key(std::string_view job, std::string_view key);
bool valid_job_name(std::string_view job);

// The smallest string greater than every string starting with `prefix`; "" = no bound.
std::string prefix_successor(std::string_view prefix);

// Values. Decoders return nullopt on damaged bytes.
std::string encode_result(const StoredResult& r);               // key not included
std::optional<StoredResult> decode_result(std::string_view key, std::string_view bytes);

std::string encode_progress(const ProgressEntry& p);
std::optional<ProgressEntry> decode_progress(std::string_view bytes);

std::string encode_question(const QuestionEntry& q);            // normalized not included
std::optional<QuestionEntry> decode_question(std::string_view normalized, std::string_view bytes);

std::string encode_quota(const QuotaState& q);
std::optional<QuotaState> decode_quota(std::string_view json);

std::string encode_run(const RunInfo& r);
std::optional<RunInfo> decode_run(std::string_view json);

}  // namespace paa::store_detail
