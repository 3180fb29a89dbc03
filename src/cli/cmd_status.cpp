// paa status [JOB] [--store DIR] [--json] [--failed]: per job, how far it got; the last known
// quota; with --failed, each failed or pending key instead. Reads through a secondary instance,
// so it works while `paa run` holds the store.
#include "commands.hpp"

#include "paa/exit_code.hpp"
#include "paa/export/failures/failure_list.hpp"
#include "paa/job/job_file.hpp"
#include "paa/job/shard.hpp"
#include "paa/model/query_key.hpp"
#include "paa/model/clock.hpp"
#include "paa/model/envelope.hpp"
#include "paa/output/atomic_file.hpp"
#include "paa/store/store.hpp"
#include "paa/export/rows/stability_rows.hpp"
#include "paa/output/text.hpp"
#include "paa/watch/stability_distribution.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <filesystem>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace paa::cli {
namespace {

namespace json = boost::json;

struct StatusOptions {
  std::string job;
  std::string store;
  bool json = false;
  bool failed = false;
};

// An expanding job's keys of one level (docs/running.md "Expansion").
struct LevelRow {
  std::uint32_t level = 0;
  std::optional<std::uint64_t> keys;  // level 0: known only when the job file was given
  std::uint64_t done = 0;
  std::uint64_t failed = 0;
  std::uint64_t empty = 0;  // done, and the answer's tree has no question: nothing to expand
  std::uint64_t skipped = 0;  // skip_variants: candidates not admitted to this level as variants
  std::optional<std::uint64_t> pending() const {
    if (!keys) return std::nullopt;
    return *keys > done + failed ? *keys - done - failed : 0;
  }
};

struct JobRow {
  JobStats stats;
  std::optional<std::uint64_t> keys_in_job;  // known only when the job file was given
  std::vector<LevelRow> levels;              // empty: the job has not expanded
  std::optional<watch::StabilityDistribution> stability = {};  // --json: its keys over their versions
  std::optional<std::uint64_t> pending() const {
    if (!keys_in_job) return std::nullopt;
    if (!levels.empty()) {
      std::uint64_t sum = 0;
      for (const auto& l : levels) sum += l.pending().value_or(0);
      return sum;
    }
    const std::uint64_t accounted = stats.done + stats.failed;
    return *keys_in_job > accounted ? *keys_in_job - accounted : 0;
  }
  std::optional<double> cached_share() const {
    if (stats.done == 0) return std::nullopt;
    return static_cast<double>(stats.cached) / static_cast<double>(stats.done);
  }
};


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

json::value stability_json(const watch::StabilityDistribution& d) {
  json::array versions;
  for (std::size_t i = 0; i < d.versions.size(); ++i) {
    if (d.versions[i] == 0) continue;
    const std::string band = i + 1 == d.versions.size() ? std::to_string(i + 1) + "+" : std::to_string(i + 1);
    versions.push_back(json::object{{"versions", band}, {"keys", d.versions[i]}});
  }
  json::array churn;
  for (std::size_t i = 0; i < d.churn.size(); ++i) {
    churn.push_back(json::object{{"mean_churn", watch::StabilityDistribution::kChurnBands[i]}, {"keys", d.churn[i]}});
  }
  const auto mean = d.mean_churn();
  return json::object{{"keys", d.keys},
                      {"keys_changed", d.keys_changed},
                      {"versions", std::move(versions)},
                      {"churn", std::move(churn)},
                      {"mean_churn", mean ? json::value(*mean) : json::value(nullptr)},
                      {"last_change", d.last_change_ms ? json::value(format_rfc3339_ms(*d.last_change_ms))
                                                       : json::value(nullptr)}};
}

// RFC 3339, UTC, second precision.
std::string utc(std::int64_t ms) { return format_utc(ms, "%Y-%m-%dT%H:%M:%SZ"); }

std::string num(std::optional<std::int64_t> v) { return v ? std::to_string(*v) : "unknown"; }
std::string num(std::uint64_t v) { return std::to_string(v); }

json::value opt_json(std::optional<std::int64_t> v) {
  return v ? json::value(*v) : json::value(nullptr);
}
json::value opt_json(std::optional<std::uint64_t> v) {
  return v ? json::value(*v) : json::value(nullptr);
}
json::value time_json(std::int64_t ms) {
  return ms != 0 ? json::value(utc(ms)) : json::value(nullptr);
}

// `with_id`: "20261123-180007: started ..." (the run list prints the id in its own column).
std::string run_text(const RunInfo& run, bool with_id = true) {
  if (run.started_at_ms == 0) return "never";
  std::string out = !with_id || run.run_id.empty() ? "" : run.run_id + ": ";
  out += "started " + utc(run.started_at_ms) + ", ";
  if (run.ended_at_ms == 0) return out + "running or interrupted";
  out += "ended " + utc(run.ended_at_ms);
  if (!run.outcome.empty()) out += " (" + run.outcome + ")";
  return out;
}

// Where the last run's searches went.
std::string money_text(const RunMoney& m) {
  std::string out = std::to_string(m.requests) + " requests, " + std::to_string(m.stored) +
                    " stored, " + std::to_string(m.charged) + " charged";
  if (m.unknown) {
    out += ", " + std::to_string(m.unknown) + " unknown outcome" + (m.unknown == 1 ? "" : "s") + " (" +
           std::to_string(m.unknown_disproved) + " proved free)";
  }
  if (m.balance_fall) out += "; service balance fell by at most " + std::to_string(*m.balance_fall);
  return out;
}

std::string changes_text(const RunInfo& run) {
  if (run.ended_at_ms == 0) return "";
  const RunChanges& c = run.changes;
  return num(c.new_keys) + " new, " + num(c.changed) + " changed, " + num(c.unchanged) + " unchanged";
}

// The runs of the jobs shown, oldest first; text shows the latest kRunsShown.
constexpr std::size_t kRunsShown = 10;
void print_runs(const std::string& store, const std::vector<RunInfo>& runs) {
  if (runs.empty()) return;
  std::printf("\nruns (%s in all%s; `paa diff --store %s --from RUN` compares them)\n", num(runs.size()).c_str(),
              runs.size() > kRunsShown ? ", the latest 10 below, `--json` lists all" : "", store.c_str());
  for (std::size_t i = runs.size() > kRunsShown ? runs.size() - kRunsShown : 0; i < runs.size(); ++i) {
    const RunInfo& r = runs[i];
    std::printf("  %-17s %-12s %s", r.run_id.c_str(), r.job.c_str(), run_text(r, /*with_id=*/false).c_str());
    const std::string changes = changes_text(r);
    if (!changes.empty()) std::printf("; %s", changes.c_str());
    std::printf("\n");
  }
}

void print_text(const std::string& store, const std::vector<JobRow>& rows,
                const QuotaState& quota, const std::vector<RunInfo>& runs) {
  std::printf("store '%s'\n", store.c_str());
  if (rows.empty()) std::printf("\nno jobs in this store yet\n");
  for (const auto& row : rows) {
    const auto& s = row.stats;
    auto pending = row.pending();
    auto share = row.cached_share();
    std::printf("\njob %s\n", s.job.c_str());
    std::string discovered;
    for (std::size_t i = 1; i < row.levels.size(); ++i) {
      if (i == 1) discovered = " (+";
      discovered += (i > 1 ? "+" : "") + num(row.levels[i].keys.value_or(0));
      if (i + 1 == row.levels.size()) discovered += " discovered)";
    }
    std::printf("  keys in the job   %s%s\n", row.keys_in_job ? num(*row.keys_in_job).c_str() : "-",
                discovered.c_str());
    std::printf("  done              %s\n", num(s.done).c_str());
    std::printf("  failed            %s\n", num(s.failed).c_str());
    std::printf("  pending           %s\n", pending ? num(*pending).c_str() : "-");
    if (share) {
      std::printf("  cached share      %.1f%% (%s of %s done)\n", *share * 100.0,
                  num(s.cached).c_str(), num(s.done).c_str());
    } else {
      std::printf("  cached share      -\n");
    }
    std::printf("  searches spent    %s\n", num(s.searches_spent).c_str());
    std::printf("  last run          %s\n", run_text(s.last_run).c_str());
    if (s.last_run.money) std::printf("  last run spent    %s\n", money_text(*s.last_run.money).c_str());
    if (!row.levels.empty()) {
      // The variants column only for a job that skipped some (skip_variants).
      bool variants = false;
      for (const auto& l : row.levels) variants = variants || l.skipped > 0;
      std::printf("  levels            %5s %10s %10s %8s %10s %8s%s\n", "level", "keys", "done", "failed", "pending",
                  "empty", variants ? "   skipped variants" : "");
      for (const auto& l : row.levels) {
        auto p = l.pending();
        std::printf("                    %5u %10s %10s %8s %10s %8s", l.level, l.keys ? num(*l.keys).c_str() : "-",
                    num(l.done).c_str(), num(l.failed).c_str(), p ? num(*p).c_str() : "-", num(l.empty).c_str());
        if (variants) std::printf(" %18s", l.level == 0 ? "-" : num(l.skipped).c_str());
        std::fputc('\n', stdout);
      }
    }
  }
  print_runs(store, runs);
  if (quota.seen_at_ms == 0 && !quota.exhausted_until_ms) {
    std::printf("\nquota             never seen\n");
    return;
  }
  std::printf("\nquota (last seen %s)\n",
              quota.seen_at_ms != 0 ? utc(quota.seen_at_ms).c_str() : "never");
  std::printf("  searches left     %s\n", num(quota.searches_left).c_str());
  std::printf("  PAYG credits      %s\n", num(quota.payg_credits_left).c_str());
  std::printf("  renewal date      %s\n",
              quota.renewal_date ? format_date(*quota.renewal_date).c_str() : "unknown");
  std::printf("  exhausted until   %s\n",
              quota.exhausted_until_ms ? utc(*quota.exhausted_until_ms).c_str() : "no");
}

json::value run_json(const RunInfo& r) {
  json::object run;
  if (!r.run_id.empty()) run["run_id"] = r.run_id;
  if (!r.job.empty()) run["job"] = r.job;
  run["started_at"] = time_json(r.started_at_ms);
  run["ended_at"] = time_json(r.ended_at_ms);
  run["outcome"] = r.outcome.empty() ? json::value(nullptr) : json::value(r.outcome);
  if (const auto& m = r.money) {
    run["money"] = json::object{{"requests", m->requests},
                                {"stored", m->stored},
                                {"charged", m->charged},
                                {"unknown", m->unknown},
                                {"unknown_disproved", m->unknown_disproved},
                                {"balance_fall", opt_json(m->balance_fall)}};
  }
  if (r.ended_at_ms != 0) {
    run["changes"] = json::object{{"new", r.changes.new_keys}, {"changed", r.changes.changed},
                                  {"unchanged", r.changes.unchanged}};
  }
  return run;
}

void print_json(const std::string& store, const std::vector<JobRow>& rows,
                const QuotaState& quota, const std::vector<RunInfo>& runs) {
  json::array jobs;
  for (const auto& row : rows) {
    const auto& s = row.stats;
    auto share = row.cached_share();
    json::array levels;
    for (const auto& l : row.levels) {
      levels.push_back(json::object{{"level", l.level},
                                    {"keys", opt_json(l.keys)},
                                    {"done", l.done},
                                    {"failed", l.failed},
                                    {"pending", opt_json(l.pending())},
                                    {"empty", l.empty},
                                    {"skipped_variants", l.skipped}});
    }
    jobs.push_back(json::object{
        {"name", s.job},
        {"keys_in_job", opt_json(row.keys_in_job)},
        {"done", s.done},
        {"failed", s.failed},
        {"pending", opt_json(row.pending())},
        {"cached", s.cached},
        {"cached_share", share ? json::value(*share) : json::value(nullptr)},
        {"searches_spent", s.searches_spent},
        {"levels", std::move(levels)},
        {"last_run", s.last_run.started_at_ms != 0 ? run_json(s.last_run) : json::value(nullptr)},
        {"stability", row.stability ? stability_json(*row.stability) : json::value(nullptr)},
    });
  }
  json::object q{
      {"seen_at", time_json(quota.seen_at_ms)},
      {"searches_left", opt_json(quota.searches_left)},
      {"payg_credits_left", opt_json(quota.payg_credits_left)},
      {"renewal_date",
       quota.renewal_date ? json::value(format_date(*quota.renewal_date)) : json::value(nullptr)},
      {"exhausted_until", quota.exhausted_until_ms ? json::value(utc(*quota.exhausted_until_ms))
                                                   : json::value(nullptr)},
  };
  json::array run_list;
  for (const auto& r : runs) run_list.push_back(run_json(r));
  json::object out{{"store", store}, {"jobs", std::move(jobs)}, {"runs", std::move(run_list)}, {"quota", std::move(q)}};
  std::printf("%s\n", json::serialize(out).c_str());
}

// The shard of the job a store holds (nullopt: the whole job): a shard store's pending keys are
// its shard's only, not the other shards'.
Result<std::optional<Shard>> shard_held(StoreReader& store, const JobSpec& spec) {
  auto claim = store.shard_of(spec.name);
  if (!claim) return claim.error();
  if (!*claim) return std::optional<Shard>();
  return std::optional<Shard>(Shard{(*claim)->index, (*claim)->count});
}

// --failed: the job's keys (job file first, then the keys its expansion discovered), sorted;
// a shard store's: its shard's only.
Result<std::unique_ptr<exporting::JobKeys>> job_keys(const JobSpec& spec, StoreReader* store) {
  auto keys = exporting::JobKeys::create();
  if (!keys) return keys.error();
  std::optional<Shard> shard;
  if (store) {
    auto held = shard_held(*store, spec);
    if (!held) return held.error();
    shard = *held;
  }
  auto reader = JobReader::open(spec);
  if (!reader) return reader.error();
  while (true) {
    auto item = reader->next();
    if (!item) return item.error();
    if (!*item) break;
    if (shard && !shard->holds(encode_key((*item)->query.key))) continue;
    (*keys)->add((*item)->query, (*item)->origin);
  }
  if (store) {
    auto state = store->expansion_state(spec.name);
    if (!state) return state.error();
    const std::uint32_t levels = state->built + (state->pass_admitted > 0 && !state->in_round() ? 1 : 0);
    for (std::uint32_t level = 1; level <= levels; ++level) {
      const std::string origin = "discovered, level " + std::to_string(level);
      auto scanned = store->scan_level(spec.name, level, [&](const LevelKey& key) {
        (*keys)->add(key.query, origin);
        return true;
      });
      if (!scanned) return scanned.error();
    }
  }
  if (auto sealed = (*keys)->seal(); !sealed) return sealed.error();
  return keys;
}

// `paa status --failed`: each failed key of the job (every job without a job file) and, with the
// job file, each of its keys not done or failed (pending), in key order, streamed: text lines or
// JSON Lines (docs/store.md).
int print_failed(const StatusOptions& opts, const std::optional<JobSpec>& spec, const std::string& store) {
  std::unique_ptr<StoreReader> reader;
  std::error_code missing;
  if (!spec || std::filesystem::exists(store, missing)) {
    auto opened = StoreReader::open(store);
    if (!opened) return fail(opened.error());
    reader = std::move(*opened);
  }
  std::unique_ptr<exporting::JobKeys> keys;
  std::vector<std::string> jobs;
  if (spec) {
    auto made = job_keys(*spec, reader.get());
    if (!made) return fail(made.error());
    keys = std::move(*made);
    jobs.push_back(spec->name);
  } else {
    auto names = reader->job_names();
    if (!names) return fail(names.error());
    jobs = std::move(*names);
  }
  exporting::FailureCounts total;
  auto written = write_output(std::nullopt, false, [&](ByteSink& sink) -> Result<void> {
    BufferedOutput out(sink);
    if (!opts.json && jobs.empty()) out.append("store '" + store + "': no jobs in this store yet\n");
    for (const auto& job : jobs) {
      if (!opts.json) {
        out.append("job " + job + ", store '" + store + "': failed" + (keys ? " and pending" : "") +
                   " keys in key order (hl, gl, city, query)\n");
      }
      auto listed = exporting::list_failures(reader.get(), job, keys.get(), LocaleFilter(),
                                             [&](const exporting::FailureRow& row) {
                                               if (opts.json) {
                                                 exporting::append_failure_json(out, row, /*with_origin=*/true);
                                               } else {
                                                 out.append("  ");
                                                 exporting::append_failure_text(out, row);
                                               }
                                               return !out.failed();
                                             });
      if (!listed) return listed.error();
      total.failed += listed->failed;
      total.pending += listed->pending;
      if (!opts.json) {
        out.append("  " + num(listed->failed) + " failed" +
                   (keys ? ", " + num(listed->pending) + " pending" : std::string()) + "\n");
      }
    }
    if (!opts.json) {
      if (spec && total.failed + total.pending > 0) {
        out.append("\n`paa run " + opts.job + "` retries the failed keys and fetches the pending ones\n");
      } else if (!spec) {
        out.append("\npending keys are known from the job file: `paa status JOB --failed`\n");
      }
      if (total.failed > 0) {
        out.append("`paa export --store " + store + " --format failures -o failed.csv` writes the failed keys as CSV\n");
      }
    }
    return out.flush();
  });
  if (!written) return fail(written.error());
  return kExitOk;
}

}  // namespace

