#pragma once
// Shards: one job split over N processes (array jobs on Kubernetes, Slurm, AWS Batch, GNU
// parallel), each harvesting the keys whose shard is its index, into a store of its own.
// Pure: the environment comes in as a lookup function.
#include "paa/error.hpp"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace paa {

// Shard hash v1: FNV-1a 64 over the encoded key's bytes, then splitmix64's finaliser
// (= key_hash); shard = hash mod N. Fixed forever for v1: test vectors in docs/scaling-out.md.
inline constexpr std::uint32_t kShardHashVersion = 1;
std::uint64_t shard_hash(std::string_view encoded_key);

struct Shard {
  std::uint32_t index = 0;  // 0 <= index < count
  std::uint32_t count = 1;

  bool holds(std::string_view encoded_key) const { return holds_hash(shard_hash(encoded_key)); }
  bool holds_hash(std::uint64_t hash) const { return hash % count == index; }
  std::string label() const;  // "2/4"
  friend bool operator==(const Shard&, const Shard&) = default;
};

// "I/N" (--shard).
Result<Shard> parse_shard(std::string_view text);

// --shard-from-env: the array-job engine's index and size. Kubernetes Indexed Jobs give only
// JOB_COMPLETION_INDEX (the size comes from --shards); Slurm SLURM_ARRAY_TASK_ID minus
// SLURM_ARRAY_TASK_MIN with SLURM_ARRAY_TASK_COUNT; AWS Batch AWS_BATCH_JOB_ARRAY_INDEX with
// AWS_BATCH_JOB_ARRAY_SIZE. A missing or inconsistent variable is an error naming it.
using EnvLookup = std::function<const char*(const char*)>;
Result<Shard> shard_from_env(const EnvLookup& getenv, std::optional<std::uint32_t> shards);

// The store of one shard: `coffee.db` -> `coffee-shard-2-of-4.db`.
std::filesystem::path shard_store(const std::filesystem::path& store, const Shard& shard);

// The command that plans level `level` of a job over `shards` shards, as every message that
// names it writes it: "paa barrier night.toml --shards 4 --level 2".
std::string barrier_command(std::string_view job_file, std::uint32_t shards, std::uint32_t level);

// `PAA_KEY_{shard}` -> `PAA_KEY_2`: each shard may use its own key.
std::string shard_key_env(std::string_view api_key_env, const Shard& shard);

}  // namespace paa
