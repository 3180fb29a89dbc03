#include "paa/harvest/expansion_levels.hpp"

#include "paa/harvest/distinct_job_keys.hpp"
#include "paa/model/query_key.hpp"

#include <spdlog/spdlog.h>

namespace paa {

Result<std::optional<Lineage>> WriterExpansionStore::lineage(std::string_view encoded) {
  return store_.lineage(job_, encoded);
}

Result<bool> WriterExpansionStore::settled(std::string_view encoded) {
  auto p = store_.progress(job_, encoded);
  if (!p) return p.error();
  return p->has_value();
}

Result<std::optional<Envelope>> WriterExpansionStore::answer_of(std::string_view encoded) {
  auto p = store_.progress(job_, encoded);
  if (!p) return p.error();
  if (!*p || (*p)->state != ProgressState::done) return std::optional<Envelope>();
  auto stored = store_.result(encoded);
  if (!stored) return stored.error();
  if (!*stored) return std::optional<Envelope>();
  return parent_answer(**stored, limits_);
}

std::optional<Envelope> parent_answer(const StoredResult& stored, const ParseLimits& limits) {
  auto envelope = parse_envelope(stored.body, limits);
  // It parsed when it was stored; a body that no longer does is not a parent.
  if (!envelope) {
    spdlog::warn("level pass: the stored answer of q=\"{}\" hl={} gl={} no longer parses ({}); it is not a parent",
                 stored.q, stored.hl, stored.gl, envelope.error().message);
    return std::nullopt;
  }
  return std::move(*envelope);
}

Result<std::optional<std::uint32_t>> WriterExpansionStore::seed_round(std::string_view encoded) {
  return store_.seed_round(job_, encoded);
}

Result<void> WriterExpansionStore::commit(const ExpansionStep& step) {
  return store_.write_expansion(job_, step);
}

Result<void> WriterExpansionStore::scan_level(std::uint32_t level,
                                              const std::function<bool(const LevelKey&)>& visit) {
  return store_.scan_level(job_, level, visit);
}

Result<void> add_job_key_groups(const JobSpec& job, KeyGrouper& grouper, GroupSet& groups) {
  auto reader = JobReader::open(job);
  if (!reader) return reader.error();
  for (;;) {
    auto next = reader->next();
    if (!next) return next.error();
    if (!*next) return {};
    groups.add(grouper.group((*next)->query.key));
  }
}

namespace {

// skip_variants: the groups of the job's own keys and of the keys it discovered before the
// pass's next parent (docs/expansion.md "Skipping variants").
Result<void> load_groups(const JobSpec& job, const ExpansionState& state, ExpansionStore& source, GroupSet& groups) {
  KeyGrouper grouper;
  if (auto added = add_job_key_groups(job, grouper, groups); !added) return added;
  return add_discovered_groups(source, state, grouper, groups);
}

// Each of the job's keys once, in the job's order (one parent per key).
Result<void> each_job_key(const JobSpec& job, std::span<const std::uint64_t> repeated_hashes,
                          const std::function<Result<bool>(Parent&&)>& visit) {
  return each_distinct_job_key(job, repeated_hashes, [&](DistinctJobKey&& key) {
    return visit(Parent{std::move(key.query), std::move(key.encoded), {}});
  });
}

}  // namespace

Result<std::uint64_t> count_new_seeds(const JobSpec& job, std::span<const std::uint64_t> repeated_hashes,
                                      const ExpansionState& state,
                                      const std::function<Result<std::optional<std::uint32_t>>(std::string_view)>& seed_round) {
  std::uint64_t n = 0;
  auto walked = each_job_key(job, repeated_hashes, [&](Parent&& p) -> Result<bool> {
    auto recorded = seed_round(p.encoded);
    if (!recorded) return recorded.error();
    if (is_new_seed(*recorded, state)) ++n;
    return true;
  });
  if (!walked) return walked.error();
  return n;
}

Result<ExpansionState> record_seeds(const JobSpec& job, std::span<const std::uint64_t> repeated_hashes,
                                    const ExpansionState& state, StoreWriter& store) {
  WriterExpansionStore source(store, job.name, 0);
  SeedRecorder recorder(state, source);
  auto walked = each_job_key(job, repeated_hashes, [&](Parent&& p) -> Result<bool> {
    if (auto r = recorder.offer(p.encoded); !r) return r.error();
    return true;
  });
  if (!walked) return walked.error();
  return recorder.finish();
}

Result<std::optional<ExpansionState>> build_level(const JobSpec& job, std::span<const std::uint64_t> repeated_hashes,
                                                  std::uint32_t level, const ExpansionState& state,
                                                  StoreWriter& store, std::size_t max_body,
                                                  const std::function<bool()>& stopping) {
  WriterExpansionStore source(store, job.name, max_body);
  return build_level(job, repeated_hashes, level, state, source, stopping);
}

Result<std::optional<ExpansionState>> build_level(const JobSpec& job, std::span<const std::uint64_t> repeated_hashes,
                                                  std::uint32_t level, const ExpansionState& state,
                                                  ExpansionStore& source, const std::function<bool()>& stopping) {
  GroupSet groups;
  if (job.expand.skip_variants) {
    if (auto loaded = load_groups(job, state, source, groups); !loaded) return loaded.error();
    spdlog::info("level {}: {} variant groups known ({} KiB)", level, groups.size(), groups.bytes() / 1024);
  }
  LevelPass pass(job.expand, level, state, source, kParentsPerStep, job.expand.skip_variants ? &groups : nullptr);
  bool stopped = false;
  if (level == 1 && state.in_round()) {
    // The round's new seeds, in the job's order.
    auto walked = each_job_key(job, repeated_hashes, [&](Parent&& parent) -> Result<bool> {
      if (pass.full()) return false;
      if (stopping()) {
        stopped = true;
        return false;
      }
      auto recorded = source.seed_round(parent.encoded);
      if (!recorded) return recorded.error();
      if (!is_new_seed(*recorded, state)) return true;
      if (auto r = pass.offer(parent); !r) return r.error();
      return true;
    });
    if (!walked) return walked.error();
  } else if (level == 1) {
    // Checked before each key is read, as the pass fills or a stop comes.
    auto go_on = [&] {
      if (pass.full()) return false;
      if (stopping()) stopped = true;
      return !stopped;
    };
    if (go_on()) {
      auto walked = each_job_key(job, repeated_hashes, [&](Parent&& parent) -> Result<bool> {
        if (auto r = pass.offer(parent); !r) return r.error();
        return go_on();
      });
      if (!walked) return walked.error();
    }
  } else {
    std::optional<Error> error;
    // In a round, its keys of level-1 only: those past the level's keys at the round's start.
    const std::uint64_t from = state.in_round() ? state.round_start[level - 2] : 0;
    auto scanned = source.scan_level(level - 1, [&](const LevelKey& k) {
      if (k.seq < from) return true;
      if (pass.full()) return false;
      if (stopping()) {
        stopped = true;
        return false;
      }
      auto r = pass.offer(Parent{k.query, k.encoded, k.lineage.seed});
      if (!r) {
        error = r.error();
        return false;
      }
      return true;
    });
    if (!scanned) return scanned.error();
    if (error) return *error;
  }
  if (stopped) return std::optional<ExpansionState>();
  auto built = pass.finish();
  if (!built) return built.error();
  return std::optional<ExpansionState>(std::move(*built));
}

}  // namespace paa
