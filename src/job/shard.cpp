#include "paa/job/shard.hpp"

#include "paa/model/query_key.hpp"

#include <charconv>

namespace paa {

namespace {

std::optional<std::uint32_t> parse_count(std::string_view text) {
  std::uint32_t v = 0;
  auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || p != text.data() + text.size() || text.empty()) return std::nullopt;
  return v;
}

Result<Shard> make_shard(std::int64_t index, std::int64_t count, const std::string& where) {
  if (count < 1 || count > 100000) {
    return make_error(errc::invalid_input, where + ": the number of shards must be 1 to 100000, not " +
                                               std::to_string(count));
  }
  if (index < 0 || index >= count) {
    return make_error(errc::invalid_input, where + ": shard index " + std::to_string(index) +
                                               " is not in 0.." + std::to_string(count - 1));
  }
  return Shard{static_cast<std::uint32_t>(index), static_cast<std::uint32_t>(count)};
}

// A variable that must be there and hold a whole number.
Result<std::int64_t> need(const EnvLookup& getenv, const char* name) {
  const char* v = getenv(name);
  if (v == nullptr || *v == '\0') {
    return make_error(errc::invalid_input, std::string("--shard-from-env: ") + name + " is not set");
  }
  std::int64_t n = 0;
  const std::string_view text(v);
  auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || p != text.data() + text.size()) {
    return make_error(errc::invalid_input,
                      std::string("--shard-from-env: ") + name + "='" + v + "' is not a whole number");
  }
  return n;
}

}  // namespace

std::uint64_t shard_hash(std::string_view encoded_key) { return key_hash(encoded_key); }

std::string Shard::label() const { return std::to_string(index) + "/" + std::to_string(count); }

Result<Shard> parse_shard(std::string_view text) {
  const auto slash = text.find('/');
  const auto index = parse_count(text.substr(0, slash));
  const auto count = slash == std::string_view::npos ? std::nullopt : parse_count(text.substr(slash + 1));
  if (!index || !count) {
    return make_error(errc::invalid_input, "--shard " + std::string(text) +
                                               ": expected I/N, e.g. --shard 2/4 (shards 0/4 to 3/4)");
  }
  return make_shard(*index, *count, "--shard " + std::string(text));
}

namespace {

// --shards N, when given, must be the array's size: a resubmitted task is checked against it.
Result<void> shards_agree(std::optional<std::uint32_t> shards, std::string_view variable, std::int64_t size) {
  if (!shards || *shards == size) return {};
  return make_error(errc::invalid_input, "--shard-from-env: --shards " + std::to_string(*shards) + " disagrees with " +
                                             std::string(variable) + "=" + std::to_string(size));
}

}  // namespace

Result<Shard> shard_from_env(const EnvLookup& getenv, std::optional<std::uint32_t> shards) {
  if (getenv("SLURM_ARRAY_TASK_ID") != nullptr) {
    auto id = need(getenv, "SLURM_ARRAY_TASK_ID");
    if (!id) return id.error();
    auto min = need(getenv, "SLURM_ARRAY_TASK_MIN");
    if (!min) return min.error();
    auto count = need(getenv, "SLURM_ARRAY_TASK_COUNT");
    if (!count) return count.error();
    if (auto agreed = shards_agree(shards, "SLURM_ARRAY_TASK_COUNT", *count); !agreed) return agreed.error();
    // `sbatch --array=2` resubmitting one failed task of a 4-task array would otherwise be shard
    // 0/1, the whole job, paid again into a new store.
    if (*count == 1 && !shards) {
      return make_error(errc::invalid_input,
                        "--shard-from-env: SLURM_ARRAY_TASK_COUNT=1: a one-task array would be the whole job "
                        "(shard 0/1); to rerun one shard of an array, run `paa run JOB --shard I/N`, and pass "
                        "--shards N with --shard-from-env so that a resubmitted task is checked");
    }
    // A stepped array (--array=0-9:2) has gaps: its indices do not map onto 0..N-1.
    if (const char* step = getenv("SLURM_ARRAY_TASK_STEP"); step != nullptr && std::string_view(step) != "1") {
      return make_error(errc::invalid_input, std::string("--shard-from-env: SLURM_ARRAY_TASK_STEP=") + step +
                                                 ": use an array without a step, e.g. --array=0-3");
    }
    return make_shard(*id - *min, *count, "--shard-from-env: SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN");
  }
  if (getenv("AWS_BATCH_JOB_ARRAY_INDEX") != nullptr) {
    auto index = need(getenv, "AWS_BATCH_JOB_ARRAY_INDEX");
    if (!index) return index.error();
    auto size = need(getenv, "AWS_BATCH_JOB_ARRAY_SIZE");
    if (!size) return size.error();
    if (auto agreed = shards_agree(shards, "AWS_BATCH_JOB_ARRAY_SIZE", *size); !agreed) return agreed.error();
    return make_shard(*index, *size, "--shard-from-env: AWS_BATCH_JOB_ARRAY_INDEX");
  }
  if (getenv("JOB_COMPLETION_INDEX") != nullptr) {
    auto index = need(getenv, "JOB_COMPLETION_INDEX");
    if (!index) return index.error();
    if (!shards) {
      return make_error(errc::invalid_input,
                        "--shard-from-env: JOB_COMPLETION_INDEX is set (Kubernetes Indexed Job) but the number "
                        "of shards is not: pass --shards N (the Job's completions)");
    }
    return make_shard(*index, *shards, "--shard-from-env: JOB_COMPLETION_INDEX");
  }
  return make_error(errc::invalid_input,
                    "--shard-from-env: none of JOB_COMPLETION_INDEX (Kubernetes), SLURM_ARRAY_TASK_ID (Slurm) or "
                    "AWS_BATCH_JOB_ARRAY_INDEX (AWS Batch) is set; use --shard I/N outside an array job");
}

std::filesystem::path shard_store(const std::filesystem::path& store, const Shard& shard) {
  const std::string suffix = "-shard-" + std::to_string(shard.index) + "-of-" + std::to_string(shard.count);
  std::filesystem::path out = store;
  out.replace_filename(store.stem().string() + suffix + store.extension().string());
  return out;
}

std::string barrier_command(std::string_view job_file, std::uint32_t shards, std::uint32_t level) {
  return "paa barrier " + std::string(job_file) + " --shards " + std::to_string(shards) + " --level " +
         std::to_string(level);
}

std::string shard_key_env(std::string_view api_key_env, const Shard& shard) {
  std::string out(api_key_env);
  for (auto at = out.find("{shard}"); at != std::string::npos; at = out.find("{shard}", at)) {
    out.replace(at, 7, std::to_string(shard.index));
  }
  return out;
}

}  // namespace paa
