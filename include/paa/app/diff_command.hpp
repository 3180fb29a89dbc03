#pragma once
// `paa diff`: each key's versions current at two points compared (docs/history.md). The flags'
// decisions are pure (what is written, which points, which keys: DiffPlan); run_diff reads the
// store and feeds history's report (text, csv, jsonl) or, with --by domain, the domains' moves.
#include "paa/error.hpp"
#include "paa/history/diff_report.hpp"
#include "paa/model/work_progress.hpp"
#include "paa/output/sink.hpp"
#include "paa/selection/locale_filter.hpp"
#include "paa/store/point_in_time.hpp"
#include "paa/store/store.hpp"
#include "paa/watch/own_domains.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace paa::app {

struct DiffFlags {
  std::string job_file;
  std::string store;
  std::string job;
  bool all_jobs = false;
  std::string hl;
  std::string gl;
  std::string from;
  std::string to = "now";
  std::string format = "text";
  std::string output;
  bool force = false;
  bool raw = false;  // --raw: csv text cells as they are
  std::size_t detail = 1000;
  std::string by = "key";
  std::vector<std::string> domains;
  std::string progress = "auto";  // auto, bar, log or none (docs/exports.md "Progress")
};

// What is written: --format and --by checked together (usage errors: an unknown format, jsonl by
// domain).
struct DiffOutput {
  DiffFormat format = DiffFormat::text;
  bool by_domain = false;
};
Result<DiffOutput> diff_output(const std::string& format, const std::string& by);

// Which versions and keys: the two points resolved against the store's runs (--from before --to),
// the job they scope to, the locale filter, and the header the text report shows.
struct DiffPlan {
  PointInTime from;
  PointInTime to;
  std::string job;  // "" = every key of the store
  LocaleFilter locale;
  DiffHeader header;
};
// `job`: --job, or JOB's name unless --all-jobs.
Result<DiffPlan> plan_diff(const DiffFlags& flags, std::string job, const std::vector<RunInfo>& runs,
                           std::int64_t now_ms);

// "job coffee, hl en, gl us" as the header names the selection ("" = all keys).
std::string diff_selection_label(const std::string& job, const std::string& hl, const std::string& gl);

// The report written to `sink`: each selected key of `store` (the job's, or the store's under the
// --hl prefix, in key order) compared at the plan's two points, then the report's end (text, csv or
// jsonl by key; text or csv by domain). `progress` (may be null) counts the keys compared.
Result<void> write_diff(StoreReader& store, const DiffFlags& flags, const DiffOutput& what, const DiffPlan& plan,
                        const watch::OwnDomains& own, ByteSink& sink, WorkProgress* progress = nullptr);

// Runs the command; returns the exit code (a failure's message printed by fail()).
int run_diff(const DiffFlags& flags);

}  // namespace paa::app
