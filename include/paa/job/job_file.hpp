#pragma once
// Job files (TOML) and the streaming reader that expands them into searches.
#include "paa/error.hpp"
#include "paa/job/expand_spec.hpp"
#include "paa/job/notify_spec.hpp"
#include "paa/job/shard.hpp"
#include "paa/model/on_quota.hpp"
#include "paa/model/query_key.hpp"
#include "paa/model/seed_attributes.hpp"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace paa {

struct Locale {
  std::string hl;
  std::string gl;
  std::string city;  // "" = no city
};

// [limits] of a job; `paa run` flags override them.
struct Limits {
  int concurrency = 8;
  double rate = 5.0;  // requests per second (token refill); 0 = unlimited
  int burst = 10;
  std::int64_t max_searches = 0;  // 0 = no cap
  // The job's budget over all its runs (and shards): 0 = no cap (docs/running.md "Money").
  std::int64_t job_max_searches = 0;
  OnQuota on_quota = OnQuota::wait;
  bool use_payg = false;
  double timeout_s = 60;
  int retries = 5;
  // How long a run waits for an unreachable service before it stops (exit 6, resumable);
  // 0: stop as soon as an outage begins (docs/running.md "Outages").
  std::int64_t outage_wait_ms = 2 * 3'600'000LL;
};

// A query list of `query_files`: a path, or `{ file = "kw.xlsx", sheet = "Keywords" }`.
struct QueryFile {
  QueryFile(std::filesystem::path p, std::string sheet_name = {}) : path(std::move(p)), sheet(std::move(sheet_name)) {}
  std::filesystem::path path;  // resolved against the job file's folder
  std::string sheet;           // an .xlsx's sheet; "" = its first
  friend bool operator==(const QueryFile&, const QueryFile&) = default;
};

struct JobSpec {
  std::filesystem::path file;                    // the job file itself
  std::string name;                              // default: the file's stem
  std::filesystem::path store;                   // resolved against the job file's folder
  std::string base_url;                          // "" = not set in the file
  std::string api_key_env = "PAA_API_KEY";
  std::vector<std::string> queries;              // inline queries
  std::vector<QueryFile> query_files;
  std::vector<Locale> locales;                   // validated
  Limits limits;
  ExpandSpec expand;                             // [expand]; off unless depth > 0
  // refresh_after: a stored key whose current result is older than this is fetched again.
  std::optional<std::int64_t> refresh_after_ms;
  NotifySpec notify;                             // [notify]; off unless url is set
  // [analysis] after_run: the run ends by computing the store's kept analysis; unset: yes, but
  // not for a shard's run (docs/store.md "The kept analysis").
  std::optional<bool> analysis_after_run;
};

// Parses and validates a job file. Unknown keys are errors. An error reads
// "jobs/x.toml:12:3: unknown key 'concurency' in [limits]; did you mean 'concurrency'?".
// Every error of the file is reported at once (as a compiler does): one per line, in file order
// (those without a line last), at most kMaxJobFileErrors of them, then a line with the count
// ("jobs/x.toml: 3 errors", or "jobs/x.toml: ... and 5 more errors (25 in all)"). A single error
// is its line alone. A TOML syntax error stops the check: it is the only one reported.
inline constexpr std::size_t kMaxJobFileErrors = 20;
// Whether the query lists must be there: a harvest and `paa check` read them; the commands that
// only read the job's store (export, get, diff, map) do not, and work after a list moved.
enum class QueryLists { must_exist, may_be_gone };
Result<JobSpec> load_job(const std::filesystem::path& file, QueryLists lists = QueryLists::must_exist);

// One search of a job, with where it came from ("coffee.txt:17" or "jobs/x.toml: queries[2]").
// `attrs`: the other columns of its CSV row (docs/jobs.md "Keyword-tool files"); none for
// inline queries and .txt lines.
struct JobItem {
  Query query;
  std::string origin;
  SeedAttributes attrs;
};

// Streams every (query x locale) of a job lazily: inline queries first, then each query
// file in order. Memory stays bounded whatever the file sizes.
// .txt: UTF-8, one query per line, blank lines and '#' comments skipped, BOM and CRLF ok.
// .csv/.tsv: RFC 4180 with a sniffed delimiter (',', ';' or tab), UTF-8 or UTF-16 with a BOM;
//       a header naming the query column (q, keyword, ...) and optional hl, gl, city columns
//       that replace the job's locales for that row; the other columns are the row's attributes.
class JobReader {
 public:
  static Result<JobReader> open(const JobSpec& spec);
  JobReader(JobReader&&) noexcept;
  JobReader& operator=(JobReader&&) noexcept;
  ~JobReader();

  // The next search; nullopt at the end. An error names file, line and what to do;
  // reading stops there.
  Result<std::optional<JobItem>> next();

  // Queries (lines/rows/inline entries) read so far, before locale expansion.
  std::uint64_t queries_read() const;
  // Each list with a header read to its end: "FILE: queries from 'Keyword' (commas); attributes: ...".
  const std::vector<std::string>& lists_read() const;

 private:
  struct Impl;
  explicit JobReader(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// What `paa check` prints, computed in one streaming pass with bounded memory
// (a sorted vector of 64-bit key hashes).
struct JobCheck {
  std::uint64_t queries = 0;         // queries read before expansion
  std::uint64_t requests = 0;        // after locale expansion
  std::uint64_t unique_keys = 0;     // after normalisation
  std::uint64_t duplicates = 0;      // requests - unique_keys
  std::vector<std::string> lists;    // how each .csv/.tsv list was read (JobReader::lists_read)
  // Sorted key hashes the job lists more than once (usually few): the harvest needs a
  // duplicate check for these keys only, not a set of every key.
  std::vector<std::uint64_t> repeated_key_hashes;
  // With count_shards = N: unique keys per shard 0..N-1 (paa check --shards).
  std::vector<std::uint64_t> keys_per_shard;
};
struct CheckOptions {
  std::optional<Shard> only;      // count (and list repeats of) only this shard's keys
  std::uint32_t count_shards = 0;  // fill keys_per_shard for this many shards
};
Result<JobCheck> check_job(const JobSpec& spec, const CheckOptions& options = {});

}  // namespace paa