Command add_status_command(CLI::App& app) {
  auto opts = std::make_shared<StatusOptions>();
  Command c;
  c.app = app.add_subcommand("status", "Show each job's progress and the last known quota");
  c.app->add_option("JOB", opts->job,
                    "The job file (TOML); without it, --store is required and every job is listed");
  c.app->add_option("--store", opts->store, "The store folder (default: the job's store)");
  c.app->add_flag("--json", opts->json,
                  "Print one JSON object instead of text (with --failed: one JSON object per key, JSON Lines)");
  c.app->add_flag("--failed", opts->failed,
                  "List each failed key (attempts, last status, message) and, with the job file, each pending key, "
                  "in key order");
  c.run = [opts] {
    std::optional<JobSpec> spec;
    std::optional<std::uint64_t> keys_in_job;
    std::string store = opts->store;
    if (!opts->job.empty()) {
      auto loaded = load_job(opts->job);
      if (!loaded) return fail(loaded.error());
      spec = std::move(*loaded);
      if (store.empty()) store = spec->store.string();
    } else if (store.empty()) {
      return fail(make_error(errc::invalid_input,
          "status needs a job file or --store DIR (e.g. `paa status jobs/coffee.toml`)"));
    }

    if (opts->failed) return print_failed(*opts, spec, store);

    std::error_code missing;
    if (spec && !std::filesystem::exists(store, missing)) {
      // A job that never ran: every key pending, and how to start it.
      auto check = check_job(*spec);
      if (!check) return fail(check.error());
      JobStats never;
      never.job = spec->name;
      const std::vector<JobRow> rows{JobRow{never, check->unique_keys, {}}};
      if (opts->json) {
        print_json(store, rows, QuotaState{}, {});
      } else {
        print_text(store, rows, QuotaState{}, {});
        std::printf("\nnever run: the store '%s' does not exist yet; `paa run %s` creates it\n", store.c_str(),
                    opts->job.c_str());
      }
      return finish_stdout();
    }
    auto reader = StoreReader::open(store);
    if (!reader) return fail(reader.error());
    std::vector<JobRow> rows;
    if (spec) {
      auto shard = shard_held(**reader, *spec);
      if (!shard) return fail(shard.error());
      CheckOptions only_held;
      only_held.only = *shard;
      auto check = check_job(*spec, only_held);
      if (!check) return fail(check.error());
      auto stats = (*reader)->job_stats(spec->name);
      if (!stats) return fail(stats.error());
      rows.push_back(JobRow{std::move(*stats), check->unique_keys, {}});
    } else {
      auto jobs = (*reader)->jobs();
      if (!jobs) return fail(jobs.error());
      for (auto& s : *jobs) rows.push_back(JobRow{std::move(s), std::nullopt, {}});
    }
    for (auto& row : rows) {
      auto levels = level_rows(**reader, row.stats.job, row.keys_in_job);
      if (!levels) return fail(levels.error());
      row.levels = std::move(*levels);
      if (opts->json) {
        auto stability = stability_of(**reader, row.stats.job);
        if (!stability) return fail(stability.error());
        row.stability = std::move(*stability);
      }
    }
    auto quota = (*reader)->quota();
    if (!quota) return fail(quota.error());
    auto all_runs = (*reader)->runs();
    if (!all_runs) return fail(all_runs.error());
    std::vector<RunInfo> runs;  // of the jobs shown
    for (auto& r : *all_runs) {
      if (std::any_of(rows.begin(), rows.end(), [&](const JobRow& row) { return row.stats.job == r.job; })) {
        runs.push_back(std::move(r));
      }
    }

    if (opts->json) {
      print_json(store, rows, *quota, runs);
    } else {
      print_text(store, rows, *quota, runs);
    }
    return finish_stdout();
  };
  return c;
}

}  // namespace paa::cli
