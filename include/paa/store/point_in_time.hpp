#pragma once
// `--from`, `--to` and `--at`: a point in a store's history, named by a run id or a date
// (docs/history.md "Points in time"). Pure.
#include "paa/error.hpp"
#include "paa/store/records.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace paa {

struct PointInTime {
  std::int64_t at_ms = 0;  // versions with unchanged_since_ms <= at_ms count
  std::string label;       // for reports: "run 20261101-020000 (ended 2026-11-01T02:41:07Z)"
  std::string job;         // the job of the run named; "" for a date or now
};

// The job whose keys `paa diff` compares: --job when given; every job with --all-jobs; else the
// job of the run(s) named by --from and --to (comparing a run with another job's keys would list
// them all as added or removed). A date names no job: every key. Runs of two different jobs and
// neither flag: invalid_input naming both.
Result<std::string> diff_scope(const PointInTime& from, const PointInTime& to, std::string_view job,
                               bool all_jobs);

// A run id of `runs` -> the moment that run ended (a run cut short: just before the next run
// began, or now); "YYYY-MM-DD" -> the end of that UTC day; RFC 3339 ("2026-11-01T02:00:00Z",
// "...+01:00", fractions allowed) -> that instant; "now" -> now.
Result<PointInTime> resolve_point(std::string_view text, const std::vector<RunInfo>& runs, std::int64_t now_ms);

}  // namespace paa
