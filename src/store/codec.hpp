#pragma once
// Internal: the codec, the byte formats of the store's values (docs/store.md, "Layout"): records
// (paa/store/records.hpp, expansion.hpp) to bytes and back. No I/O, no RocksDB. Where each
// record is kept (families and keys) is key_layout.hpp, which every user of the codec needs.
// Hot families (results, progress) use a compact versioned binary format;
// meta values (quota, run info) are JSON so `ldb` dumps stay readable. One file per kind of
// value: codec_result, codec_progress, codec_expansion, codec_meta (the old question index's is
// in legacy_formats); their building blocks are codec_binary.hpp and codec_json.hpp.
#include "key_layout.hpp"
#include "paa/store/expansion.hpp"
#include "paa/store/records.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace paa::store_detail {

// The expansion family's values (its keys: key_layout.hpp).
std::string encode_lineage(const Lineage& l);
std::optional<Lineage> decode_lineage(std::string_view bytes);
// A seed record's value: the round, 4 bytes big-endian.
std::string encode_seed_round(std::uint32_t round);
std::optional<std::uint32_t> decode_seed_round(std::string_view bytes);
std::string encode_level_key(const LevelKey& k);  // seq comes from the key
std::optional<LevelKey> decode_level_key(std::string_view key, std::string_view bytes);
std::string encode_expansion_state(const ExpansionState& s);
std::optional<ExpansionState> decode_expansion_state(std::string_view json);

// Values. Decoders return nullopt on damaged bytes.
std::string encode_result(const StoredResult& r);               // key not included
std::optional<StoredResult> decode_result(std::string_view key, std::string_view bytes);
// Only the fetch time, without copying anything (refresh_after's question for every key).
std::optional<std::int64_t> decode_result_fetched_at(std::string_view bytes);

std::string encode_progress(const ProgressEntry& p);
std::optional<ProgressEntry> decode_progress(std::string_view bytes);

// The old question index (stores of format 4 or older): legacy_formats.hpp.

std::string encode_quota(const QuotaState& q);
std::optional<QuotaState> decode_quota(std::string_view json);

std::string encode_shard(const ShardClaim& s);
std::optional<ShardClaim> decode_shard(std::string_view json);
std::string encode_run(const RunInfo& r);
std::optional<RunInfo> decode_run(std::string_view json);

}  // namespace paa::store_detail
