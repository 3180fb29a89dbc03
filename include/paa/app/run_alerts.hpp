#pragma once
// [notify] on: what a run changed for the user's domains, read from the store for the notice
// (docs/jobs.md "[notify]"), after `paa run` and for `paa notify --dry-run`.
#include "paa/error.hpp"
#include "paa/job/job_file.hpp"
#include "paa/job/notify_spec.hpp"
#include "paa/notify/run_notice.hpp"
#include "paa/store/store.hpp"
#include "paa/watch/run_alerts.hpp"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace paa::app {

// The alerts a job's [notify] asks for, empty; an error (usage) naming a domain that is none.
Result<watch::RunAlerts> alerts_for(const NotifySpec& notify);
// The same refusal for `paa check`, `paa run`'s start and `paa notify`, naming the job file: a
// domain that is none is found before the night, not when its notice is made.
Result<void> check_alerts(const JobSpec& spec);

// Feeds `alerts` every key of `job` whose tree changed between `from_ms` (the run's start: what
// the runs before it left) and `to_ms` (its end), in key order. A key first stored in between
// has nothing to compare with and is left out, as `paa diff` leaves it out of moves.
// `user_questions` (may be null): set to the questions (folded) the user's domains answer in the
// job's trees now, whose topics are the user's.
Result<void> collect_run_alerts(StoreReader& store, const std::string& job, std::int64_t from_ms, std::int64_t to_ms,
                                watch::RunAlerts& alerts, std::vector<std::string>* user_questions = nullptr);

// The notice's alerts for the run of `job` from `from_ms` to `to_ms`, read from the store at
// `store_dir`, new and gone questions by the topics of the job's kept analysis when it is
// current (else by their keys): nullopt when [notify] asks for none.
Result<std::optional<RunNotice::Alerts>> read_run_alerts(const NotifySpec& notify, const std::filesystem::path& store_dir,
                                                         const std::string& job, std::int64_t from_ms, std::int64_t to_ms);

// What says, when alerts are asked for and nothing of theirs changed, that no notice is sent.
std::string no_news_message(const RunNotice::Alerts& alerts);

}  // namespace paa::app
