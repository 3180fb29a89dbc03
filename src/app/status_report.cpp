#include "paa/app/status_report.hpp"

#include "paa/export/rows/stability_rows.hpp"
#include "paa/harvest/expansion_levels.hpp"
#include "paa/harvest/job_allowance.hpp"
#include "paa/harvest/shard_levels.hpp"
#include "paa/job/shard.hpp"
#include "paa/store/store_union.hpp"
#include "paa/model/envelope.hpp"

#include <algorithm>
#include <filesystem>

namespace paa::app {

namespace {

// One pass over the job's progress: each key's level from its lineage (none: level 0), and
// whether its answer is empty. Reads every done result once: seconds for a million keys.
Result<std::vector<LevelRow>> level_rows(StoreReader& reader, const std::string& job,
                                         std::optional<std::uint64_t> keys_in_job) {
  auto state = reader.expansion_state(job);
  if (!state) return state.error();
  if (!state->expanded()) return std::vector<LevelRow>{};
  // A round's pass under way appends to a level the job has: not a level of its own.
  const bool pass_row = state->pass_admitted != 0 && !state->in_round();
  std::vector<LevelRow> rows(state->level_keys.size() + 1 + (pass_row ? 1 : 0));
  for (std::size_t i = 0; i < rows.size(); ++i) rows[i].level = static_cast<std::uint32_t>(i);
  rows[0].keys = keys_in_job;
  for (std::size_t i = 0; i < state->level_keys.size(); ++i) rows[i + 1].keys = state->level_keys[i];
  if (pass_row) rows.back().keys = state->pass_admitted;
  if (state->in_round() && state->pass_level() < rows.size()) {
    rows[state->pass_level()].keys = state->level_keys[state->pass_level() - 1] + state->pass_admitted;
  }
  for (std::size_t i = 1; i < rows.size(); ++i) rows[i].skipped = state->skipped_at(static_cast<std::uint32_t>(i));
  std::optional<Error> error;
  auto scanned = reader.scan_progress(job, [&](std::string_view key, const ProgressEntry& p) {
    auto lineage = reader.lineage(job, key);
    if (!lineage) return error = lineage.error(), false;
    const std::size_t level = *lineage ? (*lineage)->level : 0;
    if (level >= rows.size()) return true;  // a level cut back by a lower max_keys
    LevelRow& row = rows[level];
    if (p.state != ProgressState::done) {
      ++row.failed;
      return true;
    }
    ++row.done;
    auto stored = reader.get(key);
    if (!stored) return error = stored.error(), false;
    if (*stored) {
      auto envelope = parse_envelope((*stored)->body);
      if (envelope && envelope->result.children.empty()) ++row.empty;
    }
    return true;
  });
  if (!scanned) return scanned.error();
  if (error) return *error;
  return rows;
}

// --json: each done key of the job over all its versions (docs/watch.md "Per key"). A key with
// one version is counted without parsing it; a changed key's versions are read and compared.
Result<watch::StabilityDistribution> stability_of(StoreReader& reader, const std::string& job) {
  watch::StabilityDistribution d;
  std::optional<Error> error;
  auto scanned = reader.scan_progress(job, [&](std::string_view key, const ProgressEntry& p) {
    if (p.state != ProgressState::done) return true;
    auto versions = reader.versions(key);
    if (!versions) return error = versions.error(), false;
    if (versions->size() <= 1) {
      watch::KeyStability one;
      one.versions = static_cast<std::uint32_t>(versions->size());
      d.add(one);
      return true;
    }
    auto timeline = exporting::key_timeline(*versions, exporting::StabilityWindow{}, std::size_t{1} << 20);
    if (!timeline) return error = timeline.error(), false;
    d.add(timeline->summary());
    return true;
  });
  if (!scanned) return scanned.error();
  if (error) return *error;
  return d;
}

// The store, or the stores given as one.
Result<std::unique_ptr<StoreReader>> open_reader(const StatusRequest& request) {
  if (request.more_stores.empty()) return StoreReader::open(request.store);
  std::vector<std::filesystem::path> dirs{request.store};
  dirs.insert(dirs.end(), request.more_stores.begin(), request.more_stores.end());
  auto both = StoreUnion::open(dirs);
  if (!both) return both.error();
  return std::unique_ptr<StoreReader>(std::move(*both));
}

// What the job's runs in every store read counted against its budget (a union of stores has
// no runs of its own: each store is read).
Result<std::uint64_t> budget_counted(const StatusRequest& request, const std::string& job) {
  std::uint64_t counted = 0;
  std::vector<std::string> dirs{request.store};
  dirs.insert(dirs.end(), request.more_stores.begin(), request.more_stores.end());
  for (const auto& dir : dirs) {
    if (!store_exists(dir)) continue;
    auto reader = StoreReader::open(dir);
    if (!reader) return reader.error();
    auto spent = job_spend(**reader, job);
    if (!spent) return spent.error();
    counted += *spent;
  }
  return counted;
}

// What runs next for an expanding job over `shards` shards (docs/scaling-out.md): the shards'
// run of the last level planned while some of its keys are pending, then the barrier of the
// next level; nothing once the last level is harvested.
Result<std::string> next_sharded_step(const JobSpec& spec, std::uint32_t shards, const JobRow& row) {
  const std::filesystem::path plan_dir = plan_store(spec.store, shards);
  std::unique_ptr<StoreReader> plan;
  ExpansionState state;
  if (store_exists(plan_dir)) {
    auto opened = StoreReader::open(plan_dir);
    if (!opened) return opened.error();
    plan = std::move(*opened);
    auto stored = plan->expansion_state(spec.name);
    if (!stored) return stored.error();
    state = reopen_cut_level(*stored, spec.expand);  // a raised max_keys makes the cut level again
  }
  // The levels planned so far (a round of seeds added later: those it appended to), each with
  // keys pending in the shards, or keys the plan has that the shards have not copied yet.
  const std::uint32_t planned = state.in_round() ? state.round_appended : state.built;
  const std::string job = spec.file.string();
  const std::string n = std::to_string(shards);
  for (std::uint32_t level = 0; level <= planned; ++level) {
    std::optional<std::uint64_t> pending;
    if (level == 0) {
      pending = row.levels.empty() ? row.pending() : row.levels[0].pending();
    } else if (level < row.levels.size() && row.levels[level].keys.value_or(0) >= state.level_keys[level - 1]) {
      pending = row.levels[level].pending();
    }
    if (!pending || *pending > 0) {
      return "the shards' run of level " + std::to_string(level) +
             (pending ? " (" + std::to_string(*pending) + " keys pending)" : "") + ": paa run " + job + " --shard I/" +
             n + " for each shard";
    }
  }
  if (state.pass_level() <= static_cast<std::uint32_t>(spec.expand.depth)) {
    return barrier_command(job, shards, state.pass_level());
  }
  // Every level harvested: seeds added to the lists since are the barrier of level 1's round.
  if (plan) {
    if (auto begun = begin_round(state, spec.expand)) {
      auto check = check_job(spec);
      if (!check) return check.error();
      auto fresh = count_new_seeds(spec, check->repeated_key_hashes, *begun,
                                   [&](std::string_view k) { return plan->seed_round(spec.name, k); });
      if (!fresh) return fresh.error();
      if (*fresh > 0) {
        return barrier_command(job, shards, 1) + " (" + std::to_string(*fresh) +
               " seeds added since level 1 was planned)";
      }
    }
  }
  return std::string("none: every level is harvested");
}

}  // namespace

Result<std::optional<Shard>> shard_held(StoreReader& store, const JobSpec& spec) {
  auto claim = store.shard_of(spec.name);
  if (!claim) return claim.error();
  if (!*claim) return std::optional<Shard>();
  return std::optional<Shard>(Shard{(*claim)->index, (*claim)->count});
}

Result<StatusReport> build_status_report(const StatusRequest& request) {
  StatusReport report;
  report.store = request.store;
  const std::optional<JobSpec>& spec = request.spec;
  std::error_code missing;
  if (spec && !std::filesystem::exists(request.store, missing)) {
    // A job that never ran: every key pending.
    auto check = check_job(*spec);
    if (!check) return check.error();
    JobStats never;
    never.job = spec->name;
    report.jobs.push_back(JobRow{never, check->unique_keys, {}});
    report.never_run = true;
    return report;
  }
  auto reader = open_reader(request);
  if (!reader) return reader.error();
  if (spec) {
    // Several stores read as one (the job's shards) hold the whole job; one shard's, its keys.
    auto shard = request.more_stores.empty() ? shard_held(**reader, *spec) : Result<std::optional<Shard>>(std::nullopt);
    if (!shard) return shard.error();
    CheckOptions only_held;
    only_held.only = *shard;
    auto check = check_job(*spec, only_held);
    if (!check) return check.error();
    auto stats = (*reader)->job_stats(spec->name);
    if (!stats) return stats.error();
    report.jobs.push_back(JobRow{std::move(*stats), check->unique_keys, {}});
  } else {
    auto jobs = (*reader)->jobs();
    if (!jobs) return jobs.error();
    for (auto& s : *jobs) report.jobs.push_back(JobRow{std::move(s), std::nullopt, {}});
  }
  for (auto& row : report.jobs) {
    auto levels = level_rows(**reader, row.stats.job, row.keys_in_job);
    if (!levels) return levels.error();
    row.levels = std::move(*levels);
    if (spec && request.shards > 0 && spec->expand.enabled()) {
      auto next = next_sharded_step(*spec, request.shards, row);
      if (!next) return next.error();
      row.next_step = std::move(*next);
    }
    if (request.stability) {
      auto stability = stability_of(**reader, row.stats.job);
      if (!stability) return stability.error();
      row.stability = std::move(*stability);
    }
  }
  if (spec && spec->limits.job_max_searches > 0 && !report.jobs.empty()) {
    auto counted = budget_counted(request, spec->name);
    if (!counted) return counted.error();
    report.jobs[0].budget = JobRow::Budget{static_cast<std::uint64_t>(spec->limits.job_max_searches), *counted};
  }
  auto quota = (*reader)->quota();
  if (!quota) return quota.error();
  report.quota = *quota;
  auto all_runs = (*reader)->runs();
  if (!all_runs) return all_runs.error();
  for (auto& r : *all_runs) {
    if (std::any_of(report.jobs.begin(), report.jobs.end(), [&](const JobRow& row) { return row.stats.job == r.job; })) {
      report.runs.push_back(std::move(r));
    }
  }
  if (const auto state = (*reader)->state()) {
    auto analyses = exporting::kept_analyses(request.store, *state);
    if (!analyses) return analyses.error();
    report.analyses = std::move(*analyses);
  }
  return report;
}

}  // namespace paa::app
